//! Headless tests (egui_kittest): tests_table

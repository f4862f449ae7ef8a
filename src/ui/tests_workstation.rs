//! Headless tests (egui_kittest): tests_workstation

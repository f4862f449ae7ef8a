//! Tests of sessions on disk.

//! Tests of the caller.

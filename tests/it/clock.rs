//! Tests of the clock.

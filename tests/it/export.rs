//! Tests of the exports.

//! Counting: marks, area and territory counts, one-side counting, results, dead-stone suggestions.

pub mod dead;

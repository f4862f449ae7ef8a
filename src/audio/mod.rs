//! The audio edge: voice packs (clip id -> sound) and the one thread that owns the rodio output.

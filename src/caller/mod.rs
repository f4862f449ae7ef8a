//! The byo-yomi caller: the pure announcement schedule and the voice packs.

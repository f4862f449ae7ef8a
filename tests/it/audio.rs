//! Tests of the audio edge and the voice packs.

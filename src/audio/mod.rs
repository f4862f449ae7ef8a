//! The audio edge: voice packs (clip id -> sound) and the one thread that owns the rodio output.
//!
//! - [`pack`]: [`VoicePack`], a folder of clips named by a RON manifest (or by file names),
//!   decoded once at load; what is missing or unreadable is listed in its problems and falls
//!   back to the caption. Which clips a complete pack has is the loader's parameter (the
//!   caller's `caller::clip_ids()`): this module uses nothing of ours.
//! - [`samples`]: [`ClipSamples`], a decoded clip as 16-bit integers (half the memory of f32),
//!   and the one conversion from and to f32.
//! - [`timeline`]: [`Timeline`], the one rodio source that starts each clip on an exact sample
//!   (the sample index is its clock), and the wall-clock mapping for a real device.
//! - [`engine`]: [`AudioEngine`], the thread that owns the output (opened once, off the UI
//!   thread), its [`AudioStatus`] (silent with a notice when there is no device), and the
//!   [`Caption`] every announcement yields.
//!
//! The shipped packs are in `assets/voices/{zh,en}`, made by `packaging/voices/make-voices.sh`.

pub mod engine;
pub mod pack;
pub mod samples;
pub mod timeline;

pub use engine::{AudioConfig, AudioEngine, AudioStatus, Caption, Silence, UnsupportedOutput};
pub use pack::{Manifest, ManifestClip, PackError, PackProblem, VoicePack};
pub use samples::{ClipSamples, beeps, clip_from_f32, sample_from_f32, sample_to_f32};
pub use timeline::{Onset, Planned, PlaybackAnchor, Timeline, TimelineCommand, TimelineInput, WallClock, When};

/// The folder of the shipped pack for `language` ("zh" or "en"), under the crate's assets.
pub fn shipped_pack_dir(language: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join("voices")
        .join(language)
}

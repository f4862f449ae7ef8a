//! The audio edge: voice packs (clip id -> sound) and the one thread that owns the rodio output.
//!
//! - [`pack`]: [`VoicePack`], a folder of clips named by a RON manifest (or by file names),
//!   decoded once at load; what is missing or unreadable is listed in its problems and falls
//!   back to the caption.
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

pub use engine::{AudioConfig, AudioEngine, AudioStatus, Caption};
pub use pack::{Manifest, ManifestClip, PackError, PackProblem, VoicePack};
pub use samples::{ClipSamples, clip_from_f32, sample_from_f32, sample_to_f32};
pub use timeline::{Onset, PlaybackAnchor, Timeline, TimelineCommand, TimelineInput, WallClock, When};

/// Every clip id the caller announces, which a complete pack records.
pub const CLIP_IDS: &[&str] = &[
    "byoyomi_start",
    "sec_10",
    "sec_20",
    "sec_30",
    "sec_40",
    "sec_50",
    "sec_55",
    "sec_58",
    "count_1",
    "count_2",
    "count_3",
    "count_4",
    "count_5",
    "count_6",
    "count_7",
    "count_8",
    "count_9",
    "count_10",
    "one_minute",
    "minutes_left_1",
    "minutes_left_2",
    "minutes_left_3",
    "minutes_left_4",
    "minutes_left_5",
    "minutes_left_6",
    "minutes_left_7",
    "minutes_left_8",
    "minutes_left_9",
    "minutes_left_10",
    "time_up",
    "periods_left_1",
    "periods_left_2",
    "periods_left_3",
    "periods_left_4",
    "periods_left_5",
    "last_period",
    "warn_minutes_10",
    "warn_minutes_5",
    "warn_minutes_1",
];

/// The folder of the shipped pack for `language` ("zh" or "en"), under the crate's assets.
pub fn shipped_pack_dir(language: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join("voices")
        .join(language)
}

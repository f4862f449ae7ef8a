//! Voice packs: a folder of clips (WAV, OGG Vorbis or FLAC), named by a RON manifest `voice.ron`
//! or, for an arbiter's own recordings without one, by their file names (`sec_30.wav`).
//! Every clip is decoded once, at load, to mono 16-bit samples ([`ClipSamples`]) at one rate.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::fs::File;
use std::io::BufReader;
use std::num::NonZero;
use std::path::{Path, PathBuf};

use rodio::Source;
use rodio::buffer::SamplesBuffer;
use rodio::source::UniformSourceIterator;
use serde::Deserialize;

use super::samples::{ClipSamples, clip_from_f32, sample_to_f32};

/// The manifest's file name inside a pack folder.
pub const MANIFEST: &str = "voice.ron";

/// The audio file extensions a pack may use.
const EXTENSIONS: &[&str] = &["ogg", "wav", "flac"];

/// `voice.ron`: the pack's language, a name, and each clip id's file and words.
#[derive(Clone, Debug, Deserialize)]
pub struct Manifest {
    #[serde(default)]
    pub language: String,
    #[serde(default)]
    pub name: String,
    pub clips: BTreeMap<String, ManifestClip>,
}

/// One clip in the manifest: a file relative to the pack folder, and the words it says.
#[derive(Clone, Debug, Deserialize)]
pub struct ManifestClip {
    pub file: String,
    /// The words (the caption); may be left out.
    #[serde(default)]
    pub text: String,
}

/// A pack that could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("{0}: not a folder")]
    NotAFolder(PathBuf),
    #[error("{path}: {error}")]
    Io { path: PathBuf, error: std::io::Error },
    #[error("{path}: {error}")]
    Manifest { path: PathBuf, error: String },
}

/// Something wrong with one clip of a pack that did load. The clip falls back to its caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackProblem {
    /// An expected clip id (one the caller uses) has no clip in the pack.
    Missing { id: String },
    /// The file named for a clip could not be opened or decoded.
    Unreadable { id: String, file: PathBuf, error: String },
    /// The file decoded to no sound at all.
    Empty { id: String, file: PathBuf },
    /// The manifest names a clip id that is not expected, one the caller never uses (it is loaded
    /// all the same).
    Unknown { id: String },
}

impl fmt::Display for PackProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackProblem::Missing { id } => write!(f, "clip {id}: missing, the caption is shown instead"),
            PackProblem::Unreadable { id, file, error } => {
                write!(
                    f,
                    "clip {id}: {} unreadable ({error}), the caption is shown instead",
                    file.display()
                )
            }
            PackProblem::Empty { id, file } => {
                write!(
                    f,
                    "clip {id}: {} has no sound, the caption is shown instead",
                    file.display()
                )
            }
            PackProblem::Unknown { id } => write!(f, "clip {id}: not a clip id the caller uses"),
        }
    }
}

/// One clip: its words (the caption) and its decoded samples, if it could be decoded.
#[derive(Clone, Debug)]
pub struct Clip {
    pub text: Option<String>,
    pub samples: Option<ClipSamples>,
}

/// A loaded voice pack: mono 16-bit samples at [`VoicePack::sample_rate`] for every clip that decoded.
#[derive(Clone, Debug)]
pub struct VoicePack {
    pub dir: PathBuf,
    pub language: String,
    pub name: String,
    rate: u32,
    clips: HashMap<String, Clip>,
    problems: Vec<PackProblem>,
}

impl VoicePack {
    /// The rate packs are decoded to unless told otherwise.
    pub const DEFAULT_RATE: u32 = 44_100;

    /// Loads a pack folder at [`VoicePack::DEFAULT_RATE`]; `expected` is every clip id a complete
    /// pack has (the caller's `caller::clip_ids()`).
    pub fn load(dir: &Path, expected: &[&str]) -> Result<VoicePack, PackError> {
        VoicePack::load_at(dir, VoicePack::DEFAULT_RATE, expected)
    }

    /// Loads a pack folder, decoding every clip once to mono 16-bit at `rate` Hz, one clip at a
    /// time (only the clip being decoded has temporary buffers). With `voice.ron` the manifest
    /// names the clips; without it every `<clip id>.ogg|wav|flac` is taken.
    /// Missing (in `expected`, not in the pack), unknown (the other way round), unreadable and
    /// silent clips are listed in [`VoicePack::problems`].
    pub fn load_at(dir: &Path, rate: u32, expected: &[&str]) -> Result<VoicePack, PackError> {
        if !dir.is_dir() {
            return Err(PackError::NotAFolder(dir.to_path_buf()));
        }
        let rate = rate.max(1);
        let manifest_path = dir.join(MANIFEST);
        let manifest = if manifest_path.exists() {
            let text = std::fs::read_to_string(&manifest_path).map_err(|error| PackError::Io {
                path: manifest_path.clone(),
                error,
            })?;
            ron::from_str::<Manifest>(&text).map_err(|error| PackError::Manifest {
                path: manifest_path.clone(),
                error: error.to_string(),
            })?
        } else {
            scan_folder(dir).map_err(|error| PackError::Io {
                path: dir.to_path_buf(),
                error,
            })?
        };

        let mut problems = Vec::new();
        let mut clips = HashMap::new();
        for (id, entry) in &manifest.clips {
            if !expected.contains(&id.as_str()) {
                problems.push(PackProblem::Unknown { id: id.clone() });
            }
            let file = dir.join(&entry.file);
            let samples = match decode(&file, rate) {
                Ok(samples) if samples.iter().any(|&s| sample_to_f32(s).abs() > 1e-4) => Some(samples),
                Ok(_) => {
                    problems.push(PackProblem::Empty {
                        id: id.clone(),
                        file: file.clone(),
                    });
                    None
                }
                Err(error) => {
                    problems.push(PackProblem::Unreadable {
                        id: id.clone(),
                        file: file.clone(),
                        error,
                    });
                    None
                }
            };
            clips.insert(
                id.clone(),
                Clip {
                    text: Some(entry.text.clone()).filter(|t| !t.trim().is_empty()),
                    samples,
                },
            );
        }
        for id in expected {
            if !clips.contains_key(*id) {
                problems.push(PackProblem::Missing { id: (*id).to_string() });
            }
        }
        Ok(VoicePack {
            dir: dir.to_path_buf(),
            language: manifest.language,
            name: manifest.name,
            rate,
            clips,
            problems,
        })
    }

    /// A pack made in the program, not read from a folder (the caller's beeps): every clip given
    /// with its caption and samples at `rate`.
    pub fn made(language: &str, name: &str, rate: u32, clips: Vec<(String, Option<String>, ClipSamples)>) -> VoicePack {
        VoicePack {
            dir: PathBuf::new(),
            language: language.to_string(),
            name: name.to_string(),
            rate: rate.max(1),
            clips: clips
                .into_iter()
                .map(|(id, text, samples)| {
                    (
                        id,
                        Clip {
                            text,
                            samples: Some(samples),
                        },
                    )
                })
                .collect(),
            problems: Vec::new(),
        }
    }

    /// The rate every clip was decoded to.
    pub fn sample_rate(&self) -> u32 {
        self.rate
    }

    /// The decoded clip, if the pack has it and it decoded.
    pub fn samples(&self, id: &str) -> Option<&ClipSamples> {
        self.clips.get(id).and_then(|clip| clip.samples.as_ref())
    }

    /// The clip's words from the manifest, if it gives them.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.clips.get(id).and_then(|clip| clip.text.as_deref())
    }

    /// The caption for a clip: the manifest's words, else the clip id itself.
    pub fn caption<'a>(&'a self, id: &'a str) -> &'a str {
        self.text(id).unwrap_or(id)
    }

    /// Every clip id in the pack, sorted.
    pub fn clip_ids(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.clips.keys().map(String::as_str).collect();
        ids.sort_unstable();
        ids
    }

    /// What was wrong with the pack, listed once at load.
    pub fn problems(&self) -> &[PackProblem] {
        &self.problems
    }

    /// Length of a clip, if it decoded.
    pub fn duration(&self, id: &str) -> Option<std::time::Duration> {
        self.samples(id)
            .map(|s| std::time::Duration::from_secs_f64(s.len() as f64 / f64::from(self.rate)))
    }
}

/// A folder without a manifest: every file named `<clip id>.<ext>` is that clip.
fn scan_folder(dir: &Path) -> std::io::Result<Manifest> {
    let mut clips = BTreeMap::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let (Some(stem), Some(ext)) = (path.file_stem(), path.extension()) else {
            continue;
        };
        let ext = ext.to_string_lossy().to_ascii_lowercase();
        if !EXTENSIONS.contains(&ext.as_str()) {
            continue;
        }
        let Some(name) = path.file_name() else { continue };
        clips.insert(
            stem.to_string_lossy().into_owned(),
            ManifestClip {
                file: name.to_string_lossy().into_owned(),
                text: String::new(),
            },
        );
    }
    Ok(Manifest {
        language: String::new(),
        name: dir.display().to_string(),
        clips,
    })
}

/// Decodes a file to mono 16-bit samples at `rate`. Its temporary buffers (the decoder's f32
/// output when it must be converted, the 16-bit samples while they are collected) are this
/// clip's alone and freed when it returns.
fn decode(file: &Path, rate: u32) -> Result<ClipSamples, String> {
    let handle = File::open(file).map_err(|e| e.to_string())?;
    let len = handle.metadata().map(|m| m.len()).unwrap_or(0);
    let mut builder = rodio::Decoder::builder().with_data(BufReader::new(handle));
    if let Some(ext) = file.extension().and_then(|e| e.to_str()) {
        builder = builder.with_hint(&ext.to_ascii_lowercase());
    }
    let decoder = builder
        .with_byte_len(len)
        .with_seekable(true)
        .build()
        .map_err(|e| e.to_string())?;
    let (channels, native_rate) = (decoder.channels(), decoder.sample_rate());
    if native_rate.get() == rate && channels.get() == 1 {
        return Ok(clip_from_f32(decoder));
    }
    let samples: Vec<f32> = decoder.collect();
    // Converted from a buffer, not from the decoder itself: rodio 0.23's converter fed straight
    // from an Ogg Vorbis decoder yields silence (the same fault that makes an OGG added straight
    // to its mixer silent).
    let buffer = SamplesBuffer::new(channels, native_rate, samples);
    let target = NonZero::new(rate).unwrap_or(NonZero::<u32>::MIN);
    let mono = UniformSourceIterator::new(buffer, NonZero::<u16>::MIN, target);
    Ok(clip_from_f32(mono))
}

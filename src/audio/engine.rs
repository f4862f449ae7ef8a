//! The audio edge: one thread owns the output, opened once at start (the first stream start may
//! stall a second or two, so never on the UI thread), fed by a channel of commands (play a clip
//! at an instant, stop, quit). Every announcement yields a [`Caption`] at once, whether or not
//! there is sound.
//!
//! The output is rodio's mixer played by a cpal stream that this module builds itself (cpal as
//! re-exported by rodio), not rodio's `DeviceSinkBuilder`: the stream's callback publishes cpal's
//! playback timestamp (when the buffer it fills will be heard, the sound server's latency
//! included) before pulling the mixer, and the [`Timeline`] places each clip by it. Clips go
//! through a rodio `Player` holding the one timeline source.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use std::num::NonZero;

use rodio::Player;
use rodio::cpal::{BufferSize, SampleFormat, StreamConfig};
use rodio::mixer::{Mixer, MixerSource};

use super::pack::VoicePack;
use super::samples::ClipSamples;
use super::timeline::{Onset, Planned, PlaybackAnchor, Timeline, TimelineInput, WallClock, When};

/// What the audio edge can do right now; the window says a [`Silence`] in its own language,
/// [`AudioStatus::notice`] is the English line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AudioStatus {
    /// The output is being opened (off the UI thread).
    Starting,
    /// Sound goes to the default output device.
    Playing {
        sample_rate: u32,
        channels: u16,
        buffer_frames: Option<u32>,
    },
    /// No sound: announcements are captions only.
    Silent { reason: Silence },
}

/// Why there is no sound. The window says it in its language; the system's own detail (ALSA's
/// message, say) is kept as the system wrote it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Silence {
    /// The audio thread did not start (the system's reason).
    #[error("cannot start the audio thread: {0}")]
    NoThread(String),
    /// The system has no default output device.
    #[error("no sound device: no default output device")]
    NoDevice,
    /// The default device could not be opened or started (the system's reason).
    #[error("no sound device: {0}")]
    CannotOpen(String),
    /// The device's own output cannot be fed (what it asks for).
    #[error("no sound device: the device's output is not supported ({0})")]
    Unsupported(UnsupportedOutput),
    /// The device failed while playing (the system's reason).
    #[error("the sound device failed: {0}")]
    Failed(String),
    /// Opening the device panicked inside the host's backend.
    #[error("the sound device could not be opened")]
    Panicked,
    /// Sound switched off (`AudioConfig::open_device` false).
    #[error("sound is off")]
    Off,
}

/// What the default device asks for that cannot be fed; the window says it in its language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnsupportedOutput {
    /// The device reports no channels.
    #[error("0 channels")]
    NoChannels,
    /// The device reports a sample rate of 0.
    #[error("sample rate 0")]
    ZeroSampleRate,
    /// A sample format rodio cannot write, as cpal names it ("u64").
    #[error("sample format {0}")]
    SampleFormat(String),
}

impl AudioStatus {
    /// A line in English for headless tools when the arbiter should know something, else None.
    /// The window never shows it: it says the status in its own language through
    /// `ui::table::sound::Sound::notice` (`ui::i18n::errors::silence`).
    pub fn notice(&self) -> Option<String> {
        match self {
            AudioStatus::Starting => Some("Sound: starting the audio output...".to_string()),
            AudioStatus::Playing { .. } => None,
            AudioStatus::Silent { reason } => {
                Some(format!("No sound ({reason}): announcements are shown as captions only"))
            }
        }
    }

    pub fn is_silent(&self) -> bool {
        matches!(self, AudioStatus::Silent { .. })
    }
}

/// Settings of the audio edge.
#[derive(Clone, Debug)]
pub struct AudioConfig {
    /// Open the default output device (false: silent, captions only).
    pub open_device: bool,
    /// The device buffer, in frames (None: the device's default). The default, 4096 (85 ms at
    /// 48 kHz), costs no timing accuracy (clips are placed by the device's playback timestamps,
    /// and the window plans its calls seconds ahead) and leaves the output thread 85 ms to be
    /// scheduled on a busy machine (a parallel build) before the device runs dry; 512 had
    /// thousands of underruns. It only means a call already within that much of its instant is
    /// heard even if a press cancels it. The output thread's priority is not raised: through
    /// PulseAudio (ALSA's pulse plugin) a real-time client thread risks a priority inversion
    /// with the server, which cpal refuses too; the server's own thread is real-time.
    pub buffer_frames: Option<u32>,
    /// Added to the device's own playback timestamps (which count its buffer and the sound
    /// server's) when a clip is placed: for a delay after them (a Bluetooth speaker). None: zero.
    pub output_latency: Option<Duration>,
    /// An announcement that reaches the audio thread later than this after its due instant is
    /// not played (its caption still is shown): a "58 seconds" said two seconds late misleads.
    pub stale_after: Duration,
}

impl Default for AudioConfig {
    fn default() -> Self {
        AudioConfig {
            open_device: true,
            buffer_frames: Some(4096),
            output_latency: None,
            stale_after: Duration::from_millis(750),
        }
    }
}

/// What is shown on screen for an announcement (always), and whether it is also spoken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// The announcement's number, as in its [`Onset`].
    pub id: u64,
    pub clip: String,
    /// The pack's words for the clip, else the clip id.
    pub text: String,
    pub due: Instant,
    /// False when there is no sound device, no pack, or the pack lacks the clip.
    pub voiced: bool,
}

enum Command {
    Play {
        id: u64,
        rate: u32,
        clip: ClipSamples,
        due: Instant,
    },
    /// The calls due after `from`, planned ahead (see [`TimelineCommand::Plan`]).
    Plan {
        rate: u32,
        from: Instant,
        calls: Vec<(u64, ClipSamples, Instant)>,
    },
    /// The output's volume, 0.0 (silent) to 1.0.
    Volume(f32),
    Stop,
    Quit,
}

/// The handle the UI keeps. Dropping it stops the audio thread.
pub struct AudioEngine {
    tx: Option<Sender<Command>>,
    status: Arc<Mutex<AudioStatus>>,
    onsets: Receiver<Onset>,
    pack: Option<Arc<VoicePack>>,
    next_id: u64,
    unvoiced_reported: HashSet<String>,
    xruns: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl AudioEngine {
    /// Starts the audio thread, which opens the output; returns at once.
    pub fn start(config: AudioConfig) -> AudioEngine {
        let status = Arc::new(Mutex::new(AudioStatus::Starting));
        let (tx, rx) = channel();
        let (onset_tx, onsets) = channel();
        let xruns = Arc::new(AtomicU64::new(0));
        let (thread_status, thread_xruns) = (status.clone(), xruns.clone());
        let thread = std::thread::Builder::new()
            .name("go-arbiter-audio".to_string())
            .spawn(move || run(config, rx, thread_status, thread_xruns, onset_tx));
        let (tx, thread) = match thread {
            Ok(thread) => (Some(tx), Some(thread)),
            Err(e) => {
                set(
                    &status,
                    AudioStatus::Silent {
                        reason: Silence::NoThread(e.to_string()),
                    },
                );
                (None, None)
            }
        };
        AudioEngine {
            tx,
            status,
            onsets,
            pack: None,
            next_id: 0,
            unvoiced_reported: HashSet::new(),
            xruns,
            thread,
        }
    }

    /// An engine without sound (captions only), with `reason` as its notice.
    pub fn silent(reason: Silence) -> AudioEngine {
        let (_, onsets) = channel();
        AudioEngine {
            tx: None,
            status: Arc::new(Mutex::new(AudioStatus::Silent { reason })),
            onsets,
            pack: None,
            next_id: 0,
            unvoiced_reported: HashSet::new(),
            xruns: Arc::new(AtomicU64::new(0)),
            thread: None,
        }
    }

    pub fn status(&self) -> AudioStatus {
        self.status
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|e| e.into_inner().clone())
    }

    /// Waits (up to `timeout`) until the output is open or known to be missing.
    pub fn wait_ready(&self, timeout: Duration) -> AudioStatus {
        let end = Instant::now() + timeout;
        loop {
            let status = self.status();
            if status != AudioStatus::Starting || Instant::now() >= end {
                return status;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The pack announcements are spoken with from now on.
    pub fn set_pack(&mut self, pack: Arc<VoicePack>) {
        self.pack = Some(pack);
        self.unvoiced_reported.clear();
    }

    pub fn pack(&self) -> Option<&Arc<VoicePack>> {
        self.pack.as_ref()
    }

    /// Announces `clip`, to be heard at `due`: returns its caption at once, and queues the sound
    /// if there is a device and the pack has the clip. Send it ahead of `due` by more than the
    /// output buffer (100 ms is comfortable): the audio thread places it on the sample heard at
    /// `due`. One that arrives late plays at once; one later than `stale_after` is not played.
    pub fn announce(&mut self, clip: &str, due: Instant) -> Caption {
        self.next_id += 1;
        let id = self.next_id;
        let text = self.pack.as_ref().map_or(clip, |p| p.caption(clip)).to_string();
        let samples = self
            .pack
            .as_ref()
            .and_then(|p| p.samples(clip).map(|s| (p.sample_rate(), s.clone())));
        let mut voiced = false;
        if let (Some(tx), Some((rate, samples))) = (&self.tx, samples)
            && !self.status().is_silent()
        {
            voiced = tx
                .send(Command::Play {
                    id,
                    rate,
                    clip: samples,
                    due,
                })
                .is_ok();
        }
        if !voiced {
            self.unvoiced_reported.insert(clip.to_string());
        }
        Caption {
            id,
            clip: clip.to_string(),
            text,
            due,
            voiced,
        }
    }

    /// Plans the calls due after `from` (`key`, clip, the instant it is heard), replacing the last
    /// plan: what the last plan had after `from` and this one has not is dropped, on the sample;
    /// a call in both keeps its place, one already begun is not begun again. Send it ahead (the
    /// next few seconds' calls) and again at every change of the clock. The onsets' ids are the
    /// keys. Returns whether it went to a device.
    pub fn plan(&mut self, from: Instant, calls: &[(u64, &str, Instant)]) -> bool {
        let (Some(tx), Some(pack)) = (&self.tx, &self.pack) else {
            return false;
        };
        if self.status().is_silent() {
            return false;
        }
        let calls = calls
            .iter()
            .filter_map(|&(key, clip, due)| pack.samples(clip).map(|s| (key, s.clone(), due)))
            .collect();
        tx.send(Command::Plan {
            rate: pack.sample_rate(),
            from,
            calls,
        })
        .is_ok()
    }

    /// Clip ids announced without sound so far (each listed once).
    pub fn unvoiced(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.unvoiced_reported.iter().cloned().collect();
        ids.sort();
        ids
    }

    /// Underruns and other errors the device recovered from, so far.
    pub fn recovered_errors(&self) -> u64 {
        self.xruns.load(Ordering::Relaxed)
    }

    /// Sets the output's volume, 0.0 (silent) to 1.0 (what plays now changes too).
    pub fn set_volume(&self, volume: f32) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Command::Volume(volume.clamp(0.0, 1.0)));
        }
    }

    /// Silences what plays and drops what is queued.
    pub fn stop(&self) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(Command::Stop);
        }
    }

    /// The clips that started since the last call, with the sample they started at and the
    /// instant they are estimated to be heard (for measurement).
    pub fn take_onsets(&self) -> Vec<Onset> {
        self.onsets.try_iter().collect()
    }
}

impl Drop for AudioEngine {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(Command::Quit);
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn set(status: &Mutex<AudioStatus>, value: AudioStatus) {
    match status.lock() {
        Ok(mut s) => *s = value,
        Err(e) => *e.into_inner() = value,
    }
}

/// The open output: the cpal stream (kept alive), rodio's mixer it plays, and the anchor its
/// callback publishes.
struct Device {
    _stream: rodio::cpal::Stream,
    mixer: Mixer,
    anchor: Arc<PlaybackAnchor>,
    sample_rate: u32,
    channels: u16,
    buffer_frames: Option<u32>,
}

/// Opens the default output: a cpal stream whose callback pulls rodio's mixer, after publishing
/// when the buffer it fills will be heard (cpal's playback timestamp). rodio's own device sink
/// hides that timestamp, and without it the sound server's latency can only be guessed.
fn open(config: &AudioConfig, status: &Arc<Mutex<AudioStatus>>, xruns: &Arc<AtomicU64>) -> Result<Device, Silence> {
    use rodio::cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

    let device = rodio::cpal::default_host()
        .default_output_device()
        .ok_or(Silence::NoDevice)?;
    let supported = device
        .default_output_config()
        .map_err(|e| Silence::CannotOpen(e.to_string()))?;
    let format = supported.sample_format();
    let base = supported.config();
    let channels = NonZero::new(base.channels).ok_or(Silence::Unsupported(UnsupportedOutput::NoChannels))?;
    let rate = NonZero::new(base.sample_rate).ok_or(Silence::Unsupported(UnsupportedOutput::ZeroSampleRate))?;

    let attempts = match config.buffer_frames {
        Some(frames) => vec![BufferSize::Fixed(frames), BufferSize::Default],
        None => vec![BufferSize::Default],
    };
    let mut last_error = Silence::NoDevice;
    for buffer_size in attempts {
        let stream_config = StreamConfig { buffer_size, ..base };
        let (mixer, source) = rodio::mixer::mixer(channels, rate);
        let anchor = PlaybackAnchor::new();
        let (error_status, error_xruns) = (status.clone(), xruns.clone());
        let on_error = move |e: rodio::cpal::Error| {
            use rodio::CpalErrorKind as Kind;
            match e.kind() {
                // The stream goes on (an underrun is recovered by the backend): count it.
                Kind::Xrun | Kind::DeviceChanged | Kind::DeviceBusy | Kind::Other | Kind::BackendError => {
                    error_xruns.fetch_add(1, Ordering::Relaxed);
                }
                _ => set(
                    &error_status,
                    AudioStatus::Silent {
                        reason: Silence::Failed(e.to_string()),
                    },
                ),
            }
        };
        let stream = match format {
            SampleFormat::F32 => build::<f32>(&device, &stream_config, source, anchor.clone(), on_error),
            SampleFormat::I16 => build::<i16>(&device, &stream_config, source, anchor.clone(), on_error),
            SampleFormat::I32 => build::<i32>(&device, &stream_config, source, anchor.clone(), on_error),
            SampleFormat::U16 => build::<u16>(&device, &stream_config, source, anchor.clone(), on_error),
            SampleFormat::U8 => build::<u8>(&device, &stream_config, source, anchor.clone(), on_error),
            SampleFormat::F64 => build::<f64>(&device, &stream_config, source, anchor.clone(), on_error),
            other => Err(Silence::Unsupported(UnsupportedOutput::SampleFormat(other.to_string()))),
        };
        let played = stream.and_then(|s| s.play().map(|()| s).map_err(|e| Silence::CannotOpen(e.to_string())));
        match played {
            Ok(stream) => {
                let buffer_frames = match buffer_size {
                    BufferSize::Fixed(frames) => Some(frames),
                    BufferSize::Default => None,
                };
                return Ok(Device {
                    _stream: stream,
                    mixer,
                    anchor,
                    sample_rate: rate.get(),
                    channels: channels.get(),
                    buffer_frames,
                });
            }
            Err(e) => last_error = e,
        }
    }
    Err(last_error)
}

fn build<T>(
    device: &rodio::cpal::Device,
    config: &StreamConfig,
    mut source: MixerSource,
    anchor: Arc<PlaybackAnchor>,
    on_error: impl FnMut(rodio::cpal::Error) + Send + 'static,
) -> Result<rodio::cpal::Stream, Silence>
where
    T: rodio::cpal::SizedSample + rodio::cpal::FromSample<f32>,
{
    use rodio::cpal::traits::DeviceTrait;
    device
        .build_output_stream::<T, _, _>(
            *config,
            move |data: &mut [T], info: &rodio::cpal::OutputCallbackInfo| {
                let stamp = info.timestamp();
                let delay = stamp.playback.saturating_duration_since(stamp.callback);
                anchor.publish(Instant::now() + delay);
                for out in data.iter_mut() {
                    *out = T::from_sample(source.next().unwrap_or(0.0));
                }
            },
            on_error,
            None,
        )
        .map_err(|e| Silence::CannotOpen(e.to_string()))
}

struct Output {
    player: Player,
    input: TimelineInput,
}

impl Output {
    /// A timeline at `rate` (a pack's), through rodio's Player on the device's mixer.
    fn new(sink: &Device, rate: u32, volume: f32, onsets: &Sender<Onset>, latency: Duration) -> Output {
        let (input, timeline) = Timeline::new(rate);
        let timeline = timeline
            .with_onsets(onsets.clone())
            .with_wall_clock(WallClock::anchored(sink.anchor.clone(), latency));
        let player = Player::connect_new(&sink.mixer);
        player.set_volume(rodio::Float::from(volume));
        player.append(timeline);
        player.play();
        Output { player, input }
    }
}

fn run(
    config: AudioConfig,
    rx: Receiver<Command>,
    status: Arc<Mutex<AudioStatus>>,
    xruns: Arc<AtomicU64>,
    onsets: Sender<Onset>,
) {
    let sink = if config.open_device {
        // A panic inside the host's backend must not take the app down: it only means silence.
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| open(&config, &status, &xruns))) {
            Ok(Ok(sink)) => Some(sink),
            Ok(Err(reason)) => {
                set(&status, AudioStatus::Silent { reason });
                None
            }
            Err(_) => {
                set(
                    &status,
                    AudioStatus::Silent {
                        reason: Silence::Panicked,
                    },
                );
                None
            }
        }
    } else {
        set(&status, AudioStatus::Silent { reason: Silence::Off });
        None
    };
    if let Some(device) = &sink {
        set(
            &status,
            AudioStatus::Playing {
                sample_rate: device.sample_rate,
                channels: device.channels,
                buffer_frames: device.buffer_frames,
            },
        );
    }
    // The device's timestamps already count its buffer and the sound server's.
    let latency = config.output_latency.unwrap_or(Duration::ZERO);

    let mut output: Option<Output> = None;
    let mut volume = 1.0;
    while let Ok(command) = rx.recv() {
        match command {
            Command::Play { id, rate, clip, due } => {
                let Some(sink) = &sink else { continue };
                if Instant::now().saturating_duration_since(due) > config.stale_after {
                    continue;
                }
                let out = output.get_or_insert_with(|| Output::new(sink, rate, volume, &onsets, latency));
                if out.input.sample_rate() != rate {
                    *out = Output::new(sink, rate, volume, &onsets, latency);
                }
                out.input.play(id, clip, When::Wall(due));
            }
            Command::Plan { rate, from, calls } => {
                let Some(sink) = &sink else { continue };
                let out = output.get_or_insert_with(|| Output::new(sink, rate, volume, &onsets, latency));
                if out.input.sample_rate() != rate {
                    *out = Output::new(sink, rate, volume, &onsets, latency);
                }
                let now = Instant::now();
                let calls = calls
                    .into_iter()
                    .filter(|(_, _, due)| now.saturating_duration_since(*due) <= config.stale_after)
                    .map(|(key, clip, due)| Planned {
                        id: key,
                        key,
                        clip,
                        when: When::Wall(due),
                    })
                    .collect();
                out.input.plan(When::Wall(from), calls);
            }
            Command::Volume(v) => {
                volume = v;
                if let Some(out) = &output {
                    out.player.set_volume(rodio::Float::from(v));
                }
            }
            Command::Stop => {
                if let Some(out) = &output {
                    out.input.stop_all();
                }
            }
            Command::Quit => break,
        }
    }
}

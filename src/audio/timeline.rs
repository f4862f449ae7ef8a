//! The timeline: one endless rodio `Source` that starts each clip at an exact sample. The sample
//! index is its clock: a clip due at sample `n` has its first sample emitted as sample `n`.
//! It is fed through a channel and polled every [`POLL_SAMPLES`] samples, inside the audio
//! callback, so a clip never waits for a thread to wake up.
//!
//! Against a real device the timeline also keeps the mapping from the wall clock to its samples
//! (see [`WallClock`]), so a clip can be asked for at an `Instant`.
//!
//! Calls are planned ahead ([`TimelineCommand::Plan`]): each plan says which calls are due after
//! its instant, so a press replaces the plan and what no longer falls due is dropped on the
//! sample (a call that already began after that instant is cut). A clip is never cut by another:
//! one due while another speaks waits for it to end ("1分" then "还剩1分" at one instant).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::num::NonZero;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

use rodio::Source;
use rodio::source::SeekError;

use super::samples::{ClipSamples, sample_to_f32};

/// How often (in samples) the timeline looks at its channel and at the wall clock.
pub const POLL_SAMPLES: u64 = 16;

/// A clip cut short by a newer one fades out over this many samples' worth of time.
const CUT_FADE: Duration = Duration::from_millis(5);

/// When a clip should start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// At this sample of the timeline (the virtual clock).
    Sample(u64),
    /// At this instant, heard at the speaker (needs a [`WallClock`]).
    Wall(Instant),
}

/// A command to the timeline.
#[derive(Clone, Debug)]
pub enum TimelineCommand {
    /// Start `clip` (mono 16-bit, at the timeline's rate) at `when`; `id` comes back in its [`Onset`].
    Play { id: u64, clip: ClipSamples, when: When },
    /// The calls due after `from`, in the order they are said: replaces the last plan. A call
    /// of the last plan due after `from` that is not in this one is dropped (cut if it already
    /// began after `from`); a call in both (the same `key`) keeps its place; a call that already
    /// began is not started again. Clips sent by `Play` are left alone.
    Plan { from: When, calls: Vec<Planned> },
    /// Drop every clip not yet started and silence the one playing.
    StopAll,
}

/// A call in a [`TimelineCommand::Plan`]: `key` names the call across plans (not 0), `id` comes
/// back in its [`Onset`].
#[derive(Clone, Debug)]
pub struct Planned {
    pub id: u64,
    pub key: u64,
    pub clip: ClipSamples,
    pub when: When,
}

/// A clip that started: its id and the sample it started at; with a wall clock, also the
/// instant that sample is estimated to reach the speaker, and how late that is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Onset {
    pub id: u64,
    pub sample: u64,
    /// Sample the clip was asked for (with `When::Wall`, as converted when it arrived).
    pub due_sample: u64,
    pub heard_at: Option<Instant>,
}

/// The sending side of a timeline, usable from any thread.
#[derive(Clone, Debug)]
pub struct TimelineInput {
    tx: Sender<TimelineCommand>,
    position: Arc<AtomicU64>,
    rate: u32,
}

impl TimelineInput {
    /// Asks for `clip` at `when`. Returns false if the timeline is gone.
    pub fn play(&self, id: u64, clip: ClipSamples, when: When) -> bool {
        self.tx.send(TimelineCommand::Play { id, clip, when }).is_ok()
    }

    /// Replaces the plan of the calls due after `from` (see [`TimelineCommand::Plan`]).
    pub fn plan(&self, from: When, calls: Vec<Planned>) -> bool {
        self.tx.send(TimelineCommand::Plan { from, calls }).is_ok()
    }

    /// Drops everything scheduled and silences what plays.
    pub fn stop_all(&self) -> bool {
        self.tx.send(TimelineCommand::StopAll).is_ok()
    }

    /// Samples emitted so far (as of the last poll).
    pub fn position(&self) -> u64 {
        self.position.load(Ordering::Relaxed)
    }

    pub fn sample_rate(&self) -> u32 {
        self.rate
    }
}

/// Where the device says its current buffer will be heard: written by the output callback
/// (from cpal's playback timestamp) just before it pulls that buffer from the mixer, read by the
/// timeline as it is pulled, on the same thread.
#[derive(Debug)]
pub struct PlaybackAnchor {
    epoch: Instant,
    seq: AtomicU64,
    heard_nanos: AtomicI64,
}

impl PlaybackAnchor {
    pub fn new() -> Arc<PlaybackAnchor> {
        Arc::new(PlaybackAnchor {
            epoch: Instant::now(),
            seq: AtomicU64::new(0),
            heard_nanos: AtomicI64::new(0),
        })
    }

    /// The first frame of the buffer about to be pulled is heard at `heard_at`.
    pub fn publish(&self, heard_at: Instant) {
        let nanos = i64::try_from(heard_at.saturating_duration_since(self.epoch).as_nanos()).unwrap_or(i64::MAX);
        self.heard_nanos.store(nanos, Ordering::Relaxed);
        self.seq.fetch_add(1, Ordering::Release);
    }
}

/// How many callbacks' anchors the median is taken over.
const ANCHORS: usize = 15;

/// The mapping from the wall clock to the timeline's samples, learned inside the audio callback.
///
/// With a [`PlaybackAnchor`] (the engine's own output), each device callback says when its first
/// frame will be heard; the clock takes the median of `heard - sample / rate` over the last 15
/// callbacks, plus `latency` (zero unless set).
///
/// Without one, it only knows when samples are pulled. The device pulls them in bursts, so the
/// instant a sample is pulled says little on its own; but `pulled_at - sample / rate` is
/// smallest, and stable, for the last sample of each burst, and only grows when a callback runs
/// late. The clock keeps the minimum over the last two windows of about a second (which also
/// follows any drift between the sound card's clock and the system's), and a sample is heard
/// `latency` after that: the device buffer and whatever the sound server adds, a setting.
#[derive(Clone, Debug)]
pub struct WallClock {
    epoch: Instant,
    latency: Duration,
    window: u64,
    current_min: Option<i128>,
    previous_min: Option<i128>,
    window_start: u64,
    anchor: Option<Arc<PlaybackAnchor>>,
    anchor_seen: u64,
    anchors: [i128; ANCHORS],
    anchor_count: usize,
}

impl WallClock {
    /// A clock that learns from the pulls alone; `latency` is added.
    pub fn new(latency: Duration) -> WallClock {
        WallClock {
            epoch: Instant::now(),
            latency,
            window: 0,
            current_min: None,
            previous_min: None,
            window_start: 0,
            anchor: None,
            anchor_seen: 0,
            anchors: [0; ANCHORS],
            anchor_count: 0,
        }
    }

    /// A clock that follows the device's playback timestamps; `latency` is added on top.
    pub fn anchored(anchor: Arc<PlaybackAnchor>, latency: Duration) -> WallClock {
        WallClock {
            epoch: anchor.epoch,
            anchor: Some(anchor),
            ..WallClock::new(latency)
        }
    }

    /// Checks the anchor for a new callback (every sample: one atomic load).
    #[inline]
    fn check_anchor(&mut self, sample: u64, rate: u32) {
        let Some(anchor) = &self.anchor else { return };
        let seq = anchor.seq.load(Ordering::Acquire);
        if seq == self.anchor_seen {
            return;
        }
        self.anchor_seen = seq;
        let heard = i128::from(anchor.heard_nanos.load(Ordering::Relaxed));
        self.anchors[self.anchor_count % ANCHORS] = heard - sample_nanos(sample, rate);
        self.anchor_count += 1;
    }

    fn observe(&mut self, sample: u64, rate: u32, now: Instant) {
        if self.anchor.is_some() {
            return;
        }
        if self.window == 0 {
            self.window = u64::from(rate);
        }
        let offset = nanos(now.saturating_duration_since(self.epoch)) - sample_nanos(sample, rate);
        if sample >= self.window_start + self.window {
            self.previous_min = self.current_min;
            self.current_min = None;
            self.window_start = sample;
        }
        self.current_min = Some(self.current_min.map_or(offset, |m| m.min(offset)));
    }

    /// `heard_at - sample / rate`, latency included, in nanoseconds since the epoch.
    fn offset(&self) -> Option<i128> {
        if self.anchor.is_some() {
            let n = self.anchor_count.min(ANCHORS);
            if n == 0 {
                return None;
            }
            let mut recent = self.anchors;
            let recent = &mut recent[..n];
            recent.sort_unstable();
            return Some(recent[n / 2] + nanos(self.latency));
        }
        let min = match (self.previous_min, self.current_min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        min.map(|m| m + nanos(self.latency))
    }

    /// The sample heard at `at`, if the clock has seen the device pull yet.
    fn sample_for(&self, at: Instant, rate: u32) -> Option<u64> {
        let offset = self.offset()?;
        let at_nanos = if at >= self.epoch {
            nanos(at - self.epoch)
        } else {
            -nanos(self.epoch - at)
        };
        let sample_nanos = at_nanos - offset;
        if sample_nanos <= 0 {
            return Some(0);
        }
        Some(((sample_nanos * i128::from(rate) + 500_000_000) / 1_000_000_000) as u64)
    }

    /// The instant `sample` is heard.
    fn instant_of(&self, sample: u64, rate: u32) -> Option<Instant> {
        let total = self.offset()? + sample_nanos(sample, rate);
        let total = u64::try_from(total.max(0)).unwrap_or(u64::MAX);
        self.epoch.checked_add(Duration::from_nanos(total))
    }
}

fn nanos(d: Duration) -> i128 {
    d.as_nanos() as i128
}

fn sample_nanos(sample: u64, rate: u32) -> i128 {
    i128::from(sample) * 1_000_000_000 / i128::from(rate.max(1))
}

#[derive(Debug)]
struct Pending {
    start: u64,
    seq: u64,
    id: u64,
    /// The plan's name of the call (0: sent by `Play`, never dropped by a plan).
    key: u64,
    /// When it was asked for (a plan compares instants with instants, not their samples, which
    /// the wall clock's mapping may have moved by a sample since).
    when: When,
    due: u64,
    clip: ClipSamples,
}

impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        (self.start, self.seq) == (other.start, other.seq)
    }
}
impl Eq for Pending {}
impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Pending {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.start, self.seq).cmp(&(other.start, other.seq))
    }
}

#[derive(Debug)]
struct Voice {
    clip: ClipSamples,
    at: usize,
    key: u64,
    /// When it was asked for, and the sample it began at.
    when: When,
    began: u64,
    /// Samples of fade left, when the voice was stopped or dropped from the plan.
    fading: Option<(usize, usize)>,
}

/// How many started calls' keys are remembered, so a plan does not start one again.
const STARTED_KEYS: usize = 64;

/// The endless source. Add it to a rodio `Player` (or a mixer) once; it plays silence between
/// clips. A clip due while another sounds waits until that one has ended (never cut); a clip
/// stopped or dropped from the plan while it sounds fades out over 5 ms.
pub struct Timeline {
    rate: NonZero<u32>,
    pos: u64,
    rx: Receiver<TimelineCommand>,
    disconnected: bool,
    pending: BinaryHeap<Reverse<Pending>>,
    seq: u64,
    voices: Vec<Voice>,
    onsets: Option<Sender<Onset>>,
    wall: Option<WallClock>,
    position: Arc<AtomicU64>,
    cut_fade: usize,
    unplaced: Vec<(u64, ClipSamples, When)>,
    /// A plan whose instant the wall clock cannot place yet (the first callbacks).
    unplaced_plan: Option<(When, Vec<Planned>)>,
    started: VecDeque<u64>,
}

impl Timeline {
    /// A timeline at `rate` Hz (the rate its clips were decoded to), and its input.
    pub fn new(rate: u32) -> (TimelineInput, Timeline) {
        let rate = NonZero::new(rate).unwrap_or(NonZero::<u32>::MIN);
        let (tx, rx) = channel();
        let position = Arc::new(AtomicU64::new(0));
        let input = TimelineInput {
            tx,
            position: position.clone(),
            rate: rate.get(),
        };
        let cut_fade = ((CUT_FADE.as_secs_f64() * f64::from(rate.get())) as usize).max(1);
        let timeline = Timeline {
            rate,
            pos: 0,
            rx,
            disconnected: false,
            pending: BinaryHeap::new(),
            seq: 0,
            voices: Vec::new(),
            onsets: None,
            wall: None,
            position,
            cut_fade,
            unplaced: Vec::new(),
            unplaced_plan: None,
            started: VecDeque::with_capacity(STARTED_KEYS),
        };
        (input, timeline)
    }

    /// Reports every clip's start on `onsets`.
    pub fn with_onsets(mut self, onsets: Sender<Onset>) -> Timeline {
        self.onsets = Some(onsets);
        self
    }

    /// Follows the wall clock (for a real device), so `When::Wall` works.
    pub fn with_wall_clock(mut self, clock: WallClock) -> Timeline {
        self.wall = Some(clock);
        self
    }

    fn poll(&mut self) {
        if let Some(wall) = self.wall.as_mut()
            && wall.anchor.is_none()
        {
            wall.observe(self.pos, self.rate.get(), Instant::now());
        }
        self.position.store(self.pos, Ordering::Relaxed);
        while !self.disconnected {
            match self.rx.try_recv() {
                Ok(TimelineCommand::Play { id, clip, when }) => self.unplaced.push((id, clip, when)),
                Ok(TimelineCommand::Plan { from, calls }) => self.unplaced_plan = Some((from, calls)),
                Ok(TimelineCommand::StopAll) => {
                    self.pending.clear();
                    self.unplaced.clear();
                    self.unplaced_plan = None;
                    let fade = self.cut_fade;
                    for voice in &mut self.voices {
                        voice.fading.get_or_insert((fade, fade));
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.disconnected = true,
            }
        }
        self.place();
    }

    /// The sample of `when`, if the wall clock can place it yet.
    fn sample_of(&self, when: When) -> Option<u64> {
        match when {
            When::Sample(sample) => Some(sample),
            When::Wall(at) => match self.wall.as_ref() {
                Some(wall) => wall.sample_for(at, self.rate.get()),
                None => Some(self.pos),
            },
        }
    }

    /// Turns the commands received into samples. A `When::Wall` waits here until the wall clock
    /// has heard from the device (the first callbacks), rather than play at a guess.
    fn place(&mut self) {
        if let Some((from, _)) = &self.unplaced_plan
            && let Some(from_sample) = self.sample_of(*from)
            && let Some((from, calls)) = self.unplaced_plan.take()
        {
            self.apply_plan(from, from_sample, calls);
        }
        if self.unplaced.is_empty() {
            return;
        }
        let mut i = 0;
        while i < self.unplaced.len() {
            let start = self.sample_of(self.unplaced[i].2);
            let Some(start) = start else {
                i += 1;
                continue;
            };
            let (id, clip, when) = self.unplaced.swap_remove(i);
            self.seq += 1;
            self.pending.push(Reverse(Pending {
                start,
                seq: self.seq,
                id,
                key: 0,
                when,
                due: start,
                clip,
            }));
        }
    }

    /// Whether `when` (placed on sample `start`) is after `from` (placed on `from_sample`).
    fn after(when: When, start: u64, from: When, from_sample: u64) -> bool {
        match (when, from) {
            (When::Wall(a), When::Wall(b)) => a > b,
            (When::Sample(a), When::Sample(b)) => a > b,
            _ => start > from_sample,
        }
    }

    /// The plan of the calls due after `from` (placed on sample `from_sample`) replaces the last.
    fn apply_plan(&mut self, from: When, from_sample: u64, calls: Vec<Planned>) {
        let planned = |key: u64| calls.iter().any(|c| c.key == key);
        let mut kept: Vec<u64> = Vec::new();
        let pending = std::mem::take(&mut self.pending);
        for Reverse(p) in pending {
            if p.key == 0 || !Timeline::after(p.when, p.start, from, from_sample) || planned(p.key) {
                if p.key != 0 {
                    kept.push(p.key);
                }
                self.pending.push(Reverse(p));
            }
        }
        let fade = self.cut_fade;
        for voice in &mut self.voices {
            if voice.key != 0 && Timeline::after(voice.when, voice.began, from, from_sample) && !planned(voice.key) {
                voice.fading.get_or_insert((fade, fade));
            }
        }
        for call in calls {
            if call.key == 0 || kept.contains(&call.key) || self.started.contains(&call.key) {
                continue;
            }
            let Some(start) = self.sample_of(call.when) else {
                continue;
            };
            self.seq += 1;
            self.pending.push(Reverse(Pending {
                start,
                seq: self.seq,
                id: call.id,
                key: call.key,
                when: call.when,
                due: start,
                clip: call.clip,
            }));
        }
    }

    fn start_due(&mut self) {
        while let Some(Reverse(next)) = self.pending.peek() {
            if next.start > self.pos {
                break;
            }
            // Never cut: a call due while another speaks follows it.
            if self.voices.iter().any(|v| v.fading.is_none()) {
                break;
            }
            let Some(Reverse(next)) = self.pending.pop() else { break };
            if next.key != 0 {
                if self.started.len() == STARTED_KEYS {
                    self.started.pop_front();
                }
                self.started.push_back(next.key);
            }
            if let Some(onsets) = &self.onsets {
                let heard_at = self
                    .wall
                    .as_ref()
                    .and_then(|wall| wall.instant_of(self.pos, self.rate.get()));
                let _ = onsets.send(Onset {
                    id: next.id,
                    sample: self.pos,
                    due_sample: next.due,
                    heard_at,
                });
            }
            self.voices.push(Voice {
                clip: next.clip,
                at: 0,
                key: next.key,
                when: next.when,
                began: self.pos,
                fading: None,
            });
        }
    }
}

impl Iterator for Timeline {
    type Item = f32;

    #[inline]
    fn next(&mut self) -> Option<f32> {
        if let Some(wall) = self.wall.as_mut() {
            wall.check_anchor(self.pos, self.rate.get());
        }
        if self.pos.is_multiple_of(POLL_SAMPLES) {
            self.poll();
        }
        if self.pending.peek().is_some_and(|Reverse(p)| p.start <= self.pos) {
            self.start_due();
        }
        let mut out = 0.0f32;
        if !self.voices.is_empty() {
            for voice in &mut self.voices {
                let Some(&s) = voice.clip.get(voice.at) else { continue };
                let gain = match &mut voice.fading {
                    Some((left, total)) => {
                        let g = *left as f32 / *total as f32;
                        *left = left.saturating_sub(1);
                        g
                    }
                    None => 1.0,
                };
                out += sample_to_f32(s) * gain;
                voice.at += 1;
            }
            self.voices
                .retain(|v| v.at < v.clip.len() && !matches!(v.fading, Some((0, _))));
        }
        self.pos += 1;
        Some(out)
    }
}

impl Source for Timeline {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> rodio::ChannelCount {
        NonZero::<u16>::MIN
    }

    fn sample_rate(&self) -> rodio::SampleRate {
        self.rate
    }

    fn total_duration(&self) -> Option<Duration> {
        None
    }

    fn try_seek(&mut self, _: Duration) -> Result<(), SeekError> {
        Err(SeekError::NotSupported {
            underlying_source: "go_arbiter::audio::Timeline",
        })
    }
}

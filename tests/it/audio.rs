//! Tests of the audio edge and the voice packs.
//!
//! The timing test drives rodio's own mixer and Player with a virtual sample clock: the test
//! pulls every sample from the mixer itself (no device), so the sample index is the clock, and
//! plays a simulated three-hour game of byo-yomi calls through it.

use std::num::NonZero;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use go_arbiter::audio::{
    AudioConfig, AudioEngine, ClipSamples, Onset, PackError, PackProblem, PlaybackAnchor, Timeline, VoicePack,
    WallClock, When, clip_from_f32, sample_to_f32, shipped_pack_dir,
};
use go_arbiter::caller::{clip_ids, clip_text};
use go_arbiter::lang::Lang;
use rodio::Player;

/// The rate the timing test runs at (the packs' own rate: no resampling, so the mixer's output
/// can be compared with the clips sample for sample).
const RATE: u32 = 22_050;
/// Below this a sample counts as silence (-40 dBFS).
const AUDIBLE: f32 = 0.01;

fn shipped(lang: &str) -> VoicePack {
    VoicePack::load_at(&shipped_pack_dir(lang), RATE, &clip_ids()).unwrap()
}

fn first_audible(samples: &[f32]) -> Option<usize> {
    samples.iter().position(|s| s.abs() > AUDIBLE)
}

/// A clip's 16-bit samples as the timeline mixes them.
fn as_f32(clip: &[i16]) -> Vec<f32> {
    clip.iter().map(|&s| sample_to_f32(s)).collect()
}

/// The shipped packs hold every clip the caller announces (its one list, `clip_ids`) and no other
/// (the caller's own test checks that every preset's calls are in that list).
#[test]
fn shipped_packs_voice_every_clip_the_caller_announces_trimmed_and_captioned() {
    for (lang, words) in [("zh", Lang::Zh), ("en", Lang::En)] {
        let pack = shipped(lang);
        assert!(
            pack.problems().is_empty(),
            "{lang}: nothing missing, nothing unknown: {:?}",
            pack.problems()
        );
        assert_eq!(pack.language, lang);
        for id in clip_ids() {
            let samples = as_f32(pack.samples(id).unwrap_or_else(|| panic!("{lang} {id}")));
            // Trimmed: the first audible sample is within 4 ms of the start of the file.
            let first = first_audible(&samples).unwrap();
            assert!(
                first <= (RATE / 250) as usize,
                "{lang} {id}: first audible sample at {first}"
            );
            // Faded: it starts and ends near silence.
            assert!(
                samples[0].abs() < 0.05 && samples[samples.len() - 1].abs() < 0.05,
                "{lang} {id}"
            );
            let secs = samples.len() as f64 / f64::from(RATE);
            assert!(secs < 2.5, "{lang} {id}: {secs} s");
            if id.starts_with("count_") {
                // The final-minute count is one call a second: each must end well within it.
                assert!(secs < 0.8, "{lang} {id}: {secs} s");
            }
            assert_eq!(
                pack.text(id),
                clip_text(id, words),
                "{lang} {id}: the voice says what the caption shows"
            );
        }
    }
    // Decoded to a device's rate instead of the files' own (rodio's converter fed straight from
    // an Ogg Vorbis decoder gives silence; the pack must not).
    for lang in ["zh", "en"] {
        let native = shipped(lang);
        let at_48k = VoicePack::load_at(&shipped_pack_dir(lang), 48_000, &clip_ids()).unwrap();
        assert!(at_48k.problems().is_empty(), "{lang}: {:?}", at_48k.problems());
        for id in clip_ids() {
            let (a, b) = (native.duration(id).unwrap(), at_48k.duration(id).unwrap());
            assert!(a.abs_diff(b) < Duration::from_millis(2), "{lang} {id}: {a:?} vs {b:?}");
        }
    }
    assert_eq!(shipped("zh").caption("sec_30"), "30秒");
    assert_eq!(shipped("zh").caption("last_period"), "最后一次读秒");
    assert_eq!(shipped("en").caption("minutes_left_2"), "2 minutes left");
    assert_eq!(shipped("en").caption("time_up"), "Time is up");
}

/// `samples` as a 16-bit WAV file holds them (scaled by 32767 and rounded, as recorders do).
fn pcm16(samples: &[f32]) -> Vec<i16> {
    samples.iter().map(|s| (s * 32767.0).round() as i16).collect()
}

/// A 16-bit mono PCM WAV file.
fn write_wav(path: &Path, rate: u32, samples: &[f32]) {
    let data_len = (samples.len() * 2) as u32;
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"RIFF");
    bytes.extend_from_slice(&(36 + data_len).to_le_bytes());
    bytes.extend_from_slice(b"WAVEfmt ");
    bytes.extend_from_slice(&16u32.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&rate.to_le_bytes());
    bytes.extend_from_slice(&(rate * 2).to_le_bytes());
    bytes.extend_from_slice(&2u16.to_le_bytes());
    bytes.extend_from_slice(&16u16.to_le_bytes());
    bytes.extend_from_slice(b"data");
    bytes.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm16(samples) {
        bytes.extend_from_slice(&s.to_le_bytes());
    }
    std::fs::write(path, bytes).unwrap();
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-audio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tone(rate: u32, secs: f32) -> Vec<f32> {
    (0..(rate as f32 * secs) as usize)
        .map(|i| 0.5 * (i as f32 * 440.0 * std::f32::consts::TAU / rate as f32).sin())
        .collect()
}

#[test]
fn a_users_folder_without_manifest_loads_by_file_name_and_lists_its_problems() {
    let dir = temp_dir("user");
    write_wav(&dir.join("sec_30.wav"), 16_000, &tone(16_000, 0.3));
    std::fs::write(dir.join("sec_40.ogg"), b"not an ogg file").unwrap();
    write_wav(&dir.join("sec_50.wav"), 16_000, &[0.0; 1600]);
    write_wav(&dir.join("my_own_call.wav"), 16_000, &tone(16_000, 0.1));
    std::fs::write(dir.join("notes.txt"), b"ignored").unwrap();

    let pack = VoicePack::load_at(&dir, RATE, &clip_ids()).unwrap();
    // Decoded once, resampled to the pack's rate: 0.3 s at 22.05 kHz.
    let sec_30 = pack.samples("sec_30").unwrap();
    assert!(
        (sec_30.len() as i64 - (RATE as f32 * 0.3) as i64).abs() < 50,
        "{}",
        sec_30.len()
    );
    assert!(pack.samples("sec_40").is_none());
    assert!(pack.samples("sec_50").is_none());
    // No manifest, no words: the caption is the clip id.
    assert_eq!(pack.caption("sec_30"), "sec_30");
    let problems = pack.problems();
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, PackProblem::Unreadable { id, .. } if id == "sec_40"))
    );
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, PackProblem::Empty { id, .. } if id == "sec_50"))
    );
    assert!(
        problems
            .iter()
            .any(|p| matches!(p, PackProblem::Unknown { id } if id == "my_own_call"))
    );
    let missing: Vec<_> = problems
        .iter()
        .filter(|p| matches!(p, PackProblem::Missing { .. }))
        .collect();
    // Every caller clip but the three files present, each reported once.
    assert_eq!(missing.len(), clip_ids().len() - 3);
    // What a complete pack holds is the loader's parameter: expecting these ids instead, only
    // `count_1` is missing and no clip is unknown.
    let expected = ["sec_30", "sec_40", "sec_50", "my_own_call", "count_1"];
    let own = VoicePack::load_at(&dir, RATE, &expected).unwrap();
    let missing_or_unknown: Vec<&PackProblem> = own
        .problems()
        .iter()
        .filter(|p| matches!(p, PackProblem::Missing { .. } | PackProblem::Unknown { .. }))
        .collect();
    assert_eq!(
        missing_or_unknown,
        [&PackProblem::Missing {
            id: "count_1".to_string()
        }]
    );
    assert!(problems.iter().all(|p| !p.to_string().is_empty()));

    // With a manifest: a clip whose file is gone falls back to its words.
    std::fs::write(
        dir.join("voice.ron"),
        r#"(language: "en", name: "mine", clips: {
            "sec_30": (file: "sec_30.wav", text: "thirty"),
            "sec_40": (file: "gone.wav", text: "forty"),
        })"#,
    )
    .unwrap();
    let pack = VoicePack::load_at(&dir, RATE, &clip_ids()).unwrap();
    assert_eq!(pack.caption("sec_40"), "forty");
    assert!(pack.samples("sec_40").is_none());
    assert!(
        pack.problems()
            .iter()
            .any(|p| matches!(p, PackProblem::Unreadable { id, .. } if id == "sec_40"))
    );

    // A broken manifest or a missing folder is an error, not a panic.
    std::fs::write(dir.join("voice.ron"), "(clips: {").unwrap();
    assert!(matches!(
        VoicePack::load_at(&dir, RATE, &clip_ids()),
        Err(PackError::Manifest { .. })
    ));
    assert!(matches!(
        VoicePack::load(&dir.join("nowhere"), &clip_ids()),
        Err(PackError::NotAFolder(_))
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_decoded_clip_is_kept_as_16_bit_samples_within_one_step_of_its_file() {
    let dir = temp_dir("pcm16");
    let tone = tone(RATE, 0.2);
    write_wav(&dir.join("sec_30.wav"), RATE, &tone);
    let pack = VoicePack::load_at(&dir, RATE, &clip_ids()).unwrap();
    let clip: &ClipSamples = pack.samples("sec_30").unwrap();
    let values: &[i16] = clip;
    assert_eq!(std::mem::size_of_val(values), 2 * values.len(), "two bytes a sample");
    let in_file = pcm16(&tone);
    assert_eq!(
        values.len(),
        in_file.len(),
        "decoded at the file's own rate: no resampling"
    );
    let worst_steps = values
        .iter()
        .zip(&in_file)
        .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
        .max()
        .unwrap();
    assert!(worst_steps <= 1, "{worst_steps} steps from the file's samples");
    let step = 1.0 / 32768.0;
    let worst = as_f32(values)
        .iter()
        .zip(&tone)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0f32, f32::max);
    assert!(worst <= step, "{worst} from the tone written (one step is {step})");
    assert!(values.iter().any(|&s| s > 16_000), "the tone's peaks (0.5) are there");

    // The shipped packs hold 16-bit clips too.
    for lang in ["zh", "en"] {
        let pack = shipped(lang);
        let clip: &ClipSamples = pack.samples("sec_30").unwrap();
        assert_eq!(std::mem::size_of_val(&**clip), 2 * clip.len(), "{lang}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_clip_of_exact_16_bit_values_comes_out_of_the_timeline_unchanged() {
    let (input, mut timeline) = Timeline::new(RATE);
    input.play(1, clip_from_f32(vec![0.5f32; 200]), When::Sample(10));
    input.play(2, clip_from_f32(vec![-0.25f32; 50]), When::Sample(1000));
    let out: Vec<f32> = timeline.by_ref().take(1100).collect();
    assert!(out[..10].iter().all(|&s| s == 0.0));
    assert!(out[10..210].iter().all(|&s| s == 0.5), "{:?}", &out[8..212]);
    assert!(out[210..1000].iter().all(|&s| s == 0.0));
    assert!(out[1000..1050].iter().all(|&s| s == -0.25), "{:?}", &out[998..1052]);
    assert!(out[1050..].iter().all(|&s| s == 0.0));
}

#[test]
fn without_sound_every_announcement_is_a_caption_with_a_notice() {
    let mut engine = AudioEngine::silent(go_arbiter::audio::Silence::NoDevice);
    assert!(engine.status().notice().unwrap().contains("captions only"));
    let now = Instant::now();
    // No pack yet: the caption is the clip id.
    assert_eq!(engine.announce("sec_30", now).text, "sec_30");
    engine.set_pack(Arc::new(shipped("zh")));
    let caption = engine.announce("count_3", now);
    assert_eq!((caption.text.as_str(), caption.voiced), ("3", false));
    engine.announce("count_3", now);
    assert_eq!(engine.unvoiced(), vec!["count_3".to_string()]);

    // An engine told not to open a device says so, and still captions.
    let mut engine = AudioEngine::start(AudioConfig {
        open_device: false,
        ..AudioConfig::default()
    });
    let status = engine.wait_ready(Duration::from_secs(5));
    assert!(status.is_silent(), "{status:?}");
    engine.set_pack(Arc::new(shipped("en")));
    let caption = engine.announce("time_up", now);
    assert_eq!((caption.text.as_str(), caption.voiced), ("Time is up", false));
}

/// SplitMix64, for a seeded game.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

struct Call {
    id: u64,
    due: u64,
    clip: ClipSamples,
    /// The clip's first audible sample, from its own start.
    first: usize,
    /// Samples ahead of its due sample the command is sent (0: exactly when due).
    lead: u64,
}

/// A three-hour game in Chinese byo-yomi: Black hears the Mandarin pack, White the English one.
/// Each move takes a random time; the calls of a byo-yomi minute fall due at 30, 40, 50, 55 and
/// 58 s, a minute used is called at 60 s, and in a final minute the count runs 1 .. 9 at 51 ..
/// 59 s with "time is up" at 60 s (then the forfeited-move rule lets play go on). Due instants
/// are at millisecond resolution, not sample-aligned. Calls that would overlap the previous one
/// are left out (the test needs silence between calls to see each onset).
fn three_hour_game(zh: &VoicePack, en: &VoicePack) -> Vec<Call> {
    let mut rng = Rng(0x5EED_0F60);
    let mut calls = Vec::new();
    let mut t_ms: u64 = 5_000;
    let end_ms: u64 = 3 * 3600 * 1000;
    let mut black = true;
    let mut minutes_left = [10u32, 10u32];
    while t_ms < end_ms - 120_000 {
        let pack = if black { zh } else { en };
        let side = usize::from(!black);
        let final_minute = minutes_left[side] <= 1;
        let think_ms = match rng.below(10) {
            0..=3 => 5_000 + rng.below(24_000),  // quick: no call
            4..=8 => 31_000 + rng.below(28_900), // into the seconds calls
            _ => 60_000 + rng.below(2_000),      // a minute used (or time up)
        };
        let mut points: Vec<(u64, String)> = Vec::new();
        for s in [30u64, 40, 50] {
            points.push((s * 1000, format!("sec_{s}")));
        }
        if final_minute {
            for n in 1..=9u64 {
                points.push(((50 + n) * 1000, format!("count_{n}")));
            }
            points.push((60_000, "time_up".to_string()));
        } else {
            points.push((55_000, "sec_55".to_string()));
            points.push((58_000, "sec_58".to_string()));
            let left = minutes_left[side].saturating_sub(1).max(1);
            points.push((60_000, format!("minutes_left_{left}")));
        }
        for (offset, clip) in points {
            if offset > think_ms {
                break;
            }
            calls.push((t_ms + offset, pack, clip));
        }
        if think_ms >= 60_000 {
            if final_minute {
                minutes_left[side] = 10; // a fresh byo-yomi for the rest of the test game
            } else {
                minutes_left[side] -= 1;
            }
        }
        t_ms += think_ms + 200 + rng.below(800);
        black = !black;
    }

    let mut out: Vec<Call> = Vec::new();
    let mut busy_until = 0u64;
    let guard = u64::from(RATE) / 40; // 25 ms of silence between calls at least
    for (due_ms, pack, clip) in calls {
        let due = (due_ms * u64::from(RATE) + 500) / 1000;
        let samples = pack.samples(&clip).unwrap().clone();
        if due < busy_until + guard {
            continue;
        }
        busy_until = due + samples.len() as u64;
        let lead = match rng.below(4) {
            0 => 0,
            _ => rng.below(u64::from(RATE) / 4),
        };
        let first = first_audible(&as_f32(&samples)).unwrap();
        out.push(Call {
            id: out.len() as u64 + 1,
            due,
            clip: samples,
            first,
            lead,
        });
    }
    out
}

#[test]
fn a_three_hour_game_on_a_virtual_sample_clock_starts_every_call_within_5_ms() {
    let zh = shipped("zh");
    let en = shipped("en");
    let calls = three_hour_game(&zh, &en);
    assert!(calls.len() >= 300, "{} calls", calls.len());
    assert!(calls.iter().any(|c| c.lead == 0));

    // rodio's mixer and Player, pulled by hand: the sample index is the clock.
    let rate = NonZero::new(RATE).unwrap();
    let (mixer, mut output) = rodio::mixer::mixer(NonZero::new(1u16).unwrap(), rate);
    let (player, queue) = Player::new();
    mixer.add(queue);
    let (onset_tx, onset_rx) = channel::<Onset>();
    let (input, timeline) = Timeline::new(RATE);
    player.append(timeline.with_onsets(onset_tx));
    player.play();

    let tolerance = u64::from(RATE) / 200; // 5 ms
    let margin = tolerance as usize + 8;
    let total = 3 * 3600 * u64::from(RATE);
    // Sends, in the order they are sent.
    let mut sends: Vec<usize> = (0..calls.len()).collect();
    sends.sort_by_key(|&i| calls[i].due.saturating_sub(calls[i].lead));
    let mut next_send = 0;
    // The audio around each call (it must match the clip there); outside them, silence.
    let windows: Vec<(u64, u64)> = calls
        .iter()
        .map(|c| (c.due - margin as u64, c.due + c.clip.len() as u64 + margin as u64))
        .collect();
    let mut captured: Vec<Vec<f32>> = calls
        .iter()
        .map(|c| Vec::with_capacity(c.clip.len() + 2 * margin))
        .collect();
    let mut w = 0;
    let mut stray_audible: Vec<u64> = Vec::new();

    for k in 0..total {
        while next_send < sends.len() {
            let call = &calls[sends[next_send]];
            if call.due.saturating_sub(call.lead) > k {
                break;
            }
            assert!(input.play(call.id, call.clip.clone(), When::Sample(call.due)));
            next_send += 1;
        }
        let x = output.next().expect("the mixer never ends");
        while w < windows.len() && windows[w].1 <= k {
            w += 1;
        }
        if w < windows.len() && windows[w].0 <= k {
            captured[w].push(x);
        } else if x.abs() > AUDIBLE && stray_audible.len() < 10 {
            stray_audible.push(k);
        }
    }
    drop(player);

    // None twice, none missed: exactly one onset per call, in the timeline's own report ...
    let onsets: Vec<Onset> = onset_rx.try_iter().collect();
    assert_eq!(onsets.len(), calls.len());
    let mut seen = vec![false; calls.len() + 1];
    for onset in &onsets {
        assert!(!seen[onset.id as usize], "call {} started twice", onset.id);
        seen[onset.id as usize] = true;
        let due = calls[onset.id as usize - 1].due;
        assert!(
            onset.sample.abs_diff(due) <= tolerance,
            "call {}: onset {} due {due}",
            onset.id,
            onset.sample
        );
    }
    // ... and in the sound itself: nothing audible outside the calls, each call's first audible
    // sample within 5 ms of its due instant, and the clip there, whole and once.
    assert!(
        stray_audible.is_empty(),
        "audible samples outside any call: {stray_audible:?}"
    );
    let mut worst = 0i64;
    for (call, got) in calls.iter().zip(&captured) {
        let heard = first_audible(got).unwrap_or_else(|| panic!("call {} missed", call.id));
        // `margin` is the due sample's place in the window: the clip's own lead-in (its first
        // audible sample after its start) counts against the 5 ms too.
        let late = heard as i64 - margin as i64;
        worst = worst.max(late.abs());
        assert!(
            late.unsigned_abs() <= tolerance,
            "call {}: first audible sample {late} samples off",
            call.id
        );
        let start = heard - call.first;
        let played = &got[start..start + call.clip.len()];
        let diff = played
            .iter()
            .zip(call.clip.iter())
            .map(|(a, &b)| (a - sample_to_f32(b)).abs())
            .fold(0.0f32, f32::max);
        assert!(diff < 1e-3, "call {}: the clip played differs by {diff}", call.id);
    }
    eprintln!(
        "{} calls over three hours, worst onset error {worst} samples",
        calls.len()
    );
}

#[test]
fn a_call_due_while_another_speaks_waits_for_it_and_stop_silences_everything() {
    let (input, timeline) = Timeline::new(RATE);
    let (tx, rx) = channel();
    let mut timeline = timeline.with_onsets(tx);
    let long = clip_from_f32(vec![0.5f32; 2000]);
    let short = clip_from_f32(vec![0.25f32; 100]);
    input.play(1, long.clone(), When::Sample(0));
    input.play(2, short, When::Sample(1000));
    input.play(3, long.clone(), When::Sample(5000));
    let out: Vec<f32> = timeline.by_ref().take(3000).collect();
    // Never cut: the older clip plays whole, the newer one follows it from its end.
    assert!(out[..2000].iter().all(|&s| s == 0.5));
    assert!(out[2000..2100].iter().all(|&s| s == 0.25));
    assert!(out[2100..3000].iter().all(|&s| s == 0.0));
    input.stop_all();
    let rest: Vec<f32> = timeline.by_ref().take(10_000).collect();
    assert!(rest.iter().all(|&s| s == 0.0), "call 3 was stopped before it began");
    let onsets: Vec<(u64, u64, u64)> = rx.try_iter().map(|o| (o.id, o.sample, o.due_sample)).collect();
    assert_eq!(onsets, vec![(1, 0, 0), (2, 2000, 1000)]);
}

#[test]
fn a_wall_clock_instant_lands_on_the_sample_the_device_plays_then() {
    // A fake device: each callback of 341 frames says when its first frame will be heard (14 ms
    // after "now"), as cpal's playback timestamp does; the timeline places a clip asked for at an
    // Instant on the sample heard at that instant.
    let anchor = PlaybackAnchor::new();
    let (input, timeline) = Timeline::new(48_000);
    let (tx, rx) = channel();
    let mut timeline = timeline
        .with_onsets(tx)
        .with_wall_clock(WallClock::anchored(anchor.clone(), Duration::ZERO));
    let start = Instant::now();
    let heard = |frame: u64| start + Duration::from_millis(14) + Duration::from_nanos(frame * 1_000_000_000 / 48_000);
    let clip = clip_from_f32(vec![0.5f32; 100]);
    let due = start + Duration::from_millis(500);
    let mut frame = 0u64;
    let mut sent = false;
    while frame < 48_000 {
        anchor.publish(heard(frame));
        if !sent && frame > 4_800 {
            input.play(7, clip.clone(), When::Wall(due));
            sent = true;
        }
        for _ in 0..341 {
            timeline.next();
        }
        frame += 341;
    }
    let onset = rx.try_iter().next().unwrap();
    // Heard at due: frame (500 - 14) ms * 48 kHz = 23_328.
    assert!(onset.sample.abs_diff(23_328) <= 1, "{onset:?}");
    let heard_at = onset.heard_at.unwrap();
    let error = if heard_at > due { heard_at - due } else { due - heard_at };
    assert!(error < Duration::from_micros(50), "{error:?}");
}

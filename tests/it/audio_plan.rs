//! Tests of the calls planned ahead (issue 17): the caller's schedule handed to the timeline
//! before its instants, as the window does, played through rodio's own mixer and Player pulled by
//! hand (no device, no sleeping): the sample index is the clock.

use std::num::NonZero;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use go_arbiter::audio::{Onset, Planned, Timeline, TimelineInput, VoicePack, When, sample_to_f32, shipped_pack_dir};
use go_arbiter::board::Color::{Black, White};
use go_arbiter::caller::{Announcement, Script, clip_ids, due};
use go_arbiter::clock::{Clock, TimeControl};
use rodio::Player;
use rodio::mixer::MixerSource;

/// The packs' own rate (no resampling: the output is compared with the clips sample for sample).
const RATE: u32 = 22_050;
/// Below this a sample counts as silence (-40 dBFS).
const AUDIBLE: f32 = 0.01;
/// The output pulled to measure the rig's lead; no call comes before.
const PROBE_END: u64 = 22_000;
/// How far ahead the window plans (`ui::table::sound::PLAN_AHEAD`), and how often it plans again (a frame
/// a second while a clock runs).
const AHEAD: Duration = Duration::from_secs(3);

fn sample_of(at: Duration) -> u64 {
    (at.as_nanos() * u128::from(RATE)).div_ceil(1_000_000_000) as u64
}

/// rodio's mixer and Player around one timeline, pulled by hand; everything it played is kept.
struct Rig {
    output: MixerSource,
    _player: Player,
    input: TimelineInput,
    onsets: Receiver<Onset>,
    played: Vec<f32>,
    pack: VoicePack,
    /// How many samples rodio's mixer output is ahead of the timeline's own count (measured once
    /// with a probe: the same for every clip).
    lead: u64,
}

impl Rig {
    fn new(lang: &str) -> Rig {
        let rate = NonZero::new(RATE).unwrap();
        let (mixer, output) = rodio::mixer::mixer(NonZero::new(1u16).unwrap(), rate);
        let (player, queue) = Player::new();
        mixer.add(queue);
        let (tx, onsets) = channel();
        let (input, timeline) = Timeline::new(RATE);
        player.append(timeline.with_onsets(tx));
        player.play();
        let pack = VoicePack::load_at(&shipped_pack_dir(lang), RATE, &clip_ids()).unwrap();
        let mut rig = Rig {
            output,
            _player: player,
            input,
            onsets,
            played: Vec::new(),
            pack,
            lead: 0,
        };
        // The probe: one full-scale sample at timeline sample 20 000 (after the Player's start-up
        // ramp); the calls come after it.
        let probe: go_arbiter::audio::ClipSamples = vec![i16::MAX].into();
        assert!(rig.input.play(0, probe, When::Sample(20_000)));
        for _ in 0..PROBE_END {
            let x = rig.output.next().unwrap();
            rig.played.push(x);
        }
        // rodio's converter spreads the one sample over a few around it: its peak is the sample.
        let at = (0..rig.played.len())
            .max_by(|&a, &b| rig.played[a].abs().total_cmp(&rig.played[b].abs()))
            .unwrap() as u64;
        rig.lead = 20_000 - at;
        assert!(rig.lead < 100, "{}", rig.lead);
        let _ = rig.onsets.try_iter().count();
        rig
    }

    /// The index in `played` of the timeline's sample `sample`.
    fn out(&self, sample: u64) -> u64 {
        sample - self.lead
    }

    /// Pulls the output until the timeline's sample of `at`.
    fn run_to(&mut self, at: Duration) {
        let end = self.out(sample_of(at)) as usize;
        while self.played.len() < end {
            self.played.push(self.output.next().expect("the mixer never ends"));
        }
    }

    /// Plans `calls` (the window's plan: the calls due after `from`), keyed by instant and clip.
    fn plan(&self, from: Duration, calls: &[Announcement]) {
        let planned = calls
            .iter()
            .map(|a| Planned {
                id: key(a),
                key: key(a),
                clip: self.pack.samples(a.clip).unwrap().clone(),
                when: When::Sample(sample_of(a.at)),
            })
            .collect();
        assert!(self.input.plan(When::Sample(sample_of(from)), planned));
    }

    fn len_of(&self, clip: &str) -> u64 {
        self.pack.samples(clip).unwrap().len() as u64
    }

    fn first_audible_of(&self, clip: &str) -> u64 {
        self.pack
            .samples(clip)
            .unwrap()
            .iter()
            .position(|&s| sample_to_f32(s).abs() > AUDIBLE)
            .unwrap() as u64
    }

    /// The clip as played from `sample`, compared with the pack's (largest difference).
    fn difference(&self, clip: &str, sample: u64) -> f32 {
        let samples = self.pack.samples(clip).unwrap();
        let from = self.out(sample) as usize;
        let got = &self.played[from..from + samples.len()];
        got.iter()
            .zip(samples.iter())
            .map(|(a, &b)| (a - sample_to_f32(b)).abs())
            .fold(0.0, f32::max)
    }

    /// The timeline's sample of the first audible output from the timeline's `sample` on.
    fn first_audible_from(&self, sample: u64) -> Option<u64> {
        let from = self.out(sample) as usize;
        self.played[from..]
            .iter()
            .position(|s| s.abs() > AUDIBLE)
            .map(|p| sample + p as u64)
    }
}

fn key(a: &Announcement) -> u64 {
    ((a.at.as_millis() as u64) << 8) | (clip_ids().iter().position(|c| *c == a.clip).unwrap() as u64 + 1)
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// The window's loop: at every second of the clock, the next `AHEAD` of the schedule is planned.
fn play_planned(rig: &mut Rig, clock: &Clock, script: &Script, from: u64, to: u64) -> Vec<Announcement> {
    let control = *clock.control();
    let mut heard = Vec::new();
    for s in from..to {
        let upcoming = due(&control, script, &clock.reading(secs(s)), AHEAD);
        rig.plan(secs(s), &upcoming);
        for a in upcoming {
            if !heard.contains(&a) {
                heard.push(a);
            }
        }
        rig.run_to(secs(s + 1));
    }
    heard
}

/// Art. 12.3's whole script of two reserved minutes (`chinese:2m/2`), planned three seconds ahead
/// and planned again every second: every call begins on the sample of its instant, is played
/// whole, and is begun once; nothing is heard between the calls.
#[test]
fn art_12_3_calls_planned_ahead_begin_on_the_sample_of_their_instant() {
    let mut rig = Rig::new("zh");
    let control: TimeControl = "chinese:2m/2".parse().unwrap();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    let script = Script::default();
    let calls = play_planned(&mut rig, &clock, &script, 0, 125);
    let onsets: Vec<Onset> = rig.onsets.try_iter().collect();
    let clips: Vec<&str> = calls.iter().map(|a| a.clip).collect();
    assert_eq!(clips.len(), 20, "{clips:?}");
    assert_eq!(onsets.len(), calls.len(), "each call begun once");
    let mut ends_at = 0u64;
    for (call, onset) in calls.iter().zip(&onsets) {
        assert_eq!(onset.id, key(call), "in the order of the schedule");
        let due = sample_of(call.at);
        // Two calls at one instant: the second follows the first (checked below); else on the sample.
        let begins = due.max(ends_at);
        assert_eq!(onset.sample, begins, "{} at {:?}", call.clip, call.at);
        assert!(rig.difference(call.clip, begins) < 1e-3, "{} played whole", call.clip);
        assert_eq!(
            rig.first_audible_from(ends_at.max(PROBE_END)),
            Some(begins + rig.first_audible_of(call.clip)),
            "{}: its first audible sample, and nothing before it",
            call.clip
        );
        ends_at = begins + rig.len_of(call.clip);
    }
    assert_eq!(rig.first_audible_from(ends_at), None, "nothing after the last call");
}

/// A press cancels the calls that no longer fall due, on the sample: Black's 50 s call planned
/// ahead is dropped by a press at 45 s and never heard; White's calls are planned from the press.
/// A plan from an instant before a call that already began cuts that call too.
#[test]
fn a_press_cancels_the_planned_calls_that_no_longer_fall_due() {
    let mut rig = Rig::new("en");
    let control: TimeControl = "chinese:2m/2".parse().unwrap();
    let mut clock = Clock::new(control);
    let script = Script::default();
    clock.start(Duration::ZERO, Black).unwrap();
    // Planned at 47 s and 48 s: 50 s is within three seconds.
    rig.plan(secs(47), &due(&control, &script, &clock.reading(secs(47)), AHEAD));
    rig.run_to(Duration::from_millis(48_500));
    clock.press(Duration::from_millis(48_500), Black, 1).unwrap();
    let after = due(&control, &script, &clock.reading(Duration::from_millis(48_500)), AHEAD);
    assert!(after.is_empty(), "White's first 30 s call is not within three seconds");
    rig.plan(Duration::from_millis(48_500), &after);
    rig.run_to(secs(60));
    assert!(rig.onsets.try_iter().next().is_none(), "Black's 50 s call was dropped");
    assert_eq!(rig.first_audible_from(PROBE_END), None, "and nothing was heard");

    // White: 30 s after the press (78.5 s) planned, the press comes 2 ms after it began: a plan
    // from the press instant cuts it within 5 ms; the calls after stay dropped.
    let mut t = 60_000u64;
    while t < 78_000 {
        let now = Duration::from_millis(t);
        rig.plan(now, &due(&control, &script, &clock.reading(now), AHEAD));
        t += 1000;
        rig.run_to(Duration::from_millis(t));
    }
    let call = sample_of(Duration::from_millis(78_500));
    rig.run_to(Duration::from_millis(78_502));
    clock.press(Duration::from_millis(78_501), White, 2).unwrap();
    // The window's plan after the press, from an instant just before the call began.
    rig.plan(Duration::from_millis(78_499), &[]);
    rig.run_to(secs(100));
    let onsets: Vec<Onset> = rig.onsets.try_iter().collect();
    assert_eq!(onsets.len(), 1, "{onsets:?}");
    assert_eq!(onsets[0].sample, call);
    let cut = call + u64::from(RATE) / 100;
    assert_eq!(rig.first_audible_from(cut), None, "cut within 10 ms of its start");
}

/// Two calls due at one instant are said one after the other in the rules' order, never cut
/// (2002 Art. 12.3: "58秒、1分、还剩X分"): "1分" whole, then "还剩1分" from its end.
#[test]
fn art_12_3_one_minute_then_minutes_left_at_one_instant_follow_each_other_uncut() {
    let mut rig = Rig::new("zh");
    let control: TimeControl = "chinese:2m/2".parse().unwrap();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    let calls = play_planned(&mut rig, &clock, &Script::default(), 57, 66);
    let clips: Vec<&str> = calls.iter().map(|a| a.clip).collect();
    assert_eq!(clips, vec!["sec_58", "one_minute", "minutes_left_1"]);
    let onsets: Vec<Onset> = rig.onsets.try_iter().collect();
    let sixty = sample_of(secs(60));
    assert_eq!(onsets[1].sample, sixty, "1分 on the instant");
    let second = sixty + rig.len_of("one_minute");
    assert_eq!(onsets[2].sample, second, "还剩1分 from the end of 1分");
    assert!(rig.difference("one_minute", sixty) < 1e-3, "1分 whole");
    assert!(rig.difference("minutes_left_1", second) < 1e-3, "还剩1分 whole");
}

/// "10" is never cut. The 2002 text: "10" is the last call ("裁判员读出“10”而棋手同时落子或尚未落子，
/// 均应判为已使用1分钟"), heard whole with nothing after it. The older text: "最后的报法是“10，超时判负”",
/// one call. Where a "time is up" follows "10" (Japanese periods, sudden death), it waits for "10".
#[test]
fn art_12_3_ten_is_the_last_call_and_is_never_cut() {
    let mut rig = Rig::new("zh");
    let control: TimeControl = "chinese:2m/1".parse().unwrap();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    let calls = play_planned(&mut rig, &clock, &Script::default(), 110, 125);
    let clips: Vec<&str> = calls.iter().map(|a| a.clip).collect();
    assert_eq!(clips.last(), Some(&"count_10"), "{clips:?}");
    let ten = sample_of(secs(120));
    assert!(rig.difference("count_10", ten) < 1e-3, "10 whole");
    assert_eq!(rig.first_audible_from(ten + rig.len_of("count_10")), None);

    let old = Script::with(Default::default(), go_arbiter::caller::Wording::OldText);
    let mut rig = Rig::new("zh");
    let calls = play_planned(&mut rig, &clock, &old, 110, 125);
    assert_eq!(calls.last().map(|a| (a.at, a.clip)), Some((secs(120), "old_last_call")));
    assert!(rig.difference("old_last_call", ten) < 1e-3, "10，超时判负 whole");

    let mut rig = Rig::new("en");
    let control: TimeControl = "japanese:0m+1x30s".parse().unwrap();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    let calls = play_planned(&mut rig, &clock, &Script::default(), 25, 35);
    let last: Vec<&str> = calls.iter().rev().take(2).map(|a| a.clip).collect();
    assert_eq!(last, vec!["time_up", "count_10"]);
    let ten = sample_of(secs(30));
    assert!(rig.difference("count_10", ten) < 1e-3, "10 whole");
    let onsets: Vec<Onset> = rig.onsets.try_iter().collect();
    assert_eq!(onsets.last().map(|o| o.sample), Some(ten + rig.len_of("count_10")));
}

//! The pure announcement schedule: from a time control, a script and the clock's readings, which
//! calls fall due and at which exact instants. No clock, no audio, no system time.
//!
//! A turn's calls depend only on what the side had when its turn began ([`turn_calls`]); a call
//! is due when the turn's thinking time reaches its offset, so pauses move it later and a press
//! exactly at an offset still hears it (a step covers `(before, after]`).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::chinese::{ChineseScript, ScriptFault, Wording};
use super::clips::{
    clip_text, count_clip, minutes_left_clip, old_minutes_left_clip, periods_left_clip, seconds_clip, warning_clip,
};
use crate::board::Color;
use crate::clock::{Reading, TimeControl, TimeLeft};
use crate::lang::Lang;

/// Where the caller speaks. `Default` is the script of the rules (see the module docs of
/// [`crate::caller`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Script {
    /// Chinese byo-yomi: the period it is for, the calls of a period, of the last period, and the
    /// count (the rules' 60 s script by default; an event's own for fast games, Art. 12.3). A
    /// control with another period uses the script of its period ([`ChineseScript::for_control`]).
    pub chinese: ChineseScript,
    /// The rule edition's words for Chinese byo-yomi.
    pub wording: Wording,
    /// Japanese periods: the seconds into a period called by name. `None`: every 10 seconds
    /// until the last ten (10 and 20 for a 30 s period), the count then fills the last ten.
    pub japanese_calls: Option<Vec<u32>>,
    /// Sudden death, Fischer, and a Canadian period: the minutes-left warnings (10, 5, 1).
    pub warnings: Vec<u32>,
    /// Sudden death, Fischer, and a Canadian period: count 1 to 10 over the last ten seconds.
    pub final_count: bool,
    /// The event's choice ([`super::MainTimeCalls::Spoken`]): the `warnings` also sound as the main
    /// time of a control with byo-yomi after it runs down (Chinese, Japanese, Canadian).
    pub main_time_warnings: bool,
}

impl Default for Script {
    fn default() -> Script {
        Script {
            chinese: ChineseScript::default(),
            wording: Wording::default(),
            japanese_calls: None,
            warnings: vec![10, 5, 1],
            final_count: true,
            main_time_warnings: false,
        }
    }
}

/// A call point that has no clip.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptError {
    #[error("there is no clip for {0} seconds (5, 8, 10, 15, 18, 20, 25, 28, 30, 40, 50, 55 and 58 have one)")]
    Seconds(u32),
    #[error("{0} seconds falls in the final count (the last ten seconds of the minute)")]
    InCount(u32),
    #[error("there is no warning clip for {0} minutes (10, 5 and 1 have one)")]
    Warning(u32),
    #[error("Chinese byo-yomi: {0}")]
    Chinese(ScriptFault),
}

impl Script {
    /// Every call point has a clip and the final minute's calls come before its count.
    pub fn check(&self) -> Result<(), ScriptError> {
        self.chinese.check().map_err(ScriptError::Chinese)?;
        if let Some(&s) = self
            .japanese_calls
            .iter()
            .flatten()
            .find(|&&s| seconds_clip(s).is_none())
        {
            return Err(ScriptError::Seconds(s));
        }
        match self.warnings.iter().find(|&&m| warning_clip(m).is_none()) {
            Some(&m) => Err(ScriptError::Warning(m)),
            None => Ok(()),
        }
    }

    /// The rules' script with `chinese` for Chinese byo-yomi, in the edition's `wording`.
    pub fn with(chinese: ChineseScript, wording: Wording) -> Script {
        Script {
            chinese,
            wording,
            ..Script::default()
        }
    }
}

/// One call of a turn: `offset` is the turn's thinking time at which it is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Call {
    pub offset: Duration,
    pub clip: &'static str,
}

/// A call falling due: when (since the game's timeline origin), to whom, what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Announcement {
    pub at: Duration,
    pub player: Color,
    pub clip: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

impl Announcement {
    /// `clip` said to `player` at `at`, with its captions.
    pub fn said(at: Duration, player: Color, clip: &'static str) -> Announcement {
        Announcement::new(at, player, clip)
    }

    fn new(at: Duration, player: Color, clip: &'static str) -> Announcement {
        let zh = clip_text(clip, Lang::Zh).unwrap_or(clip);
        let en = clip_text(clip, Lang::En).unwrap_or(clip);
        Announcement {
            at,
            player,
            clip,
            zh,
            en,
        }
    }

    /// The caption in `lang`.
    pub fn text(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

/// Every call of a turn that began with `start`, in order of offset (calls at the same offset in
/// the order they are spoken). The last call is at the flag offset.
pub fn turn_calls(control: &TimeControl, script: &Script, start: &TimeLeft) -> Vec<Call> {
    let mut calls = Calls::default();
    let has_byoyomi = !matches!(control, TimeControl::Absolute { .. } | TimeControl::Fischer { .. });
    if has_byoyomi && script.main_time_warnings {
        calls.warnings(script, Duration::ZERO, start.main);
    }
    match *control {
        TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => {
            calls.sudden_death(script, Duration::ZERO, start.main)
        }
        TimeControl::Canadian { .. } => {
            calls.entering(start.main);
            calls.sudden_death(script, start.main, start.period);
        }
        TimeControl::Chinese { period, .. } => {
            calls.entering(start.main);
            let chinese = script.chinese.for_control(control);
            for index in 0..start.periods {
                let begins = start.main + period * index;
                match start.periods - index - 1 {
                    0 => calls.final_period(&chinese, script.wording, begins),
                    left => calls.chinese_period(&chinese, script.wording, begins, left),
                }
            }
        }
        TimeControl::Japanese { period, .. } => {
            calls.entering(start.main);
            for index in 0..start.periods {
                let begins = start.main + period * index;
                calls.period(script, begins, period, start.periods - index - 1);
            }
        }
    }
    calls.0.sort_by_key(|c| c.offset);
    calls.0
}

#[derive(Default)]
struct Calls(Vec<Call>);

impl Calls {
    fn push(&mut self, offset: Duration, clip: Option<&'static str>) {
        if let Some(clip) = clip {
            self.0.push(Call { offset, clip });
        }
    }

    fn at_seconds(&mut self, begins: Duration, seconds: u32, clip: Option<&'static str>) {
        self.push(begins + Duration::from_secs(u64::from(seconds)), clip);
    }

    /// "Byo-yomi begins" when main time runs out during the turn.
    fn entering(&mut self, main: Duration) {
        if !main.is_zero() {
            self.push(main, Some("byoyomi_start"));
        }
    }

    /// A Chinese period that is not the last: its calls, then at its end "one minute" and the
    /// minutes left (a 60 s period), or the period's seconds and the periods left (a fast game).
    fn chinese_period(&mut self, script: &ChineseScript, wording: Wording, begins: Duration, left: u32) {
        let length = u32::try_from(script.period.as_secs()).unwrap_or(u32::MAX);
        for &s in script.calls.iter().filter(|&&s| s < length) {
            self.at_seconds(begins, s, seconds_clip(s));
        }
        let (end, left) = match (length, wording) {
            (60, Wording::Text2002) => (Some("one_minute"), minutes_left_clip(left)),
            (60, Wording::OldText) => (Some("old_one_minute"), old_minutes_left_clip(left)),
            _ => (seconds_clip(length), periods_left_clip(left)),
        };
        self.at_seconds(begins, length, end);
        self.at_seconds(begins, length, left);
    }

    /// The last Chinese period: its calls, then the count of its last seconds ending on "10" at
    /// its end, the last call (2002 Art. 12.3: "裁判员读出“10”而棋手同时落子或尚未落子，均应判为已使用1分钟":
    /// nothing follows "10"; the older text: "最后的报法是“10，超时判负”", one call in place of "10").
    fn final_period(&mut self, script: &ChineseScript, wording: Wording, begins: Duration) {
        let length = u32::try_from(script.period.as_secs()).unwrap_or(u32::MAX);
        let count = script.count.min(10).min(length);
        for &s in script.last_calls.iter().filter(|&&s| s <= length - count) {
            self.at_seconds(begins, s, seconds_clip(s));
        }
        for step in 1..=count {
            let n = 10 - count + step;
            let clip = match (n, wording) {
                (10, Wording::OldText) => Some("old_last_call"),
                _ => count_clip(n),
            };
            self.at_seconds(begins, length - count + step, clip);
        }
    }

    /// A Japanese period: named seconds, the count ending with "10" at its end, then the periods
    /// left, "last period", or "time is up".
    fn period(&mut self, script: &Script, begins: Duration, length: Duration, left_after: u32) {
        let counted = length.as_secs().min(10);
        let count_from = length.as_secs() - counted;
        let named: Vec<u32> = match &script.japanese_calls {
            Some(calls) => calls.clone(),
            None => (1..=5)
                .map(|n| n * 10)
                .filter(|&s| u64::from(s) <= count_from)
                .collect(),
        };
        for s in named.into_iter().filter(|&s| s > 0 && u64::from(s) <= count_from) {
            self.at_seconds(begins, s, seconds_clip(s));
        }
        for step in 1..=counted {
            let n = u32::try_from(10 - counted + step).unwrap_or(10);
            self.push(begins + Duration::from_secs(count_from + step), count_clip(n));
        }
        let end = begins + length;
        match left_after {
            0 => self.push(end, Some("time_up")),
            1 => self.push(end, Some("last_period")),
            n => self.push(end, periods_left_clip(n)),
        }
    }

    /// The minutes-left warnings as `remaining` runs down from `begins`.
    fn warnings(&mut self, script: &Script, begins: Duration, remaining: Duration) {
        for &minutes in &script.warnings {
            let mark = Duration::from_secs(60 * u64::from(minutes));
            if remaining > mark {
                self.push(begins + remaining - mark, warning_clip(minutes));
            }
        }
    }

    /// Warnings as `remaining` runs down from `begins`, then the last ten seconds and the end.
    fn sudden_death(&mut self, script: &Script, begins: Duration, remaining: Duration) {
        self.warnings(script, begins, remaining);
        if script.final_count {
            for left in (0..10u32).rev() {
                let mark = Duration::from_secs(u64::from(left));
                if remaining > mark {
                    self.push(begins + remaining - mark, count_clip(10 - left));
                }
            }
        }
        self.push(begins + remaining, Some("time_up"));
    }
}

/// The calls of the last period a player hears before the flag (Chinese and Japanese byo-yomi:
/// the final minute or period; otherwise the last minute), offsets from that period's start: what
/// the event's test of the caller plays, for the arbiter to hear the voice, the beeps and the
/// volume before a round (for the rules' 60 s: 30, 40, 50, then 1 to 10).
pub fn last_period_calls(control: &TimeControl, script: &Script) -> Vec<Call> {
    let calls = turn_calls(control, script, &control.initial());
    let Some(flag) = calls.last().map(|c| c.offset) else {
        return Vec::new();
    };
    let period = match *control {
        TimeControl::Chinese { period, .. } | TimeControl::Japanese { period, .. } => period,
        _ => Duration::from_secs(60),
    };
    let begins = flag.saturating_sub(period);
    calls
        .into_iter()
        .filter(|c| c.offset > begins)
        .map(|c| Call {
            offset: c.offset - begins,
            clip: c.clip,
        })
        .collect()
}

/// The calls due while the clock runs on for `span` after `now` (nothing if it is stopped).
pub fn due(control: &TimeControl, script: &Script, now: &Reading, span: Duration) -> Vec<Announcement> {
    let Some(turn) = now.turn.filter(|t| t.running) else {
        return Vec::new();
    };
    turn_calls(control, script, &turn.start)
        .into_iter()
        .filter(|c| c.offset > turn.used && c.offset <= turn.used + span)
        .map(|c| Announcement::new(now.at + (c.offset - turn.used), turn.player, c.clip))
        .collect()
}

/// The calls due over a step from `before` to `after`, a stretch in which the clock only ran
/// (take a reading at every clock operation; a timeout inside the step is fine). If a new turn
/// began inside the step, its calls up to `after` are given.
pub fn due_between(control: &TimeControl, script: &Script, before: &Reading, after: &Reading) -> Vec<Announcement> {
    let Some(turn) = after.turn else {
        return Vec::new();
    };
    let same_turn = before
        .turn
        .filter(|b| b.player == turn.player && b.start == turn.start && b.used <= turn.used);
    let (from, instant): (Duration, Box<dyn Fn(Duration) -> Duration>) = match same_turn {
        Some(b) => (b.used, Box::new(move |offset| before.at + (offset - b.used))),
        None => (
            Duration::ZERO,
            Box::new(move |offset| after.at.saturating_sub(turn.used - offset)),
        ),
    };
    turn_calls(control, script, &turn.start)
        .into_iter()
        .filter(|c| c.offset > from && c.offset <= turn.used)
        .map(|c| Announcement::new(instant(c.offset), turn.player, c.clip))
        .collect()
}

/// Re-reading from a miscalled point (Art. 16.2): once the clock was set back to the point
/// (`Clock::reread_from`), the calls of that very point, said again now.
pub fn reread(control: &TimeControl, script: &Script, now: &Reading) -> Vec<Announcement> {
    let Some(turn) = now.turn else {
        return Vec::new();
    };
    turn_calls(control, script, &turn.start)
        .into_iter()
        .filter(|c| c.offset == turn.used)
        .map(|c| Announcement::new(now.at, turn.player, c.clip))
        .collect()
}

/// The answer to "how many minutes are left?" (Art. 16.1/16.2) in the 2002 text's words: see
/// [`minutes_left_in`].
pub fn minutes_left(control: &TimeControl, now: &Reading, player: Color) -> Vec<Announcement> {
    minutes_left_in(control, Wording::Text2002, now, player)
}

/// The answer to "how many minutes are left?" (Art. 16.1/16.2; old Art. 16.1: "读秒时，有询问己方
/// 还剩几分钟的权利"), spoken now for `player` in the edition's `wording`: in Chinese byo-yomi the
/// reserved minutes left, the current one included ("还剩X分", the older text "还剩X分钟"; in a fast
/// game the periods left); in Japanese byo-yomi the periods left ("last period" for one);
/// otherwise the whole minutes left, if 1 to 10. Empty when no clip says it (more than 10
/// minutes, or under one): the screen shows the time.
pub fn minutes_left_in(control: &TimeControl, wording: Wording, now: &Reading, player: Color) -> Vec<Announcement> {
    let left = now.left[player.index()];
    let minutes = |n: u32| match wording {
        Wording::Text2002 => minutes_left_clip(n),
        Wording::OldText => old_minutes_left_clip(n),
    };
    let clip = match *control {
        TimeControl::Chinese { period, .. } if left.main.is_zero() => match period.as_secs() {
            60 => minutes(left.periods),
            _ => periods_left_clip(left.periods),
        },
        TimeControl::Japanese { .. } if left.main.is_zero() => match left.periods {
            1 => Some("last_period"),
            n => periods_left_clip(n),
        },
        _ => u32::try_from(left.total(control).as_secs() / 60).ok().and_then(minutes),
    };
    clip.map(|clip| vec![Announcement::new(now.at, player, clip)])
        .unwrap_or_default()
}

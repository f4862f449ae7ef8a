//! The `caller preview` command: simulates a game with given move times on a real [`Clock`] and
//! lists every announcement it would hear, as text or JSON.

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use super::schedule::{Announcement, Script, due_between};
use crate::board::Color;
use crate::clock::{Clock, ClockError, PressOutcome, Reading, TimeControl};
use crate::lang::Lang;

/// What went wrong with a preview.
#[derive(Debug, Error)]
pub enum PreviewError {
    #[error("`{0}` is not a move time in seconds (write for example 35,61,59.9)")]
    MoveTime(String),
    #[error("no move times given")]
    NoMoves,
    #[error(transparent)]
    Clock(#[from] ClockError),
    #[error("cannot write JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// The command: the timeline of `moves` (seconds, comma-separated) under `control`, as text or
/// as pretty JSON, with the default script.
pub fn render(control: &TimeControl, lang: Lang, moves: &str, json: bool) -> Result<String, PreviewError> {
    let preview = simulate(control, &Script::default(), &parse_moves(moves)?)?;
    if json {
        return Ok(serde_json::to_string_pretty(&preview.to_json(lang))? + "\n");
    }
    Ok(preview.to_text(lang))
}

/// The timeline of a simulated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Preview {
    pub control: TimeControl,
    pub announcements: Vec<Announcement>,
    /// The side that ran out of time, and when: the simulation stops there (the arbiter would
    /// rule, Art. 22.5).
    pub timeout: Option<(Color, Duration)>,
}

/// One line of `--json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JsonLine {
    /// Seconds since the game started.
    pub at: f64,
    /// "B" or "W".
    pub player: String,
    pub clip: &'static str,
    pub text: &'static str,
}

/// Parses move times in seconds: `35,61,59.9` (up to nanoseconds, exact).
pub fn parse_moves(text: &str) -> Result<Vec<Duration>, PreviewError> {
    let moves = text
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| parse_seconds(t).ok_or_else(|| PreviewError::MoveTime(t.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    if moves.is_empty() {
        return Err(PreviewError::NoMoves);
    }
    Ok(moves)
}

fn parse_seconds(text: &str) -> Option<Duration> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 9 {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let nanos: u32 = if fraction.is_empty() {
        0
    } else {
        format!("{fraction:0<9}").parse().ok()?
    };
    Some(Duration::new(secs, nanos))
}

/// Plays the moves (Black first, alternating) on a clock started at 0 and collects what the
/// caller says, up to the last move or the first timeout.
pub fn simulate(control: &TimeControl, script: &Script, moves: &[Duration]) -> Result<Preview, PreviewError> {
    let mut clock = Clock::new(*control);
    clock.start(Duration::ZERO, Color::Black)?;
    let mut now = Duration::ZERO;
    let mut player = Color::Black;
    let mut announcements = Vec::new();
    let mut timeout = None;
    for (index, &thinking) in moves.iter().enumerate() {
        let before = clock.reading(now);
        now += thinking;
        let move_number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let outcome = clock.press(now, player, move_number)?;
        // The press started the opponent's turn (or stopped at a timeout): read the mover's
        // turn as it ended; the schedule has nothing after the flag.
        let ended = ended_turn(&before, thinking);
        announcements.extend(due_between(control, script, &before, &ended));
        if let PressOutcome::TimedOut { player, at } = outcome {
            timeout = Some((player, at));
            break;
        }
        player = player.opponent();
    }
    Ok(Preview {
        control: *control,
        announcements,
        timeout,
    })
}

/// The reading of a turn `thinking` later, had the clock kept running.
fn ended_turn(before: &Reading, thinking: Duration) -> Reading {
    let mut ended = *before;
    ended.at = before.at + thinking;
    if let Some(turn) = ended.turn.as_mut() {
        turn.used += thinking;
    }
    ended
}

impl Preview {
    /// One line per announcement: time since the start, player, words.
    pub fn to_text(&self, lang: Lang) -> String {
        let mut out = String::new();
        for a in &self.announcements {
            let _ = writeln!(out, "{:>9}  {}  {}", clock_time(a.at), a.player.letter(), a.text(lang));
        }
        if let Some((player, at)) = self.timeout {
            let _ = writeln!(
                out,
                "{} ran out of time at {} (the arbiter rules a loss, or on request a forfeited move, Art. 22.5)",
                player.name(),
                clock_time(at)
            );
        }
        out
    }

    /// The `--json` lines.
    pub fn to_json(&self, lang: Lang) -> Vec<JsonLine> {
        self.announcements
            .iter()
            .map(|a| JsonLine {
                at: a.at.as_secs_f64(),
                player: a.player.letter().to_string(),
                clip: a.clip,
                text: a.text(lang),
            })
            .collect()
    }
}

/// `0:30`, `2:05.5`, `1:02:03`.
pub fn clock_time(at: Duration) -> String {
    let secs = at.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let mut text = if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    };
    let nanos = at.subsec_nanos();
    if nanos > 0 {
        let fraction = format!("{nanos:09}");
        text.push('.');
        text.push_str(fraction.trim_end_matches('0'));
    }
    text
}

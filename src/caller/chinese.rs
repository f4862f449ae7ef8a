//! The script of Chinese byo-yomi (Art. 12.3) as an event writes it: the period it is for, the
//! calls of a period that is not the last, the calls of the last period and the count of its
//! last seconds; its written form (`30s: 10,20,25,28 / 10,20 +10`), the presets and the
//! edition's wording of the calls.
//!
//! The 2002 text, Art. 12.3: "60秒一手的读秒方式为：30秒、40秒、50秒、55秒、58秒、1分、还剩×分。用至
//! 最后一分钟时，读秒方式变为：30秒、40秒、50秒，此后随即以准确的语声逐秒报出：1、2、3、4、5、6、7、8、
//! 9、10", and "采用30秒、20秒、10秒或其他读秒办法的快棋比赛，可根据上述原则，事先规定读秒实施细则".
//!
//! The presets scale that principle down: in a period that is not the last, calls every 10 s
//! from half the period, then 5 s and 2 s before its end (60 s: 30, 40, 50, 55, 58); at its end
//! the period's length and the periods left ("1分、还剩×分" for 60 s; "30秒、还剩×次读秒" for 30 s);
//! in the last period, calls every 10 s until the last ten seconds, which are counted 1 to 10,
//! "10" at its end:
//!
//! | preset | written form |
//! | --- | --- |
//! | `rules-60s` | `60s: 30,40,50,55,58 / 30,40,50 +10` (the rules' own script) |
//! | `fast-30s` | `30s: 10,20,25,28 / 10,20 +10` |
//! | `fast-20s` | `20s: 10,15,18 / 10 +10` |
//! | `fast-10s` | `10s: 5,8 / +10` (the last period is counted whole) |
//!
//! The written form is `PERIOD: CALLS / LAST-CALLS +COUNT`: the period a whole number of
//! seconds (`30s`, `1m`), the calls seconds into the period separated by commas (each has a clip:
//! 5, 8, 10, 15, 18, 20, 25, 28, 30, 40, 50, 55, 58), rising, inside the period; the last period's
//! calls before its count; the count 1 to 10 seconds, ending on "10" at the period's end (a
//! count of 5 says 6, 7, 8, 9, 10). The reserved periods are the time control's
//! (`chinese:10m/3x30s`), which gives the period too: a script is used with the control of its
//! period (see [`ChineseScript::fits`]).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::clips::seconds_clip;
use crate::clock::{CHINESE_PERIODS, TimeControl, parse_duration};

/// How the caller words the calls of Chinese byo-yomi: the rule edition's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Wording {
    /// The 2002 text (Art. 12.3): "1分", "还剩×分", and in the last minute "10" then the loss.
    #[default]
    Text2002,
    /// The older text (old Art. 12.2): "在30秒、40秒、50秒、55秒、58秒、一分钟时各报秒一次。每扣除保留
    /// 的一分钟，裁判员应及时通知棋手“还剩 X 分钟”……最后的报法是“10，超时判负”": "一分钟", "还剩X分钟",
    /// and the last call "10，超时判负" in place of "10" and "超时".
    OldText,
}

/// The calls of Chinese byo-yomi for periods of `period`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChineseScript {
    /// The period the script is for: 60 s in the rules, 30, 20 or 10 s in fast games.
    pub period: Duration,
    /// Seconds into a period that is not the last at which the caller speaks; at its end the
    /// period (or "one minute") and the periods (minutes) left follow.
    pub calls: Vec<u32>,
    /// Seconds into the last period called before the count.
    pub last_calls: Vec<u32>,
    /// The last seconds of the last period counted, ending on "10" at its end.
    pub count: u32,
}

/// A named script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScriptPreset {
    pub name: &'static str,
    pub written: &'static str,
}

/// The presets, one per period of Art. 12.3 (see the module docs).
pub const SCRIPT_PRESETS: [ScriptPreset; 4] = [
    ScriptPreset {
        name: "rules-60s",
        written: "60s: 30,40,50,55,58 / 30,40,50 +10",
    },
    ScriptPreset {
        name: "fast-30s",
        written: "30s: 10,20,25,28 / 10,20 +10",
    },
    ScriptPreset {
        name: "fast-20s",
        written: "20s: 10,15,18 / 10 +10",
    },
    ScriptPreset {
        name: "fast-10s",
        written: "10s: 5,8 / +10",
    },
];

/// The most seconds counted at the end of the last period: "1 .. 10".
pub const MAX_COUNT: u32 = 10;

/// Why a written script is refused, with the column (from 1, in characters) where the fault is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {why}")]
pub struct ScriptFormError {
    pub column: usize,
    pub why: ScriptFault,
}

/// What is wrong with a script.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptFault {
    #[error(
        "empty script; write for example `30s: 10,20,25,28 / 10,20 +10` or a preset ({})",
        preset_names()
    )]
    Empty,
    #[error(
        "expected PERIOD: CALLS / LAST-CALLS +COUNT, as `30s: 10,20,25,28 / 10,20 +10`, or a preset ({})",
        preset_names()
    )]
    Shape,
    #[error("`{0}` is not a period: write whole seconds, as 30s")]
    Period(String),
    #[error("a period is {}s to {}s, not {}s", .min.as_secs(), .max.as_secs(), .got.as_secs())]
    PeriodOutOfRange {
        got: Duration,
        min: Duration,
        max: Duration,
    },
    #[error("`{0}` is not a whole number of seconds")]
    Number(String),
    #[error("there is no clip for {0} seconds (5, 8, 10, 15, 18, 20, 25, 28, 30, 40, 50, 55 and 58 have one)")]
    NoClip(u32),
    #[error("{call} seconds is not inside a period of {}s", .period.as_secs())]
    OutsidePeriod { call: u32, period: Duration },
    #[error("{call} seconds comes after {previous}: calls rise")]
    NotRising { call: u32, previous: u32 },
    #[error("{call} seconds falls in the count of the last {count} seconds")]
    InCount { call: u32, count: u32 },
    #[error("count 1 to {max} seconds, at most the period, not {got}")]
    Count { got: u32, max: u32 },
    #[error("the script is for periods of {}s, the time control's are {}s", .script.as_secs(), .control.as_secs())]
    OtherPeriod { script: Duration, control: Duration },
}

fn preset_names() -> String {
    SCRIPT_PRESETS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

impl Default for ChineseScript {
    /// The rules' script for 60 s (Art. 12.3).
    fn default() -> ChineseScript {
        ChineseScript {
            period: Duration::from_secs(60),
            calls: vec![30, 40, 50, 55, 58],
            last_calls: vec![30, 40, 50],
            count: MAX_COUNT,
        }
    }
}

impl ChineseScript {
    /// The preset of that name.
    pub fn preset(name: &str) -> Option<ChineseScript> {
        SCRIPT_PRESETS
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.written.parse().ok())
    }

    /// The script for periods of `period`: the preset of that period, or else, for a period that
    /// has none, every 10 s that has a clip, the last period counted in its last ten seconds.
    pub fn for_period(period: Duration) -> ChineseScript {
        let preset = SCRIPT_PRESETS
            .iter()
            .filter_map(|p| p.written.parse::<ChineseScript>().ok())
            .find(|s| s.period == period);
        preset.unwrap_or_else(|| {
            let secs = u32::try_from(period.as_secs()).unwrap_or(u32::MAX);
            let count = secs.min(MAX_COUNT);
            let tens = (1..=5).map(|n| n * 10);
            ChineseScript {
                period,
                calls: tens.clone().filter(|&s| s < secs).collect(),
                last_calls: tens.filter(|&s| s <= secs - count).collect(),
                count,
            }
        })
    }

    /// The script a control uses: this one when it is for the control's period, else the one for
    /// that period ([`ChineseScript::for_period`]).
    pub fn for_control(&self, control: &TimeControl) -> ChineseScript {
        match control {
            TimeControl::Chinese { period, .. } if *period != self.period => ChineseScript::for_period(*period),
            _ => self.clone(),
        }
    }

    /// Whether the script is for the periods of `control` (any script fits a control without
    /// Chinese byo-yomi: it is not used there).
    pub fn fits(&self, control: &TimeControl) -> Result<(), ScriptFault> {
        match control {
            TimeControl::Chinese { period, .. } if *period != self.period => Err(ScriptFault::OtherPeriod {
                script: self.period,
                control: *period,
            }),
            _ => Ok(()),
        }
    }

    /// Every number is within the period, rising, with a clip; the last calls come before the
    /// count.
    pub fn check(&self) -> Result<(), ScriptFault> {
        check_period(self.period)?;
        let secs = self.secs();
        check_count(self.count, secs)?;
        let mut faults = check_calls(&self.calls, secs, None)
            .chain(check_calls(&self.last_calls, secs, Some(self.count)))
            .map(|(_, fault)| fault);
        faults.next().map_or(Ok(()), Err)
    }

    fn secs(&self) -> u32 {
        u32::try_from(self.period.as_secs()).unwrap_or(u32::MAX)
    }
}

fn check_period(period: Duration) -> Result<(), ScriptFault> {
    let (min, max) = CHINESE_PERIODS;
    if period < min || period > max || period.subsec_nanos() != 0 {
        return Err(ScriptFault::PeriodOutOfRange { got: period, min, max });
    }
    Ok(())
}

fn check_count(count: u32, period: u32) -> Result<(), ScriptFault> {
    let max = MAX_COUNT.min(period);
    if count == 0 || count > max {
        return Err(ScriptFault::Count { got: count, max });
    }
    Ok(())
}

/// The faults of a list of calls, each with its index; `count`: the last period's count, which
/// its calls must come before.
fn check_calls(calls: &[u32], period: u32, count: Option<u32>) -> impl Iterator<Item = (usize, ScriptFault)> + '_ {
    calls.iter().enumerate().filter_map(move |(i, &call)| {
        let previous = i.checked_sub(1).and_then(|p| calls.get(p)).copied();
        let fault = if call == 0 || call >= period {
            Some(ScriptFault::OutsidePeriod {
                call,
                period: Duration::from_secs(u64::from(period)),
            })
        } else if let Some(previous) = previous.filter(|&p| p >= call) {
            Some(ScriptFault::NotRising { call, previous })
        } else if let Some(count) = count.filter(|&c| call > period.saturating_sub(c)) {
            Some(ScriptFault::InCount { call, count })
        } else if seconds_clip(call).is_none() {
            Some(ScriptFault::NoClip(call))
        } else {
            None
        };
        fault.map(|f| (i, f))
    })
}

impl FromStr for ChineseScript {
    type Err = ScriptFormError;

    fn from_str(text: &str) -> Result<ChineseScript, ScriptFormError> {
        let at = |byte: usize, why: ScriptFault| ScriptFormError {
            column: text.get(..byte).map_or(0, |t| t.chars().count()) + 1,
            why,
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(at(0, ScriptFault::Empty));
        }
        if let Some(preset) = SCRIPT_PRESETS.iter().find(|p| p.name == trimmed) {
            return preset.written.parse();
        }
        let shape = |byte: usize| at(byte, ScriptFault::Shape);
        let colon = text.find(':').ok_or_else(|| shape(text.len()))?;
        let slash = text.find('/').filter(|&s| s > colon).ok_or_else(|| shape(text.len()))?;
        let plus = text
            .rfind('+')
            .filter(|&p| p > slash)
            .ok_or_else(|| shape(text.len()))?;
        let period_text = &text[..colon];
        let period_at = period_text.len() - period_text.trim_start().len();
        let period = parse_duration(period_text)
            .map_err(|_| at(period_at, ScriptFault::Period(period_text.trim().to_string())))?;
        check_period(period).map_err(|why| at(period_at, why))?;
        let secs = u32::try_from(period.as_secs()).unwrap_or(u32::MAX);
        let counted = numbers(text, plus + 1, text.len()).map_err(|(b, why)| at(b, why))?;
        let (count_at, count) = match counted[..] {
            [one] => one,
            [] => return Err(shape(text.len())),
            [_, (extra, _), ..] => return Err(shape(extra)),
        };
        check_count(count, secs).map_err(|why| at(count_at, why))?;
        let read = |from: usize, to: usize, count: Option<u32>| -> Result<Vec<u32>, ScriptFormError> {
            let found = numbers(text, from, to).map_err(|(b, why)| at(b, why))?;
            let calls: Vec<u32> = found.iter().map(|(_, n)| *n).collect();
            let fault = check_calls(&calls, secs, count).next();
            match fault {
                Some((i, why)) => Err(at(found.get(i).map_or(from, |(b, _)| *b), why)),
                None => Ok(calls),
            }
        };
        let calls = read(colon + 1, slash, None)?;
        let last_calls = read(slash + 1, plus, Some(count))?;
        Ok(ChineseScript {
            period,
            calls,
            last_calls,
            count,
        })
    }
}

/// The whole numbers between bytes `from` and `to` of `text`, separated by commas or spaces
/// (an `s` after a number is allowed), each with its byte offset in `text`.
fn numbers(text: &str, from: usize, to: usize) -> Result<Vec<(usize, u32)>, (usize, ScriptFault)> {
    let part = text.get(from..to).unwrap_or("");
    let mut out = Vec::new();
    let mut word_start = None;
    let separator = |c: char| c == ',' || c == '，' || c.is_whitespace();
    let mut end_word = |start: usize, end: usize| -> Result<(), (usize, ScriptFault)> {
        let word = &part[start..end];
        let secs = word.strip_suffix(['s', 'S']).unwrap_or(word);
        let n = secs
            .parse()
            .map_err(|_| (from + start, ScriptFault::Number(word.to_string())))?;
        out.push((from + start, n));
        Ok(())
    };
    for (i, c) in part.char_indices() {
        match (separator(c), word_start) {
            (true, Some(start)) => {
                end_word(start, i)?;
                word_start = None;
            }
            (false, None) => word_start = Some(i),
            _ => {}
        }
    }
    if let Some(start) = word_start {
        end_word(start, part.len())?;
    }
    Ok(out)
}

impl fmt::Display for ChineseScript {
    /// The canonical written form: `30s: 10,20,25,28 / 10,20 +10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |calls: &[u32]| calls.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        let spaced = |calls: &[u32]| match calls.is_empty() {
            true => String::new(),
            false => format!("{} ", list(calls)),
        };
        write!(
            f,
            "{}s: {}/ {}+{}",
            self.period.as_secs(),
            spaced(&self.calls),
            spaced(&self.last_calls),
            self.count
        )
    }
}

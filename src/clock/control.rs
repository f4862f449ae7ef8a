//! Time controls as data, their written form (`chinese:60m/5`, ...) and the named presets.
//!
//! The written form, one kind per control (durations are whole seconds written with `h`, `m`
//! and `s`, largest unit first: `90s`, `10m`, `1h30m`, `0`):
//!
//! | written form | meaning |
//! | --- | --- |
//! | `absolute:60m` | sudden death (baogan): 60 minutes, loss on time |
//! | `chinese:60m/5` | 60 minutes in all, of which the last 5 are reserved for byo-yomi (Art. 12.3) |
//! | `chinese:10m/3x30s` | a fast game: 10 minutes in all, of which the last 3 periods of 30 s are reserved (Art. 12.3: "采用30秒、20秒、10秒或其他读秒办法的快棋比赛") |
//! | `japanese:10m+3x30s` | 10 minutes, then 3 periods of 30 seconds |
//! | `canadian:60m+15/10m` | 60 minutes, then 15 moves in every 10 minutes, unused time carried on (Art. 12.5) |
//! | `fischer:30m+20s` | 30 minutes, 20 seconds added after each move |
//!
//! `Display` writes the canonical form (`1h` is written `60m`, `60s` is written `1m`) and
//! parsing it back gives the same value. A name from [`PRESETS`] parses too.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most reserved minutes of Chinese byo-yomi: the caller can say "1 to 10 minutes left".
pub const MAX_RESERVED_MINUTES: u32 = 10;
/// The shortest and the longest period of Chinese byo-yomi: 10 s (the shortest fast game of Art.
/// 12.3, whose final period is counted whole) to the 60 s of the rules.
pub const CHINESE_PERIODS: (Duration, Duration) = (Duration::from_secs(10), Duration::from_secs(60));
/// The most Japanese periods: the caller can say "2 to 5 periods left" and "last period".
pub const MAX_PERIODS: u32 = 6;

/// How a game is timed. Every duration is a whole number of seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// Sudden death: `main` for the whole game.
    Absolute { main: Duration },
    /// Chinese byo-yomi: `main` in all, of which the last `reserved_minutes` periods of `period`
    /// (60 s, or 30, 20, 10 s in a fast game) are byo-yomi. A move under one period uses none of
    /// them, each full period of a move uses one, the last is the final minute (final period).
    Chinese {
        main: Duration,
        /// Reserved periods: minutes when `period` is 60 s.
        reserved_minutes: u32,
        /// The length of one reserved period; values stored before fast games had it are 60 s.
        #[serde(default = "TimeControl::minute")]
        period: Duration,
    },
    /// Japanese byo-yomi: `main`, then `periods` periods of `period` each.
    Japanese {
        main: Duration,
        periods: u32,
        period: Duration,
    },
    /// Moves per period: `main`, then `moves` moves in every `period`, unused time carried on.
    Canadian {
        main: Duration,
        moves: u32,
        period: Duration,
    },
    /// Fischer: `main`, and `increment` added after each move.
    Fischer { main: Duration, increment: Duration },
}

/// A named, common tournament setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Preset {
    pub name: &'static str,
    pub spec: &'static str,
    pub about: &'static str,
}

/// The named presets (settings to review with the chief arbiter, not rules).
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "chinese-national",
        spec: "chinese:120m/5",
        about: "2 hours each, 5 minutes reserved for byo-yomi (national events keep 5, Art. 12.3)",
    },
    Preset {
        name: "chinese-local",
        spec: "chinese:60m/1",
        about: "1 hour each, 1 minute reserved for byo-yomi (local events may keep 1, Art. 12.3)",
    },
    Preset {
        name: "chinese-fast-30s",
        spec: "chinese:10m/3x30s",
        about: "fast game, Chinese byo-yomi: 10 minutes each, the last 3 periods of 30 s reserved (Art. 12.3)",
    },
    Preset {
        name: "chinese-fast-20s",
        spec: "chinese:5m/3x20s",
        about: "fast game, Chinese byo-yomi: 5 minutes each, the last 3 periods of 20 s reserved (Art. 12.3)",
    },
    Preset {
        name: "chinese-fast-10s",
        spec: "chinese:5m/3x10s",
        about: "fast game, Chinese byo-yomi: 5 minutes each, the last 3 periods of 10 s reserved (Art. 12.3)",
    },
    Preset {
        name: "fast-30s",
        spec: "japanese:10m+3x30s",
        about: "fast game: 10 minutes, then 3 periods of 30 s",
    },
    Preset {
        name: "fast-20s",
        spec: "japanese:5m+3x20s",
        about: "fast game: 5 minutes, then 3 periods of 20 s",
    },
    Preset {
        name: "fast-10s",
        spec: "japanese:0m+3x10s",
        about: "fast game: no main time, 3 periods of 10 s",
    },
    Preset {
        name: "sudden-death-60m",
        spec: "absolute:60m",
        about: "sudden death, 1 hour each",
    },
    Preset {
        name: "sudden-death-30m",
        spec: "absolute:30m",
        about: "sudden death, 30 minutes each",
    },
    Preset {
        name: "moves-per-period",
        spec: "canadian:60m+15/10m",
        about: "1 hour, then 15 moves in every 10 minutes, unused time carried on (Art. 12.5)",
    },
    Preset {
        name: "fischer",
        spec: "fischer:30m+20s",
        about: "30 minutes, 20 seconds added after each move",
    },
];

/// What was wrong with a written time control.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ControlError {
    #[error("empty time control; write for example `chinese:60m/5`")]
    Empty,
    #[error(
        "unknown time control `{0}`: write absolute:60m, chinese:60m/5, japanese:10m+3x30s, \
         canadian:60m+15/10m, fischer:30m+20s, or a preset ({presets})",
        presets = preset_names()
    )]
    UnknownKind(String),
    #[error("`{spec}`: expected {expected}")]
    Shape { spec: String, expected: Form },
    #[error("`{text}` is not a duration: {why} (write for example 30s, 10m, 1h30m)")]
    Duration { text: String, why: DurationFault },
    #[error("`{text}` is not a whole number")]
    Number { text: String },
    #[error("`{spec}`: {why}")]
    Invalid { spec: String, why: ControlFault },
}

/// The written form a kind of time control expects, when the text lacks its separators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `chinese:MAIN/RESERVED`, or `chinese:MAIN/RESERVEDxPERIOD` for a fast game.
    Chinese,
    /// `japanese:MAIN+PERIODSxPERIOD`.
    Japanese,
    /// `canadian:MAIN+MOVES/PERIOD`.
    Canadian,
    /// `fischer:MAIN+INCREMENT`.
    Fischer,
}

/// A part of a written time control, named in a [`Form`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The main time.
    Main,
    /// Chinese byo-yomi's reserved minutes.
    Reserved,
    /// The number of Japanese periods.
    Periods,
    /// The length of one period.
    Period,
    /// The moves to play in each Canadian period.
    Moves,
    /// Fischer's time added after each move.
    Increment,
}

impl Part {
    /// The part's placeholder in the written form: `MAIN`, `RESERVED`, ...
    pub fn placeholder(self) -> &'static str {
        match self {
            Part::Main => "MAIN",
            Part::Reserved => "RESERVED",
            Part::Periods => "PERIODS",
            Part::Period => "PERIOD",
            Part::Moves => "MOVES",
            Part::Increment => "INCREMENT",
        }
    }
}

impl Form {
    #[cfg(test)]
    pub(crate) const ALL: [Form; 4] = [Form::Chinese, Form::Japanese, Form::Canadian, Form::Fischer];

    /// The kind as written before the colon: `chinese`, ...
    pub fn kind(self) -> &'static str {
        match self {
            Form::Chinese => "chinese",
            Form::Japanese => "japanese",
            Form::Canadian => "canadian",
            Form::Fischer => "fischer",
        }
    }

    /// The form after the colon: its parts and the separators after each (the last has none).
    pub fn parts(self) -> &'static [(Part, &'static str)] {
        match self {
            Form::Chinese => &[(Part::Main, "/"), (Part::Reserved, "")],
            Form::Japanese => &[(Part::Main, "+"), (Part::Periods, "x"), (Part::Period, "")],
            Form::Canadian => &[(Part::Main, "+"), (Part::Moves, "/"), (Part::Period, "")],
            Form::Fischer => &[(Part::Main, "+"), (Part::Increment, "")],
        }
    }

    /// A control written in this form: `chinese:60m/5`, ...
    pub fn example(self) -> &'static str {
        match self {
            Form::Chinese => "chinese:60m/5",
            Form::Japanese => "japanese:10m+3x30s",
            Form::Canadian => "canadian:60m+15/10m",
            Form::Fischer => "fischer:30m+20s",
        }
    }

    /// The form with each part named by `name`: `chinese:MAIN/RESERVED` with
    /// [`Part::placeholder`].
    pub fn written(self, name: impl Fn(Part) -> &'static str) -> String {
        let mut out = format!("{}:", self.kind());
        for (part, separator) in self.parts() {
            out.push_str(name(*part));
            out.push_str(separator);
        }
        out
    }
}

impl fmt::Display for Form {
    /// "chinese:MAIN/RESERVED, as chinese:60m/5".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, as {}", self.written(Part::placeholder), self.example())
    }
}

/// Why a written duration does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum DurationFault {
    #[error("it is empty")]
    Empty,
    #[error("only whole seconds are allowed")]
    Fraction,
    #[error("units are h, m and s")]
    UnknownUnit,
    #[error("a unit needs a number before it")]
    UnitWithoutNumber,
    #[error("write units once each, largest first")]
    UnitOrder,
    #[error("the number is too large")]
    TooLarge,
    #[error("a number needs a unit after it (h, m or s)")]
    NumberWithoutUnit,
}

impl DurationFault {
    #[cfg(test)]
    pub(crate) const ALL: [DurationFault; 7] = [
        DurationFault::Empty,
        DurationFault::Fraction,
        DurationFault::UnknownUnit,
        DurationFault::UnitWithoutNumber,
        DurationFault::UnitOrder,
        DurationFault::TooLarge,
        DurationFault::NumberWithoutUnit,
    ];
}

/// Why a time control that reads is refused, with its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum ControlFault {
    #[error("reserve {min} to {max} minutes, not {got}")]
    ReserveOutOfRange { got: u32, min: u32, max: u32 },
    #[error("{reserved} reserved minutes do not fit in {} of main time", WrittenDuration(*.main))]
    ReserveExceedsMain { reserved: u32, main: Duration },
    #[error(
        "{reserved} reserved periods of {} do not fit in {} of main time",
        WrittenDuration(*.period),
        WrittenDuration(*.main)
    )]
    ReservedPeriodsExceedMain {
        reserved: u32,
        period: Duration,
        main: Duration,
    },
    #[error(
        "a Chinese byo-yomi period is {} to {}, not {}",
        WrittenDuration(*.min),
        WrittenDuration(*.max),
        WrittenDuration(*.got)
    )]
    ChinesePeriodOutOfRange {
        got: Duration,
        min: Duration,
        max: Duration,
    },
    #[error("{min} to {max} periods, not {got}")]
    PeriodsOutOfRange { got: u32, min: u32, max: u32 },
    #[error("a period cannot be 0 seconds")]
    EmptyPeriod,
    #[error("a period needs at least one move and more than 0 seconds")]
    EmptyCanadianPeriod,
    #[error("sudden death needs more than 0 seconds")]
    NoSuddenDeathTime,
    #[error("Fischer needs main time or an increment")]
    NoFischerTime,
}

fn preset_names() -> String {
    PRESETS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

impl TimeControl {
    /// The preset of that name.
    pub fn preset(name: &str) -> Option<TimeControl> {
        PRESETS
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| p.spec.parse().ok())
    }

    /// The period of Chinese byo-yomi in the rules (Art. 12.3: "60秒一手的读秒方式").
    pub(crate) fn minute() -> Duration {
        Duration::from_secs(60)
    }

    /// Chinese byo-yomi of the rules: `reserved` minutes of 60 s in `main`.
    pub fn chinese(main: Duration, reserved: u32) -> TimeControl {
        TimeControl::Chinese {
            main,
            reserved_minutes: reserved,
            period: TimeControl::minute(),
        }
    }

    /// Main time at the start (Chinese: the free main time, outside the reserved minutes).
    pub fn free_main(&self) -> Duration {
        match *self {
            TimeControl::Chinese {
                main,
                reserved_minutes,
                period,
            } => main.saturating_sub(period.saturating_mul(reserved_minutes)),
            TimeControl::Absolute { main }
            | TimeControl::Japanese { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. } => main,
        }
    }

    /// The length of one byo-yomi unit: a minute (Chinese), a period (Japanese, Canadian).
    pub fn period_length(&self) -> Option<Duration> {
        match *self {
            TimeControl::Chinese { period, .. } => Some(period),
            TimeControl::Japanese { period, .. } | TimeControl::Canadian { period, .. } => Some(period),
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => None,
        }
    }

    /// Chinese or Japanese byo-yomi: counted in whole units per move, the last one final.
    pub fn has_counted_byo_yomi(&self) -> bool {
        matches!(self, TimeControl::Chinese { .. } | TimeControl::Japanese { .. })
    }

    fn check(self, spec: &str) -> Result<TimeControl, ControlError> {
        let invalid = |why: ControlFault| {
            Err(ControlError::Invalid {
                spec: spec.to_string(),
                why,
            })
        };
        match self {
            TimeControl::Chinese {
                main,
                reserved_minutes,
                period,
            } => {
                let (min, max) = CHINESE_PERIODS;
                if period < min || period > max {
                    return invalid(ControlFault::ChinesePeriodOutOfRange { got: period, min, max });
                }
                if reserved_minutes == 0 || reserved_minutes > MAX_RESERVED_MINUTES {
                    return invalid(ControlFault::ReserveOutOfRange {
                        got: reserved_minutes,
                        min: 1,
                        max: MAX_RESERVED_MINUTES,
                    });
                }
                if main < period.saturating_mul(reserved_minutes) {
                    return invalid(match period == TimeControl::minute() {
                        true => ControlFault::ReserveExceedsMain {
                            reserved: reserved_minutes,
                            main,
                        },
                        false => ControlFault::ReservedPeriodsExceedMain {
                            reserved: reserved_minutes,
                            period,
                            main,
                        },
                    });
                }
            }
            TimeControl::Japanese { periods, period, .. } => {
                if periods == 0 || periods > MAX_PERIODS {
                    return invalid(ControlFault::PeriodsOutOfRange {
                        got: periods,
                        min: 1,
                        max: MAX_PERIODS,
                    });
                }
                if period.is_zero() {
                    return invalid(ControlFault::EmptyPeriod);
                }
            }
            TimeControl::Canadian { moves, period, .. } => {
                if moves == 0 || period.is_zero() {
                    return invalid(ControlFault::EmptyCanadianPeriod);
                }
            }
            TimeControl::Absolute { main } => {
                if main.is_zero() {
                    return invalid(ControlFault::NoSuddenDeathTime);
                }
            }
            TimeControl::Fischer { main, increment } => {
                if main.is_zero() && increment.is_zero() {
                    return invalid(ControlFault::NoFischerTime);
                }
            }
        }
        Ok(self)
    }
}

impl FromStr for TimeControl {
    type Err = ControlError;

    fn from_str(text: &str) -> Result<TimeControl, ControlError> {
        let spec = text.trim();
        if spec.is_empty() {
            return Err(ControlError::Empty);
        }
        let Some((kind, rest)) = spec.split_once(':') else {
            return PRESETS
                .iter()
                .find(|p| p.name == spec)
                .ok_or_else(|| ControlError::UnknownKind(spec.to_string()))
                .and_then(|p| p.spec.parse());
        };
        let shape = |expected| ControlError::Shape {
            spec: spec.to_string(),
            expected,
        };
        let control = match kind.to_ascii_lowercase().as_str() {
            "absolute" => TimeControl::Absolute {
                main: parse_duration(rest)?,
            },
            "chinese" => {
                let (main, reserved) = rest.split_once('/').ok_or_else(|| shape(Form::Chinese))?;
                let (reserved, period) = match reserved.split_once(['x', 'X']) {
                    Some((reserved, period)) => (reserved, parse_duration(period)?),
                    None => (reserved, TimeControl::minute()),
                };
                TimeControl::Chinese {
                    main: parse_duration(main)?,
                    reserved_minutes: parse_number(reserved)?,
                    period,
                }
            }
            "japanese" => {
                let expected = Form::Japanese;
                let (main, byo) = rest.split_once('+').ok_or_else(|| shape(expected))?;
                let (periods, period) = byo.split_once(['x', 'X']).ok_or_else(|| shape(expected))?;
                TimeControl::Japanese {
                    main: parse_duration(main)?,
                    periods: parse_number(periods)?,
                    period: parse_duration(period)?,
                }
            }
            "canadian" => {
                let expected = Form::Canadian;
                let (main, byo) = rest.split_once('+').ok_or_else(|| shape(expected))?;
                let (moves, period) = byo.split_once('/').ok_or_else(|| shape(expected))?;
                TimeControl::Canadian {
                    main: parse_duration(main)?,
                    moves: parse_number(moves)?,
                    period: parse_duration(period)?,
                }
            }
            "fischer" => {
                let (main, increment) = rest.split_once('+').ok_or_else(|| shape(Form::Fischer))?;
                TimeControl::Fischer {
                    main: parse_duration(main)?,
                    increment: parse_duration(increment)?,
                }
            }
            _ => return Err(ControlError::UnknownKind(spec.to_string())),
        };
        control.check(spec)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Absolute { main } => write!(f, "absolute:{}", WrittenDuration(main)),
            TimeControl::Chinese {
                main,
                reserved_minutes,
                period,
            } => {
                write!(f, "chinese:{}/{reserved_minutes}", WrittenDuration(main))?;
                match period == TimeControl::minute() {
                    true => Ok(()),
                    false => write!(f, "x{}", WrittenDuration(period)),
                }
            }
            TimeControl::Japanese { main, periods, period } => {
                write!(
                    f,
                    "japanese:{}+{periods}x{}",
                    WrittenDuration(main),
                    WrittenDuration(period)
                )
            }
            TimeControl::Canadian { main, moves, period } => {
                write!(
                    f,
                    "canadian:{}+{moves}/{}",
                    WrittenDuration(main),
                    WrittenDuration(period)
                )
            }
            TimeControl::Fischer { main, increment } => {
                write!(f, "fischer:{}+{}", WrittenDuration(main), WrittenDuration(increment))
            }
        }
    }
}

/// A duration in the written form: `30s`, `10m`, `2m5s` (whole minutes are written in minutes).
pub struct WrittenDuration(pub Duration);

impl fmt::Display for WrittenDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs();
        let (minutes, seconds) = (secs / 60, secs % 60);
        match (minutes, seconds) {
            (m, 0) => write!(f, "{m}m"),
            (0, s) => write!(f, "{s}s"),
            (m, s) => write!(f, "{m}m{s}s"),
        }
    }
}

/// Parses `90s`, `10m`, `1h30m`, `0`: whole seconds, units `h`, `m`, `s`, largest first.
pub fn parse_duration(text: &str) -> Result<Duration, ControlError> {
    let bad = |why| ControlError::Duration {
        text: text.to_string(),
        why,
    };
    let trimmed = text.trim();
    if trimmed == "0" {
        return Ok(Duration::ZERO);
    }
    if trimmed.is_empty() {
        return Err(bad(DurationFault::Empty));
    }
    let mut total: u64 = 0;
    let mut digits = String::new();
    let mut last_unit = u64::MAX;
    for c in trimmed.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let unit = match c {
            'h' | 'H' => 3600,
            'm' | 'M' => 60,
            's' | 'S' => 1,
            '.' | ',' => return Err(bad(DurationFault::Fraction)),
            _ => return Err(bad(DurationFault::UnknownUnit)),
        };
        if digits.is_empty() {
            return Err(bad(DurationFault::UnitWithoutNumber));
        }
        if unit >= last_unit {
            return Err(bad(DurationFault::UnitOrder));
        }
        let value: u64 = digits.parse().map_err(|_| bad(DurationFault::TooLarge))?;
        total = value
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(|| bad(DurationFault::TooLarge))?;
        digits.clear();
        last_unit = unit;
    }
    if !digits.is_empty() {
        return Err(bad(DurationFault::NumberWithoutUnit));
    }
    Ok(Duration::from_secs(total))
}

fn parse_number(text: &str) -> Result<u32, ControlError> {
    text.trim()
        .parse()
        .map_err(|_| ControlError::Number { text: text.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(spec: &str) -> String {
        match spec.parse::<TimeControl>() {
            Err(e) => e.to_string(),
            Ok(control) => format!("{spec} reads as {control}"),
        }
    }

    #[test]
    fn each_expected_form_is_written_with_its_placeholders_and_an_example() {
        let said: Vec<String> = Form::ALL.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            said,
            [
                "chinese:MAIN/RESERVED, as chinese:60m/5",
                "japanese:MAIN+PERIODSxPERIOD, as japanese:10m+3x30s",
                "canadian:MAIN+MOVES/PERIOD, as canadian:60m+15/10m",
                "fischer:MAIN+INCREMENT, as fischer:30m+20s",
            ]
        );
        for form in Form::ALL {
            assert!(form.example().parse::<TimeControl>().is_ok(), "{form}");
        }
    }

    #[test]
    fn typed_faults_say_in_english_what_was_wrong_with_their_numbers() {
        let cases = [
            (
                "chinese:60m",
                "`chinese:60m`: expected chinese:MAIN/RESERVED, as chinese:60m/5",
            ),
            ("chinese:60m/0", "`chinese:60m/0`: reserve 1 to 10 minutes, not 0"),
            (
                "chinese:3m/5",
                "`chinese:3m/5`: 5 reserved minutes do not fit in 3m of main time",
            ),
            ("japanese:10m+9x30s", "`japanese:10m+9x30s`: 1 to 6 periods, not 9"),
            ("japanese:10m+3x0s", "`japanese:10m+3x0s`: a period cannot be 0 seconds"),
            (
                "canadian:60m+0/10m",
                "`canadian:60m+0/10m`: a period needs at least one move and more than 0 seconds",
            ),
            ("absolute:0", "`absolute:0`: sudden death needs more than 0 seconds"),
            ("fischer:0+0", "`fischer:0+0`: Fischer needs main time or an increment"),
            (
                "absolute:1.5m",
                "`1.5m` is not a duration: only whole seconds are allowed (write for example 30s, 10m, 1h30m)",
            ),
            (
                "absolute:30",
                "`30` is not a duration: a number needs a unit after it (h, m or s) (write for example 30s, 10m, 1h30m)",
            ),
        ];
        for (spec, english) in cases {
            assert_eq!(refused(spec), english);
        }
    }
}

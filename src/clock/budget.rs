//! Pure time accounting of one turn: what a side has left after thinking for a while, when it
//! runs out, and what it has after pressing. No clock state, no events.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::control::TimeControl;

/// What one side has left, at a turn boundary or at a reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeLeft {
    /// Main time left (Chinese: the free main time, outside the reserved minutes).
    pub main: Duration,
    /// Chinese: reserved minutes left, the current one included; Japanese: periods left. Else 0.
    pub periods: u32,
    /// Time left in the current minute or period (at a turn boundary a whole one, except Canadian,
    /// where unused time is carried on). Zero for sudden death and Fischer.
    pub period: Duration,
    /// Canadian: moves still to play in the current period. Else 0.
    pub period_moves: u32,
}

impl TimeLeft {
    /// Everything left, as a reading: main time plus whatever byo-yomi remains.
    pub fn total(&self, control: &TimeControl) -> Duration {
        match *control {
            TimeControl::Chinese { .. } | TimeControl::Japanese { .. } => {
                let whole = control.period_length().unwrap_or_default();
                self.main
                    + whole * self.periods.saturating_sub(1)
                    + if self.periods > 0 { self.period } else { Duration::ZERO }
            }
            TimeControl::Canadian { .. } => self.main + self.period,
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => self.main,
        }
    }
}

impl TimeControl {
    /// What each side has at the start of the game.
    pub fn initial(&self) -> TimeLeft {
        match *self {
            TimeControl::Chinese {
                reserved_minutes,
                period,
                ..
            } => TimeLeft {
                main: self.free_main(),
                periods: reserved_minutes,
                period,
                period_moves: 0,
            },
            TimeControl::Japanese { main, periods, period } => TimeLeft {
                main,
                periods,
                period,
                period_moves: 0,
            },
            TimeControl::Canadian { main, moves, period } => TimeLeft {
                main,
                periods: 0,
                period,
                period_moves: moves,
            },
            TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => TimeLeft {
                main,
                ..TimeLeft::default()
            },
        }
    }

    /// The thinking time of a turn that started with `start` at which the side runs out:
    /// a press at this instant or later is a timeout (the caller's "10" is said at it).
    pub fn flag_offset(&self, start: &TimeLeft) -> Duration {
        match *self {
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => start.main,
            TimeControl::Chinese { .. } | TimeControl::Japanese { .. } => {
                start.main + self.period_length().unwrap_or_default() * start.periods
            }
            TimeControl::Canadian { .. } => start.main + start.period,
        }
    }

    /// Thinking time into the turn at which main time runs out and byo-yomi begins, if the
    /// control has byo-yomi.
    pub fn byo_yomi_offset(&self, start: &TimeLeft) -> Option<Duration> {
        self.period_length().map(|_| start.main)
    }

    /// What a side that started its turn with `start` has left after `thinking` (not pressed).
    pub fn reading(&self, start: &TimeLeft, thinking: Duration) -> TimeLeft {
        match *self {
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => TimeLeft {
                main: start.main.saturating_sub(thinking),
                ..*start
            },
            TimeControl::Chinese { .. } | TimeControl::Japanese { .. } => {
                let whole = self.period_length().unwrap_or(Duration::from_secs(60));
                if thinking < start.main {
                    return TimeLeft {
                        main: start.main - thinking,
                        period: whole,
                        ..*start
                    };
                }
                let (used_units, into_unit) = split(thinking - start.main, whole);
                let periods = start.periods.saturating_sub(used_units);
                let period = if periods == 0 {
                    Duration::ZERO
                } else {
                    whole - into_unit
                };
                TimeLeft {
                    main: Duration::ZERO,
                    periods,
                    period,
                    period_moves: 0,
                }
            }
            TimeControl::Canadian { .. } => {
                if thinking < start.main {
                    return TimeLeft {
                        main: start.main - thinking,
                        ..*start
                    };
                }
                let into = thinking - start.main;
                TimeLeft {
                    main: Duration::ZERO,
                    period: start.period.saturating_sub(into),
                    ..*start
                }
            }
        }
    }

    /// What a side has after pressing at `thinking` into a turn that started with `start`
    /// (the press is in time: `thinking < flag_offset(start)`).
    pub fn after_press(&self, start: &TimeLeft, thinking: Duration) -> TimeLeft {
        let left = self.reading(start, thinking);
        match *self {
            TimeControl::Absolute { .. } => left,
            TimeControl::Fischer { increment, .. } => TimeLeft {
                main: left.main + increment,
                ..left
            },
            TimeControl::Chinese { .. } | TimeControl::Japanese { .. } => TimeLeft {
                period: self.period_length().unwrap_or_default(),
                ..left
            },
            TimeControl::Canadian { moves, period, .. } => {
                if thinking < start.main {
                    return left;
                }
                match left.period_moves.saturating_sub(1) {
                    0 => TimeLeft {
                        period: left.period + period,
                        period_moves: moves,
                        ..left
                    },
                    still => TimeLeft {
                        period_moves: still,
                        ..left
                    },
                }
            }
        }
    }

    /// What a side has after the arbiter turns its timeout into a forfeited move (Art. 22.5):
    /// the same byo-yomi continues, in its final minute or last period.
    pub fn after_forfeited_move(&self) -> Option<TimeLeft> {
        let whole = self.period_length()?;
        self.has_counted_byo_yomi().then_some(TimeLeft {
            main: Duration::ZERO,
            periods: 1,
            period: whole,
            period_moves: 0,
        })
    }
}

/// How many whole `unit`s fit in `span`, and what is left over.
pub fn split(span: Duration, unit: Duration) -> (u32, Duration) {
    if unit.is_zero() {
        return (0, span);
    }
    let (span, unit) = (span.as_nanos(), unit.as_nanos());
    let units = u32::try_from(span / unit).unwrap_or(u32::MAX);
    let rest = Duration::from_nanos(u64::try_from(span % unit).unwrap_or(u64::MAX));
    (units, rest)
}

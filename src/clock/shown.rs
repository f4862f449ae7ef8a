//! One reading of a side's time for every place that shows it (the clock face, the incident
//! form, the answer to "how many minutes are left?", captions, the ledger, exports): main time
//! left and, as such, the reserved minutes (Chinese), periods (Japanese), the period's moves
//! (Canadian) or the increment (Fischer). A form that shows a number says which one it is.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::budget::{TimeLeft, split};
use super::control::TimeControl;

/// What follows main time, as the side has it now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Extra {
    /// Sudden death: nothing after main time.
    Nothing,
    /// Fischer: added after each move.
    Increment(Duration),
    /// Chinese byo-yomi: `minutes` reserved minutes (units of `length`) left, the current one
    /// included; in byo-yomi, `current` is what is left of the current one.
    Reserved {
        minutes: u32,
        length: Duration,
        current: Option<Duration>,
    },
    /// Japanese byo-yomi: `periods` periods of `length` left; in byo-yomi, `current` is what is
    /// left of the current one.
    Periods {
        periods: u32,
        length: Duration,
        current: Option<Duration>,
    },
    /// Canadian: `moves` moves to play in `left` (the period's time, carried on); `length` is a
    /// new period's time.
    Moves {
        moves: u32,
        left: Duration,
        length: Duration,
        in_period: bool,
    },
}

/// A side's time as every form shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    /// Main time left: for Chinese byo-yomi the free main time, the reserved minutes not in it.
    pub main: Duration,
    pub extra: Extra,
    /// Everything left (main time and every unit of byo-yomi still to come).
    pub total: Duration,
}

impl Shown {
    /// Main time is over and byo-yomi (or a Canadian period) counts.
    pub fn in_byo_yomi(&self) -> bool {
        match self.extra {
            Extra::Nothing | Extra::Increment(_) => false,
            Extra::Reserved { current, .. } | Extra::Periods { current, .. } => current.is_some(),
            Extra::Moves { in_period, .. } => in_period,
        }
    }

    /// The figure a clock face shows large: main time, or in byo-yomi what is left of the
    /// current minute or period.
    pub fn figure(&self) -> Duration {
        match self.extra {
            Extra::Reserved {
                current: Some(current), ..
            }
            | Extra::Periods {
                current: Some(current), ..
            } => current,
            Extra::Moves {
                left, in_period: true, ..
            } => left,
            _ => self.main,
        }
    }
}

impl TimeControl {
    /// The one reading of `left` under this control.
    pub fn shown(&self, left: &TimeLeft) -> Shown {
        let total = left.total(self);
        let in_byo_yomi = left.main.is_zero() && left.periods > 0;
        let extra = match *self {
            TimeControl::Absolute { .. } => Extra::Nothing,
            TimeControl::Fischer { increment, .. } => Extra::Increment(increment),
            TimeControl::Chinese { period, .. } => Extra::Reserved {
                minutes: left.periods,
                length: period,
                current: in_byo_yomi.then_some(left.period),
            },
            TimeControl::Japanese { period, .. } => Extra::Periods {
                periods: left.periods,
                length: period,
                current: in_byo_yomi.then_some(left.period),
            },
            TimeControl::Canadian { period, .. } => Extra::Moves {
                moves: left.period_moves,
                left: left.period,
                length: period,
                in_period: left.main.is_zero(),
            },
        };
        Shown {
            main: left.main,
            extra,
            total,
        }
    }

    /// The reading of a side that had `total` left in all (a ledger report keeps the whole
    /// time): Chinese and Japanese byo-yomi keep every unit while main time runs, so the whole
    /// time splits into main time and units again. Canadian: the moves are not known, so the
    /// whole time reads as main time while it is more than a period.
    pub fn shown_total(&self, total: Duration) -> Shown {
        let left = match *self {
            TimeControl::Chinese { .. } | TimeControl::Japanese { .. } => {
                let start = self.initial();
                let whole = self.period_length().unwrap_or(Duration::from_secs(60));
                let reserve = whole * start.periods;
                if total > reserve {
                    TimeLeft {
                        main: total - reserve,
                        period: whole,
                        ..start
                    }
                } else {
                    let (units, rest) = split(total, whole);
                    let (periods, period) = match rest.is_zero() {
                        true => (units, if units > 0 { whole } else { Duration::ZERO }),
                        false => (units + 1, rest),
                    };
                    TimeLeft {
                        main: Duration::ZERO,
                        periods,
                        period,
                        period_moves: 0,
                    }
                }
            }
            TimeControl::Canadian { moves, period, .. } => match total > period {
                true => TimeLeft {
                    main: total - period,
                    periods: 0,
                    period,
                    period_moves: moves,
                },
                false => TimeLeft {
                    main: Duration::ZERO,
                    periods: 0,
                    period: total,
                    period_moves: 0,
                },
            },
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => TimeLeft {
                main: total,
                ..TimeLeft::default()
            },
        };
        self.shown(&left)
    }
}

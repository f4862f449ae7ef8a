//! The clock's event list: everything that happened to a clock, arbiter changes with their
//! reasons, serializable for the session's audit trail. A clock is the replay of its events.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::budget::TimeLeft;
use crate::board::Color;

/// One thing that happened to a clock, at an instant of the game's timeline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockEvent {
    /// Since the origin of the game's timeline (the scheduled start).
    pub at: Duration,
    pub kind: EventKind,
}

/// What happened. Arbiter changes (`Pause`, `Adjourn`, `Lateness`, `Edit`, `Correction`,
/// `TimeoutRuling`, `Reread`) carry the arbiter's reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// The clock starts for `to_move`.
    Start { to_move: Color },
    /// `player` pressed after playing move `move_number`.
    Press { player: Color, move_number: u32 },
    /// Both sides stopped (paused time is not counted, Art. 14).
    Pause { reason: String },
    /// The clock runs again for the side to move.
    Resume,
    /// Adjournment (Art. 14, 22.9): `sealer` sealed move `move_number`; both used times recorded.
    Adjourn {
        sealer: Color,
        move_number: u32,
        sealed: String,
        used: [Duration; 2],
        reason: String,
    },
    /// Play resumes after an adjournment: the arbiter opened the sealed move and played it.
    Unseal {
        sealer: Color,
        move_number: u32,
        sealed: String,
    },
    /// The older text (old Art. 18.4): "读秒时，提子不计时间": `player`, in byo-yomi, is removing
    /// the stones just captured; the count stops until the hold ends.
    CaptureHold { player: Color },
    /// The captured stones are off the board: the count of `player`'s byo-yomi runs again; it was
    /// held for `held`.
    CaptureHoldEnd { player: Color, held: Duration },
    /// Lateness at the start: `factor` times `late` deducted from main time (twice under the
    /// 2002 text, Art. 22.1; once under the old text, old Art. 23.3), or a forfeit beyond
    /// `limit`. `deducted` is what the rule took (zero for a forfeit). Events written before the
    /// factor was recorded were all made by the 2002 rule: a missing factor reads as 2.
    Lateness {
        player: Color,
        late: Duration,
        limit: Duration,
        #[serde(default = "LatenessRule::factor_of_unmarked_events")]
        factor: u32,
        deducted: Duration,
        forfeit: bool,
        reason: String,
    },
    /// The arbiter set a side's time.
    Edit {
        player: Color,
        before: TimeLeft,
        after: TimeLeft,
        reason: String,
    },
    /// Proportional correction after a clock fault (Art. 22.8): used times before and after.
    Correction {
        elapsed: Duration,
        used: [Duration; 2],
        corrected: [Duration; 2],
        applied: bool,
        reason: String,
    },
    /// `player` ran out of time at this instant; the clock stopped.
    Timeout { player: Color },
    /// The arbiter's ruling on a timeout (Art. 22.5).
    TimeoutRuling {
        player: Color,
        ruling: TimeoutRuling,
        reason: String,
    },
    /// Re-reading from a miscalled point (Art. 16.2): the current minute or period is set back to
    /// `from` into it, giving back `rewound`.
    Reread {
        player: Color,
        from: Duration,
        rewound: Duration,
        reason: String,
    },
    /// The game is over (a result was recorded: a count, a resignation, a loss on time, a
    /// forfeit, a ledger's loss, ...): the clock stops for good, with the result as its reason.
    Finish { reason: String },
    /// Art. 22.7: `player`, in byo-yomi, was permitted to leave the seat in the opponent's time
    /// (once per game). If the turn comes to the player while away, their count is held.
    LeaveSeat { player: Color, reason: String },
    /// The player permitted to leave is back: a held count runs again.
    BackToSeat { player: Color },
    /// Art. 22.9: the used times recorded at the adjournment, confirmed by both players (their
    /// initials, Black then White), kept beside the `Adjourn` event.
    AdjournConfirmed { used: [Duration; 2], initials: [String; 2] },
    /// Art. 22.9: at the resumption no written record of the first part's used times could be
    /// found: their sum is split equally ("双方均摊"); `used` before, `split` after.
    UsedTimeSplit {
        used: [Duration; 2],
        split: [Duration; 2],
        reason: String,
    },
}

/// The arbiter's choice after a timeout in the final minute (Art. 22.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeoutRuling {
    /// Loss on time (the rule in principle).
    Loss,
    /// On the player's request: a forfeited move (a pass), then the same byo-yomi continues.
    ForfeitedMove,
}

/// What lateness at the start costs under a rule edition (Art. 22.1-22.3 of the 2002 text, old
/// Art. 23.1-23.3): within `limit` (the limit itself is allowed) `factor` times the late time is
/// deducted from the player's main time; later than that the player loses. The ledger's
/// catalogue holds both numbers per edition; the clock applies them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LatenessRule {
    /// How many times the late time is deducted: 2 under the 2002 text, 1 under the old text.
    pub factor: u32,
    /// How late a player may be before forfeiting.
    pub limit: Duration,
}

impl LatenessRule {
    /// The 2002 text, venue and lodging at the same site: twice the late time, 15 minutes at
    /// most (Art. 22.2).
    pub const SAME_SITE: LatenessRule = LatenessRule {
        factor: 2,
        limit: Duration::from_secs(15 * 60),
    };
    /// The 2002 text, venue and lodging apart: twice the late time, 1 hour at most (Art. 22.1).
    pub const APART: LatenessRule = LatenessRule {
        factor: 2,
        limit: Duration::from_secs(60 * 60),
    };

    /// What being `late` costs: the deduction, or a forfeit beyond the limit. A deduction too
    /// large to count is the longest duration (it empties the main time all the same).
    pub fn outcome(&self, late: Duration) -> LatenessOutcome {
        if late > self.limit {
            LatenessOutcome::Forfeit
        } else {
            LatenessOutcome::Deducted(late.checked_mul(self.factor).unwrap_or(Duration::MAX))
        }
    }

    /// The factor of a stored lateness event that has none: such events were written when the
    /// clock always deducted twice the late time.
    pub(crate) fn factor_of_unmarked_events() -> u32 {
        2
    }
}

/// What lateness at the start costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LatenessOutcome {
    /// The late time times the rule's factor, deducted from the player's main time.
    Deducted(Duration),
    /// Later than the limit: the player loses the game.
    Forfeit,
}

/// The result of a proportional correction (Art. 22.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// Used times by the clock, Black then White.
    pub used: [Duration; 2],
    /// Used times in proportion to the elapsed playing time.
    pub corrected: [Duration; 2],
    /// Whether the error reached 2 minutes per hour and the times were changed; below that the
    /// clock may be replaced but its times stand.
    pub applied: bool,
}

/// A sealed move, as written by the sealer (a point such as `Q16`, or any text).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedMove {
    pub sealer: Color,
    pub move_number: u32,
    pub sealed: String,
}

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
    /// Lateness at the start (Art. 22.1-22.3): twice `late` deducted, or a forfeit beyond `limit`.
    Lateness {
        player: Color,
        late: Duration,
        limit: Duration,
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
}

/// The arbiter's choice after a timeout in the final minute (Art. 22.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeoutRuling {
    /// Loss on time (the rule in principle).
    Loss,
    /// On the player's request: a forfeited move (a pass), then the same byo-yomi continues.
    ForfeitedMove,
}

/// How late a player may be at the start before forfeiting (Art. 22.1-22.2; the limit itself
/// is allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LatenessRule {
    pub limit: Duration,
}

impl LatenessRule {
    /// Venue and lodging at the same site: 15 minutes (Art. 22.2).
    pub const SAME_SITE: LatenessRule = LatenessRule {
        limit: Duration::from_secs(15 * 60),
    };
    /// Venue and lodging apart: 1 hour (Art. 22.1).
    pub const APART: LatenessRule = LatenessRule {
        limit: Duration::from_secs(60 * 60),
    };
}

/// What lateness at the start costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LatenessOutcome {
    /// Twice the late time deducted from the player's time.
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

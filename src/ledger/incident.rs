//! What the ledger's entries hold: an incident as the arbiter reports it (`Report`) and as
//! recorded (`Incident`), overrides, refused claims and confirmed losses.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::board::{Color, Point};

use super::{OffenceId, Sanction};

/// An incident's number in its ledger, from 0 in recording order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct IncidentId(pub usize);

impl IncidentId {
    /// The incident's number as the window shows it: from 1 in recording order.
    pub fn number(self) -> usize {
        self.0 + 1
    }
}

/// Who raised an incident.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RaisedBy {
    /// A player's claim (usually the offender's opponent).
    Player(Color),
    /// The arbiter saw it (named).
    Arbiter(String),
    /// Someone else (a spectator, the chief arbiter, ...).
    Other(String),
}

/// An incident as the arbiter reports it, before the ledger checks and records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub player: Color,
    pub offence: OffenceId,
    /// The move the incident concerns (for an illegal move, its number in the record); the
    /// number of moves played so far otherwise.
    pub move_number: usize,
    /// The offender's clock reading at the incident.
    pub clock: Duration,
    /// The wall time as the caller gives it ("14:32"); the ledger never reads a clock.
    pub wall_time: String,
    pub raised_by: RaisedBy,
    pub note: String,
    /// The stones concerned: a takeback's original point, stones wrongly captured or left on
    /// the board, the point of a void move.
    pub points: Vec<Point>,
    /// How late the player was (lateness only).
    pub late_by: Option<Duration>,
    /// The arbiter's choice among the sanctions the offence allows (required when it says
    /// "warning or loss"); a sanction outside them needs an override with a reason.
    pub choice: Option<Sanction>,
    /// The person the incident is about when it is not a side of the game: a bystander whose
    /// phone was used in the hall (Art. 23.7), by name. Empty for the players' own offences.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub bystander: String,
    /// The matter was urgent: under the old text a player's claim is made in the claimant's own
    /// time "除较紧迫的事件外" (old Art. 16.2), and an urgent one may be made at any moment.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub urgent: bool,
}

impl Report {
    pub fn new(
        player: Color,
        offence: OffenceId,
        move_number: usize,
        clock: Duration,
        wall_time: &str,
        raised_by: RaisedBy,
    ) -> Report {
        Report {
            player,
            offence,
            move_number,
            clock,
            wall_time: wall_time.to_string(),
            raised_by,
            note: String::new(),
            points: Vec::new(),
            late_by: None,
            choice: None,
            bystander: String::new(),
            urgent: false,
        }
    }
    pub fn note(mut self, note: &str) -> Report {
        self.note = note.to_string();
        self
    }
    pub fn points(mut self, points: &[Point]) -> Report {
        self.points = points.to_vec();
        self
    }
    pub fn late_by(mut self, late: Duration) -> Report {
        self.late_by = Some(late);
        self
    }
    pub fn choose(mut self, sanction: Sanction) -> Report {
        self.choice = Some(sanction);
        self
    }
    /// The incident is about `name`, someone other than the game's players (Art. 23.7).
    pub fn bystander(mut self, name: &str) -> Report {
        self.bystander = name.trim().to_string();
        self
    }
    /// The claim is urgent (old Art. 16.2: it need not wait for the claimant's own time).
    pub fn urgent(mut self, urgent: bool) -> Report {
        self.urgent = urgent;
        self
    }
}

/// How an incident's sanction was decided when it was recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decided {
    /// The catalogue's default (after escalation: the n-th offence of the kind in the game).
    ByDefault { occurrence: usize },
    /// The arbiter chose among the sanctions the offence allows.
    ArbiterChose,
}

/// A recorded incident. Never edited: an override is a later entry referring to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Incident {
    pub id: IncidentId,
    pub report: Report,
    /// The article applied, copied from the catalogue ("17.3", "old 17.1").
    pub article: String,
    pub sanction: Sanction,
    pub decided: Decided,
}

/// The arbiter replaces an incident's sanction, with the reason. An empty sanction dismisses
/// the incident.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    pub incident: IncidentId,
    pub sanction: Sanction,
    pub reason: String,
    pub wall_time: String,
    pub by: String,
}

/// A claim the ledger refused, kept for the record with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusedClaim {
    pub report: Report,
    pub reason: String,
}

/// The arbiter confirms the loss the ledger calls for (the second warning, Art. 24.2, or a
/// sanction that loses, as a second phone ring, Art. 23.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossConfirmed {
    pub player: Color,
    pub wall_time: String,
    pub by: String,
    /// The incident that called for the loss (entries written before it was kept have none).
    #[serde(default)]
    pub incident: Option<IncidentId>,
}

/// The arbiter rules that the loss an incident calls for is not given, with the reason; the
/// incident's warnings stay (and cost their stones).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LossDeclined {
    pub player: Color,
    pub incident: IncidentId,
    pub reason: String,
    pub wall_time: String,
    pub by: String,
}

/// One line of the append-only ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    Incident(Incident),
    Override(Override),
    RefusedClaim(RefusedClaim),
    LossConfirmed(LossConfirmed),
    LossDeclined(LossDeclined),
}

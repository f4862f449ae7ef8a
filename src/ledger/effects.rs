//! What a ledger's entries mean, derived every time and never stored: warnings, penalty
//! stones for the count and where each comes from, the losses waiting for the arbiter's ruling
//! (the second warning, a sanction that loses), the game's outcome, and the board effects the
//! caller applies to the game record (the clock deducts lateness itself, by its `LatenessRule`).

use serde::{Deserialize, Serialize};

use crate::board::{Color, Point};
use crate::scoring::{GameResult, Reason};

use super::{Entry, Incident, IncidentId, Ledger, Measure, OffenceId, Sanction};

/// A loss the rules call for (after a second warning, or a sanction that loses); the arbiter
/// records it and ends the game (`Ledger::confirm_loss`) or declines it with a reason
/// (`Ledger::decline_loss`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProposedLoss {
    pub player: Color,
    pub warnings: u32,
    /// The incident that brought the second warning, or whose sanction is the loss.
    pub incident: IncidentId,
    /// "24.2" or "old 25.2" (the second warning), else the incident's article ("23.7").
    pub article: String,
    /// How the loss is recorded (by disqualification, on time, by forfeit).
    pub reason: Reason,
    /// Whether the second warning calls for it (else the incident's own sanction).
    pub second_warning: bool,
}

impl ProposedLoss {
    /// The result the loss gives: the opponent wins, for `reason`.
    pub fn result(&self) -> GameResult {
        GameResult::win(self.player.opponent(), self.reason)
    }
}

/// How the ledger ends the game, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Loses { player: Color, reason: Reason },
    BothLose,
    Draw,
    Replay,
}

impl Outcome {
    /// The result to record: the opponent wins (on time, by forfeit or by disqualification),
    /// both lose, a draw, or no result (replay).
    pub fn result(self) -> GameResult {
        match self {
            Outcome::Loses { player, reason } => GameResult::win(player.opponent(), reason),
            Outcome::BothLose => GameResult::ended(Reason::BothLose),
            Outcome::Draw => GameResult::ended(Reason::Draw),
            Outcome::Replay => GameResult::ended(Reason::NoResult),
        }
    }
}

/// A change the game record needs, described for the caller to apply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardEffect {
    /// Take the move off the board: record it with `Ruling::Void` (a void ko or suicide move
    /// then also passes the turn, as the forfeited move below asks).
    VoidMove {
        incident: IncidentId,
        player: Color,
        move_number: usize,
        points: Vec<Point>,
    },
    /// `player` loses one turn: a pass in the record.
    ForfeitedMove { incident: IncidentId, player: Color },
    /// Put `color` stones back on `points` (a setup edit).
    PutBack {
        incident: IncidentId,
        color: Color,
        points: Vec<Point>,
    },
    /// Take `color` stones off `points` (a setup edit).
    TakeOff {
        incident: IncidentId,
        color: Color,
        points: Vec<Point>,
    },
    /// The arbiter sets the board right by hand (moved stones, a scattered board, colours).
    ArbiterRestores { incident: IncidentId, measure: Measure },
}

impl Ledger {
    /// The incidents with the sanction in force, dismissed ones left out.
    pub fn in_force(&self) -> impl Iterator<Item = (&Incident, &Sanction)> {
        self.incidents().filter_map(|i| {
            let sanction = self.sanction_of(i.id)?;
            (!sanction.is_none()).then_some((i, sanction))
        })
    }

    fn tally(&self, measure: Measure) -> [u32; 2] {
        let mut counts = [0, 0];
        for (incident, sanction) in self.in_force() {
            counts[incident.report.player.index()] += sanction.0.iter().filter(|&&m| m == measure).count() as u32;
        }
        counts
    }

    /// Warnings against Black and against White in this game.
    pub fn warnings(&self) -> [u32; 2] {
        self.tally(Measure::Warning)
    }

    /// Admonitions (old text), which are not warnings.
    pub fn admonitions(&self) -> [u32; 2] {
        self.tally(Measure::Admonition)
    }

    /// Stones taken from Black and from White at the count, for
    /// `scoring::count_game(&game, &marks, ledger.penalty_stones())`: one per warning under
    /// the 2002 text (Art. 24.1), none under the older text.
    pub fn penalty_stones(&self) -> [u32; 2] {
        match self.edition.warning_costs_a_stone() {
            true => self.warnings(),
            false => [0, 0],
        }
    }

    fn confirmed_losses(&self) -> impl Iterator<Item = Color> + '_ {
        self.entries().iter().filter_map(|e| match e {
            Entry::LossConfirmed(c) => Some(c.player),
            _ => None,
        })
    }

    /// Whether the arbiter ruled that the loss `incident` calls for is not given.
    pub fn loss_declined(&self, incident: IncidentId) -> bool {
        self.entries()
            .iter()
            .any(|e| matches!(e, Entry::LossDeclined(d) if d.incident == incident))
    }

    /// Every loss the entries call for and the arbiter has not ruled on, in the ledger's order:
    /// a sanction that loses (a second phone ring, Art. 23.7: "初违者判警告一次，再违者判负") and
    /// the second warning (Art. 24.2: "被判两次警告，则判该局为负"; old 25.2). A loss declined
    /// (`decline_loss`) is not called for again, but a further warning after it is; once a
    /// player's loss is confirmed, nothing more is called for against them.
    fn losses_due(&self) -> Vec<ProposedLoss> {
        let limit = self.edition.warnings_that_lose();
        let mut seen = [0u32; 2];
        let mut due = Vec::new();
        for (incident, sanction) in self.in_force() {
            let player = incident.report.player;
            let side = player.index();
            let added = sanction.0.iter().filter(|&&m| m == Measure::Warning).count() as u32;
            seen[side] += added;
            if self.confirmed_losses().any(|c| c == player) || self.loss_declined(incident.id) {
                continue;
            }
            if sanction.0.contains(&Measure::Loss) {
                due.push(ProposedLoss {
                    player,
                    warnings: self.warnings()[side],
                    incident: incident.id,
                    article: incident.article.clone(),
                    reason: loss_reason(&incident.report.offence),
                    second_warning: false,
                });
            } else if added > 0 && seen[side] >= limit {
                due.push(ProposedLoss {
                    player,
                    warnings: self.warnings()[side],
                    incident: incident.id,
                    article: self.edition.warning_article().to_string(),
                    reason: Reason::Disqualification,
                    second_warning: true,
                });
            }
        }
        due
    }

    /// The loss the second warning calls for (Art. 24.2; old 25.2), until the arbiter
    /// confirms or declines it.
    pub fn proposed_loss(&self) -> Option<ProposedLoss> {
        self.losses_due().into_iter().find(|l| l.second_warning)
    }

    /// The first loss waiting for the arbiter's ruling (a sanction that loses, or the second
    /// warning): record it and end the game (`confirm_loss`), or not, with a reason
    /// (`decline_loss`).
    pub fn pending_loss(&self) -> Option<ProposedLoss> {
        self.losses_due().into_iter().next()
    }

    /// Where each penalty stone comes from (Art. 24.1: "被判警告一次时，该局计算胜负时在原规定
    /// 基础上，被警告方罚出一子"): one incident per stone, in the ledger's order, the warned
    /// player being the incident's; none under the older text.
    pub fn penalty_sources(&self) -> Vec<&Incident> {
        if !self.edition.warning_costs_a_stone() {
            return Vec::new();
        }
        let mut sources = Vec::new();
        for (incident, sanction) in self.in_force() {
            for _ in sanction.0.iter().filter(|&&m| m == Measure::Warning) {
                sources.push(incident);
            }
        }
        sources
    }

    /// How the entries end the game: a loss (by a sanction or a confirmed second warning),
    /// both losing (also when each player has lost, as when both are too late), a draw or a
    /// replay. The first in the ledger's order decides, both losing aside.
    pub fn outcome(&self) -> Option<Outcome> {
        let mut events = Vec::new();
        for e in self.entries() {
            match e {
                Entry::Incident(incident) => {
                    let Some(sanction) = self.sanction_of(incident.id) else {
                        continue;
                    };
                    let player = incident.report.player;
                    let declined = self.loss_declined(incident.id);
                    for &m in &sanction.0 {
                        match m {
                            Measure::Loss if declined => {}
                            Measure::Loss => events.push(Outcome::Loses {
                                player,
                                reason: loss_reason(&incident.report.offence),
                            }),
                            Measure::BothLose => events.push(Outcome::BothLose),
                            Measure::Draw => events.push(Outcome::Draw),
                            Measure::Replay => events.push(Outcome::Replay),
                            _ => {}
                        }
                    }
                }
                Entry::LossConfirmed(c) => events.push(Outcome::Loses {
                    player: c.player,
                    reason: Reason::Disqualification,
                }),
                _ => {}
            }
        }
        let loses = |color: Color| {
            events
                .iter()
                .any(|e| matches!(e, Outcome::Loses { player, .. } if *player == color))
        };
        if events.contains(&Outcome::BothLose) || (loses(Color::Black) && loses(Color::White)) {
            return Some(Outcome::BothLose);
        }
        events.first().copied()
    }

    /// What the game record needs, incident by incident.
    pub fn board_effects(&self) -> Vec<BoardEffect> {
        let mut effects = Vec::new();
        for (incident, sanction) in self.in_force() {
            let r = &incident.report;
            let id = incident.id;
            for &m in &sanction.0 {
                let effect = match m {
                    Measure::MoveVoid => BoardEffect::VoidMove {
                        incident: id,
                        player: r.player,
                        move_number: r.move_number,
                        points: r.points.clone(),
                    },
                    Measure::ForfeitedMove => BoardEffect::ForfeitedMove {
                        incident: id,
                        player: r.player,
                    },
                    Measure::StonesReturned if r.offence == OffenceId::Takeback => {
                        let (original, elsewhere) = r.points.split_at(r.points.len().min(1));
                        if !elsewhere.is_empty() {
                            effects.push(BoardEffect::TakeOff {
                                incident: id,
                                color: r.player,
                                points: elsewhere.to_vec(),
                            });
                        }
                        BoardEffect::PutBack {
                            incident: id,
                            color: r.player,
                            points: original.to_vec(),
                        }
                    }
                    Measure::StonesReturned => BoardEffect::PutBack {
                        incident: id,
                        color: r.player.opponent(),
                        points: r.points.clone(),
                    },
                    Measure::StonesRemoved => BoardEffect::TakeOff {
                        incident: id,
                        color: r.player.opponent(),
                        points: r.points.clone(),
                    },
                    Measure::StonesRestored
                    | Measure::MovedToReasonablePoint
                    | Measure::BoardRebuilt
                    | Measure::ColoursCorrected => BoardEffect::ArbiterRestores {
                        incident: id,
                        measure: m,
                    },
                    _ => continue,
                };
                effects.push(effect);
            }
        }
        effects
    }
}

/// Why a sanctioned loss is recorded as it is: on time, by forfeit, or disqualification.
fn loss_reason(offence: &OffenceId) -> Reason {
    match offence {
        OffenceId::ByoYomiTimeout => Reason::Time,
        OffenceId::Lateness | OffenceId::Withdrawing => Reason::Forfeit,
        _ => Reason::Disqualification,
    }
}

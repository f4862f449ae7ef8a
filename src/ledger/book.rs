//! The append-only ledger of one game: incidents checked against the catalogue and the game
//! record, overrides with their reasons, refused claims, confirmed losses. Nothing is edited
//! or removed; what follows from the entries is derived in `effects`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Color;
use crate::game::Game;
use crate::lang::Lang;

use super::{
    Catalogue, ClaimRefused, Decided, Edition, Entry, Incident, IncidentId, LossConfirmed, LossDeclined, OffenceId,
    Override, RefusedClaim, Report, Sanction, SanctionRule, check_claim,
};

/// Why the ledger did not record something.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LedgerError {
    #[error("the catalogue is for the {catalogue} rules but this ledger follows {ledger}")]
    WrongCatalogue { ledger: Edition, catalogue: Edition },
    #[error("{} is not in the {edition} catalogue", .offence.name(Lang::En))]
    UnknownOffence { offence: OffenceId, edition: Edition },
    #[error("claim refused: {0}")]
    Refused(#[from] ClaimRefused),
    #[error("the arbiter must choose the sanction: {}", .options.text(Lang::En))]
    ChoiceNeeded { options: SanctionRule },
    #[error(
        "{} is not a sanction this offence allows ({}); override with a reason instead",
        .chosen.text(Lang::En),
        Sanction::either(.allowed, Lang::En)
    )]
    NotAnOption { chosen: Sanction, allowed: Vec<Sanction> },
    #[error("lateness needs how late the player was")]
    LatenessNeeded,
    #[error("{} needs the name of the person concerned (Art. 23.7)", .0.name(Lang::En))]
    BystanderNeeded(OffenceId),
    #[error("{} is an offence of the game's players; it is not recorded against a bystander", .0.name(Lang::En))]
    NotABystanderOffence(OffenceId),
    #[error("there is no incident {} in this ledger", .0.number())]
    NoSuchIncident(IncidentId),
    #[error("an override needs a reason")]
    MissingReason,
    #[error("no loss is proposed for {0:?}: it takes a second warning")]
    NoLossProposed(Color),
    #[error("incident {} calls for no loss waiting for the arbiter's ruling", .0.number())]
    NoLossPending(IncidentId),
}

/// The penalty ledger of one game under one rule edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    pub edition: Edition,
    entries: Vec<Entry>,
}

impl Ledger {
    pub fn new(edition: Edition) -> Ledger {
        Ledger {
            edition,
            entries: Vec::new(),
        }
    }

    /// Every entry, in the order recorded.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The incidents, in the order recorded.
    pub fn incidents(&self) -> impl Iterator<Item = &Incident> {
        self.entries.iter().filter_map(|e| match e {
            Entry::Incident(i) => Some(i),
            _ => None,
        })
    }

    pub fn incident(&self, id: IncidentId) -> Option<&Incident> {
        self.incidents().find(|i| i.id == id)
    }

    /// The overrides of an incident, oldest first.
    pub fn overrides_of(&self, id: IncidentId) -> impl Iterator<Item = &Override> {
        self.entries.iter().filter_map(move |e| match e {
            Entry::Override(o) if o.incident == id => Some(o),
            _ => None,
        })
    }

    /// The sanction in force: the latest override's, else the one recorded.
    pub fn sanction_of(&self, id: IncidentId) -> Option<&Sanction> {
        let incident = self.incident(id)?;
        Some(self.overrides_of(id).last().map_or(&incident.sanction, |o| &o.sanction))
    }

    /// Records an incident after checking its claim window against `game` and picking its
    /// sanction from `catalogue`: the arbiter's choice if the offence allows it, else the
    /// default for the n-th such offence by the player in this game (escalation). A refused
    /// claim is kept as an entry too, and changes nothing.
    pub fn record(&mut self, catalogue: &Catalogue, game: &Game, report: Report) -> Result<IncidentId, LedgerError> {
        if catalogue.edition != self.edition {
            return Err(LedgerError::WrongCatalogue {
                ledger: self.edition,
                catalogue: catalogue.edition,
            });
        }
        let Some(offence) = catalogue.get(&report.offence) else {
            return Err(LedgerError::UnknownOffence {
                offence: report.offence,
                edition: self.edition,
            });
        };
        match (report.offence == OffenceId::BystanderPhone, report.bystander.is_empty()) {
            (true, true) => return Err(LedgerError::BystanderNeeded(report.offence)),
            (false, false) => return Err(LedgerError::NotABystanderOffence(report.offence)),
            _ => {}
        }
        if let Err(refused) = check_claim(self.edition, offence, &report, game) {
            self.entries.push(Entry::RefusedClaim(RefusedClaim {
                report,
                reason: refused.to_string(),
            }));
            return Err(refused.into());
        }
        let occurrence = 1 + self
            .incidents()
            .filter(|i| i.report.offence == report.offence && i.report.player == report.player)
            .filter(|i| self.sanction_of(i.id).is_some_and(|s| !s.is_none()))
            .count();
        let default = offence.sanction.default_for(occurrence, report.late_by);
        let allowed = match &offence.sanction {
            SanctionRule::ArbiterChooses(_) | SanctionRule::DefaultOr { .. } => offence.sanction.options(),
            _ => default.iter().cloned().collect(),
        };
        let (sanction, decided) = match (&report.choice, default) {
            (Some(chosen), _) if allowed.contains(chosen) => (chosen.clone(), Decided::ArbiterChose),
            (Some(chosen), _) => {
                return Err(LedgerError::NotAnOption {
                    chosen: chosen.clone(),
                    allowed,
                });
            }
            (None, Some(default)) => (default, Decided::ByDefault { occurrence }),
            (None, None) if matches!(offence.sanction, SanctionRule::ByLateness { .. }) => {
                return Err(LedgerError::LatenessNeeded);
            }
            (None, None) => {
                return Err(LedgerError::ChoiceNeeded {
                    options: offence.sanction.clone(),
                });
            }
        };
        let id = IncidentId(self.incidents().count());
        let article = offence.article.clone();
        self.entries.push(Entry::Incident(Incident {
            id,
            report,
            article,
            sanction,
            decided,
        }));
        Ok(id)
    }

    /// Replaces an incident's sanction with `sanction` (empty: dismissed), for `reason`. The
    /// incident itself stays as recorded.
    pub fn override_sanction(
        &mut self,
        incident: IncidentId,
        sanction: Sanction,
        reason: &str,
        wall_time: &str,
        by: &str,
    ) -> Result<(), LedgerError> {
        if self.incident(incident).is_none() {
            return Err(LedgerError::NoSuchIncident(incident));
        }
        if reason.trim().is_empty() {
            return Err(LedgerError::MissingReason);
        }
        self.entries.push(Entry::Override(Override {
            incident,
            sanction,
            reason: reason.to_string(),
            wall_time: wall_time.to_string(),
            by: by.to_string(),
        }));
        Ok(())
    }

    /// The arbiter confirms the loss the ledger calls for against `player` (`pending_loss`: the
    /// second warning, Art. 24.2, or a sanction that loses, Art. 23.7): the game is lost.
    pub fn confirm_loss(&mut self, player: Color, wall_time: &str, by: &str) -> Result<(), LedgerError> {
        let Some(pending) = self.pending_loss().filter(|p| p.player == player) else {
            return Err(LedgerError::NoLossProposed(player));
        };
        self.entries.push(Entry::LossConfirmed(LossConfirmed {
            player,
            wall_time: wall_time.to_string(),
            by: by.to_string(),
            incident: Some(pending.incident),
        }));
        Ok(())
    }

    /// The arbiter rules that the loss `incident` calls for is not given, for `reason` (never
    /// empty): the game goes on; the incident's warnings stay.
    pub fn decline_loss(
        &mut self,
        incident: IncidentId,
        reason: &str,
        wall_time: &str,
        by: &str,
    ) -> Result<(), LedgerError> {
        let Some(pending) = self.pending_loss().filter(|p| p.incident == incident) else {
            return Err(LedgerError::NoLossPending(incident));
        };
        if reason.trim().is_empty() {
            return Err(LedgerError::MissingReason);
        }
        self.entries.push(Entry::LossDeclined(LossDeclined {
            player: pending.player,
            incident,
            reason: reason.trim().to_string(),
            wall_time: wall_time.to_string(),
            by: by.to_string(),
        }));
        Ok(())
    }
}

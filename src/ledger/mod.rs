//! The penalty ledger: offences and sanctions per rule edition, incidents, consequences.
//! This file is the table of contents.
//!
//! - [`edition`]: `Edition` (2002 text, older text) and what a warning means in each.
//! - [`sanction`]: `Measure`, `Sanction` and the `SanctionRule` that picks one (fixed,
//!   escalating, the arbiter's choice, by lateness).
//! - [`offence`]: `Offence` (article, names, sanction rule, claim window, evidence).
//! - [`catalogue`]: the catalogue of each edition as data, and the tournament's own offences.
//! - [`table`]: the catalogue as a table to pin up (`go-arbiter ledger catalogue`).
//! - [`incident`]: `Report`, `Incident`, `Override` and the ledger's other entries.
//! - [`claim`]: claim windows and evidence checked against the game record.
//! - [`book`]: `Ledger`, one game's append-only record.
//! - [`entry_words`]: the words an entry leaves in the audit trail.
//! - [`effects`]: what follows, derived: warnings, penalty stones, the proposed loss, the
//!   outcome, board effects.
//! - [`event`]: warnings per player over the event (tie-break).
//! - [`cycle`]: the rulings on a whole-board cycle (Art. 20.3) per edition, and the ruling kept
//!   in the record.

pub mod book;
pub mod catalogue;
pub mod claim;
pub mod cycle;
pub mod edition;
pub mod effects;
pub mod entry_words;
pub mod event;
pub mod incident;
pub mod offence;
pub mod sanction;
pub mod table;

pub use book::{Ledger, LedgerError};
pub use catalogue::{Catalogue, CatalogueError, LATENESS_LIMIT};
pub use claim::{ClaimRefused, GameEnd, check_claim, game_over};
pub use cycle::{CycleRuling, NotThisEdition};
pub use edition::{Edition, UnknownEdition};
pub use effects::{BoardEffect, Outcome, ProposedLoss};
pub use event::{EventWarnings, PlayedGame};
pub use incident::{
    Decided, Entry, Incident, IncidentId, LossConfirmed, LossDeclined, Override, RaisedBy, RefusedClaim, Report,
};
pub use offence::{ClaimWindow, IllegalKind, Offence, OffenceId, article_label};
pub use sanction::{Measure, Sanction, SanctionRule};

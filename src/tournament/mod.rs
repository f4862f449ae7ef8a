//! The organiser's files in: an OpenGotha tournament (players, a round's pairings, the time system) and players from a CSV, as session `Change`s. This file is the table of contents.
//!
//! - [`opengotha`]: the tournament file read (quick-xml), errors located by line.
//! - [`import`]: a round of it as changes (players matched by OpenGotha's key, then EGF PIN;
//!   tables that have started left alone) and the report.
//! - [`players_csv`]: players from a spreadsheet's CSV (name, rank, club, country).
//! - [`source`]: reading the organiser's file and its SHA-256 (for the copy the results go into).
//!
//! No window here: the window and the `import` command call these and apply the changes through
//! `Session::apply` (one audit entry each).

pub mod import;
pub mod opengotha;
pub mod players_csv;
pub mod source;

pub use import::{ImportError, ImportReport, TimeSystem, plan, started};
pub use opengotha::{OgTournament, OpenGothaError};

//! Exports for the organiser: SGF with times and incidents, CSV results, standings, EGF and OpenGotha files, PNG diagram and result slip.
//!
//! - [`sgf`]: one SGF file per game, with result, rules, komi, handicap, players, clock readings
//!   after each move (BL/WL/OB/OW) and the ledger's incidents as comments at their moves.
//! - [`csv`]: results per round as CSV.
//! - [`standings`]: standings by Art. 27 (round robin and Swiss), as a text table and CSV.
//! - [`egf`]: the EGF tournament table (.h9 style).
//! - [`opengotha`]: an OpenGotha tournament XML file with the players and results.
//! - [`png`]: the final position with dead stones and territory marked.
//! - [`slip`]: the result slip (players, result, penalties, confirmations) as a PNG.
//! - [`command`]: the `export` command's targets and dispatch.

pub mod command;
pub mod csv;
pub mod egf;
pub mod opengotha;
pub mod png;
pub mod sgf;
pub mod slip;
pub mod standings;

use thiserror::Error;

use crate::session::model::StoredGameError;
use crate::session::{Player, PlayerId, Session, TableId};

/// Why an export failed.
#[derive(Debug, Error)]
pub enum ExportError {
    #[error("{table}: {source}")]
    Stored { table: TableId, source: StoredGameError },
    #[error("{table}: the final position cannot be drawn: {message}")]
    Diagram { table: TableId, message: String },
    #[error("the session names player {0:?}, who is not in its player list")]
    UnknownPlayer(PlayerId),
    #[error("cannot write {path}: {message}")]
    Io { path: String, message: String },
    #[error("cannot read the session: {0}")]
    Load(String),
    #[error("cannot encode the PNG: {0}")]
    Image(String),
}

/// The player with `id`, or the error naming it.
pub(crate) fn player(session: &Session, id: PlayerId) -> Result<&Player, ExportError> {
    session.player(id).ok_or(ExportError::UnknownPlayer(id))
}

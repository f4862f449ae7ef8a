//! Exports for the organiser: SGF with times and incidents, CSV results, standings, EGF and OpenGotha files, PNG diagram and result slip.
//!
//! - [`sgf`]: one SGF file per game, with result, rules, komi, handicap, players, clock readings
//!   after each move (BL/WL/OB/OW) and the ledger's incidents as comments at their moves.
//! - [`csv`]: results per round as CSV.
//! - [`standings`]: standings by Art. 27 (round robin and Swiss), as a text table and CSV.
//! - [`egf`]: the EGF tournament table (.h9 style).
//! - [`opengotha`]: an OpenGotha tournament XML file with the players and results, and the
//!   results written into a copy of the organiser's own file.
//! - [`aga`]: the AGA's results format (every player with an AGA id).
//! - [`png`]: the final position with dead stones and territory marked.
//! - [`slip`]: the result slip (players, result, penalties, confirmations at local time with the
//!   offset, in the event's zone: [`event_zone`]) as a PNG.
//! - [`command`]: the `export` command's targets and dispatch.

pub mod aga;
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
    #[error(
        "not exported: the session's audit trail is broken ({0}), so its results may have been changed outside the app; `go-arbiter check` says more, --despite-broken-chain exports anyway"
    )]
    BrokenChain(String),
    #[error("cannot encode the PNG: {0}")]
    Image(String),
    #[error("line {line}: the OpenGotha file does not read as XML: {message}")]
    Xml { line: usize, message: String },
    #[error("the session was not imported from an OpenGotha file: there is no file to copy the results into")]
    NoPairingFile,
    #[error("{0} is the organiser's own file: the results go into a copy, never into the original")]
    WouldOverwriteOriginal(String),
    #[error("the OpenGotha file pairs these confirmed tables otherwise (other players or colours): {tables:?}")]
    PairingMismatch { tables: Vec<TableId> },
    #[error("the AGA results need every player's AGA id; missing for: {}", .0.join(", "))]
    MissingAgaIds(Vec<String>),
    #[error("the EGF file is ISO-8859-15: these players need a romanised name (a CSV import's romanised column): {}", .0.join(", "))]
    MissingRomanised(Vec<String>),
}

/// Writes `bytes` to `path` through a temporary file beside it, renamed into place: never a
/// half-written file.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<(), ExportError> {
    use std::io::Write as _;
    let io = |e: std::io::Error| ExportError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".part");
    let temp = path.with_file_name(name);
    let mut file = std::fs::File::create(&temp).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        io(e)
    })
}

/// The zone the session's stamps are shown in: the event's, else `system` (the system's, read
/// at the edge), also when the event's name is not one this computer knows.
pub fn event_zone(session: &Session, system: &jiff::tz::TimeZone) -> jiff::tz::TimeZone {
    crate::wall::zone(&session.event.time_zone, system).unwrap_or_else(|_| system.clone())
}

/// The player with `id`, or the error naming it.
pub(crate) fn player(session: &Session, id: PlayerId) -> Result<&Player, ExportError> {
    session.player(id).ok_or(ExportError::UnknownPlayer(id))
}

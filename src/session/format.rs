//! The session file's RON text: the schema version, writing, reading with located errors, and
//! the migration of older versions.
//!
//! Versions:
//! - 1: players' ranks as free text (`rank: "3d"`).
//! - 2 (current): ranks as data (`rank: Dan(3)`, `Kyu(5)`, `Pro(2)`). A version-1 file is
//!   migrated on load: each rank is read ("5k", "3d", "2p"), and when the version-1 audit chain
//!   holds, one audit entry records the migration (the header digest changes with the ranks).

use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::audit::{self, AuditEntry, Role, Stamp};
use super::model::{Event, Player, PlayerId, Rank, Round, Session};

/// The version this program writes.
pub const VERSION: u32 = 2;

/// Why a session's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    #[error("line {line}, column {column}: {message}")]
    Parse {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("schema version {found} is newer than this program's ({VERSION}); update go-arbiter")]
    Version { found: u32 },
    #[error("version-{from} file cannot be migrated: {message}")]
    Migration { from: u32, message: String },
    #[error("the session cannot be written: {0}")]
    Serialize(String),
}

impl From<ron::error::SpannedError> for FormatError {
    fn from(e: ron::error::SpannedError) -> FormatError {
        FormatError::Parse {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        }
    }
}

#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    session: &'a Session,
}

#[derive(Deserialize)]
struct Probe {
    version: u32,
}

#[derive(Deserialize)]
struct FileV2 {
    session: Session,
}

/// How the file is laid out: one tab per level, clock events and other small values on one
/// line.
fn pretty() -> PrettyConfig {
    PrettyConfig::new().depth_limit(8).indentor("\t")
}

/// The whole session as pretty RON.
pub fn to_ron(session: &Session) -> Result<String, FormatError> {
    let config = pretty();
    let mut text = ron::ser::to_string_pretty(
        &FileOut {
            version: VERSION,
            session,
        },
        config,
    )
    .map_err(|e| FormatError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Reads a session, migrating an older version; returns the version it was read from.
pub fn from_ron(text: &str) -> Result<(Session, u32), FormatError> {
    let probe: Probe = ron::from_str(text)?;
    match probe.version {
        VERSION => Ok((ron::from_str::<FileV2>(text)?.session, VERSION)),
        1 => Ok((migrate_v1(ron::from_str::<FileV1>(text)?.session)?, 1)),
        found => Err(FormatError::Version { found }),
    }
}

/// A version-1 player: the rank as text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayerV1 {
    pub id: PlayerId,
    pub name: String,
    pub rank: String,
    pub club: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct SessionV1 {
    pub event: Event,
    pub players: Vec<PlayerV1>,
    pub rounds: Vec<Round>,
    pub audit: Vec<AuditEntry>,
}

#[derive(Serialize, Deserialize)]
pub(crate) struct FileV1 {
    pub version: u32,
    pub session: SessionV1,
}

/// The stamp of the migration's audit entry (no wall time: the library reads no clock).
pub const MIGRATION_ACTOR: &str = "go-arbiter (file migration)";

fn migrate_v1(old: SessionV1) -> Result<Session, FormatError> {
    let chain_held = audit::verify_links(&old.audit).is_ok()
        && old
            .audit
            .iter()
            .rev()
            .find(|e| e.table.is_none())
            .map(|e| e.state.as_str())
            == audit::header_digest_of(&old.event, &old.players, &old.rounds)
                .ok()
                .as_deref();
    let mut players = Vec::with_capacity(old.players.len());
    for p in old.players {
        let rank: Rank = p
            .rank
            .parse()
            .map_err(|e: super::model::RankError| FormatError::Migration {
                from: 1,
                message: format!("player {} ({}): {e}", p.id.0, p.name),
            })?;
        players.push(Player {
            id: p.id,
            name: p.name,
            rank,
            club: p.club,
        });
    }
    let mut session = Session {
        event: old.event,
        players,
        rounds: old.rounds,
        audit: old.audit,
    };
    if chain_held {
        let state = audit::header_digest(&session).map_err(|e| FormatError::Serialize(e.to_string()))?;
        let stamp = Stamp::new("", MIGRATION_ACTOR, Role::Organiser);
        let what = "migrated from schema version 1: ranks read from text".to_string();
        audit::push(&mut session.audit, &stamp, None, what, state)
            .map_err(|e| FormatError::Serialize(e.to_string()))?;
    }
    Ok(session)
}

/// Writes `session` as a version-1 file (for the migration test data; ranks as text). The
/// header entries are re-hashed with version-1 digests.
#[doc(hidden)]
pub fn to_ron_v1(session: &Session) -> Result<String, FormatError> {
    let err = |e: audit::ChainError| FormatError::Serialize(e.to_string());
    let players: Vec<PlayerV1> = session
        .players
        .iter()
        .map(|p| PlayerV1 {
            id: p.id,
            name: p.name.clone(),
            rank: p.rank.to_string(),
            club: p.club.clone(),
        })
        .collect();
    let header = audit::header_digest_of(&session.event, &players, &session.rounds).map_err(err)?;
    let last_header = session.audit.iter().rposition(|e| e.table.is_none());
    let mut entries: Vec<AuditEntry> = Vec::new();
    for (i, e) in session.audit.iter().enumerate() {
        let state = if Some(i) == last_header {
            header.clone()
        } else {
            e.state.clone()
        };
        audit::push(&mut entries, &e.stamp, e.table, e.what.clone(), state).map_err(err)?;
    }
    let file = FileV1 {
        version: 1,
        session: SessionV1 {
            event: session.event.clone(),
            players,
            rounds: session.rounds.clone(),
            audit: entries,
        },
    };
    let mut text = ron::ser::to_string_pretty(&file, pretty()).map_err(|e| FormatError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

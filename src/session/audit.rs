//! The audit trail: one entry per change (wall time, actor, what changed, a digest of the state
//! it left), each entry hashed with the one before it (SHA-256), and the verification of the
//! chain against the session's current state.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::model::{Event, Round, Session, Table, TableId};

/// Who made a change, and in what capacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Arbiter,
    /// The only role that may change a confirmed result.
    ChiefArbiter,
    /// Setting up the event (players, rounds, tables).
    Organiser,
}

/// When and by whom: the wall time comes from the caller, never from the library.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub wall_time: String,
    pub actor: String,
    pub role: Role,
}

impl Stamp {
    pub fn new(wall_time: &str, actor: &str, role: Role) -> Stamp {
        Stamp {
            wall_time: wall_time.to_string(),
            actor: actor.to_string(),
            role,
        }
    }
}

/// One change in the trail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// From 0, one more for each entry.
    pub seq: u64,
    pub stamp: Stamp,
    /// The table changed; none for the event, players and rounds.
    pub table: Option<TableId>,
    /// What changed, in words, with old and new values where there are any.
    pub what: String,
    /// Digest of the state the change left: the table, or the event with its players and rounds.
    pub state: String,
    /// Digest of the previous entry's `hash` and this entry's other fields: the chain.
    pub hash: String,
}

/// What the first entry links to.
pub const GENESIS: &str = "00000000000000000000000000000000";

/// The audit chain does not hold.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChainError {
    #[error("audit entry {index} has number {seq}; expected {index}")]
    Sequence { index: usize, seq: u64 },
    #[error("audit entry {index} ({what}) was edited, or an entry before it was: its hash does not match")]
    Hash { index: usize, what: String },
    #[error("{table} was changed outside the app: it differs from the state of its last audit entry ({index})")]
    TableState { table: TableId, index: usize },
    #[error("{table} has no audit entry: it was added outside the app")]
    TableUnrecorded { table: TableId },
    #[error("the event, players or rounds were changed outside the app (last audit entry {index} says otherwise)")]
    HeaderState { index: usize },
    #[error("{table} is in the audit trail but not in the session: it was removed outside the app")]
    TableMissing { table: TableId },
    #[error("the event, players or rounds have no audit entry")]
    HeaderUnrecorded,
    #[error("a state could not be serialized: {0}")]
    Serialize(String),
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// SHA-256 of the value's compact RON, cut to its first 128 bits (32 hex digits): ample to
/// catch any edit, and half the bytes in a file of 100,000 entries.
fn digest_of<T: Serialize + ?Sized>(value: &T) -> Result<String, ChainError> {
    let text = ron::to_string(value).map_err(|e| ChainError::Serialize(e.to_string()))?;
    Ok(hex(&Sha256::digest(text.as_bytes())[..16]))
}

/// The digest of a table (players, game, everything in it).
pub fn table_digest(table: &Table) -> Result<String, ChainError> {
    digest_of(table)
}

/// What the header digest covers: the event, the players, the rounds' numbers and dates (each
/// table has its own entries). Generic over the player type for older file versions.
#[derive(Serialize)]
pub(crate) struct Header<'a, P> {
    pub event: &'a Event,
    pub players: &'a [P],
    pub rounds: Vec<(u32, &'a str)>,
}

pub(crate) fn header_digest_of<P: Serialize>(
    event: &Event,
    players: &[P],
    rounds: &[Round],
) -> Result<String, ChainError> {
    let rounds = rounds.iter().map(|r| (r.number, r.date.as_str())).collect();
    digest_of(&Header { event, players, rounds })
}

/// The digest of the event, players and rounds (not the tables' games).
pub fn header_digest(session: &Session) -> Result<String, ChainError> {
    header_digest_of(&session.event, &session.players, &session.rounds)
}

/// The hash of an entry: the previous entry's hash and this entry's other fields.
pub fn entry_hash(prev: &str, e: &AuditEntry) -> Result<String, ChainError> {
    digest_of(&(prev, e.seq, &e.stamp, &e.table, &e.what, &e.state))
}

/// Appends an entry to the trail, linked and hashed.
pub(crate) fn push(
    audit: &mut Vec<AuditEntry>,
    stamp: &Stamp,
    table: Option<TableId>,
    what: String,
    state: String,
) -> Result<(), ChainError> {
    let prev = audit.last().map_or(GENESIS, |e| e.hash.as_str());
    let mut entry = AuditEntry {
        seq: audit.len() as u64,
        stamp: stamp.clone(),
        table,
        what,
        state,
        hash: String::new(),
    };
    entry.hash = entry_hash(prev, &entry)?;
    audit.push(entry);
    Ok(())
}

/// Checks the chain link by link, then that every table and the header are as their last
/// entries left them.
pub fn verify(session: &Session) -> Result<(), ChainError> {
    verify_links(&session.audit)?;
    verify_states(session)
}

/// Checks that each entry follows the one before and that none was edited.
pub fn verify_links(audit: &[AuditEntry]) -> Result<(), ChainError> {
    let mut prev = GENESIS;
    for (index, e) in audit.iter().enumerate() {
        if e.seq != index as u64 {
            return Err(ChainError::Sequence { index, seq: e.seq });
        }
        if entry_hash(prev, e)? != e.hash {
            return Err(ChainError::Hash {
                index,
                what: e.what.clone(),
            });
        }
        prev = &e.hash;
    }
    Ok(())
}

/// Checks that every table and the header are as their last entries left them.
pub fn verify_states(session: &Session) -> Result<(), ChainError> {
    let mut last: HashMap<Option<TableId>, usize> = HashMap::new();
    for (index, e) in session.audit.iter().enumerate() {
        last.insert(e.table, index);
    }
    let state_of = |table: Option<TableId>| last.get(&table).map(|&i| (i, session.audit[i].state.as_str()));
    match state_of(None) {
        None => return Err(ChainError::HeaderUnrecorded),
        Some((index, state)) if state != header_digest(session)? => return Err(ChainError::HeaderState { index }),
        Some(_) => {}
    }
    for (id, table) in session.tables() {
        match state_of(Some(id)) {
            None => return Err(ChainError::TableUnrecorded { table: id }),
            Some((index, state)) if state != table_digest(table)? => {
                return Err(ChainError::TableState { table: id, index });
            }
            Some(_) => {}
        }
    }
    if let Some(table) = last.keys().flatten().find(|id| session.table(**id).is_none()) {
        return Err(ChainError::TableMissing { table: *table });
    }
    Ok(())
}

//! The audit trail: one entry per change (wall time, actor, what changed, a digest of the state
//! it left), each entry hashed with the one before it (SHA-256), and the verification of the
//! chain against the session's current state.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::model::{Event, Player, Round, Session, Table, TableId, Trust};
use super::said::Said;
use super::tournament::Tournament;
use super::{compact, format};

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
    /// What `what` says, as data, for the window's language (`said`): a clock event, ledger
    /// entries, a result, a signature, an override. None for the other kinds and in entries
    /// written before it existed. Under the hash when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<Said>,
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

/// Feeds text to a hash as it is written.
struct HashWriter(Sha256);

impl std::fmt::Write for HashWriter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.update(s.as_bytes());
        Ok(())
    }
}

/// The digest of a table (players, game, everything in it): SHA-256 of its compact form (as in
/// the file, without layout) with the record and the clock lines left out, then the record's
/// and the clock lines' lengths and bytes as they are (not escaped: the long strings cost
/// nothing more than hashing).
pub fn table_digest(table: &Table) -> Result<String, ChainError> {
    let mut form = format::TableOut::of(table).map_err(ChainError::Serialize)?;
    let record = std::mem::take(&mut form.record);
    let clock = std::mem::take(&mut form.clock);
    let mut hasher = HashWriter(Sha256::new());
    ron::ser::to_writer(&mut hasher, &form).map_err(|e| ChainError::Serialize(e.to_string()))?;
    for text in [record, clock.as_str()] {
        hasher.0.update(format!("\n{}\n", text.len()).as_bytes());
        hasher.0.update(text.as_bytes());
    }
    Ok(hex(&hasher.0.finalize()[..16]))
}

/// The digest of a table up to version 2: over the table's RON with field names.
pub(crate) fn table_digest_v2(table: &Table) -> Result<String, ChainError> {
    digest_of(table)
}

/// What the header digest covers: the event, the players, each round's number, date, name
/// and table order (each table has its own entries).
#[derive(Serialize)]
struct Header<'a> {
    event: &'a Event,
    players: &'a [Player],
    rounds: Vec<(u32, &'a str, &'a str, Vec<u32>)>,
    /// Left out while empty, so that the digests of files from before it stay the same.
    #[serde(skip_serializing_if = "Tournament::is_empty")]
    tournament: &'a Tournament,
    /// Left out while empty (files from before the chain key and the passphrase).
    #[serde(skip_serializing_if = "Trust::is_empty")]
    trust: &'a Trust,
}

/// What the header digest covered up to version 2: the rounds' numbers and dates only. Generic
/// over the player type for version 1 (ranks as text).
#[derive(Serialize)]
struct HeaderV2<'a, P> {
    event: &'a Event,
    players: &'a [P],
    rounds: Vec<(u32, &'a str)>,
}

/// The header digest of a version-1 or version-2 file, for their migration.
pub(crate) fn header_digest_v2<P: Serialize>(
    event: &Event,
    players: &[P],
    rounds: &[Round],
) -> Result<String, ChainError> {
    let rounds = rounds.iter().map(|r| (r.number, r.date.as_str())).collect();
    digest_of(&HeaderV2 { event, players, rounds })
}

/// The digest of the event, players and rounds (not the tables' games).
pub fn header_digest(session: &Session) -> Result<String, ChainError> {
    header_digest_with(session, |_| true)
}

/// The header digest with the order of the tables `counted` only. A table is added at the end
/// of its round with its own entry, not a header entry: the header's last entry attests the
/// order of the tables that existed then, and the tables added since follow them.
fn header_digest_with(session: &Session, counted: impl Fn(TableId) -> bool) -> Result<String, ChainError> {
    let rounds = session
        .rounds
        .iter()
        .map(|r| {
            let order = r
                .tables
                .iter()
                .map(|t| t.number)
                .filter(|&table| counted(TableId { round: r.number, table }))
                .collect();
            (r.number, r.date.as_str(), r.name.as_str(), order)
        })
        .collect();
    digest_of(&Header {
        event: &session.event,
        players: &session.players,
        rounds,
        tournament: &session.tournament,
        trust: &session.trust,
    })
}

/// The hash of an entry: the previous entry's hash, the entry's number and its line in the file
/// without the hash (see [`compact`](super::compact)), hashed as text.
pub fn entry_hash(prev: &str, e: &AuditEntry) -> Result<String, ChainError> {
    Ok(entry_hash_in(&mut String::new(), prev, e))
}

/// [`entry_hash`], its text written in `text` (a buffer kept between entries).
fn entry_hash_in(text: &mut String, prev: &str, e: &AuditEntry) -> String {
    use std::fmt::Write as _;
    text.clear();
    text.push_str(prev);
    let _ = write!(text, "\n{}\t", e.seq);
    compact::push_entry_body(text, e);
    hex(&Sha256::digest(text.as_bytes())[..16])
}

/// The hash of an entry in files up to version 2: over the fields' compact RON.
pub(crate) fn entry_hash_v2(prev: &str, e: &AuditEntry) -> Result<String, ChainError> {
    digest_of(&(prev, e.seq, &e.stamp, &e.table, &e.what, &e.state))
}

/// How many entries, from the first, link under the version-2 hashing.
pub(crate) fn linked_v2(audit: &[AuditEntry]) -> usize {
    let mut prev = GENESIS;
    for (index, e) in audit.iter().enumerate() {
        if e.seq != index as u64 || entry_hash_v2(prev, e).ok().as_deref() != Some(e.hash.as_str()) {
            return index;
        }
        prev = &e.hash;
    }
    audit.len()
}

/// Re-hashes the first `count` entries under the current hashing (a migration, once the old
/// chain was checked); the entries after them keep their old hashes, so a chain broken at
/// entry `count` stays broken there.
pub(crate) fn rehash(audit: &mut [AuditEntry], count: usize) -> Result<(), ChainError> {
    let mut prev = GENESIS.to_string();
    for e in audit.iter_mut().take(count) {
        e.hash = entry_hash(&prev, e)?;
        prev.clone_from(&e.hash);
    }
    Ok(())
}

/// Appends an entry hashed the version-2 way (for the migration from version 1 and the
/// version-1 writer).
pub(crate) fn push_v2(
    audit: &mut Vec<AuditEntry>,
    stamp: &Stamp,
    table: Option<TableId>,
    what: String,
    state: String,
) -> Result<(), ChainError> {
    push_hashed(audit, stamp, table, (what, None), state, entry_hash_v2)
}

/// Appends an entry to the trail, linked and hashed.
pub(crate) fn push(
    audit: &mut Vec<AuditEntry>,
    stamp: &Stamp,
    table: Option<TableId>,
    what: String,
    state: String,
) -> Result<(), ChainError> {
    push_said(audit, stamp, table, what, None, state)
}

/// [`push`], with what the entry says as data when it has it.
pub(crate) fn push_said(
    audit: &mut Vec<AuditEntry>,
    stamp: &Stamp,
    table: Option<TableId>,
    what: String,
    said: Option<Said>,
    state: String,
) -> Result<(), ChainError> {
    push_hashed(audit, stamp, table, (what, said), state, entry_hash)
}

/// Appends an entry linked to the last one and hashed by `hash`.
fn push_hashed(
    audit: &mut Vec<AuditEntry>,
    stamp: &Stamp,
    table: Option<TableId>,
    (what, said): (String, Option<Said>),
    state: String,
    hash: fn(&str, &AuditEntry) -> Result<String, ChainError>,
) -> Result<(), ChainError> {
    let prev = audit.last().map_or(GENESIS, |e| e.hash.as_str());
    let mut entry = AuditEntry {
        seq: audit.len() as u64,
        stamp: stamp.clone(),
        table,
        what,
        said,
        state,
        hash: String::new(),
    };
    entry.hash = hash(prev, &entry)?;
    audit.push(entry);
    Ok(())
}

/// Checks the chain link by link, then that every table and the header are as their last
/// entries left them.
pub fn verify(session: &Session) -> Result<(), ChainError> {
    verify_links(&session.audit)?;
    verify_states(session)
}

/// Below this many entries the links are checked on one thread.
const SPLIT_AT: usize = 4096;

/// Runs `first` here and `second` on a second thread (the machine's other core); the first
/// half's error wins, so the error reported is the earliest one.
fn in_two<T: Send>(
    first: impl FnOnce() -> Result<T, ChainError>,
    second: impl FnOnce() -> Result<T, ChainError> + Send,
) -> Result<(T, T), ChainError> {
    std::thread::scope(|scope| {
        let later = scope.spawn(second);
        let earlier = first();
        let later = later.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Ok((earlier?, later?))
    })
}

/// Checks that each entry follows the one before and that none was edited. Each link is
/// checked on its own (an entry against the hash written in the one before), so the two
/// halves of a long trail are checked at the same time; every link is checked.
pub fn verify_links(audit: &[AuditEntry]) -> Result<(), ChainError> {
    if audit.len() < SPLIT_AT {
        return verify_links_from(audit, 0, GENESIS);
    }
    let mid = audit.len() / 2;
    let (first, second) = audit.split_at(mid);
    let prev = first[mid - 1].hash.as_str();
    in_two(
        || verify_links_from(first, 0, GENESIS),
        || verify_links_from(second, mid, prev),
    )
    .map(|_| ())
}

/// Checks the links of `audit`, the entries from number `start`, the first linking to `prev`.
fn verify_links_from<'a>(audit: &'a [AuditEntry], start: usize, mut prev: &'a str) -> Result<(), ChainError> {
    let mut text = String::with_capacity(256);
    for (offset, e) in audit.iter().enumerate() {
        let index = start + offset;
        if e.seq != index as u64 {
            return Err(ChainError::Sequence { index, seq: e.seq });
        }
        if entry_hash_in(&mut text, prev, e) != e.hash {
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
    let mut first: HashMap<TableId, usize> = HashMap::new();
    for (index, e) in session.audit.iter().enumerate() {
        last.insert(e.table, index);
        if let Some(table) = e.table {
            first.entry(table).or_insert(index);
        }
    }
    let state_of = |table: Option<TableId>| last.get(&table).map(|&i| (i, session.audit[i].state.as_str()));
    match state_of(None) {
        None => return Err(ChainError::HeaderUnrecorded),
        Some((index, state)) => {
            let existed = |table| first.get(&table).is_some_and(|&added| added < index);
            if state != header_digest_with(session, existed)? {
                return Err(ChainError::HeaderState { index });
            }
        }
    }
    let tables: Vec<(TableId, &Table)> = session.tables().collect();
    let check = |tables: &[(TableId, &Table)]| -> Result<(), ChainError> {
        for &(id, table) in tables {
            match state_of(Some(id)) {
                None => return Err(ChainError::TableUnrecorded { table: id }),
                Some((index, state)) if state != table_digest(table)? => {
                    return Err(ChainError::TableState { table: id, index });
                }
                Some(_) => {}
            }
        }
        Ok(())
    };
    if tables.len() < 16 {
        check(&tables)?;
    } else {
        let (first, second) = tables.split_at(tables.len() / 2);
        in_two(|| check(first), || check(second))?;
    }
    if let Some(table) = last.keys().flatten().find(|id| session.table(**id).is_none()) {
        return Err(ChainError::TableMissing { table: *table });
    }
    Ok(())
}

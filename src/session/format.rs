//! The session file's RON text: the schema version, writing, reading with located errors, and
//! the migration of older versions.
//!
//! Versions:
//! - 1: players' ranks as free text (`rank: "3d"`).
//! - 2: ranks as data (`rank: Dan(3)`, `Kyu(5)`, `Pro(2)`). A version-1 file is migrated on
//!   load: each rank is read ("5k", "3d", "2p"), and when the version-1 audit chain holds, one
//!   audit entry records the migration (the header digest changes with the ranks).
//! - 3 (current): compact. The event, players and rounds stay RON with field names (rounds and
//!   tables may have names); each table's clock events are one string, one short line per event
//!   (`30 P B 1`), and the audit trail is one string, one tab-separated line per entry (see
//!   `compact`), written unescaped (as a raw string when it holds quotes or backslashes), so
//!   reading it is a scan for its end, not RON parsing. An entry's hash covers its line, so the
//!   links are checked on load by hashing text, without re-serializing anything; the states are
//!   checked for the last entry of each table and of the header. The header digest now covers
//!   the rounds' names and table order. A version-2 file is migrated on load: its chain is
//!   checked the version-2 way and re-hashed as far as it holds; then one audit entry records
//!   the migration with the new header digest, and one per table with the table's new digest
//!   (only for the header and tables that were as their last entries left them).
//!
//! Why this layout (issue 6, 300 tables of 300 moves, 91,502 audit entries, release build,
//! `cargo bench --bench session`): version 2 was 39 MB, saved in ~760 ms and loaded in 2.4-3.2 s
//! (RON parsing ~2.5 s, the chain check ~0.55 s re-serializing every entry). Version 3 is
//! 15.1 MB (the audit trail 13.3 MB of it), saves in ~92 ms and loads in ~214 ms on a shared
//! 2-core machine: the RON with field names is parsed only for the small parts, the long strings
//! are scanned, the links are hashed from text, and a table's digest hashes its record and clock
//! lines as bytes. Reading then borrowed the long strings instead of copying them, read the
//! audit lines in two halves at once, and `audit::verify` checks the links and the tables' final
//! states in two halves at once (each link against the hash written in the entry before it, so
//! every link is still checked): load ~127 ms (criterion, load average 4.7), same layout.

use std::borrow::Cow;

use ron::ser::PrettyConfig;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::audit::{self, AuditEntry, Role, Stamp};
use super::compact;
use super::downtime::Checkpoint;
use super::key::{self, ChainKey};
use super::model::{
    Confirmation, Event, Player, PlayerId, Rank, ResultOverride, Round, Session, Table, TableGame, TableId, Trust,
};
use super::tournament::Tournament;
use crate::ledger::Ledger;
use crate::rules::Preset;
use crate::scoring::{GameResult, Marks, Quarters};

/// The version this program writes.
pub const VERSION: u32 = 3;

/// Why a session's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FormatError {
    #[error("line {line}, column {column}: {message}")]
    Parse {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{table}, clock event on line {line} of its clock: {message}")]
    Clock {
        table: TableId,
        line: usize,
        message: String,
    },
    #[error("schema version {found} is newer than this program's ({VERSION}); update go-arbiter")]
    Version { found: u32 },
    #[error("schema version {found} was never written by go-arbiter (its versions are 1 to {VERSION})")]
    NoSuchVersion { found: u32 },
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
            message: in_words(&e.code.to_string()),
        }
    }
}

/// A reader's message with the program's own type names said in words ("missing field `event`
/// in the session file", not "in `FileV3`").
pub(crate) fn in_words(message: &str) -> String {
    const WORDS: [(&str, &str); 9] = [
        ("`Probe`", "the session file"),
        ("`FileV3`", "the session file"),
        ("`FileV2`", "the session file"),
        ("`FileV1`", "the session file"),
        ("`SessionV1`", "the session"),
        ("`RoundV3`", "a round"),
        ("`TableV3`", "a table"),
        ("`PlayerV1`", "a player"),
        ("`JournalLine`", "a journal line"),
    ];
    WORDS
        .iter()
        .fold(message.to_string(), |text, (name, words)| text.replace(name, words))
}

#[derive(Deserialize)]
struct Probe {
    version: u32,
}

/// A version-3 file. The long strings are borrowed from the text when they hold no escapes
/// (the usual case), not copied.
#[derive(Deserialize)]
struct FileV3<'a> {
    event: Event,
    players: Vec<Player>,
    #[serde(borrow)]
    rounds: Vec<RoundV3<'a>>,
    /// One line per entry, after a first empty line.
    #[serde(borrow)]
    audit: Cow<'a, str>,
    #[serde(default)]
    tournament: Tournament,
    #[serde(default)]
    trust: Trust,
    /// The chain key's seal of the last audit entry (`key::seal`), when the file is keyed.
    #[serde(default)]
    seal: Option<String>,
}

#[derive(Deserialize)]
struct RoundV3<'a> {
    number: u32,
    date: String,
    #[serde(default)]
    name: String,
    #[serde(borrow)]
    tables: Vec<TableV3<'a>>,
}

/// A table and its game, the clock events as lines.
#[derive(Deserialize)]
struct TableV3<'a> {
    number: u32,
    #[serde(default)]
    name: String,
    black: PlayerId,
    white: PlayerId,
    handicap: u32,
    komi: Quarters,
    rules: Preset,
    time_control: String,
    record: String,
    #[serde(borrow)]
    clock: Cow<'a, str>,
    ledger: Ledger,
    marks: Option<Marks>,
    result: Option<GameResult>,
    confirmations: Vec<Confirmation>,
    overrides: Vec<ResultOverride>,
    #[serde(default)]
    confirmed_at: Option<String>,
    #[serde(default)]
    checkpoint: Option<Checkpoint>,
    #[serde(default)]
    photo: Option<super::photo::PhotoRecord>,
}

/// A table as written (and as its state digest sees it): [`TableV3`] borrowed.
#[derive(Serialize)]
pub(crate) struct TableOut<'a> {
    number: u32,
    #[serde(skip_serializing_if = "str::is_empty")]
    name: &'a str,
    black: PlayerId,
    white: PlayerId,
    handicap: u32,
    komi: Quarters,
    rules: Preset,
    time_control: &'a str,
    pub(crate) record: &'a str,
    pub(crate) clock: String,
    ledger: &'a Ledger,
    marks: &'a Option<Marks>,
    result: &'a Option<GameResult>,
    confirmations: &'a [Confirmation],
    overrides: &'a [ResultOverride],
    /// Left out while none, so that the digests of tables from before it stay the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    confirmed_at: &'a Option<String>,
    /// Left out while none, so that the digests of tables without one stay the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    checkpoint: &'a Option<Checkpoint>,
    /// Left out while none, so that the digests of tables without a photo stay the same.
    #[serde(skip_serializing_if = "Option::is_none")]
    photo: &'a Option<super::photo::PhotoRecord>,
}

impl TableOut<'_> {
    pub(crate) fn of(table: &Table) -> Result<TableOut<'_>, String> {
        let g = &table.game;
        Ok(TableOut {
            number: table.number,
            name: &table.name,
            black: table.black,
            white: table.white,
            handicap: g.handicap,
            komi: g.komi,
            rules: g.rules,
            time_control: &g.time_control,
            record: &g.record,
            clock: compact::clock_text(&g.clock_events)?,
            ledger: &g.ledger,
            marks: &g.marks,
            result: &g.result,
            confirmations: &g.confirmations,
            overrides: &g.overrides,
            confirmed_at: &g.confirmed_at,
            checkpoint: &g.checkpoint,
            photo: &g.photo,
        })
    }
}

#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    event: &'a Event,
    players: &'a [Player],
    rounds: Vec<RoundOut<'a>>,
    audit: String,
    #[serde(skip_serializing_if = "Tournament::is_empty")]
    tournament: &'a Tournament,
    #[serde(skip_serializing_if = "Trust::is_empty")]
    trust: &'a Trust,
    #[serde(skip_serializing_if = "Option::is_none")]
    seal: Option<String>,
}

#[derive(Serialize)]
struct RoundOut<'a> {
    number: u32,
    date: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    name: &'a str,
    tables: Vec<TableOut<'a>>,
}

/// A version-2 file reads as the current model (names default to empty).
#[derive(Deserialize)]
struct FileV2 {
    session: Session,
}

/// How the file is laid out: one tab per level, small values on one line, long strings
/// unescaped.
fn pretty() -> PrettyConfig {
    PrettyConfig::new().depth_limit(6).indentor("\t").escape_strings(false)
}

fn audit_text(entries: &[AuditEntry]) -> String {
    let mut out = String::with_capacity(entries.len() * 160 + 1);
    out.push('\n');
    for e in entries {
        compact::push_entry_line(&mut out, e);
        out.push('\n');
    }
    out
}

/// The whole session as version-3 RON, not sealed.
pub fn to_ron(session: &Session) -> Result<String, FormatError> {
    to_ron_sealed(session, None)
}

/// The whole session as version-3 RON, its last audit entry sealed with `key` when given.
pub fn to_ron_sealed(session: &Session, key: Option<&ChainKey>) -> Result<String, FormatError> {
    let mut rounds = Vec::with_capacity(session.rounds.len());
    for r in &session.rounds {
        rounds.push(RoundOut {
            number: r.number,
            date: &r.date,
            name: &r.name,
            tables: r
                .tables
                .iter()
                .map(TableOut::of)
                .collect::<Result<_, _>>()
                .map_err(FormatError::Serialize)?,
        });
    }
    let file = FileOut {
        version: VERSION,
        event: &session.event,
        players: &session.players,
        rounds,
        audit: audit_text(&session.audit),
        tournament: &session.tournament,
        trust: &session.trust,
        seal: key.map(|key| {
            let head = session.audit.last();
            key::seal(
                key,
                head.map_or(0, |e| e.seq + 1),
                head.map_or(audit::GENESIS, |e| e.hash.as_str()),
            )
        }),
    };
    let mut text = ron::ser::to_string_pretty(&file, pretty()).map_err(|e| FormatError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The version written near the top (`version: 3,`), read without parsing the whole file.
fn quick_version(text: &str) -> Option<u32> {
    let head = text.get(..text.len().min(200))?;
    let rest = head
        .trim_start()
        .strip_prefix('(')?
        .trim_start()
        .strip_prefix("version:")?;
    let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Reads a session, migrating an older version; returns the version it was read from.
pub fn from_ron(text: &str) -> Result<(Session, u32), FormatError> {
    // A byte-order mark, as some editors save UTF-8, is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A file whose line ends were converted to CRLF (a Windows editor, a mail, a zip tool) reads
    // as written: a session never holds a carriage return of its own (strings escape it).
    let unix;
    let text = if text.contains('\r') {
        unix = text.replace("\r\n", "\n");
        unix.as_str()
    } else {
        text
    };
    let version = match quick_version(text) {
        Some(version) => version,
        None => ron::from_str::<Probe>(text)?.version,
    };
    match version {
        VERSION => Ok((from_v3(text, ron::from_str::<FileV3>(text)?)?, VERSION)),
        2 => Ok((migrate_v2(ron::from_str::<FileV2>(text)?.session)?, 2)),
        1 => Ok((migrate_v2(migrate_v1(ron::from_str::<FileV1>(text)?.session)?)?, 1)),
        found if found > VERSION => Err(FormatError::Version { found }),
        found => Err(FormatError::NoSuchVersion { found }),
    }
}

/// The line of the file where the audit string's first line is.
fn audit_first_line(text: &str) -> usize {
    text.rfind("\n\taudit:")
        .map_or(1, |at| text[..at].bytes().filter(|&b| b == b'\n').count() + 3)
}

fn from_v3(text: &str, file: FileV3) -> Result<Session, FormatError> {
    let mut rounds = Vec::with_capacity(file.rounds.len());
    for r in file.rounds {
        let mut tables = Vec::with_capacity(r.tables.len());
        for t in r.tables {
            let id = TableId {
                round: r.number,
                table: t.number,
            };
            let clock_events = compact::read_clock_text(&t.clock).map_err(|(line, message)| FormatError::Clock {
                table: id,
                line,
                message,
            })?;
            tables.push(Table {
                number: t.number,
                name: t.name,
                black: t.black,
                white: t.white,
                game: TableGame {
                    handicap: t.handicap,
                    komi: t.komi,
                    rules: t.rules,
                    time_control: t.time_control,
                    record: t.record,
                    clock_events,
                    ledger: t.ledger,
                    marks: t.marks,
                    result: t.result,
                    confirmations: t.confirmations,
                    overrides: t.overrides,
                    confirmed_at: t.confirmed_at,
                    checkpoint: t.checkpoint,
                    photo: t.photo,
                },
            });
        }
        rounds.push(Round {
            number: r.number,
            date: r.date,
            name: r.name,
            tables,
        });
    }
    let entries = read_audit(&file.audit, audit_first_line(text))?;
    Ok(Session {
        event: file.event,
        players: file.players,
        rounds,
        audit: entries,
        tournament: file.tournament,
        trust: file.trust,
        seal: file.seal,
    })
}

/// Below this many bytes the audit lines are read on one thread.
const SPLIT_AUDIT_AT: usize = 1 << 20;

/// Reads the audit lines (after the block's first empty line); `first_line` is the file's line
/// of the first one, for errors. A long block is read in two halves at once, split at a line.
fn read_audit(block: &str, first_line: usize) -> Result<Vec<AuditEntry>, FormatError> {
    let lines = block.strip_prefix('\n').unwrap_or(block);
    let split = if lines.len() < SPLIT_AUDIT_AT {
        None
    } else {
        lines[lines.len() / 2..].find('\n').map(|at| lines.len() / 2 + at + 1)
    };
    let Some(split) = split else {
        return read_audit_lines(lines).map_err(|e| audit_error(e, first_line, 0, 0));
    };
    let (first, second) = lines.split_at(split);
    let (earlier, later) = std::thread::scope(|scope| {
        let later = scope.spawn(|| read_audit_lines(second));
        let earlier = read_audit_lines(first);
        (
            earlier,
            later.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    });
    let mut entries = earlier.map_err(|e| audit_error(e, first_line, 0, 0))?;
    let lines_before = first.bytes().filter(|&b| b == b'\n').count();
    let mut later = later.map_err(|e| audit_error(e, first_line, lines_before, entries.len()))?;
    let start = entries.len() as u64;
    for e in &mut later {
        e.seq += start;
    }
    entries.append(&mut later);
    Ok(entries)
}

/// Where an audit line did not read, within its part of the block: line, entry, message.
type AuditLineError = (usize, usize, String);

fn audit_error(
    (line, entry, message): AuditLineError,
    first_line: usize,
    lines_before: usize,
    entries_before: usize,
) -> FormatError {
    FormatError::Parse {
        line: first_line + lines_before + line,
        column: 1,
        message: format!("audit entry {}: {message}", entries_before + entry),
    }
}

/// Reads audit lines, numbering the entries from 0.
fn read_audit_lines(lines: &str) -> Result<Vec<AuditEntry>, AuditLineError> {
    let mut entries = Vec::with_capacity(lines.len() / 140 + 1);
    for (i, line) in lines.lines().enumerate() {
        let line = line.trim_start_matches(' ');
        if line.is_empty() {
            continue;
        }
        let entry =
            compact::read_entry_line(entries.len() as u64, line).map_err(|message| (i, entries.len(), message))?;
        entries.push(entry);
    }
    Ok(entries)
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

/// Whether a chain of an older version held: its links (the version-2 way), and the header as
/// its last header entry left it (under that version's header digest).
fn old_chain_held(audit_trail: &[AuditEntry], header: Option<String>) -> bool {
    audit::linked_v2(audit_trail) == audit_trail.len()
        && header.is_some()
        && audit_trail
            .iter()
            .rev()
            .find(|e| e.table.is_none())
            .map(|e| e.state.clone())
            == header
}

fn serialize_error(e: audit::ChainError) -> FormatError {
    FormatError::Serialize(e.to_string())
}

/// Version 1 to 2: ranks read from text (the migration entry hashed the version-2 way).
fn migrate_v1(old: SessionV1) -> Result<Session, FormatError> {
    let header = audit::header_digest_v2(&old.event, &old.players, &old.rounds).ok();
    let chain_held = old_chain_held(&old.audit, header);
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
            registration: Default::default(),
        });
    }
    let mut session = Session {
        event: old.event,
        players,
        rounds: old.rounds,
        audit: old.audit,
        tournament: Tournament::default(),
        trust: Trust::default(),
        seal: None,
    };
    if chain_held {
        let state =
            audit::header_digest_v2(&session.event, &session.players, &session.rounds).map_err(serialize_error)?;
        let stamp = Stamp::new("", MIGRATION_ACTOR, Role::Organiser);
        let what = "migrated from schema version 1: ranks read from text".to_string();
        audit::push_v2(&mut session.audit, &stamp, None, what, state).map_err(serialize_error)?;
    }
    Ok(session)
}

/// Version 2 to 3: the chain re-hashed as far as it holds; when it holds to the end, one entry
/// recording the migration for the header and one for each table whose state was as its last
/// entry left it, with the version-3 digests (the header's covers round names and table
/// order; a table's, its compact form). A header or table that did not hold keeps its old
/// digest, so the check still finds it.
fn migrate_v2(mut session: Session) -> Result<Session, FormatError> {
    let linked = audit::linked_v2(&session.audit);
    let links_held = linked == session.audit.len();
    let header = audit::header_digest_v2(&session.event, &session.players, &session.rounds).ok();
    let header_held = old_chain_held(&session.audit, header);
    let mut tables_held = Vec::new();
    if links_held {
        for (id, table) in session.tables() {
            let last = session.audit.iter().rev().find(|e| e.table == Some(id));
            if last.map(|e| e.state.clone()) == audit::table_digest_v2(table).ok() {
                tables_held.push(id);
            }
        }
    }
    audit::rehash(&mut session.audit, linked).map_err(serialize_error)?;
    let stamp = Stamp::new("", MIGRATION_ACTOR, Role::Organiser);
    let what = "migrated from schema version 2: compact file, rounds and tables may be named";
    if header_held {
        let state = audit::header_digest(&session).map_err(serialize_error)?;
        audit::push(&mut session.audit, &stamp, None, what.to_string(), state).map_err(serialize_error)?;
    }
    for id in tables_held {
        let Some(table) = session.table(id) else { continue };
        let state = audit::table_digest(table).map_err(serialize_error)?;
        audit::push(&mut session.audit, &stamp, Some(id), what.to_string(), state).map_err(serialize_error)?;
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
    let header = audit::header_digest_v2(&session.event, &players, &session.rounds).map_err(err)?;
    let last_header = session.audit.iter().rposition(|e| e.table.is_none());
    let mut entries: Vec<AuditEntry> = Vec::new();
    for (i, e) in session.audit.iter().enumerate() {
        let state = if Some(i) == last_header {
            header.clone()
        } else {
            e.state.clone()
        };
        audit::push_v2(&mut entries, &e.stamp, e.table, e.what.clone(), state).map_err(err)?;
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
    let config = PrettyConfig::new().depth_limit(8).indentor("\t");
    let mut text = ron::ser::to_string_pretty(&file, config).map_err(|e| FormatError::Serialize(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

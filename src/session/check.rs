//! The `check` command: reads a session file (and its journal) without writing anything,
//! verifies the audit chain and the games' stored parts, and summarises.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::audit::ChainError;
use super::key::ChainKey;
use super::model::TableId;
use super::proof;
use super::store::{self, JournalStop, KeyCheck, StoreError};

/// What `check` found.
#[derive(Debug)]
pub struct Report {
    pub path: PathBuf,
    pub from_version: u32,
    pub event: String,
    pub players: usize,
    pub rounds: usize,
    pub tables: usize,
    pub results: usize,
    pub confirmed: usize,
    pub overrides: usize,
    pub audit_entries: usize,
    pub replayed: usize,
    pub dropped_partial: bool,
    pub chain: Result<(), ChainError>,
    /// Tables whose record, time control or clock events do not read back.
    pub bad_games: Vec<(TableId, String)>,
    /// The journal's replay stopped before its end.
    pub journal_stop: Option<JournalStop>,
    /// Journal lines without a hash (written before issue 18), replayed unverified.
    pub legacy_lines: usize,
    /// The chain key's verdict.
    pub key: KeyCheck,
    /// The verification code asked about, and the table whose confirmed result it is.
    pub code: Option<(String, Option<TableId>)>,
}

impl Report {
    /// Everything holds.
    pub fn ok(&self) -> bool {
        self.chain.is_ok()
            && self.bad_games.is_empty()
            && self.journal_stop.is_none()
            && self.key.holds()
            && self.code.as_ref().is_none_or(|(_, table)| table.is_some())
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} (schema version {})",
            self.path.display(),
            self.event,
            self.from_version
        );
        let _ = writeln!(
            s,
            "{} players, {} rounds, {} tables; {} results, {} confirmed, {} overridden",
            self.players, self.rounds, self.tables, self.results, self.confirmed, self.overrides
        );
        if self.replayed > 0 || self.dropped_partial {
            let _ = writeln!(
                s,
                "the last run did not close: {} changes in the journal{}",
                self.replayed,
                if self.dropped_partial {
                    ", and one cut off (lost)"
                } else {
                    ""
                }
            );
        }
        match &self.chain {
            Ok(()) => {
                let _ = writeln!(s, "audit trail: {} entries, chain intact", self.audit_entries);
            }
            Err(e) => {
                let _ = writeln!(s, "audit trail BROKEN: {e}");
            }
        }
        if let Some(stop) = &self.journal_stop {
            let _ = writeln!(
                s,
                "journal BROKEN at line {}: {}; replayed up to the line before it, {} lines not taken",
                stop.line, stop.why, stop.dropped
            );
        }
        if self.legacy_lines > 0 {
            let _ = writeln!(
                s,
                "{} journal lines carry no hash (legacy, written before hashed journals): replayed, not verified",
                self.legacy_lines
            );
        }
        let _ = writeln!(s, "{}", key_text(&self.key));
        for (table, why) in &self.bad_games {
            let _ = writeln!(s, "{table}: {why}");
        }
        if let Some((code, table)) = &self.code {
            let vouched = self.chain.is_ok() && self.journal_stop.is_none() && self.key.holds();
            let _ = match table {
                Some(table) if vouched => writeln!(s, "code {code}: the result of {table} is still the one confirmed"),
                Some(table) => writeln!(
                    s,
                    "code {code}: matches {table}, but the file does not hold (above): it cannot vouch for it"
                ),
                None => writeln!(
                    s,
                    "code {code}: NO confirmed result in this file has this code (changed since, or another file)"
                ),
            };
        }
        s
    }
}

/// What the chain key says, in one line.
pub fn key_text(key: &KeyCheck) -> String {
    match key {
        KeyCheck::NotKeyed => {
            "not keyed (a session from before chain keys): anyone can recompute its chain, so only accidents are caught"
                .to_string()
        }
        KeyCheck::Verified => "chain key: sealed and verified".to_string(),
        KeyCheck::NoKey { id } => format!(
            "chain key {id} not given: the keyed part (the seals) cannot be verified; give --key FILE or import the key"
        ),
        KeyCheck::WrongKey { id, given } => {
            format!("chain key: the key given ({given}) is not this session's ({id}): cannot verify")
        }
        KeyCheck::Unsealed => "chain key BROKEN: the file carries no seal: it was written without the key".to_string(),
        KeyCheck::SealBroken => {
            "chain key BROKEN: the seal does not match the chain: the file was edited without the key".to_string()
        }
    }
}

/// Checks a session file without its key; an unreadable file is an error naming line and column.
pub fn check(path: &Path) -> Result<Report, StoreError> {
    check_keyed(path, None, None)
}

/// Checks a session file with its chain `key` when given, and whether verification `code` is
/// that of a confirmed result in it.
pub fn check_keyed(path: &Path, key: Option<&ChainKey>, code: Option<&str>) -> Result<Report, StoreError> {
    let loaded = store::load_keyed(path, key)?;
    let session = &loaded.session;
    let mut report = Report {
        path: path.to_path_buf(),
        from_version: loaded.from_version,
        event: session.event.name.clone(),
        players: session.players.len(),
        rounds: session.rounds.len(),
        tables: 0,
        results: 0,
        confirmed: 0,
        overrides: 0,
        audit_entries: session.audit.len(),
        replayed: loaded.replayed,
        dropped_partial: loaded.dropped_partial,
        chain: loaded.chain.clone(),
        bad_games: Vec::new(),
        journal_stop: loaded.journal_stop.clone(),
        legacy_lines: loaded.legacy_lines,
        key: loaded.key.clone(),
        code: code.map(|c| (c.to_string(), proof::find_code(session, c))),
    };
    for (id, table) in session.tables() {
        let game = &table.game;
        report.tables += 1;
        report.results += usize::from(game.result.is_some());
        report.confirmed += usize::from(game.is_confirmed());
        report.overrides += game.overrides.len();
        if let Err(e) = game.game().and_then(|_| game.clock()) {
            report.bad_games.push((id, e.to_string()));
        }
    }
    Ok(report)
}

//! The `check` command: reads a session file (and its journal) without writing anything,
//! verifies the audit chain and the games' stored parts, and summarises.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::audit::ChainError;
use super::model::TableId;
use super::store::{self, StoreError};

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
}

impl Report {
    /// Everything holds.
    pub fn ok(&self) -> bool {
        self.chain.is_ok() && self.bad_games.is_empty()
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
        for (table, why) in &self.bad_games {
            let _ = writeln!(s, "{table}: {why}");
        }
        s
    }
}

/// Checks a session file; an unreadable file is an error naming line and column.
pub fn check(path: &Path) -> Result<Report, StoreError> {
    let loaded = store::load(path)?;
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

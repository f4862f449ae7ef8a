//! The session file on disk: atomic snapshots (temporary file in the same folder, fsync,
//! rename, fsync of the folder) keeping the last few versions as backups, an append-only journal
//! of changes (one RON line each, fsync'd) between snapshots, recovery from snapshot and
//! journal, and the newest good backup when a file does not read. A file that could not be read
//! is never overwritten: a [`Store`] exists only for a file that was read or newly created.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::audit::{self, ChainError, Stamp};
use super::format::{self, FormatError, VERSION};
use super::model::{Session, TableId};
use super::ops::{Change, SessionError};
use crate::clock::Phase;

/// How many earlier snapshots are kept (`FILE.bak1` is the newest).
pub const BACKUPS: usize = 3;

/// What went wrong with a session file.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{}: {source}", .path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: {error}{}", .path.display(), backup_hint(.backup))]
    Unreadable {
        path: PathBuf,
        error: FormatError,
        /// The newest backup that reads, to offer instead.
        backup: Option<PathBuf>,
    },
    #[error("{}: journal line {line}: {message}{}", .path.display(), backup_hint(.backup))]
    Journal {
        path: PathBuf,
        line: usize,
        message: String,
        backup: Option<PathBuf>,
    },
    #[error("{} already exists; open it instead of creating it", .path.display())]
    Exists { path: PathBuf },
    #[error("{0}")]
    Format(FormatError),
    #[error("the change was refused: {0}")]
    Change(#[from] SessionError),
}

fn backup_hint(backup: &Option<PathBuf>) -> String {
    match backup {
        Some(b) => format!("; the newest good backup is {}", b.display()),
        None => "; there is no good backup to offer".to_string(),
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// One journal line: the change that made audit entry `seq`.
#[derive(Serialize, Deserialize)]
struct JournalLine {
    seq: u64,
    stamp: Stamp,
    change: Change,
}

/// A session as read from disk.
#[derive(Debug)]
pub struct Loaded {
    pub session: Session,
    /// The schema version of the file (older ones were migrated).
    pub from_version: u32,
    /// Journal changes replayed on top of the snapshot (non-zero: the last run did not close).
    pub replayed: usize,
    /// A journal line cut off by the crash was dropped (the change being written).
    pub dropped_partial: bool,
    /// The audit chain's verdict; a broken chain does not stop the loading.
    pub chain: Result<(), ChainError>,
    /// Tables whose clock was running when the file was written, without a result (a table
    /// with a recorded result is never asked about again): on resuming, the time since their
    /// last durable instant is offered to the arbiter (`session::downtime`).
    pub running_clocks: Vec<TableId>,
}

impl Loaded {
    /// The last run ended without closing the session (the journal held changes).
    pub fn recovered(&self) -> bool {
        self.replayed > 0 || self.dropped_partial
    }
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// The journal beside a session file (`FILE.journal`).
pub fn journal_path(path: &Path) -> PathBuf {
    sibling(path, ".journal")
}

/// The `n`-th newest backup (`FILE.bak1` ...).
pub fn backup_path(path: &Path, n: usize) -> PathBuf {
    sibling(path, &format!(".bak{n}"))
}

fn dir_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Reads a snapshot alone (no journal).
pub fn read_snapshot(path: &Path) -> Result<(Session, u32), StoreError> {
    let text = fs::read_to_string(path).map_err(io_err(path))?;
    format::from_ron(&text).map_err(|error| StoreError::Unreadable {
        path: path.to_path_buf(),
        error,
        backup: newest_good_backup(path),
    })
}

/// The newest backup of `path` that reads.
pub fn newest_good_backup(path: &Path) -> Option<PathBuf> {
    (1..=BACKUPS).map(|n| backup_path(path, n)).find(|b| {
        fs::read_to_string(b)
            .ok()
            .is_some_and(|text| format::from_ron(&text).is_ok())
    })
}

/// Reads a session: the snapshot, then the journal's changes after it. Writes nothing.
pub fn load(path: &Path) -> Result<Loaded, StoreError> {
    let (mut session, from_version) = read_snapshot(path)?;
    let (replayed, dropped_partial) = replay_journal(path, &mut session)?;
    let chain = audit::verify(&session);
    let running_clocks = session
        .tables()
        .filter(|(_, t)| t.game.result.is_none() && t.game.clock().is_ok_and(|c| c.phase() == Phase::Running))
        .map(|(id, _)| id)
        .collect();
    Ok(Loaded {
        session,
        from_version,
        replayed,
        dropped_partial,
        chain,
        running_clocks,
    })
}

fn replay_journal(path: &Path, session: &mut Session) -> Result<(usize, bool), StoreError> {
    let jpath = journal_path(path);
    let text = match fs::read_to_string(&jpath) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((0, false)),
        Err(e) => return Err(io_err(&jpath)(e)),
    };
    let bad = |line: usize, message: String| StoreError::Journal {
        path: jpath.clone(),
        line,
        message,
        backup: newest_good_backup(path),
    };
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut replayed = 0;
    for (i, line) in lines.iter().enumerate() {
        let last = i + 1 == lines.len();
        let entry: JournalLine = match ron::from_str(line) {
            Ok(entry) => entry,
            Err(_) if last && !complete => return Ok((replayed, true)),
            Err(e) => {
                let message = format::in_words(&e.code.to_string());
                return Err(bad(i + 1, format!("column {}: {message}", e.span.start.col)));
            }
        };
        let next = session.audit.len() as u64;
        if entry.seq < next {
            continue;
        }
        if entry.seq > next {
            return Err(bad(
                i + 1,
                format!("change {} follows change {}: some are missing", entry.seq, next),
            ));
        }
        session
            .apply(&entry.stamp, &entry.change)
            .map_err(|e| bad(i + 1, e.to_string()))?;
        replayed += 1;
    }
    Ok((replayed, false))
}

/// Writes `bytes` to `path` atomically, keeping the current file as the newest backup.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let dir = dir_of(path);
    let tmp = sibling(path, ".tmp");
    let mut file = File::create(&tmp).map_err(io_err(&tmp))?;
    file.write_all(bytes).map_err(io_err(&tmp))?;
    file.sync_all().map_err(io_err(&tmp))?;
    drop(file);
    if path.exists() {
        for n in (1..BACKUPS).rev() {
            let from = backup_path(path, n);
            if from.exists() {
                let to = backup_path(path, n + 1);
                fs::rename(&from, &to).map_err(io_err(&to))?;
            }
        }
        let newest = backup_path(path, 1);
        if newest.exists() {
            fs::remove_file(&newest).map_err(io_err(&newest))?;
        }
        if fs::hard_link(path, &newest).is_err() {
            fs::copy(path, &newest).map_err(io_err(&newest))?;
        }
    }
    fs::rename(&tmp, path).map_err(io_err(path))?;
    File::open(&dir).and_then(|d| d.sync_all()).map_err(io_err(&dir))
}

/// An open session file: changes go to the journal, snapshots replace the file.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    journal: File,
}

impl Store {
    /// Creates a new session file; refuses to replace an existing one.
    pub fn create(path: &Path, session: &Session) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
            });
        }
        let text = format::to_ron(session).map_err(StoreError::Format)?;
        write_atomic(path, text.as_bytes())?;
        Store::open_journal(path, true)
    }

    /// Opens a session file, recovering the changes in its journal. A file read from an older
    /// version is written back at once in the current one (the old file stays as a backup).
    pub fn open(path: &Path) -> Result<(Store, Loaded), StoreError> {
        let loaded = load(path)?;
        if loaded.from_version != VERSION || loaded.recovered() {
            let text = format::to_ron(&loaded.session).map_err(StoreError::Format)?;
            write_atomic(path, text.as_bytes())?;
            return Ok((Store::open_journal(path, true)?, loaded));
        }
        Ok((Store::open_journal(path, false)?, loaded))
    }

    fn open_journal(path: &Path, truncate: bool) -> Result<Store, StoreError> {
        let jpath = journal_path(path);
        let journal = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&jpath)
            .map_err(io_err(&jpath))?;
        if truncate {
            journal
                .set_len(0)
                .and_then(|()| journal.sync_all())
                .map_err(io_err(&jpath))?;
        }
        Ok(Store {
            path: path.to_path_buf(),
            journal,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Applies `change` to `session` and, when accepted, appends it to the journal (fsync'd).
    pub fn record(&mut self, session: &mut Session, stamp: &Stamp, change: &Change) -> Result<(), StoreError> {
        session.apply(stamp, change)?;
        self.append(session.audit.len() as u64 - 1, stamp, change)
    }

    /// Appends an applied change (the one that made audit entry `seq`) to the journal.
    pub fn append(&mut self, seq: u64, stamp: &Stamp, change: &Change) -> Result<(), StoreError> {
        let jpath = journal_path(&self.path);
        let line = JournalLine {
            seq,
            stamp: stamp.clone(),
            change: change.clone(),
        };
        let mut text = ron::to_string(&line).map_err(|e| StoreError::Format(FormatError::Serialize(e.to_string())))?;
        text.push('\n');
        self.journal.write_all(text.as_bytes()).map_err(io_err(&jpath))?;
        self.journal.sync_data().map_err(io_err(&jpath))
    }

    /// Writes a full snapshot atomically, then empties the journal.
    pub fn snapshot(&mut self, session: &Session) -> Result<(), StoreError> {
        let text = format::to_ron(session).map_err(StoreError::Format)?;
        write_atomic(&self.path, text.as_bytes())?;
        let jpath = journal_path(&self.path);
        self.journal
            .set_len(0)
            .and_then(|()| self.journal.sync_all())
            .map_err(io_err(&jpath))
    }

    /// Closes cleanly: a last snapshot and an empty journal.
    pub fn close(mut self, session: &Session) -> Result<(), StoreError> {
        self.snapshot(session)
    }
}

/// `FILE` + `suffix`, or with a number after it when that is taken (nothing is overwritten).
fn free_name(path: &Path, suffix: &str) -> PathBuf {
    let mut n = 1;
    let mut name = sibling(path, suffix);
    while name.exists() {
        n += 1;
        name = sibling(path, &format!("{suffix}{n}"));
    }
    name
}

/// Puts the newest good backup in place of a file that does not read. The unreadable file and
/// its journal are kept beside it (`FILE.unreadable`, `FILE.journal.unreadable`, numbered when
/// taken), never
/// overwritten. Returns the backup used.
pub fn restore_newest_backup(path: &Path) -> Result<PathBuf, StoreError> {
    let Some(backup) = newest_good_backup(path) else {
        return Err(StoreError::Io {
            path: path.to_path_buf(),
            source: io::Error::new(io::ErrorKind::NotFound, "no backup reads"),
        });
    };
    for file in [path.to_path_buf(), journal_path(path)] {
        if file.exists() {
            let aside = free_name(&file, ".unreadable");
            fs::rename(&file, &aside).map_err(io_err(&aside))?;
        }
    }
    let bytes = fs::read(&backup).map_err(io_err(&backup))?;
    write_atomic(path, &bytes)?;
    Ok(backup)
}

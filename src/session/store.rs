//! The session file on disk: atomic snapshots (temporary file in the same folder, fsync,
//! rename, fsync of the folder) keeping the last few versions as backups, an append-only journal
//! of changes (one RON line each, fsync'd) between snapshots, recovery from snapshot and
//! journal, and the newest good backup when a file does not read. A file that could not be read
//! is never overwritten: a [`Store`] exists only for a file that was read or newly created.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::audit::{self, ChainError, Stamp};
use super::disk::Disk;
use super::format::{self, FormatError, VERSION};
use super::journal::{self, Appended, Journal};
use super::key::{self, ChainKey};
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
    /// Another process has the session open for writing (`session::lock`).
    #[error("{} is open for writing in another window ({program}{})", .path.display(), pid_words(.pid))]
    Locked {
        path: PathBuf,
        /// The holder's process id, when its lock file says it.
        pid: Option<u32>,
        program: String,
    },
    /// A file could not be made or replaced in a folder: the folder is the problem (a read-only
    /// folder or file system, no permission).
    #[error("cannot write in the folder {}: {}", .folder.display(), io_words(.source))]
    FolderNotWritable { folder: PathBuf, source: io::Error },
    #[error("{0}")]
    Format(FormatError),
    #[error("the change was refused: {0}")]
    Change(#[from] SessionError),
}

fn pid_words(pid: &Option<u32>) -> String {
    pid.map(|p| format!(", process {p}")).unwrap_or_default()
}

fn backup_hint(backup: &Option<PathBuf>) -> String {
    match backup {
        Some(b) => format!("; the newest good backup is {}", b.display()),
        None => "; there is no good backup to offer".to_string(),
    }
}

/// An io error's words without the "(os error N)" the OS adds.
pub fn io_words(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// A failed write at `path`: when the folder refuses new files, the folder is named.
pub fn write_error(path: &Path, source: io::Error) -> StoreError {
    match source.kind() {
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => StoreError::FolderNotWritable {
            folder: dir_of(path),
            source,
        },
        _ => StoreError::Io {
            path: path.to_path_buf(),
            source,
        },
    }
}

pub(super) fn io_err(path: &Path) -> impl FnOnce(io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// One journal line: the change that made audit entry `seq`, with that entry's hash (so the
/// line is inside the chain: its hash links to the entry before it, and replaying the change
/// must give the same hash) and, when the session is keyed, the key's seal of that hash. Lines
/// written before issue 18 carry neither (legacy): they are replayed, and `check` says so.
#[derive(Serialize, Deserialize)]
struct JournalLine {
    seq: u64,
    stamp: Stamp,
    change: Change,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal: Option<String>,
}

/// Why the replay of the journal stopped before its end: the lines from `line` on are not
/// taken (a torn last line alone is `Loaded::dropped_partial`, not this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JournalStop {
    /// The first line not taken (from 1).
    pub line: usize,
    /// How many lines were not taken, this one included.
    pub dropped: usize,
    pub why: JournalFault,
}

/// What was wrong with the first journal line not taken.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JournalFault {
    #[error("it does not read: {0}")]
    Unreadable(String),
    #[error("change {seq} follows change {next}: some are missing")]
    Gap { seq: u64, next: u64 },
    #[error("the change is refused: {0}")]
    Refused(String),
    #[error("its hash does not match its change and the chain before it: it was edited or written outside the app")]
    Hash,
    #[error("it carries no hash after lines that do: it was written outside the app")]
    Unhashed,
    #[error("its seal does not match the chain key: it was written without the key")]
    Seal,
    #[error("it carries no seal in a keyed session: it was written without the key")]
    Unsealed,
}

/// What the chain key says of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyCheck {
    /// The session has no chain key (made before issue 18): its chain can be recomputed by anyone.
    NotKeyed,
    /// The snapshot's seal and every journal line's seal hold under the key.
    Verified,
    /// The session is keyed with key `id`, but no key was given: the keyed part is not verified.
    NoKey { id: String },
    /// The key given is another one than the session's.
    WrongKey { id: String, given: String },
    /// The snapshot carries no seal: it was written without the key.
    Unsealed,
    /// The snapshot's seal does not match its chain: the file was edited without the key.
    SealBroken,
}

impl KeyCheck {
    /// The file is vouched for by its key (or has none to vouch for it).
    pub fn holds(&self) -> bool {
        matches!(self, KeyCheck::NotKeyed | KeyCheck::Verified)
    }
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
    /// The replay stopped at the last good line before this one.
    pub journal_stop: Option<JournalStop>,
    /// Journal lines replayed that carry no hash (written before issue 18).
    pub legacy_lines: usize,
    /// The chain key's verdict.
    pub key: KeyCheck,
    /// Journal lines (from 1) that did not read and were skipped because the lines after them
    /// follow on in the chain: a write torn and made again whole costs only itself.
    pub torn_lines: Vec<usize>,
}

impl Loaded {
    /// The last run ended without closing the session (the journal held changes).
    pub fn recovered(&self) -> bool {
        self.replayed > 0 || self.dropped_partial || self.journal_stop.is_some() || !self.torn_lines.is_empty()
    }
}

/// `FILE` + `suffix` beside `path` (`FILE.journal`, `FILE.lock`, ...).
pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
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

pub(super) fn dir_of(path: &Path) -> PathBuf {
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

/// Reads a session without its key: the snapshot, then the journal's changes after it. Writes
/// nothing.
pub fn load(path: &Path) -> Result<Loaded, StoreError> {
    load_keyed(path, None)
}

/// What the snapshot's seal says under `key`.
fn snapshot_key_check(session: &Session, key: Option<&ChainKey>) -> KeyCheck {
    let Some(id) = session.trust.key_id.clone() else {
        return KeyCheck::NotKeyed;
    };
    let Some(key) = key else {
        return KeyCheck::NoKey { id };
    };
    if key.id() != id {
        return KeyCheck::WrongKey { id, given: key.id() };
    }
    let head = session.audit.last();
    let expected = key::seal(
        key,
        head.map_or(0, |e| e.seq + 1),
        head.map_or(audit::GENESIS, |e| e.hash.as_str()),
    );
    match &session.seal {
        None => KeyCheck::Unsealed,
        Some(seal) if *seal != expected => KeyCheck::SealBroken,
        Some(_) => KeyCheck::Verified,
    }
}

/// Reads a session: the snapshot, then the journal's changes after it, each line's hash checked
/// against the chain and, with the session's `key`, its seal. The replay stops at the last good
/// line. Writes nothing.
pub fn load_keyed(path: &Path, key: Option<&ChainKey>) -> Result<Loaded, StoreError> {
    // The snapshot and the journal are read as one state: the writer cannot replace one between.
    let _state = super::lock::read_guard(path)?;
    let (mut session, from_version) = read_snapshot(path)?;
    let key_check = snapshot_key_check(&session, key);
    // The journal's seals are checked only under the session's own key.
    let own = session.trust.key_id.clone();
    let sealing = key.filter(|k| own.as_deref() == Some(k.id().as_str()));
    let mut replay = replay_journal(path, &mut session, sealing, None)?;
    if let Some(good) = replay.restart {
        // A line changed the session and then did not match its hash: read again up to it.
        (session, _) = read_snapshot(path)?;
        let stop = replay.stop.take();
        replay = replay_journal(path, &mut session, sealing, Some(good))?;
        replay.stop = stop;
    }
    let (replayed, dropped_partial) = (replay.replayed, replay.dropped_partial);
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
        journal_stop: replay.stop,
        legacy_lines: replay.legacy,
        key: key_check,
        torn_lines: replay.torn,
    })
}

/// What the replay of a journal did.
#[derive(Default)]
struct Replay {
    replayed: usize,
    dropped_partial: bool,
    stop: Option<JournalStop>,
    legacy: usize,
    /// The session must be read again and only this many lines replayed.
    restart: Option<usize>,
    /// Lines that did not read, skipped while the lines after them followed on.
    torn: Vec<usize>,
}

/// Replays the journal on `session` (the first `limit` lines at most), stopping at the first
/// line that does not read, does not follow, is refused, or does not match its hash or seal.
fn replay_journal(
    path: &Path,
    session: &mut Session,
    key: Option<&ChainKey>,
    limit: Option<usize>,
) -> Result<Replay, StoreError> {
    let jpath = journal_path(path);
    let text = match fs::read_to_string(&jpath) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Replay::default()),
        Err(e) => return Err(io_err(&jpath)(e)),
    };
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let mut replay = Replay::default();
    let mut hashed = false;
    // The first line that did not read, while the lines after it are looked at.
    let mut torn: Option<JournalStop> = None;
    let stop = |i: usize, why: JournalFault| JournalStop {
        line: i + 1,
        dropped: lines.len() - i,
        why,
    };
    for (i, line) in lines.iter().enumerate().take(limit.unwrap_or(usize::MAX)) {
        let last = i + 1 == lines.len();
        let entry: JournalLine = match ron::from_str(line) {
            Ok(entry) => entry,
            Err(_) if last && !complete => {
                replay.dropped_partial = true;
                return Ok(replay);
            }
            Err(e) => match rewritten_tail(line) {
                // A write torn by a failure and the same line written whole after it.
                Some(entry) => entry,
                None => {
                    // Skipped for now: if the next line follows on, this one cost only itself.
                    let message = format::in_words(&e.code.to_string());
                    let why = JournalFault::Unreadable(format!("column {}: {message}", e.span.start.col));
                    torn.get_or_insert(stop(i, why));
                    replay.torn.push(i + 1);
                    continue;
                }
            },
        };
        // A line reads after lines that did not: they cost nothing unless a change is missing.
        if let Some(first) = torn.take()
            && entry.seq > session.audit.len() as u64
        {
            // Something was lost with the line that did not read: the replay stops there.
            replay.torn.retain(|&l| l < first.line);
            replay.stop = Some(first);
            return Ok(replay);
        }
        let fault = match (&entry.hash, hashed) {
            (None, true) => Some(JournalFault::Unhashed),
            (None, false) if key.is_some() => Some(JournalFault::Unsealed),
            (Some(hash), _) => key.and_then(|key| match &entry.seal {
                None => Some(JournalFault::Unsealed),
                Some(seal) if *seal != key::seal(key, entry.seq + 1, hash) => Some(JournalFault::Seal),
                Some(_) => None,
            }),
            (None, false) => None,
        };
        if let Some(why) = fault {
            replay.stop = Some(stop(i, why));
            return Ok(replay);
        }
        hashed |= entry.hash.is_some();
        let next = session.audit.len() as u64;
        if entry.seq < next {
            // Already in the snapshot: it must be that very entry.
            let known = usize::try_from(entry.seq).ok().and_then(|s| session.audit.get(s));
            if let (Some(hash), Some(known)) = (&entry.hash, known)
                && *hash != known.hash
            {
                replay.stop = Some(stop(i, JournalFault::Hash));
                return Ok(replay);
            }
            continue;
        }
        if entry.seq > next {
            replay.stop = Some(stop(i, JournalFault::Gap { seq: entry.seq, next }));
            return Ok(replay);
        }
        if let Err(e) = session.apply(&entry.stamp, &entry.change) {
            replay.stop = Some(stop(i, JournalFault::Refused(e.to_string())));
            return Ok(replay);
        }
        match &entry.hash {
            Some(hash) if session.audit.last().is_some_and(|e| e.hash != *hash) => {
                replay.stop = Some(stop(i, JournalFault::Hash));
                replay.restart = Some(i);
                return Ok(replay);
            }
            Some(_) => {}
            None => replay.legacy += 1,
        }
        replay.replayed += 1;
    }
    if let Some(first) = torn {
        // The journal ends with lines that do not read: nothing after them shows they cost
        // nothing, so they are reported (and kept aside) as not taken.
        replay.torn.retain(|&l| l < first.line);
        replay.stop = Some(first);
    }
    Ok(replay)
}

/// The whole line at the end of `line`, when a torn write was followed by the same line written
/// again (the torn bytes have no newline, so both share one line of the file).
fn rewritten_tail(line: &str) -> Option<JournalLine> {
    let at = line.rfind("(seq:")?;
    if at == 0 {
        return None;
    }
    ron::from_str(&line[at..]).ok()
}

/// Writes `bytes` to `path` atomically, keeping the current file as the newest backup.
fn write_atomic(path: &Path, bytes: &[u8], disk: &Disk) -> Result<(), StoreError> {
    let tmp = sibling(path, ".tmp");
    let mut file = File::create(&tmp).map_err(|e| write_error(&tmp, e))?;
    let written = disk.write(&mut file, bytes).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written {
        // A torn temporary file is not left behind to fill the disk further.
        let _ = fs::remove_file(&tmp);
        return Err(write_error(&tmp, e));
    }
    if path.exists() {
        for n in (1..BACKUPS).rev() {
            let from = backup_path(path, n);
            if from.exists() {
                let to = backup_path(path, n + 1);
                fs::rename(&from, &to).map_err(|e| write_error(&to, e))?;
            }
        }
        let newest = backup_path(path, 1);
        if newest.exists() {
            fs::remove_file(&newest).map_err(|e| write_error(&newest, e))?;
        }
        if fs::hard_link(path, &newest).is_err() {
            fs::copy(path, &newest).map_err(|e| write_error(&newest, e))?;
        }
    }
    fs::rename(&tmp, path).map_err(|e| write_error(path, e))?;
    journal::sync_folder(path)
}

/// An open session file: changes go to the journal, snapshots replace the file; with the
/// session's chain key, each line and each snapshot are sealed.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    journal: Journal,
    key: Option<ChainKey>,
    disk: Disk,
    /// This process is the session's one writer while the store lives.
    _writer: super::lock::WriterLock,
}

impl Store {
    /// Creates a new session file; refuses to replace an existing one.
    pub fn create(path: &Path, session: &Session) -> Result<Store, StoreError> {
        Store::create_keyed(path, session, None)
    }

    /// Creates a new session file sealed with `key`; refuses to replace an existing one.
    pub fn create_keyed(path: &Path, session: &Session, key: Option<&ChainKey>) -> Result<Store, StoreError> {
        if path.exists() {
            return Err(StoreError::Exists {
                path: path.to_path_buf(),
            });
        }
        let writer = super::lock::WriterLock::take(path)?;
        let text = format::to_ron_sealed(session, key).map_err(StoreError::Format)?;
        let disk = Disk::default();
        write_atomic(path, text.as_bytes(), &disk)?;
        let mut store = Store::with_journal(path, key, writer, disk)?;
        // A journal left by an earlier file of this name is not this session's.
        store.journal.replace()?;
        Ok(store)
    }

    /// Opens a session file, recovering the changes in its journal. A file read from an older
    /// version is written back at once in the current one (the old file stays as a backup).
    /// Refused ([`StoreError::Locked`]) while another process has it open for writing.
    pub fn open(path: &Path) -> Result<(Store, Loaded), StoreError> {
        Store::open_keyed(path, None)
    }

    /// [`Store::open`] with the session's chain key: the journal's seals are checked and what is
    /// written is sealed. Journal lines not taken (and torn lines skipped) are kept beside the
    /// file (`FILE.journal.rejected`), never lost.
    pub fn open_keyed(path: &Path, key: Option<&ChainKey>) -> Result<(Store, Loaded), StoreError> {
        let writer = super::lock::WriterLock::take(path)?;
        let loaded = load_keyed(path, key)?;
        // Only the session's own key seals what is written.
        let key = key.filter(|k| loaded.session.trust.key_id.as_deref() == Some(k.id().as_str()));
        if loaded.journal_stop.is_some() || !loaded.torn_lines.is_empty() {
            let jpath = journal_path(path);
            let aside = free_name(&jpath, ".rejected");
            fs::copy(&jpath, &aside).map_err(|e| write_error(&aside, e))?;
        }
        let mut store = Store::with_journal(path, key, writer, Disk::default())?;
        if loaded.from_version != VERSION || loaded.recovered() {
            store.snapshot(&loaded.session)?;
        }
        Ok((store, loaded))
    }

    /// The chain key this store seals with.
    pub fn key(&self) -> Option<&ChainKey> {
        self.key.as_ref()
    }

    /// Seals from now on with `key` (the session was just keyed with it).
    pub fn set_key(&mut self, key: ChainKey) {
        self.key = Some(key);
    }

    /// Writes from now on to `disk` (the tests of a failed write give one that fills up).
    pub fn set_disk(&mut self, disk: Disk) {
        self.journal.set_disk(disk.clone());
        self.disk = disk;
    }

    fn with_journal(
        path: &Path,
        key: Option<&ChainKey>,
        writer: super::lock::WriterLock,
        disk: Disk,
    ) -> Result<Store, StoreError> {
        Ok(Store {
            path: path.to_path_buf(),
            journal: Journal::open(&journal_path(path), disk.clone())?,
            key: key.cloned(),
            disk,
            _writer: writer,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Applies `change` to `session` and, when accepted, appends it to the journal (fsync'd).
    pub fn record(&mut self, session: &mut Session, stamp: &Stamp, change: &Change) -> Result<(), StoreError> {
        session.apply(stamp, change)?;
        let hash = session.audit.last().map(|e| e.hash.clone()).unwrap_or_default();
        self.append(session.audit.len() as u64 - 1, &hash, stamp, change)
    }

    /// The journal line of an applied change (the one that made audit entry `seq`, whose hash
    /// is `hash`), sealed when the store has a key, with its newline. The one place a journal
    /// line is made.
    pub fn line(&self, seq: u64, hash: &str, stamp: &Stamp, change: &Change) -> Result<String, StoreError> {
        let line = JournalLine {
            seq,
            stamp: stamp.clone(),
            change: change.clone(),
            hash: Some(hash.to_string()),
            seal: self.key.as_ref().map(|key| key::seal(key, seq + 1, hash)),
        };
        let mut text = ron::to_string(&line).map_err(|e| StoreError::Format(FormatError::Serialize(e.to_string())))?;
        text.push('\n');
        Ok(text)
    }

    /// Appends one applied change to the journal ([`Store::line`], [`Store::append_lines`]).
    pub fn append(&mut self, seq: u64, hash: &str, stamp: &Stamp, change: &Change) -> Result<(), StoreError> {
        let line = self.line(seq, hash, stamp, change)?;
        self.append_lines(&[line]).map(|_| ())
    }

    /// Appends lines made by [`Store::line`] and fsyncs: all of them or none (a failed write is
    /// cut back to the last good line).
    pub fn append_lines(&mut self, lines: &[String]) -> Result<Appended, StoreError> {
        let jpath = journal_path(&self.path);
        let guard = self.journal.file().try_clone().map_err(io_err(&jpath))?;
        let journal = &mut self.journal;
        super::lock::exclusive(&guard, &jpath, || journal.append(lines))
    }

    /// Writes a full snapshot atomically, then puts a fresh empty journal in place of the old.
    pub fn snapshot(&mut self, session: &Session) -> Result<(), StoreError> {
        let text = format::to_ron_sealed(session, self.key.as_ref()).map_err(StoreError::Format)?;
        let jpath = journal_path(&self.path);
        let guard = self.journal.file().try_clone().map_err(io_err(&jpath))?;
        let (path, disk, journal) = (&self.path, &self.disk, &mut self.journal);
        super::lock::exclusive(&guard, &jpath, || {
            write_atomic(path, text.as_bytes(), disk)?;
            journal.replace()
        })
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
    write_atomic(path, &bytes, &Disk::default())?;
    Ok(backup)
}

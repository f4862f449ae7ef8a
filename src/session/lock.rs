//! One writer per session file, and readers that never see half a state. The writer's lock is
//! `FILE.lock`, held (an OS file lock, `File::try_lock`) by the one process that has the session
//! open for writing; it says who holds it, and the OS releases it when that process ends, however
//! it ends, so a lock left by a dead process is simply taken. The state lock is the journal
//! itself: a reader holds it shared while it reads the snapshot and the journal, the writer holds
//! it exclusive while it appends a line or replaces the snapshot and puts a fresh journal in
//! place, so a reader never pairs an old snapshot with a new journal.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use super::store::{StoreError, journal_path};

/// The writer's lock file beside a session file (`FILE.lock`).
pub fn lock_path(path: &Path) -> PathBuf {
    super::store::sibling(path, ".lock")
}

/// The writer's lock on a session file, held until dropped.
#[derive(Debug)]
pub struct WriterLock {
    _file: File,
}

impl WriterLock {
    /// Takes the writer's lock on `path`, or says which process holds it
    /// ([`StoreError::Locked`]). Where the file system has no locks, the session opens unlocked.
    pub fn take(path: &Path) -> Result<WriterLock, StoreError> {
        let lpath = lock_path(path);
        let io = |source: io::Error| StoreError::Io {
            path: lpath.clone(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lpath)
            .map_err(|e| super::store::write_error(&lpath, e))?;
        match try_lock_patiently(&file) {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let holder = holder_text(&file);
                let mut words = holder.split_whitespace();
                let pid = words.next().and_then(|w| w.parse().ok());
                return Err(StoreError::Locked {
                    path: path.to_path_buf(),
                    pid,
                    program: words.next().unwrap_or("go-arbiter").to_string(),
                });
            }
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                return Ok(WriterLock { _file: file });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        // Who holds it, for the second window's notice: "PID PROGRAM".
        let holder = format!("{} {}", std::process::id(), program());
        file.set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| file.write_all(holder.as_bytes()))
            .and_then(|()| file.sync_data())
            .map_err(io)?;
        Ok(WriterLock { _file: file })
    }
}

/// `File::try_lock`, tried again for a moment while the lock file names this very process: a
/// child being started by another thread (fork, then exec) holds a copy of every open file until
/// its exec closes them, and with it the lock this process just let go of.
fn try_lock_patiently(file: &File) -> Result<(), TryLockError> {
    let ours = format!("{} ", std::process::id());
    for _ in 0..50 {
        match file.try_lock() {
            Err(TryLockError::WouldBlock) if holder_text(file).starts_with(&ours) => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            other => return other,
        }
    }
    file.try_lock()
}

fn holder_text(mut file: &File) -> String {
    let mut holder = String::new();
    let _ = file.rewind().and_then(|_| file.read_to_string(&mut holder));
    holder
}

fn program() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "go-arbiter".to_string())
}

/// The state lock held shared while a reader reads `path`'s snapshot and journal; `None` when
/// there is no journal (a closed session is one file, replaced whole by a rename). The writer
/// puts a fresh journal in place after each snapshot: a reader that locked the journal just
/// replaced locks the one in place instead.
pub fn read_guard(path: &Path) -> Result<Option<File>, StoreError> {
    let jpath = journal_path(path);
    let mut tries = 0;
    loop {
        let file = match File::open(&jpath) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StoreError::Io { path: jpath, source }),
        };
        match file.lock_shared() {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return Ok(Some(file)),
            Err(source) => return Err(StoreError::Io { path: jpath, source }),
        }
        tries += 1;
        if super::journal::same_file(&file, &jpath) || tries >= 100 {
            return Ok(Some(file));
        }
    }
}

/// Runs `write` holding the state lock exclusive on the writer's own journal handle.
pub fn exclusive<T>(
    journal: &File,
    jpath: &Path,
    write: impl FnOnce() -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    match journal.lock() {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::Unsupported => return write(),
        Err(source) => {
            return Err(StoreError::Io {
                path: jpath.to_path_buf(),
                source,
            });
        }
    }
    let result = write();
    let _ = journal.unlock();
    result
}

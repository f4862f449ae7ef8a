//! The journal file beside a session (`FILE.journal`): appends that are whole or not at all (a
//! failed write is cut back to the last good line, so a torn line never stays in the middle), a
//! fresh file made and put in place by a rename after each snapshot (never emptied in place), and
//! a journal removed or replaced outside the app noticed before the next write and written again
//! from the lines since the snapshot. Every file made here is followed by an fsync of its folder.

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};

use super::disk::Disk;
use super::store::{StoreError, dir_of, io_err, sibling, write_error};

/// What an append did beyond adding its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Appended {
    /// The journal was gone (or another file) when the append began: it was made again from
    /// the lines written since the last snapshot, this many.
    pub rewritten: Option<usize>,
}

/// The writer's open journal.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    /// The length after the last good write: a failed write is cut back to it.
    good_len: u64,
    /// The lines written since the last snapshot (each with its newline).
    since_snapshot: Vec<String>,
    disk: Disk,
}

/// Makes an empty file at `path` through a temporary sibling and a rename (fsync'd, and the
/// folder after), and opens it for appending.
fn fresh(path: &Path) -> Result<File, StoreError> {
    let tmp = sibling(path, ".new");
    File::create(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(|e| write_error(&tmp, e))?;
    fs::rename(&tmp, path).map_err(|e| write_error(path, e))?;
    sync_folder(path)?;
    OpenOptions::new().append(true).open(path).map_err(io_err(path))
}

/// Fsyncs the folder that holds `path` (a file made, renamed or removed there is durable).
pub fn sync_folder(path: &Path) -> Result<(), StoreError> {
    let dir = dir_of(path);
    File::open(&dir).and_then(|d| d.sync_all()).map_err(io_err(&dir))
}

impl Journal {
    /// Opens the journal at `path` to append to it, making it (and fsyncing its folder) when
    /// there is none.
    pub fn open(path: &Path, disk: Disk) -> Result<Journal, StoreError> {
        let file = if path.exists() {
            OpenOptions::new().append(true).open(path).map_err(io_err(path))?
        } else {
            fresh(path)?
        };
        let good_len = file.metadata().map_err(io_err(path))?.len();
        Ok(Journal {
            path: path.to_path_buf(),
            file,
            good_len,
            since_snapshot: Vec::new(),
            disk,
        })
    }

    /// Puts a fresh empty journal in place of this one (after a snapshot that holds its lines).
    pub fn replace(&mut self) -> Result<(), StoreError> {
        self.file = fresh(&self.path)?;
        self.good_len = 0;
        self.since_snapshot.clear();
        Ok(())
    }

    /// Writes from now on to `disk`.
    pub fn set_disk(&mut self, disk: Disk) {
        self.disk = disk;
    }

    /// The open file (the state lock is taken on it: `session::lock`).
    pub fn file(&self) -> &File {
        &self.file
    }

    /// The file at the journal's path is still the one this writer appends to.
    fn in_place(&self) -> bool {
        same_file(&self.file, &self.path)
    }

    /// Appends `lines` (each ending with a newline) and fsyncs, whole or not at all: on failure
    /// the journal is cut back to its last good line and the error says why.
    pub fn append(&mut self, lines: &[String]) -> Result<Appended, StoreError> {
        let mut done = Appended::default();
        if !self.in_place() {
            let earlier = std::mem::take(&mut self.since_snapshot);
            self.file = fresh(&self.path)?;
            self.good_len = 0;
            self.write(&earlier)?;
            done.rewritten = Some(earlier.len());
        }
        self.write(lines)?;
        Ok(done)
    }

    fn write(&mut self, lines: &[String]) -> Result<(), StoreError> {
        if lines.is_empty() {
            return Ok(());
        }
        let text = lines.concat();
        let written = self
            .disk
            .write(&mut self.file, text.as_bytes())
            .and_then(|()| self.file.sync_data());
        match written {
            Ok(()) => {
                self.good_len += text.len() as u64;
                self.since_snapshot.extend(lines.iter().cloned());
                Ok(())
            }
            Err(e) => {
                // What reached the file of this write is taken back: the journal ends with its
                // last good line. (If even that fails, the replay drops the torn tail.)
                let _ = self.file.set_len(self.good_len).and_then(|()| self.file.sync_data());
                Err(write_error(&self.path, e))
            }
        }
    }
}

/// `file` is the file at `path` now (same device and inode).
pub fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        path.exists()
    }
}

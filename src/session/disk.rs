//! The disk the store writes its bytes to: the real one, or, for the tests of a failed write, one
//! that fills up (it takes what fits, then fails as a full disk does: a torn write).

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// Where the store's writes go. `Disk::default()` is the real disk.
#[derive(Clone, Debug, Default)]
pub struct Disk {
    /// The bytes still free, when the disk is a test disk.
    room: Option<Arc<Mutex<u64>>>,
}

impl Disk {
    /// A disk with room for `bytes` more bytes (tests); [`Disk::set_room`] frees space.
    pub fn with_room(bytes: u64) -> Disk {
        Disk {
            room: Some(Arc::new(Mutex::new(bytes))),
        }
    }

    /// Gives the test disk `bytes` of free room (no effect on the real disk).
    pub fn set_room(&self, bytes: u64) {
        if let Some(room) = &self.room {
            *room.lock().unwrap_or_else(|p| p.into_inner()) = bytes;
        }
    }

    /// Writes `bytes` to `file`; on a full test disk, writes what fits and fails as a full disk
    /// does ("No space left on device"). The torn bytes do not use up the room: the caller cuts
    /// them back (or removes the file), as it does on a real disk.
    pub fn write(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        let Some(room) = &self.room else {
            return file.write_all(bytes);
        };
        let mut room = room.lock().unwrap_or_else(|p| p.into_inner());
        let fits = bytes.len().min(usize::try_from(*room).unwrap_or(usize::MAX));
        file.write_all(&bytes[..fits])?;
        if fits < bytes.len() {
            return Err(disk_full());
        }
        *room -= fits as u64;
        Ok(())
    }
}

/// The error a full disk gives.
fn disk_full() -> io::Error {
    #[cfg(unix)]
    {
        // ENOSPC
        io::Error::from_raw_os_error(28)
    }
    #[cfg(not(unix))]
    {
        io::Error::from(io::ErrorKind::StorageFull)
    }
}

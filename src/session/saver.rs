//! The autosave thread: the UI applies a change and hands it over through a channel; the thread
//! writes what has come in as one journal append (fsync'd) or a snapshot. A change is not saved
//! until that write succeeds: a failed write is held and tried again (every `RETRY`, and with
//! each later change), never dropped; the UI sees how many changes are held and is told once
//! when saving fails and once when it works again. Past `MAX_HELD` changes not yet saved, new
//! changes are refused (back-pressure) rather than shown as done.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use thiserror::Error;

use super::audit::Stamp;
use super::disk::Disk;
use super::model::Session;
use super::ops::{Change, SessionError};
use super::store::{Store, StoreError};

/// How long a held write waits before it is tried again.
pub const RETRY: Duration = Duration::from_secs(1);

/// How many changes may wait unsaved before new ones are refused.
pub const MAX_HELD: u64 = 256;

enum Request {
    Append {
        seq: u64,
        hash: String,
        stamp: Stamp,
        change: Box<Change>,
    },
    Snapshot(Box<Session>),
    Close(Box<Session>),
    Disk(Disk),
}

/// What the saving thread tells the UI.
#[derive(Debug)]
pub enum SaveEvent {
    /// Saving failed: the changes since are held and tried again.
    Failed(StoreError),
    /// Saving works again: every held change is written.
    SavedAgain,
    /// The journal was gone (removed or replaced outside the app) and was written again, with
    /// this many earlier lines.
    JournalRewritten(usize),
}

/// Why a change was not taken.
#[derive(Debug, Error)]
pub enum RecordError {
    #[error(transparent)]
    Refused(#[from] SessionError),
    /// Too many changes wait to be written (the disk is failing or slow): nothing was changed.
    #[error("not taken: {held} changes are waiting to be written to the file; nothing was changed")]
    Behind { held: u64 },
}

/// The counts both sides read.
#[derive(Default)]
struct Counts {
    /// Changes handed to the thread.
    handed: AtomicU64,
    /// Of them, written (to the journal, or in a snapshot).
    written: AtomicU64,
    /// The last write failed, and nothing has been written since.
    failing: AtomicBool,
}

/// The saving thread and its channels.
pub struct Saver {
    requests: Sender<Request>,
    events: Receiver<SaveEvent>,
    counts: Arc<Counts>,
    thread: Option<JoinHandle<Result<(), StoreError>>>,
}

/// One line waiting to be written: the audit entry it makes, its text.
struct Held {
    seq: u64,
    line: String,
}

/// The thread's side.
struct Writer {
    store: Store,
    held: Vec<Held>,
    counts: Arc<Counts>,
    events: Sender<SaveEvent>,
    wake: Box<dyn Fn() + Send>,
}

impl Writer {
    fn tell(&self, event: SaveEvent) {
        // The UI may have gone; nothing else to tell then.
        let _ = self.events.send(event);
        (self.wake)();
    }

    /// `n` more changes written (a failure before them is over).
    fn written(&self, n: usize) {
        self.counts.written.fetch_add(n as u64, Ordering::SeqCst);
        if self.held.is_empty() && self.counts.failing.swap(false, Ordering::SeqCst) {
            self.tell(SaveEvent::SavedAgain);
        }
    }

    fn failed(&self, e: StoreError) {
        if !self.counts.failing.swap(true, Ordering::SeqCst) {
            self.tell(SaveEvent::Failed(e));
        }
    }

    fn take(&mut self, request: Request) -> Option<Box<Session>> {
        match request {
            Request::Append {
                seq,
                hash,
                stamp,
                change,
            } => match self.store.line(seq, &hash, &stamp, &change) {
                Ok(line) => self.held.push(Held { seq, line }),
                Err(e) => self.failed(e),
            },
            Request::Snapshot(session) => self.snapshot(&session),
            Request::Close(session) => return Some(session),
            Request::Disk(disk) => {
                // What came before is written to the disk it came to.
                self.flush();
                self.store.set_disk(disk);
            }
        }
        None
    }

    /// A snapshot holds every change applied before it was asked for.
    fn snapshot(&mut self, session: &Session) {
        match self.store.snapshot(session) {
            Ok(()) => {
                let upto = session.audit.len() as u64;
                let before = self.held.len();
                self.held.retain(|h| h.seq >= upto);
                self.written(before - self.held.len());
            }
            Err(e) => self.failed(e),
        }
    }

    /// Writes the held lines as one append.
    fn flush(&mut self) {
        if self.held.is_empty() {
            return;
        }
        let lines: Vec<String> = self.held.iter().map(|h| h.line.clone()).collect();
        match self.store.append_lines(&lines) {
            Ok(done) => {
                self.held.clear();
                self.written(lines.len());
                if let Some(n) = done.rewritten {
                    self.tell(SaveEvent::JournalRewritten(n));
                }
            }
            Err(e) => self.failed(e),
        }
    }

    /// The last snapshot; when it fails, the held lines go to the journal if they can, so
    /// that nothing is lost when the journal still takes them. Fails only when changes are lost.
    fn close(mut self, session: &Session) -> Result<(), StoreError> {
        let Err(e) = self.store.snapshot(session) else {
            return Ok(());
        };
        let lines: Vec<String> = self.held.iter().map(|h| h.line.clone()).collect();
        match self.store.append_lines(&lines) {
            Ok(_) => Ok(()),
            Err(_) => Err(e),
        }
    }

    fn run(mut self, inbox: Receiver<Request>) -> Result<(), StoreError> {
        loop {
            let first = if self.held.is_empty() {
                inbox.recv().map_err(|_| RecvTimeoutError::Disconnected)
            } else {
                inbox.recv_timeout(RETRY)
            };
            let mut requests = match first {
                Ok(request) => vec![request],
                Err(RecvTimeoutError::Timeout) => Vec::new(),
                Err(RecvTimeoutError::Disconnected) => {
                    // The UI dropped the saver without closing: the held lines get a last try.
                    self.flush();
                    return Ok(());
                }
            };
            requests.extend(inbox.try_iter());
            for request in requests {
                if let Some(session) = self.take(request) {
                    return self.close(&session);
                }
            }
            self.flush();
        }
    }
}

impl Saver {
    /// Starts the thread that owns `store`.
    pub fn spawn(store: Store) -> Saver {
        Saver::spawn_waking(store, Box::new(|| {}))
    }

    /// Starts the thread that owns `store`; `wake` is called after each event it sends (the
    /// window repaints to show it).
    pub fn spawn_waking(store: Store, wake: Box<dyn Fn() + Send>) -> Saver {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (events, from_thread) = mpsc::channel();
        let counts = Arc::new(Counts::default());
        let writer = Writer {
            store,
            held: Vec::new(),
            counts: counts.clone(),
            events,
            wake,
        };
        let thread = thread::Builder::new()
            .name("saver".to_string())
            .spawn(move || writer.run(inbox))
            .ok();
        if thread.is_none() {
            // Nothing will be written: the window says so from the first change.
            counts.failing.store(true, Ordering::SeqCst);
        }
        Saver {
            requests,
            events: from_thread,
            counts,
            thread,
        }
    }

    /// Changes handed over and not yet written.
    pub fn held(&self) -> u64 {
        let handed = self.counts.handed.load(Ordering::SeqCst);
        handed.saturating_sub(self.counts.written.load(Ordering::SeqCst))
    }

    /// The last write failed and nothing has been written since.
    pub fn failing(&self) -> bool {
        self.counts.failing.load(Ordering::SeqCst)
    }

    /// Applies `change` to `session` and queues it for the journal. A refused change is not
    /// queued; nor is any change while [`MAX_HELD`] wait to be written.
    pub fn record(&self, session: &mut Session, stamp: &Stamp, change: &Change) -> Result<(), RecordError> {
        let held = self.held();
        if held >= MAX_HELD {
            return Err(RecordError::Behind { held });
        }
        session.apply(stamp, change)?;
        let seq = session.audit.len() as u64 - 1;
        let hash = session.audit.last().map(|e| e.hash.clone()).unwrap_or_default();
        self.counts.handed.fetch_add(1, Ordering::SeqCst);
        self.send(Request::Append {
            seq,
            hash,
            stamp: stamp.clone(),
            change: Box::new(change.clone()),
        });
        Ok(())
    }

    /// Writes from now on to `disk` (the tests of a failed write give one that fills up).
    pub fn use_disk(&self, disk: Disk) {
        self.send(Request::Disk(disk));
    }

    /// Waits up to `limit` for the thread's next event (tests).
    pub fn next_event(&self, limit: Duration) -> Option<SaveEvent> {
        self.events.recv_timeout(limit).ok()
    }

    /// Queues a full snapshot (after which the journal starts afresh).
    pub fn snapshot(&self, session: &Session) {
        self.send(Request::Snapshot(Box::new(session.clone())));
    }

    fn send(&self, request: Request) {
        // A send fails only when the thread has stopped; its failure is reported by `close`.
        let _ = self.requests.send(request);
    }

    /// What the thread told since the last call (the UI shows it).
    pub fn events(&self) -> Vec<SaveEvent> {
        self.events.try_iter().collect()
    }

    /// Writes the last snapshot and waits for the thread. Fails only when changes are lost
    /// (neither the snapshot nor the journal took them).
    pub fn close(mut self, session: &Session) -> Result<(), StoreError> {
        self.send(Request::Close(Box::new(session.clone())));
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(result)) => result,
            Some(Err(_)) => Err(StoreError::Io {
                path: std::path::PathBuf::new(),
                source: std::io::Error::other("the saving thread panicked"),
            }),
            None => Ok(()),
        }
    }
}

impl Drop for Saver {
    /// A saver dropped without [`Saver::close`] (the app stopping, a test's crash): the thread
    /// gives what it holds a last try and ends, and its store (with the writer's lock) is gone
    /// when the drop returns, so the file can be opened again at once.
    fn drop(&mut self) {
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.requests, closed));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

//! The autosave thread: the UI applies a change and hands it over through a channel; the thread
//! appends it to the journal (fsync'd) or writes a snapshot, and reports failures back.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use super::audit::Stamp;
use super::model::Session;
use super::ops::{Change, SessionError};
use super::store::{Store, StoreError};

enum Request {
    Append {
        seq: u64,
        hash: String,
        stamp: Stamp,
        change: Box<Change>,
    },
    Snapshot(Box<Session>),
    Close(Box<Session>),
}

/// The saving thread and its channels.
pub struct Saver {
    requests: Sender<Request>,
    failures: Receiver<StoreError>,
    thread: Option<JoinHandle<Result<(), StoreError>>>,
}

impl Saver {
    /// Starts the thread that owns `store`.
    pub fn spawn(store: Store) -> Saver {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (report, failures) = mpsc::channel();
        let thread = thread::spawn(move || {
            let mut store = store;
            for request in inbox {
                let done = match request {
                    Request::Append {
                        seq,
                        hash,
                        stamp,
                        change,
                    } => store.append(seq, &hash, &stamp, &change),
                    Request::Snapshot(session) => store.snapshot(&session),
                    Request::Close(session) => return store.close(&session),
                };
                if let Err(e) = done {
                    // The UI may have gone; nothing else to tell then.
                    let _ = report.send(e);
                }
            }
            Ok(())
        });
        Saver {
            requests,
            failures,
            thread: Some(thread),
        }
    }

    /// Applies `change` to `session` and queues it for the journal. A refused change is not
    /// queued.
    pub fn record(&self, session: &mut Session, stamp: &Stamp, change: &Change) -> Result<(), SessionError> {
        session.apply(stamp, change)?;
        let seq = session.audit.len() as u64 - 1;
        let hash = session.audit.last().map(|e| e.hash.clone()).unwrap_or_default();
        self.send(Request::Append {
            seq,
            hash,
            stamp: stamp.clone(),
            change: Box::new(change.clone()),
        });
        Ok(())
    }

    /// Queues a full snapshot (which empties the journal).
    pub fn snapshot(&self, session: &Session) {
        self.send(Request::Snapshot(Box::new(session.clone())));
    }

    fn send(&self, request: Request) {
        // A send fails only when the thread has stopped; its failure is reported by `close`.
        let _ = self.requests.send(request);
    }

    /// Failures since the last call (the UI shows them).
    pub fn failures(&self) -> Vec<StoreError> {
        self.failures.try_iter().collect()
    }

    /// Writes the last snapshot and waits for the thread.
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

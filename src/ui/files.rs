//! Native file dialogs (rfd) on a worker thread; when no dialog service exists, the app says so.
//!
//! Every file job (the dialog, then the reading or writing) runs on a thread of its own and
//! sends back a [`Done`]; the window never waits. A dialog that returns nothing at once means
//! there is no dialog service (no desktop portal, e.g. under Xvfb): the window then offers a
//! typed path instead.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::session::store::{self, Loaded};
use crate::session::{Saver, Session, Store, StoreError};
use crate::sgf::{self, SgfError};

use super::i18n::{Lang, Text};

/// A dialog closed faster than this was never shown: there is no dialog service.
const NO_SERVICE_WITHIN: Duration = Duration::from_millis(250);

/// What a file job does.
#[derive(Clone, Debug)]
pub enum Request {
    /// Create a new session file holding this session.
    NewSession(Box<Session>),
    /// Open a session file (with its journal's recovery).
    Open,
    /// Write this session to a new file, which then holds the session.
    SaveAs(Box<Session>),
    /// Read a game to add as a new table.
    ImportSgf,
    /// Write a table's record.
    ExportSgf { text: String, name: String },
    /// Put the newest good backup in place of an unreadable file (kept aside), then open it.
    RestoreBackup(PathBuf),
}

impl Request {
    /// The title of the dialog, and of the typed-path window when there is no dialog.
    pub fn title(&self) -> Text {
        match self {
            Request::NewSession(_) => Text::NewSessionFile,
            Request::Open => Text::OpenSessionFile,
            Request::SaveAs(_) => Text::SaveSessionFileAs,
            Request::ImportSgf => Text::ImportSgfFile,
            Request::ExportSgf { .. } => Text::ExportSgfTo,
            Request::RestoreBackup(_) => Text::RestoreBackupOf,
        }
    }

    /// Whether the request puts another session in place of the one on screen.
    pub fn replaces_session(&self) -> bool {
        matches!(self, Request::NewSession(_) | Request::Open | Request::RestoreBackup(_))
    }
}

/// What a file job brought back.
pub enum Done {
    Created {
        path: PathBuf,
        result: Result<Store, StoreError>,
        session: Box<Session>,
        /// A new session (else the current one saved under a new name).
        new: bool,
    },
    Opened {
        path: PathBuf,
        result: Result<(Store, Box<Loaded>), StoreError>,
    },
    Imported {
        path: PathBuf,
        result: Result<Box<Game>, SgfError>,
    },
    Exported {
        path: PathBuf,
        result: io::Result<()>,
    },
    /// A session file closed in the background (its last snapshot).
    Closed {
        path: PathBuf,
        result: Result<(), StoreError>,
    },
    /// No dialog service: ask for a typed path.
    NoDialog(Request),
    Cancelled,
}

/// The file jobs under way and their results.
pub struct Files {
    sender: Sender<Done>,
    results: Receiver<Done>,
    /// Jobs started and not yet collected.
    pub pending: usize,
    /// A request waiting for a typed path (when there is no dialog service), and the text typed.
    pub typed: Option<(Request, String)>,
    /// The window's context, for a finished job to ask for a frame.
    pub repaint: Option<egui::Context>,
}

impl Default for Files {
    fn default() -> Files {
        let (sender, results) = mpsc::channel();
        Files {
            sender,
            results,
            pending: 0,
            typed: None,
            repaint: None,
        }
    }
}

impl Files {
    /// Starts `request` on a worker thread: with `path`, or through a dialog titled in `lang`.
    pub fn start(&mut self, request: Request, path: Option<PathBuf>, lang: Lang) {
        let sender = self.sender.clone();
        let repaint = self.repaint.clone();
        self.pending += 1;
        let spawned = std::thread::Builder::new().name("file-job".to_string()).spawn(move || {
            let done = match path.map_or_else(|| choose(&request, lang), |p| Ok(Some(p))) {
                Ok(Some(path)) => run(request, path),
                Ok(None) => Done::Cancelled,
                Err(()) => Done::NoDialog(request),
            };
            let _ = sender.send(done);
            if let Some(ctx) = repaint {
                ctx.request_repaint();
            }
        });
        if spawned.is_err() {
            self.pending -= 1;
        }
    }

    /// Closes a session file on a worker thread (the last snapshot), reporting any failure.
    pub fn close_in_background(&mut self, path: PathBuf, saver: Saver, session: Session) {
        let sender = self.sender.clone();
        let repaint = self.repaint.clone();
        self.pending += 1;
        let _ = std::thread::Builder::new()
            .name("file-close".to_string())
            .spawn(move || {
                let result = saver.close(&session);
                let _ = sender.send(Done::Closed { path, result });
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
    }

    /// The jobs finished since the last call.
    pub fn poll(&mut self) -> Vec<Done> {
        let done: Vec<Done> = self.results.try_iter().collect();
        self.pending = self.pending.saturating_sub(done.len());
        done
    }

    /// Waits until every job started has finished (tests, and the window closing).
    pub fn wait(&mut self, limit: Duration) -> Vec<Done> {
        let mut all = Vec::new();
        while self.pending > 0 {
            match self.results.recv_timeout(limit) {
                Ok(done) => {
                    self.pending -= 1;
                    all.push(done);
                }
                Err(_) => break,
            }
        }
        all
    }
}

/// Shows the dialog for `request`, titled in `lang`: `Ok(Some(path))` chosen, `Ok(None)`
/// cancelled, `Err(())` no dialog service (the dialog came back at once).
fn choose(request: &Request, lang: Lang) -> Result<Option<PathBuf>, ()> {
    let dialog = || rfd::FileDialog::new().set_title(request.title().tr(lang));
    let ron = |d: rfd::FileDialog| d.add_filter(Text::SessionFiles.tr(lang), &["ron"]);
    let sgf = |d: rfd::FileDialog| d.add_filter("SGF", &["sgf"]);
    let started = Instant::now();
    let chosen = match request {
        Request::NewSession(_) | Request::SaveAs(_) => ron(dialog()).set_file_name("session.ron").save_file(),
        Request::Open => ron(dialog()).pick_file(),
        Request::ImportSgf => sgf(dialog()).pick_file(),
        Request::ExportSgf { name, .. } => sgf(dialog()).set_file_name(name).save_file(),
        Request::RestoreBackup(path) => return Ok(Some(path.clone())),
    };
    match chosen {
        None if started.elapsed() < NO_SERVICE_WITHIN => Err(()),
        chosen => Ok(chosen),
    }
}

/// `path` with the `.ron` extension when it has none.
fn with_ron(path: PathBuf) -> PathBuf {
    if path.extension().is_some() {
        path
    } else {
        path.with_extension("ron")
    }
}

fn open(path: PathBuf) -> Done {
    let result = Store::open(&path).map(|(store, loaded)| (store, Box::new(loaded)));
    Done::Opened { path, result }
}

/// Does the reading or writing of `request` at `path` (on the worker thread).
fn run(request: Request, path: PathBuf) -> Done {
    match request {
        Request::NewSession(session) => {
            let path = with_ron(path);
            Done::Created {
                result: Store::create(&path, &session),
                path,
                session,
                new: true,
            }
        }
        Request::SaveAs(session) => {
            let path = with_ron(path);
            Done::Created {
                result: Store::create(&path, &session),
                path,
                session,
                new: false,
            }
        }
        Request::Open => open(path),
        Request::RestoreBackup(_) => match store::restore_newest_backup(&path) {
            Ok(_) => open(path),
            Err(e) => Done::Opened { path, result: Err(e) },
        },
        Request::ImportSgf => Done::Imported {
            result: sgf::read_file(&path).map(Box::new),
            path,
        },
        Request::ExportSgf { text, .. } => Done::Exported {
            result: write_new(&path, &text),
            path,
        },
    }
}

/// Writes `text` to `path` through a temporary file renamed into place.
fn write_new(path: &Path, text: &str) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_os_string();
    tmp.push(".tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

//! Native file dialogs (rfd); when no dialog service exists, the app says so.
//!
//! A dialog is opened on the UI thread (rfd's asynchronous dialog: macOS wants dialogs started
//! on the main thread) and awaited, then the reading or writing done, on a thread of its own,
//! which sends back a [`Done`]; the window never waits. A dialog that returns nothing at once
//! means there is no dialog service (no desktop portal, e.g. under Xvfb): the window then offers
//! a typed path instead.

use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::task::{Context, Poll, Wake, Waker};
use std::time::{Duration, Instant};

use crate::export::ExportError;
use crate::export::opengotha::CopyReport;
use crate::game::Game;
use crate::session::key::{self, ChainKey};
use crate::session::merge::{self, MergeError};
use crate::session::store::{self, Loaded};
use crate::session::{Change, Role, Saver, Session, Stamp, Store, StoreError};
use crate::sgf::{self, SgfError};
use crate::tournament::players_csv::CsvPlayer;
use crate::tournament::source::SourceError;
use crate::tournament::{OgTournament, players_csv, source};

use crate::ui::i18n::{Lang, Text};

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
    /// Read another workstation's session file (read only) to merge its confirmed results.
    MergeFrom,
    /// Read an OpenGotha tournament file (its players and pairings; the round is asked next).
    ImportOpenGotha,
    /// Read players from a CSV file.
    ImportPlayersCsv,
    /// Write a copy of the session's OpenGotha file with its confirmed results.
    ExportOpenGothaCopy { session: Box<Session>, name: String },
    /// Write the AGA results file of this session.
    ExportAga(Box<Session>),
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
            Request::MergeFrom => Text::MergeFileTitle,
            Request::ImportOpenGotha => Text::ImportOpenGotha,
            Request::ImportPlayersCsv => Text::ImportPlayersCsv,
            Request::ExportOpenGothaCopy { .. } => Text::ExportOpenGothaCopy,
            Request::ExportAga(_) => Text::ExportAga,
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
    /// The file cannot be opened for writing: it is open for writing in another process
    /// (`why` is `StoreError::Locked`, `session::lock`), or its folder cannot be written
    /// (`StoreError::FolderNotWritable`). Read for viewing only.
    OpenedReadOnly {
        path: PathBuf,
        why: StoreError,
        result: Result<Box<Loaded>, StoreError>,
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
    /// Another workstation's session, read to merge, with the name the audit trail gives it.
    MergeRead {
        path: PathBuf,
        result: Result<(Box<Session>, String), MergeError>,
    },
    /// An OpenGotha file read (or why not): the window asks which round.
    TournamentRead {
        path: PathBuf,
        result: Result<Box<(OgTournament, crate::session::PairingFile)>, SourceError>,
    },
    /// Players read from a CSV file (or why not).
    PlayersRead {
        path: PathBuf,
        result: Result<Vec<CsvPlayer>, SourceError>,
    },
    /// The OpenGotha copy (with what went in) or the AGA file (no report) written, or why not.
    TournamentWritten {
        path: PathBuf,
        result: Result<Option<CopyReport>, ExportError>,
    },
    /// No dialog service: ask for a typed path.
    NoDialog(Request),
    Cancelled,
}

impl Done {
    /// The file a finished job read or wrote (its folder is where the next dialog starts).
    pub fn path(&self) -> Option<&std::path::Path> {
        match self {
            Done::Created { path, .. }
            | Done::Opened { path, .. }
            | Done::OpenedReadOnly { path, .. }
            | Done::Imported { path, .. }
            | Done::Exported { path, .. }
            | Done::MergeRead { path, .. }
            | Done::TournamentRead { path, .. }
            | Done::PlayersRead { path, .. }
            | Done::TournamentWritten { path, .. } => Some(path),
            _ => None,
        }
    }
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
    /// Starts `request` on a worker thread: with `path`, or through a dialog titled in `lang`
    /// (opened here, awaited there).
    /// A dialog starts in `folder` (the last one used), when given.
    pub fn start(&mut self, request: Request, path: Option<PathBuf>, lang: Lang, folder: Option<&std::path::Path>) {
        let sender = self.sender.clone();
        let repaint = self.repaint.clone();
        let chosen = match (path, &request) {
            (Some(path), _) => Chosen::Path(path),
            (None, Request::RestoreBackup(path)) => Chosen::Path(path.clone()),
            (None, _) => Chosen::Dialog(open_dialog(&request, lang, folder), Instant::now()),
        };
        self.pending += 1;
        let spawned = std::thread::Builder::new().name("file-job".to_string()).spawn(move || {
            let done = match chosen.wait() {
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

/// A dialog under way (rfd's future).
pub(crate) type DialogFuture = Pin<Box<dyn Future<Output = Option<rfd::FileHandle>> + Send>>;

/// Where a file job's path comes from (also the photo screen's, `ui::photo::job`).
pub(crate) enum Chosen {
    Path(PathBuf),
    /// A dialog opened at that instant.
    Dialog(DialogFuture, Instant),
}

impl Chosen {
    /// Waits for the dialog (on the worker thread): `Ok(Some(path))` chosen, `Ok(None)`
    /// cancelled, `Err(())` no dialog service (the dialog came back at once).
    pub(crate) fn wait(self) -> Result<Option<PathBuf>, ()> {
        match self {
            Chosen::Path(path) => Ok(Some(path)),
            Chosen::Dialog(dialog, opened) => match block_on(dialog) {
                None if opened.elapsed() < NO_SERVICE_WITHIN => Err(()),
                chosen => Ok(chosen.map(|handle| handle.path().to_path_buf())),
            },
        }
    }
}

/// Opens the dialog for `request`, titled in `lang`, in `folder` when given.
fn open_dialog(request: &Request, lang: Lang, folder: Option<&std::path::Path>) -> DialogFuture {
    let dialog = || {
        let d = rfd::AsyncFileDialog::new().set_title(request.title().tr(lang));
        match folder {
            Some(folder) => d.set_directory(folder),
            None => d,
        }
    };
    let ron = |d: rfd::AsyncFileDialog| d.add_filter(Text::SessionFiles.tr(lang), &["ron"]);
    let sgf = |d: rfd::AsyncFileDialog| d.add_filter("SGF", &["sgf"]);
    match request {
        Request::NewSession(_) | Request::SaveAs(_) => Box::pin(ron(dialog()).set_file_name("session.ron").save_file()),
        Request::Open | Request::RestoreBackup(_) | Request::MergeFrom => Box::pin(ron(dialog()).pick_file()),
        Request::ImportSgf => Box::pin(sgf(dialog()).pick_file()),
        Request::ExportSgf { name, .. } => Box::pin(sgf(dialog()).set_file_name(name).save_file()),
        Request::ImportOpenGotha => Box::pin(dialog().add_filter("OpenGotha", &["xml"]).pick_file()),
        Request::ImportPlayersCsv => Box::pin(dialog().add_filter("CSV", &["csv", "txt"]).pick_file()),
        Request::ExportOpenGothaCopy { name, .. } => Box::pin(
            dialog()
                .add_filter("OpenGotha", &["xml"])
                .set_file_name(name)
                .save_file(),
        ),
        Request::ExportAga(_) => Box::pin(dialog().set_file_name("results-aga.txt").save_file()),
    }
}

/// Wakes the thread waiting in [`block_on`].
struct Unpark(std::thread::Thread);

impl Wake for Unpark {
    fn wake(self: Arc<Self>) {
        self.0.unpark();
    }
}

/// Runs `future` to its end on this thread, sleeping while it waits.
fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = std::pin::pin!(future);
    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut context = Context::from_waker(&waker);
    loop {
        match future.as_mut().poll(&mut context) {
            Poll::Ready(output) => return output,
            Poll::Pending => std::thread::park(),
        }
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
    let key = chain_key_of(&path);
    match Store::open_keyed(&path, key.as_ref()) {
        Err(why @ (StoreError::Locked { .. } | StoreError::FolderNotWritable { .. })) => Done::OpenedReadOnly {
            result: store::load_keyed(&path, key.as_ref()).map(Box::new),
            path,
            why,
        },
        result => Done::Opened {
            path,
            result: result.map(|(store, loaded)| (store, Box::new(loaded))),
        },
    }
}

/// The chain key of the session at `path`, from the settings folder (none when the session is
/// not keyed, or its key was not brought to this workstation: `go-arbiter key import`).
fn chain_key_of(path: &Path) -> Option<ChainKey> {
    let (session, _) = store::read_snapshot(path).ok()?;
    chain_key_for(&session)
}

fn chain_key_for(session: &Session) -> Option<ChainKey> {
    let id = session.trust.key_id.as_deref()?;
    key::find(&crate::ui::settings::folder()?, id).ok()
}

/// Keys a new session: a chain key from the system's generator, kept in the settings folder,
/// its name recorded in the session (`Change::ChainKey`, stamped as the event's creation).
/// Without a settings folder or a generator the session stays unkeyed.
fn key_new_session(session: &mut Session) -> Result<Option<ChainKey>, StoreError> {
    let Some(dir) = crate::ui::settings::folder() else {
        return Ok(None);
    };
    let mut bytes = [0u8; 32];
    if getrandom::fill(&mut bytes).is_err() {
        return Ok(None);
    }
    let chain_key = ChainKey::from_bytes(bytes);
    key::keep(&dir, &chain_key).map_err(|e| StoreError::Io {
        path: dir.clone(),
        source: std::io::Error::other(e.to_string()),
    })?;
    let stamp = session
        .audit
        .last()
        .map_or_else(|| Stamp::new("", "", Role::Organiser), |e| e.stamp.clone());
    session.apply(&stamp, &Change::ChainKey { id: chain_key.id() })?;
    Ok(Some(chain_key))
}

/// Does the reading or writing of `request` at `path` (on the worker thread).
fn run(request: Request, path: PathBuf) -> Done {
    match request {
        Request::NewSession(mut session) => {
            let path = with_ron(path);
            let result = if path.exists() {
                Err(StoreError::Exists { path: path.clone() })
            } else {
                key_new_session(&mut session).and_then(|k| Store::create_keyed(&path, &session, k.as_ref()))
            };
            Done::Created {
                result,
                path,
                session,
                new: true,
            }
        }
        Request::SaveAs(session) => {
            let path = with_ron(path);
            Done::Created {
                result: Store::create_keyed(&path, &session, chain_key_for(&session).as_ref()),
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
        Request::MergeFrom => Done::MergeRead {
            result: merge::load_other(&path).map(|(session, source)| (Box::new(session), source)),
            path,
        },
        Request::ImportOpenGotha => Done::TournamentRead {
            result: source::read_opengotha(&path).map(Box::new),
            path,
        },
        Request::ImportPlayersCsv => Done::PlayersRead {
            result: source::read_text(&path).and_then(|(text, file)| {
                players_csv::read(&text).map_err(|e| SourceError::Csv {
                    path: file.path,
                    source: e,
                })
            }),
            path,
        },
        Request::ExportOpenGothaCopy { session, .. } => Done::TournamentWritten {
            result: crate::export::opengotha::write_copy(&session, &path).map(Some),
            path,
        },
        Request::ExportAga(session) => Done::TournamentWritten {
            result: crate::export::aga::results(&session)
                .and_then(|text| crate::export::write_atomically(&path, text.as_bytes()))
                .map(|()| None),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Pending on its first poll, woken from another thread a little later, then ready.
    struct WokenLater {
        polled: bool,
    }

    impl Future for WokenLater {
        type Output = u32;
        fn poll(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<u32> {
            if self.polled {
                return Poll::Ready(42);
            }
            self.polled = true;
            let waker = context.waker().clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                waker.wake();
            });
            Poll::Pending
        }
    }

    #[test]
    fn a_dialog_is_awaited_until_it_wakes_the_worker() {
        assert_eq!(block_on(WokenLater { polled: false }), 42);
    }

    #[test]
    fn a_typed_path_needs_no_dialog() {
        let path = PathBuf::from("/tmp/day.ron");
        assert_eq!(Chosen::Path(path.clone()).wait(), Ok(Some(path)));
    }
}

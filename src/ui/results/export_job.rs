//! Exports of a round run on a worker thread, with progress for the window's bar: the window
//! starts a job and polls it each frame; the thread asks for a frame after each file, so the
//! window never waits and does not repaint while nothing happens.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::export::command::file_name;
use crate::export::{ExportError, csv, egf, opengotha, png, sgf, slip};
use crate::session::{Session, TableId};

/// What a job writes for a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The round's results: `results-r1.csv`.
    Csv,
    /// One SGF file per game: `r1-t1.sgf`.
    Sgf,
    /// The EGF table of the rounds up to this one: `tournament-r1.h9`.
    H9,
    /// The OpenGotha file of the rounds up to this one: `tournament-r1.xml`.
    OpenGotha,
    /// The final position of each game: `r1-t1.png`.
    Png,
    /// The result slip of each game: `r1-t1.slip.png`.
    Slip,
    /// All of the above.
    All,
}

impl Format {
    /// The formats a button can start, in the order shown.
    pub const BUTTONS: [Format; 7] = [
        Format::Csv,
        Format::Sgf,
        Format::H9,
        Format::OpenGotha,
        Format::Png,
        Format::Slip,
        Format::All,
    ];

    fn parts(self) -> Vec<Format> {
        match self {
            Format::All => Format::BUTTONS[..6].to_vec(),
            one => vec![one],
        }
    }
}

/// One file to write.
#[derive(Clone, Debug)]
enum Item {
    Csv,
    H9,
    OpenGotha,
    Game(Format, TableId),
}

/// Why a file of the job was not made; its words, in English and Chinese, are `i18n::job_error`.
#[derive(Debug)]
pub enum JobError {
    /// The export engine's error.
    Export(ExportError),
    /// A table of the round is not in the session (it was removed since the job started).
    NotInSession(TableId),
    /// The worker thread could not start: the system's reason.
    NotStarted(String),
    /// The worker thread stopped before the end.
    Stopped,
}

/// What the worker says.
#[derive(Debug)]
enum Message {
    /// One more file written (or failed: the job goes on with the others).
    Step(Result<PathBuf, JobError>),
    Done,
}

/// An export under way or finished.
#[derive(Debug)]
pub struct ExportJob {
    pub format: Format,
    pub round: u32,
    pub folder: PathBuf,
    /// Files handled so far, and in all.
    pub done: usize,
    pub total: usize,
    pub written: Vec<PathBuf>,
    /// The files that could not be made, each with its reason.
    pub errors: Vec<JobError>,
    pub finished: bool,
    rx: Receiver<Message>,
}

/// The folder exports go to unless the arbiter types another: `~/go-arbiter-exports`.
pub fn default_folder() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("."))
        .join("go-arbiter-exports")
}

/// The files `format` writes for `round` of `session`.
fn items(session: &Session, round: u32, format: Format) -> Vec<Item> {
    let games: Vec<TableId> = session
        .tables()
        .map(|(id, _)| id)
        .filter(|id| id.round == round)
        .collect();
    let mut items = Vec::new();
    for part in format.parts() {
        match part {
            Format::Csv => items.push(Item::Csv),
            Format::H9 => items.push(Item::H9),
            Format::OpenGotha => items.push(Item::OpenGotha),
            Format::Sgf | Format::Png | Format::Slip => items.extend(games.iter().map(|&id| Item::Game(part, id))),
            Format::All => {}
        }
    }
    items
}

/// `session` with only the rounds `keep` accepts.
fn rounds_where(session: &Session, keep: impl Fn(u32) -> bool) -> Session {
    let mut s = session.clone();
    s.rounds.retain(|r| keep(r.number));
    s
}

/// Writes one item into `folder`; its path.
fn write_item(session: &Session, round: u32, item: &Item, folder: &Path) -> Result<PathBuf, JobError> {
    let (name, bytes) = match item {
        Item::Csv => (
            format!("results-r{round}.csv"),
            csv::results(&rounds_where(session, |r| r == round))?.into_bytes(),
        ),
        Item::H9 => (
            format!("tournament-r{round}.h9"),
            egf::h9_latin9(&rounds_where(session, |r| r <= round))?,
        ),
        Item::OpenGotha => (
            format!("tournament-r{round}.xml"),
            opengotha::xml(&rounds_where(session, |r| r <= round))?.into_bytes(),
        ),
        Item::Game(format, id) => {
            let table = session.table(*id).ok_or(JobError::NotInSession(*id))?;
            match format {
                Format::Sgf => (file_name(*id, "sgf"), sgf::game_sgf(session, *id, table)?.into_bytes()),
                Format::Png => (file_name(*id, "png"), png::final_position(*id, table)?),
                _ => (file_name(*id, "slip.png"), slip::slip(session, *id, table)?),
            }
        }
    };
    let path = folder.join(name);
    let io = |e: std::io::Error| ExportError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    fs::create_dir_all(folder).map_err(io)?;
    fs::write(&path, bytes).map_err(io)?;
    Ok(path)
}

impl From<ExportError> for JobError {
    fn from(e: ExportError) -> JobError {
        JobError::Export(e)
    }
}

impl ExportJob {
    /// Starts writing `format` for `round` of `session` (a copy) into `folder` on a thread of its
    /// own, which asks `repaint` for a frame after each file.
    pub fn start(
        session: &Session,
        round: u32,
        format: Format,
        folder: PathBuf,
        repaint: Option<egui::Context>,
    ) -> ExportJob {
        let items = items(session, round, format);
        let (tx, rx) = mpsc::channel();
        let mut job = ExportJob {
            format,
            round,
            folder: folder.clone(),
            done: 0,
            total: items.len(),
            written: Vec::new(),
            errors: Vec::new(),
            finished: false,
            rx,
        };
        let session = session.clone();
        let spawned = std::thread::Builder::new().name("export".to_string()).spawn(move || {
            let ping = || {
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            };
            for item in &items {
                let step = write_item(&session, round, item, &folder);
                if tx.send(Message::Step(step)).is_err() {
                    return;
                }
                ping();
            }
            let _ = tx.send(Message::Done);
            ping();
        });
        if let Err(e) = spawned {
            job.errors.push(JobError::NotStarted(e.to_string()));
            job.finished = true;
        }
        job
    }

    /// Takes what the thread has done since the last poll.
    pub fn poll(&mut self) {
        while !self.finished {
            match self.rx.try_recv() {
                Ok(Message::Step(step)) => {
                    self.done += 1;
                    match step {
                        Ok(path) => self.written.push(path),
                        Err(e) => self.errors.push(e),
                    }
                }
                Ok(Message::Done) => self.finished = true,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    if self.done < self.total {
                        self.errors.push(JobError::Stopped);
                    }
                    self.finished = true;
                }
            }
        }
    }

    /// Done over total, for the progress bar (1 when there was nothing to write).
    pub fn fraction(&self) -> f32 {
        match self.total {
            0 => 1.0,
            total => self.done as f32 / total as f32,
        }
    }
}

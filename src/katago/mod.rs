//! The KataGo client: its analysis engine (`katago analysis -config .. -model ..`) run as a child
//! process and spoken to in JSON lines over stdin/stdout, one visit with ownership, answers waited
//! for within a time limit given by the caller; its ownership read into dead-stone marks of the
//! same shape as the built-in guess (`query`). Errors are typed: not found, could not start,
//! crashed, timed out, refused, bad answer; never a panic. No model is downloaded here: the
//! arbiter's settings name the program and the model (or `katago` is found on PATH). No egui.

pub mod query;

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, Color};
use crate::scoring::dead::Guess;
pub use query::{Answer, DEAD_BELOW, Position, guess_from, read_answer};

/// The line KataGo's analysis engine writes on stderr once it takes queries.
const READY: &str = "ready to begin handling requests";
/// How many of KataGo's last stderr lines an error quotes.
const TAIL: usize = 6;

/// Where KataGo is and how long to wait for it (the window's settings; the `accuracy` command's
/// options).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The program: a path, or a name looked up on PATH (`katago`).
    pub program: PathBuf,
    /// The network (`-model`); none: KataGo's own default next to the program.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<PathBuf>,
    /// An analysis config (`-config`); none: a minimal one written for this run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config: Option<PathBuf>,
    /// How long the engine may take to load its network and be ready.
    pub start_within: Duration,
    /// How long one answer may take once the engine is ready.
    pub answer_within: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            program: PathBuf::from("katago"),
            model: None,
            config: None,
            start_within: Duration::from_secs(90),
            answer_within: Duration::from_secs(20),
        }
    }
}

impl Settings {
    /// The program as it would be run: a path as given, a bare name found on `path` (the PATH
    /// variable's value); `None` when a bare name is on no folder of it.
    pub fn resolve(&self, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
        if self.program.components().count() > 1 {
            return Some(self.program.clone());
        }
        std::env::split_paths(path?)
            .map(|dir| dir.join(&self.program))
            .find(|candidate| candidate.is_file())
    }
}

/// Why KataGo gave no guess.
#[derive(Debug, Error)]
pub enum KataGoError {
    #[error("KataGo not found: no program at {program}")]
    NotFound { program: PathBuf },
    #[error("KataGo could not be started ({program}): {source}")]
    Start {
        program: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("KataGo's config could not be written at {path}: {source}")]
    Config {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("KataGo stopped ({status}){}", tail_text(.stderr))]
    Crashed { status: String, stderr: Vec<String> },
    #[error("KataGo gave no {what} within {:.1} s", .waited.as_secs_f64())]
    TimedOut { what: &'static str, waited: Duration },
    #[error("KataGo refused the query: {message}")]
    Refused { message: String },
    #[error("KataGo's answer does not read: {what} in \"{line}\"")]
    BadAnswer { what: String, line: String },
}

fn tail_text(lines: &[String]) -> String {
    match lines.last() {
        Some(last) => format!(": {last}"),
        None => String::new(),
    }
}

/// A running analysis engine. Dropping it ends the process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    answer_within: Duration,
    next_id: u64,
    /// The config written for this engine, removed on drop.
    written: Option<PathBuf>,
}

/// The minimal analysis config used when the settings name none: one search thread, one visit,
/// ownership from Black's side, no log files.
const MINIMAL_CONFIG: &str = "\
logToStderr = false
logAllRequests = false
logSearchInfo = false
reportAnalysisWinratesAs = BLACK
maxVisits = 1
numAnalysisThreads = 1
numSearchThreads = 1
nnMaxBatchSize = 1
nnCacheSizePowerOfTwo = 16
nnMutexPoolSizePowerOfTwo = 10
nnRandomize = false
";

impl Engine {
    /// Starts the engine and waits until it takes queries (`settings.start_within`).
    pub fn start(settings: &Settings) -> Result<Engine, KataGoError> {
        let program = settings.program.clone();
        let (config, written) = match &settings.config {
            Some(c) => (c.clone(), None),
            None => {
                let path = std::env::temp_dir().join(format!(
                    "go-arbiter-katago-{}-{}.cfg",
                    std::process::id(),
                    NEXT_CONFIG.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                ));
                std::fs::write(&path, MINIMAL_CONFIG).map_err(|source| KataGoError::Config {
                    path: path.clone(),
                    source,
                })?;
                (path.clone(), Some(path))
            }
        };
        let mut command = Command::new(&program);
        command.arg("analysis").arg("-config").arg(&config);
        if let Some(model) = &settings.model {
            command.arg("-model").arg(model);
        }
        // Ownership from Black's side whatever the config says.
        command.arg("-override-config").arg("reportAnalysisWinratesAs=BLACK");
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                remove(written.as_deref());
                return Err(match e.kind() {
                    std::io::ErrorKind::NotFound => KataGoError::NotFound { program },
                    _ => KataGoError::Start { program, source: e },
                });
            }
        };
        let (Some(stdin), Some(stdout), Some(stderr_pipe)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            remove(written.as_deref());
            return Err(KataGoError::Start {
                program,
                source: std::io::Error::other("its pipes were not opened"),
            });
        };
        let (line_tx, lines) = mpsc::channel();
        spawn_reader("katago-stdout", stdout, move |line| line_tx.send(line).is_ok());
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let (ready_tx, ready) = mpsc::channel();
        let kept = Arc::clone(&stderr);
        spawn_reader("katago-stderr", stderr_pipe, move |line| {
            if line.contains(READY) {
                let _ = ready_tx.send(());
            }
            if let Ok(mut tail) = kept.lock() {
                if tail.len() == TAIL {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
            true
        });
        let mut engine = Engine {
            child,
            stdin,
            lines,
            stderr,
            answer_within: settings.answer_within,
            next_id: 0,
            written,
        };
        match ready.recv_timeout(settings.start_within) {
            Ok(()) => Ok(engine),
            Err(RecvTimeoutError::Timeout) => Err(KataGoError::TimedOut {
                what: "start",
                waited: settings.start_within,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(engine.crashed()),
        }
    }

    /// The ownership of `position`, +1 Black's, row by row from the top-left.
    pub fn ownership(&mut self, position: &Position) -> Result<Vec<f32>, KataGoError> {
        self.next_id += 1;
        let id = format!("q{}", self.next_id);
        let mut line = position.query(&id);
        line.push('\n');
        if self
            .stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.crashed());
        }
        let deadline = Instant::now() + self.answer_within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(KataGoError::TimedOut {
                        what: "answer",
                        waited: self.answer_within,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(self.crashed()),
            };
            let bad = |what: String| KataGoError::BadAnswer {
                what,
                line: line.chars().take(120).collect(),
            };
            match read_answer(&line).map_err(bad)? {
                Answer::Ownership { id: of, ownership } if of == id => {
                    let points = position.size as usize * position.size as usize;
                    if ownership.len() != points {
                        return Err(bad(format!("{} ownership values for {points} points", ownership.len())));
                    }
                    return Ok(ownership);
                }
                Answer::Refused { id: of, message } if of == id || of.is_empty() => {
                    return Err(KataGoError::Refused { message });
                }
                _ => {}
            }
        }
    }

    /// The guess for `board` (the position `position` ends in): ownership read chain by chain.
    pub fn guess(&mut self, board: &Board, position: &Position) -> Result<Guess, KataGoError> {
        let ownership = self.ownership(position)?;
        guess_from(board, &ownership).ok_or_else(|| KataGoError::BadAnswer {
            what: "ownership not the board's size".to_string(),
            line: String::new(),
        })
    }

    /// The guess for `board`, the position `record` (setup and moves) ends in, `to_move` to play:
    /// asked with the moves; when KataGo refuses them (a move illegal under its rules), asked
    /// again with `board` as initial stones.
    pub fn guess_record(&mut self, board: &Board, record: &Position, to_move: Color) -> Result<Guess, KataGoError> {
        match self.guess(board, record) {
            Err(KataGoError::Refused { .. }) if !record.moves.is_empty() => {
                self.guess(board, &record.final_position(board, to_move))
            }
            other => other,
        }
    }

    /// The error for an engine whose output ended: its exit status and last stderr lines.
    fn crashed(&mut self) -> KataGoError {
        // The process may still be closing its pipes: give it a moment to exit.
        let mut status = None;
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let stderr = self
            .stderr
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default();
        KataGoError::Crashed {
            status: status.map_or("still running, output closed".to_string(), |s| s.to_string()),
            stderr,
        }
    }
}

static NEXT_CONFIG: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

fn remove(path: Option<&Path>) {
    if let Some(p) = path {
        let _ = std::fs::remove_file(p);
    }
}

/// Reads `pipe` line by line on a thread of its own, handing each line to `take` until it says
/// stop or the pipe ends.
fn spawn_reader(
    name: &str,
    pipe: impl std::io::Read + Send + 'static,
    mut take: impl FnMut(String) -> bool + Send + 'static,
) {
    let _ = std::thread::Builder::new().name(name.to_string()).spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if !take(line) {
                break;
            }
        }
    });
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        remove(self.written.as_deref());
    }
}

/// One guess from a fresh engine: started, asked about `record` (see [`Engine::guess_record`]), ended. For a worker
/// thread (the counting screen's).
pub fn guess_once(settings: &Settings, board: &Board, record: &Position, to_move: Color) -> Result<Guess, KataGoError> {
    Engine::start(settings)?.guess_record(board, record, to_move)
}

//! The `accuracy` command: over folders of finished SGF games with recorded results, suggest
//! the dead stones (the built-in guesser, or KataGo through our client), count under each game's own rules and compare with the record; prints the
//! table by board size (games, winner right, margin exact, within one point, median and p90 time,
//! the share of wrong suggestions that flagged a chain to check, the share of chains flagged).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::Board;
use crate::game::Game;
use crate::katago::{self, KataGoError};
use crate::scoring::dead::{DOUBT, Guess, guess};
use crate::scoring::{Marks, count_game};
use crate::sgf;

/// One game's outcome.
#[derive(Clone, Debug, Serialize)]
pub struct GameCheck {
    pub file: String,
    pub size: u8,
    pub recorded: f64,
    pub counted: f64,
    pub seconds: f64,
    /// Chains on the final position.
    pub chains: usize,
    /// Chains flagged "check this" (confidence below the doubt threshold).
    pub flagged: usize,
}

/// How the check is run.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// The guesser is given only the final position as setup stones, without the moves (the
    /// count still takes the record's prisoners, so territory results stay comparable).
    pub setup_only: bool,
    /// Folders with these names are left out (such as `bad`).
    pub skip: Vec<String>,
    /// A chain is flagged when its confidence is below this.
    pub doubt: f32,
    /// Ask KataGo (one engine for the whole run) instead of the built-in guesser.
    pub katago: Option<katago::Settings>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            setup_only: false,
            skip: Vec::new(),
            doubt: DOUBT,
            katago: None,
        }
    }
}

/// The final position as setup stones only: a fresh board with the same stones, no history.
fn as_setup(board: &Board) -> Board {
    let mut fresh = board.clone();
    if let Ok(mut b) = Board::new(board.size()) {
        for p in board.points() {
            if b.set(p, board.get(p)).is_err() {
                return fresh;
            }
        }
        fresh = b;
    }
    fresh
}

impl GameCheck {
    pub fn winner_right(&self) -> bool {
        self.recorded.signum() == self.counted.signum()
    }
    pub fn margin_exact(&self) -> bool {
        (self.recorded - self.counted).abs() < 1e-6
    }
    pub fn within_one(&self) -> bool {
        (self.recorded - self.counted).abs() <= 1.0 + 1e-6
    }
}

/// The recorded margin of an SGF RE value ("B+3.5" → 3.5, "W+0.5" → -0.5); None when the game
/// was not decided by counting.
pub fn recorded_margin(re: &str) -> Option<f64> {
    let (side, margin) = re.trim().split_once('+')?;
    let margin: f64 = margin.parse().ok()?;
    match side {
        "B" | "b" => Some(margin),
        "W" | "w" => Some(-margin),
        _ => None,
    }
}

/// Every `.sgf` file under `dirs` (recursively, leaving out folders named in `skip`), sorted.
pub fn sgf_files(dirs: &[PathBuf], skip: &[String]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = dirs.to_vec();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            let skipped = path.file_name().is_some_and(|n| skip.iter().any(|s| n == s.as_str()));
            if !skipped && let Ok(entries) = std::fs::read_dir(&path) {
                stack.extend(entries.flatten().map(|e| e.path()));
            }
        } else if path.extension().is_some_and(|x| x == "sgf") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Who guesses: the built-in guesser, or a running KataGo (restarted once after it fails).
enum Guesser<'a> {
    BuiltIn {
        seed: u64,
    },
    KataGo {
        settings: &'a katago::Settings,
        engine: Option<katago::Engine>,
    },
}

impl Guesser<'_> {
    /// The guess for `board` (the record's final position, or it as setup stones) of `game`.
    fn guess(&mut self, game: &Game, board: &Board, setup_only: bool) -> Result<Guess, KataGoError> {
        let pos = game.position();
        match self {
            Guesser::BuiltIn { seed } => Ok(guess(board, pos.to_move, *seed)),
            Guesser::KataGo { settings, engine } => {
                let record = match setup_only {
                    true => katago::Position::of_board(board, pos.to_move, &game.rules),
                    false => katago::Position::of_game(game),
                };
                let mut tries = 0;
                loop {
                    let running = match engine {
                        Some(e) => e,
                        None => engine.insert(katago::Engine::start(settings)?),
                    };
                    match running.guess_record(board, &record, pos.to_move) {
                        Err(e @ (KataGoError::Crashed { .. } | KataGoError::TimedOut { .. })) => {
                            *engine = None;
                            tries += 1;
                            if tries == 2 {
                                return Err(e);
                            }
                        }
                        other => return other,
                    }
                }
            }
        }
    }
}

/// Checks one file; None when it has no counted result to compare with.
pub fn check_file(path: &Path, options: &Options) -> Option<GameCheck> {
    check_with(path, options, &mut Guesser::BuiltIn { seed: options.seed })
        .ok()
        .flatten()
}

/// Checks one file with `guesser`: `Ok(None)` when it has no counted result to compare with.
fn check_with(path: &Path, options: &Options, guesser: &mut Guesser) -> Result<Option<GameCheck>, KataGoError> {
    let Ok(game) = sgf::read_file(path) else {
        return Ok(None);
    };
    let Some(recorded) = recorded_margin(&game.info.result) else {
        return Ok(None);
    };
    let pos = game.position();
    let setup;
    let board = if options.setup_only {
        setup = as_setup(&pos.board);
        &setup
    } else {
        &pos.board
    };
    let started = Instant::now();
    let guess = guesser.guess(&game, board, options.setup_only)?;
    let dead = guess.dead();
    let mut marks = Marks::new(&pos.board);
    marks.set_dead(&pos.board, &dead);
    let Ok(count) = count_game(&game, &marks, [0, 0]) else {
        return Ok(None);
    };
    let counted = count.margin.points();
    let seconds = started.elapsed().as_secs_f64();
    Ok(Some(GameCheck {
        file: path.display().to_string(),
        size: game.size(),
        recorded,
        counted,
        seconds,
        chains: guess.chains.len(),
        flagged: guess.chains.iter().filter(|c| c.confidence < options.doubt).count(),
    }))
}

/// The table by board size, as printed.
pub fn table(checks: &[GameCheck]) -> String {
    let mut sizes: Vec<u8> = checks.iter().map(|c| c.size).collect();
    sizes.sort();
    sizes.dedup();
    let mut out = String::from(
        "size   games  winner right  margin exact  within 1 pt  median ms  p90 ms  wrong flagged  groups flagged\n",
    );
    for size in sizes {
        let of: Vec<&GameCheck> = checks.iter().filter(|c| c.size == size).collect();
        let n = of.len() as f64;
        let pct = |f: fn(&GameCheck) -> bool| 100.0 * of.iter().filter(|c| f(c)).count() as f64 / n;
        let mut times: Vec<f64> = of.iter().map(|c| c.seconds).collect();
        times.sort_by(f64::total_cmp);
        let quantile = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1000.0;
        let wrong: Vec<&&GameCheck> = of.iter().filter(|c| !c.margin_exact()).collect();
        let wrong_flagged = match wrong.len() {
            0 => "-".to_string(),
            n => format!("{}/{n}", wrong.iter().filter(|c| c.flagged > 0).count()),
        };
        let chains: usize = of.iter().map(|c| c.chains).sum();
        let flagged: usize = of.iter().map(|c| c.flagged).sum();
        out += &format!(
            "{:<6} {:>5}  {:>11.1}%  {:>11.1}%  {:>10.1}%  {:>9.2}  {:>6.2}  {:>13}  {:>13.1}%\n",
            format!("{size}x{size}"),
            of.len(),
            pct(GameCheck::winner_right),
            pct(GameCheck::margin_exact),
            pct(GameCheck::within_one),
            quantile(0.5),
            quantile(0.9),
            wrong_flagged,
            100.0 * flagged as f64 / chains.max(1) as f64
        );
    }
    out
}

/// Runs the check over every file; `Duration` of the whole run for the caller to print. With
/// KataGo, a file it could not answer (after one restart) stops the run with the file named.
pub fn run(dirs: &[PathBuf], options: &Options) -> Result<(Vec<GameCheck>, Duration), String> {
    let started = Instant::now();
    let mut guesser = match &options.katago {
        Some(settings) => {
            // Started before the clock of the first file runs.
            let engine = katago::Engine::start(settings).map_err(|e| e.to_string())?;
            Guesser::KataGo {
                settings,
                engine: Some(engine),
            }
        }
        None => Guesser::BuiltIn { seed: options.seed },
    };
    let mut checks = Vec::new();
    for file in sgf_files(dirs, &options.skip) {
        match check_with(&file, options, &mut guesser) {
            Ok(Some(check)) => checks.push(check),
            Ok(None) => {}
            Err(e) => return Err(format!("{}: {e}", file.display())),
        }
    }
    Ok((checks, started.elapsed()))
}

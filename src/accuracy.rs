//! The `accuracy` command: over folders of finished SGF games with recorded results, suggest
//! the dead stones, count under each game's own rules and compare with the record; prints the
//! table by board size (games, winner right, margin exact, within one point, median and p90 time).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::scoring::dead::suggest_dead;
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

/// Every `.sgf` file under `dirs` (recursively), sorted.
pub fn sgf_files(dirs: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack: Vec<PathBuf> = dirs.to_vec();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&path) {
                stack.extend(entries.flatten().map(|e| e.path()));
            }
        } else if path.extension().is_some_and(|x| x == "sgf") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Checks one file; None when it has no counted result to compare with.
pub fn check_file(path: &Path, seed: u64) -> Option<GameCheck> {
    let game = sgf::read_file(path).ok()?;
    let recorded = recorded_margin(&game.info.result)?;
    let pos = game.position();
    let started = Instant::now();
    let dead = suggest_dead(&pos.board, pos.to_move, seed);
    let mut marks = Marks::new(&pos.board);
    marks.set_dead(&pos.board, &dead);
    let counted = count_game(&game, &marks, [0, 0]).ok()?.margin.points();
    let seconds = started.elapsed().as_secs_f64();
    Some(GameCheck {
        file: path.display().to_string(),
        size: game.size(),
        recorded,
        counted,
        seconds,
    })
}

/// The table by board size, as printed.
pub fn table(checks: &[GameCheck]) -> String {
    let mut sizes: Vec<u8> = checks.iter().map(|c| c.size).collect();
    sizes.sort();
    sizes.dedup();
    let mut out = String::from("size   games  winner right  margin exact  within 1 pt  median ms  p90 ms\n");
    for size in sizes {
        let of: Vec<&GameCheck> = checks.iter().filter(|c| c.size == size).collect();
        let n = of.len() as f64;
        let pct = |f: fn(&GameCheck) -> bool| 100.0 * of.iter().filter(|c| f(c)).count() as f64 / n;
        let mut times: Vec<f64> = of.iter().map(|c| c.seconds).collect();
        times.sort_by(f64::total_cmp);
        let quantile = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize] * 1000.0;
        out += &format!(
            "{:<6} {:>5}  {:>11.1}%  {:>11.1}%  {:>10.1}%  {:>9.2}  {:>6.2}\n",
            format!("{size}x{size}"),
            of.len(),
            pct(GameCheck::winner_right),
            pct(GameCheck::margin_exact),
            pct(GameCheck::within_one),
            quantile(0.5),
            quantile(0.9)
        );
    }
    out
}

/// Runs the check over every file; `Duration` of the whole run for the caller to print.
pub fn run(dirs: &[PathBuf], seed: u64) -> (Vec<GameCheck>, Duration) {
    let started = Instant::now();
    let checks = sgf_files(dirs).iter().filter_map(|f| check_file(f, seed)).collect();
    (checks, started.elapsed())
}

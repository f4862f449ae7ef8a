//! Shared helpers: diagrams, GTP points, the shared real-game data, a sample event.

use std::path::PathBuf;

use go_arbiter::board::{Board, Point};
use go_arbiter::ledger::Edition;
use go_arbiter::rules::Preset;
use go_arbiter::scoring::Quarters;
use go_arbiter::session::{Change, Event, Player, PlayerId, Role, Stamp};

/// A board from a diagram; panics on a bad diagram (tests only).
pub fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap_or_else(|e| panic!("bad test diagram: {e}"))
}

/// A point from GTP coordinates on a board of `size`.
pub fn at(gtp: &str, size: u8) -> Point {
    Point::from_gtp(gtp, size).unwrap_or_else(|e| panic!("bad test point: {e}"))
}

/// Strips leading spaces of each line, so diagrams can be indented in tests.
pub fn diagram(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The shared data folder (../shared/data from the project root).
pub fn shared_data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data")
}

/// Every `.sgf` file of the public set, sorted.
pub fn public_sgf_files() -> Vec<PathBuf> {
    let root = shared_data().join("sgf/ogs-lemonsqueeze");
    let mut files = Vec::new();
    for size in ["9x9", "19x19"] {
        let dir = root.join(size);
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|x| x == "sgf") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs the `go-arbiter` binary with `args`: exit code, standard output, standard error.
pub fn go_arbiter(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The sample event of the session and export tests: Chinese 2002 rules, komi 7 1/2, 60 minutes
/// and 5 byo-yomi periods, 15 minutes' lateness.
pub fn event() -> Event {
    Event {
        name: "City Open".to_string(),
        dates: vec!["2026-11-28".to_string(), "2026-11-29".to_string()],
        venue: "Community Hall".to_string(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: "chinese:60m/5".to_string(),
        lateness_limit: std::time::Duration::from_secs(15 * 60),
        script: String::new(),
        system: Default::default(),
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    }
}

/// The organiser's stamp at 08:30.
pub fn organiser() -> Stamp {
    Stamp::new("08:30", "Organiser", Role::Organiser)
}

/// The `n`-th player entered ("Player n", 1d): a change that is always taken.
pub fn player(n: u32) -> Change {
    Change::Player(Player {
        id: PlayerId(n),
        name: format!("Player {n}"),
        rank: "1d".parse().unwrap(),
        club: "Club".to_string(),
        registration: Default::default(),
    })
}

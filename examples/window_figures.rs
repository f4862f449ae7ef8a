//! Window figures (issue 7): writes a session of 50 tables made of real 19x19 games for
//! packaging/measure-window.sh. Round 1: 25 finished games with their results; round 2: 25 games
//! at play, cut at 150 moves, paused for a break, except tables 1 and 2 whose clocks run with both
//! players in byo-yomi (`chinese:10m/5`). With `--idle` every clock of round 2 is paused.
//!
//! `cargo run --release --example window_figures -- day.ron [--idle]`

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use go_arbiter::board::Color;
use go_arbiter::clock::Clock;
use go_arbiter::game::{Action, Game, Ruling};
use go_arbiter::ledger::Edition;
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters};
use go_arbiter::session::{Change, Event, GameSetup, Player, PlayerId, Rank, Role, Session, Stamp, Store, TableId};
use go_arbiter::ui::workstation::wall_text;

const TABLES_PER_ROUND: u32 = 25;
const MOVES_AT_PLAY: usize = 150;
const CONTROL: &str = "chinese:10m/5";
/// Tables of round 2 whose clocks run when the file is written.
const RUNNING: [u32; 2] = [1, 2];

const SURNAMES: [&str; 25] = [
    "Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Zhou", "Wu", "Xu", "Sun", "Ma", "Zhu", "Hu", "Guo",
    "He", "Lin", "Luo", "Gao", "Müller", "Novak", "Dubois", "Rossi", "Kim",
];
const GIVEN: [&str; 10] = ["Wei", "Fang", "Jun", "Lei", "Min", "Tao", "Yan", "Hao", "Jing", "Qiang"];
const CLUBS: [&str; 5] = ["Beijing", "Shanghai", "Hangzhou", "Chengdu", "Guangzhou"];

type Failure = Box<dyn std::error::Error>;

fn main() {
    if let Err(e) = run() {
        eprintln!("window_figures: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let idle = args.iter().any(|a| a == "--idle");
    let Some(path) = args.iter().find(|a| !a.starts_with("--")).map(PathBuf::from) else {
        return Err("usage: window_figures FILE.ron [--idle]".into());
    };
    let games = real_games(2 * TABLES_PER_ROUND as usize)?;
    let session = session(&games, idle)?;
    Store::create(&path, &session)?;
    println!(
        "{}: {} tables, {} audit entries, {} clocks running",
        path.display(),
        session.tables().count(),
        session.audit.len(),
        if idle { 0 } else { RUNNING.len() }
    );
    Ok(())
}

/// The first `n` finished 19x19 games of the shared set with at least `MOVES_AT_PLAY` moves.
fn real_games(n: usize) -> Result<Vec<Game>, Failure> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf/ogs-lemonsqueeze/19x19");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let games: Vec<Game> = files
        .iter()
        .filter_map(|f| go_arbiter::sgf::read_file(f).ok())
        .filter(|g| g.size() == 19 && g.info.handicap == 0 && GameResult::from_sgf_re(&g.info.result).is_ok())
        .filter(|g| g.moves().len() >= MOVES_AT_PLAY)
        .take(n)
        .collect();
    if games.len() < n {
        return Err(format!("{}: only {} usable games, {n} needed", dir.display(), games.len()).into());
    }
    Ok(games)
}

/// The game's first `moves` moves as a new record.
fn cut(game: &Game, moves: usize) -> Result<Game, Failure> {
    let mut cut = Game::new(19, Preset::Chinese2002)?;
    cut.info = game.info.clone();
    cut.info.result.clear();
    for (_, action) in game.moves().into_iter().take(moves) {
        match action {
            Action::Move { color, point } => {
                cut.record_move(color, point, Ruling::Void)?;
            }
            Action::Pass { color } => {
                if cut.to_move() != color {
                    cut.set_to_move(color);
                }
                cut.pass();
            }
            _ => {}
        }
    }
    Ok(cut)
}

/// Seconds a move took: 2 to 10, made from the move number and a seed.
fn move_seconds(seed: u32, n: u32) -> u64 {
    let mut x = seed.wrapping_mul(0x9E37_79B9) ^ n.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    2 + u64::from(x % 9)
}

/// The clock of a game of `moves` moves: started, one press per move; the instant of the last.
fn clock_of(seed: u32, moves: usize) -> Result<(Clock, Duration), Failure> {
    let mut clock = Clock::new(CONTROL.parse()?);
    clock.start(Duration::ZERO, Color::Black)?;
    let mut at = Duration::ZERO;
    for n in 1..=moves as u32 {
        at += Duration::from_secs(move_seconds(seed, n));
        let player = if n % 2 == 1 { Color::Black } else { Color::White };
        clock.press(at, player, n)?;
    }
    Ok((clock, at))
}

fn rank(text: &str) -> Rank {
    text.parse().unwrap_or(Rank::Kyu(5))
}

fn session(games: &[Game], idle: bool) -> Result<Session, Failure> {
    let event = Event {
        name: "Autumn Open 2026".into(),
        dates: vec!["2026-11-28".into(), "2026-11-29".into()],
        venue: "Community Hall".into(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: CONTROL.into(),
        lateness_limit: Duration::from_secs(900),
        script: String::new(),
        system: Default::default(),
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    };
    let mut session = Session::new(event.clone());
    let wall = wall_text(
        SystemTime::now().duration_since(SystemTime::UNIX_EPOCH)?,
        &jiff::tz::TimeZone::system(),
    );
    let org = Stamp::new(&wall, "Organiser", Role::Organiser);
    let arbiter = Stamp::new(&wall, "Arbiter", Role::Arbiter);
    session.apply(&org, &Change::Event(event))?;

    // The players: made-up names; round 1's games give their ranks.
    let round1 = &games[..TABLES_PER_ROUND as usize];
    let mut players: Vec<Player> = Vec::new();
    for g in round1 {
        for r in [&g.info.black_rank, &g.info.white_rank] {
            let n = players.len();
            players.push(Player {
                id: PlayerId(n as u32),
                name: format!("{} {}", SURNAMES[n % SURNAMES.len()], GIVEN[(n * 7) % GIVEN.len()]),
                rank: rank(r),
                club: CLUBS[n % CLUBS.len()].into(),
                registration: Default::default(),
            });
        }
    }
    for p in &players {
        session.apply(&org, &Change::Player(p.clone()))?;
    }
    let half = TABLES_PER_ROUND;
    for (number, date) in [(1, "2026-11-28"), (2, "2026-11-29")] {
        session.apply(
            &org,
            &Change::Round {
                number,
                date: date.into(),
            },
        )?;
    }
    for (i, game) in games.iter().enumerate() {
        let i = i as u32;
        let (round, t) = (1 + i / half, i % half);
        let table = TableId { round, table: t + 1 };
        let (black, white) = if round == 1 { (2 * t, 2 * t + 1) } else { (t, t + half) };
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: Quarters(15),
            rules: Preset::Chinese2002,
            time_control: CONTROL.into(),
        };
        let add = Change::Table {
            table,
            black: PlayerId(black),
            white: PlayerId(white),
            setup,
        };
        session.apply(&org, &add)?;
        let at_play = round == 2;
        let mut record = if at_play {
            cut(game, MOVES_AT_PLAY)?
        } else {
            game.clone()
        };
        record.info.black = players[black as usize].name.clone();
        record.info.white = players[white as usize].name.clone();
        record.info.black_rank = players[black as usize].rank.to_string();
        record.info.white_rank = players[white as usize].rank.to_string();
        let moves = record.moves().len();
        let note = format!("{moves} moves");
        let sgf = go_arbiter::sgf::write_string(&record);
        session.apply(&arbiter, &Change::Record { table, sgf, note })?;
        let (mut clock, last) = clock_of(i + 1, moves)?;
        let runs = at_play && !idle && RUNNING.contains(&table.table);
        if !runs {
            let reason = if at_play { "lunch break" } else { "game over" };
            clock.pause(last + Duration::from_secs(5), reason)?;
        }
        for event in clock.events() {
            session.apply(
                &arbiter,
                &Change::Clock {
                    table,
                    event: event.clone(),
                },
            )?;
        }
        if !at_play {
            let result = GameResult::from_sgf_re(&game.info.result)?;
            session.apply(
                &arbiter,
                &Change::Result {
                    table,
                    result: Some(result),
                },
            )?;
        }
    }
    Ok(session)
}

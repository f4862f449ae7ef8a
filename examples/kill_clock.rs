//! The clock never loses time (issue 18), tried with real kills: a session file with two tables
//! whose clocks run (Black on move, nobody presses), opened by the release window, the window
//! killed with SIGKILL at a random instant, the file read back headlessly (`session::store::load`
//! and `session::downtime`, what the window's recovery offers), again and again. For each table
//! after each kill: the used time not charged (as at the last durable instant) must be at least
//! the time the clock really ran before the kill minus 10 s, and the used time charged (up to the
//! reading) never more than the time that really passed since the clock started. The window is
//! never answered, so each reopening charges the downtime (the default): the clocks must follow
//! the wall time across every kill.
//!
//!   kill_clock BINARY WORKDIR [KILLS [LANES [SEED]]]
//!
//! LANES windows run at once (each its own file); KILLS in all (default 100, 3 lanes). Prints
//! the figures and exits 1 on a failure. Run by packaging/kill-clock.sh under Xvfb.

use std::error::Error;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use go_arbiter::board::Color;
use go_arbiter::clock::{ClockEvent, EventKind};
use go_arbiter::lang::Lang;
use go_arbiter::playout::Rng;
use go_arbiter::session::downtime::{self, Checkpoint, WallSource};
use go_arbiter::session::{Change, GameSetup, Player, PlayerId, Rank, Role, Session, Stamp, Store, TableId, store};
use go_arbiter::ui::workstation::{new_event, parse_wall, wall_text};

type Res<T> = Result<T, Box<dyn Error>>;

/// The shortest and longest time a window runs before its kill: from 2 s (it has opened its
/// session by then) to 18 s (more than two checkpoints of 8 s).
const SHORTEST: Duration = Duration::from_secs(2);
const LONGEST: Duration = Duration::from_secs(18);
const ALLOWED_LOSS: Duration = Duration::from_secs(10);
/// The window's wall time and the checker's are read at slightly different moments (the frame's
/// start, this process's read): an over-charge below this is that skew, not time handed out.
const SKEW: f64 = 0.001;

fn wall() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

fn tables() -> [TableId; 2] {
    [TableId { round: 1, table: 1 }, TableId { round: 1, table: 2 }]
}

/// A session file with two tables whose clocks start now (a checkpoint, then the start).
fn make(path: &Path) -> Res<Duration> {
    let start = wall();
    let zone = jiff::tz::TimeZone::system();
    let stamp = Stamp::new(&wall_text(start, &zone), "kill-clock", Role::Arbiter);
    let event = new_event(&wall_text(start, &zone)[..10], Lang::En);
    let mut s = Session::new(event.clone());
    s.apply(&stamp, &Change::Event(event))?;
    for id in 1..=4 {
        let player = Player {
            id: PlayerId(id),
            name: format!("Player {id}"),
            rank: Rank::Dan(2),
            club: String::new(),
            registration: Default::default(),
        };
        s.apply(&stamp, &Change::Player(player))?;
    }
    let date = wall_text(start, &zone)[..10].to_string();
    s.apply(&stamp, &Change::Round { number: 1, date })?;
    for (n, table) in tables().into_iter().enumerate() {
        let black = PlayerId(2 * n as u32 + 1);
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: s.event.komi,
            rules: s.event.rules,
            time_control: "absolute:24h".to_string(),
        };
        let white = PlayerId(black.0 + 1);
        s.apply(
            &stamp,
            &Change::Table {
                table,
                black,
                white,
                setup,
            },
        )?;
        let checkpoint = Checkpoint {
            at: Duration::ZERO,
            wall: start,
            used: [Duration::ZERO; 2],
        };
        s.apply(&stamp, &Change::Checkpoint { table, checkpoint })?;
        let event = ClockEvent {
            at: Duration::ZERO,
            kind: EventKind::Start { to_move: Color::Black },
        };
        s.apply(&stamp, &Change::Clock { table, event })?;
    }
    Store::create(path, &s)?;
    Ok(start)
}

/// What one kill showed for one table.
struct Sample {
    /// The time the clock really ran before the kill, less the used time not charged.
    under: Duration,
    /// The used time charged at the reading, less the time that really passed (negative: less).
    over: f64,
    down: Duration,
    /// The window was killed before it had opened the session (its start took longer than the
    /// kill's delay): it never showed the clock, so only the over-charge is checked.
    before_open: bool,
}

/// One lane: its own file and window, `kills` kills.
fn lane(binary: &Path, dir: &Path, kills: usize, seed: u64) -> Res<(Vec<Sample>, Vec<String>)> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join("day.ron");
    let start = make(&path)?;
    let mut rng = Rng::new(seed);
    let mut samples = Vec::new();
    let mut failures = Vec::new();
    let log = std::fs::File::create(dir.join("window.log"))?;
    for kill in 1..=kills {
        let span = (LONGEST - SHORTEST).as_millis() as u64;
        let delay = SHORTEST + Duration::from_millis(rng.next_u64() % (span + 1));
        let spawned = wall();
        let mut child = Command::new(binary)
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(log.try_clone()?)
            .spawn()?;
        std::thread::sleep(delay);
        let killed = wall();
        child.kill()?; // SIGKILL
        child.wait()?;
        let read = wall();
        let loaded = store::load(&path)?;
        if let Err(e) = &loaded.chain {
            failures.push(format!("kill {kill}: the audit chain does not verify: {e}"));
        }
        for table in tables() {
            let game = &loaded.session.table(table).ok_or("a table is missing")?.game;
            let stamp = loaded.session.audit_of(table).last();
            let stamp = stamp.and_then(|e| parse_wall(&e.stamp.wall_time));
            let Some(d) = downtime::downtime(table, game, read, stamp) else {
                failures.push(format!("kill {kill}, {table}: its clock is not running"));
                continue;
            };
            if d.source != WallSource::Checkpoint {
                failures.push(format!("kill {kill}, {table}: no checkpoint"));
            }
            let before_open = game.checkpoint.as_ref().is_none_or(|c| c.wall < spawned);
            let ran = killed - start;
            let passed = read - start;
            let (uncharged, charged) = (d.uncharged.used[0], d.charged.used[0]);
            let under = ran.saturating_sub(uncharged);
            let over = charged.as_secs_f64() - passed.as_secs_f64();
            if !before_open && uncharged + ALLOWED_LOSS < ran {
                failures.push(format!(
                    "kill {kill}, {table}: ran {ran:?} before the kill, only {uncharged:?} kept"
                ));
            }
            if charged.as_secs_f64() > passed.as_secs_f64() + SKEW {
                failures.push(format!(
                    "kill {kill}, {table}: {charged:?} charged, only {passed:?} passed"
                ));
            }
            samples.push(Sample {
                under,
                over,
                down: d.down,
                before_open,
            });
        }
    }
    Ok((samples, failures))
}

fn main() -> Res<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(binary), Some(dir)) = (args.first(), args.get(1)) else {
        return Err("usage: kill_clock BINARY WORKDIR [KILLS [LANES [SEED]]]".into());
    };
    let kills: usize = args.get(2).map_or(Ok(100), |a| a.parse())?;
    let lanes: usize = args.get(3).map_or(Ok(3), |a| a.parse())?;
    let seed: u64 = args.get(4).map_or(Ok(18), |a| a.parse())?;
    let binary = PathBuf::from(binary);
    let dir = PathBuf::from(dir);
    let began = wall();
    let runs: Vec<_> = (0..lanes)
        .map(|n| {
            let (binary, dir) = (binary.clone(), dir.join(format!("lane{n}")));
            let kills = kills / lanes + usize::from(n < kills % lanes);
            std::thread::spawn(move || lane(&binary, &dir, kills, seed + n as u64).map_err(|e| e.to_string()))
        })
        .collect();
    let mut samples = Vec::new();
    let mut failures = Vec::new();
    for run in runs {
        let (s, f) = run.join().map_err(|_| "a lane panicked")??;
        samples.extend(s);
        failures.extend(f);
    }
    let opened = samples.iter().filter(|s| !s.before_open);
    let worst_under = opened.map(|s| s.under).max().unwrap_or_default();
    let early = samples.iter().filter(|s| s.before_open).count();
    let worst_over = samples.iter().map(|s| s.over).fold(f64::NEG_INFINITY, f64::max);
    let longest_down = samples.iter().map(|s| s.down).max().unwrap_or_default();
    println!(
        "kill-clock: {kills} kills (SIGKILL, {lanes} windows at once, each after {:?} to {:?}), {} table readings, {:.0} s",
        SHORTEST,
        LONGEST,
        samples.len(),
        (wall() - began).as_secs_f64()
    );
    println!(
        "kill-clock: worst under-charge (ran before the kill - kept uncharged): {:.3} s (allowed: 10 s), over the {} readings of windows that had opened the session ({early} killed before)",
        worst_under.as_secs_f64(),
        samples.len() - early
    );
    println!(
        "kill-clock: worst over-charge (charged - really passed): {:+.6} s (allowed: {SKEW} s of clock-reading skew; negative: never more)",
        worst_over
    );
    println!(
        "kill-clock: longest downtime offered: {:.3} s",
        longest_down.as_secs_f64()
    );
    for f in &failures {
        println!("kill-clock: FAILED: {f}");
    }
    if failures.is_empty() {
        println!("kill-clock: passed");
        Ok(())
    } else {
        Err(format!("{} failures", failures.len()).into())
    }
}

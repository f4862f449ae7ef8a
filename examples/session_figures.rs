//! Session figures (issue 6): a session of 300 tables with 300 moves and a full clock history
//! each; prints the snapshot save time, the load time (parse, audit chain, clock replays) and
//! journal append times. Run in release mode: `cargo run --release --example session_figures`.

use std::time::{Duration, Instant};

use go_arbiter::board::{Color, Point};
use go_arbiter::clock::Clock;
use go_arbiter::game::Game;
use go_arbiter::ledger::Edition;
use go_arbiter::rules::Preset;
use go_arbiter::scoring::Quarters;
use go_arbiter::session::{Change, Event, GameSetup, Player, PlayerId, Rank, Role, Session, Stamp, Store, TableId};

const TABLES: u32 = 300;
const MOVES: u32 = 300;

/// A 300-move record: points tried in a seeded order, illegal ones skipped.
fn record(seed: u64) -> String {
    let mut game = Game::new(19, Preset::Chinese2002).unwrap_or_else(|e| panic!("{e}"));
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut played = 0;
    while played < MOVES {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = Point::new((state % 19) as u8, ((state >> 8) % 19) as u8);
        if game.play(p).is_ok() {
            played += 1;
        }
    }
    go_arbiter::sgf::write_string(&game)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let dir = std::env::temp_dir().join(format!("go-arbiter-figures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("day.ron");

    let built = Instant::now();
    let event = Event {
        name: "Figures Open".into(),
        dates: vec!["2026-11-28".into()],
        venue: "Hall".into(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: "chinese:60m/5".into(),
        lateness_limit: Duration::from_secs(900),
    };
    let mut session = Session::new(event.clone());
    let org = Stamp::new("08:00", "Organiser", Role::Organiser);
    let arbiter = Stamp::new("10:00", "Arbiter", Role::Arbiter);
    let ok = |r: Result<(), go_arbiter::session::SessionError>| r.unwrap_or_else(|e| panic!("{e}"));
    ok(session.apply(&org, &Change::Event(event)));
    for id in 0..2 * TABLES {
        let player = Player {
            id: PlayerId(id),
            name: format!("Player {id}"),
            rank: Rank::Kyu(5),
            club: "Club".into(),
        };
        ok(session.apply(&org, &Change::Player(player)));
    }
    ok(session.apply(
        &org,
        &Change::Round {
            number: 1,
            date: "2026-11-28".into(),
        },
    ));
    let sgf = record(1);
    let control = "chinese:60m/5".parse().unwrap_or_else(|e| panic!("{e}"));
    for t in 0..TABLES {
        let table = TableId { round: 1, table: t + 1 };
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: Quarters(15),
            rules: Preset::Chinese2002,
            time_control: "chinese:60m/5".into(),
        };
        ok(session.apply(
            &org,
            &Change::Table {
                table,
                black: PlayerId(2 * t),
                white: PlayerId(2 * t + 1),
                setup,
            },
        ));
        ok(session.apply(
            &arbiter,
            &Change::Record {
                table,
                sgf: sgf.clone(),
                note: "300 moves".into(),
            },
        ));
        let mut clock = Clock::new(control);
        clock
            .start(Duration::ZERO, Color::Black)
            .unwrap_or_else(|e| panic!("{e}"));
        for n in 1..=MOVES {
            let player = if n % 2 == 1 { Color::Black } else { Color::White };
            clock
                .press(Duration::from_secs(10 * u64::from(n)), player, n)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        for event in clock.events() {
            ok(session.apply(
                &arbiter,
                &Change::Clock {
                    table,
                    event: event.clone(),
                },
            ));
        }
    }
    println!(
        "built {} tables, {} audit entries in {:.1} s",
        TABLES,
        session.audit.len(),
        built.elapsed().as_secs_f64()
    );

    let mut store = Store::create(&path, &session).unwrap_or_else(|e| panic!("{e}"));
    let mut saves = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        store.snapshot(&session).unwrap_or_else(|e| panic!("{e}"));
        saves.push(t.elapsed());
    }
    saves.sort();
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!("file: {:.1} MB", size as f64 / 1e6);
    println!(
        "save (snapshot: RON, write, fsync, rename, fsync folder): median {:?}, max {:?}",
        saves[2], saves[4]
    );

    let mut loads = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        let loaded = go_arbiter::session::store::load(&path).unwrap_or_else(|e| panic!("{e}"));
        loads.push(t.elapsed());
        assert!(loaded.chain.is_ok());
    }
    loads.sort();
    println!(
        "load (parse, audit chain, clock replays): median {:?}, max {:?}",
        loads[2], loads[4]
    );

    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let (parsed, _) = go_arbiter::session::format::from_ron(&text).unwrap_or_else(|e| panic!("{e}"));
    let parse = t.elapsed();
    let t = Instant::now();
    let chain = go_arbiter::session::audit::verify(&parsed);
    println!(
        "  of which: parse {parse:?}, audit chain {:?} ({})",
        t.elapsed(),
        chain.is_ok()
    );
    let t = Instant::now();
    let out = go_arbiter::session::format::to_ron(&parsed).unwrap_or_else(|e| panic!("{e}"));
    let audit = ron::to_string(&parsed.audit).map(|a| a.len()).unwrap_or(0);
    println!(
        "  RON text alone {:?}; the audit trail is {:.1} MB of it (compact)",
        t.elapsed(),
        audit as f64 / 1e6
    );
    drop(out);

    let table = TableId { round: 1, table: 1 };
    let mut appends = Vec::new();
    for n in 0..1000u32 {
        let change = Change::Marks { table, marks: None };
        let note = if n % 10 == 0 {
            Change::Record {
                table,
                sgf: sgf.clone(),
                note: "edit".into(),
            }
        } else {
            change
        };
        session.apply(&arbiter, &note).unwrap_or_else(|e| panic!("{e}"));
        let t = Instant::now();
        store
            .append(session.audit.len() as u64 - 1, &arbiter, &note)
            .unwrap_or_else(|e| panic!("{e}"));
        appends.push(t.elapsed());
    }
    appends.sort();
    println!(
        "journal append (one RON line, fsync'd; every tenth a full 300-move record): p50 {:?}, p99 {:?}, max {:?}",
        percentile(&appends, 0.5),
        percentile(&appends, 0.99),
        appends[appends.len() - 1]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

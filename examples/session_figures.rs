//! Session figures (issue 6): a session of 300 tables with 300 moves and a full clock history
//! each; prints the snapshot save time, the load time (parse, audit chain, clock replays) and
//! journal append times. Run in release mode: `cargo run --release --example session_figures`.

use std::time::{Duration, Instant};

use go_arbiter::session::{Change, Store, TableId, figures};

const TABLES: u32 = 300;
const MOVES: u32 = 300;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let dir = std::env::temp_dir().join(format!("go-arbiter-figures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.join("day.ron");

    let built = Instant::now();
    let mut session = figures::session(TABLES, MOVES).unwrap_or_else(|e| panic!("{e}"));
    let sgf = figures::record(1, MOVES).unwrap_or_else(|e| panic!("{e}"));
    let arbiter = figures::arbiter();
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
        "save (snapshot: text, write, fsync, rename, fsync folder): median {:?}, max {:?}",
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
        "load (parse, audit links and final states, clock replays): median {:?}, max {:?}",
        loads[2], loads[4]
    );

    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let (parsed, _) = go_arbiter::session::format::from_ron(&text).unwrap_or_else(|e| panic!("{e}"));
    let parse = t.elapsed();
    let t = Instant::now();
    let links = go_arbiter::session::audit::verify_links(&parsed.audit);
    let linked = t.elapsed();
    let t = Instant::now();
    let states = go_arbiter::session::audit::verify_states(&parsed);
    let stated = t.elapsed();
    let t = Instant::now();
    let replayed = parsed.tables().filter(|(_, t)| t.game.clock().is_ok()).count();
    println!(
        "  of which: parse {parse:?}, audit links {linked:?} ({}), final states {stated:?} ({}), {replayed} clock replays {:?}",
        links.is_ok(),
        states.is_ok(),
        t.elapsed()
    );
    let t = Instant::now();
    let out = go_arbiter::session::format::to_ron(&parsed).unwrap_or_else(|e| panic!("{e}"));
    let audit = out.find("\taudit:").map_or(0, |at| out.len() - at);
    println!(
        "  the text alone {:?}; the audit trail is {:.1} MB of it",
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
            .append(
                session.audit.len() as u64 - 1,
                &session.audit.last().map(|e| e.hash.clone()).unwrap_or_default(),
                &arbiter,
                &note,
            )
            .unwrap_or_else(|e| panic!("{e}"));
        appends.push(t.elapsed());
    }
    appends.sort();
    println!(
        "journal append (one RON line, fdatasync'd; every tenth a full 300-move record): p50 {:?}, p99 {:?}, max {:?}",
        percentile(&appends, 0.5),
        percentile(&appends, 0.99),
        appends[appends.len() - 1]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

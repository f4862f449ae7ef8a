//! Prints what the saving thread does under a flood of changes (issue 18's back-pressure): the
//! changes are handed over as fast as the caller can make them, on this machine's real disk, in
//! a temporary folder; it prints how many were taken and refused (past `MAX_HELD` held), the most
//! held at once, the changes written per second and how long the last ones took to reach the
//! disk after the flood stopped.
//!   cargo run --release --example saver_flood [CHANGES]

use std::time::Instant;

use go_arbiter::ledger::Edition;
use go_arbiter::rules::Preset;
use go_arbiter::scoring::Quarters;
use go_arbiter::session::saver::{MAX_HELD, RecordError, Saver};
use go_arbiter::session::{Change, Event, Player, PlayerId, Rank, Role, Session, Stamp, Store};

fn main() {
    let changes: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let dir = std::env::temp_dir().join(format!("go-arbiter-saver-flood-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("saver_flood: {}: {e}", dir.display());
        std::process::exit(1);
    }
    let path = dir.join("flood.ron");
    let event = Event {
        name: "Flood".into(),
        dates: vec!["2026-12-01".into()],
        venue: String::new(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: "chinese:60m/5".into(),
        lateness_limit: std::time::Duration::from_secs(900),
        script: String::new(),
        system: Default::default(),
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    };
    let mut session = Session::new(event);
    let store = match Store::create(&path, &session) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("saver_flood: {e}");
            std::process::exit(1);
        }
    };
    let saver = Saver::spawn(store);
    let stamp = Stamp::new("08:30", "Organiser", Role::Organiser);
    let (mut taken, mut refused, mut most_held) = (0u64, 0u64, 0u64);
    let start = Instant::now();
    let mut n = 0;
    while taken < u64::from(changes) {
        n += 1;
        let change = Change::Player(Player {
            id: PlayerId(n),
            name: format!("Player {n}"),
            rank: Rank::Dan(1),
            club: "Club".to_string(),
            registration: Default::default(),
        });
        match saver.record(&mut session, &stamp, &change) {
            Ok(()) => taken += 1,
            Err(RecordError::Behind { .. }) => refused += 1,
            Err(e) => {
                eprintln!("saver_flood: {e}");
                std::process::exit(1);
            }
        }
        most_held = most_held.max(saver.held());
    }
    let flood = start.elapsed();
    let stopped = Instant::now();
    while saver.held() > 0 {
        std::thread::yield_now();
    }
    let drain = stopped.elapsed();
    let total = start.elapsed();
    println!("changes taken       {taken}");
    println!("refused (held full) {refused}  (limit {MAX_HELD})");
    println!("most held at once   {most_held}");
    println!("flood time          {:.3} s", flood.as_secs_f64());
    println!("written per second  {:.0}", taken as f64 / total.as_secs_f64());
    println!(
        "last change on disk {:.1} ms after the flood stopped",
        drain.as_secs_f64() * 1000.0
    );
    if let Err(e) = saver.close(&session) {
        eprintln!("saver_flood: close: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

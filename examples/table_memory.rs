//! Memory figures for the window's memory target (issue 7): the resident bytes a session of tables adds
//! once loaded, and what one live table adds (its game, clock, ledger, caller).
//!
//! `cargo run --release --example table_memory -- day.ron` (a file from `window_figures`)

use std::path::PathBuf;

use go_arbiter::session::store;
use go_arbiter::ui::settings::Settings;
use go_arbiter::ui::workstation::live_table;

/// The process's resident memory in bytes (VmRSS), 0 where /proc is missing.
fn in_use() -> isize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<isize>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn main() {
    let Some(path) = std::env::args().nth(1).map(PathBuf::from) else {
        eprintln!("usage: table_memory FILE.ron");
        std::process::exit(2);
    };
    let before = in_use();
    let loaded = match store::load(&path) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("table_memory: {e}");
            std::process::exit(1);
        }
    };
    let session = &loaded.session;
    let after_load = in_use();
    let settings = Settings::default();
    let mut tables = Vec::new();
    let mut games = 0;
    for (id, t) in session.tables() {
        let start = in_use();
        let game = t.game.game();
        games += in_use() - start;
        drop(game);
        match live_table(&t.game, &session.event, &settings) {
            Ok(table) => tables.push(table),
            Err(e) => {
                eprintln!("table_memory: {id}: {e}");
                std::process::exit(1);
            }
        }
    }
    let after_tables = in_use();
    let n = tables.len().max(1) as isize;
    println!("session loaded: {:.1} MB", (after_load - before) as f64 / 1e6);
    println!(
        "{} live tables: {:.1} MB ({:.0} KB a table; the game alone {:.0} KB)",
        tables.len(),
        (after_tables - after_load) as f64 / 1e6,
        (after_tables - after_load) as f64 / n as f64 / 1e3,
        games as f64 / n as f64 / 1e3
    );
}

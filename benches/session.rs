//! Session files (issue 6): a session of 300 tables with 300 moves and a full clock history
//! each; times a snapshot (write, fsync, rename), a load (parse, audit links, final states,
//! clock replays) and one journal append (one line, fdatasync'd). Figures only; nothing is
//! asserted (the targets: save 100 ms, load 200 ms, append 2 ms at p99).

#![allow(clippy::expect_used)] // a benchmark may fail loudly

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use go_arbiter::session::{Change, Store, TableId, audit, figures, store};

fn session_files(c: &mut Criterion) {
    let session = figures::session(300, 300).expect("the figures' session is made");
    let dir = std::env::temp_dir().join(format!("go-arbiter-bench-session-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("day.ron");
    let mut store = Store::create(&path, &session).expect("the file is created");
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "300 tables x 300 moves: {} audit entries, file {:.1} MB",
        session.audit.len(),
        size as f64 / 1e6
    );

    let mut group = c.benchmark_group("session_300x300");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("save (snapshot)", |b| {
        b.iter(|| store.snapshot(&session).expect("saved"));
    });
    // The loaded session is dropped outside the timing: freeing it is not loading it.
    group.bench_function("load", |b| {
        b.iter_with_large_drop(|| store::load(&path).expect("loaded"));
    });
    group.finish();

    let mut group = c.benchmark_group("session_journal");
    group.sample_size(50);
    group.measurement_time(Duration::from_secs(5));
    let table = TableId { round: 1, table: 1 };
    let change = Change::Marks { table, marks: None };
    let stamp = figures::arbiter();
    let mut seq = session.audit.len() as u64;
    group.bench_function("append (fdatasync)", |b| {
        b.iter(|| {
            store.append(seq, audit::GENESIS, &stamp, &change).expect("appended");
            seq += 1;
        });
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, session_files);
criterion_main!(benches);

//! One writer per session file, readers that never see half a state (session::lock), with real
//! processes: a second writer is refused and told who holds the file, a lock left by a killed
//! process is taken, and `go-arbiter check` run while the writer snapshots always reads one
//! consistent state.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use go_arbiter::session::store::StoreError;
use go_arbiter::session::{Change, Player, PlayerId, Role, Session, Stamp, Store};

use crate::support::event;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-lock-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn organiser() -> Stamp {
    Stamp::new("08:30", "Organiser", Role::Organiser)
}

fn player(id: u32) -> Change {
    Change::Player(Player {
        id: PlayerId(id),
        name: format!("Player {id}"),
        rank: "1k".parse().unwrap(),
        club: "Club".to_string(),
        registration: Default::default(),
    })
}

fn new_session(path: &std::path::Path) -> Store {
    let mut session = Session::new(event());
    session.apply(&organiser(), &Change::Event(event())).unwrap();
    Store::create(path, &session).unwrap()
}

#[test]
fn a_second_writer_is_refused_and_told_which_process_holds_the_session() {
    let dir = scratch("second");
    let path = dir.join("event.ron");
    let first = new_session(&path);
    match Store::open(&path) {
        Err(StoreError::Locked { pid, program, .. }) => {
            assert_eq!(pid, Some(std::process::id()));
            assert!(!program.is_empty());
        }
        other => panic!("a second writer was not refused: {other:?}"),
    }
    // Another process (the command line's merge opens the chief's file for writing) is refused too.
    let other = dir.join("other.ron");
    drop(new_session(&other));
    let out = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(["merge"])
        .arg(&path)
        .arg(&other)
        .args(["--apply", "--chief", "Chief"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("open for writing in another window"), "{stderr}");
    assert!(stderr.contains(&format!("process {}", std::process::id())), "{stderr}");
    drop(first);
    // Closed: it opens again.
    assert!(Store::open(&path).is_ok());
}

#[test]
fn a_lock_this_process_let_go_of_is_taken_though_a_child_being_started_still_holds_a_copy() {
    // CI saw it: a test dropped its store and reopened the file while another thread was starting
    // a child process, whose copy of the lock file's handle (until its exec closes it) still held
    // the lock, and the reopen was refused as "locked by this process". A handle of our own that
    // lets go a moment later stands in for the child's copy.
    let dir = scratch("child-copy");
    let path = dir.join("event.ron");
    drop(new_session(&path)); // the lock file now names this process
    let copy = fs::File::open(go_arbiter::session::lock::lock_path(&path)).unwrap();
    copy.try_lock().unwrap();
    let child = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(20));
        drop(copy);
    });
    let reopened = Store::open(&path);
    child.join().unwrap();
    assert!(reopened.is_ok(), "refused: {:?}", reopened.err());
}

#[test]
fn a_lock_left_by_a_killed_process_is_taken() {
    let dir = scratch("killed");
    let path = dir.join("event.ron");
    drop(new_session(&path));
    // A real process holding the OS lock on FILE.lock (util-linux's flock, the same flock(2);
    // `-o`: the lock is flock's own, not inherited by the command it runs).
    let mut holder = Command::new("flock")
        .arg("-o")
        .arg(go_arbiter::session::lock::lock_path(&path))
        .args(["sleep", "5"])
        .stdout(Stdio::null())
        .spawn()
        .expect("util-linux flock");
    let refused = (0..100).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(20));
        matches!(Store::open(&path), Err(StoreError::Locked { .. }))
    });
    assert!(refused, "the lock held by another process was not seen");
    holder.kill().unwrap();
    holder.wait().unwrap();
    assert!(Store::open(&path).is_ok(), "the dead process's lock was not taken");
}

#[test]
fn check_run_while_the_writer_snapshots_reads_one_consistent_state_every_time() {
    let dir = scratch("readers");
    let path = dir.join("event.ron");
    let mut store = new_session(&path);
    let mut session = go_arbiter::session::store::load(&path).unwrap().session;
    // A session of some size, so that reading it takes a while (the race is in that while).
    for id in 1..=1500 {
        store.record(&mut session, &organiser(), &player(id)).unwrap();
    }
    store.snapshot(&session).unwrap();
    let writer_path = path.clone();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let stop_writer = stop.clone();
    let writer = std::thread::spawn(move || {
        let mut id = 1501;
        while !stop_writer.load(std::sync::atomic::Ordering::Relaxed) {
            store.record(&mut session, &organiser(), &player(id)).unwrap();
            if id % 3 == 0 {
                store.snapshot(&session).unwrap();
            }
            id += 1;
        }
        let _ = writer_path;
        id
    });
    let mut failures = Vec::new();
    for _ in 0..60 {
        let out = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        if !out.status.success() {
            failures.push(String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr));
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let changes = writer.join().unwrap();
    assert!(changes > 1510, "the writer made only {} changes", changes - 1501);
    assert!(
        failures.is_empty(),
        "{} of 60 checks failed: {}",
        failures.len(),
        failures[0]
    );
}

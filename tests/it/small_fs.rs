//! Tests of a failed write on a real small file system (a 4 MB tmpfs that
//! packaging/check-small-fs.sh mounts, fills and remounts read-only; `make test-small-fs`): the
//! disk really fills up (ENOSPC) while changes come in, and a session on a read-only file system
//! is refused for writing with the folder named, but reads. Ignored in `cargo test`: the script
//! runs them with the folder in `GO_ARBITER_SMALL_FS`.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use go_arbiter::session::saver::{SaveEvent, Saver};
use go_arbiter::session::store::{self, StoreError, journal_path};
use go_arbiter::session::{Session, Store};

use crate::support::{event, organiser, player};

const WAIT: Duration = Duration::from_secs(10);

fn small_fs() -> PathBuf {
    PathBuf::from(std::env::var("GO_ARBITER_SMALL_FS").expect("GO_ARBITER_SMALL_FS: run by make test-small-fs"))
}

/// Fills the file system with `filler` until it is full.
fn fill(filler: &std::path::Path) {
    let mut file = fs::File::create(filler).unwrap();
    let block = vec![0u8; 4096];
    while file.write_all(&block).is_ok() {}
    let _ = file.sync_all();
}

#[test]
#[ignore = "needs a small file system: make test-small-fs"]
fn on_a_full_file_system_changes_are_held_then_written_and_none_is_lost() {
    let dir = small_fs().join("full");
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("day.ron");
    let mut session = Session::new(event());
    let store = Store::create(&path, &session).unwrap();
    let saver = Saver::spawn(store);
    for n in 1..=10 {
        saver.record(&mut session, &organiser(), &player(n)).unwrap();
    }
    while saver.held() > 0 {
        std::thread::yield_now();
    }
    let filler = small_fs().join("filler");
    fill(&filler);
    for n in 11..=60 {
        saver.record(&mut session, &organiser(), &player(n)).unwrap();
    }
    match saver.next_event(WAIT) {
        Some(SaveEvent::Failed(StoreError::Io { source, .. })) => {
            assert_eq!(source.raw_os_error(), Some(28), "ENOSPC: {source}")
        }
        other => panic!("the full disk is told: {other:?}"),
    }
    assert!(saver.held() > 0);

    fs::remove_file(&filler).unwrap();
    saver.record(&mut session, &organiser(), &player(61)).unwrap();
    assert!(matches!(saver.next_event(WAIT), Some(SaveEvent::SavedAgain)));
    // Every failed write was cut back: the journal is whole lines, each one a change, in order.
    let text = fs::read_to_string(journal_path(&path)).unwrap();
    assert!(text.ends_with('\n'), "the journal ends with a whole line");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 61, "one line a change, no torn one among them");
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("(seq:{i},")),
            "line {} is change {i}: {line:.40}",
            i + 1
        );
    }
    saver.close(&session).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.session.players.len(), 61, "every change reached the file");

    // Left for the read-only half of the script.
    let ro = small_fs().join("ro");
    fs::create_dir_all(&ro).unwrap();
    let mut kept = Session::new(event());
    let mut store = Store::create(&ro.join("day.ron"), &kept).unwrap();
    store.record(&mut kept, &organiser(), &player(1)).unwrap();
    store.close(&kept).unwrap();
}

#[test]
#[ignore = "needs a read-only file system: make test-small-fs"]
fn on_a_read_only_file_system_the_folder_is_named_and_the_session_still_reads() {
    let dir = small_fs().join("ro");
    let path = dir.join("day.ron");
    match Store::open(&path) {
        Err(e @ StoreError::FolderNotWritable { .. }) => {
            assert_eq!(
                e.to_string(),
                format!("cannot write in the folder {}: Read-only file system", dir.display())
            );
        }
        other => panic!("opening for writing is refused, naming the folder: {other:?}"),
    }
    let loaded = store::load(&path).expect("it still reads");
    assert_eq!(loaded.session.players.len(), 1);
    let e = Store::create(&dir.join("new.ron"), &loaded.session).expect_err("no new file here");
    assert!(matches!(e, StoreError::FolderNotWritable { .. }), "{e}");
}

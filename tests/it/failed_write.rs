//! Tests that a failed write never costs the session (issue 18, "as SQLite does it"): on a disk
//! that fills up (`session::disk::Disk`, which takes what fits and then fails as a full disk
//! does, leaving a torn write), a change is held and tried again, never dropped, the journal
//! never keeps a torn line in its middle, too many held changes are refused rather than shown as
//! done, a torn line read back costs only itself, the journal is replaced (not emptied in place)
//! after a snapshot, a journal removed while the session is open is written again, and closing
//! on a full disk loses nothing the journal took.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use go_arbiter::session::disk::Disk;
use go_arbiter::session::saver::{MAX_HELD, RecordError, SaveEvent, Saver};
use go_arbiter::session::store::{self, StoreError, journal_path};
use go_arbiter::session::{Change, Session, Store};

use crate::support::{event, organiser, player};

const WAIT: Duration = Duration::from_secs(10);

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-failed-write-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A new session file with its event, and the saver writing it to `disk`.
fn saver_on(path: &Path, disk: &Disk) -> (Session, Saver) {
    let mut session = Session::new(event());
    session.apply(&organiser(), &Change::Event(event())).unwrap();
    let mut store = Store::create(path, &session).unwrap();
    store.set_disk(disk.clone());
    (session, Saver::spawn(store))
}

fn players(session: &Session) -> usize {
    session.players.len()
}

/// Every line of the journal reads as RON; with `settled` (no write under way), the journal also
/// ends with a whole line. While the saver is writing, its last line may be in the middle of
/// being written (and then cut back): only the lines before it are looked at.
fn journal_lines_read(path: &Path, settled: bool) -> usize {
    let text = fs::read_to_string(journal_path(path)).unwrap_or_default();
    let whole = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    if settled {
        assert_eq!(whole.len(), text.len(), "the journal ends with a whole line: {text:?}");
    }
    for (i, line) in whole.lines().enumerate() {
        assert!(
            ron::from_str::<ron::Value>(line).is_ok(),
            "journal line {} reads: {line:?}",
            i + 1
        );
    }
    whole.lines().count()
}

/// [`journal_lines_read`] once the saver has nothing held.
fn journal_lines_are_whole(path: &Path) -> usize {
    journal_lines_read(path, true)
}

#[test]
fn a_full_disk_holds_changes_and_writes_them_when_space_comes_back() {
    let dir = scratch("full");
    let path = dir.join("day.ron");
    // Room for about one journal line: the second change's write is torn.
    let disk = Disk::with_room(400);
    let (mut session, saver) = saver_on(&path, &disk);
    for n in 1..=5 {
        saver.record(&mut session, &organiser(), &player(n)).unwrap();
    }
    match saver.next_event(WAIT) {
        Some(SaveEvent::Failed(StoreError::Io { source, .. })) => {
            assert_eq!(source.kind(), std::io::ErrorKind::StorageFull)
        }
        other => panic!("the first failed write is told: {other:?}"),
    }
    assert!(saver.failing());
    let written = journal_lines_read(&path, false);
    assert!(written < 5, "the disk took only {written} lines");
    // Told once, not once per change.
    saver.record(&mut session, &organiser(), &player(6)).unwrap();
    assert!(saver.next_event(Duration::from_millis(200)).is_none());
    assert_eq!(saver.held(), 6 - written as u64, "every change not written is held");
    journal_lines_read(&path, false);

    // Space comes back: the next change writes everything held.
    disk.set_room(u64::MAX);
    saver.record(&mut session, &organiser(), &player(7)).unwrap();
    assert!(matches!(saver.next_event(WAIT), Some(SaveEvent::SavedAgain)));
    assert_eq!(saver.held(), 0);
    assert!(!saver.failing());
    assert_eq!(journal_lines_are_whole(&path), 7);

    // A crash now (no close): the file and its journal give back all seven.
    drop(saver);
    let loaded = store::load(&path).unwrap();
    assert_eq!(players(&loaded.session), 7);
    assert_eq!(loaded.session, session);
    assert_eq!(loaded.journal_stop, None);
}

#[test]
fn changes_past_the_held_limit_are_refused_not_shown_as_done() {
    let dir = scratch("behind");
    let path = dir.join("day.ron");
    let disk = Disk::with_room(0);
    let (mut session, saver) = saver_on(&path, &disk);
    for n in 0..MAX_HELD as u32 {
        saver.record(&mut session, &organiser(), &player(n + 1)).unwrap();
    }
    let before = session.clone();
    match saver.record(&mut session, &organiser(), &player(9999)) {
        Err(RecordError::Behind { held }) => assert_eq!(held, MAX_HELD),
        other => panic!("the change past the limit is refused: {other:?}"),
    }
    assert_eq!(session, before, "the refused change was not applied");
    assert_eq!(players(&session), MAX_HELD as usize);
    disk.set_room(u64::MAX);
    saver.snapshot(&session);
    assert!(matches!(saver.next_event(WAIT), Some(SaveEvent::Failed(_))));
    assert!(matches!(saver.next_event(WAIT), Some(SaveEvent::SavedAgain)));
    saver.record(&mut session, &organiser(), &player(9999)).unwrap();
    saver.close(&session).unwrap();
    assert_eq!(players(&store::load(&path).unwrap().session), MAX_HELD as usize + 1);
}

#[test]
fn closing_on_a_full_disk_keeps_what_the_journal_took() {
    let dir = scratch("close-full");
    let path = dir.join("day.ron");
    let disk = Disk::with_room(u64::MAX);
    let (mut session, saver) = saver_on(&path, &disk);
    for n in 1..=20 {
        saver.record(&mut session, &organiser(), &player(n)).unwrap();
    }
    // The journal took all twenty; the last snapshot does not fit.
    saver.use_disk(Disk::with_room(100));
    saver
        .close(&session)
        .expect("nothing is lost: the journal holds every change");
    let loaded = store::load(&path).unwrap();
    assert_eq!(players(&loaded.session), 20);
    assert!(loaded.recovered(), "read back from the journal");
    assert!(
        !dir.join("day.ron.tmp").exists(),
        "the torn temporary snapshot is not left to fill the disk"
    );
}

#[test]
fn closing_with_changes_the_disk_never_took_says_so() {
    let dir = scratch("close-lost");
    let path = dir.join("day.ron");
    let (mut session, saver) = saver_on(&path, &Disk::with_room(0));
    saver.record(&mut session, &organiser(), &player(1)).unwrap();
    let e = saver
        .close(&session)
        .expect_err("a change neither the snapshot nor the journal took");
    assert!(e.to_string().contains("No space left on device"), "{e}");
}

#[test]
fn a_snapshot_puts_a_fresh_journal_in_place_instead_of_emptying_it() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch("replaced");
    let path = dir.join("day.ron");
    let mut session = Session::new(event());
    let mut store = Store::create(&path, &session).unwrap();
    store.record(&mut session, &organiser(), &player(1)).unwrap();
    let before = fs::metadata(journal_path(&path)).unwrap().ino();
    store.snapshot(&session).unwrap();
    let after = fs::metadata(journal_path(&path)).unwrap();
    assert_ne!(after.ino(), before, "another file, put in place by a rename");
    assert_eq!(after.len(), 0);
    store.record(&mut session, &organiser(), &player(2)).unwrap();
    assert_eq!(journal_lines_are_whole(&path), 1);
    assert_eq!(players(&store::load(&path).unwrap().session), 2);
}

#[test]
fn a_journal_removed_while_the_session_is_open_is_written_again() {
    let dir = scratch("removed");
    let path = dir.join("day.ron");
    let (mut session, saver) = saver_on(&path, &Disk::default());
    for n in 1..=15 {
        saver.record(&mut session, &organiser(), &player(n)).unwrap();
    }
    // Written, then removed behind the app's back.
    saver.snapshot(&session);
    saver.record(&mut session, &organiser(), &player(16)).unwrap();
    saver.record(&mut session, &organiser(), &player(17)).unwrap();
    while saver.held() > 0 {
        std::thread::yield_now();
    }
    fs::remove_file(journal_path(&path)).unwrap();
    saver.record(&mut session, &organiser(), &player(18)).unwrap();
    match saver.next_event(WAIT) {
        Some(SaveEvent::JournalRewritten(2)) => {}
        other => panic!("the journal is written again with its two earlier lines: {other:?}"),
    }
    drop(saver);
    let loaded = store::load(&path).unwrap();
    assert_eq!(players(&loaded.session), 18, "nothing lost");
}

/// A session of `n` players recorded through the store, and its journal's lines.
fn journal_of(dir: &Path, n: u32) -> (PathBuf, Vec<String>, Session) {
    let path = dir.join("day.ron");
    let mut session = Session::new(event());
    let mut store = Store::create(&path, &session).unwrap();
    for k in 1..=n {
        store.record(&mut session, &organiser(), &player(k)).unwrap();
    }
    drop(store);
    let lines = fs::read_to_string(journal_path(&path))
        .unwrap()
        .lines()
        .map(|l| format!("{l}\n"))
        .collect();
    (path, lines, session)
}

#[test]
fn a_torn_write_made_again_whole_costs_nothing() {
    let dir = scratch("torn-again");
    let (path, lines, session) = journal_of(&dir, 6);
    // Line 3 was torn by a failure, then written again whole: both share one line of the file.
    let mut text: String = lines[..2].concat();
    text.push_str(&lines[2][..lines[2].len() / 2]);
    text.push_str(&lines[2..].concat());
    fs::write(journal_path(&path), text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.session, session);
    assert_eq!(loaded.journal_stop, None);
}

#[test]
fn a_line_that_does_not_read_costs_only_itself_when_the_next_follows_on() {
    let dir = scratch("torn-middle");
    let (path, lines, session) = journal_of(&dir, 6);
    // A torn line with its newline (a write cut off, then a newline), between lines 4 and 5.
    let mut text: String = lines[..4].concat();
    text.push_str("(seq:5,stamp:(time:\"08:3\n");
    text.push_str(&lines[4..].concat());
    fs::write(journal_path(&path), text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.session, session, "every good line is kept");
    assert_eq!(loaded.torn_lines, vec![5]);
    assert_eq!(loaded.journal_stop, None);
    // Opening keeps the journal as it was beside the file, then writes the session whole.
    let (_store, opened) = Store::open(&path).unwrap();
    assert_eq!(opened.session, session);
    assert!(dir.join("day.ron.journal.rejected").exists());
}

#[test]
fn a_line_that_does_not_read_stops_the_replay_when_a_change_is_missing_after_it() {
    let dir = scratch("torn-gap");
    let (path, lines, _) = journal_of(&dir, 6);
    // Line 4 is garbage and the change it held is gone: lines 5 and 6 do not follow on.
    let mut text: String = lines[..3].concat();
    text.push_str("garbage\n");
    text.push_str(&lines[4..].concat());
    fs::write(journal_path(&path), text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(players(&loaded.session), 3, "replayed up to the last good line");
    let stop = loaded.journal_stop.expect("stopped");
    assert_eq!((stop.line, stop.dropped), (4, 3));
    assert!(loaded.torn_lines.is_empty());
}

#[test]
fn a_folder_that_refuses_new_files_is_named_in_the_error() {
    let dir = scratch("folder");
    let path = dir.join("day.ron");
    // EROFS and ENOSPC, as the OS gives them.
    let e = store::write_error(&dir.join("day.ron.tmp"), std::io::Error::from_raw_os_error(30));
    assert_eq!(
        e.to_string(),
        format!("cannot write in the folder {}: Read-only file system", dir.display())
    );
    let e = store::write_error(&path, std::io::Error::from_raw_os_error(28));
    assert!(e.to_string().starts_with(&format!("{}: ", path.display())), "{e}");
}

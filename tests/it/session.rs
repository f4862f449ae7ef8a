//! Tests of sessions on disk: a full round trip, the version-1 migration, the audit chain
//! catching hand edits, locked results and overrides, recovery from snapshot and journal,
//! located errors for bad files, and a child process killed while saving, 500 times.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use go_arbiter::board::Color;
use go_arbiter::clock::{Clock, ClockEvent};
use go_arbiter::ledger::{Catalogue, Edition, Ledger, OffenceId, RaisedBy, Report};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Marks, Quarters, Reason};
use go_arbiter::session::store::{self, Loaded, StoreError};
use go_arbiter::session::{
    ChainError, Change, FormatError, GameSetup, Player, PlayerId, Rank, Role, Saver, Session, SessionError, Signer,
    Stamp, Store, TableId,
};
use go_arbiter::sgf;

use crate::support::event;

const TABLE: TableId = TableId { round: 1, table: 1 };
const MIN: Duration = Duration::from_secs(60);

/// A fresh folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-session-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn arbiter(time: &str) -> Stamp {
    Stamp::new(time, "Li Wei", Role::Arbiter)
}

/// Event, two players, round 1 and table 1 (19x19, even game).
fn seated() -> Session {
    let mut s = Session::new(event());
    let org = Stamp::new("08:30", "Organiser", Role::Organiser);
    s.apply(&org, &Change::Event(event())).unwrap();
    for (id, name, rank, club) in [(1, "Chen Li", "3d", "Beijing"), (2, "Ann Smith", "2k", "NZ")] {
        let player = Player {
            id: PlayerId(id),
            name: name.to_string(),
            rank: rank.parse().unwrap(),
            club: club.to_string(),
            registration: Default::default(),
        };
        s.apply(&org, &Change::Player(player)).unwrap();
    }
    s.apply(
        &org,
        &Change::Round {
            number: 1,
            date: "2026-11-28".to_string(),
        },
    )
    .unwrap();
    let setup = GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let table = Change::Table {
        table: TABLE,
        black: PlayerId(1),
        white: PlayerId(2),
        setup,
    };
    s.apply(&org, &table).unwrap();
    s
}

/// A real 19x19 record from the shared data.
fn real_record() -> String {
    let file = crate::support::public_sgf_files()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("19x19"))
        .unwrap();
    fs::read_to_string(file).unwrap()
}

/// Clock events for `moves` presses, 30 s apart.
fn clock_events(moves: u32) -> Vec<ClockEvent> {
    let mut clock = Clock::new("chinese:60m/5".parse().unwrap());
    clock.start(Duration::ZERO, Color::Black).unwrap();
    for n in 1..=moves {
        let player = if n % 2 == 1 { Color::Black } else { Color::White };
        clock.press(Duration::from_secs(30 * u64::from(n)), player, n).unwrap();
    }
    clock.events().to_vec()
}

/// A game played, a warning in the ledger, marks, a result, all three signatures.
fn full_session() -> Session {
    let mut s = seated();
    let sgf_text = real_record();
    let record = Change::Record {
        table: TABLE,
        sgf: sgf_text.clone(),
        note: "entered from the scoresheet".into(),
    };
    s.apply(&arbiter("10:00"), &record).unwrap();
    for event in clock_events(40) {
        s.apply(&arbiter("10:01"), &Change::Clock { table: TABLE, event })
            .unwrap();
    }
    let game = sgf::read_str(&sgf_text).unwrap();
    let mut ledger = Ledger::new(Edition::Chinese2002);
    let report = Report::new(
        Color::Black,
        OffenceId::PhoneSounds,
        12,
        30 * MIN,
        "10:20",
        RaisedBy::Arbiter("Li".into()),
    );
    ledger
        .record(&Catalogue::standard(Edition::Chinese2002), &game, report)
        .unwrap();
    s.apply(&arbiter("10:20"), &Change::Ledger { table: TABLE, ledger })
        .unwrap();
    let mut marks = Marks::new(game.board());
    let stone = game.moves().iter().find_map(|(_, a)| match a {
        go_arbiter::game::Action::Move { point, .. } => Some(*point),
        _ => None,
    });
    marks.toggle_chain(game.board(), stone.unwrap());
    s.apply(
        &arbiter("11:30"),
        &Change::Marks {
            table: TABLE,
            marks: Some(marks),
        },
    )
    .unwrap();
    let result = GameResult::by_count(Quarters(5));
    s.apply(
        &arbiter("11:35"),
        &Change::Result {
            table: TABLE,
            result: Some(result),
        },
    )
    .unwrap();
    for (signer, name) in [(Signer::Black, "CL"), (Signer::White, "AS"), (Signer::Arbiter, "LW")] {
        s.apply(
            &arbiter("11:36"),
            &Change::Confirm {
                table: TABLE,
                signer,
                name: name.into(),
            },
        )
        .unwrap();
    }
    s
}

#[test]
fn the_audit_trail_says_clock_events_incidents_results_and_signatures_in_either_language_under_its_hash() {
    use go_arbiter::lang::Lang;
    let session = full_session();
    let said: Vec<_> = session
        .audit_of(TABLE)
        .filter_map(|e| e.said.as_ref().map(|s| (e, s)))
        .collect();
    // Every entry of a table is said as data: the table seated, its record, the clock's start
    // and 40 presses, the ledger, the marks, the result, three signatures.
    assert_eq!(said.len(), session.audit_of(TABLE).count());
    assert_eq!(said.len(), 1 + 1 + 41 + 1 + 1 + 1 + 3);
    for (entry, s) in &said {
        assert_eq!(
            s.text(Lang::En),
            entry.what,
            "the recorded words are what is said, in English"
        );
        assert!(!entry.what.contains('{'), "no program text: {}", entry.what);
    }
    let zh: Vec<String> = said.iter().map(|(_, s)| s.text(Lang::Zh)).collect();
    for line in &zh {
        assert!(
            !line.contains(" (B)") && !line.contains("moves;"),
            "English left: {line}"
        );
    }
    let zh: Vec<String> = zh.into_iter().skip_while(|l| !l.starts_with("棋钟 ")).collect();
    assert!(zh[0].starts_with("棋钟 "), "{}", zh[0]);
    let incident = &zh[41];
    assert!(incident.starts_with("处罚记录：第1号事件：黑方，"), "{incident}");
    assert!(
        incident.contains("第12手") && incident.contains("裁判Li发现"),
        "{incident}"
    );
    assert_eq!(zh[42], "标记：死子16处，双活0处");
    assert!(zh[43].starts_with("结果：无 → 黑胜"), "{}", zh[43]);
    assert!(
        zh[46].starts_with("裁判（LW）签字确认：黑胜") && zh[46].ends_with("；结果已锁定"),
        "{}",
        zh[46]
    );

    // Kept in the file and under the hash: what is said cannot be edited without a trace.
    let dir = scratch("said");
    let path = dir.join("day.ron");
    Store::create(&path, &session).unwrap().close(&session).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!((&loaded.session, &loaded.chain), (&session, &Ok(())));
    let text = fs::read_to_string(&path).unwrap();
    // The incident as the trail says it, edited in its audit line only.
    let line = text
        .lines()
        .find(|l| l.contains("\tLedger("))
        .expect("the ledger's audit line");
    let forged = line.replace("PhoneSounds", "Smoking");
    assert_ne!(forged, line);
    fs::write(&path, text.replace(line, &forged)).unwrap();
    let edited = store::load(&path).unwrap();
    assert!(
        matches!(edited.chain, Err(ChainError::Hash { .. })),
        "{:?}",
        edited.chain
    );
}

#[test]
fn a_full_session_survives_a_round_trip() {
    let dir = scratch("round-trip");
    let path = dir.join("day.ron");
    let session = full_session();
    assert_eq!(go_arbiter::session::audit::verify(&session), Ok(()));
    Store::create(&path, &session).unwrap().close(&session).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.session, session);
    assert_eq!(loaded.from_version, go_arbiter::session::VERSION);
    assert!(!loaded.recovered());
    assert_eq!(loaded.chain, Ok(()));

    let game = &loaded.session.table(TABLE).unwrap().game;
    let original = sgf::read_str(&real_record()).unwrap();
    assert_eq!(sgf::write_string(&game.game().unwrap()), sgf::write_string(&original));
    assert_eq!(game.clock().unwrap().events(), clock_events(40).as_slice());
    assert_eq!(game.ledger.incidents().count(), 1);
    assert!(!game.marks.as_ref().unwrap().dead_points().is_empty());
    assert!(game.is_confirmed());
    assert_eq!(game.confirmation(Signer::White).unwrap().name, "AS");
    assert_eq!(loaded.session.player(PlayerId(1)).unwrap().rank, Rank::Dan(3));
    assert_eq!(loaded.session.player(PlayerId(2)).unwrap().rank, Rank::Kyu(2));

    let text = fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("(\n\tversion: 3,"), "{}", &text[..40]);
    let out = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("chain intact"), "{stdout}");
    assert!(stdout.contains("1 results, 1 confirmed"), "{stdout}");
}

#[test]
fn ranks_read_kyu_amateur_and_professional_dan() {
    assert_eq!("5k".parse::<Rank>(), Ok(Rank::Kyu(5)));
    assert_eq!("7 dan".parse::<Rank>(), Ok(Rank::Dan(7)));
    assert_eq!("9P".parse::<Rank>(), Ok(Rank::Pro(9)));
    assert!("10d".parse::<Rank>().is_err());
    assert!("d".parse::<Rank>().is_err());
    assert_eq!(Rank::Pro(2).to_string(), "2p");
}

fn v1_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/session-v1.ron")
}

/// The version-1 fixture in tests/data is exactly what the version-1 writer gives for this
/// session, digests aside (it was made by writing that output to the file).
#[test]
fn the_version_1_fixture_is_what_the_version_1_writer_wrote() {
    let mut s = seated();
    s.apply(
        &arbiter("11:00"),
        &Change::Result {
            table: TABLE,
            result: Some(GameResult::win(Color::White, Reason::Resignation)),
        },
    )
    .unwrap();
    // The digests are left out: the states' digests changed in version 3 (the fixture keeps
    // those of the version-2 program that wrote it).
    let without_digests = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.trim_start().starts_with("state:") && !l.trim_start().starts_with("hash:"))
            .map(str::to_string)
            .collect()
    };
    let written = go_arbiter::session::format::to_ron_v1(&s).unwrap();
    assert_eq!(
        without_digests(&fs::read_to_string(v1_file()).unwrap()),
        without_digests(&written)
    );
}

#[test]
fn a_version_1_file_is_migrated_on_load() {
    let text = fs::read_to_string(v1_file()).unwrap();
    assert!(text.contains("version: 1,") && text.contains("rank: \"3d\""));
    let dir = scratch("migrate");
    let path = dir.join("old.ron");
    fs::write(&path, &text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.from_version, 1);
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(loaded.session.player(PlayerId(1)).unwrap().rank, Rank::Dan(3));
    assert_eq!(loaded.session.player(PlayerId(2)).unwrap().rank, Rank::Kyu(2));
    let whats: Vec<&str> = loaded.session.audit.iter().map(|e| e.what.as_str()).collect();
    assert!(
        whats.iter().any(|w| w.contains("migrated from schema version 1")),
        "{whats:?}"
    );
    assert!(
        whats.last().unwrap().contains("migrated from schema version 2"),
        "{whats:?}"
    );
    assert_eq!(
        loaded.session.table(TABLE).unwrap().game.result,
        Some(GameResult::win(Color::White, Reason::Resignation))
    );

    // Opening writes it back in the current version; the old file stays as the newest backup.
    let (store, _) = Store::open(&path).unwrap();
    drop(store);
    assert!(
        fs::read_to_string(&path)
            .unwrap()
            .contains(&format!("version: {},", go_arbiter::session::VERSION))
    );
    assert_eq!(fs::read_to_string(store::backup_path(&path, 1)).unwrap(), text);
    assert_eq!(store::load(&path).unwrap().chain, Ok(()));
}

#[test]
fn the_audit_chain_catches_hand_edits() {
    let dir = scratch("audit");
    let path = dir.join("day.ron");
    let session = full_session();
    Store::create(&path, &session).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    let check = |text: &str| {
        fs::write(&path, text).unwrap();
        store::load(&path).unwrap().chain
    };
    assert_eq!(check(&text), Ok(()));

    // The result changed in the file: Black's margin from 5 quarters to 9.
    let edited = text.replacen("margin: Some(5)", "margin: Some(9)", 1);
    assert_ne!(edited, text);
    assert!(matches!(
        check(&edited),
        Err(ChainError::TableState { table: TABLE, .. })
    ));

    // An audit entry's words changed.
    let edited = text.replacen("(CL) confirmed", "(XX) confirmed", 1);
    assert_ne!(edited, text);
    assert!(matches!(check(&edited), Err(ChainError::Hash { .. })));

    // A clock event changed: Black's first press moved from 30 s to 31 s.
    let edited = text.replacen("\n30 P B 1\n", "\n31 P B 1\n", 1);
    assert_ne!(edited, text);
    assert!(matches!(
        check(&edited),
        Err(ChainError::TableState { table: TABLE, .. })
    ));

    // A player's rank changed.
    let edited = text.replacen("rank: Kyu(2)", "rank: Dan(2)", 1);
    assert_ne!(edited, text);
    assert!(matches!(check(&edited), Err(ChainError::HeaderState { .. })));

    let out = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("audit trail BROKEN"), "{stdout}");
}

#[test]
fn a_confirmed_result_is_locked_until_a_chief_arbiter_overrides_it() {
    let mut s = full_session();
    let before = s.clone();
    let to = Some(GameResult::win(Color::White, Reason::Time));

    let silent = s.apply(
        &arbiter("12:00"),
        &Change::Result {
            table: TABLE,
            result: to,
        },
    );
    let Err(e @ SessionError::ResultLocked { .. }) = silent else {
        panic!("{silent:?}")
    };
    assert!(e.to_string().contains("locked (Art. 16.4)"), "{e}");
    assert!(e.to_string().contains("CL, AS, LW"), "{e}");

    let by_arbiter = Change::Override {
        table: TABLE,
        result: to,
        reason: "clock fault".into(),
    };
    assert!(matches!(
        s.apply(&arbiter("12:01"), &by_arbiter),
        Err(SessionError::NotChief { .. })
    ));
    let chief = Stamp::new("12:05", "Wang Hua", Role::ChiefArbiter);
    let no_reason = Change::Override {
        table: TABLE,
        result: to,
        reason: "  ".into(),
    };
    assert_eq!(s.apply(&chief, &no_reason), Err(SessionError::MissingReason));
    assert_eq!(s, before, "refused changes change nothing");

    s.apply(&chief, &by_arbiter).unwrap();
    let game = &s.table(TABLE).unwrap().game;
    assert_eq!(game.result, to);
    let o = &game.overrides[0];
    assert_eq!(
        (o.old, o.new, o.reason.as_str(), o.by.as_str()),
        (Some(GameResult::by_count(Quarters(5))), to, "clock fault", "Wang Hua")
    );
    let entry = s.audit.last().unwrap();
    assert!(
        entry.what.contains("B+2.5 -> W+T") && entry.what.contains("clock fault"),
        "{}",
        entry.what
    );
    assert_eq!(entry.stamp.wall_time, "12:05");
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));

    // An unconfirmed result needs no override; a confirmation needs a result.
    let mut fresh = seated();
    let over = fresh.apply(
        &chief,
        &Change::Override {
            table: TABLE,
            result: to,
            reason: "x".into(),
        },
    );
    assert_eq!(over, Err(SessionError::NotConfirmed(TABLE)));
    let sign = Change::Confirm {
        table: TABLE,
        signer: Signer::Black,
        name: "CL".into(),
    };
    assert_eq!(
        fresh.apply(&arbiter("12:00"), &sign),
        Err(SessionError::NoResult(TABLE))
    );
}

#[test]
fn a_session_that_did_not_close_is_recovered_from_snapshot_and_journal() {
    let dir = scratch("recover");
    let path = dir.join("day.ron");
    let mut session = seated();
    let mut store = Store::create(&path, &session).unwrap();
    let record = Change::Record {
        table: TABLE,
        sgf: real_record(),
        note: "moves".into(),
    };
    store.record(&mut session, &arbiter("10:00"), &record).unwrap();
    store.snapshot(&session).unwrap();
    for event in clock_events(10) {
        store
            .record(&mut session, &arbiter("10:05"), &Change::Clock { table: TABLE, event })
            .unwrap();
    }
    // A refused change is neither applied nor journaled.
    let refused = Change::Confirm {
        table: TABLE,
        signer: Signer::Black,
        name: "CL".into(),
    };
    assert!(matches!(
        store.record(&mut session, &arbiter("10:06"), &refused),
        Err(StoreError::Change(_))
    ));
    drop(store); // the crash: no close
    // The change being written when the power went: half a line.
    fs::OpenOptions::new()
        .append(true)
        .open(store::journal_path(&path))
        .unwrap()
        .write_all(b"(seq: 99, stamp: (wall")
        .unwrap();

    let loaded: Loaded = store::load(&path).unwrap();
    assert_eq!(loaded.replayed, 11, "the 11 clock events after the snapshot");
    assert!(loaded.dropped_partial && loaded.recovered());
    assert_eq!(loaded.session, session);
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(
        loaded.running_clocks,
        vec![TABLE],
        "the clock was running: downtime goes to the player on move"
    );

    let clock = loaded.session.table(TABLE).unwrap().game.clock().unwrap();
    let turn = clock.reading(Duration::from_secs(300) + 5 * MIN).turn.unwrap();
    assert_eq!(
        (turn.player, turn.used, turn.running),
        (Color::Black, 5 * MIN, true),
        "5 minutes down, charged to Black"
    );

    // A journal line spoiled in the middle stops the replay there, named, not a silent loss
    // (issue 18: replay stops at the last good line; `check` says it is broken).
    let journal = fs::read_to_string(store::journal_path(&path)).unwrap();
    let spoiled = journal.replacen("(seq:", "(seq;", 1);
    fs::write(store::journal_path(&path), &spoiled).unwrap();
    let stop = store::load(&path).unwrap().journal_stop.unwrap();
    assert_eq!((stop.line, stop.dropped), (1, 12), "{stop:?}");
    assert!(matches!(stop.why, store::JournalFault::Unreadable(_)), "{stop:?}");
    fs::write(store::journal_path(&path), &journal).unwrap();

    // Opening writes the recovered state as a snapshot and starts an empty journal.
    let (_store, reopened) = Store::open(&path).unwrap();
    assert_eq!(reopened.session, session);
    assert_eq!(fs::read_to_string(store::journal_path(&path)).unwrap(), "");
    let again = store::load(&path).unwrap();
    assert_eq!((again.session == session, again.recovered()), (true, false));
}

#[test]
fn bad_files_say_line_and_column_and_offer_the_newest_good_backup() {
    let dir = scratch("bad");
    let path = dir.join("day.ron");
    let mut session = seated();
    let mut store = Store::create(&path, &session).unwrap();
    store
        .record(
            &mut session,
            &arbiter("10:00"),
            &Change::Result {
                table: TABLE,
                result: None,
            },
        )
        .unwrap();
    store.close(&session).unwrap();
    let good = fs::read_to_string(&path).unwrap();

    // Hand-edited: a colon lost on line 2.
    let version = format!("version: {}", go_arbiter::session::VERSION);
    let edited = good.replacen(&version, &version.replace(':', ""), 1);
    fs::write(&path, &edited).unwrap();
    let err = Store::open(&path).unwrap_err();
    let StoreError::Unreadable {
        error: FormatError::Parse { line, column, .. },
        backup,
        ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!((*line, *column), (2, 9), "{err}");
    assert_eq!(backup.as_deref(), Some(store::backup_path(&path, 1).as_path()));
    let message = err.to_string();
    assert!(
        message.contains("line 2, column 9") && message.contains("newest good backup"),
        "{message}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        edited,
        "an unreadable file is never overwritten"
    );

    // Truncated: the error is at the end, and still located.
    fs::write(&path, &good[..good.len() / 2]).unwrap();
    let err = store::load(&path).unwrap_err();
    assert!(
        matches!(&err, StoreError::Unreadable { error: FormatError::Parse { line, .. }, .. } if *line > 10),
        "{err}"
    );

    // A value of the wrong kind.
    fs::write(&path, good.replacen("komi: 15", "komi: \"7.5\"", 1)).unwrap();
    let err = store::load(&path).unwrap_err();
    assert!(err.to_string().contains("line"), "{err}");

    // The arbiter takes the backup: the broken file is kept aside.
    let used = store::restore_newest_backup(&path).unwrap();
    assert_eq!(used, store::backup_path(&path, 1));
    assert!(store::load(&path).is_ok());
    assert!(dir.join("day.ron.unreadable").exists());

    let out = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .arg("check")
        .arg(dir.join("day.ron.unreadable"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr.contains("line"), "{stderr}");
}

#[test]
fn the_saver_thread_journals_and_snapshots_off_the_caller_thread() {
    let dir = scratch("saver");
    let path = dir.join("day.ron");
    let mut session = seated();
    let saver = Saver::spawn(Store::create(&path, &session).unwrap());
    let events = clock_events(6);
    for event in &events[..3] {
        saver
            .record(
                &mut session,
                &arbiter("10:00"),
                &Change::Clock {
                    table: TABLE,
                    event: event.clone(),
                },
            )
            .unwrap();
    }
    saver.snapshot(&session);
    for event in &events[3..] {
        saver
            .record(
                &mut session,
                &arbiter("10:02"),
                &Change::Clock {
                    table: TABLE,
                    event: event.clone(),
                },
            )
            .unwrap();
    }
    let refused = saver.record(
        &mut session,
        &arbiter("10:03"),
        &Change::Clock {
            table: TABLE,
            event: events[0].clone(),
        },
    );
    assert!(refused.is_err(), "an event earlier than the clock's last is refused");
    assert!(saver.events().is_empty() && !saver.failing());
    saver.close(&session).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.session, session);
    assert!(!loaded.recovered());
    assert_eq!(loaded.session.table(TABLE).unwrap().game.clock_events, events);
}

const FAULT_DIR: &str = "GO_ARBITER_SESSION_FAULT_DIR";

/// The child of the fault test (does nothing unless the parent sets `FAULT_DIR`): opens the
/// session, then records results, snapshotting every fourth change, printing `state N` after
/// each change is on disk, until it is killed.
#[test]
fn fault_child() {
    let Some(dir) = std::env::var_os(FAULT_DIR) else { return };
    let path = Path::new(&dir).join("day.ron");
    let (mut store, loaded) = Store::open(&path).unwrap();
    let mut session = loaded.session;
    let mut out = std::io::stdout();
    for step in 0..10_000u32 {
        let n = session.audit.len() as i32;
        let change = Change::Result {
            table: TABLE,
            result: Some(GameResult::by_count(Quarters(n))),
        };
        store.record(&mut session, &arbiter("10:00"), &change).unwrap();
        if step % 4 == 3 {
            store.snapshot(&session).unwrap();
        }
        writeln!(out, "state {}", session.audit.len()).unwrap();
        out.flush().unwrap();
    }
}

/// The state a folder's session holds: its number of audit entries, checked whole.
fn state_on_disk(path: &Path) -> usize {
    store::read_snapshot(path).unwrap();
    let loaded = store::load(path).unwrap();
    assert_eq!(loaded.chain, Ok(()));
    let n = loaded.session.audit.len();
    let result = loaded.session.table(TABLE).unwrap().game.result;
    if n > seated().audit.len() {
        assert_eq!(result, Some(GameResult::by_count(Quarters(n as i32 - 1))));
    }
    n
}

#[test]
fn a_saver_killed_at_random_points_leaves_the_old_or_the_new_state() {
    let dir = scratch("fault");
    let path = dir.join("day.ron");
    let exe = std::env::current_exe().unwrap();
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut known = 0;
    // Kills after the child had written something, and kills that caught a change half-written.
    let (mut while_writing, mut caught_mid_change) = (0, 0);
    for round in 0..500 {
        if round % 100 == 0 {
            for entry in fs::read_dir(&dir).unwrap() {
                fs::remove_file(entry.unwrap().path()).unwrap();
            }
            let fresh = seated();
            Store::create(&path, &fresh).unwrap();
            known = fresh.audit.len();
        }
        let mut child = Command::new(&exe)
            .args(["session::fault_child", "--exact", "--nocapture", "--test-threads=1"])
            .env(FAULT_DIR, &dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map_while(Result::ok);
        // The harness may print "test ... " before the first line, on the same line.
        let state = |l: String| {
            l.rsplit_once("state ")
                .and_then(|(_, n)| n.trim().parse::<usize>().ok())
        };
        let mut printed = None;
        // Every other kill waits for the child's first change, so most land while it writes;
        // the others may land while it opens and recovers the session.
        if round % 2 == 0 {
            printed = lines.by_ref().find_map(state);
        }
        std::thread::sleep(Duration::from_micros(next() % 12_000));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        printed = lines.filter_map(state).last().or(printed);
        let committed = printed.unwrap_or(known);
        let on_disk = state_on_disk(&path);
        assert!(
            on_disk == committed || on_disk == committed + 1,
            "kill {round}: {committed} changes were on disk, the file holds {on_disk}"
        );
        while_writing += usize::from(printed.is_some());
        caught_mid_change += usize::from(on_disk == committed + 1);
        known = on_disk;
    }
    eprintln!("500 kills: {while_writing} while writing, {caught_mid_change} with a change in flight that landed");
    assert!(
        while_writing >= 240,
        "only {while_writing} kills happened while the child was writing"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// The small session saved as tests/data/session-v2.ron by the version-2 writer.
fn v2_session() -> Session {
    let mut s = seated();
    for event in clock_events(3) {
        s.apply(&arbiter("10:01"), &Change::Clock { table: TABLE, event })
            .unwrap();
    }
    s.apply(
        &arbiter("11:00"),
        &Change::Result {
            table: TABLE,
            result: Some(GameResult::win(Color::White, Reason::Resignation)),
        },
    )
    .unwrap();
    s.apply(
        &arbiter("11:01"),
        &Change::Confirm {
            table: TABLE,
            signer: Signer::Black,
            name: "CL".into(),
        },
    )
    .unwrap();
    s
}

fn v2_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/session-v2.ron")
}

#[test]
fn a_version_2_file_is_migrated_on_load() {
    let text = fs::read_to_string(v2_file()).unwrap();
    assert!(text.contains("version: 2,"));
    let dir = scratch("migrate-v2");
    let path = dir.join("old.ron");
    fs::write(&path, &text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.from_version, 2);
    assert_eq!(loaded.chain, Ok(()));
    // The same session as the version-2 code made, its history kept (the header's digests are
    // the version-2 ones, and the hashes are re-made), and one entry for the migration.
    let expected = v2_session();
    let mut migrated = loaded.session.clone();
    let for_table = migrated.audit.pop().unwrap();
    let for_header = migrated.audit.pop().unwrap();
    assert_eq!((for_header.table, for_table.table), (None, Some(TABLE)));
    for entry in [for_header, for_table] {
        assert!(entry.what.contains("migrated from schema version 2"), "{}", entry.what);
    }
    let history =
        |s: &Session| -> Vec<(Stamp, Option<TableId>)> { s.audit.iter().map(|e| (e.stamp.clone(), e.table)).collect() };
    assert_eq!(history(&migrated), history(&expected));
    // Each entry keeps its recorded words: the clock's as they were written then, before an
    // entry said its event as data ("clock at 30s: Press { player: Black, ... }").
    for (old, new) in migrated.audit.iter().zip(&expected.audit) {
        assert_eq!(old.said, None);
        if !old.what.starts_with("clock at") {
            assert_eq!(old.what, new.what);
        }
    }
    migrated.audit = expected.audit.clone();
    assert_eq!(migrated, expected);

    let (store, _) = Store::open(&path).unwrap();
    drop(store);
    let reloaded = store::load(&path).unwrap();
    assert_eq!(reloaded.from_version, go_arbiter::session::VERSION);
    assert_eq!(reloaded.chain, Ok(()));
    assert_eq!(reloaded.session, loaded.session);
    assert_eq!(fs::read_to_string(store::backup_path(&path, 1)).unwrap(), text);
}

/// `seated()` with tables 2 and 3 added to round 1.
fn three_tables() -> Session {
    let mut s = seated();
    let org = Stamp::new("08:40", "Organiser", Role::Organiser);
    for table in [2, 3] {
        let change = Change::Table {
            table: TableId { round: 1, table },
            black: PlayerId(1),
            white: PlayerId(2),
            setup: GameSetup {
                size: 9,
                handicap: 0,
                komi: Quarters(28),
                rules: Preset::Chinese2002,
                time_control: "chinese:60m/5".to_string(),
            },
        };
        s.apply(&org, &change).unwrap();
    }
    s
}

fn order(s: &Session) -> Vec<u32> {
    s.round(1).unwrap().tables.iter().map(|t| t.number).collect()
}

#[test]
fn rounds_and_tables_are_named_each_with_an_audit_entry_and_the_names_survive_saving() {
    let mut s = three_tables();
    let org = Stamp::new("08:50", "Organiser", Role::Organiser);
    assert_eq!(s.round(1).unwrap().name, "");
    let entries = s.audit.len();
    s.apply(
        &org,
        &Change::RenameRound {
            number: 1,
            name: "Final".into(),
        },
    )
    .unwrap();
    s.apply(
        &org,
        &Change::RenameTable {
            table: TABLE,
            name: "Top board".into(),
        },
    )
    .unwrap();
    assert_eq!(s.round(1).unwrap().name, "Final");
    assert_eq!(s.table(TABLE).unwrap().name, "Top board");
    assert_eq!(s.audit.len(), entries + 2);
    assert_eq!(s.audit[entries].table, None);
    assert!(s.audit[entries].what.contains("\"Final\""), "{}", s.audit[entries].what);
    let last = s.audit_of(TABLE).last().unwrap();
    assert!(last.what.contains("\"Top board\""), "{}", last.what);
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));

    let dir = scratch("names");
    let path = dir.join("day.ron");
    Store::create(&path, &s).unwrap().close(&s).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(loaded.session, s);

    // A name changed by hand is caught: the table's, and the round's.
    let text = fs::read_to_string(&path).unwrap();
    for (from, to) in [("Top board", "Bottom board"), ("Final", "Semi-final")] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text);
        fs::write(&path, &edited).unwrap();
        assert!(store::load(&path).unwrap().chain.is_err(), "{from} -> {to}");
    }
}

#[test]
fn tables_move_within_their_round_and_a_reorder_by_hand_is_caught() {
    let mut s = three_tables();
    let org = Stamp::new("08:50", "Organiser", Role::Organiser);
    assert_eq!(order(&s), [1, 2, 3]);
    let move_to = |s: &mut Session, table: u32, to_index: usize| {
        s.apply(
            &org,
            &Change::MoveTable {
                table: TableId { round: 1, table },
                to_index,
            },
        )
    };
    move_to(&mut s, 3, 0).unwrap();
    assert_eq!(order(&s), [3, 1, 2]);
    assert!(s.audit.last().unwrap().what.contains("from place 3 to place 1"));
    move_to(&mut s, 3, 99).unwrap();
    assert_eq!(order(&s), [1, 2, 3]);
    move_to(&mut s, 1, 1).unwrap();
    assert_eq!(order(&s), [2, 1, 3]);
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));

    let mut by_hand = s.clone();
    by_hand.rounds[0].tables.swap(0, 2);
    assert!(matches!(
        go_arbiter::session::audit::verify(&by_hand),
        Err(ChainError::HeaderState { .. })
    ));
}

/// `three_tables` with rounds 2 and 3 added (empty: a round's place does not need tables).
fn three_rounds() -> Session {
    let mut s = three_tables();
    let org = Stamp::new("08:45", "Organiser", Role::Organiser);
    for number in [2, 3] {
        let date = format!("2026-11-{}", 27 + number);
        s.apply(&org, &Change::Round { number, date }).unwrap();
    }
    s
}

fn round_order(s: &Session) -> Vec<u32> {
    s.rounds.iter().map(|r| r.number).collect()
}

#[test]
fn rounds_move_in_the_sessions_order_survive_the_journal_and_a_reorder_by_hand_is_caught() {
    let mut s = three_rounds();
    let org = Stamp::new("08:50", "Organiser", Role::Organiser);
    let move_to = |number: u32, to_index: usize| Change::MoveRound { number, to_index };
    assert_eq!(round_order(&s), [1, 2, 3]);
    s.apply(&org, &move_to(3, 0)).unwrap();
    assert_eq!(round_order(&s), [3, 1, 2]);
    let last = s.audit.last().unwrap();
    assert_eq!(last.table, None, "a header entry");
    assert_eq!(last.what, "round 3 moved from place 3 to place 1");
    s.apply(&org, &move_to(3, 99)).unwrap();
    assert_eq!(round_order(&s), [1, 2, 3]);
    assert!(s.audit.last().unwrap().what.ends_with("to place 3"));
    s.apply(&org, &move_to(1, 1)).unwrap();
    assert_eq!(round_order(&s), [2, 1, 3]);
    // A round keeps its number and its tables where it goes.
    assert_eq!(order(&s), [1, 2, 3]);
    assert_eq!(s.table(TABLE).map(|t| t.number), Some(1));
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));

    // Journaled, replayed after a crash, and kept by the snapshot.
    let dir = scratch("move-round");
    let path = dir.join("day.ron");
    let mut journaled = three_rounds();
    let mut store = Store::create(&path, &journaled).unwrap();
    store.record(&mut journaled, &org, &move_to(2, 0)).unwrap();
    drop(store); // no close: the move is in the journal only
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.replayed, 1);
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(round_order(&loaded.session), [2, 1, 3]);
    assert_eq!(loaded.session, journaled);
    let (store, _) = Store::open(&path).unwrap(); // writes the recovered state as a snapshot
    store.close(&journaled).unwrap();
    let reread = store::load(&path).unwrap();
    assert_eq!((reread.replayed, reread.chain), (0, Ok(())));
    assert_eq!(round_order(&reread.session), [2, 1, 3]);

    // Rounds swapped by hand, in memory or in a file, break the header's state.
    let mut by_hand = s.clone();
    by_hand.rounds.swap(0, 2);
    assert!(matches!(
        go_arbiter::session::audit::verify(&by_hand),
        Err(ChainError::HeaderState { .. })
    ));
    let swapped = dir.join("swapped.ron");
    Store::create(&swapped, &by_hand).unwrap().close(&by_hand).unwrap();
    assert!(matches!(
        store::load(&swapped).unwrap().chain,
        Err(ChainError::HeaderState { .. })
    ));
}

#[test]
fn renaming_or_moving_what_does_not_exist_is_refused_and_changes_nothing() {
    let mut s = three_tables();
    let before = s.clone();
    let org = Stamp::new("08:50", "Organiser", Role::Organiser);
    let missing = TableId { round: 1, table: 9 };
    let no_round = TableId { round: 4, table: 1 };
    let refusals = [
        (
            Change::RenameRound {
                number: 4,
                name: "x".into(),
            },
            SessionError::NoSuchRound(4),
        ),
        (
            Change::RenameTable {
                table: missing,
                name: "x".into(),
            },
            SessionError::NoSuchTable(missing),
        ),
        (
            Change::MoveTable {
                table: missing,
                to_index: 0,
            },
            SessionError::NoSuchTable(missing),
        ),
        (
            Change::MoveTable {
                table: no_round,
                to_index: 0,
            },
            SessionError::NoSuchTable(no_round),
        ),
        (
            Change::MoveRound { number: 4, to_index: 0 },
            SessionError::NoSuchRound(4),
        ),
    ];
    for (change, error) in refusals {
        assert_eq!(s.apply(&org, &change), Err(error));
        assert_eq!(s, before);
    }
}

#[test]
fn a_bad_audit_line_or_clock_line_is_located() {
    let dir = scratch("bad-lines");
    let path = dir.join("day.ron");
    let session = v2_session();
    Store::create(&path, &session).unwrap().close(&session).unwrap();
    let good = fs::read_to_string(&path).unwrap();

    // The role of the entry recording the result, A (arbiter), made X.
    let entry = good
        .lines()
        .position(|l| l.contains("\tresult: none -> W+R\t"))
        .unwrap();
    let edited = good.replacen("\tA\t1.1\tresult: none", "\tX\t1.1\tresult: none", 1);
    assert_ne!(edited, good);
    fs::write(&path, &edited).unwrap();
    let err = store::load(&path).unwrap_err();
    let StoreError::Unreadable {
        error: FormatError::Parse { line, message, .. },
        ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!(*line, entry + 1, "{err}");
    assert!(message.contains("role `X`"), "{message}");

    // A press without its move number.
    let edited = good.replacen("\n60 P W 2\n", "\n60 P W\n", 1);
    assert_ne!(edited, good);
    fs::write(&path, &edited).unwrap();
    let err = store::load(&path).unwrap_err();
    assert!(
        matches!(
            &err,
            StoreError::Unreadable {
                error: FormatError::Clock {
                    table: TABLE,
                    line: 3,
                    ..
                },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn a_time_control_set_before_the_clock_starts_is_stored_audited_and_saved() {
    let dir = scratch("time-control");
    let path = dir.join("day.ron");
    let mut s = seated();
    let set = Change::TimeControl {
        table: TABLE,
        control: "japanese:30m+5x30s".to_string(),
    };
    s.apply(&arbiter("09:00"), &set).unwrap();
    let last = s.audit.last().unwrap();
    assert_eq!(last.table, Some(TABLE));
    assert!(
        last.what.contains("chinese:60m/5 -> japanese:30m+5x30s"),
        "{}",
        last.what
    );
    Store::create(&path, &s).unwrap().close(&s).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.chain, Ok(()));
    let game = &loaded.session.table(TABLE).unwrap().game;
    assert_eq!(game.time_control, "japanese:30m+5x30s");
    assert_eq!(game.control().unwrap(), "japanese:30m+5x30s".parse().unwrap());
}

#[test]
fn a_time_control_is_refused_when_unreadable_once_the_clock_started_or_on_a_confirmed_result() {
    let mut s = seated();
    let before = s.clone();
    let bad = Change::TimeControl {
        table: TABLE,
        control: "sometimes:5".to_string(),
    };
    assert!(matches!(s.apply(&arbiter("09:00"), &bad), Err(SessionError::Stored(_))));
    assert_eq!(s, before);

    let start = Change::Clock {
        table: TABLE,
        event: clock_events(0)[0].clone(),
    };
    s.apply(&arbiter("09:01"), &start).unwrap();
    let after_start = s.clone();
    let set = Change::TimeControl {
        table: TABLE,
        control: "absolute:30m".to_string(),
    };
    assert_eq!(s.apply(&arbiter("09:02"), &set), Err(SessionError::ClockStarted(TABLE)));
    assert_eq!(s, after_start);

    let mut confirmed = full_session();
    let locked = confirmed.clone();
    assert!(matches!(
        confirmed.apply(&arbiter("12:00"), &set),
        Err(SessionError::ResultLocked { .. })
    ));
    assert_eq!(confirmed, locked);
}

/// Table 1 with `count` record changes, each noted with a long note (a trail of over 1 MB).
fn long_trail(count: usize) -> Session {
    let mut s = seated();
    let record = s.table(TABLE).unwrap().game.record.clone();
    let note = "n".repeat(300);
    for i in 0..count {
        let change = Change::Record {
            table: TABLE,
            sgf: record.clone(),
            note: format!("{i} {note}"),
        };
        s.apply(&arbiter("10:00"), &change).unwrap();
    }
    s
}

#[test]
fn in_a_long_trail_read_in_two_halves_errors_are_located_in_the_second_half() {
    let dir = scratch("long-trail");
    let path = dir.join("day.ron");
    let session = long_trail(4200);
    Store::create(&path, &session).unwrap().close(&session).unwrap();
    let good = fs::read_to_string(&path).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(loaded.session, session);

    // A bad role in entry 4000 (far in the second half).
    let index = session
        .audit
        .iter()
        .position(|e| e.what.starts_with("record: 0 moves; 3994 "))
        .unwrap();
    let entry_line = good.lines().position(|l| l.contains("; 3994 nnn")).unwrap();
    let edited = good.replacen(
        "\tA\t1.1\trecord: 0 moves; 3994 ",
        "\tX\t1.1\trecord: 0 moves; 3994 ",
        1,
    );
    assert_ne!(edited, good);
    fs::write(&path, &edited).unwrap();
    let err = store::load(&path).unwrap_err();
    let StoreError::Unreadable {
        error: FormatError::Parse { line, message, .. },
        ..
    } = &err
    else {
        panic!("{err}")
    };
    assert_eq!(*line, entry_line + 1, "{err}");
    assert!(message.starts_with(&format!("audit entry {index}: ")), "{message}");

    // The same entry's text edited: its link breaks, found at its number.
    let edited = good.replacen("record: 0 moves; 3994 ", "record: 0 moves; 3995 ", 1);
    fs::write(&path, &edited).unwrap();
    let loaded = store::load(&path).unwrap();
    assert!(
        matches!(loaded.chain, Err(ChainError::Hash { index: i, .. }) if i == index),
        "{:?}",
        loaded.chain
    );
}

#[test]
fn an_event_change_names_each_field_it_changes_in_the_audit_trail() {
    let mut s = seated();
    let org = Stamp::new("09:10", "Organiser", Role::Organiser);
    assert!(
        s.audit[0].what.starts_with("event: "),
        "the first entry names the event"
    );
    let mut edited = event();
    edited.lateness_limit = Duration::from_secs(3600);
    edited.time_control = "chinese:120m/5".to_string();
    edited.venue = "Hall B".to_string();
    // Free text is quoted: a name holding the separator cannot pass for another field.
    edited.name = "Spring Cup; venue Hall C".to_string();
    s.apply(&org, &Change::Event(edited.clone())).unwrap();
    let what = &s.audit.last().unwrap().what;
    assert!(what.contains("lateness limit 15m -> 60m"), "{what}");
    assert!(
        what.contains(&format!(
            r#"time control {:?} -> "chinese:120m/5""#,
            event().time_control
        )),
        "{what}"
    );
    assert!(
        what.contains(&format!(r#"venue {:?} -> "Hall B""#, event().venue)),
        "{what}"
    );
    assert!(
        what.contains(&format!(r#"name {:?} -> "Spring Cup; venue Hall C""#, event().name)),
        "{what}"
    );
    assert!(!what.contains("komi"), "an unchanged field is not named: {what}");
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));
}

#[test]
fn an_event_without_a_name_or_with_an_unreadable_time_control_is_refused_and_leaves_no_audit_entry() {
    let mut s = seated();
    let before = s.clone();
    let org = Stamp::new("09:10", "Organiser", Role::Organiser);
    let mut nameless = event();
    nameless.name = "  ".to_string();
    assert_eq!(
        s.apply(&org, &Change::Event(nameless)),
        Err(SessionError::EventWithoutName)
    );
    let mut unreadable = event();
    unreadable.time_control = "chinese:60m".to_string();
    let refused = s.apply(&org, &Change::Event(unreadable)).unwrap_err();
    let SessionError::EventControl { text, why } = &refused else {
        panic!("{refused}")
    };
    assert_eq!(text, "chinese:60m");
    assert_eq!(
        Err(why.clone()),
        "chinese:60m".parse::<go_arbiter::clock::TimeControl>()
    );
    assert!(refused.to_string().contains("`chinese:60m` does not read"), "{refused}");
    assert_eq!(s, before, "a refused event change changed the session");
    assert_eq!(s.audit.len(), before.audit.len());
}

#[test]
fn a_handicap_set_before_the_clock_is_stored_with_its_komi_audited_and_refused_once_the_clock_runs() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半": 4 stones, no komi.
    let mut s = seated();
    let four = Change::Handicap {
        table: TABLE,
        handicap: 4,
        komi: Quarters::ZERO,
    };
    s.apply(&arbiter("09:00"), &four).unwrap();
    let tg = &s.table(TABLE).unwrap().game;
    assert_eq!((tg.handicap, tg.komi), (4, Quarters::ZERO));
    assert_eq!(
        tg.even_komi(&s.event),
        s.event.komi,
        "removing it brings back the event's"
    );
    let last = s.audit.last().unwrap();
    assert_eq!(last.table, Some(TABLE));
    assert_eq!(last.what, "handicap 0 -> 4, komi 3 3/4 -> 0 stones");
    let even = Change::Handicap {
        table: TABLE,
        handicap: 0,
        komi: Quarters(15),
    };
    s.apply(&arbiter("09:01"), &even).unwrap();
    let tg = &s.table(TABLE).unwrap().game;
    assert_eq!((tg.handicap, tg.komi), (0, Quarters(15)));
    assert!(go_arbiter::session::audit::verify(&s).is_ok());

    let event = clock_events(0).remove(0);
    s.apply(&arbiter("09:02"), &Change::Clock { table: TABLE, event })
        .unwrap();
    let entries = s.audit.len();
    assert_eq!(
        s.apply(&arbiter("09:03"), &four),
        Err(SessionError::HandicapAfterStart(TABLE))
    );
    assert_eq!(s.audit.len(), entries, "a refused change leaves no entry");
    assert_eq!(s.table(TABLE).unwrap().game.handicap, 0);
}

/// A session written before events had a byo-yomi script (and before fast games had periods)
/// still loads, its chain whole, and its tables call the rules' 60 s script (Art. 12.3); the
/// older text's event reaches the caller's words, and its komi and rules are the edition's
/// (old Art. 11: "黑方需贴出二又四分之三子").
#[test]
fn old_sessions_load_with_the_rules_script_and_the_edition_reaches_every_engine() {
    use go_arbiter::caller::{ChineseScript, Wording};
    use go_arbiter::session::caller_script;

    let text = fs::read_to_string(v2_file()).unwrap();
    assert!(!text.contains("script"));
    let dir = scratch("old-script");
    let path = dir.join("old.ron");
    fs::write(&path, &text).unwrap();
    let loaded = store::load(&path).unwrap();
    assert_eq!(loaded.chain, Ok(()));
    let event = &loaded.session.event;
    assert_eq!(event.script, "");
    let script = caller_script(event.edition, event);
    assert_eq!(script.chinese, ChineseScript::default());
    assert_eq!(script.wording, Wording::Text2002);
    // An empty script is not written: an old event's digest stays the same.
    assert!(!ron::to_string(event).unwrap().contains("script"));

    // The older text: its rules, its komi, its words.
    let old = Edition::ChineseOld;
    assert_eq!(old.default_rules(), Preset::ChineseOld);
    assert_eq!(old.default_komi(), Quarters(11));
    assert_eq!(
        Quarters::from_points_f64(Preset::ChineseOld.rules().komi),
        Some(old.default_komi())
    );
    assert_eq!(
        Quarters::from_points_f64(Preset::Chinese2002.rules().komi),
        Some(Edition::Chinese2002.default_komi())
    );
    assert!(old.holds_byo_yomi_for_captures() && !Edition::Chinese2002.holds_byo_yomi_for_captures());
    let mut fast = event.clone();
    fast.edition = old;
    fast.time_control = "chinese:10m/3x30s".to_string();
    assert_eq!(caller_script(old, &fast).wording, Wording::OldText);
    assert_eq!(
        caller_script(old, &fast).chinese,
        ChineseScript::preset("fast-30s").unwrap()
    );
    fast.script = "30s: 15,25 / 15 +5".to_string();
    assert_eq!(caller_script(old, &fast).chinese.calls, [15, 25]);

    // The session refuses a script that does not read or is for another period, with its reason.
    let mut session = Session::new(event.clone());
    fast.script = "60s: 30 / 30 +10".to_string();
    let refused = session
        .apply(&arbiter("09:00"), &Change::Event(fast.clone()))
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the event's settings: the byo-yomi script `60s: 30 / 30 +10` is refused: column 1: \
         the script is for periods of 60s, the time control's are 30s"
    );
    fast.script = "30s: 15,25 / 15 +5".to_string();
    session.apply(&arbiter("09:00"), &Change::Event(fast)).unwrap();
    let what = &session.audit.last().unwrap().what;
    assert!(what.contains(r#"byo-yomi script "" -> "30s: 15,25 / 15 +5""#), "{what}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_session_saved_with_a_byte_order_mark_or_crlf_line_ends_reads_and_its_chain_holds() {
    let dir = scratch("bom-crlf");
    let session = full_session();
    let path = dir.join("day.ron");
    Store::create(&path, &session).unwrap().close(&session).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    for (name, edited) in [
        ("bom.ron", format!("\u{feff}{text}")),
        ("crlf.ron", text.replace('\n', "\r\n")),
        ("both.ron", format!("\u{feff}{}", text.replace('\n', "\r\n"))),
    ] {
        let file = dir.join(name);
        fs::write(&file, edited).unwrap();
        let loaded = store::load(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded.session, session, "{name}");
        assert!(loaded.chain.is_ok(), "{name}: {:?}", loaded.chain);
    }
}

#[test]
fn a_version_that_was_never_written_is_named_so_not_called_newer() {
    let text = "(\n\tversion: 0,\n)\n";
    let refused = go_arbiter::session::format::from_ron(text).unwrap_err();
    assert!(
        matches!(refused, FormatError::NoSuchVersion { found: 0 }),
        "{refused:?}"
    );
    assert_eq!(
        refused.to_string(),
        "schema version 0 was never written by go-arbiter (its versions are 1 to 3)"
    );
    let newer = go_arbiter::session::format::from_ron("(\n\tversion: 99,\n)\n").unwrap_err();
    assert!(matches!(newer, FormatError::Version { found: 99 }), "{newer:?}");
}

#[test]
fn a_file_that_does_not_read_is_explained_in_words_never_by_the_programs_type_names() {
    for text in [
        "hello",
        "(\n\tversion: 3,\n\tfoo: 1,\n)\n",
        "(\n\tversion: 2,\n)\n",
        "(\n\tversion: 1,\n)\n",
    ] {
        let refused = go_arbiter::session::format::from_ron(text).unwrap_err().to_string();
        for internal in ["Probe", "FileV", "SessionV", "RoundV", "TableV", "PlayerV"] {
            assert!(!refused.contains(internal), "{text:?}: {refused}");
        }
        assert!(refused.contains("session"), "{text:?}: {refused}");
    }
}

//! Tests of a running clock's durability: checkpoints recorded as changes (audited, journaled,
//! checked against the clock), and the downtime after a crash or a close measured from the last
//! durable instant to the reopening, exactly, with both readings (charged, not charged), never
//! for a table with a result. Seed 001, in simplified characters: "当计时钟发生故障时，裁判长应根据
//! 实际情况作出……解释计时钟读数……果断裁决": the arbiter decides, from the clock's readings; the
//! program offers both and charges nothing silently. Time is given as durations; nothing sleeps.

use std::fs;
use std::path::PathBuf;
use std::time::Duration;

use go_arbiter::board::Color;
use go_arbiter::clock::{ClockEvent, EventKind};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::downtime::{self, CHECKPOINT_EVERY, Checkpoint, WallSource};
use go_arbiter::session::store;
use go_arbiter::session::{
    ChainError, Change, GameSetup, Player, PlayerId, Role, Session, SessionError, Stamp, Store, TableId,
};

use crate::support::event;

const TABLE: TableId = TableId { round: 1, table: 1 };
/// 2026-11-29 09:00:00 UTC, since the Unix epoch.
const WALL: Duration = Duration::from_secs(1_795_942_800);

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

fn arbiter() -> Stamp {
    Stamp::new("2026-11-29 09:00:00 UTC", "Li Wei", Role::Arbiter)
}

/// Event, two players, round 1, table 1 at `chinese:60m/5`, its clock started for Black at 0.
fn started() -> Session {
    let mut s = Session::new(event());
    let org = Stamp::new("2026-11-29 08:30:00 UTC", "Organiser", Role::Organiser);
    s.apply(&org, &Change::Event(event())).unwrap();
    for (id, name) in [(1, "Chen Li"), (2, "Ann Smith")] {
        let player = Player {
            id: PlayerId(id),
            name: name.to_string(),
            rank: "2d".parse().unwrap(),
            club: String::new(),
            registration: Default::default(),
        };
        s.apply(&org, &Change::Player(player)).unwrap();
    }
    let round = Change::Round {
        number: 1,
        date: "2026-11-29".to_string(),
    };
    s.apply(&org, &round).unwrap();
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
    clock(&mut s, secs(0), EventKind::Start { to_move: Color::Black });
    s
}

fn clock(s: &mut Session, at: Duration, kind: EventKind) {
    let event = ClockEvent { at, kind };
    s.apply(&arbiter(), &Change::Clock { table: TABLE, event }).unwrap();
}

fn checkpoint(s: &mut Session, at: Duration, wall: Duration, used: [Duration; 2]) -> Result<(), SessionError> {
    let checkpoint = Checkpoint { at, wall, used };
    s.apply(
        &arbiter(),
        &Change::Checkpoint {
            table: TABLE,
            checkpoint,
        },
    )
}

fn game(s: &Session) -> &go_arbiter::session::TableGame {
    &s.table(TABLE).unwrap().game
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-downtime-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_checkpoint_records_the_clocks_used_times_with_one_audit_entry_in_the_chain() {
    let mut s = started();
    let entries = s.audit.len();
    checkpoint(&mut s, secs(8), WALL + secs(8), [secs(8), secs(0)]).unwrap();
    assert_eq!(s.audit.len(), entries + 1, "one audit entry");
    let entry = s.audit.last().unwrap();
    assert!(downtime::is_checkpoint(entry), "{}", entry.what);
    assert_eq!(
        entry.what,
        "clock checkpoint at 8.000 s: used 8.000 s (Black), 0.000 s (White)"
    );
    assert_eq!(game(&s).checkpoint.map(|c| c.at), Some(secs(8)));
    assert_eq!(game(&s).last_durable(), secs(8));
    assert_eq!(go_arbiter::session::audit::verify(&s), Ok(()));
    // The checkpoint is part of the table's state: changed by hand, the chain says so.
    let mut forged = s.clone();
    let table = forged.rounds[0].tables.iter_mut().next().unwrap();
    table.game.checkpoint = Some(Checkpoint {
        at: secs(8),
        wall: WALL + secs(60),
        used: [secs(8), secs(0)],
    });
    assert!(matches!(
        go_arbiter::session::audit::verify(&forged),
        Err(ChainError::TableState { .. })
    ));
}

#[test]
fn a_checkpoint_that_is_not_the_clocks_reading_or_comes_before_its_last_instant_is_refused() {
    let mut s = started();
    let wrong = checkpoint(&mut s, secs(8), WALL + secs(8), [secs(7), secs(0)]);
    assert!(
        matches!(wrong, Err(SessionError::CheckpointMismatch { .. })),
        "{wrong:?}"
    );
    clock(
        &mut s,
        secs(20),
        EventKind::Press {
            player: Color::Black,
            move_number: 1,
        },
    );
    let early = checkpoint(&mut s, secs(19), WALL + secs(19), [secs(19), secs(0)]);
    assert!(matches!(early, Err(SessionError::CheckpointBefore { .. })), "{early:?}");
    checkpoint(&mut s, secs(25), WALL + secs(25), [secs(20), secs(5)]).unwrap();
    let back = checkpoint(&mut s, secs(24), WALL + secs(24), [secs(20), secs(4)]);
    assert!(matches!(back, Err(SessionError::CheckpointBefore { .. })), "{back:?}");
    assert_eq!(
        game(&s).checkpoint.map(|c| c.at),
        Some(secs(25)),
        "refusals change nothing"
    );
}

#[test]
fn the_downtime_runs_exactly_from_the_last_checkpoint_to_the_reopening_with_both_readings() {
    let mut s = started();
    // Black has thought 16 minutes 40.25 s when the last checkpoint is written.
    let at = secs(1000) + ms(250);
    checkpoint(&mut s, at, WALL + at, [at, secs(0)]).unwrap();
    // The power goes; the app is back 2 minutes 0.4 s later (wall time).
    let reopened = WALL + at + secs(120) + ms(400);
    let d = downtime::downtime(TABLE, game(&s), reopened, None).unwrap();
    assert_eq!(d.source, WallSource::Checkpoint);
    assert_eq!((d.last, d.last_wall, d.down), (at, WALL + at, secs(120) + ms(400)));
    assert_eq!(d.player, Color::Black);
    assert_eq!(
        d.uncharged.used,
        [at, secs(0)],
        "not charged: as at the last durable instant"
    );
    assert_eq!(
        d.charged.used,
        [at + secs(120) + ms(400), secs(0)],
        "charged: every second that passed"
    );
    assert_eq!(d.charged.left[0].main, d.uncharged.left[0].main - secs(120) - ms(400));
}

#[test]
fn a_press_after_the_last_checkpoint_is_the_last_durable_instant_timed_from_that_checkpoint() {
    let mut s = started();
    checkpoint(&mut s, secs(96), WALL + secs(96) + ms(30), [secs(96), secs(0)]).unwrap();
    clock(
        &mut s,
        secs(100),
        EventKind::Press {
            player: Color::Black,
            move_number: 1,
        },
    );
    // White thinks; the app is killed 7.9 s after the press, reopened 60 s after the press.
    let d = downtime::downtime(TABLE, game(&s), WALL + secs(160) + ms(30), None).unwrap();
    assert_eq!((d.last, d.down, d.player), (secs(100), secs(60), Color::White));
    assert_eq!(d.uncharged.used, [secs(100), secs(0)]);
    assert_eq!(d.charged.used, [secs(100), secs(60)]);
}

#[test]
fn the_issue_18_case_no_minute_of_black_thinking_is_handed_back() {
    // Black's clock ran 8 minutes after White's last press before the window was closed; the
    // checkpoints came every 8 s meanwhile, the last at the close. Reopened 2 minutes later.
    let mut s = started();
    clock(
        &mut s,
        secs(60),
        EventKind::Press {
            player: Color::Black,
            move_number: 1,
        },
    );
    clock(
        &mut s,
        secs(60 + 349),
        EventKind::Press {
            player: Color::White,
            move_number: 2,
        },
    );
    let mut at = secs(60 + 349);
    while at + CHECKPOINT_EVERY <= secs(60 + 349 + 480) {
        at += CHECKPOINT_EVERY;
        checkpoint(&mut s, at, WALL + at, [secs(60) + (at - secs(409)), secs(349)]).unwrap();
    }
    let close = secs(60 + 349 + 480);
    checkpoint(&mut s, close, WALL + close, [secs(60 + 480), secs(349)]).unwrap();
    let d = downtime::downtime(TABLE, game(&s), WALL + close + secs(120), None).unwrap();
    assert_eq!(d.down, secs(120), "2:00 down, from the close");
    assert_eq!(
        d.uncharged.used[0],
        secs(540),
        "the 8 minutes before the close are kept"
    );
    assert_eq!(d.charged.used[0], secs(660));
}

#[test]
fn a_table_with_a_result_is_never_asked_about_downtime_again() {
    let mut s = started();
    checkpoint(&mut s, secs(30), WALL + secs(30), [secs(30), secs(0)]).unwrap();
    let result = Change::Result {
        table: TABLE,
        result: Some(GameResult::win(Color::White, Reason::Resignation)),
    };
    s.apply(&arbiter(), &result).unwrap();
    assert_eq!(downtime::downtime(TABLE, game(&s), WALL + secs(3600), None), None);
    let late = checkpoint(&mut s, secs(40), WALL + secs(40), [secs(40), secs(0)]);
    assert!(matches!(late, Err(SessionError::CheckpointAfterResult(_))), "{late:?}");
    // Read back from a file: not among the running clocks.
    let dir = scratch("result");
    let path = dir.join("day.ron");
    Store::create(&path, &s).unwrap();
    assert_eq!(store::load(&path).unwrap().running_clocks, []);
}

#[test]
fn a_file_without_checkpoints_counts_from_its_last_stamp_never_more_than_passed() {
    let s = started();
    // The stamp says 09:00:00 (whole seconds): the start was between 09:00:00 and 09:00:01.
    let d = downtime::downtime(TABLE, game(&s), WALL + secs(300) + ms(500), Some(WALL)).unwrap();
    assert_eq!(d.source, WallSource::Stamp);
    assert_eq!(d.down, secs(299) + ms(500), "from the end of the stamp's second");
    let unknown = downtime::downtime(TABLE, game(&s), WALL + secs(300), None).unwrap();
    assert_eq!((unknown.source, unknown.down), (WallSource::Unknown, Duration::ZERO));
}

#[test]
fn checkpoints_are_journaled_replayed_after_a_crash_and_kept_in_the_snapshot() {
    let dir = scratch("journal");
    let path = dir.join("day.ron");
    let mut s = started();
    let mut store = Store::create(&path, &s).unwrap();
    for n in 1..=3u64 {
        let at = CHECKPOINT_EVERY * n as u32;
        let checkpoint = Checkpoint {
            at,
            wall: WALL + at + ms(7),
            used: [at, secs(0)],
        };
        store
            .record(
                &mut s,
                &arbiter(),
                &Change::Checkpoint {
                    table: TABLE,
                    checkpoint,
                },
            )
            .unwrap();
    }
    let journal = fs::read_to_string(store::journal_path(&path)).unwrap();
    assert_eq!(journal.lines().count(), 3, "one journal line each, no snapshot");
    drop(store); // the crash
    let loaded = store::load(&path).unwrap();
    assert_eq!((loaded.replayed, loaded.chain.clone()), (3, Ok(())));
    assert_eq!(loaded.running_clocks, [TABLE]);
    let cp = game(&loaded.session).checkpoint.unwrap();
    assert_eq!((cp.at, cp.wall), (secs(24), WALL + secs(24) + ms(7)));
    let d = downtime::downtime(TABLE, game(&loaded.session), WALL + secs(100), None).unwrap();
    assert_eq!(d.down, secs(76) - ms(7));
    // A snapshot keeps it, and the file reads back the same.
    let (store, loaded) = Store::open(&path).unwrap();
    store.close(&loaded.session).unwrap();
    let again = store::load(&path).unwrap();
    assert_eq!(again.replayed, 0);
    assert_eq!(game(&again.session).checkpoint, Some(cp));
}

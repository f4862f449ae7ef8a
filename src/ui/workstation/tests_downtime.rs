//! Window tests of the clock that never loses time (egui_kittest): a running clock checkpointed
//! every 8 s of running time in the session file, the recovery after a crash offering the exact
//! downtime with both readings (and "do not charge it" giving back exactly that), a close while
//! clocks run asking first (the window's close button and Ctrl+Q), a close without the question
//! leaving its last checkpoint, a table with a result never asked about again, and the
//! checkpoints folded in the audit trail shown. Time is driven exactly.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::clock::{ClockEvent, EventKind, Phase};
use crate::scoring::{GameResult, Reason};
use crate::session::downtime::is_checkpoint;
use crate::session::{Change, Role, Stamp, TableId};
use crate::ui::settings::Settings;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{FileAction, Place, Workstation, WsCommand};
use crate::ui::*;

const TABLE: TableId = TableId { round: 1, table: 1 };

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// Table 1 seated and saved to a session file in a scratch folder named `name`.
fn saved(name: &str) -> (Harness<'static, Driven>, PathBuf) {
    let path = scratch(name).join("day.ron");
    let mut h = seated(Settings::default());
    let request = ws(&h).request(FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    (h, path)
}

fn checkpoints(h: &Harness<'static, Driven>) -> usize {
    ws(h).session.audit_of(TABLE).filter(|e| is_checkpoint(e)).count()
}

/// The app stops without closing (a kill): its saver's queue written, no last snapshot.
fn crash(h: &mut Harness<'static, Driven>, path: &Path) {
    let entries = ws(h).session.audit.len();
    if let Place::File { saver, .. } = std::mem::replace(&mut ws_mut(h).place, Place::Unsaved) {
        drop(saver);
    }
    for _ in 0..500 {
        if crate::session::store::load(path).is_ok_and(|l| l.session.audit.len() == entries) {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the journal did not get the {entries} entries in 5 s");
}

/// A new window opening `path` at the wall time `wall`.
fn reopen(path: &Path, wall: Duration) -> Harness<'static, Driven> {
    let mut h = harness_with(Workstation::new(Settings::default(), wall));
    h.state_mut().wall = wall;
    ws_mut(&mut h).apply(WsCommand::File(Request::Open, Some(path.to_path_buf())), Duration::ZERO);
    wait_files(&mut h);
    h
}

/// `reopen` for a file whose table is counted (its dead-stone suggestion computed on a thread).
fn reopen_counted(path: &Path, wall: Duration) -> Harness<'static, Driven> {
    let mut h = harness_with(Workstation::new(Settings::default(), wall));
    h.state_mut().wall = wall;
    ws_mut(&mut h).apply(WsCommand::File(Request::Open, Some(path.to_path_buf())), Duration::ZERO);
    for _ in 0..500 {
        h.step();
        if ws(&h).files.pending == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    settle(&mut h);
    h
}

fn used(h: &Harness<'static, Driven>, now: Duration) -> [Duration; 2] {
    let live = ws(h).live(TABLE).expect("live");
    live.table.clock.reading(live.now(now)).used
}

#[test]
fn a_running_clock_is_checkpointed_every_8_seconds_of_running_time_and_not_while_paused() {
    let (mut h, _path) = saved("every8");
    h.get_by_label("Start clock").click();
    h.run();
    assert_eq!(checkpoints(&h), 1, "one before the clock's first event of this run");
    at(&mut h, secs(5));
    assert_eq!(checkpoints(&h), 1);
    at(&mut h, secs(8));
    assert_eq!(checkpoints(&h), 2);
    at(&mut h, secs(12));
    at(&mut h, secs(16));
    assert_eq!(checkpoints(&h), 3);
    let last = ws(&h)
        .session
        .table(TABLE)
        .and_then(|t| t.game.checkpoint)
        .expect("kept");
    assert_eq!(
        (last.at, last.wall, last.used),
        (secs(16), WALL + secs(16), [secs(16), secs(0)])
    );
    ws_mut(&mut h).apply(WsCommand::Table(Command::Pause), secs(17));
    at(&mut h, secs(60));
    assert_eq!(
        checkpoints(&h),
        3,
        "a paused clock loses nothing: its pause is recorded"
    );
    ws_mut(&mut h).close();
}

#[test]
fn after_a_crash_the_recovery_offers_the_exact_downtime_with_both_readings() {
    let (mut h, path) = saved("exact");
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(100) + ms(300));
    crash(&mut h, &path);
    // Reopened 3:20.2 after the last checkpoint (wall time).
    let mut h2 = reopen(&path, WALL + secs(300) + ms(500));
    let recovery = ws(&h2).recovery.clone().expect("the recovery window");
    let d = &recovery.running[0];
    assert_eq!(
        (d.table, d.last, d.down),
        (TABLE, secs(100) + ms(300), secs(200) + ms(200))
    );
    h2.get_by_label_contains("the app was down 3:20.2 (from 2026-11-29 09:01:40 UTC");
    h2.get_by_label_contains("Charged: Black main 50:00 · + 5 reserved minutes (used 5:00.5)");
    h2.get_by_label_contains("Not charged: Black main 53:20 · + 5 reserved minutes (used 1:40.3)");
    // Charged by default: the clock shows the time actually used.
    assert_eq!(used(&h2, Duration::ZERO), [secs(300) + ms(500), secs(0)]);
    // While the question is open the clock keys wait: nothing is pressed behind it.
    h2.key_press(egui::Key::ShiftLeft);
    h2.key_press(egui::Key::Space);
    h2.run();
    let events = |h: &Harness<'static, Driven>| ws(h).session.table(TABLE).map(|t| t.game.clock_events.len());
    assert_eq!(events(&h2), Some(1), "only the start");
    // Not charged: exactly the downtime is given back, nothing before it.
    h2.get_by_label("Do not charge it").click();
    h2.run();
    assert!(ws(&h2).recovery.is_none());
    assert_eq!(used(&h2, Duration::ZERO), [secs(100) + ms(300), secs(0)]);
    let stored = &ws(&h2).session.table(TABLE).expect("table").game;
    let kinds: Vec<(Duration, bool)> = stored
        .clock_events
        .iter()
        .map(|e| (e.at, matches!(e.kind, EventKind::Pause { .. })))
        .collect();
    assert_eq!(
        kinds,
        [
            (secs(0), false),
            (secs(100) + ms(300), true),
            (secs(300) + ms(500), false)
        ],
        "start, pause at the last durable instant, resume at the reopening"
    );
    ws_mut(&mut h2).close();
}

#[test]
fn a_crash_between_checkpoints_loses_less_than_10_seconds_and_charges_no_more_than_passed() {
    let (mut h, path) = saved("between");
    h.get_by_label("Start clock").click();
    h.run();
    // Frames every second for 45.9 s; the checkpoint of 40 s is the last before the kill.
    for s in 1..=45 {
        at(&mut h, secs(s));
    }
    at(&mut h, secs(45) + ms(900));
    let ran = used(&h, secs(45) + ms(900))[0];
    crash(&mut h, &path);
    let h2 = reopen(&path, WALL + secs(50));
    let d = ws(&h2).recovery.clone().expect("the recovery").running[0].clone();
    assert_eq!(d.last, secs(40));
    assert!(d.uncharged.used[0] + secs(10) >= ran, "lost less than 10 s");
    assert_eq!(d.charged.used[0], secs(50), "charged: exactly the 50 s that passed");
}

#[test]
fn closing_the_window_while_a_clock_runs_asks_first_and_cancel_keeps_it_running() {
    let mut h = seated(Settings::default());
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(30));
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(commands.contains(&egui::ViewportCommand::CancelClose), "{commands:?}");
    h.run();
    h.get_by_label("The clock of 1 table is running. Pause it and quit?");
    h.get_by_label("Cancel").click();
    h.run();
    assert!(!h.state().shell.quit_asked);
    assert_eq!(ws(&h).live(TABLE).map(|l| l.table.clock.phase()), Some(Phase::Running));
    // Ctrl+Q asks the same; "Pause the clocks and quit" pauses them, then closes.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    h.run();
    h.get_by_label("Pause the clocks and quit").click();
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(commands.contains(&egui::ViewportCommand::Close), "{commands:?}");
    let stored = &ws(&h).session.table(TABLE).expect("table").game;
    assert!(
        matches!(
            stored.clock_events.last().map(|e| &e.kind),
            Some(EventKind::Pause { .. })
        ),
        "the pause is recorded in the session"
    );
    assert_eq!(stored.clock().map(|c| c.phase()), Ok(Phase::Paused));
}

#[test]
fn closing_without_a_clock_running_asks_nothing() {
    let mut h = seated(Settings::default());
    // Ctrl+Q in one frame (the harness's own key presses take a frame per event).
    h.input_mut().events.push(egui::Event::Key {
        key: egui::Key::Q,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::COMMAND,
    });
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(commands.contains(&egui::ViewportCommand::Close), "{commands:?}");
    assert!(!h.state().shell.quit_asked);
}

#[test]
fn a_close_without_the_question_leaves_its_last_checkpoint_so_the_downtime_starts_there() {
    let (mut h, path) = saved("close");
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(20));
    // The system closes the window (no question): the last frame's checkpoint, then the snapshot.
    ws_mut(&mut h).checkpoint_running(secs(23) + ms(600), WALL + secs(23) + ms(600));
    ws_mut(&mut h).close();
    let h2 = reopen(&path, WALL + secs(83) + ms(600));
    let d = ws(&h2).recovery.clone().expect("the clock was running").running[0].clone();
    assert!(
        !ws(&h2).recovery.as_ref().is_some_and(|r| r.recovered),
        "closed cleanly"
    );
    assert_eq!((d.last, d.down), (secs(23) + ms(600), secs(60)));
}

#[test]
fn a_table_with_a_result_is_not_asked_about_again_at_later_starts() {
    let path = scratch("result").join("day.ron");
    let h = seated(Settings::default());
    let mut session = ws(&h).session.clone();
    let stamp = Stamp::new("2026-11-29 09:00:00 UTC", "Li Wei", Role::Arbiter);
    let start = ClockEvent {
        at: Duration::ZERO,
        kind: EventKind::Start { to_move: Color::Black },
    };
    let changes = [
        Change::Clock {
            table: TABLE,
            event: start,
        },
        Change::Result {
            table: TABLE,
            result: Some(GameResult::win(Color::White, Reason::Resignation)),
        },
    ];
    for change in &changes {
        session.apply(&stamp, change).expect("applied");
    }
    crate::session::Store::create(&path, &session).expect("created");
    for hour in 1..=2 {
        let mut h2 = reopen_counted(&path, WALL + secs(3600 * hour));
        assert!(ws(&h2).recovery.is_none(), "no question at start {hour}");
        assert!(h2.query_all_by_label("Do not charge it").next().is_none());
        ws_mut(&mut h2).close();
    }
}

#[test]
fn the_audit_trail_folds_a_run_of_checkpoints_into_its_last_line() {
    let (mut h, _path) = saved("fold");
    h.get_by_label("Start clock").click();
    h.run();
    for s in [8, 16, 24, 32] {
        at(&mut h, secs(s));
    }
    assert_eq!(checkpoints(&h), 5);
    let entries: Vec<crate::session::AuditEntry> = ws(&h).session.audit_of(TABLE).cloned().collect();
    let panel = Harness::builder().build_ui(move |ui| {
        let refs: Vec<&crate::session::AuditEntry> = entries.iter().collect();
        crate::ui::counting::view::audit_panel(ui, &refs, Lang::En);
    });
    panel.get_by_label_contains("used 32.000 s (Black), 0.000 s (White) (and 3 earlier clock checkpoints)");
    assert!(
        panel.query_all_by_label_contains("at 16.000 s").next().is_none(),
        "folded"
    );
    assert!(
        panel.query_all_by_label_contains("at 0.000 s").next().is_some(),
        "the first one stands before the start"
    );
    ws_mut(&mut h).close();
}

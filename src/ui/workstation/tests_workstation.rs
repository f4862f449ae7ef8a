//! Headless tests of the workstation (egui_kittest): a session built in the sidebar, play at a
//! table stored as session changes with audit entries, saving and reopening, byo-yomi shown in
//! the sidebar, a confirmed result refused on change, a bad file's backup, the repaint policy,
//! "Save first?" before an unsaved session is replaced, rounds reordered in the sidebar, and the
//! event's lateness limit in its tables' catalogues.
//! Time is driven exactly; files go to a temporary folder.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::clock::{EventKind, Phase};
use crate::scoring::{GameResult, Reason};
use crate::session::{Change, PlayerId, Role, Session, Signer, Stamp, TableId};
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{Place, Workstation, WsCommand, parse_wall, wall_text};
use crate::ui::*;

const TABLE: TableId = TableId { round: 1, table: 1 };

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn gtp(text: &str) -> Point {
    Point::from_gtp(text, 19).unwrap_or(Point::new(99, 99))
}

fn click_point(h: &mut Harness<'static, Driven>, p: Point) {
    let rect = h.get_by_label("Board").rect();
    let size = ws(h).live(TABLE).map_or(19, |l| l.table.game.size());
    let pos = Geometry::fit(rect, size).center(p);
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
    h.run();
}

fn session_path(h: &Harness<'static, Driven>) -> Option<PathBuf> {
    match &ws(h).place {
        Place::File { path, .. } => Some(path.clone()),
        Place::Unsaved | Place::ReadOnly { .. } => None,
    }
}

#[test]
fn wall_times_read_back() {
    assert_eq!(wall_text(WALL), "2026-11-29 09:00:00 UTC");
    assert_eq!(parse_wall(&wall_text(WALL + secs(3725))), Some(WALL + secs(3725)));
    assert_eq!(parse_wall("08:30"), None);
}

#[test]
fn a_session_is_built_in_the_sidebar() {
    let h = seated(Settings::default());
    let session = &ws(&h).session;
    let names: Vec<String> = session
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.rank))
        .collect();
    assert_eq!(names, ["Chen Li 3d", "Ann Smith 2k"]);
    let table = session.table(TABLE).expect("table 1 of round 1");
    assert_eq!((table.black, table.white), (PlayerId(1), PlayerId(2)));
    assert_eq!(ws(&h).selected, Some(TABLE));
    h.get_by_label("Chen Li (3d)");
    h.get_by_label("Table 1");
    let live = ws(&h).live(TABLE).expect("live");
    let state = workstation::TableState::of(&live.table, &table.game, Duration::ZERO);
    assert_eq!(state, workstation::TableState::NotStarted);
    // Event, two players, the round, the table.
    assert_eq!(session.audit.len(), 5);
}

#[test]
fn play_clock_and_penalty_become_session_changes_with_audit_entries() {
    let mut h = seated(Settings::default());
    let before = ws(&h).session.audit_of(TABLE).count();
    click_point(&mut h, gtp("Q16"));
    click_point(&mut h, gtp("D4"));
    let stored = &ws(&h).session.table(TABLE).expect("table").game;
    let record = stored.game().expect("the stored record reads");
    assert_eq!(record.moves().len(), 2);
    assert_eq!(record.board().get(gtp("D4")), Some(Color::White));

    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(5));
    h.key_press(egui::Key::ShiftLeft);
    h.run();
    let stored = &ws(&h).session.table(TABLE).expect("table").game;
    assert_eq!(stored.clock_events.len(), 2, "start and Black's press");
    let clock = stored.clock().expect("the stored clock replays");
    assert_eq!(clock.reading(secs(8)).used, [secs(5), secs(3)]);

    ws_mut(&mut h).apply(
        WsCommand::Table(Command::Incident(Color::Black, crate::ledger::OffenceId::Takeback)),
        secs(5),
    );
    h.run();
    let stored = &ws(&h).session.table(TABLE).expect("table").game;
    assert_eq!(stored.ledger.warnings(), [1, 0]);

    let entries: Vec<String> = ws(&h)
        .session
        .audit_of(TABLE)
        .skip(before)
        .map(|e| e.what.clone())
        .collect();
    assert_eq!(entries.len(), 2 + 2 + 1, "{entries:#?}");
    assert!(entries[0].starts_with("record: 1 moves"), "{entries:#?}");
    assert!(entries[3].starts_with("clock at"), "{entries:#?}");
    // In words, not the program's own text (issue 19: "Incident(Incident { id: IncidentId(0)…").
    assert!(entries[4].starts_with("ledger: incident 1: "), "{entries:#?}");
    assert!(entries.iter().all(|e| !e.contains('{')), "{entries:#?}");
    let audit = ws(&h).session.audit.last().expect("an entry");
    assert_eq!(audit.stamp.actor, "arbiter");
    assert_eq!(audit.stamp.wall_time, "2026-11-29 09:00:05 UTC");
    assert!(crate::session::audit::verify(&ws(&h).session).is_ok());
}

#[test]
fn a_saved_session_reopens_at_the_same_position() {
    let dir = scratch("reopen");
    let path = dir.join("day.ron");
    let mut h = seated(Settings::default());
    click_point(&mut h, gtp("Q16"));
    let request = ws(&h).request(workstation::FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    assert_eq!(session_path(&h).as_deref(), Some(path.as_path()));
    // After saving, changes go to the journal through the saver.
    click_point(&mut h, gtp("D4"));
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(7));
    h.key_press(egui::Key::ShiftLeft);
    h.run();
    let board = ws(&h).live(TABLE).expect("live").table.game.board().clone();
    ws_mut(&mut h).close();

    let loaded = crate::session::store::load(&path).expect("the file reads");
    assert_eq!(loaded.session, ws(&h).session);
    let stored = loaded.session.table(TABLE).expect("table").game.game().expect("record");
    assert_eq!(stored.board(), &board);

    // Opened in a new window: the same position, the clock where it was.
    let mut h2 = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut h2).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h2);
    let live = ws(&h2).live(TABLE).expect("the table is live again");
    assert_eq!(live.table.game.board(), &board);
    assert_eq!(live.table.clock.phase(), Phase::Running);
    assert_eq!(live.table.clock.reading(live.now(Duration::ZERO)).used[0], secs(7));
    h2.get_by_label("Chen Li (3d)");
    ws_mut(&mut h2).close();
}

#[test]
fn a_session_that_did_not_close_is_recovered_and_announced() {
    let dir = scratch("recover");
    let path = dir.join("day.ron");
    let mut h = seated(Settings::default());
    let request = ws(&h).request(workstation::FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    click_point(&mut h, gtp("Q16"));
    h.get_by_label("Start clock").click();
    h.run();
    // The app stops without closing: the saver's thread finishes its queue, no snapshot.
    let journal = crate::session::store::journal_path(&path);
    if let Place::File { saver, .. } = std::mem::replace(&mut ws_mut(&mut h).place, Place::Unsaved) {
        drop(saver);
    }
    for _ in 0..500 {
        if std::fs::read_to_string(&journal).is_ok_and(|t| t.lines().count() == 3) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut h2 = harness_with(Workstation::new(Settings::default(), WALL + secs(600)));
    h2.state_mut().wall = WALL + secs(600);
    ws_mut(&mut h2).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h2);
    let recovery = ws(&h2).recovery.clone().expect("the recovery window");
    assert!(recovery.recovered);
    // The move, the clock's checkpoint before its first event of the run, the start.
    assert_eq!(recovery.replayed, 3);
    let running: Vec<_> = recovery.running.iter().map(|d| (d.table, d.last, d.down)).collect();
    assert_eq!(running, [(TABLE, secs(0), secs(600))]);
    h2.get_by_label_contains("3 journal entries replayed");
    // Charged by default: ten minutes of White's time (on move) went while the app was down.
    let live = ws(&h2).live(TABLE).expect("live");
    assert_eq!(
        live.table.clock.reading(live.now(Duration::ZERO)).used,
        [secs(0), secs(600)]
    );
    h2.get_by_label("Do not charge it").click();
    h2.run();
    assert!(ws(&h2).recovery.is_none());
    let live = ws(&h2).live(TABLE).expect("live");
    assert_eq!(live.table.clock.reading(live.now(secs(3))).used, [secs(0), secs(3)]);
    let stored = &ws(&h2).session.table(TABLE).expect("table").game;
    assert_eq!(
        stored.clock_events.len(),
        3,
        "the start, then the pause and resume recorded"
    );
    ws_mut(&mut h2).close();
}

#[test]
fn the_sidebar_shows_byo_yomi_live() {
    let mut h = seated(Settings::default());
    h.get_by_label("Start clock").click();
    h.run();
    h.get_by_label("playing");
    // chinese:60m/5: 55 free minutes, then the reserved minutes.
    at(&mut h, secs(55 * 60 + 20));
    h.get_by_label("byo-yomi");
    h.get_by_label("0:40 ×5");
    // The sidebar's clocks tick: the next repaint comes at the next visible second.
    assert!(repaint_delay(&h) <= secs(1));
}

#[test]
fn a_confirmed_result_is_locked_and_a_refused_change_is_shown() {
    let mut h = seated(Settings::default());
    let now = Duration::ZERO;
    let resign = GameResult::win(Color::White, Reason::Resignation);
    let w = ws_mut(&mut h);
    w.apply(WsCommand::Table(Command::EnterCounting), now);
    w.apply(WsCommand::Table(Command::Ending(Some(resign))), now);
    if let Some(c) = w.current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.black = "CL".to_string();
        c.drafts.white = "AS".to_string();
        c.drafts.arbiter = "AR".to_string();
    }
    w.apply(WsCommand::Table(Command::Confirm), now);
    let stored = &w.session.table(TABLE).expect("table").game;
    assert_eq!(stored.result, Some(resign));
    assert!(stored.is_confirmed());
    assert_eq!(stored.confirmation(Signer::Black).map(|c| c.name.as_str()), Some("CL"));
    settle(&mut h);
    h.get_by_label("confirmed");

    // The table refuses a new ending itself.
    let w = ws_mut(&mut h);
    w.apply(
        WsCommand::Table(Command::Ending(Some(GameResult::win(Color::Black, Reason::Time)))),
        now,
    );
    assert_eq!(w.session.table(TABLE).expect("table").game.result, Some(resign));

    // A table that says otherwise is refused by the session: shown, and the table set back.
    let w = ws_mut(&mut h);
    let other = GameResult::win(Color::Black, Reason::Time);
    if let Some(c) = w.current().and_then(|l| l.table.counting.as_mut())
        && let Some(confirmed) = c.confirmed.as_mut()
    {
        confirmed.result = other;
    }
    w.sync(TABLE);
    assert_eq!(w.session.table(TABLE).expect("table").game.result, Some(resign));
    let notice = w.notices.last().expect("the refusal is shown");
    assert!(notice.error && notice.text.contains("locked"), "{notice:?}");
    let live = w.live(TABLE).expect("live");
    let shown = live
        .table
        .counting
        .as_ref()
        .and_then(|c| c.confirmed.as_ref())
        .map(|c| c.result);
    assert_eq!(shown, Some(resign), "the live table shows the session's result again");
    let notice_text = notice.text.clone();
    settle(&mut h);
    // On screen: the notice (and the audit trail under the counted table).
    h.get_by_label(&notice_text);
}

#[test]
fn an_unreadable_file_offers_its_newest_good_backup_and_keeps_it() {
    let dir = scratch("backup");
    let path = dir.join("day.ron");
    let mut h = seated(Settings::default());
    let request = ws(&h).request(workstation::FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    ws_mut(&mut h).close();
    // A second snapshot makes a backup; then the file is damaged.
    let good = std::fs::read_to_string(&path).expect("the file");
    std::fs::write(crate::session::store::backup_path(&path, 1), &good).expect("backup");
    std::fs::write(&path, "(version: 2,\n  event: oops").expect("damage");

    let mut h2 = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut h2).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h2);
    assert!(session_path(&h2).is_none(), "nothing opened");
    let notice = ws(&h2).notices.last().expect("the error").text.clone();
    assert!(notice.contains("line 2"), "{notice}");
    assert_eq!(ws(&h2).offer_backup.as_deref(), Some(path.as_path()));
    h2.get_by_label("Open the newest good backup").click();
    wait_files(&mut h2);
    assert_eq!(session_path(&h2).as_deref(), Some(path.as_path()));
    assert!(ws(&h2).live(TABLE).is_some());
    let aside = Path::new(&format!("{}.unreadable", path.display())).to_path_buf();
    assert_eq!(
        std::fs::read_to_string(aside).ok().as_deref(),
        Some("(version: 2,\n  event: oops")
    );
    ws_mut(&mut h2).close();
}

#[test]
fn an_idle_workstation_asks_for_no_repaint() {
    let mut h = seated(Settings::default());
    h.run();
    assert_eq!(repaint_delay(&h), Duration::MAX);
    click_point(&mut h, gtp("Q16"));
    h.run();
    assert_eq!(repaint_delay(&h), Duration::MAX, "a move without a clock");
}

/// The seated table's clock started at 0, then a second table added (and selected) at 0.
fn running_then_second_table() -> Harness<'static, Driven> {
    let mut h = seated(Settings::default());
    h.get_by_label("Start clock").click();
    h.run();
    ws_mut(&mut h).apply(
        WsCommand::NewTable {
            round: 1,
            black: PlayerId(2),
            white: PlayerId(1),
        },
        Duration::ZERO,
    );
    h
}

#[test]
fn a_running_clock_on_another_table_keeps_its_sidebar_face_ticking() {
    // A second table, now selected; the first one's clock still runs.
    let mut h = running_then_second_table();
    at(&mut h, Duration::from_millis(2_400));
    assert_eq!(ws(&h).selected, Some(TableId { round: 1, table: 2 }));
    assert_eq!(repaint_delay(&h), Duration::from_millis(600));
    h.get_by_label("54:58");
}

#[test]
fn rounds_and_tables_are_renamed_and_reordered() {
    let mut h = seated(Settings::default());
    let second = TableId { round: 1, table: 2 };
    let w = ws_mut(&mut h);
    w.apply(
        WsCommand::NewTable {
            round: 1,
            black: PlayerId(2),
            white: PlayerId(1),
        },
        Duration::ZERO,
    );
    w.apply(
        WsCommand::RenameRound {
            number: 1,
            name: "Final".to_string(),
        },
        Duration::ZERO,
    );
    w.apply(
        WsCommand::RenameTable {
            table: second,
            name: "Top board".to_string(),
        },
        Duration::ZERO,
    );
    h.run();
    h.get_by_label("Table 2 Top board");
    h.get_by_label_contains("Round 1 Final");
    // The second table moved up, by its button.
    h.get_by_label("Up").click();
    h.run();
    let order: Vec<u32> = ws(&h).session.rounds[0].tables.iter().map(|t| t.number).collect();
    assert_eq!(order, [2, 1]);
    let what: Vec<&str> = ws(&h)
        .session
        .audit
        .iter()
        .rev()
        .take(3)
        .map(|e| e.what.as_str())
        .collect();
    assert!(what[0].contains("moved from place 2 to place 1"), "{what:?}");
}

#[test]
fn an_sgf_game_becomes_a_table_with_its_players() {
    let file = std::fs::read_dir("../shared/data/sgf")
        .into_iter()
        .flatten()
        .flatten()
        .flat_map(|d| walk(&d.path()))
        .find(|p| p.to_string_lossy().contains("19x19"))
        .expect("a 19x19 record in the shared data");
    let game = crate::sgf::read_file(&file).expect("the record reads");
    let moves = game.moves().len();
    let (black, white) = (game.info.black.clone(), game.info.white.clone());
    let h = harness_with(Workstation::with_game(Settings::default(), WALL, game));
    let session = &ws(&h).session;
    let table = session.table(TABLE).expect("round 1 table 1");
    assert_eq!(session.player(table.black).map(|p| p.name.clone()), Some(black));
    assert_eq!(session.player(table.white).map(|p| p.name.clone()), Some(white));
    assert_eq!(table.game.game().expect("record").moves().len(), moves);
    assert_eq!(ws(&h).live(TABLE).expect("live").table.game.moves().len(), moves);
    assert!(crate::session::audit::verify(session).is_ok());
}

/// The files under `path` (a file is itself).
fn walk(path: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(path) {
        Ok(entries) => entries.flatten().flat_map(|e| walk(&e.path())).collect(),
        Err(_) => vec![path.to_path_buf()],
    }
}

#[test]
fn two_running_tables_cost_one_frame_a_second_paced_by_the_selected_one() {
    let mut h = running_then_second_table();
    // The selected second table starts 300 ms after the first: their seconds are out of step.
    at(&mut h, Duration::from_millis(300));
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, Duration::from_millis(2_400));
    assert_eq!(ws(&h).selected, Some(TableId { round: 1, table: 2 }));
    // The first table would ask at 3.0 s; the frame comes at the selected table's 3.3 s.
    assert_eq!(repaint_delay(&h), Duration::from_millis(900));
    at(&mut h, Duration::from_millis(3_300));
    // Both tables read 54:57 then (the first one's face was late by 0.3 s at most).
    assert!(h.query_all_by_label("54:57").count() >= 2);
    assert!(h.query_all_by_label("54:58").next().is_none());
}

#[test]
fn the_counting_screen_shows_the_tables_audit_trail() {
    let mut h = seated(Settings::default());
    assert!(h.query_by_label("Audit trail").is_none(), "not while playing");
    ws_mut(&mut h).apply(WsCommand::Table(Command::EnterCounting), Duration::ZERO);
    // Until the suggestion's thread has answered (its repaint would overrun a plain run).
    settle(&mut h);
    h.get_by_label("Audit trail");
    assert!(
        h.query_by_label("No changes recorded").is_none(),
        "the table's creation is in the trail"
    );
    // The entry that seated the players is listed with its actor.
    let entries = ws(&h).session.audit_of(TABLE).count();
    assert!(entries >= 1);
    assert!(h.query_all_by_label("organiser").count() + h.query_all_by_label("Organiser").count() >= 1);
}

/// File > New on `h`'s session, to `path` (a typed path: no dialog in tests).
fn new_session_to(h: &mut Harness<'static, Driven>, path: &Path) {
    let request = ws(h).request(workstation::FileAction::New).expect("new");
    ws_mut(h).apply(WsCommand::File(request, Some(path.to_path_buf())), Duration::ZERO);
    if ws(h).save_first_question().is_some() {
        h.run();
    } else {
        // A step, not a run: the menu's spinner repaints while a job is under way.
        h.step();
    }
}

fn tables(h: &Harness<'static, Driven>) -> usize {
    ws(h).session.tables().count()
}

#[test]
fn replacing_an_unsaved_session_with_a_table_asks_first_and_cancel_keeps_it() {
    let dir = scratch("ask-cancel");
    let path = dir.join("new.ron");
    let mut h = seated(Settings::default());
    new_session_to(&mut h, &path);
    assert_eq!(ws(&h).save_first_question(), Some(1));
    h.get_by_label("Save first?");
    h.get_by_label_contains("This session (1 table) is not saved to a file");
    assert_eq!(ws(&h).files.pending, 0, "nothing started before the answer");
    h.get_by_label("Cancel").click();
    h.run();
    assert_eq!(ws(&h).save_first_question(), None);
    assert!(h.query_by_label("Save first?").is_none());
    wait_files(&mut h);
    assert!(!path.exists(), "no new session was made");
    assert!(session_path(&h).is_none());
    assert_eq!(tables(&h), 1);
    assert!(ws(&h).live(TABLE).is_some());
    // File > Open asks too.
    ws_mut(&mut h).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    h.run();
    h.get_by_label("Save first?");
}

#[test]
fn discard_replaces_the_unsaved_session() {
    let dir = scratch("ask-discard");
    let path = dir.join("new.ron");
    let mut h = seated(Settings::default());
    new_session_to(&mut h, &path);
    h.get_by_label("Discard").click();
    wait_files(&mut h);
    assert!(h.query_by_label("Save first?").is_none());
    assert_eq!(session_path(&h).as_deref(), Some(path.as_path()));
    assert_eq!(tables(&h), 0);
    assert!(ws(&h).live.is_empty());
    assert!(ws(&h).replacing.is_none(), "the consent ends with the replacement");
    ws_mut(&mut h).close();
}

#[test]
fn save_as_first_saves_the_session_then_replaces_it() {
    let dir = scratch("ask-save");
    let (saved, new) = (dir.join("day.ron"), dir.join("new.ron"));
    let mut h = seated(Settings::default());
    new_session_to(&mut h, &new);
    h.get_by_label("Save as...");
    let answer = workstation::SaveFirstAnswer::SaveAs(Some(saved.clone()));
    ws_mut(&mut h).apply(WsCommand::SaveFirst(answer), Duration::ZERO);
    wait_files(&mut h);
    wait_files(&mut h);
    assert_eq!(session_path(&h).as_deref(), Some(new.as_path()));
    assert_eq!(tables(&h), 0);
    let kept = crate::session::store::load(&saved).expect("the saved session reads");
    assert!(
        kept.session.table(TABLE).is_some(),
        "the table was saved before the replacement"
    );
    ws_mut(&mut h).close();
}

#[test]
fn a_session_saved_to_a_file_or_without_tables_is_replaced_without_asking() {
    let dir = scratch("no-ask");
    let (saved, new) = (dir.join("day.ron"), dir.join("new.ron"));
    let mut h = seated(Settings::default());
    let request = ws(&h).request(workstation::FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(saved.clone())), Duration::ZERO);
    wait_files(&mut h);
    new_session_to(&mut h, &new);
    assert_eq!(ws(&h).save_first_question(), None);
    assert!(h.query_by_label("Save first?").is_none());
    wait_files(&mut h);
    assert_eq!(session_path(&h).as_deref(), Some(new.as_path()));
    assert_eq!(tables(&h), 0);
    // Unsaved, but no table to lose.
    let mut empty = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut empty).apply(WsCommand::File(Request::Open, Some(saved.clone())), Duration::ZERO);
    assert_eq!(ws(&empty).save_first_question(), None);
    wait_files(&mut empty);
    assert_eq!(session_path(&empty).as_deref(), Some(saved.as_path()));
    assert_eq!(tables(&empty), 1);
    ws_mut(&mut h).close();
    ws_mut(&mut empty).close();
}

#[test]
fn rounds_move_up_and_down_by_their_buttons() {
    let mut h = seated(Settings::default());
    let date = "2026-11-30".to_string();
    ws_mut(&mut h).apply(WsCommand::NewRound { date }, Duration::ZERO);
    h.run();
    let order = |h: &Harness<'static, Driven>| -> Vec<u32> { ws(h).session.rounds.iter().map(|r| r.number).collect() };
    assert_eq!(order(&h), [1, 2]);
    // The first round can only go down, the last only up.
    assert_eq!(h.query_all_by_label("Round up").count(), 1);
    assert_eq!(h.query_all_by_label("Round down").count(), 1);
    h.get_by_label("Round up").click();
    h.run();
    assert_eq!(order(&h), [2, 1]);
    let last = ws(&h).session.audit.last().expect("an entry");
    assert_eq!(last.what, "round 2 moved from place 2 to place 1");
    assert_eq!(last.stamp.role, crate::session::Role::Organiser);
    // The sidebar follows the session's order: round 2's heading comes first.
    let y = |h: &Harness<'static, Driven>, title: &str| h.get_by_label_contains(title).rect().top();
    assert!(y(&h, "Round 2 ·") < y(&h, "Round 1 ·"));
    h.get_by_label("Round down").click();
    h.run();
    assert_eq!(order(&h), [1, 2]);
    assert!(crate::session::audit::verify(&ws(&h).session).is_ok());
}

#[test]
fn only_the_table_on_screen_starts_its_dead_stone_guess() {
    use crate::ui::counting::Suggestion;
    let finished = crate::ui::table::harness::finished_game();
    let mut two = Workstation::with_game(Settings::default(), WALL, finished.clone());
    two.import(finished);
    let mut h = harness_with(two);
    settle(&mut h);
    let shown = ws(&h).selected.expect("a table is shown");
    let suggestions: Vec<(TableId, bool)> = ws(&h)
        .live
        .iter()
        .map(|l| {
            let c = l.table.counting.as_ref().expect("both games ended with two passes");
            (l.id, matches!(c.suggestion, Suggestion::NotAsked))
        })
        .collect();
    assert_eq!(suggestions.len(), 2);
    for (id, not_asked) in suggestions {
        assert_eq!(not_asked, id != shown, "{id}: asked only if shown");
    }
}

/// A new session in `path` whose event allows `limit` of lateness, its table 1 seated through
/// the sidebar.
fn seated_in_event_allowing(limit: Duration, path: &Path) -> Harness<'static, Driven> {
    let mut h = harness_with(Workstation::new(Settings::default(), WALL));
    let mut event = workstation::new_event("2026-11-29", Lang::En);
    event.lateness_limit = limit;
    let mut session = Session::new(event.clone());
    let stamp = Stamp::new(&wall_text(WALL), "organiser", Role::Organiser);
    session
        .apply(&stamp, &Change::Event(event))
        .expect("a fresh session takes its event");
    let request = Request::NewSession(Box::new(session));
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.to_path_buf())), Duration::ZERO);
    wait_files(&mut h);
    assert_eq!(session_path(&h).as_deref(), Some(path));
    seat_table(&mut h);
    h
}

/// The lateness rule (factor, limit) of table 1's catalogue.
fn table_lateness(h: &Harness<'static, Driven>) -> Option<(u32, Duration)> {
    ws(h).live(TABLE).and_then(|l| l.table.catalogue.lateness())
}

#[test]
fn an_event_allowing_an_hour_of_lateness_gives_its_tables_that_limit_when_created_and_reopened() {
    const HOUR: Duration = Duration::from_secs(3600);
    // A new session's event: venue and lodging together, 15 minutes (Art. 22.2).
    assert_eq!(table_lateness(&seated(Settings::default())), Some((2, secs(15 * 60))));

    // Venue and lodging apart: an hour (Art. 22.1). The table made in the sidebar follows it.
    let dir = scratch("lateness-limit");
    let path = dir.join("apart.ron");
    let mut h = seated_in_event_allowing(HOUR, &path);
    assert_eq!(table_lateness(&h), Some((2, HOUR)));

    // Black 20 minutes late: beyond 15 minutes but within the hour, so 40 minutes deducted from
    // the 55 free minutes, no forfeit, in the ledger and on the clock.
    h.get_by_label("Lateness").click();
    h.run();
    h.get_by_label("Minutes late").focus();
    h.run();
    h.get_by_label("Minutes late").type_text("20");
    h.run();
    h.get_by_label("Apply").click();
    h.run();
    let live = ws(&h).live(TABLE).expect("live");
    assert!(live.table.dialog.is_none(), "{:?}", live.table.message);
    let reading = live.table.clock.reading(live.now(Duration::ZERO));
    assert_eq!(reading.lost, [false, false]);
    assert_eq!(reading.left[0].main, secs(15 * 60));
    let stored = &ws(&h).session.table(TABLE).expect("table").game;
    assert_eq!(
        stored.ledger.sanction_of(crate::ledger::IncidentId(0)),
        Some(&crate::ledger::Sanction::of(&[
            crate::ledger::Measure::LatenessDeduction { factor: 2 }
        ]))
    );
    assert_eq!(stored.ledger.outcome(), None);
    assert!(
        matches!(
            stored.clock_events.last().map(|e| &e.kind),
            Some(EventKind::Lateness { limit, forfeit: false, .. }) if *limit == HOUR
        ),
        "{:?}",
        stored.clock_events
    );
    ws_mut(&mut h).close();

    // Opened again: the table's catalogue still has the event's hour.
    let mut h2 = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut h2).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h2);
    assert_eq!(ws(&h2).session.event.lateness_limit, HOUR);
    assert_eq!(table_lateness(&h2), Some((2, HOUR)));
    ws_mut(&mut h2).close();
}

//! Headless tests of the window (egui_kittest): clicks on board points, refused moves, the clock
//! pressed by key with time driven exactly, penalties and warnings, and the repaint policy.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::board_view::Geometry;
use super::*;
use crate::board::{Color, Point};
use crate::clock::Phase;

/// The table and the instant the next frame is drawn at.
struct Driven {
    table: Table,
    now: Duration,
}

fn harness() -> Harness<'static, Driven> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1260.0, 860.0))
        .build_ui_state(
            |ui, d: &mut Driven| d.table.frame(ui, d.now),
            Driven {
                table: Table::new(),
                now: Duration::ZERO,
            },
        );
    harness.run();
    harness
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Clicks the centre of `p` on the board.
fn click_point(harness: &mut Harness<'static, Driven>, p: Point) {
    let rect = harness.get_by_label("Board").rect();
    let pos = Geometry::fit(rect, harness.state().table.game.size()).center(p);
    harness.hover_at(pos);
    harness.drag_at(pos);
    harness.drop_at(pos);
    harness.run();
    harness.run();
}

fn gtp(text: &str) -> Point {
    Point::from_gtp(text, 19).unwrap_or(Point::new(99, 99))
}

/// The frame's requested repaint delay.
fn repaint_delay(harness: &Harness<'static, Driven>) -> Duration {
    harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
}

#[test]
fn version_line_names_the_app_and_version() {
    assert_eq!(version_line(), format!("Go Arbiter {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn clicking_points_plays_moves_and_lists_them() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    click_point(&mut harness, gtp("D4"));
    let game = &harness.state().table.game;
    assert_eq!(game.board().get(gtp("Q16")), Some(Color::Black));
    assert_eq!(game.board().get(gtp("D4")), Some(Color::White));
    assert_eq!(game.to_move(), Color::Black);
    harness.get_by_label("1. B Q16");
    harness.get_by_label("2. W D4");
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().table.game.board().get(gtp("D4")), None);
    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(harness.state().table.game.board().get(gtp("D4")), Some(Color::White));
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut harness = harness();
    // White surrounds the corner A19; Black playing there would have no liberties.
    for p in ["K10", "B19", "K8", "A18", "A19"] {
        click_point(&mut harness, gtp(p));
    }
    assert_eq!(harness.state().table.game.board().get(gtp("A19")), None);
    assert_eq!(harness.state().table.game.to_move(), Color::Black);
    harness.get_by_label_contains("A19 refused: suicide: the stone would have no liberties");
    click_point(&mut harness, gtp("K10"));
    harness.get_by_label("K10 refused: K10 is already occupied");
}

#[test]
fn edit_mode_records_setup_edits() {
    let mut harness = harness();
    harness.get_by_label("Add white").click();
    harness.run();
    click_point(&mut harness, gtp("C3"));
    click_point(&mut harness, gtp("C4"));
    assert_eq!(harness.state().table.game.board().get(gtp("C4")), Some(Color::White));
    click_point(&mut harness, gtp("C3"));
    assert_eq!(harness.state().table.game.board().get(gtp("C3")), None);
    harness.get_by_label("edit: +0 B, +1 W, -1");
    assert_eq!(
        harness.state().table.game.to_move(),
        Color::Black,
        "edits are not moves"
    );
}

#[test]
fn the_clock_runs_and_is_pressed_by_key_with_exact_time() {
    let mut harness = harness();
    harness.get_by_label("Start clock").click();
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    // Black's free main time of chinese:60m/5 is 55 minutes.
    harness.state_mut().now = secs(5);
    harness.run();
    harness.get_by_label("54:55");
    assert_eq!(repaint_delay(&harness), secs(1), "the next visible second");

    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.state_mut().now = secs(8);
    harness.run();
    harness.get_by_label("54:55");
    harness.get_by_label("54:57");
    let reading = harness.state().table.reading(secs(8));
    assert_eq!(reading.used, [secs(5), secs(3)]);

    // A press on the wrong side does nothing but say so.
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.get_by_label("it is White's turn, not Black's");

    harness.state_mut().now = Duration::from_millis(9_250);
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Paused);
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "a paused clock asks for no repaint"
    );
    harness.state_mut().now = secs(100);
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    assert_eq!(
        repaint_delay(&harness),
        Duration::from_millis(750),
        "the next whole second of the face"
    );
}

#[test]
fn calls_appear_as_captions_and_minutes_left_are_answered() {
    let mut harness = harness();
    // Two minutes, both reserved: byo-yomi from the first move.
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    harness.get_by_label("Start clock").click();
    harness.run();
    harness.state_mut().now = secs(20);
    harness.run();
    assert!(harness.state().table.caption.is_none());
    harness.state_mut().now = secs(30);
    harness.run();
    harness.get_by_label("Black: 30 seconds");
    if let Some(button) = harness.get_all_by_label("How many minutes are left?").next() {
        button.click();
    }
    harness.run();
    harness.get_by_label("Black: 2 minutes left");
}

#[test]
fn a_penalty_is_recorded_and_warnings_show_next_to_the_name() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    assert!(harness.query_by_label("Warnings: 1").is_none());
    harness.get_by_label("Takeback").click();
    harness.run();
    harness.get_by_label_contains("1. Takeback: stone lifted and played elsewhere (Black), move 1");
    harness.get_by_label("Warnings: 1");
    harness.get_by_label("White").click();
    harness.run();
    harness.get_by_label("Early press").click();
    harness.run();
    assert_eq!(harness.state().table.ledger.warnings(), [1, 1]);
    assert_eq!(harness.get_all_by_label("Warnings: 1").count(), 2);
}

#[test]
fn a_second_warning_shows_the_proposed_loss() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    harness.get_by_label("Takeback").click();
    harness.run();
    harness.get_by_label("Early press").click();
    harness.run();
    harness.get_by_label("Warnings: 2: second warning: loss proposed (Art. 24.2)");
}

#[test]
fn an_idle_table_asks_for_no_repaint() {
    let mut harness = harness();
    harness.run();
    assert_eq!(repaint_delay(&harness), Duration::MAX);
}

#[test]
fn a_bad_time_control_is_refused_and_a_good_one_set() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:60m".to_string()), Duration::ZERO);
    harness.run();
    assert!(harness.state().table.message.is_some());
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("japanese:10m+3x30s".to_string()), Duration::ZERO);
    harness.run();
    assert_eq!(harness.get_all_by_label("10:00").count(), 2);
    assert_eq!(harness.get_all_by_label("+ 3 periods of 0:30").count(), 2);
}

#[test]
fn the_mouse_presses_too_and_a_timeout_stops_the_clock_and_the_repaints() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:1m/1".to_string()), Duration::ZERO);
    harness.get_by_label("Start clock").click();
    harness.run();
    harness.state_mut().now = secs(2);
    harness.run();
    // Black's "Press" is the first of the two buttons.
    if let Some(press) = harness.get_all_by_label("Press").next() {
        press.click();
    }
    harness.run();
    assert_eq!(
        harness.state().table.reading(secs(2)).turn.map(|t| t.player),
        Some(Color::White)
    );
    harness.state_mut().now = Duration::from_millis(62_500);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Flagged);
    harness.get_by_label("White ran out of time at 1:02: the arbiter must rule (Art. 22.5)");
    harness.get_by_label("White: Time is up");
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "a stopped clock asks for no repaint"
    );
}

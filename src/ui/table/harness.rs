//! What the table tests share (egui_kittest): a table driven at an exact instant, the harness
//! with the bundled fonts, clicks on points and labels, typing, and the real finished game.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Point;
use crate::game::Game;
use crate::rules::Preset;
use crate::ui::paint::fonts;
use crate::ui::table::Table;
use crate::ui::table::board_view::Geometry;

/// The table and the instant the next frame is drawn at.
pub struct Driven {
    pub table: Table,
    pub now: Duration,
}

/// A harness around `table` after one frame (a step, not a run: a counting screen's spinner
/// repaints until its suggestion arrives).
pub fn stepped(table: Table) -> Harness<'static, Driven> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(2100.0, 1400.0))
        .with_context_setup(fonts::install)
        .build_ui_state(
            |ui, d: &mut Driven| d.table.frame(ui, d.now),
            Driven {
                table,
                now: Duration::ZERO,
            },
        );
    harness.step();
    harness
}

/// A harness around `table`, run until it is idle.
pub fn harness_with(table: Table) -> Harness<'static, Driven> {
    let mut harness = stepped(table);
    harness.run();
    harness
}

/// A new 19x19 table.
pub fn harness() -> Harness<'static, Driven> {
    harness_with(Table::new())
}

/// The real finished game opened (so counting), with its dead-stone suggestion arrived.
pub fn counting_harness() -> Harness<'static, Driven> {
    let mut harness = stepped(Table::open(finished_game()));
    wait_for_suggestion(&mut harness);
    harness
}

/// A finished 9x9 game from the shared data (two passes at the end), under the Chinese rules.
/// At the end White's G8 stone is alone inside Black's area.
pub fn finished_game() -> Game {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf/ogs-lemonsqueeze/9x9/600129.sgf");
    let mut game = match crate::sgf::read_file(&path) {
        Ok(game) => game,
        Err(e) => panic!("{}: {e}", path.display()),
    };
    game.rules = Preset::Chinese2002.rules();
    game.preset = Some(Preset::Chinese2002);
    game
}

/// Runs frames until the dead-stone suggestion (computed on its own thread) has arrived.
pub fn wait_for_suggestion(harness: &mut Harness<'static, Driven>) {
    for _ in 0..1000 {
        // Steps, not runs: the spinner repaints until the suggestion arrives.
        harness.step();
        if harness
            .state()
            .table
            .counting
            .as_ref()
            .is_some_and(|c| c.suggested().is_some())
        {
            harness.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no suggestion after 5 s");
}

pub fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// A 19x19 point in GTP ("D4").
pub fn gtp(text: &str) -> Point {
    Point::from_gtp(text, 19).unwrap_or(Point::new(99, 99))
}

/// A 9x9 point in GTP.
pub fn gtp9(text: &str) -> Point {
    Point::from_gtp(text, 9).unwrap_or(Point::new(99, 99))
}

/// Clicks the centre of `p` on the board.
pub fn click_point(harness: &mut Harness<'static, Driven>, p: Point) {
    let rect = harness.get_by_label("Board").rect();
    let pos = Geometry::fit(rect, harness.state().table.game.size()).center(p);
    harness.hover_at(pos);
    harness.drag_at(pos);
    harness.drop_at(pos);
    harness.run();
    harness.run();
}

pub fn click(harness: &mut Harness<'static, Driven>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Types `text` into the (empty) text field labelled `label`.
pub fn type_into(harness: &mut Harness<'static, Driven>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.run();
}

/// The frame's requested repaint delay.
pub fn repaint_delay(harness: &Harness<'static, Driven>) -> Duration {
    harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
}

/// How many stones are marked dead on the counting screen.
pub fn dead_stones(harness: &Harness<'static, Driven>) -> usize {
    harness
        .state()
        .table
        .counting
        .as_ref()
        .map_or(0, |c| c.marks.dead_points().len())
}

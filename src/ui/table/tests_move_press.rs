//! Headless tests (egui_kittest) through the whole window: a move on the board presses the
//! mover's clock by default while the clock runs, and the setting turns that off.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::ui::i18n::Text;
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::workstation::harness::*;

/// Clicks the centre of `p` on the selected table's board.
fn click_point(h: &mut Harness<'static, Driven>, p: Point) {
    let pos = Geometry::fit(h.get_by_label("Board").rect(), 19).center(p);
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
    h.run();
}

/// Who is to move on the selected table's clock.
fn turn(h: &Harness<'static, Driven>) -> Option<Color> {
    let live = ws(h).live.first()?;
    live.table.reading(live.now(h.state().now)).turn.map(|t| t.player)
}

fn started(settings: Settings) -> Harness<'static, Driven> {
    let mut h = seated(settings);
    let lang = ws(&h).lang();
    h.get_by_label(Text::StartClock.tr(lang)).click();
    h.run();
    assert_eq!(turn(&h), Some(Color::Black));
    at(&mut h, Duration::from_secs(5));
    h
}

#[test]
fn by_default_a_move_on_the_board_presses_the_movers_clock() {
    assert!(Settings::default().move_presses_clock, "on by default");
    let mut h = started(Settings::default());
    click_point(&mut h, Point::new(15, 3));
    assert_eq!(
        ws(&h).live[0].table.game.position().move_number,
        1,
        "the move is played"
    );
    assert_eq!(
        turn(&h),
        Some(Color::White),
        "and Black's clock is pressed: White's runs"
    );
}

#[test]
fn with_the_setting_off_a_move_leaves_the_clock_to_the_player() {
    let settings = Settings {
        move_presses_clock: false,
        ..Settings::default()
    };
    let mut h = started(settings);
    click_point(&mut h, Point::new(15, 3));
    assert_eq!(ws(&h).live[0].table.game.position().move_number, 1);
    assert_eq!(
        turn(&h),
        Some(Color::Black),
        "Black's clock still runs until Black presses"
    );
}

//! The players' display (issue 19): the two faces side by side, full size, with the players'
//! names, their warnings and the current call; the same reading as the table's faces; nothing
//! clickable; opened and closed by its menu item and its key; no repaint while nothing changes.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::ui::i18n::Lang;
use crate::ui::paint::fonts;
use crate::ui::settings::Settings;
use crate::ui::table::clock_view::{FaceFigure, FaceState, face_text};
use crate::ui::table::harness::{click, click_point, gtp, secs};
use crate::ui::table::players_display;
use crate::ui::table::{Caption, Command, Seats, Table};

/// The display alone, as its window draws it, `size` large, for `table` at `now`.
struct Display {
    table: Table,
    now: Duration,
}

fn display(table: Table, now: Duration, size: egui::Vec2) -> Harness<'static, Display> {
    let mut h = Harness::builder()
        .with_size(size)
        .with_context_setup(fonts::install)
        .build_ui_state(
            |ui, d: &mut Display| {
                let reading = d.table.reading(d.now);
                egui::CentralPanel::default_margins()
                    .show(ui, |ui| players_display::content(ui, &d.table.shown(d.now), &reading));
            },
            Display { table, now },
        );
    h.run();
    h
}

/// A table of Chen Li 3d (Black) and Ann Smith 2k (White) on chinese:2m/1 (two minutes, the
/// last one reserved), with a warning to Black (a takeback, recorded at the table), its
/// clock started and run `run` on Black's time.
fn table_with_a_warning(run: Duration) -> Table {
    let mut table = Table::new();
    table.apply(Command::SetControl("chinese:2m/1".to_string()), Duration::ZERO);
    assert_eq!(table.clock.control().to_string(), "chinese:2m/1", "{:?}", table.message);
    let mut h = crate::ui::table::harness::harness_with(table);
    h.state_mut().table.seats = Some(Seats {
        number: 1,
        name: String::new(),
        black: "Chen Li 3d".to_string(),
        white: "Ann Smith 2k".to_string(),
    });
    click_point(&mut h, gtp("Q16"));
    click(&mut h, "Takeback");
    click(&mut h, "Record");
    h.state_mut().table.apply(Command::Press(Color::Black), Duration::ZERO);
    h.state_mut().table.apply(Command::StartClock, Duration::ZERO);
    h.state_mut().table.apply(Command::Press(Color::White), secs(5));
    h.state_mut().now = secs(5) + run;
    h.run();
    h.into_state().table
}

#[test]
fn the_display_shows_both_players_their_warnings_and_the_tables_own_reading() {
    let run = secs(70); // Black's main minute is gone: the first reserved minute runs.
    let mut table = table_with_a_warning(run);
    assert_eq!(table.ledger.warnings(), [1, 0]);
    let now = secs(5) + run;
    let reading = table.reading(now);
    table.caption = Some(Caption {
        at: now,
        player: Color::Black,
        en: "50 seconds".to_string(),
        zh: "50秒".to_string(),
    });
    let control = *table.clock.control();
    let (black, black_line) = face_text(&control, &reading.left[0], Lang::En);
    let (white, _) = face_text(&control, &reading.left[1], Lang::En);
    let h = display(table, now, egui::vec2(1280.0, 720.0));
    h.get_by_label("Black Chen Li 3d");
    h.get_by_label("White Ann Smith 2k");
    h.get_by_label("Warnings: 1");
    h.get_by_label("Warnings: 0");
    h.get_by_label("Black: 50 seconds");
    // The figures and what they are: the table's face text, from the same reading.
    // (White's clock ran the first 5 s: the clock started on White's time.)
    assert_eq!((black.as_str(), white.as_str()), ("0:50", "0:55"));
    h.get_by_label(&black);
    h.get_by_label(&white);
    h.get_by_label(&black_line);
    let state = FaceState::of(&control, &reading, Color::Black);
    assert_eq!(state, FaceState::LastMinute, "the one reserved minute is the last");
    h.get_by_label(state.word().tr(Lang::En));
}

#[test]
fn nothing_on_the_display_can_be_clicked_or_typed_in() {
    let h = display(table_with_a_warning(secs(10)), secs(15), egui::vec2(1280.0, 720.0));
    for role in [
        Role::Button,
        Role::CheckBox,
        Role::ComboBox,
        Role::TextInput,
        Role::Slider,
        Role::Link,
    ] {
        assert_eq!(h.query_all_by_role(role).count(), 0, "{role:?} on the display");
    }
    // Its text is there (the test sees the display), and none of it is a control.
    assert!(h.query_all_by_role(Role::Label).count() >= 8);
}

#[test]
fn the_displays_digits_fill_its_faces_and_never_wrap() {
    for size in [
        egui::vec2(1280.0, 720.0),
        egui::vec2(1920.0, 1080.0),
        egui::vec2(800.0, 600.0),
    ] {
        let h = display(table_with_a_warning(secs(10)), secs(15), size);
        for color in [Color::Black, Color::White] {
            let figure: FaceFigure = h
                .ctx
                .data(|d| d.get_temp(players_display::figure_id(color)))
                .expect("the figure was drawn");
            assert_eq!(figure.rows, 1);
            // The digits' ink is at least 12% of the window's height (as the table's own faces
            // at 1400x900), and the figure stays inside its half of the window.
            assert!(
                figure.digit_height >= size.y * 0.12,
                "{size:?}: {}",
                figure.digit_height
            );
            let half = size.x / 2.0;
            let inside = match color {
                Color::Black => figure.rect.right() <= half,
                Color::White => figure.rect.left() >= half,
            };
            assert!(inside, "{size:?} {color:?}: {:?}", figure.rect);
        }
    }
}

#[test]
fn its_key_and_its_menu_item_open_and_close_the_display_and_it_waits_while_nothing_changes() {
    use crate::ui::workstation::harness::{self as ws_harness, repaint_delay};
    let mut h = ws_harness::seated(Settings {
        lang: Lang::En,
        ..Settings::default()
    });
    assert!(!h.state().shell.players_display);
    h.get_by_label("Players' display (F8)").click();
    h.run();
    assert!(h.state().shell.players_display);
    // Not started: nothing changes, no frame is asked for (the display draws in the window's
    // frames only).
    assert_eq!(repaint_delay(&h), Duration::MAX);
    let drawn = |h: &Harness<'static, ws_harness::Driven>| {
        h.ctx
            .data(|d| d.get_temp::<FaceFigure>(players_display::figure_id(Color::Black)))
            .is_some()
    };
    assert!(drawn(&h), "the display's faces are drawn");
    h.key_press(players_display::KEY);
    h.run();
    assert!(!h.state().shell.players_display);
    h.key_press(players_display::KEY);
    h.run();
    assert!(h.state().shell.players_display);
}

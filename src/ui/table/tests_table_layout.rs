//! Headless layout tests (egui_kittest) of the table screen in the whole window at 1024x700,
//! 1400x900 and 1920x1080, in English and Chinese: the board's side against the central area,
//! the clock digits' height, no widget over the board, no wrapped clock figure, and a long
//! message that leaves the board where it was; the scripts' click positions.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use crate::board::Color;
use crate::lang::Lang;
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::table::clock_view::{FaceFigure, figure_id};
use crate::ui::workstation::harness::*;

const SIZES: [(f32, f32); 3] = [(1024.0, 700.0), (1400.0, 900.0), (1920.0, 1080.0)];

/// A seated table (two players, a round, table 1) in `lang`, the window at `size`.
fn seated_at(lang: Lang, size: (f32, f32)) -> Harness<'static, Driven> {
    let settings = Settings {
        lang,
        ..Settings::default()
    };
    let mut h = seated(settings);
    h.set_size(Vec2::new(size.0, size.1));
    h.run();
    h.run();
    h
}

fn area(h: &Harness<'static, Driven>) -> Rect {
    match h
        .ctx
        .data(|d| d.get_temp::<Rect>(egui::Id::unique(crate::ui::table::AREA_ID)))
    {
        Some(area) => area,
        None => panic!("the table's area is not recorded"),
    }
}

fn figure(h: &Harness<'static, Driven>, color: Color) -> FaceFigure {
    match h.ctx.data(|d| d.get_temp::<FaceFigure>(figure_id(color))) {
        Some(figure) => figure,
        None => panic!("the face's figure is not recorded"),
    }
}

/// The wooden board as drawn (the board widget's rectangle, fitted).
fn board(h: &Harness<'static, Driven>) -> Rect {
    Geometry::fit(h.get_by_label("Board").rect(), 19).board_rect()
}

#[test]
fn at_each_size_the_board_fills_the_central_area_and_the_digits_read_from_afar() {
    for lang in [Lang::En, Lang::Zh] {
        for size in SIZES {
            let h = seated_at(lang, size);
            let (area, board) = (area(&h), board(&h));
            let side = board.width().min(board.height());
            let least = area.width().min(area.height());
            eprintln!(
                "{lang:?} {size:?}: area {:.0}x{:.0}, board {:.0}x{:.0} ({:.1}%)",
                area.width(),
                area.height(),
                board.width(),
                board.height(),
                100.0 * side / least
            );
            assert!(
                side >= 0.85 * least,
                "{lang:?} {size:?}: the board's side {side} is under 85% of {least}"
            );
            assert!(
                area.contains_rect(board),
                "{lang:?} {size:?}: the board is inside the area"
            );
            for color in [Color::Black, Color::White] {
                let f = figure(&h, color);
                eprintln!(
                    "{lang:?} {size:?} {color:?}: digits {:.1} px high ({:.1}% of the window), rows {}, figure {:?}",
                    f.digit_height,
                    100.0 * f.digit_height / size.1,
                    f.rows,
                    f.rect
                );
                assert_eq!(f.rows, 1, "{lang:?} {size:?}: the clock figure never wraps");
                assert!(
                    f.rect.right() <= size.0 && f.rect.bottom() <= size.1,
                    "{lang:?} {size:?}: the figure is inside the window: {:?}",
                    f.rect
                );
                assert!(
                    !f.rect.intersects(board),
                    "{lang:?} {size:?}: the clock figure is not over the board"
                );
                // Issue 19 asks 12% at 1400x900; a window under 850 px keeps room for the
                // controls under the faces (15% of its height for the figure's font, not 17%).
                let least = match size.1 < 850.0 {
                    true => 0.10,
                    false => 0.12,
                };
                assert!(
                    f.digit_height >= least * size.1,
                    "{lang:?} {size:?}: digits {} px, under {}% of the window's height",
                    f.digit_height,
                    least * 100.0
                );
            }
        }
    }
}

#[test]
fn no_widget_lies_over_the_board_at_any_size() {
    for lang in [Lang::En, Lang::Zh] {
        for size in SIZES {
            let h = seated_at(lang, size);
            let board = board(&h);
            for node in h.query_all(By::new().predicate(|n| {
                matches!(
                    n.role(),
                    egui::accesskit::Role::Button
                        | egui::accesskit::Role::Label
                        | egui::accesskit::Role::TextInput
                        | egui::accesskit::Role::CheckBox
                        | egui::accesskit::Role::ComboBox
                        | egui::accesskit::Role::RadioButton
                )
            })) {
                let rect = node.rect();
                assert!(
                    !rect.intersects(board.shrink(1.0)),
                    "{lang:?} {size:?}: {:?} at {rect:?} lies over the board at {board:?}",
                    format!("{node:?}")
                );
            }
        }
    }
}

#[test]
fn a_long_message_leaves_the_board_and_the_panels_where_they_were() {
    for size in SIZES {
        let mut h = seated_at(Lang::En, size);
        let before = board(&h);
        let start = h.get_by_label("Start clock").rect();
        let long = "ko: this point was just captured and may not be retaken at once (Art. 7); \
                    and a lateness text that would not read: '1h 5 minutes and a bit' "
            .repeat(4);
        if let Some(live) = ws_mut(&mut h).live.first_mut() {
            live.table.message = Some(long);
        }
        h.run();
        h.run();
        assert_eq!(board(&h), before, "{size:?}: the board did not move or resize");
        assert_eq!(
            h.get_by_label("Start clock").rect(),
            start,
            "{size:?}: the clock panel did not move"
        );
    }
}

#[test]
fn each_state_of_a_face_has_its_own_word_running_byo_yomi_last_minute_last_ten_seconds_flagged_paused() {
    use crate::ui::i18n::Text;
    use crate::ui::table::Command;
    use crate::ui::table::clock_view::FaceState;
    use crate::ui::table::harness::{Driven as TableDriven, harness_with, secs};
    // chinese:3m/2: 1 minute of main time, then 2 reserved minutes (Art. 12.3).
    let mut table = crate::ui::Table::new();
    table.apply(Command::SetControl("chinese:3m/2".to_string()), secs(0));
    table.apply(Command::StartClock, secs(0));
    let mut h = harness_with(table);
    let state = |h: &Harness<'static, TableDriven>| {
        let t = &h.state().table;
        FaceState::of(t.clock.control(), &t.reading(h.state().now), Color::Black)
    };
    for (at, expected) in [
        (10, FaceState::Running),
        (70, FaceState::ByoYomi),
        (125, FaceState::LastMinute),
        (172, FaceState::LastTenSeconds),
        (181, FaceState::Flagged),
    ] {
        h.state_mut().now = secs(at);
        h.run();
        assert_eq!(state(&h), expected, "at {at} s");
        let word = expected.word().tr(Lang::En);
        assert!(
            h.query_all_by_label(word).count() >= 1,
            "at {at} s the face says {word:?}"
        );
    }
    let waiting = {
        let t = &h.state().table;
        FaceState::of(t.clock.control(), &t.reading(secs(181)), Color::White)
    };
    assert_eq!(waiting, FaceState::Over, "the other face once the clock is flagged");
    // Paused: its own word, on both faces.
    let mut table = crate::ui::Table::new();
    table.apply(Command::StartClock, secs(0));
    table.apply(Command::Pause, secs(5));
    let mut h = harness_with(table);
    h.state_mut().now = secs(6);
    h.run();
    assert_eq!(state(&h), FaceState::Paused);
    assert_eq!(h.query_all_by_label(Text::FacePaused.tr(Lang::En)).count(), 2);
}

/// The `x,y` pairs a script's line `NAME=...` lists (`CLICK="${CLICK:-857,734}"`,
/// `CLICKS=(620,223 655,261)`).
fn script_points(script: &str, name: &str) -> Vec<egui::Pos2> {
    let text = std::fs::read_to_string(script).expect("the script");
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{name}=")))
        .expect("the script's line");
    line.split(|c: char| !(c.is_ascii_digit() || c == ','))
        .filter_map(|pair| {
            let (x, y) = pair.split_once(',')?;
            Some(egui::pos2(x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

/// The positions packaging/measure-caller.sh (1500x900) and packaging/check-kept-frame.sh
/// (1260x860) click land where they mean to: Start clock, and points of the board.
#[test]
fn the_scripts_clicks_land_on_start_clock_and_on_the_board() {
    let h = seated_at(Lang::En, (1500.0, 900.0));
    let start = h.get_by_label("Start clock").rect();
    let click = script_points("packaging/measure-caller.sh", "CLICK");
    assert_eq!(click.len(), 1);
    assert!(
        start.contains(click[0]),
        "measure-caller clicks {:?}, Start clock is {start:?}",
        click[0]
    );

    let h = seated_at(Lang::En, (1260.0, 860.0));
    let board = h.get_by_label("Board").rect();
    let clicks = script_points("packaging/check-kept-frame.sh", "CLICKS");
    assert_eq!(clicks.len(), 6);
    for p in clicks {
        assert!(
            board.contains(p),
            "check-kept-frame clicks {p:?}, the board is {board:?}"
        );
    }
}

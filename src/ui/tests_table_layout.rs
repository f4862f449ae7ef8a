//! Headless layout tests (egui_kittest) of the table screen in the whole window at 1024x700,
//! 1400x900 and 1920x1080, in English and Chinese: the board's side against the central area,
//! the clock digits' height, no widget over the board, no wrapped clock figure, and a long
//! message that leaves the board where it was.

use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, Queryable};

use super::board_view::Geometry;
use super::clock_view::{FaceFigure, figure_id};
use super::settings::Settings;
use super::workstation_harness::*;
use crate::board::Color;
use crate::lang::Lang;

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
    h.ctx
        .data(|d| d.get_temp::<Rect>(egui::Id::unique(super::app::AREA_ID)))
        .expect("the table's area is recorded")
}

fn figure(h: &Harness<'static, Driven>, color: Color) -> FaceFigure {
    h.ctx
        .data(|d| d.get_temp::<FaceFigure>(figure_id(color)))
        .expect("the face's figure is recorded")
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
                // Issue 19 asks 12% at 1400x900; every size here gives it.
                let least = 0.12;
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

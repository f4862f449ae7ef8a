//! Headless tests (egui_kittest) of a session file open for writing in another window
//! (`session::lock`): a second window opens it read-only, says which process writes it, shows
//! its tables, and refuses every change with a notice while the first window goes on saving.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Point;
use crate::session::TableId;
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{Place, Workstation, WsCommand};
use crate::ui::*;

const TABLE: TableId = TableId { round: 1, table: 1 };

fn click_point(h: &mut Harness<'static, Driven>, p: &str) {
    let p = Point::from_gtp(p, 19).unwrap_or(Point::new(99, 99));
    let rect = h.get_by_label("Board").rect();
    let pos = Geometry::fit(rect, 19).center(p);
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
}

fn stones(h: &Harness<'static, Driven>) -> usize {
    let counts = ws(h).live(TABLE).expect("live").table.game.board().stone_counts();
    (counts[0] + counts[1]) as usize
}

#[test]
fn a_second_window_opens_a_session_being_written_read_only_and_refuses_changes() {
    let dir = scratch("read-only");
    let path = dir.join("day.ron");
    let mut writer = seated(Settings::default());
    let request = ws(&writer).request(workstation::FileAction::SaveAs).expect("save as");
    ws_mut(&mut writer).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut writer);
    click_point(&mut writer, "Q16");

    let mut reader = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut reader).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut reader);
    assert!(matches!(&ws(&reader).place, Place::ReadOnly { path: p } if *p == path));
    let notice = format!("process {}", std::process::id());
    reader.get_by_label_contains("read-only: it is open for writing in another window");
    reader.get_by_label_contains(&notice);
    reader.get_by_label_contains("(read-only)");
    reader.get_by_label("Chen Li (3d)");
    assert_eq!(stones(&reader), 1, "the table as the writer saved it");

    // A move in the read-only window is refused and undone; the file is not touched.
    let journal = crate::session::store::journal_path(&path);
    let before = std::fs::read_to_string(&journal).expect("journal");
    click_point(&mut reader, "D4");
    reader.run();
    reader.get_by_label_contains("Read-only: this session is open for writing in another window");
    assert_eq!(stones(&reader), 1, "the refused move was taken back");
    assert_eq!(std::fs::read_to_string(&journal).expect("journal"), before);

    // The writer goes on saving.
    click_point(&mut writer, "D4");
    ws_mut(&mut writer).close();
    let loaded = crate::session::store::load(&path).expect("the file reads");
    let game = loaded.session.table(TABLE).expect("table").game.game().expect("record");
    let counts = game.board().stone_counts();
    assert_eq!(counts[0] + counts[1], 2);
}

//! Headless tests (egui_kittest) of a failed write seen through the window (`session::saver`):
//! on a disk that fills up, the window says once that saving failed, shows how many changes it
//! holds, asks before quitting with changes held, and writes them all when space comes back.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Point;
use crate::session::TableId;
use crate::session::disk::Disk;
use crate::ui::i18n::Msg;
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{FileAction, Place, WsCommand};

const TABLE: TableId = TableId { round: 1, table: 1 };

fn saved(name: &str) -> (Harness<'static, Driven>, PathBuf) {
    let path = scratch(name).join("day.ron");
    let mut h = seated(Settings::default());
    let request = ws(&h).request(FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    (h, path)
}

fn click_point(h: &mut Harness<'static, Driven>, p: &str) {
    let p = Point::from_gtp(p, 19).unwrap_or(Point::new(99, 99));
    let rect = h.get_by_label("Board").rect();
    let pos = Geometry::fit(rect, 19).center(p);
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    // Steps, not runs: the saver's events wake the window at their own moments.
    h.run_steps(3);
}

fn use_disk(h: &Harness<'static, Driven>, disk: &Disk) {
    match &ws(h).place {
        Place::File { saver, .. } => saver.use_disk(disk.clone()),
        _ => panic!("the session is saved to a file"),
    }
}

/// Frames until `done` holds (the saver works on its own thread).
fn frames_until(h: &mut Harness<'static, Driven>, what: &str, done: impl Fn(&Harness<'static, Driven>) -> bool) {
    for _ in 0..500 {
        h.step();
        if done(h) {
            h.run_steps(2);
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!(
        "{what} did not happen in 5 s (held {:?}, asked {}, confirmed {})",
        ws(h).unsaved(),
        h.state().shell.unsaved_asked,
        h.state().shell.quit_confirmed
    );
}

fn stones_in_file(path: &std::path::Path) -> u32 {
    let loaded = crate::session::store::load(path).expect("the file reads");
    let game = loaded.session.table(TABLE).expect("table").game.game().expect("record");
    let counts = game.board().stone_counts();
    counts[0] + counts[1]
}

#[test]
fn a_full_disk_is_said_once_the_held_changes_are_counted_and_written_when_space_comes_back() {
    let (mut h, path) = saved("full-disk");
    let disk = Disk::with_room(0);
    use_disk(&h, &disk);
    click_point(&mut h, "Q16");
    frames_until(&mut h, "the failed write", |h| ws(h).unsaved().is_some());
    let notice = &ws(&h).notices.last().expect("a notice").text;
    assert!(
        notice.starts_with("Not saved: ") && notice.contains("No space left on device"),
        "{notice}"
    );
    h.get_by_label_contains("No space left on device");
    click_point(&mut h, "D4");
    click_point(&mut h, "Q4");
    let held = ws(&h).unsaved().expect("held");
    assert_eq!(held, 3, "the three moves are held");
    h.get_by_label(&Msg::HeldUnsaved(3).text(crate::ui::i18n::Lang::En));
    assert_eq!(
        ws(&h).notices.iter().filter(|n| n.text.contains("Not saved")).count(),
        1,
        "said once, not once per change"
    );
    assert_eq!(
        ws(&h).live(TABLE).expect("live").table.game.board().stone_counts(),
        [2, 1]
    );

    disk.set_room(u64::MAX);
    click_point(&mut h, "D16");
    frames_until(&mut h, "the held changes written", |h| ws(h).unsaved().is_none());
    h.get_by_label_contains("Saved again: every change held is now in");
    ws_mut(&mut h).close();
    assert_eq!(stones_in_file(&path), 4, "every move reached the file");
}

#[test]
fn closing_with_changes_held_asks_first_and_trying_again_saves_them_and_quits() {
    let (mut h, path) = saved("quit-held");
    let disk = Disk::with_room(0);
    use_disk(&h, &disk);
    click_point(&mut h, "Q16");
    frames_until(&mut h, "the failed write", |h| ws(h).unsaved().is_some());
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .events
        .push(egui::ViewportEvent::Close);
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(commands.contains(&egui::ViewportCommand::CancelClose), "{commands:?}");
    h.run_steps(3);
    h.get_by_label("Changes not saved");
    h.get_by_label_contains("1 changes are not saved: the disk does not take them");
    // Trying again on a disk still full keeps the question.
    h.get_by_label("Try to save again").click();
    h.run_steps(3);
    assert!(h.state().shell.unsaved_asked);

    disk.set_room(u64::MAX);
    h.get_by_label("Try to save again").click();
    // The close goes ahead (`Close` sent, in a frame of its own) once the disk took them.
    frames_until(&mut h, "the quit going on", |h| h.state().shell.quit_confirmed);
    assert!(!h.state().shell.unsaved_asked);
    assert_eq!(stones_in_file(&path), 1, "the held move was written before quitting");
}

#[test]
fn quitting_and_losing_the_held_changes_is_the_arbiters_choice() {
    let (mut h, _path) = saved("quit-lose");
    use_disk(&h, &Disk::with_room(0));
    click_point(&mut h, "Q16");
    frames_until(&mut h, "the failed write", |h| ws(h).unsaved().is_some());
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    h.run_steps(3);
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    assert!(!h.state().shell.unsaved_asked, "cancelled: the window stays");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    h.run_steps(3);
    h.get_by_label("Quit and lose them").click();
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(commands.contains(&egui::ViewportCommand::Close), "{commands:?}");
}

#[test]
#[ignore = "needs a read-only file system: make test-small-fs"]
fn a_session_on_a_read_only_file_system_opens_read_only_and_names_the_folder() {
    use crate::ui::workstation::Workstation;
    use crate::ui::workstation::files::Request;
    let dir = PathBuf::from(std::env::var("GO_ARBITER_SMALL_FS").expect("GO_ARBITER_SMALL_FS")).join("ro");
    let path = dir.join("day.ron");
    let mut h = harness_with(Workstation::new(Settings::default(), WALL));
    ws_mut(&mut h).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    assert!(matches!(&ws(&h).place, Place::ReadOnly { path: p } if *p == path));
    h.get_by_label_contains(&format!(
        "read-only: cannot write in the folder {}: Read-only file system",
        dir.display()
    ));
}

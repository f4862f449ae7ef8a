//! The photo screen through the window (egui_kittest) on a real photo of the shared test set,
//! its corners given from our annotations so the reading is exact: opened from the menu, read off
//! the UI thread, a point corrected by a click, counted on the table's counting screen; the
//! photo kept beside the session file and its SHA-256 and the correction in the audit trail. Bad
//! input (not an image, no board) said in both languages, with the corners then asked for.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::photo::{Pt, text};
use crate::session::TableId;
use crate::ui::i18n::Lang;
use crate::ui::i18n::photo::{self as words, PhotoText};
use crate::ui::photo::job::sha256_hex;
use crate::ui::photo::{KEY, PhotoCommand};
use crate::ui::settings::Settings;
use crate::ui::table::board_view::Geometry;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{View, WsCommand};

/// The photo the tests read: a 640x480 frame of a 19x19 board with seven stones.
const PHOTO: &str = "t2/t2_006.jpg";

fn photos() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/photos/imago-tests")
}

/// The corners of `name` in our annotations (tests/data/photo-corners.txt).
fn corners(name: &str) -> [Pt; 4] {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/photo-corners.txt");
    crate::photo::accuracy::read_corners(&file).unwrap()[name]
}

fn table() -> TableId {
    TableId { round: 1, table: 1 }
}

/// A seated table in a window in `lang`, its session saved to a file in `dir`.
fn saved_window(lang: Lang, dir: &Path) -> Harness<'static, Driven> {
    let mut h = seated(Settings {
        lang,
        ..Settings::default()
    });
    let session = Box::new(ws(&h).session.clone());
    ws_mut(&mut h).apply(
        WsCommand::File(Request::SaveAs(session), Some(dir.join("day.ron"))),
        Duration::ZERO,
    );
    wait_files(&mut h);
    h
}

/// The photo screen opened from the menu.
fn open_screen(h: &mut Harness<'static, Driven>, lang: Lang) {
    h.get_by_label(&words::menu(KEY, lang)).click();
    // Steps: a photo the table keeps is shown again on its own thread (a spinner meanwhile).
    h.step();
    h.step();
    assert_eq!(ws(h).view, View::Photo);
    h.get_by_label(&words::heading(table(), lang));
}

/// Frames until the photo's reading (on its own thread) is done.
fn wait_photo(h: &mut Harness<'static, Driven>) {
    for _ in 0..6000 {
        h.step();
        if !ws(h).photo.as_ref().is_some_and(|s| s.busy()) {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the photo was not read in 60 s");
}

/// Clicks point `p` of the read position beside the photo.
fn click_board(h: &mut Harness<'static, Driven>, p: Point, size: u8) {
    let pos = Geometry::fit(h.get_by_label("Board").rect(), size).center(p);
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
    h.run();
}

#[test]
fn a_photo_read_with_its_corners_is_corrected_by_a_click_then_counted_with_its_hash_and_the_correction_audited() {
    let dir = scratch("photo-count");
    let mut h = saved_window(Lang::En, &dir);
    open_screen(&mut h, Lang::En);
    let path = photos().join(PHOTO);
    ws_mut(&mut h).apply(
        WsCommand::Photo(PhotoCommand::Open(Some(path.clone()), Some(corners(PHOTO)))),
        Duration::ZERO,
    );
    wait_photo(&mut h);
    h.get_by_label(PhotoText::ReadPosition.tr(Lang::En));

    // Read exactly as the test set says.
    let expected = std::fs::read_to_string(path.with_extension("txt")).unwrap();
    let (_, mut want) = text::parse(&expected).unwrap();
    let record = ws(&h).photo_record().cloned().expect("the reading is recorded");
    assert_eq!(record.stones(), want, "the photo is read exactly");
    assert!(!record.found, "the corners were given");
    let sha = sha256_hex(&std::fs::read(&path).unwrap());
    assert_eq!(record.sha256, sha);
    // Kept beside the session file, under its hash.
    let kept = dir.join(format!("day-photos/{sha}.jpg"));
    assert_eq!(record.file, format!("day-photos/{sha}.jpg"));
    assert_eq!(sha256_hex(&std::fs::read(&kept).unwrap()), sha, "the copy is the photo");

    // The centre point is empty in the photo: a click makes it black.
    let tengen = Point::new(9, 9);
    assert_eq!(want[9 * 19 + 9], None);
    click_board(&mut h, tengen, 19);
    want[9 * 19 + 9] = Some(Color::Black);
    let record = ws(&h).photo_record().cloned().unwrap();
    assert_eq!(record.corrections.len(), 1);
    assert_eq!(record.stones(), want);

    // Count: the table's counting screen on that position, setup stones and no moves.
    h.get_by_label(PhotoText::Count.tr(Lang::En)).click();
    h.step();
    h.step();
    assert_eq!(ws(&h).view, View::Table);
    let live = ws(&h).live(table()).unwrap();
    assert!(live.table.game.moves().is_empty(), "no moves, setup stones only");
    let counting = live.table.counting.as_ref().expect("the counting screen is open");
    for (i, stone) in want.iter().enumerate() {
        let p = Point::new((i % 19) as u8, (i / 19) as u8);
        assert_eq!(counting.board().get(p), *stone, "{p:?} on the counting screen");
    }
    settle(&mut h);
    let counts = [Color::Black, Color::White].map(|c| want.iter().filter(|s| **s == Some(c)).count());
    assert_eq!(counts, [4, 3]);
    let said = words::counted(table(), counts, Lang::En);
    assert!(ws(&h).notices.iter().any(|n| n.text == said), "the count is said");

    // The audit trail: the photo's hash with its corners and read, then the correction, then
    // the position put on the table.
    let trail: Vec<String> = ws(&h).session.audit_of(table()).map(|e| e.what.clone()).collect();
    let photo_entry = trail.iter().find(|w| w.starts_with("photo day-photos/")).unwrap();
    assert!(
        photo_entry.contains(&sha) && photo_entry.contains("corners given"),
        "{photo_entry}"
    );
    assert!(photo_entry.contains(&record.read), "the read position is in the entry");
    assert!(
        trail
            .iter()
            .any(|w| w.contains("photo point K10") && w.ends_with("empty -> black")),
        "{trail:?}"
    );
    assert!(
        trail.iter().any(|w| w.contains("as setup stones (4 black, 3 white)")),
        "{trail:?}"
    );
    let records: Vec<&String> = trail.iter().filter(|w| w.starts_with("record:")).collect();
    assert_eq!(
        records.len(),
        1,
        "one record entry for the position counted: {records:?}"
    );
    // The photo screen opened again shows the photo kept beside the session with its corners,
    // and reads nothing again.
    let entries = ws(&h).session.audit.len();
    ws_mut(&mut h).photo = None;
    open_screen(&mut h, Lang::En);
    wait_photo(&mut h);
    let screen = ws(&h).photo.as_ref().unwrap();
    assert_eq!(screen.opened.as_ref().map(|o| o.path.clone()), Some(kept.clone()));
    assert_eq!(screen.corners.map(|c| c.map(|p| (p.x, p.y))), Some(record.corners));
    assert_eq!(ws(&h).session.audit.len(), entries, "nothing recorded again");
    assert_eq!(ws(&h).photo_record(), Some(&record));

    // The session's file (snapshot and journal, written by the saver's thread) reads back with
    // the photo, its correction and an unbroken chain.
    let mut loaded = None;
    for _ in 0..500 {
        h.step();
        let l = crate::session::store::load(&dir.join("day.ron")).unwrap();
        if l.session.audit.len() == ws(&h).session.audit.len() {
            loaded = Some(l);
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let loaded = loaded.expect("the saver wrote every change");
    assert_eq!(loaded.chain, Ok(()));
    assert_eq!(
        loaded.session.table(table()).unwrap().game.photo.as_ref(),
        Some(&record)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_that_is_not_an_image_is_said_so_in_both_languages_and_nothing_is_recorded() {
    for lang in [Lang::En, Lang::Zh] {
        let dir = scratch(&format!("photo-not-image-{lang:?}"));
        let mut h = saved_window(lang, &dir);
        open_screen(&mut h, lang);
        let path = photos().join("t2/t2_006.txt");
        ws_mut(&mut h).photo.as_mut().unwrap().typed = path.display().to_string();
        h.run();
        h.get_by_label(PhotoText::OpenTyped.tr(lang)).click();
        h.step();
        wait_photo(&mut h);
        h.get_by_label_contains(if lang == Lang::En {
            "Not an image (JPEG or PNG): "
        } else {
            "不是图片（JPEG或PNG）："
        });
        h.get_by_label(PhotoText::ByHand.tr(lang));
        assert!(ws(&h).photo_record().is_none());
        assert!(ws(&h).session.table(table()).unwrap().game.photo.is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_photo_with_no_board_asks_for_the_corners_and_a_dragged_corner_then_reads() {
    let dir = scratch("photo-no-board");
    let mut h = saved_window(Lang::Zh, &dir);
    open_screen(&mut h, Lang::Zh);
    // A plain grey-blue cloth: nothing that looks like a board.
    let cloth = image::RgbImage::from_pixel(480, 360, image::Rgb([90, 100, 140]));
    let path = dir.join("cloth.png");
    cloth.save(&path).unwrap();
    ws_mut(&mut h).apply(WsCommand::Photo(PhotoCommand::Open(Some(path), None)), Duration::ZERO);
    wait_photo(&mut h);
    let screen = ws(&h).photo.as_ref().unwrap();
    assert!(screen.asking_corners, "the corners are asked for");
    let before = screen.corners.unwrap();
    h.get_by_label(PhotoText::AskCorners.tr(Lang::Zh));
    h.get_by_label(PhotoText::ByHand.tr(Lang::Zh));

    // The top-left corner dragged 40 screen pixels right and down.
    let photo = h.get_by_label(PhotoText::Photo.tr(Lang::Zh)).rect();
    let scale = (photo.width() / 480.0).min(photo.height() / 360.0);
    let from = photo.min + egui::vec2(before[0].x as f32 * scale, before[0].y as f32 * scale);
    let to = from + egui::vec2(40.0, 40.0);
    h.hover_at(from);
    h.drag_at(from);
    h.run();
    h.hover_at(to);
    h.run();
    h.drop_at(to);
    h.run();
    let moved = ws(&h).photo.as_ref().unwrap().corners.unwrap()[0];
    let expect = |a: f64, b: f32| (a - f64::from(b)).abs() < 2.0;
    assert!(
        expect(moved.x, before[0].x as f32 + 40.0 / scale) && expect(moved.y, before[0].y as f32 + 40.0 / scale),
        "{moved:?} from {:?}",
        before[0]
    );
    h.get_by_label(PhotoText::ReadCorners.tr(Lang::Zh)).click();
    h.step();
    wait_photo(&mut h);
    let record = ws(&h).photo_record().cloned().expect("read with the corners given");
    assert!(!record.found, "the corners were given by the arbiter");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_board_cut_off_at_the_photos_edge_is_said_so_in_both_languages_and_its_corners_are_offered() {
    for lang in [Lang::En, Lang::Zh] {
        let dir = scratch(&format!("photo-cut-{lang:?}"));
        let mut h = saved_window(lang, &dir);
        open_screen(&mut h, lang);
        // The annotated corners with the bottom ones pushed below the photo's edge (480 px).
        let mut cut = corners(PHOTO);
        cut[2].y = 530.0;
        cut[3].y = 530.0;
        let path = photos().join(PHOTO);
        ws_mut(&mut h).apply(
            WsCommand::Photo(PhotoCommand::Open(Some(path), Some(cut))),
            Duration::ZERO,
        );
        wait_photo(&mut h);
        h.get_by_label_contains(match lang {
            Lang::En => "The board is cut off at the edge of the photo",
            Lang::Zh => "棋盘被照片边缘截断",
        });
        h.get_by_label(PhotoText::ByHand.tr(lang));
        h.get_by_label(PhotoText::ReadCorners.tr(lang));
        let screen = ws(&h).photo.as_ref().unwrap();
        assert!(
            screen.asking_corners && screen.corners.is_some(),
            "{lang:?}: the corners are offered"
        );
        assert!(ws(&h).photo_record().is_none(), "nothing read, nothing recorded");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! The board read from a photo (issue 21): each step of photo -> corners -> grid -> position on
//! a drawn board, the refusals, and the accuracy on the real test photos (imago-tests).

use std::collections::BTreeMap;
use std::path::PathBuf;

use go_arbiter::board::Color;
use go_arbiter::photo::accuracy::{self, FolderReport};
use go_arbiter::photo::homography::Homography;
use go_arbiter::photo::{self, Grid, Photo, PhotoError, Pt, grid, text};

use crate::support::{go_arbiter, shared_data};

/// A wooden 19x19 board drawn from above: grid from (60, 50) to (60 + 18*24, 50 + 18*24) on a
/// grey-blue cloth, black stones at (row 3, col 3) and (15, 16), white at (3, 15) and (9, 9).
fn drawn_board() -> image::RgbImage {
    let (w, h) = (560u32, 540u32);
    let (x0, y0, s) = (60.0f64, 50.0f64, 24.0f64);
    let stones = [
        (3, 3, Color::Black),
        (15, 16, Color::Black),
        (3, 15, Color::White),
        (9, 9, Color::White),
    ];
    image::RgbImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (f64::from(x), f64::from(y));
        for &(row, col, colour) in &stones {
            let (cx, cy) = (x0 + col as f64 * s, y0 + row as f64 * s);
            if (fx - cx).hypot(fy - cy) < s * 0.47 {
                return match colour {
                    Color::Black => image::Rgb([30, 30, 32]),
                    Color::White => image::Rgb([235, 235, 230]),
                };
            }
        }
        let on_board = fx > x0 - 20.0 && fx < x0 + 18.0 * s + 20.0 && fy > y0 - 20.0 && fy < y0 + 18.0 * s + 20.0;
        if !on_board {
            return image::Rgb([90, 100, 140]);
        }
        let (u, v) = ((fx - x0) / s, (fy - y0) / s);
        let near = |t: f64| (t - t.round()).abs() * s < 0.8 && t > -0.05 && t < 18.05;
        if (near(u) && v > -0.05 && v < 18.05) || (near(v) && u > -0.05 && u < 18.05) {
            image::Rgb([40, 30, 20])
        } else {
            image::Rgb([215, 175, 110])
        }
    })
}

fn png(image: &image::RgbImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

const DRAWN_CORNERS: [Pt; 4] = [
    Pt::new(60.0, 50.0),
    Pt::new(492.0, 50.0),
    Pt::new(492.0, 482.0),
    Pt::new(60.0, 482.0),
];

fn drawn_truth() -> Vec<Option<Color>> {
    let mut truth = vec![None; 361];
    truth[3 * 19 + 3] = Some(Color::Black);
    truth[15 * 19 + 16] = Some(Color::Black);
    truth[3 * 19 + 15] = Some(Color::White);
    truth[9 * 19 + 9] = Some(Color::White);
    truth
}

#[test]
fn a_homography_takes_the_four_corners_where_they_were_given() {
    let from = [
        Pt::new(0.0, 0.0),
        Pt::new(18.0, 0.0),
        Pt::new(18.0, 18.0),
        Pt::new(0.0, 18.0),
    ];
    let to = [
        Pt::new(118.0, 54.5),
        Pt::new(520.7, 41.1),
        Pt::new(619.9, 449.7),
        Pt::new(15.0, 451.5),
    ];
    let h = Homography::from_points(from, to).unwrap();
    for (a, b) in from.iter().zip(&to) {
        assert!(h.map(*a).unwrap().dist(*b) < 1e-6);
    }
    // Three points on one line make no projection.
    let flat = [
        Pt::new(0.0, 0.0),
        Pt::new(1.0, 1.0),
        Pt::new(2.0, 2.0),
        Pt::new(0.0, 5.0),
    ];
    assert!(Homography::from_points(from, flat).is_none());
}

#[test]
fn corners_given_in_any_order_are_put_top_left_first_clockwise() {
    let shuffled = [DRAWN_CORNERS[2], DRAWN_CORNERS[0], DRAWN_CORNERS[3], DRAWN_CORNERS[1]];
    assert_eq!(grid::order_corners(shuffled), DRAWN_CORNERS);
}

#[test]
fn the_grid_is_fitted_to_the_drawn_lines_from_corners_a_few_pixels_off() {
    let photo = Photo::from_rgb(&drawn_board());
    let off = [
        Pt::new(64.0, 46.0),
        Pt::new(488.0, 53.0),
        Pt::new(495.0, 478.0),
        Pt::new(57.0, 486.0),
    ];
    let start = Grid::from_corners(&photo, 19, off).unwrap();
    let fitted = grid::refine(&photo, &start);
    for (got, want) in fitted.corners.iter().zip(&DRAWN_CORNERS) {
        assert!(got.dist(*want) < 1.5, "corner {got:?}, drawn at {want:?}");
    }
    assert!(grid::drawn(&photo, &fitted));
}

#[test]
fn every_point_of_a_drawn_board_is_read_with_its_corners_given_and_found() {
    let bytes = png(&drawn_board());
    let given = photo::read(&bytes, 19, Some(DRAWN_CORNERS)).unwrap();
    assert_eq!(given.stones(), drawn_truth());
    assert!(!given.found);
    let found = photo::read(&bytes, 19, None).unwrap();
    assert!(found.found);
    for (got, want) in found.corners.iter().zip(&DRAWN_CORNERS) {
        assert!(got.dist(*want) < 2.0, "found corner {got:?}, drawn at {want:?}");
    }
    assert_eq!(found.stones(), drawn_truth());
    assert_eq!(found.unsure(), 0);
}

#[test]
fn a_file_that_is_not_an_image_is_refused_as_such() {
    let e = photo::read(b"(;GM[1]FF[4]SZ[19])", 19, None).unwrap_err();
    assert!(matches!(e, PhotoError::NotAnImage(_)), "{e:?}");
}

#[test]
fn a_photo_without_a_board_says_no_board_was_found() {
    let cloth = image::RgbImage::from_fn(400, 300, |x, y| {
        image::Rgb([80 + (x % 7) as u8, 90 + (y % 5) as u8, 140])
    });
    let e = photo::read(&png(&cloth), 19, None).unwrap_err();
    assert_eq!(e, PhotoError::NoBoard);
}

#[test]
fn corners_outside_the_photo_say_the_board_is_cut_at_the_edge() {
    let bytes = png(&drawn_board());
    let cut = [
        Pt::new(60.0, 50.0),
        Pt::new(700.0, 50.0),
        Pt::new(700.0, 482.0),
        Pt::new(60.0, 482.0),
    ];
    assert_eq!(photo::read(&bytes, 19, Some(cut)).unwrap_err(), PhotoError::BoardCut);
}

#[test]
fn only_9_13_and_19_boards_are_read_and_crossed_corners_are_refused() {
    let bytes = png(&drawn_board());
    assert_eq!(photo::read(&bytes, 7, None).unwrap_err(), PhotoError::Size(7));
    let line = [
        Pt::new(60.0, 50.0),
        Pt::new(100.0, 50.0),
        Pt::new(140.0, 50.0),
        Pt::new(180.0, 50.0),
    ];
    assert_eq!(photo::read(&bytes, 19, Some(line)).unwrap_err(), PhotoError::BadCorners);
}

#[test]
fn the_position_text_reads_back_and_names_a_bad_line() {
    let truth = drawn_truth();
    let written = text::write(19, &truth);
    assert_eq!(written.lines().count(), 19);
    assert_eq!(text::parse(&written).unwrap(), (19, truth));
    let bad = written.replacen('B', "X", 1);
    assert!(matches!(text::parse(&bad), Err(text::TextError::Point { line: 4, .. })));
}

fn imago() -> PathBuf {
    shared_data().join("photos/imago-tests")
}

fn corners_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/photo-corners.txt")
}

fn real_report() -> BTreeMap<String, FolderReport> {
    let corners = accuracy::read_corners(&corners_file()).unwrap();
    assert_eq!(corners.len(), 52, "one annotation a test photo");
    accuracy::run(&imago(), &corners, false).unwrap()
}

/// The figures reached on the real photos with their corners given (the classifier tuned on t2;
/// t1 and t3 not looked at while tuning); the test fails when a change reads worse. The corners
/// found are measured by `make photo-accuracy` (release; too slow for a debug test).
#[test]
fn the_real_test_photos_are_read_with_their_corners_given_at_least_as_well_as_measured() {
    let report = real_report();
    let mut lines = String::new();
    for (folder, r) in &report {
        lines.push_str(&format!(
            "{folder}: given {:.2}% points, {:.1}% perfect\n",
            r.given.points_pct(),
            r.given.perfect_pct(),
        ));
    }
    println!("{lines}");
    for (folder, given_points, given_perfect) in FLOORS {
        let r = &report[folder];
        assert_eq!(
            r.given.read, r.given.photos,
            "{folder}: a photo with its corners given was not read"
        );
        assert!(
            r.given.points_pct() >= given_points,
            "{folder} below its floor:\n{lines}"
        );
        assert!(
            r.given.perfect_pct() >= given_perfect,
            "{folder} below its floor:\n{lines}"
        );
    }
}

/// Folder, points right (%) and boards perfect (%) with the corners given, as measured.
const FLOORS: [(&str, f64, f64); 4] = [
    ("t1", 99.39, 36.3),
    ("t2", 99.81, 58.3),
    ("t2/skip", 99.03, 6.6),
    ("t3", 99.94, 92.8),
];

#[test]
fn the_photo_command_prints_the_position_and_exits_1_without_a_board() {
    let file = imago().join("t3/t3_000.jpg");
    let (code, out, _) = go_arbiter(&[
        "photo",
        file.to_str().unwrap(),
        "--corners",
        "142.7,27.7,551.0,22.3,629.6,445.7,26.7,410.6",
    ]);
    assert_eq!(code, 0);
    let truth = std::fs::read_to_string(imago().join("t3/t3_000.txt")).unwrap();
    assert_eq!(text::parse(&out).unwrap(), text::parse(&truth).unwrap());
    let not_image = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/session-v1.ron");
    let (code, _, err) = go_arbiter(&["photo", not_image.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not an image"), "{err}");
}

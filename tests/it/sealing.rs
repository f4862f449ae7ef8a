//! Before the count: unfinished borders pointed out ("needs sealing": an open dame or gap between
//! live stones of both colours, a live chain in atari), Benson's unconditional life, and each
//! chain's confidence with the unsure ones flagged "check this"; all from diagrams, and through
//! `score --json`.

use go_arbiter::board::{Color, Point};
use go_arbiter::scoring::Marks;
use go_arbiter::scoring::benson::unconditionally_alive;
use go_arbiter::scoring::dead::guess;
use go_arbiter::scoring::sealing::needs_sealing;

use crate::support::{at, board, diagram, go_arbiter};

fn gtp(points: &[Point], size: u8) -> Vec<String> {
    points.iter().map(|p| p.to_gtp(size)).collect()
}

/// Black's area on the left, White's on the right, the border along the E column.
const SEALED: &str = "
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .";

#[test]
fn a_sealed_border_needs_nothing() {
    let b = board(&diagram(SEALED));
    let sealing = needs_sealing(&b, &Marks::new(&b));
    assert!(sealing.is_empty(), "{sealing:?}");
}

#[test]
fn an_open_dame_between_black_and_white_needs_sealing() {
    // E5 is empty between Black's D5 and White's F5: a dame no one filled.
    let b = board(&diagram(
        "
        . . . X . O . . .
        . . . X . O . . .
        . . . X . O . . .
        . . . X X O . . .
        . . . X . O . . .
        . . . X O O . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .",
    ));
    let sealing = needs_sealing(&b, &Marks::new(&b));
    assert_eq!(gtp(&sealing.open, 9), ["E9", "E8", "E7", "E5"]);
    assert!(sealing.atari.is_empty());
}

#[test]
fn a_gap_two_points_wide_in_the_border_needs_sealing_at_both_points() {
    // Row 5 is open from side to side: D5 and E5 are the gap; the territory behind is not listed.
    let b = board(&diagram(
        "
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . . . . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .",
    ));
    let sealing = needs_sealing(&b, &Marks::new(&b));
    assert_eq!(gtp(&sealing.open, 9), ["D5", "E5"]);
}

#[test]
fn a_live_chain_in_atari_needs_sealing_at_its_last_liberty() {
    // White's E5 has only E4 left (D5, F5 and E6 are Black's), and Black's F5 only G5 (E5, F6
    // and F4 are White's): each must connect or be taken before the count.
    let b = board(&diagram(
        "
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X X O . . .
        . . . X O X . . .
        . . . X . O . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .",
    ));
    let sealing = needs_sealing(&b, &Marks::new(&b));
    assert_eq!(gtp(&sealing.atari, 9), ["E5", "F5"]);
    assert_eq!(gtp(&sealing.atari_liberties, 9), ["E4", "G5"]);
}

#[test]
fn stones_marked_dead_do_not_make_a_border_open() {
    // White's lone stone B5 inside Black's area, marked dead: no open point, no atari to seal.
    let b = board(&diagram(
        "
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .",
    ));
    let mut marks = Marks::new(&b);
    marks.set_dead(&b, &[at("B5", 9)]);
    let sealing = needs_sealing(&b, &marks);
    assert!(sealing.is_empty(), "{sealing:?}");
}

#[test]
fn a_group_with_two_real_eyes_is_unconditionally_alive_and_one_eye_is_not() {
    // Black's corner has two separate eyes (A9, C9): alive whatever White plays. White's chain
    // on the right has a single eye (J1): not unconditionally alive.
    let b = board(&diagram(
        "
        . X . X O . . . .
        X X X X O . . . .
        O O O O O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . X X X
        . . . . . . X O O
        . . . . . . X O .
        . . . . . . X O O",
    ));
    let black = gtp(&unconditionally_alive(&b, Color::Black), 9);
    assert_eq!(black, ["B9", "D9", "A8", "B8", "C8", "D8"]);
    let white = unconditionally_alive(&b, Color::White);
    assert!(!white.contains(&at("H3", 9)), "{white:?}");
}

#[test]
fn every_chain_gets_a_confidence_and_a_settled_position_flags_nothing() {
    // Black's corner with two eyes is certain; the lone White stone deep in it is dead.
    let b = board(&diagram(
        "
        . X . X O . . . .
        X X X X O . . . .
        . . . X O . . . .
        . O . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .",
    ));
    let g = guess(&b, Color::Black, 1);
    assert_eq!(g.chains.len(), 3, "Black's wall, White's wall, White's lone stone");
    for c in &g.chains {
        assert!((0.0..=1.0).contains(&c.confidence), "{c:?}");
    }
    let corner = g.chains.iter().find(|c| c.stones.contains(&at("B9", 9))).unwrap();
    assert_eq!(corner.confidence, 1.0, "unconditionally alive");
    assert_eq!(gtp(&g.dead(), 9), ["B6"]);
    assert!(g.unsettled().is_empty(), "{:?}", g.chains);
}

#[test]
fn score_json_lists_the_unsettled_stones_and_what_needs_sealing() {
    let dir = std::env::temp_dir().join(format!("go-arbiter-sealing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("open.sgf");
    // Black's wall on the D column, White's on the F column, the E column between left open.
    let mut ab = String::new();
    let mut aw = String::new();
    for row in 0..9u8 {
        ab += &format!("[{}]", Point::new(3, row).to_sgf());
        aw += &format!("[{}]", Point::new(5, row).to_sgf());
    }
    std::fs::write(&file, format!("(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]AB{ab}AW{aw})")).unwrap();
    let (code, out, err) = go_arbiter(&["score", file.to_str().unwrap(), "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json["unsettled"].is_array(), "{out}");
    let open: Vec<&str> = json["needs_sealing"]["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(open.len(), 9, "the whole E column is open: {out}");
    assert!(open.contains(&"E5"), "{out}");
}

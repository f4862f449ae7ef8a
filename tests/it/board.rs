//! The board alone: captures, multi-chain captures, Art. 4.2, suicide, diagrams, coordinates.

use go_arbiter::board::{Board, Color, PlaceError, Point};

use crate::support::{at, board, diagram};

#[test]
fn a_stone_without_liberties_is_captured() {
    let mut b = board(
        ". X . .
         X O X .
         . . . .
         . . . .",
    );
    let placed = b.place(Color::Black, at("B2", 4)).unwrap();
    assert_eq!(placed.captured, 1);
    assert_eq!(
        b.to_string(),
        diagram(
            ". X . .
             X . X .
             . X . .
             . . . ."
        )
    );
}

#[test]
fn one_move_captures_several_chains_at_once() {
    let mut b = board(
        ". X O X .
         X O . O X
         . X O X .
         . . X . .
         . . . . .",
    );
    let placed = b.place(Color::Black, at("C4", 5)).unwrap();
    assert_eq!(placed.captured, 4, "four white stones in four chains around C4");
    assert_eq!(placed.ko_point, None);
    assert_eq!(
        b.to_string(),
        diagram(
            ". X . X .
             X . X . X
             . X . X .
             . . X . .
             . . . . ."
        )
    );
}

#[test]
fn when_both_sides_are_out_of_liberties_the_opponent_is_removed_art_4_2() {
    let mut b = board(
        ". X O .
         X O . O
         . X O .
         . . . .",
    );
    // Black at C3 has no liberty of its own, but White B3 has none either: White goes.
    let placed = b.place(Color::Black, at("C3", 4)).unwrap();
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, Some(at("B3", 4)), "the shape is a ko");
    assert_eq!(b.get(at("C3", 4)), Some(Color::Black));
}

#[test]
fn suicide_is_refused_and_occupied_points_too() {
    let mut b = board(
        ". X .
         X . X
         . X .",
    );
    assert_eq!(b.place(Color::White, at("B2", 3)), Err(PlaceError::Suicide));
    assert_eq!(b.place(Color::White, at("B1", 3)), Err(PlaceError::Occupied));
    let placed = b.place_allowing_suicide(Color::White, at("B2", 3)).unwrap();
    assert_eq!(placed.suicided, 1);
    assert_eq!(b.get(at("B2", 3)), None);
}

#[test]
fn filling_the_last_liberty_of_ones_own_group_is_suicide() {
    let mut b = board(
        "O O X .
         . O X .
         X X X .
         . . . .",
    );
    assert_eq!(b.place(Color::White, at("A3", 4)), Err(PlaceError::Suicide));
    assert_eq!(b.liberties(at("A4", 4)), vec![at("A3", 4)]);
}

#[test]
fn chains_and_liberties_are_reported() {
    let b = board(
        ". . . . .
         . X X . .
         . X O . .
         . . . . .
         . . . . .",
    );
    assert_eq!(b.chain(at("B4", 5)).len(), 3);
    assert_eq!(b.liberties(at("B4", 5)).len(), 6);
    assert_eq!(b.liberties(at("C3", 5)), vec![at("C2", 5), at("D3", 5)]);
}

#[test]
fn diagrams_round_trip_through_display() {
    let text = diagram(
        ". X O . . . . . .
         X O . O . . . . .
         . X O . . . . . .
         . . . . . . . . .
         . . . . X . . . .
         . . . . . . . . .
         . . . . . . O . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let b = board(&text);
    assert_eq!(b.to_string(), text);
    assert_eq!(Board::from_diagram(&b.to_string()).unwrap(), b);
    assert_eq!(Board::from_diagram(&b.to_string()).unwrap().hash(), b.hash());
}

#[test]
fn bad_diagrams_say_what_is_wrong() {
    assert!(
        Board::from_diagram(". X\n. Z\n")
            .unwrap_err()
            .to_string()
            .contains("line 2")
    );
    assert!(Board::from_diagram(". X .\n. X\n").is_err());
    assert!(Board::from_diagram("X\n").unwrap_err().to_string().contains("size 1"));
}

#[test]
fn board_sizes_two_to_twenty_five() {
    assert!(Board::new(1).is_err());
    assert!(Board::new(26).is_err());
    for size in 2..=25 {
        assert_eq!(
            Board::new(size).unwrap().points().count(),
            size as usize * size as usize
        );
    }
}

#[test]
fn gtp_and_sgf_coordinates() {
    assert_eq!(Point::from_gtp("D4", 19), Ok(Point::new(3, 15)));
    assert_eq!(Point::from_gtp("J19", 19), Ok(Point::new(8, 0)), "no I column");
    assert_eq!(Point::new(8, 0).to_gtp(19), "J19");
    assert!(Point::from_gtp("I5", 19).is_err());
    assert!(Point::from_gtp("T20", 19).is_err());
    assert_eq!(Point::from_sgf("dd", 19), Ok(Point::new(3, 3)));
    assert_eq!(Point::new(3, 3).to_sgf(), "dd");
    assert!(Point::from_sgf("zz", 19).unwrap_err().to_string().contains("off"));
    for p in Board::new(25).unwrap().points() {
        assert_eq!(Point::from_gtp(&p.to_gtp(25), 25), Ok(p));
        assert_eq!(Point::from_sgf(&p.to_sgf(), 25), Ok(p));
    }
}

#[test]
fn setup_edits_place_and_remove_stones_without_captures() {
    let mut b = board(
        ". X .
         X . X
         . X .",
    );
    b.set(at("B2", 3), Some(Color::White)).unwrap();
    assert_eq!(b.get(at("B2", 3)), Some(Color::White), "setup does not capture");
    b.set(at("B2", 3), None).unwrap();
    assert_eq!(b, board(". X .\nX . X\n. X ."));
}

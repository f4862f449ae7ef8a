//! The record: turn order, ko, superko, cycles, handicap, undo and redo, illegal moves
//! recorded for the ledger.

use go_arbiter::board::{Board, Color, Point};
use go_arbiter::game::{Action, CycleKind, Game, GameError, Illegal, Ruling, handicap_points};
use go_arbiter::rules::Preset;

use crate::support::{at, diagram};

/// A game whose root sets up `diagram`, Black to move.
fn game_from(diagram_text: &str, preset: Preset) -> Game {
    let board = Board::from_diagram(diagram_text).unwrap();
    let mut game = Game::new(board.size(), preset).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            game.edit(p, Some(c)).unwrap();
        }
    }
    game.set_to_move(Color::Black);
    game
}

fn play(game: &mut Game, gtp: &str) {
    let p = at(gtp, game.size());
    game.play(p).unwrap_or_else(|e| panic!("{gtp}: {e}"));
}

/// Three kos on one board, Black to move; six captures bring the position back.
const TRIPLE_KO: &str = "
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . X O . . . . . .
    X . X O . . . . .
    . X O . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .";
const TRIPLE_KO_MOVES: [&str; 6] = ["C8", "B5", "C2", "B8", "C5", "B2"];

#[test]
fn an_immediate_ko_recapture_is_refused() {
    let mut game = game_from(TRIPLE_KO, Preset::Japanese);
    play(&mut game, "C8");
    assert_eq!(
        game.play(at("B8", 9)),
        Err(GameError::Illegal(Illegal::Ko { point: at("B8", 9) }))
    );
    play(&mut game, "B5"); // a ko threat elsewhere... here: another ko
    play(&mut game, "C2");
    play(&mut game, "B8"); // now White may retake
}

#[test]
fn a_triple_ko_is_reported_as_a_cycle_under_japanese_rules() {
    let mut game = game_from(TRIPLE_KO, Preset::Japanese);
    let start = game.board().clone();
    for _round in 0..2 {
        for m in TRIPLE_KO_MOVES {
            play(&mut game, m);
        }
    }
    assert_eq!(game.board(), &start);
    let cycles = game.cycles();
    assert_eq!(cycles.len(), 1, "one cycle, repeated: {cycles:?}");
    let cycle = &cycles[0];
    assert_eq!(cycle.kind, CycleKind::TripleKo);
    assert_eq!((cycle.from_move, cycle.to_move, cycle.length), (0, 6, 6));
    assert_eq!(cycle.repeated_until, 12);
    assert_eq!(cycle.moves, ["B cb", "W be", "B ch", "W bb", "B ce", "W bh"]);
}

#[test]
fn positional_superko_refuses_the_move_that_closes_the_triple_ko_and_names_the_earlier_move() {
    let mut game = game_from(TRIPLE_KO, Preset::Chinese2002);
    for m in &TRIPLE_KO_MOVES[..5] {
        play(&mut game, m);
    }
    assert_eq!(
        game.play(at("B2", 9)),
        Err(GameError::Illegal(Illegal::Superko { repeats_move: 0 }))
    );
    let message = GameError::Illegal(Illegal::Superko { repeats_move: 0 }).to_string();
    assert!(message.contains("after move 0"), "{message}");
}

#[test]
fn the_arbiter_records_an_illegal_ko_retake_that_happened() {
    let mut game = game_from(TRIPLE_KO, Preset::Chinese2002);
    play(&mut game, "C8");
    let before = game.board().clone();
    // White retakes at once without a threat: the arbiter rules the move void (Art. 18.3):
    // the stone goes back and White's turn is forfeited.
    let illegal = game.record_move(Color::White, at("B8", 9), Ruling::Void).unwrap();
    assert_eq!(illegal, Some(Illegal::Ko { point: at("B8", 9) }));
    assert_eq!(game.board(), &before);
    assert_eq!(game.to_move(), Color::Black);
    let flagged = game.flagged();
    assert_eq!(flagged.len(), 1);
    assert_eq!(flagged[0].0, 2, "move number 2");
    // Had nobody claimed, the retake stands and captures.
    game.undo();
    game.record_move(Color::White, at("B8", 9), Ruling::Stands).unwrap();
    assert_eq!(game.board().get(at("C8", 9)), None);
    assert_eq!(game.cycles().len(), 1);
    assert_eq!(game.cycles()[0].kind, CycleKind::Ko);
}

#[test]
fn two_moves_in_a_row_are_flagged_and_void_keeps_the_turn() {
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    play(&mut game, "E5");
    let illegal = game.record_move(Color::Black, at("C3", 9), Ruling::Void).unwrap();
    assert_eq!(illegal, Some(Illegal::OutOfTurn { expected: Color::White }));
    assert_eq!(game.board().get(at("C3", 9)), None);
    assert_eq!(game.to_move(), Color::White);
}

#[test]
fn a_stone_on_a_forbidden_point_is_refused_or_recorded_void() {
    let mut game = game_from(
        ". X . . .
         X . . . .
         . . . . .
         . . . . .
         . . . . .",
        Preset::Chinese2002,
    );
    game.pass();
    assert_eq!(game.play(at("A5", 5)), Err(GameError::Illegal(Illegal::Suicide)));
    assert_eq!(
        game.record_move(Color::White, at("A5", 5), Ruling::Void).unwrap(),
        Some(Illegal::Suicide)
    );
    assert_eq!(game.board().get(at("A5", 5)), None);
    assert_eq!(game.to_move(), Color::Black, "the forfeited move passes the turn");
    assert!(matches!(game.play(at("B4", 5)), Ok(())));
    assert_eq!(game.play(at("B4", 5)), Err(GameError::Occupied { point: at("B4", 5) }));
}

#[test]
fn suicide_is_allowed_under_new_zealand_rules() {
    let mut game = game_from(
        ". X . . .
         X . . . .
         . . . . .
         . . . . .
         . . . . .",
        Preset::NewZealand,
    );
    game.set_to_move(Color::White);
    play(&mut game, "A5");
    assert_eq!(game.board().get(at("A5", 5)), None);
    assert_eq!(game.position().prisoners, [1, 0], "Black gains the suicided stone");
}

#[test]
fn handicap_stones_go_on_the_star_points() {
    let expect = |size: u8, n: u32, gtp: &[&str]| {
        let mut want: Vec<Point> = gtp.iter().map(|g| at(g, size)).collect();
        let mut got = handicap_points(size, n).unwrap();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{n} stones on {size}x{size}");
    };
    expect(19, 2, &["Q16", "D4"]);
    expect(19, 3, &["Q16", "D4", "Q4"]);
    expect(19, 4, &["Q16", "D4", "Q4", "D16"]);
    expect(19, 5, &["Q16", "D4", "Q4", "D16", "K10"]);
    expect(19, 6, &["Q16", "D4", "Q4", "D16", "D10", "Q10"]);
    expect(19, 7, &["Q16", "D4", "Q4", "D16", "D10", "Q10", "K10"]);
    expect(19, 8, &["Q16", "D4", "Q4", "D16", "D10", "Q10", "K16", "K4"]);
    expect(19, 9, &["Q16", "D4", "Q4", "D16", "D10", "Q10", "K16", "K4", "K10"]);
    expect(13, 4, &["K10", "D4", "K4", "D10"]);
    expect(13, 9, &["K10", "D4", "K4", "D10", "D7", "K7", "G10", "G4", "G7"]);
    expect(9, 2, &["G7", "C3"]);
    expect(9, 5, &["G7", "C3", "G3", "C7", "E5"]);
    assert!(handicap_points(19, 10).is_err());
    assert!(handicap_points(5, 2).is_err());

    let game = Game::with_handicap(19, Preset::Chinese2002, 4).unwrap();
    assert_eq!(game.to_move(), Color::White, "White moves first in a handicap game");
    assert_eq!(game.board().stone_counts(), [4, 0]);
}

#[test]
fn undo_and_redo_follow_the_last_variation() {
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    play(&mut game, "E5");
    play(&mut game, "C3");
    assert!(game.undo());
    play(&mut game, "G7"); // a new variation
    assert!(game.undo());
    assert!(game.redo());
    assert_eq!(game.board().get(at("G7", 9)), Some(Color::White));
    assert!(!game.redo());
    while game.undo() {}
    assert_eq!(game.board().stone_counts(), [0, 0]);
    assert!(!game.undo());
    assert_eq!(game.node(0).children().len(), 1);
    let e5 = game.node(0).children()[0];
    assert_eq!(game.node(e5).children().len(), 2, "both variations are kept");
    game.goto_main_line_end();
    assert_eq!(game.board().get(at("C3", 9)), Some(Color::White));
}

#[test]
fn setup_edits_rebuild_a_disturbed_position_and_comments_stay() {
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    play(&mut game, "E5");
    play(&mut game, "D5");
    game.edit(at("D5", 9), None).unwrap();
    game.edit(at("D6", 9), Some(Color::White)).unwrap();
    game.set_comment("stones knocked off by a sleeve; rebuilt with both players");
    assert_eq!(game.board().get(at("D5", 9)), None);
    assert_eq!(game.board().get(at("D6", 9)), Some(Color::White));
    let here = game.cursor();
    assert!(
        matches!(game.node(here).action, Some(Action::Setup { .. })),
        "one setup node for both edits"
    );
    assert_eq!(
        game.node(game.node(here).parent().unwrap()).action,
        Some(Action::Move {
            color: Color::White,
            point: at("D5", 9)
        })
    );
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(
        game.board().to_string(),
        diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . O . . . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . ."
        )
    );
}

#[test]
fn two_passes_end_the_game_and_resignation_is_recorded() {
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    play(&mut game, "E5");
    game.pass();
    game.pass();
    assert_eq!(game.position().passes_in_row, 2);
    game.resign(Color::White);
    assert_eq!(game.position().resigned, Some(Color::White));
}

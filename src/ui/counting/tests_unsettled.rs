//! Headless tests (egui_kittest) of the counting screen's doubts: the chains the dead-stone
//! guess is unsure about shown "check this" (ringed on the board and listed over it), and the
//! unfinished borders shown "needs sealing" before the count.

use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::game::Game;
use crate::rules::Preset;
use crate::scoring::dead::guess;
use crate::ui::counting::view::{overlay, points_list};
use crate::ui::i18n::{Lang, Text, labelled};
use crate::ui::table::harness::*;
use crate::ui::*;

/// A real finished 9x9 game from the shared data whose position the guess is unsure about.
fn doubtful_game() -> Game {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf/ogs-lemonsqueeze/9x9/85274.sgf");
    match crate::sgf::read_file(&path) {
        Ok(game) => game,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

#[test]
fn the_chains_the_guess_is_unsure_about_are_ringed_and_listed_check_this() {
    let game = doubtful_game();
    let engine = guess(game.board(), game.to_move(), crate::ui::counting::SEED).unsettled();
    assert!(!engine.is_empty(), "this position has chains to check");
    let mut harness = stepped(Table::open(game));
    wait_for_suggestion(&mut harness);
    let shown = harness.state().table.counting.as_ref().map(|c| c.unsettled().to_vec());
    assert_eq!(
        shown.as_deref(),
        Some(&engine[..]),
        "the screen keeps the engine's doubts"
    );
    let drawn = harness.state().table.counting.as_ref().map(|c| overlay(c).unsettled);
    assert_eq!(drawn.as_deref(), Some(&engine[..]), "each stone ringed on the board");
    let text = labelled(Text::CheckThese, &points_list(&engine, 9), Lang::En);
    harness.get_by_label(&text);
}

#[test]
fn a_settled_position_shows_no_check_this() {
    // The table harness's game: White's one stone G8 inside Black's area, everything else sure.
    let harness = counting_harness();
    let shown = harness
        .state()
        .table
        .counting
        .as_ref()
        .map(|c| c.unsettled().is_empty());
    assert_eq!(shown, Some(true));
    assert!(harness.query_by_label_contains("Check these").is_none());
}

#[test]
fn an_open_border_is_shown_needs_sealing_before_the_count() {
    // Black builds a wall on the D column, White on the F column; both pass with the E column
    // still open between them.
    let mut game = Game::new(9, Preset::Chinese2002).unwrap_or_else(|e| panic!("{e}"));
    for row in 0..9 {
        game.play(Point::new(3, row)).unwrap_or_else(|e| panic!("{e}"));
        game.play(Point::new(5, row)).unwrap_or_else(|e| panic!("{e}"));
    }
    game.pass();
    game.pass();
    assert_eq!(game.to_move(), Color::Black);
    let mut harness = stepped(Table::open(game));
    wait_for_suggestion(&mut harness);
    let open: Vec<Point> = (0..9).map(|row| Point::new(4, row)).collect();
    let drawn = harness.state().table.counting.as_ref().map(|c| {
        let mut s = overlay(c).sealing;
        s.sort();
        s
    });
    let mut want = open.clone();
    want.sort();
    assert_eq!(drawn, Some(want.clone()), "the whole E column is marked");
    let text = labelled(Text::NeedsSealing, &points_list(&want, 9), Lang::En);
    harness.get_by_label(&text);
}

/// Issue 20: on an empty board (two passes and no stone) no region is bordered by a stone, so no
/// point is anyone's nor a dame: the counting screen draws no mark on the open points, nothing
/// to check and nothing to seal (it used to ring every point as shared).
#[test]
fn an_empty_board_on_the_counting_screen_carries_no_ring_on_its_open_points() {
    let mut game = match Game::new(19, Preset::Chinese2002) {
        Ok(game) => game,
        Err(e) => panic!("a new game: {e}"),
    };
    game.pass();
    game.pass();
    let mut harness = stepped(Table::open(game));
    wait_for_suggestion(&mut harness);
    let Some(drawn) = harness.state().table.counting.as_ref().map(overlay) else {
        panic!("a game ended by two passes opens on the counting screen")
    };
    assert_eq!(drawn.areas, Vec::new(), "no mark on the open points");
    assert_eq!(drawn.unsettled, Vec::new(), "nothing to check");
    assert_eq!(drawn.sealing, Vec::new(), "nothing to seal");
    assert!(harness.query_by_label_contains("Check these").is_none());
}

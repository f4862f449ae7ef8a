//! Dead-stone suggestions: diagrams of the shapes an arbiter meets (one eye, false eyes, seki,
//! unfilled dame, large dead groups), and the accuracy on the public set of real games.

use go_arbiter::accuracy::{GameCheck, Options, check_file};
use go_arbiter::board::{Board, Color, Point};
use go_arbiter::scoring::dead::suggest_dead;

use crate::support::{board, public_sgf_files};

/// The suggestion drawn over the position: `x`/`o` for stones suggested dead.
fn suggested(diagram: &str) -> String {
    let b = board(diagram);
    let dead = suggest_dead(&b, Color::Black, 7);
    marked(&b, &dead)
}

fn marked(b: &Board, dead: &[Point]) -> String {
    let mut out = String::new();
    for row in 0..b.size() {
        let line: Vec<&str> = (0..b.size())
            .map(|col| {
                let p = Point::new(col, row);
                match (b.get(p), dead.contains(&p)) {
                    (Some(Color::Black), false) => "X",
                    (Some(Color::Black), true) => "x",
                    (Some(Color::White), false) => "O",
                    (Some(Color::White), true) => "o",
                    (None, _) => ".",
                }
            })
            .collect();
        out += &line.join(" ");
        out.push('\n');
    }
    out
}

fn expect(diagram_with_dead: &str) {
    let want = crate::support::diagram(diagram_with_dead);
    let position = want.replace('x', "X").replace('o', "O");
    assert_eq!(suggested(&position), want, "suggested (left) vs expected (right)");
}

#[test]
fn a_one_eyed_group_and_a_lone_stone_in_the_opponents_area_are_dead_across_unfilled_dame() {
    expect(
        ". . . X . O . . .
         . o . X . O . x .
         o o o X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . . . X . O . . .
         . X . X . O . . .
         . . . X . O . O .
         . . . X . O . . .",
    );
}

#[test]
fn stones_in_seki_are_not_dead() {
    expect(
        "O X . O X . . . .
         O X . O X . . . .
         O X X O X . . . .
         O O O X X . . . .
         . . O X . . . . .
         . . O X . . . . .
         . . O X . . . . .
         . . O X . . . . .
         . . O X . . . . .",
    );
}

#[test]
fn a_large_group_with_a_two_point_eye_is_dead_and_a_stone_inside_a_living_shape_too() {
    expect(
        ". X X X X X . . .
         X o o o o X . . .
         X o . . o X . . .
         X o o o o X . . .
         . X X X X X . . .
         X X X X X X X X X
         . . . . . . . . .
         O O O O O O O O O
         . . . . x . . . .",
    );
}

#[test]
fn a_false_eye_does_not_make_a_group_alive() {
    // White has a real eye at A1 and a false one at C1: Black's D2 lets Black take D1 from
    // C1, and the rest of the group is then in atari.
    expect(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         O O O O O O O O O
         . . . . . . . . .
         X X X X X X X X X
         X X X X . . . . .
         o o o X . . . . .
         . o . o X . . . .",
    );
}

/// The share of games in `checks` (by board size) for which `f` holds, in percent.
fn percent(checks: &[GameCheck], size: u8, f: fn(&GameCheck) -> bool) -> f64 {
    let of: Vec<&GameCheck> = checks.iter().filter(|c| c.size == size).collect();
    100.0 * of.iter().filter(|c| f(c)).count() as f64 / of.len() as f64
}

#[test]
fn suggestions_count_the_recorded_result_on_the_public_set() {
    let checks: Vec<GameCheck> = public_sgf_files()
        .iter()
        .filter_map(|f| check_file(f, &Options::default()))
        .collect();
    assert_eq!(checks.len(), 729, "every public game has a counted result");
    let winners = 100.0 * checks.iter().filter(|c| c.winner_right()).count() as f64 / checks.len() as f64;
    let exact_9 = percent(&checks, 9, GameCheck::margin_exact);
    let exact_19 = percent(&checks, 19, GameCheck::margin_exact);
    let winners_9 = percent(&checks, 9, GameCheck::winner_right);
    let report = format!(
        "winner right {winners:.1}% (9x9 {winners_9:.1}%), margin exact 9x9 {exact_9:.1}%, 19x19 {exact_19:.1}%"
    );
    assert!(winners >= 99.4, "{report}");
    assert!(winners_9 >= 99.5, "{report}");
    assert!(exact_9 >= 98.9, "{report}");
    assert!(exact_19 >= 97.3, "{report}");
}

/// Issue 20: the unsure chains are flagged "check this". On the public set (bad/ left out, as
/// `public_sgf_files` does), most games whose margin is wrong have a flagged chain (11 of 13
/// when this was written; the two unflagged are 9x9/73223, whose record we dispute, and
/// 19x19/602481), while few chains of all are flagged (under 5%: 4.6%).
#[test]
fn wrong_suggestions_are_mostly_flagged_and_few_chains_are() {
    let checks: Vec<GameCheck> = public_sgf_files()
        .iter()
        .filter_map(|f| check_file(f, &Options::default()))
        .collect();
    let wrong: Vec<&GameCheck> = checks.iter().filter(|c| !c.margin_exact()).collect();
    let flagged_wrong = wrong.iter().filter(|c| c.flagged > 0).count();
    let chains: usize = checks.iter().map(|c| c.chains).sum();
    let flagged: usize = checks.iter().map(|c| c.flagged).sum();
    let share = 100.0 * flagged as f64 / chains as f64;
    let report = format!(
        "{flagged_wrong} of {} wrong games flagged, {share:.1}% of chains flagged",
        wrong.len()
    );
    assert!(wrong.len() - flagged_wrong <= 2, "{report}");
    assert!(flagged_wrong * 100 >= wrong.len() * 80, "{report}");
    assert!(share < 5.0, "{report}");
}

/// Issue 20: the figures hold on final positions given as setup stones without the moves (the
/// count keeps the record's prisoners so territory results stay comparable); the floors are the
/// record's own.
#[test]
fn the_final_positions_as_setup_stones_alone_keep_the_figures() {
    let setup_only = Options {
        setup_only: true,
        ..Options::default()
    };
    let checks: Vec<GameCheck> = public_sgf_files()
        .iter()
        .filter_map(|f| check_file(f, &setup_only))
        .collect();
    assert_eq!(checks.len(), 729);
    let winners = 100.0 * checks.iter().filter(|c| c.winner_right()).count() as f64 / checks.len() as f64;
    let exact_9 = percent(&checks, 9, GameCheck::margin_exact);
    let exact_19 = percent(&checks, 19, GameCheck::margin_exact);
    let report = format!("winner right {winners:.1}%, margin exact 9x9 {exact_9:.1}%, 19x19 {exact_19:.1}%");
    assert!(winners >= 99.4, "{report}");
    assert!(exact_9 >= 98.6, "{report}");
    assert!(exact_19 >= 97.0, "{report}");
}

#[test]
fn the_same_seed_gives_the_same_suggestion() {
    let path = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("19x19/600174.sgf"))
        .unwrap();
    let game = go_arbiter::sgf::read_file(&path).unwrap();
    let pos = game.position();
    let first = suggest_dead(&pos.board, pos.to_move, 42);
    assert_eq!(suggest_dead(&pos.board, pos.to_move, 42), first);
}

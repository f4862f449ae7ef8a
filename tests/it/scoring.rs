//! Counting: marks, area counting (Art. 9), territory counting, komi, handicap compensation,
//! penalty stones (Art. 24.1), one-side counting against the par (seed 004), results, with
//! the rules' own worked examples (Art. 11, seed 004) and every game of the public set.

use go_arbiter::board::{Board, Color, Point};
use go_arbiter::game::Game;
use go_arbiter::rules::{Counting, Preset, Rules};
use go_arbiter::scoring::{
    Count, GameResult, Marks, OneSide, Quarters, Reason, ScoringError, Status, Terms, count, count_game, dead, in_tens,
};
use go_arbiter::sgf;
use proptest::prelude::*;

use crate::support::{at, board, public_sgf_files};

/// The rules of `preset` with another komi (in points).
fn rules(preset: Preset, komi: f64) -> Rules {
    Rules { komi, ..preset.rules() }
}

/// Counts `b` with every stone alive unless listed in `dead`, no prisoners.
fn count_with(b: &Board, dead: &[&str], rules: &Rules, handicap: u32, penalties: [u32; 2]) -> Count {
    count_with_prisoners(b, dead, [0, 0], rules, handicap, penalties)
}

fn count_with_prisoners(
    b: &Board,
    dead: &[&str],
    prisoners: [u32; 2],
    rules: &Rules,
    handicap: u32,
    penalties: [u32; 2],
) -> Count {
    let mut marks = Marks::new(b);
    let dead: Vec<Point> = dead.iter().map(|p| at(p, b.size())).collect();
    marks.set_dead(b, &dead);
    let terms = Terms::new(rules, handicap, penalties).unwrap();
    count(b, &marks, prisoners, &terms).unwrap()
}

fn side(count: &Count, color: Color) -> OneSide {
    OneSide::new(count, color).unwrap()
}

/// A number of stones as an arbiter writes it ("184 1/4").
fn stones(text: &str) -> Quarters {
    Quarters::parse_stones(text).unwrap_or_else(|| panic!("not a number of stones: {text}"))
}

/// Black 184 stones (live stones and the points they surround) against White 177.
const BLACK_184: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .";

/// Black 185 against White 176: the wall moved one row down.
const BLACK_185: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .";

/// Black 184 1/2 against White 176 1/2: one dame point (K1), half each.
const BLACK_184_AND_A_HALF: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X . O . . . . . . . .";

#[test]
fn art_11_with_3_3_4_komi_185_wins_by_3_4_184_loses_by_1_4_184_and_a_half_wins_by_1_4() {
    let chinese = Preset::Chinese2002.rules();
    let cases = [
        (
            BLACK_185,
            "185",
            "18 tens and 5",
            "Black wins by 3/4 stone (1 1/2 points)",
            "黑胜3/4子",
            "B+1.5",
        ),
        (
            BLACK_184,
            "184",
            "18 tens and 4",
            "White wins by 1/4 stone (1/2 point)",
            "白胜1/4子",
            "W+0.5",
        ),
        (
            BLACK_184_AND_A_HALF,
            "184 1/2",
            "18 tens and 4 1/2",
            "Black wins by 1/4 stone (1/2 point)",
            "黑胜1/4子",
            "B+0.5",
        ),
    ];
    for (diagram, black_count, tens, english, chinese_text, re) in cases {
        let c = count_with(&board(diagram), &[], &chinese, 0, [0, 0]);
        let black = side(&c, Color::Black);
        assert_eq!(black.count, stones(black_count));
        assert_eq!(black.par, stones("184 1/4"), "Black needs more than 184 1/4 (004)");
        assert_eq!(black.tens(), tens);
        assert_eq!(black.result().english(), english);
        assert_eq!(black.result().chinese(), chinese_text);
        assert_eq!(black.result().sgf_re(), re);
        assert_eq!(
            c.result(),
            black.result(),
            "the two-side count agrees with the one-side count"
        );
        let white = side(&c, Color::White);
        assert_eq!(white.par, stones("176 3/4"), "White needs more than 176 3/4 (004)");
        assert_eq!(white.count, stones("361") - black.count);
        assert_eq!(white.result(), black.result(), "counting White gives the same result");
    }
}

/// Seed 004: 140 Black stones and 44 points against 140 White stones and 37 points.
const SEED_004: &str = "
    . . . X X X X X X X O O O O O O O . .
    . . . X X X X X X X O O O O O O O . .
    . . . X X X X X X X O O O O O O O . .
    . . . X X X X X X X O O O O O O O . .
    . . . X X X X X X X O O O O O O O . .
    . . . X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X X O O O O O O O . .
    . . X X X X X X X O O O O O O O O . .
    . . X X X X X X X O O O O O O O O . .
    . . X X X X X X X O O O O O O O O . .
    . . X X X X X X X O O O O O O O O . .
    . . X X X X X X X O O O O O O O O . .
    . . X X X X X X X O O O O O O O O O .";

#[test]
fn seed_004_counting_stones_and_counting_points_agree_one_stone_is_two_points() {
    let b = board(SEED_004);
    // Komi in points; the expected result by stones (area) and by points (territory).
    let cases = [
        (0.0, "Black wins by 3 1/2 stones (7 points)", "B+7"),
        (6.5, "Black wins by 1/4 stone (1/2 point)", "B+0.5"),
        (7.5, "White wins by 1/4 stone (1/2 point)", "W+0.5"),
    ];
    for (komi, english, re) in cases {
        let area = count_with(&b, &[], &rules(Preset::Chinese2002, komi), 0, [0, 0]);
        assert_eq!((area.black.stones, area.black.territory), (140, 44));
        assert_eq!((area.white.stones, area.white.territory), (140, 37));
        assert_eq!(side(&area, Color::Black).count, stones("184"));
        assert_eq!(side(&area, Color::White).count, stones("177"));
        assert_eq!(area.result().english(), english, "area, komi {komi}");
        assert_eq!(area.result().sgf_re(), re);
        let territory = count_with(&b, &[], &rules(Preset::Japanese, komi), 0, [0, 0]);
        assert_eq!(
            (territory.black.score, territory.white.score),
            (Quarters::from_points(44), Quarters::from_points(37))
        );
        assert_eq!(territory.result(), area.result(), "territory, komi {komi}");
    }
    let zero = count_with(&b, &[], &rules(Preset::Chinese2002, 0.0), 0, [0, 0]);
    assert_eq!(
        side(&zero, Color::Black).margin(),
        stones("3 1/2"),
        "184 - 180 1/2 = 3 1/2 stones"
    );
    assert_eq!(zero.margin, Quarters::from_points(7), "44 - 37 = 7 points");
}

#[test]
fn the_par_is_half_the_board_moved_by_komi_and_compensation_on_every_size() {
    // (size, handicap stones, komi in points, Black's par, White's par)
    let cases = [
        (19, 0, 7.5, "184 1/4", "176 3/4"),
        (13, 0, 7.5, "88 1/4", "80 3/4"),
        (9, 0, 7.5, "44 1/4", "36 3/4"),
        (19, 0, 5.5, "183 1/4", "177 3/4"),
        (19, 2, 0.0, "181 1/2", "179 1/2"),
        (19, 4, 0.0, "182 1/2", "178 1/2"),
        (19, 9, 0.0, "185", "176"),
        (13, 5, 0.0, "87", "82"),
        (13, 9, 0.5, "89 1/4", "79 3/4"),
        (9, 2, 0.0, "41 1/2", "39 1/2"),
        (9, 3, 0.0, "42", "39"),
    ];
    for (size, handicap, komi, black_par, white_par) in cases {
        let mut game = Game::with_handicap(size, Preset::Chinese2002, handicap).unwrap();
        game.rules.komi = komi;
        let c = count_game(&game, &Marks::new(game.board()), [0, 0]).unwrap();
        assert_eq!(c.black.stones, handicap, "{size}x{size}");
        let what = format!("{size}x{size}, {handicap} stones, komi {komi}");
        assert_eq!(side(&c, Color::Black).par, stones(black_par), "{what}");
        assert_eq!(side(&c, Color::White).par, stones(white_par), "{what}");
    }
}

#[test]
fn handicap_2_to_9_chinese_gives_back_half_a_stone_each_aga_one_point_less_japanese_none() {
    let b = board(BLACK_184);
    // Chinese: komi 0, n/2 stones back; AGA: komi 0.5, n - 1 points; Japanese: komi 0.5, nothing.
    let cases = [
        (2, "B+5", "B+5.5", "B+6.5"),
        (3, "B+4", "B+4.5", "B+6.5"),
        (4, "B+3", "B+3.5", "B+6.5"),
        (5, "B+2", "B+2.5", "B+6.5"),
        (6, "B+1", "B+1.5", "B+6.5"),
        (7, "0", "B+0.5", "B+6.5"),
        (8, "W+1", "W+0.5", "B+6.5"),
        (9, "W+2", "W+1.5", "B+6.5"),
    ];
    for (n, chinese, aga, japanese) in cases {
        let c = count_with(&b, &[], &rules(Preset::Chinese2002, 0.0), n, [0, 0]);
        assert_eq!(
            c.white.compensation,
            Quarters::from_points(n as i32),
            "n points, n/2 stones"
        );
        assert_eq!(c.result().sgf_re(), chinese, "Chinese, {n} stones");
        assert_eq!(side(&c, Color::Black).result(), c.result());
        assert_eq!(side(&c, Color::White).result(), c.result());
        let a = count_with(&b, &[], &rules(Preset::Aga, 0.5), n, [0, 0]);
        assert_eq!(a.result().sgf_re(), aga, "AGA, {n} stones");
        let j = count_with(&b, &[], &rules(Preset::Japanese, 0.5), n, [0, 0]);
        assert_eq!(j.result().sgf_re(), japanese, "Japanese, {n} stones");
    }
    let seven = count_with(&b, &[], &rules(Preset::Chinese2002, 0.0), 7, [0, 0]);
    assert_eq!(
        seven.result().reason,
        Reason::Draw,
        "184 = 180 1/2 + 3 1/2: a count equal to the par is a draw (Art. 9)"
    );
    assert_eq!(seven.result().chinese(), "和棋");
}

/// A 4-stone game at its end: the handicap stones D16 and D4 inside Black's area, Q16 and Q4 dead
/// inside White's. Black 184 (130 + 54, the two handicap stones counted as its area), White 177.
const HANDICAP_4_BLACK_184: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . X . . . . . X O . . . . X . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . X . . . . X O . . . . . X . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .";

#[test]
fn handicap_4_chinese_no_komi_black_gives_back_2_stones_par_182_1_2_counted_by_either_side() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半"; seed 000 (2002): 让子 "终局计算时，按让子数由黑方
    // 贴还二分之一的子数". A 4-stone game has no komi; Black's par is 180 1/2 + 2 = 182 1/2 (with
    // the even game's 3 3/4 stones on top it would be 186 1/4).
    let game = Game::with_handicap(19, Preset::Chinese2002, 4).unwrap();
    assert_eq!(game.rules.komi, 0.0, "a handicap game under Chinese rules has no komi");
    let b = board(HANDICAP_4_BLACK_184);
    for p in ["D16", "D4", "Q16", "Q4"] {
        assert_eq!(b.get(at(p, 19)), Some(Color::Black), "{p} is a handicap stone");
    }
    let c = count_with(&b, &["Q16", "Q4"], &game.rules, game.info.handicap, [0, 0]);
    let (black, white) = (side(&c, Color::Black), side(&c, Color::White));
    assert_eq!(black.count, stones("184"));
    assert_eq!(white.count, stones("177"));
    assert_eq!(black.komi, Quarters::ZERO);
    assert_eq!(black.compensation, stones("2"), "4 stones: 2 stones back");
    assert_eq!(black.par, stones("182 1/2"));
    assert_eq!(white.par, stones("178 1/2"));
    assert_eq!(black.margin(), stones("1 1/2"));
    assert_eq!(
        black.result(),
        white.result(),
        "counting Black or White gives the same result"
    );
    assert_eq!(black.result(), c.result());
    assert_eq!(c.result().sgf_re(), "B+3", "1 1/2 stones = 3 points");
}

/// A preset's handicap game: the komi of handicap 1 (Black taken, no stones) and of 4 stones,
/// in points, the compensation for 4 stones in points, and the even komi back at handicap 0.
fn assert_handicap_komi(preset: Preset, komi: f64, compensation_4: f64) {
    let even = preset.rules().komi;
    for (handicap, want) in [(0, even), (1, komi), (4, komi), (9, komi)] {
        let game = Game::with_handicap(19, preset, handicap).unwrap();
        assert_eq!(game.rules.komi, want, "{preset}, handicap {handicap}");
        assert_eq!(game.info.handicap, handicap, "{preset}");
        assert_eq!(
            preset.rules().komi_for(handicap, 5.5),
            if handicap == 0 { 5.5 } else { komi }
        );
    }
    let taking_black = Game::with_handicap(19, preset, 1).unwrap();
    assert_eq!(taking_black.board().stone_counts(), [0, 0], "handicap 1: no stones");
    assert_eq!(taking_black.to_move(), Color::Black, "handicap 1: Black moves first");
    let rules = preset.rules();
    assert_eq!(rules.handicap_compensation.points(4), compensation_4, "{preset}");
    assert_eq!(
        rules.handicap_compensation.points(1),
        0.0,
        "{preset}: no stones, nothing back"
    );
}

#[test]
fn chinese_2002_handicap_komi_none_and_half_the_stones_back() {
    // Seed 000: "让先：……终局计算时不贴子"; 让子 "按让子数由黑方贴还二分之一的子数".
    assert_handicap_komi(Preset::Chinese2002, 0.0, 4.0);
}

#[test]
fn chinese_old_text_handicap_komi_none_and_half_the_stones_back() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半".
    assert_handicap_komi(Preset::ChineseOld, 0.0, 4.0);
}

#[test]
fn japanese_handicap_komi_half_a_point_by_practice_no_compensation() {
    assert_handicap_komi(Preset::Japanese, 0.5, 0.0);
}

#[test]
fn korean_handicap_komi_half_a_point_by_practice_no_compensation() {
    assert_handicap_komi(Preset::Korean, 0.5, 0.0);
}

#[test]
fn aga_handicap_komi_half_a_point_and_n_minus_1() {
    assert_handicap_komi(Preset::Aga, 0.5, 3.0);
}

#[test]
fn ing_handicap_komi_half_a_point_white_wins_ties_and_n_points() {
    assert_handicap_komi(Preset::Ing, 0.5, 4.0);
}

#[test]
fn new_zealand_handicap_game_there_is_no_komi_and_no_compensation() {
    // NZ rules: "In a handicap game, white passes the first n - 1 moves ... There is no komi."
    assert_handicap_komi(Preset::NewZealand, 0.0, 0.0);
}

#[test]
fn tromp_taylor_handicap_komi_half_a_point_no_compensation() {
    assert_handicap_komi(Preset::TrompTaylor, 0.5, 0.0);
}

/// A seki with an eye each on the top edge: White B9-A8-B8-C8 around the eye A9, Black
/// D9-F9-D8-E8-F8 around the eye E9, C9 shared.
const SEKI_9: &str = "
    . O . X . X O . .
    O O O X X X O . .
    X X X O O O O . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .";

#[test]
fn seki_under_area_counting_the_shared_point_is_split_and_the_eyes_belong() {
    let b = board(SEKI_9);
    let c = count_with(&b, &[], &Preset::Chinese2002.rules(), 0, [0, 0]);
    assert_eq!(
        (c.black.stones, c.black.territory),
        (14, 18 + 1),
        "E9, Black's eye in the seki, is Black's"
    );
    assert_eq!((c.white.stones, c.white.territory), (16, 30 + 1), "A9 is White's");
    assert_eq!(c.dame, 1, "C9");
    assert_eq!(side(&c, Color::Black).count, stones("33 1/2"));
    assert_eq!(side(&c, Color::White).count, stones("47 1/2"));
    assert_eq!(c.result().sgf_re(), "W+21.5");
    assert_eq!(c.result().chinese(), "白胜10又3/4子");
    // Marking the seki changes nothing under area counting.
    let mut marks = Marks::new(&b);
    marks.mark_seki(&b, at("B9", 9));
    marks.mark_seki(&b, at("D9", 9));
    let terms = Terms::new(&Preset::Chinese2002.rules(), 0, [0, 0]).unwrap();
    assert_eq!(count(&b, &marks, [0, 0], &terms).unwrap(), c);
}

#[test]
fn seki_under_territory_counting_the_eyes_are_nobodys_and_dame_count_nothing() {
    let b = board(SEKI_9);
    let mut marks = Marks::new(&b);
    marks.mark_seki(&b, at("B9", 9));
    marks.mark_seki(&b, at("D9", 9));
    assert_eq!(marks.seki_points().len(), 4 + 5);
    let terms = Terms::new(&Preset::Japanese.rules(), 0, [0, 0]).unwrap();
    let c = count(&b, &marks, [0, 0], &terms).unwrap();
    assert_eq!((c.black.territory, c.white.territory), (18, 30));
    assert_eq!((c.seki_eyes, c.dame), (2, 1), "A9 and E9 in the seki, C9 dame");
    assert_eq!(c.result().sgf_re(), "W+18.5", "18 - 30 - 6.5");
    // Unmarked, the eyes would be counted as territory.
    let unmarked = count(&b, &Marks::new(&b), [0, 0], &terms).unwrap();
    assert_eq!((unmarked.black.territory, unmarked.white.territory), (19, 31));
}

/// 13x13: three dame points (G13-G11) between the walls, two dead White stones (C8, D8) in
/// Black's area, one dead Black stone (L5) in White's.
const DAME_AND_DEAD_13: &str = "
    . . . . . X . O . . . . .
    . . . . . X . O . . . . .
    . . . . . X . O . . . . .
    . . . . . . X O . . . . .
    . . . . . . X O . . . . .
    . . O O . . X O . . . . .
    . . . . . . X O . . . . .
    . . . . . . X O . . . . .
    . . . . . . X O . . X . .
    . . . . . . X O . . . . .
    . . . . . . X O . . . . .
    . . . . . . X O . . . . .
    . . . . . . X O . . . . .";

#[test]
fn area_counting_removes_dead_stones_and_splits_dame_half_each() {
    let b = board(DAME_AND_DEAD_13);
    let c = count_with(&b, &["C8", "L5"], &Preset::Chinese2002.rules(), 0, [0, 0]);
    assert_eq!(
        (c.black.stones, c.black.territory, c.black.dead),
        (13, 75, 2),
        "C8 and D8 are Black's points"
    );
    assert_eq!((c.white.stones, c.white.territory, c.white.dead), (13, 65, 1));
    assert_eq!(c.dame, 3);
    assert_eq!(
        c.black.dame_share,
        Quarters::from_points(1) + Quarters(1),
        "1 1/2 of the 3 dame points"
    );
    assert_eq!(side(&c, Color::Black).count, stones("89 1/2"));
    assert_eq!(side(&c, Color::White).count, stones("79 1/2"));
    assert_eq!(side(&c, Color::Black).par, stones("88 1/4"));
    assert_eq!(c.result().english(), "Black wins by 1 1/4 stones (2 1/2 points)");
    assert_eq!(c.result().chinese(), "黑胜1又1/4子");
    assert_eq!(side(&c, Color::White).result(), c.result());
    // Prisoners taken during play do not count under area counting.
    let with_prisoners = count_with_prisoners(&b, &["C8", "L5"], [3, 5], &Preset::Chinese2002.rules(), 0, [0, 0]);
    assert_eq!(with_prisoners.margin, c.margin);
}

#[test]
fn territory_counting_adds_prisoners_and_dead_stones_and_dame_count_nothing() {
    let b = board(DAME_AND_DEAD_13);
    let c = count_with_prisoners(&b, &["C8", "L5"], [3, 5], &Preset::Japanese.rules(), 0, [0, 0]);
    // Black: 75 points + 3 prisoners + 2 dead; White: 65 + 5 + 1.
    assert_eq!((c.black.territory, c.black.prisoners, c.black.dead), (75, 3, 2));
    assert_eq!((c.white.territory, c.white.prisoners, c.white.dead), (65, 5, 1));
    assert_eq!(
        (c.black.score, c.white.score),
        (Quarters::from_points(80), Quarters::from_points(71))
    );
    assert_eq!(c.black.dame_share, Quarters::ZERO);
    assert_eq!(
        c.result().english_points(),
        "Black wins by 2 1/2 points",
        "80 - 71 - 6.5"
    );
    assert_eq!(OneSide::new(&c, Color::Black), Err(ScoringError::NotArea));
}

#[test]
fn each_warning_costs_one_stone_two_points_art_24_1() {
    let b = board(BLACK_184);
    let chinese = Preset::Chinese2002.rules();
    // (warnings against Black, against White) -> result
    let cases = [
        ([0, 0], "White wins by 1/4 stone (1/2 point)", "184 1/4"),
        ([0, 1], "Black wins by 3/4 stone (1 1/2 points)", "183 1/4"),
        ([1, 0], "White wins by 1 1/4 stones (2 1/2 points)", "185 1/4"),
        ([1, 1], "White wins by 1/4 stone (1/2 point)", "184 1/4"),
    ];
    for (penalties, english, black_par) in cases {
        let c = count_with(&b, &[], &chinese, 0, penalties);
        assert_eq!(c.black.penalty, Quarters::from_stones(penalties[0] as i32));
        assert_eq!(c.result().english(), english, "{penalties:?}");
        let black = side(&c, Color::Black);
        assert_eq!(black.par, stones(black_par), "{penalties:?}");
        assert_eq!(side(&c, Color::White).result(), black.result());
    }
    // Under territory counting too: two points a warning (seed 004 position, komi 6.5).
    let japanese = Preset::Japanese.rules();
    let seed = board(SEED_004);
    assert_eq!(count_with(&seed, &[], &japanese, 0, [0, 0]).result().sgf_re(), "B+0.5");
    assert_eq!(count_with(&seed, &[], &japanese, 0, [1, 0]).result().sgf_re(), "W+1.5");
    assert_eq!(count_with(&seed, &[], &japanese, 0, [0, 2]).result().sgf_re(), "B+4.5");
}

#[test]
fn the_arbiters_hand_count_is_checked_in_tens() {
    let c = count_with(
        &board(BLACK_184_AND_A_HALF),
        &[],
        &Preset::Chinese2002.rules(),
        0,
        [0, 0],
    );
    let black = side(&c, Color::Black);
    let agrees = black.check(stones("184 1/2"));
    assert!(agrees.agrees());
    assert_eq!(agrees.describe(), "agrees: 18 tens and 4 1/2");
    let short = black.check(stones("183 1/2"));
    assert!(!short.agrees());
    assert_eq!(short.difference, stones("-1"));
    assert_eq!(
        short.describe(),
        "counted 18 tens and 3 1/2, expected 18 tens and 4 1/2: 1 stone less"
    );
    assert_eq!(short.result.sgf_re(), "W+1.5", "the miscount would turn the result");
    assert_eq!(
        black.check(stones("185")).describe(),
        "counted 18 tens and 5, expected 18 tens and 4 1/2: 1/2 stone more"
    );
    assert_eq!(in_tens(stones("177")), "17 tens and 7");
    assert_eq!(in_tens(stones("180")), "18 tens");
    assert_eq!(in_tens(stones("13")), "1 ten and 3");
    assert_eq!(in_tens(stones("1/2")), "0 tens and 1/2");
}

#[test]
fn toggling_a_stone_toggles_its_chain_and_the_second_gesture_its_group() {
    // Two dead White chains (D6 and F6-F5) inside Black's enclosure.
    let b = board(
        ". . . . . . . . .
         . . X X X X X . .
         . X . . . . . X .
         . X . O . O . X .
         . X . . . O . X .
         . . X X X X X . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut marks = Marks::new(&b);
    marks.toggle_chain(&b, at("F5", 9));
    assert_eq!(marks.dead_points(), vec![at("F6", 9), at("F5", 9)]);
    marks.toggle_chain(&b, at("F6", 9));
    assert!(marks.dead_points().is_empty(), "a second toggle brings the chain back");
    assert_eq!(
        marks.group(&b, at("D6", 9)),
        vec![at("D6", 9), at("F6", 9), at("F5", 9)]
    );
    marks.toggle_group(&b, at("D6", 9));
    assert_eq!(marks.dead_points().len(), 3, "both chains sharing the region");
    assert!(
        marks.is_dead(at("F5", 9)) && !marks.is_dead(at("C8", 9)),
        "Black's wall stays alive"
    );
    marks.toggle_group(&b, at("F5", 9));
    assert!(marks.dead_points().is_empty());
    // Black's group: the wall's chains, joined through the empty points they enclose and
    // the empty outside (no live White stone walls them apart).
    assert_eq!(marks.group(&b, at("C8", 9)).len(), 16);
    assert!(marks.group(&b, at("E5", 9)).is_empty(), "an empty point has no group");
}

#[test]
fn a_group_reaches_through_the_opponents_dead_stones_but_not_through_live_ones() {
    let b = board(
        "O . X . O X . . .
         X X . X X X . . .
         . X X X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut marks = Marks::new(&b);
    assert_eq!(
        marks.group(&b, at("A9", 9)),
        vec![at("A9", 9)],
        "C9 alive walls A9 off from E9"
    );
    marks.toggle_chain(&b, at("C9", 9));
    assert_eq!(marks.group(&b, at("A9", 9)), vec![at("A9", 9), at("E9", 9)]);
    marks.toggle_group(&b, at("A9", 9));
    assert_eq!(marks.dead_points(), vec![at("A9", 9), at("C9", 9), at("E9", 9)]);
}

#[test]
fn marks_are_a_value_that_serializes_and_keeps_seki() {
    let b = board(SEKI_9);
    let mut marks = Marks::new(&b);
    marks.mark_seki(&b, at("B8", 9));
    marks.set_dead(&b, &[at("D3", 9)]);
    assert_eq!(marks.status(at("A8", 9)), Status::Seki);
    assert_eq!(marks.status(at("D1", 9)), Status::Dead, "the whole chain D6-D1");
    assert_eq!(marks.status(at("A1", 9)), Status::Alive, "an empty point");
    let json = serde_json::to_string(&marks).unwrap();
    assert_eq!(serde_json::from_str::<Marks>(&json).unwrap(), marks);
    marks.toggle_chain(&b, at("A8", 9));
    assert_eq!(
        marks.status(at("B9", 9)),
        Status::Dead,
        "toggling a seki chain makes it dead"
    );
}

#[test]
fn counts_that_cannot_be_made_are_refused() {
    let quarter = rules(Preset::Chinese2002, 0.25);
    assert_eq!(Terms::new(&quarter, 0, [0, 0]), Err(ScoringError::Komi(0.25)));
    let b = board(SEKI_9);
    let other = Board::new(13).unwrap();
    let terms = Terms::new(&Preset::Chinese2002.rules(), 0, [0, 0]).unwrap();
    assert_eq!(
        count(&b, &Marks::new(&other), [0, 0], &terms),
        Err(ScoringError::MarksSize { marks: 13, board: 9 })
    );
}

#[test]
fn results_in_english_chinese_and_sgf() {
    use Color::{Black, White};
    let cases = [
        (
            GameResult::by_count(Quarters(1)),
            "B+0.5",
            "Black wins by 1/4 stone (1/2 point)",
            "黑胜1/4子",
        ),
        (
            GameResult::by_count(Quarters(-15)),
            "W+7.5",
            "White wins by 3 3/4 stones (7 1/2 points)",
            "白胜3又3/4子",
        ),
        (
            GameResult::by_count(Quarters(4)),
            "B+2",
            "Black wins by 1 stone (2 points)",
            "黑胜1子",
        ),
        (GameResult::by_count(Quarters(0)), "0", "Draw", "和棋"),
        (
            GameResult::win(White, Reason::Resignation),
            "W+R",
            "White wins by resignation",
            "白中盘胜",
        ),
        (
            GameResult::win(Black, Reason::Time),
            "B+T",
            "Black wins on time",
            "黑超时胜",
        ),
        (
            GameResult::win(Black, Reason::Forfeit),
            "B+F",
            "Black wins by forfeit",
            "黑胜（白弃权）",
        ),
        (
            GameResult::win(White, Reason::Disqualification),
            "W+F",
            "White wins by disqualification",
            "白胜（黑被判负）",
        ),
        (GameResult::win(White, Reason::Count), "W+", "White wins", "白胜"),
        (
            GameResult::ended(Reason::BothLose),
            "Both lose",
            "Both players lose",
            "双方负",
        ),
        (GameResult::ended(Reason::NoResult), "Void", "No result", "无胜负"),
        (GameResult::ended(Reason::Unknown), "?", "Result unknown", "结果不明"),
    ];
    for (result, re, english, chinese) in cases {
        assert_eq!(result.sgf_re(), re);
        assert_eq!(result.to_string(), english);
        assert_eq!(result.chinese(), chinese);
        let back = GameResult::from_sgf_re(re).unwrap();
        if result.reason == Reason::Disqualification {
            assert_eq!(
                back,
                GameResult::win(White, Reason::Forfeit),
                "SGF has no word for disqualification"
            );
        } else {
            assert_eq!(back, result, "{re} reads back");
        }
    }
    assert_eq!(
        GameResult::by_count(Quarters(1)).english_stones(),
        "Black wins by 1/4 stone"
    );
    assert_eq!(
        GameResult::by_count(Quarters(1)).english_points(),
        "Black wins by 1/2 point"
    );
}

#[test]
fn sgf_results_are_read_in_their_long_forms_and_nonsense_is_refused() {
    let read = |re: &str| GameResult::from_sgf_re(re).unwrap();
    assert_eq!(read("W+Resign"), GameResult::win(Color::White, Reason::Resignation));
    assert_eq!(read("b+time"), GameResult::win(Color::Black, Reason::Time));
    assert_eq!(read("B+Forfeit"), GameResult::win(Color::Black, Reason::Forfeit));
    assert_eq!(read("Draw"), GameResult::ended(Reason::Draw));
    assert_eq!(read(""), GameResult::ended(Reason::Unknown));
    assert_eq!(read(" B+26.5 ").margin, Some(Quarters::from_points(26) + Quarters(1)));
    for bad in ["B+0.25", "B+0", "B+-3", "X+R", "W+abc", "Black wins"] {
        assert!(GameResult::from_sgf_re(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_recorded_result_of_the_public_set_reads_and_writes_back() {
    for path in public_sgf_files() {
        let game = sgf::read_file(&path).unwrap();
        let result = GameResult::from_sgf_re(&game.info.result).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            GameResult::from_sgf_re(&result.sgf_re()),
            Ok(result),
            "{}",
            path.display()
        );
    }
}

/// The area terms of a game's own komi and handicap, under Chinese compensation.
fn area_terms(game: &Game, penalties: [u32; 2]) -> Terms {
    let rules = Rules {
        counting: Counting::Area,
        ..rules(Preset::Chinese2002, game.rules.komi)
    };
    Terms::new(&rules, game.info.handicap, penalties).unwrap()
}

/// Counting Black and counting White give the same result as the two-side count.
fn assert_one_side_agrees(b: &Board, marks: &Marks, terms: &Terms, what: &str) {
    let c = count(b, marks, [0, 0], terms).unwrap();
    let (black, white) = (side(&c, Color::Black), side(&c, Color::White));
    assert_eq!(
        black.count + white.count,
        Quarters::from_stones(c.board_points as i32),
        "{what}"
    );
    assert_eq!(black.result(), white.result(), "{what}");
    assert_eq!(black.result(), c.result(), "{what}");
}

#[test]
fn counting_black_or_white_gives_the_same_result_on_every_public_game() {
    let files = public_sgf_files();
    assert!(files.len() >= 729);
    for (n, path) in files.iter().enumerate() {
        let game = sgf::read_file(path).unwrap();
        let pos = game.position();
        let b = &pos.board;
        let what = path.display().to_string();
        let penalties = [(n % 3) as u32, (n % 2) as u32];
        let terms = area_terms(&game, penalties);
        assert_one_side_agrees(b, &Marks::new(b), &terms, &what);
        let mut suggested = Marks::new(b);
        suggested.set_dead(b, &dead::suggest_dead(b, pos.to_move, 1));
        assert_one_side_agrees(b, &suggested, &terms, &what);
        // Whatever the marks: every seventh stone's group dead, every fifth chain in seki.
        let mut odd = Marks::new(b);
        for (k, p) in b.points().filter(|&p| b.get(p).is_some()).enumerate() {
            match k % 35 {
                0 => odd.toggle_group(b, p),
                7 | 14 | 21 => odd.toggle_chain(b, p),
                5 | 10 => odd.mark_seki(b, p),
                _ => {}
            }
        }
        assert_one_side_agrees(b, &odd, &terms, &what);
    }
}

fn arbitrary_board_and_marks() -> impl Strategy<Value = (Board, Marks)> {
    (
        proptest::collection::vec(0u8..3, 81),
        proptest::collection::vec(0u8..3, 81),
    )
        .prop_map(|(stones, statuses)| {
            let mut b = Board::new(9).unwrap();
            for (p, s) in b.points().collect::<Vec<_>>().into_iter().zip(stones) {
                let stone = [None, Some(Color::Black), Some(Color::White)][usize::from(s)];
                b.set(p, stone).unwrap();
            }
            let mut marks = Marks::new(&b);
            for (p, s) in b.points().zip(statuses) {
                marks.set_chain(&b, p, [Status::Alive, Status::Dead, Status::Seki][usize::from(s)]);
            }
            (b, marks)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn on_any_board_with_any_marks_one_side_counting_agrees_and_the_areas_fill_the_board(
        (b, marks) in arbitrary_board_and_marks(),
        komi in -20i32..20,
        handicap in 0u32..10,
        penalties in (0u32..3, 0u32..3),
    ) {
        let rules = rules(Preset::Chinese2002, f64::from(komi) / 2.0);
        let terms = Terms::new(&rules, handicap, [penalties.0, penalties.1]).unwrap();
        let c = count(&b, &marks, [0, 0], &terms).unwrap();
        prop_assert_eq!(c.black.score + c.white.score, Quarters::from_points(81));
        let (black, white) = (side(&c, Color::Black), side(&c, Color::White));
        prop_assert_eq!(black.result(), white.result());
        prop_assert_eq!(black.result(), c.result());
        let territory = Terms { counting: Counting::Territory, ..terms };
        let t = count(&b, &marks, [0, 0], &territory).unwrap();
        // Every point is a live stone or in a region (dead stones' points included).
        let regions = t.black.territory + t.white.territory + t.dame + t.seki_eyes;
        prop_assert_eq!(regions + t.black.stones + t.white.stones, 81);
    }
}

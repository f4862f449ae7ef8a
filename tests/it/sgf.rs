//! SGF in and out: every real game of the public set read, written, read again and replayed;
//! bad input refused with a located message, never a panic.

use go_arbiter::board::Color;
use go_arbiter::game::{Action, Game, Ruling};
use go_arbiter::replay::replay;
use go_arbiter::rules::Preset;
use go_arbiter::sgf::{self, SgfError};
use proptest::prelude::*;

use crate::support::{at, public_sgf_files};

/// What must survive a round trip: info, rules, and every node's action, flag and comment
/// along every variation (in node order).
type NodeEssence = (Option<Action>, String, Option<go_arbiter::game::Flag>, usize);

fn essence(game: &Game) -> (String, String, u8, f64, Vec<NodeEssence>) {
    let nodes = (0..game.nodes_len())
        .map(|id| {
            let n = game.node(id);
            (n.action.clone(), n.comment.clone(), n.flag, n.children().len())
        })
        .collect();
    (
        format!("{:?}", game.info),
        game.rules.name.clone(),
        game.size(),
        game.rules.komi,
        nodes,
    )
}

#[test]
fn every_public_game_reads_writes_and_reads_back_the_same() {
    let files = public_sgf_files();
    assert!(
        files.len() >= 729,
        "the public set has 729 games, found {}",
        files.len()
    );
    for path in &files {
        let game = sgf::read_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = sgf::write_string(&game);
        let again = sgf::read_str(&text).unwrap_or_else(|e| panic!("{} written back: {e}\n{text}", path.display()));
        assert_eq!(essence(&again), essence(&game), "{}", path.display());
        assert_eq!(again.board(), game.board(), "{}", path.display());
    }
}

#[test]
fn every_public_main_line_replays_legally_under_its_own_rules() {
    let mut bad = Vec::new();
    for path in public_sgf_files() {
        let game = sgf::read_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let report = replay(&game);
        for m in &report.illegal {
            bad.push(format!(
                "{}: move {} {} {}: {}",
                path.display(),
                m.move_number,
                m.color.name(),
                m.point,
                m.reason
            ));
        }
        assert!(report.moves > 0, "{}", path.display());
    }
    assert!(bad.is_empty(), "illegal moves in the public set:\n{}", bad.join("\n"));
}

#[test]
fn game_info_and_rules_are_read() {
    let text = "(;FF[4]GM[1]SZ[9]KM[7.5]RU[Chinese]HA[2]AB[cg][gc]PB[Ke Jie]PW[Gu Li]BR[9p]WR[9p]DT[2026-11-29]EV[Club cup]RO[3]PC[Beijing]RE[W+0.5]TM[3600]OT[5x60 byo-yomi]\
                ;W[ee]BL[3590]WL[3580.5]OB[5]OW[4]C[first move]\
                ;B[dd]TB[aa][ab]TW[ii])";
    let game = sgf::read_str(text).unwrap();
    assert_eq!(game.size(), 9);
    assert_eq!(game.preset, Some(Preset::Chinese2002));
    assert_eq!(game.rules.komi, 7.5);
    assert_eq!(game.info.handicap, 2);
    assert_eq!(
        (game.info.black.as_str(), game.info.white.as_str()),
        ("Ke Jie", "Gu Li")
    );
    assert_eq!(game.info.main_time, Some(3600.0));
    assert_eq!(game.info.result, "W+0.5");
    assert_eq!(game.board().stone_counts(), [3, 1]);
    let first = game.node(0).children()[0];
    assert_eq!(game.node(first).comment, "first move");
    assert_eq!(game.node(first).times.white_left, Some(3580.5));
    assert_eq!(game.node(first).times.white_periods, Some(4));
    let second = game.node(first).children()[0];
    assert_eq!(game.node(second).territory.as_ref().map(|t| t[0].len()), Some(2));
    let back = sgf::read_str(&sgf::write_string(&game)).unwrap();
    assert_eq!(essence(&back), essence(&game));
    assert_eq!(back.node(back.node(0).children()[0]).times, game.node(first).times);
}

#[test]
fn variations_are_kept_on_import_and_export() {
    let text = "(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc]C[the other idea]))";
    let mut game = sgf::read_str(text).unwrap();
    let e5 = game.node(0).children()[0];
    assert_eq!(game.node(e5).children().len(), 2);
    assert_eq!(
        game.board().stone_counts(),
        [2, 1],
        "the main line is the first variation"
    );
    let back = sgf::read_str(&sgf::write_string(&game)).unwrap();
    assert_eq!(essence(&back), essence(&game));
    game.goto(game.node(e5).children()[1]);
    assert_eq!(game.node(game.cursor()).comment, "the other idea");
}

#[test]
fn flagged_moves_and_setup_edits_survive_a_round_trip() {
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    game.play(at("E5", 9)).unwrap();
    game.record_move(Color::Black, at("C3", 9), Ruling::Void).unwrap();
    game.edit(at("E5", 9), None).unwrap();
    game.edit(at("E4", 9), Some(Color::Black)).unwrap();
    game.set_comment("rebuilt: stone knocked to E4 was at E5? no, at E4");
    let back = sgf::read_str(&sgf::write_string(&game)).unwrap();
    assert_eq!(essence(&back), essence(&game));
    assert_eq!(back.board(), game.board());
    assert_eq!(back.flagged(), game.flagged());
}

#[test]
fn other_programs_properties_are_kept() {
    let text = "(;FF[4]GM[1]SZ[19]AP[CGoban:3]GN[Final]SO[archive]\n;B[pd]N[opening]LB[dd:A][pp:B]XY[private\\]value])";
    let game = sgf::read_str(text).unwrap();
    let out = sgf::write_string(&game);
    for kept in ["AP[CGoban:3]", "GN[Final]", "N[opening]", "XY[private\\]value]", "dd:A"] {
        assert!(out.contains(kept), "{kept} lost: {out}");
    }
}

#[test]
fn old_style_tt_pass_reads_as_a_pass() {
    let game = sgf::read_str("(;SZ[19];B[pd];W[tt];B[dd])").unwrap();
    let moves = game.moves();
    assert_eq!(moves[1].1, Action::Pass { color: Color::White });
}

fn error_of(text: &str) -> String {
    match sgf::read_str(text) {
        Ok(_) => panic!("accepted bad input: {text:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn bad_input_is_refused_with_the_place_in_the_file() {
    let truncated = "(;FF[4]SZ[19]\n;B[pd]\n;W[dp";
    assert_eq!(
        error_of(truncated),
        "line 3, column 3: a property value opened here is never closed with `]` (truncated file?)"
    );
    let unclosed = "(;FF[4]SZ[19]\n;B[pd]\n;W[dp]";
    assert!(error_of(unclosed).starts_with("line 1, column 1: a game tree opened here is never closed"));
    assert!(error_of("hello").contains("no game tree"));
    assert!(error_of("").contains("no game tree"));
    assert!(error_of("(;SZ[0])").contains("SZ[0] is not supported"));
    assert!(error_of("(;SZ[60])").contains("SZ[60] is not supported"));
    assert!(error_of("(;SZ[19:13])").contains("SZ[19:13]"));
    let off = "(;SZ[9]\n;B[ee]\n;W[jj])";
    assert_eq!(error_of(off), "line 3, column 1: W[jj] is not a point of the 9x9 board");
    assert!(error_of("(;SZ[9];B[ee]W[cc])").contains("both a Black and a White move"));
    assert!(error_of("(;GM[6]SZ[8];B[aa])").contains("not Go"));
    assert!(error_of("(;SZ[9];B[ee]))").contains("never opened"));
}

#[test]
fn binary_and_huge_files_are_refused_without_reading_them_whole() {
    let binary = b"(;SZ[9];B[ee]\x00\x01\x02\xff\xfe)";
    assert!(sgf::read_bytes(binary).unwrap_err().to_string().contains("binary"));
    let png = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/not-an-sgf.png")).unwrap();
    assert!(matches!(sgf::read_bytes(&png), Err(SgfError::Binary { .. })));
    let huge = vec![b' '; 50 << 20];
    assert!(matches!(sgf::read_bytes(&huge), Err(SgfError::TooLarge { .. })));
    let deep = format!("(;SZ[9]{})", ";C[x]".repeat(sgf::MAX_DEPTH + 1));
    assert!(matches!(sgf::read_str(&deep), Err(SgfError::TooDeep { .. })));
}

#[test]
fn a_record_in_a_legacy_encoding_still_gives_its_moves() {
    let mut bytes = b"(;CA[GB2312]SZ[19]PB[".to_vec();
    bytes.extend([0xb3, 0xa3, 0xba, 0xc6]); // a GB2312 name
    bytes.extend(b"];B[pd];W[dp])");
    let game = sgf::read_bytes(&bytes).unwrap();
    assert_eq!(game.moves().len(), 2);
}

#[test]
fn a_property_without_a_capital_letter_is_dropped_so_what_is_written_reads_back() {
    // Found by the damaged-game property: `0[` before a move became a nameless property whose
    // value, written back, joined the move before it (`B[gg][;W[hg]`).
    let damaged = "(;SZ[9];B[fc](;B[gg]0[;W[hg])(;B[tt];W[]))";
    let game = sgf::read_str(damaged).unwrap();
    let written = sgf::write_string(&game);
    assert!(!written.contains("]["), "no value left without its property: {written}");
    let again = sgf::read_str(&written).unwrap();
    assert_eq!(again.moves(), game.moves());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = sgf::read_bytes(&bytes);
    }

    #[test]
    fn the_reader_never_panics_on_a_damaged_real_game(cut in 0usize..2000, insert in "[()\\[\\];\\\\A-Za-z0-9]{0,6}") {
        let text = "(;FF[4]GM[1]SZ[9]KM[6.5]RU[japanese]PB[a]PW[b]RE[B+1.5];B[fc];W[gf]C[hi\\]];B[ef];W[cd](;B[gg];W[hg])(;B[tt];W[]))";
        let at = cut.min(text.len());
        let damaged = format!("{}{}{}", &text[..at], insert, &text[at..]);
        if let Ok(game) = sgf::read_str(&damaged) {
            let again = sgf::read_str(&sgf::write_string(&game));
            prop_assert!(again.is_ok(), "what we write we can read: {:?}", again.err());
        }
    }
}

/// The 4-stone game of the public set: OGS game 620291 (HA[4], KM[0.5], AB[dd][pp][pd][dp]).
fn handicap_4_game() -> Game {
    let path = crate::support::shared_data().join("sgf/ogs-lemonsqueeze/19x19/620291.sgf");
    sgf::read_file(&path).unwrap()
}

#[test]
fn an_imported_handicap_game_keeps_ha_km_and_its_ab_stones_and_writes_them_back() {
    let game = handicap_4_game();
    assert_eq!(game.info.handicap, 4);
    assert_eq!(game.rules.komi, 0.5);
    let mut stones = ["D16", "Q4", "Q16", "D4"].map(|p| at(p, 19));
    stones.sort();
    let Some(Action::Setup { black, to_move, .. }) = &game.node(0).action else {
        panic!("no setup in the root");
    };
    let mut black = black.clone();
    black.sort();
    assert_eq!(black.as_slice(), stones.as_slice());
    assert_eq!(*to_move, Some(Color::White), "White moves first in a handicap game");
    let text = sgf::write_string(&game);
    assert!(text.contains("HA[4]"), "{text}");
    assert!(text.contains("KM[0.5]"), "{text}");
    let back = sgf::read_str(&text).unwrap();
    assert_eq!((back.info.handicap, back.rules.komi), (4, 0.5));
    assert_eq!(back.node(0).action, game.node(0).action);
}

#[test]
fn a_handicap_record_without_km_takes_the_rules_handicap_komi() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半": no komi in a Chinese handicap game.
    let text = "(;GM[1]FF[4]SZ[19]RU[Chinese]HA[2]AB[pd][dp];W[qp])";
    let game = sgf::read_str(text).unwrap();
    assert_eq!((game.info.handicap, game.rules.komi), (2, 0.0));
    let even = sgf::read_str("(;GM[1]FF[4]SZ[19]RU[Chinese];B[qp])").unwrap();
    assert_eq!(even.rules.komi, 7.5, "an even game keeps the rules' komi");
}

#[test]
fn a_handicap_beyond_the_boards_points_is_refused_where_it_stands_never_read_as_another() {
    let refused = sgf::read_str("(;GM[1]FF[4]SZ[19]HA[4294967296])").unwrap_err();
    assert!(
        matches!(&refused, SgfError::BadValue { property, values, .. } if property == "HA" && values == &["4294967296"]),
        "{refused:?}"
    );
    assert!(refused.to_string().starts_with("line 1, column"), "{refused}");
    assert!(sgf::read_str("(;GM[1]FF[4]SZ[9]HA[82])").is_err());
    assert_eq!(sgf::read_str("(;GM[1]FF[4]SZ[19]HA[9])").unwrap().info.handicap, 9);
}

/// The same game always writes the same text (setup stones and territory in board order), so a
/// record compared with its stored text does not look changed when it is not: a photo's setup of
/// seven stones, and a handicap game, written twenty times over.
#[test]
fn the_same_game_writes_the_same_text_every_time() {
    use go_arbiter::board::Point;
    let mut setup = Game::new(19, Preset::Chinese2002).unwrap();
    for (stones, color) in [
        (["D4", "C14", "Q4", "K10"].as_slice(), Color::Black),
        (&["F17", "Q16", "D16"], Color::White),
    ] {
        for gtp in stones {
            setup.edit(Point::from_gtp(gtp, 19).unwrap(), Some(color)).unwrap();
        }
    }
    let handicap = Game::with_handicap(19, Preset::Chinese2002, 9).unwrap();
    for game in [setup, handicap] {
        let first = sgf::write_string(&game);
        for _ in 0..20 {
            assert_eq!(sgf::write_string(&game), first);
        }
        assert_eq!(
            sgf::write_string(&sgf::read_str(&first).unwrap()),
            first,
            "read back, written again"
        );
    }
    let text = sgf::write_string(&Game::with_handicap(19, Preset::Chinese2002, 4).unwrap());
    assert!(text.contains("AB[dd][dp][pd][pp]"), "{text}");
}

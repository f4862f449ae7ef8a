//! Headless tests (egui_kittest) of handicap games at the table and in the session: the komi
//! switched to the rules' handicap komi and back, counted on the counting screen (seed 004:
//! "让先不贴目，让子要贴还让子数的一半"), handicap 1 (让先), and the handicap and komi stored in
//! the session, read from an imported SGF and written to the exports.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::game::Game;
use crate::rules::Preset;
use crate::scoring::Quarters;
use crate::session::TableId;
use crate::ui::settings::Settings;
use crate::ui::table::harness::{click, click_point, gtp, harness, wait_for_suggestion};
use crate::ui::workstation::harness::{self as ws_harness, WALL, seated, ws};
use crate::ui::workstation::{self, Workstation};
use crate::ui::*;

const TABLE: TableId = TableId { round: 1, table: 1 };

/// The end of a 4-stone game: a wall down the board, Black K19-K7 and J6-J1, White L19-L7 and
/// K6-K1; the handicap stones D16 and D4 in Black's area, Q16 and Q4 in White's (to be marked
/// dead). Black 184 stones, White 177.
fn set_up_the_wall(table: &mut Table) {
    let mut edit = |color: Color, points: Vec<String>| {
        table.apply(Command::SetMode(Mode::Edit(color)), Duration::ZERO);
        for p in points {
            table.apply(Command::Point(gtp(&p)), Duration::ZERO);
        }
    };
    let column = |letter: char, rows: std::ops::RangeInclusive<u32>| -> Vec<String> {
        rows.map(|r| format!("{letter}{r}")).collect()
    };
    edit(Color::Black, [column('K', 7..=19), column('J', 1..=6)].concat());
    edit(Color::White, [column('L', 7..=19), column('K', 1..=6)].concat());
    table.apply(Command::SetMode(Mode::Play), Duration::ZERO);
}

#[test]
fn handicap_4_under_chinese_rules_is_counted_without_komi_par_182_1_2_for_black() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半"; seed 000 (2002): 让子 "终局计算时，按让子数由黑方
    // 贴还二分之一的子数". With the even game's 3 3/4 stones kept, the par would be 186 1/4.
    let mut h = harness();
    h.get_by_label("Komi 3 3/4 stones");
    click(&mut h, "Handicap 0");
    click(&mut h, "4");
    assert_eq!(h.state().table.game.rules.komi, 0.0);
    h.get_by_label("Komi 0 stones");
    set_up_the_wall(&mut h.state_mut().table);
    h.run();
    h.get_by_label("Count").click();
    h.step();
    wait_for_suggestion(&mut h);
    click_point(&mut h, gtp("Q16"));
    click_point(&mut h, gtp("Q4"));
    assert_eq!(crate::ui::table::harness::dead_stones(&h), 2, "Q16 and Q4 marked dead");
    // Counting Black: 184 against 180 1/2 + 2 stones given back.
    h.get_by_label("184");
    h.get_by_label("182 1/2");
    h.get_by_label("SGF RE[B+3]");
    click(&mut h, "Count White");
    h.get_by_label("177");
    h.get_by_label("178 1/2");
    h.get_by_label("SGF RE[B+3]");
}

#[test]
fn removing_the_handicap_brings_back_the_even_komi() {
    let mut h = harness();
    let komi = |h: &egui_kittest::Harness<'static, crate::ui::table::harness::Driven>| h.state().table.game.rules.komi;
    click(&mut h, "Handicap 0");
    click(&mut h, "4");
    assert_eq!(komi(&h), 0.0);
    click(&mut h, "Handicap 4");
    click(&mut h, "0");
    let table = &h.state().table;
    assert_eq!((table.game.info.handicap, komi(&h)), (0, 7.5), "3 3/4 stones again");
    assert_eq!(table.game.board().stone_counts(), [0, 0]);
    h.get_by_label("Komi 3 3/4 stones");

    // Japanese: 0.5 in a handicap game (the common practice), 6.5 again without it.
    let mut h =
        crate::ui::table::harness::harness_with(Table::open(Game::new(19, Preset::Japanese).expect("a 19x19 game")));
    h.state_mut().table.apply(Command::Handicap(3), Duration::ZERO);
    h.run();
    assert_eq!(komi(&h), 0.5);
    h.get_by_label("Komi 0.5 points");
    h.state_mut().table.apply(Command::Handicap(0), Duration::ZERO);
    h.run();
    assert_eq!(komi(&h), 6.5);
}

#[test]
fn handicap_1_takes_black_with_no_stones_and_no_komi() {
    // Seed 000 (2002): "让先：指水平略低的一方执黑先走，终局计算时不贴子".
    let mut h = harness();
    click(&mut h, "Handicap 0");
    click(&mut h, "1 (taking Black: no stones)");
    let table = &h.state().table;
    assert_eq!(table.game.info.handicap, 1);
    assert_eq!(table.game.board().stone_counts(), [0, 0]);
    assert_eq!(table.game.to_move(), Color::Black, "Black moves first");
    assert_eq!(table.game.rules.komi, 0.0);
    h.get_by_label("Handicap 1");
    h.get_by_label("Komi 0 stones");
}

#[test]
fn a_handicap_set_at_a_session_table_is_stored_with_its_komi_audited_and_exported() {
    let mut h = seated(Settings::default());
    ws_harness::at(&mut h, Duration::ZERO);
    h.get_by_label("Handicap 0").click();
    h.run();
    h.get_by_label("4").click();
    h.run();
    let session = &ws(&h).session;
    let table = session.table(TABLE).expect("table");
    assert_eq!((table.game.handicap, table.game.komi), (4, Quarters::ZERO));
    let record = table.game.game().expect("record");
    assert_eq!((record.info.handicap, record.rules.komi), (4, 0.0));
    assert_eq!(record.board().stone_counts(), [4, 0]);
    let audit: Vec<&str> = session.audit_of(TABLE).map(|e| e.what.as_str()).collect();
    assert!(audit.contains(&"handicap 0 -> 4, komi 3 3/4 -> 0 stones"), "{audit:#?}");
    assert!(crate::session::audit::verify(session).is_ok());
    let slip = crate::export::slip::lines(session, TABLE, table).expect("slip");
    assert!(
        slip.contains(
            &"Rules: Chinese 2002, komi 0 stones (0 points), handicap 4, compensation 2 stones (4 points)".to_string()
        ),
        "{slip:#?}"
    );
    let text = crate::export::sgf::game_sgf(session, TABLE, table).expect("sgf");
    assert!(text.contains("HA[4]") && text.contains("KM[0]"), "{text}");

    // Taken off again: the event's 3 3/4 stones.
    h.get_by_label("Handicap 4").click();
    h.run();
    h.get_by_label("0").click();
    h.run();
    let table = ws(&h).session.table(TABLE).expect("table");
    assert_eq!((table.game.handicap, table.game.komi), (0, Quarters(15)));

    // Handicap 1 (no stones: SGF has no HA for it) is kept by the session and the reopened table.
    h.get_by_label("Handicap 0").click();
    h.run();
    h.get_by_label("1 (taking Black: no stones)").click();
    h.run();
    let ws = ws(&h);
    let stored = &ws.session.table(TABLE).expect("table").game;
    assert_eq!((stored.handicap, stored.komi), (1, Quarters::ZERO));
    let reopened = workstation::live_table(stored, &ws.session.event, &ws.settings).expect("live");
    assert_eq!(reopened.game.info.handicap, 1);
    assert_eq!(reopened.game.rules.komi, 0.0);
    assert_eq!(
        reopened.even_komi, 7.5,
        "the event's komi, for when the handicap is removed"
    );
}

#[test]
fn an_imported_sgf_with_ha_4_becomes_a_table_with_handicap_4_and_its_komi() {
    // OGS game 620291: HA[4], KM[0.5], RU[japanese], AB[dd][pp][pd][dp].
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf/ogs-lemonsqueeze/19x19/620291.sgf");
    let game = crate::sgf::read_file(&path).expect("the record reads");
    let h = ws_harness::harness_with(Workstation::with_game(Settings::default(), WALL, game));
    let session = &ws(&h).session;
    let table = session.table(TABLE).expect("round 1 table 1");
    assert_eq!(
        (table.game.handicap, table.game.komi),
        (4, Quarters(1)),
        "4 stones, 0.5 points"
    );
    assert_eq!(table.game.rules, Preset::Japanese);
    let live = ws(&h).live(TABLE).expect("live");
    assert_eq!(live.table.game.info.handicap, 4);
    assert_eq!(live.table.game.rules.komi, 0.5);
    assert!(crate::session::audit::verify(session).is_ok());

    let text = crate::export::sgf::game_sgf(session, TABLE, table).expect("sgf");
    let back = crate::sgf::read_str(&text).expect("reads back");
    assert_eq!((back.info.handicap, back.rules.komi), (4, 0.5));
    let root = back.node(0).action.clone();
    let Some(crate::game::Action::Setup { mut black, .. }) = root else {
        panic!("no AB in the root: {text}");
    };
    black.sort();
    let mut want: Vec<_> = ["D16", "Q4", "Q16", "D4"].into_iter().map(gtp).collect();
    want.sort();
    assert_eq!(black, want);
    let slip = crate::export::slip::lines(session, TABLE, table).expect("slip");
    assert!(
        slip.iter()
            .any(|l| l == "Rules: Japanese 1989, komi 1/4 stones (1/2 points), handicap 4"),
        "{slip:#?}"
    );
}

//! Headless tests (egui_kittest) of the procedures of issue 15 owned by helper d, at the table and
//! through the session: a whole-board cycle named and ruled (Art. 20.3), leaving the seat in
//! byo-yomi (Art. 22.7), the used times at an adjournment (Art. 22.9), and giving up the
//! competition in a sudden-death game (Art. 12.4(4)).

#![allow(clippy::expect_used)] // a test's `expect` names what was missing when it fails

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Board, Color};
use crate::clock::Phase;
use crate::game::Game;
use crate::ledger::{Catalogue, Edition, Ledger};
use crate::rules::Preset;
use crate::scoring::{GameResult, Reason};
use crate::ui::table::harness::*;
use crate::ui::*;

/// Three kos on one board, Black to move: Black takes C8, White B5, Black C2, White B8, Black
/// C5, and White's B2 brings back the position of the start: a triple ko (三劫循环).
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

/// The triple ko set up on a 9x9 table under `edition` (its rules and its catalogue).
fn triple_ko_table(edition: Edition) -> Table {
    let preset = match edition {
        Edition::Chinese2002 => Preset::Chinese2002,
        Edition::ChineseOld => Preset::ChineseOld,
    };
    let board = Board::from_diagram(TRIPLE_KO).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(9, preset).unwrap_or_else(|e| panic!("{e}"));
    for p in board.points() {
        if let Some(c) = board.get(p) {
            game.edit(p, Some(c)).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    game.set_to_move(Color::Black);
    let mut table = Table::new();
    table.game = game;
    table.catalogue = Catalogue::standard(edition);
    table.ledger = Ledger::new(edition);
    table
}

fn confirm(harness: &mut Harness<'static, Driven>) {
    if let Some(c) = &mut harness.state_mut().table.counting {
        c.drafts.black = "CL".to_string();
        c.drafts.white = "AS".to_string();
        c.drafts.arbiter = "WM".to_string();
    }
    harness.run();
    click(harness, "Confirm result");
}

#[test]
fn art_20_3_a_triple_ko_under_the_2002_text_is_refused_named_and_ruled_a_draw_not_the_ko_form_of_art_18_3() {
    let mut harness = harness_with(triple_ko_table(Edition::Chinese2002));
    for m in &TRIPLE_KO_MOVES[..5] {
        click_point(&mut harness, gtp9(m));
    }
    click_point(&mut harness, gtp9("B2"));
    let message = harness.state().table.message.clone().unwrap_or_default();
    assert_eq!(message, "Triple ko: repeats the position after move 0 (Art. 20.3)");
    harness.get_by_label("Forbidden in principle: play elsewhere, or the arbiter rules:");
    assert_eq!(harness.state().table.game.moves().len(), 5, "refused (原则上禁止)");
    // The 2002 text's rulings: "如无胜负、和棋、加赛等"; not the older text's replay.
    harness.get_by_label("Rule no result");
    harness.get_by_label("Rule a playoff");
    assert!(harness.query_by_label("Rule a replay").is_none());

    // Recorded as played (void), it opens no ko form of Art. 18.3 (void move, forfeited move,
    // warning): the cycle stays named, for the arbiter's ruling.
    click(&mut harness, "Record as played (void)");
    {
        let table = &harness.state().table;
        assert!(table.dialog.is_none(), "no ledger form: {:?}", table.dialog);
        assert!(table.cycle.is_some());
        assert_eq!(table.ledger.warnings(), [0, 0]);
    }
    harness.get_by_label("Rule a draw").click();
    wait_for_suggestion(&mut harness);
    {
        let table = &harness.state().table;
        let c = table.counting.as_ref().expect("the counting screen's ending");
        assert_eq!(c.ending, Some(GameResult::ended(Reason::Draw)));
        assert!(table.cycle.is_none());
        let comment = &table.game.node(table.game.cursor()).comment;
        assert!(comment.starts_with("Triple ko (Art. 20.3)"), "{comment}");
        assert!(comment.ends_with("Ruled: draw."), "{comment}");
    }
    confirm(&mut harness);
    let confirmed = harness
        .state()
        .table
        .counting
        .as_ref()
        .and_then(|c| c.confirmed.clone());
    assert_eq!(confirmed.map(|c| c.result), Some(GameResult::ended(Reason::Draw)));
}

#[test]
fn art_20_3_old_text_a_triple_ko_is_played_named_and_ruled_a_replay() {
    let mut harness = harness_with(triple_ko_table(Edition::ChineseOld));
    harness.state_mut().table.lang = Lang::Zh;
    harness.run();
    for m in TRIPLE_KO_MOVES {
        click_point(&mut harness, gtp9(m));
    }
    {
        let table = &harness.state().table;
        assert_eq!(table.game.moves().len(), 6, "played, not refused outright");
        assert_eq!(
            table.game.board(),
            &Board::from_diagram(TRIPLE_KO).unwrap_or_else(|e| panic!("{e}"))
        );
        assert_eq!(
            table.message.as_deref(),
            Some("三劫循环：第6手后重现第0手后的局面（旧第20.3条）")
        );
    }
    // "可判和棋或者重下": draw or replay, nothing else.
    harness.get_by_label("判和棋");
    assert!(harness.query_by_label("判无胜负").is_none());
    assert!(harness.query_by_label("判加赛").is_none());
    harness.get_by_label("判重下").click();
    wait_for_suggestion(&mut harness);
    let table = &harness.state().table;
    let c = table.counting.as_ref().expect("counting");
    assert_eq!(c.ending, Some(GameResult::ended(Reason::Replay)));
    harness.get_by_label("重下");
}

#[test]
fn art_20_3_a_cycle_the_players_leave_is_no_longer_offered() {
    let mut harness = harness_with(triple_ko_table(Edition::Chinese2002));
    for m in &TRIPLE_KO_MOVES[..5] {
        click_point(&mut harness, gtp9(m));
    }
    click_point(&mut harness, gtp9("B2"));
    assert!(harness.state().table.cycle.is_some());
    // White plays elsewhere instead.
    click_point(&mut harness, gtp9("H2"));
    assert_eq!(harness.state().table.game.moves().len(), 6, "{}", message(&harness));
    assert!(
        harness.state().table.cycle.is_none(),
        "{:?}",
        harness.state().table.cycle
    );
    assert!(harness.query_by_label("Rule a draw").is_none());
}

fn at(harness: &mut Harness<'static, Driven>, s: u64) {
    harness.state_mut().now = secs(s);
    harness.run();
}

fn message(harness: &Harness<'static, Driven>) -> String {
    harness.state().table.message.clone().unwrap_or_default()
}

/// A table on `control`, its clock started at 0.
fn started(control: &str) -> Harness<'static, Driven> {
    let mut table = Table::new();
    table.apply(Command::SetControl(control.to_string()), Duration::ZERO);
    let mut harness = harness_with(table);
    click(&mut harness, "Start clock");
    assert_eq!(
        harness.state().table.clock.phase(),
        Phase::Running,
        "{}",
        message(&harness)
    );
    harness
}

fn press(harness: &mut Harness<'static, Driven>, s: u64, color: Color) {
    at(harness, s);
    let now = harness.state().now;
    harness.state_mut().table.apply(Command::Press(color), now);
    harness.run();
}

/// Art. 22.7: "读秒期间棋手在对方思考时间之内离席，须征得裁判员许可，每局仅限一次。其余情形的棋手离席，一律照常
/// 读秒。"
#[test]
fn art_22_7_leaving_the_seat_is_a_button_permitted_once_and_refused_the_second_time_with_the_article() {
    let mut harness = started("chinese:6m/5");
    press(&mut harness, 70, Color::Black); // Black is now in byo-yomi, White's time runs
    at(&mut harness, 80);
    click(&mut harness, "Black leaves the seat (Art. 22.7)");
    assert_eq!(
        harness.state().table.clock.away(),
        Some(Color::Black),
        "{}",
        message(&harness)
    );
    // White moves: Black's count waits for Black.
    press(&mut harness, 100, Color::White);
    assert_eq!(harness.state().table.clock.phase(), Phase::Paused);
    at(&mut harness, 300);
    click(&mut harness, "Black is back at the seat");
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    press(&mut harness, 310, Color::Black);
    at(&mut harness, 320);
    click(&mut harness, "Black leaves the seat (Art. 22.7)");
    assert!(
        message(&harness).contains("once per game (Art. 22.7)"),
        "{}",
        message(&harness)
    );
    // White is not in byo-yomi: refused, nothing recorded.
    click(&mut harness, "White leaves the seat (Art. 22.7)");
    assert!(
        message(&harness).contains("is not in byo-yomi"),
        "{}",
        message(&harness)
    );
    let leaves = harness
        .state()
        .table
        .clock
        .events()
        .iter()
        .filter(|e| matches!(e.kind, crate::clock::EventKind::LeaveSeat { .. }))
        .count();
    assert_eq!(leaves, 1);
    // In Chinese.
    harness.state_mut().table.lang = Lang::Zh;
    harness.run();
    click(&mut harness, "黑方离席（第22.7条）");
    assert!(
        message(&harness).contains("每局仅限一次（第22.7条）"),
        "{}",
        message(&harness)
    );
}

/// Art. 22.9: "比赛暂停时，裁判员应将前半段双方用时记录在案并经对局双方确认。……找不到前半段双方用时书面记录时，
/// 前半段用时判为双方均摊".
#[test]
fn art_22_9_the_adjournment_form_shows_both_used_times_needs_both_initials_and_the_split_is_offered() {
    let mut harness = started("chinese:60m/5");
    press(&mut harness, 600, Color::Black);
    press(&mut harness, 900, Color::White);
    at(&mut harness, 1000);
    click(&mut harness, "Adjourn");
    harness.get_by_label("Used times: Black 11:40, White 5:00 (Art. 22.9)");
    type_into(&mut harness, "Sealed move", "D4");
    click(&mut harness, "Apply");
    assert_eq!(
        harness.state().table.clock.phase(),
        Phase::Running,
        "refused without initials"
    );
    assert!(message(&harness).contains("both initials"), "{}", message(&harness));
    type_into(&mut harness, "Black confirms (initials)", "CL");
    type_into(&mut harness, "White confirms (initials)", "AS");
    click(&mut harness, "Apply");
    assert_eq!(
        harness.state().table.clock.phase(),
        Phase::Adjourned,
        "{}",
        message(&harness)
    );
    harness.get_by_label("Used at the adjournment: Black 11:40, White 5:00; confirmed by CL and AS");
    at(&mut harness, 5000);
    click(
        &mut harness,
        "No written record of the used times: split equally (Art. 22.9)",
    );
    assert_eq!(
        harness.state().table.clock.reading(secs(5000)).used,
        [secs(500), secs(500)]
    );
    click(&mut harness, "Resume");
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    assert!(
        harness
            .query_by_label("No written record of the used times: split equally (Art. 22.9)")
            .is_none()
    );
}

/// Black's wall on C, White's on E, the D file open between them (nine contested points).
const WALLS: &str = "
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .
    . . X . O . . . .";

/// Art. 12.4(4): "当一方放弃盘上竞争而导致放弃着手权时，允许终止计时，双方可争之点全部归属于对方。"
#[test]
fn art_12_4_4_a_side_that_gives_up_in_a_sudden_death_game_stops_the_clock_and_loses_every_contested_point() {
    let board = Board::from_diagram(WALLS).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::new(9, Preset::Chinese2002).unwrap_or_else(|e| panic!("{e}"));
    for p in board.points() {
        if let Some(c) = board.get(p) {
            game.edit(p, Some(c)).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let mut table = Table::new();
    table.game = game;
    table.apply(Command::SetControl("absolute:30m".to_string()), Duration::ZERO);
    let mut harness = harness_with(table);
    click(&mut harness, "Start clock");
    at(&mut harness, 600);
    // A step, not a run: the counting screen's spinner repaints until its suggestion arrives.
    harness
        .get_by_label("Black gives up the competition (Art. 12.4(4))")
        .click();
    harness.step();
    wait_for_suggestion(&mut harness);
    {
        let table = &harness.state().table;
        assert_eq!(table.clock.phase(), Phase::Paused, "the clock stopped");
        let c = table.counting.as_ref().expect("counting");
        assert_eq!(c.given_up, Some(Color::Black));
        let count = c.count([0, 0]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(count.black.score, crate::scoring::Quarters::from_points(27));
        assert_eq!(count.white.score, crate::scoring::Quarters::from_points(54));
        assert!(
            table.game.node(table.game.cursor()).comment.contains("Art. 12.4(4)"),
            "the record says so"
        );
    }
    harness.get_by_label("Black gave up the competition on the board: every contested point to White (Art. 12.4(4))");
    confirm(&mut harness);
    let confirmed = harness
        .state()
        .table
        .counting
        .as_ref()
        .and_then(|c| c.confirmed.clone());
    let result = confirmed
        .map(|c| c.result)
        .unwrap_or_else(|| panic!("{}", message(&harness)));
    assert_eq!((result.winner, result.reason), (Some(Color::White), Reason::Count));

    // A byo-yomi game offers no such button, and the command is refused.
    let mut other = started("chinese:60m/5");
    assert!(
        other
            .query_by_label("Black gives up the competition (Art. 12.4(4))")
            .is_none()
    );
    let now = other.state().now;
    other.state_mut().table.apply(Command::GiveUp(Color::Black), now);
    assert!(other.state().table.counting.is_none());
    assert!(message(&other).contains("sudden-death"), "{}", message(&other));
}

/// Through the session: the rulings leave audit entries and survive reopening the file.
mod session {
    #![allow(clippy::expect_used)]

    use std::time::Duration;

    use egui_kittest::Harness;

    use super::{TRIPLE_KO, TRIPLE_KO_MOVES};
    use crate::board::{Board, Color, Point};
    use crate::ledger::CycleRuling;
    use crate::scoring::{GameResult, Reason};
    use crate::session::TableId;
    use crate::ui::counting;
    use crate::ui::settings::Settings;
    use crate::ui::table::Command;
    use crate::ui::workstation::files::Request;
    use crate::ui::workstation::harness::*;
    use crate::ui::workstation::{FileAction, Workstation, WsCommand};

    const TABLE: TableId = TableId { round: 1, table: 1 };

    /// A 9x9 point of the diagram at the same place (letter and number) on the 19x19 board.
    fn on_19(p: Point) -> Point {
        Point::from_gtp(&p.to_gtp(9), 19).expect("on the board")
    }

    fn table(cmd: Command, h: &mut Harness<'static, Driven>) {
        let now = h.state().now;
        ws_mut(h).apply(WsCommand::Table(cmd), now);
        settle(h);
    }

    /// Frames until no dead-stone suggestion is being computed (a counting screen spins meanwhile).
    fn settle(h: &mut Harness<'static, Driven>) {
        for _ in 0..1000 {
            h.step();
            let pending = ws(h).live.iter().any(|l| {
                l.table
                    .counting
                    .as_ref()
                    .is_some_and(|c| !matches!(c.suggestion, counting::Suggestion::Ready(_)))
            });
            if !pending {
                h.run();
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no suggestion after 5 s");
    }

    fn audit(h: &Harness<'static, Driven>) -> Vec<String> {
        ws(h).session.audit_of(TABLE).map(|e| e.what.clone()).collect()
    }

    #[test]
    fn art_20_3_a_cycle_ruling_leaves_audit_entries_and_survives_reopening_before_and_after_confirmation() {
        let dir = scratch("cycle-ruling");
        let path = dir.join("day.ron");
        let mut h = seated(Settings::default());
        let request = ws(&h).request(FileAction::SaveAs).expect("save as");
        ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
        wait_files(&mut h);
        // The triple ko set up in the lower left corner of the 19x19 table (the arbiter's edits).
        let board = Board::from_diagram(TRIPLE_KO).expect("diagram");
        {
            let live = ws_mut(&mut h).current().expect("the table");
            for p in board.points() {
                if let Some(c) = board.get(p) {
                    live.table.game.edit(on_19(p), Some(c)).expect("edit");
                }
            }
            live.table.game.set_to_move(Color::Black);
        }
        h.run();
        for m in TRIPLE_KO_MOVES {
            let p = Point::from_gtp(m, 19).expect("point");
            table(Command::Point(p), &mut h);
        }
        let before = audit(&h).len();
        table(Command::RuleCycle(CycleRuling::Draw), &mut h);
        let entries = audit(&h);
        let added: Vec<&String> = entries[before..].iter().collect();
        assert!(
            added.iter().any(|e| e.starts_with("record:")),
            "the ruling goes into the record, one audit entry: {added:#?}"
        );
        let stored = ws(&h).session.table(TABLE).expect("table").game.game().expect("record");
        let mut stored = stored;
        stored.goto_main_line_end();
        assert_eq!(crate::ledger::cycle::ruled(&stored), Some(CycleRuling::Draw));
        ws_mut(&mut h).close();

        // Reopened before confirmation: the counting screen has the ruling's result again.
        let mut h2 = harness_with(Workstation::new(Settings::default(), WALL));
        ws_mut(&mut h2).apply(WsCommand::File(Request::Open, Some(path.clone())), Duration::ZERO);
        // Steps, not runs, until the file is open: the counting table may spin for its suggestion.
        for _ in 0..500 {
            h2.step();
            if ws(&h2).files.pending == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        ws_mut(&mut h2).apply(WsCommand::Select(TABLE), Duration::ZERO);
        settle(&mut h2);
        {
            let live = ws(&h2).live(TABLE).expect("live again");
            let c = live.table.counting.as_ref().expect("counting");
            assert_eq!(c.ending, Some(GameResult::ended(Reason::Draw)));
        }
        // Confirmed there: the result is stored with its audit entries, and reopens confirmed.
        if let Some(live) = ws_mut(&mut h2).current()
            && let Some(c) = &mut live.table.counting
        {
            c.drafts.black = "CL".to_string();
            c.drafts.white = "AS".to_string();
            c.drafts.arbiter = "WM".to_string();
        }
        table(Command::Confirm, &mut h2);
        let stored = &ws(&h2).session.table(TABLE).expect("table").game;
        assert_eq!(stored.result, Some(GameResult::ended(Reason::Draw)));
        assert!(stored.is_confirmed());
        assert!(audit(&h2).iter().any(|e| e.starts_with("result")), "{:#?}", audit(&h2));
        ws_mut(&mut h2).close();
        let loaded = crate::session::store::load(&path).expect("reads");
        let game = &loaded.session.table(TABLE).expect("table").game;
        assert_eq!(game.result, Some(GameResult::ended(Reason::Draw)));
    }
}

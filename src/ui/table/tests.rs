//! Headless tests of the window (egui_kittest): clicks on board points, refused moves, the clock
//! pressed by key with time driven exactly, penalties and warnings, and the repaint policy.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::clock::Phase;
use crate::ui::table::harness::*;
use crate::ui::*;

#[test]
fn version_line_names_the_app_and_version() {
    assert_eq!(version_line(), format!("Go Arbiter {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn the_window_carries_the_apps_own_icon_not_eframes() {
    let icon = window_icon();
    assert_eq!((icon.width, icon.height), (64, 64));
    assert_eq!(icon.rgba.len(), 64 * 64 * 4);
    assert!(icon.rgba.chunks(4).any(|px| px[3] == 255), "something is drawn");
}

#[test]
fn clicking_points_plays_moves_and_lists_them() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    click_point(&mut harness, gtp("D4"));
    let game = &harness.state().table.game;
    assert_eq!(game.board().get(gtp("Q16")), Some(Color::Black));
    assert_eq!(game.board().get(gtp("D4")), Some(Color::White));
    assert_eq!(game.to_move(), Color::Black);
    harness.get_by_label("1. B Q16");
    harness.get_by_label("2. W D4");
    harness.get_by_label("Undo").click();
    harness.run();
    assert_eq!(harness.state().table.game.board().get(gtp("D4")), None);
    harness.get_by_label("Redo").click();
    harness.run();
    assert_eq!(harness.state().table.game.board().get(gtp("D4")), Some(Color::White));
}

#[test]
fn an_illegal_move_is_refused_with_its_reason() {
    let mut harness = harness();
    // White surrounds the corner A19; Black playing there would have no liberties.
    for p in ["K10", "B19", "K8", "A18", "A19"] {
        click_point(&mut harness, gtp(p));
    }
    assert_eq!(harness.state().table.game.board().get(gtp("A19")), None);
    assert_eq!(harness.state().table.game.to_move(), Color::Black);
    harness.get_by_label_contains("A19 refused: suicide: the stone would have no liberties");
    click_point(&mut harness, gtp("K10"));
    harness.get_by_label("K10 refused: K10 is already occupied");
}

#[test]
fn edit_mode_records_setup_edits() {
    let mut harness = harness();
    harness.get_by_label("Add white").click();
    harness.run();
    click_point(&mut harness, gtp("C3"));
    click_point(&mut harness, gtp("C4"));
    assert_eq!(harness.state().table.game.board().get(gtp("C4")), Some(Color::White));
    click_point(&mut harness, gtp("C3"));
    assert_eq!(harness.state().table.game.board().get(gtp("C3")), None);
    harness.get_by_label("edit: +0 B, +1 W, -1");
    assert_eq!(
        harness.state().table.game.to_move(),
        Color::Black,
        "edits are not moves"
    );
}

#[test]
fn the_clock_runs_and_is_pressed_by_key_with_exact_time() {
    let mut harness = harness();
    harness.get_by_label("Start clock").click();
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    // Black's free main time of chinese:60m/5 is 55 minutes.
    harness.state_mut().now = secs(5);
    harness.run();
    harness.get_by_label("54:55");
    assert_eq!(repaint_delay(&harness), secs(1), "the next visible second");

    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.state_mut().now = secs(8);
    harness.run();
    harness.get_by_label("54:55");
    harness.get_by_label("54:57");
    let reading = harness.state().table.reading(secs(8));
    assert_eq!(reading.used, [secs(5), secs(3)]);

    // A press on the wrong side does nothing but say so.
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.get_by_label("it is White's turn, not Black's");

    harness.state_mut().now = Duration::from_millis(9_250);
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Paused);
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "a paused clock asks for no repaint"
    );
    harness.state_mut().now = secs(100);
    harness.key_press(egui::Key::Space);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
    assert_eq!(
        repaint_delay(&harness),
        Duration::from_millis(750),
        "the next whole second of the face"
    );
}

#[test]
fn calls_appear_as_captions_and_minutes_left_are_answered() {
    let mut harness = harness();
    // Two minutes, both reserved: byo-yomi from the first move.
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    harness.get_by_label("Start clock").click();
    harness.run();
    harness.state_mut().now = secs(20);
    harness.run();
    assert!(harness.state().table.caption.is_none());
    harness.state_mut().now = secs(30);
    harness.run();
    harness.get_by_label("Black: 30 seconds");
    if let Some(button) = harness.get_all_by_label("How many minutes are left?").next() {
        button.click();
    }
    harness.run();
    // Said, and shown with the one reading (the face's numbers, named).
    harness.get_by_label("Black: 2 minutes left (byo-yomi 0:30 · 2 reserved minutes left, this one included)");
}

#[test]
fn a_penalty_is_recorded_and_warnings_show_next_to_the_name() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    assert!(harness.query_by_label("Warnings: 1").is_none());
    harness.get_by_label("Takeback").click();
    harness.run();
    harness.get_by_label("Record").click();
    harness.run();
    harness.get_by_label_contains("1. Takeback: stone lifted and played elsewhere (Black), move 1");
    harness.get_by_label("Warnings: 1");
    harness.get_by_label("White").click();
    harness.run();
    harness.get_by_label("Early press").click();
    harness.run();
    harness.get_by_label("Record").click();
    harness.run();
    assert_eq!(harness.state().table.ledger.warnings(), [1, 1]);
    assert_eq!(harness.get_all_by_label("Warnings: 1").count(), 2);
}

#[test]
fn a_second_warning_shows_the_proposed_loss() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    for offence in ["Takeback", "Early press"] {
        harness.get_by_label(offence).click();
        harness.run();
        harness.get_by_label("Record").click();
        harness.run();
    }
    harness.get_by_label("Warnings: 2: second warning: loss proposed (Art. 24.2)");
}

#[test]
fn an_idle_table_asks_for_no_repaint() {
    let mut harness = harness();
    harness.run();
    assert_eq!(repaint_delay(&harness), Duration::MAX);
}

#[test]
fn a_bad_time_control_is_refused_and_a_good_one_set() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:60m".to_string()), Duration::ZERO);
    harness.run();
    assert!(harness.state().table.message.is_some());
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("japanese:10m+3x30s".to_string()), Duration::ZERO);
    harness.run();
    assert_eq!(harness.get_all_by_label("10:00").count(), 2);
    assert_eq!(harness.get_all_by_label("main · + 3 periods of 0:30").count(), 2);
}

#[test]
fn the_mouse_presses_too_and_a_timeout_stops_the_clock_and_the_repaints() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:1m/1".to_string()), Duration::ZERO);
    harness.get_by_label("Start clock").click();
    harness.run();
    harness.state_mut().now = secs(2);
    harness.run();
    // Black's "Press" is the first of the two buttons.
    if let Some(press) = harness.get_all_by_label("Press").next() {
        press.click();
    }
    harness.run();
    assert_eq!(
        harness.state().table.reading(secs(2)).turn.map(|t| t.player),
        Some(Color::White)
    );
    harness.state_mut().now = Duration::from_millis(62_500);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Flagged);
    harness.get_by_label("White ran out of time, having used 1:00: the arbiter must rule (Art. 22.5)");
    harness.get_by_label("White: 10");
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "a stopped clock asks for no repaint"
    );
}

#[test]
fn two_passes_enter_counting_and_resume_play_leaves_it() {
    let mut harness = harness();
    harness.get_by_label("Pass").click();
    harness.run();
    assert!(harness.state().table.counting.is_none());
    harness.get_by_label("Pass").click();
    harness.step();
    assert!(harness.state().table.counting.is_some());
    wait_for_suggestion(&mut harness);
    harness.get_by_label("Counting");
    harness.get_by_label("Accept suggestion (0)");
    harness.get_by_label("Resume play").click();
    harness.run();
    assert!(harness.state().table.counting.is_none());
    harness.get_by_label("Count").click();
    harness.step();
    assert!(harness.state().table.counting.is_some(), "the arbiter's button");
    wait_for_suggestion(&mut harness);
}

#[test]
fn a_real_game_is_counted_confirmed_refused_and_overridden() {
    let mut harness = stepped(Table::open(finished_game()));
    assert!(harness.state().table.counting.is_some(), "two passes at the end");
    wait_for_suggestion(&mut harness);
    assert_eq!(dead_stones(&harness), 0, "only a proposal until accepted");
    harness.get_by_label("Accept suggestion (1)").click();
    harness.run();
    assert_eq!(
        harness.state().table.counting.as_ref().map(|c| c.marks.dead_points()),
        Some(vec![gtp9("G8")])
    );
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "counting asks for no repaint once the suggestion is in"
    );
    // Black counted: 44 1/2 stones against a par of 40 1/2 + 3 3/4 = 44 1/4.
    harness.get_by_label("44 1/2");
    harness.get_by_label("4 tens and 4 1/2");
    harness.get_by_label("40 1/2");
    harness.get_by_label("+ 3 3/4");
    harness.get_by_label("44 1/4");
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");
    harness.get_by_label("SGF RE[B+0.5]");

    // White's stones at G2 and G1: the chain, then its whole group, then the group back.
    click_point(&mut harness, gtp9("G2"));
    assert_eq!(dead_stones(&harness), 3);
    click_point(&mut harness, gtp9("G2"));
    let group = {
        let c = harness.state().table.counting.as_ref();
        c.map(|c| c.marks.group(c.board(), gtp9("G2"))).unwrap_or_default()
    };
    assert!(group.len() > 2 && group.contains(&gtp9("J2")));
    assert_eq!(dead_stones(&harness), 1 + group.len());
    harness.get_by_label_contains("Black wins by");
    click_point(&mut harness, gtp9("G2"));
    assert_eq!(dead_stones(&harness), 1);
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");

    // White counted: 36 1/2 against 40 1/2 - 3 3/4 = 36 3/4, the same result.
    harness.get_by_label("Count White").click();
    harness.run();
    harness.get_by_label("3 tens and 6 1/2");
    harness.get_by_label("- 3 3/4");
    harness.get_by_label("36 3/4");
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");

    // A hand count one half stone short.
    type_into(&mut harness, "Counted on the board", "36");
    harness.get_by_label("counted 3 tens and 6, expected 3 tens and 6 1/2: 1/2 stone less");
    harness.get_by_label("If this hand count is right: Black wins by 3/4 stone (1 1/2 points)");
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");

    // Confirmation needs all three.
    harness.get_by_label("Confirm result").click();
    harness.run();
    harness.get_by_label("Black, White and the arbiter must each confirm (initials)");
    type_into(&mut harness, "Black initials", "GS");
    type_into(&mut harness, "White initials", "NX");
    type_into(&mut harness, "Arbiter initials", "AR");
    harness.get_by_label("Confirm result").click();
    harness.run();
    harness.get_by_label("Confirmed: B+0.5 (B GS, W NX, Arbiter AR)");

    // Locked: a click on the board and another ending are refused.
    click_point(&mut harness, gtp9("G2"));
    assert_eq!(dead_stones(&harness), 1);
    harness.get_by_label(crate::ui::counting::LOCKED);
    harness.state_mut().table.apply(
        Command::Ending(Some(crate::scoring::GameResult::win(
            Color::White,
            crate::scoring::Reason::Resignation,
        ))),
        Duration::ZERO,
    );
    harness.run();
    harness.get_by_label("SGF RE[B+0.5]");

    // The override needs a name and a reason.
    harness.get_by_label("Override").click();
    harness.run();
    harness.get_by_label("an override needs the chief arbiter's name and a reason");
    type_into(&mut harness, "Chief arbiter", "CA");
    type_into(&mut harness, "Reason", "G8 was agreed alive");
    harness.get_by_label("Override").click();
    harness.run();
    harness.get_by_label("CA: G8 was agreed alive (was B+0.5)");
    click_point(&mut harness, gtp9("G8"));
    assert_eq!(dead_stones(&harness), 0);
    harness.get_by_label_contains("White wins by");
}

#[test]
fn other_endings_set_the_result_with_their_reason() {
    let mut harness = stepped(Table::open(finished_game()));
    wait_for_suggestion(&mut harness);
    harness.get_by_label("White").click();
    harness.run();
    harness.get_by_label("Resignation").click();
    harness.run();
    harness.get_by_label("White wins by resignation");
    harness.get_by_label("SGF RE[W+R]");
    harness.get_by_label("Time").click();
    harness.run();
    harness.get_by_label("White wins on time");
    harness.get_by_label("Both lose").click();
    harness.run();
    harness.get_by_label("Both players lose");
    harness.get_by_label("No result").click();
    harness.run();
    harness.get_by_label("SGF RE[Void]");
    harness.get_by_label("Draw").click();
    harness.run();
    harness.get_by_label("SGF RE[0]");
}

#[test]
fn the_seki_tool_marks_a_chain_and_unmarks_it() {
    let mut harness = stepped(Table::open(finished_game()));
    wait_for_suggestion(&mut harness);
    harness.get_by_label("Seki").click();
    harness.run();
    click_point(&mut harness, gtp9("G2"));
    let seki = |h: &Harness<'static, Driven>| h.state().table.counting.as_ref().map(|c| c.marks.seki_points());
    assert_eq!(seki(&harness), Some(vec![gtp9("G2"), gtp9("G1")]));
    click_point(&mut harness, gtp9("G1"));
    assert_eq!(seki(&harness), Some(vec![]));
    click_point(&mut harness, gtp9("H4"));
    harness.get_by_label("H4 is empty: click a stone");
}

/// The views take what they draw and return commands (issue 19): none names the table's type,
/// and no file of the table screen reaches into another screen (the workstation, the results).
#[test]
fn views_never_see_the_table() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui");
    let views = [
        "table/board_view.rs",
        "table/clock_view.rs",
        "table/ledger_view.rs",
        "table/moves_view.rs",
        "table/procedures_view.rs",
        "table/dialogs.rs",
        "table/table_header.rs",
        "table/players_display.rs",
        "table/command.rs",
        "table/shown.rs",
        "counting/view.rs",
    ];
    let mut found = Vec::new();
    for view in views {
        let text = std::fs::read_to_string(dir.join(view)).unwrap_or_else(|e| panic!("{view}: {e}"));
        let code = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_start().starts_with("//"));
        for (n, line) in code {
            let names_table = line.contains("ui::table::Table") || line.contains("&Table") || line.contains("Table,");
            if names_table || line.contains("ui::workstation") || line.contains("ui::results") {
                found.push(format!("{view}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    let mut others = Vec::new();
    for entry in std::fs::read_dir(dir.join("table")).unwrap_or_else(|e| panic!("src/ui/table: {e}")) {
        let path = entry.map(|e| e.path()).unwrap_or_default();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        if name.starts_with("tests") || name == "harness.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if text.contains("ui::workstation") || text.contains("ui::results") {
            others.push(name);
        }
    }
    assert_eq!(found, Vec::<String>::new(), "views that see the table");
    assert_eq!(others, Vec::<String>::new(), "table files that import another screen");
}

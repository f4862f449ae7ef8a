//! Headless tests (egui_kittest) of the table's forms and options: clock corrections, lateness,
//! adjournment, incident forms, resignation, moves recorded as played, handicap, a move that
//! presses the clock, move numbers, moves left in a Canadian period, the table's keys, the calls
//! handed to the owner. Time is driven exactly.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::clock::{Clock, EventKind, Phase, TimeControl};
use crate::game::{Game, Illegal};
use crate::ledger::{Catalogue, Edition, Ledger, Measure, OffenceId, Sanction};
use crate::rules::Preset;
use crate::scoring::{GameResult, Reason};
use crate::ui::table::Keys;
use crate::ui::table::board_view;
use crate::ui::table::dialogs::Dialog;
use crate::ui::table::harness::*;
use crate::ui::*;

/// Sets the clock going at `now` = 0.
fn start(harness: &mut Harness<'static, Driven>) {
    click(harness, "Start clock");
    assert_eq!(harness.state().table.clock.phase(), Phase::Running);
}

fn at(harness: &mut Harness<'static, Driven>, s: u64) {
    harness.state_mut().now = secs(s);
    harness.run();
}

fn message(harness: &Harness<'static, Driven>) -> String {
    harness.state().table.message.clone().unwrap_or_default()
}

#[test]
fn a_clock_correction_stops_the_clock_asks_a_reason_and_sets_the_time() {
    let mut harness = harness();
    start(&mut harness);
    at(&mut harness, 10);
    click(&mut harness, "Correct clock");
    assert_eq!(
        harness.state().table.clock.phase(),
        Phase::Paused,
        "a correction stops the clock"
    );
    let Some(Dialog::Correction(form)) = harness.state().table.dialog.clone() else {
        panic!("no correction form");
    };
    assert_eq!(
        (form.player, form.main.as_str()),
        (Color::Black, "54m50s"),
        "prefilled from the clock"
    );
    if let Some(Dialog::Correction(form)) = &mut harness.state_mut().table.dialog {
        form.main.clear();
    }
    type_into(&mut harness, "Main time", "30m");
    click(&mut harness, "Apply");
    assert_eq!(message(&harness), "a clock correction needs a reason");
    assert!(harness.state().table.dialog.is_some(), "a refused form stays open");
    type_into(&mut harness, "Reason", "clock fault");
    // A one-sided change needs the chief arbiter's approval (Art. 22.8).
    type_into(&mut harness, "Approved by chief arbiter (name)", "Wang Fang");
    click(&mut harness, "Apply");
    assert!(harness.state().table.dialog.is_none(), "{}", message(&harness));
    let table = &harness.state().table;
    assert_eq!(table.reading(secs(10)).left[0].main, secs(1800));
    assert!(matches!(
        table.clock.events().last().map(|e| &e.kind),
        Some(EventKind::Edit { player: Color::Black, reason, .. })
            if reason == "clock fault; approved by chief arbiter Wang Fang"
    ));
    harness.get_by_label("30:00");
    click(&mut harness, "Resume");
    at(&mut harness, 15);
    harness.get_by_label("29:55");
}

#[test]
fn a_correction_form_for_the_other_side_is_refilled_and_cancel_changes_nothing() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("japanese:10m+3x30s".to_string()), Duration::ZERO);
    click(&mut harness, "Correct clock");
    harness.get_by_label("Minutes or periods left");
    harness.get_by_label("Left in this period");
    assert!(harness.query_by_label("Moves left in the period").is_none());
    let radios: Vec<_> = harness.get_all_by_label("White").collect();
    // The ledger's offender and the form's player: the form's radio comes first.
    radios[0].click();
    harness.run();
    assert!(matches!(
        &harness.state().table.dialog,
        Some(Dialog::Correction(form)) if form.player == Color::White && form.periods == "3"
    ));
    let events = harness.state().table.clock.events().len();
    click(&mut harness, "Cancel");
    assert!(harness.state().table.dialog.is_none());
    assert_eq!(harness.state().table.clock.events().len(), events);
}

/// The lateness form filled in with `minutes` for the offender already chosen, and applied.
fn enter_lateness(harness: &mut Harness<'static, Driven>, minutes: &str) {
    click(harness, "Lateness");
    type_into(harness, "Minutes late", minutes);
    click(harness, "Apply");
}

/// White chosen as the offender, then `minutes` of lateness entered.
fn enter_lateness_of_white(harness: &mut Harness<'static, Driven>, minutes: &str) {
    harness.get_by_label("White").click();
    harness.run();
    enter_lateness(harness, minutes);
}

#[test]
fn lateness_is_recorded_in_the_ledger_and_deducts_twice_the_late_time() {
    let mut harness = harness();
    enter_lateness(&mut harness, "5");
    assert!(harness.state().table.dialog.is_none(), "{}", message(&harness));
    let table = &harness.state().table;
    let incident = table
        .ledger
        .incidents()
        .next()
        .map(|i| (i.report.offence.clone(), i.report.late_by));
    assert_eq!(incident, Some((OffenceId::Lateness, Some(secs(300)))));
    assert_eq!(
        table.ledger.sanction_of(crate::ledger::IncidentId(0)),
        Some(&Sanction::of(&[Measure::LatenessDeduction { factor: 2 }]))
    );
    // 55 minutes of free main time, less twice 5 minutes.
    assert_eq!(table.reading(Duration::ZERO).left[0].main, secs(45 * 60));
    harness.get_by_label("45:00");

    // White, later than the limit (15 minutes): the loss, on the clock and in the ledger.
    enter_lateness_of_white(&mut harness, "16");
    let table = &harness.state().table;
    assert_eq!(table.clock.phase(), Phase::Over);
    assert_eq!(table.reading(Duration::ZERO).lost, [false, true]);
    assert_eq!(
        table.ledger.outcome().map(|o| o.result()),
        Some(GameResult::win(Color::Black, Reason::Forfeit))
    );
}

/// A new table whose ledger follows `edition`.
fn table_under(edition: Edition) -> Table {
    let mut table = Table::new();
    table.catalogue = Catalogue::standard(edition);
    table.ledger = Ledger::new(edition);
    table
}

#[test]
fn lateness_of_ten_minutes_costs_twenty_under_2002_and_ten_under_the_old_text_on_the_clock_alone() {
    // 55 free minutes; Black 10 minutes late, White 16 (beyond the 15-minute limit).
    for (edition, factor, main, face) in [
        (Edition::Chinese2002, 2, 35, "35:00"),
        (Edition::ChineseOld, 1, 45, "45:00"),
    ] {
        let mut harness = harness_with(table_under(edition));
        enter_lateness(&mut harness, "10");
        assert!(
            harness.state().table.dialog.is_none(),
            "{edition}: {}",
            message(&harness)
        );
        let table = &harness.state().table;
        assert_eq!(
            table.ledger.sanction_of(crate::ledger::IncidentId(0)),
            Some(&Sanction::of(&[Measure::LatenessDeduction { factor }])),
            "{edition}"
        );
        assert_eq!(table.reading(Duration::ZERO).left[0].main, secs(main * 60), "{edition}");
        let kinds: Vec<_> = table.clock.events().iter().map(|e| e.kind.clone()).collect();
        assert!(
            matches!(
                kinds.as_slice(),
                [EventKind::Lateness { player: Color::Black, factor: f, deducted, forfeit: false, .. }]
                    if *f == factor && *deducted == secs(600 * u64::from(factor))
            ),
            "{edition}: one lateness event, no edit of the main time: {kinds:?}"
        );
        harness.get_by_label(face);

        enter_lateness_of_white(&mut harness, "16");
        let table = &harness.state().table;
        assert_eq!(table.reading(Duration::ZERO).lost, [false, true], "{edition}");
        assert_eq!(
            table.ledger.outcome().map(|o| o.result()),
            Some(GameResult::win(Color::Black, Reason::Forfeit)),
            "{edition}"
        );
        // The stored events replay to the same reading.
        let replayed = Clock::replay(*table.clock.control(), table.clock.events());
        assert_eq!(
            replayed.map(|c| c.reading(secs(60))),
            Ok(table.clock.reading(secs(60))),
            "{edition}"
        );
    }
}

#[test]
fn lateness_after_the_first_move_is_refused_and_nothing_is_recorded() {
    let mut harness = harness();
    start(&mut harness);
    at(&mut harness, 3);
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    click(&mut harness, "Lateness");
    type_into(&mut harness, "Minutes late", "5");
    click(&mut harness, "Apply");
    assert_eq!(message(&harness), "lateness is recorded only before the first move");
    assert_eq!(
        harness.state().table.ledger.incidents().count(),
        0,
        "both change or neither"
    );
}

#[test]
fn an_adjourned_game_resumes_with_the_sealed_move() {
    let mut harness = harness();
    start(&mut harness);
    at(&mut harness, 5);
    click(&mut harness, "Adjourn");
    assert!(matches!(&harness.state().table.dialog, Some(Dialog::Adjourn(f)) if f.reason == "adjourned"));
    type_into(&mut harness, "Sealed move", "D4");
    // Art. 22.9: both players confirm the used times.
    type_into(&mut harness, "Black confirms (initials)", "CL");
    type_into(&mut harness, "White confirms (initials)", "AS");
    click(&mut harness, "Apply");
    assert_eq!(
        harness.state().table.clock.phase(),
        Phase::Adjourned,
        "{}",
        message(&harness)
    );
    harness.get_by_label("adjourned");
    assert_eq!(
        repaint_delay(&harness),
        Duration::MAX,
        "an adjourned clock asks for no repaint"
    );
    at(&mut harness, 4000);
    click(&mut harness, "Resume");
    let table = &harness.state().table;
    assert_eq!(
        table.game.board().get(gtp("D4")),
        Some(Color::Black),
        "{:?}",
        table.message
    );
    assert_eq!(table.clock.phase(), Phase::Running);
    let reading = table.reading(secs(4002));
    assert_eq!(reading.turn.map(|t| t.player), Some(Color::White));
    assert_eq!(reading.used, [secs(5), secs(2)], "the adjournment is not counted");
}

#[test]
fn a_quick_button_opens_a_prefilled_form_and_records_the_note_and_choice() {
    let mut harness = harness();
    // Nobody presses here: the move leaves the clock to the player.
    harness.state_mut().table.move_presses_clock = false;
    start(&mut harness);
    click_point(&mut harness, gtp("Q16"));
    at(&mut harness, 20);
    harness.get_by_label("White").click();
    harness.run();
    click(&mut harness, "Disturbing");
    let Some(Dialog::Incident(form)) = harness.state().table.dialog.clone() else {
        panic!("no incident form");
    };
    assert_eq!(form.player, Color::White);
    assert_eq!(form.move_number, "1");
    // Black's turn still (nobody pressed): White's clock reads its full time.
    assert_eq!(form.clock, secs(60 * 60));
    harness.get_by_label("Clock: main 55:00 · + 5 reserved minutes");
    click(&mut harness, "Record");
    assert!(
        message(&harness).starts_with("not recorded: the arbiter must choose"),
        "{}",
        message(&harness)
    );
    click(&mut harness, "warning");
    type_into(&mut harness, "Note", "tapping the table");
    click(&mut harness, "Record");
    assert!(harness.state().table.dialog.is_none(), "{}", message(&harness));
    let table = &harness.state().table;
    let incident = table.ledger.incidents().next().map(|i| {
        (
            i.report.offence.clone(),
            i.report.player,
            i.report.move_number,
            i.report.note.clone(),
            i.sanction.clone(),
        )
    });
    assert_eq!(
        incident,
        Some((
            OffenceId::DisturbingOpponent,
            Color::White,
            1,
            "tapping the table".to_string(),
            Sanction::warning()
        ))
    );
    assert_eq!(table.ledger.warnings(), [0, 1]);
}

#[test]
fn a_double_move_is_recorded_at_its_point_void_with_the_incident() {
    let mut harness = harness();
    click_point(&mut harness, gtp("Q16"));
    click(&mut harness, "Double move");
    click(&mut harness, "Record");
    assert!(
        message(&harness).contains("the record shows no out-of-turn move"),
        "{}",
        message(&harness)
    );
    assert_eq!(harness.state().table.game.moves().len(), 1, "nothing recorded");
    type_into(&mut harness, "Played at (if not in the record)", "D4");
    click(&mut harness, "Record");
    let table = &harness.state().table;
    assert!(table.dialog.is_none(), "{:?}", table.message);
    assert_eq!(
        table.game.flagged().len(),
        1,
        "the second move is in the record, flagged"
    );
    assert_eq!(table.game.board().get(gtp("D4")), None, "void");
    assert_eq!(table.game.to_move(), Color::White, "White still to play");
    let incident = table
        .ledger
        .incidents()
        .next()
        .map(|i| (i.report.offence.clone(), i.report.move_number, i.sanction.clone()));
    assert_eq!(
        incident,
        Some((
            OffenceId::TwoMovesInARow,
            2,
            Sanction::of(&[Measure::MoveVoid, Measure::Warning])
        ))
    );
}

#[test]
fn any_offence_of_the_catalogue_can_be_chosen() {
    let mut harness = harness();
    click(&mut harness, "Other offence");
    click(&mut harness, "Smoking against the rules (Art. 23.8)");
    assert!(matches!(
        &harness.state().table.dialog,
        Some(Dialog::Incident(f)) if f.offence == OffenceId::Smoking
    ));
}

#[test]
fn resigning_ends_the_game_by_resignation_through_the_result_screen() {
    let mut harness = harness();
    start(&mut harness);
    click_point(&mut harness, gtp("Q16"));
    at(&mut harness, 7);
    harness.get_by_label("Resign").click();
    // Steps, not runs: the counting screen's spinner repaints until its suggestion arrives.
    harness.step();
    harness.step();
    let table = &harness.state().table;
    assert_eq!(table.game.position().resigned, Some(Color::White));
    assert_eq!(table.clock.phase(), Phase::Paused, "the clock stops");
    let result = table
        .counting
        .as_ref()
        .and_then(|c| c.result(table.ledger.penalty_stones()));
    assert_eq!(result, Some(GameResult::win(Color::Black, Reason::Resignation)));
}

#[test]
fn a_refused_move_can_be_recorded_as_played_and_opens_its_ledger_form() {
    let mut harness = harness();
    // White surrounds the corner A19; Black playing there has no liberties.
    for p in ["K10", "B19", "K8", "A18", "A19"] {
        click_point(&mut harness, gtp(p));
    }
    assert_eq!(harness.state().table.refused, Some((gtp("A19"), Illegal::Suicide)));
    click(&mut harness, "Record as played (void)");
    let table = &harness.state().table;
    assert_eq!(table.game.flagged().len(), 1, "the move is in the record, flagged");
    assert_eq!(table.game.board().get(gtp("A19")), None, "void: off the board");
    assert_eq!(table.game.to_move(), Color::White, "void: the turn is forfeited");
    assert!(matches!(
        &table.dialog,
        Some(Dialog::Incident(f)) if f.offence == OffenceId::ForbiddenPoint && f.move_number == "5"
            && f.points == vec![gtp("A19")]
    ));
    click(&mut harness, "Record");
    let table = &harness.state().table;
    assert!(table.dialog.is_none(), "{:?}", table.message);
    assert_eq!(
        table.ledger.incidents().next().map(|i| i.sanction.clone()),
        Some(Sanction::of(&[Measure::MoveVoid, Measure::ForfeitedMove]))
    );
    assert!(
        harness.query_by_label("Record as played (void)").is_none(),
        "offered once"
    );
}

#[test]
fn handicap_stones_are_placed_on_a_new_game_only() {
    let mut harness = harness();
    harness.state_mut().table.game.info.black = "Li".to_string();
    click(&mut harness, "Handicap 0");
    click(&mut harness, "4");
    let table = &harness.state().table;
    assert_eq!(table.game.info.handicap, 4);
    assert_eq!(table.game.info.black, "Li", "the players stay");
    assert_eq!(table.game.board().stone_counts(), [4, 0]);
    assert_eq!(table.game.to_move(), Color::White);
    start(&mut harness);
    assert_eq!(
        harness.state().table.reading(Duration::ZERO).turn.map(|t| t.player),
        Some(Color::White),
        "White starts a handicap game"
    );
    harness.state_mut().table.apply(Command::Handicap(2), Duration::ZERO);
    assert_eq!(harness.state().table.game.info.handicap, 4);
    assert!(message(&harness).starts_with("handicap stones are placed on a new game"));
}

#[test]
fn a_move_presses_the_movers_clock_when_that_option_is_on() {
    let mut harness = harness();
    harness.state_mut().table.move_presses_clock = false;
    start(&mut harness);
    at(&mut harness, 3);
    click_point(&mut harness, gtp("Q16"));
    let turn = |h: &Harness<'static, Driven>| h.state().table.reading(h.state().now).turn.map(|t| t.player);
    assert_eq!(turn(&harness), Some(Color::Black), "off: the move presses nothing");
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.state_mut().table.move_presses_clock = true;
    at(&mut harness, 10);
    click_point(&mut harness, gtp("D4"));
    assert_eq!(turn(&harness), Some(Color::Black));
    assert_eq!(harness.state().table.reading(secs(10)).used, [secs(3), secs(7)]);
    at(&mut harness, 12);
    harness.get_by_label("Pass").click();
    harness.run();
    assert_eq!(turn(&harness), Some(Color::White), "a pass presses too");
}

#[test]
fn move_numbers_are_those_of_the_stones_still_on_the_board() {
    let mut game = match Game::new(9, Preset::Chinese2002) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let p = |t: &str| Point::from_gtp(t, 9).unwrap_or(Point::new(99, 99));
    // White's A9 (move 2) is captured by Black's A8 (move 5); Black plays A9 itself at move 7.
    for m in ["B9", "A9", "E5", "E4", "A8", "F4", "A9"] {
        if let Err(e) = game.play(p(m)) {
            panic!("{m}: {e}");
        }
    }
    let mut numbers = board_view::move_numbers(&game);
    numbers.sort();
    let mut expected = vec![
        (p("B9"), 1),
        (p("E5"), 3),
        (p("E4"), 4),
        (p("A8"), 5),
        (p("F4"), 6),
        (p("A9"), 7),
    ];
    expected.sort();
    assert_eq!(numbers, expected);
    let mut harness = harness();
    harness.state_mut().table.move_numbers = true;
    click_point(&mut harness, gtp("Q16"));
    assert_eq!(
        board_view::move_numbers(&harness.state().table.game),
        vec![(gtp("Q16"), 1)]
    );
}

#[test]
fn a_canadian_face_shows_the_moves_left_in_the_period() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("canadian:10s+3/5m".to_string()), Duration::ZERO);
    assert!(matches!(
        harness.state().table.clock.control(),
        TimeControl::Canadian { .. }
    ));
    start(&mut harness);
    at(&mut harness, 20);
    harness.get_by_label("4:50");
    harness.get_by_label("period · 3 moves to play");
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    harness.get_by_label("period · 2 moves to play");
}

#[test]
fn the_clock_listens_to_the_tables_own_keys() {
    let mut harness = harness();
    harness.state_mut().table.keys = Keys {
        black: egui::Key::A,
        white: egui::Key::L,
        pause: egui::Key::P,
    };
    harness.run();
    harness.get_by_label("Keys: A = Black's press, L = White's press, P = pause / resume");
    harness.get_by_label("Black (A)");
    start(&mut harness);
    at(&mut harness, 2);
    let turn = |h: &Harness<'static, Driven>| h.state().table.reading(h.state().now).turn.map(|t| t.player);
    harness.key_press(egui::Key::ShiftLeft);
    harness.run();
    assert_eq!(turn(&harness), Some(Color::Black), "the default key no longer presses");
    harness.key_press(egui::Key::A);
    harness.run();
    assert_eq!(turn(&harness), Some(Color::White));
    harness.key_press(egui::Key::P);
    harness.run();
    assert_eq!(harness.state().table.clock.phase(), Phase::Paused);
}

#[test]
fn the_calls_that_fell_due_are_handed_to_the_owner_once() {
    let mut harness = harness();
    harness
        .state_mut()
        .table
        .apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    start(&mut harness);
    at(&mut harness, 41);
    let calls: Vec<(&str, Duration)> = harness
        .state_mut()
        .table
        .take_announcements()
        .iter()
        .map(|a| (a.clip, a.at))
        .collect();
    assert_eq!(calls, vec![("sec_30", secs(30)), ("sec_40", secs(40))]);
    assert!(harness.state_mut().table.take_announcements().is_empty(), "taken once");
    if let Some(button) = harness.get_all_by_label("How many minutes are left?").next() {
        button.click();
    }
    harness.run();
    let asked: Vec<&str> = harness
        .state_mut()
        .table
        .take_announcements()
        .iter()
        .map(|a| a.clip)
        .collect();
    assert_eq!(asked, vec!["minutes_left_2"], "the answer is spoken too");
}

#[test]
fn an_untaken_table_keeps_only_the_last_calls() {
    let mut table = Table::new();
    table.apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    table.apply(Command::StartClock, Duration::ZERO);
    for s in 0..=120 {
        table.apply(Command::Tick, secs(s));
    }
    let calls = table.take_announcements();
    assert_eq!(calls.len(), crate::ui::table::PENDING_CALLS);
    assert_eq!(calls.last().map(|a| a.clip), Some("count_10"));
}

#[test]
fn an_open_form_on_an_idle_table_asks_for_no_repaint() {
    let mut harness = harness();
    click(&mut harness, "Adjourn");
    assert!(
        harness.state().table.dialog.is_none(),
        "nothing to adjourn before the clock starts"
    );
    click(&mut harness, "Lateness");
    assert!(harness.state().table.dialog.is_some());
    harness.run();
    assert_eq!(repaint_delay(&harness), Duration::MAX);
}

#[test]
fn the_forms_and_buttons_draw_in_chinese() {
    let mut harness = harness();
    harness.state_mut().table.lang = i18n::Lang::Zh;
    harness.run();
    harness.get_by_label("按键：左Shift＝黑方按钟，右Shift＝白方按钟，空格＝暂停／继续");
    let zh = |t: i18n::Text| t.tr(i18n::Lang::Zh);
    click(&mut harness, zh(i18n::Text::CorrectClock));
    harness.get_by_label(zh(i18n::Text::MainTime));
    click(&mut harness, zh(i18n::Text::Cancel));
    click(&mut harness, zh(i18n::Text::Lateness));
    harness.get_by_label(zh(i18n::Text::MinutesLate));
    click(&mut harness, zh(i18n::Text::Cancel));
    click(&mut harness, zh(i18n::Text::Disturbing));
    harness.get_by_label(zh(i18n::Text::ByCatalogue));
    click(&mut harness, zh(i18n::Text::OtherOffence));
    click(&mut harness, "让子 0");
    assert!(harness.state().table.message.is_none());
}

#[test]
fn in_a_narrow_window_the_board_shrinks_and_is_never_under_a_panel() {
    for width in [700.0, 940.0, 1260.0] {
        let mut harness = Harness::builder()
            .with_size(egui::Vec2::new(width, 860.0))
            .with_context_setup(crate::ui::paint::fonts::install)
            .build_ui_state(
                |ui, d: &mut Driven| d.table.frame(ui, d.now),
                Driven {
                    table: Table::new(),
                    now: Duration::ZERO,
                },
            );
        harness.run();
        let board = harness.get_by_label("Board").rect();
        let clock = harness.get_by_label("Start clock").rect();
        assert!(
            board.right() <= clock.left(),
            "{width} px: the board ends at {} but the clock panel starts at {}",
            board.right(),
            clock.left()
        );
        assert!(board.width() >= 300.0, "{width} px: a board {} px wide", board.width());
    }
    assert_eq!(
        crate::ui::table::side_widths(700.0, 860.0),
        (0.0, 320.0),
        "the move list goes first"
    );
}

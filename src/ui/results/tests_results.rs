//! Headless tests (egui_kittest) of the end of a game and the results: a dispute over life and
//! death played out and written into the record, dame marks in the count, the result in both
//! languages, the audit panel, the results screen with its standings, and a round exported on a
//! worker thread.

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::game::{Action, Game};
use crate::ledger::{Catalogue, Edition, OffenceId, RaisedBy, Report};
use crate::rules::Preset;
use crate::scoring::{GameResult, Quarters, Reason};
use crate::session::{AuditEntry, Change, Event, GameSetup, Player, PlayerId, Role, Session, Signer, Stamp, TableId};
use crate::ui::counting::LOCKED;
use crate::ui::i18n::Lang;
use crate::ui::results::export_job::Format;
use crate::ui::results::view::ResultsScreen;
use crate::ui::table::harness::*;
use crate::ui::*;

fn comment_at_cursor(game: &Game) -> String {
    game.node(game.cursor()).comment.clone()
}

#[test]
fn a_dispute_is_played_out_from_the_counting_position_and_the_record_keeps_claim_and_outcome() {
    let mut harness = counting_harness();
    harness.get_by_label("Accept suggestion (1)").click();
    harness.run();
    harness.get_by_label("Dispute: Black claims dead").click();
    harness.run();

    let claim = "Black claims White's stones G8 (1) dead";
    {
        let table = &harness.state().table;
        assert!(table.counting.is_none(), "play resumed");
        assert_eq!(table.dispute.as_ref().map(|d| d.claim()), Some(claim.to_string()));
        assert_eq!(table.game.to_move(), Color::Black, "the side claiming dead moves first");
        assert_eq!(
            comment_at_cursor(&table.game),
            format!(
                "Dispute (Art. 21.4): {claim}; White disagrees. Play resumed from the counting position, Black to move."
            )
        );
    }
    harness.get_by_label(claim);

    // Black ataris G8, White passes, Black captures it.
    click_point(&mut harness, gtp9("G7"));
    harness.get_by_label("Pass").click();
    harness.run();
    click_point(&mut harness, gtp9("G9"));
    assert_eq!(harness.state().table.game.board().get(gtp9("G8")), None, "captured");
    assert!(harness.state().table.counting.is_none());

    harness.get_by_label("Return to counting").click();
    harness.step();
    assert!(harness.state().table.dispute.is_none());
    assert!(harness.state().table.counting.is_some(), "counting resumed");
    wait_for_suggestion(&mut harness);
    let game = &harness.state().table.game;
    assert_eq!(
        comment_at_cursor(game),
        format!("Dispute outcome: 3 moves played after \"{claim}\". Captured: G8 (1). Counting resumed.")
    );
    let record = crate::sgf::write_string(game);
    // SGF escapes the colons.
    assert!(record.contains("Dispute (Art. 21.4)\\: Black claims"), "{record}");
    assert!(record.contains("Dispute outcome\\: 3 moves played"), "{record}");
    // The same count as before the dispute: G7, G8 and G9 were Black's area already.
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");
}

#[test]
fn a_dispute_by_the_side_not_to_move_sets_it_to_move_and_two_passes_end_it() {
    let mut harness = counting_harness();
    let zero = Duration::ZERO;
    // Marks that outlive the dispute: a seki and a dame point.
    if let Some(c) = &mut harness.state_mut().table.counting {
        let board = c.board().clone();
        c.marks.mark_seki(&board, gtp9("G2"));
        c.marks.toggle_dame(&board, gtp9("B1"));
    }
    harness
        .state_mut()
        .table
        .apply(Command::Dispute { claimant: Color::White }, zero);
    {
        let game = &harness.state().table.game;
        assert_eq!(game.to_move(), Color::White);
        assert!(matches!(
            game.node(game.cursor()).action,
            Some(Action::Setup {
                to_move: Some(Color::White),
                ..
            })
        ));
        assert!(comment_at_cursor(game).contains("White claims Black stones dead (none marked)"));
    }
    for command in [Command::Point(gtp9("A1")), Command::Pass] {
        harness.state_mut().table.apply(command, zero);
        assert!(harness.state().table.dispute.is_some());
    }
    harness.state_mut().table.apply(Command::Pass, zero);
    let table = &harness.state().table;
    assert!(
        table.dispute.is_none() && table.counting.is_some(),
        "two passes end the dispute"
    );
    assert_eq!(
        comment_at_cursor(&table.game),
        "Dispute outcome: 3 moves played after \"White claims Black stones dead (none marked)\". Counting resumed."
    );
    assert_eq!(
        table.counting.as_ref().map(|c| c.board().get(gtp9("A1"))),
        Some(Some(Color::White)),
        "the position as it now stands"
    );
    let marks = table
        .counting
        .as_ref()
        .map(|c| (c.marks.seki_points(), c.marks.dame_points()));
    assert_eq!(
        marks,
        Some((vec![gtp9("G2"), gtp9("G1")], vec![gtp9("B1")])),
        "carried over"
    );

    // Once the result is confirmed, no dispute.
    wait_for_suggestion(&mut harness);
    let table = &mut harness.state_mut().table;
    if let Some(c) = &mut table.counting {
        c.drafts.black = "GS".to_string();
        c.drafts.white = "NX".to_string();
        c.drafts.arbiter = "AR".to_string();
    }
    table.apply(Command::Confirm, zero);
    table.apply(Command::Dispute { claimant: Color::Black }, zero);
    assert!(table.dispute.is_none() && table.counting.is_some());
    assert_eq!(table.message.as_deref(), Some(LOCKED));
    table.apply(Command::EndDispute, zero);
    assert_eq!(table.message.as_deref(), Some("no dispute is being played out"));
}

#[test]
fn a_dame_mark_shares_a_point_and_changes_the_count_in_both_languages() {
    let mut harness = counting_harness();
    harness.get_by_label("Accept suggestion (1)").click();
    harness.run();
    harness.get_by_label("44 1/2");
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");
    harness.get_by_label(&GameResult::by_count(Quarters(1)).chinese());

    harness.get_by_label("Dame").click();
    harness.run();
    // A1 is in Black's corner: marked dame it is shared, half a stone less for Black.
    click_point(&mut harness, gtp9("A1"));
    let dame = |h: &Harness<'static, Driven>| h.state().table.counting.as_ref().map(|c| c.marks.dame_points());
    assert_eq!(dame(&harness), Some(vec![gtp9("A1")]));
    assert_eq!(
        harness
            .state()
            .table
            .counting
            .as_ref()
            .map(|c| crate::ui::counting::view::overlay(c).dame),
        Some(vec![gtp9("A1")]),
        "drawn"
    );
    harness.get_by_label("44");
    harness.get_by_label("4 tens and 4");
    harness.get_by_label("White wins by 1/4 stone (1/2 point)");
    harness.get_by_label(&GameResult::by_count(Quarters(-1)).chinese());
    harness.get_by_label("SGF RE[W+0.5]");

    click_point(&mut harness, gtp9("E4"));
    harness.get_by_label("E4 holds a stone: dame marks go on empty points");
    click_point(&mut harness, gtp9("A1"));
    assert_eq!(dame(&harness), Some(vec![]));
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");
}

// ---- A small session: three players, a round robin over three rounds. ----

fn stamp() -> Stamp {
    Stamp::new("09:00", "Li Wei", Role::Arbiter)
}

fn apply(s: &mut Session, stamp: &Stamp, change: Change) {
    if let Err(e) = s.apply(stamp, &change) {
        panic!("{change:?}: {e}");
    }
}

fn player(id: u32, name: &str, rank: &str) -> Change {
    Change::Player(Player {
        id: PlayerId(id),
        name: name.to_string(),
        rank: rank.parse().unwrap_or_else(|e| panic!("{e}")),
        club: "Club".to_string(),
        registration: Default::default(),
    })
}

fn seat(s: &mut Session, round: u32, black: u32, white: u32) -> TableId {
    let table = TableId { round, table: 1 };
    let setup = GameSetup {
        size: 9,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let change = Change::Table {
        table,
        black: PlayerId(black),
        white: PlayerId(white),
        setup,
    };
    apply(s, &stamp(), change);
    table
}

/// Chen Li beats Ann Smith by count (the real game, confirmed by all three) and Bo Wang on
/// time; Bo Wang beats Ann Smith by resignation, not confirmed, Ann warned once.
fn session() -> Session {
    let event = Event {
        name: "City Open".to_string(),
        dates: vec!["2026-11-29".to_string()],
        venue: "Hall".to_string(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: "chinese:60m/5".to_string(),
        lateness_limit: Duration::from_secs(900),
        script: String::new(),
        system: crate::session::System::RoundRobin,
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    };
    let mut s = Session::new(event.clone());
    apply(&mut s, &stamp(), Change::Event(event));
    for (id, name, rank) in [(1, "Chen Li", "3d"), (2, "Ann Smith", "2k"), (3, "Bo Wang", "1d")] {
        apply(&mut s, &stamp(), player(id, name, rank));
    }
    for number in 1..=3 {
        let date = "2026-11-29".to_string();
        apply(&mut s, &stamp(), Change::Round { number, date });
    }
    let t1 = seat(&mut s, 1, 1, 2);
    let sgf = crate::sgf::write_string(&finished_game());
    let note = "entered".to_string();
    apply(&mut s, &stamp(), Change::Record { table: t1, sgf, note });
    let result = Some(GameResult::by_count(Quarters(1)));
    apply(&mut s, &stamp(), Change::Result { table: t1, result });
    for (signer, name) in [(Signer::Black, "CL"), (Signer::White, "AS"), (Signer::Arbiter, "LW")] {
        let name = name.to_string();
        apply(
            &mut s,
            &stamp(),
            Change::Confirm {
                table: t1,
                signer,
                name,
            },
        );
    }

    let t2 = seat(&mut s, 2, 2, 3);
    let mut ledger = s
        .table(t2)
        .map(|t| t.game.ledger.clone())
        .unwrap_or_else(|| panic!("no table"));
    let report = Report::new(
        Color::Black,
        OffenceId::PhoneSounds,
        0,
        Duration::from_secs(1800),
        "10:20",
        RaisedBy::Arbiter("Li Wei".to_string()),
    );
    let game = Game::new(9, Preset::Chinese2002).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = ledger.record(&Catalogue::standard(Edition::Chinese2002), &game, report) {
        panic!("{e}");
    }
    apply(&mut s, &stamp(), Change::Ledger { table: t2, ledger });
    let result = Some(GameResult::win(Color::White, Reason::Resignation));
    apply(&mut s, &stamp(), Change::Result { table: t2, result });

    let t3 = seat(&mut s, 3, 3, 1);
    let result = Some(GameResult::win(Color::White, Reason::Time));
    apply(&mut s, &stamp(), Change::Result { table: t3, result });
    s
}

struct Screen {
    screen: ResultsScreen,
    session: Session,
}

fn results_harness() -> Harness<'static, Screen> {
    results_harness_of(session())
}

fn results_harness_of(session: Session) -> Harness<'static, Screen> {
    results_harness_in(session, Lang::En)
}

fn results_harness_in(session: Session, lang: Lang) -> Harness<'static, Screen> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1100.0, 900.0))
        .with_context_setup(crate::ui::paint::fonts::install)
        .build_ui_state(
            move |ui, s: &mut Screen| {
                s.screen.ui(ui, &s.session, lang);
            },
            Screen {
                screen: ResultsScreen::default(),
                session,
            },
        );
    harness.run();
    harness
}

#[test]
fn the_audit_panel_lists_a_tables_changes_oldest_first() {
    let mut s = session();
    let t1 = TableId { round: 1, table: 1 };
    let chief = Stamp::new("11:05", "Zhou Min", Role::ChiefArbiter);
    let change = Change::Override {
        table: t1,
        result: Some(GameResult::win(Color::White, Reason::Count)),
        reason: "G8 was agreed alive by both players at the count, as the arbiter at the table heard them say it twice; the counting sheet is kept with the result slip".to_string(),
    };
    apply(&mut s, &chief, change);
    let entries: Vec<AuditEntry> = s.audit_of(t1).cloned().collect();
    assert_eq!(entries.len(), 7, "table, record, result, three signatures, override");
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1000.0, 500.0))
        .build_ui_state(
            |ui, entries: &mut Vec<AuditEntry>| {
                let refs: Vec<&AuditEntry> = entries.iter().collect();
                crate::ui::counting::view::audit_panel(ui, &refs, &jiff::tz::TimeZone::UTC, Lang::En);
            },
            entries,
        );
    harness.run();
    harness.get_by_label("Audit trail");
    harness.get_by_label("Arbiter (LW) confirmed B+0.5; result locked");
    harness.get_by_label("Chief arbiter");
    harness.get_by_label("Zhou Min");
    harness.get_by_label("11:05");
    let first = harness
        .get_by_label_contains("round 1 table 1: Chen Li (B) v Ann Smith (W)")
        .rect();
    let last = harness
        .get_by_label_contains("override by chief arbiter Zhou Min")
        .rect();
    assert!(first.top() < last.top(), "newest last");
    // Every line wraps inside the panel, none is cut at its edge (issue 19).
    assert!(first.right() <= 1000.0 && last.right() <= 1000.0, "{first:?} {last:?}");

    let mut empty = Harness::builder()
        .build_ui(|ui| crate::ui::counting::view::audit_panel(ui, &[], &jiff::tz::TimeZone::UTC, Lang::En));
    empty.run();
    empty.get_by_label("No changes recorded");
}

#[test]
fn the_audit_panel_says_signatures_and_an_override_in_chinese_in_a_chinese_window() {
    let mut s = session();
    let t1 = TableId { round: 1, table: 1 };
    let chief = Stamp::new("11:05", "Zhou Min", Role::ChiefArbiter);
    let change = Change::Override {
        table: t1,
        result: Some(GameResult::win(Color::White, Reason::Count)),
        reason: "G8 活棋".to_string(),
    };
    apply(&mut s, &chief, change);
    let mut entries: Vec<AuditEntry> = s.audit_of(t1).cloned().collect();
    // An entry written before its kind was said as data (an older file) stays as recorded.
    let mut older = entries[0].clone();
    older.said = None;
    older.what = "round 1 table 1: recorded before 2026-12".to_string();
    entries.push(older);
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1000.0, 500.0))
        .with_context_setup(crate::ui::paint::fonts::install)
        .build_ui_state(
            |ui, entries: &mut Vec<AuditEntry>| {
                let refs: Vec<&AuditEntry> = entries.iter().collect();
                crate::ui::counting::view::audit_panel(ui, &refs, &jiff::tz::TimeZone::UTC, Lang::Zh);
            },
            entries,
        );
    harness.run();
    harness.get_by_label("裁判（LW）签字确认：黑胜1/4子；结果已锁定");
    harness.get_by_label_contains("裁判长Zhou Min更改结果：黑胜1/4子 → 白胜；理由：G8 活棋");
    // The table seated, said in Chinese too (issue 19: every kind of a table's trail).
    harness.get_by_label_contains("第1轮第1台：Chen Li（黑）对 Ann Smith（白），9路，让0子");
    assert!(
        harness.query_by_label_contains("(B) v").is_none(),
        "no English seating left"
    );
    harness.get_by_label("round 1 table 1: recorded before 2026-12");
    assert!(
        harness.query_by_label_contains("confirmed B+").is_none(),
        "no English signature left"
    );
}

#[test]
fn the_results_screen_shows_a_rounds_results_and_the_standings_with_tie_breaks() {
    let mut harness = results_harness();
    // The last round by default.
    harness.get_by_label("Bo Wang 1d");
    harness.get_by_label("White wins on time");
    harness.get_by_label("not confirmed (0/3)");

    harness.get_by_label("Round 1").click();
    harness.run();
    harness.get_by_label("Chen Li 3d");
    harness.get_by_label("Ann Smith 2k");
    harness.get_by_label("Black wins by 1/4 stone (1/2 point)");
    harness.get_by_label("Confirmed");
    harness.get_by_label("B 0 / W 0");

    harness.get_by_label("Round 2").click();
    harness.run();
    harness.get_by_label("White wins by resignation");
    harness.get_by_label("B 1 / W 0");

    harness.get_by_label("Round 3").click();
    harness.run();
    harness.get_by_label("Standings (Round robin)");
    harness.get_by_label("Opponents beaten (A)");
    let top = |h: &Harness<'static, Screen>, name: &str| h.get_by_label(name).rect().top();
    let (chen, bo, ann) = (
        top(&harness, "Chen Li"),
        top(&harness, "Bo Wang"),
        top(&harness, "Ann Smith"),
    );
    assert!(chen < bo && bo < ann, "4, 2 and 0 points: {chen} {bo} {ann}");
    harness.get_by_label("2-0-0");
    harness.get_by_label("0-0-2");
}

/// A folder of its own under the system's temporary folder, empty.
fn temp_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_round_is_exported_on_a_worker_thread_with_progress_up_to_the_total() {
    let mut harness = results_harness();
    let dir = temp_folder("export-round");
    harness.get_by_label("Round 1").click();
    harness.run();
    harness.get_by_label("Folder").focus();
    harness.run();
    // Replaces the default folder.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness.get_by_label("Folder").type_text(&dir.display().to_string());
    harness.run();
    assert_eq!(harness.state().screen.folder, dir.display().to_string());
    harness.get_by_label("All").click();
    // Steps, not runs: the export worker wakes the window at its own moments.
    harness.run_steps(2);

    let mut seen_progress = Vec::new();
    for _ in 0..2000 {
        harness.step();
        let job = harness.state().screen.job.as_ref();
        seen_progress.extend(job.map(|j| j.done));
        if job.is_some_and(|j| j.finished) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    harness.run();
    let job = harness.state().screen.job.as_ref();
    assert!(job.is_some_and(|j| j.finished), "finished within 10 s");
    assert_eq!(job.map(|j| (j.done, j.total, j.format)), Some((6, 6, Format::All)));
    assert_eq!(job.map(|j| j.errors.len()), Some(0), "{:?}", job.map(|j| &j.errors));
    assert!(seen_progress.windows(2).all(|w| w[0] <= w[1]), "progress only grows");
    harness.get_by_label("6 / 6");
    harness.get_by_label(&format!("Exported to {}: 6 (All)", dir.display()));
    for name in [
        "results-r1.csv",
        "tournament-r1.h9",
        "tournament-r1.xml",
        "r1-t1.sgf",
        "r1-t1.png",
        "r1-t1.slip.png",
    ] {
        let path = dir.join(name);
        let len = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        assert!(len > 0, "{} written", path.display());
    }
    let csv = std::fs::read_to_string(dir.join("results-r1.csv")).unwrap_or_default();
    assert!(
        csv.contains("Chen Li") && !csv.contains("Bo Wang"),
        "round 1 only: {csv}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs frames until the export job has finished (10 s at most).
fn wait_for_export(harness: &mut Harness<'static, Screen>) {
    for _ in 0..2000 {
        harness.step();
        if harness.state().screen.job.as_ref().is_some_and(|j| j.finished) {
            harness.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the export did not finish within 10 s");
}

#[test]
fn an_export_that_cannot_write_says_why_in_chinese_with_the_path_and_the_systems_reason() {
    // The folder is a file: the folder cannot be made, the CSV is not written.
    let dir = temp_folder("export-zh");
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("a-file");
    let _ = std::fs::write(&file, "not a folder");
    let mut harness = results_harness_in(session(), Lang::Zh);
    harness.state_mut().screen.folder = file.display().to_string();
    harness.run();
    harness.get_by_label("CSV").click();
    harness.run();
    wait_for_export(&mut harness);
    let errors: Vec<String> = harness
        .state()
        .screen
        .job
        .as_ref()
        .map(|j| {
            j.errors
                .iter()
                .map(|e| crate::ui::i18n::job_error(e, Lang::Zh))
                .collect()
        })
        .unwrap_or_default();
    let path = file.join("results-r3.csv");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with(&format!("无法写入{}：", path.display())) && errors[0].contains("os error"),
        "the path and the system's reason kept: {}",
        errors[0]
    );
    harness.get_by_label(&format!("导出失败：{}", errors[0]));
    assert!(
        harness.query_by_label_contains("cannot write").is_none(),
        "English shown"
    );
    // The same failure in English.
    let mut harness = results_harness_in(session(), Lang::En);
    harness.state_mut().screen.folder = file.display().to_string();
    harness.run();
    harness.get_by_label("CSV").click();
    harness.run();
    wait_for_export(&mut harness);
    harness.get_by_label_contains(&format!("Export failed: cannot write {}: ", path.display()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn standings_that_cannot_be_made_say_why_in_chinese() {
    // A table naming a player who is not in the list: the standings engine refuses.
    let mut s = session();
    if let Some(t) = s.rounds.iter_mut().flat_map(|r| r.tables.iter_mut()).next() {
        t.black = PlayerId(99);
    }
    let harness = results_harness_in(s.clone(), Lang::Zh);
    harness.get_by_label("赛事中提到的99号棋手不在棋手名单中");
    assert!(
        harness.query_by_label_contains("player list").is_none(),
        "English shown"
    );
    let harness = results_harness_in(s, Lang::En);
    harness.get_by_label("the session names player PlayerId(99), who is not in its player list");
}

#[test]
fn the_results_open_on_the_latest_round_even_when_the_rounds_were_reordered() {
    let mut s = session();
    apply(&mut s, &stamp(), Change::MoveRound { number: 3, to_index: 0 });
    let harness = results_harness_of(s);
    // Round 3 (listed first now) is shown, not round 2 (listed last).
    harness.get_by_label("White wins on time");
    assert!(harness.query_by_label("White wins by resignation").is_none());
}

//! Headless tests (egui_kittest) of KataGo on the counting screen, through the whole window with
//! a stand-in engine (tests/data/fake-katago.sh, speaking KataGo's protocol; what it answers is
//! chosen by the model's file name). The client against the real KataGo: tests/katago.rs.

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::{Color, Point};
use crate::scoring::dead::guess;
use crate::ui::counting::{Counting, EngineAsk, SEED};
use crate::ui::settings::Settings;
use crate::ui::table::Command;
use crate::ui::table::harness::finished_game;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{Workstation, WsCommand};

/// Settings whose KataGo is the stand-in, told to behave as `model` says.
fn with_fake(model: &str) -> Settings {
    let mut settings = Settings {
        lang: crate::ui::i18n::Lang::En,
        ..Settings::default()
    };
    settings.katago.program = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake-katago.sh");
    settings.katago.model = Some(PathBuf::from(model));
    settings.katago.start_within = Duration::from_secs(10);
    settings.katago.answer_within = Duration::from_secs(10);
    settings
}

/// The window around `ws`, drawn once, not waiting for anything.
fn not_waiting(ws: Workstation) -> Harness<'static, Driven> {
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1700.0, 1400.0))
        .build_ui_state(
            |ui, d: &mut Driven| d.shell.frame(ui, d.now, d.wall),
            Driven {
                shell: crate::ui::Shell::new(ws),
                now: Duration::ZERO,
                wall: WALL,
            },
        );
    h.step();
    h
}

fn counting<'a>(h: &'a Harness<'static, Driven>) -> &'a Counting {
    let live = ws(h)
        .live
        .first()
        .unwrap_or_else(|| panic!("the finished game's table"));
    live.table
        .counting
        .as_ref()
        .unwrap_or_else(|| panic!("a finished game is counted"))
}

/// Frames until KataGo is no longer being waited for (10 s at most).
fn until_answered(h: &mut Harness<'static, Driven>) {
    for _ in 0..2000 {
        h.step();
        if !matches!(counting(h).engine, EngineAsk::Pending(_) | EngineAsk::NotAsked) {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("KataGo's state after 10 s: {:?}", counting(h).engine);
}

fn black_stones() -> Vec<Point> {
    let game = finished_game();
    let board = game.board();
    let mut black: Vec<Point> = board.points().filter(|&p| board.get(p) == Some(Color::Black)).collect();
    black.sort();
    black
}

fn built_in() -> Vec<Point> {
    let game = finished_game();
    guess(game.board(), game.to_move(), SEED).dead()
}

#[test]
fn katagos_answer_replaces_the_built_in_suggestion_while_the_marks_are_untouched() {
    let mut h = harness_with(Workstation::with_game(
        with_fake("all-black-dead"),
        WALL,
        finished_game(),
    ));
    until_answered(&mut h);
    let black = black_stones();
    assert_ne!(built_in(), black, "the stand-in disagrees with the built-in guess");
    assert_eq!(
        counting(&h).suggested(),
        Some(&black[..]),
        "KataGo's suggestion is shown"
    );
    assert!(matches!(counting(&h).engine, EngineAsk::Used));
    h.get_by_label("KataGo's suggestion");
    h.get_by_label(&format!("Accept suggestion ({})", black.len())).click();
    h.run();
    let mut dead = counting(&h).marks.dead_points();
    dead.sort();
    assert_eq!(dead, black, "accepted like the built-in one");
    assert!(ws(&h).notices.is_empty());
}

#[test]
fn katagos_answer_after_the_arbiter_changed_the_marks_is_offered_and_never_put_over_them() {
    // The stand-in answers a second after it is asked: the arbiter marks a stone meanwhile.
    let mut h = not_waiting(Workstation::with_game(
        with_fake("slow-all-black-dead"),
        WALL,
        finished_game(),
    ));
    let white = finished_game()
        .board()
        .points()
        .find(|&p| finished_game().board().get(p) == Some(Color::White));
    let white = white.unwrap_or_else(|| panic!("a white stone"));
    assert!(matches!(counting(&h).engine, EngineAsk::Pending(_)));
    ws_mut(&mut h).apply(WsCommand::Table(Command::Point(white)), Duration::ZERO);
    let marked = counting(&h).marks.dead_points();
    assert!(marked.contains(&white));
    until_answered(&mut h);
    assert!(matches!(counting(&h).engine, EngineAsk::Offered(_)));
    assert_eq!(
        counting(&h).suggested(),
        Some(&built_in()[..]),
        "the built-in suggestion stays"
    );
    assert_eq!(counting(&h).marks.dead_points(), marked, "the arbiter's marks stay");
    let black = black_stones();
    h.get_by_label(&format!("Use KataGo's suggestion ({})", black.len()))
        .click();
    h.run();
    assert_eq!(
        counting(&h).suggested(),
        Some(&black[..]),
        "taken when the arbiter asks"
    );
    assert_eq!(
        counting(&h).marks.dead_points(),
        marked,
        "still not applied to the marks"
    );
    h.get_by_label("KataGo's suggestion");
}

#[test]
fn a_crashing_katago_gives_one_notice_and_the_built_in_guess_stays() {
    let mut h = harness_with(Workstation::with_game(with_fake("crashes"), WALL, finished_game()));
    until_answered(&mut h);
    for _ in 0..5 {
        h.step();
    }
    assert!(matches!(counting(&h).engine, EngineAsk::Failed));
    assert_eq!(counting(&h).suggested(), Some(&built_in()[..]));
    let notices = &ws(&h).notices;
    assert_eq!(notices.len(), 1, "{notices:?}");
    let text = &notices[0].text;
    assert!(
        text.starts_with("KataGo gave no suggestion; the built-in one stays: KataGo stopped"),
        "{text}"
    );
    assert!(text.contains("could not load model file"), "KataGo's own words: {text}");
}

#[test]
fn a_katago_that_never_answers_is_waited_for_with_a_spinner_then_given_up_with_a_notice() {
    let mut settings = with_fake("never-answers");
    settings.katago.answer_within = Duration::from_millis(600);
    let mut h = not_waiting(Workstation::with_game(settings, WALL, finished_game()));
    for _ in 0..400 {
        h.step();
        if counting(&h).suggested().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    h.step();
    assert!(matches!(counting(&h).engine, EngineAsk::Pending(_)));
    assert!(h.query_by_label("Asking KataGo...").is_some());
    assert_eq!(
        counting(&h).suggested(),
        Some(&built_in()[..]),
        "the built-in guess shown meanwhile"
    );
    until_answered(&mut h);
    assert_eq!(counting(&h).suggested(), Some(&built_in()[..]));
    let text = &ws(&h).notices[0].text;
    assert!(text.ends_with("KataGo gave no answer within 0.6 s"), "{text}");
    assert!(h.query_by_label("Asking KataGo...").is_none());
}

#[test]
fn a_katago_path_that_names_nothing_is_told_not_found() {
    let mut settings = with_fake("all-black-dead");
    settings.katago.program = PathBuf::from("/nonexistent/katago");
    let mut h = harness_with(Workstation::with_game(settings, WALL, finished_game()));
    until_answered(&mut h);
    let text = &ws(&h).notices[0].text;
    assert!(
        text.ends_with("KataGo not found: no program at /nonexistent/katago"),
        "{text}"
    );
}

#[test]
fn no_katago_in_the_settings_nor_on_path_is_no_notice_and_asking_off_asks_nothing() {
    // The window's tests look on no PATH: a bare name is no KataGo.
    let mut h = harness_with(Workstation::with_game(Settings::default(), WALL, finished_game()));
    for _ in 0..5 {
        h.step();
    }
    assert!(matches!(counting(&h).engine, EngineAsk::Off));
    assert!(ws(&h).notices.is_empty());
    let mut off = with_fake("all-black-dead");
    off.ask_katago = false;
    assert!(off.katago_to_ask().is_none());
}

#[test]
fn katago_is_named_in_the_settings_window_and_the_next_counting_asks_it() {
    use crate::ui::i18n::{Lang, Text};
    let mut settings = Settings {
        lang: Lang::En,
        ..Settings::default()
    };
    settings.katago.program = PathBuf::new();
    let mut h = harness_with(Workstation::with_game(settings, WALL, finished_game()));
    assert!(matches!(counting(&h).engine, EngineAsk::Off), "no KataGo named yet");
    h.get_by_label(Text::Settings.tr(Lang::En)).click();
    h.run();
    h.get_by_label(Text::KataGoSection.tr(Lang::En));
    let fake = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/fake-katago.sh");
    for (field, text) in [
        (Text::KataGoModel, "all-black-dead".to_string()),
        (Text::KataGoProgram, fake.display().to_string()),
    ] {
        // Focused first: the text goes to the field focused when it is typed.
        h.get_by_label(field.tr(Lang::En)).focus();
        h.run();
        h.get_by_label(field.tr(Lang::En)).type_text(&text);
        h.run();
    }
    let k = &ws(&h).settings.katago;
    assert_eq!(k.program, fake);
    assert_eq!(k.model, Some(PathBuf::from("all-black-dead")));
    assert!(
        matches!(counting(&h).engine, EngineAsk::Off),
        "never asked with a half-typed path"
    );
    assert!(ws(&h).notices.is_empty());
    // The next counting asks it.
    for command in [Command::LeaveCounting, Command::EnterCounting] {
        ws_mut(&mut h).apply(WsCommand::Table(command), Duration::ZERO);
    }
    until_answered(&mut h);
    assert_eq!(counting(&h).suggested(), Some(&black_stones()[..]));
}

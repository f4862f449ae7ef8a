//! Headless tests (egui_kittest) of the standings on the results screen: the declared system in
//! its title (or the request to declare one), each criterion's column in the order the system
//! ranks, the round-1 winners above the losers, a withdrawal recorded with its reason, lots
//! drawn and shown, teams entered and a team match seated, a team match's score, the system
//! chosen in the event window; both languages.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::rules::Preset;
use crate::scoring::{GameResult, Quarters, Reason};
use crate::session::{Change, GameSetup, Player, PlayerId, Role, Session, Stamp, System, TableId, Team};
use crate::ui::i18n::{Lang, Msg, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{View, Workstation};

fn stamp() -> Stamp {
    Stamp::new("09:00", "Li Wei", Role::Organiser)
}

fn setup() -> GameSetup {
    GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    }
}

fn apply(s: &mut Session, change: Change) {
    s.apply(&stamp(), &change).expect("applied");
}

/// Eight players P1..P8, one round, the event declaring `system`; round 1 played when `played`:
/// P1, P3, P5, P7 win as Black.
fn event_of(system: System, played: bool) -> Session {
    let mut event = crate::ui::workstation::new_event("2026-11-29", Lang::En);
    event.system = system;
    let mut s = Session::new(event.clone());
    apply(&mut s, Change::Event(event));
    for i in 1..=8 {
        let player = Player {
            id: PlayerId(i),
            name: format!("P{i}"),
            rank: "1d".parse().expect("rank"),
            club: String::new(),
            registration: Default::default(),
        };
        apply(&mut s, Change::Player(player));
    }
    let date = "2026-11-29".to_string();
    apply(&mut s, Change::Round { number: 1, date });
    if played {
        for t in 1..=4 {
            let table = TableId { round: 1, table: t };
            let (black, white) = (PlayerId(2 * t - 1), PlayerId(2 * t));
            apply(
                &mut s,
                Change::Table {
                    table,
                    black,
                    white,
                    setup: setup(),
                },
            );
            let result = Some(GameResult::win(Color::Black, Reason::Resignation));
            apply(&mut s, Change::Result { table, result });
        }
    }
    s
}

/// The whole window on the results screen of `session`, in `lang`.
fn results(session: Session, lang: Lang) -> Harness<'static, Driven> {
    let settings = Settings {
        lang,
        ..Settings::default()
    };
    let mut ws = Workstation::new(settings, WALL);
    ws.session = session;
    ws.view = View::Results;
    harness_with(ws)
}

/// The top of the standings' line of `name` (the rightmost label: the sidebar lists the
/// players too).
fn top(h: &Harness<'static, Driven>, name: &str) -> f32 {
    let rects = h.get_all_by_label(name).map(|n| n.rect());
    rects.max_by(|a, b| a.left().total_cmp(&b.left())).expect(name).top()
}

/// The left of the standings' column headed `label` (the lowest: the results table above has
/// a warnings column too).
fn left(h: &Harness<'static, Driven>, label: &str) -> f32 {
    let rects = h.get_all_by_label(label).map(|n| n.rect());
    rects.max_by(|a, b| a.top().total_cmp(&b.top())).expect(label).left()
}

#[test]
fn after_round_1_the_four_winners_are_listed_above_the_four_losers_art_27() {
    let h = results(event_of(System::SwissOldTotal, true), Lang::En);
    h.get_by_label("Standings (Swiss, older text (total score))");
    let winners = ["P1", "P3", "P5", "P7"].map(|n| top(&h, n));
    let losers = ["P2", "P4", "P6", "P8"].map(|n| top(&h, n));
    let lowest_winner = winners.iter().copied().fold(f32::MIN, f32::max);
    let highest_loser = losers.iter().copied().fold(f32::MAX, f32::min);
    assert!(lowest_winner < highest_loser, "{winners:?} {losers:?}");
    // Every total is 1.00 after round 1: the game points decided.
    assert_eq!(h.get_all_by_label("1.00").count(), 8);
}

#[test]
fn each_criterion_has_its_column_in_the_order_the_system_ranks() {
    let h = results(event_of(System::SwissOpponents, true), Lang::En);
    h.get_by_label("Standings (Swiss, 2002 text method B (opponents' points))");
    let columns = ["Points", "Opponents' points", "Warnings", "Lots"].map(|c| left(&h, c));
    assert!(columns.windows(2).all(|w| w[0] < w[1]), "{columns:?}");
    assert!(h.query_by_label("Total score").is_none(), "method B has no total");

    let h = results(event_of(System::RoundRobin, true), Lang::En);
    let columns = ["Points", "Opponents beaten (A)", "Warnings", "Lots"].map(|c| left(&h, c));
    assert!(columns.windows(2).all(|w| w[0] < w[1]), "{columns:?}");
}

#[test]
fn an_event_without_a_declared_system_is_ranked_by_game_points_and_asks_for_the_declaration() {
    for lang in [Lang::En, Lang::Zh] {
        let h = results(event_of(System::NotDeclared, true), lang);
        h.get_by_label(&format!(
            "{} ({})",
            Text::Standings.tr(lang),
            Text::SystemNotDeclared.tr(lang)
        ));
        h.get_by_label(Text::DeclareSystem.tr(lang));
        assert!(h.query_by_label(Text::TieBreakA.tr(lang)).is_none());
        assert!(h.query_by_label(Text::TotalScore.tr(lang)).is_none());
    }
}

#[test]
fn a_withdrawal_is_recorded_from_the_results_screen_and_shown_with_its_reason_art_28() {
    let mut h = results(event_of(System::SwissOpponents, true), Lang::En);
    h.state_mut().shell.results.withdrawal.player = Some(PlayerId(4));
    h.state_mut().shell.results.withdrawal.after_round = 1;
    h.run();
    h.get_by_label("Reason").focus();
    h.run();
    h.get_by_label("Reason").type_text("illness");
    h.run();
    h.get_by_label("Record the withdrawal").click();
    h.run();
    let session = &ws(&h).session;
    let w = session.tournament.withdrawal(PlayerId(4)).expect("recorded");
    assert_eq!((w.after_round, w.reason.as_str()), (1, "illness"));
    let entry = session.audit.last().expect("an entry");
    assert_eq!(entry.what, "withdrawal: P4 after round 1; reason: illness");
    assert_eq!(entry.stamp.role, Role::Organiser);
    h.get_by_label(&Msg::Withdrew("P4", 1, false, "illness").text(Lang::En));
    h.get_by_label("P4 withdrew after round 1: illness");
}

#[test]
fn lots_are_drawn_among_the_tied_recorded_with_their_seed_and_shown_art_27_c() {
    let mut h = results(event_of(System::RoundRobin, true), Lang::Zh);
    // Two groups share a place: the four winners and the four losers.
    assert_eq!(h.get_all_by_label(Text::DrawLots.tr(Lang::Zh)).count(), 2);
    h.get_all_by_label(Text::DrawLots.tr(Lang::Zh))
        .next()
        .expect("a button")
        .click();
    h.run();
    let lots = &ws(&h).session.tournament.lots;
    assert_eq!(lots.len(), 1);
    assert_eq!(lots[0].players, [1, 3, 5, 7].map(PlayerId));
    let entry = &ws(&h).session.audit.last().expect("an entry").what;
    assert!(
        entry.starts_with(&format!("lots drawn with seed {}: ", lots[0].seed)),
        "{entry}"
    );
    for place in 1..=4 {
        h.get_by_label(&Msg::DrewLots(place).text(Lang::Zh));
    }
    assert_eq!(
        h.get_all_by_label(Text::DrawLots.tr(Lang::Zh)).count(),
        1,
        "the losers still tie"
    );
}

#[test]
fn the_results_screen_shows_each_team_matchs_score() {
    let mut s = event_of(System::TeamRoundRobin, false);
    for (id, name, boards) in [(1, "Red", [1, 2, 3, 4]), (2, "Blue", [5, 6, 7, 8])] {
        let boards = boards.into_iter().map(PlayerId).collect();
        apply(
            &mut s,
            Change::Team(Team {
                id,
                name: name.to_string(),
                boards,
            }),
        );
    }
    apply(
        &mut s,
        Change::TeamMatch {
            round: 1,
            teams: [1, 2],
            first_table: 1,
            setup: setup(),
        },
    );
    // Black wins every board: Red is Black on boards 1 and 3, Blue on 2 and 4.
    for t in 1..=3 {
        let result = Some(GameResult::win(Color::Black, Reason::Resignation));
        apply(
            &mut s,
            Change::Result {
                table: TableId { round: 1, table: t },
                result,
            },
        );
    }
    let h = results(s.clone(), Lang::En);
    h.get_by_label("Red 4 : 2 Blue");
    let result = Some(GameResult::win(Color::Black, Reason::Resignation));
    apply(
        &mut s,
        Change::Result {
            table: TableId { round: 1, table: 4 },
            result,
        },
    );
    let h = results(s, Lang::Zh);
    h.get_by_label("Red 4：4 Blue");
    h.get_by_label(Text::TeamStandings.tr(Lang::Zh));
}

#[test]
fn the_event_window_declares_the_system() {
    let mut h = results(event_of(System::NotDeclared, false), Lang::En);
    h.get_by_label(Text::File.tr(Lang::En)).click();
    h.run();
    h.get_by_label(Text::EventMenu.tr(Lang::En)).click();
    h.run();
    h.get_by_label("System (Art. 26)").click();
    h.run();
    h.get_by_label("Swiss, older text (total score)").click();
    h.run();
    h.get_by_label("Highest possible").click();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let event = &ws(&h).session.event;
    assert_eq!(event.system, System::SwissOldTotal);
    assert_eq!(event.top_score, crate::session::TopScore::Possible);
    h.get_by_label("Standings (Swiss, older text (total score))");
}

#[test]
fn the_tournament_refusals_are_shown_in_both_languages() {
    use crate::session::SessionError;
    use crate::session::tournament::TournamentError as E;
    for e in [
        E::WithdrawalWithoutReason,
        E::LotsNeedTwo,
        E::TeamWithoutBoards(3),
        E::BoardTwice(PlayerId(4)),
        E::NoSuchTeam(9),
        E::SameTeam(1),
        E::BoardCounts(1, 2, 4, 3),
    ] {
        let e = SessionError::Tournament(e);
        let en = crate::ui::i18n::session_error(&e, Lang::En);
        let zh = crate::ui::i18n::session_error(&e, Lang::Zh);
        assert_eq!(en, e.to_string());
        assert!(!zh.is_ascii() && zh != en, "{zh}");
    }
}

#[test]
fn teams_are_entered_and_a_team_match_seated_from_the_results_screen() {
    let mut h = results(event_of(System::TeamSwiss, false), Lang::En);
    for (name, boards) in [("Red", [1, 2, 3, 4]), ("Blue", [5, 6, 7, 8])] {
        let form = &mut h.state_mut().shell.results.teams;
        form.name = name.to_string();
        form.boards = boards.into_iter().map(PlayerId).collect();
        h.run();
        h.get_by_label("Add the team").click();
        h.run();
    }
    let teams = &ws(&h).session.tournament.teams;
    assert_eq!(teams.len(), 2);
    assert_eq!(teams[1].boards, [5, 6, 7, 8].map(PlayerId));
    h.get_by_label("Red: P1, P2, P3, P4");
    h.state_mut().shell.results.teams.teams = [Some(1), Some(2)];
    h.run();
    h.get_by_label("Seat the team match in this round").click();
    h.run();
    let seats: Vec<(u32, u32, u32)> = ws(&h)
        .session
        .round(1)
        .expect("round 1")
        .tables
        .iter()
        .map(|t| (t.number, t.black.0, t.white.0))
        .collect();
    assert_eq!(seats, [(1, 1, 5), (2, 6, 2), (3, 3, 7), (4, 8, 4)]);
    for table in 1..=4 {
        assert!(
            ws(&h).live(TableId { round: 1, table }).is_some(),
            "table {table} is live"
        );
    }
    h.get_by_label("Red 0 : 0 Blue");
}

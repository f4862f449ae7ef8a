//! Pairing in the sidebar (issue 19): a round's dropdowns offer only the players not yet seated
//! in that round, and each round's choices are its own (round 2's never change round 1's).

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::session::PlayerId;
use crate::ui::i18n::Text;
use crate::ui::settings::Settings;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{Workstation, WsCommand};

/// Four players (Chen Li 3d, Ann Smith 2k, Wang Fang 1d, Li Wei 5k) and two rounds, nobody seated.
fn two_rounds() -> Harness<'static, Driven> {
    let mut ws = Workstation::new(Settings::default(), WALL);
    for (name, rank) in [
        ("Chen Li", "3d"),
        ("Ann Smith", "2k"),
        ("Wang Fang", "1d"),
        ("Li Wei", "5k"),
    ] {
        let rank = rank.parse().unwrap_or_else(|e| panic!("{e}"));
        let club = String::new();
        ws.apply(
            WsCommand::AddPlayer {
                name: name.to_string(),
                rank,
                club,
            },
            Duration::ZERO,
        );
    }
    for _ in 0..2 {
        ws.apply(WsCommand::NewRound { date: String::new() }, Duration::ZERO);
    }
    harness_with(ws)
}

/// The sidebar's player dropdowns, in their order on screen: round 1's Black and White, then
/// round 2's.
fn dropdowns<'a>(h: &'a Harness<'static, Driven>) -> Vec<egui_kittest::Node<'a>> {
    h.get_all_by(|n| n.role() == Role::ComboBox).collect()
}

/// What the dropdown at `index` offers, opened by a click (then closed by Escape).
fn offered(h: &mut Harness<'static, Driven>, index: usize) -> Vec<String> {
    dropdowns(h)[index].click();
    h.run();
    let names = ["Chen Li (3d)", "Ann Smith (2k)", "Wang Fang (1d)", "Li Wei (5k)"];
    // A dropdown's choices are toggled buttons; the sidebar's cards show names as labels.
    let shown: Vec<String> = names
        .iter()
        .filter(|name| {
            h.query_by(|n| n.role() == Role::Button && n.label().as_deref() == Some(**name))
                .is_some()
        })
        .map(|name| name.to_string())
        .collect();
    h.key_press(egui::Key::Escape);
    h.run();
    shown
}

/// Chooses `name` in the dropdown at `index`.
fn choose(h: &mut Harness<'static, Driven>, index: usize, name: &str) {
    dropdowns(h)[index].click();
    h.run();
    h.get_by(|n| n.role() == Role::Button && n.label().as_deref() == Some(name))
        .click();
    h.run();
}

#[test]
fn a_rounds_dropdowns_offer_only_the_players_not_yet_seated_in_that_round() {
    let mut h = two_rounds();
    assert_eq!(
        offered(&mut h, 0).len(),
        4,
        "round 1 offers everyone before its first table"
    );
    choose(&mut h, 0, "Chen Li (3d)");
    choose(&mut h, 1, "Ann Smith (2k)");
    let lang = ws(&h).lang();
    h.get_all_by_label(Text::AddTable.tr(lang))
        .next()
        .expect("round 1's Add table")
        .click();
    h.run();
    let seated = ws(&h).session.round(1).expect("round 1").tables.len();
    assert_eq!(seated, 1);
    // Round 1 now offers only the two left; round 2 has seated nobody and offers all four.
    assert_eq!(offered(&mut h, 0), ["Wang Fang (1d)", "Li Wei (5k)"]);
    assert_eq!(offered(&mut h, 1), ["Wang Fang (1d)", "Li Wei (5k)"]);
    assert_eq!(offered(&mut h, 2).len(), 4);
    let unseated: Vec<PlayerId> = ws(&h).session.unseated(1).map(|p| p.id).collect();
    assert_eq!(unseated, [PlayerId(3), PlayerId(4)]);
}

#[test]
fn a_round_with_everyone_seated_says_so_instead_of_offering_seated_players() {
    let mut h = two_rounds();
    for (black, white) in [(1, 2), (3, 4)] {
        let (black, white) = (PlayerId(black), PlayerId(white));
        ws_mut(&mut h).apply(WsCommand::NewTable { round: 1, black, white }, Duration::ZERO);
    }
    h.run();
    let lang = ws(&h).lang();
    h.get_by_label(Text::AllSeated.tr(lang));
    assert_eq!(dropdowns(&h).len(), 2, "only round 2's two dropdowns are left");
}

#[test]
fn round_twos_choices_never_change_round_ones() {
    let mut h = two_rounds();
    choose(&mut h, 0, "Chen Li (3d)");
    choose(&mut h, 2, "Wang Fang (1d)");
    choose(&mut h, 3, "Li Wei (5k)");
    let values: Vec<Option<String>> = dropdowns(&h).iter().map(|d| d.value()).collect();
    let chosen = |s: &str| Some(s.to_string());
    assert_eq!(
        values,
        [
            chosen("Chen Li (3d)"),
            chosen("…"),
            chosen("Wang Fang (1d)"),
            chosen("Li Wei (5k)")
        ]
    );
    let seating = &ws(&h).sidebar.seating;
    assert_eq!(seating[&1].black, Some(PlayerId(1)));
    assert_eq!(seating[&1].white, None);
    assert_eq!(
        (seating[&2].black, seating[&2].white),
        (Some(PlayerId(3)), Some(PlayerId(4)))
    );
}

//! The players' entry under pressure (issue 19): Enter adds the player and the focus goes back to
//! the name field for the next one; each field keeps its focus while what is above it changes.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::ui::i18n::Text;
use crate::ui::settings::Settings;
use crate::ui::workstation::Workstation;
use crate::ui::workstation::harness::*;

/// The player form's field whose hint is `hint` in the window's language.
fn field<'a>(h: &'a Harness<'static, Driven>, hint: Text) -> egui_kittest::Node<'a> {
    let hint = hint.tr(ws(h).lang());
    h.get_by(move |n| n.placeholder() == Some(hint))
}

/// The text field that holds `value` (a field shows its hint only while empty).
fn field_holding<'a>(h: &'a Harness<'static, Driven>, value: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() == egui::accesskit::Role::TextInput && n.value().as_deref() == Some(value))
}

fn names(h: &Harness<'static, Driven>) -> Vec<String> {
    ws(h)
        .session
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.rank))
        .collect()
}

/// Types `text` into the focused field, one frame per character (as a hand types).
fn type_slowly(h: &mut Harness<'static, Driven>, text: &str) {
    for c in text.chars() {
        h.event(egui::Event::Text(c.to_string()));
        h.run();
    }
}

#[test]
fn enter_adds_the_player_and_the_name_field_waits_for_the_next() {
    let mut h = harness_with(Workstation::new(Settings::default(), WALL));
    field(&h, Text::PlayerNameHint).click();
    h.run();
    for (name, rank) in [("Chen Li", "3d"), ("Ann Smith", "2k")] {
        // Only the keyboard from here: a name, Enter (the rank is missing: the focus goes there),
        // a rank, Enter (the player is added and the name field has the focus again).
        type_slowly(&mut h, name);
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(
            field(&h, Text::RankHint).is_focused(),
            "the rank field waits after {name}"
        );
        type_slowly(&mut h, rank);
        h.key_press(egui::Key::Enter);
        h.run();
        assert!(
            field(&h, Text::PlayerNameHint).is_focused(),
            "the name field waits after {name}"
        );
    }
    assert_eq!(names(&h), ["Chen Li 3d", "Ann Smith 2k"]);
    assert_eq!(ws(&h).sidebar.player_name, "");
    assert_eq!(ws(&h).sidebar.player_rank, "");
}

#[test]
fn enter_with_a_bad_rank_adds_nobody_and_keeps_the_rank_field() {
    let mut h = harness_with(Workstation::new(Settings::default(), WALL));
    field(&h, Text::PlayerNameHint).click();
    h.run();
    type_slowly(&mut h, "Chen Li");
    h.key_press(egui::Key::Tab);
    h.run();
    type_slowly(&mut h, "3x");
    h.key_press(egui::Key::Enter);
    h.run();
    assert!(names(&h).is_empty());
    assert!(field_holding(&h, "3x").is_focused());
    assert_eq!(ws(&h).sidebar.player_name, "Chen Li");
}

#[test]
fn a_focused_field_keeps_its_typing_while_tables_and_rounds_change_above_it() {
    // The fields took the next automatic id of the sidebar: a round or a table drawn above
    // them (a round added, folded, a table's card with its buttons) moved the id, and egui
    // dropped the focus of a field it no longer saw: the next letters went nowhere.
    let mut h = seated(Settings::default());
    field(&h, Text::PlayerNameHint).click();
    h.run();
    type_slowly(&mut h, "Wang");
    // Something above changes while the arbiter types: a new round is added (its header and
    // its table form come above the players' form).
    ws_mut(&mut h).apply(
        crate::ui::workstation::WsCommand::NewRound { date: String::new() },
        Duration::ZERO,
    );
    h.run();
    type_slowly(&mut h, " Fang");
    assert_eq!(ws(&h).sidebar.player_name, "Wang Fang");
    assert!(field_holding(&h, "Wang Fang").is_focused());
}

#[test]
fn the_arbiter_field_cleared_to_type_a_new_name_stays_empty_until_typed() {
    // The field refilled itself with the old name at every frame it was empty: a name cleared
    // with Backspace came back under the cursor, and the new one was typed after it.
    let mut h = harness_with(Workstation::new(Settings::default(), WALL));
    let old = ws(&h).arbiter.clone();
    field_holding(&h, &old).click();
    h.run();
    for _ in 0..old.chars().count() {
        h.key_press(egui::Key::Backspace);
        h.run();
    }
    assert_eq!(ws(&h).sidebar.arbiter, "");
    type_slowly(&mut h, "Li Wei");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(ws(&h).arbiter, "Li Wei");
}

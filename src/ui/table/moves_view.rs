//! The record panels: the move list (moves, passes and setup edits on the path, click to go
//! there) and the board's toolbar (play or edit mode, pass, resign, undo, redo, count, handicap,
//! the komi counted). Reads; returns commands.

use egui::RichText;

use crate::board::Color;
use crate::game::Action;

use crate::clock::Phase;
use crate::ui::i18n::{self, Lang, MoveLine, Msg, Text};
use crate::ui::table::command::{Command, Mode};
use crate::ui::table::shown::Shown;

/// One line of the move list for a node's action, in `lang`.
pub fn line(action: &Action, number: usize, size: u8, lang: Lang) -> Option<String> {
    let line = match action {
        Action::Move { color, point } => MoveLine::Move(number, *color, &point.to_gtp(size)).text(lang),
        Action::Pass { color } => MoveLine::Pass(number, *color).text(lang),
        Action::Resign { color } => MoveLine::Resign(*color).text(lang),
        Action::Setup {
            black, white, empty, ..
        } => MoveLine::Edit(black.len(), white.len(), empty.len()).text(lang),
    };
    Some(line)
}

/// The move list, with the node at the cursor highlighted.
pub fn show(ui: &mut egui::Ui, shown: &Shown) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.heading(shown.tr(Text::Moves));
    let game = &shown.game;
    let size = game.size();
    // The whole main line from the root, so that undone moves stay in the list.
    let on_path = game.path_ids();
    let mut ids = Vec::new();
    let mut id = 0;
    loop {
        ids.push(id);
        let node = game.node(id);
        let next = node
            .children()
            .iter()
            .copied()
            .find(|c| on_path.contains(c))
            .or(node.children().first().copied());
        match next {
            Some(c) => id = c,
            None => break,
        }
    }
    // One row a move or pass (and the start); only the rows in sight are built each frame.
    let mut rows: Vec<(usize, Option<RichText>)> = vec![(0, None)];
    let mut number = 0;
    for &id in &ids[1..] {
        let Some(action) = &game.node(id).action else { continue };
        if matches!(action, Action::Move { .. } | Action::Pass { .. }) {
            number += 1;
        }
        let Some(text) = line(action, number, size, shown.lang) else {
            continue;
        };
        rows.push((
            id,
            Some(match game.node(id).flag {
                Some(_) => RichText::new(Msg::Illegal(&text).text(shown.lang)).color(egui::Color32::RED),
                None => RichText::new(text),
            }),
        ));
    }
    let row_height = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body));
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .stick_to_bottom(true)
        .show_rows(ui, row_height, rows.len(), |ui, range| {
            for (id, text) in rows.drain(range) {
                let text = text.unwrap_or_else(|| RichText::new(shown.tr(Text::Start)));
                if ui.selectable_label(game.cursor() == id, text).clicked() {
                    commands.push(Command::Goto(id));
                }
            }
        });
    commands
}

/// The toolbar over the board.
pub fn toolbar(ui: &mut egui::Ui, shown: &Shown) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for (mode, text) in [
            (Mode::Play, Text::Play),
            (Mode::Edit(Color::Black), Text::AddBlack),
            (Mode::Edit(Color::White), Text::AddWhite),
        ] {
            if ui.selectable_label(shown.mode == mode, text.tr(shown.lang)).clicked() {
                commands.push(Command::SetMode(mode));
            }
        }
        ui.separator();
        if ui.button(shown.tr(Text::Pass)).clicked() {
            commands.push(Command::Pass);
        }
        if ui.button(shown.tr(Text::Undo)).clicked() {
            commands.push(Command::Undo);
        }
        if ui.button(shown.tr(Text::Redo)).clicked() {
            commands.push(Command::Redo);
        }
        if ui.button(shown.tr(Text::Count)).clicked() {
            commands.push(Command::EnterCounting);
        }
        if ui.button(Text::Resign.tr(shown.lang)).clicked() {
            commands.push(Command::Resign(shown.game.to_move()));
        }
        // Handicap stones go on a new game, before the first move and the clock.
        let fresh = shown.game.nodes_len() == 1 && shown.clock.phase() == Phase::NotStarted;
        ui.add_enabled_ui(fresh, |ui| {
            let handicap = shown.game.info.handicap;
            ui.menu_button(format!("{} {handicap}", Text::Handicap.tr(shown.lang)), |ui| {
                for stones in 0..=9 {
                    let label = match stones {
                        1 => Text::HandicapTakingBlack.tr(shown.lang).to_string(),
                        n => n.to_string(),
                    };
                    if ui.selectable_label(handicap == stones, label).clicked() {
                        commands.push(Command::Handicap(stones));
                        ui.close();
                    }
                }
            });
        });
        // The komi this game counts with (the handicap's, once one is set).
        ui.label(komi_label(shown.game, shown.lang));
        ui.separator();
        let game = &shown.game;
        let to_move = format!(
            "{} {}",
            i18n::color_name(game.to_move(), shown.lang),
            shown.tr(Text::ToPlay)
        );
        ui.label(RichText::new(to_move).strong());
        let p = game.position().prisoners;
        ui.label(Msg::Captures(p[0], p[1]).text(shown.lang));
    });
    commands
}

/// "Komi 3 3/4 stones" ("贴子3又3/4子"): the komi the game counts with, in its rules' unit.
pub fn komi_label(game: &crate::game::Game, lang: Lang) -> String {
    let preset = game.preset.unwrap_or(crate::rules::Preset::Chinese2002);
    let komi = match crate::scoring::Quarters::from_points_f64(game.rules.komi) {
        Some(komi) => crate::ui::i18n::komi::komi_text(komi, preset, lang),
        None => game.rules.komi.to_string(),
    };
    let gap = if lang == Lang::En { " " } else { "" };
    format!("{}{gap}{komi}", Text::Komi.tr(lang))
}

//! The table's header: one line across the table screen with the table's number, the players
//! with their ranks, the rules, komi, handicap, time control and the rules' edition. Truncated,
//! never wrapped, so that it never moves the board (the whole line on hover).

use crate::ui::i18n::{self, Msg, Text};
use crate::ui::table::moves_view;
use crate::ui::table::shown::Shown;

/// The header's words in the table's language.
pub fn text(shown: &Shown) -> String {
    let lang = shown.lang;
    let mut parts = Vec::new();
    let (black, white) = match &shown.seats {
        Some(seats) => {
            parts.push(i18n::table_title(seats.number, &seats.name, lang));
            (seats.black.as_str(), seats.white.as_str())
        }
        None => ("", ""),
    };
    let side = |color, name: &str| match name.is_empty() {
        true => i18n::color_name(color, lang).to_string(),
        false => format!("{} {name}", i18n::color_name(color, lang)),
    };
    parts.push(format!(
        "{} \u{2013} {}",
        side(crate::board::Color::Black, black),
        side(crate::board::Color::White, white)
    ));
    let preset = shown.game.preset.unwrap_or(crate::rules::Preset::Chinese2002);
    parts.push(i18n::preset_name(preset).tr(lang).to_string());
    parts.push(moves_view::komi_label(shown.game, lang));
    parts.push(format!("{} {}", Text::Handicap.tr(lang), shown.game.info.handicap));
    parts.push(i18n::labelled(
        Text::TimeControl,
        &shown.clock.control().to_string(),
        lang,
    ));
    parts.push(Msg::EditionLine(shown.ledger.edition.title(lang)).text(lang));
    parts.join(" \u{b7} ")
}

/// The header line.
pub fn show(ui: &mut egui::Ui, shown: &Shown) {
    let text = text(shown);
    ui.add(egui::Label::new(egui::RichText::new(text).strong().size(15.0)).truncate());
}

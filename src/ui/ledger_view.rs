//! The ledger panel: the offender, quick buttons for common offences (recorded with the move
//! number and the offender's clock reading prefilled), and the game's incidents with their
//! sanctions. Reads; returns commands.

use egui::RichText;

use crate::board::Color;
use crate::clock::Reading;
use crate::ledger::OffenceId;

use super::app::{Command, Table};
use super::clock_view::hms;
use super::i18n::{self, Text};

/// The quick buttons: the offences an arbiter meets most at a table.
pub const QUICK: [(Text, OffenceId); 3] = [
    (Text::PhoneSounds, OffenceId::PhoneSounds),
    (Text::Takeback, OffenceId::Takeback),
    (Text::EarlyPress, OffenceId::ClockBeforeStone),
];

pub fn show(ui: &mut egui::Ui, table: &mut Table, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = table.lang;
    ui.heading(table.tr(Text::Ledger));
    ui.horizontal(|ui| {
        ui.label(table.tr(Text::Offender));
        for color in [Color::Black, Color::White] {
            ui.radio_value(&mut table.drafts.offender, color, i18n::color_name(color, lang));
        }
    });
    let offender = table.drafts.offender;
    let left = reading.left[offender.index()].total(table.clock.control());
    ui.horizontal(|ui| {
        for (text, offence) in QUICK {
            if ui.button(text.tr(lang)).clicked() {
                commands.push(Command::Incident(offender, offence));
            }
        }
    });
    ui.label(
        RichText::new(format!(
            "move {}, clock {}",
            table.game.position().move_number,
            hms(left)
        ))
        .small()
        .weak(),
    );
    let ledger_lang = match lang {
        i18n::Lang::En => crate::ledger::Lang::En,
        i18n::Lang::Zh => crate::ledger::Lang::Zh,
    };
    egui::ScrollArea::vertical().id_salt("incidents").show(ui, |ui| {
        let mut any = false;
        for incident in table.ledger.incidents() {
            any = true;
            let r = &incident.report;
            let name = table
                .catalogue
                .get(&r.offence)
                .map(|o| o.name(ledger_lang).to_string())
                .unwrap_or_default();
            let sanction = table
                .ledger
                .sanction_of(incident.id)
                .map(|s| s.text(ledger_lang))
                .unwrap_or_default();
            ui.label(format!(
                "{}. {} ({}), move {}, clock {}: {}",
                incident.id.0 + 1,
                name,
                i18n::color_name(r.player, lang),
                r.move_number,
                hms(r.clock),
                sanction
            ));
        }
        if !any {
            ui.label(RichText::new(table.tr(Text::NoIncidents)).weak());
        }
    });
    commands
}

//! The ledger panel: the offender, quick buttons for common offences (each opens a small form
//! prefilled with the move number and the offender's clock reading, with a note and the sanction
//! choice), any other offence of the catalogue, and the game's incidents with their sanctions.
//! Reads; returns commands.

use egui::RichText;

use crate::board::Color;
use crate::clock::Reading;
use crate::ledger::OffenceId;

use crate::ui::i18n::reading as i18n_reading;
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::command::{Command, Open};
use crate::ui::table::shown::{Drafts, Shown};

/// The quick buttons: the offences an arbiter meets most at a table, with their labels.
pub fn quick(lang: Lang) -> [(&'static str, OffenceId); 8] {
    [
        (Text::PhoneSounds.tr(lang), OffenceId::PhoneSounds),
        (Text::Takeback.tr(lang), OffenceId::Takeback),
        (Text::EarlyPress.tr(lang), OffenceId::ClockBeforeStone),
        (Text::Lateness.tr(lang), OffenceId::Lateness),
        (Text::DoubleMove.tr(lang), OffenceId::TwoMovesInARow),
        (Text::MistakenCapture.tr(lang), OffenceId::CapturedLiveStones),
        (Text::CapturesNotRemoved.tr(lang), OffenceId::CapturesNotRemoved),
        (Text::Disturbing.tr(lang), OffenceId::DisturbingOpponent),
    ]
}

pub fn show(ui: &mut egui::Ui, shown: &Shown, drafts: &mut Drafts, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = shown.lang;
    ui.heading(shown.tr(Text::Ledger));
    ui.horizontal(|ui| {
        ui.label(shown.tr(Text::Offender));
        for color in [Color::Black, Color::White] {
            ui.radio_value(&mut drafts.offender, color, i18n::color_name(color, lang));
        }
    });
    let offender = drafts.offender;
    let left = i18n_reading::reading(&shown.clock.control().shown(&reading.left[offender.index()]), lang);
    ui.horizontal_wrapped(|ui| {
        // Only the offences this edition's catalogue has (the old text has no phone rule).
        for (text, offence) in quick(lang) {
            if shown.catalogue.get(&offence).is_some() && ui.button(text).clicked() {
                commands.push(Command::OpenDialog(Open::Incident(offender, offence)));
            }
        }
        ui.menu_button(Text::OtherOffence.tr(lang), |ui| {
            for o in &shown.catalogue.offences {
                let text = format!("{} ({})", o.name(lang), o.article_label(lang));
                if ui.button(text).clicked() {
                    commands.push(Command::OpenDialog(Open::Incident(offender, o.id.clone())));
                    ui.close();
                }
            }
        });
    });
    let now = Msg::MoveAndClock(shown.game.position().move_number, &left).text(lang);
    ui.label(RichText::new(now).small().weak());
    egui::ScrollArea::vertical().id_salt("incidents").show(ui, |ui| {
        let mut any = false;
        for incident in shown.ledger.incidents() {
            any = true;
            let r = &incident.report;
            let name = shown
                .catalogue
                .get(&r.offence)
                .map(|o| o.name(lang).to_string())
                .unwrap_or_default();
            let sanction = shown
                .ledger
                .sanction_of(incident.id)
                .map(|s| s.text(lang))
                .unwrap_or_default();
            let line = Msg::Incident {
                number: incident.id.number(),
                offence: &name,
                player: r.player,
                bystander: &r.bystander,
                move_number: r.move_number,
                clock: &i18n_reading::reading(&shown.clock.control().shown_total(r.clock), lang),
                sanction: &sanction,
            };
            ui.label(line.text(lang));
        }
        if !any {
            ui.label(RichText::new(shown.tr(Text::NoIncidents)).weak());
        }
    });
    commands
}

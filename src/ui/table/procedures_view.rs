//! The table's buttons for three procedures of the rules (issue 15): leaving the seat in
//! byo-yomi (Art. 22.7), the used times at an adjournment confirmed by both players and split
//! equally when no written record is found (Art. 22.9), and a side giving up the competition in a
//! sudden-death game (Art. 12.4(4)). Reads; returns commands; the engines rule (the clock, the
//! count).

use egui::RichText;

use crate::board::Color;
use crate::clock::{Phase, Reading, TimeControl};

use crate::ui::counting::Counting;
use crate::ui::i18n::{Lang, Msg, Text};
use crate::ui::table::clock_view::hms;
use crate::ui::table::command::Command;
use crate::ui::table::dialogs::AdjournForm;
use crate::ui::table::shown::Shown;

/// Under the clock: leave / back buttons while the clock runs with byo-yomi, the used times of
/// an adjournment and the equal split at the resumption, giving up in a sudden-death game.
pub fn show(ui: &mut egui::Ui, shown: &Shown, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = shown.lang;
    let clock = &shown.clock;
    let control = clock.control();
    let phase = clock.phase();
    if control.period_length().is_some() && matches!(phase, Phase::Running | Phase::Paused) {
        ui.horizontal_wrapped(|ui| {
            for color in [Color::Black, Color::White] {
                if clock.away() == Some(color) {
                    if ui.button(Msg::BackToSeat(color).text(lang)).clicked() {
                        commands.push(Command::BackToSeat(color));
                    }
                } else if phase == Phase::Running && ui.button(Msg::LeaveSeat(color).text(lang)).clicked() {
                    commands.push(Command::LeaveSeat(color));
                }
            }
        });
    }
    if phase == Phase::Adjourned {
        if let Some((used, initials)) = clock.adjourned_confirmation() {
            ui.label(Msg::AdjournedTimes(&hms(used[0]), &hms(used[1]), &initials[0], &initials[1]).text(lang));
        }
        if ui.button(Text::SplitUsedTime.tr(lang)).clicked() {
            commands.push(Command::SplitUsedTime);
        }
    }
    if matches!(control, TimeControl::Absolute { .. })
        && matches!(phase, Phase::Running | Phase::Paused | Phase::NotStarted)
        && reading.phase != Phase::Over
    {
        ui.horizontal_wrapped(|ui| {
            for color in [Color::Black, Color::White] {
                if ui.button(Msg::GivesUp(color).text(lang)).clicked() {
                    commands.push(Command::GiveUp(color));
                }
            }
        });
    }
    commands
}

/// In the adjournment form (Art. 22.9): both used times, and Black's and White's initials
/// confirming them.
pub fn adjourn_confirmation(ui: &mut egui::Ui, form: &mut AdjournForm, lang: Lang) {
    ui.label(Msg::UsedTimes(&hms(form.used[0]), &hms(form.used[1])).text(lang));
    for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
        ui.horizontal(|ui| {
            let label = ui.label(Msg::Initials(color).text(lang));
            ui.add(egui::TextEdit::singleline(&mut form.initials[i]).desired_width(80.0))
                .labelled_by(label.id);
        });
    }
}

/// On the counting slip: who gave up the competition (Art. 12.4(4)), and for a sudden-death
/// table the buttons that say so (a second click takes it back).
pub fn given_up(ui: &mut egui::Ui, counting: &Counting, sudden_death: bool, lang: Lang) -> Vec<Command> {
    let mut commands = Vec::new();
    if let Some(giver) = counting.given_up {
        ui.label(RichText::new(Msg::GaveUp(giver).text(lang)).strong());
    }
    if sudden_death && !counting.locked() {
        ui.horizontal_wrapped(|ui| {
            for color in [Color::Black, Color::White] {
                let chosen = counting.given_up == Some(color);
                if ui.selectable_label(chosen, Msg::GivesUp(color).text(lang)).clicked() {
                    commands.push(Command::GiveUp(color));
                }
            }
        });
    }
    commands
}

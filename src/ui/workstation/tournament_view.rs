//! The windows of the organiser's files: which round of an OpenGotha file to import, and the import's report (tables left alone, players added and updated).

use crate::ui::i18n::{Msg, Text};
use crate::ui::workstation::{TournamentCommand, Workstation, WsCommand};

/// The round question and the report, when there is one; the arbiter's answers.
pub fn windows(ctx: &egui::Context, ws: &Workstation) -> Vec<WsCommand> {
    let lang = ws.lang();
    let mut answers = Vec::new();
    if let Some(asking) = &ws.tournament.asking {
        egui::Window::new(Text::ImportWhichRound.tr(lang))
            .id(egui::Id::unique("import_which_round"))
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(asking.path.display().to_string());
                ui.horizontal_wrapped(|ui| {
                    for round in asking.file.rounds() {
                        let label = format!("{round}");
                        if ui.selectable_label(asking.round == round, label).clicked() {
                            answers.push(TournamentCommand::ChooseRound(round));
                        }
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button(Text::ImportThisRound.tr(lang)).clicked() {
                        answers.push(TournamentCommand::ImportRound);
                    }
                    if ui.button(Text::Cancel.tr(lang)).clicked() {
                        answers.push(TournamentCommand::CancelImport);
                    }
                });
            });
    }
    if let Some(report) = &ws.tournament.report {
        egui::Window::new(Text::ImportReportTitle.tr(lang))
            .id(egui::Id::unique("import_report"))
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(Msg::RoundImported(report).text(lang));
                if ui.button(Text::CloseReport.tr(lang)).clicked() {
                    answers.push(TournamentCommand::CloseReport);
                }
            });
    }
    answers.into_iter().map(WsCommand::Tournament).collect()
}

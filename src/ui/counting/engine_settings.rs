//! The settings panel's KataGo section: whether the counting screen asks it, and where its
//! program, network and analysis config are (paths typed; an empty network or config: KataGo's
//! own default, or a minimal config written for the run). The program downloads no network.

use std::path::PathBuf;

use crate::ui::i18n::{Lang, Text};
use crate::ui::settings::Settings;

/// Draws the section under the other settings; edits `settings` in place.
pub fn show(ui: &mut egui::Ui, settings: &mut Settings, lang: Lang) {
    ui.separator();
    ui.label(egui::RichText::new(Text::KataGoSection.tr(lang)).strong());
    ui.checkbox(&mut settings.ask_katago, Text::AskKataGo.tr(lang));
    ui.add_enabled_ui(settings.ask_katago, |ui| {
        egui::Grid::new("katago-settings")
            .num_columns(2)
            .spacing([16.0, 6.0])
            .show(ui, |ui| {
                let k = &mut settings.katago;
                let label = ui.label(Text::KataGoProgram.tr(lang));
                let mut program = k.program.display().to_string();
                if ui.text_edit_singleline(&mut program).labelled_by(label.id).changed() {
                    k.program = PathBuf::from(program.trim());
                }
                ui.end_row();
                for (words, path) in [(Text::KataGoModel, &mut k.model), (Text::KataGoConfig, &mut k.config)] {
                    let label = ui.label(words.tr(lang));
                    let mut text = path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
                    if ui.text_edit_singleline(&mut text).labelled_by(label.id).changed() {
                        let text = text.trim();
                        *path = (!text.is_empty()).then(|| PathBuf::from(text));
                    }
                    ui.end_row();
                }
            });
    });
}

//! The notices at the foot of the window: the newest on one line (cut with "…"; the whole text
//! on hover, or opened in place by a click), the older ones folded under one line; each
//! dismissed with ×. Reads the notices; returns the indices to dismiss.

use egui::{Label, RichText, Sense};

use crate::ui::i18n::{Lang, Text};
use crate::ui::workstation::Notice;

/// The notices, newest first; the indices (into `notices`) of those dismissed this frame.
pub fn show(ui: &mut egui::Ui, notices: &[Notice], lang: Lang) -> Vec<usize> {
    let mut dismissed = Vec::new();
    let Some(newest) = notices.len().checked_sub(1) else {
        return dismissed;
    };
    row(ui, newest, &notices[newest], &mut dismissed);
    if newest > 0 {
        egui::CollapsingHeader::new(format!("{} ({newest})", Text::OlderNotices.tr(lang)))
            .id_salt("older_notices")
            .default_open(false)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().max_height(160.0).show(ui, |ui| {
                    for i in (0..newest).rev() {
                        row(ui, i, &notices[i], &mut dismissed);
                    }
                });
            });
    }
    dismissed
}

/// One notice: ×, then its text on one line, or whole once clicked (a second click folds it).
fn row(ui: &mut egui::Ui, i: usize, notice: &Notice, dismissed: &mut Vec<usize>) {
    ui.horizontal_wrapped(|ui| {
        if ui.small_button("×").clicked() {
            dismissed.push(i);
        }
        // Opened by its text, so a dismissed notice before it does not open the next one.
        let id = egui::Id::unique(("notice_open", &notice.text));
        let open = ui.data(|d| d.get_temp::<bool>(id)).unwrap_or(false);
        let colour = match notice.error {
            true => egui::Color32::from_rgb(230, 80, 60),
            false => ui.visuals().text_color(),
        };
        let text = RichText::new(&notice.text).color(colour);
        let label = match open {
            true => Label::new(text).wrap(),
            false => Label::new(text).truncate(),
        };
        let response = ui.add(label.sense(Sense::click()));
        if response.clicked() {
            ui.data_mut(|d| d.insert_temp(id, !open));
        }
    });
}

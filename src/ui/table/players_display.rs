//! The players' display: a second window (an egui viewport) the arbiter puts on a second screen
//! or turns toward the players: the selected table's two clock faces side by side, full size,
//! with the players' names, each one's warnings, and the current call as a caption. Nothing in
//! it is clickable; it reads the same clock reading as the table's faces (`clock/shown.rs`
//! through `clock_view::face_text` and `FaceState`).

use egui::{Color32, RichText};

use crate::board::Color;
use crate::clock::Reading;

use crate::ui::i18n::{self, Text};
use crate::ui::table::clock_view::{self, FaceFigure, FaceState, face_text};
use crate::ui::table::shown::Shown;

/// The viewport's id (one players' display for the workstation).
pub fn viewport_id() -> egui::ViewportId {
    egui::ViewportId::from_hash_of("players_display")
}

/// The key that opens and closes the players' display (shown on its menu item).
pub const KEY: egui::Key = egui::Key::F8;

/// Where a face's figure on the players' display is kept for a frame (read by the tests).
pub fn figure_id(color: Color) -> egui::Id {
    egui::Id::unique(("players_display_figure", color.index()))
}

/// A label that takes no click and no selection: the display is only looked at.
fn text(ui: &mut egui::Ui, text: RichText) {
    ui.add(
        egui::Label::new(text)
            .selectable(false)
            .sense(egui::Sense::hover())
            .truncate(),
    );
}

/// The display's content for `table` at `reading`: Black's face on the left, White's on the
/// right, the caption across the bottom.
pub fn content(ui: &mut egui::Ui, shown: &Shown, reading: &Reading) {
    let caption_height = (ui.available_height() * 0.14).clamp(48.0, 160.0);
    let faces_height = (ui.available_height() - caption_height - ui.spacing().item_spacing.y).max(0.0);
    let width = ui.available_width();
    let gap = ui.spacing().item_spacing.x;
    let face_size = egui::vec2(((width - gap) / 2.0).max(0.0), faces_height);
    ui.horizontal(|ui| {
        for color in [Color::Black, Color::White] {
            ui.allocate_ui_with_layout(face_size, egui::Layout::top_down(egui::Align::Center), |ui| {
                face(ui, shown, reading, color, face_size);
            });
        }
    });
    let caption = clock_view::caption_text(shown);
    egui::Frame::new()
        .fill(Color32::from_rgb(30, 40, 60))
        .corner_radius(8)
        .inner_margin(8)
        .show(ui, |ui| {
            ui.set_min_size(egui::vec2(ui.available_width(), caption_height - 16.0));
            if let Some(caption) = caption {
                text(
                    ui,
                    RichText::new(caption)
                        .size((caption_height * 0.5).max(20.0))
                        .strong()
                        .color(Color32::WHITE),
                );
            }
        });
}

/// One face, `size` large: the colour and the player, the state, the figure as large as the face
/// allows (never wrapped), what the figure is, the warnings.
fn face(ui: &mut egui::Ui, shown: &Shown, reading: &Reading, color: Color, size: egui::Vec2) {
    let lang = shown.lang;
    let control = *shown.clock.control();
    let state = FaceState::of(&control, reading, color);
    let (fill, ink) = state.colours(ui.visuals());
    let to_move = reading.turn.map(|t| t.player) == Some(color);
    let stroke = match to_move {
        true => egui::Stroke::new(6.0, Color32::from_rgb(200, 120, 0)),
        false => egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
    };
    let margin = 12.0;
    egui::Frame::new()
        .fill(fill)
        .stroke(stroke)
        .corner_radius(12)
        .inner_margin(margin)
        .show(ui, |ui| {
            let inner = size - egui::Vec2::splat(2.0 * margin + 2.0 * stroke.width);
            ui.set_min_size(inner.max(egui::Vec2::ZERO));
            ui.set_max_width(inner.x.max(0.0));
            let player = shown.seats.as_ref().map(|s| match color {
                Color::Black => s.black.as_str(),
                Color::White => s.white.as_str(),
            });
            let side = i18n::color_name(color, lang);
            let name = match player {
                Some(p) if !p.is_empty() => format!("{side} {p}"),
                _ => side.to_string(),
            };
            let line = (inner.y * 0.07).clamp(16.0, 60.0);
            text(ui, RichText::new(name).strong().size(line).color(ink));
            text(
                ui,
                RichText::new(state.word().tr(lang))
                    .strong()
                    .size(line * 0.8)
                    .color(ink),
            );
            let (big, small) = face_text(&control, &reading.left[color.index()], lang);
            let figure = figure_size(ui, &big, inner);
            let galley = ui.painter().layout_no_wrap(big, egui::FontId::monospace(figure), ink);
            let digit_height = galley
                .rows
                .iter()
                .flat_map(|r| r.glyphs.iter())
                .filter(|g| g.chr.is_ascii_digit())
                .map(|g| g.uv_rect.size.y)
                .fold(0.0, f32::max);
            let rows = galley.rows.len();
            let response = ui.add(
                egui::Label::new(galley)
                    .selectable(false)
                    .sense(egui::Sense::hover())
                    .wrap_mode(egui::TextWrapMode::Extend),
            );
            let figure = FaceFigure {
                rect: response.rect,
                digit_height,
                rows,
            };
            ui.ctx().data_mut(|d| d.insert_temp(figure_id(color), figure));
            text(ui, RichText::new(small).size(line * 0.7).color(ink));
            let warnings = shown.ledger.warnings()[color.index()];
            let colour = if warnings > 0 {
                Color32::from_rgb(200, 40, 30)
            } else {
                ink
            };
            text(
                ui,
                RichText::new(i18n::warnings(warnings, lang))
                    .strong()
                    .size(line)
                    .color(colour),
            );
        });
}

/// The figure as wide as the face (fitted to "00:00", so it does not jump as the digits change)
/// and at most half its height.
fn figure_size(ui: &egui::Ui, big: &str, inner: egui::Vec2) -> f32 {
    const PROBE: f32 = 100.0;
    let template = if big.chars().count() <= 5 { "00:00" } else { big };
    let probe = ui
        .painter()
        .layout_no_wrap(template.to_string(), egui::FontId::monospace(PROBE), Color32::WHITE);
    let fit = PROBE * inner.x / probe.size().x.max(1.0);
    fit.min(inner.y * 0.5).clamp(14.0, 600.0).floor()
}

/// The display's window title, in the window's language.
pub fn title(lang: i18n::Lang) -> &'static str {
    Text::PlayersDisplay.tr(lang)
}

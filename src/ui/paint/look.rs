//! The window's look where it costs frames: panels are not filled; the frame is cleared to the
//! panel colour instead. Under a software renderer (Mesa's llvmpipe, as under Xvfb) filling the
//! panels costs about 13 ms a frame at 1260x860, more than everything else the window draws.

use egui::{Color32, Visuals};

/// Leaves the panels unfilled, in both themes (the clear colour shows through).
pub fn install(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| style.visuals.panel_fill = Color32::TRANSPARENT);
}

/// The colour the window is cleared to each frame: the theme's own panel colour.
pub fn clear_color(visuals: &Visuals) -> [f32; 4] {
    let theme = if visuals.dark_mode {
        Visuals::dark()
    } else {
        Visuals::light()
    };
    theme.panel_fill.to_normalized_gamma_f32()
}

//! The bundled CJK font subset installed into egui, so every machine shows the same text.
//!
//! The font's bytes live with the result slip (`export::slip::CJK_FONT`), which draws with the
//! same font; here it joins egui's fonts, and `missing` tells which characters nothing draws.

use ab_glyph::{Font, FontRef};

use crate::export::slip::CJK_FONT;

/// The name the CJK font goes by in egui's font definitions.
pub const CJK_NAME: &str = "NotoSansCJKsc-subset";

/// Adds the bundled CJK font to egui's fonts as a fallback after the default ones, for the
/// proportional and the monospace families (Latin text keeps egui's own fonts).
pub fn install(ctx: &egui::Context) {
    let families = [egui::FontFamily::Proportional, egui::FontFamily::Monospace]
        .into_iter()
        .map(|family| egui::InsertFontFamily {
            family,
            priority: egui::FontPriority::Lowest,
        })
        .collect();
    ctx.add_font(egui::FontInsert::new(
        CJK_NAME,
        egui::FontData::from_static(CJK_FONT),
        families,
    ));
}

/// The characters of `text` that neither egui's default fonts nor the bundled CJK font have
/// (control characters and spaces aside), sorted, each once: each would be drawn as a box.
pub fn missing(text: &str) -> Vec<char> {
    let defaults = egui::FontDefinitions::default();
    let faces: Vec<FontRef<'_>> = defaults
        .font_data
        .values()
        .map(|data| data.bytes())
        .chain([CJK_FONT])
        .filter_map(|bytes| FontRef::try_from_slice(bytes).ok())
        .collect();
    let mut out: Vec<char> = text
        .chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .filter(|c| faces.iter().all(|f| f.glyph_id(*c).0 == 0))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

//! The result slip as a PNG: event, round and table, players, rules, the result with its margin in stones and points, penalties and confirmations.
//!
//! Text is drawn with ab_glyph in egui's bundled Hack font; characters the font lacks (Chinese
//! names, for one) come out as its missing-glyph box.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage};

use crate::session::{Session, Signer, Table, TableId};

use super::png::encode;
use super::sgf::incident_comment;
use super::{ExportError, player};

/// The width of a slip in pixels.
pub const WIDTH: u32 = 900;
const MARGIN: f32 = 24.0;
const LINE: f32 = 26.0;
const SIZE: f32 = 18.0;

/// The lines of the slip, in order.
pub fn lines(session: &Session, id: TableId, table: &Table) -> Result<Vec<String>, ExportError> {
    let black = player(session, table.black)?;
    let white = player(session, table.white)?;
    let tg = &table.game;
    let date = session.round(id.round).map(|r| r.date.clone()).unwrap_or_default();
    let mut out = vec![
        format!("RESULT SLIP - {}", session.event.name),
        format!("Round {}, table {}, {}", id.round, id.table, date),
        format!("Black: {} ({}, {})", black.name, black.rank, black.club),
        format!("White: {} ({}, {})", white.name, white.rank, white.club),
        format!(
            "Rules: {}, komi {} stones ({} points), handicap {}",
            tg.rules.rules().name,
            tg.komi.stones_text(),
            tg.komi.points_text(),
            tg.handicap
        ),
        match tg.result {
            Some(r) => format!("Result: {} [{}]", r.english(), r.sgf_re()),
            None => "Result: not recorded".to_string(),
        },
    ];
    let [bw, ww] = tg.ledger.warnings();
    let [bs, ws] = tg.ledger.penalty_stones();
    out.push(format!(
        "Penalties: warnings Black {bw}, White {ww}; penalty stones Black {bs}, White {ws}"
    ));
    let incidents: Vec<String> = tg
        .ledger
        .incidents()
        .map(|i| format!("  {}", incident_comment(i)))
        .collect();
    if incidents.is_empty() {
        out.push("  no incidents".to_string());
    }
    out.extend(incidents);
    out.push("Confirmations:".to_string());
    for signer in Signer::ALL {
        let who = match signer {
            Signer::Black => "Black",
            Signer::White => "White",
            Signer::Arbiter => "Arbiter",
        };
        out.push(match tg.confirmation(signer) {
            Some(c) => format!("  {who}: {} at {}", c.name, c.wall_time),
            None => format!("  {who}: not signed"),
        });
    }
    if !tg.overrides.is_empty() {
        out.push(format!(
            "Overridden {} time(s) by the chief arbiter",
            tg.overrides.len()
        ));
    }
    Ok(out)
}

/// The height of a slip of `lines` lines.
pub fn height(lines: usize) -> u32 {
    (2.0 * MARGIN + LINE * lines as f32).ceil() as u32
}

/// The slip of the game at `table` as PNG bytes.
pub fn slip(session: &Session, id: TableId, table: &Table) -> Result<Vec<u8>, ExportError> {
    let lines = lines(session, id, table)?;
    let fonts = egui::FontDefinitions::default();
    let data = fonts
        .font_data
        .get("Hack")
        .ok_or_else(|| ExportError::Image("egui's Hack font is missing".to_string()))?;
    let bytes: &[u8] = (*data.font).as_ref();
    let font = FontRef::try_from_slice(bytes).map_err(|e| ExportError::Image(e.to_string()))?;
    let mut img = RgbImage::from_pixel(WIDTH, height(lines.len()), Rgb([255, 255, 255]));
    for (i, line) in lines.iter().enumerate() {
        let baseline = MARGIN + LINE * (i as f32 + 1.0) - (LINE - SIZE) / 2.0;
        draw_text(&mut img, &font, line, MARGIN, baseline);
    }
    encode(&img)
}

/// Draws `text` in black from `x` on `baseline`.
fn draw_text(img: &mut RgbImage, font: &FontRef<'_>, text: &str, x: f32, baseline: f32) {
    let scale = PxScale::from(SIZE);
    let scaled = font.as_scaled(scale);
    let mut caret = x;
    let mut last = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(prev) = last {
            caret += scaled.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(scale, point(caret, baseline));
        caret += scaled.h_advance(id);
        last = Some(id);
        let Some(outlined) = font.outline_glyph(glyph) else {
            continue;
        };
        let bounds = outlined.px_bounds();
        outlined.draw(|gx, gy, coverage| {
            let px = bounds.min.x as i64 + i64::from(gx);
            let py = bounds.min.y as i64 + i64::from(gy);
            if let (Ok(px), Ok(py)) = (u32::try_from(px), u32::try_from(py))
                && px < img.width()
                && py < img.height()
            {
                let old = img.get_pixel(px, py).0[0];
                let ink = (f32::from(old) * (1.0 - coverage.clamp(0.0, 1.0))) as u8;
                img.put_pixel(px, py, Rgb([ink, ink, ink]));
            }
        });
    }
}

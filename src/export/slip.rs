//! The result slip as a PNG: event, round and table, players, rules, the result with its margin in stones and points, penalties and confirmations.
//!
//! Text is drawn with ab_glyph, character by character in the first face that has it: egui's
//! bundled Hack, then the bundled CJK font (Chinese names and the Chinese result). A character
//! neither has comes out as Hack's missing-glyph box.

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage};
use jiff::tz::TimeZone;

use crate::session::{Session, Signer, Table, TableId};

use super::png::encode;
use super::sgf::incident_comment;
use super::{ExportError, player};

/// The width of a slip in pixels.
pub const WIDTH: u32 = 900;
const MARGIN: f32 = 24.0;
const LINE: f32 = 26.0;
const SIZE: f32 = 18.0;

/// The handicap as the slip says it: "handicap 0", "handicap 1 (taking Black, no stones)",
/// "handicap 4, compensation 2 stones (4 points)" (the stones Black gives back, `rules`' own).
pub fn handicap_words(rules: crate::rules::Preset, handicap: u32) -> String {
    let compensation = rules.rules().handicap_compensation.points(handicap);
    match (handicap, crate::scoring::Quarters::from_points_f64(compensation)) {
        (1, _) => "handicap 1 (taking Black, no stones)".to_string(),
        (n, Some(c)) if c != crate::scoring::Quarters::ZERO => format!(
            "handicap {n}, compensation {} stones ({} points)",
            c.stones_text(),
            c.points_text()
        ),
        (n, _) => format!("handicap {n}"),
    }
}

/// The lines of the slip, in order; the confirmations' times in `zone` (the event's,
/// [`super::event_zone`]) with the UTC offset, "2026-11-29 17:01:05 +08:00".
pub fn lines(session: &Session, id: TableId, table: &Table, zone: &TimeZone) -> Result<Vec<String>, ExportError> {
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
            "Rules: {}, komi {} stones ({} points), {}",
            tg.rules.rules().name,
            tg.komi.stones_text(),
            tg.komi.points_text(),
            handicap_words(tg.rules, tg.handicap)
        ),
        match tg.result {
            Some(r) => format!("Result: {} [{}]", r.english(), r.sgf_re()),
            None => "Result: not recorded".to_string(),
        },
    ];
    if let Some(r) = tg.result {
        out.push(format!("结果：{}", r.chinese()));
    }
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
            Some(c) => format!("  {who}: {} at {}", c.name, crate::wall::shown(&c.wall_time, zone)),
            None => format!("  {who}: not signed"),
        });
    }
    if !tg.overrides.is_empty() {
        out.push(format!(
            "Overridden {} time(s) by the chief arbiter",
            tg.overrides.len()
        ));
    }
    if let Some(code) = crate::session::proof::result_code(id, table) {
        // `go-arbiter check FILE.ron --code CODE` says whether this is still the result confirmed.
        out.push(format!("Verification code: {code}"));
    }
    Ok(out)
}

/// The height of a slip of `lines` lines.
pub fn height(lines: usize) -> u32 {
    (2.0 * MARGIN + LINE * lines as f32).ceil() as u32
}

/// The bundled CJK font: Noto Sans CJK SC cut to the common characters and every character the
/// program uses (made by `packaging/fonts/make-font-subset.sh`; licence next to it). The window
/// installs the same bytes (`ui::fonts`).
pub static CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// The faces text is drawn in, in order of preference: a character is drawn in the first that has
/// it, else as the first face's missing-glyph box. Each face has the scale at which its em is the
/// first face's em at `SIZE` (ab_glyph scales by ascent minus descent, which is much taller in a
/// CJK font: at one scale its characters would look a size smaller).
pub struct Faces<'a> {
    faces: Vec<(FontRef<'a>, PxScale)>,
}

impl<'a> Faces<'a> {
    /// Hack (from egui's `defs`) then the bundled CJK font.
    pub fn slip(defs: &'a egui::FontDefinitions) -> Result<Faces<'a>, ExportError> {
        let hack = defs
            .font_data
            .get("Hack")
            .ok_or_else(|| ExportError::Image("egui's Hack font is missing".to_string()))?;
        Faces::of(&[hack.bytes(), CJK_FONT])
    }

    /// The faces in these font files, in this order.
    pub fn of(files: &[&'a [u8]]) -> Result<Faces<'a>, ExportError> {
        let faces = files
            .iter()
            .map(|bytes| FontRef::try_from_slice(bytes).map_err(|e| ExportError::Image(format!("a slip font: {e}"))))
            .collect::<Result<Vec<_>, _>>()?;
        let em_per_height = |f: &FontRef<'_>| f.units_per_em().unwrap_or(1.0) / f.height_unscaled().max(1.0);
        let Some(first) = faces.first().map(em_per_height) else {
            return Err(ExportError::Image("no font for the slip".to_string()));
        };
        let faces = faces
            .into_iter()
            .map(|f| {
                let scale = PxScale::from(SIZE * first / em_per_height(&f));
                (f, scale)
            })
            .collect();
        Ok(Faces { faces })
    }

    /// The face to draw `c` in and its glyph: the first face that has it, else the first face's
    /// missing glyph.
    fn glyph(&self, c: char) -> Option<(&FontRef<'a>, PxScale, GlyphId)> {
        let has = self
            .faces
            .iter()
            .find_map(|(f, scale)| Some((f, *scale, f.glyph_id(c))).filter(|(_, _, id)| id.0 != 0));
        has.or_else(|| self.faces.first().map(|(f, scale)| (f, *scale, GlyphId(0))))
    }

    /// The characters of `text` no face has (control characters and spaces aside): each would be
    /// drawn as a box.
    pub fn missing(&self, text: &str) -> Vec<char> {
        let mut out: Vec<char> = text
            .chars()
            .filter(|c| !c.is_control() && !c.is_whitespace() && self.glyph(*c).is_none_or(|(_, _, id)| id.0 == 0))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The characters of the slip's `lines` the slip's fonts lack (each would be drawn as a box).
pub fn missing_glyphs(lines: &[String]) -> Result<Vec<char>, ExportError> {
    let defs = egui::FontDefinitions::default();
    let faces = Faces::slip(&defs)?;
    Ok(faces.missing(&lines.concat()))
}

/// The slip of the game at `table` as PNG bytes.
pub fn slip(session: &Session, id: TableId, table: &Table, zone: &TimeZone) -> Result<Vec<u8>, ExportError> {
    let lines = lines(session, id, table, zone)?;
    let defs = egui::FontDefinitions::default();
    let faces = Faces::slip(&defs)?;
    let mut img = RgbImage::from_pixel(WIDTH, height(lines.len()), Rgb([255, 255, 255]));
    for (i, line) in lines.iter().enumerate() {
        let baseline = MARGIN + LINE * (i as f32 + 1.0) - (LINE - SIZE) / 2.0;
        draw_text(&mut img, &faces, line, MARGIN, baseline);
    }
    encode(&img)
}

/// Draws `text` in black from `x` on `baseline`, each character in the first face that has it.
pub fn draw_text(img: &mut RgbImage, faces: &Faces<'_>, text: &str, x: f32, baseline: f32) {
    let mut caret = x;
    let mut last: Option<(&FontRef<'_>, GlyphId)> = None;
    for c in text.chars() {
        let Some((font, scale, id)) = faces.glyph(c) else {
            continue;
        };
        let scaled = font.as_scaled(scale);
        if let Some((prev_font, prev)) = last
            && std::ptr::eq(prev_font, font)
        {
            caret += scaled.kern(prev, id);
        }
        let glyph = id.with_scale_and_position(scale, point(caret, baseline));
        caret += scaled.h_advance(id);
        last = Some((font, id));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Hack then the CJK font, as on the slip; or Hack alone.
    fn with_faces<T>(cjk: bool, f: impl FnOnce(&Faces<'_>) -> T) -> T {
        let defs = egui::FontDefinitions::default();
        let hack = defs.font_data.get("Hack").map(|d| d.bytes()).unwrap_or_default();
        let files: &[&[u8]] = if cjk { &[hack, CJK_FONT] } else { &[hack] };
        match Faces::of(files) {
            Ok(faces) => f(&faces),
            Err(e) => panic!("{e}"),
        }
    }

    /// One character drawn alone on a small white image.
    fn drawn(faces: &Faces<'_>, c: char) -> RgbImage {
        let mut img = RgbImage::from_pixel(40, 32, Rgb([255, 255, 255]));
        draw_text(&mut img, faces, &c.to_string(), 4.0, 24.0);
        img
    }

    fn ink(img: &RgbImage) -> usize {
        img.pixels().filter(|p| p.0[0] < 128).count()
    }

    #[test]
    fn a_chinese_name_and_result_draw_glyphs_not_boxes() {
        with_faces(true, |faces| {
            // A private-use character no font has: what a box looks like.
            let tofu = drawn(faces, '\u{E000}');
            assert!(ink(&tofu) > 0, "the missing glyph draws a box");
            let text = "陈丽 黑中盘胜 白胜3又3/4子 勝 结果：";
            assert_eq!(faces.missing(text), Vec::<char>::new());
            for c in text.chars().filter(|c| !c.is_whitespace() && !c.is_ascii()) {
                let img = drawn(faces, c);
                assert!(ink(&img) > 0, "{c} draws nothing");
                assert_ne!(img, tofu, "{c} is drawn as a box");
            }
        });
    }

    #[test]
    fn hack_alone_draws_chinese_as_boxes() {
        // The same check fails without the CJK font: it can tell a box from a glyph.
        with_faces(false, |faces| {
            assert_eq!(faces.missing("陈丽"), vec!['丽', '陈']);
            assert_eq!(drawn(faces, '陈'), drawn(faces, '\u{E000}'));
        });
    }

    #[test]
    fn every_chinese_result_is_covered() {
        use crate::board::Color;
        use crate::scoring::{GameResult, Quarters, Reason};
        let mut results: Vec<GameResult> = (1..16).map(|q| GameResult::by_count(Quarters(q))).collect();
        for reason in [
            Reason::Resignation,
            Reason::Time,
            Reason::Forfeit,
            Reason::Disqualification,
        ] {
            results.push(GameResult::win(Color::Black, reason));
            results.push(GameResult::win(Color::White, reason));
        }
        for reason in [Reason::Draw, Reason::BothLose, Reason::NoResult, Reason::Unknown] {
            results.push(GameResult::ended(reason));
        }
        let lines: Vec<String> = results.iter().map(|r| format!("结果：{}", r.chinese())).collect();
        assert!(matches!(missing_glyphs(&lines).as_deref(), Ok([])), "{lines:?}");
    }
}

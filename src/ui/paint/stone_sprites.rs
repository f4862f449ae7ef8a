//! The stones' pictures: a black and a white stone drawn once per size into small textures, so
//! the board draws each stone as one textured square instead of a tessellated disc (under a
//! software renderer a disc's many thin triangles cost ten times a square's; ~2 % of a core for
//! 150 stones at one frame a second under Xvfb).
//!
//! The pictures are drawn at the stone's size in physical pixels (sharp, no mipmaps), side by side
//! in one texture (black on the left, white on the right: one texture keeps the stones in one draw
//! call), and kept in egui's memory keyed by that size: a resize draws them again, nothing else.

use egui::{Color32, ColorImage, Id, Pos2, Rect, TextureHandle, TextureOptions};

use crate::board::Color;

/// The two pictures at one size, in one texture.
#[derive(Clone)]
struct Sprites {
    diameter_px: usize,
    texture: TextureHandle,
}

/// The pictures for stones of `diameter` points, drawn if the size changed.
fn sprites(ctx: &egui::Context, diameter: f32) -> Sprites {
    let diameter_px = (diameter * ctx.pixels_per_point()).round().clamp(4.0, 512.0) as usize;
    let id = Id::unique("stone_sprites");
    if let Some(s) = ctx.data(|d| d.get_temp::<Sprites>(id))
        && s.diameter_px == diameter_px
    {
        return s;
    }
    let s = Sprites {
        diameter_px,
        texture: ctx.load_texture("stones", pair(diameter_px), TextureOptions::LINEAR),
    };
    ctx.data_mut(|d| d.insert_temp(id, s.clone()));
    s
}

/// Draws a stone of `color` centred on `center`, `alpha` of 255 opaque (dead stones are faded).
pub fn draw(painter: &egui::Painter, center: Pos2, radius: f32, color: Color, alpha: u8) {
    let s = sprites(painter.ctx(), radius * 2.0);
    let left = match color {
        Color::Black => 0.0,
        Color::White => 0.5,
    };
    let uv = Rect::from_min_max(Pos2::new(left, 0.0), Pos2::new(left + 0.5, 1.0));
    let rect = Rect::from_center_size(center, egui::Vec2::splat(radius * 2.0));
    painter.image(s.texture.id(), rect, uv, Color32::from_white_alpha(alpha));
}

/// Both stones `n` pixels across, side by side: black on the left, white on the right.
fn pair(n: usize) -> ColorImage {
    let [black, white] = [picture(Color::Black, n), picture(Color::White, n)];
    let mut image = ColorImage::filled([2 * n, n], Color32::TRANSPARENT);
    for y in 0..n {
        image.pixels[y * 2 * n..y * 2 * n + n].copy_from_slice(&black.pixels[y * n..(y + 1) * n]);
        image.pixels[y * 2 * n + n..(y + 1) * 2 * n].copy_from_slice(&white.pixels[y * n..(y + 1) * n]);
    }
    image
}

/// One stone `n` pixels across: an anti-aliased disc, the black one with a faint highlight, the
/// white one with a grey rim (it must stand out on a light board).
fn picture(color: Color, n: usize) -> ColorImage {
    let r = n as f32 / 2.0;
    let mut image = ColorImage::filled([n, n], Color32::TRANSPARENT);
    for y in 0..n {
        for x in 0..n {
            let dx = x as f32 + 0.5 - r;
            let dy = y as f32 + 0.5 - r;
            let d = (dx * dx + dy * dy).sqrt();
            let coverage = (r - d).clamp(0.0, 1.0);
            if coverage <= 0.0 {
                continue;
            }
            // The light comes from the top left: 0 at the far edge, 1 at the highlight.
            let light = (1.0 - ((dx + 0.35 * r).powi(2) + (dy + 0.35 * r).powi(2)).sqrt() / (1.6 * r)).clamp(0.0, 1.0);
            let rgb = match color {
                Color::Black => {
                    let v = 18.0 + 52.0 * light.powi(3);
                    [v, v, v + 2.0]
                }
                Color::White => {
                    let rim = ((d - (r - 1.3)) / 1.3).clamp(0.0, 1.0);
                    let v = 222.0 + 28.0 * light;
                    let v = v * (1.0 - rim) + 110.0 * rim;
                    [v, v, v - 4.0]
                }
            };
            let [red, green, blue] = rgb.map(|c| c.clamp(0.0, 255.0) as u8);
            image.pixels[y * n + x] =
                Color32::from_rgba_unmultiplied(red, green, blue, (coverage * 255.0).round() as u8);
        }
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha(image: &ColorImage, x: usize, y: usize) -> u8 {
        image.pixels[y * image.size[0] + x].a()
    }

    #[test]
    fn a_stone_picture_is_an_opaque_disc_with_clear_corners() {
        for color in [Color::Black, Color::White] {
            let image = picture(color, 32);
            assert_eq!(alpha(&image, 16, 16), 255, "centre");
            assert_eq!(alpha(&image, 0, 0), 0, "corner");
            assert_eq!(alpha(&image, 31, 31), 0, "corner");
            assert_eq!(alpha(&image, 16, 1), 255, "just inside the top edge");
        }
    }

    #[test]
    fn the_pair_holds_the_black_stone_left_and_the_white_stone_right() {
        let pair = pair(20);
        assert_eq!(pair.size, [40, 20]);
        assert_eq!(
            pair.pixels[10 * 40 + 10],
            picture(Color::Black, 20).pixels[10 * 20 + 10]
        );
        assert_eq!(
            pair.pixels[10 * 40 + 30],
            picture(Color::White, 20).pixels[10 * 20 + 10]
        );
        assert_eq!(pair.pixels[19].a(), 0, "the black stone's top right corner is clear");
        assert_eq!(pair.pixels[20].a(), 0, "the white stone's top left corner is clear");
    }

    #[test]
    fn black_stones_are_dark_and_white_stones_light_with_a_darker_rim() {
        let black = picture(Color::Black, 40);
        let white = picture(Color::White, 40);
        assert!(black.pixels[20 * 40 + 20].r() < 80);
        assert!(white.pixels[20 * 40 + 20].r() > 200);
        // On the rim, at the right edge of the middle row.
        assert!(white.pixels[20 * 40 + 39].r() < 160);
    }
}

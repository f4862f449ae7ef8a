//! The kept frame: when the window's back buffer still holds the last frame (a one-pixel mark in
//! its corner says so), egui paints only inside the rectangles that changed (`damage`), over what
//! is already there; otherwise, and whenever in doubt, the whole frame. Under a software renderer
//! a clock's tick then costs its own pixels, not the whole window's.
//! An egui plugin, added only with the glow renderer; `GO_ARBITER_PAINT=full` turns it off.

use std::sync::{Arc, Mutex, MutexGuard};

use eframe::egui_glow::{CallbackFn, Painter};
use egui::emath::TSTransform;
use egui::epaint::ClippedShape;
use egui::{Context, FullOutput, PaintCallback, PaintCallbackInfo, Rect, Shape, ViewportId};

use crate::ui::paint::canvas_gl::{self, PixelBox};
use crate::ui::paint::damage::{self, Damage, Screen};
use crate::ui::paint::look;

/// Setting `GO_ARBITER_PAINT=full` paints every frame whole (to compare, or if a driver misbehaves).
pub const PAINT_VAR: &str = "GO_ARBITER_PAINT";

/// The egui plugin that cuts each frame down to what changed since the last one painted.
pub struct KeptFrame {
    shared: Arc<Mutex<Kept>>,
    /// The last frame's shapes, whole, and its screen.
    before: Vec<ClippedShape>,
    before_screen: Option<Screen>,
    /// The number of the last frame handed out.
    serial: u64,
}

/// What the paint callbacks share with the plugin.
#[derive(Default)]
struct Kept {
    /// The serial of the last frame painted in full (whole, or in part over its predecessor).
    painted: u64,
    /// The mark left in the window's corner by the last frame painted, which also turned drawing
    /// into the window off until the next frame begins (so eframe's clear leaves it be).
    mark: Option<[u8; 3]>,
    /// The last frame found the mark of the one before: this window keeps its frames.
    keeps_frames: bool,
    /// This frame was cut to its changes but the window had lost the last frame: it shows only
    /// the changes, and the next one is painted whole at once.
    spoiled: bool,
    ctx: Option<Context>,
}

fn lock(shared: &Mutex<Kept>) -> MutexGuard<'_, Kept> {
    shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl KeptFrame {
    /// The plugin, unless `GO_ARBITER_PAINT=full`.
    pub fn from_env() -> Option<KeptFrame> {
        let full = std::env::var(PAINT_VAR).is_ok_and(|v| v == "full");
        (!full).then(|| KeptFrame {
            shared: Arc::default(),
            before: Vec::new(),
            before_screen: None,
            serial: 0,
        })
    }
}

impl egui::Plugin for KeptFrame {
    fn debug_name(&self) -> &'static str {
        "kept frame"
    }

    fn output_hook(&mut self, ctx: &Context, output: &mut FullOutput) {
        if ctx.viewport_id() != ViewportId::ROOT {
            return;
        }
        let screen = Screen {
            rect: ctx.viewport_rect(),
            pixels_per_point: output.pixels_per_point,
        };
        let last_is_kept = {
            let mut kept = lock(&self.shared);
            kept.ctx.get_or_insert_with(|| ctx.clone());
            kept.painted == self.serial && kept.keeps_frames
        };
        // New or changed textures (the font atlas) may change shapes that are themselves equal.
        let damage = if last_is_kept && self.before_screen == Some(screen) && output.textures_delta.is_empty() {
            damage::between(&self.before, &output.shapes, screen)
        } else {
            Damage::Full
        };
        self.serial += 1;
        let shapes = std::mem::take(&mut output.shapes);
        let clear = look::clear_color(&ctx.global_style().visuals);
        let mut painted = Vec::with_capacity(shapes.len() + 2);
        painted.push(callback(screen, self.begin(damage.clone(), clear)));
        match &damage {
            Damage::Full => painted.extend(shapes.iter().cloned()),
            Damage::Rects(rects) => painted.extend(damage::inside(&shapes, rects)),
        }
        painted.push(callback(screen, self.end(clear)));
        output.shapes = painted;
        self.before = shapes;
        self.before_screen = Some(screen);
    }
}

/// A paint callback over the whole screen.
fn callback(screen: Screen, f: CallbackFn) -> ClippedShape {
    ClippedShape {
        clip_rect: screen.rect,
        shape: Shape::Callback(PaintCallback {
            rect: screen.rect,
            callback: Arc::new(f),
        }),
        transform_after_tessellation: TSTransform::IDENTITY,
    }
}

impl KeptFrame {
    /// First in the frame: looks for the last frame's mark, then clears where the frame paints.
    fn begin(&self, damage: Damage, clear: [f32; 4]) -> CallbackFn {
        let shared = Arc::clone(&self.shared);
        CallbackFn::new(move |info: PaintCallbackInfo, painter: &Painter| {
            let mut kept = lock(&shared);
            let gl = painter.gl();
            // Reading goes by the read buffer: the draw buffer left off by the last frame does
            // not matter here, and `clear_window` turns it on again.
            let holds_last = kept.mark.is_some_and(|mark| canvas_gl::read_window_mark(gl) == mark);
            kept.keeps_frames = holds_last;
            kept.spoiled = false;
            match &damage {
                Damage::Rects(rects) if holds_last => {
                    let boxes = pixel_boxes(rects, info.pixels_per_point, info.screen_size_px);
                    canvas_gl::clear_window(gl, Some(&boxes), clear);
                }
                Damage::Rects(_) => {
                    kept.spoiled = true;
                    canvas_gl::clear_window(gl, None, clear);
                }
                Damage::Full => canvas_gl::clear_window(gl, None, clear),
            }
        })
    }

    /// Last in the frame: the window is marked with this frame's number.
    fn end(&self, clear: [f32; 4]) -> CallbackFn {
        let shared = Arc::clone(&self.shared);
        let serial = self.serial;
        CallbackFn::new(move |_info: PaintCallbackInfo, painter: &Painter| {
            let mut kept = lock(&shared);
            let mark = mark_of(serial, clear);
            canvas_gl::mark_window(painter.gl(), mark);
            kept.mark = Some(mark);
            if kept.spoiled {
                request_repaint(&kept);
            } else {
                kept.painted = serial;
            }
        })
    }
}

fn request_repaint(kept: &Kept) {
    if let Some(ctx) = &kept.ctx {
        ctx.request_repaint();
    }
}

/// The mark for frame `serial`: the clear colour (what the window's bottom-left pixel shows) with
/// the frame's number modulo 8 in the lowest bit of each channel, invisible to the eye. A back
/// buffer holding an older frame, or nothing, shows another mark unless it is 8 frames old.
fn mark_of(serial: u64, clear: [f32; 4]) -> [u8; 3] {
    let base = |c: f32| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    let bit = |i: u32| ((serial >> i) & 1) as u8;
    [
        base(clear[0]) ^ bit(0),
        base(clear[1]) ^ bit(1),
        base(clear[2]) ^ bit(2),
    ]
}

/// Rectangles in points as OpenGL's scissor boxes in pixels (rows counted from the bottom),
/// rounded as egui rounds its clip rectangles.
fn pixel_boxes(rects: &[Rect], pixels_per_point: f32, [w, h]: [u32; 2]) -> Vec<PixelBox> {
    let px = |v: f32, max: u32| ((v * pixels_per_point).round() as i32).clamp(0, max as i32);
    rects
        .iter()
        .map(|rect| {
            let (x0, x1) = (px(rect.min.x, w), px(rect.max.x, w));
            let (y0, y1) = (px(rect.min.y, h), px(rect.max.y, h));
            [x0, h as i32 - y1, x1 - x0, y1 - y0]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn a_scissor_box_counts_rows_from_the_bottom_in_pixels() {
        let rect = Rect::from_min_max(pos2(10.0, 20.0), pos2(30.0, 50.0));
        assert_eq!(pixel_boxes(&[rect], 1.0, [100, 100]), vec![[10, 50, 20, 30]]);
        assert_eq!(pixel_boxes(&[rect], 2.0, [200, 200]), vec![[20, 100, 40, 60]]);
        assert_eq!(pixel_boxes(&[rect], 1.0, [25, 40]), vec![[10, 0, 15, 20]]);
    }

    #[test]
    fn consecutive_frames_leave_different_marks_that_the_eye_cannot_see() {
        let clear = [27.0 / 255.0, 27.0 / 255.0, 27.0 / 255.0, 1.0];
        let marks: Vec<_> = (0..8).map(|serial| mark_of(serial, clear)).collect();
        for (i, a) in marks.iter().enumerate() {
            for b in &marks[i + 1..] {
                assert_ne!(a, b);
            }
            assert!(a.iter().all(|&c| c.abs_diff(27) <= 1));
        }
        assert_eq!(mark_of(8, clear), marks[0]);
    }
}

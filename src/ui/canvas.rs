//! The kept frame: egui paints into an offscreen picture that lasts from frame to frame, only
//! inside the rectangles that changed (`damage`), and only those are copied to the window when its
//! back buffer still holds the last frame (a one-pixel mark says so), else the whole picture.
//! Under a software renderer a clock's tick then costs its own pixels, not the whole window's.
//! An egui plugin, added only with the glow renderer; `GO_ARBITER_PAINT=full` turns it off.

use std::sync::{Arc, Mutex, MutexGuard};

use eframe::egui_glow::{CallbackFn, Painter};
use eframe::glow;
use egui::emath::TSTransform;
use egui::epaint::ClippedShape;
use egui::{Context, FullOutput, PaintCallback, PaintCallbackInfo, Rect, Shape, ViewportId};

use super::canvas_gl::{self, Picture, PixelBox};
use super::damage::{self, Damage, Screen};
use super::look;

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
    picture: Option<Picture>,
    /// The serial of the last frame painted into the picture.
    painted: u64,
    /// No picture could be made: frames are painted straight to the window, whole.
    broken: bool,
    /// The mark left in the window's corner by the last frame, which also turned drawing into the
    /// window off until the next frame begins.
    mark: Option<[u8; 3]>,
    /// This frame: the window's back buffer still holds the last frame (its mark is there).
    window_holds_last: bool,
    /// This frame: the picture was made anew under a frame painted in part, so it is wrong and
    /// the next one is painted whole.
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
        let picture_holds_last = {
            let mut kept = lock(&self.shared);
            if kept.broken {
                return;
            }
            kept.ctx.get_or_insert_with(|| ctx.clone());
            kept.painted == self.serial && kept.picture.as_ref().is_some_and(|p| p.size == screen.size_px())
        };
        // New or changed textures (the font atlas) may change shapes that are themselves equal.
        let damage = if picture_holds_last && self.before_screen == Some(screen) && output.textures_delta.is_empty() {
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
        painted.push(callback(screen, self.end(damage, clear)));
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
    /// First in the frame: checks the window's mark, then makes the picture egui's target,
    /// cleared where the frame paints.
    fn begin(&self, damage: Damage, clear: [f32; 4]) -> CallbackFn {
        let shared = Arc::clone(&self.shared);
        CallbackFn::new(move |info: PaintCallbackInfo, painter: &Painter| {
            let mut kept = lock(&shared);
            let gl = painter.gl();
            kept.spoiled = false;
            kept.window_holds_last = match kept.mark {
                Some(mark) => {
                    canvas_gl::set_window_drawing(gl, true);
                    canvas_gl::read_window_mark(gl) == mark
                }
                None => false,
            };
            let made_anew = match ensure_picture(&mut kept, gl, info.screen_size_px) {
                Ok(made_anew) => made_anew,
                Err(e) => {
                    eprintln!("go-arbiter: painting every frame whole: {e}");
                    kept.broken = true;
                    if kept.mark.take().is_some() {
                        canvas_gl::clear_window(gl, clear);
                    }
                    request_repaint(&kept);
                    return;
                }
            };
            let Some(picture) = &kept.picture else { return };
            let boxes = match &damage {
                Damage::Rects(rects) if !made_anew => Some(pixel_boxes(rects, info.pixels_per_point, picture.size)),
                _ => None,
            };
            picture.begin(gl, boxes.as_deref(), clear);
            kept.spoiled = made_anew && damage != Damage::Full;
        })
    }

    /// Last in the frame: what changed (or the whole picture) is copied to the window, and the
    /// window is marked with this frame's number.
    fn end(&self, damage: Damage, clear: [f32; 4]) -> CallbackFn {
        let shared = Arc::clone(&self.shared);
        let serial = self.serial;
        CallbackFn::new(move |info: PaintCallbackInfo, painter: &Painter| {
            let mut kept = lock(&shared);
            let gl = painter.gl();
            if kept.broken {
                return;
            }
            let Some(picture) = &kept.picture else { return };
            let boxes = match &damage {
                Damage::Rects(rects) if kept.window_holds_last && !kept.spoiled => {
                    Some(pixel_boxes(rects, info.pixels_per_point, picture.size))
                }
                _ => None,
            };
            picture.copy_to_window(gl, boxes.as_deref());
            let mark = mark_of(serial, clear);
            canvas_gl::mark_window(gl, mark);
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

/// Makes the picture at `size` if it is missing or of another size; true when made anew.
fn ensure_picture(kept: &mut Kept, gl: &glow::Context, size: [u32; 2]) -> Result<bool, String> {
    if kept.picture.as_ref().is_some_and(|p| p.size == size) {
        return Ok(false);
    }
    if let Some(old) = kept.picture.take() {
        old.delete(gl);
    }
    kept.picture = Some(Picture::new(gl, size)?);
    Ok(true)
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

//! The OpenGL side of the kept frame (`canvas`): clearing the window where a frame paints, and
//! the one-pixel mark that tells whether the window's back buffer still holds the last frame.
//! The only module with `unsafe`: OpenGL calls, all on the painter's context while egui paints
//! (egui sets its own state again after each callback).
#![allow(unsafe_code)]

use eframe::glow::{self, HasContext};

/// A rectangle in pixels as OpenGL counts them: x, y from the bottom, width, height.
pub type PixelBox = [i32; 4];

/// Turns drawing into the window on again and clears `boxes` of it (all of it when `None`) to
/// the clear colour, where egui then paints.
pub fn clear_window(gl: &glow::Context, boxes: Option<&[PixelBox]>, clear: [f32; 4]) {
    set_window_drawing(gl, true);
    // SAFETY: see the module's first lines.
    unsafe {
        gl.clear_color(clear[0], clear[1], clear[2], clear[3]);
        match boxes {
            Some(boxes) => {
                gl.enable(glow::SCISSOR_TEST);
                for &[x, y, w, h] in boxes {
                    gl.scissor(x, y, w, h);
                    gl.clear(glow::COLOR_BUFFER_BIT);
                }
            }
            None => {
                gl.disable(glow::SCISSOR_TEST);
                gl.clear(glow::COLOR_BUFFER_BIT);
            }
        }
    }
}

/// Writes `mark` into the window's bottom-left pixel, then turns drawing into the window off, so
/// that the clear eframe makes before the next frame leaves the back buffer as it is (egui turns
/// colour writes back on after each callback, but never the draw buffer).
pub fn mark_window(gl: &glow::Context, mark: [u8; 3]) {
    let [r, g, b] = mark.map(|v| f32::from(v) / 255.0);
    // SAFETY: see the module's first lines.
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.enable(glow::SCISSOR_TEST);
        gl.scissor(0, 0, 1, 1);
        gl.clear_color(r, g, b, 1.0);
        gl.clear(glow::COLOR_BUFFER_BIT);
        gl.disable(glow::SCISSOR_TEST);
    }
    set_window_drawing(gl, false);
}

/// Turns drawing into the window's back buffer on or off (its draw buffer).
fn set_window_drawing(gl: &glow::Context, on: bool) {
    // SAFETY: see the module's first lines; the draw buffer of the window's own framebuffer.
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        let buffer = if on { glow::BACK } else { glow::NONE };
        if gl.version().is_embedded {
            gl.draw_buffers(&[buffer]);
        } else {
            gl.draw_buffer(buffer);
        }
    }
}

/// The window's bottom-left pixel as the back buffer holds it now.
pub fn read_window_mark(gl: &glow::Context) -> [u8; 3] {
    let mut pixel = [0u8; 4];
    // SAFETY: see the module's first lines; one pixel into a four-byte slice.
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 1);
        gl.read_pixels(
            0,
            0,
            1,
            1,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut pixel)),
        );
    }
    [pixel[0], pixel[1], pixel[2]]
}

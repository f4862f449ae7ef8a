//! The OpenGL side of the kept frame (`canvas`): the offscreen picture, the program that copies it
//! to the window, and the one-pixel mark that tells whether the window's back buffer still holds
//! the last frame. The only module with `unsafe`: OpenGL calls, all on the painter's context
//! while egui paints (egui sets its own state again after each callback).
#![allow(unsafe_code)]

use eframe::egui_glow::ShaderVersion;
use eframe::glow::{self, HasContext};

/// The offscreen picture: a texture as a framebuffer's colour, and the program that copies it.
pub struct Picture {
    framebuffer: glow::Framebuffer,
    texture: glow::Texture,
    pub size: [u32; 2],
    copier: Copier,
}

/// A rectangle in pixels as OpenGL counts them: x, y from the bottom, width, height.
pub type PixelBox = [i32; 4];

impl Picture {
    /// A picture of `size`, the pixels undefined until cleared.
    pub fn new(gl: &glow::Context, size: [u32; 2]) -> Result<Picture, String> {
        let copier = Copier::new(gl)?;
        // SAFETY: object creation on the current context; each object is checked before use and
        // deleted on failure; the window's framebuffer is bound again before returning.
        unsafe {
            let texture = gl.create_texture()?;
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
            // An unsized RGBA given as BGRA bytes: Mesa then keeps the window's own pixel order,
            // and llvmpipe copies the picture to the window like memory (about three times
            // cheaper than with RGBA8, measured).
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA as i32,
                size[0] as i32,
                size[1] as i32,
                0,
                glow::BGRA,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(None),
            );
            gl.bind_texture(glow::TEXTURE_2D, None);
            let framebuffer = gl.create_framebuffer()?;
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(texture),
                0,
            );
            let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            if status != glow::FRAMEBUFFER_COMPLETE {
                gl.delete_framebuffer(framebuffer);
                gl.delete_texture(texture);
                copier.delete(gl);
                return Err(format!("offscreen framebuffer incomplete (status {status:#x})"));
            }
            Ok(Picture {
                framebuffer,
                texture,
                size,
                copier,
            })
        }
    }

    pub fn delete(self, gl: &glow::Context) {
        // SAFETY: made on this context and not bound between frames.
        unsafe {
            gl.delete_framebuffer(self.framebuffer);
            gl.delete_texture(self.texture);
        }
        self.copier.delete(gl);
    }

    /// Makes the picture egui's target and clears `boxes` of it (all of it when `None`).
    pub fn begin(&self, gl: &glow::Context, boxes: Option<&[PixelBox]>, clear: [f32; 4]) {
        // SAFETY: see the module's first lines.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(self.framebuffer));
            gl.viewport(0, 0, self.size[0] as i32, self.size[1] as i32);
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

    /// Copies `boxes` of the picture (all of it when `None`) to the window's framebuffer, which
    /// stays bound.
    pub fn copy_to_window(&self, gl: &glow::Context, boxes: Option<&[PixelBox]>) {
        let [w, h] = self.size.map(|v| v as i32);
        // SAFETY: see the module's first lines.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            gl.viewport(0, 0, w, h);
            gl.disable(glow::BLEND);
            gl.use_program(Some(self.copier.program));
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D, Some(self.texture));
            gl.bind_vertex_array(Some(self.copier.vertex_array));
            match boxes {
                Some(boxes) => {
                    gl.enable(glow::SCISSOR_TEST);
                    for &[x, y, bw, bh] in boxes {
                        gl.scissor(x, y, bw, bh);
                        gl.draw_arrays(glow::TRIANGLE_STRIP, 0, 4);
                    }
                }
                None => {
                    gl.disable(glow::SCISSOR_TEST);
                    gl.draw_arrays(glow::TRIANGLE_STRIP, 0, 4);
                }
            }
            gl.bind_vertex_array(None);
            gl.bind_texture(glow::TEXTURE_2D, None);
            gl.use_program(None);
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
pub fn set_window_drawing(gl: &glow::Context, on: bool) {
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

/// The window's bottom-left pixel as it is now.
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

/// Clears the whole window (when frames are painted straight to it again).
pub fn clear_window(gl: &glow::Context, clear: [f32; 4]) {
    // SAFETY: see the module's first lines.
    unsafe {
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.disable(glow::SCISSOR_TEST);
        gl.clear_color(clear[0], clear[1], clear[2], clear[3]);
        gl.clear(glow::COLOR_BUFFER_BIT);
    }
}

/// The program that draws the picture over the window pixel for pixel: a square made from the
/// vertex numbers alone and one texture read per pixel, without blending (llvmpipe recognises
/// it as a copy).
struct Copier {
    program: glow::Program,
    vertex_array: glow::VertexArray,
}

const COPY_VERTEX: &str = "
out vec2 uv;
void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    uv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
";
const COPY_FRAGMENT: &str = "
uniform sampler2D picture;
in vec2 uv;
out vec4 colour;
void main() {
    colour = texture(picture, uv);
}
";

impl Copier {
    fn new(gl: &glow::Context) -> Result<Copier, String> {
        let header = match ShaderVersion::get(gl) {
            ShaderVersion::Gl140 => "#version 140\n",
            ShaderVersion::Es300 => "#version 300 es\nprecision mediump float;\n",
            other => return Err(format!("shading language {other:?} is too old for the copy")),
        };
        // SAFETY: object creation on the current context; each object is checked before use
        // and deleted on failure.
        unsafe {
            let program = gl.create_program()?;
            let mut shaders = Vec::new();
            for (kind, source) in [
                (glow::VERTEX_SHADER, COPY_VERTEX),
                (glow::FRAGMENT_SHADER, COPY_FRAGMENT),
            ] {
                let shader = gl.create_shader(kind)?;
                gl.shader_source(shader, &format!("{header}{source}"));
                gl.compile_shader(shader);
                gl.attach_shader(program, shader);
                shaders.push(shader);
            }
            gl.link_program(program);
            let linked = gl.get_program_link_status(program);
            let log = gl.get_program_info_log(program);
            for shader in shaders {
                gl.detach_shader(program, shader);
                gl.delete_shader(shader);
            }
            if !linked {
                gl.delete_program(program);
                return Err(format!("the copy program did not link: {log}"));
            }
            gl.use_program(Some(program));
            gl.uniform_1_i32(gl.get_uniform_location(program, "picture").as_ref(), 0);
            gl.use_program(None);
            let vertex_array = match gl.create_vertex_array() {
                Ok(vertex_array) => vertex_array,
                Err(e) => {
                    gl.delete_program(program);
                    return Err(e);
                }
            };
            Ok(Copier { program, vertex_array })
        }
    }

    fn delete(self, gl: &glow::Context) {
        // SAFETY: made on this context and not in use between frames.
        unsafe {
            gl.delete_program(self.program);
            gl.delete_vertex_array(self.vertex_array);
        }
    }
}

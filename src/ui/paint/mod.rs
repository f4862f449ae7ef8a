//! What keeps frames cheap under a software renderer: the kept frame and its damage, the look, the
//! stone sprites and the bundled fonts.
//!
//! - [`canvas`]: the kept frame (an egui plugin comparing each frame's shapes with the last);
//!   `canvas_gl` its OpenGL calls (the crate's only `unsafe`).
//! - [`damage`]: the changed rectangles between two frames (pure).
//! - [`look`]: panels unfilled over the clear colour.
//! - [`stone_sprites`]: stones drawn from one texture.
//! - [`fonts`]: the bundled CJK subset joined to egui's fonts.

pub mod canvas;
mod canvas_gl;
pub mod damage;
pub mod fonts;
pub mod look;
pub mod stone_sprites;

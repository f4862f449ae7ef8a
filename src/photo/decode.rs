//! A photo decoded (JPEG or PNG) and brought down to a working size, as colour planes to sample.

use super::PhotoError;
use super::homography::Pt;

/// The longer side of the working image, in pixels: the photo is reduced by a whole factor
/// until it fits (a 4000x3000 photo by 4, 2048x1536 by 2, 640x480 not at all).
pub const WORKING_SIDE: u32 = 1100;

/// The photo at working size: red, green and blue as planes of 0..255 values.
#[derive(Clone, Debug)]
pub struct Photo {
    pub width: usize,
    pub height: usize,
    /// The original photo's pixels per working pixel.
    pub scale: f64,
    /// The original photo's size.
    pub original: (u32, u32),
    r: Vec<f32>,
    g: Vec<f32>,
    b: Vec<f32>,
    /// The luminance (Rec. 601) of each pixel, computed once: the grid's fit samples it most.
    l: Vec<f32>,
}

impl Photo {
    /// Decodes a JPEG or PNG. The pixels are read as stored (the camera's orientation tag is not
    /// applied: row 0 is the stored image's top).
    pub fn decode(bytes: &[u8]) -> Result<Photo, PhotoError> {
        let image = image::load_from_memory(bytes).map_err(|e| PhotoError::NotAnImage(e.to_string()))?;
        let rgb = image.to_rgb8();
        Ok(Photo::from_rgb(&rgb))
    }

    /// The working photo of an RGB image (reduced by a whole factor, each pixel the mean of its
    /// block).
    pub fn from_rgb(rgb: &image::RgbImage) -> Photo {
        let (w0, h0) = rgb.dimensions();
        let factor = w0.max(h0).div_ceil(WORKING_SIDE).max(1) as usize;
        let width = (w0 as usize / factor).max(1);
        let height = (h0 as usize / factor).max(1);
        let mut planes = [
            vec![0f32; width * height],
            vec![0f32; width * height],
            vec![0f32; width * height],
        ];
        let raw = rgb.as_raw();
        let stride = w0 as usize * 3;
        let norm = 1.0 / (factor * factor) as f32;
        for y in 0..height {
            for x in 0..width {
                let mut sum = [0u32; 3];
                for dy in 0..factor {
                    let row = (y * factor + dy) * stride;
                    for dx in 0..factor {
                        let at = row + (x * factor + dx) * 3;
                        for (c, s) in sum.iter_mut().enumerate() {
                            *s += u32::from(raw[at + c]);
                        }
                    }
                }
                for c in 0..3 {
                    planes[c][y * width + x] = sum[c] as f32 * norm;
                }
            }
        }
        let [r, g, b] = planes;
        let l = r
            .iter()
            .zip(&g)
            .zip(&b)
            .map(|((r, g), b)| 0.299 * r + 0.587 * g + 0.114 * b)
            .collect();
        Photo {
            width,
            height,
            scale: factor as f64,
            original: (w0, h0),
            r,
            g,
            b,
            l,
        }
    }

    /// Whether a working-size point lies inside the photo.
    pub fn contains(&self, p: Pt) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x <= (self.width - 1) as f64 && p.y <= (self.height - 1) as f64
    }

    /// The four pixels around a working-size point and the weights across and down; `None`
    /// outside the photo.
    fn around(&self, p: Pt) -> Option<([usize; 4], f32, f32)> {
        if !self.contains(p) {
            return None;
        }
        let x0 = (p.x.floor() as usize).min(self.width.saturating_sub(2));
        let y0 = (p.y.floor() as usize).min(self.height.saturating_sub(2));
        let fx = (p.x - x0 as f64).clamp(0.0, 1.0) as f32;
        let fy = (p.y - y0 as f64).clamp(0.0, 1.0) as f32;
        let x1 = (x0 + 1).min(self.width - 1);
        let y1 = (y0 + 1).min(self.height - 1);
        Some((
            [
                y0 * self.width + x0,
                y0 * self.width + x1,
                y1 * self.width + x0,
                y1 * self.width + x1,
            ],
            fx,
            fy,
        ))
    }

    /// The colour at a working-size point, bilinear; `None` outside the photo.
    pub fn rgb(&self, p: Pt) -> Option<[f32; 3]> {
        let (at, fx, fy) = self.around(p)?;
        Some([
            mix(&self.r, at, fx, fy),
            mix(&self.g, at, fx, fy),
            mix(&self.b, at, fx, fy),
        ])
    }

    /// The luminance (Rec. 601) at a working-size point, bilinear; `None` outside.
    pub fn luma(&self, p: Pt) -> Option<f32> {
        let (at, fx, fy) = self.around(p)?;
        Some(mix(&self.l, at, fx, fy))
    }

    /// The colour of one working pixel.
    pub fn pixel(&self, x: usize, y: usize) -> [f32; 3] {
        let i = y * self.width + x;
        [self.r[i], self.g[i], self.b[i]]
    }

    /// A photo point (original pixels) at working size.
    pub fn to_working(&self, p: Pt) -> Pt {
        Pt::new(p.x / self.scale, p.y / self.scale)
    }

    /// A working-size point in the original photo's pixels.
    pub fn to_original(&self, p: Pt) -> Pt {
        Pt::new(p.x * self.scale, p.y * self.scale)
    }
}

/// A plane's value between four pixels (top-left, top-right, bottom-left, bottom-right).
fn mix(plane: &[f32], [i00, i10, i01, i11]: [usize; 4], fx: f32, fy: f32) -> f32 {
    let top = plane[i00] + (plane[i10] - plane[i00]) * fx;
    let bottom = plane[i01] + (plane[i11] - plane[i01]) * fx;
    top + (bottom - top) * fy
}

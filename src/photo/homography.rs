//! The plane-to-plane projection (homography) from four point pairs: grid coordinates to pixels.

/// A point in the plane (pixels or grid units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }

    pub fn dist(self, other: Pt) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// A 3x3 projective map, row-major, with its last entry 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography {
    m: [f64; 9],
}

impl Homography {
    /// The map taking each `from[i]` to `to[i]`; `None` when three of the points are on one line
    /// (no projection does it).
    pub fn from_points(from: [Pt; 4], to: [Pt; 4]) -> Option<Homography> {
        // Eight equations in h0..h7 (h8 = 1): x' (h6 x + h7 y + 1) = h0 x + h1 y + h2, same for y'.
        let mut a = [[0.0f64; 9]; 8];
        for i in 0..4 {
            let (x, y) = (from[i].x, from[i].y);
            let (u, v) = (to[i].x, to[i].y);
            a[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            a[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        let h = solve8(a)?;
        let m = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0];
        // A map that flattens the plane (three targets on one line) has no inverse.
        let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6]);
        let size = m.iter().fold(0.0f64, |a, v| a.max(v.abs()));
        if m.iter().all(|v| v.is_finite()) && det.abs() > 1e-9 * size.powi(3) {
            Some(Homography { m })
        } else {
            None
        }
    }

    /// The image of `p`; `None` for a point sent to infinity.
    pub fn map(&self, p: Pt) -> Option<Pt> {
        let m = &self.m;
        let w = m[6] * p.x + m[7] * p.y + m[8];
        if w.abs() < 1e-12 {
            return None;
        }
        Some(Pt::new(
            (m[0] * p.x + m[1] * p.y + m[2]) / w,
            (m[3] * p.x + m[4] * p.y + m[5]) / w,
        ))
    }
}

/// Gaussian elimination with partial pivoting on an 8x8 system (augmented with its right side).
fn solve8(mut a: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-10 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col];
        for (row, line) in a.iter_mut().enumerate() {
            if row != col {
                let f = line[col] / pivot_row[col];
                if f != 0.0 {
                    for (v, p) in line.iter_mut().zip(&pivot_row).skip(col) {
                        *v -= f * p;
                    }
                }
            }
        }
    }
    let mut h = [0.0; 8];
    for (i, v) in h.iter_mut().enumerate() {
        *v = a[i][8] / a[i][i];
    }
    Some(h)
}

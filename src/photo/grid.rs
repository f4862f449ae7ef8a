//! The board's grid in the photo: four corner intersections, the projection of every
//! intersection, and the corners fitted to the drawn lines (`refine`).

use super::PhotoError;
use super::decode::Photo;
use super::homography::{Homography, Pt};

/// The board sizes read from a photo.
pub const SIZES: [usize; 3] = [9, 13, 19];

/// A board's grid in a photo: the corner intersections (working pixels) in the order top-left,
/// top-right, bottom-right, bottom-left, and the projection from grid units (column, row) to
/// working pixels.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    pub size: usize,
    pub corners: [Pt; 4],
    h: Homography,
}

/// The four points in the order top-left, top-right, bottom-right, bottom-left: sorted around
/// their centre clockwise (y grows downwards), starting from the one with the smallest x + y.
pub fn order_corners(points: [Pt; 4]) -> [Pt; 4] {
    let cx = points.iter().map(|p| p.x).sum::<f64>() / 4.0;
    let cy = points.iter().map(|p| p.y).sum::<f64>() / 4.0;
    let mut sorted = points;
    sorted.sort_by(|a, b| (a.y - cy).atan2(a.x - cx).total_cmp(&(b.y - cy).atan2(b.x - cx)));
    let first = (0..4)
        .min_by(|&i, &j| (sorted[i].x + sorted[i].y).total_cmp(&(sorted[j].x + sorted[j].y)))
        .unwrap_or(0);
    sorted.rotate_left(first);
    sorted
}

/// Whether the quadrilateral (in order) is convex and not flat.
fn convex(c: &[Pt; 4]) -> bool {
    let mut sign = 0.0f64;
    for i in 0..4 {
        let (a, b, d) = (c[i], c[(i + 1) % 4], c[(i + 2) % 4]);
        let cross = (b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x);
        if cross.abs() < 1.0 {
            return false;
        }
        if sign != 0.0 && cross.signum() != sign {
            return false;
        }
        sign = cross.signum();
    }
    true
}

impl Grid {
    /// The grid of a `size` board whose corner intersections are at `corners` (working pixels, any
    /// order). Refused: a size other than 9, 13, 19; corners that make no convex quadrilateral;
    /// a grid whose intersections are not all inside the photo (the board cut at the edge).
    pub fn from_corners(photo: &Photo, size: usize, corners: [Pt; 4]) -> Result<Grid, PhotoError> {
        let grid = Grid::unchecked(size, corners)?;
        let margin = 0.0;
        let last = (size - 1) as f64;
        for (u, v) in [
            (-margin, -margin),
            (last + margin, -margin),
            (last + margin, last + margin),
            (-margin, last + margin),
        ] {
            match grid.at(u, v) {
                Some(p) if photo.contains(p) => {}
                _ => return Err(PhotoError::BoardCut),
            }
        }
        Ok(grid)
    }

    /// The grid without the photo's bounds checked.
    pub fn unchecked(size: usize, corners: [Pt; 4]) -> Result<Grid, PhotoError> {
        if !SIZES.contains(&size) {
            return Err(PhotoError::Size(size));
        }
        let corners = order_corners(corners);
        if !convex(&corners) {
            return Err(PhotoError::BadCorners);
        }
        let last = (size - 1) as f64;
        let from = [
            Pt::new(0.0, 0.0),
            Pt::new(last, 0.0),
            Pt::new(last, last),
            Pt::new(0.0, last),
        ];
        let h = Homography::from_points(from, corners).ok_or(PhotoError::BadCorners)?;
        Ok(Grid { size, corners, h })
    }

    /// The working-pixel position of grid point (column `u`, row `v`), fractions allowed.
    pub fn at(&self, u: f64, v: f64) -> Option<Pt> {
        self.h.map(Pt::new(u, v))
    }

    /// The local spacing of the grid (pixels between neighbouring lines) around (u, v).
    pub fn spacing(&self, u: f64, v: f64) -> f64 {
        match (
            self.at(u - 0.5, v),
            self.at(u + 0.5, v),
            self.at(u, v - 0.5),
            self.at(u, v + 0.5),
        ) {
            (Some(a), Some(b), Some(c), Some(d)) => (a.dist(b) + c.dist(d)) / 2.0,
            _ => 0.0,
        }
    }
}

/// How well the grid lies on drawn lines: for points along every line between intersections,
/// how much darker the line is than the board a fifth of a square to either side (a ridge);
/// stones give no ridge. Each sample's part is capped so no single mark dominates.
pub fn line_score(photo: &Photo, grid: &Grid, lines: &[usize]) -> f64 {
    let n = grid.size;
    let off = 0.2;
    let mut total = 0.0;
    for &k in lines {
        let k = k as f64;
        for j in 0..n - 1 {
            for t in [0.3, 0.5, 0.7] {
                let s = j as f64 + t;
                // A row line (v = k) and a column line (u = k).
                for (on, a, b) in [
                    ((s, k), (s, k - off), (s, k + off)),
                    ((k, s), (k - off, s), (k + off, s)),
                ] {
                    let (Some(p), Some(pa), Some(pb)) = (grid.at(on.0, on.1), grid.at(a.0, a.1), grid.at(b.0, b.1))
                    else {
                        continue;
                    };
                    if let (Some(l), Some(la), Some(lb)) = (photo.luma(p), photo.luma(pa), photo.luma(pb)) {
                        let ridge = la.min(lb) - l;
                        total += f64::from(ridge.clamp(-40.0, 40.0));
                    }
                }
            }
        }
    }
    total
}

/// The grid with its outer lines moved a whole line in or out where that lies better on the
/// drawn lines: a grid fitted one line short of the board's (a margin taken for a square, or a
/// border line taken for the first line) is squeezed, and only a jump of one line mends it.
/// Each side's move in or out is tried, refined, and kept when it scores better, until none does.
pub fn settle(photo: &Photo, grid: &Grid) -> Grid {
    let all: Vec<usize> = (0..grid.size).collect();
    let mut best = *grid;
    let mut best_score = line_score(photo, &best, &all);
    for _ in 0..4 {
        let mut improved = false;
        let last = (best.size - 1) as f64;
        for side in 0..6 {
            for d in [1.0, -1.0] {
                let at = |u: f64, v: f64| best.at(u, v);
                let c = best.corners;
                let moved = match side {
                    0 => [at(0.0, -d), at(last, -d), Some(c[2]), Some(c[3])],
                    1 => [Some(c[0]), at(last + d, 0.0), at(last + d, last), Some(c[3])],
                    2 => [Some(c[0]), Some(c[1]), at(last, last + d), at(0.0, last + d)],
                    3 => [at(-d, 0.0), Some(c[1]), Some(c[2]), at(-d, last)],
                    // Two opposite sides at once (a grid squeezed at both ends).
                    4 => [at(0.0, -d), at(last, -d), at(last, last + d), at(0.0, last + d)],
                    _ => [at(-d, 0.0), at(last + d, 0.0), at(last + d, last), at(-d, last)],
                };
                let [Some(a), Some(b), Some(e), Some(f)] = moved else {
                    continue;
                };
                let Ok(candidate) = Grid::unchecked(best.size, [a, b, e, f]) else {
                    continue;
                };
                let candidate = refine(photo, &candidate);
                let score = line_score(photo, &candidate, &all);
                if score > best_score * 1.02 {
                    best = candidate;
                    best_score = score;
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    best
}

/// Whether lines are drawn along the grid: on most of its lines, the mean ridge is clearly
/// darker than the board beside it (a fifth of the board's luminance spread is not enough).
pub fn drawn(photo: &Photo, grid: &Grid) -> bool {
    let lined = (0..grid.size)
        .filter(|&k| {
            let samples = (grid.size - 1) * 3 * 2;
            line_score(photo, grid, &[k]) / samples as f64 > MIN_RIDGE
        })
        .count();
    lined * 4 >= grid.size * 3
}

/// The mean ridge (luminance levels, 0..255) of a line that is drawn.
const MIN_RIDGE: f64 = 4.0;

/// The grid moved corner by corner, by shrinking steps, to where its lines lie best on the
/// photo's drawn lines (`line_score` over all lines). Starts from corners within about a third
/// of a square of the true ones.
pub fn refine(photo: &Photo, grid: &Grid) -> Grid {
    let all: Vec<usize> = (0..grid.size).collect();
    let mut best = *grid;
    let mut best_score = line_score(photo, &best, &all);
    let spacing = grid.spacing((grid.size / 2) as f64, (grid.size / 2) as f64).max(4.0);
    let mut step = spacing * 0.2;
    while step > 0.15 {
        let mut improved = false;
        for corner in 0..4 {
            for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
                let mut corners = best.corners;
                corners[corner] = Pt::new(corners[corner].x + dx * step, corners[corner].y + dy * step);
                let Ok(candidate) = Grid::unchecked(best.size, corners) else {
                    continue;
                };
                let score = line_score(photo, &candidate, &all);
                if score > best_score {
                    best = candidate;
                    best_score = score;
                    improved = true;
                }
            }
        }
        if !improved {
            step /= 2.0;
        }
    }
    best
}

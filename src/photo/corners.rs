//! The board found in a photo, without help: the region of the board's colour around the
//! photo's centre, its four extreme corners (the board's edge), then the grid inside the edge
//! where the drawn lines are (margins scanned, then `grid::refine`).

use super::PhotoError;
use super::decode::Photo;
use super::grid::{self, Grid};
use super::homography::{Homography, Pt};

/// The side of the reduced picture the board's region is looked for in.
const SMALL_SIDE: usize = 200;

/// A picture reduced for finding the board's region.
struct Small {
    w: usize,
    h: usize,
    step: f64,
    px: Vec<[f32; 3]>,
}

fn reduce(photo: &Photo) -> Small {
    let step = (photo.width.max(photo.height) as f64 / SMALL_SIDE as f64).max(1.0);
    let w = ((photo.width as f64 / step) as usize).max(1);
    let h = ((photo.height as f64 / step) as usize).max(1);
    let mut px = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let (x0, y0) = ((x as f64 * step) as usize, (y as f64 * step) as usize);
            let (x1, y1) = (
                (((x + 1) as f64 * step) as usize).min(photo.width),
                (((y + 1) as f64 * step) as usize).min(photo.height),
            );
            let mut sum = [0f32; 3];
            let mut n = 0f32;
            for yy in y0..y1.max(y0 + 1).min(photo.height) {
                for xx in x0..x1.max(x0 + 1).min(photo.width) {
                    let p = photo.pixel(xx, yy);
                    for c in 0..3 {
                        sum[c] += p[c];
                    }
                    n += 1.0;
                }
            }
            px.push(sum.map(|s| s / n.max(1.0)));
        }
    }
    Small { w, h, step, px }
}

fn chroma(p: [f32; 3]) -> f32 {
    p[0].max(p[1]).max(p[2]) - p[0].min(p[1]).min(p[2])
}

fn luma(p: [f32; 3]) -> f32 {
    0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2]
}

/// The colour as shares of its sum (brightness taken out).
fn share(p: [f32; 3]) -> [f32; 3] {
    let s = (p[0] + p[1] + p[2]).max(1.0);
    p.map(|c| c / s)
}

fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f32::total_cmp);
    values[values.len() / 2]
}

/// The board's region: pixels of the board's colour (the more coloured half of the photo's
/// middle, where stones are grey), connected to the middle; `None` when it is too small to be a
/// board.
fn region(small: &Small) -> Option<Vec<bool>> {
    let (w, h) = (small.w, small.h);
    let mut middle = Vec::new();
    for y in h * 3 / 10..h * 7 / 10 {
        for x in w * 3 / 10..w * 7 / 10 {
            middle.push(small.px[y * w + x]);
        }
    }
    let mut chromas: Vec<f32> = middle.iter().map(|&p| chroma(p)).collect();
    let cut = median(&mut chromas);
    let wood: Vec<[f32; 3]> = middle.iter().copied().filter(|&p| chroma(p) >= cut).collect();
    if wood.is_empty() {
        return None;
    }
    let channel = |c: usize| median(&mut wood.iter().map(|&p| share(p)[c]).collect::<Vec<_>>());
    let board = [channel(0), channel(1), channel(2)];
    let board_luma = median(&mut wood.iter().map(|&p| luma(p)).collect::<Vec<_>>());
    // The background: the median colour of the photo's outer frame.
    let mut frame = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if x < 3 || y < 3 || x + 3 >= w || y + 3 >= h {
                frame.push(small.px[y * w + x]);
            }
        }
    }
    let back_channel = |c: usize| median(&mut frame.iter().map(|&p| share(p)[c]).collect::<Vec<_>>());
    let back = [back_channel(0), back_channel(1), back_channel(2)];
    let back_luma = median(&mut frame.iter().map(|&p| luma(p)).collect::<Vec<_>>());
    let key = |p: [f32; 3]| {
        let s = share(p);
        [s[0], s[1], s[2], LUMA_WEIGHT * luma(p) / 255.0]
    };
    let board_key = [board[0], board[1], board[2], LUMA_WEIGHT * board_luma / 255.0];
    let back_key = [back[0], back[1], back[2], LUMA_WEIGHT * back_luma / 255.0];
    let like = |p: [f32; 3]| {
        let k = key(p);
        luma(p) > board_luma * 0.45 && distance4(k, board_key) < distance4(k, back_key)
    };
    let raw: Vec<bool> = small.px.iter().map(|&p| like(p)).collect();
    // Closed by one pixel (grown, then shrunk) so the drawn lines do not cut the board apart.
    let mask = shrink(&grow(&raw, w, h), w, h);
    // The connected part (8 neighbours) holding the most of the middle's board pixels.
    let mut label = vec![0u32; w * h];
    let mut best = (0u32, 0usize);
    let mut next = 0u32;
    for start in 0..w * h {
        if !mask[start] || label[start] != 0 {
            continue;
        }
        next += 1;
        let mut stack = vec![start];
        label[start] = next;
        let mut in_middle = 0usize;
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            if x >= w * 3 / 10 && x < w * 7 / 10 && y >= h * 3 / 10 && y < h * 7 / 10 {
                in_middle += 1;
            }
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                        continue;
                    }
                    let j = ny as usize * w + nx as usize;
                    if mask[j] && label[j] == 0 {
                        label[j] = next;
                        stack.push(j);
                    }
                }
            }
        }
        if in_middle > best.1 {
            best = (next, in_middle);
        }
    }
    let chosen: Vec<bool> = label.iter().map(|&l| l == best.0 && best.0 != 0).collect();
    let area = chosen.iter().filter(|&&b| b).count();
    (area * 10 >= w * h).then_some(chosen)
}

/// Brightness counts this much against the colour's shares when telling board from background.
const LUMA_WEIGHT: f32 = 0.25;

fn distance4(a: [f32; 4], b: [f32; 4]) -> f32 {
    a.iter().zip(&b).map(|(x, y)| (x - y).powi(2)).sum::<f32>().sqrt()
}

/// A pixel set grown by its 8 neighbours.
fn grow(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut out = mask.to_vec();
    for y in 0..h {
        for x in 0..w {
            if mask[y * w + x] {
                continue;
            }
            'look: for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx >= 0
                        && ny >= 0
                        && (nx as usize) < w
                        && (ny as usize) < h
                        && mask[ny as usize * w + nx as usize]
                    {
                        out[y * w + x] = true;
                        break 'look;
                    }
                }
            }
        }
    }
    out
}

/// A pixel set shrunk: the complement grown.
fn shrink(mask: &[bool], w: usize, h: usize) -> Vec<bool> {
    let inverse: Vec<bool> = mask.iter().map(|m| !m).collect();
    grow(&inverse, w, h).iter().map(|m| !m).collect()
}

/// The region's four extreme points along the diagonals: top-left, top-right, bottom-right,
/// bottom-left (reduced pixels).
fn extremes(mask: &[bool], w: usize) -> [Pt; 4] {
    let mut best = [(f64::MAX, Pt::new(0.0, 0.0)); 4];
    for (i, _) in mask.iter().enumerate().filter(|(_, m)| **m) {
        let (x, y) = ((i % w) as f64 + 0.5, (i / w) as f64 + 0.5);
        let keys = [x + y, -(x - y), -(x + y), -(y - x)];
        for k in 0..4 {
            if keys[k] < best[k].0 {
                best[k] = (keys[k], Pt::new(x, y));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// The grid of a `size` board found in the photo: `NoBoard` when no region of board colour
/// fills enough of the photo or no lines are drawn where its grid would be, `BoardCut` when the
/// grid runs out of the photo.
pub fn find(photo: &Photo, size: usize) -> Result<Grid, PhotoError> {
    if !grid::SIZES.contains(&size) {
        return Err(PhotoError::Size(size));
    }
    let small = reduce(photo);
    let mask = region(&small).ok_or(PhotoError::NoBoard)?;
    let edge = extremes(&mask, small.w).map(|p| Pt::new(p.x * small.step, p.y * small.step));
    let unit = [
        Pt::new(0.0, 0.0),
        Pt::new(1.0, 0.0),
        Pt::new(1.0, 1.0),
        Pt::new(0.0, 1.0),
    ];
    let board = Homography::from_points(unit, edge).ok_or(PhotoError::NoBoard)?;
    // The margins between the board's edge and its outer lines: left, top, right, bottom.
    let grid_of = |m: [f64; 4]| -> Option<Grid> {
        let inner = [
            Pt::new(m[0], m[1]),
            Pt::new(1.0 - m[2], m[1]),
            Pt::new(1.0 - m[2], 1.0 - m[3]),
            Pt::new(m[0], 1.0 - m[3]),
        ];
        let corners = [
            board.map(inner[0])?,
            board.map(inner[1])?,
            board.map(inner[2])?,
            board.map(inner[3])?,
        ];
        Grid::unchecked(size, corners).ok()
    };
    let all: Vec<usize> = (0..size).collect();
    let mut margins = [0.04; 4];
    let mut best = f64::MIN;
    for _ in 0..3 {
        for side in 0..4 {
            for k in 0..=40 {
                let mut m = margins;
                m[side] = k as f64 * 0.0025;
                if let Some(g) = grid_of(m) {
                    let score = grid::line_score(photo, &g, &all);
                    if score > best {
                        best = score;
                        margins = m;
                    }
                }
            }
        }
    }
    let start = grid_of(margins).ok_or(PhotoError::NoBoard)?;
    let fitted = grid::settle(photo, &grid::refine(photo, &start));
    if !grid::drawn(photo, &fitted) {
        return Err(PhotoError::NoBoard);
    }
    Grid::from_corners(photo, size, fitted.corners)
}

//! Each intersection read as black, white or empty, against the board's own colour around it,
//! with a confidence.

use crate::board::Color;

use super::decode::Photo;
use super::grid::Grid;
use super::homography::Pt;

/// What one intersection looks like, relative to the bare board around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Features {
    /// Luminance over the board's (1 = as bright as the bare board nearby).
    pub light: f32,
    /// Chroma over the board's (wood is coloured, stones are grey).
    pub chroma: f32,
}

/// One intersection as read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Read {
    pub stone: Option<Color>,
    /// 0 (a guess) to 1 (clear); below `UNSURE` the window marks the point.
    pub confidence: f32,
    pub features: Features,
}

/// Below this confidence a point is marked as unsure.
pub const UNSURE: f32 = 0.5;

/// The mean luminance and chroma of the samples at grid offsets around (u, v).
fn sample(photo: &Photo, grid: &Grid, u: f64, v: f64, offsets: &[(f64, f64)]) -> Option<(f32, f32)> {
    let (mut l, mut c, mut n) = (0f32, 0f32, 0f32);
    for &(du, dv) in offsets {
        let Some(p) = grid.at(u + du, v + dv) else { continue };
        let Some([r, g, b]) = photo.rgb(p) else { continue };
        l += 0.299 * r + 0.587 * g + 0.114 * b;
        c += r.max(g).max(b) - r.min(g).min(b);
        n += 1.0;
    }
    (n > 0.0).then(|| (l / n, c / n))
}

/// Offsets (grid units) inside a stone's radius but off the two lines through the point.
fn stone_offsets() -> Vec<(f64, f64)> {
    let steps: [f64; 4] = [0.1, 0.17, 0.24, 0.31];
    let mut out = Vec::new();
    for &a in &steps {
        for &b in &steps {
            if a.hypot(b) <= 0.36 {
                for (sa, sb) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                    out.push((sa * a, sb * b));
                }
            }
        }
    }
    out
}

/// Offsets (grid units) around the centre of a square, where no stone on an intersection reaches.
fn square_offsets() -> Vec<(f64, f64)> {
    vec![(0.0, 0.0), (0.08, 0.0), (-0.08, 0.0), (0.0, 0.08), (0.0, -0.08)]
}

fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f32::total_cmp);
    values[values.len() / 2]
}

/// The features of every intersection, row by row (row 0 at the top of the photo): each point's
/// colour over the median colour of the square centres within two squares of it (the bare
/// board there, in the same light). A stone's top is seen off its intersection when the camera
/// is not above the board (the stones have height), so the stones are looked for at a shift
/// (grid units): `shift` is where, from the intersection.
pub fn features(photo: &Photo, grid: &Grid, shift: (f64, f64)) -> Vec<Features> {
    let n = grid.size;
    let squares = square_offsets();
    let mut centre = vec![None; (n - 1) * (n - 1)];
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            centre[i * (n - 1) + j] = sample(photo, grid, j as f64 + 0.5, i as f64 + 0.5, &squares);
        }
    }
    let offsets = stone_offsets();
    let mut out = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let (mut ls, mut cs) = (Vec::new(), Vec::new());
            let lo = |k: usize| k.saturating_sub(2);
            for si in lo(i)..(i + 2).min(n - 1) {
                for sj in lo(j)..(j + 2).min(n - 1) {
                    if let Some((l, c)) = centre[si * (n - 1) + sj] {
                        ls.push(l);
                        cs.push(c);
                    }
                }
            }
            let (bl, bc) = (median(&mut ls).max(1.0), median(&mut cs).max(1.0));
            let (l, c) = sample(photo, grid, j as f64 + shift.0, i as f64 + shift.1, &offsets).unwrap_or((bl, bc));
            out.push(Features {
                light: l / bl,
                chroma: c / bc,
            });
        }
    }
    out
}

/// The reading of each point from its features: the board's own three clusters (empty, black,
/// white), found by a few rounds of nearest-centre assignment starting from the usual looks
/// (`PROTOTYPES`); a class with fewer than three points keeps its usual look, and a cluster that
/// drifts past the empty one's brightness is put back. Each point's confidence is how much
/// nearer it is to its own centre than to the next one.
pub fn classify(features: &[Features]) -> Vec<Read> {
    let mut centres = PROTOTYPES;
    let mut class = vec![0usize; features.len()];
    for _ in 0..6 {
        for (k, f) in features.iter().enumerate() {
            class[k] = nearest(&centres, f).0;
        }
        let mut next = PROTOTYPES;
        for (c, centre) in next.iter_mut().enumerate() {
            let members: Vec<&Features> = features
                .iter()
                .zip(&class)
                .filter(|(_, k)| **k == c)
                .map(|(f, _)| f)
                .collect();
            if members.len() >= 3 {
                let n = members.len() as f32;
                *centre = Features {
                    light: members.iter().map(|f| f.light).sum::<f32>() / n,
                    chroma: members.iter().map(|f| f.chroma.min(CHROMA_CAP)).sum::<f32>() / n,
                };
            }
        }
        // Black stays darker and white brighter than the empty board, by a clear step.
        if next[1].light > next[0].light - 0.25 {
            next[1] = PROTOTYPES[1];
        }
        if next[2].light < next[0].light + 0.15 {
            next[2] = PROTOTYPES[2];
        }
        centres = next;
    }
    features
        .iter()
        .map(|f| {
            let (c, near, second) = nearest(&centres, f);
            let stone = match c {
                1 => Some(Color::Black),
                2 => Some(Color::White),
                _ => None,
            };
            Read {
                stone,
                confidence: ((second - near) / 0.3).clamp(0.0, 1.0),
                features: *f,
            }
        })
        .collect()
}

/// The usual looks of an empty point, a black stone and a white stone, relative to the board.
const PROTOTYPES: [Features; 3] = [
    Features {
        light: 1.0,
        chroma: 1.0,
    },
    Features {
        light: 0.4,
        chroma: 0.35,
    },
    Features {
        light: 1.5,
        chroma: 0.4,
    },
];

/// Chroma counts for at most this much (a reflection can make a stone look coloured).
const CHROMA_CAP: f32 = 1.5;

/// The nearest centre, its distance and the second-nearest distance (chroma weighs half).
fn nearest(centres: &[Features; 3], f: &Features) -> (usize, f32, f32) {
    let mut d: Vec<(usize, f32)> = centres
        .iter()
        .enumerate()
        .map(|(k, c)| {
            (
                k,
                (f.light - c.light).hypot(0.5 * (f.chroma.min(CHROMA_CAP) - c.chroma)),
            )
        })
        .collect();
    d.sort_by(|a, b| a.1.total_cmp(&b.1));
    (d[0].0, d[0].1, d[1].1)
}

/// The shifts tried (grid units, at most 0.4 of a square either way) for where the camera sees
/// the stones' tops.
pub fn shifts() -> Vec<(f64, f64)> {
    let steps = [-0.4, -0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.4];
    let mut out = Vec::new();
    for &du in &steps {
        for &dv in &steps {
            if f64::hypot(du, dv) <= 0.41 {
                out.push((du, dv));
            }
        }
    }
    out
}

/// The reading at the shift where the points are read most clearly (the highest summed margin,
/// each point's capped): the camera's angle found from the photo itself.
pub fn read_best(photo: &Photo, grid: &Grid) -> Vec<Read> {
    let mut best: Option<(f32, Vec<Read>)> = None;
    for shift in shifts() {
        let reads = classify(&features(photo, grid, shift));
        let score: f32 = reads.iter().map(|r| r.confidence.min(1.0)).sum();
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, reads));
        }
    }
    best.map(|(_, r)| r).unwrap_or_default()
}

/// The points of the grid in working pixels, row by row.
pub fn points(grid: &Grid) -> Vec<Option<Pt>> {
    let n = grid.size;
    (0..n * n).map(|k| grid.at((k % n) as f64, (k / n) as f64)).collect()
}

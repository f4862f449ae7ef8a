//! Each intersection read as black, white or empty, against the board's own colour around it,
//! with a confidence: the stones looked for where the camera sees them (`observe`), the board's
//! three looks clustered (`clusters`), each point its nearest look.

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
    /// The share of the stone's disc clearly darker than the board (under 0.6 of its luminance).
    pub dark: f32,
    /// The share of the stone's disc brighter than the board (over 1.15 of its luminance).
    pub bright: f32,
    /// The spread of luminance over the disc, over the board's luminance (a stone is even).
    pub spread: f32,
    /// `light` on the intersection itself, where a stone seen from straight above would be.
    pub straight: f32,
}

/// Where a point lies in the space the board's clusters are found in (`Features`' first four).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    pub light: f32,
    pub chroma: f32,
    pub dark: f32,
    pub bright: f32,
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

/// The luminance and chroma of each sample at grid offsets around (u, v).
fn samples(photo: &Photo, grid: &Grid, u: f64, v: f64, offsets: &[(f64, f64)]) -> Vec<(f32, f32)> {
    let mut out = Vec::with_capacity(offsets.len());
    for &(du, dv) in offsets {
        let Some(p) = grid.at(u + du, v + dv) else { continue };
        let Some([r, g, b]) = photo.rgb(p) else { continue };
        out.push((0.299 * r + 0.587 * g + 0.114 * b, r.max(g).max(b) - r.min(g).min(b)));
    }
    out
}

fn mean(values: &[(f32, f32)]) -> Option<(f32, f32)> {
    let n = values.len() as f32;
    (n > 0.0).then(|| {
        (
            values.iter().map(|v| v.0).sum::<f32>() / n,
            values.iter().map(|v| v.1).sum::<f32>() / n,
        )
    })
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

/// How far (grid units) past the outer lines a stone is looked for: a stone on the edge covers
/// its line's half, and past it the photo may show the table.
const BEYOND: f64 = 0.25;

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

/// The bare board's luminance and chroma near each intersection, row by row: the median of the
/// square centres within two squares of it (the board there, in the same light).
pub fn background(photo: &Photo, grid: &Grid) -> Vec<(f32, f32)> {
    let n = grid.size;
    let squares = square_offsets();
    let mut centre = vec![None; (n - 1) * (n - 1)];
    for i in 0..n - 1 {
        for j in 0..n - 1 {
            centre[i * (n - 1) + j] = mean(&samples(photo, grid, j as f64 + 0.5, i as f64 + 0.5, &squares));
        }
    }
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
            out.push((median(&mut ls).max(1.0), median(&mut cs).max(1.0)));
        }
    }
    out
}

/// The features of every intersection, row by row (row 0 at the top of the photo), against the
/// `background`. A stone's top is seen off its intersection when the camera is not above the
/// board (the stones have height), so the stones are looked for at a shift (grid units): `shift`
/// is where, from the intersection; `straight` is the unshifted `light` of each point.
pub fn features(
    photo: &Photo,
    grid: &Grid,
    background: &[(f32, f32)],
    straight: Option<&[f32]>,
    shift: (f64, f64),
) -> Vec<Features> {
    let n = grid.size;
    let offsets = stone_offsets();
    let last = (n - 1) as f64;
    let on_board = |t: f64| (-BEYOND..=last + BEYOND).contains(&t);
    let mut out = Vec::with_capacity(n * n);
    for i in 0..n {
        for j in 0..n {
            let k = i * n + j;
            let (bl, bc) = background[k];
            let (u, v) = (j as f64 + shift.0, i as f64 + shift.1);
            let inside: Vec<(f64, f64)> = offsets
                .iter()
                .copied()
                .filter(|&(du, dv)| on_board(u + du) && on_board(v + dv))
                .collect();
            let disc = samples(photo, grid, u, v, &inside);
            let (l, c) = mean(&disc).unwrap_or((bl, bc));
            let count = disc.len().max(1) as f32;
            let dark = disc.iter().filter(|s| s.0 < 0.6 * bl).count() as f32 / count;
            let bright = disc.iter().filter(|s| s.0 > 1.15 * bl).count() as f32 / count;
            let var = disc.iter().map(|s| (s.0 - l).powi(2)).sum::<f32>() / count;
            let light = l / bl;
            out.push(Features {
                light,
                chroma: c / bc,
                dark,
                bright,
                spread: var.sqrt() / bl,
                straight: straight.map_or(light, |s| s[k]),
            });
        }
    }
    out
}

/// The board's own three looks (empty, black, white), found by a few rounds of nearest-centre
/// assignment starting from the usual looks (`PROTOTYPES`); a class with fewer than three points
/// keeps its usual look, and a cluster that drifts past the empty one's brightness is put back.
pub fn clusters(features: &[Features]) -> [Look; 3] {
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
                *centre = Look {
                    light: members.iter().map(|f| f.light).sum::<f32>() / n,
                    chroma: members.iter().map(|f| f.chroma.min(CHROMA_CAP)).sum::<f32>() / n,
                    dark: members.iter().map(|f| f.dark).sum::<f32>() / n,
                    bright: members.iter().map(|f| f.bright).sum::<f32>() / n,
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
    centres
}

/// Each point read as its nearest cluster, the confidence how much nearer it is to its own
/// centre than to the next one.
pub fn nearest_reads(features: &[Features], centres: &[Look; 3]) -> Vec<Read> {
    features
        .iter()
        .map(|f| {
            let (c, near, second) = nearest(centres, f);
            Read {
                stone: stone_of(c),
                confidence: ((second - near) / 0.3).clamp(0.0, 1.0),
                features: *f,
            }
        })
        .collect()
}

/// The class's stone: 0 empty, 1 black, 2 white.
pub fn stone_of(class: usize) -> Option<Color> {
    match class {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// The usual looks of an empty point, a black stone and a white stone, relative to the board.
const PROTOTYPES: [Look; 3] = [
    Look {
        light: 1.0,
        chroma: 1.0,
        dark: 0.0,
        bright: 0.0,
    },
    Look {
        light: 0.4,
        chroma: 0.35,
        dark: 1.0,
        bright: 0.0,
    },
    Look {
        light: 1.5,
        chroma: 0.4,
        dark: 0.0,
        bright: 1.0,
    },
];

/// How much the dark and bright shares weigh against the light.
const SHARE_WEIGHT: f32 = 0.25;

/// Chroma counts for at most this much (a reflection can make a stone look coloured).
pub const CHROMA_CAP: f32 = 1.5;

/// The distance from a point to a cluster's centre (chroma and the dark and bright shares weigh
/// half).
pub fn distance(centre: &Look, f: &Features) -> f32 {
    let d = [
        f.light - centre.light,
        0.5 * (f.chroma.min(CHROMA_CAP) - centre.chroma),
        SHARE_WEIGHT * (f.dark - centre.dark),
        SHARE_WEIGHT * (f.bright - centre.bright),
    ];
    d.iter().map(|v| v * v).sum::<f32>().sqrt()
}

/// The nearest centre, its distance and the second-nearest distance.
fn nearest(centres: &[Look; 3], f: &Features) -> (usize, f32, f32) {
    let mut d: Vec<(usize, f32)> = centres.iter().enumerate().map(|(k, c)| (k, distance(c, f))).collect();
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

/// What the board looks like at the shift where the points are read most clearly (the highest
/// summed cluster margin): every point's features and the board's three looks.
#[derive(Clone, Debug)]
pub struct Observation {
    pub features: Vec<Features>,
    pub centres: [Look; 3],
}

/// The board observed at the camera's angle, found from the photo itself (`shifts`).
pub fn observe(photo: &Photo, grid: &Grid) -> Observation {
    let back = background(photo, grid);
    let straight: Vec<f32> = features(photo, grid, &back, None, (0.0, 0.0))
        .iter()
        .map(|f| f.light)
        .collect();
    let mut best: Option<(f32, Observation)> = None;
    for shift in shifts() {
        let features = features(photo, grid, &back, Some(&straight), shift);
        let centres = clusters(&features);
        let score: f32 = nearest_reads(&features, &centres).iter().map(|r| r.confidence).sum();
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, Observation { features, centres }));
        }
    }
    best.map(|(_, o)| o).unwrap_or(Observation {
        features: Vec::new(),
        centres: PROTOTYPES,
    })
}

/// Every point read as its nearest cluster. (The trained `model` is not used: held out by
/// folder it read fewer boards perfectly than the clusters; see assets/photo-classifier.txt.)
pub fn read_best(photo: &Photo, grid: &Grid) -> Vec<Read> {
    let seen = observe(photo, grid);
    nearest_reads(&seen.features, &seen.centres)
}

/// The points of the grid in working pixels, row by row.
pub fn points(grid: &Grid) -> Vec<Option<Pt>> {
    let n = grid.size;
    (0..n * n).map(|k| grid.at((k % n) as f64, (k / n) as f64)).collect()
}

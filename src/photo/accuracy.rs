//! The `photo-accuracy` table: every photo under a folder with a `.txt` of the same name, read
//! with its corners given (from a corners file) and with the corners found, per folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::homography::Pt;
use super::{PhotoError, text};

/// Why the run could not start.
#[derive(Debug, thiserror::Error)]
pub enum AccuracyError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {source}")]
    Truth { path: PathBuf, source: text::TextError },
    #[error("{path} line {line}: expected `NAME X1,Y1,X2,Y2,X3,Y3,X4,Y4`")]
    CornersLine { path: PathBuf, line: usize },
}

/// One way of reading (corners given or found) over one folder.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub photos: usize,
    /// Photos whose board was read (corners found; for given corners, the photos with corners).
    pub read: usize,
    pub points: usize,
    pub points_right: usize,
    pub perfect: usize,
    pub seconds: f64,
}

impl Tally {
    pub fn points_pct(&self) -> f64 {
        pct(self.points_right, self.points)
    }
    pub fn perfect_pct(&self) -> f64 {
        pct(self.perfect, self.read)
    }
    pub fn read_pct(&self) -> f64 {
        pct(self.read, self.photos)
    }
    pub fn ms_per_photo(&self) -> f64 {
        if self.photos == 0 {
            0.0
        } else {
            self.seconds * 1000.0 / self.photos as f64
        }
    }
    fn add(&mut self, other: &Tally) {
        self.photos += other.photos;
        self.read += other.read;
        self.points += other.points;
        self.points_right += other.points_right;
        self.perfect += other.perfect;
        self.seconds += other.seconds;
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 }
}

/// A folder's two tallies and the photos read wrong.
#[derive(Clone, Debug, Default)]
pub struct FolderReport {
    pub given: Tally,
    pub found: Tally,
    /// Photo, way ("given"/"found") and how many points were wrong (or the error).
    pub misses: Vec<String>,
}

/// The corners file: `NAME X1,Y1,...,X4,Y4` a line (NAME relative to the photos' folder), `#`
/// comments.
pub fn read_corners(path: &Path) -> Result<BTreeMap<String, [Pt; 4]>, AccuracyError> {
    let text = std::fs::read_to_string(path).map_err(|source| AccuracyError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut out = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || AccuracyError::CornersLine {
            path: path.to_path_buf(),
            line: index + 1,
        };
        let mut words = line.split_whitespace();
        let (Some(name), Some(numbers), None) = (words.next(), words.next(), words.next()) else {
            return Err(bad());
        };
        let corners = parse_corners(numbers).ok_or_else(bad)?;
        out.insert(name.to_string(), corners);
    }
    Ok(out)
}

/// Four corners from `X1,Y1,X2,Y2,X3,Y3,X4,Y4`.
pub fn parse_corners(numbers: &str) -> Option<[Pt; 4]> {
    let values: Vec<f64> = numbers
        .split(',')
        .map(|v| v.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .ok()?;
    if values.len() != 8 || values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    Some([0, 2, 4, 6].map(|i| Pt::new(values[i], values[i + 1])))
}

/// Every photo (.jpg, .jpeg, .png) with a .txt beside it under `dir`, sorted.
fn photos(dir: &Path) -> Result<Vec<PathBuf>, AccuracyError> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|source| AccuracyError::Io {
            path: d.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png"))
                && path.with_extension("txt").is_file()
            {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reads every photo under `dir` with its corners given (when `corners` has it) and, when
/// `find`, with the corners found; the folders' reports by their path under `dir`.
pub fn run(
    dir: &Path,
    corners: &BTreeMap<String, [Pt; 4]>,
    find: bool,
) -> Result<BTreeMap<String, FolderReport>, AccuracyError> {
    let mut report: BTreeMap<String, FolderReport> = BTreeMap::new();
    for path in photos(dir)? {
        let rel = path.strip_prefix(dir).unwrap_or(&path);
        let name = rel.to_string_lossy().replace('\\', "/");
        let folder = rel
            .parent()
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        let truth_path = path.with_extension("txt");
        let truth_text = std::fs::read_to_string(&truth_path).map_err(|source| AccuracyError::Io {
            path: truth_path.clone(),
            source,
        })?;
        let (size, truth) = text::parse(&truth_text).map_err(|source| AccuracyError::Truth {
            path: truth_path,
            source,
        })?;
        let bytes = std::fs::read(&path).map_err(|source| AccuracyError::Io {
            path: path.clone(),
            source,
        })?;
        let entry = report.entry(folder).or_default();
        let given = corners.get(&name).copied();
        for (way, tally, start) in [("given", &mut entry.given, given), ("found", &mut entry.found, None)] {
            if (way == "given" && start.is_none()) || (way == "found" && !find) {
                continue;
            }
            tally.photos += 1;
            let started = Instant::now();
            let result = super::read(&bytes, size, start);
            tally.seconds += started.elapsed().as_secs_f64();
            match result {
                Ok(reading) => {
                    tally.read += 1;
                    let wrong = reading.stones().iter().zip(&truth).filter(|(a, b)| a != b).count();
                    tally.points += truth.len();
                    tally.points_right += truth.len() - wrong;
                    if wrong == 0 {
                        tally.perfect += 1;
                    } else {
                        entry.misses.push(format!("{name} {way}: {wrong} points wrong"));
                    }
                }
                Err(e) => entry.misses.push(format!("{name} {way}: {}", describe(&e))),
            }
        }
    }
    Ok(report)
}

fn describe(e: &PhotoError) -> String {
    e.to_string()
}

/// The table: one row a folder and a total row.
pub fn table(report: &BTreeMap<String, FolderReport>) -> String {
    let mut out = String::new();
    out.push_str("folder      photos | given: points right  boards perfect  ms/photo | found: corners found  points right  boards perfect  ms/photo\n");
    let mut given_total = Tally::default();
    let mut found_total = Tally::default();
    let row = |name: &str, g: &Tally, f: &Tally| {
        format!(
            "{name:<11} {:>6} | {:>18.2}% {:>14.1}% {:>9.0} | {:>19.1}% {:>12.2}% {:>14.1}% {:>9.0}\n",
            f.photos,
            g.points_pct(),
            g.perfect_pct(),
            g.ms_per_photo(),
            f.read_pct(),
            f.points_pct(),
            f.perfect_pct(),
            f.ms_per_photo()
        )
    };
    for (folder, r) in report {
        out.push_str(&row(folder, &r.given, &r.found));
        given_total.add(&r.given);
        found_total.add(&r.found);
    }
    out.push_str(&row("all", &given_total, &found_total));
    out
}

//! A photo of a table's board as the session keeps it (issue 21): the file kept beside the session
//! and its SHA-256, the board's size, the four corners, the position read and every correction
//! the arbiter made; checked and said here for `Change::Photo` and `Change::PhotoPoint`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Color, Point};

use super::said::Said;

/// The photo of a table's board and what was read from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhotoRecord {
    /// Where the photo is kept: relative to the session file's folder (a copy made beside it), or
    /// the path it was opened from when the session was not yet in a file.
    pub file: String,
    /// The photo's bytes' SHA-256, in hexadecimal.
    pub sha256: String,
    /// 9, 13 or 19.
    pub size: u8,
    /// The corner intersections in the photo's own pixels: top-left, top-right, bottom-right,
    /// bottom-left.
    pub corners: [(f64, f64); 4],
    /// The corners were found automatically (false: given or moved by the arbiter).
    pub found: bool,
    /// The position as read: one row a line from the top of the photo, `.`, `B`, `W`, the rows
    /// joined by `/`.
    pub read: String,
    /// The arbiter's corrections, oldest first: the later one at a point wins.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<PhotoCorrection>,
}

/// A point of the read position corrected by the arbiter: what stands there now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhotoCorrection {
    pub point: Point,
    pub stone: Option<Color>,
}

/// Why a photo record is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PhotoRecordError {
    #[error("a {0}x{0} board cannot be read from a photo; the sizes are 9, 13 and 19")]
    Size(u8),
    #[error("the SHA-256 `{0}` is not 64 hexadecimal digits")]
    Sha256(String),
    #[error(
        "the position read has {rows} rows of {size} points where {size} are needed, or a sign other than `.`, `B`, `W`"
    )]
    Read { rows: usize, size: u8 },
    #[error("the point {col},{row} is off the {size}x{size} board")]
    OffBoard { col: u8, row: u8, size: u8 },
    #[error("the table has no photo to correct")]
    NoPhoto,
}

/// The `/`-joined rows of `stones` (row by row from the top) on a `size` board.
pub fn rows(size: u8, stones: &[Option<Color>]) -> String {
    stones
        .chunks(usize::from(size.max(1)))
        .map(|row| {
            row.iter()
                .map(|s| match s {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The stones of `/`-joined rows on a `size` board; `None` when they do not make one.
pub fn parse_rows(size: u8, text: &str) -> Option<Vec<Option<Color>>> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != usize::from(size) || rows.iter().any(|r| r.chars().count() != usize::from(size)) {
        return None;
    }
    rows.iter()
        .flat_map(|r| r.chars())
        .map(|c| match c {
            'B' => Some(Some(Color::Black)),
            'W' => Some(Some(Color::White)),
            '.' => Some(None),
            _ => None,
        })
        .collect()
}

impl PhotoRecord {
    /// Refuses a record that does not make a board.
    pub fn check(&self) -> Result<(), PhotoRecordError> {
        if ![9, 13, 19].contains(&self.size) {
            return Err(PhotoRecordError::Size(self.size));
        }
        if self.sha256.len() != 64 || !self.sha256.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(PhotoRecordError::Sha256(self.sha256.clone()));
        }
        if parse_rows(self.size, &self.read).is_none() {
            return Err(PhotoRecordError::Read {
                rows: self.read.split('/').count(),
                size: self.size,
            });
        }
        for c in &self.corrections {
            self.on_board(c.point)?;
        }
        Ok(())
    }

    /// Refuses a point off this photo's board.
    pub fn on_board(&self, p: Point) -> Result<(), PhotoRecordError> {
        if p.col >= self.size || p.row >= self.size {
            return Err(PhotoRecordError::OffBoard {
                col: p.col,
                row: p.row,
                size: self.size,
            });
        }
        Ok(())
    }

    /// The position: the read with the corrections over it, row by row from the top.
    pub fn stones(&self) -> Vec<Option<Color>> {
        let size = usize::from(self.size);
        let mut stones = parse_rows(self.size, &self.read).unwrap_or_else(|| vec![None; size * size]);
        for c in &self.corrections {
            if let Some(s) = stones.get_mut(usize::from(c.row_major(self.size))) {
                *s = c.stone;
            }
        }
        stones
    }

    /// What the audit trail says of the record: the file, its hash, the corners and the read.
    pub fn said(&self) -> Said {
        let corners: Vec<String> = self.corners.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let stones = parse_rows(self.size, &self.read).unwrap_or_default();
        let count = |c: Color| stones.iter().filter(|s| **s == Some(c)).count();
        Said::Photo {
            file: self.file.clone(),
            sha256: self.sha256.clone(),
            size: self.size,
            found: self.found,
            corners: corners.join(" "),
            black: count(Color::Black),
            white: count(Color::White),
            read: self.read.clone(),
            corrections: self.corrections.len(),
        }
    }
}

impl PhotoCorrection {
    /// The point's index row by row from the top.
    pub fn row_major(&self, size: u8) -> u16 {
        u16::from(self.point.row) * u16::from(size) + u16::from(self.point.col)
    }

    /// What the audit trail says: "photo point D16 (row 4, column 4 from the photo's top left):
    /// empty -> black".
    pub fn said(&self, size: u8, before: Option<Color>) -> Said {
        Said::PhotoPoint {
            point: self.point.to_gtp(size),
            row: self.point.row + 1,
            col: self.point.col + 1,
            before,
            after: self.stone,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> PhotoRecord {
        let mut stones = vec![None; 81];
        stones[0] = Some(Color::Black);
        stones[80] = Some(Color::White);
        PhotoRecord {
            file: "day-photos/x.jpg".to_string(),
            sha256: "a".repeat(64),
            size: 9,
            corners: [(0.0, 0.0), (8.0, 0.0), (8.0, 8.0), (0.0, 8.0)],
            found: false,
            read: rows(9, &stones),
            corrections: Vec::new(),
        }
    }

    #[test]
    fn the_rows_read_back_and_a_correction_changes_its_point_only() {
        let mut r = record();
        assert_eq!(r.check(), Ok(()));
        assert_eq!(r.read.split('/').next(), Some("B........"));
        r.corrections.push(PhotoCorrection {
            point: Point::new(1, 0),
            stone: Some(Color::White),
        });
        let stones = r.stones();
        assert_eq!(&stones[..3], &[Some(Color::Black), Some(Color::White), None]);
        assert_eq!(stones[80], Some(Color::White));
    }

    #[test]
    fn a_record_that_makes_no_board_is_refused_with_its_reason() {
        let mut r = record();
        r.size = 15;
        assert_eq!(r.check(), Err(PhotoRecordError::Size(15)));
        let mut r = record();
        r.read.push('.');
        assert!(matches!(r.check(), Err(PhotoRecordError::Read { .. })));
        let mut r = record();
        r.sha256 = "zz".to_string();
        assert!(matches!(r.check(), Err(PhotoRecordError::Sha256(_))));
        let mut r = record();
        r.corrections.push(PhotoCorrection {
            point: Point::new(9, 0),
            stone: None,
        });
        assert!(matches!(r.check(), Err(PhotoRecordError::OffBoard { .. })));
    }
}

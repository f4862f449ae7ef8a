//! The final position as a PNG: the board, the stones, dead stones crossed out and territory marked with small squares of its owner's colour.
//!
//! Territory is every region of empty points (dead stones' points included) bordered by stones
//! of one colour only, once the dead stones are taken off. The result slip is in [`super::slip`].

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};

use crate::board::{Board, Color, Point};
use crate::scoring::{Marks, regions};
use crate::session::{Table, TableId};

use super::ExportError;

/// Pixels between two lines of the board.
pub const CELL: u32 = 24;

const WOOD: Rgb<u8> = Rgb([220, 179, 92]);
const LINE: Rgb<u8> = Rgb([40, 30, 20]);
const BLACK: Rgb<u8> = Rgb([15, 15, 15]);
const WHITE: Rgb<u8> = Rgb([245, 245, 240]);
const CROSS: Rgb<u8> = Rgb([210, 30, 30]);

/// The side of the picture of a board of `size`: one cell per line and half a cell of margin
/// on each side beyond the edge lines.
pub fn side(size: u8) -> u32 {
    u32::from(size) * CELL
}

/// Who owns each point of `board` with the `marks`' dead stones removed (`None`: nobody).
pub fn territory(board: &Board, marks: &Marks) -> Vec<(Point, Color)> {
    regions(board, marks)
        .into_iter()
        .filter_map(|r| r.owner().map(|owner| r.points.into_iter().map(move |p| (p, owner))))
        .flatten()
        .collect()
}

/// Draws `board` with `marks` (dead stones crossed, territory marked).
pub fn draw(board: &Board, marks: &Marks) -> RgbImage {
    let size = board.size();
    let side = side(size);
    let mut img = RgbImage::from_pixel(side, side, WOOD);
    let centre = |i: u8| u32::from(i) * CELL + CELL / 2;
    let (first, last) = (centre(0), centre(size.saturating_sub(1)));
    for i in 0..size {
        let c = centre(i);
        for t in first..=last {
            img.put_pixel(c, t, LINE);
            img.put_pixel(t, c, LINE);
        }
    }
    let colour = |c: Color| if c == Color::Black { BLACK } else { WHITE };
    let radius = (CELL / 2).saturating_sub(1) as i64;
    for p in board.points() {
        let Some(c) = board.get(p) else { continue };
        let (cx, cy) = (i64::from(centre(p.col)), i64::from(centre(p.row)));
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                let d2 = dx * dx + dy * dy;
                if d2 <= radius * radius {
                    let edge = d2 > (radius - 1) * (radius - 1);
                    let px = if edge { LINE } else { colour(c) };
                    put(&mut img, cx + dx, cy + dy, px);
                }
            }
        }
        if marks.is_dead(p) {
            let arm = radius / 2;
            for d in -arm..=arm {
                for w in 0..2 {
                    put(&mut img, cx + d + w, cy + d, CROSS);
                    put(&mut img, cx + d + w, cy - d, CROSS);
                }
            }
        }
    }
    let half = i64::from(CELL / 6);
    for (p, owner) in territory(board, marks) {
        let (cx, cy) = (i64::from(centre(p.col)), i64::from(centre(p.row)));
        for dy in -half..=half {
            for dx in -half..=half {
                let edge = dx.abs() == half || dy.abs() == half;
                put(&mut img, cx + dx, cy + dy, if edge { LINE } else { colour(owner) });
            }
        }
    }
    img
}

fn put(img: &mut RgbImage, x: i64, y: i64, px: Rgb<u8>) {
    if let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y))
        && x < img.width()
        && y < img.height()
    {
        img.put_pixel(x, y, px);
    }
}

/// The final position of the game at `table` as PNG bytes (all stones alive when no marks
/// were recorded).
pub fn final_position(id: TableId, table: &Table) -> Result<Vec<u8>, ExportError> {
    let game = table
        .game
        .game()
        .map_err(|source| ExportError::Stored { table: id, source })?;
    let board = game.board();
    let marks = match &table.game.marks {
        Some(m) if m.size() == board.size() => m.clone(),
        Some(m) => {
            return Err(ExportError::Diagram {
                table: id,
                message: format!("the marks are for a {0}x{0} board", m.size()),
            });
        }
        None => Marks::new(board),
    };
    encode(&draw(board, &marks))
}

/// PNG bytes of an image.
pub fn encode(img: &RgbImage) -> Result<Vec<u8>, ExportError> {
    let mut bytes = Vec::new();
    img.write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .map_err(|e| ExportError::Image(e.to_string()))?;
    Ok(bytes)
}

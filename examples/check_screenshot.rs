//! Checks that a screenshot shows a Go board: a large area of the board's wood colour crossed by dark
//! grid lines. Used by packaging/check-window.sh and packaging/test-deb.sh after starting the window.
//!
//! ```text
//! cargo run --release --example check_screenshot -- shot.png
//! ```
//! Exit 0 and one line saying where the board is; exit 1 and the reason when there is none (or the
//! file cannot be read); exit 2 on a wrong command line.

use std::path::Path;
use std::process::ExitCode;

/// The board's wood (src/ui/table/board_view.rs `WOOD`).
const WOOD: [u8; 3] = [222, 184, 120];
/// How far each channel may stray from `WOOD` (colour management, dithering, blending at edges).
const WOOD_TOLERANCE: i16 = 18;
/// A pixel darker than this luminance is ink: a grid line (`LINE` = 40,30,20, 0.8 px, anti-aliased
/// over up to two pixel rows), a star point, a stone or a label. Wood's luminance is about 188.
const DARK_BELOW: f32 = 160.0;
/// Ink is not red: its red channel exceeds its green by at most this.
const MAX_RED_OVER_GREEN: f32 = 60.0;
/// Smallest board accepted, in pixels, and as a share of the screenshot.
const MIN_SIDE: usize = 120;
const MIN_AREA_SHARE: f32 = 0.03;
/// Share of the wooden area that must be wood (the rest: lines, stones, labels, marks; a board full
/// of stones still shows about a third of its wood).
const MIN_WOOD_SHARE: f32 = 0.2;
/// A line pixel is dark with wood this many pixels away on both sides across it (a stone is wider:
/// its pixels have stone, not wood, there; the smallest accepted board has cells of 6 px).
const LINE_REACH: usize = 3;
/// A grid line shows over this share of the board's width (about 90% on an empty board; stones
/// hide the rest on a full one; rows that are not lines show almost none).
const LINE_SHARE: f32 = 0.15;
/// Fewest lines each way (the smallest board is 9x9).
const MIN_LINES: usize = 7;

/// Where the board was found, for the success line.
#[derive(Debug)]
struct Board {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    rows: usize,
    columns: usize,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: check_screenshot SHOT.png   (exit 0: a Go board is shown, 1: it is not)");
        return ExitCode::from(2);
    };
    match check(Path::new(path)) {
        Ok(board) => {
            println!(
                "check_screenshot: {path}: board of {} x {} lines in a {} x {} px wooden area at ({}, {})",
                board.columns, board.rows, board.width, board.height, board.left, board.top
            );
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("check_screenshot: {path}: no board: {reason}");
            ExitCode::from(1)
        }
    }
}

fn check(path: &Path) -> Result<Board, String> {
    let image = image::ImageReader::open(path)
        .map_err(|e| format!("cannot open: {e}"))?
        .with_guessed_format()
        .map_err(|e| format!("cannot read: {e}"))?
        .decode()
        .map_err(|e| format!("cannot decode: {e}"))?
        .to_rgb8();
    let (width, height) = (image.width() as usize, image.height() as usize);
    let pixels: Vec<[u8; 3]> = image.pixels().map(|p| p.0).collect();
    find_board(&pixels, width, height)
}

/// Finds the wooden area (the largest connected patch of wood: the margin around the grid joins it
/// whatever stones lie on the board) and counts the grid lines across it; `pixels` row by row.
fn find_board(pixels: &[[u8; 3]], width: usize, height: usize) -> Result<Board, String> {
    let wood: Vec<bool> = pixels.iter().map(|&p| is_wood(p)).collect();
    let (left, top, right, bottom) =
        largest_patch(&wood, width, height).ok_or("no pixel of the board's wood colour (222,184,120)")?;
    let (board_w, board_h) = (right - left, bottom - top);
    if board_w < MIN_SIDE || board_h < MIN_SIDE {
        return Err(format!(
            "the wooden area is only {board_w} x {board_h} px (at least {MIN_SIDE} each way)"
        ));
    }
    let area_share = (board_w * board_h) as f32 / (width * height) as f32;
    if area_share < MIN_AREA_SHARE {
        return Err(format!(
            "the wooden area is {:.1}% of the picture (at least {:.0}%)",
            area_share * 100.0,
            MIN_AREA_SHARE * 100.0
        ));
    }
    let wood_count = (top..bottom)
        .flat_map(|y| (left..right).map(move |x| (x, y)))
        .filter(|&(x, y)| wood[y * width + x])
        .count();
    let wood_share = wood_count as f32 / (board_w * board_h) as f32;
    if wood_share < MIN_WOOD_SHARE {
        return Err(format!(
            "only {:.0}% of the {board_w} x {board_h} px area is wood (at least {:.0}%)",
            wood_share * 100.0,
            MIN_WOOD_SHARE * 100.0
        ));
    }
    // A pixel of a line: dark, with wood LINE_REACH pixels away on both sides across the line.
    let dark = |x: usize, y: usize| is_dark(pixels[y * width + x]);
    let is_wood_at = |x: usize, y: usize| wood[y * width + x];
    let r = LINE_REACH;
    let in_row_line: Vec<usize> = (top + r..bottom - r)
        .map(|y| {
            (left..right)
                .filter(|&x| dark(x, y) && is_wood_at(x, y - r) && is_wood_at(x, y + r))
                .count()
        })
        .collect();
    let in_column_line: Vec<usize> = (left + r..right - r)
        .map(|x| {
            (top..bottom)
                .filter(|&y| dark(x, y) && is_wood_at(x - r, y) && is_wood_at(x + r, y))
                .count()
        })
        .collect();
    let rows = count_lines(&in_row_line, board_w);
    let columns = count_lines(&in_column_line, board_h);
    if rows < MIN_LINES || columns < MIN_LINES {
        return Err(format!(
            "{columns} vertical and {rows} horizontal thin dark lines cross the wood (at least {MIN_LINES} each way)"
        ));
    }
    Ok(Board {
        left,
        top,
        width: board_w,
        height: board_h,
        rows,
        columns,
    })
}

/// The bounding box (left, top, right and bottom exclusive) of the largest 4-connected patch of
/// `true` pixels; `None` when there is none.
fn largest_patch(mask: &[bool], width: usize, height: usize) -> Option<(usize, usize, usize, usize)> {
    let mut seen = vec![false; mask.len()];
    let mut best: Option<(usize, (usize, usize, usize, usize))> = None;
    let mut stack = Vec::new();
    for start in 0..mask.len() {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let (mut size, mut bbox) = (0, (usize::MAX, usize::MAX, 0, 0));
        while let Some(i) = stack.pop() {
            let (x, y) = (i % width, i / width);
            size += 1;
            bbox = (bbox.0.min(x), bbox.1.min(y), bbox.2.max(x + 1), bbox.3.max(y + 1));
            let neighbours = [
                (x > 0).then(|| i - 1),
                (x + 1 < width).then_some(i + 1),
                (y > 0).then(|| i - width),
                (y + 1 < height).then_some(i + width),
            ];
            for n in neighbours.into_iter().flatten() {
                if mask[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        if best.is_none_or(|(s, _)| size > s) {
            best = Some((size, bbox));
        }
    }
    best.map(|(_, bbox)| bbox)
}

fn is_wood(p: [u8; 3]) -> bool {
    p.iter()
        .zip(WOOD)
        .all(|(&c, w)| (i16::from(c) - i16::from(w)).abs() <= WOOD_TOLERANCE)
}

/// Ink of the lines' brown-black (blended with wood: red exceeds green by 10 to 40), not the red
/// marks of counting or a last move (red exceeds green by 150 and more).
fn is_dark(p: [u8; 3]) -> bool {
    let [r, g, b] = p.map(f32::from);
    0.299 * r + 0.587 * g + 0.114 * b < DARK_BELOW && r - g <= MAX_RED_OVER_GREEN
}

/// Lines: groups of adjacent rows (columns) dark over at least `LINE_SHARE` of `across` pixels.
fn count_lines(dark: &[usize], across: usize) -> usize {
    let threshold = (across as f32 * LINE_SHARE) as usize;
    let mut lines = 0;
    let mut in_line = false;
    for &count in dark {
        let is_line = count >= threshold.max(1);
        if is_line && !in_line {
            lines += 1;
        }
        in_line = is_line;
    }
    lines
}

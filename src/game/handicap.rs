//! Fixed handicap placement on the star points (9, 13, 19 and other odd sizes from 7).

use thiserror::Error;

use crate::board::Point;

/// A handicap that cannot be placed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HandicapError {
    #[error("a handicap of {0} stones is not placed on star points (2 to 9)")]
    Count(u32),
    #[error("handicap stones are placed on boards of size 7 or more, not {0}")]
    Size(u8),
    #[error("a handicap of {count} stones needs an odd board for the side and centre stars, not {size}")]
    EvenBoard { size: u8, count: u32 },
}

/// The star points for `count` handicap stones, in the usual order of placement: upper right,
/// lower left, lower right, upper left, then centre (odd counts), left and right sides (6+),
/// top and bottom sides (8+).
pub fn handicap_points(size: u8, count: u32) -> Result<Vec<Point>, HandicapError> {
    if !(2..=9).contains(&count) {
        return Err(HandicapError::Count(count));
    }
    if size < 7 {
        return Err(HandicapError::Size(size));
    }
    if count >= 5 && size.is_multiple_of(2) {
        return Err(HandicapError::EvenBoard { size, count });
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (edge, size - 1 - edge, size / 2);
    let p = Point::new;
    let corners = [p(hi, lo), p(lo, hi), p(hi, hi), p(lo, lo)];
    let mut points: Vec<Point> = corners.iter().copied().take(count.min(4) as usize).collect();
    if count >= 6 {
        points.extend([p(lo, mid), p(hi, mid)]);
    }
    if count >= 8 {
        points.extend([p(mid, lo), p(mid, hi)]);
    }
    if count % 2 == 1 && count >= 5 {
        points.push(p(mid, mid));
    }
    Ok(points)
}

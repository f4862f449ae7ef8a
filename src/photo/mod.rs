//! A physical board read from a photo, no egui: photo -> corners -> grid -> position.
//! `decode` (the photo at working size), `corners` (the board found in it), `grid` (the
//! intersections projected and fitted to the drawn lines), `classify` (each point black, white or
//! empty, with a confidence), `model` (the small trained model `classify` ends with), `text` (the 19-line `.`/`B`/`W` format), `accuracy` (the
//! `photo-accuracy` table).

pub mod accuracy;
pub mod classify;
pub mod corners;
pub mod decode;
pub mod grid;
pub mod homography;
pub mod model;
pub mod text;

use crate::board::Color;

pub use classify::{Read, UNSURE};
pub use decode::Photo;
pub use grid::Grid;
pub use homography::Pt;

/// Why a photo gave no position.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PhotoError {
    #[error("not an image (JPEG or PNG): {0}")]
    NotAnImage(String),
    #[error("no board found in the photo; give its four corners")]
    NoBoard,
    #[error("the board is cut at the edge of the photo")]
    BoardCut,
    #[error("the four corners make no board (three on a line, or crossed)")]
    BadCorners,
    #[error("a {0}x{0} board cannot be read; the sizes are 9, 13 and 19")]
    Size(usize),
}

/// A position read from a photo: where the grid lies and every intersection, row by row from
/// the top of the photo.
#[derive(Clone, Debug)]
pub struct Reading {
    pub size: usize,
    /// The corner intersections in the photo's own pixels: top-left, top-right, bottom-right,
    /// bottom-left.
    pub corners: [Pt; 4],
    /// Whether the corners were found automatically (false: given).
    pub found: bool,
    pub points: Vec<Read>,
}

impl Reading {
    /// The stones, row by row.
    pub fn stones(&self) -> Vec<Option<Color>> {
        self.points.iter().map(|r| r.stone).collect()
    }

    /// How many points are read with less than `UNSURE` confidence.
    pub fn unsure(&self) -> usize {
        self.points.iter().filter(|r| r.confidence < UNSURE).count()
    }
}

/// Reads the position of a `size` board: with the corners given (the photo's pixels, any order)
/// they are fitted to the drawn lines; without them the board is looked for.
pub fn read(bytes: &[u8], size: usize, corners: Option<[Pt; 4]>) -> Result<Reading, PhotoError> {
    if !grid::SIZES.contains(&size) {
        return Err(PhotoError::Size(size));
    }
    let photo = Photo::decode(bytes)?;
    read_photo(&photo, size, corners)
}

/// `read` on a decoded photo.
pub fn read_photo(photo: &Photo, size: usize, corners: Option<[Pt; 4]>) -> Result<Reading, PhotoError> {
    let (grid, found) = locate(photo, size, corners)?;
    Ok(Reading {
        size,
        corners: grid.corners.map(|p| photo.to_original(p)),
        found,
        points: classify::read_best(photo, &grid),
    })
}

/// The board's grid in the photo (working pixels): the corners given (the photo's pixels) fitted
/// to the drawn lines, or found; and whether they were found.
pub fn locate(photo: &Photo, size: usize, corners: Option<[Pt; 4]>) -> Result<(Grid, bool), PhotoError> {
    let (grid, found) = match corners {
        Some(c) => {
            let working = c.map(|p| photo.to_working(p));
            let start = Grid::from_corners(photo, size, working)?;
            (grid::refine(photo, &start), false)
        }
        None => (corners::find(photo, size)?, true),
    };
    Ok((Grid::from_corners(photo, size, grid.corners)?, found))
}

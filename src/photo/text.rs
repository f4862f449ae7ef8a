//! The position as text: one line a row from the top, `.`, `B`, `W` separated by spaces (the
//! format of the test photos' `.txt` files and of the `photo` command's output).

use crate::board::Color;

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TextError {
    #[error("line {line}: '{found}' is not ., B or W")]
    Point { line: usize, found: String },
    #[error("line {line} has {found} points, the first line {expected}")]
    Width { line: usize, found: usize, expected: usize },
    #[error("{rows} rows of {cols} points: not a square board of 9, 13 or 19")]
    Shape { rows: usize, cols: usize },
}

/// The position's lines.
pub fn write(size: usize, stones: &[Option<Color>]) -> String {
    let mut out = String::new();
    for row in stones.chunks(size) {
        let line: Vec<&str> = row
            .iter()
            .map(|s| match s {
                Some(Color::Black) => "B",
                Some(Color::White) => "W",
                None => ".",
            })
            .collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// The size and the stones, row by row, of a position text (blank lines ignored).
pub fn parse(text: &str) -> Result<(usize, Vec<Option<Color>>), TextError> {
    let mut stones = Vec::new();
    let mut width = None;
    let mut rows = 0;
    for (index, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let mut count = 0;
        for word in line.split_whitespace() {
            stones.push(match word {
                "." => None,
                "B" => Some(Color::Black),
                "W" => Some(Color::White),
                other => {
                    return Err(TextError::Point {
                        line: index + 1,
                        found: other.to_string(),
                    });
                }
            });
            count += 1;
        }
        match width {
            None => width = Some(count),
            Some(expected) if expected != count => {
                return Err(TextError::Width {
                    line: index + 1,
                    found: count,
                    expected,
                });
            }
            Some(_) => {}
        }
        rows += 1;
    }
    let cols = width.unwrap_or(0);
    if rows != cols || !super::grid::SIZES.contains(&rows) {
        return Err(TextError::Shape { rows, cols });
    }
    Ok((rows, stones))
}

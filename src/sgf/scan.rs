//! A quick pass over SGF text before sgf-parse reads it: where each node starts (so errors can
//! name a line and column), how deep the lines of play go, and the first structural fault
//! (a truncated file, an unclosed value, binary data) with its place.

use std::fmt;

use super::{SgfError, SyntaxFault};

/// A place in the file: line and column from 1, and the byte offset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

pub(super) struct Scanned {
    /// The start (`;`) of every node, in document order.
    pub nodes: Vec<Location>,
    pub max_depth: usize,
    pub deepest: Location,
}

impl Scanned {
    pub fn first_node(&self) -> Location {
        self.nodes.first().copied().unwrap_or(Location {
            line: 1,
            column: 1,
            offset: 0,
        })
    }
}

pub(super) fn scan(text: &str) -> Result<Scanned, SgfError> {
    let mut here = Location {
        line: 1,
        column: 1,
        offset: 0,
    };
    let mut nodes = Vec::new();
    // For each open '(' : where it opened and the depth (nodes in a row) at that point.
    let mut open: Vec<(Location, usize)> = Vec::new();
    let mut depth = 0;
    let (mut max_depth, mut deepest) = (0, here);
    let mut value_start: Option<Location> = None;
    let mut escaped = false;
    let mut seen_tree = false;
    for c in text.chars() {
        if c == '\0' || (c.is_control() && !c.is_whitespace() && c != '\u{1a}') {
            return Err(SgfError::Binary { at: here });
        }
        if value_start.is_some() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ']' => value_start = None,
                _ => {}
            }
        } else {
            match c {
                '[' => value_start = Some(here),
                '(' => {
                    open.push((here, depth));
                    seen_tree = true;
                }
                ')' => match open.pop() {
                    Some((_, d)) => depth = d,
                    None => {
                        return Err(SgfError::Syntax {
                            at: here,
                            fault: SyntaxFault::UnopenedTree,
                        });
                    }
                },
                ';' => {
                    if open.is_empty() {
                        return Err(SgfError::Syntax {
                            at: here,
                            fault: SyntaxFault::NodeOutsideTree,
                        });
                    }
                    nodes.push(here);
                    depth += 1;
                    if depth > max_depth {
                        (max_depth, deepest) = (depth, here);
                    }
                }
                _ => {}
            }
        }
        here.offset += c.len_utf8();
        if c == '\n' {
            here.line += 1;
            here.column = 1;
        } else {
            here.column += 1;
        }
    }
    if let Some(at) = value_start {
        return Err(SgfError::Syntax {
            at,
            fault: SyntaxFault::UnclosedValue,
        });
    }
    if let Some((at, _)) = open.last() {
        return Err(SgfError::Syntax {
            at: *at,
            fault: SyntaxFault::UnclosedTree,
        });
    }
    if !seen_tree {
        return Err(SgfError::Syntax {
            at: here,
            fault: SyntaxFault::NoTree,
        });
    }
    Ok(Scanned {
        nodes,
        max_depth,
        deepest,
    })
}

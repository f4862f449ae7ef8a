//! The state a node leaves behind: the board, who moves, the ko point, prisoners, counters.
//! A game keeps one in full, the cursor's; the path behind it is kept as `Trace`s.

use crate::board::{Board, Color, Point};
use crate::rules::Rules;

use super::{Action, Illegal, Node, Ruling};

/// The game state after a node.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub board: Board,
    pub to_move: Color,
    /// The point the given colour may not retake at once, after a single-stone ko capture.
    pub ko: Option<(Point, Color)>,
    /// Stones captured by Black and by White (prisoners, for territory counting).
    pub prisoners: [u32; 2],
    /// Moves and passes so far (void moves included: they are in the record).
    pub move_number: usize,
    /// Passes in a row at the end (two end the game).
    pub passes_in_row: u32,
    pub resigned: Option<Color>,
}

impl Position {
    pub fn start(board: Board) -> Position {
        Position {
            board,
            to_move: Color::Black,
            ko: None,
            prisoners: [0, 0],
            move_number: 0,
            passes_in_row: 0,
            resigned: None,
        }
    }

    /// The position after `node` is applied to this one. Never fails: an impossible move in an
    /// imported record (an occupied point) leaves the board as it was.
    pub fn after(&self, node: &Node, rules: &Rules) -> Position {
        let mut next = self.clone();
        next.apply(node, rules);
        next
    }

    /// Applies `node` to this position in place (see [`Position::after`]).
    pub fn apply(&mut self, node: &Node, rules: &Rules) {
        let next = self;
        let Some(action) = &node.action else { return };
        match action {
            Action::Setup {
                black,
                white,
                empty,
                to_move,
            } => {
                for (list, stone) in [(black, Some(Color::Black)), (white, Some(Color::White)), (empty, None)] {
                    for &p in list {
                        let _ = next.board.set(p, stone);
                    }
                }
                if let Some(c) = to_move {
                    next.to_move = *c;
                }
                next.ko = None;
            }
            Action::Pass { color } => {
                next.move_number += 1;
                next.passes_in_row += 1;
                next.to_move = color.opponent();
                next.ko = None;
            }
            Action::Resign { color } => next.resigned = Some(*color),
            Action::Move { color, point } => {
                next.move_number += 1;
                next.passes_in_row = 0;
                match node.flag {
                    Some(flag) if flag.ruling == Ruling::Void => {
                        // The stone is taken back; a move out of turn leaves the turn where
                        // it was, any other void move forfeits the mover's turn.
                        if !matches!(flag.illegal, Illegal::OutOfTurn { .. }) {
                            next.to_move = color.opponent();
                            next.ko = None;
                        }
                    }
                    _ => {
                        let placed = if rules.suicide_allowed || node.flag.is_some() {
                            next.board.place_allowing_suicide(*color, *point)
                        } else {
                            next.board
                                .place(*color, *point)
                                .or_else(|_| next.board.place_allowing_suicide(*color, *point))
                        };
                        if let Ok(placement) = placed {
                            next.prisoners[color.index()] += placement.captured;
                            next.prisoners[color.opponent().index()] += placement.suicided;
                            next.ko = placement.ko_point.map(|p| (p, color.opponent()));
                        }
                        next.to_move = color.opponent();
                    }
                }
            }
        }
    }
}

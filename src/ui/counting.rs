//! The counting screen's state, without drawing: the position counted, the arbiter's marks, the
//! dead-stone suggestion (computed on a thread of its own, so the window never waits for it), the
//! counted side, the hand count, another ending, the confirmation and the chief arbiter's
//! overrides; and the board gestures (a chain, then its group; seki).

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::scoring::dead::suggest_dead;
use crate::scoring::{Count, GameResult, Marks, ScoringError, Status, count_game, regions};

/// The seed of the dead-stone suggestion (the `score` command's default, so both agree).
pub const SEED: u64 = 1;

/// Why a counting gesture is refused once the result is confirmed.
pub const LOCKED: &str =
    "the result is confirmed and locked: a change needs the chief arbiter's override with a reason";

/// The dead-stone suggestion: being computed, or ready.
#[derive(Debug)]
pub enum Suggestion {
    Pending(Receiver<Vec<Point>>),
    Ready(Vec<Point>),
    /// The thread ended without an answer (it panicked).
    Failed,
}

/// What a click on a stone does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// First click on a chain: dead / alive; a second click on the same chain: its whole group.
    Dead,
    /// A click on a chain: in seki / alive.
    Seki,
}

/// Black, White and the arbiter confirmed this result (names or initials).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmation {
    pub black: String,
    pub white: String,
    pub arbiter: String,
    pub result: GameResult,
}

/// The chief arbiter unlocked a confirmed result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub chief: String,
    pub reason: String,
    /// The result that was confirmed.
    pub was: GameResult,
}

/// Text being typed on the counting screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountDrafts {
    /// The counted side's stones as counted on the board ("36 1/2").
    pub counted: String,
    pub black: String,
    pub white: String,
    pub arbiter: String,
    pub chief: String,
    pub reason: String,
}

/// A game being counted.
#[derive(Debug)]
pub struct Counting {
    /// The game as it was when counting began, its cursor on the counted position.
    pub game: Game,
    pub marks: Marks,
    pub suggestion: Suggestion,
    /// Whether the suggestion was accepted.
    pub accepted: bool,
    pub tool: Tool,
    /// The side counted on the slip.
    pub side: Color,
    /// Another ending than the count (resignation, time, ...); `None`: the count decides.
    pub ending: Option<GameResult>,
    /// The winner the ending buttons give a win to.
    pub winner: Color,
    pub drafts: CountDrafts,
    pub confirmed: Option<Confirmation>,
    pub overrides: Vec<Override>,
    /// The chain clicked last and how many times in a row.
    last_click: Option<(Vec<Point>, u32)>,
}

impl Counting {
    /// Starts counting the position at the cursor of `game`; the suggestion is computed on a
    /// thread, which asks `repaint` for a frame when it is done.
    pub fn enter(game: &Game, repaint: Option<egui::Context>) -> Counting {
        let board = game.board().clone();
        let to_move = game.to_move();
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("dead-stones".to_string())
            .spawn(move || {
                let _ = tx.send(suggest_dead(&board, to_move, SEED));
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        let suggestion = match spawned {
            Ok(_) => Suggestion::Pending(rx),
            Err(_) => Suggestion::Ready(suggest_dead(game.board(), to_move, SEED)),
        };
        Counting {
            game: game.clone(),
            marks: Marks::new(game.board()),
            suggestion,
            accepted: false,
            tool: Tool::Dead,
            side: Color::Black,
            ending: None,
            winner: Color::Black,
            drafts: CountDrafts::default(),
            confirmed: None,
            overrides: Vec::new(),
            last_click: None,
        }
    }

    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// Takes the suggestion if the thread has finished.
    pub fn poll(&mut self) {
        if let Suggestion::Pending(rx) = &self.suggestion {
            self.suggestion = match rx.try_recv() {
                Ok(dead) => Suggestion::Ready(dead),
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => Suggestion::Failed,
            };
        }
    }

    /// The suggested dead stones, once computed.
    pub fn suggested(&self) -> Option<&[Point]> {
        match &self.suggestion {
            Suggestion::Ready(dead) => Some(dead),
            _ => None,
        }
    }

    pub fn locked(&self) -> bool {
        self.confirmed.is_some()
    }

    /// Marks the suggested stones dead (the other marks stay).
    pub fn accept(&mut self) -> Result<(), String> {
        let Some(dead) = self.suggested().map(<[Point]>::to_vec) else {
            return Err("the suggestion is not ready yet".to_string());
        };
        let board = self.game.board().clone();
        self.marks.set_dead(&board, &dead);
        self.accepted = true;
        self.last_click = None;
        Ok(())
    }

    /// A click on `p`. With the dead tool: the first click on a chain toggles the chain, the
    /// second on the same chain gives its whole group the chain's new status, a third toggles
    /// the group back. With the seki tool: the chain goes in or out of seki.
    pub fn click(&mut self, p: Point) -> Result<(), String> {
        let board = self.game.board().clone();
        if board.get(p).is_none() {
            self.last_click = None;
            return Err(format!("{} is empty: click a stone", p.to_gtp(board.size())));
        }
        match self.tool {
            Tool::Seki => {
                let status = if self.marks.is_seki(p) {
                    Status::Alive
                } else {
                    Status::Seki
                };
                self.marks.set_chain(&board, p, status);
                self.last_click = None;
            }
            Tool::Dead => {
                let times = match &self.last_click {
                    Some((chain, n)) if chain.contains(&p) => n + 1,
                    _ => 1,
                };
                match times {
                    1 => self.marks.toggle_chain(&board, p),
                    2 => {
                        let status = self.marks.status(p);
                        for q in self.marks.group(&board, p) {
                            self.marks.set_chain(&board, q, status);
                        }
                    }
                    _ => self.marks.toggle_group(&board, p),
                }
                self.last_click = Some((board.chain(p), times));
            }
        }
        Ok(())
    }

    pub fn count(&self, penalties: [u32; 2]) -> Result<Count, ScoringError> {
        count_game(&self.game, &self.marks, penalties)
    }

    /// The result on the screen: the confirmed one, else the ending chosen, else the count's.
    pub fn result(&self, penalties: [u32; 2]) -> Option<GameResult> {
        if let Some(c) = &self.confirmed {
            return Some(c.result);
        }
        self.ending.or_else(|| self.count(penalties).ok().map(|c| c.result()))
    }
}

/// Who owns each empty point and each dead stone's point: a colour when only that colour's live
/// stones border its region, `None` (shared) otherwise, as the count reads it under area counting.
pub fn areas(board: &Board, marks: &Marks) -> Vec<(Point, Option<Color>)> {
    regions(board, marks)
        .into_iter()
        .flat_map(|r| r.points.iter().map(|&p| (p, r.owner())).collect::<Vec<_>>())
        .collect()
}

//! The `replay` report: the main line of a record replayed under its own rules, with the final
//! position, prisoners, and every illegal move or whole-board cycle found on the way.

use serde::Serialize;

use crate::board::{Color, Point};
use crate::game::{Action, Cycle, Game, GameError, Ruling};

/// A move of the record that the rules do not allow.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IllegalMove {
    pub move_number: usize,
    pub color: Color,
    /// GTP coordinates ("D4").
    pub point: String,
    pub reason: String,
}

/// What replaying a record found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub size: u8,
    pub rules: String,
    pub komi: f64,
    pub handicap: u32,
    pub moves: usize,
    /// Stones captured by Black and by White.
    pub prisoners_black: u32,
    pub prisoners_white: u32,
    pub to_move: Color,
    pub result: String,
    pub diagram: String,
    pub illegal: Vec<IllegalMove>,
    pub cycles: Vec<Cycle>,
}

/// Replays the main line of `record` move by move, checking each against the rules; illegal
/// moves are recorded as standing (the record says they were played) and reported.
pub fn replay(record: &Game) -> Report {
    let mut source = record.clone();
    source.goto_main_line_end();
    let ids = source.path_ids();
    let size = source.size();
    let mut game = source.clone();
    game.clear_after_root();
    let mut illegal = Vec::new();
    for &id in &ids[1..] {
        let node = source.node(id);
        let number = game.position().move_number + 1;
        match &node.action {
            Some(Action::Move { color, point }) => match game.record_move(*color, *point, Ruling::Stands) {
                Ok(None) => {}
                Ok(Some(reason)) => illegal.push(found(number, *color, *point, size, reason.to_string())),
                Err(e @ (GameError::Occupied { .. } | GameError::OffBoard { .. })) => {
                    illegal.push(found(number, *color, *point, size, e.to_string()));
                    game.add(Action::Pass { color: *color }, None);
                }
                Err(e) => illegal.push(found(number, *color, *point, size, e.to_string())),
            },
            Some(action) => {
                game.add(action.clone(), None);
            }
            None => {
                game.add_blank();
            }
        }
    }
    let pos = game.position();
    Report {
        size,
        rules: game.rules.name.clone(),
        komi: game.rules.komi,
        handicap: game.info.handicap,
        moves: pos.move_number,
        prisoners_black: pos.prisoners[0],
        prisoners_white: pos.prisoners[1],
        to_move: pos.to_move,
        result: game.info.result.clone(),
        diagram: pos.board.to_string(),
        illegal,
        cycles: game.cycles(),
    }
}

fn found(move_number: usize, color: Color, point: Point, size: u8, reason: String) -> IllegalMove {
    IllegalMove {
        move_number,
        color,
        point: point.to_gtp(size),
        reason,
    }
}

impl Report {
    /// The report as the terminal shows it.
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{size}x{size}, {rules}, komi {komi}, handicap {handicap}\n{diagram}moves: {moves}\nprisoners: Black took {pb}, White took {pw}\nto move: {to_move}\n",
            size = self.size,
            rules = self.rules,
            komi = self.komi,
            handicap = self.handicap,
            diagram = self.diagram,
            moves = self.moves,
            pb = self.prisoners_black,
            pw = self.prisoners_white,
            to_move = self.to_move.name(),
        );
        if !self.result.is_empty() {
            out += &format!("recorded result: {}\n", self.result);
        }
        if self.illegal.is_empty() {
            out += "every move is legal\n";
        }
        for m in &self.illegal {
            out += &format!(
                "illegal move {}: {} {}: {}\n",
                m.move_number,
                m.color.name(),
                m.point,
                m.reason
            );
        }
        for c in &self.cycles {
            out += &format!(
                "cycle ({}): the position after move {} came back after move {} ({} moves: {}), repeated until move {}; the arbiter rules no result, draw or replay\n",
                c.kind.name(),
                c.from_move,
                c.to_move,
                c.length,
                c.moves.join(", "),
                c.repeated_until
            );
        }
        out
    }
}

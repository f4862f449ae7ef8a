//! Whole-board repetition along the record (Art. 6, 20.3): finds each cycle, names it (triple
//! ko, eternal life, ...) and hands it to the arbiter, who rules no result, draw or replay.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Action, Game, Ruling};

/// The arbiter's name for a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CycleKind {
    /// An immediate ko recapture (two moves): only possible when a retake was let stand.
    Ko,
    /// Three kos taken in turn: six moves, each capturing one stone.
    TripleKo,
    /// Four kos: eight moves, each capturing one stone.
    QuadrupleKo,
    /// A cycle with multi-stone captures (eternal life, sending two returning one).
    EternalLife,
    /// Any other repetition.
    Other,
}

impl CycleKind {
    pub fn name(self) -> &'static str {
        match self {
            CycleKind::Ko => "ko retaken at once",
            CycleKind::TripleKo => "triple ko",
            CycleKind::QuadrupleKo => "quadruple ko",
            CycleKind::EternalLife => "eternal life",
            CycleKind::Other => "long cycle",
        }
    }
}

/// A whole-board position that came back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cycle {
    pub kind: CycleKind,
    /// The position after move `from_move` stood again after move `to_move`.
    pub from_move: usize,
    pub to_move: usize,
    /// Moves in one turn of the cycle.
    pub length: usize,
    /// The moves of the first turn, in SGF-like text ("B dd", "W pass").
    pub moves: Vec<String>,
    /// The last move of the record still inside the repetition.
    pub repeated_until: usize,
}

pub(super) fn find(game: &Game) -> Vec<Cycle> {
    let path = game.path_traces();
    let ids = game.path_ids();
    let mut seen: HashMap<(u64, u8), usize> = HashMap::new();
    let mut cycles: Vec<Cycle> = Vec::new();
    for (j, pos) in path.iter().enumerate() {
        let key = (pos.hash(), pos.to_move() as u8);
        let Some(&i) = seen.get(&key) else {
            seen.insert(key, j);
            continue;
        };
        seen.insert(key, j);
        if !path[i].same_stones(pos) {
            continue;
        }
        let span = &ids[i + 1..=j];
        let nodes: Vec<_> = span.iter().map(|&id| game.node(id)).collect();
        let stands = |n: &&super::Node| {
            matches!(n.action, Some(Action::Move { .. })) && n.flag.is_none_or(|f| f.ruling == Ruling::Stands)
        };
        if !nodes.iter().any(stands) {
            continue; // passes or void moves only: nothing cycled
        }
        if let Some(last) = cycles.last_mut()
            && path[i].move_number() <= last.repeated_until
        {
            last.repeated_until = pos.move_number();
            continue;
        }
        let prisoners = |k: usize| path[k].prisoners().iter().sum::<u32>();
        let captures: Vec<u32> = (i + 1..=j).map(|k| prisoners(k) - prisoners(k - 1)).collect();
        let length = j - i;
        let single_each = captures.iter().all(|&c| c == 1);
        let kind = match length {
            2 if single_each => CycleKind::Ko,
            6 if single_each => CycleKind::TripleKo,
            8 if single_each => CycleKind::QuadrupleKo,
            _ if captures.iter().any(|&c| c >= 2) => CycleKind::EternalLife,
            _ => CycleKind::Other,
        };
        let moves = nodes
            .iter()
            .filter_map(|n| match &n.action {
                Some(Action::Move { color, point }) => Some(format!("{} {}", color.letter(), point.to_sgf())),
                Some(Action::Pass { color }) => Some(format!("{} pass", color.letter())),
                _ => None,
            })
            .collect();
        cycles.push(Cycle {
            kind,
            from_move: path[i].move_number(),
            to_move: pos.move_number(),
            length,
            moves,
            repeated_until: pos.move_number(),
        });
    }
    cycles
}

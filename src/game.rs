//! The game record: a tree of nodes (moves, passes, resignations, setup edits, comments), the
//! cursor with undo and redo, turn order, legality under a `Rules` value (suicide, ko,
//! superko) and the flagging of illegal moves the arbiter records because they happened.
//!
//! Memory: the game keeps one full `Position` (its `Board` with fixed arrays, about 6.6 KB),
//! the cursor's, and one compact `Trace` per node from the root to the cursor (the stones
//! two bits a point, the hash and the small fields: about 160 bytes on 19x19, heap included).
//! Going forward applies the node to the cursor's position in place and appends its trace;
//! going back rebuilds the full position from the trace of the node reached (chains and hash
//! rebuilt exactly); `goto` replays from the root. Superko and cycles compare hashes, then
//! packed stones, along the traces. The cursor's trace and position always describe the same
//! state, the replay of the path from the root.

mod cycle;
mod handicap;
mod position;
mod trace;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, Color, PlaceError, Point, SizeError};
use crate::rules::{Preset, Rules, Superko};

pub use cycle::{Cycle, CycleKind};
pub use handicap::{HandicapError, handicap_points};
pub use position::Position;
pub use trace::Trace;

/// What a node of the record does to the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    Move {
        color: Color,
        point: Point,
    },
    Pass {
        color: Color,
    },
    Resign {
        color: Color,
    },
    /// An arbiter's setup edit (SGF AB/AW/AE/PL): stones added or removed without play.
    Setup {
        black: Vec<Point>,
        white: Vec<Point>,
        empty: Vec<Point>,
        to_move: Option<Color>,
    },
}

/// Why a move breaks the rules. Moves that cannot physically be made (an occupied point,
/// off the board) are errors instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Error)]
pub enum Illegal {
    #[error("suicide: the stone would have no liberties (forbidden point, Art. 5)")]
    Suicide,
    #[error("ko: {point:?} may not be retaken at once (Art. 6, 18.3)")]
    Ko { point: Point },
    /// `repeats_move` is the move number after which the same position stood (0: the start).
    #[error("superko: this recreates the position after move {repeats_move} (Art. 6)")]
    Superko { repeats_move: usize },
    #[error("out of turn: it is {expected:?}'s move (two moves in a row, Art. 17.2)")]
    OutOfTurn { expected: Color },
}

/// What the arbiter ruled about an illegal move that was actually played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ruling {
    /// The move is void: the board is restored and, except for a move out of turn, the
    /// mover forfeits the turn (Art. 18.3, 19).
    Void,
    /// The move stands (nobody claimed in time, Art. 16.3): its captures happen.
    Stands,
}

/// A move recorded although illegal, for the penalty ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    pub illegal: Illegal,
    pub ruling: Ruling,
}

/// Clock readings SGF keeps on a node (BL/WL/OB/OW).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NodeTimes {
    pub black_left: Option<f64>,
    pub white_left: Option<f64>,
    pub black_periods: Option<i64>,
    pub white_periods: Option<i64>,
}

/// One node of the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub action: Option<Action>,
    pub comment: String,
    pub flag: Option<Flag>,
    pub times: NodeTimes,
    /// Territory markup (SGF TB/TW), as other programs mark dead stones and territory.
    pub territory: Option<[Vec<Point>; 2]>,
    /// Other SGF properties, kept so that export loses nothing.
    pub other: Vec<(String, Vec<String>)>,
    parent: Option<usize>,
    children: Vec<usize>,
    /// The child redo follows (the last one visited).
    redo: usize,
}

impl Node {
    fn new(action: Option<Action>, parent: Option<usize>) -> Node {
        Node {
            action,
            comment: String::new(),
            flag: None,
            times: NodeTimes::default(),
            territory: None,
            other: Vec::new(),
            parent,
            children: Vec::new(),
            redo: 0,
        }
    }
    /// A node with no action, not yet in a tree.
    pub fn blank() -> Node {
        Node::new(None, None)
    }
    pub fn parent(&self) -> Option<usize> {
        self.parent
    }
    pub fn children(&self) -> &[usize] {
        &self.children
    }
}

/// Who played, where, when: the SGF game-info properties.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub black: String,
    pub white: String,
    pub black_rank: String,
    pub white_rank: String,
    pub date: String,
    pub event: String,
    pub round: String,
    pub place: String,
    /// The recorded result, as SGF RE ("B+0.5", "W+R").
    pub result: String,
    /// Main time in seconds (TM).
    pub main_time: Option<f64>,
    /// Overtime description (OT).
    pub overtime: String,
    /// The rules as written in the file (RU), kept verbatim.
    pub rules_text: String,
    pub handicap: u32,
}

/// A move or pass that cannot be entered at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    #[error("{point:?} is already occupied")]
    Occupied { point: Point },
    #[error("{point:?} is off the {size}x{size} board")]
    OffBoard { point: Point, size: u8 },
    #[error("the move is illegal: {0}")]
    Illegal(Illegal),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error(transparent)]
    Handicap(#[from] HandicapError),
}

/// A game: info, rules, the record tree and the cursor's position.
#[derive(Clone, Debug)]
pub struct Game {
    pub info: GameInfo,
    pub rules: Rules,
    pub preset: Option<Preset>,
    nodes: Vec<Node>,
    cursor: usize,
    /// The position at the cursor, in full.
    here: Position,
    /// The positions along the path from the root to the cursor, one trace per node (the last
    /// one is the cursor's: `here`, compact).
    path: Vec<Trace>,
}

impl Game {
    /// An empty game on a board of `size` under `preset`.
    pub fn new(size: u8, preset: Preset) -> Result<Game, GameError> {
        let here = Position::start(Board::new(size)?);
        Ok(Game {
            info: GameInfo {
                rules_text: preset.sgf_ru().to_string(),
                ..GameInfo::default()
            },
            rules: preset.rules(),
            preset: Some(preset),
            nodes: vec![Node::new(None, None)],
            cursor: 0,
            path: vec![Trace::of(&here)],
            here,
        })
    }

    /// A handicap game under `preset`, with the preset's handicap komi ([`Rules::komi_for`]):
    /// 0, an even game; 1, Black taken with no stones (让先: Black moves first, no komi under
    /// Chinese rules); 2 and more, the stones on the star points, White to move.
    pub fn with_handicap(size: u8, preset: Preset, handicap: u32) -> Result<Game, GameError> {
        let mut game = Game::new(size, preset)?;
        game.info.handicap = handicap.min(1);
        game.rules.komi = game.rules.komi_for(handicap, game.rules.komi);
        if handicap >= 2 {
            let black = handicap_points(size, handicap)?;
            game.info.handicap = handicap;
            game.nodes[0].action = Some(Action::Setup {
                black,
                white: vec![],
                empty: vec![],
                to_move: Some(Color::White),
            });
            game.rebuild_path();
        }
        Ok(game)
    }

    pub fn size(&self) -> u8 {
        self.position().board.size()
    }
    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        &self.here
    }
    pub fn board(&self) -> &Board {
        &self.position().board
    }
    pub fn to_move(&self) -> Color {
        self.position().to_move
    }
    pub fn cursor(&self) -> usize {
        self.cursor
    }
    pub fn node(&self, id: usize) -> &Node {
        &self.nodes[id]
    }
    pub fn node_mut(&mut self, id: usize) -> &mut Node {
        &mut self.nodes[id]
    }
    pub fn nodes_len(&self) -> usize {
        self.nodes.len()
    }
    /// The positions from the start to the cursor, one compact trace per node on the path
    /// (the root's first, the cursor's last).
    pub fn path_traces(&self) -> &[Trace] {
        &self.path
    }
    /// The node ids from the root to the cursor.
    pub fn path_ids(&self) -> Vec<usize> {
        let mut ids = vec![self.cursor];
        while let Some(p) = self.nodes[ids[ids.len() - 1]].parent {
            ids.push(p);
        }
        ids.reverse();
        ids
    }

    /// Whether `color` may play at `point` now under the rules (`None` if legal).
    pub fn check(&self, color: Color, point: Point) -> Result<Option<Illegal>, GameError> {
        let pos = self.position();
        let size = self.size();
        match pos.board.check_place(color, point) {
            Err(PlaceError::OffBoard) => return Err(GameError::OffBoard { point, size }),
            Err(PlaceError::Occupied) => return Err(GameError::Occupied { point }),
            Err(PlaceError::Suicide) if !self.rules.suicide_allowed => {
                return Ok(Some(Illegal::Suicide));
            }
            _ => {}
        }
        if color != pos.to_move {
            return Ok(Some(Illegal::OutOfTurn { expected: pos.to_move }));
        }
        if pos.ko == Some((point, color)) {
            return Ok(Some(Illegal::Ko { point }));
        }
        if self.rules.superko != Superko::None {
            let mut board = pos.board.clone();
            if board.place_allowing_suicide(color, point).is_ok()
                && let Some(earlier) = self.repeated(&board, color.opponent())
            {
                return Ok(Some(Illegal::Superko { repeats_move: earlier }));
            }
        }
        Ok(None)
    }

    /// The move number of an earlier position on the path equal to `board` (with the same
    /// player to move under situational superko).
    fn repeated(&self, board: &Board, next: Color) -> Option<usize> {
        let situational = self.rules.superko == Superko::Situational;
        self.path
            .iter()
            .find(|t| t.hash() == board.hash() && (!situational || t.to_move() == next) && t.holds(board))
            .map(Trace::move_number)
    }

    /// Plays a legal move for the side to move; refuses an illegal one with the reason.
    pub fn play(&mut self, point: Point) -> Result<(), GameError> {
        let color = self.to_move();
        if let Some(illegal) = self.check(color, point)? {
            return Err(GameError::Illegal(illegal));
        }
        self.add(Action::Move { color, point }, None);
        Ok(())
    }

    /// Records a move that was played at the board, legal or not: an illegal one is kept with
    /// its flag and the arbiter's ruling, for the penalty ledger. Returns what was illegal.
    pub fn record_move(&mut self, color: Color, point: Point, ruling: Ruling) -> Result<Option<Illegal>, GameError> {
        let illegal = self.check(color, point)?;
        let flag = illegal.map(|illegal| Flag { illegal, ruling });
        self.add(Action::Move { color, point }, flag);
        Ok(illegal)
    }

    /// The side to move passes.
    pub fn pass(&mut self) {
        let color = self.to_move();
        self.add(Action::Pass { color }, None);
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) {
        self.add(Action::Resign { color }, None);
    }

    /// An arbiter's setup edit: `stone` (or empty) at `point`. Consecutive edits gather in one
    /// setup node while it has no continuation.
    pub fn edit(&mut self, point: Point, stone: Option<Color>) -> Result<(), GameError> {
        let size = self.size();
        if !self.board().contains(point) {
            return Err(GameError::OffBoard { point, size });
        }
        let gather = self.cursor != 0
            && self.nodes[self.cursor].children.is_empty()
            && matches!(self.nodes[self.cursor].action, Some(Action::Setup { .. }));
        if !gather {
            let action = Action::Setup {
                black: vec![],
                white: vec![],
                empty: vec![],
                to_move: None,
            };
            self.add(action, None);
        }
        if let Some(Action::Setup {
            black, white, empty, ..
        }) = &mut self.nodes[self.cursor].action
        {
            for list in [&mut *black, &mut *white, &mut *empty] {
                list.retain(|&p| p != point);
            }
            match stone {
                Some(Color::Black) => black.push(point),
                Some(Color::White) => white.push(point),
                None => empty.push(point),
            }
        }
        self.refresh_cursor_position();
        Ok(())
    }

    /// Sets who moves next (SGF PL), as a setup edit.
    pub fn set_to_move(&mut self, color: Color) {
        let gather = self.nodes[self.cursor].children.is_empty()
            && matches!(self.nodes[self.cursor].action, Some(Action::Setup { .. }));
        if !gather {
            let action = Action::Setup {
                black: vec![],
                white: vec![],
                empty: vec![],
                to_move: None,
            };
            self.add(action, None);
        }
        if let Some(Action::Setup { to_move, .. }) = &mut self.nodes[self.cursor].action {
            *to_move = Some(color);
        }
        self.refresh_cursor_position();
    }

    /// Sets the comment of the node at the cursor.
    pub fn set_comment(&mut self, text: &str) {
        self.nodes[self.cursor].comment = text.to_string();
    }

    /// Adds `text` to the comment of the node at the cursor, after what is there (a blank line
    /// between): what the record says of a ruling, an outcome, a dispute.
    pub fn add_comment(&mut self, text: &str) {
        let comment = &mut self.nodes[self.cursor].comment;
        if comment.trim().is_empty() {
            *comment = text.to_string();
        } else {
            comment.push_str("\n\n");
            comment.push_str(text);
        }
    }

    /// The first value of the private SGF property `id` (`XC`, `XG`) on the node at the cursor.
    pub fn cursor_property(&self, id: &str) -> Option<&str> {
        let node = &self.nodes[self.cursor];
        let (_, values) = node.other.iter().find(|(p, _)| p == id)?;
        values.first().map(String::as_str)
    }

    /// Sets the private SGF property `id` on the node at the cursor to `value` (`None`: removes it).
    pub fn set_cursor_property(&mut self, id: &str, value: Option<&str>) {
        let other = &mut self.nodes[self.cursor].other;
        other.retain(|(p, _)| p != id);
        if let Some(value) = value {
            other.push((id.to_string(), vec![value.to_string()]));
        }
    }

    /// Adds a child of the cursor (or follows an identical existing one) and moves there.
    pub(crate) fn add(&mut self, action: Action, flag: Option<Flag>) -> usize {
        let here = self.cursor;
        let existing = self.nodes[here].children.iter().position(|&c| {
            let n = &self.nodes[c];
            n.action.as_ref() == Some(&action) && n.flag == flag && !matches!(action, Action::Setup { .. })
        });
        let slot = match existing {
            Some(slot) => slot,
            None => {
                let id = self.nodes.len();
                let mut node = Node::new(Some(action), Some(here));
                node.flag = flag;
                self.nodes.push(node);
                self.nodes[here].children.push(id);
                self.nodes[here].children.len() - 1
            }
        };
        self.nodes[here].redo = slot;
        let child = self.nodes[here].children[slot];
        self.step_to(child);
        child
    }

    /// Adds an empty node (no action) after the cursor, as an SGF node with only comments.
    pub(crate) fn add_blank(&mut self) {
        let here = self.cursor;
        let id = self.add_child(here, Node::blank());
        self.nodes[here].redo = self.nodes[here].children.len() - 1;
        self.step_to(id);
    }

    /// Moves the cursor forward to `child` (a child of the cursor): the node is applied to the
    /// cursor's position and its trace appended.
    fn step_to(&mut self, child: usize) {
        self.cursor = child;
        self.here.apply(&self.nodes[child], &self.rules);
        self.path.push(Trace::of(&self.here));
    }

    /// Drops the traces after the first `len` (at least the root's) and rebuilds the full
    /// position from the last one kept.
    fn truncate_path(&mut self, len: usize) {
        self.path.truncate(len.max(1));
        if let Some(last) = self.path.last() {
            self.here = last.position();
        }
    }

    /// Adds a node as a new child of `parent` without moving the cursor (for SGF import).
    pub(crate) fn add_child(&mut self, parent: usize, node: Node) -> usize {
        let id = self.nodes.len();
        let mut node = node;
        node.parent = Some(parent);
        node.children.clear();
        self.nodes.push(node);
        self.nodes[parent].children.push(id);
        id
    }

    /// Replaces the root node's content (for SGF import), keeping its children.
    pub(crate) fn set_root(&mut self, node: Node) {
        let children = std::mem::take(&mut self.nodes[0].children);
        self.nodes[0] = Node {
            children,
            parent: None,
            redo: 0,
            ..node
        };
        self.rebuild_path();
    }

    /// Drops every node after the root and goes to the start.
    pub fn clear_after_root(&mut self) {
        self.nodes.truncate(1);
        self.nodes[0].children.clear();
        self.nodes[0].redo = 0;
        self.cursor = 0;
        self.truncate_path(1);
    }

    /// Steps back one node. Returns false at the start.
    pub fn undo(&mut self) -> bool {
        match self.nodes[self.cursor].parent {
            Some(parent) => {
                self.cursor = parent;
                self.truncate_path(self.path.len() - 1);
                true
            }
            None => false,
        }
    }

    /// Steps forward along the last visited variation. Returns false at the end.
    pub fn redo(&mut self) -> bool {
        let node = &self.nodes[self.cursor];
        match node.children.get(node.redo).or(node.children.first()) {
            Some(&child) => {
                self.step_to(child);
                true
            }
            None => false,
        }
    }

    /// Goes to the start, then follows first children to the end of the main line.
    pub fn goto_main_line_end(&mut self) {
        for node in &mut self.nodes {
            node.redo = 0;
        }
        self.cursor = 0;
        self.truncate_path(1);
        while self.redo() {}
    }

    /// Moves the cursor to node `id`, replaying from the start.
    pub fn goto(&mut self, id: usize) {
        if id >= self.nodes.len() {
            return;
        }
        self.cursor = id;
        // Point every ancestor's redo at this branch, so redo comes back here.
        let mut child = id;
        while let Some(parent) = self.nodes[child].parent {
            if let Some(slot) = self.nodes[parent].children.iter().position(|&c| c == child) {
                self.nodes[parent].redo = slot;
            }
            child = parent;
        }
        self.rebuild_path();
    }

    fn rebuild_path(&mut self) {
        let ids = self.path_ids();
        let Ok(board) = Board::new(self.size()) else { return };
        let mut path = Vec::with_capacity(ids.len());
        let mut here = Position::start(board);
        for &id in &ids {
            here.apply(&self.nodes[id], &self.rules);
            path.push(Trace::of(&here));
        }
        self.path = path;
        self.here = here;
    }

    fn refresh_cursor_position(&mut self) {
        self.path.pop();
        let mut here = match self.path.last() {
            Some(prev) => prev.position(),
            None => match Board::new(self.size()) {
                Ok(board) => Position::start(board),
                Err(_) => {
                    self.path.push(Trace::of(&self.here));
                    return;
                }
            },
        };
        here.apply(&self.nodes[self.cursor], &self.rules);
        self.path.push(Trace::of(&here));
        self.here = here;
    }

    /// The moves and passes on the path to the cursor, with their node ids (the main line's
    /// moves when the cursor is at its end).
    pub fn moves(&self) -> Vec<(usize, Action)> {
        self.path_ids()
            .into_iter()
            .filter_map(|id| match &self.nodes[id].action {
                Some(a @ (Action::Move { .. } | Action::Pass { .. })) => Some((id, a.clone())),
                _ => None,
            })
            .collect()
    }

    /// The flagged (illegal) moves on the path to the cursor, with their move numbers.
    pub fn flagged(&self) -> Vec<(usize, Action, Flag)> {
        self.path_ids()
            .into_iter()
            .zip(self.path.iter())
            .filter_map(|(id, trace)| {
                let node = &self.nodes[id];
                Some((trace.move_number(), node.action.clone()?, node.flag?))
            })
            .collect()
    }

    /// Whole-board repetitions on the path to the cursor (triple ko, eternal life, ...).
    pub fn cycles(&self) -> Vec<Cycle> {
        cycle::find(self)
    }

    /// The cycle the move at the cursor closed (its position stood before, Art. 20.3), if any.
    pub fn cycle_at_cursor(&self) -> Option<Cycle> {
        let n = self.position().move_number;
        self.cycles()
            .pop()
            .filter(|c| c.repeated_until == n && c.kind != CycleKind::Ko)
    }

    /// The cycle `color` playing at `point` would close, named (a triple ko, eternal life...),
    /// without changing the record: what a move refused as superko repeats.
    pub fn cycle_closed_by(&self, color: Color, point: Point) -> Option<Cycle> {
        let mut trial = self.clone();
        trial.record_move(color, point, Ruling::Stands).ok()?;
        trial.cycle_at_cursor()
    }
}

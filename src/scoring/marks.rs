//! `Marks`: the arbiter's verdict on every stone of a final position, alive, dead or in seki,
//! and the gestures that change it (a chain, a whole group, a list from the guesser).

use serde::{Deserialize, Serialize};

use crate::board::{Board, Point};

/// What the players agreed about a stone (Art. 8, 21.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    #[default]
    Alive,
    /// Removed before counting: its point goes to whoever surrounds it, and under territory
    /// counting the stone is a prisoner.
    Dead,
    /// Alive in seki: counted like a live stone, but under territory counting the empty
    /// points next to it are nobody's.
    Seki,
}

/// A status for each point of a board of one size, row by row; empty points read as alive
/// and are never changed by the gestures below.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    size: u8,
    status: Vec<Status>,
}

impl Marks {
    /// Every stone of `board` alive.
    pub fn new(board: &Board) -> Marks {
        let size = board.size();
        Marks {
            size,
            status: vec![Status::Alive; usize::from(size) * usize::from(size)],
        }
    }

    /// The side of the board these marks are for.
    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn status(&self, p: Point) -> Status {
        self.slot(p).map_or(Status::Alive, |i| self.status[i])
    }

    pub fn is_dead(&self, p: Point) -> bool {
        self.status(p) == Status::Dead
    }

    pub fn is_seki(&self, p: Point) -> bool {
        self.status(p) == Status::Seki
    }

    /// The points marked dead, row by row from the top left.
    pub fn dead_points(&self) -> Vec<Point> {
        self.points_with(Status::Dead)
    }

    /// The points marked seki, row by row from the top left.
    pub fn seki_points(&self) -> Vec<Point> {
        self.points_with(Status::Seki)
    }

    /// Gives the whole chain through `p` the status `status` (nothing when `p` is empty).
    pub fn set_chain(&mut self, board: &Board, p: Point, status: Status) {
        for q in board.chain(p) {
            self.set(q, status);
        }
    }

    /// The first gesture: the chain through `p` becomes alive if it was dead, dead otherwise.
    pub fn toggle_chain(&mut self, board: &Board, p: Point) {
        let status = self.toggled(p);
        self.set_chain(board, p, status);
    }

    /// The second gesture: every stone of [`Marks::group`] becomes alive if the stone at `p`
    /// was dead, dead otherwise.
    pub fn toggle_group(&mut self, board: &Board, p: Point) {
        let status = self.toggled(p);
        for q in self.group(board, p) {
            self.set(q, status);
        }
    }

    /// The group of the stone at `p`: the stones of its colour reachable from it through
    /// stones of that colour, empty points, and opposing stones marked dead (which are as good
    /// as empty). Opposing stones not marked dead are the walls. So a dead group scattered
    /// in several chains inside the opponent's area is one group, and a live group with its
    /// eyes and the opponent's dead stones inside them is one group. Sorted; empty when `p`
    /// holds no stone.
    pub fn group(&self, board: &Board, p: Point) -> Vec<Point> {
        let Some(color) = board.get(p) else { return Vec::new() };
        let mut seen = vec![false; self.status.len()];
        let mut stack = vec![p];
        let mut stones = Vec::new();
        while let Some(q) = stack.pop() {
            let Some(i) = self.slot(q) else { continue };
            if seen[i] {
                continue;
            }
            seen[i] = true;
            match board.get(q) {
                Some(c) if c == color => stones.push(q),
                Some(_) if !self.is_dead(q) => continue,
                _ => {}
            }
            stack.extend(board.neighbours(q));
        }
        stones.sort();
        stones
    }

    /// Marks dead the chains through `points` (as the dead-stone guesser suggests them),
    /// leaving other marks as they are.
    pub fn set_dead(&mut self, board: &Board, points: &[Point]) {
        for &p in points {
            self.set_chain(board, p, Status::Dead);
        }
    }

    /// Marks the chain through `p` as in seki. Both sides' chains of a seki should be marked
    /// (each side's eye next to its own chain is then nobody's under territory counting).
    pub fn mark_seki(&mut self, board: &Board, p: Point) {
        self.set_chain(board, p, Status::Seki);
    }

    fn toggled(&self, p: Point) -> Status {
        if self.is_dead(p) { Status::Alive } else { Status::Dead }
    }

    fn set(&mut self, p: Point, status: Status) {
        if let Some(i) = self.slot(p) {
            self.status[i] = status;
        }
    }

    fn slot(&self, p: Point) -> Option<usize> {
        (p.col < self.size && p.row < self.size)
            .then(|| usize::from(p.row) * usize::from(self.size) + usize::from(p.col))
    }

    fn points_with(&self, status: Status) -> Vec<Point> {
        let size = self.size;
        (0..size)
            .flat_map(|row| (0..size).map(move |col| Point::new(col, row)))
            .filter(|&p| self.status(p) == status)
            .collect()
    }
}

//! `Marks`: the arbiter's verdict on every stone of a final position, alive, dead or in seki,
//! the empty points marked dame (neutral), and the gestures that change them (a chain, a whole
//! group, a list from the guesser, a point).

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
/// and are never changed by the stone gestures below. Besides, the empty points the arbiter
/// marked dame: points both sides agree are neutral (the count shares them, whoever surrounds
/// them: see `count::regions`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    size: u8,
    status: Vec<Status>,
    /// Row by row from the top left, no repeats. Not written when empty, so marks stored before dame marks existed
    /// read and hash as they did.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    dame: Vec<Point>,
}

impl Marks {
    /// Every stone of `board` alive.
    pub fn new(board: &Board) -> Marks {
        let size = board.size();
        Marks {
            size,
            status: vec![Status::Alive; usize::from(size) * usize::from(size)],
            dame: Vec::new(),
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

    /// Whether the arbiter marked `p` dame (neutral).
    pub fn is_dame(&self, p: Point) -> bool {
        self.dame_slot(p).is_ok()
    }

    /// The points marked dame, row by row from the top left.
    pub fn dame_points(&self) -> Vec<Point> {
        self.dame.clone()
    }

    /// Marks the empty point `p` dame, or unmarks it; refused (`false`, nothing changes) on a
    /// stone or off the board.
    pub fn toggle_dame(&mut self, board: &Board, p: Point) -> bool {
        if self.slot(p).is_none() || board.get(p).is_some() {
            return false;
        }
        match self.dame_slot(p) {
            Ok(i) => {
                self.dame.remove(i);
            }
            Err(i) => self.dame.insert(i, p),
        }
        true
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

    /// Where `p` is, or would go, in the dame list (row by row).
    fn dame_slot(&self, p: Point) -> Result<usize, usize> {
        self.dame.binary_search_by_key(&(p.row, p.col), |q| (q.row, q.col))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    fn board() -> Board {
        let mut board = Board::new(9).unwrap_or_else(|e| panic!("{e}"));
        board
            .set(Point::new(4, 4), Some(Color::Black))
            .unwrap_or_else(|e| panic!("{e}"));
        board
    }

    #[test]
    fn dame_marks_go_on_empty_points_only_and_toggle() {
        let board = board();
        let mut marks = Marks::new(&board);
        assert!(!marks.toggle_dame(&board, Point::new(4, 4)), "a stone is not dame");
        assert!(!marks.toggle_dame(&board, Point::new(9, 0)), "off the board");
        assert!(marks.toggle_dame(&board, Point::new(5, 2)));
        assert!(marks.toggle_dame(&board, Point::new(1, 1)));
        assert!(marks.toggle_dame(&board, Point::new(0, 2)));
        assert!(marks.is_dame(Point::new(5, 2)));
        assert_eq!(
            marks.dame_points(),
            vec![Point::new(1, 1), Point::new(0, 2), Point::new(5, 2)],
            "row by row"
        );
        assert!(marks.toggle_dame(&board, Point::new(5, 2)));
        assert!(!marks.is_dame(Point::new(5, 2)));
        assert_eq!(marks.dame_points().len(), 2);
    }

    #[test]
    fn marks_without_dame_serialize_as_before_and_dame_marks_round_trip() {
        let board = board();
        let mut marks = Marks::new(&board);
        let plain = ron::to_string(&marks).unwrap_or_default();
        assert!(!plain.contains("dame"), "{plain}");
        let old: Marks = ron::from_str(&plain).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(old, marks);
        marks.toggle_dame(&board, Point::new(2, 3));
        let text = ron::to_string(&marks).unwrap_or_default();
        let back: Marks = ron::from_str(&text).unwrap_or_else(|e| panic!("{e}"));
        assert!(back.is_dame(Point::new(2, 3)));
    }

    /// Black's wall on column C, White's on column G: A-B Black's, D-F shared, H-J White's.
    fn walls() -> Board {
        let mut board = Board::new(9).unwrap_or_else(|e| panic!("{e}"));
        for row in 0..9 {
            board
                .set(Point::new(2, row), Some(Color::Black))
                .unwrap_or_else(|e| panic!("{e}"));
            board
                .set(Point::new(6, row), Some(Color::White))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        board
    }

    #[test]
    fn a_point_marked_dame_is_shared_by_the_count() {
        use crate::rules::Counting;
        use crate::scoring::{Quarters, Terms, count, regions};
        let board = walls();
        let terms = Terms {
            counting: Counting::Area,
            komi: Quarters::ZERO,
            compensation: Quarters::ZERO,
            penalties: [0, 0],
        };
        let mut marks = Marks::new(&board);
        let before = count(&board, &marks, [0, 0], &terms).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((before.black.territory, before.dame), (18, 27));
        assert!(marks.toggle_dame(&board, Point::new(0, 0)));
        let after = count(&board, &marks, [0, 0], &terms).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((after.black.territory, after.dame), (17, 28));
        assert_eq!(after.black.score, before.black.score - Quarters(1), "half a point less");
        assert_eq!(after.white.score, before.white.score + Quarters(1), "half a point more");
        assert_eq!(after.black.score + after.white.score, Quarters::from_points(81));
        let owners: Vec<_> = regions(&board, &marks)
            .into_iter()
            .filter(|r| r.points.contains(&Point::new(0, 0)))
            .map(|r| (r.points.len(), r.owner()))
            .collect();
        assert_eq!(
            owners,
            vec![(1, None)],
            "the dame point is a region of its own, nobody's"
        );

        let territory = Terms {
            counting: Counting::Territory,
            ..terms
        };
        let japanese = count(&board, &marks, [0, 0], &territory).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            japanese.black.score,
            Quarters::from_points(17),
            "nobody's under territory counting"
        );
    }
}

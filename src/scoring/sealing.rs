//! "Needs sealing": the unfinished borders of a position about to be counted, pointed out before
//! the count, as OGS's scorer does. An open point between live stones of both colours (a dame
//! or neutral point no one filled), and a live chain in atari (its owner must connect, or the
//! count depends on a capture not yet made).

use crate::board::{Board, Color, Point};
use crate::scoring::{Marks, regions};

/// What is unfinished, each list sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sealing {
    /// The open border: in a region touching live stones of both colours (not marked dame by
    /// the arbiter, not next to a seki), the empty points next to a live stone whose distance to
    /// the other colour's live stones is at most two more (a dame, or the two points of a gap).
    pub open: Vec<Point>,
    /// The stones of live chains with a single liberty.
    pub atari: Vec<Point>,
    /// Those chains' last liberties.
    pub atari_liberties: Vec<Point>,
}

impl Sealing {
    /// Nothing to seal.
    pub fn is_empty(&self) -> bool {
        self.open.is_empty() && self.atari.is_empty()
    }
    /// Every point to show: the open points, the stones in atari and their liberties.
    pub fn points(&self) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .open
            .iter()
            .chain(&self.atari)
            .chain(&self.atari_liberties)
            .copied()
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The unfinished borders of `board` with the `marks`' dead stones taken off.
pub fn needs_sealing(board: &Board, marks: &Marks) -> Sealing {
    let mut sealing = Sealing::default();
    let size = usize::from(board.size());
    let slot = |p: Point| usize::from(p.row) * size + usize::from(p.col);
    let distance = [Color::Black, Color::White].map(|c| distances(board, marks, c));
    for region in regions(board, marks) {
        if region.borders == [true, true] && !region.dame && !region.next_to_seki {
            sealing.open.extend(region.points.iter().copied().filter(|&p| {
                let [b, w] = [distance[0][slot(p)], distance[1][slot(p)]];
                board.get(p).is_none() && b.min(w) <= 1 && b.abs_diff(w) <= 2
            }));
        }
    }
    let mut seen = vec![false; size * size];
    for p in board.points() {
        let slot = usize::from(p.row) * size + usize::from(p.col);
        if board.get(p).is_none() || seen[slot] || marks.is_dead(p) || marks.is_seki(p) {
            continue;
        }
        let chain = board.chain(p);
        for q in &chain {
            seen[usize::from(q.row) * size + usize::from(q.col)] = true;
        }
        if let [liberty] = board.liberties(p)[..] {
            sealing.atari.extend(chain);
            sealing.atari_liberties.push(liberty);
        }
    }
    sealing.open.sort();
    sealing.atari.sort();
    sealing.atari_liberties.sort();
    sealing.atari_liberties.dedup();
    sealing
}

/// For each point, how many steps through empty points and dead stones separate it from the
/// nearest live stone of `color` (0 on those stones, `u32::MAX` when none is reachable).
fn distances(board: &Board, marks: &Marks, color: Color) -> Vec<u32> {
    let size = usize::from(board.size());
    let slot = |p: Point| usize::from(p.row) * size + usize::from(p.col);
    let mut distance = vec![u32::MAX; size * size];
    let mut queue = std::collections::VecDeque::new();
    for p in board.points() {
        if board.get(p) == Some(color) && !marks.is_dead(p) {
            distance[slot(p)] = 0;
            queue.push_back(p);
        }
    }
    while let Some(p) = queue.pop_front() {
        for q in board.neighbours(p) {
            let open = board.get(q).is_none() || marks.is_dead(q);
            if open && distance[slot(q)] == u32::MAX {
                distance[slot(q)] = distance[slot(p)] + 1;
                queue.push_back(q);
            }
        }
    }
    distance
}

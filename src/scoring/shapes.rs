//! Eye-space shapes: the groups whose only eye space is a shape the opponent kills by playing
//! first (one to three points, the square and the pyramid four, the bulky and the cross five, the
//! rabbity six). Static knowledge the dead-stone guess uses where its playouts are unsure: play
//! has ended, so the opponent moves first in any dispute (Art. 21.4).

use crate::board::{Board, Color, Point};

/// The largest eye space looked at; a larger one is taken to make two eyes.
const LARGEST: usize = 6;

fn number(size: usize, p: Point) -> usize {
    p.row as usize * size + p.col as usize
}

/// A maximal connected set of points without `color`'s stones, and the chains around it.
struct Region {
    points: Vec<Point>,
    chains: Vec<usize>,
}

/// The groups of `color` with exactly one small eye space, that space killable: each as its
/// stones, with the points of the other regions it touches (to be checked by the caller: a group
/// whose other regions are its own territory is alive).
pub struct OneEyed {
    pub stones: Vec<Point>,
    /// The points of every region the group touches besides its eye space.
    pub outside: Vec<Point>,
}

/// Every group of `color` whose only small eye space (at most six points, the opponent's stones
/// in it counted) is a shape killed by the opponent's first move.
pub fn one_eyed(board: &Board, color: Color) -> Vec<OneEyed> {
    let size = board.size() as usize;
    let mut chain = vec![usize::MAX; size * size];
    let mut chain_stones: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if board.get(p) == Some(color) && chain[number(size, p)] == usize::MAX {
            let stones = board.chain(p);
            for &q in &stones {
                chain[number(size, q)] = chain_stones.len();
            }
            chain_stones.push(stones);
        }
    }
    let mut seen = vec![false; size * size];
    let mut regions: Vec<Region> = Vec::new();
    for start in board.points() {
        if board.get(start) == Some(color) || seen[number(size, start)] {
            continue;
        }
        seen[number(size, start)] = true;
        let mut points = vec![start];
        let mut k = 0;
        while k < points.len() {
            let p = points[k];
            k += 1;
            for q in board.neighbours(p) {
                if board.get(q) != Some(color) && !seen[number(size, q)] {
                    seen[number(size, q)] = true;
                    points.push(q);
                }
            }
        }
        let mut chains: Vec<usize> = points
            .iter()
            .flat_map(|&p| board.neighbours(p))
            .map(|q| chain[number(size, q)])
            .filter(|&c| c != usize::MAX)
            .collect();
        chains.sort_unstable();
        chains.dedup();
        regions.push(Region { points, chains });
    }
    // Groups: chains joined through the small regions they share.
    let mut parent: Vec<usize> = (0..chain_stones.len()).collect();
    fn root(parent: &mut [usize], mut c: usize) -> usize {
        while parent[c] != c {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        c
    }
    for r in regions.iter().filter(|r| r.points.len() <= LARGEST) {
        for w in r.chains.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let mut out = Vec::new();
    for g in 0..chain_stones.len() {
        if root(&mut parent, g) != g {
            continue;
        }
        let members: Vec<usize> = (0..chain_stones.len()).filter(|&c| root(&mut parent, c) == g).collect();
        let touching: Vec<&Region> = regions
            .iter()
            .filter(|r| r.chains.iter().any(|c| members.contains(c)))
            .collect();
        let eyes: Vec<&&Region> = touching.iter().filter(|r| r.points.len() <= LARGEST).collect();
        let [eye] = eyes[..] else { continue };
        if !killable(&eye.points) {
            continue;
        }
        let mut stones: Vec<Point> = members.iter().flat_map(|&c| chain_stones[c].iter().copied()).collect();
        stones.sort();
        let outside = touching
            .iter()
            .filter(|r| r.points.len() > LARGEST)
            .flat_map(|r| r.points.iter().copied())
            .collect();
        out.push(OneEyed { stones, outside });
    }
    out
}

/// Whether an eye space of these points gives at most one eye when the opponent plays first.
fn killable(points: &[Point]) -> bool {
    let touches = |a: Point, b: Point| a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1;
    let degree = |p: Point| points.iter().filter(|&&q| touches(p, q)).count();
    let degrees: Vec<usize> = points.iter().map(|&p| degree(p)).collect();
    let max = degrees.iter().copied().max().unwrap_or(0);
    let square = points.iter().any(|&p| {
        let at = |dc: u8, dr: u8| points.contains(&Point::new(p.col + dc, p.row + dr));
        at(1, 0) && at(0, 1) && at(1, 1)
    });
    match points.len() {
        0..=3 => true,
        4 => max == 3 || square,
        5 => max == 4 || square,
        6 => max == 4,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagram(text: &str) -> Board {
        match Board::from_diagram(text) {
            Ok(board) => board,
            Err(e) => panic!("a diagram: {e}"),
        }
    }

    fn shape(text: &str) -> Vec<Point> {
        let mut out = Vec::new();
        for (row, line) in text.lines().enumerate() {
            for (col, ch) in line.trim().chars().enumerate() {
                if ch == '#' {
                    out.push(Point::new(col as u8, row as u8));
                }
            }
        }
        out
    }

    #[test]
    fn the_shapes_killed_by_the_first_move_are_told_from_those_that_live() {
        assert!(killable(&shape("###")), "straight three");
        assert!(killable(&shape("##\n##")), "square four");
        assert!(killable(&shape("###\n.#.")), "pyramid four");
        assert!(!killable(&shape("####")), "straight four lives");
        assert!(!killable(&shape("###\n#..")), "bent four lives (not in the corner)");
        assert!(killable(&shape(".#.\n###\n.#.")), "cross five");
        assert!(killable(&shape("##.\n###")), "bulky five");
        assert!(!killable(&shape("#####")), "straight five lives");
        assert!(killable(&shape(".#.\n###\n.##")), "rabbity six");
        assert!(!killable(&shape("###\n###")), "rectangular six lives");
    }

    #[test]
    fn a_group_around_a_square_four_alone_is_found_and_one_with_a_second_eye_is_not() {
        let board = diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O . . . .
             X X X X O . . . .
             X . . X O . . . .
             X . . X O O O O O
             X X X X . X . X O",
        );
        let found = one_eyed(&board, Color::Black);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].stones.len(), 12);
        let alive = diagram(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O O O O O
             X X X X X X X X O
             X . . X . . . X O
             X . . X X X X X O
             X X X X . X . X O",
        );
        assert!(one_eyed(&alive, Color::Black).is_empty());
    }
}

//! Benson's unconditional life: the chains of one colour that no sequence of the opponent's
//! moves can capture, even if their owner always passes. Static knowledge the dead-stone guess
//! trusts before its playouts: such a chain is never suggested dead.

use crate::board::{Board, Color, Point};

/// The board's chains and the regions around them, by point number (`row * size + col`).
struct Layout {
    size: usize,
    /// Chain id of each stone of the colour looked at, per point.
    chain: Vec<Option<usize>>,
    chains: usize,
    /// For each region (a maximal connected set of points without that colour's stones): the
    /// chains bordering it, and the chains of which every empty point of it is a liberty.
    borders: Vec<Vec<usize>>,
    vital: Vec<Vec<usize>>,
}

fn number(size: usize, p: Point) -> usize {
    p.row as usize * size + p.col as usize
}

fn layout(board: &Board, color: Color) -> Layout {
    let size = board.size() as usize;
    let mut chain = vec![None; size * size];
    let mut chains = 0;
    for p in board.points() {
        if board.get(p) == Some(color) && chain[number(size, p)].is_none() {
            for q in board.chain(p) {
                chain[number(size, q)] = Some(chains);
            }
            chains += 1;
        }
    }
    let mut region = vec![usize::MAX; size * size];
    let mut borders = Vec::new();
    let mut vital = Vec::new();
    for start in board.points() {
        if board.get(start) == Some(color) || region[number(size, start)] != usize::MAX {
            continue;
        }
        let id = borders.len();
        let mut points = vec![start];
        region[number(size, start)] = id;
        let mut k = 0;
        while k < points.len() {
            let p = points[k];
            k += 1;
            for q in board.neighbours(p) {
                if board.get(q) != Some(color) && region[number(size, q)] == usize::MAX {
                    region[number(size, q)] = id;
                    points.push(q);
                }
            }
        }
        let mut around: Vec<usize> = points
            .iter()
            .flat_map(|&p| board.neighbours(p))
            .filter_map(|q| chain[number(size, q)])
            .collect();
        around.sort_unstable();
        around.dedup();
        // A chain is vital to the region when every empty point of it touches the chain.
        let empties: Vec<Point> = points.iter().copied().filter(|&p| board.get(p).is_none()).collect();
        let of_all: Vec<usize> = around
            .iter()
            .copied()
            .filter(|&c| {
                empties
                    .iter()
                    .all(|&e| board.neighbours(e).any(|q| chain[number(size, q)] == Some(c)))
            })
            .collect();
        borders.push(around);
        vital.push(of_all);
    }
    Layout {
        size,
        chain,
        chains,
        borders,
        vital,
    }
}

/// Every stone of `color` in a chain that is unconditionally alive (Benson 1976): the chains
/// kept are those with two or more vital regions among regions bordered only by chains kept.
pub fn unconditionally_alive(board: &Board, color: Color) -> Vec<Point> {
    let l = layout(board, color);
    let mut chain_in = vec![true; l.chains];
    let mut region_in = vec![true; l.borders.len()];
    loop {
        let mut vital_count = vec![0u32; l.chains];
        for (r, chains) in l.vital.iter().enumerate() {
            if region_in[r] {
                for &c in chains {
                    vital_count[c] += 1;
                }
            }
        }
        let mut changed = false;
        for c in 0..l.chains {
            if chain_in[c] && vital_count[c] < 2 {
                chain_in[c] = false;
                changed = true;
            }
        }
        for (r, around) in l.borders.iter().enumerate() {
            if region_in[r] && around.iter().any(|&c| !chain_in[c]) {
                region_in[r] = false;
            }
        }
        if !changed {
            break;
        }
    }
    let size = l.size;
    board
        .points()
        .filter(|&p| l.chain[number(size, p)].is_some_and(|c| chain_in[c]))
        .collect()
}

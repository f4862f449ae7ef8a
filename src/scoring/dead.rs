//! Dead-stone suggestions for a finished position: seeded Monte Carlo ownership (random
//! playouts that never fill their own eyes nor self-atari a group, so seki stands), read chain by
//! chain. Only a suggestion: the arbiter confirms or changes it; nothing is applied silently.

use crate::board::{Board, Color, Point};
use crate::playout::{Policy, Rng, play_out};

/// How many playouts a suggestion runs, by board size.
pub fn playouts_for(size: u8) -> u32 {
    if size <= 9 { 600 } else if size <= 13 { 400 } else { 300 }
}

/// Who owns each point at the end of random play: +1 always Black, -1 always White, per
/// point in `board.points()` order. Half the playouts start with each player.
pub fn ownership(board: &Board, playouts: u32, seed: u64) -> Vec<f32> {
    let points: Vec<Point> = board.points().collect();
    let indices: Vec<usize> = points.iter().map(|&p| board.index_of(p)).collect();
    let mut sum = vec![0i32; points.len()];
    let mut rng = Rng::new(seed);
    let policy = Policy { superko: false, no_self_atari: true };
    let max_moves = 3 * points.len() as u32;
    for n in 0..playouts {
        let first = if n % 2 == 0 { Color::Black } else { Color::White };
        let mut b = board.clone();
        play_out(&mut b, first, &mut rng, max_moves, policy);
        for (k, &i) in indices.iter().enumerate() {
            sum[k] += match b.color_index(i) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => b.eye_owner_index(i).map_or(0, |c| if c == Color::Black { 1 } else { -1 }),
            };
        }
    }
    sum.into_iter().map(|s| s as f32 / playouts.max(1) as f32).collect()
}

/// Suggests the dead stones of a finished position, deterministically for `seed`.
pub fn suggest_dead(board: &Board, to_move: Color, seed: u64) -> Vec<Point> {
    let _ = to_move;
    let own = ownership(board, playouts_for(board.size()), seed);
    let size = board.size() as usize;
    let at = |p: Point| own[p.row as usize * size + p.col as usize];
    let mut dead = Vec::new();
    let mut seen = vec![false; size * size];
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if seen[p.row as usize * size + p.col as usize] {
            continue;
        }
        let chain = board.chain(p);
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let mean: f32 = chain.iter().map(|&q| at(q) * sign).sum::<f32>() / chain.len() as f32;
        for &q in &chain {
            seen[q.row as usize * size + q.col as usize] = true;
        }
        if mean < 0.0 {
            dead.extend(chain);
        }
    }
    dead.sort();
    dead
}

//! Seeded random playouts: uniformly random legal moves that never fill a player's own eye,
//! until both pass. Used by the benchmark and, later, by the dead-stone guesser.

use std::collections::HashSet;

use crate::board::{Board, Color};

/// SplitMix64: a small, fast, seeded generator. Randomness enters only through its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What a playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Stones placed.
    pub moves: u32,
    /// Stones captured.
    pub captured: u32,
}

/// How a playout chooses among legal moves (it never fills a player's own eye).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    /// Refuse a move that recreates an earlier position of the playout (positional superko);
    /// otherwise only the simple ko is checked.
    pub superko: bool,
    /// Refuse a move that leaves the mover's own chain of two or more stones in atari without
    /// capturing: keeps seki standing and dead shapes dead.
    pub no_self_atari: bool,
    /// When the opponent's last move left its own chain in atari, take it.
    pub capture_last: bool,
}

/// Plays random legal moves on `board`, `first` to move, until two passes in a row or
/// `max_moves`.
pub fn play_out(board: &mut Board, first: Color, rng: &mut Rng, max_moves: u32, policy: Policy) -> Playout {
    let superko = policy.superko;
    let mut empties = board.empty_indices();
    let mut seen: HashSet<u64> = HashSet::new();
    if superko {
        seen.insert(board.hash());
    }
    let mut color = first;
    let mut ko: Option<usize> = None;
    let mut passes = 0;
    let mut last_move: Option<usize> = None;
    let mut result = Playout::default();
    while passes < 2 && result.moves < max_moves {
        let mut candidates = empties.len();
        let mut played = None;
        if policy.capture_last
            && let Some(last) = last_move
            && let Some(lib) = board.last_liberty_index(last)
            && Some(lib) != ko
            && !board.is_suicide_index(color, lib)
        {
            played = empties.iter().position(|&e| e == lib).map(|k| (k, lib));
        }
        while played.is_none() && candidates > 0 {
            let k = rng.below(candidates);
            let i = empties[k];
            let ok = Some(i) != ko
                && !board.is_eye_index(color, i)
                && !board.is_suicide_index(color, i)
                && (!policy.no_self_atari || !board.is_self_atari_index(color, i))
                && (!superko || !seen.contains(&board.hash_after_index(color, i)));
            if ok {
                played = Some((k, i));
                break;
            }
            candidates -= 1;
            empties.swap(k, candidates);
        }
        match played {
            None => {
                passes += 1;
                ko = None;
                last_move = None;
            }
            Some((k, i)) => {
                last_move = Some(i);
                passes = 0;
                empties.swap_remove(k);
                let placement = board.place_index_noting(color, i, Some(&mut empties));
                result.moves += 1;
                result.captured += placement.captured;
                ko = placement.ko_point.map(|p| board.index_of(p));
                if superko {
                    seen.insert(board.hash());
                }
            }
        }
        color = color.opponent();
    }
    result
}

//! Dead-stone suggestions for a finished position: seeded Monte Carlo ownership (random
//! playouts that never fill their own eyes nor self-atari a group, so seki stands), read chain by
//! chain, after Benson's unconditional life, with the one-eyed shapes of `shapes` where the
//! playouts are unsure; each chain with its confidence, the unsure ones to be checked. Only a suggestion: the arbiter confirms or changes it; nothing is applied
//! silently.

use crate::board::{Board, Color, Point};
use crate::playout::{Policy, Rng, play_out};
use crate::scoring::benson::unconditionally_alive;
use crate::scoring::shapes::one_eyed;

/// Playouts run between two looks at whether every chain is decided.
const BATCH: u32 = 32;
/// At least this many playouts before stopping early.
const MIN_PLAYOUTS: u32 = 64;
/// A chain is decided when its mean ownership is at least this far from even.
const DECIDED: f32 = 0.4;
/// A chain is alive when its owner holds its points by more than this margin of mean ownership
/// (from -1 to +1), dead otherwise. Play has ended, so a chain that random play leaves barely on
/// its owner's side is more often dead than alive: at 0.15 the public set's 9x9 margins go from
/// 97.9% to 98.4-98.7% exact over seeds 1 to 3, 19x19 stays within the seeds' noise, and the
/// final positions as setup stones lose nothing.
const ALIVE_ABOVE: f32 = 0.15;
/// A one-eyed group whose playouts are unsure is dead when the empty points around it outside its
/// eye space are held by the opponent at least this firmly (mean ownership for the group's owner,
/// -1 to +1). At -0.8, against no shape knowledge, over seeds 1 to 3: 9x9 exact margins 98.4-98.7%
/// -> 98.7-99.0%, 19x19 96.8-97.4% -> 97.1-97.4%, setup stones 9x9 98.4 -> 98.7%, 19x19 96.5 -> 97.1%
/// (seed 1); looser lines (0, -0.3, -0.6) lose 19x19 games whose borders are not sealed.
const OUTSIDE_HELD: f32 = -0.8;

/// The most playouts a suggestion runs, by board size.
pub fn max_playouts(size: u8) -> u32 {
    if size <= 9 { 640 } else { 256 }
}

/// Who owns each point at the end of random play: +1 always Black, -1 always White.
/// Half the playouts start with each player.
struct Ownership {
    /// Padded board indices of the points, in `board.points()` order.
    indices: Vec<usize>,
    sum: Vec<i32>,
    playouts: u32,
    rng: Rng,
}

impl Ownership {
    fn new(board: &Board, seed: u64) -> Ownership {
        let indices: Vec<usize> = board.points().map(|p| board.index_of(p)).collect();
        let sum = vec![0; indices.len()];
        Ownership {
            indices,
            sum,
            playouts: 0,
            rng: Rng::new(seed),
        }
    }

    fn run(&mut self, board: &Board, count: u32) {
        let policy = Policy {
            superko: false,
            no_self_atari: true,
            capture_last: true,
        };
        let max_moves = 3 * self.indices.len() as u32;
        for _ in 0..count {
            let first = if self.playouts.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            };
            let mut b = board.clone();
            play_out(&mut b, first, &mut self.rng, max_moves, policy);
            for (k, &i) in self.indices.iter().enumerate() {
                let owner = b.color_index(i).or_else(|| b.eye_owner_index(i));
                self.sum[k] += match owner {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                };
            }
            self.playouts += 1;
        }
    }

    /// Mean ownership of point number `k` (in `board.points()` order), from -1 to +1.
    fn mean(&self, k: usize) -> f32 {
        self.sum[k] as f32 / self.playouts.max(1) as f32
    }
}

/// Ownership of every point (in `board.points()` order) over `playouts` random playouts.
pub fn ownership(board: &Board, playouts: u32, seed: u64) -> Vec<f32> {
    let mut own = Ownership::new(board, seed);
    own.run(board, playouts);
    (0..own.sum.len()).map(|k| own.mean(k)).collect()
}

/// Below this confidence a chain's status is not settled: the arbiter is asked to check it
/// ("check this") rather than the guess being taken silently.
pub const DOUBT: f32 = 0.5;

/// The guess for one chain.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainGuess {
    pub color: Color,
    /// Its stones, sorted.
    pub stones: Vec<Point>,
    pub dead: bool,
    /// How sure the guess is, from 0 (a coin toss) to 1 (certain: unconditionally alive, or
    /// owned in every playout).
    pub confidence: f32,
}

impl ChainGuess {
    /// Whether the arbiter should check this chain (its confidence is below [`DOUBT`]).
    pub fn unsettled(&self) -> bool {
        self.confidence < DOUBT
    }
}

/// The dead-stone guess of a finished position, chain by chain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Guess {
    pub chains: Vec<ChainGuess>,
}

impl Guess {
    /// The stones suggested dead, sorted.
    pub fn dead(&self) -> Vec<Point> {
        self.stones(|c| c.dead)
    }
    /// The stones of the chains to check, sorted.
    pub fn unsettled(&self) -> Vec<Point> {
        self.stones(ChainGuess::unsettled)
    }
    /// The stones of the chains whose confidence is below `doubt`.
    pub fn below(&self, doubt: f32) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| c.confidence < doubt)
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        out.sort();
        out
    }
    fn stones(&self, keep: impl Fn(&ChainGuess) -> bool) -> Vec<Point> {
        let mut out: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| keep(c))
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        out.sort();
        out
    }
}

/// Suggests the dead stones of a finished position, deterministically for `seed`: a chain is
/// dead when, in random play from here, its owner does not hold its points by more than a margin.
pub fn suggest_dead(board: &Board, to_move: Color, seed: u64) -> Vec<Point> {
    guess(board, to_move, seed).dead()
}

/// The guess chain by chain, deterministically for `seed`. First static knowledge: a chain
/// unconditionally alive (Benson) is alive with full confidence, whatever the playouts say; a
/// chain the playouts are unsure of, in a group whose only eye space is a killable shape
/// ([`one_eyed`]) amid the opponent's area, is dead (still flagged by its confidence).
/// Then seeded playouts: a chain is dead unless its owner holds its points by more than
/// [`ALIVE_ABOVE`] of mean ownership, and its confidence is how far it is from that line.
pub fn guess(board: &Board, to_move: Color, seed: u64) -> Guess {
    let _ = to_move; // playouts alternate who starts, so the suggestion does not lean on it
    let size = board.size() as usize;
    let number = |p: Point| p.row as usize * size + p.col as usize;
    let mut safe = vec![false; size * size];
    for color in [Color::Black, Color::White] {
        for p in unconditionally_alive(board, color) {
            safe[number(p)] = true;
        }
    }
    // Chains as (sign of their colour, point numbers).
    let mut chains: Vec<(f32, Vec<Point>)> = Vec::new();
    let mut seen = vec![false; size * size];
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if seen[number(p)] {
            continue;
        }
        let mut chain = board.chain(p);
        chain.sort();
        for &q in &chain {
            seen[number(q)] = true;
        }
        chains.push((if color == Color::Black { 1.0 } else { -1.0 }, chain));
    }
    let mut own = Ownership::new(board, seed);
    let chain_mean = |own: &Ownership, (sign, chain): &(f32, Vec<Point>)| {
        if safe[number(chain[0])] {
            return 1.0;
        }
        chain.iter().map(|&q| own.mean(number(q)) * sign).sum::<f32>() / chain.len() as f32
    };
    let limit = max_playouts(board.size());
    let open = chains.iter().any(|c| !safe[number(c.1[0])]);
    while open && own.playouts < limit {
        own.run(board, BATCH);
        let decided = chains.iter().all(|c| chain_mean(&own, c).abs() >= DECIDED);
        if own.playouts >= MIN_PLAYOUTS && decided {
            break;
        }
    }
    let one_eyed = one_eyed_dead(board, &own);
    let chains = chains
        .iter()
        .map(|c| {
            // Above zero alive, below dead; the confidence is the distance from zero, and certain
            // for a chain Benson's test finds unconditionally alive.
            let mean = chain_mean(&own, c) - ALIVE_ABOVE;
            let unsure = mean.abs() < DOUBT;
            let certain = safe[number(c.1[0])];
            ChainGuess {
                color: if c.0 > 0.0 { Color::Black } else { Color::White },
                stones: c.1.clone(),
                dead: !certain && (mean < 0.0 || (unsure && one_eyed[number(c.1[0])])),
                confidence: if certain { 1.0 } else { mean.abs().min(1.0) },
            }
        })
        .collect();
    Guess { chains }
}

/// Per point number, whether its stone is in a group whose only eye space the opponent kills by
/// playing first ([`one_eyed`]) and whose other surroundings random play gives the opponent (mean
/// ownership for the group's owner at most [`OUTSIDE_HELD`]: they are not its territory).
fn one_eyed_dead(board: &Board, own: &Ownership) -> Vec<bool> {
    let size = board.size() as usize;
    let number = |p: Point| p.row as usize * size + p.col as usize;
    let mut out = vec![false; size * size];
    for color in [Color::Black, Color::White] {
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        for group in one_eyed(board, color) {
            let open: Vec<f32> = group
                .outside
                .iter()
                .filter(|&&p| board.get(p).is_none())
                .map(|&p| own.mean(number(p)) * sign)
                .collect();
            let held = open.iter().sum::<f32>() / open.len().max(1) as f32;
            if held <= OUTSIDE_HELD {
                for p in group.stones {
                    out[number(p)] = true;
                }
            }
        }
    }
    out
}

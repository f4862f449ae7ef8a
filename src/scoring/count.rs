//! The count of a marked final position: area counting (Art. 9) or territory counting
//! (Japanese, Korean), with komi, handicap compensation and penalty stones (Art. 24.1).
//!
//! Dead stones are taken off first. The board then falls into live stones and regions:
//! connected empty points (dead stones' points included). A region bordered by live stones
//! of one colour only belongs to that colour; any other region (bordered by both colours,
//! seki points included, or by none) is shared, and so are the points the arbiter marked
//! dame (neutral) wherever they are. Under area counting a side has its live
//! stones, its regions and half of every shared point, so the two sides always add up to
//! the whole board. Under territory counting a side has its regions, except those next to
//! a stone marked seki (eyes in seki are not territory), plus its prisoners and the
//! opponent's dead stones; shared points count for nobody.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::rules::{Counting, Rules};

use super::{GameResult, Marks, Quarters, Status};

/// A count that cannot be made.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ScoringError {
    #[error("komi {0} is not a whole or half number of points")]
    Komi(f64),
    #[error("handicap compensation {0} is not a whole or half number of points")]
    Compensation(f64),
    #[error("the marks are for a {marks}x{marks} board, the position is {board}x{board}")]
    MarksSize { marks: u8, board: u8 },
    #[error("one-side counting needs area counting; these rules count territory")]
    NotArea,
}

/// Everything besides the position that decides the count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    pub counting: Counting,
    /// Given to White.
    pub komi: Quarters,
    /// Handicap compensation, given to White.
    pub compensation: Quarters,
    /// Warnings against Black and against White: one stone (two points) each (Art. 24.1).
    pub penalties: [u32; 2],
}

impl Terms {
    /// The terms of `rules` for a game with `handicap` stones: komi as the rules say,
    /// compensation `rules.handicap_compensation.points(handicap)`.
    pub fn new(rules: &Rules, handicap: u32, penalties: [u32; 2]) -> Result<Terms, ScoringError> {
        let compensation_points = rules.handicap_compensation.points(handicap);
        Ok(Terms {
            counting: rules.counting,
            komi: Quarters::from_points_f64(rules.komi).ok_or(ScoringError::Komi(rules.komi))?,
            compensation: Quarters::from_points_f64(compensation_points)
                .ok_or(ScoringError::Compensation(compensation_points))?,
            penalties,
        })
    }
}

/// One side's share of the count. Amounts in [`Quarters`] read as points through
/// `.points()` (under area counting a point of area is also a stone of area).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideCount {
    /// Live stones on the board (in seki included).
    pub stones: u32,
    /// Points of the regions this side alone surrounds, dead stones' points included
    /// (under territory counting, not those next to a seki).
    pub territory: u32,
    /// Area counting: half of the shared points. Territory counting: zero.
    pub dame_share: Quarters,
    /// Stones this side captured during play (counted under territory counting only).
    pub prisoners: u32,
    /// The opponent's stones marked dead (counted as prisoners under territory counting).
    pub dead: u32,
    /// Area: stones + territory + dame share. Territory: territory + prisoners + dead.
    pub score: Quarters,
    /// Komi received (White only).
    pub komi: Quarters,
    /// Handicap compensation received (White only).
    pub compensation: Quarters,
    /// Taken away: one stone, two points, per warning.
    pub penalty: Quarters,
    /// score + komi + compensation - penalty.
    pub total: Quarters,
}

/// The count of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    pub counting: Counting,
    /// Points of the board (361 on 19x19).
    pub board_points: u32,
    /// Shared points: split half each under area counting, nobody's under territory counting.
    pub dame: u32,
    /// Territory counting: eye points next to seki stones, nobody's. Zero under area counting.
    pub seki_eyes: u32,
    pub black: SideCount,
    pub white: SideCount,
    /// Black's total minus White's, in points through `.points()`: positive when Black is ahead.
    pub margin: Quarters,
}

impl Count {
    pub fn side(&self, color: Color) -> &SideCount {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The result this count gives (a draw when the margin is zero, Art. 9).
    pub fn result(&self) -> GameResult {
        GameResult::by_count(self.margin)
    }
}

/// Counts `board` with the stones marked in `marks`, the `prisoners` taken in play by Black
/// and by White, under `terms`.
pub fn count(board: &Board, marks: &Marks, prisoners: [u32; 2], terms: &Terms) -> Result<Count, ScoringError> {
    if marks.size() != board.size() {
        return Err(ScoringError::MarksSize {
            marks: marks.size(),
            board: board.size(),
        });
    }
    let mut stones = [0u32; 2];
    let mut dead = [0u32; 2];
    for p in board.points() {
        if let Some(c) = board.get(p) {
            match marks.status(p) {
                Status::Dead => dead[c.index()] += 1,
                Status::Alive | Status::Seki => stones[c.index()] += 1,
            }
        }
    }
    let mut territory = [0u32; 2];
    let (mut dame, mut seki_eyes) = (0u32, 0u32);
    for region in regions(board, marks) {
        let points = region.points.len() as u32;
        match region.owner() {
            Some(_) if terms.counting == Counting::Territory && region.next_to_seki => seki_eyes += points,
            Some(c) => territory[c.index()] += points,
            None => dame += points,
        }
    }
    let side = |color: Color| {
        let i = color.index();
        let opponent = color.opponent().index();
        let (dame_share, score) = match terms.counting {
            Counting::Area => (
                Quarters(dame as i32),
                Quarters::from_points((stones[i] + territory[i]) as i32) + Quarters(dame as i32),
            ),
            Counting::Territory => (
                Quarters::ZERO,
                Quarters::from_points((territory[i] + prisoners[i] + dead[opponent]) as i32),
            ),
        };
        let (komi, compensation) = match color {
            Color::Black => (Quarters::ZERO, Quarters::ZERO),
            Color::White => (terms.komi, terms.compensation),
        };
        let penalty = Quarters::from_stones(terms.penalties[i] as i32);
        SideCount {
            stones: stones[i],
            territory: territory[i],
            dame_share,
            prisoners: prisoners[i],
            dead: dead[opponent],
            score,
            komi,
            compensation,
            penalty,
            total: score + komi + compensation - penalty,
        }
    };
    let (black, white) = (side(Color::Black), side(Color::White));
    let board_points = u32::from(board.size()) * u32::from(board.size());
    Ok(Count {
        counting: terms.counting,
        board_points,
        dame,
        seki_eyes,
        margin: black.total - white.total,
        black,
        white,
    })
}

/// Counts the position at the cursor of `game` under its rules and handicap.
pub fn count_game(game: &Game, marks: &Marks, penalties: [u32; 2]) -> Result<Count, ScoringError> {
    let terms = Terms::new(&game.rules, game.info.handicap, penalties)?;
    let position = game.position();
    count(&position.board, marks, position.prisoners, &terms)
}

/// A connected set of empty points and dead stones: the one place where the board is split
/// into what each side surrounds (the count, the counting screen and the PNG export read it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub points: Vec<Point>,
    /// Whether live stones of Black, of White, border it.
    pub borders: [bool; 2],
    /// Whether a stone marked seki borders it.
    pub next_to_seki: bool,
    /// The points of a region the arbiter marked dame: split off from the rest of their region
    /// (same borders), and shared.
    pub dame: bool,
}

impl Region {
    /// The colour that alone borders the region; nobody for points marked dame.
    pub fn owner(&self) -> Option<Color> {
        if self.dame {
            return None;
        }
        match self.borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// The regions of `board` once the `marks`' dead stones are taken off; the points marked dame
/// in each come as a region of their own.
pub fn regions(board: &Board, marks: &Marks) -> Vec<Region> {
    let size = usize::from(board.size());
    let slot = |p: Point| usize::from(p.row) * size + usize::from(p.col);
    let open = |p: Point| board.get(p).is_none() || marks.is_dead(p);
    let mut seen = vec![false; size * size];
    let mut regions = Vec::new();
    for start in board.points() {
        if seen[slot(start)] || !open(start) {
            continue;
        }
        seen[slot(start)] = true;
        let mut region = Region {
            points: Vec::new(),
            borders: [false; 2],
            next_to_seki: false,
            dame: false,
        };
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            region.points.push(p);
            for n in board.neighbours(p) {
                if open(n) {
                    if !seen[slot(n)] {
                        seen[slot(n)] = true;
                        stack.push(n);
                    }
                } else if let Some(c) = board.get(n) {
                    region.borders[c.index()] = true;
                    region.next_to_seki |= marks.is_seki(n);
                }
            }
        }
        let (dame, rest): (Vec<Point>, Vec<Point>) = region.points.iter().partition(|&&p| marks.is_dame(p));
        if !dame.is_empty() {
            regions.push(Region {
                points: dame,
                dame: true,
                ..region.clone()
            });
            region.points = rest;
        }
        if !region.points.is_empty() {
            regions.push(region);
        }
    }
    regions
}

//! Standings by Art. 27: game points 2/1/0, the round-robin tie-breaks and the Swiss total score, as a text table and CSV.
//!
//! - Games counted: every table with a result other than "no result" (void, replay) or unknown.
//!   A win gives 2, a draw 1 each, a loss 0; "both lose" is a loss for both; a forfeit or
//!   disqualification counts as a win and a loss.
//! - Round robin: points, then (A) the sum of the points of the opponents beaten plus half the
//!   points of those drawn with, then (B) fewer warnings over the event; players still equal
//!   share the place (the rules' (C), a playoff or lots, is the organiser's).
//! - Swiss: the total score of the old text, total = own points + (sum of the opponents' points
//!   / (half the top score) - rounds), where the top score is the highest points total in the
//!   event and rounds the number of rounds with at least one table (when the top score is 0
//!   the total is the own points); then the sum of the opponents' points, then fewer warnings.
//! - The system is a round robin when every player met every other exactly once, Swiss otherwise.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::board::Color;
use crate::ledger::{EventWarnings, PlayedGame};
use crate::scoring::{GameResult, Reason};
use crate::session::{PlayerId, Rank, Session};

use super::ExportError;

/// How the event was paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    RoundRobin,
    Swiss,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the first; players equal on every criterion share a place.
    pub place: usize,
    pub player: PlayerId,
    pub name: String,
    pub rank: Rank,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Game points (2/1/0).
    pub points: u32,
    /// Tie-break A, doubled to stay exact: 2 x the points of the opponents beaten + the points
    /// of those drawn with.
    pub beaten_doubled: u32,
    /// The sum of all opponents' points (Swiss).
    pub opponents_points: u32,
    /// The Swiss total score.
    pub total: f64,
    /// Warnings over the event (tie-break B).
    pub warnings: u32,
}

impl Standing {
    /// Tie-break A in points (halves possible).
    pub fn beaten(&self) -> f64 {
        f64::from(self.beaten_doubled) / 2.0
    }
}

/// What a game gave each side: points, and whether it was a win, draw or loss (`None` when the
/// game does not count).
fn points(result: &GameResult) -> Option<[u32; 2]> {
    match (result.reason, result.winner) {
        (Reason::NoResult | Reason::Playoff | Reason::Replay | Reason::Unknown, _) => None,
        (Reason::Draw, _) => Some([1, 1]),
        (_, Some(Color::Black)) => Some([2, 0]),
        (_, Some(Color::White)) => Some([0, 2]),
        (_, None) => Some([0, 0]),
    }
}

/// The counted games: (black, white, points of each).
fn counted(session: &Session) -> Vec<(PlayerId, PlayerId, [u32; 2])> {
    session
        .tables()
        .filter_map(|(_, t)| Some((t.black, t.white, points(t.game.result.as_ref()?)?)))
        .collect()
}

/// Round robin when every pair of players met exactly once.
pub fn detect(session: &Session) -> System {
    let n = session.players.len();
    let mut pairs = BTreeSet::new();
    let mut tables = 0;
    for (_, t) in session.tables() {
        tables += 1;
        pairs.insert((t.black.min(t.white), t.black.max(t.white)));
    }
    if n >= 2 && tables == n * (n - 1) / 2 && pairs.len() == tables {
        System::RoundRobin
    } else {
        System::Swiss
    }
}

/// The standings under `system`, first place first.
pub fn standings(session: &Session, system: System) -> Result<Vec<Standing>, ExportError> {
    let games = counted(session);
    let warnings = EventWarnings::tally(session.tables().map(|(_, t)| PlayedGame {
        black: name_of(session, t.black),
        white: name_of(session, t.white),
        ledger: &t.game.ledger,
    }));
    let mut by_player: BTreeMap<PlayerId, Standing> = session
        .players
        .iter()
        .map(|p| {
            (
                p.id,
                Standing {
                    place: 0,
                    player: p.id,
                    name: p.name.clone(),
                    rank: p.rank,
                    games: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    points: 0,
                    beaten_doubled: 0,
                    opponents_points: 0,
                    total: 0.0,
                    warnings: warnings.of(&p.name),
                },
            )
        })
        .collect();
    for &(black, white, pts) in &games {
        for (id, own) in [(black, pts[0]), (white, pts[1])] {
            let s = by_player.get_mut(&id).ok_or(ExportError::UnknownPlayer(id))?;
            s.games += 1;
            s.points += own;
            match own {
                2 => s.wins += 1,
                1 => s.draws += 1,
                _ => s.losses += 1,
            }
        }
    }
    let totals: BTreeMap<PlayerId, u32> = by_player.iter().map(|(id, s)| (*id, s.points)).collect();
    for &(black, white, pts) in &games {
        for (me, them, own) in [(black, white, pts[0]), (white, black, pts[1])] {
            let theirs = totals.get(&them).copied().unwrap_or(0);
            if let Some(s) = by_player.get_mut(&me) {
                s.opponents_points += theirs;
                s.beaten_doubled += match own {
                    2 => 2 * theirs,
                    1 => theirs,
                    _ => 0,
                };
            }
        }
    }
    let top = totals.values().copied().max().unwrap_or(0);
    let rounds = session.rounds.iter().filter(|r| !r.tables.is_empty()).count() as f64;
    let mut list: Vec<Standing> = by_player.into_values().collect();
    for s in &mut list {
        s.total = if top == 0 {
            f64::from(s.points)
        } else {
            f64::from(s.points) + (f64::from(s.opponents_points) / (f64::from(top) / 2.0) - rounds)
        };
    }
    let key = |a: &Standing, b: &Standing| -> Ordering {
        match system {
            System::RoundRobin => b
                .points
                .cmp(&a.points)
                .then(b.beaten_doubled.cmp(&a.beaten_doubled))
                .then(a.warnings.cmp(&b.warnings)),
            System::Swiss => b
                .total
                .total_cmp(&a.total)
                .then(b.opponents_points.cmp(&a.opponents_points))
                .then(a.warnings.cmp(&b.warnings)),
        }
    };
    list.sort_by(|a, b| key(a, b).then(a.player.cmp(&b.player)));
    for i in 0..list.len() {
        list[i].place = if i > 0 && key(&list[i - 1], &list[i]) == Ordering::Equal {
            list[i - 1].place
        } else {
            i + 1
        };
    }
    Ok(list)
}

fn name_of(session: &Session, id: PlayerId) -> &str {
    session.player(id).map_or("", |p| p.name.as_str())
}

/// The standings as a text table for the notice board.
pub fn text(list: &[Standing], system: System) -> String {
    let width = list.iter().map(|s| s.name.chars().count()).max().unwrap_or(4).max(4);
    let mut out = match system {
        System::RoundRobin => format!(
            "{:>5}  {:<width$}  {:>4}  {:>2} {:>2} {:>2} {:>2}  {:>4}  {:>6}  {:>4}\n",
            "Place", "Name", "Rank", "G", "W", "D", "L", "Pts", "A", "Warn"
        ),
        System::Swiss => format!(
            "{:>5}  {:<width$}  {:>4}  {:>2} {:>2} {:>2} {:>2}  {:>4}  {:>6}  {:>7}  {:>4}\n",
            "Place", "Name", "Rank", "G", "W", "D", "L", "Pts", "SOS", "Total", "Warn"
        ),
    };
    for s in list {
        let head = format!(
            "{:>5}  {:<width$}  {:>4}  {:>2} {:>2} {:>2} {:>2}  {:>4}",
            s.place,
            s.name,
            s.rank.to_string(),
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points
        );
        out.push_str(&match system {
            System::RoundRobin => format!("{head}  {:>6}  {:>4}\n", s.beaten(), s.warnings),
            System::Swiss => format!(
                "{head}  {:>6}  {:>7.2}  {:>4}\n",
                s.opponents_points, s.total, s.warnings
            ),
        });
    }
    out
}

/// The standings as CSV (see [`super::csv::record`]).
pub fn csv(list: &[Standing]) -> String {
    let mut out = super::csv::record(&[
        "place",
        "name",
        "rank",
        "games",
        "wins",
        "draws",
        "losses",
        "points",
        "tiebreak_a",
        "opponents_points",
        "swiss_total",
        "warnings",
    ]);
    for s in list {
        out.push_str(&super::csv::record(&[
            s.place.to_string(),
            s.name.clone(),
            s.rank.to_string(),
            s.games.to_string(),
            s.wins.to_string(),
            s.draws.to_string(),
            s.losses.to_string(),
            s.points.to_string(),
            s.beaten().to_string(),
            s.opponents_points.to_string(),
            format!("{:.2}", s.total),
            s.warnings.to_string(),
        ]));
    }
    out
}

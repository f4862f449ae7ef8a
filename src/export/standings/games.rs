//! The games the standings count, with the withdrawals applied as Art. 28 says for the declared
//! system.
//!
//! - A win gives 2, a draw 1 each, a loss 0; "both lose" is a loss for both; a forfeit or
//!   disqualification counts as a win and a loss; "no result", play-off, replay and unknown
//!   results do not count.
//! - Round robin (2002 Art. 28.2: "在循环制赛中，如果棋手退出比赛，其已赛局数不足总轮次的一半，则其已赛
//!   成绩全部无效。如果已赛局数达到轮次的一半，则其已赛成绩有效，以下的比赛按弃权处理"): the total rounds are
//!   the schedule's (n - 1 per cycle for n players, n when n is odd; more when the session has
//!   more); fewer than half played by the withdrawal: every game of theirs is void; at least
//!   half: their games after it are forfeits to the opponent, and each meeting not yet
//!   seated is a forfeit win for the opponent.
//! - Swiss and McMahon (28.3: "其已赛成绩有效，以后的比赛不再编排"): the results stand.
//! - Team events (28.4: "已赛成绩均有效，未赛部分均作弃权处理"): their games after the withdrawal
//!   are forfeits to the opponent.

use std::collections::{BTreeMap, BTreeSet};

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::{PlayerId, Session, System};

/// One counted game: who played, what each got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub round: u32,
    /// The table's number in its round (0 when not seated).
    pub table: u32,
    pub black: PlayerId,
    pub white: PlayerId,
    pub points: [u32; 2],
    /// Not seated: a meeting a withdrawn player's forfeit stands for (Art. 28.2).
    pub unseated: bool,
}

/// What a game gave each side, `None` when it does not count.
pub fn points(result: &GameResult) -> Option<[u32; 2]> {
    match (result.reason, result.winner) {
        (Reason::NoResult | Reason::Playoff | Reason::Replay | Reason::Unknown, _) => None,
        (Reason::Draw, _) => Some([1, 1]),
        (_, Some(Color::Black)) => Some([2, 0]),
        (_, Some(Color::White)) => Some([0, 2]),
        (_, None) => Some([0, 0]),
    }
}

/// The rounds of the whole event: a round robin's schedule for its players (n - 1 rounds per
/// cycle, n when n is odd), or the session's rounds when there are more; else the rounds with
/// at least one table.
pub fn total_rounds(session: &Session, system: System) -> u32 {
    let seated = session.rounds.iter().filter(|r| !r.tables.is_empty()).count() as u32;
    if !system.is_round_robin() {
        return seated;
    }
    let n = session.players.len() as u32;
    let per_cycle = if n.is_multiple_of(2) { n.saturating_sub(1) } else { n };
    (per_cycle * system.cycles()).max(session.rounds.len() as u32)
}

/// The counted games under `system`, and the players whose results are void (Art. 28.2).
pub fn counted(session: &Session, system: System) -> (Vec<Counted>, BTreeSet<PlayerId>) {
    let mut games: Vec<Counted> = session
        .tables()
        .filter_map(|(id, t)| {
            Some(Counted {
                round: id.round,
                table: id.table,
                black: t.black,
                white: t.white,
                points: points(t.game.result.as_ref()?)?,
                unseated: false,
            })
        })
        .collect();
    let mut void = BTreeSet::new();
    let total = total_rounds(session, system);
    for w in &session.tournament.withdrawals {
        let mine = |g: &Counted| g.black == w.player || g.white == w.player;
        if system.is_round_robin() {
            let played = games.iter().filter(|g| mine(g) && g.round <= w.after_round).count() as u32;
            if 2 * played < total {
                void.insert(w.player);
                continue;
            }
        }
        if system.is_round_robin() || system.is_team() {
            for g in games.iter_mut().filter(|g| mine(g) && g.round > w.after_round) {
                g.points = if g.black == w.player { [0, 2] } else { [2, 0] };
            }
        }
    }
    games.retain(|g| !void.contains(&g.black) && !void.contains(&g.white));
    if system.is_round_robin() {
        add_unseated(session, system, &mut games, &void);
    }
    (games, void)
}

/// Each meeting of a withdrawn player not yet seated: a forfeit win for the opponent.
fn add_unseated(session: &Session, system: System, games: &mut Vec<Counted>, void: &BTreeSet<PlayerId>) {
    let mut met: BTreeMap<(PlayerId, PlayerId), u32> = BTreeMap::new();
    for (_, t) in session.tables() {
        *met.entry((t.black.min(t.white), t.black.max(t.white))).or_default() += 1;
    }
    for w in &session.tournament.withdrawals {
        if void.contains(&w.player) {
            continue;
        }
        for other in session.players.iter().map(|p| p.id) {
            if other == w.player || void.contains(&other) {
                continue;
            }
            // Two withdrawn players who never met: both lose, counted once.
            let both = session.tournament.withdrawal(other).is_some();
            if both && other < w.player {
                continue;
            }
            let seated = met
                .get(&(w.player.min(other), w.player.max(other)))
                .copied()
                .unwrap_or(0);
            for _ in seated..system.cycles() {
                games.push(Counted {
                    round: w.after_round + 1,
                    table: 0,
                    black: other,
                    white: w.player,
                    points: if both { [0, 0] } else { [2, 0] },
                    unseated: true,
                });
            }
        }
    }
}

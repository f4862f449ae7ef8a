//! Standings as the rules rank them (Arts. 27-28, both editions), for the system the event
//! declares (Art. 26), as a text table and CSV; team standings in [`teams`].
//!
//! Game points (2/1/0) come first in every system ("胜者记2分，负者记0分，和者各记1分"), then:
//! - not declared: nothing more (the standings ask for the declaration, never guess it);
//! - round robin, single or double: (A) the points of the opponents beaten plus half those of
//!   the opponents drawn with ("累计个人所胜对手积分，加上所和对手积分的一半"), (B) fewer warnings over
//!   the event ("整个比赛，警告次数少者名次列前"), (C) lots ("如不允许名次并列，可加赛或抽签区分名次");
//! - Swiss, the 2002 text's method A: the total score, then (B), (C) ("比较总得分...如总得分相同，
//!   则按上项B、C二条区分名次"); its formula is garbled in both copies of the 2002 text (seed 000:
//!   "总得分=个人积分+ （-轮次）"; seed 001, here in simplified characters: "总得分个人积分对手积分
//!   总和/(最高积分) 轮次"), both fragments of the older text's total = own points + (sum of the
//!   opponents' points / (half the top score) - rounds), which is used;
//! - Swiss, method B: the opponents' points, then (B), (C) ("积分相同，比较对手积分区分名次。如对手
//!   积分相同，则按上项B、C、二条区分名次");
//! - Swiss, the older text: its total score ("总得分 = 个人积分 + (对手积分总和 / 1/2最高积分 - 轮次
//!   数)"), then (B), then lots; a withdrawn opponent counts for their unplayed games at their
//!   rate per game, at most 1 ("未赛部分应为A(即：积分/已赛局数)*未赛局数。A如大于1，则按1计算", older
//!   Art. 29.3);
//! - McMahon (not in the Chinese rules; as the pairing programs rank it): the McMahon score
//!   (the start from the rank, capped at the bar, plus one per win and a half per draw), then
//!   the sum of the opponents' McMahon scores (SOS), then the sum of their SOS (SOSOS), lots;
//! - team events: the players by game points, then (B); the teams in [`teams`].
//!
//! The total score's top score ("最高积分") is the event's setting ([`TopScore`]); "rounds" are
//! the rounds with at least one table. Game points first keep the total from ranking the
//! losers of round 1 above its winners: after one round every total is 1. Among players with
//! the same points, the same top score and the same rounds, the total orders as the opponents'
//! sum does: methods A and B then differ in the column shown and in the older text's count of
//! a withdrawn opponent, not in the order.
//!
//! Players still equal share the place unless lots were drawn among them (a `Change` with its
//! seed). A withdrawn player is shown with the reason; in a round robin, one whose results are
//! void (Art. 28.2) is listed last, without a place (see [`games`]).

pub mod games;
pub mod teams;

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::ledger::{EventWarnings, PlayedGame};
use crate::session::tournament::{mcmahon_start, rank_value};
use crate::session::{PlayerId, Rank, Session, TopScore, Withdrawal};

pub use crate::session::System;

use super::ExportError;

/// One criterion of the standings, in the order the system ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// Game points, 2/1/0.
    Points,
    /// Round robin (A): the opponents beaten plus half those drawn with.
    Beaten,
    /// The Swiss total score.
    Total,
    /// The sum of the opponents' points.
    OpponentsPoints,
    McMahon,
    Sos,
    Sosos,
    /// Fewer warnings over the event (B).
    Warnings,
    /// Lots drawn (C).
    Lots,
}

/// The criteria the system ranks by, first first.
pub fn criteria(system: System) -> &'static [Criterion] {
    use Criterion::*;
    match system {
        System::NotDeclared => &[Points],
        System::RoundRobin | System::DoubleRoundRobin => &[Points, Beaten, Warnings, Lots],
        System::SwissTotal | System::SwissOldTotal => &[Points, Total, Warnings, Lots],
        System::SwissOpponents => &[Points, OpponentsPoints, Warnings, Lots],
        System::McMahon => &[McMahon, Sos, Sosos, Lots],
        System::TeamRoundRobin | System::TeamSwiss => &[Points, Warnings, Lots],
    }
}

/// The event's declared system (never guessed from the games).
pub fn declared(session: &Session) -> System {
    session.event.system
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the first; players equal on every criterion share a place; 0: no place (a
    /// withdrawn player whose results are void).
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
    /// The sum of the opponents' points (older Swiss: a withdrawn opponent's unplayed games
    /// counted as Art. 29.3 says).
    pub opponents_points: f64,
    /// The Swiss total score (0 unless the system uses it).
    pub total: f64,
    /// McMahon score, its SOS and SOSOS, doubled to stay exact (McMahon only).
    pub mcmahon_doubled: i64,
    pub sos_doubled: i64,
    pub sosos_doubled: i64,
    /// Warnings over the event (tie-break B).
    pub warnings: u32,
    /// The place drawn among the tied players (1 first), when lots decided.
    pub lots: Option<usize>,
    /// The player's withdrawal (Art. 28), with its reason.
    pub withdrawal: Option<Withdrawal>,
    /// Every result void (Art. 28.2).
    pub void: bool,
}

impl Standing {
    /// Tie-break A in points (halves possible).
    pub fn beaten(&self) -> f64 {
        f64::from(self.beaten_doubled) / 2.0
    }

    /// A criterion's value as shown ("6.5", "1.33").
    pub fn shown(&self, criterion: Criterion) -> String {
        let half = |doubled: i64| {
            if doubled % 2 == 0 {
                (doubled / 2).to_string()
            } else {
                format!("{}.5", doubled.div_euclid(2))
            }
        };
        match criterion {
            Criterion::Points => self.points.to_string(),
            Criterion::Beaten => half(i64::from(self.beaten_doubled)),
            Criterion::Total => format!("{:.2}", self.total),
            Criterion::OpponentsPoints => trim(self.opponents_points),
            Criterion::McMahon => half(self.mcmahon_doubled),
            Criterion::Sos => half(self.sos_doubled),
            Criterion::Sosos => half(self.sosos_doubled),
            Criterion::Warnings => self.warnings.to_string(),
            Criterion::Lots => self.lots.map_or_else(String::new, |p| p.to_string()),
        }
    }
}

/// A number without trailing zeros ("3", "3.5", "2.67").
fn trim(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// How `a` and `b` compare on one criterion, the better first (lots aside).
fn compare(criterion: Criterion, a: &Standing, b: &Standing) -> Ordering {
    match criterion {
        Criterion::Points => b.points.cmp(&a.points),
        Criterion::Beaten => b.beaten_doubled.cmp(&a.beaten_doubled),
        Criterion::Total => b.total.total_cmp(&a.total),
        Criterion::OpponentsPoints => b.opponents_points.total_cmp(&a.opponents_points),
        Criterion::McMahon => b.mcmahon_doubled.cmp(&a.mcmahon_doubled),
        Criterion::Sos => b.sos_doubled.cmp(&a.sos_doubled),
        Criterion::Sosos => b.sosos_doubled.cmp(&a.sosos_doubled),
        Criterion::Warnings => a.warnings.cmp(&b.warnings),
        Criterion::Lots => Ordering::Equal,
    }
}

/// The standings under `system` (the event's declared one: [`declared`]), first place first.
pub fn standings(session: &Session, system: System) -> Result<Vec<Standing>, ExportError> {
    let (games, void) = games::counted(session, system);
    let warnings = EventWarnings::tally(session.tables().map(|(_, t)| PlayedGame {
        black: name_of(session, t.black),
        white: name_of(session, t.white),
        ledger: &t.game.ledger,
    }));
    let mut by_player: BTreeMap<PlayerId, Standing> = session
        .players
        .iter()
        .map(|p| {
            let line = Standing {
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
                opponents_points: 0.0,
                total: 0.0,
                mcmahon_doubled: 0,
                sos_doubled: 0,
                sosos_doubled: 0,
                warnings: warnings.of(&p.name),
                lots: None,
                withdrawal: session.tournament.withdrawal(p.id).cloned(),
                void: void.contains(&p.id),
            };
            (p.id, line)
        })
        .collect();
    for g in &games {
        for (id, own) in [(g.black, g.points[0]), (g.white, g.points[1])] {
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
    let rounds = games::total_rounds(session, System::NotDeclared);
    let counted_for_opponents = opponent_points(system, &by_player, rounds);
    let mms: BTreeMap<PlayerId, i64> = by_player
        .values()
        .map(|s| {
            let start = mcmahon_start(s.rank, session.event.mcmahon_bar) - rank_value(Rank::Kyu(30));
            (s.player, 2 * i64::from(start) + i64::from(s.points))
        })
        .collect();
    for g in &games {
        for (me, them, own) in [(g.black, g.white, g.points[0]), (g.white, g.black, g.points[1])] {
            let theirs = by_player.get(&them).map_or(0, |s| s.points);
            let counted = counted_for_opponents.get(&them).copied().unwrap_or(0.0);
            let their_mms = mms.get(&them).copied().unwrap_or(0);
            if let Some(s) = by_player.get_mut(&me) {
                s.opponents_points += counted;
                s.sos_doubled += their_mms;
                s.beaten_doubled += match own {
                    2 => 2 * theirs,
                    1 => theirs,
                    _ => 0,
                };
            }
        }
    }
    let sos: BTreeMap<PlayerId, i64> = by_player.values().map(|s| (s.player, s.sos_doubled)).collect();
    for g in &games {
        for (me, them) in [(g.black, g.white), (g.white, g.black)] {
            let theirs = sos.get(&them).copied().unwrap_or(0);
            if let Some(s) = by_player.get_mut(&me) {
                s.sosos_doubled += theirs;
            }
        }
    }
    let top = match session.event.top_score {
        TopScore::Reached => f64::from(by_player.values().map(|s| s.points).max().unwrap_or(0)),
        TopScore::Possible => f64::from(2 * rounds),
    };
    let mut list: Vec<Standing> = by_player.into_values().collect();
    for s in &mut list {
        if system == System::McMahon {
            s.mcmahon_doubled = mms.get(&s.player).copied().unwrap_or(0);
        } else {
            s.sos_doubled = 0;
            s.sosos_doubled = 0;
        }
        if system.uses_total() {
            s.total = total(f64::from(s.points), s.opponents_points, top, f64::from(rounds));
        }
    }
    rank(session, system, &mut list);
    Ok(list)
}

/// The total score: own + (opponents' sum / (top / 2) - rounds); own points when the top is 0.
pub fn total(own: f64, opponents: f64, top: f64, rounds: f64) -> f64 {
    if top == 0.0 {
        own
    } else {
        own + (opponents / (top / 2.0) - rounds)
    }
}

/// What each player counts for their opponents: their points; under the older text a withdrawn
/// player's unplayed rounds add their points per game, at most 1 (older Art. 29.3).
fn opponent_points(system: System, list: &BTreeMap<PlayerId, Standing>, rounds: u32) -> BTreeMap<PlayerId, f64> {
    list.values()
        .map(|s| {
            let own = f64::from(s.points);
            let counted = match (&s.withdrawal, system) {
                (Some(_), System::SwissOldTotal) if s.games > 0 && s.games < rounds => {
                    let rate = (own / f64::from(s.games)).min(1.0);
                    own + rate * f64::from(rounds - s.games)
                }
                _ => own,
            };
            (s.player, counted)
        })
        .collect()
}

/// Sorts by the system's criteria (void players last), breaks ties by the lots drawn, and
/// gives the places.
fn rank(session: &Session, system: System, list: &mut [Standing]) {
    let key = |a: &Standing, b: &Standing| -> Ordering {
        a.void.cmp(&b.void).then_with(|| {
            criteria(system)
                .iter()
                .fold(Ordering::Equal, |o, c| o.then_with(|| compare(*c, a, b)))
        })
    };
    let drawn: Vec<Vec<PlayerId>> = session.tournament.lots.iter().map(|l| l.order()).collect();
    let lots = |a: &Standing, b: &Standing| -> Option<Ordering> {
        let order = drawn.iter().find(|o| o.contains(&a.player) && o.contains(&b.player))?;
        let pos = |p| order.iter().position(|x| *x == p);
        Some(pos(a.player).cmp(&pos(b.player)))
    };
    let uses_lots = criteria(system).contains(&Criterion::Lots);
    list.sort_by(|a, b| {
        key(a, b)
            .then_with(|| {
                if uses_lots {
                    lots(a, b).unwrap_or(Ordering::Equal)
                } else {
                    Ordering::Equal
                }
            })
            .then(a.player.cmp(&b.player))
    });
    let mut tied_by_lots = BTreeSet::new();
    for i in 0..list.len() {
        if list[i].void {
            list[i].place = 0;
            continue;
        }
        let same = i > 0 && key(&list[i - 1], &list[i]) == Ordering::Equal;
        let split = same && uses_lots && lots(&list[i - 1], &list[i]).is_some();
        if split {
            tied_by_lots.insert(list[i - 1].player);
            tied_by_lots.insert(list[i].player);
        }
        list[i].place = if same && !split { list[i - 1].place } else { i + 1 };
    }
    for s in list.iter_mut().filter(|s| tied_by_lots.contains(&s.player)) {
        s.lots = drawn
            .iter()
            .find_map(|o| o.iter().position(|p| *p == s.player))
            .map(|p| p + 1);
    }
}

fn name_of(session: &Session, id: PlayerId) -> &str {
    session.player(id).map_or("", |p| p.name.as_str())
}

/// A criterion's column heading in the text table and the CSV.
pub fn heading(criterion: Criterion) -> &'static str {
    match criterion {
        Criterion::Points => "Pts",
        Criterion::Beaten => "A",
        Criterion::Total => "Total",
        Criterion::OpponentsPoints => "SOS",
        Criterion::McMahon => "MMS",
        Criterion::Sos => "SOS",
        Criterion::Sosos => "SOSOS",
        Criterion::Warnings => "Warn",
        Criterion::Lots => "Lots",
    }
}

/// The system's name in the text table.
pub fn system_name(system: System) -> &'static str {
    match system {
        System::NotDeclared => "system not declared: game points only (declare it in the event's settings)",
        System::RoundRobin => "round robin",
        System::DoubleRoundRobin => "double round robin",
        System::SwissTotal => "Swiss, 2002 text method A (total score)",
        System::SwissOpponents => "Swiss, 2002 text method B (opponents' points)",
        System::SwissOldTotal => "Swiss, older text (total score)",
        System::McMahon => "McMahon",
        System::TeamRoundRobin => "team round robin",
        System::TeamSwiss => "team Swiss",
    }
}

/// The standings as a text table for the notice board: the system, then one column per
/// criterion in the order it ranks, then the withdrawals with their reasons.
pub fn text(list: &[Standing], system: System) -> String {
    let width = list.iter().map(|s| s.name.chars().count()).max().unwrap_or(4).max(4);
    let columns = criteria(system);
    let mut out = format!("{}\n", system_name(system));
    out.push_str(&format!(
        "{:>5}  {:<width$}  {:>4}  {:>2} {:>2} {:>2} {:>2}",
        "Place", "Name", "Rank", "G", "W", "D", "L"
    ));
    for c in columns {
        out.push_str(&format!("  {:>6}", heading(*c)));
    }
    if !columns.contains(&Criterion::Points) {
        out.push_str(&format!("  {:>6}", heading(Criterion::Points)));
    }
    out.push('\n');
    for s in list {
        let place = if s.place == 0 {
            "-".to_string()
        } else {
            s.place.to_string()
        };
        out.push_str(&format!(
            "{:>5}  {:<width$}  {:>4}  {:>2} {:>2} {:>2} {:>2}",
            place,
            s.name,
            s.rank.to_string(),
            s.games,
            s.wins,
            s.draws,
            s.losses
        ));
        for c in columns {
            out.push_str(&format!("  {:>6}", s.shown(*c)));
        }
        if !columns.contains(&Criterion::Points) {
            out.push_str(&format!("  {:>6}", s.points));
        }
        out.push('\n');
    }
    for s in list {
        if let Some(w) = &s.withdrawal {
            let void = if s.void { ", results void (Art. 28.2)" } else { "" };
            out.push_str(&format!(
                "{} withdrew after round {}{void}: {}\n",
                s.name, w.after_round, w.reason
            ));
        }
    }
    out
}

/// The standings as CSV (written by [`super::csv::text`]): the system on every line, every
/// criterion's column whatever the system, and the withdrawal.
pub fn csv(list: &[Standing], system: System) -> Result<String, ExportError> {
    let header = [
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
        "mcmahon",
        "sos",
        "sosos",
        "warnings",
        "lots",
        "system",
        "withdrew_after_round",
        "withdrawal_reason",
        "results_void",
    ]
    .map(String::from);
    let mut rows = vec![header.to_vec()];
    for s in list {
        let (after, reason) = s.withdrawal.as_ref().map_or((String::new(), String::new()), |w| {
            (w.after_round.to_string(), w.reason.clone())
        });
        rows.push(vec![
            if s.place == 0 {
                String::new()
            } else {
                s.place.to_string()
            },
            s.name.clone(),
            s.rank.to_string(),
            s.games.to_string(),
            s.wins.to_string(),
            s.draws.to_string(),
            s.losses.to_string(),
            s.points.to_string(),
            s.beaten().to_string(),
            s.shown(Criterion::OpponentsPoints),
            if system.uses_total() {
                format!("{:.2}", s.total)
            } else {
                String::new()
            },
            if system == System::McMahon {
                s.shown(Criterion::McMahon)
            } else {
                String::new()
            },
            if system == System::McMahon {
                s.shown(Criterion::Sos)
            } else {
                String::new()
            },
            if system == System::McMahon {
                s.shown(Criterion::Sosos)
            } else {
                String::new()
            },
            s.warnings.to_string(),
            s.shown(Criterion::Lots),
            format!("{system:?}"),
            after,
            reason,
            s.void.to_string(),
        ]);
    }
    super::csv::text(rows)
}

//! Team standings (分台定人制): each match's score and the teams' places.
//!
//! - A match's board points are its games' points (a withdrawn player's later boards are
//!   forfeits, Art. 28.4); match points 2/1/0 by board points ("局分多者为胜，场分记2分；局分少者为负，
//!   场分记0分；局分相等者为平，场分各记1分"), counted once every board has a result.
//! - Round robin: match points, then board points, then the board-1 player's points, board 2,
//!   ...; "如全部一样，允许并列": then the place is shared.
//! - Swiss: match points, then the total score of the older text (总得分 = 场分 + (对手场分总和 /
//!   1/2最高场分 - 轮次数), the event's top score setting), then "依循环赛顺序": as a round robin.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::session::{Session, System, TopScore};

use super::games;

/// One team match: the teams, board points so far, match points once every board has a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchScore {
    pub round: u32,
    pub teams: [u32; 2],
    pub board_points: [u32; 2],
    /// Every board has a counted result.
    pub complete: bool,
    pub match_points: [u32; 2],
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamStanding {
    /// Teams equal on every criterion share the place.
    pub place: usize,
    pub team: u32,
    pub name: String,
    /// Complete matches.
    pub matches: u32,
    pub match_points: u32,
    pub board_points: u32,
    /// Board points per board, board 1 first.
    pub boards: Vec<u32>,
    pub opponents_match_points: u32,
    /// The team Swiss total (0 in a round robin).
    pub total: f64,
}

/// The counted games that were played at a table, by (round, table).
fn seated_by_table(counted: &[games::Counted]) -> BTreeMap<(u32, u32), &games::Counted> {
    counted
        .iter()
        .filter(|g| !g.unseated)
        .map(|g| ((g.round, g.table), g))
        .collect()
}

/// Every team match's score, in the order they were created.
pub fn match_scores(session: &Session, system: System) -> Vec<MatchScore> {
    let (counted, _) = games::counted(session, system);
    let by_table = seated_by_table(&counted);
    session
        .tournament
        .matches
        .iter()
        .map(|m| {
            let mut board_points = [0, 0];
            let mut complete = true;
            for (i, &table) in m.tables.iter().enumerate() {
                let Some(g) = by_table.get(&(m.round, table)) else {
                    complete = false;
                    continue;
                };
                // The first team plays Black on boards 1, 3, ... (index 0, 2, ...).
                let first = if i % 2 == 0 { g.points[0] } else { g.points[1] };
                let second = if i % 2 == 0 { g.points[1] } else { g.points[0] };
                board_points[0] += first;
                board_points[1] += second;
            }
            let match_points = match (complete, board_points[0].cmp(&board_points[1])) {
                (false, _) => [0, 0],
                (true, Ordering::Greater) => [2, 0],
                (true, Ordering::Less) => [0, 2],
                (true, Ordering::Equal) => [1, 1],
            };
            MatchScore {
                round: m.round,
                teams: m.teams,
                board_points,
                complete,
                match_points,
            }
        })
        .collect()
}

/// The team standings under `system`, first place first.
pub fn team_standings(session: &Session, system: System) -> Vec<TeamStanding> {
    let (counted, _) = games::counted(session, system);
    let by_table = seated_by_table(&counted);
    let mut lines: BTreeMap<u32, TeamStanding> = session
        .tournament
        .teams
        .iter()
        .map(|t| {
            let line = TeamStanding {
                place: 0,
                team: t.id,
                name: t.name.clone(),
                matches: 0,
                match_points: 0,
                board_points: 0,
                boards: vec![0; t.boards.len()],
                opponents_match_points: 0,
                total: 0.0,
            };
            (t.id, line)
        })
        .collect();
    let scores = match_scores(session, system);
    for (m, score) in session.tournament.matches.iter().zip(&scores) {
        for side in 0..2 {
            let Some(line) = lines.get_mut(&m.teams[side]) else {
                continue;
            };
            line.board_points += score.board_points[side];
            for (i, &table) in m.tables.iter().enumerate() {
                if let (Some(g), Some(slot)) = (by_table.get(&(m.round, table)), line.boards.get_mut(i)) {
                    let black = (i % 2 == 0) == (side == 0);
                    *slot += if black { g.points[0] } else { g.points[1] };
                }
            }
            if score.complete {
                line.matches += 1;
                line.match_points += score.match_points[side];
            }
        }
    }
    let points: BTreeMap<u32, u32> = lines.iter().map(|(id, l)| (*id, l.match_points)).collect();
    for score in scores.iter().filter(|s| s.complete) {
        for side in 0..2 {
            let theirs = points.get(&score.teams[1 - side]).copied().unwrap_or(0);
            if let Some(line) = lines.get_mut(&score.teams[side]) {
                line.opponents_match_points += theirs;
            }
        }
    }
    let rounds = {
        let mut r: Vec<u32> = scores.iter().filter(|s| s.complete).map(|s| s.round).collect();
        r.sort_unstable();
        r.dedup();
        r.len() as u32
    };
    let top = match session.event.top_score {
        TopScore::Reached => f64::from(points.values().copied().max().unwrap_or(0)),
        TopScore::Possible => f64::from(2 * rounds),
    };
    let mut list: Vec<TeamStanding> = lines.into_values().collect();
    if system == System::TeamSwiss {
        for l in &mut list {
            l.total = super::total(
                f64::from(l.match_points),
                f64::from(l.opponents_match_points),
                top,
                f64::from(rounds),
            );
        }
    }
    let key = |a: &TeamStanding, b: &TeamStanding| -> Ordering {
        b.match_points
            .cmp(&a.match_points)
            .then_with(|| b.total.total_cmp(&a.total))
            .then(b.board_points.cmp(&a.board_points))
            .then_with(|| b.boards.cmp(&a.boards))
    };
    list.sort_by(|a, b| key(a, b).then(a.team.cmp(&b.team)));
    for i in 0..list.len() {
        list[i].place = if i > 0 && key(&list[i - 1], &list[i]) == Ordering::Equal {
            list[i - 1].place
        } else {
            i + 1
        };
    }
    list
}

/// The team standings as a text table: place, team, matches, match points, total (team Swiss),
/// board points, then each board's points.
pub fn text(list: &[TeamStanding], system: System) -> String {
    let width = list.iter().map(|t| t.name.chars().count()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "{:>5}  {:<width$}  {:>2}  {:>4}  {:>7}  {:>4}  Boards\n",
        "Place", "Team", "M", "MP", "Total", "BP"
    );
    for t in list {
        let total = if system == System::TeamSwiss {
            format!("{:.2}", t.total)
        } else {
            String::new()
        };
        let boards: Vec<String> = t.boards.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "{:>5}  {:<width$}  {:>2}  {:>4}  {:>7}  {:>4}  {}\n",
            t.place,
            t.name,
            t.matches,
            t.match_points,
            total,
            t.board_points,
            boards.join(" ")
        ));
    }
    out
}

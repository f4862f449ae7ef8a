//! The EGF tournament table (.h9 style) for the rating list and pairing programs.
//!
//! As implemented (checked against the EGF's "Tournament table format" page):
//! - Header lines start with `;` (ignored by the parser): `; EV[...]`, `; PC[...]`, `; DT[first,last]`,
//!   `; KM[komi in points]`, `; TM[main time in minutes]`, then a column comment.
//! - One line per player, in standings order: place, name (as the session writes it, taken as
//!   "Surname Firstname", spaces inside either part replaced by `_`), rank (`3d`, `2k`, `1p`),
//!   country, club, game points, then one entry per round.
//! - A played game: `<opponent's place><+|-|=>/<b|w><handicap>` ("3+/b0", "12-/w2", "5=/w0").
//!   Both lose: `-` for both players.
//! - No game for a player in a round (not paired, or the game void or without a result): `0-`.
//! - By default (forfeit or disqualification): the result with `!` after the symbol and no colour
//!   ("4+!", "7-!"). This follows the common pairing programs' convention for unplayed games and is
//!   NOT verified against the EGF parser; the page consulted documents only `+`, `-`, `=` and the
//!   `0+`, `0-`, `0=` free rounds.
//! - The session keeps one "club or country" field: it goes in the country column when it is two
//!   letters (club `-`), in the club column otherwise (country `xx`). Not verified: whether the
//!   parser needs the points column between club and results.

use crate::board::Color;
use crate::scoring::Reason;
use crate::session::Session;

use super::ExportError;
use super::standings::{self, Standing};

/// The .h9 text of the session, players in standings order.
pub fn h9(session: &Session) -> Result<String, ExportError> {
    let system = standings::detect(session);
    let list = standings::standings(session, system)?;
    let mut out = String::new();
    out.push_str(&format!("; EV[{}]\n", session.event.name));
    out.push_str(&format!("; PC[{}]\n", session.event.venue));
    let first = session.event.dates.first().cloned().unwrap_or_default();
    let last = session.event.dates.last().cloned().unwrap_or_default();
    out.push_str(&format!("; DT[{first},{last}]\n"));
    out.push_str(&format!("; KM[{}]\n", session.event.komi.points()));
    if let Ok(control) = session.event.time_control.parse::<crate::clock::TimeControl>() {
        out.push_str(&format!("; TM[{}]\n", super::sgf::main_time(&control).as_secs() / 60));
    }
    out.push_str(";\n; Pl Name Rank Cc Club Pts Results\n");
    let rounds: Vec<u32> = session.rounds.iter().map(|r| r.number).collect();
    let line_of = |s: &Standing| -> String {
        let player = session.player(s.player);
        let club = player.map_or("", |p| p.club.as_str()).trim();
        let (country, club) = if club.len() == 2 && club.chars().all(|c| c.is_ascii_alphabetic()) {
            (club.to_ascii_uppercase(), "-".to_string())
        } else if club.is_empty() {
            ("xx".to_string(), "-".to_string())
        } else {
            ("xx".to_string(), club.replace(char::is_whitespace, "_"))
        };
        let mut line = format!(
            "{:>3} {:<24} {:>3} {} {:<6} {:>2}",
            positions(&list, s),
            egf_name(&s.name),
            s.rank.to_string(),
            country,
            club,
            s.points
        );
        for &round in &rounds {
            line.push(' ');
            line.push_str(&entry(session, &list, s, round));
        }
        line
    };
    for s in &list {
        out.push_str(&line_of(s));
        out.push('\n');
    }
    Ok(out)
}

/// A player's position in the table (the line number; equal places still get their own line).
fn positions(list: &[Standing], s: &Standing) -> usize {
    list.iter().position(|x| x.player == s.player).map_or(0, |i| i + 1)
}

/// "Chen Li" stays "Chen Li"; "van der Berg Jan" becomes "van_der_Berg Jan".
fn egf_name(name: &str) -> String {
    let parts: Vec<&str> = name.split_whitespace().collect();
    match parts.as_slice() {
        [] => "?".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {}", rest.join("_"), last),
    }
}

/// One round's entry for `s`.
fn entry(session: &Session, list: &[Standing], s: &Standing, round: u32) -> String {
    let Some(r) = session.round(round) else {
        return "0-".to_string();
    };
    let Some(table) = r.tables.iter().find(|t| t.black == s.player || t.white == s.player) else {
        return "0-".to_string();
    };
    let Some(result) = table.game.result else {
        return "0-".to_string();
    };
    let (me, opponent) = if table.black == s.player {
        (Color::Black, table.white)
    } else {
        (Color::White, table.black)
    };
    let place = list.iter().position(|x| x.player == opponent).map_or(0, |i| i + 1);
    let symbol = match (result.reason, result.winner) {
        (Reason::NoResult | Reason::Unknown, _) => return "0-".to_string(),
        (Reason::Draw, _) => '=',
        (_, Some(w)) if w == me => '+',
        _ => '-',
    };
    if matches!(result.reason, Reason::Forfeit | Reason::Disqualification) {
        return format!("{place}{symbol}!");
    }
    let colour = if me == Color::Black { 'b' } else { 'w' };
    format!("{place}{symbol}/{colour}{}", table.game.handicap)
}

//! The AGA's tournament results format: `TOURNEY`, `PLAYERS` (AGA id, "Surname, First name", rank), `GAMES` (white id, black id, the winner's colour, handicap, komi), round by round.
//!
//! As written here:
//! - `TOURNEY <event name>, <venue>`, then `start=`, `finish=` (the event's first and last date) and
//!   `rules=` (AGA when the event plays the AGA rules, else Chinese, Japanese, ...: the preset's name).
//! - Every player of the session is listed and needs an AGA id (the registration's, from OpenGotha's
//!   `agaId` or a CSV's `aga_id` column): otherwise the export is refused, naming every player
//!   without one.
//! - A game goes out when it has a winner by play (count, resignation, time): `white black W|B
//!   handicap komi`, the komi as a whole number of points (the format's column; the half point of a
//!   7.5 komi only breaks ties). Rounds are `# Round N` comment lines. A game without a winner
//!   (draw, both lose, void, no result yet) or won by forfeit or disqualification is not rated: it
//!   is written as a `#` comment naming the table, never as a game.
//! - A confirmed result's verification code follows its game as a `#` comment
//!   (`# table N: verification code XXXXX-XXXXX`).

use crate::board::Color;
use crate::scoring::Reason;
use crate::session::{Player, Session};

use super::{ExportError, opengotha, player};

fn aga_name(p: &Player) -> String {
    let r = &p.registration;
    let (surname, first) = if r.surname.is_empty() {
        opengotha::surname_and_first(&p.name)
    } else {
        (r.surname.clone(), r.first_name.clone())
    };
    if first.is_empty() {
        surname
    } else {
        format!("{surname}, {first}")
    }
}

/// The results file; refused when a player has no AGA id.
pub fn results(session: &Session) -> Result<String, ExportError> {
    let missing: Vec<String> = session
        .players
        .iter()
        .filter(|p| p.registration.aga_id.trim().is_empty())
        .map(|p| p.name.clone())
        .collect();
    if !missing.is_empty() {
        return Err(ExportError::MissingAgaIds(missing));
    }
    let e = &session.event;
    let mut out = format!("TOURNEY {}, {}\n", e.name, e.venue);
    out.push_str(&format!("\tstart={}\n", e.dates.first().cloned().unwrap_or_default()));
    out.push_str(&format!("\tfinish={}\n", e.dates.last().cloned().unwrap_or_default()));
    let rules = match e.rules {
        crate::rules::Preset::Aga => "AGA".to_string(),
        other => other.to_string(),
    };
    out.push_str(&format!("\trules={rules}\nPLAYERS\n"));
    for p in &session.players {
        out.push_str(&format!(
            "{:>8} {:<30} {}\n",
            p.registration.aga_id.trim(),
            aga_name(p),
            p.rank.to_string().to_uppercase()
        ));
    }
    out.push_str("GAMES\n");
    let mut rounds: Vec<u32> = session.rounds.iter().map(|r| r.number).collect();
    rounds.sort_unstable();
    for number in rounds {
        let Some(round) = session.round(number) else { continue };
        out.push_str(&format!("# Round {number}\n"));
        let mut tables: Vec<_> = round.tables.iter().collect();
        tables.sort_by_key(|t| t.number);
        for t in tables {
            let (black, white) = (player(session, t.black)?, player(session, t.white)?);
            let rated = t
                .game
                .result
                .filter(|r| !matches!(r.reason, Reason::Forfeit | Reason::Disqualification) && r.winner.is_some());
            match rated.and_then(|r| r.winner) {
                Some(winner) => out.push_str(&format!(
                    "{:>8} {:>8} {} {} {}\n",
                    white.registration.aga_id.trim(),
                    black.registration.aga_id.trim(),
                    if winner == Color::White { 'W' } else { 'B' },
                    t.game.handicap,
                    t.game.komi.points().trunc() as i64
                )),
                None => out.push_str(&format!(
                    "# table {}: {} (W) v {} (B): {}, not rated\n",
                    t.number,
                    white.name,
                    black.name,
                    t.game.result.map_or_else(|| "no result".to_string(), |r| r.sgf_re())
                )),
            }
            let id = crate::session::TableId {
                round: number,
                table: t.number,
            };
            if let Some(code) = crate::session::proof::result_code(id, t) {
                // The result's verification code, as on the slip (`go-arbiter check --code`).
                out.push_str(&format!("# table {}: verification code {code}\n", t.number));
            }
        }
    }
    Ok(out)
}

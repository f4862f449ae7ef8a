//! An OpenGotha tournament file (XML) with the players, the games and their results, for the organiser's pairing program.
//!
//! As implemented, from the layout of OpenGotha's own saved tournaments (not verified against a
//! running OpenGotha): a `<Tournament>` root with `<Players>` (`name`, `firstName`, `rank` and
//! `grade` as "3D"/"2K"/"1P", `club`, `country`, `participating`, `registeringStatus="FIN"`) and
//! `<Games>` (`roundNumber`, `tableNumber`, `blackPlayer`, `whitePlayer` as OpenGotha's key,
//! name and first name upper-cased without spaces, `handicap`, `knownColor`, `result`).
//! Results: `RESULT_BLACKWINS`, `RESULT_WHITEWINS`, `RESULT_EQUAL`, `RESULT_BOTHLOSE`, and the
//! by-default forms `RESULT_BLACKWINS_BYDEF`, `RESULT_WHITEWINS_BYDEF` for forfeits and
//! disqualifications; no result, unknown or not yet recorded: `RESULT_UNKNOWN`. Round and table
//! numbers are written as the session numbers them (from 1); whether OpenGotha reads them from 1
//! or from 0 is not verified. The tournament parameter set is left out:
//! whether OpenGotha's import accepts a file without it is not verified.
//! The name is split at the first space: the first word is the surname (`name`), the rest the
//! first name.

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::{Player, Rank, Session};

use super::{ExportError, player};

/// XML-escaped attribute text.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

fn split_name(name: &str) -> (String, String) {
    match name.trim().split_once(' ') {
        Some((surname, first)) => (surname.to_string(), first.trim().to_string()),
        None => (name.trim().to_string(), String::new()),
    }
}

/// OpenGotha's key of a player: name and first name, upper case, no spaces.
pub fn key(p: &Player) -> String {
    let (name, first) = split_name(&p.name);
    format!("{name}{first}").to_uppercase().replace(char::is_whitespace, "")
}

fn grade(rank: Rank) -> String {
    rank.to_string().to_uppercase()
}

/// The OpenGotha result code of a game.
pub fn result_code(result: Option<&GameResult>) -> &'static str {
    let Some(r) = result else {
        return "RESULT_UNKNOWN";
    };
    let by_default = matches!(r.reason, Reason::Forfeit | Reason::Disqualification);
    match (r.reason, r.winner, by_default) {
        (Reason::NoResult | Reason::Unknown, _, _) => "RESULT_UNKNOWN",
        (Reason::Draw, _, _) => "RESULT_EQUAL",
        (Reason::BothLose, _, _) => "RESULT_BOTHLOSE",
        (_, Some(Color::Black), false) => "RESULT_BLACKWINS",
        (_, Some(Color::White), false) => "RESULT_WHITEWINS",
        (_, Some(Color::Black), true) => "RESULT_BLACKWINS_BYDEF",
        (_, Some(Color::White), true) => "RESULT_WHITEWINS_BYDEF",
        (_, None, _) => "RESULT_UNKNOWN",
    }
}

/// The tournament file.
pub fn xml(session: &Session) -> Result<String, ExportError> {
    let rounds = session.rounds.iter().map(|r| r.number).max().unwrap_or(0) as usize;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str(&format!(
        "<Tournament dataVersion=\"201\" fullName=\"{}\" location=\"{}\">\n<Players>\n",
        esc(&session.event.name),
        esc(&session.event.venue)
    ));
    for p in &session.players {
        let (name, first) = split_name(&p.name);
        let (country, club) = if p.club.len() == 2 {
            (p.club.to_uppercase(), String::new())
        } else {
            (String::new(), p.club.clone())
        };
        out.push_str(&format!(
            "<Player name=\"{}\" firstName=\"{}\" rank=\"{}\" grade=\"{}\" club=\"{}\" country=\"{}\" participating=\"{}\" registeringStatus=\"FIN\"/>\n",
            esc(&name),
            esc(&first),
            grade(p.rank),
            grade(p.rank),
            esc(&club),
            esc(&country),
            "1".repeat(rounds.max(1))
        ));
    }
    out.push_str("</Players>\n<Games>\n");
    for (id, table) in session.tables() {
        let black = player(session, table.black)?;
        let white = player(session, table.white)?;
        out.push_str(&format!(
            "<Game roundNumber=\"{}\" tableNumber=\"{}\" blackPlayer=\"{}\" whitePlayer=\"{}\" handicap=\"{}\" knownColor=\"true\" result=\"{}\"/>\n",
            id.round,
            id.table,
            esc(&key(black)),
            esc(&key(white)),
            table.game.handicap,
            result_code(table.game.result.as_ref())
        ));
    }
    out.push_str("</Games>\n</Tournament>\n");
    Ok(out)
}

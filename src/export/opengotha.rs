//! An OpenGotha tournament file (XML) with the players, the games and their results, for the organiser's pairing program.
//!
//! Checked against OpenGotha's own reader and writer (repository lucvannier/opengotha, files
//! src/info/vannier/gotha/ExternalDocument.java: importTournamentFromXMLFile, importPlayersFromXMLFile,
//! importGamesFromXMLFile, generateXMLGamesElement; Player.java: the constructor and computeKeyString):
//! - `<Tournament dataVersion="201">` (from 201 on the players are found by their key and the rating is
//!   read as written), `<Players>` then `<Games>`. OpenGotha does not read `fullName`/`location` on the
//!   root; they are written for a human reader only.
//! - `<Player>`: `name`, `firstName`, `rank` and `grade` ("3D", "2K", "1P"), `rating` computed from the
//!   rank as OpenGotha does (`(rank + 30) * 100 - 900`, origin `INI`), `club`, `country`,
//!   `participating`, `registeringStatus="FIN"`. OpenGotha refuses (and its import then fails on) a player
//!   with an empty name or first name, a country that is not empty or two characters, or a club of more
//!   than four characters: a one-word name gets the first name `x` (as OpenGotha's own .h9 import does),
//!   the club is cut to its first four characters.
//! - The name is split as OpenGotha's .h9 import splits "Surname Firstname": the last word is the first
//!   name, the words before it the surname.
//! - `<Game>`: `roundNumber` and `tableNumber` from 1 (OpenGotha subtracts 1 on import and adds 1 on
//!   save), `blackPlayer`/`whitePlayer` as the player key (name and first name without spaces, upper
//!   case), `handicap`, `knownColor` (OpenGotha writes it; its import reads `strKnownColor` and takes
//!   true when absent), `result` as the constant's name: `RESULT_BLACKWINS`, `RESULT_WHITEWINS`,
//!   `RESULT_EQUAL`, `RESULT_BOTHLOSE`, the by-default forms `RESULT_BLACKWINS_BYDEF`,
//!   `RESULT_WHITEWINS_BYDEF` for forfeits and disqualifications; no result, unknown or not yet
//!   recorded: `RESULT_UNKNOWN` (also the import's value for any name it does not know).
//! - No `TournamentParameterSet`: OpenGotha's import reads one only when the node is present and
//!   otherwise keeps the tournament's own parameters (the round count is raised to cover the games).
//!   A partial set would do harm: when present, its general, handicap, placement and pairing parts are
//!   all read and an empty placement part clears the placement criteria. The file is therefore meant
//!   for Tournament > Import (players and games) into a tournament set up in OpenGotha.
//!
//! Not verified: a run of a real OpenGotha on the file (the reading above is of the source only).

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

/// A name written "Surname Firstname" as (surname, first name): the last word is the first name, the
/// words before it the surname ("van der Berg Jan" is "van der Berg", "Jan"). One word: no first name.
pub fn surname_and_first(name: &str) -> (String, String) {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [] => (String::new(), String::new()),
        [one] => (one.to_string(), String::new()),
        [rest @ .., last] => (rest.join(" "), last.to_string()),
    }
}

/// The name and first name OpenGotha accepts: neither empty (a missing one is `x`).
fn names(p: &Player) -> (String, String) {
    let (name, first) = surname_and_first(&p.name);
    let or_x = |s: String| if s.is_empty() { "x".to_string() } else { s };
    (or_x(name), or_x(first))
}

/// The session's "club or country" field as (country, club): two ASCII letters are a country (upper
/// case, no club); anything else is a club (no country).
pub fn country_and_club(field: &str) -> (String, String) {
    let field = field.trim();
    if field.len() == 2 && field.chars().all(|c| c.is_ascii_alphabetic()) {
        (field.to_ascii_uppercase(), String::new())
    } else {
        (String::new(), field.to_string())
    }
}

/// The first four characters of a club, as Java counts them (UTF-16 units): OpenGotha's limit.
fn club_of_four(club: &str) -> String {
    let mut units = 0;
    club.chars()
        .take_while(|c| {
            units += c.len_utf16();
            units <= 4
        })
        .collect()
}

/// OpenGotha's key of a player: name and first name, spaces removed, upper case.
pub fn key(p: &Player) -> String {
    let (name, first) = names(p);
    format!("{name}{first}").replace(' ', "").to_uppercase()
}

fn grade(rank: Rank) -> String {
    rank.to_string().to_uppercase()
}

/// OpenGotha's rank number (30k is -30, 1d is 0, 9d is 8; 1p-3p count as 7d, 4p-6p 8d, higher 9d) and
/// the rating it derives from it.
fn rating(rank: Rank) -> i32 {
    let number = match rank {
        Rank::Kyu(k) => -i32::from(k).min(30),
        Rank::Dan(d) => (i32::from(d) - 1).clamp(0, 8),
        Rank::Pro(p) if p <= 3 => 6,
        Rank::Pro(p) if p <= 6 => 7,
        Rank::Pro(_) => 8,
    };
    (number + 30) * 100 - 900
}

/// The OpenGotha result code of a game.
pub fn result_code(result: Option<&GameResult>) -> &'static str {
    let Some(r) = result else {
        return "RESULT_UNKNOWN";
    };
    let by_default = matches!(r.reason, Reason::Forfeit | Reason::Disqualification);
    match (r.reason, r.winner, by_default) {
        (Reason::NoResult | Reason::Playoff | Reason::Replay | Reason::Unknown, _, _) => "RESULT_UNKNOWN",
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
        let (name, first) = names(p);
        let (country, club) = country_and_club(&p.club);
        out.push_str(&format!(
            "<Player name=\"{}\" firstName=\"{}\" rank=\"{}\" grade=\"{}\" rating=\"{}\" ratingOrigin=\"INI\" club=\"{}\" country=\"{}\" participating=\"{}\" registeringStatus=\"FIN\"/>\n",
            esc(&name),
            esc(&first),
            grade(p.rank),
            grade(p.rank),
            rating(p.rank),
            esc(&club_of_four(&club)),
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

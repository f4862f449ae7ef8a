//! The EGF tournament table (.h9 style) for the rating list and pairing programs.
//!
//! Sources: the EGF's "Tournament table format" page (gemma.ujf.cas.cz/~cieply/GO/format.html: one
//! line per player, `;` starts a comment, entries `<opponent's place><symbol>[/<colour>[<h>]]` with
//! `+`, `-`, `=`, free rounds `0+`, `0-`, `0=`), and OpenGotha's .h9 writer and reader, the program most
//! .h9 files come from (repository lucvannier/opengotha: src/info/vannier/gotha/ExternalDocument.java,
//! generateH9File and parsePotentialHalfGame; ScoredPlayer.java, halfGamesStrings; Player.java,
//! fullUnblankedName). As implemented:
//! - Header lines `; EV[name]`, `; PC[,venue]` (OpenGotha's "country,place" with no country),
//!   `; DT[first,last]`, `; HA[h9]` when no game had a handicap (the EGF's "h9 always means no
//!   handicap"; the header's reduction is for entries without a handicap, and every entry here gives
//!   its own, so with handicap games no reduction is guessed and the line is left out), `; KM[the
//!   event's komi in points]`, `; TM[main time in minutes]`, then a column comment.
//! - One line per player, in standings order: place (the line number), name as OpenGotha writes it
//!   (surname and first name split as in [`opengotha::surname_and_first`], spaces inside each replaced
//!   by `_`), rank (`3d`, `2k`, `1p`), country, club, game points, then one entry per round.
//! - A played game: `<opponent's place><+|-|=>/<b|w><handicap>` ("3+/b0", "12-/w4", "5=/w0"), the
//!   table's handicap (1: Black taken with no stones, as OpenGotha writes it).
//! - Both lose: `-` for both players (OpenGotha: RESULT_BOTHLOSE gives `-` to either colour).
//! - By default (forfeit or disqualification): `!` in place of `/`, colour and handicap kept ("4+!b0",
//!   "7-!w0"), as OpenGotha's halfGamesStrings writes it ("t (type) is either / for normal results or !
//!   for by default results") and its reader takes it (a `!` anywhere marks the game by default). The
//!   EGF page does not document `!`; OpenGotha can also replace such entries by `0=` on export, which
//!   this writer does not do.
//! - No game for a player in a round (not paired, or the game void or without a result): `0-`.
//! - The session keeps one "club or country" field, split by [`opengotha::country_and_club`]; a missing
//!   country is `XX` and a missing club `xxxx`, as OpenGotha writes them.
//! - The points column between club and results: OpenGotha writes its placement criteria there (at
//!   least four numbers) and finds the results as the first entry holding `+ - = / ? !`; one number is
//!   read the same way. Not verified against the EGF's own parser: the points column, a club longer than
//!   four characters (written whole), and `TM` (OpenGotha writes the EGF adjusted time, main time plus
//!   the byo-yomi equivalent; this writer the main time only).
//! - Checked against the three .h9 files OpenGotha exported (../shared/data/opengotha): the same
//!   header lines but `CL` (the EGF class, A to D: the session does not know it, so the line is left
//!   out), `CM[...]` here the event's time control in its written form; the same player columns.
//! - The file is ISO-8859-15 ([`h9_latin9`]), as the EGF reads it. OpenGotha wrote its Chinese players
//!   as "? ??"; here a name goes out as the player's romanised name (the registration's, from a CSV
//!   import's `romanised` column), else as the name; a name that still has a character ISO-8859-15
//!   lacks is refused: the export lists every such player (and `EV[...]`/`PC[...]` for the event's
//!   name and venue), never a "?". No transliteration is guessed: a machine reading of a Chinese name
//!   gets surnames wrong (仇 as a surname is Qiu, not Chou), and the rating list is about identity.

use crate::board::Color;
use crate::scoring::Reason;
use crate::session::Session;

use super::ExportError;
use super::opengotha;
use super::standings::{self, Standing};

/// Whether ISO-8859-15 has every character of `text`.
fn latin9(text: &str) -> bool {
    !encoding_rs::ISO_8859_15.encode(text).2
}

/// The name a player goes out under: the romanised name, else the registration's surname and
/// first name, else the session's name.
fn written_name(session: &Session, s: &Standing) -> String {
    let Some(p) = session.player(s.player) else {
        return s.name.clone();
    };
    let r = &p.registration;
    if !r.romanised.trim().is_empty() {
        r.romanised.trim().to_string()
    } else {
        s.name.clone()
    }
}

/// The .h9 file in ISO-8859-15, as the EGF reads it; refused, listing them, when a player's
/// name (or the event's name or venue) has a character it lacks.
pub fn h9_latin9(session: &Session) -> Result<Vec<u8>, ExportError> {
    let text = h9(session)?;
    let (bytes, _, _) = encoding_rs::ISO_8859_15.encode(&text);
    Ok(bytes.into_owned())
}

/// The .h9 text of the session, players in standings order (refused as [`h9_latin9`] says).
pub fn h9(session: &Session) -> Result<String, ExportError> {
    let list = standings::standings(session, standings::declared(session))?;
    let mut lacking: Vec<String> = Vec::new();
    for (tag, text) in [("EV", &session.event.name), ("PC", &session.event.venue)] {
        if !latin9(text) {
            lacking.push(format!("{tag}[{text}]"));
        }
    }
    lacking.extend(
        list.iter()
            .map(|s| written_name(session, s))
            .filter(|name| !latin9(name)),
    );
    if !lacking.is_empty() {
        return Err(ExportError::MissingRomanised(lacking));
    }
    let mut out = String::new();
    out.push_str(&format!("; EV[{}]\n", session.event.name));
    out.push_str(&format!("; PC[,{}]\n", session.event.venue));
    let first = session.event.dates.first().cloned().unwrap_or_default();
    let last = session.event.dates.last().cloned().unwrap_or_default();
    out.push_str(&format!("; DT[{first},{last}]\n"));
    if session.tables().all(|(_, t)| t.game.handicap == 0) {
        // "h9 always means no handicap"; with handicap games every entry gives its own.
        out.push_str("; HA[h9]\n");
    }
    out.push_str(&format!("; KM[{}]\n", session.event.komi.points()));
    if let Ok(control) = session.event.time_control.parse::<crate::clock::TimeControl>() {
        out.push_str(&format!("; TM[{}]\n", super::sgf::main_time(&control).as_secs() / 60));
        out.push_str(&format!("; CM[{control}]\n"));
    }
    out.push_str(";\n; Pl Name Rank Cc Club Pts Results\n");
    // By number: the rounds' display order (Change::MoveRound) is not their order of play.
    let mut rounds: Vec<u32> = session.rounds.iter().map(|r| r.number).collect();
    rounds.sort_unstable();
    let line_of = |s: &Standing| -> String {
        let player = session.player(s.player);
        let (country, club) = player.map_or_else(Default::default, opengotha::player_country_and_club);
        let country = if country.is_empty() { "XX".to_string() } else { country };
        let club = if club.is_empty() {
            "xxxx".to_string()
        } else {
            club.replace(char::is_whitespace, "_")
        };
        let mut line = format!(
            "{:>3} {:<24} {:>3} {} {:<6} {:>2}",
            positions(&list, s),
            egf_name(&written_name(session, s)),
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

/// "Chen Li" stays "Chen Li"; "van der Berg Jan" becomes "van_der_Berg Jan"; "Cho" stays "Cho".
fn egf_name(name: &str) -> String {
    let (surname, first) = opengotha::surname_and_first(name);
    match (surname.is_empty(), first.is_empty()) {
        (true, _) => "?".to_string(),
        (false, true) => surname,
        (false, false) => format!("{} {first}", surname.replace(' ', "_")),
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
        (Reason::NoResult | Reason::Playoff | Reason::Replay | Reason::Unknown, _) => return "0-".to_string(),
        (Reason::Draw, _) => '=',
        (_, Some(w)) if w == me => '+',
        _ => '-',
    };
    let kind = if matches!(result.reason, Reason::Forfeit | Reason::Disqualification) {
        '!'
    } else {
        '/'
    };
    let colour = if me == Color::Black { 'b' } else { 'w' };
    format!("{place}{symbol}{kind}{colour}{}", table.game.handicap)
}

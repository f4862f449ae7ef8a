//! An OpenGotha tournament file (XML) with the players, the games and their results, for the organiser's pairing program.
//!
//! Checked against OpenGotha's own reader and writer (repository lucvannier/opengotha, files
//! src/info/vannier/gotha/ExternalDocument.java: importTournamentFromXMLFile, importPlayersFromXMLFile,
//! importGamesFromXMLFile, generateXMLGamesElement; Player.java: the constructor and computeKeyString):
//! - `<Tournament dataVersion="201">` (from 201 on the players are found by their key and the rating is
//!   read as written), `<Players>` then `<Games>`. The event's name and venue go in a comment before the
//!   root, for a human reader: OpenGotha reads neither, and its DTD declares no such attribute on
//!   `<Tournament>` (the file is valid against `tournament.dtd`; a test checks it).
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
//!
//! The results of a session imported from an OpenGotha file go back into a COPY of that file
//! ([`results_into`], [`write_copy`]): the file is read with quick-xml's event reader and written
//! again event by event, byte for byte, except the `result` attribute of the games the session has
//! confirmed; players are referenced as the file references them (its keys). Only confirmed results
//! (both players and the arbiter, Art. 16.4) are written; a table with a result not yet confirmed
//! is listed and keeps the file's. `RESULT_BOTHWIN` (and its by-default form) is never written: the
//! session has no such result. Both `xml` and the copy escape text through quick-xml.

use std::path::Path;

use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::{Reader, Writer};

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::{Player, Rank, Session, TableId};
use crate::tournament::opengotha::line_of;
use crate::tournament::source::sha256_hex;

use super::{ExportError, player};

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

/// The name and first name OpenGotha accepts: neither empty (a missing one is `x`); an imported
/// player's own.
fn names(p: &Player) -> (String, String) {
    let r = &p.registration;
    let (name, first) = if r.surname.is_empty() {
        surname_and_first(&p.name)
    } else {
        (r.surname.clone(), r.first_name.clone())
    };
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

/// A player's (country, club): the registration's country when there is one (the club as it
/// is), else the "club or country" field split by [`country_and_club`].
pub fn player_country_and_club(p: &Player) -> (String, String) {
    if p.registration.country.is_empty() {
        country_and_club(&p.club)
    } else {
        (p.registration.country.clone(), p.club.trim().to_string())
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

/// OpenGotha's key of a player: the imported key, else name and first name, spaces removed,
/// upper case.
pub fn key(p: &Player) -> String {
    if !p.registration.opengotha_key.is_empty() {
        return p.registration.opengotha_key.clone();
    }
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

fn xml_error(e: impl std::fmt::Display) -> ExportError {
    ExportError::Xml {
        line: 0,
        message: e.to_string(),
    }
}

/// An element with its attributes, escaped by quick-xml.
fn element<'a>(name: &'a str, attributes: &[(&'a str, &'a str)]) -> BytesStart<'a> {
    let mut e = BytesStart::new(name);
    for &a in attributes {
        e.push_attribute(a);
    }
    e
}

/// `text` as the inside of an XML comment, for a human reader: no `--` (which would end it) and
/// not ending in `-`, between spaces.
fn comment(text: &str) -> String {
    let mut text = text.replace(['\n', '\r'], " ");
    while text.contains("--") {
        text = text.replace("--", "- -");
    }
    format!(" {text} ")
}

/// The tournament file of a session (one not imported from OpenGotha, or to start one): players and
/// games, no parameter set.
pub fn xml(session: &Session) -> Result<String, ExportError> {
    let rounds = session.rounds.iter().map(|r| r.number).max().unwrap_or(0) as usize;
    let mut w = Writer::new(Vec::new());
    let nl = || Event::Text(BytesText::new("\n"));
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), Some("no"))))
        .map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    w.write_event(Event::Comment(BytesText::from_escaped(comment(&format!(
        "{} · {}",
        session.event.name, session.event.venue
    )))))
    .map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    let root = element("Tournament", &[("dataVersion", "201")]);
    w.write_event(Event::Start(root)).map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    w.write_event(Event::Start(BytesStart::new("Players")))
        .map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    let participating = "1".repeat(rounds.max(1));
    for p in &session.players {
        let (name, first) = names(p);
        let (country, club) = player_country_and_club(p);
        let (grade, rating, club) = (grade(p.rank), rating(p.rank).to_string(), club_of_four(&club));
        let mut attributes = vec![
            ("name", name.as_str()),
            ("firstName", first.as_str()),
            ("rank", grade.as_str()),
            ("grade", grade.as_str()),
            ("rating", rating.as_str()),
            ("ratingOrigin", "INI"),
            ("club", club.as_str()),
            ("country", country.as_str()),
        ];
        let r = &p.registration;
        for (attribute, value) in [("egfPin", &r.egf_pin), ("agaId", &r.aga_id)] {
            if !value.is_empty() {
                attributes.push((attribute, value.as_str()));
            }
        }
        attributes.extend([("participating", participating.as_str()), ("registeringStatus", "FIN")]);
        w.write_event(Event::Empty(element("Player", &attributes)))
            .map_err(xml_error)?;
        w.write_event(nl()).map_err(xml_error)?;
    }
    w.write_event(Event::End(BytesEnd::new("Players"))).map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    w.write_event(Event::Start(BytesStart::new("Games")))
        .map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    for (id, table) in session.tables() {
        let black = key(player(session, table.black)?);
        let white = key(player(session, table.white)?);
        let (round, number, handicap) = (
            id.round.to_string(),
            id.table.to_string(),
            table.game.handicap.to_string(),
        );
        let attributes = [
            ("roundNumber", round.as_str()),
            ("tableNumber", number.as_str()),
            ("blackPlayer", black.as_str()),
            ("whitePlayer", white.as_str()),
            ("handicap", handicap.as_str()),
            ("knownColor", "true"),
            ("result", result_code(table.game.result.as_ref())),
        ];
        w.write_event(Event::Empty(element("Game", &attributes)))
            .map_err(xml_error)?;
        w.write_event(nl()).map_err(xml_error)?;
    }
    w.write_event(Event::End(BytesEnd::new("Games"))).map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    w.write_event(Event::End(BytesEnd::new("Tournament")))
        .map_err(xml_error)?;
    w.write_event(nl()).map_err(xml_error)?;
    String::from_utf8(w.into_inner()).map_err(xml_error)
}

/// What went into the copy.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// The games whose result the copy has from the session.
    pub written: Vec<TableId>,
    /// Tables with a result not yet confirmed: the file's result kept.
    pub not_confirmed: Vec<TableId>,
    /// Tables of the session the file has no game for (not written).
    pub not_in_file: Vec<TableId>,
    /// The organiser's file is not the one imported (its SHA-256 differs): the pairings were
    /// checked game by game and matched.
    pub changed_since_import: bool,
}

/// The attribute `name` of `e`, unescaped.
fn attribute(e: &BytesStart, name: &str) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name.as_bytes())
        .and_then(|a| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok())
        .map(|v| v.into_owned())
}

/// The game of `e` (round, table, black key, white key), when it reads as one.
fn game_of(e: &BytesStart) -> Option<(TableId, String, String)> {
    let number = |name| attribute(e, name)?.trim().parse::<u32>().ok();
    let id = TableId {
        round: number("roundNumber")?,
        table: number("tableNumber")?,
    };
    Some((id, attribute(e, "blackPlayer")?, attribute(e, "whitePlayer")?))
}

/// The game element with `result` set to `code` (added when absent), every other attribute kept
/// as written.
fn with_result<'a>(e: &BytesStart<'a>, code: &'a str) -> BytesStart<'a> {
    let mut out = BytesStart::new(String::from_utf8_lossy(e.name().as_ref()).into_owned());
    let mut found = false;
    for a in e.attributes().flatten() {
        if a.key.as_ref() == b"result" {
            out.push_attribute(("result", code));
            found = true;
        } else {
            out.push_attribute(Attribute {
                key: a.key,
                value: a.value,
            });
        }
    }
    if !found {
        out.push_attribute(("result", code));
    }
    out
}

/// The organiser's file `original` with the session's confirmed results in its games. Refused
/// when a game the session has confirmed is paired otherwise in the file (other players, or
/// colours swapped): the list of those tables.
pub fn results_into(original: &str, session: &Session) -> Result<(String, CopyReport), ExportError> {
    let mut report = CopyReport::default();
    let mut mismatched = Vec::new();
    let mut seen = Vec::new();
    let mut reader = Reader::from_str(original);
    let mut w = Writer::new(Vec::with_capacity(original.len() + 256));
    loop {
        let event = reader.read_event().map_err(|e| ExportError::Xml {
            line: line_of(original, reader.error_position()),
            message: e.to_string(),
        })?;
        let game = match &event {
            Event::Empty(e) | Event::Start(e) if e.name().as_ref() == b"Game" => game_of(e),
            Event::Eof => break,
            _ => None,
        };
        let Some((id, black, white)) = game else {
            w.write_event(event).map_err(xml_error)?;
            continue;
        };
        seen.push(id);
        let table = session.table(id);
        let confirmed = table.filter(|t| t.game.is_confirmed());
        if table.is_some_and(|t| t.game.result.is_some() && !t.game.is_confirmed()) {
            report.not_confirmed.push(id);
        }
        let Some(t) = confirmed else {
            w.write_event(event).map_err(xml_error)?;
            continue;
        };
        let keys = (key(player(session, t.black)?), key(player(session, t.white)?));
        if keys != (black, white) {
            mismatched.push(id);
            continue;
        }
        let code = result_code(t.game.result.as_ref());
        let replaced = match &event {
            Event::Empty(e) => Event::Empty(with_result(e, code)),
            Event::Start(e) => Event::Start(with_result(e, code)),
            _ => event.clone(),
        };
        w.write_event(replaced).map_err(xml_error)?;
        report.written.push(id);
    }
    if !mismatched.is_empty() {
        return Err(ExportError::PairingMismatch { tables: mismatched });
    }
    report.not_in_file = session
        .tables()
        .map(|(id, _)| id)
        .filter(|id| !seen.contains(id))
        .collect();
    let text = String::from_utf8(w.into_inner()).map_err(xml_error)?;
    Ok((text, report))
}

/// Writes the copy of the session's pairing file (the path recorded at import) with the session's
/// results to `to` (never the original: refused when `to` is the original), through a temporary
/// file renamed into place. A file changed since the import is not refused: its games are checked
/// one by one ([`results_into`]) and the report says it changed.
pub fn write_copy(session: &Session, to: &Path) -> Result<CopyReport, ExportError> {
    let source = session.event.pairing_file.as_ref().ok_or(ExportError::NoPairingFile)?;
    let original = Path::new(&source.path);
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |e: std::io::Error| ExportError::Io {
            path,
            message: e.to_string(),
        }
    };
    let same = match (original.canonicalize(), to.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => original == to,
    };
    if same {
        return Err(ExportError::WouldOverwriteOriginal(source.path.clone()));
    }
    let bytes = std::fs::read(original).map_err(io(original))?;
    let text = String::from_utf8(bytes.clone()).map_err(|e| ExportError::Xml {
        line: 0,
        message: e.to_string(),
    })?;
    let (copy, mut report) = results_into(&text, session)?;
    report.changed_since_import = sha256_hex(&bytes) != source.sha256;
    super::write_atomically(to, copy.as_bytes())?;
    Ok(report)
}

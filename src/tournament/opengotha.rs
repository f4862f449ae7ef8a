//! Reading an OpenGotha tournament file (quick-xml's event reader): its players, games and general parameters (size, komi, time system), with located, typed errors.
//!
//! The format is OpenGotha's `tournament.dtd` (dataVersion 201). Every attribute this reader
//! takes is listed in [`ATTRIBUTES`] (a test checks each against the DTD); an absent attribute
//! takes the DTD's default (`rank` "30K", `handicap` "0", `komi` "7.5", ...). OpenGotha names a
//! player in a game by its key: name and first name, spaces removed, upper case
//! (`Player.computeKeyString` in OpenGotha's source), e.g. `VANNIERREMI`, `马超`.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use thiserror::Error;

use crate::scoring::Quarters;
use crate::session::Rank;

/// Every (element, attribute) this reader takes, as the DTD spells them.
pub const ATTRIBUTES: &[(&str, &str)] = &[
    ("Player", "name"),
    ("Player", "firstName"),
    ("Player", "rank"),
    ("Player", "club"),
    ("Player", "country"),
    ("Player", "egfPin"),
    ("Player", "agaId"),
    ("Game", "roundNumber"),
    ("Game", "tableNumber"),
    ("Game", "blackPlayer"),
    ("Game", "whitePlayer"),
    ("Game", "handicap"),
    ("Game", "result"),
    ("GeneralParameterSet", "name"),
    ("GeneralParameterSet", "location"),
    ("GeneralParameterSet", "beginDate"),
    ("GeneralParameterSet", "endDate"),
    ("GeneralParameterSet", "basicTime"),
    ("GeneralParameterSet", "complementaryTimeSystem"),
    ("GeneralParameterSet", "stdByoYomiTime"),
    ("GeneralParameterSet", "nbMovesCanTime"),
    ("GeneralParameterSet", "canByoYomiTime"),
    ("GeneralParameterSet", "fischerTime"),
    ("GeneralParameterSet", "size"),
    ("GeneralParameterSet", "komi"),
    ("GeneralParameterSet", "numberOfRounds"),
];

/// What an attribute's value should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A whole number (round, table, handicap, a time in minutes or seconds).
    Number,
    /// A rank: "30K" to "9D", "1P" to "9P".
    Rank,
    /// A komi in whole or half points ("7.5", "0.5").
    Komi,
    /// A board size from 2 to 25... as a whole number.
    Size,
    /// Text that is not empty.
    Text,
}

/// A tournament file that cannot be read; `line` is the file's line (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpenGothaError {
    #[error("line {line}: the XML does not read: {message}")]
    Xml { line: usize, message: String },
    #[error("line {line}: not an OpenGotha tournament file: the root element is <{found}>, not <Tournament>")]
    NotATournament { line: usize, found: String },
    #[error("line {line}: <{element}> inside <{parent}> is not in OpenGotha's format")]
    UnexpectedElement {
        line: usize,
        element: String,
        parent: String,
    },
    #[error("line {line}: <{element}> has no {attribute} attribute")]
    MissingAttribute {
        line: usize,
        element: &'static str,
        attribute: &'static str,
    },
    #[error("line {line}: <{element} {attribute}=\"{value}\">: expected {expected:?}")]
    BadAttribute {
        line: usize,
        element: &'static str,
        attribute: &'static str,
        value: String,
        expected: Expected,
    },
    #[error("line {line}: <Game {attribute}=\"{key}\"> (round {round}, table {table}): no <Player> has that key")]
    UnknownPlayer {
        line: usize,
        attribute: &'static str,
        key: String,
        round: u32,
        table: u32,
    },
    #[error("line {line}: a second <Player> with the key {key}")]
    DuplicateKey { line: usize, key: String },
    #[error("line {line}: a second game at round {round}, table {table}")]
    DuplicateTable { line: usize, round: u32, table: u32 },
}

/// A `<Player>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgPlayer {
    pub name: String,
    pub first_name: String,
    pub rank: Rank,
    pub club: String,
    pub country: String,
    pub egf_pin: String,
    pub aga_id: String,
    /// The key games name the player by.
    pub key: String,
    pub line: usize,
}

/// A `<Game>`: table numbers from 1, as in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgGame {
    pub round: u32,
    pub table: u32,
    pub black: String,
    pub white: String,
    pub handicap: u32,
    /// The result constant as written (`RESULT_WHITEWINS`, ...).
    pub result: String,
    pub line: usize,
}

/// The `<GeneralParameterSet>`: times in OpenGotha's units (basic time in minutes, the rest in
/// seconds), the DTD's defaults where an attribute is absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgGeneral {
    pub name: String,
    pub location: String,
    pub begin_date: String,
    pub end_date: String,
    pub basic_minutes: u32,
    /// `SUDDENDEATH`, `STDBYOYOMI`, `CANBYOYOMI` or `FISCHER`.
    pub time_system: String,
    pub std_byo_yomi_seconds: u32,
    pub canadian_moves: u32,
    pub canadian_seconds: u32,
    pub fischer_seconds: u32,
    pub size: u8,
    pub komi: Quarters,
    pub rounds: u32,
}

/// A tournament file as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OgTournament {
    pub players: Vec<OgPlayer>,
    pub games: Vec<OgGame>,
    pub general: Option<OgGeneral>,
}

impl OgTournament {
    pub fn player(&self, key: &str) -> Option<&OgPlayer> {
        self.players.iter().find(|p| p.key == key)
    }

    /// The games of `round`, by table number.
    pub fn round(&self, round: u32) -> Vec<&OgGame> {
        let mut games: Vec<&OgGame> = self.games.iter().filter(|g| g.round == round).collect();
        games.sort_by_key(|g| g.table);
        games
    }

    /// The round numbers that have games, in order.
    pub fn rounds(&self) -> Vec<u32> {
        let mut rounds: Vec<u32> = self.games.iter().map(|g| g.round).collect();
        rounds.sort_unstable();
        rounds.dedup();
        rounds
    }
}

/// OpenGotha's key of a player: name and first name, spaces removed, upper case.
pub fn player_key(name: &str, first_name: &str) -> String {
    format!("{name}{first_name}").replace(' ', "").to_uppercase()
}

/// The line (from 1) of byte `offset` in `text`.
pub fn line_of(text: &str, offset: u64) -> usize {
    let end = (offset as usize).min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

/// One element's attributes, unescaped, with the line for errors.
struct Element {
    name: &'static str,
    line: usize,
    attributes: Vec<(String, String)>,
}

impl Element {
    fn read(name: &'static str, start: &BytesStart, line: usize) -> Result<Element, OpenGothaError> {
        let mut attributes = Vec::new();
        for attribute in start.attributes() {
            let attribute = attribute.map_err(|e| OpenGothaError::Xml {
                line,
                message: e.to_string(),
            })?;
            let key = String::from_utf8_lossy(attribute.key.as_ref()).into_owned();
            let value = attribute
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|e| OpenGothaError::Xml {
                    line,
                    message: e.to_string(),
                })?
                .into_owned();
            attributes.push((key, value));
        }
        Ok(Element { name, line, attributes })
    }

    fn get(&self, attribute: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == attribute)
            .map(|(_, v)| v.as_str())
    }

    fn required(&self, attribute: &'static str) -> Result<String, OpenGothaError> {
        self.get(attribute)
            .map(str::to_string)
            .ok_or(OpenGothaError::MissingAttribute {
                line: self.line,
                element: self.name,
                attribute,
            })
    }

    fn text(&self, attribute: &str, default: &str) -> String {
        self.get(attribute).unwrap_or(default).trim().to_string()
    }

    fn bad(&self, attribute: &'static str, value: &str, expected: Expected) -> OpenGothaError {
        OpenGothaError::BadAttribute {
            line: self.line,
            element: self.name,
            attribute,
            value: value.to_string(),
            expected,
        }
    }

    fn number(&self, attribute: &'static str, default: Option<&str>) -> Result<u32, OpenGothaError> {
        let value = match (self.get(attribute), default) {
            (Some(v), _) => v.to_string(),
            (None, Some(d)) => d.to_string(),
            (None, None) => self.required(attribute)?,
        };
        value
            .trim()
            .parse()
            .map_err(|_| self.bad(attribute, &value, Expected::Number))
    }
}

fn player(e: &Element) -> Result<OgPlayer, OpenGothaError> {
    let name = e.required("name")?.trim().to_string();
    let first_name = e.required("firstName")?.trim().to_string();
    if name.is_empty() {
        return Err(e.bad("name", &name, Expected::Text));
    }
    let rank_text = e.text("rank", "30K");
    let rank = rank_text
        .parse::<Rank>()
        .map_err(|_| e.bad("rank", &rank_text, Expected::Rank))?;
    Ok(OgPlayer {
        key: player_key(&name, &first_name),
        name,
        first_name,
        rank,
        club: e.text("club", ""),
        country: e.text("country", ""),
        egf_pin: e.text("egfPin", ""),
        aga_id: e.text("agaId", ""),
        line: e.line,
    })
}

fn game(e: &Element) -> Result<OgGame, OpenGothaError> {
    let round = e.number("roundNumber", None)?;
    let table = e.number("tableNumber", None)?;
    if round == 0 {
        return Err(e.bad("roundNumber", "0", Expected::Number));
    }
    if table == 0 {
        return Err(e.bad("tableNumber", "0", Expected::Number));
    }
    Ok(OgGame {
        round,
        table,
        black: e.required("blackPlayer")?,
        white: e.required("whitePlayer")?,
        handicap: e.number("handicap", Some("0"))?,
        result: e.text("result", "RESULT_UNKNOWN"),
        line: e.line,
    })
}

fn general(e: &Element) -> Result<OgGeneral, OpenGothaError> {
    let komi_text = e.text("komi", "7.5");
    let komi = komi_text
        .parse::<f64>()
        .ok()
        .and_then(Quarters::from_points_f64)
        .ok_or_else(|| e.bad("komi", &komi_text, Expected::Komi))?;
    let size = e.number("size", Some("19"))?;
    let size = u8::try_from(size)
        .ok()
        .filter(|s| (2..=25).contains(s))
        .ok_or_else(|| e.bad("size", &size.to_string(), Expected::Size))?;
    Ok(OgGeneral {
        name: e.text("name", ""),
        location: e.text("location", ""),
        begin_date: e.text("beginDate", ""),
        end_date: e.text("endDate", ""),
        basic_minutes: e.number("basicTime", Some("60"))?,
        time_system: e.text("complementaryTimeSystem", "CANBYOYOMI"),
        std_byo_yomi_seconds: e.number("stdByoYomiTime", Some("30"))?,
        canadian_moves: e.number("nbMovesCanTime", Some("15"))?,
        canadian_seconds: e.number("canByoYomiTime", Some("300"))?,
        fischer_seconds: e.number("fischerTime", Some("5"))?,
        size,
        komi,
        rounds: e.number("numberOfRounds", Some("5"))?,
    })
}

/// Where an element may stand: its parent for `Player`, `Game` and `GeneralParameterSet`.
fn placed(name: &str, parent: &str) -> Option<bool> {
    match name {
        "Player" => Some(parent == "Players"),
        "Game" => Some(parent == "Games"),
        "Players" | "Games" => Some(parent == "Tournament"),
        "GeneralParameterSet" => Some(parent == "TournamentParameterSet"),
        _ => None,
    }
}

/// Reads a tournament file's text. Elements this reader does not use (teams, bye players, the
/// other parameter sets) are passed over; `<Player>` and `<Game>` outside their lists, an unknown
/// element inside `<Players>` or `<Games>`, a missing or malformed attribute, a game naming no
/// player, two players with one key or two games at one table are refused with their line.
pub fn read(text: &str) -> Result<OgTournament, OpenGothaError> {
    let mut reader = Reader::from_str(text);
    let mut stack: Vec<String> = Vec::new();
    let mut out = OgTournament {
        players: Vec::new(),
        games: Vec::new(),
        general: None,
    };
    loop {
        let at = reader.buffer_position();
        let event = reader.read_event().map_err(|e| OpenGothaError::Xml {
            line: line_of(text, reader.error_position()),
            message: e.to_string(),
        })?;
        let line = line_of(text, at);
        let (start, empty) = match &event {
            Event::Start(s) => (s, false),
            Event::Empty(s) => (s, true),
            Event::End(_) => {
                stack.pop();
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let name = String::from_utf8_lossy(start.name().as_ref()).into_owned();
        let parent = stack.last().cloned().unwrap_or_default();
        if stack.is_empty() && name != "Tournament" {
            return Err(OpenGothaError::NotATournament { line, found: name });
        }
        let misplaced = match placed(&name, &parent) {
            Some(ok) => !ok,
            None => parent == "Players" || parent == "Games",
        };
        if misplaced {
            return Err(OpenGothaError::UnexpectedElement {
                line,
                element: name,
                parent,
            });
        }
        match name.as_str() {
            "Player" => {
                let p = player(&Element::read("Player", start, line)?)?;
                if out.player(&p.key).is_some() {
                    return Err(OpenGothaError::DuplicateKey { line, key: p.key });
                }
                out.players.push(p);
            }
            "Game" => {
                let g = game(&Element::read("Game", start, line)?)?;
                if out.games.iter().any(|o| o.round == g.round && o.table == g.table) {
                    return Err(OpenGothaError::DuplicateTable {
                        line,
                        round: g.round,
                        table: g.table,
                    });
                }
                out.games.push(g);
            }
            "GeneralParameterSet" => {
                out.general = Some(general(&Element::read("GeneralParameterSet", start, line)?)?);
            }
            _ => {}
        }
        if !empty {
            stack.push(name);
        }
    }
    for g in &out.games {
        for (attribute, key) in [("blackPlayer", &g.black), ("whitePlayer", &g.white)] {
            if out.player(key).is_none() {
                return Err(OpenGothaError::UnknownPlayer {
                    line: g.line,
                    attribute,
                    key: key.clone(),
                    round: g.round,
                    table: g.table,
                });
            }
        }
    }
    Ok(out)
}

//! Players from a CSV with a header (name, rank, club, country; optionally egf_pin, aga_id, romanised), as a spreadsheet saves it: a UTF-8 BOM, CRLF line ends, `;` or `,` or a tab between fields, quoted names with commas and quotes.

use thiserror::Error;

use crate::session::{Change, Player, PlayerId, Rank, Registration, Session};

/// The columns, as the header names them (case and spaces around are ignored).
pub const COLUMNS: [&str; 7] = ["name", "rank", "club", "country", "egf_pin", "aga_id", "romanised"];
/// The columns a file must have.
pub const REQUIRED: [&str; 2] = ["name", "rank"];

/// A CSV that cannot be read; `line` is the file's line (from 1, the header is line 1).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CsvError {
    #[error("the file is empty: it needs a header line (name, rank, club, country)")]
    Empty,
    #[error("the header has no `{column}` column (it needs name and rank; club, country are read too)")]
    MissingColumn { column: &'static str },
    #[error("line {line}: the CSV does not read: {message}")]
    Syntax { line: u64, message: String },
    #[error("line {line}, column {column}: `{value}` is not a rank (5k, 3d, 2p)")]
    BadRank {
        line: u64,
        column: &'static str,
        value: String,
    },
    #[error("line {line}, column {column}: empty")]
    EmptyField { line: u64, column: &'static str },
}

/// One player read from the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvPlayer {
    pub name: String,
    pub rank: Rank,
    pub club: String,
    pub country: String,
    pub egf_pin: String,
    pub aga_id: String,
    pub romanised: String,
    pub line: u64,
}

/// The separator: the one of `;`, tab and `,` found most in the header line.
fn separator(header: &str) -> u8 {
    let count = |c: char| header.chars().filter(|&x| x == c).count();
    [b';', b'\t', b',']
        .into_iter()
        .max_by_key(|&c| (count(c as char), c == b','))
        .unwrap_or(b',')
}

/// The line (from 1) of the record starting at `byte`, a line end there passed over.
fn line_at(text: &str, byte: u64) -> u64 {
    let rest = &text.as_bytes()[(byte as usize).min(text.len())..];
    let skipped = rest
        .iter()
        .take_while(|&&b| b == b'\r' || b == b'\n')
        .filter(|&&b| b == b'\n')
        .count();
    let before = text.as_bytes()[..(byte as usize).min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    (before + skipped.min(1) + 1) as u64
}

/// Reads the players of a CSV file's text. Blank lines are passed over.
pub fn read(text: &str) -> Result<Vec<CsvPlayer>, CsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header_line = text.lines().next().ok_or(CsvError::Empty)?;
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator(header_line))
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let syntax = |e: csv::Error| CsvError::Syntax {
        line: e.position().map_or(1, |p| line_at(text, p.byte())),
        message: e.to_string(),
    };
    let header = reader.headers().map_err(syntax)?.clone();
    let index = |column: &str| {
        header
            .iter()
            .position(|h| h.trim().to_lowercase().replace([' ', '-'], "_") == column)
    };
    for column in REQUIRED {
        if index(column).is_none() {
            return Err(CsvError::MissingColumn { column });
        }
    }
    let at: Vec<Option<usize>> = COLUMNS.iter().map(|c| index(c)).collect();
    let mut players = Vec::new();
    for record in reader.records() {
        let record = record.map_err(syntax)?;
        // csv counts a CRLF's line feed with the next record: the line from the record's byte.
        let line = record.position().map_or(0, |p| line_at(text, p.byte()));
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let field = |i: usize| at[i].and_then(|k| record.get(k)).unwrap_or("").trim().to_string();
        let name = field(0);
        if name.is_empty() {
            return Err(CsvError::EmptyField { line, column: "name" });
        }
        let rank_text = field(1);
        let rank = rank_text.parse::<Rank>().map_err(|_| CsvError::BadRank {
            line,
            column: "rank",
            value: rank_text.clone(),
        })?;
        players.push(CsvPlayer {
            name,
            rank,
            club: field(2),
            country: field(3).to_uppercase(),
            egf_pin: field(4),
            aga_id: field(5),
            romanised: field(6),
            line,
        });
    }
    Ok(players)
}

/// What a CSV import did: names added and updated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CsvReport {
    pub added: Vec<String>,
    pub updated: Vec<String>,
}

/// The changes that bring the file's players into `session`: a player of the same name is
/// updated (rank, and the club and registration fields the file gives: an empty or absent one
/// keeps the player's), any other added.
pub fn plan(session: &Session, players: &[CsvPlayer]) -> (Vec<Change>, CsvReport) {
    let mut changes = Vec::new();
    let mut report = CsvReport::default();
    let mut known: Vec<Player> = session.players.clone();
    let mut next = known.iter().map(|p| p.id.0).max().unwrap_or(0) + 1;
    for p in players {
        let old = known.iter().find(|s| s.name == p.name).cloned();
        let base = old.clone().map_or_else(Registration::default, |o| *o.registration);
        let keep = |new: &str, old: &str| {
            if new.is_empty() {
                old.to_string()
            } else {
                new.to_string()
            }
        };
        let registration = Registration {
            country: keep(&p.country, &base.country),
            egf_pin: keep(&p.egf_pin, &base.egf_pin),
            aga_id: keep(&p.aga_id, &base.aga_id),
            romanised: keep(&p.romanised, &base.romanised),
            ..base
        };
        let id = old.as_ref().map_or_else(
            || {
                next += 1;
                PlayerId(next - 1)
            },
            |o| o.id,
        );
        let new = Player {
            id,
            name: p.name.clone(),
            rank: p.rank,
            club: keep(&p.club, old.as_ref().map_or("", |o| o.club.as_str())),
            registration: Box::new(registration),
        };
        if old.as_ref() == Some(&new) {
            continue;
        }
        match old {
            Some(_) => {
                report.updated.push(new.name.clone());
                if let Some(slot) = known.iter_mut().find(|s| s.id == id) {
                    *slot = new.clone();
                }
            }
            None => {
                report.added.push(new.name.clone());
                known.push(new.clone());
            }
        }
        changes.push(Change::Player(new));
    }
    (changes, report)
}

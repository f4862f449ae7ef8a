//! A round of an OpenGotha file as session changes: its players added or updated, its pairings as the round's tables, the time system as the tables' time control; and the report of what was done and left alone.
//!
//! - Players are matched by OpenGotha's key (name and first name, spaces removed, upper case),
//!   kept in the player's registration, then by EGF PIN when the key is not found (a name
//!   corrected in OpenGotha keeps its player). A player found and unchanged gives no change.
//! - A table of the round already in the session is updated (players, handicap, komi, time
//!   control) only while its game has not started: no move, no clock event, no result, no
//!   ledger entry; otherwise it is left alone and listed. Importing the same round again gives
//!   no change at all.
//! - Komi: the file's for an even game; with a handicap, the event's rules' handicap komi
//!   ([`Rules::komi_for`](crate::rules::Rules::komi_for)). Rules and edition stay the event's.

use crate::clock::TimeControl;
use crate::scoring::Quarters;
use crate::session::{Change, Event, GameSetup, PairingFile, Player, PlayerId, Registration, Session, Table, TableId};

use super::opengotha::{OgGeneral, OgPlayer, OgTournament};

/// The time control the tables get: OpenGotha's time system in our written form, or the event's
/// when it cannot be written so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeSystem {
    /// Written from the file: `absolute:60m` (SUDDENDEATH), `japanese:60m+1x30s` (STDBYOYOMI:
    /// OpenGotha keeps one period length and no count; one period, renewed by each move in time),
    /// `canadian:60m+15/5m` (CANBYOYOMI), `fischer:60m+10s` (FISCHER).
    FromFile(String),
    /// The file's system (its name and the form tried) does not read as one of ours; the event's
    /// time control is used.
    NotExpressed { system: String, kept: String },
    /// The file has no `<GeneralParameterSet>`: the event's time control is used.
    NoParameters { kept: String },
}

impl TimeSystem {
    pub fn control(&self) -> &str {
        match self {
            TimeSystem::FromFile(c) => c,
            TimeSystem::NotExpressed { kept, .. } | TimeSystem::NoParameters { kept } => kept,
        }
    }
}

/// OpenGotha's time system as a written time control, if it has one.
pub fn time_control(general: &OgGeneral) -> Option<String> {
    let main = general.basic_minutes;
    let written = match general.time_system.as_str() {
        "SUDDENDEATH" => format!("absolute:{main}m"),
        "STDBYOYOMI" => format!("japanese:{main}m+1x{}s", general.std_byo_yomi_seconds),
        "CANBYOYOMI" => format!(
            "canadian:{main}m+{}/{}s",
            general.canadian_moves, general.canadian_seconds
        ),
        "FISCHER" => format!("fischer:{main}m+{}s", general.fischer_seconds),
        _ => return None,
    };
    written.parse::<TimeControl>().ok().map(|c| c.to_string())
}

fn time_system(file: &OgTournament, event: &Event) -> TimeSystem {
    let kept = event.time_control.clone();
    match &file.general {
        None => TimeSystem::NoParameters { kept },
        Some(g) => match time_control(g) {
            Some(c) => TimeSystem::FromFile(c),
            None => TimeSystem::NotExpressed {
                system: g.time_system.clone(),
                kept,
            },
        },
    }
}

/// What an import did, for the window and the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportReport {
    pub round: u32,
    /// Names of the players added and updated.
    pub players_added: Vec<String>,
    pub players_updated: Vec<String>,
    /// Table numbers.
    pub tables_added: Vec<u32>,
    pub tables_updated: Vec<u32>,
    /// Tables whose game has started or has a result: not touched.
    pub tables_left_alone: Vec<u32>,
    /// Tables of the round in the session that the file does not have (left as they are).
    pub tables_not_in_file: Vec<u32>,
    pub time_system: TimeSystem,
}

/// Why a round cannot be imported.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the file has no games in round {round} (its rounds: {rounds:?})")]
    NoSuchRound { round: u32, rounds: Vec<u32> },
}

/// A game has started (moves, clock, ledger) or has a result: an import leaves it alone.
pub fn started(table: &Table) -> bool {
    let g = &table.game;
    let moves = g.game().map_or(true, |game| !game.moves().is_empty());
    moves || !g.clock_events.is_empty() || g.result.is_some() || !g.ledger.entries().is_empty()
}

fn session_player(id: PlayerId, p: &OgPlayer) -> Player {
    let name = if p.first_name.is_empty() {
        p.name.clone()
    } else {
        format!("{} {}", p.name, p.first_name)
    };
    Player {
        id,
        name,
        rank: p.rank,
        club: p.club.clone(),
        registration: Box::new(Registration {
            surname: p.name.clone(),
            first_name: p.first_name.clone(),
            country: p.country.clone(),
            egf_pin: p.egf_pin.clone(),
            aga_id: p.aga_id.clone(),
            opengotha_key: p.key.clone(),
            romanised: String::new(),
        }),
    }
}

/// The session's player for a file's player: by key, then by EGF PIN.
fn matching<'a>(players: &'a [Player], p: &OgPlayer) -> Option<&'a Player> {
    players
        .iter()
        .find(|s| s.registration.opengotha_key == p.key)
        .or_else(|| {
            players
                .iter()
                .find(|s| !p.egf_pin.is_empty() && s.registration.egf_pin == p.egf_pin)
        })
}

/// The changes that import `round` of `file` into `session`, in the order to apply them (one
/// audit entry each), and the report. `source` is recorded in the event (its path and SHA-256)
/// for the results to go back into a copy of it.
pub fn plan(
    session: &Session,
    file: &OgTournament,
    round: u32,
    source: PairingFile,
) -> Result<(Vec<Change>, ImportReport), ImportError> {
    let games = file.round(round);
    if games.is_empty() {
        return Err(ImportError::NoSuchRound {
            round,
            rounds: file.rounds(),
        });
    }
    let mut changes = Vec::new();
    let time_system = time_system(file, &session.event);
    let mut report = ImportReport {
        round,
        players_added: Vec::new(),
        players_updated: Vec::new(),
        tables_added: Vec::new(),
        tables_updated: Vec::new(),
        tables_left_alone: Vec::new(),
        tables_not_in_file: Vec::new(),
        time_system: time_system.clone(),
    };
    if session.event.pairing_file.as_deref() != Some(&source) {
        let event = Event {
            pairing_file: Some(Box::new(source)),
            ..session.event.clone()
        };
        changes.push(Change::Event(event));
    }
    // Players: every player of the file (the next rounds' too), so that results and standings
    // name them all.
    let mut players = session.players.clone();
    let mut next = players.iter().map(|p| p.id.0).max().unwrap_or(0) + 1;
    let mut ids = Vec::new();
    for p in &file.players {
        let (id, known) = match matching(&players, p) {
            Some(s) => (s.id, Some(s.clone())),
            None => {
                next += 1;
                (PlayerId(next - 1), None)
            }
        };
        let mut new = session_player(id, p);
        if let Some(old) = &known {
            new.registration.romanised = old.registration.romanised.clone();
        }
        if known.as_ref() != Some(&new) {
            if known.is_some() {
                report.players_updated.push(new.name.clone());
                if let Some(slot) = players.iter_mut().find(|s| s.id == id) {
                    *slot = new.clone();
                }
            } else {
                report.players_added.push(new.name.clone());
                players.push(new.clone());
            }
            changes.push(Change::Player(new));
        }
        ids.push((p.key.clone(), id));
    }
    let id_of = |key: &str| ids.iter().find(|(k, _)| k == key).map(|(_, id)| *id);
    if session.round(round).is_none() {
        let date = file
            .general
            .as_ref()
            .map(|g| g.begin_date.clone())
            .filter(|d| !d.is_empty())
            .or_else(|| session.event.dates.first().cloned())
            .unwrap_or_default();
        changes.push(Change::Round { number: round, date });
    }
    let even_komi = file.general.as_ref().map_or(session.event.komi, |g| g.komi);
    let size = file.general.as_ref().map_or(19, |g| g.size);
    let control = time_system.control().to_string();
    for g in &games {
        let (Some(black), Some(white)) = (id_of(&g.black), id_of(&g.white)) else {
            continue; // read() refuses a game naming no player
        };
        let id = TableId { round, table: g.table };
        let rules = session.event.rules.rules();
        let komi = Quarters::from_points_f64(rules.komi_for(g.handicap, even_komi.points())).unwrap_or(even_komi);
        match session.table(id) {
            None => {
                changes.push(Change::Table {
                    table: id,
                    black,
                    white,
                    setup: GameSetup {
                        size,
                        handicap: g.handicap,
                        komi,
                        rules: session.event.rules,
                        time_control: control.clone(),
                    },
                });
                report.tables_added.push(g.table);
            }
            Some(t) if started(t) => report.tables_left_alone.push(g.table),
            Some(t) => {
                let before = changes.len();
                if (t.black, t.white) != (black, white) {
                    changes.push(Change::Pairing {
                        table: id,
                        black,
                        white,
                    });
                }
                if (t.game.handicap, t.game.komi) != (g.handicap, komi) {
                    changes.push(Change::Handicap {
                        table: id,
                        handicap: g.handicap,
                        komi,
                    });
                }
                if t.game.time_control != control {
                    changes.push(Change::TimeControl {
                        table: id,
                        control: control.clone(),
                    });
                }
                if changes.len() > before {
                    report.tables_updated.push(g.table);
                }
            }
        }
    }
    if let Some(r) = session.round(round) {
        report.tables_not_in_file = r
            .tables
            .iter()
            .map(|t| t.number)
            .filter(|n| !games.iter().any(|g| g.table == *n))
            .collect();
    }
    Ok((changes, report))
}

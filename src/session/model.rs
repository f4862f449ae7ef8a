//! The session model: the event, players with ranks, rounds, tables, and each table's game
//! (setup, record as SGF text, clock events, ledger, marks, result, confirmations).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Color;
use crate::caller::{CallerSettings, ChineseScript, MainTimeCalls, Script, ScriptFormError, Wording};
use crate::clock::{Clock, ClockError, ClockEvent, TimeControl};
use crate::game::Game;
use crate::ledger::{Edition, Ledger};
use crate::rules::Preset;
use crate::scoring::{GameResult, Marks, Quarters};
use crate::sgf::{self, SgfError};

use super::audit::AuditEntry;
use super::tournament::{System, TopScore, Tournament};

/// A tournament day (or several): the event, its players and rounds, and the audit trail of
/// every change. Change it through [`Session::apply`](super::ops) so the trail stays whole;
/// `go-arbiter check` finds changes made any other way.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub event: Event,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    pub audit: Vec<AuditEntry>,
    /// Withdrawals, lots drawn, teams and team matches (see [`Tournament`]).
    #[serde(default, skip_serializing_if = "Tournament::is_empty")]
    pub tournament: Tournament,
    /// Which chain key seals the file and the chief arbiter's passphrase hash (issue 18).
    #[serde(default, skip_serializing_if = "Trust::is_empty")]
    pub trust: Trust,
    /// The seal of the snapshot's last audit entry as read from the file (`key::seal`); not
    /// part of the session's state.
    #[serde(skip)]
    pub seal: Option<String>,
}

/// What the session knows of its protection: the public name of the key that seals it, and
/// the chief arbiter's passphrase as a slow salted hash (argon2, a PHC string), never its text.
/// Both are set once (`Change::ChainKey`, `Change::ChiefPassphrase`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trust {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chief: Option<String>,
}

impl Trust {
    pub fn is_empty(&self) -> bool {
        self.key_id.is_none() && self.chief.is_none()
    }
}

/// The event's settings; each game takes its defaults from here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub name: String,
    /// As the organiser writes them ("2026-11-28", "2026-11-29").
    pub dates: Vec<String>,
    pub venue: String,
    /// The rule edition of the penalty ledger.
    pub edition: Edition,
    pub rules: Preset,
    /// Komi in quarter stones (exact: 3 3/4 stones is 15).
    pub komi: Quarters,
    /// The default time control in its written form ("chinese:60m/5").
    pub time_control: String,
    /// How late a player may be at the start before forfeiting (Art. 22.1-22.2).
    pub lateness_limit: Duration,
    /// The event's script of Chinese byo-yomi in its written form (`30s: 10,20,25,28 / 10,20
    /// +10`, or a preset's name: Art. 12.3, "事先规定读秒实施细则"); empty (every event before fast
    /// games had one): the script of the time control's period, the rules' own for 60 s.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub script: String,
    /// The system the event declares (Art. 26); an older file without it: not declared.
    #[serde(default, skip_serializing_if = "super::tournament::is_default")]
    pub system: System,
    /// The "最高积分" of the Swiss total score (an event setting: the text does not say which).
    #[serde(default, skip_serializing_if = "super::tournament::is_default")]
    pub top_score: TopScore,
    /// The McMahon bar: every player at or above it starts with the same McMahon score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcmahon_bar: Option<Rank>,
    /// The organiser's pairing file the players and tables were imported from (OpenGotha), where
    /// the results go back to (a copy of it); none when nothing was imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing_file: Option<Box<PairingFile>>,
    /// How the caller is heard at the event's tables: voice or beeps, the pack, main time, volume
    /// (an older file without it: the Chinese voice at full volume, silent in main time).
    #[serde(default, skip_serializing_if = "super::tournament::is_default")]
    pub caller: CallerSettings,
    /// The time zone the event's stamps are shown in, by its IANA name ("Asia/Shanghai"); empty
    /// (every event before the setting): the system's (`wall::zone`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub time_zone: String,
}

/// The organiser's OpenGotha file as it was when last imported: its path and SHA-256 (hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingFile {
    pub path: String,
    pub sha256: String,
}

impl Event {
    /// The event's script of Chinese byo-yomi (see [`Event::script`]); refused when it does not
    /// read or is for another period than the event's time control.
    pub fn chinese_script(&self) -> Result<ChineseScript, ScriptFormError> {
        let control = self.time_control.parse::<TimeControl>().ok();
        let rules = ChineseScript::default();
        let script = match self.script.trim() {
            "" => return Ok(control.map_or(rules.clone(), |c| rules.for_control(&c))),
            text => text.parse::<ChineseScript>()?,
        };
        match control.map(|c| script.fits(&c)) {
            Some(Err(why)) => Err(ScriptFormError { column: 1, why }),
            _ => Ok(script),
        }
    }
}

/// The caller's script at a table of `event` whose ledger follows `edition`: the event's script
/// of Chinese byo-yomi, in the edition's words (the older text: "一分钟", "还剩X分钟", "10，超时判负").
/// The one place where the edition reaches the caller.
pub fn caller_script(edition: Edition, event: &Event) -> Script {
    let wording = match edition {
        Edition::Chinese2002 => Wording::Text2002,
        Edition::ChineseOld => Wording::OldText,
    };
    Script {
        main_time_warnings: event.caller.main_time == MainTimeCalls::Spoken,
        ..Script::with(event.chinese_script().unwrap_or_default(), wording)
    }
}

/// A player's id in the session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u32);

/// A rank as the rules use them: kyu, amateur dan, professional dan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    Kyu(u8),
    Dan(u8),
    Pro(u8),
}

/// A rank that does not read as `5k`, `3d` or `2p`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a rank (expected a number and k, d or p: 5k, 3d, 2p)")]
pub struct RankError(pub String);

impl FromStr for Rank {
    type Err = RankError;
    fn from_str(text: &str) -> Result<Rank, RankError> {
        let t = text.trim().to_ascii_lowercase();
        let bad = || RankError(text.to_string());
        let split = t.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
        let (digits, unit) = t.split_at(split);
        let n: u8 = digits.parse().map_err(|_| bad())?;
        match (unit.trim(), n) {
            ("k" | "kyu", 1..=30) => Ok(Rank::Kyu(n)),
            ("d" | "dan", 1..=9) => Ok(Rank::Dan(n)),
            ("p" | "pro", 1..=9) => Ok(Rank::Pro(n)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::Kyu(n) => write!(f, "{n}k"),
            Rank::Dan(n) => write!(f, "{n}d"),
            Rank::Pro(n) => write!(f, "{n}p"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    pub rank: Rank,
    /// Club or country.
    pub club: String,
    /// What the pairing program and the federations know of the player; empty for a player
    /// typed at the workstation (and in every file written before imports).
    /// Boxed: most players have none, and a `Change` stays small.
    #[serde(default, skip_serializing_if = "unregistered")]
    pub registration: Box<Registration>,
}

/// A player's registration: country, federation ids, romanised name, and how OpenGotha names the
/// player. Every field is optional (empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Registration {
    /// The surname and first name as the pairing program has them (OpenGotha's `name`,
    /// `firstName`); the player's `name` is "surname first name".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub surname: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub first_name: String,
    /// Two letters ("FR", "CN").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub country: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub egf_pin: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub aga_id: String,
    /// The name in Latin letters, for files in ISO-8859-15 (the EGF's .h9): "Gao Chuande".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub romanised: String,
    /// OpenGotha's key of the player (name and first name, spaces removed, upper case), as the
    /// file's games name the player.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub opengotha_key: String,
}

impl Registration {
    pub fn is_empty(&self) -> bool {
        *self == Registration::default()
    }
}

/// Serde's test for leaving a player's registration out of the file.
#[allow(clippy::borrowed_box)] // serde hands the field as it is
fn unregistered(r: &Box<Registration>) -> bool {
    r.is_empty()
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub date: String,
    /// What the sidebar shows beside the number ("Final"); empty when not named.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// In display order (see [`Change::MoveTable`](super::ops::Change::MoveTable)).
    pub tables: Vec<Table>,
}

/// Where a game is played: round and table number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TableId {
    pub round: u32,
    pub table: u32,
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {} table {}", self.round, self.table)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub number: u32,
    /// What the sidebar shows beside the number ("Top board"); empty when not named.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    pub black: PlayerId,
    pub white: PlayerId,
    pub game: TableGame,
}

/// Who signs a result (Art. 16.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Signer {
    Black,
    White,
    Arbiter,
}

impl Signer {
    pub const ALL: [Signer; 3] = [Signer::Black, Signer::White, Signer::Arbiter];
}

/// One signature under a result: names or initials, and the wall time the caller gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Confirmation {
    pub signer: Signer,
    pub name: String,
    pub wall_time: String,
}

/// A chief arbiter's change of a confirmed result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultOverride {
    pub old: Option<GameResult>,
    pub new: Option<GameResult>,
    pub reason: String,
    pub by: String,
    pub wall_time: String,
}

/// What a new table's game starts from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    pub size: u8,
    pub handicap: u32,
    pub komi: Quarters,
    pub rules: Preset,
    /// Written form ("chinese:60m/5").
    pub time_control: String,
}

/// The game at a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableGame {
    pub handicap: u32,
    pub komi: Quarters,
    pub rules: Preset,
    /// Written form ("chinese:60m/5").
    pub time_control: String,
    /// The record as SGF text (flags, comments and clock readings survive it).
    pub record: String,
    /// The clock is the replay of these events under `time_control`.
    pub clock_events: Vec<ClockEvent>,
    pub ledger: Ledger,
    pub marks: Option<Marks>,
    pub result: Option<GameResult>,
    pub confirmations: Vec<Confirmation>,
    pub overrides: Vec<ResultOverride>,
    /// The head of the audit chain (the last entry's hash) when the result was confirmed, or
    /// last overridden: with the result, it makes the result's verification code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed_at: Option<String>,
    /// The running clock's last checkpoint (`session::downtime`); none in files from before them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkpoint: Option<super::downtime::Checkpoint>,
    /// The photo of the board and what was read from it (issue 21); none in files from before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photo: Option<super::photo::PhotoRecord>,
}

/// A stored part of a game that does not read back.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum StoredGameError {
    #[error("the record does not read as SGF: {0}")]
    Record(#[from] SgfError),
    #[error("the time control `{text}` does not read: {message}")]
    Control { text: String, message: String },
    #[error("the clock events do not replay: {0}")]
    Clock(#[from] ClockError),
}

impl TableGame {
    /// The record, read back from its SGF text.
    pub fn game(&self) -> Result<Game, StoredGameError> {
        Ok(sgf::read_str(&self.record)?)
    }

    pub fn control(&self) -> Result<TimeControl, StoredGameError> {
        self.time_control
            .parse()
            .map_err(|e: crate::clock::ControlError| StoredGameError::Control {
                text: self.time_control.clone(),
                message: e.to_string(),
            })
    }

    /// The clock, replayed from its events.
    pub fn clock(&self) -> Result<Clock, StoredGameError> {
        Ok(Clock::replay(self.control()?, &self.clock_events)?)
    }

    /// The signature of `signer`, if given.
    pub fn confirmation(&self, signer: Signer) -> Option<&Confirmation> {
        self.confirmations.iter().find(|c| c.signer == signer)
    }

    /// The komi of an even game at this table, in `event`: its own komi while it has no handicap;
    /// with one, the event's when the table plays the event's rules, else its rules' own. What
    /// removing the handicap brings back.
    pub fn even_komi(&self, event: &Event) -> Quarters {
        if self.handicap == 0 {
            self.komi
        } else if self.rules == event.rules {
            event.komi
        } else {
            Quarters::from_points_f64(self.rules.rules().komi).unwrap_or(event.komi)
        }
    }

    /// Both players and the arbiter have signed: the result is locked (Art. 16.4).
    pub fn is_confirmed(&self) -> bool {
        Signer::ALL.iter().all(|s| self.confirmation(*s).is_some())
    }
}

/// The colour a signer plays, for the players.
pub fn signer_color(signer: Signer) -> Option<Color> {
    match signer {
        Signer::Black => Some(Color::Black),
        Signer::White => Some(Color::White),
        Signer::Arbiter => None,
    }
}

impl Session {
    /// A session with no players, rounds or history yet.
    pub fn new(event: Event) -> Session {
        Session {
            event,
            players: Vec::new(),
            rounds: Vec::new(),
            audit: Vec::new(),
            tournament: Tournament::default(),
            trust: Trust::default(),
            seal: None,
        }
    }

    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// The players who can still be seated in round `number`: at no table of it yet, and not
    /// withdrawn before it (Art. 28: a withdrawal after round N leaves rounds N+1 onward), in the
    /// order they were entered.
    pub fn unseated(&self, number: u32) -> impl Iterator<Item = &Player> {
        let round = self.round(number);
        self.players.iter().filter(move |p| {
            let seated = round.is_some_and(|r| r.tables.iter().any(|t| t.black == p.id || t.white == p.id));
            let gone = self.tournament.withdrawal(p.id).is_some_and(|w| w.after_round < number);
            !seated && !gone
        })
    }

    pub fn table(&self, id: TableId) -> Option<&Table> {
        self.round(id.round)?.tables.iter().find(|t| t.number == id.table)
    }

    pub(crate) fn table_mut(&mut self, id: TableId) -> Option<&mut Table> {
        self.rounds
            .iter_mut()
            .find(|r| r.number == id.round)?
            .tables
            .iter_mut()
            .find(|t| t.number == id.table)
    }

    /// Every table, round by round.
    /// The audit entries about one table, oldest first.
    pub fn audit_of(&self, table: TableId) -> impl Iterator<Item = &AuditEntry> {
        self.audit.iter().filter(move |e| e.table == Some(table))
    }

    pub fn tables(&self) -> impl Iterator<Item = (TableId, &Table)> {
        self.rounds.iter().flat_map(|r| {
            r.tables.iter().map(move |t| {
                (
                    TableId {
                        round: r.number,
                        table: t.number,
                    },
                    t,
                )
            })
        })
    }
}

//! Changes to a session: the [`Change`] values the journal stores, their checks (a confirmed
//! result is locked, Art. 16.4; only a chief arbiter overrides it, with a reason) and their
//! application, each leaving one audit entry.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::caller::ScriptFormError;
use crate::clock::{ClockEvent, ControlError, EventKind, TimeControl, TimeoutRuling, WrittenDuration};
use crate::game::{Game, GameError};
use crate::lang::Lang;
use crate::ledger::Ledger;
use crate::scoring::{GameResult, Marks, Quarters};
use crate::sgf;

use super::audit::{self, ChainError, Role, Stamp};
use super::downtime::Checkpoint;
use super::model::{
    Confirmation, Event, GameSetup, Player, PlayerId, ResultOverride, Round, Session, Signer, StoredGameError, Table,
    TableGame, TableId,
};
use super::photo::{PhotoCorrection, PhotoRecord, PhotoRecordError};
use super::said::Said;
use super::tournament::{Team, TournamentError, Withdrawal};

/// One change, as the journal stores it and [`Session::apply`] applies it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Change {
    /// The event's settings replaced.
    Event(Event),
    /// A player added, or replaced by id.
    Player(Player),
    Round {
        number: u32,
        date: String,
    },
    /// A table added to its round, with a new game.
    Table {
        table: TableId,
        black: PlayerId,
        white: PlayerId,
        setup: GameSetup,
    },
    /// The record replaced by this SGF text (a move, a stone edit, a ruling...), with a note.
    Record {
        table: TableId,
        sgf: String,
        note: String,
    },
    /// An event appended to the clock.
    Clock {
        table: TableId,
        event: ClockEvent,
    },
    /// The ledger replaced by one that extends it (ledgers are append-only).
    Ledger {
        table: TableId,
        ledger: Ledger,
    },
    Marks {
        table: TableId,
        marks: Option<Marks>,
    },
    /// The result set, before confirmation.
    Result {
        table: TableId,
        result: Option<GameResult>,
    },
    /// A signature under the result.
    Confirm {
        table: TableId,
        signer: Signer,
        name: String,
    },
    /// A chief arbiter's change of a confirmed result.
    Override {
        table: TableId,
        result: Option<GameResult>,
        reason: String,
    },
    /// A round's name set ("Final"), or cleared with an empty name.
    RenameRound {
        number: u32,
        name: String,
    },
    /// A table's name set ("Top board"), or cleared with an empty name.
    RenameTable {
        table: TableId,
        name: String,
    },
    /// A table moved to `to_index` in its round's display order (the last place when beyond it).
    MoveTable {
        table: TableId,
        to_index: usize,
    },
    /// A round moved to `to_index` in the session's display order (the last place when beyond
    /// it). Its number stays: exports and standings go by round number, not by place.
    MoveRound {
        number: u32,
        to_index: usize,
    },
    /// The table's time control set, in its written form (`chinese:60m/5`), before its clock
    /// starts.
    TimeControl {
        table: TableId,
        control: String,
    },
    /// The table's handicap and the komi its game counts with (the rules' handicap komi, or the
    /// even game's when the handicap is removed: [`Rules::komi_for`](crate::rules::Rules::komi_for)),
    /// set before its clock starts: at the table, or from an imported record.
    Handicap {
        table: TableId,
        handicap: u32,
        komi: Quarters,
    },
    // issue 16: a
    /// The table's players replaced (a pairing imported again) while its game has not started:
    /// no move, no clock event, no result, no ledger entry.
    Pairing {
        table: TableId,
        black: PlayerId,
        white: PlayerId,
    },
    // issue 16: b
    /// A player's withdrawal recorded, or corrected (one per player; Art. 28).
    Withdraw(Withdrawal),
    /// Lots drawn among tied players with this seed (Art. 27 (C)); the order is the seed's
    /// ([`draw_order`](super::tournament::draw_order)), written in the audit entry. Replaces
    /// lots drawn before among the same players.
    DrawLots {
        players: Vec<PlayerId>,
        seed: u64,
    },
    /// A team and its board order added, or replaced by id (分台定人制).
    Team(Team),
    /// One team match of a round: a table per board, numbered from `first_table`, board `i`
    /// of the first team against board `i` of the second (the first team Black on boards 1,
    /// 3, ...); one audit entry per table and one for the match.
    TeamMatch {
        round: u32,
        teams: [u32; 2],
        first_table: u32,
        setup: GameSetup,
    },
    // issue 16: lead
    /// Another workstation's table, with its confirmed result, taken whole (record, clock,
    /// ledger, marks, signatures) by the chief arbiter's merge (`session::merge`); `from` names
    /// the file. Refused over a confirmed result of ours: that is a conflict to settle.
    TakeTable {
        table: TableId,
        black: PlayerId,
        white: PlayerId,
        game: Box<TableGame>,
        from: String,
    },
    // issue 18: a
    /// A running clock's state made durable between its events (every few seconds of running
    /// time, and when the app closes): its used times at an instant of the table's timeline and
    /// the wall time then (`session::downtime`). The last one is kept in the table.
    Checkpoint {
        table: TableId,
        checkpoint: Checkpoint,
    },
    // issue 18: c
    /// The session keyed, once: the public name of its chain key (`key::ChainKey::id`); the key
    /// itself stays in the chief arbiter's settings folder.
    ChainKey {
        id: String,
    },
    /// The chief arbiter's passphrase set, once, as its slow salted hash (`chief::Hasher`, an
    /// argon2 PHC string): never the text.
    ChiefPassphrase {
        phc: String,
    },
    // issue 18: lead
    // issue 19: b
    // issue 20: d
    // session 27: lead
    // issue 19: t
    // issue 21: p
    // issue 21: b
    /// A photo of the table's board read (issue 21): the file kept beside the session with its
    /// SHA-256, the corners and the position read; replaces the table's last photo (a re-read
    /// after the corners moved keeps the corrections it carries).
    Photo {
        table: TableId,
        photo: Box<PhotoRecord>,
    },
    /// A point of the photo's read position corrected by the arbiter.
    PhotoPoint {
        table: TableId,
        point: crate::board::Point,
        stone: Option<crate::board::Color>,
    },
}

impl Change {
    /// The table the change concerns, if any.
    pub fn table(&self) -> Option<TableId> {
        match self {
            Change::Event(_)
            | Change::Player(_)
            | Change::Round { .. }
            | Change::RenameRound { .. }
            | Change::MoveTable { .. }
            | Change::MoveRound { .. }
            | Change::Withdraw(_)
            | Change::DrawLots { .. }
            | Change::Team(_)
            | Change::TeamMatch { .. }
            | Change::ChainKey { .. }
            | Change::ChiefPassphrase { .. } => None,
            Change::Table { table, .. }
            | Change::RenameTable { table, .. }
            | Change::TimeControl { table, .. }
            | Change::Handicap { table, .. }
            | Change::Record { table, .. }
            | Change::Clock { table, .. }
            | Change::Ledger { table, .. }
            | Change::Marks { table, .. }
            | Change::Result { table, .. }
            | Change::Confirm { table, .. }
            | Change::Override { table, .. }
            | Change::TakeTable { table, .. }
            | Change::Pairing { table, .. }
            | Change::Checkpoint { table, .. }
            | Change::Photo { table, .. }
            | Change::PhotoPoint { table, .. } => Some(*table),
        }
    }
}

/// Why a change was refused. A refused change leaves the session as it was.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SessionError {
    #[error("there is no round {0}")]
    NoSuchRound(u32),
    #[error("round {0} already exists")]
    RoundExists(u32),
    #[error("there is no {0}")]
    NoSuchTable(TableId),
    #[error("{0} already exists")]
    TableExists(TableId),
    #[error("there is no player {0:?}")]
    NoSuchPlayer(PlayerId),
    #[error("the new game cannot be set up: {0}")]
    Setup(#[from] GameError),
    #[error("{0}")]
    Stored(#[from] StoredGameError),
    #[error("the ledger is append-only: the new one must keep every entry of the old one, in order")]
    LedgerRewritten,
    #[error(
        "the result of {table} ({result}) was confirmed by {signed}: it is locked (Art. 16.4); only a chief arbiter's override with a reason may change it"
    )]
    ResultLocked {
        table: TableId,
        result: String,
        signed: String,
    },
    #[error("{actor} is not the chief arbiter: only a chief arbiter may override a confirmed result")]
    NotChief { actor: String },
    #[error("an override needs a reason")]
    MissingReason,
    #[error("the result of {0} is not confirmed: set it directly, no override is needed")]
    NotConfirmed(TableId),
    #[error("{0} has no result to confirm")]
    NoResult(TableId),
    #[error("{signer:?} has already confirmed the result of {table}")]
    AlreadySigned { table: TableId, signer: Signer },
    #[error("a signature needs a name or initials")]
    MissingName,
    #[error("{table} follows the {edition} text, where a timeout is always a loss: no forfeited move (old Art. 23.5)")]
    NoForfeitedMove {
        table: TableId,
        edition: crate::ledger::Edition,
    },
    #[error("the clock of {0} has started: its time control can no longer change")]
    ClockStarted(TableId),
    #[error("the clock of {0} has started: its handicap and komi can no longer change")]
    HandicapAfterStart(TableId),
    #[error("the event's settings: the event needs a name")]
    EventWithoutName,
    #[error("the event's settings: the default time control `{text}` does not read: {why}")]
    EventControl { text: String, why: ControlError },
    #[error("the event's settings: the byo-yomi script `{text}` is refused: {why}")]
    EventScript { text: String, why: ScriptFormError },
    #[error("the audit trail: {0}")]
    Chain(#[from] ChainError),
    #[error("{table} in {from} is not confirmed there: only a confirmed result is taken")]
    NotConfirmedThere { table: TableId, from: String },
    #[error("{0}")]
    Tournament(#[from] TournamentError),
    #[error("the game of {0} has started or has a result: its players can no longer change")]
    PairingAfterStart(TableId),
    #[error("{actor} is not the chief arbiter: {action} needs the chief arbiter")]
    ChiefOnly { actor: String, action: ChiefAction },
    #[error("the session is already keyed (key {0}): its key cannot change")]
    AlreadyKeyed(String),
    #[error("the chief arbiter's passphrase is already set: it is set once")]
    PassphraseSet,
    #[error("the chief arbiter's passphrase: {0}")]
    Passphrase(#[from] super::chief::ChiefError),
    #[error("{0} has a result: its clock is not running, there is nothing to checkpoint")]
    CheckpointAfterResult(TableId),
    #[error("a checkpoint of {table} at {at:?} comes before its clock's last recorded instant {last:?}")]
    CheckpointBefore {
        table: TableId,
        at: Duration,
        last: Duration,
    },
    #[error("the photo of {table}: {why}")]
    Photo { table: TableId, why: PhotoRecordError },
    #[error("a checkpoint of {table} at {at:?} says the used times are {said:?}; the clock reads {clock:?}")]
    CheckpointMismatch {
        table: TableId,
        at: Duration,
        said: [Duration; 2],
        clock: [Duration; 2],
    },
}

/// What only the chief arbiter may do, besides overriding a confirmed result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChiefAction {
    /// A one-sided change of a clock's reading (Art. 22.8: "单方面的时间读数改拨，须经裁判长的认可").
    OneSidedClock,
    /// Dismissing an incident (its sanction overridden by none).
    DismissIncident,
    /// Changing the record of a game whose result is confirmed.
    RecordAfterConfirmation,
}

impl std::fmt::Display for ChiefAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ChiefAction::OneSidedClock => "a one-sided change of the clock's reading (Art. 22.8)",
            ChiefAction::DismissIncident => "dismissing an incident",
            ChiefAction::RecordAfterConfirmation => "changing the record of a confirmed game",
        })
    }
}

fn result_text(result: &Option<GameResult>) -> String {
    result.as_ref().map_or_else(|| "none".to_string(), GameResult::sgf_re)
}

impl Session {
    /// Applies `change`, made by `stamp`'s actor at its wall time, and records it in the audit
    /// trail. Refused changes change nothing.
    pub fn apply(&mut self, stamp: &Stamp, change: &Change) -> Result<(), SessionError> {
        if let Change::TeamMatch {
            round,
            teams,
            first_table,
            setup,
        } = change
        {
            return self.add_team_match(stamp, *round, *teams, *first_table, setup);
        }
        let Some(id) = change.table() else {
            let what = self.apply_header(change)?;
            let state = audit::header_digest(self)?;
            audit::push(&mut self.audit, stamp, None, what, state)?;
            return Ok(());
        };
        if let Change::Table {
            table,
            black,
            white,
            setup,
        } = change
        {
            return self.add_table(stamp, *table, *black, *white, setup);
        }
        if let Change::TakeTable {
            table,
            black,
            white,
            game,
            from,
        } = change
        {
            return self.take_table(stamp, *table, [*black, *white], game, from);
        }
        let current = self.table(id).ok_or(SessionError::NoSuchTable(id))?;
        let mut table = current.clone();
        let mut said = None;
        let what = match change {
            Change::RenameTable { name, .. } => {
                let renamed = Said::Renamed {
                    table: id,
                    old: table.name.clone(),
                    new: name.clone(),
                };
                table.name = name.clone();
                said.insert(renamed).text(Lang::En)
            }
            Change::Pairing { black, white, .. } => {
                let paired = self.pair(&mut table, id, *black, *white)?;
                said.insert(paired).text(Lang::En)
            }
            _ => {
                let head = self.audit.last().map_or(audit::GENESIS, |e| e.hash.as_str());
                change_game(&mut table.game, id, stamp, head, change, &mut said)?
            }
        };
        let state = audit::table_digest(&table)?;
        audit::push_said(&mut self.audit, stamp, Some(id), what, said, state)?;
        if let Some(slot) = self.table_mut(id) {
            *slot = table;
        }
        Ok(())
    }

    fn apply_header(&mut self, change: &Change) -> Result<String, SessionError> {
        Ok(match change {
            Change::Event(event) => {
                if event.name.trim().is_empty() {
                    return Err(SessionError::EventWithoutName);
                }
                if let Err(why) = event.time_control.parse::<TimeControl>() {
                    let text = event.time_control.clone();
                    return Err(SessionError::EventControl { text, why });
                }
                if let Err(why) = event.chinese_script() {
                    let text = event.script.clone();
                    return Err(SessionError::EventScript { text, why });
                }
                let changed = event_changes(&self.event, event);
                self.event = event.clone();
                if changed.is_empty() {
                    format!("event: {} ({})", event.name, event.dates.join(", "))
                } else {
                    format!("event: {}", changed.join("; "))
                }
            }
            Change::Player(player) => {
                let what = format!(
                    "player {}: {} {} ({})",
                    player.id.0, player.name, player.rank, player.club
                );
                match self.players.iter_mut().find(|p| p.id == player.id) {
                    Some(p) => *p = player.clone(),
                    None => self.players.push(player.clone()),
                }
                what
            }
            Change::Round { number, date } => {
                if self.round(*number).is_some() {
                    return Err(SessionError::RoundExists(*number));
                }
                self.rounds.push(Round {
                    number: *number,
                    date: date.clone(),
                    name: String::new(),
                    tables: Vec::new(),
                });
                format!("round {number} on {date}")
            }
            Change::RenameRound { number, name } => {
                let round = self
                    .rounds
                    .iter_mut()
                    .find(|r| r.number == *number)
                    .ok_or(SessionError::NoSuchRound(*number))?;
                let what = format!("round {number} renamed: {:?} -> {name:?}", round.name);
                round.name = name.clone();
                what
            }
            Change::MoveTable { table, to_index } => {
                let round = self
                    .rounds
                    .iter_mut()
                    .find(|r| r.number == table.round)
                    .ok_or(SessionError::NoSuchTable(*table))?;
                let from = round
                    .tables
                    .iter()
                    .position(|t| t.number == table.table)
                    .ok_or(SessionError::NoSuchTable(*table))?;
                let moved = round.tables.remove(from);
                let to = (*to_index).min(round.tables.len());
                round.tables.insert(to, moved);
                format!("{table} moved from place {} to place {}", from + 1, to + 1)
            }
            Change::MoveRound { number, to_index } => {
                let from = self
                    .rounds
                    .iter()
                    .position(|r| r.number == *number)
                    .ok_or(SessionError::NoSuchRound(*number))?;
                let moved = self.rounds.remove(from);
                let to = (*to_index).min(self.rounds.len());
                self.rounds.insert(to, moved);
                format!("round {number} moved from place {} to place {}", from + 1, to + 1)
            }
            Change::Withdraw(w) => self.withdraw(w)?,
            Change::DrawLots { players, seed } => self.draw_lots(players, *seed)?,
            Change::Team(team) => self.set_team(team)?,
            Change::ChainKey { id } => {
                if let Some(old) = &self.trust.key_id {
                    return Err(SessionError::AlreadyKeyed(old.clone()));
                }
                self.trust.key_id = Some(id.clone());
                format!("keyed: chain key {id}")
            }
            Change::ChiefPassphrase { phc } => {
                if self.trust.chief.is_some() {
                    return Err(SessionError::PassphraseSet);
                }
                super::chief::check_hash(phc)?;
                self.trust.chief = Some(phc.clone());
                "the chief arbiter's passphrase set (its hash only)".to_string()
            }
            _ => String::new(),
        })
    }

    pub(super) fn add_table(
        &mut self,
        stamp: &Stamp,
        id: TableId,
        black: PlayerId,
        white: PlayerId,
        setup: &GameSetup,
    ) -> Result<(), SessionError> {
        if self.table(id).is_some() {
            return Err(SessionError::TableExists(id));
        }
        for p in [black, white] {
            if self.player(p).is_none() {
                return Err(SessionError::NoSuchPlayer(p));
            }
        }
        let mut game = Game::with_handicap(setup.size, setup.rules, setup.handicap)?;
        game.info.black = self.player(black).map(|p| p.name.clone()).unwrap_or_default();
        game.info.white = self.player(white).map(|p| p.name.clone()).unwrap_or_default();
        game.rules.komi = setup.komi.points();
        let table_game = TableGame {
            handicap: setup.handicap,
            komi: setup.komi,
            rules: setup.rules,
            time_control: setup.time_control.clone(),
            record: sgf::write_string(&game),
            clock_events: Vec::new(),
            ledger: Ledger::new(self.event.edition),
            marks: None,
            result: None,
            confirmations: Vec::new(),
            overrides: Vec::new(),
            confirmed_at: None,
            checkpoint: None,
            photo: None,
        };
        table_game.control()?;
        let table = Table {
            number: id.table,
            name: String::new(),
            black,
            white,
            game: table_game,
        };
        let state = audit::table_digest(&table)?;
        let said = Said::Seated {
            table: id,
            black: game.info.black.clone(),
            white: game.info.white.clone(),
            size: setup.size,
            handicap: setup.handicap,
            komi: setup.komi,
            rules: setup.rules,
            control: setup.time_control.clone(),
        };
        let round = self
            .rounds
            .iter_mut()
            .find(|r| r.number == id.round)
            .ok_or(SessionError::NoSuchRound(id.round))?;
        audit::push_said(&mut self.audit, stamp, Some(id), said.text(Lang::En), Some(said), state)?;
        round.tables.push(table);
        Ok(())
    }
}

impl Session {
    /// [`Change::TakeTable`]: their confirmed game replaces ours (not confirmed) or becomes a new
    /// table of the round.
    fn take_table(
        &mut self,
        stamp: &Stamp,
        id: TableId,
        [black, white]: [PlayerId; 2],
        game: &TableGame,
        from: &str,
    ) -> Result<(), SessionError> {
        for p in [black, white] {
            if self.player(p).is_none() {
                return Err(SessionError::NoSuchPlayer(p));
            }
        }
        if !game.is_confirmed() {
            return Err(SessionError::NotConfirmedThere {
                table: id,
                from: from.to_string(),
            });
        }
        game.game()?;
        game.clock()?;
        let ours = self.table(id);
        if let Some(our) = ours.filter(|t| t.game.is_confirmed()) {
            let signed: Vec<String> = our.game.confirmations.iter().map(|c| c.name.clone()).collect();
            return Err(SessionError::ResultLocked {
                table: id,
                result: result_text(&our.game.result),
                signed: signed.join(", "),
            });
        }
        let replaces = ours.map(|t| t.game.result);
        let table = Table {
            number: id.table,
            name: ours.map(|t| t.name.clone()).unwrap_or_default(),
            black,
            white,
            game: game.clone(),
        };
        let signed: Vec<String> = game.confirmations.iter().map(|c| c.name.clone()).collect();
        let said = Said::Taken {
            table: id,
            from: from.to_string(),
            result: game.result,
            signed,
            replaces,
        };
        let state = audit::table_digest(&table)?;
        let round = self
            .rounds
            .iter_mut()
            .find(|r| r.number == id.round)
            .ok_or(SessionError::NoSuchRound(id.round))?;
        audit::push_said(&mut self.audit, stamp, Some(id), said.text(Lang::En), Some(said), state)?;
        match round.tables.iter_mut().find(|t| t.number == id.table) {
            Some(slot) => *slot = table,
            None => round.tables.push(table),
        }
        Ok(())
    }

    /// [`Change::Pairing`] on `table` (a copy): the players and the record's names replaced.
    fn pair(&self, table: &mut Table, id: TableId, black: PlayerId, white: PlayerId) -> Result<Said, SessionError> {
        let name = |p: PlayerId| {
            self.player(p)
                .map(|p| p.name.clone())
                .ok_or(SessionError::NoSuchPlayer(p))
        };
        let (black_name, white_name) = (name(black)?, name(white)?);
        if crate::tournament::started(table) {
            return Err(SessionError::PairingAfterStart(id));
        }
        let mut game = table.game.game()?;
        let said = Said::Paired {
            table: id,
            old: [game.info.black.clone(), game.info.white.clone()],
            new: [black_name.clone(), white_name.clone()],
        };
        game.info.black = black_name;
        game.info.white = white_name;
        table.game.record = sgf::write_string(&game);
        table.black = black;
        table.white = white;
        Ok(said)
    }
}

/// Changes one game (a copy: the caller keeps it only on success) and says what changed.
/// `head` is the audit chain's last hash before the change (kept with a confirmation).
fn change_game(
    game: &mut TableGame,
    id: TableId,
    stamp: &Stamp,
    head: &str,
    change: &Change,
    said: &mut Option<Said>,
) -> Result<String, SessionError> {
    // The kinds the window shows in its own language: said as data, recorded in English.
    let mut say = |what: Said| {
        let text = what.text(Lang::En);
        *said = Some(what);
        text
    };
    let chief_only = |action: ChiefAction| -> Result<(), SessionError> {
        if stamp.role != Role::ChiefArbiter {
            return Err(SessionError::ChiefOnly {
                actor: stamp.actor.clone(),
                action,
            });
        }
        Ok(())
    };
    let locked = |game: &TableGame| -> Result<(), SessionError> {
        if game.is_confirmed() {
            let signed: Vec<String> = game.confirmations.iter().map(|c| c.name.clone()).collect();
            return Err(SessionError::ResultLocked {
                table: id,
                result: result_text(&game.result),
                signed: signed.join(", "),
            });
        }
        Ok(())
    };
    Ok(match change {
        Change::Record { sgf, note, .. } => {
            if game.is_confirmed() {
                chief_only(ChiefAction::RecordAfterConfirmation)?;
            }
            let record = sgf::read_str(sgf).map_err(StoredGameError::from)?;
            game.record = sgf.clone();
            say(Said::Record {
                moves: record.moves().len(),
                note: note.clone(),
            })
        }
        Change::TimeControl { control, .. } => {
            locked(game)?;
            if !game.clock_events.is_empty() {
                return Err(SessionError::ClockStarted(id));
            }
            let what = say(Said::TimeControl {
                old: game.time_control.clone(),
                new: control.clone(),
            });
            game.time_control = control.clone();
            game.control()?;
            what
        }
        Change::Handicap { handicap, komi, .. } => {
            locked(game)?;
            if !game.clock_events.is_empty() {
                return Err(SessionError::HandicapAfterStart(id));
            }
            let what = say(Said::Handicap {
                old: game.handicap,
                new: *handicap,
                old_komi: game.komi,
                new_komi: *komi,
            });
            game.handicap = *handicap;
            game.komi = *komi;
            what
        }
        Change::Clock { event, .. } => {
            let forfeited = matches!(
                event.kind,
                EventKind::TimeoutRuling {
                    ruling: TimeoutRuling::ForfeitedMove,
                    ..
                }
            );
            if forfeited && !game.ledger.edition.forfeited_move_on_timeout() {
                // Old Art. 23.5: "用时(包括读秒)超过时限，一律判负".
                return Err(SessionError::NoForfeitedMove {
                    table: id,
                    edition: game.ledger.edition,
                });
            }
            if matches!(event.kind, EventKind::Edit { .. }) {
                chief_only(ChiefAction::OneSidedClock)?;
            }
            game.clock_events.push(event.clone());
            game.clock()?;
            say(Said::Clock {
                at: event.at,
                kind: event.kind.clone(),
            })
        }
        Change::Ledger { ledger, .. } => {
            let old = game.ledger.entries();
            if ledger.edition != game.ledger.edition || ledger.entries().get(..old.len()) != Some(old) {
                return Err(SessionError::LedgerRewritten);
            }
            let added = ledger.entries().len() - old.len();
            let dismisses = ledger.entries()[old.len()..]
                .iter()
                .any(|e| matches!(e, crate::ledger::Entry::Override(o) if o.sanction.0.is_empty()));
            if dismisses {
                chief_only(ChiefAction::DismissIncident)?;
            }
            game.ledger = ledger.clone();
            say(Said::Ledger {
                edition: ledger.edition,
                entries: ledger.entries()[ledger.entries().len() - added..].to_vec(),
            })
        }
        Change::Marks { marks, .. } => {
            game.marks = marks.clone();
            say(Said::Marks {
                dead_seki: marks.as_ref().map(|m| (m.dead_points().len(), m.seki_points().len())),
            })
        }
        Change::Result { result, .. } => {
            locked(game)?;
            let what = say(Said::Result {
                old: game.result,
                new: *result,
            });
            game.result = *result;
            // A changed result needs signing afresh.
            game.confirmations.clear();
            what
        }
        Change::Confirm { signer, name, .. } => {
            if name.trim().is_empty() {
                return Err(SessionError::MissingName);
            }
            if game.result.is_none() {
                return Err(SessionError::NoResult(id));
            }
            if game.confirmation(*signer).is_some() {
                return Err(SessionError::AlreadySigned {
                    table: id,
                    signer: *signer,
                });
            }
            game.confirmations.push(Confirmation {
                signer: *signer,
                name: name.clone(),
                wall_time: stamp.wall_time.clone(),
            });
            let locked = game.is_confirmed();
            if locked {
                game.confirmed_at = Some(head.to_string());
            }
            say(Said::Confirm {
                signer: *signer,
                name: name.clone(),
                result: game.result,
                locked,
            })
        }
        Change::Override { result, reason, .. } => {
            if stamp.role != Role::ChiefArbiter {
                return Err(SessionError::NotChief {
                    actor: stamp.actor.clone(),
                });
            }
            if reason.trim().is_empty() {
                return Err(SessionError::MissingReason);
            }
            if !game.is_confirmed() {
                return Err(SessionError::NotConfirmed(id));
            }
            let what = say(Said::Override {
                by: stamp.actor.clone(),
                old: game.result,
                new: *result,
                reason: reason.clone(),
            });
            game.overrides.push(ResultOverride {
                old: game.result,
                new: *result,
                reason: reason.clone(),
                by: stamp.actor.clone(),
                wall_time: stamp.wall_time.clone(),
            });
            game.result = *result;
            game.confirmed_at = Some(head.to_string());
            what
        }
        Change::Checkpoint { checkpoint, .. } => say(super::downtime::record(game, id, checkpoint)?),
        Change::Photo { photo, .. } => {
            photo.check().map_err(|why| SessionError::Photo { table: id, why })?;
            game.photo = Some((**photo).clone());
            say(photo.said())
        }
        Change::PhotoPoint { point, stone, .. } => {
            let refused = |why| SessionError::Photo { table: id, why };
            let photo = game.photo.as_mut().ok_or(refused(PhotoRecordError::NoPhoto))?;
            photo.on_board(*point).map_err(refused)?;
            let correction = PhotoCorrection {
                point: *point,
                stone: *stone,
            };
            let before = photo
                .stones()
                .get(usize::from(correction.row_major(photo.size)))
                .copied()
                .flatten();
            photo.corrections.push(correction);
            let said = correction.said(photo.size, before);
            say(said)
        }
        Change::Event(_)
        | Change::Player(_)
        | Change::Round { .. }
        | Change::Table { .. }
        | Change::RenameRound { .. }
        | Change::RenameTable { .. }
        | Change::MoveTable { .. }
        | Change::MoveRound { .. }
        | Change::TakeTable { .. }
        | Change::Withdraw(_)
        | Change::DrawLots { .. }
        | Change::Team(_)
        | Change::TeamMatch { .. }
        | Change::Pairing { .. }
        | Change::ChainKey { .. }
        | Change::ChiefPassphrase { .. } => String::new(),
    })
}

/// What an event change changes, field by field ("lateness limit 15m -> 1h", free text quoted:
/// `name "A" -> "B"`), so that the audit trail says it: nothing about the event changes without a
/// trace. Empty when nothing changed (the event a new session starts with).
fn event_changes(old: &Event, new: &Event) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = |name: &str, before: String, after: String| {
        if before != after {
            out.push(format!("{name} {before} -> {after}"));
        }
    };
    field("name", format!("{:?}", old.name), format!("{:?}", new.name));
    field("dates", format!("{:?}", old.dates), format!("{:?}", new.dates));
    field("venue", format!("{:?}", old.venue), format!("{:?}", new.venue));
    field("penalty rules", old.edition.to_string(), new.edition.to_string());
    field("rules", old.rules.to_string(), new.rules.to_string());
    field("komi", old.komi.stones_text(), new.komi.stones_text());
    field(
        "time control",
        format!("{:?}", old.time_control),
        format!("{:?}", new.time_control),
    );
    field(
        "byo-yomi script",
        format!("{:?}", old.script),
        format!("{:?}", new.script),
    );
    field(
        "lateness limit",
        WrittenDuration(old.lateness_limit).to_string(),
        WrittenDuration(new.lateness_limit).to_string(),
    );
    field("system", format!("{:?}", old.system), format!("{:?}", new.system));
    field(
        "top score",
        format!("{:?}", old.top_score),
        format!("{:?}", new.top_score),
    );
    let bar = |b: Option<crate::session::Rank>| b.map_or_else(|| "none".to_string(), |r| r.to_string());
    field("McMahon bar", bar(old.mcmahon_bar), bar(new.mcmahon_bar));
    let zone = |z: &str| {
        if z.is_empty() {
            "the system's".to_string()
        } else {
            z.to_string()
        }
    };
    field("time zone", zone(&old.time_zone), zone(&new.time_zone));
    out
}

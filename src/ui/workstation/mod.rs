//! The workstation: a session with its tables live, the sidebar's commands, and saving off the UI thread.
//!
//! Each session table has a live [`Table`] on its own timeline (`Live::now`): a new table starts
//! at zero, a table read from a file continues from its last clock event (plus the time the app
//! was down when the arbiter charges it). Panels return [`WsCommand`]s, applied by the one
//! [`Workstation::apply`]. After a table may have changed (a cheap fingerprint, compared after
//! each frame), [`Workstation::sync`] turns what differs between the live table and the stored
//! game into session [`Change`]s: the one place where table state becomes session state. The
//! `Saver` applies them in memory and writes them on its own thread.

use crate::session::merge;
use std::path::PathBuf;
use std::time::Duration;

use jiff::tz::TimeZone;

use crate::board::Color;
use crate::clock::{APPROVED_BY, EventKind, Phase, TimeControl};
use crate::game::Game;
use crate::ledger::{Catalogue, Edition, LATENESS_LIMIT};
use crate::scoring::{Marks, Quarters};
use crate::session::downtime::{self, CHECKPOINT_EVERY, Checkpoint, Downtime};
use crate::session::saver::RecordError;
use crate::session::store::Loaded;
use crate::session::{
    Change, Event, GameSetup, Player, PlayerId, Rank, Role, Saver, Session, SessionError, Signer, Stamp, TableGame,
    TableId, caller_script,
};
use crate::sgf;

use crate::ui::counting::{self, Counting};
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::settings::Settings;
use crate::ui::table::{Command, DEFAULT_CONTROL, Table};
use crate::ui::workstation::files::{Done, Files, Request};
use crate::ui::workstation::sidebar_view::SidebarDrafts;

mod chief_jobs;
pub mod event_view;
pub mod files;
#[cfg(test)]
pub(crate) mod harness;
pub mod merge_view;
pub mod notices_view;
mod read_only;
mod saving;
pub mod sidebar_view;
#[cfg(test)]
mod tests_caller_settings;
#[cfg(test)]
mod tests_chief;
#[cfg(test)]
mod tests_downtime;
#[cfg(test)]
mod tests_edition;
#[cfg(test)]
mod tests_event;
#[cfg(test)]
mod tests_merge;
#[cfg(test)]
mod tests_notices;
#[cfg(test)]
mod tests_pairing;
#[cfg(test)]
mod tests_player_entry;
#[cfg(test)]
mod tests_read_only;
#[cfg(test)]
mod tests_remembered;
#[cfg(test)]
mod tests_saving;
#[cfg(test)]
mod tests_tournament_io;
#[cfg(test)]
mod tests_workstation;
mod tournament_io;
pub mod tournament_view;

pub use tournament_io::{AskRound, TournamentCommand, TournamentIo};

/// Where the session lives.
pub enum Place {
    /// Not saved yet: changes stay in memory until "Save as".
    Unsaved,
    /// A session file; its saver writes every change off the UI thread.
    File { path: PathBuf, saver: Saver },
    /// A session file open for writing in another process: shown, never changed here.
    ReadOnly { path: PathBuf },
}

/// What may have changed in a table since the last sync; compared after every frame (cheap).
#[derive(Clone, Debug, PartialEq)]
struct Fingerprint {
    nodes: usize,
    clock_events: usize,
    control: TimeControl,
    ledger: usize,
    counting: bool,
    marks: Option<Marks>,
    confirmed: Option<crate::scoring::GameResult>,
    overrides: usize,
    /// The handicap and the komi counted (set together at the table).
    handicap: (u32, Option<Quarters>),
    /// Art. 12.4(4): who gave up (written into the record without a new node).
    given_up: Option<crate::board::Color>,
}

impl Fingerprint {
    fn of(table: &Table) -> Fingerprint {
        let c = table.counting.as_ref();
        Fingerprint {
            nodes: table.game.nodes_len(),
            clock_events: table.clock.events().len(),
            control: *table.clock.control(),
            ledger: table.ledger.entries().len(),
            counting: c.is_some(),
            marks: c.map(|c| c.marks.clone()),
            confirmed: c.and_then(|c| c.confirmed.as_ref()).map(|c| c.result),
            overrides: c.map_or(0, |c| c.overrides.len()),
            handicap: handicap_of(&table.game),
            given_up: c.and_then(|c| c.given_up),
        }
    }
}

/// The handicap of a live game and the komi it counts with (`None`: not a whole or half point).
fn handicap_of(game: &Game) -> (u32, Option<Quarters>) {
    (game.info.handicap, Quarters::from_points_f64(game.rules.komi))
}

/// A session table at play.
pub struct Live {
    pub id: TableId,
    pub table: Table,
    /// The workstation's instant at which the table's timeline read `base`.
    born: Duration,
    base: Duration,
    print: Fingerprint,
    /// The table's instant of its last clock checkpoint in this run of the app (none yet: the
    /// next clock event, or the next frame while its clock runs, records one first).
    checkpointed: Option<Duration>,
}

impl Live {
    /// The table's timeline at the workstation's instant `now`.
    pub fn now(&self, now: Duration) -> Duration {
        now.saturating_sub(self.born) + self.base
    }

    /// The workstation's instant of the table's instant `at` (the inverse of `now`).
    pub fn instant_of(&self, at: Duration) -> Duration {
        at.saturating_sub(self.base) + self.born
    }
}

/// Something the window says until dismissed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// A session read back after the app did not close cleanly, or with clocks running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    pub path: PathBuf,
    /// The last run did not close the session (journal changes replayed).
    pub recovered: bool,
    pub tables: usize,
    pub replayed: usize,
    pub dropped_partial: bool,
    /// The audit chain's complaint, if any.
    pub chain: Option<String>,
    /// Tables whose clock was running (no result recorded): the time the app was down, and
    /// both readings.
    pub running: Vec<Downtime>,
}

/// The arbiter's answer to "Save first?" (an unsaved session with tables about to be replaced).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveFirstAnswer {
    /// Save the session (to this path, else through the dialog), then replace it.
    SaveAs(Option<PathBuf>),
    /// Replace it without saving.
    Discard,
    /// Keep it: nothing is replaced.
    Cancel,
}

/// A replacement of an unsaved session with tables (File > New, File > Open), held for the
/// arbiter: a session saved to a file is replaced without asking (its changes are journaled).
#[derive(Clone, Debug)]
pub enum Replacing {
    /// "Save first?" is on screen.
    Asking(Request, Option<PathBuf>),
    /// The session is being saved; then this request goes ahead.
    AfterSave(Request, Option<PathBuf>),
    /// Discarded: the replacement under way (a typed path, say) goes ahead without asking again.
    Discarded,
}

/// What the central panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Table,
    Results,
    /// The photo screen of a table (`ui::photo`).
    Photo,
}

/// What the sidebar, the menu and the windows ask for; applied in one place.
#[derive(Clone, Debug)]
pub enum WsCommand {
    /// A command for the selected table (most come from `Table::frame` itself).
    Table(Command),
    Select(TableId),
    View(View),
    AddPlayer {
        name: String,
        rank: Rank,
        club: String,
    },
    NewRound {
        date: String,
    },
    NewTable {
        round: u32,
        black: PlayerId,
        white: PlayerId,
    },
    RenameRound {
        number: u32,
        name: String,
    },
    RenameTable {
        table: TableId,
        name: String,
    },
    MoveTable {
        table: TableId,
        to_index: usize,
    },
    MoveRound {
        number: u32,
        to_index: usize,
    },
    SetArbiter(String),
    SetLang(Lang),
    Settings(Box<Settings>),
    /// The recovery window's answer: charge the time the app was down to the player on move.
    ChargeDowntime(bool),
    DismissNotice(usize),
    /// A file job: with a path (typed) or through the dialog.
    File(Request, Option<PathBuf>),
    /// The unreadable file's offer declined.
    DeclineBackup,
    /// The answer to "Save first?".
    SaveFirst(SaveFirstAnswer),
    /// The event's settings replaced (the Event window's OK).
    EditEvent(Box<Event>),
    /// The Event window's test of the caller: its settings and its time control's written form
    /// (the event's control when it does not read); the shell plays it.
    TestCaller(crate::caller::CallerSettings, String),
    /// The chief arbiter's passphrase, set once: only its slow salted hash is recorded.
    SetChiefPassphrase(String),
    /// The merge window's answer: take the confirmed results it lists (`true`), or close it.
    Merge(bool),
    /// A standings record from the results screen (a withdrawal, Art. 28), by the organiser.
    Standings(Change),
    /// Lots drawn among these tied players (Art. 27 (C)) with a seed from the wall time and the
    /// audit trail's last hash, recorded in the session.
    DrawLots(Vec<PlayerId>),
    /// A team match in `round`: a table per board from the two teams' board orders, numbered
    /// after the round's last table, with the event's rules, komi and time control.
    TeamMatch {
        round: u32,
        teams: [u32; 2],
    },
    /// The organiser's files: the round to import, its report closed.
    Tournament(TournamentCommand),
    /// The photo screen's commands (`ui::photo`).
    Photo(crate::ui::photo::PhotoCommand),
}

/// A session with its tables live.
pub struct Workstation {
    pub session: Session,
    pub place: Place,
    pub live: Vec<Live>,
    pub selected: Option<TableId>,
    pub view: View,
    pub settings: Settings,
    /// Who signs the audit entries (Role::Arbiter).
    pub arbiter: String,
    pub notices: Vec<Notice>,
    pub recovery: Option<Recovery>,
    /// A session file that did not read, with a good backup to offer.
    pub offer_backup: Option<PathBuf>,
    pub files: Files,
    /// The OpenGotha round asked and the last import's report.
    pub tournament: TournamentIo,
    /// A replacement of the unsaved session held for the arbiter's answer ("Save first?").
    pub replacing: Option<Replacing>,
    /// The sidebar's text being typed.
    pub sidebar: SidebarDrafts,
    /// The instant of the last frame, on the workstation's timeline.
    pub now: Duration,
    /// The wall time of the last frame, since the Unix epoch (from the shell).
    pub wall: Duration,
    /// The system's time zone, read once by the shell and handed in (UTC until then): stamps
    /// are recorded with its offset; they are shown in the event's zone ([`Workstation::zone_shown`]).
    pub zone: TimeZone,
    /// Another workstation's results, planned and waiting for the arbiter's answer.
    pub merge_offer: Option<crate::session::merge::Plan>,
    /// The gate before the chief arbiter's actions (their passphrase; waits after five wrong).
    pub chief_gate: crate::session::chief::Gate,
    /// The passphrase's hasher: the slow default (tests may put a fast one).
    pub chief_hasher: crate::session::chief::Hasher,
    /// The passphrase being hashed or checked on a worker thread, with the action it is for.
    chief_job: Option<chief_jobs::ChiefJob>,
    /// The caller's test asked in the Event window, until the shell takes it to play.
    pub caller_test: Option<CallerTest>,
    /// The photo screen of a table (`ui::photo`), once opened.
    pub photo: Option<crate::ui::photo::PhotoScreen>,
}

/// The caller's test: the settings to hear and the calls of the last period (offsets from its
/// start), as the event's script and edition say them.
#[derive(Clone, Debug, PartialEq)]
pub struct CallerTest {
    pub caller: crate::caller::CallerSettings,
    pub calls: Vec<crate::caller::Call>,
}

/// The default event of a new session, named in the window's language (the organiser renames it
/// in File > Event…).
pub fn new_event(date: &str, lang: Lang) -> Event {
    Event {
        name: Text::NewEventName.tr(lang).to_string(),
        dates: vec![date.to_string()],
        venue: String::new(),
        edition: Edition::Chinese2002,
        rules: Edition::Chinese2002.default_rules(),
        komi: Edition::Chinese2002.default_komi(),
        time_control: DEFAULT_CONTROL.to_string(),
        lateness_limit: LATENESS_LIMIT,
        script: String::new(),
        system: Default::default(),
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    }
}

/// The penalty catalogue of a table whose ledger follows `edition`, in `event`: the edition's
/// catalogue with the event's lateness limit (1 hour when venue and lodging are apart, 15
/// minutes when together, Art. 22.1-22.2; the venue's own under the old text). The one place a
/// live table's catalogue is made.
pub fn table_catalogue(edition: Edition, event: &Event) -> Catalogue {
    let mut catalogue = Catalogue::standard(edition);
    catalogue.set_lateness_limit(event.lateness_limit);
    catalogue
}

impl Workstation {
    /// The zone stamps are shown in: the event's, else the system's.
    pub fn zone_shown(&self) -> TimeZone {
        crate::export::event_zone(&self.session, &self.zone)
    }
}

/// The instant `since_epoch` as a stamp records it, local time in `zone` with its UTC offset:
/// "2026-11-29 17:38:44 +08:00" (`crate::wall`).
pub fn wall_text(since_epoch: Duration, zone: &TimeZone) -> String {
    crate::wall::record(since_epoch, zone)
}

/// The date in `zone` at `since_epoch`: "2026-11-29".
pub fn wall_date(since_epoch: Duration, zone: &TimeZone) -> String {
    crate::wall::date(since_epoch, zone)
}

/// The instant a stamp names (its offset, or the older form in UTC); `None` for free text.
pub fn parse_wall(text: &str) -> Option<Duration> {
    crate::wall::since_epoch(text)
}

/// Builds the live table of a stored game in `event`: record, clock, catalogue, ledger, marks and
/// signatures.
pub fn live_table(stored: &TableGame, event: &Event, settings: &Settings) -> Result<Table, SessionError> {
    let mut game = stored.game()?;
    if game.info.handicap < 2 {
        // Handicap 1 (让先) has no stones and SGF no HA for it: the session keeps it.
        game.info.handicap = stored.handicap;
    }
    let clock = stored.clock()?;
    let mut table = Table::open(game);
    table.chief_gated = true;
    table.even_komi = stored.even_komi(event).points();
    table.drafts.control = clock.control().to_string();
    table.clock = clock;
    table.catalogue = table_catalogue(stored.ledger.edition, event);
    table.script = caller_script(stored.ledger.edition, event);
    table.ledger = stored.ledger.clone();
    apply_settings(&mut table, settings);
    table.restore_ending();
    if stored.marks.is_some() || stored.result.is_some() {
        let c = table.counting.get_or_insert_with(|| Counting::enter(&table.game));
        if let Some(marks) = &stored.marks {
            c.marks = marks.clone();
        }
        if let (true, Some(result)) = (stored.is_confirmed(), stored.result) {
            let name = |s: Signer| stored.confirmation(s).map(|c| c.name.clone()).unwrap_or_default();
            c.confirmed = Some(counting::Confirmation {
                black: name(Signer::Black),
                white: name(Signer::White),
                arbiter: name(Signer::Arbiter),
                result,
            });
        }
    }
    Ok(table)
}

/// The window's settings that a table follows.
fn apply_settings(table: &mut Table, settings: &Settings) {
    table.lang = settings.lang;
    table.keys = settings.keys;
    table.move_numbers = settings.move_numbers;
    table.move_presses_clock = settings.move_presses_clock;
}

impl Workstation {
    /// Who plays at table `id`, for its header and faces: the table's number and name, the
    /// players with their ranks.
    pub fn seats(&self, id: TableId) -> Option<crate::ui::table::Seats> {
        let table = self.session.table(id)?;
        let player = |p| {
            self.session
                .player(p)
                .map(|p| format!("{} {}", p.name, p.rank))
                .unwrap_or_default()
        };
        Some(crate::ui::table::Seats {
            number: table.number,
            name: table.name.clone(),
            black: player(table.black),
            white: player(table.white),
        })
    }

    /// A new unsaved session.
    pub fn new(settings: Settings, wall: Duration) -> Workstation {
        let mut ws = Workstation {
            session: Session::new(new_event(&wall_date(wall, &TimeZone::UTC), settings.lang)),
            place: Place::Unsaved,
            live: Vec::new(),
            selected: None,
            view: View::Table,
            arbiter: match settings.arbiter.trim() {
                "" => "arbiter".to_string(),
                name => name.to_string(),
            },
            settings,
            notices: Vec::new(),
            recovery: None,
            offer_backup: None,
            files: Files::default(),
            tournament: TournamentIo::default(),
            replacing: None,
            sidebar: SidebarDrafts::default(),
            now: Duration::ZERO,
            wall,
            zone: TimeZone::UTC,
            merge_offer: None,
            chief_gate: Default::default(),
            chief_hasher: Default::default(),
            chief_job: None,
            caller_test: None,
            photo: None,
        };
        let event = ws.session.event.clone();
        ws.record(Role::Organiser, None, Change::Event(event));
        ws
    }

    /// An unsaved session holding `game` as round 1 table 1 (`GO_ARBITER_OPEN`).
    pub fn with_game(settings: Settings, wall: Duration, game: Game) -> Workstation {
        let mut ws = Workstation::new(settings, wall);
        ws.import(game);
        ws
    }

    pub fn lang(&self) -> Lang {
        self.settings.lang
    }

    pub fn live(&self, id: TableId) -> Option<&Live> {
        self.live.iter().find(|l| l.id == id)
    }

    pub(crate) fn live_mut(&mut self, id: TableId) -> Option<&mut Live> {
        self.live.iter_mut().find(|l| l.id == id)
    }

    /// The selected live table.
    pub fn current(&mut self) -> Option<&mut Live> {
        let id = self.selected?;
        self.live_mut(id)
    }

    pub fn notify(&mut self, text: impl Into<String>, error: bool) {
        self.notices.push(Notice {
            text: text.into(),
            error,
        });
    }

    fn stamp(&self, role: Role, actor: Option<&str>) -> Stamp {
        Stamp::new(&wall_text(self.wall, &self.zone), actor.unwrap_or(&self.arbiter), role)
    }

    /// Applies one change to the session (and queues it for the file): `false` when refused,
    /// with the refusal shown.
    pub(crate) fn record(&mut self, role: Role, actor: Option<&str>, change: Change) -> bool {
        let stamp = self.stamp(role, actor);
        let result = match &self.place {
            Place::Unsaved => self.session.apply(&stamp, &change).map_err(RecordError::from),
            Place::File { saver, .. } => saver.record(&mut self.session, &stamp, &change),
            Place::ReadOnly { .. } => {
                self.notify(Text::ReadOnlyRefused.tr(self.lang()), true);
                return false;
            }
        };
        match result {
            Ok(()) => true,
            Err(RecordError::Refused(e)) => {
                self.notify(Msg::Refused(&e).text(self.lang()), true);
                false
            }
            Err(RecordError::Behind { held }) => {
                self.notify(Msg::SavingBehind(held).text(self.lang()), true);
                false
            }
        }
    }

    /// The live tables rebuilt from the session (after opening, or a refused change).
    fn rebuild(&mut self, charge: &[Downtime]) {
        let mut live = Vec::new();
        let mut errors = Vec::new();
        for (id, t) in self.session.tables() {
            match live_table(&t.game, &self.session.event, &self.settings) {
                Ok(mut table) => {
                    // The timeline resumes at the last durable instant, plus the downtime of a
                    // clock that was running (charged until the arbiter says otherwise).
                    let down = charge.iter().find(|d| d.table == id).map(|d| d.down);
                    let base = t.game.last_durable() + down.unwrap_or_default();
                    // The caller's schedule starts from here, not from the clock's beginning.
                    table.apply(Command::Tick, base);
                    table.caption = None;
                    let print = Fingerprint::of(&table);
                    live.push(Live {
                        id,
                        table,
                        born: self.now,
                        base,
                        print,
                        checkpointed: None,
                    });
                }
                Err(e) => errors.push(Msg::CannotShow(id, &e).text(self.lang())),
            }
        }
        self.live = live;
        for e in errors {
            self.notify(e, true);
        }
        if self.selected.is_none_or(|id| self.live(id).is_none()) {
            self.selected = self.first_to_watch();
            self.sidebar.reveal = self.selected;
        }
    }

    /// The table an arbiter opening the session wants to see first: the first whose clock runs,
    /// else the first game not over yet, else the first table.
    fn first_to_watch(&self) -> Option<TableId> {
        let state = |l: &Live| {
            let stored = self.session.table(l.id).map(|t| &t.game)?;
            Some(TableState::of(&l.table, stored, l.now(self.now)))
        };
        let running = |l: &&Live| matches!(state(l), Some(TableState::Playing | TableState::ByoYomi));
        let not_over = |l: &&Live| {
            matches!(
                state(l),
                Some(TableState::NotStarted | TableState::Paused | TableState::Counting)
            )
        };
        let first = self
            .live
            .iter()
            .find(running)
            .or_else(|| self.live.iter().find(not_over));
        first.or(self.live.first()).map(|l| l.id)
    }

    /// Rebuilds one table from the session, keeping its timeline.
    fn rebuild_one(&mut self, id: TableId) {
        let Some(stored) = self.session.table(id).map(|t| t.game.clone()) else {
            return;
        };
        let settings = self.settings.clone();
        let now = self.now;
        match live_table(&stored, &self.session.event, &settings) {
            Ok(mut table) => {
                if let Some(l) = self.live_mut(id) {
                    table.apply(Command::Tick, l.now(now));
                    table.caption = None;
                    l.print = Fingerprint::of(&table);
                    l.table = table;
                }
            }
            Err(e) => self.notify(Msg::CannotShow(id, &e).text(self.lang()), true),
        }
    }

    /// Adds a live table for a session table just created.
    fn add_live(&mut self, id: TableId) {
        let Some(stored) = self.session.table(id).map(|t| t.game.clone()) else {
            return;
        };
        match live_table(&stored, &self.session.event, &self.settings) {
            Ok(table) => {
                let print = Fingerprint::of(&table);
                self.live.push(Live {
                    id,
                    table,
                    born: self.now,
                    base: Duration::ZERO,
                    print,
                    checkpointed: None,
                });
                self.selected = Some(id);
                self.view = View::Table;
            }
            Err(e) => self.notify(Msg::CannotShow(id, &e).text(self.lang()), true),
        }
    }

    /// A chief arbiter's action at table `id` (an override of the confirmed result, a one-sided
    /// clock correction, Art. 22.8) waits for the passphrase typed with it to pass the gate: the
    /// passphrase is taken out of the form (never kept) and checked; a refusal is said at the
    /// table and the command is not given. Other commands pass.
    fn chief_refuses(&mut self, id: TableId, command: &Command, now: Duration) -> bool {
        let Some(l) = self.live_mut(id) else { return false };
        let table = &mut l.table;
        let passphrase = match command {
            Command::Override => table
                .counting
                .as_mut()
                .filter(|c| {
                    c.confirmed.is_some() && !c.drafts.chief.trim().is_empty() && !c.drafts.reason.trim().is_empty()
                })
                .map(|c| std::mem::take(&mut c.drafts.passphrase)),
            Command::SubmitDialog => match &mut table.dialog {
                Some(crate::ui::table::dialogs::Dialog::Correction(form)) => Some(std::mem::take(&mut form.passphrase)),
                _ => None,
            },
            _ => None,
        };
        let Some(passphrase) = passphrase else { return false };
        // Held until the worker's answer (`chief_jobs`), or refused at once.
        if let Err(refused) = self.check_chief(id, command, passphrase, now)
            && let Some(l) = self.live_mut(id)
        {
            l.table.message = Some(refused);
        }
        true
    }

    /// The one place that changes the workstation.
    pub fn apply(&mut self, command: WsCommand, now: Duration) {
        self.now = self.now.max(now);
        match command {
            WsCommand::Table(c) => {
                if let Some(id) = self.selected {
                    if self.chief_refuses(id, &c, now) {
                        return;
                    }
                    if let Some(l) = self.live_mut(id) {
                        let t = l.now(now);
                        l.table.apply(c, t);
                    }
                    self.sync(id);
                }
            }
            WsCommand::Select(id) => {
                if self.live(id).is_some() {
                    self.selected = Some(id);
                    self.view = View::Table;
                }
            }
            WsCommand::View(v) => self.view = v,
            WsCommand::AddPlayer { name, rank, club } => {
                let name = name.trim().to_string();
                if name.is_empty() {
                    self.notify(Msg::PlayerNeedsName.text(self.lang()), true);
                    return;
                }
                let id = PlayerId(self.session.players.iter().map(|p| p.id.0).max().unwrap_or(0) + 1);
                self.record(
                    Role::Organiser,
                    None,
                    Change::Player(Player {
                        id,
                        name,
                        rank,
                        club,
                        registration: Default::default(),
                    }),
                );
            }
            WsCommand::NewRound { date } => {
                let number = self.session.rounds.iter().map(|r| r.number).max().unwrap_or(0) + 1;
                let date = if date.trim().is_empty() {
                    wall_date(self.wall, &self.zone)
                } else {
                    date
                };
                self.record(Role::Organiser, None, Change::Round { number, date });
            }
            WsCommand::NewTable { round, black, white } => self.new_table(round, black, white, None),
            WsCommand::RenameRound { number, name } => {
                self.record(Role::Organiser, None, Change::RenameRound { number, name });
            }
            WsCommand::RenameTable { table, name } => {
                self.record(Role::Organiser, None, Change::RenameTable { table, name });
            }
            WsCommand::MoveTable { table, to_index } => {
                self.record(Role::Organiser, None, Change::MoveTable { table, to_index });
            }
            WsCommand::MoveRound { number, to_index } => {
                self.record(Role::Organiser, None, Change::MoveRound { number, to_index });
            }
            WsCommand::SetArbiter(name) => {
                if !name.trim().is_empty() {
                    self.arbiter = name.trim().to_string();
                    // Remembered for the next start.
                    self.settings.arbiter = self.arbiter.clone();
                }
            }
            WsCommand::SetLang(lang) => {
                self.settings.lang = lang;
                self.apply_settings();
            }
            WsCommand::Settings(settings) => {
                self.settings = *settings;
                self.apply_settings();
            }
            WsCommand::ChargeDowntime(charge) => self.answer_recovery(charge),
            WsCommand::DismissNotice(i) => {
                if i < self.notices.len() {
                    self.notices.remove(i);
                }
            }
            WsCommand::File(request, path) => self.start_file(request, path),
            WsCommand::DeclineBackup => self.offer_backup = None,
            WsCommand::SaveFirst(answer) => self.answer_save_first(answer),
            WsCommand::EditEvent(event) => self.edit_event(*event),
            WsCommand::TestCaller(caller, control) => self.caller_test = Some(self.caller_test(caller, &control)),
            WsCommand::SetChiefPassphrase(passphrase) => self.set_chief_passphrase(passphrase),
            WsCommand::Merge(take) => self.answer_merge(take),
            WsCommand::Standings(change) => {
                self.record(Role::Organiser, None, change);
            }
            WsCommand::TeamMatch { round, teams } => self.team_match(round, teams),
            WsCommand::DrawLots(players) => {
                let seed = lots_seed(self.wall, self.session.audit.last().map_or("", |e| e.hash.as_str()));
                self.record(Role::Organiser, None, Change::DrawLots { players, seed });
            }
            WsCommand::Tournament(c) => self.tournament_command(c),
            WsCommand::Photo(c) => self.photo_command(c, now),
        }
    }

    /// The merge window's answer: its changes recorded one by one (each audited and journaled;
    /// a refusal stops there and is shown), the tables taken made live.
    fn answer_merge(&mut self, take: bool) {
        let Some(plan) = self.merge_offer.take() else { return };
        if !take {
            return;
        }
        let (selected, view) = (self.selected, self.view);
        let mut taken = 0;
        for change in plan.changes {
            let table = match &change {
                Change::TakeTable { table, .. } => Some(*table),
                _ => None,
            };
            if !self.record(Role::Arbiter, None, change) {
                break;
            }
            if let Some(id) = table {
                taken += 1;
                if self.live(id).is_some() {
                    self.rebuild_one(id);
                } else {
                    self.add_live(id);
                }
            }
        }
        (self.selected, self.view) = (selected.or(self.selected), view);
        self.notify(Msg::MergeTaken(taken, &plan.source).text(self.lang()), false);
    }

    /// The event's settings replaced through the session's `Change::Event` (audited, journaled),
    /// made by the organiser. What the session refuses (an empty name, a default time control
    /// that does not read) is shown with its reason; the same event again records nothing.
    ///
    /// What a change reaches: the lateness limit goes at once to every live table's catalogue
    /// (through `table_catalogue`, as when tables are built), so a lateness recorded from now on
    /// uses it (one already recorded keeps the limit in its clock event); the byo-yomi script goes
    /// at once to every live table's caller (through `caller_script`, as when tables are built,
    /// so a reopened session calls the same). The name shows in the
    /// sidebar's heading. The default time control, rules, komi and the penalty rules' edition
    /// are what tables created afterwards start from: an existing table keeps its own (its time
    /// control is changed at the table, before its clock starts; a started game's clock is never
    /// changed silently).
    fn edit_event(&mut self, event: Event) {
        if event == self.session.event || !self.record(Role::Organiser, None, Change::Event(event)) {
            return;
        }
        let event = &self.session.event;
        for l in &mut self.live {
            l.table.catalogue = table_catalogue(l.table.ledger.edition, event);
            l.table.script = caller_script(l.table.ledger.edition, event);
        }
    }

    /// Starts a file job; one that would replace an unsaved session with tables waits for the
    /// arbiter's answer to "Save first?".
    fn start_file(&mut self, request: Request, path: Option<PathBuf>) {
        let unsaved = matches!(self.place, Place::Unsaved) && self.session.tables().next().is_some();
        let discarded = matches!(self.replacing, Some(Replacing::Discarded));
        if request.replaces_session() && unsaved && !discarded {
            self.replacing = Some(Replacing::Asking(request, path));
            return;
        }
        self.files
            .start(request, path, self.lang(), self.settings.last_folder.as_deref());
    }

    /// "Save first?" on screen: the tables of the session that would be lost.
    pub fn save_first_question(&self) -> Option<usize> {
        matches!(self.replacing, Some(Replacing::Asking(..))).then(|| self.session.tables().count())
    }

    fn answer_save_first(&mut self, answer: SaveFirstAnswer) {
        let Some(Replacing::Asking(request, path)) = self.replacing.take() else {
            return;
        };
        match answer {
            SaveFirstAnswer::Cancel => {}
            SaveFirstAnswer::Discard => {
                self.replacing = Some(Replacing::Discarded);
                self.files
                    .start(request, path, self.lang(), self.settings.last_folder.as_deref());
            }
            SaveFirstAnswer::SaveAs(to) => {
                self.replacing = Some(Replacing::AfterSave(request, path));
                let save = Request::SaveAs(Box::new(self.session.clone()));
                self.files
                    .start(save, to, self.lang(), self.settings.last_folder.as_deref());
            }
        }
    }

    /// After a file job: the replacement that waited for the session to be saved goes ahead once
    /// it is; a save or replacement that ended without one (cancelled, failed) is forgotten.
    fn after_file_jobs(&mut self) {
        if matches!(self.place, Place::File { .. })
            && let Some(Replacing::AfterSave(request, path)) = self.replacing.take()
        {
            self.files
                .start(request, path, self.lang(), self.settings.last_folder.as_deref());
            return;
        }
        let waiting = matches!(self.replacing, Some(Replacing::AfterSave(..) | Replacing::Discarded));
        if waiting && self.files.pending == 0 && self.files.typed.is_none() {
            self.replacing = None;
        }
    }

    fn apply_settings(&mut self) {
        for l in &mut self.live {
            apply_settings(&mut l.table, &self.settings);
        }
    }

    /// A new table in `round`, numbered after the round's last; with `record` (an imported game)
    /// stored as its record.
    fn new_table(&mut self, round: u32, black: PlayerId, white: PlayerId, record: Option<&Game>) {
        if black == white {
            self.notify(Msg::SamePlayerTwice.text(self.lang()), true);
            return;
        }
        let Some(r) = self.session.round(round) else {
            self.notify(Msg::NoRound(round).text(self.lang()), true);
            return;
        };
        let number = r.tables.iter().map(|t| t.number).max().unwrap_or(0) + 1;
        let id = TableId { round, table: number };
        let event = &self.session.event;
        let setup = GameSetup {
            size: record.map_or(19, Game::size),
            handicap: 0,
            komi: record
                .and_then(|g| Quarters::from_points_f64(g.rules.komi))
                .unwrap_or(event.komi),
            rules: record.and_then(|g| g.preset).unwrap_or(event.rules),
            time_control: event.time_control.clone(),
        };
        if !self.record(
            Role::Organiser,
            None,
            Change::Table {
                table: id,
                black,
                white,
                setup,
            },
        ) {
            return;
        }
        if let Some(game) = record {
            let sgf = sgf::write_string(game);
            self.record(
                Role::Arbiter,
                None,
                Change::Record {
                    table: id,
                    sgf,
                    note: "imported from SGF".to_string(),
                },
            );
            // The record's handicap (HA, its AB stones placed as the file has them) and komi (KM).
            if let (handicap @ 1.., Some(komi)) = handicap_of(game) {
                self.record(
                    Role::Arbiter,
                    None,
                    Change::Handicap {
                        table: id,
                        handicap,
                        komi,
                    },
                );
            }
        }
        self.add_live(id);
    }

    /// A team match's tables (one `Change::TeamMatch`), then live.
    fn team_match(&mut self, round: u32, teams: [u32; 2]) {
        let Some(r) = self.session.round(round) else {
            self.notify(Msg::NoRound(round).text(self.lang()), true);
            return;
        };
        let first_table = r.tables.iter().map(|t| t.number).max().unwrap_or(0) + 1;
        let event = &self.session.event;
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: event.komi,
            rules: event.rules,
            time_control: event.time_control.clone(),
        };
        let change = Change::TeamMatch {
            round,
            teams,
            first_table,
            setup,
        };
        if !self.record(Role::Organiser, None, change) {
            return;
        }
        let tables = self.session.tournament.matches.last().map(|m| m.tables.clone());
        // The arbiter stays where the match was seated (the results screen).
        let (view, selected) = (self.view, self.selected);
        for table in tables.unwrap_or_default() {
            self.add_live(TableId { round, table });
        }
        (self.view, self.selected) = (view, selected);
    }

    /// A game from an SGF file as a new table: its players found by name or added (rank from the
    /// record, 1k when it has none), in the last round (round 1 made when there is none).
    pub fn import(&mut self, game: Game) {
        if self.session.rounds.is_empty() {
            let date = wall_date(self.wall, &self.zone);
            self.record(Role::Organiser, None, Change::Round { number: 1, date });
        }
        let Some(round) = self.session.rounds.iter().map(|r| r.number).max() else {
            return;
        };
        let black = self.player_named(&game.info.black, &game.info.black_rank, "Black");
        let white = self.player_named(&game.info.white, &game.info.white_rank, "White");
        if let (Some(black), Some(white)) = (black, white) {
            let white = if white == black {
                self.player_named(&format!("{} (W)", game.info.white), &game.info.white_rank, "White")
                    .unwrap_or(white)
            } else {
                white
            };
            self.new_table(round, black, white, Some(&game));
        }
    }

    fn player_named(&mut self, name: &str, rank: &str, fallback: &str) -> Option<PlayerId> {
        let name = if name.trim().is_empty() { fallback } else { name.trim() };
        if let Some(p) = self.session.players.iter().find(|p| p.name == name) {
            return Some(p.id);
        }
        let id = PlayerId(self.session.players.iter().map(|p| p.id.0).max().unwrap_or(0) + 1);
        let rank = rank.parse().unwrap_or(Rank::Kyu(1));
        let player = Player {
            id,
            name: name.to_string(),
            rank,
            club: String::new(),
            registration: Default::default(),
        };
        self.record(Role::Organiser, None, Change::Player(player)).then_some(id)
    }

    /// Turns what changed in the live table `id` into session changes (time control, record, clock events,
    /// ledger, marks, result and signatures, overrides). A refused change is shown, and the live
    /// table is rebuilt from the session so that both say the same.
    pub fn sync(&mut self, id: TableId) {
        let Some(l) = self.live(id) else { return };
        let print = Fingerprint::of(&l.table);
        if print == l.print {
            return;
        }
        let Some(stored) = self.session.table(id).map(|t| t.game.clone()) else {
            return;
        };
        let first_new = l.table.clock.events().get(stored.clock_events.len()).map(|e| e.at);
        let anchor = (l.checkpointed.is_none() && !matches!(self.place, Place::Unsaved))
            .then_some(first_new)
            .flatten()
            .filter(|at| stored.result.is_none() && *at >= stored.last_durable())
            .and_then(|at| {
                // The wall time of the table's instant `at` in this run, before its first clock
                // event of the run is recorded (`session::downtime`).
                let behind = l.now(self.now).saturating_sub(at);
                let used = stored.clock().ok()?.reading(at).used;
                let wall = self.wall.saturating_sub(behind);
                Some(Checkpoint { at, wall, used })
            });
        let changes = table_changes(id, &l.table, &stored);
        if let Some(checkpoint) = anchor
            && self.record(Role::Arbiter, None, Change::Checkpoint { table: id, checkpoint })
            && let Some(l) = self.live_mut(id)
        {
            l.checkpointed = Some(checkpoint.at);
        }
        let Some(l) = self.live(id) else { return };
        let mut notes = Vec::new();
        if l.table.clock.events().get(..stored.clock_events.len()) != Some(stored.clock_events.as_slice()) {
            notes.push(Msg::ClockReplaced(id).text(self.lang()));
        }
        for note in notes {
            self.notify(note, true);
        }
        let mut refused = false;
        for (role, actor, change) in changes {
            if !self.record(role, actor.as_deref(), change) {
                refused = true;
                break;
            }
        }
        if let Some(l) = self.live_mut(id) {
            l.print = print;
        }
        if refused {
            self.rebuild_one(id);
        }
    }

    /// Once per frame: results of file jobs, saver failures, the clocks of every table (timeouts
    /// are recorded even when the table is not shown), and the selected table's changes.
    pub fn poll(&mut self, now: Duration, wall: Duration) {
        self.now = self.now.max(now);
        self.wall = wall;
        for done in self.files.poll() {
            self.file_done(done);
        }
        self.after_file_jobs();
        self.saver_events();
        self.chief_answers(now);
        self.photo_poll();
        let ids: Vec<TableId> = self.live.iter().map(|l| l.id).collect();
        let selected = self.selected;
        for id in ids {
            if let Some(l) = self.live_mut(id)
                && l.table.clock.phase() == Phase::Running
                && Some(id) != selected
            {
                let t = l.now(now);
                l.table.apply(Command::Tick, t);
            }
            self.sync(id);
        }
        // While the recovery asks too: those clocks run on, charged until the answer.
        self.checkpoints_due(now, wall);
    }

    /// How long until a clock shown anywhere (the table or the sidebar) changes: the soonest
    /// among the tables. `None` when nothing runs.
    ///
    /// While the selected table asks for a frame within a second (its clock is running), the other
    /// tables' sidebar faces ride on its frames, at most a second late, so that two running tables
    /// cost one frame a second, not two out of step (their timeouts are exact whenever the frame
    /// comes: the clock knows when a flag fell).
    pub fn next_repaint(&self, now: Duration) -> Option<Duration> {
        let next = |l: &Live| l.table.next_repaint(l.now(now));
        let selected = self.selected.and_then(|id| self.live(id)).and_then(next);
        if let Some(wait) = selected.filter(|w| *w <= Duration::from_secs(1)) {
            return Some(wait);
        }
        self.live.iter().filter_map(next).min()
    }

    /// The recovery window's answer. Charging changes nothing (the clocks ran on from the
    /// reopening as if never stopped). Not charging records a pause at the last durable instant
    /// and a resume at the reopening, so exactly the downtime is not counted (the clock keys are
    /// held while the question is open, so nothing was recorded since), then a checkpoint.
    fn answer_recovery(&mut self, charge: bool) {
        let Some(recovery) = self.recovery.take() else { return };
        if charge {
            return;
        }
        for d in &recovery.running {
            let Some(l) = self.live_mut(d.table) else { continue };
            let reason = format!(
                "the app was down {}.{:03} s: not charged (arbiter's decision)",
                d.down.as_secs(),
                d.down.subsec_millis()
            );
            let (from, to) = (d.last, d.last + d.down);
            let paused = l
                .table
                .clock
                .pause(from, &reason)
                .and_then(|()| l.table.clock.resume(to).map(|_| ()));
            if let Err(e) = paused {
                self.notify(Msg::NotLeftUncharged(d.table, &e).text(self.lang()), true);
                self.rebuild_one(d.table);
                continue;
            }
            self.sync(d.table);
            let (now, wall) = (self.now, self.wall);
            self.checkpoint(d.table, now, wall);
        }
    }

    /// Records a checkpoint of table `id`'s running clock at the workstation's instant `now`
    /// (wall time `wall`), when the session is in a file, the clock runs with no result and the
    /// live clock is the stored one.
    fn checkpoint(&mut self, id: TableId, now: Duration, wall: Duration) {
        if matches!(self.place, Place::Unsaved) {
            return;
        }
        let (Some(l), Some(stored)) = (self.live(id), self.session.table(id).map(|t| &t.game)) else {
            return;
        };
        let clock = &l.table.clock;
        if clock.phase() != Phase::Running || stored.result.is_some() || clock.events() != stored.clock_events {
            return;
        }
        let at = l.now(now).max(stored.last_durable());
        if l.checkpointed == Some(at) {
            return;
        }
        let checkpoint = Checkpoint {
            at,
            wall,
            used: clock.reading(at).used,
        };
        if self.record(Role::Arbiter, None, Change::Checkpoint { table: id, checkpoint })
            && let Some(l) = self.live_mut(id)
        {
            l.checkpointed = Some(at);
        }
    }

    /// A checkpoint of each running clock that has run `CHECKPOINT_EVERY` since its last one in
    /// this run (or has none in this run yet).
    fn checkpoints_due(&mut self, now: Duration, wall: Duration) {
        let due: Vec<TableId> = self
            .live
            .iter()
            .filter(|l| l.table.clock.phase() == Phase::Running)
            .filter(|l| l.checkpointed.is_none_or(|c| l.now(now) >= c + CHECKPOINT_EVERY))
            .map(|l| l.id)
            .collect();
        for id in due {
            self.checkpoint(id, now, wall);
        }
    }

    /// The tables whose clock runs (no result recorded).
    pub fn running_tables(&self) -> Vec<TableId> {
        self.live
            .iter()
            .filter(|l| l.table.clock.phase() == Phase::Running)
            .filter(|l| self.session.table(l.id).is_some_and(|t| t.game.result.is_none()))
            .map(|l| l.id)
            .collect()
    }

    /// Before quitting: every running clock paused (recorded and saved).
    pub fn pause_running(&mut self, now: Duration) {
        self.now = self.now.max(now);
        for id in self.running_tables() {
            let Some(l) = self.live_mut(id) else { continue };
            let t = l.now(now);
            let paused = l
                .table
                .clock
                .pause(t, "the app was closed: clocks paused (arbiter's choice)");
            if let Err(e) = paused {
                self.notify(i18n::clock_error(&e, self.lang()), true);
            }
            self.sync(id);
        }
    }

    /// A last checkpoint of every running clock at `now` and `wall` (the app is closing), so that
    /// the downtime offered at the reopening starts from here.
    pub fn checkpoint_running(&mut self, now: Duration, wall: Duration) {
        self.now = self.now.max(now);
        self.wall = wall;
        for id in self.running_tables() {
            self.sync(id);
            self.checkpoint(id, now, wall);
        }
    }

    /// A session read from disk replaces the current one.
    fn opened(&mut self, path: PathBuf, saver: Saver, loaded: Loaded) {
        self.close_place();
        let wall = self.wall;
        let running: Vec<Downtime> = loaded
            .running_clocks
            .iter()
            .filter_map(|id| {
                let game = &loaded.session.table(*id)?.game;
                let stamp = loaded.session.audit_of(*id).last();
                let stamp = stamp.and_then(|e| parse_wall(&e.stamp.wall_time));
                downtime::downtime(*id, game, wall, stamp)
            })
            .collect();
        if loaded.recovered() || !running.is_empty() {
            self.recovery = Some(Recovery {
                path: path.clone(),
                recovered: loaded.recovered(),
                tables: loaded.session.tables().count(),
                replayed: loaded.replayed,
                dropped_partial: loaded.dropped_partial,
                chain: loaded.chain.as_ref().err().map(|e| i18n::chain_error(e, self.lang())),
                running: running.clone(),
            });
        } else if let Err(e) = &loaded.chain {
            self.notify(Msg::AuditBroken(&path, e).text(self.lang()), true);
        }
        self.session = loaded.session;
        self.place = Place::File { path, saver };
        self.selected = None;
        self.rebuild(&running);
    }

    /// Closes the current file off the UI thread (its last snapshot). An unsaved session with
    /// tables is said to be left behind (it was never written).
    fn close_place(&mut self) {
        match std::mem::replace(&mut self.place, Place::Unsaved) {
            Place::File { saver, path } => self.files.close_in_background(path, saver, self.session.clone()),
            Place::ReadOnly { .. } => {}
            Place::Unsaved => {
                let tables = self.session.tables().count();
                if tables > 0 {
                    self.notify(Msg::UnsavedClosed(tables).text(self.lang()), true);
                }
            }
        }
    }

    /// Closes the session file, waiting for the last snapshot (when the window closes).
    pub fn close(&mut self) {
        let (now, wall) = (self.now, self.wall);
        self.checkpoint_running(now, wall);
        if let Place::File { saver, path } = std::mem::replace(&mut self.place, Place::Unsaved)
            && let Err(e) = saver.close(&self.session)
        {
            eprintln!("{}: the last snapshot failed: {e}", path.display());
        }
    }

    /// The test of `caller` over the last period of `control` (the event's when it does not read),
    /// in the event's script and edition.
    fn caller_test(&self, caller: crate::caller::CallerSettings, control: &str) -> CallerTest {
        let event = &self.session.event;
        let control = control
            .parse::<crate::clock::TimeControl>()
            .or_else(|_| event.time_control.parse())
            .unwrap_or_else(|_| crate::clock::TimeControl::Chinese {
                main: std::time::Duration::from_secs(60),
                reserved_minutes: 1,
                period: std::time::Duration::from_secs(60),
            });
        let event = Event {
            caller,
            ..event.clone()
        };
        let script = crate::session::caller_script(event.edition, &event);
        CallerTest {
            caller,
            calls: crate::caller::last_period_calls(&control, &script),
        }
    }

    fn file_done(&mut self, done: Done) {
        if let Some(folder) = done
            .path()
            .and_then(|p| p.parent())
            .filter(|f| !f.as_os_str().is_empty())
        {
            self.settings.last_folder = Some(folder.to_path_buf());
        }
        match done {
            Done::Created {
                path,
                result,
                session,
                new,
            } => match result {
                Ok(store) => {
                    let saver = self.spawn_saver(store);
                    if new {
                        self.close_place();
                        self.session = *session;
                        self.selected = None;
                        self.rebuild(&[]);
                    } else {
                        if let Place::File { saver, path } = std::mem::replace(&mut self.place, Place::Unsaved) {
                            self.files.close_in_background(path, saver, self.session.clone());
                        }
                        if self.session.audit.len() != session.audit.len() {
                            // Changed while the dialog was open: the file gets them too.
                            saver.snapshot(&self.session);
                        }
                    }
                    self.notify(Msg::SavedAs(&path).text(self.lang()), false);
                    self.place = Place::File { path, saver };
                }
                Err(e) => self.notify(Msg::NotSaved(&e).text(self.lang()), true),
            },
            Done::OpenedReadOnly { path, why, result } => match result {
                Ok(loaded) => self.opened_read_only(path, &why, *loaded),
                Err(e) => self.notify(i18n::store_error(&e, self.lang()), true),
            },
            Done::Opened { path, result } => match result {
                Ok((store, loaded)) => {
                    self.notify(Msg::Opened(&path).text(self.lang()), false);
                    let saver = self.spawn_saver(store);
                    self.opened(path, saver, *loaded);
                }
                Err(e) => {
                    use crate::session::StoreError;
                    if let StoreError::Unreadable { backup: Some(_), .. }
                    | StoreError::Journal { backup: Some(_), .. } = &e
                    {
                        self.offer_backup = Some(path);
                    }
                    self.notify(i18n::store_error(&e, self.lang()), true);
                }
            },
            Done::Imported { path, result } => match result {
                Ok(game) => {
                    self.import(*game);
                    self.notify(Msg::Imported(&path).text(self.lang()), false);
                }
                Err(e) => self.notify(Msg::NotImported(&path, &e).text(self.lang()), true),
            },
            Done::Exported { path, result } => match result {
                Ok(()) => self.notify(Msg::Exported(&path).text(self.lang()), false),
                Err(e) => self.notify(Msg::NotExported(&path, &e).text(self.lang()), true),
            },
            Done::Closed { path, result } => {
                if let Err(e) = result {
                    self.notify(Msg::SnapshotFailed(&path, &e).text(self.lang()), true);
                }
            }
            Done::MergeRead { path, result } => {
                match result.and_then(|(theirs, source)| merge::plan(&self.session, &theirs, &source)) {
                    Ok(plan) => self.merge_offer = Some(plan),
                    Err(e) => self.notify(Msg::MergeRefused(&path, &e).text(self.lang()), true),
                }
            }
            done @ (Done::TournamentRead { .. } | Done::PlayersRead { .. } | Done::TournamentWritten { .. }) => {
                self.tournament_done(done)
            }
            Done::NoDialog(request) => {
                self.notify(Msg::NoDialog.text(self.lang()), true);
                self.files.typed = Some((request, String::new()));
            }
            Done::Cancelled => {}
        }
    }

    /// A request for the file menu's entries, with what it needs from the session.
    pub fn request(&self, kind: FileAction) -> Option<Request> {
        Some(match kind {
            FileAction::New => {
                let mut session = Session::new(new_event(&wall_date(self.wall, &self.zone), self.lang()));
                let event = session.event.clone();
                // A fresh session cannot refuse its event.
                session
                    .apply(&self.stamp(Role::Organiser, None), &Change::Event(event))
                    .ok()?;
                Request::NewSession(Box::new(session))
            }
            FileAction::Open => Request::Open,
            FileAction::SaveAs => Request::SaveAs(Box::new(self.session.clone())),
            FileAction::Import => Request::ImportSgf,
            FileAction::Merge => Request::MergeFrom,
            FileAction::Export => {
                let id = self.selected?;
                let text = self.session.table(id)?.game.record.clone();
                Request::ExportSgf {
                    text,
                    name: format!("round{}-table{}.sgf", id.round, id.table),
                }
            }
            FileAction::ImportOpenGotha
            | FileAction::ImportPlayersCsv
            | FileAction::ExportOpenGothaCopy
            | FileAction::ExportAga => return self.tournament_request(kind),
        })
    }
}

/// The file menu's entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    New,
    Open,
    SaveAs,
    Import,
    Export,
    Merge,
    ImportOpenGotha,
    ImportPlayersCsv,
    ExportOpenGothaCopy,
    ExportAga,
}

/// The session changes that bring `stored` to the live `table`, with who makes each.
fn table_changes(id: TableId, table: &Table, stored: &TableGame) -> Vec<(Role, Option<String>, Change)> {
    let mut changes = Vec::new();
    let arbiter = |c: Change| (Role::Arbiter, None, c);
    let control = table.clock.control();
    if stored.control().ok().as_ref() != Some(control) {
        // First: the clock events that follow are replayed under it.
        changes.push(arbiter(Change::TimeControl {
            table: id,
            control: control.to_string(),
        }));
    }
    // Set at the table only before its clock starts (a session from before handicaps were
    // stored may disagree with its record later on: that is left as it was).
    if let (handicap, Some(komi)) = handicap_of(&table.game)
        && (handicap, komi) != (stored.handicap, stored.komi)
        && stored.clock_events.is_empty()
    {
        changes.push(arbiter(Change::Handicap {
            table: id,
            handicap,
            komi,
        }));
    }
    let sgf = sgf::write_string(&table.game);
    if sgf != stored.record {
        let moves = table.game.moves().len();
        changes.push(arbiter(Change::Record {
            table: id,
            sgf,
            note: format!("{moves} moves on the board"),
        }));
    }
    let events = table.clock.events();
    let old = &stored.clock_events;
    if events.get(..old.len()) == Some(old.as_slice()) {
        for event in &events[old.len()..] {
            let change = Change::Clock {
                table: id,
                event: event.clone(),
            };
            // A one-sided correction was let through by the chief arbiter's passphrase
            // (`Workstation::chief_refuses`); its reason names them (`Clock::edit_approved`).
            changes.push(match &event.kind {
                EventKind::Edit { reason, .. } => {
                    let chief = reason.rsplit_once(APPROVED_BY).map(|(_, name)| name.to_string());
                    (Role::ChiefArbiter, chief, change)
                }
                _ => arbiter(change),
            });
        }
    }
    if table.ledger != stored.ledger {
        changes.push(arbiter(Change::Ledger {
            table: id,
            ledger: table.ledger.clone(),
        }));
    }
    let c = table.counting.as_ref();
    let marks = c.map(|c| c.marks.clone());
    if marks != stored.marks {
        changes.push(arbiter(Change::Marks { table: id, marks }));
    }
    let Some(c) = c else { return changes };
    let Some(confirmed) = &c.confirmed else { return changes };
    if c.overrides.len() > stored.overrides.len() && stored.is_confirmed() {
        // The chief arbiter unlocked the result and a new one was confirmed: that is the override.
        if let Some(o) = c.overrides.last() {
            changes.push((
                Role::ChiefArbiter,
                Some(o.chief.clone()),
                Change::Override {
                    table: id,
                    result: Some(confirmed.result),
                    reason: o.reason.clone(),
                },
            ));
        }
        return changes;
    }
    if stored.result != Some(confirmed.result) {
        changes.push(arbiter(Change::Result {
            table: id,
            result: Some(confirmed.result),
        }));
    }
    let signed = |s: Signer| stored.result == Some(confirmed.result) && stored.confirmation(s).is_some();
    for (signer, name) in [
        (Signer::Black, &confirmed.black),
        (Signer::White, &confirmed.white),
        (Signer::Arbiter, &confirmed.arbiter),
    ] {
        if !signed(signer) {
            changes.push(arbiter(Change::Confirm {
                table: id,
                signer,
                name: name.clone(),
            }));
        }
    }
    changes
}

/// The state of a table, as the sidebar shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableState {
    NotStarted,
    Playing,
    ByoYomi,
    Paused,
    Counting,
    Finished,
    Confirmed,
}

impl TableState {
    pub fn of(live: &Table, stored: &TableGame, now: Duration) -> TableState {
        if stored.is_confirmed() {
            return TableState::Confirmed;
        }
        if stored.result.is_some() {
            return TableState::Finished;
        }
        if live.counting.is_some() {
            return TableState::Counting;
        }
        let reading = live.clock.reading(now);
        let byo_yomi = live.clock.control().period_length().is_some()
            && reading.left.iter().any(|l| l.main.is_zero() && l.periods > 0);
        match reading.phase {
            Phase::NotStarted => TableState::NotStarted,
            Phase::Running if byo_yomi => TableState::ByoYomi,
            Phase::Running => TableState::Playing,
            Phase::Paused | Phase::Adjourned => TableState::Paused,
            Phase::Flagged | Phase::Over => TableState::Finished,
        }
    }

    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            TableState::NotStarted => Text::NotStarted,
            TableState::Playing => Text::Playing,
            TableState::ByoYomi => Text::ByoYomi,
            TableState::Paused => Text::Paused,
            TableState::Counting => Text::CountingState,
            TableState::Finished => Text::Finished,
            TableState::Confirmed => Text::ConfirmedState,
        }
        .tr(lang)
    }
}

/// The colour whose clock runs, for the sidebar's mark.
pub fn on_move(table: &Table, now: Duration) -> Option<Color> {
    let r = table.clock.reading(now);
    r.turn
        .filter(|t| t.running && r.phase == Phase::Running)
        .map(|t| t.player)
}

/// The seed of lots drawn now: the wall time's nanoseconds mixed with the audit trail's last
/// hash (recorded in the session: the draw is repeated from it).
fn lots_seed(wall: Duration, last_hash: &str) -> u64 {
    let hash = last_hash
        .get(..16)
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .unwrap_or(0);
    (wall.as_nanos() as u64) ^ hash
}

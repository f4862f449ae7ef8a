//! One table at play: the state (game, clock, ledger, caption), the `Command`s the panels return,
//! the one `apply` that changes the state, the keys, and the repaint policy. Time is a parameter
//! here (`now`, a `Duration` on the table's timeline); only the eframe shell reads an `Instant`.

use std::time::Duration;

use crate::board::{Color, Point};
use crate::caller::{self, Announcement, Script};
use crate::clock::{Clock, ClockError, LatenessRule, Phase, PressOutcome, Reading, TimeControl, TimeoutRuling};
use crate::game::{Cycle, Game, GameError, GameInfo, Illegal, Ruling};
use crate::ledger::{Catalogue, Edition, Ledger, OffenceId, RaisedBy, Report};
use crate::rules::Preset;
use crate::scoring::{GameResult, Reason};

use crate::ui::counting::view as counting_view;
use crate::ui::counting::{self, Confirmation, Counting, Override, Refusal};
use crate::ui::i18n::reading as i18n_reading;
use crate::ui::i18n::{self, Lang, Msg, Text};
pub use crate::ui::table::command::{Command, Mode, Open};
use crate::ui::table::dialogs::{
    AdjournForm, CorrectionForm, Dialog, IncidentForm, LatenessForm, LossForm, ProportionalForm, RereadForm,
};
pub use crate::ui::table::shown::{Caption, Drafts, Keys, Seats, Shown};

pub mod board_view;
pub mod clock_view;
pub mod command;
mod cycles;
pub mod dialogs;
#[cfg(test)]
pub(crate) mod harness;
pub mod ledger_view;
pub mod moves_view;
pub mod players_display;
pub mod procedures_view;
pub mod shown;
pub mod sound;
pub mod table_header;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_caller;
#[cfg(test)]
mod tests_claims;
#[cfg(test)]
mod tests_handicap;
#[cfg(test)]
mod tests_move_press;
#[cfg(test)]
mod tests_players_display;
#[cfg(test)]
mod tests_procedures;
#[cfg(test)]
mod tests_reading;
#[cfg(test)]
mod tests_rulings;
#[cfg(test)]
mod tests_table;
#[cfg(test)]
mod tests_table_layout;

/// Where the table's area is kept in the context's memory for a frame (read by the layout tests).
pub const AREA_ID: &str = "table_area";

/// The height the table screen's header line takes above the board.
const HEADER: f32 = 30.0;

/// The widths of the move list and of the clock panel in a table area `width` x `height`. The
/// board takes the whole height (Art. 32's proportions); the panels collapse in a fixed order as
/// the area narrows: the move list goes first, then the clock panel shrinks to `MIN_RIGHT`; only
/// then does the board shrink. (The workstation's sidebar folds before any of these, see
/// `ui::Shell::sidebar_folded`.)
pub fn side_widths(width: f32, height: f32) -> (f32, f32) {
    const MIN_RIGHT: f32 = 320.0;
    const WANT_RIGHT: f32 = 600.0;
    const MAX_RIGHT: f32 = 760.0;
    const MOVES: f32 = 170.0;
    const MARGINS: f32 = 24.0;
    let board = crate::ui::table::board_view::width_for_height(height - HEADER - MARGINS);
    let spare = width - board - MARGINS;
    let moves = if spare >= WANT_RIGHT + MOVES { MOVES } else { 0.0 };
    let right = (spare - moves).clamp(MIN_RIGHT, MAX_RIGHT);
    (moves, right)
}

/// The time control a new table starts with.
pub const DEFAULT_CONTROL: &str = "chinese:60m/5";
/// How long a caption stays up when nothing replaces it.
pub const CAPTION_FOR: Duration = Duration::from_secs(10);
/// How many calls a table keeps for its owner to take (`take_announcements`); older ones go.
pub const PENDING_CALLS: usize = 16;

/// `Shown` for `$table` at `$now`, built from its fields one by one so that, with `mut`, the
/// parts the panels edit (the drafts, the counting screen, the open form) can be lent mutably
/// beside it: `(shown, drafts, counting, dialog)`.
macro_rules! shown {
    (@of $t:ident, $hold_offered:expr) => {
        Shown {
            lang: $t.lang,
            keys: &$t.keys,
            game: &$t.game,
            clock: &$t.clock,
            catalogue: &$t.catalogue,
            ledger: &$t.ledger,
            mode: $t.mode,
            seats: $t.seats.as_ref(),
            caption: $t.caption.as_ref(),
            form_open: $t.dialog.is_some(),
            loss_form_open: matches!($t.dialog, Some(Dialog::Loss(_))),
            hold_offered: $hold_offered,
        }
    };
    ($table:expr, $now:expr) => {{
        let hold_offered = $table.hold_offered($now);
        let t = &$table;
        shown!(@of t, hold_offered)
    }};
    ($table:expr, $now:expr, mut) => {{
        let hold_offered = $table.hold_offered($now);
        let t = &mut *$table;
        let shown = shown!(@of t, hold_offered);
        (shown, &mut t.drafts, t.counting.as_mut(), t.dialog.as_mut())
    }};
}

/// One table at play.
#[derive(Debug)]
pub struct Table {
    pub lang: Lang,
    pub keys: Keys,
    pub game: Game,
    pub clock: Clock,
    pub script: Script,
    /// The edition's catalogue with its default lateness limit (15 minutes); a session's table
    /// gets its event's (`workstation::table_catalogue`).
    pub catalogue: Catalogue,
    pub ledger: Ledger,
    pub mode: Mode,
    pub drafts: Drafts,
    /// The last thing refused or worth saying (an illegal move and its reason, ...).
    pub message: Option<String>,
    pub caption: Option<Caption>,
    /// The counting screen, while a game is being counted. Its confirmation and overrides live
    /// here with the table (not yet in a session's audit trail).
    pub counting: Option<Counting>,
    /// A dispute over life and death being played out (Art. 21.4).
    pub dispute: Option<counting::Dispute>,
    /// Move numbers drawn on the stones (a setting).
    pub move_numbers: bool,
    /// A move on the board also presses the mover's side of the clock (a setting, on by default:
    /// issue 19, "a move presses the clock by default when the clock runs").
    pub move_presses_clock: bool,
    /// The open form (clock correction, lateness, adjournment, incident).
    pub dialog: Option<Dialog>,
    /// A session's table: the chief arbiter's actions (an override, a one-sided clock
    /// correction) are held in `held_for_chief` for the workstation to check the passphrase.
    pub chief_gated: bool,
    pub held_for_chief: Vec<Command>,
    /// The last click refused as illegal, which the arbiter may record as played.
    pub refused: Option<(Point, Illegal)>,
    /// The komi of an even game here, in points: what removing the handicap brings back (a
    /// session's table: `TableGame::even_komi`, the event's).
    pub even_komi: f64,
    /// A whole-board cycle (triple ko, eternal life, ...) named at the table, for the arbiter to
    /// rule on (Art. 20.3) unless the players leave it.
    pub cycle: Option<Cycle>,
    /// Who plays here (a session's table); none for a table opened on its own.
    pub seats: Option<Seats>,
    /// The calls that fell due, until the owner takes them (`take_announcements`).
    announcements: Vec<Announcement>,
    /// The calls asked for now (minutes left, a re-read), until the owner voices them
    /// (`take_asked`); the schedule's calls are voiced ahead of their instants (`upcoming`).
    asked: Vec<Announcement>,
    /// The window's context, for a worker thread to ask for a frame when it is done.
    repaint: Option<egui::Context>,
    /// The clock read at the last command: the start of the next step of the caller's schedule.
    last_reading: Reading,
}

impl Default for Table {
    fn default() -> Table {
        Table::new()
    }
}

impl Table {
    /// A 19x19 game under the Chinese 2002 rules and `DEFAULT_CONTROL`.
    pub fn new() -> Table {
        let control: TimeControl = DEFAULT_CONTROL.parse().unwrap_or(TimeControl::Absolute {
            main: Duration::from_secs(3600),
        });
        let clock = Clock::new(control);
        let last_reading = clock.reading(Duration::ZERO);
        let edition = Edition::Chinese2002;
        Table {
            lang: Lang::En,
            keys: Keys::default(),
            game: Game::new(19, Preset::Chinese2002).unwrap_or_else(|_| unreachable_game()),
            clock,
            script: Script::default(),
            catalogue: Catalogue::standard(edition),
            ledger: Ledger::new(edition),
            mode: Mode::Play,
            drafts: Drafts {
                control: DEFAULT_CONTROL.to_string(),
                offender: Color::Black,
            },
            message: None,
            caption: None,
            counting: None,
            dispute: None,
            move_numbers: false,
            move_presses_clock: true,
            dialog: None,
            chief_gated: false,
            held_for_chief: Vec::new(),
            refused: None,
            even_komi: Preset::Chinese2002.rules().komi,
            cycle: None,
            seats: None,
            announcements: Vec::new(),
            asked: Vec::new(),
            repaint: None,
            last_reading,
        }
    }

    /// A table with `game` (a record opened from a file) at the end of its main line; a game that
    /// ended with two passes goes straight to counting.
    pub fn open(game: Game) -> Table {
        let mut table = Table::new();
        table.even_komi = match game.info.handicap {
            0 => game.rules.komi,
            _ => game.preset.unwrap_or(Preset::Chinese2002).rules().komi,
        };
        table.game = game;
        table.game.goto_main_line_end();
        if table.game.position().passes_in_row >= 2 {
            table.apply(Command::EnterCounting, Duration::ZERO);
        }
        // A side that gave up the competition (Art. 12.4(4)): counted so again.
        if let Some(giver) = crate::scoring::given_up::given_up(&table.game) {
            table.enter_counting();
            if let Some(c) = &mut table.counting {
                c.given_up = Some(giver);
            }
        }
        // A cycle ruled on (Art. 20.3) before the record was saved: its result is the ending again.
        if let Some(ruling) = crate::ledger::cycle::ruled(&table.game) {
            table.enter_counting();
            if let Some(c) = &mut table.counting {
                c.ending = Some(ruling.result());
            }
        }
        table
    }

    /// The ending recorded before the result was confirmed, derived again for a reopened table
    /// (the live state is not stored apart): a loss the ledger records (a confirmed loss, a
    /// sanction, a forfeit), a loss on time ruled on the clock (Art. 22.5), a resignation at the
    /// end of the record. The counting screen opens with it; nothing changes when none is found
    /// or the counting screen already has an ending or a confirmed result.
    pub fn restore_ending(&mut self) {
        if self.counting.as_ref().is_some_and(|c| c.ending.is_some() || c.locked()) {
            return;
        }
        let timeout = self.clock.events().iter().find_map(|e| match e.kind {
            crate::clock::EventKind::TimeoutRuling {
                player,
                ruling: TimeoutRuling::Loss,
                ..
            } => Some(GameResult::win(player.opponent(), Reason::Time)),
            _ => None,
        });
        let confirmed = self
            .ledger
            .entries()
            .iter()
            .any(|e| matches!(e, crate::ledger::Entry::LossConfirmed(_)));
        let ledger = self
            .ledger
            .outcome()
            .filter(|_| confirmed || self.clock.phase() == Phase::Over);
        let resigned = match self.game.node(self.game.cursor()).action {
            Some(crate::game::Action::Resign { color }) => Some(GameResult::win(color.opponent(), Reason::Resignation)),
            _ => None,
        };
        let Some(ending) = ledger.map(|o| o.result()).or(timeout).or(resigned) else {
            return;
        };
        let at = self.clock.events().last().map_or(Duration::ZERO, |e| e.at);
        self.end_game(at, Some(ending), "reopened");
    }

    pub fn tr(&self, text: Text) -> &'static str {
        text.tr(self.lang)
    }

    pub fn reading(&self, now: Duration) -> Reading {
        self.clock.reading(now)
    }

    /// The calls that fell due since the last time (oldest first), for the owner to play; a table
    /// nobody takes them from keeps only the last `PENDING_CALLS`.
    pub fn take_announcements(&mut self) -> Vec<Announcement> {
        std::mem::take(&mut self.announcements)
    }

    /// The calls asked for since the last time (minutes left, a re-read's call), said at once.
    pub fn take_asked(&mut self) -> Vec<Announcement> {
        std::mem::take(&mut self.asked)
    }

    /// The schedule's calls due over the `span` after `now`, with the clock as it stands (none
    /// while it is stopped, paused or held): what the sound hands ahead to the audio thread, and
    /// hands again after every change of the clock.
    pub fn upcoming(&self, now: Duration, span: Duration) -> Vec<Announcement> {
        if self.clock.phase() != Phase::Running {
            return Vec::new();
        }
        caller::due(self.clock.control(), &self.script, &self.clock.reading(now), span)
    }

    /// Applies `command`, or holds it for the workstation when it is a chief arbiter's action at
    /// a session's table (`chief_gated`).
    fn apply_or_hold(&mut self, command: Command, now: Duration) {
        let chiefs = match command {
            Command::Override => true,
            Command::SubmitDialog => matches!(self.dialog, Some(Dialog::Correction(_))),
            _ => false,
        };
        if self.chief_gated && chiefs {
            self.held_for_chief.push(command);
        } else {
            self.apply(command, now);
        }
    }

    /// Draws the table at `now`, applies what the panels and keys asked for, and asks for the
    /// next repaint only when something visible will change.
    pub fn frame(&mut self, ui: &mut egui::Ui, now: Duration) {
        self.repaint = Some(ui.ctx().clone());
        if let Some(c) = &mut self.counting {
            c.poll(Some(ui.ctx()));
        }
        self.apply(Command::Tick, now);
        for command in self.keys_pressed(ui) {
            self.apply_or_hold(command, now);
        }
        let commands = self.panels(ui, now);
        if !commands.is_empty() {
            // The panels were drawn before the change: draw them again at once.
            ui.ctx().request_repaint();
        }
        for command in commands {
            self.apply_or_hold(command, now);
        }
        if let Some(wait) = self.next_repaint(now) {
            ui.ctx().request_repaint_after(wait);
        }
    }

    /// The clock keys pressed this frame (none while text is being typed). The events are taken
    /// out so that Space does not also click a focused button.
    fn keys_pressed(&self, ui: &mut egui::Ui) -> Vec<Command> {
        if ui.ctx().egui_wants_keyboard_input() {
            return Vec::new();
        }
        let keys = self.keys;
        let mut commands = Vec::new();
        ui.input_mut(|input| {
            input.events.retain(|event| {
                let egui::Event::Key {
                    key,
                    physical_key,
                    pressed,
                    repeat,
                    ..
                } = event
                else {
                    return true;
                };
                let is = |k: egui::Key| *key == k || *physical_key == Some(k);
                let command = if is(keys.black) {
                    Command::Press(Color::Black)
                } else if is(keys.white) {
                    Command::Press(Color::White)
                } else if is(keys.pause) {
                    Command::TogglePause
                } else {
                    return true;
                };
                if *pressed && !*repeat {
                    commands.push(command);
                }
                false
            });
        });
        commands
    }

    /// The panels: the header across the top, the moves on the left (when there is room), the
    /// clock and everything else on the right, the board alone in the middle. A message, a
    /// dispute or a cycle's rulings go in a box of fixed height on the right: nothing that
    /// comes and goes changes the board's size.
    fn panels(&mut self, ui: &mut egui::Ui, now: Duration) -> Vec<Command> {
        let mut commands = Vec::new();
        let reading = self.reading(now);
        let area = ui.max_rect();
        ui.ctx().data_mut(|d| d.insert_temp(egui::Id::unique(AREA_ID), area));
        egui::Panel::top("table_header")
            .exact_size(HEADER - 8.0)
            .show(ui, |ui| table_header::show(ui, &self.shown(now)));
        let (moves_width, right_width) = side_widths(area.width(), area.height());
        if moves_width > 0.0 {
            egui::Panel::left("moves")
                .resizable(false)
                .exact_size(moves_width)
                .show(ui, |ui| commands.extend(moves_view::show(ui, &self.shown(now))));
        }
        egui::Panel::right("clock_and_ledger")
            .resizable(false)
            .exact_size(right_width)
            .show(ui, |ui| {
                commands.extend(self.message_box(ui));
                let (shown, drafts, counting, dialog) = shown!(self, now, mut);
                match counting {
                    Some(counting) => {
                        commands.extend(counting_view::toolbar(ui, &shown, counting));
                        egui::ScrollArea::vertical()
                            .id_salt("counting")
                            .show(ui, |ui| commands.extend(counting_view::show(ui, &shown, counting)));
                    }
                    None => {
                        commands.extend(clock_view::faces(ui, &shown, &reading));
                        commands.extend(clock_view::start_row(ui, &shown));
                        clock_view::caption(ui, &shown);
                        egui::ScrollArea::vertical().id_salt("table_side").show(ui, |ui| {
                            commands.extend(moves_view::toolbar(ui, &shown));
                            if let Some(dialog) = dialog {
                                if let Dialog::Adjourn(form) = dialog {
                                    form.used = reading.used; // what the adjournment will record, live
                                }
                                commands.extend(dialogs::show(
                                    ui,
                                    dialog,
                                    shown.lang,
                                    shown.clock,
                                    now,
                                    shown.catalogue,
                                ));
                            }
                            commands.extend(clock_view::show(ui, &shown, drafts, &reading));
                            commands.extend(procedures_view::show(ui, &shown, &reading));
                            ui.separator();
                            commands.extend(ledger_view::show(ui, &shown, drafts, &reading));
                        });
                    }
                }
            });
        egui::CentralPanel::default_margins().show(ui, |ui| match &self.counting {
            Some(c) => commands.extend(board_view::show_board(ui, c.board(), &counting_view::overlay(c))),
            None => commands.extend(board_view::show_numbered(ui, &self.game, self.move_numbers)),
        });
        commands
    }

    /// What the panels read this frame (`Shown`): borrowed parts of the table, never the table.
    pub fn shown(&self, now: Duration) -> Shown<'_> {
        shown!(self, now)
    }

    /// The box for what comes and goes (a refused move and its record buttons, a dispute, a
    /// cycle's rulings): a fixed height, scrolled inside when longer, so the rest never moves.
    fn message_box(&mut self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let height = 2.0 * ui.text_style_height(&egui::TextStyle::Body) + 8.0;
        egui::ScrollArea::vertical()
            .id_salt("message_box")
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if let Some(d) = &self.dispute {
                    commands.extend(counting_view::dispute_bar(ui, d, self.lang));
                }
                if let Some(message) = self.message.as_deref() {
                    ui.colored_label(egui::Color32::from_rgb(230, 80, 60), message);
                }
                // A cycle's record buttons go on its own bar (below), with its rulings.
                if self.refused.is_some() && self.counting.is_none() && self.cycle.is_none() {
                    ui.horizontal(|ui| {
                        for (ruling, word) in [(Ruling::Void, Text::RecordVoid), (Ruling::Stands, Text::RecordStands)] {
                            if ui.small_button(word.tr(self.lang)).clicked() {
                                commands.push(Command::RecordAsPlayed(ruling));
                            }
                        }
                    });
                }
                if self.cycle.is_some() && self.counting.is_none() {
                    commands.extend(self.cycle_bar(ui));
                }
            });
        commands
    }

    /// The one place that changes the table.
    pub fn apply(&mut self, command: Command, now: Duration) {
        if matches!(
            command,
            Command::Pass | Command::Undo | Command::Redo | Command::Goto(_) | Command::Handicap(_)
        ) && self.counting.is_none()
        {
            self.cycle = None;
        }
        if command != Command::Tick {
            self.tick(now);
        }
        let pending = self.ledger.pending_loss().map(|l| l.incident);
        if self.counting.is_some() && self.counting_command(&command, now) {
            self.last_reading = self.clock.reading(now);
            return;
        }
        match command {
            Command::Tick => self.tick(now),
            Command::Point(p) => self.point(p, now),
            Command::Pass => self.pass(now),
            Command::Undo => {
                self.refused = None;
                self.game.undo();
            }
            Command::Redo => {
                self.refused = None;
                self.game.redo();
            }
            Command::Goto(id) => {
                self.refused = None;
                self.game.goto(id);
            }
            Command::SetMode(mode) => self.mode = mode,
            Command::StartClock => {
                let result = self.clock.start(now, self.game.to_move());
                self.report(result.map(|_| ()));
            }
            Command::Press(color) => self.press(color, now),
            Command::Pause => self.pause(now),
            Command::Resume => self.resume(now),
            Command::TogglePause => match self.clock.phase() {
                Phase::Running => self.pause(now),
                Phase::Paused => self.resume(now),
                _ => {}
            },
            Command::SetControl(text) => self.set_control(&text, now),
            Command::HoldCaptures => self.hold_captures(now),
            Command::MinutesLeft(color) => self.minutes_left(color, now),
            Command::Incident(player, offence) => self.incident(player, offence, now),
            Command::RuleTimeout(ruling) => self.rule_timeout(ruling, now),
            Command::ConfirmLoss => self.confirm_loss(now),
            Command::DeclineLoss => self.decline_loss(now),
            Command::Resign(color) => self.resign(color, now),
            Command::RecordAsPlayed(ruling) => self.record_as_played(ruling, now),
            Command::Handicap(stones) => self.handicap(stones),
            Command::OpenDialog(open) => self.open_dialog(open, now),
            Command::CloseDialog => {
                self.dialog = None;
                self.message = None;
            }
            Command::SubmitDialog => self.submit_dialog(now),
            Command::EnterCounting => self.end_game(now, None, "counting"),
            Command::LeaveCounting
            | Command::AcceptSuggestion
            | Command::TakeEngineSuggestion
            | Command::SetTool(_)
            | Command::CountSide(_)
            | Command::Winner(_)
            | Command::Ending(_)
            | Command::Confirm
            | Command::Override
            | Command::Dispute { .. } => {
                self.message = Some(Refusal::NotCounting.text(self.lang));
            }
            Command::EndDispute => match self.dispute.is_some() {
                true => self.end_game(now, None, "dispute ended: counting"),
                false => self.message = Some(Refusal::NoDispute.text(self.lang)),
            },
            Command::RuleCycle(ruling) => self.rule_cycle(ruling, now),
            Command::LeaveSeat(player) => {
                let reason = "permitted to leave the seat in byo-yomi (Art. 22.7)";
                let result = self.clock.permit_leaving(now, player, reason);
                self.report(result);
            }
            Command::BackToSeat(player) => {
                let result = self.clock.back_to_seat(now, player);
                self.report(result);
            }
            Command::SplitUsedTime => {
                let reason = "no written record of the first part's used times found at the resumption (Art. 22.9)";
                let result = self.clock.split_used_equally(now, reason).map(|_| ());
                self.report(result);
            }
            Command::GiveUp(player) => self.give_up(player, now),
        }
        // A loss the ledger now calls for asks the arbiter at once (Art. 24.2, 23.7).
        let now_pending = self.ledger.pending_loss();
        if let Some(loss) = now_pending.filter(|l| Some(l.incident) != pending && self.counting.is_none()) {
            self.dialog = Some(Dialog::Loss(LossForm::new(loss, &self.ledger)));
        }
        self.last_reading = self.clock.reading(now);
    }

    /// The one place a result stops the clock (every ending goes through it: a count, a
    /// resignation, a loss on time, a forfeit, a ledger's loss, a confirmation). While the result
    /// is only proposed (the counting screen is open, play may resume) a running clock is paused;
    /// once it is recorded (`for_good`: confirmed) the clock is over. Each stop is a clock event
    /// with `why` as its reason.
    fn stop_clock(&mut self, now: Duration, why: &str, for_good: bool) {
        let stopped = match (for_good, self.clock.phase()) {
            // A clock never started (a record opened from a file) has nothing to stop.
            (true, Phase::NotStarted) => Ok(()),
            (true, _) => self.clock.finish(now, why),
            (false, Phase::Running) => self.clock.pause(now, why),
            (false, _) => Ok(()),
        };
        if let Err(e) = stopped {
            self.message = Some(i18n::clock_error(&e, self.lang));
        }
    }

    /// The game ends: the clock stops (`stop_clock`, the reason `why`) and the counting screen
    /// opens with `ending` (none: the count decides), to be confirmed like any result.
    fn end_game(&mut self, now: Duration, ending: Option<GameResult>, why: &str) {
        self.refused = None;
        self.stop_clock(now, &format!("game over: {why}"), false);
        if self.counting.is_none() || self.dispute.is_some() {
            self.enter_counting();
        }
        if let (Some(c), Some(result)) = (&mut self.counting, ending) {
            if let Some(winner) = result.winner {
                c.winner = winner;
            }
            c.ending = Some(result);
        }
    }

    /// Counting starts (again, after a dispute: its outcome goes into the record).
    fn enter_counting(&mut self) {
        self.counting = Some(match self.dispute.take() {
            Some(dispute) => counting::end_dispute(dispute, &mut self.game),
            None => Counting::enter(&self.game),
        });
        self.message = None;
    }

    /// A command while counting: `true` when it was taken here. Changes to the result are refused
    /// once it is confirmed, until the chief arbiter's override; moving in the record is refused
    /// until play resumes.
    fn counting_command(&mut self, command: &Command, now: Duration) -> bool {
        let Some(c) = self.counting.as_mut() else { return false };
        let changes_result = matches!(
            command,
            Command::Point(_)
                | Command::LeaveCounting
                | Command::AcceptSuggestion
                | Command::TakeEngineSuggestion
                | Command::SetTool(_)
                | Command::Winner(_)
                | Command::Ending(_)
                | Command::GiveUp(_)
                | Command::Confirm
        );
        if changes_result && c.locked() {
            self.message = Some(Refusal::Locked.text(self.lang));
            return true;
        }
        let outcome: Result<(), Refusal> = match command {
            Command::Point(p) => c.click(*p),
            Command::LeaveCounting => {
                self.counting = None;
                crate::ledger::cycle::withdraw(&mut self.game);
                Ok(())
            }
            Command::EnterCounting => Err(Refusal::AlreadyCounting),
            Command::Dispute { claimant } => match c.dispute(&mut self.game, *claimant) {
                Ok(dispute) => {
                    self.dispute = Some(dispute);
                    self.counting = None;
                    Ok(())
                }
                Err(e) => Err(e),
            },
            Command::AcceptSuggestion => c.accept(),
            Command::TakeEngineSuggestion => c.take_engine_offer(),
            Command::SetTool(tool) => {
                c.tool = *tool;
                Ok(())
            }
            Command::CountSide(side) => {
                c.side = *side;
                Ok(())
            }
            Command::Winner(color) => {
                c.winner = *color;
                c.ending = c.ending.map(|e| match e.winner {
                    Some(_) => GameResult::win(*color, e.reason),
                    None => e,
                });
                Ok(())
            }
            Command::Ending(ending) => {
                c.ending = *ending;
                Ok(())
            }
            Command::GiveUp(giver) => match self.clock.control() {
                TimeControl::Absolute { .. } => {
                    c.given_up = (c.given_up != Some(*giver)).then_some(*giver);
                    match c.given_up {
                        Some(giver) => crate::scoring::given_up::record_given_up(&mut self.game, giver),
                        None => crate::scoring::given_up::clear_given_up(&mut self.game),
                    }
                    Ok(())
                }
                _ => {
                    self.message = Some(Text::GiveUpSuddenDeathOnly.tr(self.lang).to_string());
                    return true;
                }
            },
            Command::Confirm => {
                let d = &c.drafts;
                let names = [d.black.trim(), d.white.trim(), d.arbiter.trim()];
                match c.result(self.ledger.penalty_stones()) {
                    _ if names.iter().any(|n| n.is_empty()) => Err(Refusal::NeedsInitials),
                    None => Err(Refusal::NothingToConfirm),
                    Some(result) => {
                        c.confirmed = Some(Confirmation {
                            black: names[0].to_string(),
                            white: names[1].to_string(),
                            arbiter: names[2].to_string(),
                            result,
                        });
                        self.message = None;
                        self.stop_clock(now, &format!("result confirmed: {}", result.sgf_re()), true);
                        return true;
                    }
                }
            }
            Command::Override => {
                let (chief, reason) = (c.drafts.chief.trim().to_string(), c.drafts.reason.trim().to_string());
                match &c.confirmed {
                    None => Err(Refusal::NotConfirmed),
                    Some(_) if chief.is_empty() || reason.is_empty() => Err(Refusal::OverrideNeedsChiefAndReason),
                    Some(confirmed) => {
                        let was = confirmed.result;
                        c.overrides.push(Override { chief, reason, was });
                        c.confirmed = None;
                        c.drafts.chief.clear();
                        c.drafts.reason.clear();
                        Ok(())
                    }
                }
            }
            Command::Pass | Command::Undo | Command::Redo | Command::Goto(_) | Command::SetMode(_) => {
                Err(Refusal::ResumePlayFirst)
            }
            _ => return false,
        };
        self.message = outcome.err().map(|e| e.text(self.lang));
        true
    }

    /// Records a timeout that fell, and shows the last call that fell due since the last reading.
    fn tick(&mut self, now: Duration) {
        if let Ok(Some((player, at))) = self.clock.observe(now) {
            let used = self.clock.reading(at).used[player.index()];
            self.message = Some(Msg::OutOfTime(player, &crate::ui::table::clock_view::hms(used)).text(self.lang));
        }
        let after = self.clock.reading(now);
        let due = caller::due_between(self.clock.control(), &self.script, &self.last_reading, &after);
        if let Some(last) = due.last() {
            self.caption = Some(Caption::of(last));
        }
        self.keep_calls(&due);
        if self
            .caption
            .as_ref()
            .is_some_and(|c| now >= c.at + CAPTION_FOR && self.clock.phase() != Phase::Flagged)
        {
            self.caption = None;
        }
        self.last_reading = after;
    }

    /// Keeps calls for the owner to take, the last `PENDING_CALLS` at most.
    fn keep_calls(&mut self, calls: &[Announcement]) {
        self.announcements.extend_from_slice(calls);
        let excess = self.announcements.len().saturating_sub(PENDING_CALLS);
        self.announcements.drain(..excess);
    }

    fn point(&mut self, p: Point, now: Duration) {
        let size = self.game.size();
        self.refused = None;
        self.cycle = None;
        match self.mode {
            Mode::Play => {
                let mover = self.game.to_move();
                match self.game.play(p) {
                    Ok(()) => {
                        self.message = None;
                        self.press_for_move(mover, now);
                        self.name_cycle(None);
                    }
                    Err(GameError::Illegal(illegal @ Illegal::Superko { repeats_move })) => {
                        self.cycle_refused(mover, p, illegal, repeats_move, now);
                    }
                    Err(e) => {
                        if let GameError::Illegal(illegal) = e {
                            self.refused = Some((p, illegal));
                        }
                        self.message = Some(i18n::refused_at(p, &e, size, self.lang));
                    }
                }
            }
            Mode::Edit(color) => {
                let stone = match self.game.board().get(p) {
                    Some(_) => None,
                    None => Some(color),
                };
                match self.game.edit(p, stone) {
                    Ok(()) => self.message = None,
                    Err(e) => self.message = Some(i18n::refusal(&e, size, self.lang)),
                }
            }
        }
    }

    fn pass(&mut self, now: Duration) {
        let mover = self.game.to_move();
        self.game.pass();
        self.message = None;
        self.refused = None;
        self.press_for_move(mover, now);
        if self.game.position().passes_in_row >= 2 {
            self.end_game(now, None, "two passes: counting");
        }
    }

    /// With "a move presses the clock" on: the mover's press, when it is the mover's turn on a
    /// running clock (a move while the clock is stopped presses nothing).
    fn press_for_move(&mut self, mover: Color, now: Duration) {
        let turn = self.clock.reading(now).turn;
        if self.move_presses_clock && self.clock.phase() == Phase::Running && turn.is_some_and(|t| t.player == mover) {
            self.press(mover, now);
        }
    }

    fn press(&mut self, color: Color, now: Duration) {
        let move_number = u32::try_from(self.game.position().move_number).unwrap_or(u32::MAX);
        match self.clock.press(now, color, move_number) {
            Ok(PressOutcome::Moved) => {
                self.caption = None;
                self.message = None;
            }
            Ok(PressOutcome::TimedOut { player, at }) => {
                let used = self.clock.reading(at).used[player.index()];
                self.message =
                    Some(Msg::AlreadyOutOfTime(player, &crate::ui::table::clock_view::hms(used)).text(self.lang));
            }
            Err(e) => self.message = Some(i18n::clock_error(&e, self.lang)),
        }
    }

    fn pause(&mut self, now: Duration) {
        let result = self.clock.pause(now, "paused by the arbiter");
        self.report(result);
    }

    /// Resumes a paused clock; after an adjournment the sealed move is opened: played on the
    /// board when it names a point, else shown for the arbiter to play.
    fn resume(&mut self, now: Duration) {
        match self.clock.resume(now) {
            Ok(Some(sealed)) => {
                let size = self.game.size();
                let text = sealed.sealed.trim();
                let point = Point::from_gtp(text, size)
                    .ok()
                    .filter(|_| self.game.to_move() == sealed.sealer);
                self.message = match point.map(|p| self.game.play(p)) {
                    Some(Ok(())) => None,
                    Some(Err(e)) => Some(Msg::SealedRefused(text, &i18n::refusal(&e, size, self.lang)).text(self.lang)),
                    None => Some(Msg::PlaySealed(text).text(self.lang)),
                };
            }
            Ok(None) => self.message = None,
            Err(e) => self.message = Some(i18n::clock_error(&e, self.lang)),
        }
    }

    fn report(&mut self, result: Result<(), ClockError>) {
        self.message = result.err().map(|e| i18n::clock_error(&e, self.lang));
    }

    fn set_control(&mut self, text: &str, now: Duration) {
        if self.clock.phase() != Phase::NotStarted {
            self.message = Some(Text::ControlFixed.tr(self.lang).to_string());
            return;
        }
        match text.trim().parse::<TimeControl>() {
            Ok(control) => {
                self.clock = Clock::new(control);
                self.drafts.control = control.to_string();
                self.message = None;
                self.last_reading = self.clock.reading(now);
            }
            Err(e) => self.message = Some(i18n::control_error(&e, self.lang)),
        }
    }

    /// Starts or ends the hold of the byo-yomi count for captures: only under the older text
    /// (the ledger's edition says), the clock checks the side to move is in byo-yomi.
    fn hold_captures(&mut self, now: Duration) {
        if !self.ledger.edition.holds_byo_yomi_for_captures() {
            self.message = Some(Text::HoldNotInEdition.tr(self.lang).to_string());
            return;
        }
        match self.clock.held_since() {
            Some(_) => self.resume(now),
            None => {
                let result = self.clock.hold_for_captures(now);
                self.report(result);
            }
        }
    }

    /// Whether the hold for captures is offered now: under the older text, the side to move in
    /// byo-yomi on a running clock, or a hold in progress.
    pub fn hold_offered(&self, now: Duration) -> bool {
        let running = self.clock.phase() == Phase::Running && self.clock.in_byo_yomi(now);
        self.ledger.edition.holds_byo_yomi_for_captures() && (running || self.clock.held_since().is_some())
    }

    fn minutes_left(&mut self, color: Color, now: Duration) {
        let reading = self.clock.reading(now);
        let said = caller::minutes_left_in(self.clock.control(), self.script.wording, &reading, color);
        self.keep_calls(&said);
        self.asked.extend_from_slice(&said);
        // The caption names each number as the face does (the one reading, `TimeControl::shown`).
        let shown = self.clock.control().shown(&reading.left[color.index()]);
        let (en, zh) = (
            i18n_reading::reading(&shown, Lang::En),
            i18n_reading::reading(&shown, Lang::Zh),
        );
        self.caption = Some(match said.last() {
            Some(a) => {
                let said = Caption::of(a);
                Caption {
                    en: format!("{} ({en})", said.en),
                    zh: format!("{}（{zh}）", said.zh),
                    ..said
                }
            }
            None => Caption {
                at: now,
                player: color,
                en,
                zh,
            },
        });
    }

    fn incident(&mut self, player: Color, offence: OffenceId, now: Duration) {
        let reading = self.clock.reading(now);
        let report = Report::new(
            player,
            offence,
            self.game.position().move_number,
            reading.left[player.index()].total(self.clock.control()),
            &format!("+{}", crate::ui::table::clock_view::hms(now)),
            RaisedBy::Arbiter("arbiter".to_string()),
        );
        match self.ledger.record(&self.catalogue, &self.game, report) {
            Ok(_) => self.message = None,
            Err(e) => self.message = Some(Msg::NotRecorded(&e).text(self.lang)),
        }
    }

    /// `color` resigns: the record says so, the clock stops, and the counting screen opens with
    /// the win by resignation for the opponent, to be confirmed like any result.
    fn resign(&mut self, color: Color, now: Duration) {
        if self.counting.is_some() {
            self.message = Some(Refusal::ResumePlayFirst.text(self.lang));
            return;
        }
        self.game.resign(color);
        let result = GameResult::win(color.opponent(), Reason::Resignation);
        self.end_game(now, Some(result), &format!("{} resigned", color.name()));
    }

    /// The arbiter rules on a timeout in the last minute (Art. 22.5, 2002 text: "读秒至最后1分钟
    /// 超时而未着子，原则上应按判负裁决，但经读秒方申请，也可视为放弃着手权使用虚着，改判弃权一次……
    /// 继续实施原先读秒方式"). A loss on time: the clock is over, the record says so and
    /// carries the result, and the counting screen opens with the win on time for the opponent. A
    /// forfeited move (only where the edition allows it; the older text: "用时(包括读秒)超过时限，
    /// 一律判负"): a pass in the record for the flagged side, and the opponent's time runs.
    fn rule_timeout(&mut self, ruling: TimeoutRuling, now: Duration) {
        let reading = self.clock.reading(now);
        let Some(player) = reading
            .turn
            .map(|t| t.player)
            .filter(|_| reading.phase == Phase::Flagged)
        else {
            self.message = Some(i18n::clock_error(&ClockError::NoTimeout, self.lang));
            return;
        };
        let edition = self.ledger.edition;
        if ruling == TimeoutRuling::ForfeitedMove && !edition.forfeited_move_on_timeout() {
            self.message = Some(Msg::NoForfeitedMove(edition).text(self.lang));
            return;
        }
        let reason = match ruling {
            TimeoutRuling::Loss => "loss on time (Art. 22.5)",
            TimeoutRuling::ForfeitedMove => "forfeited move on the player's request (Art. 22.5)",
        };
        if let Err(e) = self.clock.rule_timeout(now, ruling, reason) {
            self.message = Some(i18n::clock_error(&e, self.lang));
            return;
        }
        self.message = None;
        self.caption = None;
        match ruling {
            TimeoutRuling::Loss => {
                let result = GameResult::win(player.opponent(), Reason::Time);
                let note = format!("{} ran out of time in the last minute: {reason}.", player.name());
                self.game.add_comment(&note);
                self.game.info.result = result.sgf_re();
                self.end_game(now, Some(result), reason);
            }
            TimeoutRuling::ForfeitedMove => {
                let note = format!(
                    "{} ran out of time in the last minute: {reason}; the same byo-yomi continues.",
                    player.name()
                );
                if self.game.to_move() == player {
                    self.game.pass();
                }
                self.game.add_comment(&note);
            }
        }
    }

    /// The arbiter records the loss the ledger calls for: the ledger confirms it and the game
    /// ends with it (the clock stops, the counting screen's ending is the loss).
    fn confirm_loss(&mut self, now: Duration) {
        let Some(loss) = self.ledger.pending_loss() else {
            self.message = Some(Text::NoLossPending.tr(self.lang).to_string());
            return;
        };
        let wall = format!("+{}", crate::ui::table::clock_view::hms(now));
        if let Err(e) = self.ledger.confirm_loss(loss.player, &wall, "arbiter") {
            self.message = Some(Msg::NotRecorded(&e).text(self.lang));
            return;
        }
        self.dialog = None;
        self.message = None;
        let why = format!("{} loses (Art. {})", loss.player.name(), loss.article);
        self.end_game(now, Some(loss.result()), &why);
    }

    /// The arbiter does not give the loss the ledger calls for, for the reason typed in the form;
    /// the ledger keeps the ruling and the game goes on.
    fn decline_loss(&mut self, now: Duration) {
        let Some(Dialog::Loss(form)) = &self.dialog else {
            self.message = Some(Text::NoLossPending.tr(self.lang).to_string());
            return;
        };
        let (incident, reason) = (form.loss.incident, form.reason.trim().to_string());
        if reason.is_empty() {
            self.message = Some(Text::DeclineNeedsReason.tr(self.lang).to_string());
            return;
        }
        let wall = format!("+{}", crate::ui::table::clock_view::hms(now));
        match self.ledger.decline_loss(incident, &reason, &wall, "arbiter") {
            Ok(()) => {
                self.dialog = None;
                self.message = None;
            }
            Err(e) => self.message = Some(Msg::NotRecorded(&e).text(self.lang)),
        }
    }

    /// Art. 12.4(4): in a sudden-death game `giver` gives up the competition on the board: the
    /// record says so, the clock stops, and counting opens with every contested point given to
    /// the opponent, the result to be confirmed like any other.
    fn give_up(&mut self, giver: Color, now: Duration) {
        if !matches!(self.clock.control(), TimeControl::Absolute { .. }) {
            self.message = Some(Text::GiveUpSuddenDeathOnly.tr(self.lang).to_string());
            return;
        }
        crate::scoring::given_up::record_given_up(&mut self.game, giver);
        self.refused = None;
        self.cycle = None;
        if self.clock.phase() == Phase::Running
            && let Err(e) = self
                .clock
                .pause(now, "gave up the competition on the board (Art. 12.4(4))")
        {
            self.message = Some(i18n::clock_error(&e, self.lang));
        }
        self.enter_counting();
        if let Some(c) = &mut self.counting {
            c.given_up = Some(giver);
        }
    }

    /// Records the refused click as played (flagged, with the ruling) and opens the ledger form
    /// of the offence whose evidence that flag is.
    fn record_as_played(&mut self, ruling: Ruling, now: Duration) {
        if self.counting.is_some() {
            self.message = Some(Refusal::ResumePlayFirst.text(self.lang));
            return;
        }
        let Some((point, illegal)) = self.refused.take() else {
            self.message = Some(Text::NoRefusedMove.tr(self.lang).to_string());
            return;
        };
        let size = self.game.size();
        let mover = self.game.to_move();
        let cycle = match illegal {
            Illegal::Superko { repeats_move } => Some(self.named_cycle(mover, point, repeats_move)),
            _ => None,
        };
        match self.game.record_move(mover, point, ruling) {
            Err(e) => self.message = Some(i18n::refusal(&e, size, self.lang)),
            Ok(flag) => {
                self.message = None;
                self.press_for_move(mover, now);
                if cycle.is_some() {
                    // A cycle is ruled under Art. 20.3, not as the ko offence of Art. 18.3.
                    self.name_cycle(cycle);
                    return;
                }
                let offence = flag.and_then(|flag| {
                    self.catalogue
                        .offences
                        .iter()
                        .find(|o| o.evidence.is_some_and(|kind| kind.matches(flag)))
                        .map(|o| o.id.clone())
                });
                if let Some(offence) = offence {
                    self.open_dialog(Open::Incident(mover, offence), now);
                    if let Some(Dialog::Incident(form)) = &mut self.dialog {
                        form.points = vec![point];
                        form.note = format!("{} played: {illegal}", point.to_gtp(size));
                    }
                }
            }
        }
    }

    /// A new game of the same size and rules with handicap `stones` (0: even; 1: Black taken
    /// with no stones, 让先; 2 and more: stones on the stars), keeping the players; only before
    /// any move and before the clock starts. The komi becomes the rules' for that handicap
    /// ([`Rules::komi_for`](crate::rules::Rules::komi_for): none under Chinese rules), and the
    /// even game's (`even_komi`) again when the handicap is removed.
    fn handicap(&mut self, stones: u32) {
        if self.game.nodes_len() > 1 || self.clock.phase() != Phase::NotStarted || self.counting.is_some() {
            self.message = Some(Text::HandicapBeforeStart.tr(self.lang).to_string());
            return;
        }
        let size = self.game.size();
        let preset = self.game.preset.unwrap_or(Preset::Chinese2002);
        match Game::with_handicap(size, preset, stones) {
            Ok(mut game) => {
                game.info = GameInfo {
                    handicap: game.info.handicap,
                    ..self.game.info.clone()
                };
                game.rules = self.game.rules.clone();
                game.rules.komi = game.rules.komi_for(stones, self.even_komi);
                game.preset = self.game.preset;
                self.game = game;
                self.message = None;
            }
            Err(e) => self.message = Some(i18n::refusal(&e, size, self.lang)),
        }
    }

    /// Opens a form filled in from the game and the clock at `now`. A clock correction stops a
    /// running clock first (the clock changes only while stopped).
    fn open_dialog(&mut self, open: Open, now: Duration) {
        self.message = None;
        let control = *self.clock.control();
        let dialog = match open {
            Open::Correction(player) => {
                if self.clock.phase() == Phase::Running
                    && let Err(e) = self.clock.pause(now, "clock correction")
                {
                    self.message = Some(i18n::clock_error(&e, self.lang));
                    return;
                }
                Dialog::Correction(CorrectionForm::new(
                    player,
                    &self.clock.reading(now).left[player.index()],
                ))
            }
            Open::Proportional => {
                if self.clock.phase() == Phase::Running
                    && let Err(e) = self.clock.pause(now, "clock fault: proportional correction")
                {
                    self.message = Some(i18n::clock_error(&e, self.lang));
                    return;
                }
                Dialog::Proportional(ProportionalForm {
                    elapsed: String::new(),
                    reason: "clock fault".to_string(),
                })
            }
            Open::Reread => Dialog::Reread(RereadForm {
                from: String::new(),
                reason: "miscalled: re-read on the player's demand (Art. 16.2)".to_string(),
            }),
            Open::Loss => match self.ledger.pending_loss() {
                Some(loss) => Dialog::Loss(LossForm::new(loss, &self.ledger)),
                None => {
                    self.message = Some(Text::NoLossPending.tr(self.lang).to_string());
                    return;
                }
            },
            Open::Lateness(player) | Open::Incident(player, OffenceId::Lateness) => Dialog::Lateness(LatenessForm {
                player,
                late: String::new(),
                reason: "late at the start".to_string(),
            }),
            Open::Adjourn => Dialog::Adjourn(AdjournForm {
                sealed: String::new(),
                reason: "adjourned".to_string(),
                used: self.clock.reading(now).used,
                initials: [String::new(), String::new()],
            }),
            Open::Incident(player, offence) => Dialog::Incident(IncidentForm {
                player,
                offence,
                move_number: self.game.position().move_number.to_string(),
                clock: self.clock.reading(now).left[player.index()].total(&control),
                wall_time: format!("+{}", crate::ui::table::clock_view::hms(now)),
                note: String::new(),
                choice: None,
                points: Vec::new(),
                point: String::new(),
                claimant: None,
                urgent: false,
                bystander: String::new(),
            }),
        };
        self.dialog = Some(dialog);
    }

    /// Re-reading from a miscalled point on the player's demand (Art. 16.2: "棋手有权利要求裁判员
    /// 按规定从读错之处重新读秒"): the clock sets the side to move's minute back to `point`, the
    /// caller says that point's call again now, and its calls from there fall due again.
    fn reread(&mut self, point: Duration, reason: &str, now: Duration) -> Result<(), String> {
        self.clock
            .reread_from(now, point, reason)
            .map_err(|e| i18n::clock_error(&e, self.lang))?;
        let reading = self.clock.reading(now);
        let again = caller::reread(self.clock.control(), &self.script, &reading);
        if let Some(last) = again.last() {
            self.caption = Some(Caption::of(last));
        }
        self.keep_calls(&again);
        self.asked.extend_from_slice(&again);
        self.last_reading = reading;
        Ok(())
    }

    /// Checks the open form and applies it through the engines; a refusal keeps it open.
    fn submit_dialog(&mut self, now: Duration) {
        let Some(dialog) = self.dialog.clone() else {
            return;
        };
        let outcome = match &dialog {
            Dialog::Correction(form) => form.time_left(self.lang).and_then(|left| {
                let result = self
                    .clock
                    .edit_approved(now, form.player, left, form.reason.trim(), &form.chief);
                result.map_err(|e| i18n::clock_error(&e, self.lang))
            }),
            Dialog::Proportional(form) => form.elapsed(self.lang).and_then(|elapsed| {
                let result = self.clock.correct_proportionally(now, elapsed, form.reason());
                result.map(|_| ()).map_err(|e| i18n::clock_error(&e, self.lang))
            }),
            Dialog::Reread(form) => form
                .point(self.lang)
                .and_then(|point| self.reread(point, form.reason(), now)),
            Dialog::Loss(_) => {
                // The loss form has its own buttons (record the loss, or not).
                self.confirm_loss(now);
                return;
            }
            Dialog::Lateness(form) => self.lateness(form, now),
            Dialog::Adjourn(form) => {
                let number = u32::try_from(self.game.position().move_number + 1).unwrap_or(u32::MAX);
                let reason = match form.reason.trim() {
                    "" => "adjourned",
                    reason => reason,
                };
                // Art. 22.9: the used times recorded and confirmed by both players, or no adjournment.
                let mut clock = self.clock.clone();
                let initials = [form.initials[0].as_str(), form.initials[1].as_str()];
                let result = clock
                    .adjourn(now, number, form.sealed.trim(), reason)
                    .and_then(|()| clock.confirm_adjourned_times(now, initials))
                    .map(|_| self.clock = clock);
                result.map_err(|e| i18n::clock_error(&e, self.lang))
            }
            Dialog::Incident(form) => self.record_incident(form),
        };
        match outcome {
            Ok(()) => {
                self.dialog = None;
                self.message = None;
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// Records the form's incident. An illegal move given by its point (not yet in the record) is
    /// recorded first, as played by the offender and void; the record and the ledger change
    /// together or not at all.
    fn record_incident(&mut self, form: &IncidentForm) -> Result<(), String> {
        let lang = self.lang;
        let mut game = self.game.clone();
        let mut move_number = form.move_number(lang)?;
        let mut points = form.points.clone();
        let played = form.point.trim();
        if !played.is_empty() {
            let size = game.size();
            let point = Point::from_gtp(played, size).map_err(|e| Msg::PlayedAt(&e).text(lang))?;
            game.record_move(form.player, point, Ruling::Void)
                .map_err(|e| i18n::refusal(&e, size, lang))?;
            move_number = game.position().move_number;
            points = vec![point];
        }
        let raised_by = match form.claimant {
            Some(claimant) => RaisedBy::Player(claimant),
            None => RaisedBy::Arbiter("arbiter".to_string()),
        };
        let mut report = Report::new(
            form.player,
            form.offence.clone(),
            move_number,
            form.clock,
            &form.wall_time,
            raised_by,
        )
        .note(form.note.trim())
        .points(&points)
        .bystander(&form.bystander)
        .urgent(form.urgent && form.claimant.is_some());
        if let Some(choice) = &form.choice {
            report = report.choose(choice.clone());
        }
        let mut ledger = self.ledger.clone();
        match ledger.record(&self.catalogue, &game, report) {
            Ok(_) => {
                self.ledger = ledger;
                self.game = game;
                Ok(())
            }
            Err(e) => {
                // A refused claim stays in the ledger, unless it was about a move not recorded.
                if played.is_empty() {
                    self.ledger = ledger;
                }
                Err(Msg::NotRecorded(&e).text(self.lang))
            }
        }
    }

    /// Lateness: the ledger records the incident (the loss beyond the limit), and the clock
    /// applies the edition's lateness rule from the catalogue (the deduction's factor and the
    /// limit). Both change or neither.
    fn lateness(&mut self, form: &LatenessForm, now: Duration) -> Result<(), String> {
        let late = form.late(self.lang)?;
        let player = form.player;
        let reason = match form.reason.trim() {
            "" => "late at the start",
            reason => reason,
        };
        let reading = self.clock.reading(now);
        let report = Report::new(
            player,
            OffenceId::Lateness,
            self.game.position().move_number,
            reading.left[player.index()].total(self.clock.control()),
            &format!("+{}", crate::ui::table::clock_view::hms(now)),
            RaisedBy::Arbiter("arbiter".to_string()),
        )
        .late_by(late)
        .note(reason);
        let (factor, limit) = self
            .catalogue
            .lateness()
            .ok_or_else(|| Msg::NoLatenessRule(self.catalogue.edition).text(self.lang))?;
        let mut ledger = self.ledger.clone();
        ledger
            .record(&self.catalogue, &self.game, report)
            .map_err(|e| Msg::NotRecorded(&e).text(self.lang))?;
        let mut clock = self.clock.clone();
        clock
            .record_lateness(now, player, late, LatenessRule { factor, limit }, reason)
            .map_err(|e| i18n::clock_error(&e, self.lang))?;
        self.ledger = ledger;
        self.clock = clock;
        Ok(())
    }

    /// How long until something on screen changes by itself: the running face's next second, the
    /// next call, a caption going away. `None` when nothing runs: the window stays idle.
    pub fn next_repaint(&self, now: Duration) -> Option<Duration> {
        let reading = self.clock.reading(now);
        let mut waits = Vec::new();
        if let Some(turn) = reading.turn.filter(|t| t.running && reading.phase == Phase::Running) {
            let left = reading.left[turn.player.index()];
            let counting = if left.main.is_zero() { left.period } else { left.main };
            let fraction = counting.subsec_nanos();
            let second = if fraction == 0 {
                Duration::from_secs(1)
            } else {
                Duration::from_nanos(u64::from(fraction))
            };
            waits.push(second);
            let calls = caller::due(self.clock.control(), &self.script, &reading, second);
            waits.extend(calls.first().map(|a| a.at.saturating_sub(now)));
            waits.extend(self.clock.flag_instant().map(|f| f.saturating_sub(now)));
        }
        if let Some(c) = &self.caption
            && self.clock.phase() != Phase::Flagged
        {
            waits.push((c.at + CAPTION_FOR).saturating_sub(now));
        }
        waits.into_iter().min()
    }
}

/// A 19x19 board always exists; this is never reached.
fn unreachable_game() -> Game {
    match Game::new(9, Preset::Chinese2002) {
        Ok(g) => g,
        Err(e) => panic!("no board can be made: {e}"),
    }
}

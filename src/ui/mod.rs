//! The eframe window: the workstation (a session's rounds and tables in the sidebar, the selected
//! table at play in the middle, results, settings). The only module that imports egui. This file
//! is the table of contents and the eframe shell.
//!
//! One folder a screen:
//! - [`workstation`]: the session, its live tables, the one `apply`, the table-to-session sync; the
//!   sidebar, the event form, merge and tournament windows, file dialogs, notices, quitting.
//! - [`table`]: one table at play: its state, the `Command`s its views return, the one `apply`; the
//!   board, clock faces, ledger, moves, forms, procedures, header, the players' display, the sound.
//! - [`counting`]: the counting screen's state (marks, the suggestion off the UI thread, endings,
//!   confirmation, overrides) and its view (toolbar, slip, audit trail).
//! - [`results`]: a round's results, the standings, the exports on a worker thread.
//! - [`photo`]: a table's photo screen: a photo of the board read off the UI thread, corners
//!   dragged, points corrected, then counted.
//! - [`paint`]: the kept frame, its damage, the look, stone sprites, fonts.
//! - [`i18n`]: every string in English and Chinese; engine errors; the one clock reading in words.
//! - [`settings`]: what eframe stores between runs.
//!
//! Time enters here only: the shell keeps an `Instant` origin and hands the workstation the
//! `Duration` since it (and the wall time, for audit stamps); everything below takes those
//! `Duration`s, so tests drive time exactly.

pub mod counting;
pub mod i18n;
pub mod paint;
pub mod photo;
mod quit;
pub mod results;
pub mod settings;
pub mod table;
pub mod workstation;

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use crate::caller;

pub use table::{Command, Mode, Table};

use i18n::{Lang, Msg, Text};
use results::view::ResultsScreen;
use settings::Settings;
use table::sound::Sound;
use workstation::files::Request;
use workstation::{FileAction, View, Workstation, WsCommand};

/// The environment variable naming an SGF file to open at the start, as a table of a new unsaved
/// session; `GO_ARBITER_RULES` replaces its rules (e.g. `chinese`).
pub const OPEN_VAR: &str = "GO_ARBITER_OPEN";
/// The environment variable naming a session file (.ron) to open at the start.
pub const SESSION_VAR: &str = "GO_ARBITER_SESSION";
/// The environment variable that, set to `1`, prints the time from start to the end of the first
/// frame to stderr, then a line per frame drawn (measured by packaging/measure-window.sh), and
/// the wall time at which the selected table's clock was started (packaging/measure-caller.sh).
pub const TIMING_VAR: &str = "GO_ARBITER_TIMING";

/// The environment variable naming the time control of `GO_ARBITER_OPEN`'s table (e.g.
/// `chinese:2m/2`), set on it as the arbiter would before starting its clock.
pub const CONTROL_VAR: &str = "GO_ARBITER_CONTROL";

/// The environment variable naming the caller's voice of `GO_ARBITER_OPEN`'s event (`zh`, `en`),
/// set as the organiser would in File > Event… (packaging/measure-caller.sh hears both).
pub const VOICE_VAR: &str = "GO_ARBITER_VOICE";

/// `GO_ARBITER_OPEN`'s game, read on its own thread while the window opens (the platform's start
/// takes longer than any record), with `GO_ARBITER_RULES`'s rules if given.
type Opening = std::thread::JoinHandle<Result<crate::game::Game, crate::sgf::SgfError>>;

/// Starts reading `GO_ARBITER_OPEN`'s game, if it names one.
fn start_opening() -> Option<Opening> {
    let path = PathBuf::from(std::env::var_os(OPEN_VAR)?);
    let rules = std::env::var("GO_ARBITER_RULES")
        .ok()
        .and_then(|r| r.parse::<crate::rules::Preset>().ok());
    let read = move || {
        let mut game = crate::sgf::read_file(&path)?;
        if let Some(preset) = rules {
            game.rules = preset.rules();
            game.preset = Some(preset);
        }
        Ok(game)
    };
    std::thread::Builder::new()
        .name("open-sgf".to_string())
        .spawn(read)
        .ok()
}

/// The workstation the window starts with: `GO_ARBITER_OPEN`'s game as the one table of a new
/// session, or an empty session.
fn first_workstation(settings: Settings, wall: Duration, opening: Option<Opening>) -> Workstation {
    // The reader never panics (ARCHITECTURE.md); were its thread lost, the window opens empty.
    match opening.and_then(|reading| reading.join().ok()) {
        None => Workstation::new(settings, wall),
        Some(Ok(game)) => {
            let mut ws = Workstation::with_game(settings, wall, game);
            if let Some(voice) = std::env::var(VOICE_VAR)
                .ok()
                .and_then(|v| <Lang as clap::ValueEnum>::from_str(&v, true).ok())
            {
                let mut event = ws.session.event.clone();
                event.caller.voice = voice;
                ws.apply(WsCommand::EditEvent(Box::new(event)), Duration::ZERO);
            }
            if let (Ok(control), Some(id)) = (std::env::var(CONTROL_VAR), ws.selected) {
                if let Some(live) = ws.current() {
                    live.table.apply(Command::SetControl(control), Duration::ZERO);
                }
                ws.sync(id);
            }
            ws
        }
        Some(Err(e)) => {
            let mut ws = Workstation::new(settings, wall);
            ws.notify(Msg::NotOpenedAtStart(&e).text(ws.lang()), true);
            ws
        }
    }
}

/// Opens the native window (glow renderer) and blocks until it is closed.
pub fn run_window() -> Result<(), eframe::Error> {
    run_window_with(std::env::var_os(SESSION_VAR).map(PathBuf::from))
}

/// Opens the window with the session file `session` (read on a worker thread once it is open).
pub fn run_window_with(session: Option<PathBuf>) -> Result<(), eframe::Error> {
    let started = std::env::var_os(TIMING_VAR)
        .is_some_and(|v| v == "1")
        .then(Instant::now);
    // The record to open is read on another core while winit starts X11.
    let opening = start_opening();
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        // No dithering: nothing drawn has gradients that band, and under a software renderer the
        // noise costs a tenth of each frame.
        dithering: false,
        viewport: egui::ViewportBuilder::default()
            .with_title(version_line())
            .with_app_id(settings::APP_ID)
            .with_inner_size([1500.0, 900.0])
            .with_min_inner_size([960.0, 600.0])
            .with_icon(window_icon()),
        ..Default::default()
    };
    eframe::run_native(
        "Go Arbiter",
        options,
        Box::new(move |cc| {
            if cc.gl.is_some()
                && let Some(kept) = paint::canvas::KeptFrame::from_env()
            {
                cc.egui_ctx.add_plugin(kept);
            }
            let settings = Settings::load(cc.storage);
            let mut ws = first_workstation(settings, wall_clock(), opening);
            // The system's time zone, read once here at the edge and handed in.
            ws.zone = jiff::tz::TimeZone::system();
            ws.files.repaint = Some(cc.egui_ctx.clone());
            let mut shell = Shell::new(ws);
            // The fonts join before the first frame, so it is drawn with them (Chinese too).
            shell.install_look(&cc.egui_ctx);
            Ok(Box::new(Window {
                origin: Instant::now(),
                shell,
                after_first_frame: Some(AfterFirstFrame { session }),
                started,
                timed: started.is_some(),
                clock_start_told: false,
            }))
        }),
    )
}

/// The window's icon: the app's own 64 px picture (packaging/icons), small enough to decode at
/// once. Without it eframe would decode and send egui's own 512 px icon at every start.
fn window_icon() -> std::sync::Arc<egui::IconData> {
    const PNG: &[u8] = include_bytes!("../../packaging/icons/hicolor/64x64/apps/go-arbiter.png");
    std::sync::Arc::new(eframe::icon_data::from_png_bytes(PNG).unwrap_or_default())
}

/// The app name and version, e.g. "Go Arbiter 0.1.0".
pub fn version_line() -> String {
    format!("Go Arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// The wall time since the Unix epoch (read by the eframe shell only).
fn wall_clock() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// The eframe app: the only place that reads the system clock.
struct Window {
    origin: Instant,
    shell: Shell,
    /// Work that waits until the first frame is on screen (then taken, once).
    after_first_frame: Option<AfterFirstFrame>,
    /// When `GO_ARBITER_TIMING=1`: the start, until the first frame's time is printed.
    started: Option<Instant>,
    /// `GO_ARBITER_TIMING=1`: each frame drawn is reported.
    timed: bool,
    /// Whether the selected table's clock start was reported (`GO_ARBITER_TIMING=1`).
    clock_start_told: bool,
}

impl Window {
    /// Prints, once, the wall time (Unix seconds) at which the selected table's clock started: the
    /// instant its calls are scheduled from, for packaging/measure-caller.sh.
    fn tell_clock_start(&mut self) {
        let ws = &self.shell.ws;
        let Some(live) = ws.selected.and_then(|id| ws.live(id)) else {
            return;
        };
        let Some(start) = live.table.clock.events().iter().find_map(|e| match e.kind {
            crate::clock::EventKind::Start { .. } => Some(e.at),
            _ => None,
        }) else {
            return;
        };
        let (wall, since) = (wall_clock(), self.origin.elapsed());
        let at = live.instant_of(start);
        let started = wall.as_secs_f64() - since.as_secs_f64() + at.as_secs_f64();
        eprintln!("clock started at unix {started:.6} ({})", live.table.clock.control());
        self.clock_start_told = true;
    }
}

/// What starts only once the first frame is on screen, so that nothing competes with it for the
/// processor or the dynamic loader: the sound (opening the audio device loads ALSA's plugins and
/// decodes the voice packs on a worker thread) and the session file given at the start (read on
/// a worker thread; the window shows it when it arrives).
struct AfterFirstFrame {
    session: Option<PathBuf>,
}

impl AfterFirstFrame {
    fn start(self, shell: &mut Shell, ctx: &egui::Context, origin: Instant, now: Duration) {
        let given = self
            .session
            .or_else(|| std::env::var_os(OPEN_VAR).map(|_| PathBuf::new()));
        shell.open_at_start(given, now);
        let caller = shell.ws.session.event.caller;
        let sound = Sound::start(caller, Some(ctx.clone()));
        shell.sound = Some((sound, origin));
    }
}

impl eframe::App for Window {
    /// While the window is hidden (minimised, or covered by another window) eframe runs no ui
    /// pass, only this: the clocks' timekeeping, their checkpoints and the caller go on here.
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        if ctx.input(|i| i.viewport().visible()) == Some(false) {
            self.shell.hidden(ctx, self.origin.elapsed(), wall_clock());
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        // The two clocks read together: what runs between (the first frame's start) must not
        // put the wall time later than `now` (a downtime measured by the wall would grow).
        let now = self.origin.elapsed();
        let wall = wall_clock();
        // A frame counts once its last pass is done (a pass egui discards is drawn again).
        if ui.ctx().cumulative_frame_nr() > 0
            && let Some(after) = self.after_first_frame.take()
        {
            after.start(&mut self.shell, ui.ctx(), self.origin, now);
        }
        self.shell.frame(ui, now, wall);
        if self.after_first_frame.is_some() {
            // The next frame comes as soon as this one is shown, and starts what waited for it.
            ui.ctx().request_repaint();
        }
        if ui.ctx().will_discard() {
            return;
        }
        if self.timed && !self.clock_start_told {
            self.tell_clock_start();
        }
        if let Some(started) = self.started.take() {
            eprintln!("first frame: {:.1} ms", started.elapsed().as_secs_f64() * 1000.0);
        } else if self.timed {
            let built = self.origin.elapsed() - now;
            eprintln!(
                "frame at {:.3} s, built in {:.2} ms",
                now.as_secs_f64(),
                built.as_secs_f64() * 1000.0
            );
        }
    }

    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        paint::look::clear_color(visuals)
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.shell.remember();
        self.shell.ws.settings.save(storage);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // A clock still running (the window closed by the system, not asked): its last
        // checkpoint is now, so the downtime offered at the reopening starts here.
        self.shell.ws.checkpoint_running(self.origin.elapsed(), wall_clock());
        self.shell.ws.close();
    }
}

/// The window's content, driven by the times it is given (tests drive it exactly).
pub struct Shell {
    pub ws: Workstation,
    pub results: ResultsScreen,
    pub settings_open: bool,
    /// The event's settings window, while open (its form as typed).
    pub event_form: Option<workstation::event_view::EventForm>,
    fonts_installed: bool,
    /// The caller's voice and the `Instant` the workstation's timeline starts at (none in tests:
    /// captions only).
    pub sound: Option<(Sound, Instant)>,
    /// The table whose calls were voiced last.
    voiced: Option<crate::session::TableId>,
    /// The caller's test being played: its settings sound until `until` (on the shell's timeline;
    /// `None` while its pack is loading), then the event's again.
    testing: Option<(workstation::CallerTest, Option<Duration>)>,
    /// The clips of the last caller's test, in the order played.
    pub tested: Vec<&'static str>,
    /// A close was asked for while clocks ran: "Pause the clocks and quit?" is on screen.
    pub quit_asked: bool,
    /// The arbiter answered it (or no clock ran): the next close goes ahead.
    pub quit_confirmed: bool,
    /// A close was asked for while changes are held unsaved: "Quit and lose them?" is on screen.
    pub unsaved_asked: bool,
    /// The arbiter unfolded (`Some(true)`) or folded the sidebar; `None`: by the window's width.
    pub sidebar_open: Option<bool>,
    /// The players' display (a second window) is open (menu, or `table::players_display::KEY`).
    pub players_display: bool,
}

/// Below this width the sidebar folds while a table is shown, so that the board keeps the
/// window's height (the move list goes first, inside the table: `table::side_widths`).
pub const SIDEBAR_FOLDS_BELOW: f32 = 1600.0;

impl Shell {
    /// What the next start takes from this one, put in the settings before eframe stores them
    /// (eframe's own save, every 30 s and at the exit, off the frame's work): the sidebar's
    /// fold and the session file open now.
    pub fn remember(&mut self) {
        self.ws.settings.sidebar_open = self.sidebar_open;
        if let workstation::Place::File { path, .. } = &self.ws.place {
            self.ws.settings.last_session = Some(path.clone());
        }
    }

    /// The session the window opens at its start: the one `given` (an empty path: a record was
    /// given instead, so none), else the last one, unless reopening is turned off or its file is
    /// gone (`Settings::session_at_start`). Read on the file worker, as File > Open does.
    pub fn open_at_start(&mut self, given: Option<PathBuf>, now: Duration) {
        if let Some(path) = self
            .ws
            .settings
            .session_at_start(given)
            .filter(|p| !p.as_os_str().is_empty())
        {
            self.ws.apply(WsCommand::File(Request::Open, Some(path)), now);
        }
    }

    pub fn new(ws: Workstation) -> Shell {
        let sidebar_open = ws.settings.sidebar_open;
        Shell {
            ws,
            results: ResultsScreen::default(),
            settings_open: false,
            event_form: None,
            fonts_installed: false,
            sound: None,
            voiced: None,
            testing: None,
            tested: Vec::new(),
            quit_asked: false,
            quit_confirmed: false,
            unsaved_asked: false,
            sidebar_open,
            players_display: false,
        }
    }

    /// Whether the sidebar is folded now: the arbiter's choice, else folded while a table is
    /// (or its photo screen) shown in a window narrower than `SIDEBAR_FOLDS_BELOW`.
    pub fn sidebar_folded(&self, width: f32) -> bool {
        let table = matches!(self.ws.view, View::Table | View::Photo) && self.ws.selected.is_some();
        match self.sidebar_open {
            Some(open) => !open,
            None => table && width < SIDEBAR_FOLDS_BELOW,
        }
    }

    /// Adds the bundled CJK font and the window's look to `ctx` (once; the first frame does it if
    /// nothing did before). Fonts added take effect from the next frame.
    pub fn install_look(&mut self, ctx: &egui::Context) {
        if !self.fonts_installed {
            paint::fonts::install(ctx);
            paint::look::install(ctx);
            self.fonts_installed = true;
        }
    }

    /// What a frame does without drawing, while the window is hidden: the tables' clocks and
    /// checkpoints (`Workstation::poll`), the selected table's calls planned for the sound, and
    /// the next wake-up asked for.
    pub fn hidden(&mut self, ctx: &egui::Context, now: Duration, wall: Duration) {
        self.ws.files.repaint = Some(ctx.clone());
        self.ws.poll(now, wall);
        self.voice_calls(now);
        self.ask_wake_up(ctx, now);
    }

    /// The next frame (or hidden tick) is asked for when a clock face, a call or the sound next
    /// needs it; none while nothing changes.
    fn ask_wake_up(&self, ctx: &egui::Context, now: Duration) {
        let sound_wait = self.sound.as_ref().and_then(|(s, _)| s.next_repaint());
        if let Some(wait) = self.ws.next_repaint(now).into_iter().chain(sound_wait).min() {
            ctx.request_repaint_after(wait);
        }
    }

    /// One frame at `now` (the workstation's timeline) and `wall` (since the Unix epoch).
    pub fn frame(&mut self, ui: &mut egui::Ui, now: Duration, wall: Duration) {
        self.install_look(ui.ctx());
        self.ws.files.repaint = Some(ui.ctx().clone());
        self.ws.poll(now, wall);
        let lang = self.ws.lang();
        let mut commands = Vec::new();
        self.before_quitting(ui.ctx(), now);
        egui::Panel::top("menu").show(ui, |ui| commands.extend(self.menu(ui)));
        if !self.ws.notices.is_empty() {
            egui::Panel::bottom("notices").show(ui, |ui| commands.extend(notices(ui, &self.ws)));
        }
        if self.sidebar_folded(ui.ctx().content_rect().width()) {
            egui::Panel::left("sidebar_folded")
                .resizable(false)
                .exact_size(28.0)
                .show(ui, |ui| {
                    // The fold's button, written down the strip.
                    let word = Text::ShowSidebar.tr(lang);
                    if ui.add(egui::Button::new("\u{bb}")).on_hover_text(word).clicked() {
                        self.sidebar_open = Some(true);
                    }
                });
        } else {
            egui::Panel::left("sidebar")
                .resizable(true)
                .default_size(320.0)
                .show(ui, |ui| {
                    if self.ws.selected.is_some() && ui.small_button(Text::HideSidebar.tr(lang)).clicked() {
                        self.sidebar_open = Some(false);
                    }
                    let mut drafts = std::mem::take(&mut self.ws.sidebar);
                    commands.extend(workstation::sidebar_view::show(ui, &self.ws, &mut drafts, now));
                    self.ws.sidebar = drafts;
                });
        }
        commands.extend(windows(ui.ctx(), &mut self.ws));
        commands.extend(workstation::event_view::window(ui.ctx(), &mut self.event_form, lang));
        commands.extend(workstation::merge_view::window(
            ui.ctx(),
            self.ws.merge_offer.as_ref(),
            lang,
        ));
        commands.extend(workstation::tournament_view::windows(ui.ctx(), &self.ws));
        if self.settings_open {
            let mut open = true;
            let mut settings = self.ws.settings.clone();
            let mut changed = false;
            egui::Window::new(Text::Settings.tr(lang))
                .open(&mut open)
                .show(ui.ctx(), |ui| changed = settings::show(ui, &mut settings));
            self.settings_open = open;
            if changed {
                commands.push(WsCommand::Settings(Box::new(settings)));
            }
        }
        // While the selected table is counted, its audit trail is under it (Art. 16.4: who
        // changed what, and when, before the result is confirmed).
        if let (View::Table, Some(id)) = (&self.ws.view, self.ws.selected)
            && self.ws.live(id).is_some_and(|l| l.table.counting.is_some())
        {
            let entries: Vec<&crate::session::AuditEntry> = self.ws.session.audit_of(id).collect();
            egui::Panel::bottom("audit_trail").resizable(true).show(ui, |ui| {
                counting::view::audit_panel(ui, &entries, &self.ws.zone_shown(), lang)
            });
        }
        if self.ws.recovery.as_ref().is_some_and(|r| !r.running.is_empty()) {
            // The recovery's question is open: the tables' clock keys wait for the answer.
            ui.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Key { .. })));
        }
        let seats = self.ws.selected.and_then(|id| self.ws.seats(id));
        let katago = self.ws.settings.katago_to_ask();
        let mut engine_failed = None;
        egui::CentralPanel::default_margins().show(ui, |ui| match self.ws.view {
            View::Results => {
                self.results.zone = self.ws.zone_shown();
                commands.extend(self.results.ui(ui, &self.ws.session, lang))
            }
            View::Photo => commands.extend(photo::view::show(ui, &mut self.ws)),
            View::Table => match self.ws.current() {
                Some(live) => {
                    live.table.seats = seats;
                    let at = live.now(now);
                    if let Some(c) = live.table.counting.as_mut() {
                        engine_failed = c.ask_engine(katago.as_ref(), Some(ui.ctx()));
                    }
                    live.table.frame(ui, at);
                    // The chief arbiter's actions go through the workstation's passphrase gate.
                    let held = std::mem::take(&mut live.table.held_for_chief);
                    commands.extend(held.into_iter().map(WsCommand::Table));
                }
                None => {
                    ui.label(Text::Welcome.tr(lang));
                }
            },
        });
        if let Some(e) = engine_failed {
            self.ws.notify(format!("{}: {e}", Text::KataGoFailed.tr(lang)), true);
        }
        if let Some(id) = self.ws.selected {
            self.ws.sync(id);
        }
        if !commands.is_empty() {
            ui.ctx().request_repaint();
        }
        for command in commands {
            self.ws.apply(command, now);
        }
        self.show_players_display(ui.ctx(), now);
        self.voice_calls(now);
        self.ask_wake_up(ui.ctx(), now);
    }

    /// The players' display, while open: its own window (an immediate viewport, drawn in the
    /// same pass as this one, so it repaints only when this window does: as the clock needs)
    /// with the selected table's faces. Closing its window closes it.
    fn show_players_display(&mut self, ctx: &egui::Context, now: Duration) {
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, table::players_display::KEY)) {
            self.players_display = !self.players_display;
        }
        if !self.players_display {
            return;
        }
        let lang = self.ws.lang();
        let builder = egui::ViewportBuilder::default()
            .with_title(table::players_display::title(lang))
            .with_inner_size([1280.0, 720.0]);
        let live = self.ws.selected.and_then(|id| self.ws.live(id));
        let closed = ctx.show_viewport_immediate(table::players_display::viewport_id(), builder, |ui, _| {
            egui::CentralPanel::default_margins().show(ui, |ui| match live {
                Some(live) => {
                    let at = live.now(now);
                    let reading = live.table.reading(at);
                    table::players_display::content(ui, &live.table.shown(at), &reading);
                }
                None => {
                    ui.label(Text::Welcome.tr(lang));
                }
            });
            ui.ctx().input(|i| i.viewport().close_requested())
        });
        if closed {
            self.players_display = false;
        }
    }

    /// The selected table's calls go to the sound ahead of their instants (the next
    /// `table::sound::PLAN_AHEAD` of its schedule, planned again each frame: a press, a pause, a
    /// correction replace the plan, and what no longer falls due is dropped on its sample); the
    /// calls asked for (minutes left, a re-read) are said at once. The other tables' calls stay
    /// captions in the sidebar's table (one voice in the room). Switching tables silences what
    /// was queued.
    fn voice_calls(&mut self, now: Duration) {
        let selected = self.ws.selected;
        if let Some(test) = self.ws.caller_test.take() {
            if let Some((sound, _)) = &mut self.sound {
                sound.stop();
            }
            self.testing = Some((test, None));
        }
        if let Some((sound, _)) = &mut self.sound {
            if self.voiced != selected {
                sound.stop();
            }
            let caller = self
                .testing
                .as_ref()
                .map_or(self.ws.session.event.caller, |(test, _)| test.caller);
            sound.set_caller(caller.voice, caller.sound);
            if sound.volume() != caller.gain() {
                sound.set_volume(caller.gain());
            }
        }
        let testing = self.play_caller_test(now);
        self.voiced = selected;
        for live in &mut self.ws.live {
            live.table.take_announcements();
            let asked = live.table.take_asked();
            if Some(live.id) != selected || testing {
                continue;
            }
            let Some((sound, origin)) = &mut self.sound else {
                continue;
            };
            let at = live.now(now);
            let upcoming = live.table.upcoming(at, table::sound::PLAN_AHEAD);
            let calls: Vec<(u64, &caller::Announcement, Instant)> = upcoming
                .iter()
                .map(|call| {
                    (
                        table::sound::call_key(live.id, call),
                        call,
                        *origin + live.instant_of(call.at),
                    )
                })
                .collect();
            sound.plan(*origin + now, &calls);
            for call in &asked {
                let _caption = sound.play(call, *origin + live.instant_of(call.at));
            }
        }
    }

    /// The Event window's test of the caller: once its sound is ready (its pack loaded), its calls
    /// one a second from now, with its settings until the last has sounded. True while it lasts:
    /// the tables' calls wait meanwhile (one voice in the room).
    fn play_caller_test(&mut self, now: Duration) -> bool {
        let Some((test, until)) = &mut self.testing else {
            return false;
        };
        match until {
            Some(until) if now >= *until => {
                self.testing = None;
                return false;
            }
            Some(_) => {}
            None => {
                let Some((sound, origin)) = &mut self.sound else {
                    self.testing = None;
                    return false;
                };
                sound.poll();
                if sound.is_loading() {
                    return true;
                }
                self.tested.clear();
                let mut at = now;
                for call in &test.calls {
                    let said = caller::Announcement::said(at, crate::board::Color::Black, call.clip);
                    let _caption = sound.play(&said, *origin + at);
                    self.tested.push(call.clip);
                    at += Duration::from_secs(1);
                }
                *until = Some(at + Duration::from_secs(1));
            }
        }
        true
    }

    /// The top menu: File, Results, Settings, the language.
    fn menu(&mut self, ui: &mut egui::Ui) -> Vec<WsCommand> {
        let lang = self.ws.lang();
        let mut commands = Vec::new();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(Text::File.tr(lang), |ui| {
                for (action, text) in [
                    (FileAction::New, Text::NewSession),
                    (FileAction::Open, Text::OpenSession),
                    (FileAction::SaveAs, Text::SaveSessionAs),
                    (FileAction::Import, Text::ImportSgf),
                    (FileAction::Export, Text::ExportTableSgf),
                    (FileAction::Merge, Text::MergeResults),
                    (FileAction::ImportOpenGotha, Text::ImportOpenGotha),
                    (FileAction::ImportPlayersCsv, Text::ImportPlayersCsv),
                    (FileAction::ExportOpenGothaCopy, Text::ExportOpenGothaCopy),
                    (FileAction::ExportAga, Text::ExportAga),
                ] {
                    let request = self.ws.request(action);
                    if ui
                        .add_enabled(request.is_some(), egui::Button::new(text.tr(lang)))
                        .clicked()
                        && let Some(request) = request
                    {
                        commands.push(WsCommand::File(request, None));
                        ui.close();
                    }
                }
                ui.separator();
                if ui.button(Text::EventMenu.tr(lang)).clicked() {
                    let mut form = workstation::event_view::EventForm::of(&self.ws.session.event, lang);
                    form.passphrase = self.ws.session.trust.chief.is_none().then(String::new);
                    self.event_form = Some(form);
                    // Opened: the next frame shows it.
                    ui.ctx().request_repaint();
                    ui.close();
                }
            });
            let results = self.ws.view == View::Results;
            if ui.selectable_label(results, Text::Results.tr(lang)).clicked() {
                commands.push(WsCommand::View(if results { View::Table } else { View::Results }));
            }
            let photo = self.ws.view == View::Photo;
            let asked = ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, photo::KEY));
            let label = i18n::photo::menu(photo::KEY, lang);
            if ui
                .add_enabled(self.ws.selected.is_some(), egui::Button::selectable(photo, label))
                .clicked()
                || asked
            {
                let command = if photo {
                    photo::PhotoCommand::Close
                } else {
                    photo::PhotoCommand::Show
                };
                commands.push(WsCommand::Photo(command));
            }
            if ui
                .selectable_label(self.settings_open, Text::Settings.tr(lang))
                .clicked()
            {
                self.settings_open = !self.settings_open;
            }
            let display = format!(
                "{} ({})",
                Text::PlayersDisplay.tr(lang),
                i18n::key_name(table::players_display::KEY, lang)
            );
            if ui.selectable_label(self.players_display, display).clicked() {
                self.players_display = !self.players_display;
            }
            ui.separator();
            for l in [Lang::En, Lang::Zh] {
                if ui.selectable_label(lang == l, l.own_name()).clicked() && lang != l {
                    commands.push(WsCommand::SetLang(l));
                }
            }
            if self.ws.files.pending > 0 {
                ui.spinner();
            }
            if let Some(held) = self.ws.unsaved() {
                ui.colored_label(ui.visuals().error_fg_color, Msg::HeldUnsaved(held).text(lang));
            }
            // A few words in the bar; the device's own reason (often the system's English) on
            // hover.
            if let Some((sound, _)) = &self.sound
                && let (Some(short), Some(notice)) = (sound.short_notice(), sound.notice(lang))
            {
                ui.weak(short.tr(lang)).on_hover_text(notice);
            }
        });
        commands
    }
}

/// The notices (`notices_view`), each dismissed by a command.
fn notices(ui: &mut egui::Ui, ws: &Workstation) -> Vec<WsCommand> {
    let dismissed = workstation::notices_view::show(ui, &ws.notices, ws.lang());
    dismissed.into_iter().map(WsCommand::DismissNotice).collect()
}

/// A running clock's lines in the recovery window: the downtime, exact, from when, and the two
/// readings at the reopening (charged, not charged) as the table's face shows them.
fn downtime_lines(ui: &mut egui::Ui, ws: &Workstation, d: &crate::session::downtime::Downtime, lang: Lang) {
    use crate::session::downtime::WallSource;
    let down = table::clock_view::hms_tenths(d.down);
    let since = workstation::wall_text(d.last_wall, &ws.zone_shown());
    ui.label(Msg::Downtime(d.table, &down, &since, d.player).text(lang));
    if d.source != WallSource::Checkpoint {
        ui.label(Text::DowntimeFromStamp.tr(lang));
    }
    let Some(live) = ws.live(d.table) else { return };
    let side = d.player.index();
    for (charged, reading) in [(true, &d.charged), (false, &d.uncharged)] {
        let shown = live.table.clock.control().shown(&reading.left[side]);
        let face = i18n::reading::reading(&shown, lang);
        let used = table::clock_view::hms_tenths(reading.used[side]);
        ui.label(Msg::DowntimeReading(charged, d.player, &face, &used).text(lang));
    }
}

/// "Save first?": an unsaved session with tables about to be replaced (File > New, Open).
fn save_first(ctx: &egui::Context, ws: &Workstation) -> Option<WsCommand> {
    use workstation::SaveFirstAnswer;
    let lang = ws.lang();
    let tables = ws.save_first_question()?;
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("save_first")).show(ctx, |ui| {
        ui.heading(Text::SaveFirst.tr(lang));
        ui.label(Msg::SaveFirst(tables).text(lang));
        ui.horizontal(|ui| {
            if ui.button(Text::SaveAsFirst.tr(lang)).clicked() {
                answer = Some(SaveFirstAnswer::SaveAs(None));
            }
            if ui.button(Text::Discard.tr(lang)).clicked() {
                answer = Some(SaveFirstAnswer::Discard);
            }
            if ui.button(Text::Cancel.tr(lang)).clicked() {
                answer = Some(SaveFirstAnswer::Cancel);
            }
        });
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(SaveFirstAnswer::Cancel);
    }
    answer.map(WsCommand::SaveFirst)
}

/// The windows that ask something: the recovery, the backup of an unreadable file, a typed path.
fn windows(ctx: &egui::Context, ws: &mut Workstation) -> Vec<WsCommand> {
    let lang = ws.lang();
    let mut commands = Vec::new();
    if let Some(r) = &ws.recovery {
        let content = |ui: &mut egui::Ui, commands: &mut Vec<WsCommand>| {
            if r.recovered {
                ui.label(Msg::Recovered(&r.path, r.tables, r.replayed).text(lang));
            } else {
                ui.label(Msg::Loaded(&r.path, r.tables).text(lang));
            }
            if r.dropped_partial {
                ui.label(Text::PartialDropped.tr(lang));
            }
            if let Some(chain) = &r.chain {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 80, 60),
                    i18n::labelled(Text::AuditTrail, chain, lang),
                );
            }
            if r.running.is_empty() {
                if ui.button(Text::Ok.tr(lang)).clicked() {
                    commands.push(WsCommand::ChargeDowntime(true));
                }
                return;
            }
            ui.separator();
            ui.label(Text::ClocksRunning.tr(lang));
            for d in &r.running {
                downtime_lines(ui, ws, d, lang);
            }
            ui.label(Text::ChargeDowntime.tr(lang));
            ui.horizontal(|ui| {
                if ui.button(Text::ChargeIt.tr(lang)).clicked() {
                    commands.push(WsCommand::ChargeDowntime(true));
                }
                if ui.button(Text::DoNotCharge.tr(lang)).clicked() {
                    commands.push(WsCommand::ChargeDowntime(false));
                }
            });
        };
        if r.running.is_empty() {
            egui::Window::new(Text::SessionRestored.tr(lang))
                .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
                .collapsible(false)
                .show(ctx, |ui| content(ui, &mut commands));
        } else {
            // Modal: nothing else at the tables is done before the answer (their clock keys are
            // held too, `Shell::frame`), so "do not charge" can still stop the clock in the past.
            egui::Modal::new(egui::Id::unique("recovery")).show(ctx, |ui| {
                ui.heading(Text::SessionRestored.tr(lang));
                content(ui, &mut commands);
            });
        }
    }
    if let Some(path) = &ws.offer_backup {
        egui::Window::new(Text::SessionUnreadable.tr(lang))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label(Msg::OfferBackup(path).text(lang));
                ui.horizontal(|ui| {
                    if ui.button(Text::OpenNewestBackup.tr(lang)).clicked() {
                        commands.push(WsCommand::File(
                            Request::RestoreBackup(path.clone()),
                            Some(path.clone()),
                        ));
                        commands.push(WsCommand::DeclineBackup);
                    }
                    if ui.button(Text::Cancel.tr(lang)).clicked() {
                        commands.push(WsCommand::DeclineBackup);
                    }
                });
            });
    }
    let mut close = false;
    if let Some((request, text)) = &mut ws.files.typed {
        egui::Window::new(request.title().tr(lang))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 80.0])
            .collapsible(false)
            .show(ctx, |ui| {
                let label = ui.label(Text::NoFileDialog.tr(lang));
                let edit = ui
                    .add(egui::TextEdit::singleline(text).desired_width(360.0))
                    .labelled_by(label.id);
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if (ui.button(Text::Ok.tr(lang)).clicked() || enter) && !text.trim().is_empty() {
                        commands.push(WsCommand::File(request.clone(), Some(PathBuf::from(text.trim()))));
                        close = true;
                    }
                    if ui.button(Text::Cancel.tr(lang)).clicked() {
                        close = true;
                    }
                });
            });
    }
    if close {
        ws.files.typed = None;
    }
    commands.extend(save_first(ctx, ws));
    commands
}

//! A round's results table and the standings with their tie-breaks and warnings per player, and
//! exports started from here (run by `export_job` off the UI thread, with a progress bar). The
//! standings come from `export::standings` (shown by `standings_view`), each team match's
//! score from `export::standings::teams`: no rule is decided here.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use egui::{Color32, RichText};

use crate::board::Color;
use crate::export::ExportError;
use crate::export::standings::teams::TeamStanding;
use crate::export::standings::{self, Standing, System};
use crate::session::{Session, Signer};
use crate::ui::i18n::{self, Lang, Text};
use crate::ui::results::export_job::{ExportJob, Format, default_folder};
use crate::ui::results::standings_view::{self, TeamForm, WithdrawalForm};
use crate::ui::workstation::WsCommand;

const GOOD: Color32 = Color32::from_rgb(60, 170, 80);
const BAD: Color32 = Color32::from_rgb(230, 80, 60);

/// The standings after a round, kept until the session or the round changes.
#[derive(Debug)]
struct Cached {
    round: u32,
    /// The session's audit length when computed: every change adds an entry.
    changes: usize,
    system: System,
    list: Result<Vec<Standing>, ExportError>,
    teams: Vec<TeamStanding>,
}

/// What the results screen keeps between frames: the round shown, an export under way.
#[derive(Debug)]
pub struct ResultsScreen {
    /// The round shown; the last round when none was chosen.
    pub round: Option<u32>,
    /// The export folder as typed ([`default_folder`] at first).
    pub folder: String,
    pub job: Option<ExportJob>,
    /// A folder dialog open on its own thread.
    picking: Option<Receiver<Option<PathBuf>>>,
    standings: Option<Cached>,
    /// The withdrawal form as typed.
    pub withdrawal: WithdrawalForm,
    /// The team form as typed.
    pub teams: TeamForm,
}

impl Default for ResultsScreen {
    fn default() -> ResultsScreen {
        ResultsScreen {
            round: None,
            folder: default_folder().display().to_string(),
            job: None,
            picking: None,
            standings: None,
            withdrawal: WithdrawalForm::default(),
            teams: TeamForm::default(),
        }
    }
}

impl ResultsScreen {
    /// Draws the results of the chosen round and the standings; exports never block the frame.
    /// Returns what the arbiter recorded here (a withdrawal, lots).
    pub fn ui(&mut self, ui: &mut egui::Ui, session: &Session, lang: Lang) -> Vec<WsCommand> {
        if let Some(job) = &mut self.job {
            job.poll();
        }
        self.poll_picker();
        // The latest round by number (the order shown may have been changed by hand).
        let latest = session.rounds.iter().map(|r| r.number).max();
        let Some(round) = self.round.or(latest) else {
            ui.label(Text::NoRounds.tr(lang));
            return Vec::new();
        };
        ui.horizontal_wrapped(|ui| {
            for r in &session.rounds {
                let text = match r.name.as_str() {
                    "" => format!("{} {}", Text::Round.tr(lang), r.number),
                    name => format!("{} {} {name}", Text::Round.tr(lang), r.number),
                };
                if ui.selectable_label(r.number == round, text).clicked() {
                    self.round = Some(r.number);
                }
            }
        });
        let round = self.round.unwrap_or(round);
        ui.separator();
        let mut commands = Vec::new();
        egui::ScrollArea::vertical().id_salt("results").show(ui, |ui| {
            results_table(ui, session, round, lang);
            match_scores(ui, session, round, lang);
            ui.separator();
            commands = self.standings_table(ui, session, round, lang);
            ui.separator();
            self.export_panel(ui, session, round, lang);
        });
        commands
    }

    fn standings_table(&mut self, ui: &mut egui::Ui, session: &Session, round: u32, lang: Lang) -> Vec<WsCommand> {
        let fresh = self
            .standings
            .as_ref()
            .is_some_and(|c| c.round == round && c.changes == session.audit.len());
        if !fresh {
            // The event's declared system; the games up to the round shown.
            let system = standings::declared(session);
            let mut upto = session.clone();
            upto.rounds.retain(|r| r.number <= round);
            let list = standings::standings(&upto, system);
            let teams = standings::teams::team_standings(&upto, system);
            self.standings = Some(Cached {
                round,
                changes: session.audit.len(),
                system,
                list,
                teams,
            });
        }
        let Some(cached) = &self.standings else {
            return Vec::new();
        };
        let mut commands = standings_view::show(ui, cached.system, &cached.list, &cached.teams, lang);
        commands.extend(standings_view::withdrawal_form(ui, session, &mut self.withdrawal, lang));
        if cached.system.is_team() {
            commands.extend(standings_view::team_form(ui, session, round, &mut self.teams, lang));
        }
        commands
    }

    fn export_panel(&mut self, ui: &mut egui::Ui, session: &Session, round: u32, lang: Lang) {
        ui.label(RichText::new(format!("{} ({} {round})", Text::Export.tr(lang), Text::Round.tr(lang))).strong());
        let running = self.job.as_ref().is_some_and(|j| !j.finished);
        ui.horizontal(|ui| {
            let label = ui.label(Text::ExportFolder.tr(lang));
            ui.add(egui::TextEdit::singleline(&mut self.folder).desired_width(320.0))
                .labelled_by(label.id);
            if ui
                .add_enabled(self.picking.is_none(), egui::Button::new(Text::ChooseFolder.tr(lang)))
                .clicked()
            {
                self.pick_folder(ui.ctx().clone());
            }
        });
        ui.add_enabled_ui(!running && !self.folder.trim().is_empty(), |ui| {
            ui.horizontal_wrapped(|ui| {
                for format in Format::BUTTONS {
                    if ui.button(format_name(format, lang)).clicked() {
                        let folder = PathBuf::from(self.folder.trim());
                        self.job = Some(ExportJob::start(session, round, format, folder, Some(ui.ctx().clone())));
                    }
                }
            });
        });
        let Some(job) = &self.job else { return };
        ui.add(egui::ProgressBar::new(job.fraction()).text(format!("{} / {}", job.done, job.total)));
        if !job.finished {
            ui.label(format!(
                "{} {}...",
                Text::Exporting.tr(lang),
                format_name(job.format, lang)
            ));
            return;
        }
        if job.written.len() == job.total {
            ui.colored_label(
                GOOD,
                format!(
                    "{} {}: {} ({})",
                    Text::ExportedTo.tr(lang),
                    job.folder.display(),
                    job.written.len(),
                    format_name(job.format, lang)
                ),
            );
        }
        for e in &job.errors {
            ui.colored_label(BAD, i18n::labelled(Text::ExportFailed, &i18n::job_error(e, lang), lang));
        }
    }

    /// Opens the system's folder dialog on a thread of its own (it may wait for the arbiter).
    fn pick_folder(&mut self, ctx: egui::Context) {
        let (tx, rx) = mpsc::channel();
        let start = PathBuf::from(self.folder.trim());
        let spawned = std::thread::Builder::new()
            .name("pick-folder".to_string())
            .spawn(move || {
                let picked = rfd::FileDialog::new().set_directory(start).pick_folder();
                let _ = tx.send(picked);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.picking = Some(rx);
        }
    }

    fn poll_picker(&mut self) {
        let Some(rx) = &self.picking else { return };
        match rx.try_recv() {
            Ok(Some(folder)) => {
                self.folder = folder.display().to_string();
                self.picking = None;
            }
            Ok(None) | Err(TryRecvError::Disconnected) => self.picking = None,
            Err(TryRecvError::Empty) => {}
        }
    }
}

fn format_name(format: Format, lang: Lang) -> &'static str {
    match format {
        Format::Csv => "CSV",
        Format::Sgf => Text::SgfPerGame.tr(lang),
        Format::H9 => "EGF .h9",
        Format::OpenGotha => "OpenGotha",
        Format::Png => Text::Diagrams.tr(lang),
        Format::Slip => Text::ResultSlips.tr(lang),
        Format::All => Text::AllFormats.tr(lang),
    }
}

/// The round's tables: players, result in stones and points, confirmed or not, warnings.
fn results_table(ui: &mut egui::Ui, session: &Session, round: u32, lang: Lang) {
    let Some(r) = session.round(round) else { return };
    let name = |id| {
        session
            .player(id)
            .map_or_else(|| format!("#{}", id.0), |p| format!("{} {}", p.name, p.rank))
    };
    egui::Grid::new("results").num_columns(7).striped(true).show(ui, |ui| {
        for text in [
            Text::TableNumber.tr(lang),
            i18n::color_name(Color::Black, lang),
            i18n::color_name(Color::White, lang),
            Text::Result.tr(lang),
            Text::Confirmation.tr(lang),
            Text::Warnings.tr(lang),
        ] {
            ui.label(RichText::new(text).strong());
        }
        ui.end_row();
        for t in &r.tables {
            ui.label(t.number.to_string());
            ui.label(name(t.black));
            ui.label(name(t.white));
            match &t.game.result {
                Some(result) => ui.label(match lang {
                    Lang::En => result.english(),
                    Lang::Zh => result.chinese(),
                }),
                None => ui.label("-"),
            };
            if t.game.is_confirmed() {
                ui.colored_label(GOOD, Text::Confirmed.tr(lang));
            } else {
                let signed = Signer::ALL
                    .iter()
                    .filter(|s| t.game.confirmation(**s).is_some())
                    .count();
                ui.colored_label(BAD, format!("{} ({signed}/3)", Text::NotConfirmed.tr(lang)));
            }
            let [b, w] = t.game.ledger.warnings();
            let short = |c| i18n::color_short(c, lang);
            ui.label(format!("{} {b} / {} {w}", short(Color::Black), short(Color::White)));
            ui.end_row();
        }
    });
}

/// Each team match of the round with its score (board points; match points once complete).
fn match_scores(ui: &mut egui::Ui, session: &Session, round: u32, lang: Lang) {
    let system = standings::declared(session);
    let team = |id: u32| {
        session
            .tournament
            .team(id)
            .map_or_else(|| format!("#{id}"), |t| t.name.clone())
    };
    for m in standings::teams::match_scores(session, system)
        .iter()
        .filter(|m| m.round == round)
    {
        let [a, b] = m.teams.map(team);
        let [x, y] = m.board_points;
        ui.label(RichText::new(i18n::Msg::MatchScore(&a, &b, x, y).text(lang)).strong());
    }
}

//! The workstation's side of the organiser's files: an OpenGotha file read (the round asked), the round imported through the engine's changes (new tables made live, updated ones rebuilt), players from a CSV, the OpenGotha copy and the AGA file requested, and their reports.

use std::path::{Path, PathBuf};

use crate::session::{Change, PairingFile, Role};
use crate::tournament::{self, ImportReport, OgTournament, players_csv};

use super::{FileAction, Workstation};
use crate::ui::i18n::Msg;
use crate::ui::workstation::files::{Done, Request};

/// An OpenGotha file read, waiting for the arbiter to choose its round.
#[derive(Clone, Debug)]
pub struct AskRound {
    pub path: PathBuf,
    pub file: OgTournament,
    pub source: PairingFile,
    /// The round offered first: the first the session does not have, else the file's last.
    pub round: u32,
}

/// What the tournament windows show.
#[derive(Clone, Debug, Default)]
pub struct TournamentIo {
    pub asking: Option<AskRound>,
    /// The last round import's report, until closed.
    pub report: Option<ImportReport>,
}

/// The tournament windows' answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// The round chosen (or typed) in the question.
    ChooseRound(u32),
    ImportRound,
    CancelImport,
    CloseReport,
}

impl Workstation {
    /// The file menu's requests of the organiser's files.
    pub(super) fn tournament_request(&self, kind: FileAction) -> Option<Request> {
        Some(match kind {
            FileAction::ImportOpenGotha => Request::ImportOpenGotha,
            FileAction::ImportPlayersCsv => Request::ImportPlayersCsv,
            FileAction::ExportOpenGothaCopy => {
                let source = self.session.event.pairing_file.as_ref()?;
                let stem = Path::new(&source.path)
                    .file_stem()
                    .map_or_else(|| "tournament".to_string(), |s| s.to_string_lossy().into_owned());
                Request::ExportOpenGothaCopy {
                    session: Box::new(self.session.clone()),
                    name: format!("{stem}-results.xml"),
                }
            }
            FileAction::ExportAga => Request::ExportAga(Box::new(self.session.clone())),
            _ => return None,
        })
    }

    /// A finished file job of the organiser's files.
    pub(super) fn tournament_done(&mut self, done: Done) {
        let lang = self.lang();
        match done {
            Done::TournamentRead { path, result } => match result {
                Ok(read) => {
                    let (file, source) = *read;
                    let rounds = file.rounds();
                    let round = rounds
                        .iter()
                        .copied()
                        .find(|r| self.session.round(*r).is_none())
                        .or(rounds.last().copied())
                        .unwrap_or(1);
                    self.tournament.asking = Some(AskRound {
                        path,
                        file,
                        source,
                        round,
                    });
                }
                Err(e) => self.notify(Msg::NotImportedFile(&e).text(lang), true),
            },
            Done::PlayersRead { result, .. } => match result {
                Ok(players) => {
                    let (changes, report) = players_csv::plan(&self.session, &players);
                    for change in changes {
                        if !self.record(Role::Organiser, None, change) {
                            return;
                        }
                    }
                    self.notify(Msg::PlayersImported(&report).text(lang), false);
                }
                Err(e) => self.notify(Msg::NotImportedFile(&e).text(lang), true),
            },
            Done::TournamentWritten { path, result } => match result {
                Ok(report) => self.notify(Msg::TournamentWritten(&path, report.as_ref()).text(lang), false),
                Err(e) => self.notify(Msg::TournamentNotWritten(&path, &e).text(lang), true),
            },
            _ => {}
        }
    }

    pub(super) fn tournament_command(&mut self, command: TournamentCommand) {
        match command {
            TournamentCommand::ChooseRound(round) => {
                if let Some(a) = &mut self.tournament.asking {
                    a.round = round;
                }
            }
            TournamentCommand::CancelImport => self.tournament.asking = None,
            TournamentCommand::CloseReport => self.tournament.report = None,
            TournamentCommand::ImportRound => {
                if let Some(asking) = self.tournament.asking.take() {
                    self.import_round(asking);
                }
            }
        }
    }

    /// The chosen round imported: each change recorded (one audit entry each), new tables made
    /// live, updated ones rebuilt, the report shown.
    fn import_round(&mut self, asking: AskRound) {
        let lang = self.lang();
        let planned = tournament::plan(&self.session, &asking.file, asking.round, asking.source);
        let (changes, report) = match planned {
            Ok(p) => p,
            Err(e) => {
                let e = tournament::source::SourceError::Import(e);
                self.notify(Msg::NotImportedFile(&e).text(lang), true);
                return;
            }
        };
        for change in changes {
            let table = change.table();
            let added = matches!(change, Change::Table { .. });
            if !self.record(Role::Organiser, None, change) {
                break;
            }
            match (table, added) {
                (Some(id), true) => self.add_live(id),
                (Some(id), false) => self.rebuild_one(id),
                (None, _) => {}
            }
        }
        self.notify(Msg::RoundImported(&report).text(lang), false);
        self.tournament.report = Some(report);
    }
}

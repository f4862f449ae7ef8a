//! The standings on the results screen: the declared system, one column per criterion in the
//! order the system ranks (from `export::standings::criteria`), the lots drawn, the withdrawals
//! with their reasons, the team standings; the forms that record a withdrawal, draw lots, enter
//! a team's board order and seat a team match.
//! Every rule is the engine's; this only shows it and returns the commands.

use egui::{Color32, RichText};

use crate::export::ExportError;
use crate::export::standings::teams::TeamStanding;
use crate::export::standings::{Criterion, Standing, System, criteria};
use crate::session::{Change, PlayerId, Session, Team, Withdrawal};
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::workstation::WsCommand;
use crate::ui::workstation::event_view::system_name;

const BAD: Color32 = Color32::from_rgb(230, 80, 60);

/// The withdrawal form as typed.
#[derive(Debug, Default)]
pub struct WithdrawalForm {
    pub player: Option<PlayerId>,
    pub after_round: u32,
    pub reason: String,
}

/// The team form as typed: a new team's name and board order, and the two teams of a match.
#[derive(Debug, Default)]
pub struct TeamForm {
    pub name: String,
    /// Board 1 first.
    pub boards: Vec<PlayerId>,
    pub pick: Option<PlayerId>,
    pub teams: [Option<u32>; 2],
}

/// A criterion's column heading.
fn heading(c: Criterion) -> Text {
    match c {
        Criterion::Points => Text::Points,
        Criterion::Beaten => Text::TieBreakA,
        Criterion::Total => Text::TotalScore,
        Criterion::OpponentsPoints => Text::OpponentsPoints,
        Criterion::McMahon => Text::McMahonScore,
        Criterion::Sos => Text::Sos,
        Criterion::Sosos => Text::Sosos,
        Criterion::Warnings => Text::Warnings,
        Criterion::Lots => Text::LotsColumn,
    }
}

/// The standings of `system`, or why they cannot be made; the commands the arbiter gave.
pub fn show(
    ui: &mut egui::Ui,
    system: System,
    list: &Result<Vec<Standing>, ExportError>,
    teams: &[TeamStanding],
    lang: Lang,
) -> Vec<WsCommand> {
    let mut commands = Vec::new();
    ui.label(
        RichText::new(format!(
            "{} ({})",
            Text::Standings.tr(lang),
            system_name(system).tr(lang)
        ))
        .strong(),
    );
    if system == System::NotDeclared {
        ui.colored_label(BAD, Text::DeclareSystem.tr(lang));
    }
    let list = match list {
        Ok(list) => list,
        Err(e) => {
            ui.colored_label(BAD, i18n::export_error(e, lang));
            return commands;
        }
    };
    let columns = criteria(system);
    let extra_points = !columns.contains(&Criterion::Points);
    egui::Grid::new("standings").striped(true).show(ui, |ui| {
        for text in [Text::Place, Text::Name, Text::Rank, Text::WinsDrawsLosses] {
            ui.label(RichText::new(text.tr(lang)).strong());
        }
        for c in columns {
            ui.label(RichText::new(heading(*c).tr(lang)).strong());
        }
        if extra_points {
            ui.label(RichText::new(Text::Points.tr(lang)).strong());
        }
        ui.end_row();
        for s in list {
            ui.label(if s.place == 0 {
                "-".to_string()
            } else {
                s.place.to_string()
            });
            ui.label(&s.name);
            ui.label(s.rank.to_string());
            ui.label(format!("{}-{}-{}", s.wins, s.draws, s.losses));
            for c in columns {
                match (c, s.lots) {
                    (Criterion::Lots, Some(place)) => ui.label(Msg::DrewLots(place).text(lang)),
                    _ => ui.label(s.shown(*c)),
                };
            }
            if extra_points {
                ui.label(s.points.to_string());
            }
            ui.end_row();
        }
    });
    if columns.contains(&Criterion::Lots) {
        for group in tied(list) {
            let names: Vec<&str> = group.iter().map(|s| s.name.as_str()).collect();
            ui.horizontal(|ui| {
                ui.label(names.join(", "));
                if ui.button(Text::DrawLots.tr(lang)).clicked() {
                    commands.push(WsCommand::DrawLots(group.iter().map(|s| s.player).collect()));
                }
            });
        }
    }
    for s in list {
        if let Some(w) = &s.withdrawal {
            ui.label(Msg::Withdrew(&s.name, w.after_round, s.void, &w.reason).text(lang));
        }
    }
    if system.is_team() {
        team_table(ui, teams, lang);
    }
    commands
}

/// The groups of players sharing a place (lots not drawn yet).
fn tied(list: &[Standing]) -> Vec<Vec<&Standing>> {
    let mut groups: Vec<Vec<&Standing>> = Vec::new();
    for s in list.iter().filter(|s| s.place > 0) {
        match groups.last_mut() {
            Some(g) if g[0].place == s.place => g.push(s),
            _ => groups.push(vec![s]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

fn team_table(ui: &mut egui::Ui, teams: &[TeamStanding], lang: Lang) {
    ui.separator();
    ui.label(RichText::new(Text::TeamStandings.tr(lang)).strong());
    egui::Grid::new("team_standings").striped(true).show(ui, |ui| {
        for text in [
            Text::Place,
            Text::Team,
            Text::Matches,
            Text::MatchPoints,
            Text::TotalScore,
            Text::BoardPoints,
            Text::BoardsColumn,
        ] {
            ui.label(RichText::new(text.tr(lang)).strong());
        }
        ui.end_row();
        for t in teams {
            ui.label(t.place.to_string());
            ui.label(&t.name);
            ui.label(t.matches.to_string());
            ui.label(t.match_points.to_string());
            ui.label(format!("{:.2}", t.total));
            ui.label(t.board_points.to_string());
            let boards: Vec<String> = t.boards.iter().map(u32::to_string).collect();
            ui.label(boards.join(" "));
            ui.end_row();
        }
    });
}

/// The withdrawal form: the player, the last round played, the reason; the command once the
/// arbiter records it (the session refuses a withdrawal without a reason).
pub fn withdrawal_form(
    ui: &mut egui::Ui,
    session: &Session,
    form: &mut WithdrawalForm,
    lang: Lang,
) -> Option<WsCommand> {
    ui.separator();
    ui.label(RichText::new(Text::Withdrawals.tr(lang)).strong());
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        let name = |id: Option<PlayerId>| {
            id.and_then(|id| session.player(id))
                .map_or_else(|| "-".to_string(), |p| p.name.clone())
        };
        let label = ui.label(Text::WithdrawingPlayer.tr(lang));
        egui::ComboBox::from_id_salt("withdraw_player")
            .selected_text(name(form.player))
            .show_ui(ui, |ui| {
                for p in &session.players {
                    ui.selectable_value(&mut form.player, Some(p.id), &p.name);
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label(Text::AfterRound.tr(lang));
        ui.add(egui::DragValue::new(&mut form.after_round).range(0..=999))
            .labelled_by(label.id);
        let label = ui.label(Text::WithdrawalReason.tr(lang));
        ui.add(egui::TextEdit::singleline(&mut form.reason).desired_width(200.0))
            .labelled_by(label.id);
        let ready = form.player.is_some() && !form.reason.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(Text::RecordWithdrawal.tr(lang)))
            .clicked()
            && let Some(player) = form.player
        {
            command = Some(WsCommand::Standings(Change::Withdraw(Withdrawal {
                player,
                after_round: form.after_round,
                reason: form.reason.trim().to_string(),
            })));
            form.reason.clear();
        }
    });
    command
}

/// The teams (分台定人制): a new team with its board order (players added board 1 first), and a
/// match of the round shown between two teams; the commands once given.
pub fn team_form(ui: &mut egui::Ui, session: &Session, round: u32, form: &mut TeamForm, lang: Lang) -> Vec<WsCommand> {
    let mut commands = Vec::new();
    ui.separator();
    let name = |id: PlayerId| {
        session
            .player(id)
            .map_or_else(|| format!("#{}", id.0), |p| p.name.clone())
    };
    for t in &session.tournament.teams {
        let boards: Vec<String> = t.boards.iter().map(|&p| name(p)).collect();
        ui.label(format!("{}: {}", t.name, boards.join(", ")));
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(Text::Team.tr(lang));
        ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(120.0))
            .labelled_by(label.id);
        let label = ui.label(Text::AddBoard.tr(lang));
        let picked = form.pick.map_or_else(|| "-".to_string(), name);
        egui::ComboBox::from_id_salt("team_board")
            .selected_text(picked)
            .show_ui(ui, |ui| {
                for p in session.players.iter().filter(|p| !form.boards.contains(&p.id)) {
                    ui.selectable_value(&mut form.pick, Some(p.id), &p.name);
                }
            })
            .response
            .labelled_by(label.id);
        if let Some(p) = form.pick.take() {
            form.boards.push(p);
        }
        let boards: Vec<String> = form.boards.iter().map(|&p| name(p)).collect();
        ui.label(boards.join(", "));
        let ready = !form.name.trim().is_empty() && !form.boards.is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(Text::AddTeam.tr(lang)))
            .clicked()
        {
            let id = session.tournament.teams.iter().map(|t| t.id).max().unwrap_or(0) + 1;
            let team = Team {
                id,
                name: form.name.trim().to_string(),
                boards: std::mem::take(&mut form.boards),
            };
            form.name.clear();
            commands.push(WsCommand::Standings(Change::Team(team)));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let team_name = |id: Option<u32>| {
            id.and_then(|id| session.tournament.team(id))
                .map_or_else(|| "-".to_string(), |t| t.name.clone())
        };
        for (side, salt) in [(0, "match_first"), (1, "match_second")] {
            let label = ui.label(Text::Team.tr(lang));
            egui::ComboBox::from_id_salt(salt)
                .selected_text(team_name(form.teams[side]))
                .show_ui(ui, |ui| {
                    for t in &session.tournament.teams {
                        ui.selectable_value(&mut form.teams[side], Some(t.id), &t.name);
                    }
                })
                .response
                .labelled_by(label.id);
        }
        if let [Some(a), Some(b)] = form.teams
            && ui.button(Text::CreateTeamMatch.tr(lang)).clicked()
        {
            commands.push(WsCommand::TeamMatch { round, teams: [a, b] });
        }
    });
    commands
}

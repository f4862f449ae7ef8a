//! The session sidebar: rounds, tables with players, state and both clocks live; players and ranks.
//! Reads the workstation and returns commands; only text being typed is edited in place.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::board::Color;
use crate::clock::{TimeControl, TimeLeft};
use crate::session::{PlayerId, Rank, Session, TableId};

use super::clock_view::hms;
use super::i18n::Lang;
use super::workstation::{Place, TableState, View, Workstation, WsCommand, on_move};

/// The sidebar's text being typed and choices not yet made into commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SidebarDrafts {
    pub player_name: String,
    pub player_rank: String,
    pub player_club: String,
    pub round_date: String,
    /// The players chosen for a new table, per round.
    pub black: Option<PlayerId>,
    pub white: Option<PlayerId>,
    /// A rename under way: the round or table and the name typed.
    pub renaming: Option<(Renaming, String)>,
    pub arbiter: String,
}

/// What is being renamed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Renaming {
    Round(u32),
    Table(TableId),
}

/// English or Chinese (the lead moves these into `i18n`).
fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// The highlight of a table in byo-yomi.
pub const BYO_YOMI: Color32 = Color32::from_rgb(200, 60, 40);

/// One side's clock in a few characters: main time, or the byo-yomi left ("0:28 ×3").
pub fn compact(control: &TimeControl, left: &TimeLeft) -> String {
    match control {
        TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => hms(left.main),
        _ if !left.main.is_zero() => hms(left.main),
        TimeControl::Canadian { .. } => format!("{} /{}", hms(left.period), left.period_moves),
        _ => format!("{} ×{}", hms(left.period), left.periods),
    }
}

fn player_text(session: &Session, id: PlayerId) -> String {
    session
        .player(id)
        .map_or_else(|| format!("#{}", id.0), |p| format!("{} ({})", p.name, p.rank))
}

/// The sidebar at `now` (the workstation's instant).
pub fn show(ui: &mut egui::Ui, ws: &Workstation, drafts: &mut SidebarDrafts, now: Duration) -> Vec<WsCommand> {
    let mut commands = Vec::new();
    let lang = ws.lang();
    egui::ScrollArea::vertical().id_salt("sidebar").show(ui, |ui| {
        ui.heading(&ws.session.event.name);
        let place = match &ws.place {
            Place::Unsaved => t(lang, "not saved yet", "尚未保存").to_string(),
            Place::File { path, .. } => path.display().to_string(),
        };
        ui.label(RichText::new(place).small());
        ui.horizontal(|ui| {
            let label = ui.label(t(lang, "Arbiter", "裁判"));
            if drafts.arbiter.is_empty() {
                drafts.arbiter = ws.arbiter.clone();
            }
            let edit = ui
                .add(egui::TextEdit::singleline(&mut drafts.arbiter).desired_width(120.0))
                .labelled_by(label.id);
            if edit.lost_focus() && drafts.arbiter != ws.arbiter {
                commands.push(WsCommand::SetArbiter(drafts.arbiter.clone()));
            }
        });
        ui.separator();
        for round in &ws.session.rounds {
            rounds(ui, ws, drafts, round, now, &mut commands);
        }
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut drafts.round_date)
                    .hint_text(t(lang, "date", "日期"))
                    .desired_width(90.0),
            );
            if ui.button(t(lang, "New round", "新一轮")).clicked() {
                commands.push(WsCommand::NewRound {
                    date: std::mem::take(&mut drafts.round_date),
                });
            }
        });
        ui.separator();
        players(ui, ws, drafts, &mut commands);
    });
    commands
}

fn rounds(
    ui: &mut egui::Ui,
    ws: &Workstation,
    drafts: &mut SidebarDrafts,
    round: &crate::session::Round,
    now: Duration,
    commands: &mut Vec<WsCommand>,
) {
    let lang = ws.lang();
    let title = match round.name.is_empty() {
        true => format!("{} {} · {}", t(lang, "Round", "第"), round.number, round.date),
        false => format!(
            "{} {} {} · {}",
            t(lang, "Round", "第"),
            round.number,
            round.name,
            round.date
        ),
    };
    egui::CollapsingHeader::new(title)
        .id_salt(("round", round.number))
        .default_open(true)
        .show(ui, |ui| {
            rename(ui, lang, drafts, Renaming::Round(round.number), &round.name, commands);
            let count = round.tables.len();
            for (index, table) in round.tables.iter().enumerate() {
                let id = TableId {
                    round: round.number,
                    table: table.number,
                };
                table_row(ui, ws, drafts, id, index, count, now, commands);
            }
            new_table(ui, ws, drafts, round.number, commands);
        });
}

#[allow(clippy::too_many_arguments)]
fn table_row(
    ui: &mut egui::Ui,
    ws: &Workstation,
    drafts: &mut SidebarDrafts,
    id: TableId,
    index: usize,
    count: usize,
    now: Duration,
    commands: &mut Vec<WsCommand>,
) {
    let lang = ws.lang();
    let (Some(stored), Some(live)) = (ws.session.table(id), ws.live(id)) else {
        return;
    };
    let table_now = live.now(now);
    let state = TableState::of(&live.table, &stored.game, table_now);
    let selected = ws.selected == Some(id) && ws.view == View::Table;
    let frame = egui::Frame::group(ui.style()).fill(match state {
        TableState::ByoYomi => BYO_YOMI.gamma_multiply(0.35),
        _ => Color32::TRANSPARENT,
    });
    frame.show(ui, |ui| {
        ui.horizontal(|ui| {
            let name = match stored.name.is_empty() {
                true => format!("{} {}", t(lang, "Table", "台"), id.table),
                false => format!("{} {} {}", t(lang, "Table", "台"), id.table, stored.name),
            };
            if ui.selectable_label(selected, RichText::new(name).strong()).clicked() {
                commands.push(WsCommand::Select(id));
            }
            let label = RichText::new(state.label(lang));
            let label = match state {
                TableState::ByoYomi => label.color(Color32::WHITE).background_color(BYO_YOMI).strong(),
                _ => label.weak(),
            };
            ui.label(label);
            if index > 0 && ui.small_button(t(lang, "Up", "上移")).clicked() {
                commands.push(WsCommand::MoveTable {
                    table: id,
                    to_index: index - 1,
                });
            }
            if index + 1 < count && ui.small_button(t(lang, "Down", "下移")).clicked() {
                commands.push(WsCommand::MoveTable {
                    table: id,
                    to_index: index + 1,
                });
            }
        });
        let reading = live.table.clock.reading(table_now);
        let control = live.table.clock.control();
        let running = on_move(&live.table, table_now);
        for (color, player) in [(Color::Black, stored.black), (Color::White, stored.white)] {
            ui.horizontal(|ui| {
                let side = RichText::new(match color {
                    Color::Black => t(lang, "B", "黑"),
                    Color::White => t(lang, "W", "白"),
                })
                .monospace();
                // The side whose clock runs is marked.
                ui.label(if running == Some(color) {
                    side.strong().underline()
                } else {
                    side.weak()
                });
                ui.label(player_text(&ws.session, player));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.monospace(compact(control, &reading.left[color.index()]));
                });
            });
        }
        rename(ui, lang, drafts, Renaming::Table(id), &stored.name, commands);
    });
}

/// A small "rename" button, then a field with OK while renaming.
fn rename(
    ui: &mut egui::Ui,
    lang: Lang,
    drafts: &mut SidebarDrafts,
    what: Renaming,
    current: &str,
    commands: &mut Vec<WsCommand>,
) {
    match &mut drafts.renaming {
        Some((w, text)) if *w == what => {
            let mut done = false;
            ui.horizontal(|ui| {
                let edit = ui.add(
                    egui::TextEdit::singleline(text)
                        .hint_text(t(lang, "name", "名称"))
                        .desired_width(120.0),
                );
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(t(lang, "OK", "确定")).clicked() || enter {
                    let name = text.trim().to_string();
                    commands.push(match what {
                        Renaming::Round(number) => WsCommand::RenameRound { number, name },
                        Renaming::Table(table) => WsCommand::RenameTable { table, name },
                    });
                    done = true;
                }
                if ui.button(t(lang, "Cancel", "取消")).clicked() {
                    done = true;
                }
            });
            if done {
                drafts.renaming = None;
            }
        }
        _ => {
            let label = match what {
                Renaming::Round(_) => t(lang, "Rename round", "重命名轮次"),
                Renaming::Table(_) => t(lang, "Rename table", "重命名台"),
            };
            if ui.small_button(label).clicked() {
                drafts.renaming = Some((what, current.to_string()));
            }
        }
    }
}

fn choose_player(ui: &mut egui::Ui, session: &Session, salt: (u32, &str), label: &str, slot: &mut Option<PlayerId>) {
    let shown = slot.map_or_else(|| "…".to_string(), |id| player_text(session, id));
    egui::ComboBox::new(salt, label)
        .selected_text(shown)
        .width(170.0)
        .show_ui(ui, |ui| {
            for p in &session.players {
                ui.selectable_value(slot, Some(p.id), format!("{} ({})", p.name, p.rank));
            }
        });
}

fn new_table(
    ui: &mut egui::Ui,
    ws: &Workstation,
    drafts: &mut SidebarDrafts,
    round: u32,
    commands: &mut Vec<WsCommand>,
) {
    let lang = ws.lang();
    if ws.session.players.len() < 2 {
        ui.label(RichText::new(t(lang, "Add two players to seat a table", "先添加两名棋手")).weak());
        return;
    }
    choose_player(
        ui,
        &ws.session,
        (round, "black"),
        t(lang, "Black", "黑方"),
        &mut drafts.black,
    );
    choose_player(
        ui,
        &ws.session,
        (round, "white"),
        t(lang, "White", "白方"),
        &mut drafts.white,
    );
    let ready = drafts.black.is_some() && drafts.white.is_some() && drafts.black != drafts.white;
    if ui
        .add_enabled(ready, egui::Button::new(t(lang, "Add table", "添加对局台")))
        .clicked()
        && let (Some(black), Some(white)) = (drafts.black, drafts.white)
    {
        commands.push(WsCommand::NewTable { round, black, white });
        drafts.black = None;
        drafts.white = None;
    }
}

fn players(ui: &mut egui::Ui, ws: &Workstation, drafts: &mut SidebarDrafts, commands: &mut Vec<WsCommand>) {
    let lang = ws.lang();
    egui::CollapsingHeader::new(t(lang, "Players", "棋手"))
        .id_salt("players")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("players_grid").striped(true).show(ui, |ui| {
                for p in &ws.session.players {
                    ui.label(&p.name);
                    ui.label(p.rank.to_string());
                    ui.label(&p.club);
                    ui.end_row();
                }
            });
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut drafts.player_name)
                        .hint_text(t(lang, "name", "姓名"))
                        .desired_width(110.0),
                );
                ui.add(
                    egui::TextEdit::singleline(&mut drafts.player_rank)
                        .hint_text(t(lang, "5k, 3d, 2p", "5k, 3d, 2p"))
                        .desired_width(50.0),
                );
                ui.add(
                    egui::TextEdit::singleline(&mut drafts.player_club)
                        .hint_text(t(lang, "club", "单位"))
                        .desired_width(70.0),
                );
            });
            let rank = drafts.player_rank.parse::<Rank>();
            if let (Err(e), false) = (&rank, drafts.player_rank.trim().is_empty()) {
                ui.colored_label(BYO_YOMI, e.to_string());
            }
            let ready = rank.is_ok() && !drafts.player_name.trim().is_empty();
            if ui
                .add_enabled(ready, egui::Button::new(t(lang, "Add player", "添加棋手")))
                .clicked()
                && let Ok(rank) = rank
            {
                commands.push(WsCommand::AddPlayer {
                    name: std::mem::take(&mut drafts.player_name),
                    rank,
                    club: std::mem::take(&mut drafts.player_club),
                });
                drafts.player_rank.clear();
            }
        });
}

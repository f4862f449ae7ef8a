//! The session sidebar: rounds, tables with players, state and both clocks live; players and ranks.
//! Reads the workstation and returns commands; only text being typed is edited in place.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::board::Color;
use crate::clock::{TimeControl, TimeLeft};
use crate::session::{PlayerId, Rank, Session, TableId};

use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::clock_view::hms;
use crate::ui::workstation::{Place, TableState, View, Workstation, WsCommand, on_move};

/// The sidebar's text being typed and choices not yet made into commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SidebarDrafts {
    pub player_name: String,
    pub player_rank: String,
    pub player_club: String,
    pub round_date: String,
    /// The players chosen for a new table, each round's own (round 2's choice never shows in
    /// round 1's form).
    pub seating: std::collections::BTreeMap<u32, Seating>,
    /// A rename under way: the round or table and the name typed.
    pub renaming: Option<(Renaming, String)>,
    pub arbiter: String,
    /// A table to scroll into view once (the one shown when a session opens).
    pub reveal: Option<TableId>,
}

/// A new table's players as chosen so far in one round's form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seating {
    pub black: Option<PlayerId>,
    pub white: Option<PlayerId>,
}

/// What is being renamed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renaming {
    Round(u32),
    Table(TableId),
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
            Place::Unsaved => Text::NotSavedYet.tr(lang).to_string(),
            Place::File { path, .. } => path.display().to_string(),
            Place::ReadOnly { path } => Msg::ReadOnlyPlace(path).text(lang),
        };
        ui.label(RichText::new(place).small());
        ui.horizontal(|ui| {
            let label = ui.label(Text::ArbiterName.tr(lang));
            let id = ui.make_persistent_id("arbiter_name");
            // Filled from the workstation while not being typed in (cleared to type a new name,
            // it stays empty).
            if drafts.arbiter.is_empty() && !ui.memory(|m| m.has_focus(id)) {
                drafts.arbiter = ws.arbiter.clone();
            }
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut drafts.arbiter)
                        .id(id)
                        .desired_width(120.0),
                )
                .labelled_by(label.id);
            if edit.lost_focus() && drafts.arbiter != ws.arbiter {
                commands.push(WsCommand::SetArbiter(drafts.arbiter.clone()));
            }
        });
        ui.separator();
        let count = ws.session.rounds.len();
        for (index, round) in ws.session.rounds.iter().enumerate() {
            rounds(ui, ws, drafts, round, (index, count), now, &mut commands);
        }
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut drafts.round_date)
                    .id_salt("round_date")
                    .hint_text(Text::DateHint.tr(lang))
                    .desired_width(90.0),
            );
            if ui.button(Text::NewRound.tr(lang)).clicked() {
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

/// A round, at `index` of `rounds` in the session's order: its buttons (move up or down, rename),
/// its tables, a new table.
fn rounds(
    ui: &mut egui::Ui,
    ws: &Workstation,
    drafts: &mut SidebarDrafts,
    round: &crate::session::Round,
    (index, rounds): (usize, usize),
    now: Duration,
    commands: &mut Vec<WsCommand>,
) {
    let lang = ws.lang();
    let title = i18n::round_title(round.number, &round.name, &round.date, lang);
    let shown = egui::CollapsingHeader::new(title)
        .id_salt(("round", round.number))
        .default_open(true)
        .show(ui, |ui| {
            let number = round.number;
            if rounds > 1 {
                ui.horizontal(|ui| {
                    if index > 0 && ui.small_button(Text::RoundUp.tr(lang)).clicked() {
                        commands.push(WsCommand::MoveRound {
                            number,
                            to_index: index - 1,
                        });
                    }
                    if index + 1 < rounds && ui.small_button(Text::RoundDown.tr(lang)).clicked() {
                        commands.push(WsCommand::MoveRound {
                            number,
                            to_index: index + 1,
                        });
                    }
                });
            }
            rename(ui, lang, drafts, Renaming::Round(number), &round.name, commands);
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
    // A folded round's table is not revealed (the arbiter folded it).
    if shown.body_returned.is_none() && drafts.reveal.is_some_and(|t| t.round == round.number) {
        drafts.reveal = None;
    }
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
    // A card scrolled out of sight takes its last height and is not built: fifty tables cost
    // the frames that tick their clocks no more than the few on screen.
    // The selected card, and one being renamed or revealed, are always built (their height
    // changes with their buttons); the others within a card's height of the view are too, so a
    // height gone stale while out of sight is corrected before the card comes into view.
    let height_id = egui::Id::unique(("sidebar_card", id.round, id.table));
    let last_height = ui.ctx().data(|d| d.get_temp::<f32>(height_id));
    let renaming = matches!(drafts.renaming, Some((Renaming::Table(t), _)) if t == id);
    if let Some(height) = last_height
        && drafts.reveal != Some(id)
        && !selected
        && !renaming
    {
        let rect = egui::Rect::from_min_size(ui.cursor().min, egui::vec2(ui.available_width(), height));
        if !ui.is_rect_visible(rect.expand2(egui::vec2(0.0, height.max(100.0)))) {
            ui.allocate_space(rect.size());
            return;
        }
    }
    let frame = egui::Frame::group(ui.style()).fill(match state {
        TableState::ByoYomi => BYO_YOMI.gamma_multiply(0.35),
        _ => Color32::TRANSPARENT,
    });
    let card = frame.show(ui, |ui| {
        ui.horizontal(|ui| {
            let name = i18n::table_title(id.table, &stored.name, lang);
            if ui.selectable_label(selected, RichText::new(name).strong()).clicked() {
                commands.push(WsCommand::Select(id));
            }
            let label = RichText::new(state.label(lang));
            let label = match state {
                TableState::ByoYomi => label.color(Color32::WHITE).background_color(BYO_YOMI).strong(),
                _ => label.weak(),
            };
            ui.label(label);
            // The selected table's card alone carries its buttons: a long list stays readable
            // (and cheap to draw each second while clocks run).
            if !selected {
                return;
            }
            if index > 0 && ui.small_button(Text::MoveUp.tr(lang)).clicked() {
                commands.push(WsCommand::MoveTable {
                    table: id,
                    to_index: index - 1,
                });
            }
            if index + 1 < count && ui.small_button(Text::MoveDown.tr(lang)).clicked() {
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
                    Color::Black => Text::BlackShort.tr(lang),
                    Color::White => Text::WhiteShort.tr(lang),
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
        if selected {
            rename(ui, lang, drafts, Renaming::Table(id), &stored.name, commands);
        }
    });
    let height = card.response.rect.height();
    ui.ctx().data_mut(|d| d.insert_temp(height_id, height));
    if drafts.reveal == Some(id) {
        card.response.scroll_to_me(Some(egui::Align::Center));
        drafts.reveal = None;
    }
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
                        .id_salt(("rename", what))
                        .hint_text(Text::RenameHint.tr(lang))
                        .desired_width(120.0),
                );
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button(Text::Ok.tr(lang)).clicked() || enter {
                    let name = text.trim().to_string();
                    commands.push(match what {
                        Renaming::Round(number) => WsCommand::RenameRound { number, name },
                        Renaming::Table(table) => WsCommand::RenameTable { table, name },
                    });
                    done = true;
                }
                if ui.button(Text::Cancel.tr(lang)).clicked() {
                    done = true;
                }
            });
            if done {
                drafts.renaming = None;
            }
        }
        _ => {
            let label = match what {
                Renaming::Round(_) => Text::RenameRound.tr(lang),
                Renaming::Table(_) => Text::RenameTable.tr(lang),
            };
            if ui.small_button(label).clicked() {
                drafts.renaming = Some((what, current.to_string()));
            }
        }
    }
}

/// A dropdown of the players `offered` (the round's unseated ones) for one seat.
fn choose_player(
    ui: &mut egui::Ui,
    session: &Session,
    offered: &[PlayerId],
    salt: (u32, &str),
    label: &str,
    slot: &mut Option<PlayerId>,
) {
    let shown = slot.map_or_else(|| "…".to_string(), |id| player_text(session, id));
    egui::ComboBox::new(salt, label)
        .selected_text(shown)
        .width(170.0)
        .show_ui(ui, |ui| {
            for &id in offered {
                ui.selectable_value(slot, Some(id), player_text(session, id));
            }
        });
}

/// Round `round`'s form for a new table: two dropdowns offering only the players not yet seated
/// in that round (`Session::unseated`), with the round's own choices.
fn new_table(
    ui: &mut egui::Ui,
    ws: &Workstation,
    drafts: &mut SidebarDrafts,
    round: u32,
    commands: &mut Vec<WsCommand>,
) {
    let lang = ws.lang();
    if ws.session.players.len() < 2 {
        ui.label(RichText::new(Text::SeatNeedsPlayers.tr(lang)).weak());
        return;
    }
    let offered: Vec<PlayerId> = ws.session.unseated(round).map(|p| p.id).collect();
    let seating = drafts.seating.entry(round).or_default();
    // A choice made before its player was seated at another table of the round is dropped.
    for slot in [&mut seating.black, &mut seating.white] {
        if slot.is_some_and(|id| !offered.contains(&id)) {
            *slot = None;
        }
    }
    if offered.len() < 2 {
        ui.label(RichText::new(Text::AllSeated.tr(lang)).weak());
        return;
    }
    let black = i18n::color_name(Color::Black, lang);
    let white = i18n::color_name(Color::White, lang);
    choose_player(ui, &ws.session, &offered, (round, "black"), black, &mut seating.black);
    choose_player(ui, &ws.session, &offered, (round, "white"), white, &mut seating.white);
    let ready = seating.black.is_some() && seating.white.is_some() && seating.black != seating.white;
    if ui
        .add_enabled(ready, egui::Button::new(Text::AddTable.tr(lang)))
        .clicked()
        && let (Some(black), Some(white)) = (seating.black, seating.white)
    {
        commands.push(WsCommand::NewTable { round, black, white });
        *seating = Seating::default();
    }
}

fn players(ui: &mut egui::Ui, ws: &Workstation, drafts: &mut SidebarDrafts, commands: &mut Vec<WsCommand>) {
    let lang = ws.lang();
    egui::CollapsingHeader::new(Text::Players.tr(lang))
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
            // Each field has an id of its own (not the next automatic one), so that the focus
            // stays in it whatever is drawn above (a player added to the list, a round folded).
            let base = ui.make_persistent_id("player_form");
            let ids = [base.with("name"), base.with("rank"), base.with("club")];
            let mut entered = false;
            ui.horizontal(|ui| {
                let fields = [
                    (&mut drafts.player_name, Text::PlayerNameHint, 110.0),
                    (&mut drafts.player_rank, Text::RankHint, 50.0),
                    (&mut drafts.player_club, Text::ClubHint, 70.0),
                ];
                for ((text, hint, width), id) in fields.into_iter().zip(ids) {
                    let edit = ui.add(
                        egui::TextEdit::singleline(text)
                            .id(id)
                            .hint_text(hint.tr(lang))
                            .desired_width(width),
                    );
                    entered |= edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                }
            });
            let rank = drafts.player_rank.parse::<Rank>();
            if let (Err(e), false) = (&rank, drafts.player_rank.trim().is_empty()) {
                ui.colored_label(BYO_YOMI, i18n::rank_error(e, lang));
            }
            let ready = rank.is_ok() && !drafts.player_name.trim().is_empty();
            let clicked = ui
                .add_enabled(ready, egui::Button::new(Text::AddPlayer.tr(lang)))
                .clicked();
            if entered {
                // Enter adds the player when the form is complete, and the name field waits for
                // the next one; else the focus goes to what is missing (a name, then a rank).
                let next = if ready || drafts.player_name.trim().is_empty() {
                    ids[0]
                } else {
                    ids[1]
                };
                ui.memory_mut(|m| m.request_focus(next));
            }
            if (clicked || entered)
                && ready
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

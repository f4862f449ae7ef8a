//! The counting panels: the toolbar over the board (accept the suggestion, KataGo's state or its
//! offer, the dead / seki / dame
//! tool, a dispute, resume play), the bar shown while a dispute is played out, the slip on the
//! right (the counted side, area in tens, half the board, komi, compensation, penalty stones, par,
//! the result in English and Chinese, the hand count, other endings, confirmation and the chief
//! arbiter's override), and a table's audit trail. Reads; returns commands (text being typed is
//! edited in place).

use egui::{Color32, RichText};

use crate::board::Color;
use crate::ledger::article_label;
use crate::scoring::{Count, OneSide, Quarters, Reason};
use crate::session::{AuditEntry, Role};

use crate::ui::counting::{Counting, Dispute, EngineAsk, Tool, areas};
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::board_view::Overlay;
use crate::ui::table::command::Command;
use crate::ui::table::shown::Shown;

const GOOD: Color32 = Color32::from_rgb(60, 170, 80);
const BAD: Color32 = Color32::from_rgb(230, 80, 60);

/// What the board shows while counting.
pub fn overlay(counting: &Counting) -> Overlay {
    Overlay {
        dead: counting.marks.dead_points(),
        seki: counting.marks.seki_points(),
        areas: areas(counting.board(), &counting.marks),
        dame: counting.marks.dame_points(),
        unsettled: counting.unsettled().to_vec(),
        sealing: counting.sealing().points(),
    }
}

/// The toolbar over the board while counting.
pub fn toolbar(ui: &mut egui::Ui, shown: &Shown, counting: &Counting) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = shown.lang;
    let size = counting.board().size();
    ui.add_enabled_ui(!counting.locked(), |ui| {
        ui.horizontal_wrapped(|ui| {
            match counting.suggested() {
                Some(dead) => {
                    let list: Vec<String> = dead.iter().map(|p| p.to_gtp(size)).collect();
                    let text = format!("{} ({})", Text::AcceptSuggestion.tr(lang), dead.len());
                    let button = ui.add_enabled(!counting.accepted, egui::Button::new(text));
                    if button.on_hover_text(list.join(" ")).clicked() {
                        commands.push(Command::AcceptSuggestion);
                    }
                }
                None if matches!(counting.suggestion, crate::ui::counting::Suggestion::Failed) => {
                    ui.label(Text::SuggestionFailed.tr(lang));
                }
                None => {
                    ui.spinner();
                    ui.label(Text::Suggesting.tr(lang));
                }
            }
            engine_status(ui, counting, lang, &mut commands);
            ui.separator();
            for (tool, text) in [
                (Tool::Dead, Text::DeadTool),
                (Tool::Seki, Text::SekiTool),
                (Tool::Dame, Text::DameTool),
            ] {
                if ui.selectable_label(counting.tool == tool, text.tr(lang)).clicked() {
                    commands.push(Command::SetTool(tool));
                }
            }
            ui.separator();
            if ui.button(Text::ResumePlay.tr(lang)).clicked() {
                commands.push(Command::LeaveCounting);
            }
        });
        ui.horizontal_wrapped(|ui| {
            for claimant in [Color::Black, Color::White] {
                let claim = format!("{} {}", i18n::color_name(claimant, lang), Text::ClaimsDead.tr(lang));
                let text = i18n::labelled(Text::Dispute, &claim, lang);
                if ui.button(text).clicked() {
                    commands.push(Command::Dispute { claimant });
                }
            }
        });
    });
    ui.label(RichText::new(Text::Gestures.tr(lang)).small().weak());
    let orange = Color32::from_rgb(200, 110, 0);
    let unsettled = counting.unsettled();
    if !unsettled.is_empty() {
        let text = i18n::labelled(Text::CheckThese, &points_list(unsettled, size), lang);
        ui.label(RichText::new(text).color(orange));
    }
    let sealing = counting.sealing();
    if !sealing.is_empty() {
        let text = i18n::labelled(Text::NeedsSealing, &points_list(&sealing.points(), size), lang);
        ui.label(RichText::new(text).color(orange));
    }
    commands
}

/// Where KataGo stands beside the suggestion: asked (a spinner), answered (its suggestion is the
/// one shown), or answered after the marks were changed (a button to use it instead).
fn engine_status(ui: &mut egui::Ui, counting: &Counting, lang: Lang, commands: &mut Vec<Command>) {
    match &counting.engine {
        EngineAsk::Pending(_) => {
            ui.spinner();
            ui.label(RichText::new(Text::AskingKataGo.tr(lang)).weak());
        }
        EngineAsk::Used => {
            ui.label(RichText::new(Text::KataGoSuggests.tr(lang)).weak());
        }
        EngineAsk::Offered(s) => {
            let text = format!("{} ({})", Text::UseKataGo.tr(lang), s.dead.len());
            let list: Vec<String> = s.dead.iter().map(|p| p.to_gtp(counting.board().size())).collect();
            if ui.button(text).on_hover_text(list.join(" ")).clicked() {
                commands.push(Command::TakeEngineSuggestion);
            }
        }
        EngineAsk::NotAsked | EngineAsk::Off | EngineAsk::Failed => {}
    }
}

/// Points in GTP coordinates, at most twelve, then "…".
pub(super) fn points_list(points: &[crate::board::Point], size: u8) -> String {
    let mut list: Vec<String> = points.iter().take(12).map(|p| p.to_gtp(size)).collect();
    if points.len() > 12 {
        list.push("…".to_string());
    }
    list.join(" ")
}

/// Stones as the language writes them: "184 1/2" ("184又1/2", as the rules write 3又3/4).
fn stones(q: Quarters, lang: Lang) -> String {
    match lang {
        Lang::En => q.stones_text(),
        Lang::Zh => q.stones_text_zh(),
    }
}

/// "+ 3 3/4", "- 1", "0" ("+ 3又3/4"): an amount that moves the par.
fn signed(q: Quarters, lang: Lang) -> String {
    match q.0.signum() {
        1 => format!("+ {}", stones(q, lang)),
        -1 => format!("- {}", stones(-q, lang)),
        _ => "0".to_string(),
    }
}

/// The slip on the right while counting.
pub fn show(ui: &mut egui::Ui, shown: &Shown, counting: &mut Counting) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = shown.lang;
    let penalties = shown.ledger.penalty_stones();
    let sources = penalty_sources(shown);
    let sudden_death = matches!(shown.clock.control(), crate::clock::TimeControl::Absolute { .. });
    let locked = counting.locked();
    ui.heading(Text::Counting.tr(lang));
    commands.extend(crate::ui::table::procedures_view::given_up(
        ui,
        counting,
        sudden_death,
        lang,
    ));
    let count = counting.count(penalties);

    ui.horizontal(|ui| {
        ui.label(Text::Counted.tr(lang));
        for color in [Color::Black, Color::White] {
            let text = format!("{} {}", Text::Count.tr(lang), i18n::color_name(color, lang));
            if ui.radio(counting.side == color, text).clicked() {
                commands.push(Command::CountSide(color));
            }
        }
    });
    match &count {
        Ok(count) => slip(ui, count, counting, &sources, lang),
        Err(e) => {
            ui.colored_label(BAD, i18n::scoring_error(e, lang));
        }
    }

    ui.separator();
    let result = counting.result(penalties);
    let (english, chinese, re) = match &result {
        Some(r) => (r.english(), r.chinese(), r.sgf_re()),
        None => ("-".to_string(), "-".to_string(), "?".to_string()),
    };
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("{}:", Text::Result.tr(lang))).strong());
        ui.vertical(|ui| {
            ui.label(RichText::new(english).strong().size(18.0));
            ui.label(RichText::new(chinese).strong().size(18.0));
        });
    });
    ui.label(format!("SGF RE[{re}]"));

    ui.separator();
    ui.add_enabled_ui(!locked, |ui| {
        endings(ui, counting, lang, &mut commands);
    });

    ui.separator();
    confirmation(ui, counting, lang, &mut commands);
    commands
}

/// Where each penalty stone comes from (Art. 24.1): one line a stone, the warned player, the
/// incident, its offence and article.
fn penalty_sources(shown: &Shown) -> Vec<String> {
    let lang = shown.lang;
    let ledger = shown.ledger;
    ledger
        .penalty_sources()
        .into_iter()
        .map(|incident| {
            let offence = shown.catalogue.get(&incident.report.offence).map_or_else(
                || incident.report.offence.name(lang).to_string(),
                |o| o.name(lang).to_string(),
            );
            Msg::PenaltySource {
                player: incident.report.player,
                incident: incident.id.number(),
                offence: &offence,
                article: &article_label(&incident.article, lang),
            }
            .text(lang)
        })
        .collect()
}

/// The count of one side against its par, as written on the slip (the penalty stones' sources
/// next to them); the hand count under it.
fn slip(ui: &mut egui::Ui, count: &Count, counting: &mut Counting, sources: &[String], lang: i18n::Lang) {
    let Ok(one) = OneSide::new(count, counting.side) else {
        // Territory counting: both sides' totals.
        egui::Grid::new("territory").num_columns(2).show(ui, |ui| {
            for color in [Color::Black, Color::White] {
                ui.label(i18n::color_name(color, lang));
                ui.label(Msg::Points(&count.side(color).total.points_text()).text(lang));
                ui.end_row();
            }
        });
        for source in sources {
            ui.label(RichText::new(source).small());
        }
        return;
    };
    let name = i18n::color_name(counting.side, lang);
    egui::Grid::new("slip").num_columns(2).striped(true).show(ui, |ui| {
        ui.label(format!("{name} {}", Text::Area.tr(lang)));
        ui.label(RichText::new(stones(one.count, lang)).strong());
        ui.end_row();
        ui.label("");
        ui.label(match lang {
            Lang::En => one.tens(),
            Lang::Zh => one.tens_zh(),
        });
        ui.end_row();
        ui.label(Text::HalfBoard.tr(lang));
        ui.label(stones(one.half_board, lang));
        ui.end_row();
        ui.label(Text::Komi.tr(lang));
        ui.label(signed(one.komi, lang));
        ui.end_row();
        ui.label(Text::Compensation.tr(lang));
        ui.label(signed(one.compensation, lang));
        ui.end_row();
        ui.label(Text::PenaltyStones.tr(lang));
        ui.label(signed(one.penalties, lang));
        ui.end_row();
        for (i, source) in sources.iter().enumerate() {
            ui.label(match i {
                0 => RichText::new(Text::PenaltyFrom.tr(lang)).small(),
                _ => RichText::new(""),
            });
            ui.label(RichText::new(source).small());
            ui.end_row();
        }
        ui.label(RichText::new(Text::Par.tr(lang)).strong());
        ui.label(RichText::new(stones(one.par, lang)).strong());
        ui.end_row();
    });
    ui.add_enabled_ui(!counting.locked(), |ui| {
        ui.horizontal(|ui| {
            let label = ui.label(Text::CountedOnBoard.tr(lang));
            ui.add(egui::TextEdit::singleline(&mut counting.drafts.counted).desired_width(90.0))
                .labelled_by(label.id);
        });
    });
    let typed = counting.drafts.counted.trim();
    if !typed.is_empty() {
        match Quarters::parse_stones(typed) {
            Some(counted) => {
                let check = one.check(counted);
                let colour = if check.agrees() { GOOD } else { BAD };
                ui.colored_label(colour, i18n::hand_count_check(&check, lang));
                if !check.agrees() {
                    let result = match lang {
                        i18n::Lang::En => check.result.english(),
                        i18n::Lang::Zh => check.result.chinese(),
                    };
                    ui.label(i18n::labelled(Text::IfCountRight, &result, lang));
                }
            }
            None => {
                ui.colored_label(BAD, Msg::NotStones(typed).text(lang));
            }
        }
    }
}

/// The buttons of the other endings, with the winner they give a win to.
fn endings(ui: &mut egui::Ui, counting: &Counting, lang: i18n::Lang, commands: &mut Vec<Command>) {
    use crate::scoring::GameResult;
    ui.label(RichText::new(Text::OtherEndings.tr(lang)).strong());
    ui.horizontal(|ui| {
        ui.label(Text::WinnerIs.tr(lang));
        for color in [Color::Black, Color::White] {
            if ui
                .radio(counting.winner == color, i18n::color_name(color, lang))
                .clicked()
            {
                commands.push(Command::Winner(color));
            }
        }
    });
    let winner = counting.winner;
    ui.horizontal_wrapped(|ui| {
        for (text, reason) in [
            (Text::Resignation, Reason::Resignation),
            (Text::Time, Reason::Time),
            (Text::Forfeit, Reason::Forfeit),
            (Text::Disqualification, Reason::Disqualification),
        ] {
            let chosen = counting.ending.is_some_and(|e| e.reason == reason);
            if ui.selectable_label(chosen, text.tr(lang)).clicked() {
                commands.push(Command::Ending(Some(GameResult::win(winner, reason))));
            }
        }
        for (text, reason) in [
            (Text::Draw, Reason::Draw),
            (Text::BothLose, Reason::BothLose),
            (Text::NoResult, Reason::NoResult),
        ] {
            let chosen = counting.ending.is_some_and(|e| e.reason == reason);
            if ui.selectable_label(chosen, text.tr(lang)).clicked() {
                commands.push(Command::Ending(Some(GameResult::ended(reason))));
            }
        }
        if ui
            .selectable_label(counting.ending.is_none(), Text::ByCount.tr(lang))
            .clicked()
        {
            commands.push(Command::Ending(None));
        }
    });
}

/// Black's, White's and the arbiter's initials and the confirm button; once confirmed, who
/// confirmed and the override form; the overrides made.
fn confirmation(ui: &mut egui::Ui, counting: &mut Counting, lang: i18n::Lang, commands: &mut Vec<Command>) {
    ui.label(RichText::new(Text::Confirmation.tr(lang)).strong());
    if let Some(c) = &counting.confirmed {
        let short = |color| i18n::color_short(color, lang);
        let who = format!(
            "{} ({} {}, {} {}, {} {})",
            c.result.sgf_re(),
            short(Color::Black),
            c.black,
            short(Color::White),
            c.white,
            Text::ArbiterName.tr(lang),
            c.arbiter
        );
        ui.colored_label(GOOD, i18n::labelled(Text::Confirmed, &who, lang));
        egui::Grid::new("override").num_columns(2).show(ui, |ui| {
            let drafts = &mut counting.drafts;
            for (text, field) in [
                (Text::ChiefArbiter, &mut drafts.chief),
                (Text::OverrideReason, &mut drafts.reason),
            ] {
                let label = ui.label(text.tr(lang));
                ui.add(egui::TextEdit::singleline(field).desired_width(260.0))
                    .labelled_by(label.id);
                ui.end_row();
            }
        });
        crate::ui::table::dialogs::secret_field(ui, Text::ChiefPassphrase.tr(lang), &mut counting.drafts.passphrase);
        if ui.button(Text::Override.tr(lang)).clicked() {
            commands.push(Command::Override);
        }
    } else {
        egui::Grid::new("confirm").num_columns(2).show(ui, |ui| {
            let drafts = &mut counting.drafts;
            for (name, field) in [
                (i18n::color_name(Color::Black, lang), &mut drafts.black),
                (i18n::color_name(Color::White, lang), &mut drafts.white),
                (Text::ArbiterName.tr(lang), &mut drafts.arbiter),
            ] {
                let label = ui.label(format!("{name} {}", Text::Initials.tr(lang)));
                ui.add(egui::TextEdit::singleline(field).desired_width(120.0))
                    .labelled_by(label.id);
                ui.end_row();
            }
        });
        if ui.button(Text::ConfirmResult.tr(lang)).clicked() {
            commands.push(Command::Confirm);
        }
    }
    if !counting.overrides.is_empty() {
        ui.label(RichText::new(Text::Overrides.tr(lang)).strong());
        for o in &counting.overrides {
            ui.label(Msg::OverrideLine(&o.chief, &o.reason, &o.was.sgf_re()).text(lang));
        }
    }
}

/// The bar over the board while a dispute is played out: what is claimed, and the way back.
pub fn dispute_bar(ui: &mut egui::Ui, dispute: &Dispute, lang: i18n::Lang) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(BAD, RichText::new(Text::DisputeUnderWay.tr(lang)).strong());
        ui.label(i18n::dispute_claim(dispute, lang));
        if ui.button(Text::ReturnToCounting.tr(lang)).clicked() {
            commands.push(Command::EndDispute);
        }
    });
    commands
}

fn role_name(role: Role, lang: i18n::Lang) -> &'static str {
    match role {
        Role::Arbiter => Text::RoleArbiter.tr(lang),
        Role::ChiefArbiter => Text::RoleChief.tr(lang),
        Role::Organiser => Text::RoleOrganiser.tr(lang),
    }
}

/// The audit trail of a table (oldest first, so the newest is last): when, who, in what role,
/// what changed; in a scroll area that starts at the bottom.
/// Each entry's time in `zone` (the event's) with its offset; free text as recorded.
pub fn audit_panel(ui: &mut egui::Ui, entries: &[&AuditEntry], zone: &jiff::tz::TimeZone, lang: i18n::Lang) {
    ui.label(RichText::new(Text::AuditTrail.tr(lang)).strong());
    if entries.is_empty() {
        ui.label(Text::NoAudit.tr(lang));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("audit")
        .max_height(220.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            egui::Grid::new("audit_grid")
                .num_columns(4)
                .striped(true)
                .show(ui, |ui| {
                    for text in [Text::WallTime, Text::Actor, Text::Role, Text::What] {
                        ui.label(RichText::new(text.tr(lang)).strong());
                    }
                    ui.end_row();
                    // What an entry says as data (`session::said`) in the window's language; the
                    // other kinds, and entries written before it existed, as recorded.
                    // A run of clock checkpoints shows as its last line, with how many it folds.
                    let mut folded = 0;
                    for (i, e) in entries.iter().enumerate() {
                        let checkpoint = crate::session::downtime::is_checkpoint(e);
                        if checkpoint
                            && entries
                                .get(i + 1)
                                .is_some_and(|n| crate::session::downtime::is_checkpoint(n))
                        {
                            folded += 1;
                            continue;
                        }
                        ui.label(crate::wall::shown(&e.stamp.wall_time, zone));
                        ui.label(&e.stamp.actor);
                        ui.label(role_name(e.stamp.role, lang));
                        // Wrapped at the panel's edge, never cut (issue 19).
                        let said = e.said.as_ref().map_or_else(|| e.what.clone(), |s| s.text(lang));
                        let what = match folded {
                            0 => said,
                            n => format!("{said} {}", i18n::Msg::CheckpointsFolded(n).text(lang)),
                        };
                        ui.add(egui::Label::new(what).wrap());
                        folded = 0;
                        ui.end_row();
                    }
                });
        });
}

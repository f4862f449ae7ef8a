//! The clock panel: two large faces (main time, byo-yomi state, reserved minutes or periods left,
//! warnings next to each name), start / pause / resume / press, the rulings on a timeout
//! (Art. 22.5), the clock's corrections (Art. 22.8) and re-reading (Art. 16.2), the time-control
//! field, the current call as a large caption, and "how many minutes are left?". Reads; returns
//! commands.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::board::Color;
use crate::clock::{Phase, Reading, TimeControl, TimeLeft, TimeoutRuling};

use super::app::{Command, Keys, Table};
use super::dialogs::Open;
use super::i18n::{self, Lang, Msg, Text};

/// The written forms the time-control field takes (see `clock::control`).
const CONTROL_FORMS: &str = "absolute:60m, chinese:60m/5, japanese:10m+3x30s, canadian:60m+15/10m, fischer:30m+20s, \
                             or a preset: chinese-national, chinese-local, fast-30s, ...";

/// "1:05:09", "54:55", "0:42": hours only when there are some. Whole seconds, rounded up, so a
/// face reads 0:00 only when the time is out.
pub fn hms(d: Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A duration to the tenth of a second, cut (not rounded): "2:00.4", "1:02:03.9" (the time the
/// app was down, a used time at the reopening).
pub fn hms_tenths(d: Duration) -> String {
    let s = d.as_secs();
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let tenth = d.subsec_millis() / 100;
    if h > 0 {
        format!("{h}:{m:02}:{s:02}.{tenth}")
    } else {
        format!("{m}:{s:02}.{tenth}")
    }
}

/// What a face shows: the big figure and the line under it.
pub fn face_text(control: &TimeControl, left: &TimeLeft, table: &Table) -> (String, String) {
    let lang = table.lang;
    let in_byo_yomi = left.main.is_zero();
    match *control {
        TimeControl::Absolute { .. } => (hms(left.main), table.tr(Text::SuddenDeath).to_string()),
        TimeControl::Fischer { increment, .. } => (hms(left.main), i18n::increment(&hms(increment), lang)),
        TimeControl::Chinese { period, .. } => {
            let reserved = match period.as_secs() {
                60 => i18n::reserved_minutes(left.periods, lang),
                _ => i18n::periods(left.periods, &hms(period), lang),
            };
            match in_byo_yomi {
                false => (hms(left.main), format!("+ {reserved}")),
                true => (hms(left.period), format!("{}: {reserved}", table.tr(Text::ByoYomi))),
            }
        }
        TimeControl::Japanese { period, .. } => {
            let periods = i18n::periods(left.periods, &hms(period), lang);
            match in_byo_yomi {
                false => (hms(left.main), format!("+ {periods}")),
                true => (hms(left.period), format!("{}: {periods}", table.tr(Text::ByoYomi))),
            }
        }
        TimeControl::Canadian { moves, period, .. } => match in_byo_yomi {
            false => (
                hms(left.main),
                format!("+ {}", i18n::period_moves(moves, &hms(period), lang)),
            ),
            true => (
                hms(left.period),
                format!(
                    "{}: {}",
                    table.tr(Text::ByoYomi),
                    i18n::period_moves(left.period_moves, &hms(left.period), lang)
                ),
            ),
        },
    }
}

fn phase_text(phase: Phase) -> Text {
    match phase {
        Phase::NotStarted => Text::NotStarted,
        Phase::Running => Text::Running,
        Phase::Paused => Text::Paused,
        Phase::Adjourned => Text::Adjourned,
        Phase::Flagged => Text::Flagged,
        Phase::Over => Text::Over,
    }
}

/// The line that says which keys press and pause (the table's own keys).
pub fn keys_line(keys: &Keys, lang: Lang) -> String {
    let (b, w, p) = (
        i18n::key_name(keys.black, lang),
        i18n::key_name(keys.white, lang),
        i18n::key_name(keys.pause, lang),
    );
    match lang {
        Lang::En => format!("Keys: {b} = Black's press, {w} = White's press, {p} = pause / resume"),
        Lang::Zh => format!("按键：{b}＝黑方按钟，{w}＝白方按钟，{p}＝暂停／继续"),
    }
}

/// Both faces, the controls and the caption.
pub fn show(ui: &mut egui::Ui, table: &mut Table, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let control = *table.clock.control();
    let warnings = table.ledger.warnings();
    let pending = table.ledger.pending_loss();
    let loss = pending.as_ref().map(|l| l.player);
    let loss_text = match pending.as_ref().is_some_and(|l| l.second_warning) {
        true => Text::LossProposed,
        false => Text::LossCalledFor,
    };
    ui.columns(2, |columns| {
        for (ui, color) in columns.iter_mut().zip([Color::Black, Color::White]) {
            let to_move = reading.turn.map(|t| t.player) == Some(color);
            let running = to_move && reading.phase == Phase::Running;
            let (fill, ink) = match running {
                true => (Color32::from_rgb(255, 244, 200), Color32::from_rgb(20, 20, 20)),
                false => (ui.visuals().faint_bg_color, ui.visuals().text_color()),
            };
            let stroke = match to_move {
                true => egui::Stroke::new(3.0, Color32::from_rgb(200, 120, 0)),
                false => egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
            };
            egui::Frame::new()
                .fill(fill)
                .stroke(stroke)
                .corner_radius(8)
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    let key = match color {
                        Color::Black => table.keys.black,
                        Color::White => table.keys.white,
                    };
                    let name = format!(
                        "{} ({})",
                        i18n::color_name(color, table.lang),
                        i18n::key_name(key, table.lang)
                    );
                    ui.label(RichText::new(name).strong().size(16.0).color(ink));
                    let w = warnings[color.index()];
                    let (wtext, wcolor) = match (w, loss == Some(color)) {
                        (_, true) => (
                            format!("{}: {}", i18n::warnings(w, table.lang), table.tr(loss_text)),
                            Color32::RED,
                        ),
                        (0, _) => (i18n::warnings(0, table.lang), ink),
                        _ => (i18n::warnings(w, table.lang), Color32::from_rgb(200, 40, 30)),
                    };
                    ui.label(RichText::new(wtext).color(wcolor).strong());
                    let left = reading.left[color.index()];
                    let (big, small) = face_text(&control, &left, table);
                    let big_color = if reading.lost[color.index()] { Color32::RED } else { ink };
                    ui.label(RichText::new(big).monospace().size(44.0).color(big_color));
                    ui.label(RichText::new(small).color(ink));
                    if ui
                        .add_enabled(running, egui::Button::new(table.tr(Text::Press)))
                        .clicked()
                    {
                        commands.push(Command::Press(color));
                    }
                    if ui.small_button(table.tr(Text::MinutesLeft)).clicked() {
                        commands.push(Command::MinutesLeft(color));
                    }
                });
        }
    });

    ui.horizontal(|ui| {
        let phase = table.clock.phase();
        match phase {
            Phase::NotStarted => {
                if ui.button(table.tr(Text::StartClock)).clicked() {
                    commands.push(Command::StartClock);
                }
            }
            Phase::Running => {
                if ui.button(table.tr(Text::Pause)).clicked() {
                    commands.push(Command::Pause);
                }
            }
            Phase::Paused | Phase::Adjourned => {
                if ui.button(table.tr(Text::Resume)).clicked() {
                    commands.push(Command::Resume);
                }
            }
            Phase::Flagged | Phase::Over => {}
        }
        ui.label(RichText::new(table.tr(phase_text(phase))).strong());
        if table.hold_offered(reading.at) {
            let held = table.clock.held_since().is_some();
            let word = if held { Text::EndHold } else { Text::HoldCaptures };
            if ui.button(table.tr(word)).clicked() {
                commands.push(Command::HoldCaptures);
            }
        }
    });
    if let Some(player) = reading
        .turn
        .map(|t| t.player)
        .filter(|_| reading.phase == Phase::Flagged)
    {
        commands.extend(timeout_rulings(ui, table, player));
    }
    if loss.is_some() && !matches!(table.dialog, Some(super::dialogs::Dialog::Loss(_))) {
        ui.horizontal(|ui| {
            ui.colored_label(Color32::RED, table.tr(loss_text));
            if ui.button(table.tr(Text::RuleOnLoss)).clicked() {
                commands.push(Command::OpenDialog(Open::Loss));
            }
        });
    }
    if table.clock.held_since().is_some() {
        ui.label(
            RichText::new(table.tr(Text::HeldForCaptures))
                .strong()
                .color(Color32::from_rgb(200, 120, 0)),
        );
    }
    let edition = table.ledger.edition.title(table.lang);
    ui.label(RichText::new(Msg::EditionLine(edition).text(table.lang)).small());
    ui.horizontal(|ui| {
        let phase = table.clock.phase();
        let lang = table.lang;
        let offender = table.drafts.offender;
        if ui
            .add_enabled(phase != Phase::Over, egui::Button::new(Text::CorrectClock.tr(lang)))
            .clicked()
        {
            commands.push(Command::OpenDialog(Open::Correction(offender)));
        }
        let adjournable = matches!(phase, Phase::Running | Phase::Paused);
        if ui
            .add_enabled(adjournable, egui::Button::new(Text::Adjourn.tr(lang)))
            .clicked()
        {
            commands.push(Command::OpenDialog(Open::Adjourn));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let phase = table.clock.phase();
        let started = !matches!(phase, Phase::Over | Phase::NotStarted);
        let button = egui::Button::new(table.tr(Text::ProportionalCorrection));
        if ui.add_enabled(started, button).clicked() {
            commands.push(Command::OpenDialog(Open::Proportional));
        }
        let in_byo_yomi = reading
            .turn
            .is_some_and(|t| reading.left[t.player.index()].main.is_zero());
        let rereadable =
            control.has_counted_byo_yomi() && in_byo_yomi && matches!(phase, Phase::Running | Phase::Paused);
        if rereadable && ui.button(table.tr(Text::RereadButton)).clicked() {
            commands.push(Command::OpenDialog(Open::Reread));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(table.tr(Text::TimeControl));
        let edit = egui::TextEdit::singleline(&mut table.drafts.control).desired_width(170.0);
        let response = ui
            .add_enabled(table.clock.phase() == Phase::NotStarted, edit)
            .labelled_by(label.id)
            .on_hover_text(CONTROL_FORMS);
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let set = ui.add_enabled(
            table.clock.phase() == Phase::NotStarted,
            egui::Button::new(table.tr(Text::SetControl)),
        );
        if entered || set.clicked() {
            commands.push(Command::SetControl(table.drafts.control.clone()));
        }
    });
    ui.label(RichText::new(keys_line(&table.keys, table.lang)).small().weak());

    let caption = table
        .caption
        .as_ref()
        .map(|c| format!("{}: {}", i18n::color_name(c.player, table.lang), c.text(table.lang)));
    egui::Frame::new()
        .fill(Color32::from_rgb(30, 40, 60))
        .corner_radius(8)
        .inner_margin(10)
        .show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.set_min_height(52.0);
            if let Some(text) = caption {
                ui.label(RichText::new(text).size(32.0).strong().color(Color32::WHITE));
            }
        });
    commands
}

/// The rulings on a timeout in the last minute (Art. 22.5): a loss on time, or on the player's
/// request a forfeited move with the same byo-yomi, offered only where the edition has it (the
/// older text: "用时(包括读秒)超过时限，一律判负") and the time control has byo-yomi to continue.
fn timeout_rulings(ui: &mut egui::Ui, table: &Table, player: Color) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = table.lang;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.label(
            RichText::new(Msg::RuleOnTimeout(player).text(lang))
                .strong()
                .color(Color32::RED),
        );
        ui.horizontal_wrapped(|ui| {
            if ui.button(Text::LossOnTime.tr(lang)).clicked() {
                commands.push(Command::RuleTimeout(TimeoutRuling::Loss));
            }
            let offered = table.ledger.edition.forfeited_move_on_timeout()
                && table.clock.control().after_forfeited_move().is_some();
            if offered && ui.button(Text::ForfeitedMoveRuling.tr(lang)).clicked() {
                commands.push(Command::RuleTimeout(TimeoutRuling::ForfeitedMove));
            }
        });
        if !table.ledger.edition.forfeited_move_on_timeout() {
            ui.label(RichText::new(Text::AlwaysLossOld.tr(lang)).small().weak());
        }
    });
    commands
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_read_whole_seconds_rounded_up() {
        assert_eq!(hms(Duration::from_secs(3300)), "55:00");
        assert_eq!(hms(Duration::from_millis(3_294_100)), "54:55");
        assert_eq!(hms(Duration::from_secs(3600 + 65)), "1:01:05");
        assert_eq!(hms(Duration::ZERO), "0:00");
    }
}

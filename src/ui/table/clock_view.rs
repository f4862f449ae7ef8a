//! The clock panel: two large faces (main time, byo-yomi state, reserved minutes or periods left,
//! warnings next to each name), start / pause / resume / press, the rulings on a timeout
//! (Art. 22.5), the clock's corrections (Art. 22.8) and re-reading (Art. 16.2), the time-control
//! field, the current call as a large caption, and "how many minutes are left?". Reads; returns
//! commands.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::board::Color;
use crate::clock::{Extra, Phase, Reading, TimeControl, TimeLeft, TimeoutRuling};

use crate::ui::i18n::reading as i18n_reading;
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::command::{Command, Open};
use crate::ui::table::shown::{Drafts, Keys, Shown};

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

/// What a face shows: the big figure and the line under it that says what the figure is and what
/// follows it ("main · + 3 reserved minutes"), from the clock's one reading (`TimeControl::shown`).
pub fn face_text(control: &TimeControl, left: &TimeLeft, lang: Lang) -> (String, String) {
    let shown = control.shown(left);
    (
        hms(shown.figure()),
        format!(
            "{} · {}",
            i18n_reading::figure_label(&shown, lang),
            i18n_reading::extra(&shown, lang)
        ),
    )
}

/// The clock's phase in a word.
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

/// How a face looks, from the clock's reading: each state has its own colour and word, never
/// only grey digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceState {
    NotStarted,
    /// The opponent's time.
    Waiting,
    Running,
    Paused,
    /// Main time over, byo-yomi counting (not yet the final minute or period).
    ByoYomi,
    /// The final minute or period (or the last minute of sudden death).
    LastMinute,
    /// Its last ten seconds: the next second may be the flag.
    LastTenSeconds,
    Flagged,
    Over,
}

impl FaceState {
    /// The state of `color`'s face in `reading` under `control`.
    pub fn of(control: &TimeControl, reading: &Reading, color: Color) -> FaceState {
        let side = color.index();
        let to_move = reading.turn.map(|t| t.player) == Some(color);
        if reading.lost[side] || (to_move && reading.phase == Phase::Flagged) {
            return FaceState::Flagged;
        }
        match reading.phase {
            Phase::NotStarted => return FaceState::NotStarted,
            Phase::Over | Phase::Flagged => return FaceState::Over,
            Phase::Paused | Phase::Adjourned => return FaceState::Paused,
            Phase::Running if !to_move => return FaceState::Waiting,
            Phase::Running => {}
        }
        let shown = control.shown(&reading.left[side]);
        let last_unit = match shown.extra {
            Extra::Reserved {
                minutes,
                current: Some(_),
                ..
            }
            | Extra::Periods {
                periods: minutes,
                current: Some(_),
                ..
            } => minutes <= 1,
            Extra::Nothing | Extra::Increment(_) => true,
            Extra::Moves { in_period, .. } => in_period,
            _ => false,
        };
        let figure = shown.figure();
        match (last_unit, shown.in_byo_yomi()) {
            (true, _) if figure <= Duration::from_secs(10) => FaceState::LastTenSeconds,
            (true, _) if figure <= Duration::from_secs(60) => FaceState::LastMinute,
            (_, true) => FaceState::ByoYomi,
            _ => FaceState::Running,
        }
    }

    /// The word the face shows for its state.
    pub fn word(self) -> Text {
        match self {
            FaceState::NotStarted => Text::NotStarted,
            FaceState::Waiting => Text::FaceWaiting,
            FaceState::Running => Text::Running,
            FaceState::Paused => Text::FacePaused,
            FaceState::ByoYomi => Text::FaceByoYomi,
            FaceState::LastMinute => Text::FaceLastMinute,
            FaceState::LastTenSeconds => Text::FaceLastTenSeconds,
            FaceState::Flagged => Text::FaceOutOfTime,
            FaceState::Over => Text::Over,
        }
    }

    /// The face's fill and ink.
    pub fn colours(self, visuals: &egui::Visuals) -> (Color32, Color32) {
        let dark = Color32::from_rgb(20, 20, 20);
        match self {
            FaceState::NotStarted | FaceState::Waiting | FaceState::Over => {
                (visuals.faint_bg_color, visuals.text_color())
            }
            FaceState::Running => (Color32::from_rgb(255, 244, 200), dark),
            FaceState::Paused => (Color32::from_rgb(205, 215, 235), Color32::from_rgb(40, 50, 80)),
            FaceState::ByoYomi => (Color32::from_rgb(190, 220, 255), dark),
            FaceState::LastMinute => (Color32::from_rgb(255, 180, 90), dark),
            FaceState::LastTenSeconds => (Color32::from_rgb(215, 30, 20), Color32::WHITE),
            FaceState::Flagged => (Color32::from_rgb(120, 0, 0), Color32::WHITE),
        }
    }
}

/// What a face's big figure measured when it was drawn (read by the layout tests).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FaceFigure {
    /// The figure's text's rectangle on the screen.
    pub rect: egui::Rect,
    /// The tallest digit's ink, in points.
    pub digit_height: f32,
    /// Rows the figure was laid out in (1: it never wraps).
    pub rows: usize,
}

/// Where a face's `FaceFigure` is kept in the context's memory for a frame.
pub fn figure_id(color: Color) -> egui::Id {
    egui::Id::unique(("clock_face_figure", color.index()))
}

/// The largest figure on a face: as wide as the face allows, at most 17% of the window's height
/// (two faces, one above the other, and the caption still fit; 15% in a window under 850 px),
/// 7% while a form is open (the form under the faces stays in view).
fn figure_size(ui: &egui::Ui, text: &str, width: f32, compact: bool) -> f32 {
    const PROBE: f32 = 100.0;
    // Fitted to "00:00" whatever the figure (a shorter one does not grow the face and move the
    // buttons under it); only hours make it smaller.
    let template = match text.chars().count() {
        0..=5 => "00:00".to_string(),
        _ => text.to_string(),
    };
    let probe = ui
        .painter()
        .layout_no_wrap(template, egui::FontId::monospace(PROBE), Color32::WHITE);
    let fit = PROBE * width / probe.size().x.max(1.0);
    let height = ui.ctx().content_rect().height();
    // A low window keeps room for the controls under the faces.
    let share = match (compact, height < 850.0) {
        (true, _) => 0.07,
        (false, true) => 0.15,
        (false, false) => 0.17,
    };
    let tall = height * share;
    fit.min(tall).clamp(14.0, 300.0).floor()
}

/// Both faces, one above the other: the player's name and colour, the key, the state (word and
/// colour), the big figure scaled to the face and never wrapped, what the figure is, warnings,
/// the press and "how many minutes are left?".
pub fn faces(ui: &mut egui::Ui, shown: &Shown, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let control = *shown.clock.control();
    let warnings = shown.ledger.warnings();
    let pending = shown.ledger.pending_loss();
    let loss = pending.as_ref().map(|l| l.player);
    let loss_text = match pending.as_ref().is_some_and(|l| l.second_warning) {
        true => Text::LossProposed,
        false => Text::LossCalledFor,
    };
    let lang = shown.lang;
    for color in [Color::Black, Color::White] {
        let state = FaceState::of(&control, reading, color);
        let to_move = reading.turn.map(|t| t.player) == Some(color);
        let running = to_move && reading.phase == Phase::Running;
        let (fill, ink) = state.colours(ui.visuals());
        let stroke = match to_move {
            true => egui::Stroke::new(4.0, Color32::from_rgb(200, 120, 0)),
            false => egui::Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
        };
        egui::Frame::new()
            .fill(fill)
            .stroke(stroke)
            .corner_radius(8)
            .inner_margin(8)
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                let key = match color {
                    Color::Black => shown.keys.black,
                    Color::White => shown.keys.white,
                };
                let player = shown.seats.as_ref().map(|s| match color {
                    Color::Black => s.black.as_str(),
                    Color::White => s.white.as_str(),
                });
                ui.horizontal(|ui| {
                    // The stone's colour, drawn: a disc with a dark rim.
                    let (disc, _) = ui.allocate_exact_size(egui::Vec2::splat(18.0), egui::Sense::hover());
                    let stone = match color {
                        Color::Black => Color32::BLACK,
                        Color::White => Color32::WHITE,
                    };
                    ui.painter()
                        .circle(disc.center(), 8.0, stone, egui::Stroke::new(1.5, Color32::DARK_GRAY));
                    let (side, key) = (i18n::color_name(color, lang), i18n::key_name(key, lang));
                    let name = match player {
                        Some(p) if !p.is_empty() => format!("{side} {p} ({key})"),
                        _ => format!("{side} ({key})"),
                    };
                    ui.add(egui::Label::new(RichText::new(name).strong().size(18.0).color(ink)).truncate());
                });
                let left = reading.left[color.index()];
                let (big, small) = face_text(&control, &left, lang);
                let size = figure_size(ui, &big, ui.available_width(), shown.form_open);
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(state.word().tr(lang))
                            .strong()
                            .size((size * 0.22).max(16.0))
                            .color(ink),
                    );
                });
                let galley = ui.painter().layout_no_wrap(big, egui::FontId::monospace(size), ink);
                let digit_height = galley
                    .rows
                    .iter()
                    .flat_map(|r| r.glyphs.iter())
                    .filter(|g| g.chr.is_ascii_digit())
                    .map(|g| g.uv_rect.size.y)
                    .fold(0.0, f32::max);
                let rows = galley.rows.len();
                let response = ui.add(egui::Label::new(galley).wrap_mode(egui::TextWrapMode::Extend));
                let figure = FaceFigure {
                    rect: response.rect,
                    digit_height,
                    rows,
                };
                ui.ctx().data_mut(|d| d.insert_temp(figure_id(color), figure));
                ui.add(egui::Label::new(RichText::new(small).size(16.0).color(ink)).truncate());
                let w = warnings[color.index()];
                let (wtext, wcolor) = match (w, loss == Some(color)) {
                    (_, true) => (
                        format!("{}: {}", i18n::warnings(w, lang), shown.tr(loss_text)),
                        Color32::RED,
                    ),
                    (0, _) => (i18n::warnings(0, lang), ink),
                    _ => (i18n::warnings(w, lang), Color32::from_rgb(200, 40, 30)),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(wtext).color(wcolor).strong());
                    if ui
                        .add_enabled(running, egui::Button::new(shown.tr(Text::Press)))
                        .clicked()
                    {
                        commands.push(Command::Press(color));
                    }
                    if ui.small_button(shown.tr(Text::MinutesLeft)).clicked() {
                        commands.push(Command::MinutesLeft(color));
                    }
                });
            });
    }
    commands
}

/// Start, pause or resume and the clock's phase, right under the faces (always in view).
pub fn start_row(ui: &mut egui::Ui, shown: &Shown) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.horizontal(|ui| {
        let phase = shown.clock.phase();
        match phase {
            Phase::NotStarted => {
                if ui.button(shown.tr(Text::StartClock)).clicked() {
                    commands.push(Command::StartClock);
                }
            }
            Phase::Running => {
                if ui.button(shown.tr(Text::Pause)).clicked() {
                    commands.push(Command::Pause);
                }
            }
            Phase::Paused | Phase::Adjourned => {
                if ui.button(shown.tr(Text::Resume)).clicked() {
                    commands.push(Command::Resume);
                }
            }
            Phase::Flagged | Phase::Over => {}
        }
        ui.label(RichText::new(shown.tr(phase_text(phase))).strong());
        if shown.hold_offered {
            let held = shown.clock.held_since().is_some();
            let word = if held { Text::EndHold } else { Text::HoldCaptures };
            if ui.button(shown.tr(word)).clicked() {
                commands.push(Command::HoldCaptures);
            }
        }
    });
    commands
}

/// The current call in words ("Black: 30 seconds"), as the table and the players' display show it.
pub fn caption_text(shown: &Shown) -> Option<String> {
    shown
        .caption
        .map(|c| format!("{}: {}", i18n::color_name(c.player, shown.lang), c.text(shown.lang)))
}

/// The current call, large, under the faces.
pub fn caption(ui: &mut egui::Ui, shown: &Shown) {
    let caption = caption_text(shown);
    egui::Frame::new()
        .fill(Color32::from_rgb(30, 40, 60))
        .corner_radius(8)
        .inner_margin(8)
        .show(ui, |ui| {
            ui.set_min_width(ui.available_width());
            ui.set_min_height(40.0);
            if let Some(text) = caption {
                ui.label(RichText::new(text).size(26.0).strong().color(Color32::WHITE));
            }
        });
}

/// The controls under the faces: start, pause, resume, the rulings on a timeout, corrections,
/// the time-control field, the keys.
pub fn show(ui: &mut egui::Ui, shown: &Shown, drafts: &mut Drafts, reading: &Reading) -> Vec<Command> {
    let mut commands = Vec::new();
    let control = *shown.clock.control();
    let pending = shown.ledger.pending_loss();
    let loss = pending.as_ref().map(|l| l.player);
    let loss_text = match pending.as_ref().is_some_and(|l| l.second_warning) {
        true => Text::LossProposed,
        false => Text::LossCalledFor,
    };
    if let Some(player) = reading
        .turn
        .map(|t| t.player)
        .filter(|_| reading.phase == Phase::Flagged)
    {
        commands.extend(timeout_rulings(ui, shown, player));
    }
    if loss.is_some() && !shown.loss_form_open {
        ui.horizontal(|ui| {
            ui.colored_label(Color32::RED, shown.tr(loss_text));
            if ui.button(shown.tr(Text::RuleOnLoss)).clicked() {
                commands.push(Command::OpenDialog(Open::Loss));
            }
        });
    }
    if shown.clock.held_since().is_some() {
        ui.label(
            RichText::new(shown.tr(Text::HeldForCaptures))
                .strong()
                .color(Color32::from_rgb(200, 120, 0)),
        );
    }
    let edition = shown.ledger.edition.title(shown.lang);
    ui.label(RichText::new(Msg::EditionLine(edition).text(shown.lang)).small());
    ui.horizontal(|ui| {
        let phase = shown.clock.phase();
        let lang = shown.lang;
        let offender = drafts.offender;
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
        let phase = shown.clock.phase();
        let started = !matches!(phase, Phase::Over | Phase::NotStarted);
        let button = egui::Button::new(shown.tr(Text::ProportionalCorrection));
        if ui.add_enabled(started, button).clicked() {
            commands.push(Command::OpenDialog(Open::Proportional));
        }
        let in_byo_yomi = reading
            .turn
            .is_some_and(|t| reading.left[t.player.index()].main.is_zero());
        let rereadable =
            control.has_counted_byo_yomi() && in_byo_yomi && matches!(phase, Phase::Running | Phase::Paused);
        if rereadable && ui.button(shown.tr(Text::RereadButton)).clicked() {
            commands.push(Command::OpenDialog(Open::Reread));
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label(shown.tr(Text::TimeControl));
        let edit = egui::TextEdit::singleline(&mut drafts.control).desired_width(170.0);
        let response = ui
            .add_enabled(shown.clock.phase() == Phase::NotStarted, edit)
            .labelled_by(label.id)
            .on_hover_text(CONTROL_FORMS);
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let set = ui.add_enabled(
            shown.clock.phase() == Phase::NotStarted,
            egui::Button::new(shown.tr(Text::SetControl)),
        );
        if entered || set.clicked() {
            commands.push(Command::SetControl(drafts.control.clone()));
        }
    });
    ui.label(RichText::new(keys_line(shown.keys, shown.lang)).small().weak());
    commands
}

/// The rulings on a timeout in the last minute (Art. 22.5): a loss on time, or on the player's
/// request a forfeited move with the same byo-yomi, offered only where the edition has it (the
/// older text: "用时(包括读秒)超过时限，一律判负") and the time control has byo-yomi to continue.
fn timeout_rulings(ui: &mut egui::Ui, shown: &Shown, player: Color) -> Vec<Command> {
    let mut commands = Vec::new();
    let lang = shown.lang;
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
            let offered = shown.ledger.edition.forfeited_move_on_timeout()
                && shown.clock.control().after_forfeited_move().is_some();
            if offered && ui.button(Text::ForfeitedMoveRuling.tr(lang)).clicked() {
                commands.push(Command::RuleTimeout(TimeoutRuling::ForfeitedMove));
            }
        });
        if !shown.ledger.edition.forfeited_move_on_timeout() {
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

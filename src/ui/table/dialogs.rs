//! Small forms that ask for a reason: clock corrections (one-sided, with the chief arbiter's
//! approval; proportional, Art. 22.8), re-reading from a miscalled point (Art. 16.2), lateness,
//! adjournment, incidents, the ruling on a loss the ledger calls for. A form
//! is state the panel edits freely (text being typed, a choice); its buttons return commands, and
//! `Table::apply` checks and applies it through the engines (clock, ledger, game).

use std::time::Duration;

use egui::RichText;

use crate::board::{Color, Point};
use crate::clock::{Clock, ControlError, DurationFault, TimeControl, TimeLeft, parse_duration};
use crate::ledger::{Catalogue, Ledger, OffenceId, ProposedLoss, Sanction, article_label};

use crate::ui::i18n::reading as i18n_reading;
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::clock_view::hms;
use crate::ui::table::command::{Command, Open};

/// An open form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    Correction(CorrectionForm),
    Proportional(ProportionalForm),
    Reread(RereadForm),
    Loss(LossForm),
    Lateness(LatenessForm),
    Adjourn(AdjournForm),
    Incident(IncidentForm),
}

/// A side's time as the arbiter sets it, in the written form of durations (`54m30s`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrectionForm {
    pub player: Color,
    pub main: String,
    /// Chinese: reserved minutes left; Japanese: periods left.
    pub periods: String,
    /// What is left of the current minute or period.
    pub period: String,
    /// Canadian: moves still to play in the period.
    pub period_moves: String,
    pub reason: String,
    /// The chief arbiter who approves the one-sided change (Art. 22.8: "单方面的时间读数改拨，须经
    /// 裁判长的认可"): their name, and their passphrase (checked by the workstation's gate, then
    /// cleared; never stored).
    pub chief: String,
    pub passphrase: String,
}

/// Art. 22.8: "读数总和的误差超过每小时2分钟（含）的，应立即更换计时器，并参照双方已用时间按比例
/// 拨正时间。误差小于此数的，可以更换计时器但不改拨时间。" The arbiter enters the true elapsed
/// playing time; the form shows both readings as they are and as the correction would leave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProportionalForm {
    /// The true playing time so far, both sides together ("1h", "62m30s").
    pub elapsed: String,
    pub reason: String,
}

/// Art. 16.2: "如读秒至最后一分钟而裁判未以相应方式读秒，棋手有权利要求裁判员按规定从读错之处
/// 重新读秒。" The point of the current minute (or period) to read again from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RereadForm {
    /// The second of the current minute the caller re-reads from ("30").
    pub from: String,
    pub reason: String,
}

/// The ruling on a loss the ledger calls for: record it and end the game, or not, with a reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossForm {
    pub loss: ProposedLoss,
    /// The offence of the incident that calls for it.
    pub offence: Option<OffenceId>,
    /// Why the loss is not given (needed only for that).
    pub reason: String,
}

impl LossForm {
    pub fn new(loss: ProposedLoss, ledger: &Ledger) -> LossForm {
        let offence = ledger.incident(loss.incident).map(|i| i.report.offence.clone());
        LossForm {
            loss,
            offence,
            reason: String::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LatenessForm {
    pub player: Color,
    /// Minutes late ("7"), or a written duration ("7m30s").
    pub late: String,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjournForm {
    /// The sealed move as written by the sealer (a point such as `Q16`).
    pub sealed: String,
    pub reason: String,
    /// Art. 22.9: both used times when the form was opened, shown for both players to confirm.
    pub used: [Duration; 2],
    /// Black's and White's initials, confirming the used times.
    pub initials: [String; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IncidentForm {
    pub player: Color,
    pub offence: OffenceId,
    /// The move the incident concerns, prefilled with the moves played so far.
    pub move_number: String,
    /// The offender's clock reading when the form was opened.
    pub clock: Duration,
    /// The table's time when the form was opened ("+1:02:03").
    pub wall_time: String,
    pub note: String,
    /// The arbiter's choice among the offence's sanctions; `None`: the catalogue decides.
    pub choice: Option<Sanction>,
    /// The stones concerned (a move recorded as played).
    pub points: Vec<Point>,
    /// For an illegal move not yet in the record (a second move in a row): where it was played;
    /// it is recorded as played, void, with the incident.
    pub point: String,
    /// Whose claim it is (`None`: the arbiter saw it). A player's claim has its window (16.3;
    /// under the old text, in the claimant's own time unless urgent, old 16.2).
    pub claimant: Option<Color>,
    /// The claim is urgent (old Art. 16.2).
    pub urgent: bool,
    /// The person concerned when it is not a side of the game (a bystander's phone, Art. 23.7).
    pub bystander: String,
}

impl CorrectionForm {
    /// The form for `player`, prefilled with what the clock shows now.
    pub fn new(player: Color, left: &TimeLeft) -> CorrectionForm {
        CorrectionForm {
            player,
            main: written(left.main),
            periods: left.periods.to_string(),
            period: written(left.period),
            period_moves: left.period_moves.to_string(),
            reason: String::new(),
            chief: String::new(),
            passphrase: String::new(),
        }
    }

    /// The time the form sets, or what is wrong with it (in `lang`).
    pub fn time_left(&self, lang: Lang) -> Result<TimeLeft, String> {
        if self.reason.trim().is_empty() {
            return Err(Text::CorrectionNeedsReason.tr(lang).to_string());
        }
        let number = |text: &str, what: Text| {
            text.trim()
                .parse::<u32>()
                .map_err(|_| i18n::not_whole_number(what, text, lang))
        };
        let duration = |text: &str, what: Text| {
            parse_duration(text).map_err(|e| i18n::labelled(what, &i18n::control_error(&e, lang), lang))
        };
        Ok(TimeLeft {
            main: duration(&self.main, Text::MainTime)?,
            periods: number(&self.periods, Text::Periods)?,
            period: duration(&self.period, Text::CurrentPeriod)?,
            period_moves: number(&self.period_moves, Text::PeriodMoves)?,
        })
    }
}

impl ProportionalForm {
    /// The true elapsed playing time typed: a number of minutes or a written duration.
    pub fn elapsed(&self, lang: Lang) -> Result<Duration, String> {
        minutes_or_duration(&self.elapsed)
            .map_err(|e| i18n::labelled(Text::TrueElapsed, &i18n::control_error(&e, lang), lang))
    }

    /// The reason recorded with the correction (a clock fault when none is typed).
    pub fn reason(&self) -> &str {
        match self.reason.trim() {
            "" => "clock fault",
            reason => reason,
        }
    }
}

impl RereadForm {
    /// The point into the current minute: whole seconds, 0 to 59.
    pub fn point(&self, lang: Lang) -> Result<Duration, String> {
        let text = self.from.trim();
        match text.parse::<u64>() {
            Ok(second) if second < 60 => Ok(Duration::from_secs(second)),
            _ => Err(Msg::NotASecond(text).text(lang)),
        }
    }

    pub fn reason(&self) -> &str {
        match self.reason.trim() {
            "" => "miscalled: re-read on the player's demand (Art. 16.2)",
            reason => reason,
        }
    }
}

impl LatenessForm {
    /// How late the player was: a number of minutes or a written duration; what is wrong with
    /// it in `lang`.
    pub fn late(&self, lang: Lang) -> Result<Duration, String> {
        minutes_or_duration(&self.late)
            .map_err(|e| i18n::labelled(Text::MinutesLate, &i18n::control_error(&e, lang), lang))
    }
}

/// Reads a length of time as an arbiter writes it: whole minutes ("15", "60") or a written
/// duration ("1h", "7m30s", "90s"). Minutes too many to count are refused as too large, never
/// cut short. Zero reads (a player zero minutes late); a form that needs more refuses it itself.
pub fn minutes_or_duration(text: &str) -> Result<Duration, ControlError> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return parse_duration(text);
    }
    let seconds = text.parse::<u64>().ok().and_then(|minutes| minutes.checked_mul(60));
    seconds.map(Duration::from_secs).ok_or_else(|| ControlError::Duration {
        text: text.to_string(),
        why: DurationFault::TooLarge,
    })
}

impl IncidentForm {
    /// The move the incident concerns; what is wrong with it in `lang`.
    pub fn move_number(&self, lang: Lang) -> Result<usize, String> {
        self.move_number
            .trim()
            .parse()
            .map_err(|_| i18n::not_whole_number(Text::MoveNumber, &self.move_number, lang))
    }
}

/// A duration in the form `parse_duration` reads back: `1h5m`, `54m30s`, `0`. Whole seconds,
/// rounded up like the faces.
pub fn written(d: Duration) -> String {
    let s = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    let mut out = String::new();
    for (value, unit) in [(h, "h"), (m, "m"), (s, "s")] {
        if value > 0 {
            out.push_str(&format!("{value}{unit}"));
        }
    }
    if out.is_empty() { "0".to_string() } else { out }
}

/// The open form, with its buttons. `clock` read at `now` fills what a form shows (which fields
/// a correction has, the readings before and after a proportional correction, the point of the
/// minute now); `catalogue` names the offence and its sanctions.
pub fn show(
    ui: &mut egui::Ui,
    dialog: &mut Dialog,
    lang: Lang,
    clock: &Clock,
    now: Duration,
    catalogue: &Catalogue,
) -> Vec<Command> {
    let mut commands = Vec::new();
    let control = clock.control();
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        if let Dialog::Loss(form) = dialog {
            loss(ui, form, lang, catalogue, &mut commands);
            return;
        }
        match dialog {
            Dialog::Loss(_) => {}
            Dialog::Correction(form) => correction(ui, form, lang, control, &mut commands),
            Dialog::Proportional(form) => proportional(ui, form, lang, clock, now),
            Dialog::Reread(form) => reread(ui, form, lang, clock, now),
            Dialog::Lateness(form) => lateness(ui, form, lang, &mut commands),
            Dialog::Adjourn(form) => {
                ui.label(RichText::new(Text::Adjourn.tr(lang)).strong());
                field(ui, Text::SealedMove.tr(lang), &mut form.sealed);
                field(ui, Text::Reason.tr(lang), &mut form.reason);
                crate::ui::table::procedures_view::adjourn_confirmation(ui, form, lang);
            }
            Dialog::Incident(form) => incident(ui, form, lang, catalogue, control),
        }
        ui.horizontal(|ui| {
            let submit = match dialog {
                Dialog::Incident(_) => Text::Record,
                _ => Text::Apply,
            };
            if ui.button(submit.tr(lang)).clicked() {
                commands.push(Command::SubmitDialog);
            }
            if ui.button(Text::Cancel.tr(lang)).clicked() {
                commands.push(Command::CloseDialog);
            }
        });
    });
    commands
}

/// A labelled one-line text field.
fn field(ui: &mut egui::Ui, label: &str, text: &mut String) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(200.0))
            .labelled_by(label.id);
    });
}

/// A labelled passphrase field (the text hidden).
pub fn secret_field(ui: &mut egui::Ui, label: &str, text: &mut String) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).password(true).desired_width(200.0))
            .labelled_by(label.id);
    });
}

/// The player choice; a change asks for the form again (refilled for that player).
fn player(ui: &mut egui::Ui, current: Color, lang: Lang, reopen: impl Fn(Color) -> Open, commands: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.label(Text::Player.tr(lang));
        for color in [Color::Black, Color::White] {
            if ui.radio(current == color, i18n::color_name(color, lang)).clicked() && current != color {
                commands.push(Command::OpenDialog(reopen(color)));
            }
        }
    });
}

fn correction(
    ui: &mut egui::Ui,
    form: &mut CorrectionForm,
    lang: Lang,
    control: &TimeControl,
    commands: &mut Vec<Command>,
) {
    ui.label(RichText::new(Text::CorrectClock.tr(lang)).strong());
    player(ui, form.player, lang, Open::Correction, commands);
    field(ui, Text::MainTime.tr(lang), &mut form.main);
    if matches!(control, TimeControl::Chinese { .. } | TimeControl::Japanese { .. }) {
        field(ui, Text::Periods.tr(lang), &mut form.periods);
    }
    if control.period_length().is_some() {
        field(ui, Text::CurrentPeriod.tr(lang), &mut form.period);
    }
    if matches!(control, TimeControl::Canadian { .. }) {
        field(ui, Text::PeriodMoves.tr(lang), &mut form.period_moves);
    }
    field(ui, Text::Reason.tr(lang), &mut form.reason);
    field(ui, Text::ApprovingChief.tr(lang), &mut form.chief);
    secret_field(ui, Text::ChiefPassphrase.tr(lang), &mut form.passphrase);
    ui.label(RichText::new(Text::OneSidedNeedsChief.tr(lang)).small().weak());
}

/// The proportional correction: the true elapsed time, and both readings now and after.
fn proportional(ui: &mut egui::Ui, form: &mut ProportionalForm, lang: Lang, clock: &Clock, now: Duration) {
    ui.label(RichText::new(Text::ProportionalCorrection.tr(lang)).strong());
    field(ui, Text::TrueElapsed.tr(lang), &mut form.elapsed);
    field(ui, Text::Reason.tr(lang), &mut form.reason);
    let before = clock.reading(now);
    // What the correction would do, on a copy of the clock (the engine decides, 2 minutes an hour).
    let mut copy = clock.clone();
    let after = form
        .elapsed(lang)
        .ok()
        .and_then(|elapsed| copy.correct_proportionally(now, elapsed, form.reason()).ok())
        .map(|c| (c, copy.reading(now)));
    let total =
        |r: &crate::clock::Reading, c: Color| i18n_reading::reading(&clock.control().shown(&r.left[c.index()]), lang);
    egui::Grid::new("proportional")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.label(Text::ReadingNow.tr(lang));
            ui.label(Text::ReadingAfter.tr(lang));
            ui.end_row();
            for color in [Color::Black, Color::White] {
                let name = i18n::color_name(color, lang);
                ui.label(format!("{name} {}", Text::Used.tr(lang)));
                ui.label(hms(before.used[color.index()]));
                ui.label(
                    after
                        .as_ref()
                        .map_or("-".to_string(), |(_, r)| hms(r.used[color.index()])),
                );
                ui.end_row();
                ui.label(format!("{name} {}", Text::Left.tr(lang)));
                ui.label(total(&before, color));
                ui.label(after.as_ref().map_or("-".to_string(), |(_, r)| total(r, color)));
                ui.end_row();
            }
        });
    if let Some((correction, _)) = &after {
        let verdict = match correction.applied {
            true => Text::CorrectionApplies,
            false => Text::CorrectionBelowThreshold,
        };
        ui.label(RichText::new(verdict.tr(lang)).strong());
    }
}

/// Re-reading from a miscalled point: the second of the current minute, and where it is now.
fn reread(ui: &mut egui::Ui, form: &mut RereadForm, lang: Lang, clock: &Clock, now: Duration) {
    ui.label(RichText::new(Text::Reread.tr(lang)).strong());
    let reading = clock.reading(now);
    if let (Some(turn), Some(unit)) = (reading.turn, clock.control().period_length()) {
        let left = reading.left[turn.player.index()];
        if left.main.is_zero() {
            let into = unit.saturating_sub(left.period).as_secs();
            let who = i18n::color_name(turn.player, lang);
            ui.label(Msg::MinuteNow(who, into).text(lang));
        }
    }
    field(ui, Text::RereadFrom.tr(lang), &mut form.from);
    field(ui, Text::Reason.tr(lang), &mut form.reason);
}

/// The ruling on a loss the ledger calls for: what calls for it, and the two answers.
fn loss(ui: &mut egui::Ui, form: &mut LossForm, lang: Lang, catalogue: &Catalogue, commands: &mut Vec<Command>) {
    let l = &form.loss;
    ui.label(RichText::new(Text::LossCalledFor.tr(lang)).strong());
    let offence = form
        .offence
        .as_ref()
        .and_then(|o| catalogue.get(o))
        .map(|o| o.name(lang).to_string());
    let what = match (l.second_warning, offence) {
        (true, _) | (false, None) => Text::SecondWarning.tr(lang).to_string(),
        (false, Some(name)) => name,
    };
    let line = Msg::LossFor {
        player: l.player,
        what: &what,
        article: &article_label(&l.article, lang),
        incident: l.incident.number(),
    };
    ui.label(line.text(lang));
    ui.label(format!(
        "{}: {} / {}",
        Text::Result.tr(lang),
        l.result().english(),
        l.result().chinese()
    ));
    if ui.button(Text::RecordLoss.tr(lang)).clicked() {
        commands.push(Command::ConfirmLoss);
    }
    field(ui, Text::DeclineReason.tr(lang), &mut form.reason);
    ui.horizontal(|ui| {
        if ui.button(Text::DeclineLoss.tr(lang)).clicked() {
            commands.push(Command::DeclineLoss);
        }
        if ui.button(Text::Later.tr(lang)).clicked() {
            commands.push(Command::CloseDialog);
        }
    });
}

fn lateness(ui: &mut egui::Ui, form: &mut LatenessForm, lang: Lang, commands: &mut Vec<Command>) {
    ui.label(RichText::new(Text::Lateness.tr(lang)).strong());
    player(ui, form.player, lang, Open::Lateness, commands);
    field(ui, Text::MinutesLate.tr(lang), &mut form.late);
    field(ui, Text::Reason.tr(lang), &mut form.reason);
}

fn incident(ui: &mut egui::Ui, form: &mut IncidentForm, lang: Lang, catalogue: &Catalogue, control: &TimeControl) {
    let offence = catalogue.get(&form.offence);
    let name = offence.map_or_else(|| format!("{:?}", form.offence), |o| o.name(lang).to_string());
    let article = offence.map(|o| o.article_label(lang)).unwrap_or_default();
    ui.label(RichText::new(format!("{name} ({article})")).strong());
    if form.offence == OffenceId::BystanderPhone {
        field(ui, Text::PersonConcerned.tr(lang), &mut form.bystander);
    } else {
        ui.horizontal(|ui| {
            ui.label(Text::Player.tr(lang));
            for color in [Color::Black, Color::White] {
                ui.radio_value(&mut form.player, color, i18n::color_name(color, lang));
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(Text::RaisedBy.tr(lang));
        ui.radio_value(&mut form.claimant, None, Text::RaisedByArbiter.tr(lang));
        ui.radio_value(&mut form.claimant, Some(Color::Black), Text::ClaimByBlack.tr(lang));
        ui.radio_value(&mut form.claimant, Some(Color::White), Text::ClaimByWhite.tr(lang));
    });
    if form.claimant.is_some() && catalogue.edition.claims_in_own_time() {
        ui.checkbox(&mut form.urgent, Text::UrgentClaim.tr(lang));
    }
    if offence.is_some_and(|o| o.evidence.is_some()) && form.points.is_empty() {
        field(ui, Text::PlayedAt.tr(lang), &mut form.point);
    }
    field(ui, Text::MoveNumber.tr(lang), &mut form.move_number);
    // The one reading, as the face shows it (main time, then the reserved minutes or periods).
    let shown = control.shown_total(form.clock);
    ui.label(format!(
        "{}: {}",
        Text::Clock.tr(lang),
        i18n_reading::reading(&shown, lang)
    ));
    field(ui, Text::Note.tr(lang), &mut form.note);
    let Some(offence) = offence else { return };
    let options = offence.sanction.options();
    ui.label(format!("{}: {}", Text::Sanction.tr(lang), offence.sanction.text(lang)));
    if options.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut form.choice, None, Text::ByCatalogue.tr(lang));
            for option in options {
                let text = option.text(lang);
                ui.radio_value(&mut form.choice, Some(option), text);
            }
        });
    }
    let note = offence.note(lang);
    if !note.is_empty() {
        ui.label(RichText::new(note).small().weak());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_durations_read_back() {
        for secs in [0, 59, 60, 3300, 3661, 5 * 3600] {
            let d = Duration::from_secs(secs);
            assert_eq!(parse_duration(&written(d)).ok(), Some(d), "{}", written(d));
        }
        assert_eq!(written(Duration::from_millis(3_294_100)), "54m55s");
    }

    #[test]
    fn a_correction_needs_a_reason_and_well_formed_times() {
        let mut form = CorrectionForm::new(Color::Black, &TimeLeft::default());
        form.main = "10m".to_string();
        assert!(form.time_left(Lang::En).is_err(), "no reason");
        form.reason = "clock fault".to_string();
        assert_eq!(form.time_left(Lang::En).map(|t| t.main), Ok(Duration::from_secs(600)));
        form.periods = "five".to_string();
        assert!(form.time_left(Lang::Zh).is_err());
    }

    #[test]
    fn lateness_reads_minutes_or_a_duration() {
        let mut form = LatenessForm {
            player: Color::White,
            late: "7".to_string(),
            reason: String::new(),
        };
        assert_eq!(form.late(Lang::En), Ok(Duration::from_secs(420)));
        form.late = "7m30s".to_string();
        assert_eq!(form.late(Lang::En), Ok(Duration::from_secs(450)));
        form.late = "soon".to_string();
        assert!(form.late(Lang::En).is_err());
        form.late = "99999999999999999999".to_string();
        assert!(
            form.late(Lang::En).is_err_and(|e| e.contains("too large")),
            "huge minutes are refused"
        );
    }

    #[test]
    fn minutes_or_a_duration_reads_both_and_refuses_too_many_minutes_as_too_large() {
        assert_eq!(minutes_or_duration("15"), Ok(Duration::from_secs(900)));
        assert_eq!(minutes_or_duration(" 1h "), Ok(Duration::from_secs(3600)));
        assert_eq!(minutes_or_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(minutes_or_duration("0"), Ok(Duration::ZERO));
        let fault = |text: &str| match minutes_or_duration(text) {
            Err(ControlError::Duration { why, .. }) => Some(why),
            _ => None,
        };
        assert_eq!(fault("soon"), Some(DurationFault::UnitWithoutNumber));
        assert_eq!(fault(""), Some(DurationFault::Empty));
        for huge in ["99999999999999999999", "307445734561825861"] {
            assert_eq!(fault(huge), Some(DurationFault::TooLarge), "{huge}");
        }
    }
}

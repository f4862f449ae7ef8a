//! The event's settings window (menu: Event…): a form prefilled with the session's event (name,
//! dates, venue, the ledger's rule edition, rules and komi, the default time control of new
//! tables, the lateness limit), read through the engines' own parsers; OK returns one
//! `WsCommand::EditEvent` for `Workstation::apply`, Cancel returns nothing.

use std::time::Duration;

use egui::{Color32, RichText};

use crate::caller::{CallSound, CallerSettings, ChineseScript, MainTimeCalls, ScriptFormError};
use crate::clock::{LatenessRule, TimeControl};
use crate::ledger::Edition;
use crate::rules::Preset;
use crate::scoring::Quarters;
use crate::session::{Event, PairingFile, Rank, System, TopScore};

use crate::ui::i18n::komi;
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::table::dialogs::{minutes_or_duration, written};
use crate::ui::workstation::WsCommand;

/// How the dates field separates dates: a date may itself hold a comma ("Nov 28, 2026").
const DATE_SEPARATORS: [char; 2] = [';', '；'];

/// The event's settings as the organiser types them: free text where they write, choices where
/// there are few.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventForm {
    pub name: String,
    /// Separated by semicolons ("2026-11-28; 2026-11-29"), each as the organiser writes it.
    pub dates: String,
    pub venue: String,
    pub edition: Edition,
    pub rules: Preset,
    /// Stones ("3 3/4", "3又3/4子") or points ("7.5", "7.5 points"); see [`komi::parse_komi`].
    pub komi: String,
    /// The clock's written form (`chinese:60m/5`) or a preset's name.
    pub control: String,
    /// Minutes ("15") or a written duration ("1h", "90s").
    pub lateness: String,
    /// The script of Chinese byo-yomi (`30s: 10,20,25,28 / 10,20 +10`, a preset's name, or empty
    /// for the rules' script of the control's period).
    pub script: String,
    /// The declared system (Art. 26).
    pub system: System,
    /// The Swiss total score's "最高积分".
    pub top_score: TopScore,
    /// A rank ("3d") or empty (no bar).
    pub mcmahon_bar: String,
    /// How the caller is heard at the event's tables.
    pub caller: CallerSettings,
    /// Not on the form: the imported pairing file, kept as it is.
    pub pairing_file: Option<Box<PairingFile>>,
    /// Not on the form yet: the event's time zone, kept as it is.
    pub time_zone: String,
    /// Not on the form: the event's dates when the form opened. Those stay as they were written
    /// (an older file's "Nov 28, 2026"); a date typed anew must read as year-month-day.
    pub recorded_dates: Vec<String>,
    /// The chief arbiter's passphrase, while none is set (`None`: it is set, the field is not
    /// shown). Set once; OK hands it to the workstation, which keeps only its hash.
    pub passphrase: Option<String>,
}

/// Each field that can be refused, read, or what is wrong with it in the window's language.
struct Reading {
    name: Result<String, String>,
    dates: Result<Vec<String>, String>,
    zone: Result<String, String>,
    komi: Result<Quarters, String>,
    control: Result<TimeControl, String>,
    lateness: Result<Duration, String>,
    script: Result<String, String>,
}

impl EventForm {
    /// The form of `event`, its komi written the way its rules count (stones for area counting,
    /// points for territory counting) with the unit, so that it reads back the same.
    pub fn of(event: &Event, lang: Lang) -> EventForm {
        EventForm {
            name: event.name.clone(),
            dates: event.dates.join(&format!("{} ", DATE_SEPARATORS[0])),
            venue: event.venue.clone(),
            edition: event.edition,
            rules: event.rules,
            komi: komi::komi_text(event.komi, event.rules, lang),
            control: event.time_control.clone(),
            lateness: lateness_text(event.lateness_limit),
            script: event.script.clone(),
            system: event.system,
            top_score: event.top_score,
            mcmahon_bar: event.mcmahon_bar.map(|r| r.to_string()).unwrap_or_default(),
            pairing_file: event.pairing_file.clone(),
            caller: event.caller,
            time_zone: event.time_zone.clone(),
            recorded_dates: event.dates.clone(),
            passphrase: None,
        }
    }

    /// The script in its canonical written form (empty stays empty), refused when it does not
    /// read or is for another period than the control's (read by the caller's own parser).
    fn read_script(&self, control: Option<&TimeControl>, lang: Lang) -> Result<String, String> {
        if self.script.trim().is_empty() {
            return Ok(String::new());
        }
        let shown = |e: ScriptFormError| crate::ui::i18n::errors::script_error(&e, lang);
        let script = self.script.parse::<ChineseScript>().map_err(shown)?;
        match control.map(|c| script.fits(c)) {
            Some(Err(why)) => Err(shown(ScriptFormError { column: 1, why })),
            _ => Ok(script.to_string()),
        }
    }

    /// Another edition: the form takes the edition's rules and komi (the older text: the
    /// chinese-old rules, komi 2 3/4 stones; the organiser may change them).
    fn set_edition(&mut self, edition: Edition, lang: Lang) {
        if edition == self.edition {
            return;
        }
        self.edition = edition;
        self.set_rules(edition.default_rules(), lang);
        self.komi = komi::komi_text(edition.default_komi(), self.rules, lang);
    }

    /// The McMahon bar: empty for none, else a rank.
    fn read_bar(&self, lang: Lang) -> Result<Option<Rank>, String> {
        match self.mcmahon_bar.trim() {
            "" => Ok(None),
            text => text.parse::<Rank>().map(Some).map_err(|e| i18n::rank_error(&e, lang)),
        }
    }

    /// The dates, each typed one checked as a year-month-day date (a 30 February is refused, the
    /// field named); the dates recorded before keep their text.
    fn read_dates(&self, lang: Lang) -> Result<Vec<String>, String> {
        let dates: Vec<String> = self
            .dates
            .split(DATE_SEPARATORS)
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_string)
            .collect();
        let typed = dates.iter().filter(|d| !self.recorded_dates.contains(d));
        match typed.filter_map(|d| crate::wall::parse_date(d).err()).next() {
            Some(e) => Err(format!(
                "{}: {}",
                Text::EventDates.tr(lang),
                i18n::errors::date_error(&e, lang)
            )),
            None => Ok(dates),
        }
    }

    /// The time zone's IANA name (empty: the system's), refused when this computer does not know it.
    fn read_zone(&self, lang: Lang) -> Result<String, String> {
        let name = self.time_zone.trim();
        match crate::wall::zone(name, &jiff::tz::TimeZone::UTC) {
            Ok(_) => Ok(name.to_string()),
            Err(e) => Err(i18n::errors::zone_error(&e, lang)),
        }
    }

    fn read_name(&self, lang: Lang) -> Result<String, String> {
        match self.name.trim() {
            "" => Err(Msg::EventNeedsName.text(lang)),
            name => Ok(name.to_string()),
        }
    }

    fn read_komi(&self, lang: Lang) -> Result<Quarters, String> {
        komi::parse_komi(&self.komi).ok_or_else(|| Msg::NotKomi(self.komi.trim()).text(lang))
    }

    fn read_control(&self, lang: Lang) -> Result<TimeControl, String> {
        let control = self.control.trim().parse::<TimeControl>();
        control.map_err(|e| i18n::control_error(&e, lang))
    }

    /// The lateness limit; zero is refused (every lateness would be a loss).
    fn read_lateness(&self, lang: Lang) -> Result<Duration, String> {
        match minutes_or_duration(&self.lateness) {
            Ok(Duration::ZERO) => Err(Msg::ZeroLatenessLimit.text(lang)),
            Ok(limit) => Ok(limit),
            Err(e) => Err(i18n::control_error(&e, lang)),
        }
    }

    /// Every field read now.
    #[cfg(test)]
    fn reading(&self, lang: Lang) -> Reading {
        let control = self.read_control(lang);
        Reading {
            name: self.read_name(lang),
            dates: self.read_dates(lang),
            zone: self.read_zone(lang),
            komi: self.read_komi(lang),
            script: self.read_script(control.as_ref().ok(), lang),
            control,
            lateness: self.read_lateness(lang),
        }
    }

    /// The event the form describes (its time control in the canonical written form), from the
    /// fields as `reading` read them; `None` while one of them is refused.
    fn event(&self, reading: Reading) -> Option<Event> {
        Some(Event {
            name: reading.name.ok()?,
            dates: reading.dates.ok()?,
            venue: self.venue.trim().to_string(),
            edition: self.edition,
            rules: self.rules,
            komi: reading.komi.ok()?,
            time_control: reading.control.ok()?.to_string(),
            lateness_limit: reading.lateness.ok()?,
            script: reading.script.ok()?,
            system: self.system,
            top_score: self.top_score,
            mcmahon_bar: self.read_bar(Lang::En).ok()?,
            pairing_file: self.pairing_file.clone(),
            caller: self.caller,
            time_zone: reading.zone.ok()?,
        })
    }

    /// Another rules preset: the komi field takes that preset's komi (the organiser may change it).
    fn set_rules(&mut self, rules: Preset, lang: Lang) {
        if rules == self.rules {
            return;
        }
        self.rules = rules;
        if let Some(komi) = Quarters::from_points_f64(rules.rules().komi) {
            self.komi = komi::komi_text(komi, rules, lang);
        }
    }
}

/// A lateness limit as the field shows it: minutes when whole ("15"), else a written duration.
fn lateness_text(limit: Duration) -> String {
    let secs = limit.as_secs();
    if secs.is_multiple_of(60) && limit.subsec_nanos() == 0 {
        (secs / 60).to_string()
    } else {
        written(limit)
    }
}

/// A system's name in the window.
pub fn system_name(system: System) -> Text {
    match system {
        System::NotDeclared => Text::SystemNotDeclared,
        System::RoundRobin => Text::SystemRoundRobin,
        System::DoubleRoundRobin => Text::SystemDoubleRoundRobin,
        System::SwissTotal => Text::SystemSwissTotal,
        System::SwissOpponents => Text::SystemSwissOpponents,
        System::SwissOldTotal => Text::SystemSwissOldTotal,
        System::McMahon => Text::SystemMcMahon,
        System::TeamRoundRobin => Text::SystemTeamRoundRobin,
        System::TeamSwiss => Text::SystemTeamSwiss,
    }
}

/// The declared system (Art. 26), the total score's top score when the system uses it, the
/// McMahon bar for McMahon.
fn system_fields(ui: &mut egui::Ui, form: &mut EventForm, lang: Lang) {
    ui.horizontal(|ui| {
        let label = ui.label(Text::EventSystem.tr(lang));
        egui::ComboBox::from_id_salt("event_system")
            .selected_text(system_name(form.system).tr(lang))
            .show_ui(ui, |ui| {
                for choice in System::ALL {
                    ui.selectable_value(&mut form.system, choice, system_name(choice).tr(lang));
                }
            })
            .response
            .labelled_by(label.id);
    });
    if form.system.uses_total() {
        ui.horizontal(|ui| {
            ui.label(Text::TopScoreSetting.tr(lang));
            for (choice, text) in [
                (TopScore::Reached, Text::TopScoreReached),
                (TopScore::Possible, Text::TopScorePossible),
            ] {
                ui.radio_value(&mut form.top_score, choice, text.tr(lang));
            }
        });
    }
    if form.system == System::McMahon {
        text_field(ui, Text::McMahonBar, &mut form.mcmahon_bar, "3d", lang);
        let bar = form.read_bar(lang);
        refusal(ui, bar.as_ref().err());
    }
}

/// What the arbiter did in the window this frame.
enum Answer {
    Ok(Event),
    Cancel,
    /// The caller's test: the last minute of the form's time control, as the form's settings
    /// sound (the form stays open).
    TestCaller(CallerSettings, String),
}

/// The caller's settings: voice or beeps, the pack's language, calls in main time, volume, and
/// the test button. Returns the test asked for, if any.
fn caller_fields(ui: &mut egui::Ui, form: &mut EventForm, lang: Lang) -> Option<Answer> {
    let mut test = None;
    egui::CollapsingHeader::new(Text::CallerSection.tr(lang))
        .id_salt("event_caller")
        .show(ui, |ui| {
            let caller = &mut form.caller;
            ui.horizontal(|ui| {
                ui.radio_value(&mut caller.sound, CallSound::Voice, Text::CallerVoice.tr(lang));
                ui.radio_value(&mut caller.sound, CallSound::Beeps, Text::CallerBeeps.tr(lang));
            });
            ui.horizontal(|ui| {
                ui.label(Text::VoicePack.tr(lang));
                for choice in [Lang::Zh, Lang::En] {
                    ui.selectable_value(&mut caller.voice, choice, choice.own_name());
                }
            });
            let mut spoken = caller.main_time == MainTimeCalls::Spoken;
            if ui.checkbox(&mut spoken, Text::MainTimeCalls.tr(lang)).changed() {
                caller.main_time = if spoken {
                    MainTimeCalls::Spoken
                } else {
                    MainTimeCalls::Silent
                };
            }
            ui.horizontal(|ui| {
                let label = ui.label(Text::Volume.tr(lang));
                ui.add(egui::Slider::new(&mut caller.volume, 0..=100).suffix(" %"))
                    .labelled_by(label.id);
            });
            if ui.button(Text::TestCaller.tr(lang)).clicked() {
                test = Some(Answer::TestCaller(*caller, form.control.clone()));
            }
        });
    test
}

/// The window while `form` is open. OK returns the one command that changes the event (and the
/// one that sets the chief arbiter's passphrase, when typed); OK, Cancel and the window's close
/// button close the form (`form` becomes `None`).
pub fn window(ctx: &egui::Context, form: &mut Option<EventForm>, lang: Lang) -> Vec<WsCommand> {
    let Some(f) = form.as_mut() else {
        return Vec::new();
    };
    let mut open = true;
    let mut answer = None;
    egui::Window::new(Text::EventSettings.tr(lang))
        .id(egui::Id::unique("event_settings"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| answer = fields(ui, f, lang));
    let mut command: Vec<WsCommand> = match answer {
        Some(Answer::Ok(event)) => vec![WsCommand::EditEvent(Box::new(event))],
        Some(Answer::Cancel) => Vec::new(),
        Some(Answer::TestCaller(caller, control)) => return vec![WsCommand::TestCaller(caller, control)],
        None if !open => Vec::new(),
        None => return Vec::new(),
    };
    if matches!(command.first(), Some(WsCommand::EditEvent(_)))
        && let Some(passphrase) = f.passphrase.take().filter(|p| !p.is_empty())
    {
        command.push(WsCommand::SetChiefPassphrase(passphrase));
    }
    // Closed: the next frame draws the window without it.
    *form = None;
    ctx.request_repaint();
    command
}

/// The refusal under a field, if any: at the body's size (issue 19 saw it "tiny"), wrapped.
fn refusal(ui: &mut egui::Ui, why: Option<&String>) {
    if let Some(why) = why {
        ui.add(egui::Label::new(RichText::new(why).color(Color32::from_rgb(230, 80, 60)).strong()).wrap());
    }
}

/// A labelled one-line text field.
fn text_field(ui: &mut egui::Ui, label: Text, text: &mut String, hint: &str, lang: Lang) {
    ui.horizontal(|ui| {
        let label = ui.label(label.tr(lang));
        ui.add(egui::TextEdit::singleline(text).hint_text(hint).desired_width(260.0))
            .labelled_by(label.id);
    });
}

/// The form's fields, each read once right after it is drawn (so what OK returns is what the
/// fields show this frame), and its buttons.
fn fields(ui: &mut egui::Ui, form: &mut EventForm, lang: Lang) -> Option<Answer> {
    text_field(ui, Text::EventName, &mut form.name, "", lang);
    let name = form.read_name(lang);
    refusal(ui, name.as_ref().err());
    text_field(ui, Text::EventDates, &mut form.dates, "2026-11-28; 2026-11-29", lang);
    let dates = form.read_dates(lang);
    refusal(ui, dates.as_ref().err());
    text_field(ui, Text::Venue, &mut form.venue, "", lang);
    text_field(
        ui,
        Text::EventTimeZone,
        &mut form.time_zone,
        Text::TimeZoneHint.tr(lang),
        lang,
    );
    let zone = form.read_zone(lang);
    refusal(ui, zone.as_ref().err());
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label(Text::PenaltyEdition.tr(lang));
        let mut edition = form.edition;
        egui::ComboBox::from_id_salt("event_edition")
            .selected_text(form.edition.title(lang))
            .show_ui(ui, |ui| {
                for choice in Edition::ALL {
                    ui.selectable_value(&mut edition, choice, choice.title(lang));
                }
            })
            .response
            .labelled_by(label.id);
        form.set_edition(edition, lang);
    });
    ui.label(RichText::new(Text::EditionProposes.tr(lang)).small().weak());
    ui.horizontal(|ui| {
        let label = ui.label(Text::RulesPreset.tr(lang));
        let mut rules = form.rules;
        egui::ComboBox::from_id_salt("event_rules")
            .selected_text(i18n::preset_name(rules).tr(lang))
            .show_ui(ui, |ui| {
                for preset in Preset::ALL {
                    ui.selectable_value(&mut rules, preset, i18n::preset_name(preset).tr(lang));
                }
            })
            .response
            .labelled_by(label.id);
        form.set_rules(rules, lang);
    });
    text_field(ui, Text::EventKomi, &mut form.komi, Text::KomiHint.tr(lang), lang);
    let komi = form.read_komi(lang);
    match &komi {
        Ok(komi) => {
            ui.label(RichText::new(Msg::KomiReads(*komi).text(lang)).small().weak());
        }
        Err(why) => refusal(ui, Some(why)),
    }
    text_field(ui, Text::DefaultControl, &mut form.control, "chinese:60m/5", lang);
    let control = form.read_control(lang);
    refusal(ui, control.as_ref().err());
    text_field(
        ui,
        Text::ByoYomiScript,
        &mut form.script,
        "30s: 10,20,25,28 / 10,20 +10",
        lang,
    );
    ui.label(RichText::new(Text::ScriptRulesDefault.tr(lang)).small().weak());
    let script = form.read_script(control.as_ref().ok(), lang);
    refusal(ui, script.as_ref().err());
    ui.separator();
    system_fields(ui, form, lang);
    ui.separator();
    ui.label(Text::LatenessLimit.tr(lang));
    text_field(ui, Text::LatenessMinutes, &mut form.lateness, "15", lang);
    let mut lateness = form.read_lateness(lang);
    for (rule, text) in [
        (LatenessRule::SAME_SITE, Text::LatenessTogether),
        (LatenessRule::APART, Text::LatenessApart),
    ] {
        if ui.radio(lateness == Ok(rule.limit), text.tr(lang)).clicked() {
            form.lateness = lateness_text(rule.limit);
            lateness = Ok(rule.limit);
        }
    }
    refusal(ui, lateness.as_ref().err());
    ui.separator();
    let test = caller_fields(ui, form, lang);
    ui.separator();
    ui.label(RichText::new(Text::EventTakesEffect.tr(lang)).small().weak());
    let read = form.event(Reading {
        name,
        dates,
        zone,
        komi,
        control,
        lateness,
        script,
    });
    if let Some(passphrase) = &mut form.passphrase {
        ui.separator();
        crate::ui::table::dialogs::secret_field(ui, Text::SetChiefPassphrase.tr(lang), passphrase);
    }
    let mut answer = test;
    ui.horizontal(|ui| {
        let ok = ui.add_enabled(read.is_some(), egui::Button::new(Text::Ok.tr(lang)));
        if ok.clicked()
            && let Some(event) = read
        {
            answer = Some(Answer::Ok(event));
        }
        if ui.button(Text::Cancel.tr(lang)).clicked() {
            answer = Some(Answer::Cancel);
        }
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lateness_limit_reads_minutes_or_a_duration_and_refuses_zero_and_too_large() {
        let form = |lateness: &str| EventForm {
            lateness: lateness.to_string(),
            ..EventForm::of(&crate::ui::workstation::new_event("2026-11-29", Lang::En), Lang::En)
        };
        assert_eq!(form("15").read_lateness(Lang::En), Ok(Duration::from_secs(900)));
        assert_eq!(form(" 1h ").read_lateness(Lang::En), Ok(Duration::from_secs(3600)));
        assert_eq!(form("90s").read_lateness(Lang::En), Ok(Duration::from_secs(90)));
        for (typed, lang) in [("soon", Lang::En), ("99999999999999999999", Lang::Zh)] {
            let shown = minutes_or_duration(typed).map_err(|e| i18n::control_error(&e, lang));
            assert!(shown.is_err(), "{typed}");
            assert_eq!(form(typed).read_lateness(lang), shown, "{typed}");
        }
        assert!(
            form("99999999999999999999")
                .read_lateness(Lang::En)
                .is_err_and(|e| e.contains("too large"))
        );
        for zero in ["0", "0s", "0m"] {
            for lang in [Lang::En, Lang::Zh] {
                assert_eq!(
                    form(zero).read_lateness(lang),
                    Err(Msg::ZeroLatenessLimit.text(lang)),
                    "{zero}"
                );
            }
        }
        assert_eq!(lateness_text(Duration::from_secs(90)), "1m30s");
        assert_eq!(lateness_text(Duration::from_secs(3600)), "60");
    }

    #[test]
    fn a_form_reads_back_its_event_and_refuses_field_by_field() {
        let event = crate::ui::workstation::new_event("2026-11-29", Lang::En);
        for lang in [Lang::En, Lang::Zh] {
            let form = EventForm::of(&event, lang);
            assert_eq!(form.event(form.reading(lang)), Some(event.clone()));
        }
        let mut form = EventForm::of(&event, Lang::En);
        form.name = "  ".to_string();
        form.komi = "7.3".to_string();
        form.control = "chinese:60m".to_string();
        form.lateness = "soon".to_string();
        let refused = form.reading(Lang::En);
        assert_eq!(refused.name, Err("the event needs a name".to_string()));
        assert!(refused.komi.is_err_and(|k| k.starts_with("`7.3` is not a komi")));
        assert!(refused.control.is_err());
        assert!(refused.lateness.is_err_and(|l| l.starts_with("`soon`")));
        assert_eq!(form.event(form.reading(Lang::En)), None);
        form.name = "Spring Cup".to_string();
        form.komi = "6.5 points".to_string();
        form.control = "chinese-national".to_string();
        form.lateness = "60".to_string();
        // A date typed anew must read as year-month-day (a recorded one keeps its text).
        form.dates = "Nov 28, 2026；Nov 29, 2026; ".to_string();
        assert!(
            form.reading(Lang::En)
                .dates
                .is_err_and(|d| d.contains("`Nov 28, 2026`"))
        );
        form.dates = "2026-11-28；2026-11-29; ".to_string();
        let read = form.event(form.reading(Lang::En)).unwrap_or_else(|| event.clone());
        assert_eq!(read.name, "Spring Cup");
        assert_eq!(read.komi, Quarters(13));
        assert_eq!(read.time_control, "chinese:120m/5");
        assert_eq!(read.lateness_limit, Duration::from_secs(3600));
        assert_eq!(read.dates, ["2026-11-28", "2026-11-29"]);
    }

    #[test]
    fn dates_holding_commas_read_back_as_they_were() {
        let mut event = crate::ui::workstation::new_event("2026-11-29", Lang::En);
        event.dates = vec!["Nov 28, 2026".to_string(), "2026年11月29日，星期日".to_string()];
        for lang in [Lang::En, Lang::Zh] {
            let form = EventForm::of(&event, lang);
            assert_eq!(form.event(form.reading(lang)), Some(event.clone()), "{}", form.dates);
        }
    }

    #[test]
    fn another_preset_brings_its_komi() {
        let event = crate::ui::workstation::new_event("2026-11-29", Lang::En);
        let mut form = EventForm::of(&event, Lang::En);
        form.set_rules(Preset::Japanese, Lang::En);
        assert_eq!(form.komi, "6.5 points");
        form.set_rules(Preset::ChineseOld, Lang::Zh);
        assert_eq!(form.komi, "2又3/4子");
    }
}

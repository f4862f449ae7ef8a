//! Headless tests (egui_kittest) of the event's rule edition and byo-yomi script at the table: a
//! table of an event with a 30 s script calls the event's seconds (Art. 12.3); the older text
//! chosen in the event window proposes its rules and komi, names itself on the table in both
//! languages, calls in its own words and offers the hold for captures in byo-yomi (old Art.
//! 12.2, 18.4), saved in the session's clock events; the 2002 text offers no hold. Time is driven
//! exactly.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::clock::{Clock, EventKind, Phase};
use crate::ledger::Edition;
use crate::rules::Preset;
use crate::scoring::Quarters;
use crate::session::TableId;
use crate::ui::i18n::{Lang, Msg, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::WsCommand;
use crate::ui::workstation::event_view::EventForm;
use crate::ui::workstation::harness::*;

const SECOND: TableId = TableId { round: 1, table: 2 };

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn settings(lang: Lang) -> Settings {
    Settings {
        lang,
        ..Settings::default()
    }
}

fn form_mut<'a>(h: &'a mut Harness<'static, Driven>) -> &'a mut EventForm {
    h.state_mut()
        .shell
        .event_form
        .as_mut()
        .expect("the event window is open")
}

fn open_event_window(h: &mut Harness<'static, Driven>, lang: Lang) {
    h.get_by_label(Text::File.tr(lang)).click();
    h.run();
    h.get_by_label(Text::EventMenu.tr(lang)).click();
    h.run();
    assert!(h.state().shell.event_form.is_some(), "the event window did not open");
}

fn retype(h: &mut Harness<'static, Driven>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

/// The caption of the second table's caller now (its words in the window's language).
fn caption(h: &Harness<'static, Driven>, lang: Lang) -> Option<String> {
    let live = ws(h).live(SECOND).expect("table 2 is live");
    live.table.caption.as_ref().map(|c| c.text(lang).to_string())
}

/// A second table seated after the event was edited, selected, its clock started at 0.
fn second_table_started(h: &mut Harness<'static, Driven>, lang: Lang) {
    add_table(h);
    ws_mut(h).apply(WsCommand::Select(SECOND), Duration::ZERO);
    h.run();
    h.get_by_label(Text::StartClock.tr(lang)).click();
    h.run();
    assert_eq!(ws(h).live(SECOND).map(|l| l.table.clock.phase()), Some(Phase::Running));
}

/// Art. 12.3: "采用30秒、20秒、10秒或其他读秒办法的快棋比赛，可根据上述原则，事先规定读秒实施细则": the
/// event writes its own script for 30 s periods in File > Event…, and a table of the event calls
/// those seconds (15, 25, 28; the last period 15, then its last 5 seconds), not the rules' 60 s
/// script nor the 30 s preset (which calls 10 and 20).
#[test]
fn art_12_3_a_table_of_an_event_with_a_30s_script_calls_the_events_seconds() {
    let mut h = seated(settings(Lang::En));
    open_event_window(&mut h, Lang::En);
    retype(&mut h, "Default time control", "chinese:10m/3x30s");
    retype(&mut h, Text::ByoYomiScript.tr(Lang::En), "30s: 15,25,28 / 15 +5");
    // A script for another period than the control's is refused under its field.
    form_mut(&mut h).script = "60s: 30 / 30 +10".to_string();
    h.run();
    h.get_by_label("column 1: the script is for periods of 60s, the time control's are 30s");
    form_mut(&mut h).script = "30s: 15,25,28 / 15 +5".to_string();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    assert!(h.state().shell.event_form.is_none(), "OK closes the window");
    assert_eq!(ws(&h).session.event.script, "30s: 15,25,28 / 15 +5");

    second_table_started(&mut h, Lang::En);
    // Free main time: 10 minutes less 3 x 30 s = 510 s; then the event's calls.
    let calls = [
        (510, Some("Byo-yomi begins")),
        (520, None),
        (525, Some("15 seconds")),
        (535, Some("25 seconds")),
        (538, Some("28 seconds")),
        (540, Some("2 periods left")),
        (550, None),
        (555, Some("15 seconds")),
        (570, Some("1 period left")),
        (585, Some("15 seconds")),
        (595, None),
        (596, Some("6")),
        (599, Some("9")),
        (600, Some("10")),
    ];
    for (at_second, said) in calls {
        at(&mut h, secs(at_second));
        assert_eq!(caption(&h, Lang::En).as_deref(), said, "at {at_second} s");
    }
    // The caption is on the table's screen.
    h.get_by_label("Black: 10");
    assert_eq!(ws(&h).live(SECOND).map(|l| l.table.clock.phase()), Some(Phase::Flagged));
}

/// The older text chosen in the event window proposes its rules (chinese-old) and komi (old Art.
/// 11: "黑方需贴出二又四分之三子"); a table of the event follows it: the table names its edition, the
/// caller says "一分钟", "还剩X分钟" and "10，超时判负" (old Art. 12.2), and in byo-yomi the
/// arbiter holds the count while captures are removed (old Art. 18.4: "读秒时，提子不计时间"): the
/// hold is in the session's clock events, with its start and end, and replays.
#[test]
fn old_text_edition_reaches_the_table_its_words_its_komi_and_the_hold_for_captures() {
    let lang = Lang::Zh;
    let mut h = seated(settings(lang));
    open_event_window(&mut h, lang);
    h.get_by_role_and_label(egui::accesskit::Role::ComboBox, Text::PenaltyEdition.tr(lang))
        .click();
    h.run();
    h.get_by_label(Edition::ChineseOld.title(lang)).click();
    h.run();
    let form = form_mut(&mut h);
    assert_eq!(form.edition, Edition::ChineseOld);
    assert_eq!(form.rules, Preset::ChineseOld, "the edition proposes its rules");
    assert_eq!(form.komi, "2又3/4子", "the edition proposes its komi");
    form.control = "chinese:3m/2".to_string();
    h.run();
    h.get_by_label(Text::Ok.tr(lang)).click();
    h.run();
    let event = &ws(&h).session.event;
    assert_eq!(
        (event.edition, event.rules, event.komi),
        (Edition::ChineseOld, Preset::ChineseOld, Quarters(11))
    );

    second_table_started(&mut h, lang);
    let stored = &ws(&h).session.table(SECOND).expect("table 2").game;
    assert_eq!(
        (stored.komi, stored.rules, stored.ledger.edition),
        (Quarters(11), Preset::ChineseOld, Edition::ChineseOld)
    );
    // The table names its edition.
    h.get_by_label(&Msg::EditionLine(Edition::ChineseOld.title(lang)).text(lang));
    // No hold before byo-yomi.
    assert!(h.query_by_label(Text::HoldCaptures.tr(lang)).is_none());

    // Free main time 60 s; at 120 s the first reserved minute is used: the older words.
    at(&mut h, secs(120));
    assert_eq!(caption(&h, lang).as_deref(), Some("还剩1分钟"));
    // 10 s into the final minute, Black captures: the hold, 20 s, then the count goes on.
    at(&mut h, secs(130));
    h.get_by_label(Text::HoldCaptures.tr(lang)).click();
    h.run();
    h.get_by_label(Text::HeldForCaptures.tr(lang));
    at(&mut h, secs(150));
    h.get_by_label(Text::EndHold.tr(lang)).click();
    h.run();
    assert!(h.query_by_label(Text::HeldForCaptures.tr(lang)).is_none());
    // The final minute ends 20 s later than without the hold: "10，超时判负" at 200 s.
    at(&mut h, secs(199));
    assert_eq!(caption(&h, lang).as_deref(), Some("9"));
    at(&mut h, secs(200));
    assert_eq!(caption(&h, lang).as_deref(), Some("10，超时判负"));

    let stored = &ws(&h).session.table(SECOND).expect("table 2").game;
    let holds: Vec<(Duration, &EventKind)> = stored
        .clock_events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::CaptureHold { .. } | EventKind::CaptureHoldEnd { .. }))
        .map(|e| (e.at, &e.kind))
        .collect();
    assert_eq!(
        holds,
        [
            (
                secs(130),
                &EventKind::CaptureHold {
                    player: crate::board::Color::Black
                }
            ),
            (
                secs(150),
                &EventKind::CaptureHoldEnd {
                    player: crate::board::Color::Black,
                    held: secs(20)
                }
            ),
        ]
    );
    let replayed = Clock::replay(stored.control().expect("control"), &stored.clock_events).expect("replays");
    let live = &ws(&h).live(SECOND).expect("table 2").table.clock;
    assert_eq!(replayed.events(), live.events());
}

/// The edition line in English, and the 2002 text: no hold for captures is offered in byo-yomi
/// (Art. 22.6: "读秒过程中出现提子，仍视全部提清为着手结束，应照常读秒"), and the command is refused with
/// the reason.
#[test]
fn the_2002_text_names_itself_and_offers_no_hold_for_captures() {
    let lang = Lang::En;
    let mut h = seated(settings(lang));
    let mut event = ws(&h).session.event.clone();
    event.time_control = "chinese:3m/2".to_string();
    ws_mut(&mut h).apply(WsCommand::EditEvent(Box::new(event)), Duration::ZERO);
    second_table_started(&mut h, lang);
    h.get_by_label("Rules edition: Chinese Weiqi Rules (2002)");
    at(&mut h, secs(90));
    assert!(h.query_by_label(Text::HoldCaptures.tr(lang)).is_none());
    ws_mut(&mut h).apply(WsCommand::Table(crate::ui::table::Command::HoldCaptures), secs(90));
    h.run();
    let table = &ws(&h).live(SECOND).expect("table 2").table;
    assert_eq!(table.message.as_deref(), Some(Text::HoldNotInEdition.tr(lang)));
    assert_eq!(table.clock.phase(), Phase::Running);
}

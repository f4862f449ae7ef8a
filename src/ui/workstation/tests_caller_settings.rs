//! Headless tests of the caller's settings in the event's window (egui_kittest): voice or beeps,
//! the pack's language, calls in main time, the volume, recorded with the event and reaching the
//! live tables at once; the test button plays the last minute as the rules' script says it,
//! through the window's sound, with the form's settings.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::audio::Silence;
use crate::caller::{CallSound, CallerSettings, MainTimeCalls};
use crate::session::TableId;
use crate::ui::i18n::{Lang, Text};
use crate::ui::settings::Settings;
use crate::ui::table::sound::Sound;
use crate::ui::workstation::harness::*;

const TABLE: TableId = TableId { round: 1, table: 1 };

fn english() -> Settings {
    Settings {
        lang: Lang::En,
        ..Settings::default()
    }
}

/// Opens File > Event… and unfolds its caller section.
fn open_caller_section(h: &mut Harness<'static, Driven>, lang: Lang) {
    h.get_by_label(Text::File.tr(lang)).click();
    h.run();
    h.get_by_label(Text::EventMenu.tr(lang)).click();
    h.run();
    h.get_by_label(Text::CallerSection.tr(lang)).click();
    h.run();
}

#[test]
fn the_event_window_sets_beeps_english_and_main_time_calls_recorded_and_at_the_live_table_at_once() {
    let mut h = seated(english());
    assert_eq!(ws(&h).session.event.caller, CallerSettings::default());
    assert!(!ws(&h).live(TABLE).expect("seated").table.script.main_time_warnings);
    let entries = ws(&h).session.audit.len();
    open_caller_section(&mut h, Lang::En);
    h.get_by_label("Beeps").click();
    h.run();
    // The menu bar's language choice comes first; the form's pack choice is drawn after it.
    h.get_all_by_label("English")
        .last()
        .expect("the form's English pack")
        .click();
    h.run();
    h.get_by_label(Text::MainTimeCalls.tr(Lang::En)).click();
    h.run();
    h.get_by_label("OK").click();
    h.run();
    let caller = ws(&h).session.event.caller;
    assert_eq!(
        caller,
        CallerSettings {
            sound: CallSound::Beeps,
            voice: Lang::En,
            main_time: MainTimeCalls::Spoken,
            volume: 100,
        }
    );
    assert_eq!(
        ws(&h).session.audit.len(),
        entries + 1,
        "one audited change of the event"
    );
    assert!(
        ws(&h).live(TABLE).expect("seated").table.script.main_time_warnings,
        "the live table's caller speaks in main time at once"
    );
}

#[test]
fn the_test_button_plays_the_last_minute_30_40_50_then_1_to_10_with_the_forms_beeps_and_leaves_the_event_unchanged() {
    let mut h = seated(english());
    h.state_mut().shell.sound = Some((Sound::silent(Silence::Off, Lang::Zh), Instant::now()));
    open_caller_section(&mut h, Lang::En);
    h.get_by_label("Beeps").click();
    h.run();
    h.get_by_label(Text::TestCaller.tr(Lang::En)).click();
    for _ in 0..400 {
        h.run();
        if !h.state().shell.tested.is_empty() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let mut last_minute = vec!["sec_30", "sec_40", "sec_50"];
    let counts = ["count_1", "count_2", "count_3", "count_4", "count_5"];
    last_minute.extend(counts);
    last_minute.extend(["count_6", "count_7", "count_8", "count_9", "count_10"]);
    assert_eq!(
        h.state().shell.tested,
        last_minute,
        "the rules' last minute (Art. 12.3)"
    );
    let (sound, _) = h.state().shell.sound.as_ref().expect("the sound");
    assert_eq!(sound.kind(), CallSound::Beeps, "heard as the form says, before OK");
    assert!(
        h.state().shell.event_form.is_some(),
        "the form stays open for OK or Cancel"
    );
    assert_eq!(
        ws(&h).session.event.caller,
        CallerSettings::default(),
        "a test changes nothing"
    );
}

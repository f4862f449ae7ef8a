//! Headless tests of the notices at the foot of the window (egui_kittest, issue 19: "notices
//! short, one line, collapsible, with details on demand"): a long notice takes one line until
//! clicked, older notices fold under one line, × dismisses the one it is beside; and the sound's
//! line in the menu bar is a few words in the window's language, the device's reason on hover.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use egui_kittest::kittest::Queryable;

use crate::ui::i18n::{Lang, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{Notice, Workstation};

/// As the failed write says it: the journal's path and the system's reason, well over a line.
const LONG: &str = "Not saved: the journal /media/usb-stick/tournaments/2026/city-open/day-2.ron.journal \
could not be written (No space left on device, os error 28); the change is held and written as \
soon as there is room again. Free some space on the drive, or save the session elsewhere \
(File > Save as...) on a drive with room: nothing is lost while the window stays open, and every \
held change is written in order, each with its audit entry, once a write succeeds again.";

fn with_notices(texts: &[&str], lang: Lang) -> egui_kittest::Harness<'static, Driven> {
    let settings = Settings {
        lang,
        ..Settings::default()
    };
    let mut ws = Workstation::new(settings, WALL);
    ws.notices = texts
        .iter()
        .map(|t| Notice {
            text: t.to_string(),
            error: true,
        })
        .collect();
    let mut h = harness_with(ws);
    h.run();
    h
}

#[test]
fn a_long_notice_takes_one_line_until_clicked_and_opens_whole_in_place() {
    let mut h = with_notices(&[LONG], Lang::En);
    let line = h.get_by_label_contains("Not saved: the journal").rect().height();
    let row = h.ctx.style_of(egui::Theme::Dark).text_styles[&egui::TextStyle::Body].size * 2.0;
    assert!(line < row, "one line: {line} px high");
    let right = h.get_by_label_contains("Not saved: the journal").rect().right();
    assert!(right <= 1700.0, "cut at the window's edge, not beyond: {right}");
    h.get_by_label_contains("Not saved: the journal").click();
    h.run();
    let opened = h.get_by_label_contains("Not saved: the journal").rect().height();
    assert!(opened > line * 1.5, "opened in place: {opened} px against {line} px");
    h.get_by_label_contains("Not saved: the journal").click();
    h.run();
    let folded = h.get_by_label_contains("Not saved: the journal").rect().height();
    assert_eq!(folded, line, "a second click folds it again");
}

#[test]
fn older_notices_fold_under_one_line_and_dismissing_one_keeps_the_others() {
    let mut h = with_notices(&["first notice", "second notice", "third notice"], Lang::En);
    h.get_by_label_contains("third notice");
    assert!(
        h.query_by_label_contains("first notice").is_none(),
        "the older ones are folded"
    );
    h.get_by_label_contains(&format!("{} (2)", Text::OlderNotices.tr(Lang::En)))
        .click();
    h.run();
    h.get_by_label_contains("first notice");
    h.get_by_label_contains("second notice");
    // × beside the newest dismisses the newest only.
    h.get_all_by_label("×").next().expect("a dismiss button").click();
    h.run();
    let left: Vec<&str> = ws(&h).notices.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(left, ["first notice", "second notice"]);
}

#[test]
fn the_folded_notices_line_is_in_chinese_in_a_chinese_window() {
    let h = with_notices(&["一", "二"], Lang::Zh);
    h.get_by_label_contains("较早的提示 (1)");
}

#[test]
fn no_sound_is_a_few_words_in_the_menu_bar_in_the_windows_language_with_the_reason_on_hover() {
    use crate::audio::Silence;
    // What ALSA says on a machine without a sound card: English, long, the system's own.
    let reason = Silence::CannotOpen("ALSA lib pcm.c:2722:(snd_pcm_open_noupdate) Unknown PCM default".to_string());
    for (lang, short) in [
        (Lang::En, "No sound: captions only"),
        (Lang::Zh, "没有声音：只以字幕显示"),
    ] {
        let mut h = with_notices(&[], lang);
        h.state_mut().shell.sound = Some((
            crate::ui::table::sound::Sound::silent(reason.clone(), lang),
            std::time::Instant::now(),
        ));
        h.run();
        h.get_by_label(short);
        assert!(
            h.query_by_label_contains("snd_pcm_open").is_none(),
            "the raw reason is not in the bar"
        );
        h.get_by_label(short).hover();
        h.run();
        h.get_by_label_contains("snd_pcm_open");
    }
}

//! Headless tests (egui_kittest) of the one reading: the clock face, the incident form, the
//! ledger's line and the "how many minutes are left?" caption show the same numbers, each named
//! (main time, then the reserved minutes), in both languages.

use egui_kittest::kittest::Queryable;

use crate::ui::i18n::{Lang, Text};
use crate::ui::table::Command;
use crate::ui::table::harness::*;
use crate::ui::*;

/// A table under chinese:60m/3 in `lang`, Black's clock running for 4:19.
fn after_4_19(lang: Lang) -> egui_kittest::Harness<'static, Driven> {
    let mut table = Table::new();
    table.lang = lang;
    table.apply(Command::SetControl("chinese:60m/3".to_string()), secs(0));
    table.apply(Command::StartClock, secs(0));
    let mut harness = harness_with(table);
    harness.state_mut().now = secs(4 * 60 + 19);
    harness.run();
    harness
}

#[test]
fn the_face_the_incident_form_and_the_ledger_show_main_time_and_reserved_minutes_alike() {
    // Art. 12.3 (2002): "在规定时限内保留几分钟开始读秒": of 60 minutes, 3 are reserved; after
    // 4:19 the main time is 52:41 and the 3 reserved minutes are still whole.
    for (lang, line, whole) in [
        (
            Lang::En,
            "main · + 3 reserved minutes",
            "main 52:41 · + 3 reserved minutes",
        ),
        (
            Lang::Zh,
            "基本用时 · + 保留3分钟读秒",
            "基本用时 52:41 · + 保留3分钟读秒",
        ),
    ] {
        let mut harness = after_4_19(lang);
        // The face: the figure, and what it is.
        harness.get_by_label("52:41");
        assert!(
            harness.query_all_by_label(line).count() >= 1,
            "{lang:?}: the face says what 52:41 is"
        );
        // The incident form opened now shows the same reading, named the same way.
        harness.get_by_label(Text::Takeback.tr(lang)).click();
        harness.run();
        let form = format!("{}: {whole}", Text::Clock.tr(lang));
        assert!(
            harness.query_by_label(&form).is_some(),
            "{lang:?}: the incident form reads {form:?}"
        );
        assert!(
            harness.query_by_label_contains("55:").is_none(),
            "{lang:?}: no form shows the whole time (55:41) as if it were the face's"
        );
    }
}

#[test]
fn how_many_minutes_are_left_answers_with_the_faces_numbers() {
    for (lang, whole) in [
        (Lang::En, "main 52:41 · + 3 reserved minutes"),
        (Lang::Zh, "基本用时 52:41 · + 保留3分钟读秒"),
    ] {
        let mut harness = after_4_19(lang);
        if let Some(button) = harness.get_all_by_label(Text::MinutesLeft.tr(lang)).next() {
            button.click();
        }
        harness.run();
        let Some(caption) = harness.state().table.caption.clone() else {
            panic!("{lang:?}: no caption");
        };
        assert_eq!(
            caption.text(lang),
            whole,
            "{lang:?}: more than 10 minutes: the caption reads the face"
        );
        let shown = format!(
            "{}: {whole}",
            crate::ui::i18n::color_name(crate::board::Color::Black, lang)
        );
        assert!(
            harness.query_by_label(&shown).is_some(),
            "{lang:?}: the caption is shown"
        );
    }
}

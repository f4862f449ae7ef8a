//! Headless tests of the languages (egui_kittest): the settings panel switches the language at
//! once, every string of the window in both languages is drawn by the bundled fonts (the harness
//! panics on a missing glyph), the settings survive eframe's storage, the locale picks the
//! language at the first start.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::app::Keys;
use super::fonts;
use super::i18n::{self, Lang, Text};
use super::settings::{self, Settings};
use crate::board::Color;

/// The settings shown in the panel and how many frames reported a change.
struct Panel {
    settings: Settings,
    changes: usize,
}

fn panel(lang: Lang) -> Harness<'static, Panel> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(600.0, 400.0))
        .build_ui_state(
            |ui, p: &mut Panel| {
                fonts::install(ui.ctx());
                if settings::show(ui, &mut p.settings) {
                    p.changes += 1;
                }
            },
            Panel {
                settings: Settings {
                    lang,
                    ..Settings::default()
                },
                changes: 0,
            },
        );
    harness.run();
    harness
}

/// Every string the window shows through `i18n`, in `lang`.
fn every_string(lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = Text::ALL.iter().map(|t| t.tr(lang).to_string()).collect();
    for color in [Color::Black, Color::White] {
        out.push(i18n::color_name(color, lang).to_string());
    }
    for n in [0, 1, 2, 10] {
        out.push(i18n::warnings(n, lang));
        out.push(i18n::reserved_minutes(n, lang));
        out.push(i18n::periods(n, "0:30", lang));
        out.push(i18n::period_moves(n, "10:00", lang));
    }
    out.push(i18n::increment("0:20", lang));
    for key in [
        egui::Key::ShiftLeft,
        egui::Key::ShiftRight,
        egui::Key::Space,
        egui::Key::Enter,
        egui::Key::A,
    ] {
        out.push(i18n::key_name(key, lang));
    }
    for l in [Lang::Zh, Lang::En] {
        out.push(l.own_name().to_string());
    }
    out
}

#[test]
fn the_settings_panel_switches_to_chinese_at_once() {
    let mut harness = panel(Lang::En);
    assert!(harness.query_by_label("Language").is_some());
    assert!(harness.query_by_label("语言").is_none());
    // The first "中文" is the language's, the second the voice pack's.
    let language_zh = harness.get_all_by_label("中文").next();
    assert!(language_zh.is_some(), "no 中文 choice");
    language_zh.into_iter().for_each(|n| n.click());
    harness.run();
    assert_eq!(harness.state().settings.lang, Lang::Zh);
    for label in [
        "语言",
        "黑方按钟键",
        "白方按钟键",
        "暂停键",
        "语音包",
        "音量",
        "显示手数",
        "落子即按钟",
        "左Shift",
        "空格",
    ] {
        assert!(harness.query_all_by_label(label).next().is_some(), "{label} not shown");
    }
    assert!(
        harness.query_by_label("Language").is_none(),
        "English left on the panel"
    );
    assert!(harness.state().changes >= 1, "the change was not reported");
    let language_en = harness.get_all_by_label("English").next();
    assert!(language_en.is_some(), "no English choice");
    language_en.into_iter().for_each(|n| n.click());
    harness.run();
    assert_eq!(harness.state().settings.lang, Lang::En);
    assert!(harness.query_all_by_label("Volume").next().is_some());
}

#[test]
fn the_panel_reports_no_change_while_nothing_changes() {
    let mut harness = panel(Lang::Zh);
    harness.run();
    harness.run();
    assert_eq!(harness.state().changes, 0);
    harness.get_by_label("落子即按钟").click();
    harness.run();
    assert!(harness.state().settings.move_presses_clock);
    assert_eq!(harness.state().changes, 1);
}

#[test]
fn a_key_is_captured_by_pressing_it() {
    let mut harness = panel(Lang::En);
    harness.get_by_label("Left Shift").click();
    harness.run();
    assert!(harness.query_by_label("Press a key...").is_some());
    harness.key_press(egui::Key::B);
    harness.run();
    assert_eq!(harness.state().settings.keys.black, egui::Key::B);
    assert_eq!(harness.state().settings.keys.white, Keys::default().white);
    assert!(harness.query_by_label("Press a key...").is_none());
    assert!(harness.query_by_label("B").is_some());
    // Escape cancels a capture and keeps the key.
    harness.get_by_label("Space").click();
    harness.run();
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(harness.state().settings.keys.pause, egui::Key::Space);
    assert!(harness.query_by_label("Press a key...").is_none());
}

#[test]
fn every_string_in_both_languages_has_its_glyphs_in_the_bundled_fonts() {
    for lang in [Lang::En, Lang::Zh] {
        let strings = every_string(lang);
        assert_eq!(fonts::missing(&strings.concat()), Vec::<char>::new(), "{lang:?}");
    }
    // The check can fail: a private-use character is in no font.
    assert_eq!(fonts::missing("设置\u{E000}"), vec!['\u{E000}']);
}

#[test]
fn every_string_in_both_languages_is_drawn_without_a_missing_glyph() {
    // egui_kittest panics on a missing glyph (MissingGlyphPolicy::Panic): laying every string out
    // proves the installed fonts cover them.
    let strings: Vec<String> = [Lang::En, Lang::Zh].into_iter().flat_map(every_string).collect();
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 4000.0))
        .build_ui_state(
            |ui, strings: &mut Vec<String>| {
                fonts::install(ui.ctx());
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for s in strings.iter() {
                        ui.label(s.as_str());
                        ui.monospace(s.as_str());
                    }
                });
            },
            strings,
        );
    harness.run();
    assert_eq!(harness.query_all_by_label("设置").count(), 2);
    assert_eq!(harness.query_all_by_label("落子即按钟").count(), 2);
}

#[test]
#[should_panic(expected = "No glyph")]
fn without_the_bundled_font_the_harness_fails_on_chinese() {
    let mut harness = Harness::builder().build_ui(|ui| {
        ui.label("设置");
    });
    harness.run();
}

/// eframe's storage in memory.
#[derive(Default)]
struct Memory(HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn settings_survive_eframe_storage() {
    let settings = Settings {
        lang: Lang::Zh,
        keys: Keys {
            black: egui::Key::A,
            white: egui::Key::L,
            pause: egui::Key::P,
        },
        voice: Lang::En,
        volume: 0.4,
        move_numbers: true,
        move_presses_clock: true,
    };
    let mut storage = Memory::default();
    settings.save(&mut storage);
    assert_eq!(Settings::load(Some(&storage)), settings);
}

#[test]
fn missing_or_unreadable_settings_fall_back_to_the_defaults() {
    assert_eq!(Settings::load(None), Settings::default());
    let mut storage = Memory::default();
    assert_eq!(Settings::load(Some(&storage)), Settings::default());
    // An older or partial value: what it has is kept, the rest takes the defaults.
    storage.set_string_for_test("(lang: Zh, volume: 0.25)");
    let loaded = Settings::load(Some(&storage));
    assert_eq!(
        loaded,
        Settings {
            lang: Lang::Zh,
            volume: 0.25,
            ..Settings::default()
        }
    );
    storage.set_string_for_test("not ron at all (");
    assert_eq!(Settings::load(Some(&storage)), Settings::default());
}

impl Memory {
    fn set_string_for_test(&mut self, value: &str) {
        eframe::Storage::set_string(self, Settings::STORAGE_KEY, value.to_string());
    }
}

#[test]
fn the_first_language_follows_the_locale() {
    assert_eq!(Lang::from_locale(None, None, Some("zh_CN.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("zh_TW.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("zh")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("en_GB.UTF-8")), Lang::En);
    assert_eq!(Lang::from_locale(None, None, None), Lang::En);
    assert_eq!(Lang::from_locale(None, None, Some("C")), Lang::En);
    assert_eq!(Lang::from_locale(None, None, Some("fr_FR.UTF-8")), Lang::En);
    // LC_ALL before LC_MESSAGES before LANG; an empty value does not count.
    assert_eq!(
        Lang::from_locale(Some("en_US.UTF-8"), Some("zh_CN"), Some("zh_CN")),
        Lang::En
    );
    assert_eq!(Lang::from_locale(Some("zh_CN.UTF-8"), None, Some("en_US")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, Some("zh_CN.UTF-8"), Some("en_US")), Lang::Zh);
    assert_eq!(Lang::from_locale(Some(""), Some(""), Some("zh_SG.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(Some(""), None, Some("")), Lang::En);
}

#[test]
fn the_default_settings_take_the_system_language() {
    assert_eq!(Settings::default().lang, Lang::of_system());
}

#[test]
fn every_text_has_both_columns() {
    for t in Text::ALL {
        assert!(!t.tr(Lang::En).is_empty(), "{t:?} has no English");
        assert!(!t.tr(Lang::Zh).is_empty(), "{t:?} has no Chinese");
        assert!(
            !t.tr(Lang::Zh).is_ascii(),
            "{t:?}'s Chinese column is not Chinese: {}",
            t.tr(Lang::Zh)
        );
    }
}

#[test]
fn the_table_in_chinese_is_drawn_with_the_bundled_font() {
    // The whole table screen, laid out in Chinese: any character no font has would panic here.
    let mut table = super::Table::new();
    table.lang = Lang::Zh;
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1260.0, 860.0))
        .build_ui_state(
            |ui, table: &mut super::Table| {
                fonts::install(ui.ctx());
                table.frame(ui, std::time::Duration::ZERO);
            },
            table,
        );
    harness.run();
    for label in [Text::Moves, Text::StartClock, Text::Ledger, Text::Pass] {
        let zh = label.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
        let en = label.tr(Lang::En);
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
}

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_character_in_the_sources_is_in_the_bundled_fonts() {
    // Strings outside the i18n table (captions, results, dialogs) too: a new character needs
    // `packaging/fonts/make-font-subset.sh` run again.
    let mut files = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 20, "sources not found");
    let mut text = String::new();
    for f in &files {
        text.extend(
            std::fs::read_to_string(f)
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_ascii()),
        );
    }
    assert!(text.contains('黑'));
    assert_eq!(
        fonts::missing(&text),
        Vec::<char>::new(),
        "run packaging/fonts/make-font-subset.sh"
    );
}

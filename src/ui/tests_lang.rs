//! Headless tests of the languages (egui_kittest): the settings panel switches the language at
//! once, every string of the window in both languages is drawn by the bundled fonts (the harness
//! panics on a missing glyph), the settings survive eframe's storage, the locale picks the
//! language at the first start.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use super::app::Keys;
use super::fonts;
use super::i18n::{self, Lang, Msg, Text};
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
    out.extend(every_message(lang));
    out
}

/// Every formatted message (notices, the recovery and backup windows, the sidebar's headings),
/// with sample values, in `lang`.
fn every_message(lang: Lang) -> Vec<String> {
    use std::path::Path;

    use crate::session::TableId;
    let id = TableId { round: 2, table: 7 };
    let path = Path::new("/tmp/event.ron");
    let e = "the error";
    let mut out = vec![
        i18n::labelled(Text::AuditTrail, "broken at 3", lang),
        i18n::not_whole_number(Text::MoveNumber, "x", lang),
        i18n::table_id(id, lang),
        i18n::round_title(3, "", "2026-11-29", lang),
        i18n::round_title(3, "决赛", "2026-11-29", lang),
        i18n::table_title(2, "", lang),
        i18n::table_title(2, "主台", lang),
    ];
    let messages = [
        Msg::SealedRefused("D4", e),
        Msg::PlaySealed("tengen"),
        Msg::Refused(&e),
        Msg::CannotShow(id, &e),
        Msg::PlayerNeedsName,
        Msg::SamePlayerTwice,
        Msg::NoRound(4),
        Msg::ClockReplaced(id),
        Msg::NotSavedAt(path, &e),
        Msg::NotLeftUncharged(id, &e),
        Msg::AuditBroken(path, &e),
        Msg::UnsavedClosed(3),
        Msg::SavedAs(path),
        Msg::NotSaved(&e),
        Msg::Opened(path),
        Msg::Imported(path),
        Msg::PathError(path, &e),
        Msg::Exported(path),
        Msg::NotExported(path, &e),
        Msg::SnapshotFailed(path, &e),
        Msg::NoDialog,
        Msg::Recovered(path, 3, 12),
        Msg::Loaded(path, 3),
        Msg::DownSince(id, Some("0:05")),
        Msg::DownSince(id, None),
        Msg::OfferBackup(path),
        Msg::SaveFirst(3),
        Msg::NoSound(&e),
        Msg::NoVoicePack("zh", path),
        Msg::VoicePackUnreadable(&e),
        Msg::VoiceLoaderFailed(Some(&e)),
        Msg::VoiceLoaderFailed(None),
        Msg::ClipsMissing("zh", 2),
        Msg::NotRecorded(&e),
        Msg::PlayedAt(&e),
        Msg::NoLatenessRule(&"2002"),
        Msg::Illegal("12. B D4"),
        Msg::Captures(3, 1),
        Msg::MoveAndClock(12, "0:59:00"),
        Msg::Incident {
            number: 1,
            offence: "Takeback",
            player: Color::White,
            move_number: 12,
            clock: "0:59:00",
            sanction: "warning",
        },
        Msg::Points("184"),
        Msg::NotStones("x"),
        Msg::OverrideLine("CA", "miscount", "B+0.5"),
    ];
    out.extend(messages.into_iter().map(|m| m.text(lang)));
    let lines = [
        i18n::MoveLine::Pass(13, Color::White),
        i18n::MoveLine::Resign(Color::Black),
        i18n::MoveLine::Edit(0, 1, 1),
    ];
    out.extend(lines.into_iter().map(|l| l.text(lang)));
    use crate::board::Point;
    use crate::game::{GameError, Illegal};
    let d4 = Point::new(3, 15);
    let refusals = [
        GameError::Occupied { point: d4 },
        GameError::Illegal(Illegal::Suicide),
        GameError::Illegal(Illegal::Ko { point: d4 }),
        GameError::Illegal(Illegal::Superko { repeats_move: 40 }),
        GameError::Illegal(Illegal::OutOfTurn { expected: Color::White }),
    ];
    out.extend(refusals.iter().map(|e| i18n::refused_at(d4, e, 19, lang)));
    out
}

#[test]
fn every_message_names_the_table_in_the_language_asked() {
    // A message for a table in Chinese says 第2轮第7台, never "round 2 table 7"; a message
    // with no value of its own is not the English one.
    use crate::session::TableId;
    let id = TableId { round: 2, table: 7 };
    assert_eq!(
        Msg::ClockReplaced(id).text(Lang::En),
        "round 2 table 7: the clock was replaced: its new events are not stored"
    );
    assert!(Msg::ClockReplaced(id).text(Lang::Zh).starts_with("第2轮第7台："));
    let ko = crate::game::GameError::Illegal(crate::game::Illegal::Ko {
        point: crate::board::Point::new(3, 15),
    });
    assert_eq!(
        i18n::refused_at(crate::board::Point::new(3, 15), &ko, 19, Lang::En),
        "D4 refused: ko: D4 may not be retaken at once (Art. 6, 18.3)"
    );
    assert_eq!(
        i18n::refused_at(crate::board::Point::new(3, 15), &ko, 19, Lang::Zh),
        "D4 不能落子：打劫：D4 不能立即提回（第6条、第18.3条）"
    );
    assert_eq!(
        Msg::DownSince(id, None).text(Lang::Zh),
        "第2轮第7台：距最后一次记录的变化已过未知"
    );
    for (en, zh) in every_message(Lang::En).iter().zip(every_message(Lang::Zh)) {
        assert_ne!(*en, zh, "not translated: {en}");
        assert!(!zh.contains("round 2") && !zh.contains("table"), "English left in {zh}");
    }
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

/// The whole window in Chinese at `ws`, fonts installed by the shell.
fn shell_in_chinese(ws: super::workstation::Workstation) -> Harness<'static, super::Shell> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1700.0, 950.0))
        .build_ui_state(
            |ui, shell: &mut super::Shell| shell.frame(ui, std::time::Duration::ZERO, std::time::Duration::ZERO),
            super::Shell::new(ws),
        );
    harness.run();
    harness
}

fn chinese_workstation() -> super::workstation::Workstation {
    use super::workstation::{Workstation, WsCommand};
    let settings = Settings {
        lang: Lang::Zh,
        ..Settings::default()
    };
    let mut ws = Workstation::new(settings, std::time::Duration::ZERO);
    let at = std::time::Duration::ZERO;
    for (name, rank) in [("陈力", "3d"), ("Ann Smith", "2k")] {
        let rank = rank.parse().unwrap_or_else(|e| panic!("{e}"));
        ws.apply(
            WsCommand::AddPlayer {
                name: name.to_string(),
                rank,
                club: String::new(),
            },
            at,
        );
    }
    ws.apply(
        WsCommand::NewRound {
            date: "2026-11-29".to_string(),
        },
        at,
    );
    ws.apply(
        WsCommand::NewTable {
            round: 1,
            black: crate::session::PlayerId(1),
            white: crate::session::PlayerId(2),
        },
        at,
    );
    ws
}

#[test]
fn the_sidebar_and_menu_speak_chinese() {
    let mut harness = shell_in_chinese(chinese_workstation());
    harness.run();
    for zh in [
        "文件",
        "成绩",
        "设置",
        "棋手",
        "添加棋手",
        "新建轮次",
        "尚未保存",
        "未开始",
        "轮次改名",
    ] {
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(
        harness
            .query_all_by_label_contains("第1轮 · 2026-11-29")
            .next()
            .is_some(),
        "round heading"
    );
    assert!(harness.query_all_by_label("第1台").next().is_some(), "table name");
    for en in [
        "File",
        "Results",
        "Players",
        "Add player",
        "New round",
        "Table 1",
        "not started",
        "Arbiter",
    ] {
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
}

#[test]
fn the_recovery_and_backup_windows_speak_chinese() {
    use super::workstation::Recovery;
    let mut ws = chinese_workstation();
    let table = crate::session::TableId { round: 1, table: 1 };
    ws.recovery = Some(Recovery {
        path: "/tmp/event.ron".into(),
        recovered: true,
        tables: 1,
        replayed: 4,
        dropped_partial: true,
        chain: None,
        running: vec![(table, Some(std::time::Duration::from_secs(300)))],
    });
    ws.offer_backup = Some("/tmp/other.ron".into());
    ws.notify(i18n::Msg::NoDialog.text(Lang::Zh), true);
    let harness = shell_in_chinese(ws);
    for zh in [
        Text::SessionRestored,
        Text::PartialDropped,
        Text::ClocksRunning,
        Text::ChargeIt,
        Text::DoNotCharge,
        Text::SessionUnreadable,
        Text::OpenNewestBackup,
    ] {
        let zh = zh.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(harness.query_all_by_label_contains("已恢复1台对局").next().is_some());
    assert!(
        harness
            .query_all_by_label_contains("第1轮第1台：距最后一次记录的变化已过")
            .next()
            .is_some()
    );
    assert!(harness.query_all_by_label_contains("完好备份？").next().is_some());
    assert!(harness.query_all_by_label_contains("没有桌面门户").next().is_some());
    assert!(harness.query_all_by_label("Charge it (default)").next().is_none());
}

#[test]
fn the_save_first_question_the_round_buttons_the_sound_notice_and_the_file_dialogs_speak_chinese() {
    use super::files::Request;
    use super::workstation::{Replacing, WsCommand};
    let mut ws = chinese_workstation();
    let at = std::time::Duration::ZERO;
    ws.apply(
        WsCommand::NewRound {
            date: "2026-11-30".to_string(),
        },
        at,
    );
    ws.replacing = Some(Replacing::Asking(Request::Open, None));
    let mut harness = shell_in_chinese(ws);
    let sound = super::sound::Sound::silent("no output device", Lang::Zh);
    harness.state_mut().sound = Some((sound, std::time::Instant::now()));
    harness.run();
    for zh in [
        Text::SaveFirst,
        Text::SaveAsFirst,
        Text::Discard,
        Text::Cancel,
        Text::RoundUp,
        Text::RoundDown,
    ] {
        let zh = zh.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(
        harness
            .query_all_by_label_contains("当前赛事（1台对局）尚未保存到文件")
            .next()
            .is_some()
    );
    assert!(
        harness
            .query_all_by_label_contains("没有声音（no output device）：报时只以字幕显示")
            .next()
            .is_some(),
        "the sound notice"
    );
    for en in ["Save first?", "Discard", "Cancel", "Round up", "Round down"] {
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
    assert!(harness.query_all_by_label_contains("No sound").next().is_none());
    // The system file dialogs' titles and filter.
    let session = || {
        Box::new(crate::session::Session::new(super::workstation::new_event(
            "2026-11-29",
        )))
    };
    let requests = [
        Request::NewSession(session()),
        Request::Open,
        Request::SaveAs(session()),
        Request::ImportSgf,
        Request::ExportSgf {
            text: String::new(),
            name: String::new(),
        },
        Request::RestoreBackup("/tmp/event.ron".into()),
    ];
    for request in &requests {
        let (en, zh) = (request.title().tr(Lang::En), request.title().tr(Lang::Zh));
        assert_ne!(en, zh);
        assert!(!zh.is_ascii(), "{zh}");
    }
    assert_eq!(Request::Open.title().tr(Lang::Zh), "打开赛事文件（.ron）");
    // The move list and the counting screen's lines.
    assert_eq!(i18n::MoveLine::Pass(13, Color::White).text(Lang::Zh), "13. 白 停一手");
    assert_eq!(i18n::MoveLine::Edit(0, 1, 1).text(Lang::Zh), "摆子：+黑0，+白1，-1");
    assert_eq!(i18n::MoveLine::Edit(0, 1, 1).text(Lang::En), "edit: +0 B, +1 W, -1");
    assert_eq!(Msg::Captures(3, 1).text(Lang::Zh), "提子：黑 3 白 1");
    assert_eq!(Msg::MoveAndClock(12, "0:59:00").text(Lang::Zh), "第12手，棋钟0:59:00");
    assert_eq!(Text::SessionFiles.tr(Lang::Zh), "Go Arbiter赛事文件");
}

//! What the window remembers between runs (issue 19): the arbiter's name, the sidebar folded or
//! not, and the last session file, reopened at the start unless that setting is off. Each test
//! stores the settings as eframe does (its storage, here in memory) and starts again from them.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::collections::HashMap;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::ui::i18n::{Lang, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{FileAction, Place, Workstation, WsCommand};

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

fn english() -> Settings {
    Settings {
        lang: Lang::En,
        ..Settings::default()
    }
}

/// What eframe does at the exit (`Window::save`), then the settings the next start loads.
fn second_start(h: &mut Harness<'static, Driven>) -> Settings {
    let mut storage = Memory::default();
    h.state_mut().shell.remember();
    ws(h).settings.save(&mut storage);
    Settings::load(Some(&storage))
}

#[test]
fn the_arbiters_name_typed_once_is_there_at_the_next_start() {
    let mut h = harness_with(Workstation::new(english(), WALL));
    ws_mut(&mut h).sidebar.arbiter = "Li Wei".to_string();
    ws_mut(&mut h).apply(WsCommand::SetArbiter("Li Wei".to_string()), Duration::ZERO);
    h.run();
    let settings = second_start(&mut h);
    assert_eq!(settings.arbiter, "Li Wei");
    let next = harness_with(Workstation::new(settings, WALL));
    assert_eq!(ws(&next).arbiter, "Li Wei");
    next.get_by(|n| n.value().as_deref() == Some("Li Wei") && n.role() == egui::accesskit::Role::TextInput);
}

#[test]
fn a_sidebar_folded_by_the_arbiter_stays_folded_at_the_next_start() {
    let mut h = seated(english());
    assert!(!h.state().shell.sidebar_folded(1700.0), "wide: unfolded by the width");
    h.get_by_label(Text::HideSidebar.tr(Lang::En)).click();
    h.run();
    let settings = second_start(&mut h);
    assert_eq!(settings.sidebar_open, Some(false));
    let next = harness_with(Workstation::new(settings, WALL));
    assert!(next.state().shell.sidebar_folded(1700.0));
}

#[test]
fn the_last_session_reopens_at_the_start_unless_turned_off_or_another_is_given() {
    let dir = scratch("remembered");
    let path = dir.join("day1.ron");
    let mut h = seated(english());
    let request = ws(&h).request(FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    let mut settings = second_start(&mut h);
    ws_mut(&mut h).close();
    assert_eq!(settings.last_session.as_deref(), Some(path.as_path()));
    assert!(settings.reopen_last, "on by default");
    assert_eq!(settings.session_at_start(None).as_deref(), Some(path.as_path()));
    // A file given at the start wins; reopening turned off, or the file gone, opens nothing.
    let given = dir.join("other.ron");
    assert_eq!(settings.session_at_start(Some(given.clone())), Some(given));
    settings.reopen_last = false;
    assert_eq!(settings.session_at_start(None), None);
    settings.reopen_last = true;
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(settings.session_at_start(None), None);
}

#[test]
fn reopening_is_a_setting_in_the_settings_window() {
    let mut h = harness_with(Workstation::new(english(), WALL));
    h.get_by_label(Text::Settings.tr(Lang::En)).click();
    h.run();
    h.get_by_label(Text::ReopenLastSession.tr(Lang::En)).click();
    h.run();
    assert!(!ws(&h).settings.reopen_last);
    let settings = second_start(&mut h);
    assert!(!settings.reopen_last);
}

/// The whole start, as the window does it after its first frame (`Shell::open_at_start`): the
/// session saved yesterday is back on screen, its table seated, with nothing clicked.
#[test]
fn the_window_shows_the_last_session_again_at_the_next_start() {
    let dir = scratch("reopened");
    let path = dir.join("day1.ron");
    let mut h = seated(english());
    let request = ws(&h).request(FileAction::SaveAs).expect("save as");
    ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
    wait_files(&mut h);
    let settings = second_start(&mut h);
    ws_mut(&mut h).close();
    drop(h);

    let mut next = harness_with(Workstation::new(settings.clone(), WALL));
    assert!(
        next.query_by_label_contains("Chen Li").is_none(),
        "nothing open before the start"
    );
    next.state_mut().shell.open_at_start(None, Duration::ZERO);
    wait_files(&mut next);
    assert!(matches!(&ws(&next).place, Place::File { path: p, .. } if *p == path));
    for name in ["Chen Li", "Ann Smith"] {
        assert!(next.query_all_by_label_contains(name).count() > 0, "{name} on screen");
    }
    ws_mut(&mut next).close();
    drop(next);

    // Turned off: the next start is empty.
    let off = Settings {
        reopen_last: false,
        ..settings
    };
    let mut empty = harness_with(Workstation::new(off, WALL));
    empty.state_mut().shell.open_at_start(None, Duration::ZERO);
    wait_files(&mut empty);
    assert!(matches!(ws(&empty).place, Place::Unsaved));
    assert_eq!(empty.query_all_by_label_contains("Chen Li").count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

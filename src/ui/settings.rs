//! What the window remembers between runs (eframe storage): language, keys, board options, the
//! arbiter's name, the sidebar folded or not, the last session file (reopened at the start unless
//! turned off), the folder files were last saved to or opened from, and where KataGo is. The caller's voice and
//! volume are the event's (File > Event…), kept in the session. The session itself lives in its RON file, never here; the
//! window's size and place are eframe's own (its persistence).

use serde::{Deserialize, Serialize};

use crate::ui::i18n::{Lang, Text, key_name};
use crate::ui::table::Keys;

/// The window's settings. A field missing from the stored value takes its default (the language
/// from the system locale at the first start).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    pub keys: Keys,
    /// Move numbers on the stones.
    pub move_numbers: bool,
    /// A move on the board also presses the mover's side of the clock (on by default).
    pub move_presses_clock: bool,
    /// The arbiter's name in the audit stamps (empty: not given yet).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub arbiter: String,
    /// The sidebar unfolded (`Some(true)`) or folded by the arbiter; `None`: by the window's width.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sidebar_open: Option<bool>,
    /// Reopen the last session file at the start (on by default).
    pub reopen_last: bool,
    /// The session file open when the window last saved its settings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_session: Option<std::path::PathBuf>,
    /// The folder of the last file chosen in a file dialog (exports, imports, sessions): the next
    /// dialog starts there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_folder: Option<std::path::PathBuf>,
    /// Ask KataGo for the counting screen's suggestion when it is there (on by default).
    pub ask_katago: bool,
    /// Where KataGo is: its program (a path, or `katago` found on PATH), network and config.
    pub katago: crate::katago::Settings,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lang: Lang::of_system(),
            keys: Keys::default(),
            move_numbers: false,
            move_presses_clock: true,
            arbiter: String::new(),
            sidebar_open: None,
            reopen_last: true,
            last_session: None,
            last_folder: None,
            ask_katago: true,
            katago: crate::katago::Settings::default(),
        }
    }
}

impl Settings {
    /// The key under which eframe stores the settings.
    pub const STORAGE_KEY: &'static str = "go-arbiter-settings";

    /// The stored settings, or the defaults when there are none (first start) or they do not read.
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Settings {
        storage
            .and_then(|s| eframe::get_value(s, Settings::STORAGE_KEY))
            .unwrap_or_default()
    }

    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, Settings::STORAGE_KEY, self);
    }

    /// KataGo as the counting screen asks it: `None` when asking is off, or when the program is
    /// a bare name found on no folder of PATH (no KataGo installed: nothing to tell). The window's
    /// tests look on no PATH: they name their engine.
    pub fn katago_to_ask(&self) -> Option<crate::katago::Settings> {
        if !self.ask_katago {
            return None;
        }
        let path = if cfg!(test) { None } else { std::env::var_os("PATH") };
        let program = self.katago.resolve(path.as_deref())?;
        Some(crate::katago::Settings {
            program,
            ..self.katago.clone()
        })
    }

    /// The session to open at the start: the one given (command line, `GO_ARBITER_SESSION`),
    /// else the last one when reopening is on and its file is still there.
    pub fn session_at_start(&self, given: Option<std::path::PathBuf>) -> Option<std::path::PathBuf> {
        given.or_else(|| {
            self.last_session
                .clone()
                .filter(|path| self.reopen_last && path.is_file())
        })
    }
}

/// The window's application id: eframe keeps its storage in the folder named after it.
pub const APP_ID: &str = "io.github.goarbiter.GoArbiter";

/// The variable that names another settings folder (tests, a second chief arbiter's profile).
pub const FOLDER_VAR: &str = "GO_ARBITER_SETTINGS";

/// The chief arbiter's settings folder, where the chain keys are kept (`keys/ID.key`, see
/// `session::key`): `GO_ARBITER_SETTINGS` when set, else eframe's storage folder.
pub fn folder() -> Option<std::path::PathBuf> {
    if cfg!(test) {
        // The window's tests never write in the real settings folder.
        return Some(std::env::temp_dir().join(format!("go-arbiter-test-settings-{}", std::process::id())));
    }
    std::env::var_os(FOLDER_VAR)
        .map(std::path::PathBuf::from)
        .or_else(|| eframe::storage_dir(APP_ID))
}

/// Which key the settings panel is waiting for, kept in egui's memory between frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KeySlot {
    Black,
    White,
    Pause,
}

impl KeySlot {
    fn key(self, keys: &mut Keys) -> &mut egui::Key {
        match self {
            KeySlot::Black => &mut keys.black,
            KeySlot::White => &mut keys.white,
            KeySlot::Pause => &mut keys.pause,
        }
    }

    fn label(self) -> Text {
        match self {
            KeySlot::Black => Text::BlackPressKey,
            KeySlot::White => Text::WhitePressKey,
            KeySlot::Pause => Text::PauseKey,
        }
    }
}

/// The settings panel: language (applies at once), the three keys (each captured by pressing it;
/// Escape cancels), move numbers and whether a move presses
/// the clock. Returns true when something changed (the shell then saves).
pub fn show(ui: &mut egui::Ui, settings: &mut Settings) -> bool {
    let before = settings.clone();
    let capture_id = ui.scope_id().with("settings-key-capture");
    let mut capturing: Option<KeySlot> = ui.data(|d| d.get_temp(capture_id));
    if let Some(slot) = capturing
        && let Some(key) = take_key_press(ui)
    {
        if key != egui::Key::Escape {
            *slot.key(&mut settings.keys) = key;
        }
        capturing = None;
    }
    let lang = settings.lang;
    egui::Grid::new("settings-grid")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            ui.label(Text::Language.tr(lang));
            ui.horizontal(|ui| {
                for choice in [Lang::Zh, Lang::En] {
                    ui.selectable_value(&mut settings.lang, choice, choice.own_name());
                }
            });
            ui.end_row();
            for slot in [KeySlot::Black, KeySlot::White, KeySlot::Pause] {
                ui.label(slot.label().tr(lang));
                let text = if capturing == Some(slot) {
                    Text::PressAKey.tr(lang).to_string()
                } else {
                    key_name(*slot.key(&mut settings.keys), lang)
                };
                if ui.button(text).clicked() {
                    capturing = if capturing == Some(slot) { None } else { Some(slot) };
                }
                ui.end_row();
            }
            ui.label("");
            ui.checkbox(&mut settings.move_numbers, Text::MoveNumbers.tr(lang));
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut settings.move_presses_clock, Text::MovePressesClock.tr(lang));
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut settings.reopen_last, Text::ReopenLastSession.tr(lang));
            ui.end_row();
        });
    crate::ui::counting::engine_settings::show(ui, settings, lang);
    ui.data_mut(|d| match capturing {
        Some(slot) => {
            d.insert_temp(capture_id, slot);
        }
        None => d.remove::<KeySlot>(capture_id),
    });
    *settings != before
}

/// The first key pressed this frame, taken out of the input so nothing else acts on it.
fn take_key_press(ui: &egui::Ui) -> Option<egui::Key> {
    ui.input_mut(|i| {
        let at = i.events.iter().position(|e| {
            matches!(
                e,
                egui::Event::Key {
                    pressed: true,
                    repeat: false,
                    ..
                }
            )
        })?;
        match i.events.remove(at) {
            egui::Event::Key { key, .. } => Some(key),
            _ => None,
        }
    })
}

//! What the window remembers between runs (eframe storage): language, keys, voice, volume and
//! board options. The session itself lives in its RON file, never here.

use serde::{Deserialize, Serialize};

use super::app::Keys;
use super::i18n::Lang;

/// The window's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    pub keys: Keys,
    /// The voice pack's language.
    pub voice: Lang,
    /// 0.0 (silent) to 1.0.
    pub volume: f32,
    /// Move numbers on the stones.
    pub move_numbers: bool,
    /// A move on the board also presses the mover's side of the clock.
    pub move_presses_clock: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            lang: Lang::En,
            keys: Keys::default(),
            voice: Lang::Zh,
            volume: 1.0,
            move_numbers: false,
            move_presses_clock: false,
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
}

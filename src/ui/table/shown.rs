//! What the table's panels draw: `Shown`, the parts of a table they read, borrowed for one
//! frame (the views take it and return commands; they never see the table itself), and the
//! small state the table hands them: the keys, the seats, the caption, the drafts.

use std::time::Duration;

use crate::board::Color;
use crate::caller::Announcement;
use crate::clock::Clock;
use crate::game::Game;
use crate::ledger::{Catalogue, Ledger};
use crate::ui::i18n::{Lang, Text};
use crate::ui::table::command::Mode;

/// What the panels of one table read this frame.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    pub lang: Lang,
    pub keys: &'a Keys,
    pub game: &'a Game,
    pub clock: &'a Clock,
    pub catalogue: &'a Catalogue,
    pub ledger: &'a Ledger,
    pub mode: Mode,
    /// Who plays here (a session's table).
    pub seats: Option<&'a Seats>,
    pub caption: Option<&'a Caption>,
    /// A form is open (the faces leave it room).
    pub form_open: bool,
    /// The form open is the ruling on a loss (its call to rule is not repeated above it).
    pub loss_form_open: bool,
    /// The older text's hold for captures is offered now (`Table::hold_offered`).
    pub hold_offered: bool,
}

impl Shown<'_> {
    pub fn tr(&self, text: Text) -> &'static str {
        text.tr(self.lang)
    }
}

/// Who plays at the table, as the session knows it (the header and the faces show it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    pub number: u32,
    /// The table's own name, if it has one.
    pub name: String,
    /// "Chen Li 3d".
    pub black: String,
    pub white: String,
}

/// The keys a table listens to. Left and right Shift can be reached from both sides of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Keys {
    pub black: egui::Key,
    pub white: egui::Key,
    pub pause: egui::Key,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            black: egui::Key::ShiftLeft,
            white: egui::Key::ShiftRight,
            pause: egui::Key::Space,
        }
    }
}

/// A caption on screen: a call of the caller, or the answer to a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    pub at: Duration,
    pub player: Color,
    pub en: String,
    pub zh: String,
}

impl Caption {
    pub fn of(a: &Announcement) -> Caption {
        Caption {
            at: a.at,
            player: a.player,
            en: a.en.to_string(),
            zh: a.zh.to_string(),
        }
    }
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}

/// What the panels may edit freely before it becomes a command (text being typed, a choice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drafts {
    pub control: String,
    pub offender: Color,
}

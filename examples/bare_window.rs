//! The baseline for the window's first frame: a bare eframe window (glow, the same features and
//! size as Go Arbiter's, one label) that prints "first frame: N ms" from the top of `main` to the
//! end of its first frame, and exits after `BARE_WINDOW_SECONDS` (default 2). Run by
//! `packaging/measure-window.sh` beside the real window.
//!
//!   cargo run --release --example bare_window

use std::time::{Duration, Instant};

fn main() -> Result<(), eframe::Error> {
    let started = Instant::now();
    let seconds = std::env::var("BARE_WINDOW_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_title("bare window")
            .with_inner_size([1500.0, 900.0]),
        ..Default::default()
    };
    let mut first = true;
    eframe::run_ui_native("bare window", options, move |ui, _frame| {
        ui.label("bare window");
        if first {
            first = false;
            eprintln!("first frame: {:.1} ms", started.elapsed().as_secs_f64() * 1000.0);
        }
        if started.elapsed() > Duration::from_secs_f64(seconds) {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
        ui.ctx().request_repaint_after(Duration::from_millis(200));
    })
}

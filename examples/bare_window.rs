//! The baseline for the window's first frame: a bare eframe window (glow, the same features and
//! size as Go Arbiter's, one label) that prints "first frame: N ms" from the top of `main` to the
//! end of its first frame, and exits after `BARE_WINDOW_SECONDS` (default 2); it repaints every
//! `BARE_WINDOW_REPAINT_MS` (default 200). Run by `packaging/measure-window.sh` beside the real
//! window, and by `packaging/measure-caller.sh` (repainting once a second, as a running clock
//! face does) as the CPU baseline; with `BARE_WINDOW_SOUND=1` it also holds rodio's default
//! output open (the bare device: the same 4096-frame buffer as the window's, playing nothing).
//!
//!   cargo run --release --example bare_window

use std::time::{Duration, Instant};

fn main() -> Result<(), eframe::Error> {
    let started = Instant::now();
    let seconds = std::env::var("BARE_WINDOW_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let repaint_ms = std::env::var("BARE_WINDOW_REPAINT_MS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let options = eframe::NativeOptions {
        renderer: eframe::Renderer::Glow,
        viewport: egui::ViewportBuilder::default()
            .with_title("bare window")
            .with_inner_size([1500.0, 900.0]),
        ..Default::default()
    };
    // The bare device: kept open (playing rodio's mixer, which has nothing to play) until exit.
    let _device = if std::env::var("BARE_WINDOW_SOUND").is_ok_and(|v| v == "1") {
        match rodio::DeviceSinkBuilder::from_default_device()
            .and_then(|b| b.with_buffer_size(rodio::cpal::BufferSize::Fixed(4096)).open_stream())
        {
            Ok(device) => Some(device),
            Err(e) => {
                eprintln!("bare window: no sound device: {e}");
                None
            }
        }
    } else {
        None
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
        ui.ctx().request_repaint_after(Duration::from_millis(repaint_ms));
    })
}

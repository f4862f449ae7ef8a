//! What the workstation tests share (egui_kittest): the whole window's content (`Shell`) driven at
//! an exact instant and wall time, access to its workstation, a scratch folder, and waiting for
//! the file jobs that run on threads of their own.

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;

use super::Shell;
use super::workstation::Workstation;

/// 2026-11-29 09:00:00 UTC.
pub const WALL: Duration = Duration::from_secs(1_795_942_800);

/// The window's content, the instant the next frame is drawn at and the wall time then.
pub struct Driven {
    pub shell: Shell,
    pub now: Duration,
    pub wall: Duration,
}

/// A harness around `ws`, run until it is idle.
pub fn harness_with(ws: Workstation) -> Harness<'static, Driven> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1700.0, 950.0))
        .build_ui_state(
            |ui, d: &mut Driven| d.shell.frame(ui, d.now, d.wall),
            Driven {
                shell: Shell::new(ws),
                now: Duration::ZERO,
                wall: WALL,
            },
        );
    harness.run();
    harness
}

pub fn ws<'a>(h: &'a Harness<'static, Driven>) -> &'a Workstation {
    &h.state().shell.ws
}

pub fn ws_mut<'a>(h: &'a mut Harness<'static, Driven>) -> &'a mut Workstation {
    &mut h.state_mut().shell.ws
}

/// Moves time on (both the timeline and the wall) and draws.
pub fn at(h: &mut Harness<'static, Driven>, now: Duration) {
    let d = h.state_mut();
    d.wall = WALL + now;
    d.now = now;
    h.run();
}

/// A fresh folder under the system's temporary folder, named for the test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-ws-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Runs frames until the file jobs are done (they run on threads of their own).
pub fn wait_files(h: &mut Harness<'static, Driven>) {
    for _ in 0..500 {
        // Steps, not runs: the menu's spinner repaints while a job is under way.
        h.step();
        if ws(h).files.pending == 0 {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the file jobs did not finish in 5 s");
}

/// How long the window asks to wait before its next frame.
pub fn repaint_delay(h: &Harness<'static, Driven>) -> Duration {
    h.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
}

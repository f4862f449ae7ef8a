//! What the workstation tests share (egui_kittest): the whole window's content (`Shell`) driven at
//! an exact instant and wall time, access to its workstation, a table seated through the sidebar,
//! a scratch folder, and waiting for the file jobs that run on threads of their own.

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::session::PlayerId;
use crate::ui::Shell;
use crate::ui::i18n::Text;
use crate::ui::settings::Settings;
use crate::ui::workstation::Workstation;

/// 2026-11-29 09:00:00 UTC.
pub const WALL: Duration = Duration::from_secs(1_795_942_800);

/// The window's content, the instant the next frame is drawn at and the wall time then.
pub struct Driven {
    pub shell: Shell,
    pub now: Duration,
    pub wall: Duration,
}

/// A harness around `ws`, run until it is idle: its file jobs done and the dead-stone
/// suggestion of a finished game it opens with arrived (both show a spinner until then).
pub fn harness_with(ws: Workstation) -> Harness<'static, Driven> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1700.0, 1400.0))
        .build_ui_state(
            |ui, d: &mut Driven| d.shell.frame(ui, d.now, d.wall),
            Driven {
                shell: Shell::new(ws),
                now: Duration::ZERO,
                wall: WALL,
            },
        );
    for step in 0..1000 {
        harness.step();
        if step >= 3 && harness.state().shell.ws.files.pending == 0 && !suggestion_pending(&harness) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    harness.run();
    harness
}

/// A dead-stone suggestion is still being computed on its thread, or KataGo asked.
fn suggestion_pending(h: &Harness<'static, Driven>) -> bool {
    use crate::ui::counting::{EngineAsk, Suggestion};
    ws(h).live.iter().any(|l| {
        l.table.counting.as_ref().is_some_and(|c| {
            matches!(c.suggestion, Suggestion::Pending(_)) || matches!(c.engine, EngineAsk::Pending(_))
        })
    })
}

pub fn ws<'a>(h: &'a Harness<'static, Driven>) -> &'a Workstation {
    &h.state().shell.ws
}

pub fn ws_mut<'a>(h: &'a mut Harness<'static, Driven>) -> &'a mut Workstation {
    &mut h.state_mut().shell.ws
}

/// A workstation with `settings`, two players entered in its sidebar, a round, and table 1
/// seated through the sidebar.
pub fn seated(settings: Settings) -> Harness<'static, Driven> {
    let mut h = harness_with(Workstation::new(settings, WALL));
    seat_table(&mut h);
    h
}

/// Two players entered in `h`'s sidebar (Chen Li 3d, Ann Smith 2k), a round, and a table seated
/// through the sidebar, clicked in the window's language.
pub fn seat_table(h: &mut Harness<'static, Driven>) {
    let lang = ws(h).lang();
    for (name, rank) in [("Chen Li", "3d"), ("Ann Smith", "2k")] {
        let drafts = &mut ws_mut(h).sidebar;
        drafts.player_name = name.to_string();
        drafts.player_rank = rank.to_string();
        h.run();
        h.get_by_label(Text::AddPlayer.tr(lang)).click();
        h.run();
    }
    h.get_by_label(Text::NewRound.tr(lang)).click();
    h.run();
    add_table(h);
}

/// A table of the last round seated through the sidebar with the first two players not yet
/// seated in it (the first table: Black player 1, White player 2); when everyone is seated, two
/// more players are entered first (Wang Fang 1d, Li Wei 5k, then numbered ones).
pub fn add_table(h: &mut Harness<'static, Driven>) {
    let round = ws(h).session.rounds.last().map_or(1, |r| r.number);
    let lang = ws(h).lang();
    let mut extra = ["Wang Fang", "Li Wei"].into_iter();
    while ws(h).session.unseated(round).count() < 2 {
        let name = extra
            .next()
            .map_or_else(|| format!("Player {}", ws(h).session.players.len() + 1), str::to_string);
        let drafts = &mut ws_mut(h).sidebar;
        drafts.player_name = name;
        drafts.player_rank = "1d".to_string();
        h.run();
        h.get_by_label(Text::AddPlayer.tr(lang)).click();
        h.run();
    }
    let free: Vec<PlayerId> = ws(h).session.unseated(round).map(|p| p.id).take(2).collect();
    let seating = ws_mut(h).sidebar.seating.entry(round).or_default();
    seating.black = free.first().copied();
    seating.white = free.get(1).copied();
    h.run();
    h.get_by_label(Text::AddTable.tr(lang)).click();
    h.run();
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

/// Runs frames until every dead-stone suggestion asked for (computed on its own thread, started
/// when its table is first drawn, so a few frames come first) has arrived. Steps, not runs: the
/// counting screen's spinner repaints while it waits.
pub fn settle(h: &mut Harness<'static, Driven>) {
    for step in 0..1000 {
        h.step();
        let pending = step < 3 || suggestion_pending(h);
        if !pending {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no suggestion after 5 s");
}

//! Window tests of the chief arbiter's passphrase (issue 18): set once, only its hash kept; an
//! override of a confirmed result asks for it; a wrong one is refused at the table; five wrong in
//! a row make the next try wait.

#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::chief::Hasher;
use crate::session::{Role, TableId};
use crate::ui::i18n::Text;
use crate::ui::settings::Settings;
use crate::ui::table::Command;
use crate::ui::workstation::WsCommand;
use crate::ui::workstation::harness::{seated, settle, ws, ws_mut};

const TABLE: TableId = TableId { round: 1, table: 1 };
const PASSPHRASE: &str = "correct horse battery";

type H = egui_kittest::Harness<'static, crate::ui::workstation::harness::Driven>;

/// Table 1 seated, the passphrase set, the game resigned by Black (W+R) and confirmed.
fn confirmed() -> H {
    let mut h = seated(Settings::default());
    let now = Duration::ZERO;
    let w = ws_mut(&mut h);
    w.chief_hasher = Hasher::fast_for_tests();
    w.apply(WsCommand::SetChiefPassphrase(PASSPHRASE.to_string()), now);
    wait_chief(&mut h);
    let w = ws_mut(&mut h);
    let resign = GameResult::win(Color::White, Reason::Resignation);
    w.apply(WsCommand::Table(Command::EnterCounting), now);
    w.apply(WsCommand::Table(Command::Ending(Some(resign))), now);
    if let Some(c) = w.current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.black = "CL".to_string();
        c.drafts.white = "AS".to_string();
        c.drafts.arbiter = "AR".to_string();
    }
    w.apply(WsCommand::Table(Command::Confirm), now);
    settle(&mut h);
    h
}

/// Fills the override form (name, reason, `passphrase`) and clicks its button in the window.
fn try_override(h: &mut H, passphrase: &str) {
    if let Some(c) = ws_mut(h).current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.chief = "Zhou Min".to_string();
        c.drafts.reason = "the clock had flagged first".to_string();
        c.drafts.passphrase = passphrase.to_string();
    }
    h.run();
    h.get_by_label(Text::Override.tr(ws(h).lang())).click();
    // Steps, not runs: the passphrase's worker wakes the window at its own moment.
    h.run_steps(2);
    wait_chief(h);
}

/// Frames until the passphrase's worker has answered (argon2 runs off the UI thread).
fn wait_chief(h: &mut H) {
    for _ in 0..500 {
        h.step();
        if !ws(h).chief_busy() {
            h.run_steps(3);
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the passphrase was not checked in 5 s");
}

fn stored_result(h: &H) -> Option<GameResult> {
    ws(h).session.table(TABLE).and_then(|t| t.game.result)
}

fn is_unlocked(h: &H) -> bool {
    ws(h)
        .live(TABLE)
        .and_then(|l| l.table.counting.as_ref())
        .is_some_and(|c| c.confirmed.is_none())
}

#[test]
fn the_passphrase_is_set_once_and_the_session_keeps_only_its_hash() {
    let h = confirmed();
    let phc = ws(&h).session.trust.chief.clone().expect("set");
    assert!(phc.starts_with("$argon2id$") && !phc.contains(PASSPHRASE), "{phc}");
    let mut h = h;
    ws_mut(&mut h).apply(WsCommand::SetChiefPassphrase("another one".into()), Duration::ZERO);
    wait_chief(&mut h);
    assert_eq!(ws(&h).session.trust.chief.as_deref(), Some(phc.as_str()), "set once");
    assert!(ws(&h).notices.last().is_some_and(|n| n.error));
}

#[test]
fn an_override_in_the_window_needs_the_chief_arbiters_passphrase_and_a_wrong_one_is_refused() {
    let mut h = confirmed();
    try_override(&mut h, "not the passphrase");
    assert!(!is_unlocked(&h), "still locked");
    let message = ws(&h).live(TABLE).and_then(|l| l.table.message.clone()).expect("said");
    assert!(message.contains("passphrase is wrong"), "{message}");
    h.get_by_label(&message);
    let drafts = &ws(&h)
        .live(TABLE)
        .and_then(|l| l.table.counting.as_ref())
        .expect("counting")
        .drafts;
    assert!(drafts.passphrase.is_empty(), "the passphrase typed is never kept");

    // The right one unlocks it; the new result is recorded as the chief arbiter's override.
    try_override(&mut h, PASSPHRASE);
    assert!(is_unlocked(&h));
    let time = GameResult::win(Color::Black, Reason::Time);
    let w = ws_mut(&mut h);
    w.apply(WsCommand::Table(Command::Ending(Some(time))), Duration::ZERO);
    if let Some(c) = w.current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.black = "CL".to_string();
        c.drafts.white = "AS".to_string();
        c.drafts.arbiter = "AR".to_string();
    }
    w.apply(WsCommand::Table(Command::Confirm), Duration::ZERO);
    assert_eq!(stored_result(&h), Some(time));
    let entry = ws(&h).session.audit.last().expect("entry");
    assert_eq!(
        (entry.stamp.role, entry.stamp.actor.as_str()),
        (Role::ChiefArbiter, "Zhou Min")
    );
}

#[test]
fn five_wrong_passphrases_in_a_row_make_the_window_wait() {
    let mut h = confirmed();
    for _ in 0..5 {
        try_override(&mut h, "guess");
    }
    let message = ws(&h).live(TABLE).and_then(|l| l.table.message.clone()).expect("said");
    assert!(message.contains("wait 60 s"), "{message}");
    // Within the wait even the right passphrase is refused.
    try_override(&mut h, PASSPHRASE);
    assert!(!is_unlocked(&h));
    // After it (the workstation's time moves on), it opens.
    ws_mut(&mut h).now = Duration::from_secs(61);
    if let Some(c) = ws_mut(&mut h).current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.chief = "Zhou Min".to_string();
        c.drafts.reason = "the clock had flagged first".to_string();
        c.drafts.passphrase = PASSPHRASE.to_string();
    }
    ws_mut(&mut h).apply(WsCommand::Table(Command::Override), Duration::from_secs(61));
    wait_chief(&mut h);
    assert!(is_unlocked(&h));
}

#[test]
fn a_one_sided_clock_correction_in_the_window_needs_the_passphrase_art_22_8() {
    // Art. 22.8: "单方面的时间读数改拨，须经裁判长的认可".
    let mut h = seated(Settings::default());
    ws_mut(&mut h).chief_hasher = Hasher::fast_for_tests();
    ws_mut(&mut h).apply(WsCommand::SetChiefPassphrase(PASSPHRASE.to_string()), Duration::ZERO);
    wait_chief(&mut h);
    let lang = ws(&h).lang();
    h.get_by_label("Start clock").click();
    h.run();
    h.get_by_label("Correct clock").click();
    h.run();
    let fill = |h: &mut H, passphrase: &str| {
        if let Some(l) = ws_mut(h).current()
            && let Some(crate::ui::table::dialogs::Dialog::Correction(form)) = &mut l.table.dialog
        {
            form.main = "30m".to_string();
            form.reason = "clock fault".to_string();
            form.chief = "Wang Fang".to_string();
            form.passphrase = passphrase.to_string();
        }
        h.run();
        h.get_by_label(Text::Apply.tr(lang)).click();
        h.run_steps(2);
        wait_chief(h);
    };
    let edits = |h: &H| {
        ws(h).session.table(TABLE).map_or(0, |t| {
            t.game
                .clock_events
                .iter()
                .filter(|e| matches!(e.kind, crate::clock::EventKind::Edit { .. }))
                .count()
        })
    };
    fill(&mut h, "wrong");
    assert_eq!(edits(&h), 0, "refused");
    assert!(
        ws(&h).live(TABLE).is_some_and(|l| l.table.dialog.is_some()),
        "the form stays open"
    );
    fill(&mut h, PASSPHRASE);
    assert_eq!(edits(&h), 1);
    let entry = ws(&h).session.audit.last().expect("entry");
    assert_eq!(
        (entry.stamp.role, entry.stamp.actor.as_str()),
        (Role::ChiefArbiter, "Wang Fang")
    );
}

#[test]
fn the_passphrase_is_checked_off_the_ui_thread_and_the_action_waits_for_the_answer() {
    let mut h = confirmed();
    if let Some(c) = ws_mut(&mut h).current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.chief = "Zhou Min".to_string();
        c.drafts.reason = "the clock had flagged first".to_string();
        c.drafts.passphrase = PASSPHRASE.to_string();
    }
    h.run();
    // The frame that takes the click does not wait for argon2: the answer is taken in a later
    // frame.
    h.get_by_label(Text::Override.tr(ws(&h).lang())).click();
    h.step();
    assert!(ws(&h).chief_busy(), "the check is under way on its own thread");
    assert!(!is_unlocked(&h), "the override waits for the answer");
    // A second try while the first is checked is told to wait.
    if let Some(c) = ws_mut(&mut h).current().and_then(|l| l.table.counting.as_mut()) {
        c.drafts.passphrase = PASSPHRASE.to_string();
    }
    ws_mut(&mut h).apply(WsCommand::Table(Command::Override), Duration::ZERO);
    let message = ws(&h).live(TABLE).and_then(|l| l.table.message.clone()).expect("said");
    assert_eq!(message, "Checking the passphrase…");
    wait_chief(&mut h);
    assert!(
        is_unlocked(&h),
        "the right passphrase's answer gave the override to its table"
    );
}

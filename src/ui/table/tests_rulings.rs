//! Headless tests (egui_kittest) of the arbiter's rulings at a table (issue 15): every recorded
//! result stops the clock, the timeout rulings of Art. 22.5 by edition, the loss the ledger calls
//! for (Art. 23.7, 24.2) asked at once, the penalty stones' sources on the slip (Art. 24.1),
//! re-reading from a miscalled point (Art. 16.2), the corrections of Art. 22.8, and a ruling kept
//! in the session's audit trail and reopened. Time is driven exactly.

// A test's `expect` names what was missing when it fails.
#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::clock::{EventKind, Phase, TimeoutRuling};
use crate::game::Action;
use crate::ledger::{Catalogue, Edition, Entry, Ledger};
use crate::scoring::{GameResult, Reason};
use crate::ui::table::dialogs::Dialog;
use crate::ui::table::harness::*;
use crate::ui::*;

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

/// Draws until idle; a counting screen's spinner repaints until its suggestion (computed on a
/// thread of its own) arrives, so frames are stepped until then.
fn settle(h: &mut Harness<'static, Driven>) {
    for _ in 0..1000 {
        h.step();
        let waiting = h.state().table.counting.as_ref().is_some_and(|c| {
            matches!(
                c.suggestion,
                crate::ui::counting::Suggestion::Pending(_) | crate::ui::counting::Suggestion::NotAsked
            )
        });
        if !waiting {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no suggestion after 5 s");
}

/// Clicks the widget labelled `label` and draws until idle.
fn press(h: &mut Harness<'static, Driven>, label: &str) {
    h.get_by_label(label).click();
    settle(h);
}

/// Applies `command` at the harness's instant and draws.
fn apply(h: &mut Harness<'static, Driven>, command: Command) {
    let now = h.state().now;
    h.state_mut().table.apply(command, now);
    settle(h);
}

fn at(h: &mut Harness<'static, Driven>, now: Duration) {
    h.state_mut().now = now;
    settle(h);
}

fn message(h: &Harness<'static, Driven>) -> String {
    h.state().table.message.clone().unwrap_or_default()
}

/// A table under `control`, its clock started at 0.
fn started(control: &str) -> Harness<'static, Driven> {
    let mut h = harness();
    apply(&mut h, Command::SetControl(control.to_string()));
    click(&mut h, "Start clock");
    assert_eq!(h.state().table.clock.phase(), Phase::Running);
    h
}

/// Black plays Q16 and presses at 1 s; White's only byo-yomi minute then runs out at 61 s.
fn white_flagged(h: &mut Harness<'static, Driven>) {
    at(h, secs(1));
    click_point(h, gtp("Q16"));
    apply(h, Command::Press(Color::Black));
    at(h, secs(62));
    assert_eq!(h.state().table.clock.phase(), Phase::Flagged);
}

/// The initials typed and the result confirmed on the counting screen.
fn confirm(h: &mut Harness<'static, Driven>) {
    if let Some(c) = &mut h.state_mut().table.counting {
        c.drafts.black = "CL".to_string();
        c.drafts.white = "AS".to_string();
        c.drafts.arbiter = "LW".to_string();
    }
    h.run();
    press(h, "Confirm result");
    assert!(
        h.state().table.counting.as_ref().is_some_and(|c| c.locked()),
        "{}",
        message(h)
    );
}

/// The clock is over, its last event the result's, and nothing runs any more.
fn assert_stopped_for_good(h: &Harness<'static, Driven>, what: &str) {
    let clock = &h.state().table.clock;
    assert_eq!(clock.phase(), Phase::Over, "{what}");
    let now = h.state().now;
    assert_eq!(
        clock.reading(now).used,
        clock.reading(now + secs(3600)).used,
        "{what}: no clock runs after the result"
    );
    assert!(
        clock
            .events()
            .iter()
            .any(|e| matches!(&e.kind, EventKind::Finish { reason } if reason.starts_with("result confirmed")))
            || clock.events().iter().any(|e| matches!(
                e.kind,
                EventKind::TimeoutRuling {
                    ruling: TimeoutRuling::Loss,
                    ..
                }
            ) || matches!(e.kind, EventKind::Lateness { forfeit: true, .. })),
        "{what}: {:?}",
        clock.events()
    );
}

#[test]
fn every_recorded_result_stops_the_clock_count_resignation_time_forfeit_ledger_loss_other_ending() {
    // A count: two passes, the clock running.
    let mut h = started("chinese:60m/5");
    at(&mut h, secs(10));
    press(&mut h, "Pass");
    apply(&mut h, Command::Press(Color::Black));
    at(&mut h, secs(20));
    press(&mut h, "Pass");
    assert!(h.state().table.counting.is_some());
    assert_eq!(
        h.state().table.clock.phase(),
        Phase::Paused,
        "the game is over: the clock stops"
    );
    at(&mut h, secs(500));
    confirm(&mut h);
    assert_stopped_for_good(&h, "count");
    assert_eq!(h.state().table.clock.reading(secs(9000)).used, [secs(10), secs(10)]);

    // A resignation, then another ending chosen on the counting screen.
    for ending in [None, Some(GameResult::ended(Reason::Draw))] {
        let mut h = started("chinese:60m/5");
        at(&mut h, secs(30));
        apply(&mut h, Command::Resign(Color::Black));
        assert_eq!(h.state().table.clock.phase(), Phase::Paused);
        if let Some(ending) = ending {
            apply(&mut h, Command::Ending(Some(ending)));
        }
        at(&mut h, secs(60));
        confirm(&mut h);
        assert_stopped_for_good(&h, "resignation or other ending");
    }

    // A loss on time.
    let mut h = started("chinese:1m/1");
    white_flagged(&mut h);
    press(&mut h, "Loss on time");
    confirm(&mut h);
    assert_stopped_for_good(&h, "time");

    // A forfeit: White 16 minutes late (Art. 22.2: 15 minutes at most); the ledger asks at once.
    let mut h = harness();
    h.state_mut().table.drafts.offender = Color::White;
    h.run();
    click(&mut h, "Lateness");
    type_into(&mut h, "Minutes late", "16");
    click(&mut h, "Apply");
    assert!(
        matches!(h.state().table.dialog, Some(Dialog::Loss(_))),
        "{}",
        message(&h)
    );
    press(&mut h, "Record the loss and end the game");
    assert_eq!(
        h.state().table.counting.as_ref().and_then(|c| c.ending),
        Some(GameResult::win(Color::Black, Reason::Forfeit))
    );
    confirm(&mut h);
    assert_stopped_for_good(&h, "forfeit");

    // A ledger's loss: a second phone ring with the clock running.
    let mut h = started("chinese:60m/5");
    for _ in 0..2 {
        click(&mut h, "Phone sounds");
        click(&mut h, "Record");
    }
    press(&mut h, "Record the loss and end the game");
    assert_eq!(h.state().table.clock.phase(), Phase::Paused);
    confirm(&mut h);
    assert_stopped_for_good(&h, "ledger loss");
}

#[test]
fn art_22_5_a_timeout_in_the_last_minute_offers_a_loss_on_time_or_a_forfeited_move() {
    // "读秒至最后1分钟超时而未着子，原则上应按判负裁决，但经读秒方申请，也可视为放弃着手权使用虚着，
    // 改判弃权一次……继续实施原先读秒方式。"
    let mut h = started("chinese:1m/1");
    white_flagged(&mut h);
    h.get_by_label("White ran out of time in the last minute: the arbiter rules (Art. 22.5)");
    click(&mut h, "Forfeited move, same byo-yomi (player's request)");
    let table = &h.state().table;
    assert_eq!(table.clock.phase(), Phase::Running);
    let reading = table.clock.reading(secs(62));
    assert_eq!(
        reading.turn.map(|t| t.player),
        Some(Color::Black),
        "the opponent's time runs"
    );
    assert_eq!(reading.left[1].period, secs(60), "the same byo-yomi for White");
    let node = table.game.node(table.game.cursor());
    assert_eq!(
        node.action,
        Some(Action::Pass { color: Color::White }),
        "the record: a pass"
    );
    assert!(node.comment.contains("forfeited move"), "{}", node.comment);
    assert!(matches!(
        table.clock.events().last().map(|e| &e.kind),
        Some(EventKind::TimeoutRuling {
            player: Color::White,
            ruling: TimeoutRuling::ForfeitedMove,
            ..
        })
    ));

    // Black plays and presses; White runs out again: a loss on time, the result on the ending.
    at(&mut h, secs(63));
    click_point(&mut h, gtp("D4"));
    apply(&mut h, Command::Press(Color::Black));
    at(&mut h, secs(124));
    press(&mut h, "Loss on time");
    let table = &h.state().table;
    assert_eq!(table.clock.phase(), Phase::Over);
    let win = GameResult::win(Color::Black, Reason::Time);
    assert_eq!(table.counting.as_ref().and_then(|c| c.ending), Some(win));
    assert_eq!(table.game.info.result, "B+T", "the record carries the result");
    h.get_by_label(&win.english());
}

#[test]
fn art_22_5_under_the_old_text_a_timeout_is_always_a_loss() {
    // Old Art. 23.5: "对局者用时(包括读秒)超过时限，一律判负".
    let mut h = started("chinese:1m/1");
    h.state_mut().table.ledger = Ledger::new(Edition::ChineseOld);
    h.state_mut().table.catalogue = Catalogue::standard(Edition::ChineseOld);
    white_flagged(&mut h);
    h.get_by_label("Loss on time");
    assert!(
        h.query_by_label("Forfeited move, same byo-yomi (player's request)")
            .is_none(),
        "not offered"
    );
    h.get_by_label_contains("always a loss, old Art. 23.5");
    apply(&mut h, Command::RuleTimeout(TimeoutRuling::ForfeitedMove));
    assert!(message(&h).contains("no forfeited move"), "{}", message(&h));
    assert_eq!(h.state().table.clock.phase(), Phase::Flagged, "refused: nothing ruled");
    press(&mut h, "Loss on time");
    assert_eq!(
        h.state().table.counting.as_ref().and_then(|c| c.ending),
        Some(GameResult::win(Color::Black, Reason::Time))
    );
}

#[test]
fn art_23_7_a_second_phone_ring_asks_at_once_and_a_loss_not_given_needs_a_reason() {
    // "初违者判警告一次，再违者判负。"
    let mut h = started("chinese:60m/5");
    for _ in 0..2 {
        click(&mut h, "Phone sounds");
        click(&mut h, "Record");
    }
    h.get_by_label("Black loses: Mobile phone sounds (Art. 23.7), incident 2");
    click(&mut h, "Do not give the loss");
    assert_eq!(message(&h), "not giving the loss needs a reason");
    assert!(matches!(h.state().table.dialog, Some(Dialog::Loss(_))));
    type_into(
        &mut h,
        "Reason for not giving the loss",
        "the ring came from the venue's phone",
    );
    click(&mut h, "Do not give the loss");
    let table = &h.state().table;
    assert!(table.dialog.is_none(), "{}", message(&h));
    assert_eq!(table.clock.phase(), Phase::Running, "the game goes on");
    assert!(table.counting.is_none());
    assert!(table.ledger.entries().iter().any(|e| matches!(
        e,
        Entry::LossDeclined(d) if d.reason == "the ring came from the venue's phone"
    )));
    assert_eq!(table.ledger.outcome(), None);
}

#[test]
fn art_24_2_a_second_warning_asks_at_once_and_the_slip_names_each_penalty_stones_incident() {
    // Art. 24.2: "被判两次警告，则判该局为负"; Art. 24.1: "被警告方罚出一子".
    let mut h = harness();
    click_point(&mut h, gtp("Q16"));
    for offence in ["Takeback", "Early press"] {
        click(&mut h, offence);
        click(&mut h, "Record");
    }
    h.get_by_label("Black loses: Second warning (Art. 24.2), incident 2");
    click(&mut h, "Later");
    assert!(h.state().table.dialog.is_none());
    click(&mut h, "Rule on the loss…");
    press(&mut h, "Record the loss and end the game");
    let c = h.state().table.counting.as_ref().expect("counting");
    assert_eq!(c.ending, Some(GameResult::win(Color::White, Reason::Disqualification)));
    h.get_by_label("Penalty stones from");
    h.get_by_label("Black: 1 stone, incident 1, Takeback: stone lifted and played elsewhere (Art. 17.3)");
    h.get_by_label_contains("Black: 1 stone, incident 2,");
}

#[test]
fn art_16_2_the_player_demands_a_reread_from_the_point_chosen() {
    // "如读秒至最后一分钟而裁判未以相应方式读秒，棋手有权利要求裁判员按规定从读错之处重新读秒。"
    let mut h = started("chinese:1m/1");
    at(&mut h, secs(45));
    h.state_mut().table.take_announcements();
    click(&mut h, "Re-read from…");
    h.get_by_label("Black is at second 45 of this minute");
    type_into(&mut h, "Re-read from second", "75");
    click(&mut h, "Apply");
    assert!(message(&h).contains("not a second"), "{}", message(&h));
    if let Some(Dialog::Reread(form)) = &mut h.state_mut().table.dialog {
        form.from.clear();
    }
    type_into(&mut h, "Re-read from second", "40");
    click(&mut h, "Apply");
    let table = &h.state().table;
    assert!(table.dialog.is_none(), "{}", message(&h));
    assert_eq!(table.clock.reading(secs(45)).left[0].period, secs(20));
    assert!(matches!(
        table.clock.events().last().map(|e| &e.kind),
        Some(EventKind::Reread { from, .. }) if *from == secs(40)
    ));
    at(&mut h, secs(55));
    let calls: Vec<(Duration, &str)> = h
        .state_mut()
        .table
        .take_announcements()
        .iter()
        .map(|a| (a.at, a.clip))
        .collect();
    assert_eq!(
        calls,
        vec![(secs(45), "sec_40"), (secs(55), "sec_50")],
        "the 40 said again, and the 50 falls due from there"
    );
}

/// A table under `chinese:3h/5` whose used times add up to `used`, Black 31 minutes.
fn used_up(used: Duration) -> Harness<'static, Driven> {
    let mut h = started("chinese:3h/5");
    at(&mut h, secs(1860));
    apply(&mut h, Command::Press(Color::Black));
    at(&mut h, used);
    apply(&mut h, Command::Press(Color::White));
    h
}

#[test]
fn art_22_8_the_proportional_correction_shows_both_readings_and_starts_at_2_minutes_an_hour() {
    // "读数总和的误差超过每小时2分钟（含）的，应立即更换计时器，并参照双方已用时间按比例拨正时间。
    // 误差小于此数的，可以更换计时器但不改拨时间。"
    let mut h = used_up(secs(3720));
    click(&mut h, "Proportional correction");
    assert_eq!(
        h.state().table.clock.phase(),
        Phase::Paused,
        "the correction stops the clock"
    );
    type_into(&mut h, "True elapsed playing time (both sides)", "1h");
    h.get_by_label("Now");
    h.get_by_label("After");
    assert_eq!(h.get_all_by_label("31:00").count(), 2, "both used times now");
    assert_eq!(h.get_all_by_label("30:00").count(), 2, "both used times after");
    h.get_by_label_contains("Error of 2 minutes an hour or more");
    click(&mut h, "Apply");
    let table = &h.state().table;
    assert!(table.dialog.is_none(), "{}", message(&h));
    assert_eq!(table.clock.reading(secs(3720)).used, [secs(1800), secs(1800)]);

    // 119.999 s over the hour: shown, recorded, not applied.
    let mut h = used_up(ms(3_719_999));
    click(&mut h, "Proportional correction");
    type_into(&mut h, "True elapsed playing time (both sides)", "1h");
    h.get_by_label_contains("Error under 2 minutes an hour");
    click(&mut h, "Apply");
    let table = &h.state().table;
    assert_eq!(
        table.clock.reading(ms(3_719_999)).used,
        [secs(1860), ms(1_859_999)],
        "the times stand"
    );
    assert!(matches!(
        table.clock.events().last().map(|e| &e.kind),
        Some(EventKind::Correction { applied: false, .. })
    ));
}

#[test]
fn art_22_8_a_one_sided_correction_needs_the_chief_arbiters_name() {
    // "单方面的时间读数改拨，须经裁判长的认可。"
    let mut h = started("chinese:60m/5");
    at(&mut h, secs(10));
    click(&mut h, "Correct clock");
    if let Some(Dialog::Correction(form)) = &mut h.state_mut().table.dialog {
        form.main.clear();
    }
    type_into(&mut h, "Main time", "30m");
    type_into(&mut h, "Reason", "clock fault");
    click(&mut h, "Apply");
    assert!(message(&h).contains("chief arbiter's approval"), "{}", message(&h));
    assert!(h.state().table.dialog.is_some(), "refused: the form stays open");
    type_into(&mut h, "Approved by chief arbiter (name)", "Wang Fang");
    click(&mut h, "Apply");
    let table = &h.state().table;
    assert!(table.dialog.is_none(), "{}", message(&h));
    assert!(matches!(
        table.clock.events().last().map(|e| &e.kind),
        Some(EventKind::Edit { reason, .. }) if reason == "clock fault; approved by chief arbiter Wang Fang"
    ));
}

#[test]
fn the_rulings_draw_in_chinese() {
    let mut h = started("chinese:1m/1");
    h.state_mut().table.lang = i18n::Lang::Zh;
    white_flagged(&mut h);
    let zh = |t: i18n::Text| t.tr(i18n::Lang::Zh);
    h.get_by_label(zh(i18n::Text::LossOnTime));
    h.get_by_label(zh(i18n::Text::ForfeitedMoveRuling));
    h.get_by_label("白方读秒最后1分钟超时：请裁判裁决（第22.5条）");
    click(&mut h, zh(i18n::Text::ProportionalCorrection));
    h.get_by_label(zh(i18n::Text::TrueElapsed));
}

mod session {
    //! The rulings stored in the session: one audit entry each, and reopened.

    use std::path::{Path, PathBuf};
    use std::time::Duration;

    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    use crate::board::Color;
    use crate::clock::Phase;
    use crate::scoring::{GameResult, Reason};
    use crate::session::TableId;
    use crate::ui::settings::Settings;
    use crate::ui::workstation::files::Request;
    use crate::ui::workstation::harness::*;
    use crate::ui::workstation::{FileAction, Place, Workstation, WsCommand};

    const TABLE: TableId = TableId { round: 1, table: 1 };

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn saved(name: &str) -> (Harness<'static, Driven>, PathBuf) {
        let path = scratch(name).join("day.ron");
        let mut h = seated(Settings::default());
        let request = ws(&h).request(FileAction::SaveAs).expect("save as");
        ws_mut(&mut h).apply(WsCommand::File(request, Some(path.clone())), Duration::ZERO);
        wait_files(&mut h);
        assert!(matches!(ws(&h).place, Place::File { .. }));
        (h, path)
    }

    fn reopened(path: &Path) -> Harness<'static, Driven> {
        let mut h = harness_with(Workstation::new(Settings::default(), WALL));
        ws_mut(&mut h).apply(WsCommand::File(Request::Open, Some(path.to_path_buf())), Duration::ZERO);
        for _ in 0..500 {
            // Steps, not runs: a reopened table may be counting (its suggestion's spinner).
            h.step();
            if ws(&h).files.pending == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        settle(&mut h);
        h
    }

    /// Draws until idle, stepping while a table's dead-stone suggestion is being computed.
    fn settle(h: &mut Harness<'static, Driven>) {
        for _ in 0..1000 {
            h.step();
            let waiting = ws(h).live.iter().any(|l| {
                l.table.counting.as_ref().is_some_and(|c| {
                    matches!(
                        c.suggestion,
                        crate::ui::counting::Suggestion::Pending(_) | crate::ui::counting::Suggestion::NotAsked
                    )
                })
            });
            if !waiting {
                h.run();
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no suggestion after 5 s");
    }

    fn entries(h: &Harness<'static, Driven>, word: &str) -> usize {
        ws(h).session.audit.iter().filter(|e| e.what.contains(word)).count()
    }

    #[test]
    fn art_22_5_a_loss_on_time_leaves_one_audit_entry_and_survives_reopening_the_session() {
        let (mut h, path) = saved("timeout-ruling");
        h.get_by_label("Start clock").click();
        h.run();
        // Black's 60 minutes and 5 reserved minutes run out at 3900 s.
        at(&mut h, secs(3901));
        h.get_by_label("Loss on time").click();
        settle(&mut h);
        assert_eq!(
            entries(&h, "timeout ruling: Black loses on time"),
            1,
            "one audit entry for the ruling"
        );
        let stored = &ws(&h).session.table(TABLE).expect("table").game;
        assert!(stored.record.contains("RE[W+T]"), "{}", stored.record);
        ws_mut(&mut h).close();

        let mut h2 = reopened(&path);
        assert_eq!(entries(&h2, "timeout ruling: Black loses on time"), 1);
        let live = ws(&h2).live(TABLE).expect("live");
        assert_eq!(live.table.clock.phase(), Phase::Over);
        assert_eq!(
            live.table.counting.as_ref().and_then(|c| c.ending),
            Some(GameResult::win(Color::White, Reason::Time)),
            "the loss on time is the ending again"
        );
        ws_mut(&mut h2).close();
    }

    #[test]
    fn art_23_7_a_loss_not_given_leaves_one_audit_entry_and_survives_reopening_the_session() {
        let (mut h, path) = saved("loss-declined");
        for _ in 0..2 {
            h.get_by_label("Phone sounds").click();
            h.run();
            h.get_by_label("Record").click();
            h.run();
        }
        h.get_by_label("Reason for not giving the loss").focus();
        h.run();
        h.get_by_label("Reason for not giving the loss")
            .type_text("venue's phone");
        h.run();
        h.get_by_label("Do not give the loss").click();
        h.run();
        assert_eq!(
            entries(&h, "'s loss (incident 2) declined by"),
            1,
            "one audit entry for the ruling"
        );
        ws_mut(&mut h).close();

        let mut h2 = reopened(&path);
        assert_eq!(entries(&h2, "'s loss (incident 2) declined by"), 1);
        let live = ws(&h2).live(TABLE).expect("live");
        assert_eq!(live.table.ledger.pending_loss(), None, "not asked again");
        assert!(live.table.counting.is_none(), "the game goes on");
        ws_mut(&mut h2).close();
    }
}

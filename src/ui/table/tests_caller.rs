//! Window tests of the caller at the table (issue 17): the timeout message with the player's own
//! used time, and the calls the table hands ahead to the sound, kept current at every change.

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::clock::Phase;
use crate::ui::table::harness::*;
use crate::ui::*;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn at(harness: &mut egui_kittest::Harness<'static, Driven>, now: Duration) {
    harness.state_mut().now = now;
    harness.run();
}

fn upcoming(harness: &egui_kittest::Harness<'static, Driven>) -> Vec<(Duration, &'static str)> {
    let d = harness.state();
    d.table
        .upcoming(d.now, crate::ui::table::sound::PLAN_AHEAD)
        .iter()
        .map(|a| (a.at, a.clip))
        .collect()
}

/// A table in `lang` at `chinese:2m/2` whose clock was started 23 s after the table was opened,
/// and Black never pressed: the harness after the flag fell (143.5 s on the table's timeline).
fn flagged(lang: Lang) -> egui_kittest::Harness<'static, Driven> {
    let mut table = Table::new();
    table.lang = lang;
    let mut h = harness_with(table);
    h.state_mut()
        .table
        .apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    at(&mut h, secs(23));
    h.get_by_label(Text::StartClock.tr(lang)).click();
    h.run();
    at(&mut h, Duration::from_millis(143_500));
    assert_eq!(h.state().table.clock.phase(), Phase::Flagged);
    h
}

/// Art. 22.5: the timeout message says what the player used, 2:00 of `chinese:2m/2`, not the
/// time since the table was opened (the clock was started 23 s after it).
#[test]
fn art_22_5_the_timeout_message_gives_the_players_own_used_time() {
    let h = flagged(Lang::En);
    h.get_by_label("Black ran out of time, having used 2:00: the arbiter must rule (Art. 22.5)");
    assert!(h.query_by_label_contains("2:23").is_none(), "not the table's own time");
    let h = flagged(Lang::Zh);
    h.get_by_label("黑方用时2:00，已超时：须由裁判裁决（第22.5条）");
}

/// The calls the table hands ahead (`upcoming`) follow the clock: the next three seconds of the
/// side to move; none while paused; a press replaces them with the other side's.
#[test]
fn the_calls_handed_ahead_follow_every_press_and_pause() {
    let mut h = harness();
    h.state_mut()
        .table
        .apply(Command::SetControl("chinese:2m/2".to_string()), Duration::ZERO);
    h.get_by_label("Start clock").click();
    h.run();
    at(&mut h, secs(28));
    assert_eq!(upcoming(&h), vec![(secs(30), "sec_30")]);
    at(&mut h, secs(57));
    assert_eq!(
        upcoming(&h),
        vec![
            (secs(58), "sec_58"),
            (secs(60), "one_minute"),
            (secs(60), "minutes_left_1")
        ],
        "two calls at one instant, in the rules' order"
    );
    h.state_mut().table.apply(Command::TogglePause, secs(57));
    assert_eq!(h.state().table.clock.phase(), Phase::Paused);
    assert!(upcoming(&h).is_empty(), "a paused clock has nothing ahead");
    at(&mut h, secs(59));
    h.state_mut().table.apply(Command::TogglePause, secs(59));
    assert_eq!(
        upcoming(&h),
        vec![
            (secs(60), "sec_58"),
            (secs(62), "one_minute"),
            (secs(62), "minutes_left_1")
        ]
    );
    at(&mut h, secs(60));
    h.state_mut().table.apply(Command::Press(Color::Black), secs(60));
    assert!(
        upcoming(&h).is_empty(),
        "Black's calls dropped; White's first is 30 s away"
    );
    at(&mut h, secs(88));
    assert_eq!(upcoming(&h), vec![(secs(90), "sec_30")]);
}

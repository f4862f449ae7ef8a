//! The one reading of a side's time (`TimeControl::shown`): main time and the reserved minutes or
//! periods named apart, the same figures whatever form shows them.

use std::time::Duration;

use go_arbiter::board::Color::Black;
use go_arbiter::clock::{Clock, Extra, Shown, TimeControl};

fn control(spec: &str) -> TimeControl {
    spec.parse().unwrap()
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Black's reading after thinking `thinking` from the start under `spec`.
fn black_after(spec: &str, thinking: Duration) -> Shown {
    let mut clock = Clock::new(control(spec));
    clock.start(Duration::ZERO, Black).unwrap();
    let left = clock.reading(thinking).left[0];
    clock.control().shown(&left)
}

#[test]
fn chinese_main_time_leaves_the_reserved_minutes_out_and_names_them() {
    // Art. 12.3 (2002): "在规定时限内保留几分钟开始读秒": 60 minutes with 3 reserved are 57 minutes
    // of main time, then 3 minutes of byo-yomi. After 4:19 the face and every form read 52:41 of
    // main time and 3 reserved minutes, 55:41 in all.
    let shown = black_after("chinese:60m/3", secs(4 * 60 + 19));
    assert_eq!(shown.main, secs(52 * 60 + 41));
    assert_eq!(shown.figure(), shown.main, "the face's figure is the main time");
    assert_eq!(
        shown.extra,
        Extra::Reserved {
            minutes: 3,
            length: secs(60),
            current: None
        }
    );
    assert_eq!(shown.total, secs(55 * 60 + 41));
    assert!(!shown.in_byo_yomi());
}

#[test]
fn in_chinese_byo_yomi_the_figure_is_the_current_minute_and_the_count_includes_it() {
    // 57 minutes of main time and 18 s into the first reserved minute: 0:42 of it left, and
    // 3 reserved minutes still counted (the current one among them), 2:42 in all.
    let shown = black_after("chinese:60m/3", secs(57 * 60 + 18));
    assert!(shown.in_byo_yomi());
    assert_eq!(shown.main, Duration::ZERO);
    assert_eq!(shown.figure(), secs(42));
    assert_eq!(
        shown.extra,
        Extra::Reserved {
            minutes: 3,
            length: secs(60),
            current: Some(secs(42))
        }
    );
    assert_eq!(shown.total, secs(2 * 60 + 42));
}

#[test]
fn japanese_periods_are_named_as_periods() {
    let shown = black_after("japanese:10m+3x30s", secs(10 * 60 + 40));
    assert_eq!(
        shown.extra,
        Extra::Periods {
            periods: 2,
            length: secs(30),
            current: Some(secs(20))
        }
    );
    assert_eq!(shown.figure(), secs(20));
}

#[test]
fn sudden_death_and_fischer_read_main_time_only() {
    let shown = black_after("absolute:60m", secs(61));
    assert_eq!(
        (shown.main, shown.extra, shown.total),
        (secs(3539), Extra::Nothing, secs(3539))
    );
    let shown = black_after("fischer:30m+20s", secs(60));
    assert_eq!(shown.extra, Extra::Increment(secs(20)));
    assert_eq!(shown.figure(), secs(29 * 60));
}

#[test]
fn a_recorded_whole_time_reads_back_as_the_same_main_time_and_minutes() {
    // A ledger report keeps the whole time left; shown again it must give the face's numbers.
    for spec in [
        "chinese:60m/3",
        "chinese:10m/3x30s",
        "japanese:10m+3x30s",
        "absolute:60m",
        "fischer:30m+20s",
    ] {
        for thinking in [
            0, 1, 59, 60, 61, 299, 541, 599, 600, 601, 630, 659, 689, 3419, 3420, 3421, 3479, 3500,
        ] {
            let shown = black_after(spec, secs(thinking));
            let control = control(spec);
            if shown.total.is_zero() {
                continue;
            }
            assert_eq!(control.shown_total(shown.total), shown, "{spec} after {thinking} s");
        }
    }
}

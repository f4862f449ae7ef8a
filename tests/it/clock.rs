//! Tests of the clock.

use std::time::Duration;

use go_arbiter::board::Color::{Black, White};
use go_arbiter::clock::{
    Clock, ClockError, ClockEvent, ControlError, EventKind, LatenessOutcome, LatenessRule, PRESETS, Phase,
    PressOutcome, TimeControl, TimeLeft, TimeoutRuling,
};
use go_arbiter::ledger::{Catalogue, Edition};

/// Exact to the millisecond (no float sums: 129.9 - 69.9 must be exactly 60 s).
fn secs(s: f64) -> Duration {
    Duration::from_millis((s * 1000.0).round() as u64)
}

fn min(m: u64) -> Duration {
    Duration::from_secs(60 * m)
}

fn control(spec: &str) -> TimeControl {
    spec.parse().unwrap()
}

fn started(spec: &str) -> Clock {
    let mut clock = Clock::new(control(spec));
    clock.start(Duration::ZERO, Black).unwrap();
    clock
}

#[test]
fn written_forms_round_trip() {
    for spec in [
        "absolute:60m",
        "chinese:60m/5",
        "japanese:10m+3x30s",
        "canadian:60m+15/10m",
        "fischer:30m+20s",
    ] {
        let parsed = control(spec);
        assert_eq!(parsed.to_string(), spec);
        assert_eq!(control(&parsed.to_string()), parsed);
    }
    assert_eq!(
        control("chinese:60m/5"),
        TimeControl::Chinese {
            main: min(60),
            reserved_minutes: 5,
            period: Duration::from_secs(60)
        }
    );
    assert_eq!(
        control("japanese:10m+3x30s"),
        TimeControl::Japanese {
            main: min(10),
            periods: 3,
            period: secs(30.0)
        }
    );
    assert_eq!(
        control("canadian:60m+15/10m"),
        TimeControl::Canadian {
            main: min(60),
            moves: 15,
            period: min(10)
        }
    );
    assert_eq!(
        control("fischer:30m+20s"),
        TimeControl::Fischer {
            main: min(30),
            increment: secs(20.0)
        }
    );
    // Other spellings come back in the canonical form.
    assert_eq!(control("absolute:1h").to_string(), "absolute:60m");
    assert_eq!(control("japanese:0+5x60s").to_string(), "japanese:0m+5x1m");
    assert_eq!(control("fischer:1h30m+90s").to_string(), "fischer:90m+1m30s");
    for preset in PRESETS {
        let parsed = control(preset.name);
        assert_eq!(parsed, control(preset.spec));
        assert_eq!(control(&parsed.to_string()), parsed);
    }
}

#[test]
fn written_form_errors_say_what_was_wrong() {
    let error = |spec: &str| spec.parse::<TimeControl>().unwrap_err();
    assert_eq!(error(""), ControlError::Empty);
    assert!(matches!(error("blitz:5m"), ControlError::UnknownKind(k) if k == "blitz:5m"));
    assert!(error("blitz:5m").to_string().contains("chinese:60m/5"));
    assert!(error("chinese:60m").to_string().contains("chinese:MAIN/RESERVED"));
    assert!(error("absolute:60").to_string().contains("needs a unit"));
    assert!(error("absolute:1.5m").to_string().contains("whole seconds"));
    assert!(error("absolute:5s10m").to_string().contains("largest first"));
    assert!(matches!(error("japanese:10m+threex30s"), ControlError::Number { text } if text == "three"));
    assert!(error("chinese:3m/5").to_string().contains("do not fit"));
    assert!(error("chinese:60m/0").to_string().contains("reserve 1 to 10"));
    assert!(error("japanese:10m+3x0s").to_string().contains("0 seconds"));
}

#[test]
fn chinese_move_under_a_minute_uses_nothing_a_full_minute_uses_one() {
    let mut clock = started("chinese:3m/3");
    assert_eq!(clock.press(secs(59.9), Black, 1).unwrap(), PressOutcome::Moved);
    assert_eq!(clock.reading(secs(59.9)).left[0].periods, 3);
    clock.press(secs(69.9), White, 2).unwrap();
    clock.press(secs(129.9), Black, 3).unwrap(); // exactly 60.0 s
    let left = clock.reading(secs(129.9)).left[0];
    assert_eq!((left.main, left.periods, left.period), (Duration::ZERO, 2, secs(60.0)));
    // 2 minutes 5 seconds use two minutes.
    clock.press(secs(130.0), White, 4).unwrap();
    clock.press(secs(130.0) + secs(65.0), Black, 5).unwrap();
    assert_eq!(clock.reading(secs(195.0)).left[0].periods, 1);
}

#[test]
fn chinese_byo_yomi_starts_when_free_main_time_runs_out() {
    // 60 minutes of which 5 reserved: 55 free minutes.
    let mut clock = started("chinese:60m/5");
    clock.press(min(54) + secs(50.0), Black, 1).unwrap();
    assert_eq!(
        clock.reading(min(55)).left[0],
        TimeLeft {
            main: secs(10.0),
            periods: 5,
            period: secs(60.0),
            period_moves: 0
        }
    );
    clock.press(min(55), White, 2).unwrap();
    // 10 s of free main, then 65 s of byo-yomi: one reserved minute used.
    clock.press(min(55) + secs(75.0), Black, 3).unwrap();
    let left = clock.reading(min(57)).left[0];
    assert_eq!((left.main, left.periods), (Duration::ZERO, 4));
}

#[test]
fn final_minute_timeout_ruled_a_loss() {
    let mut clock = started("chinese:1m/1");
    // A press at 60.0 s in the final minute is too late ("10" said as the stone goes down).
    let outcome = clock.press(secs(60.0), Black, 1).unwrap();
    assert_eq!(
        outcome,
        PressOutcome::TimedOut {
            player: Black,
            at: secs(60.0)
        }
    );
    assert_eq!(clock.phase(), Phase::Flagged);
    assert_eq!(
        clock.press(secs(61.0), Black, 1),
        Err(ClockError::Flagged { player: Black })
    );
    clock
        .rule_timeout(secs(70.0), TimeoutRuling::Loss, "no request")
        .unwrap();
    assert_eq!(clock.phase(), Phase::Over);
    assert_eq!(clock.reading(secs(80.0)).lost, [true, false]);
    let last = &clock.events()[clock.events().len() - 1];
    assert_eq!(
        last.kind,
        EventKind::TimeoutRuling {
            player: Black,
            ruling: TimeoutRuling::Loss,
            reason: "no request".into()
        }
    );
}

#[test]
fn final_minute_timeout_ruled_a_forfeited_move_continues_the_same_byo_yomi() {
    let mut clock = started("chinese:2m/2");
    clock.press(secs(70.0), Black, 1).unwrap(); // one minute used: the final minute remains
    clock.press(secs(80.0), White, 2).unwrap();
    // Black thinks on: the clock stops at exactly 60 s into the final minute.
    assert_eq!(clock.observe(secs(150.0)).unwrap(), Some((Black, secs(140.0))));
    assert_eq!(clock.flag_instant(), None);
    clock
        .rule_timeout(
            secs(200.0),
            TimeoutRuling::ForfeitedMove,
            "Black asked for a forfeited move",
        )
        .unwrap();
    assert_eq!(clock.phase(), Phase::Running);
    // White's time runs from the ruling; the time between flag and ruling counts for nobody.
    let reading = clock.reading(secs(230.0));
    assert_eq!(reading.turn.unwrap().player, White);
    assert_eq!(reading.left[1].period, secs(30.0));
    assert_eq!(reading.used, [secs(130.0), secs(40.0)]);
    clock.press(secs(230.0), White, 3).unwrap();
    // Black is in the final minute again.
    assert_eq!(
        clock.reading(secs(230.0)).left[0],
        TimeLeft {
            main: Duration::ZERO,
            periods: 1,
            period: secs(60.0),
            period_moves: 0
        }
    );
    assert!(matches!(clock.press(secs(290.0), Black, 4), Ok(PressOutcome::TimedOut { at, .. }) if at == secs(290.0)));
    // Sudden death has no byo-yomi to continue.
    let mut sudden = started("absolute:1m");
    sudden.observe(secs(61.0)).unwrap();
    assert!(matches!(
        sudden.rule_timeout(secs(62.0), TimeoutRuling::ForfeitedMove, "asked"),
        Err(ClockError::NoByoYomi { .. })
    ));
}

#[test]
fn lateness_of_ten_minutes_deducts_twenty() {
    let mut clock = Clock::new(control("chinese:60m/5"));
    let outcome = clock.record_lateness(
        min(10),
        Black,
        min(10),
        LatenessRule::SAME_SITE,
        "arrived 10 minutes late",
    );
    assert_eq!(outcome.unwrap(), LatenessOutcome::Deducted(min(20)));
    clock.start(min(10), Black).unwrap();
    // 55 free minutes less 20; the reserve is untouched.
    let left = clock.reading(min(10)).left[0];
    assert_eq!((left.main, left.periods), (min(35), 5));
    assert_eq!(clock.reading(min(10)).left[1].main, min(55));
    clock.press(min(11), Black, 1).unwrap();
    assert_eq!(
        clock.record_lateness(min(11), White, min(1), LatenessRule::SAME_SITE, "late"),
        Err(ClockError::LatenessAfterStart)
    );
}

#[test]
fn lateness_beyond_the_limit_forfeits() {
    let mut clock = Clock::new(control("absolute:60m"));
    let same_site = clock.record_lateness(min(16), White, min(16), LatenessRule::SAME_SITE, "16 minutes late");
    assert_eq!(same_site.unwrap(), LatenessOutcome::Forfeit);
    assert_eq!(clock.phase(), Phase::Over);
    assert_eq!(clock.reading(min(16)).lost, [false, true]);
    // Both late: each handled on its own, both may lose.
    assert_eq!(
        clock
            .record_lateness(min(17), Black, min(17), LatenessRule::SAME_SITE, "17 minutes late")
            .unwrap(),
        LatenessOutcome::Forfeit
    );
    assert_eq!(clock.reading(min(17)).lost, [true, true]);
    // The limit itself is allowed; apart from the lodging the limit is an hour.
    let mut exact = Clock::new(control("absolute:60m"));
    assert_eq!(
        exact
            .record_lateness(min(15), Black, min(15), LatenessRule::SAME_SITE, "15 minutes late")
            .unwrap(),
        LatenessOutcome::Deducted(min(30))
    );
    let mut apart = Clock::new(control("absolute:90m"));
    assert_eq!(
        apart
            .record_lateness(min(16), Black, min(16), LatenessRule::APART, "16 minutes late")
            .unwrap(),
        LatenessOutcome::Deducted(min(32))
    );
    let custom = LatenessRule {
        factor: 2,
        limit: min(30),
    };
    assert_eq!(
        Clock::new(control("absolute:60m"))
            .record_lateness(min(31), Black, min(31), custom, "late")
            .unwrap(),
        LatenessOutcome::Forfeit
    );
}

/// The lateness rule of `edition` as the ledger's catalogue gives it (limit: 15 minutes).
fn lateness_rule(edition: Edition) -> LatenessRule {
    let (factor, limit) = Catalogue::standard(edition).lateness().unwrap();
    LatenessRule { factor, limit }
}

#[test]
fn lateness_of_ten_minutes_costs_twenty_under_2002_and_ten_under_the_old_text() {
    // Chinese 60 minutes, 5 reserved: 55 free minutes. Black is 10 minutes late.
    //
    //   edition       factor  deducted  Black's main  White's main
    //   2002 (22.1)      2      20m         35m           55m
    //   old (23.3)       1      10m         45m           55m
    let cases = [
        (Edition::Chinese2002, 2, min(20), min(35)),
        (Edition::ChineseOld, 1, min(10), min(45)),
    ];
    for (edition, factor, deducted, main) in cases {
        let rule = lateness_rule(edition);
        assert_eq!(rule, LatenessRule { factor, limit: min(15) }, "{edition}");
        let mut clock = Clock::new(control("chinese:60m/5"));
        let outcome = clock.record_lateness(min(10), Black, min(10), rule, "arrived 10 minutes late");
        assert_eq!(outcome.unwrap(), LatenessOutcome::Deducted(deducted), "{edition}");
        clock.start(min(10), Black).unwrap();
        let reading = clock.reading(min(10));
        assert_eq!(
            (reading.left[0].main, reading.left[0].periods, reading.left[1].main),
            (main, 5, min(55)),
            "{edition}: only Black's free main time pays, the reserve is untouched"
        );
        assert!(
            matches!(
                clock.events()[0].kind,
                EventKind::Lateness { factor: f, deducted: d, forfeit: false, .. } if f == factor && d == deducted
            ),
            "{edition}: the event records what was deducted: {:?}",
            clock.events()[0]
        );
    }
}

#[test]
fn lateness_beyond_the_limit_forfeits_under_both_editions() {
    //   edition   15m late (the limit)   16m late
    //   2002      30m deducted           forfeit
    //   old       15m deducted           forfeit
    for (edition, at_limit) in [(Edition::Chinese2002, min(30)), (Edition::ChineseOld, min(15))] {
        let rule = lateness_rule(edition);
        let mut clock = Clock::new(control("absolute:60m"));
        assert_eq!(
            clock
                .record_lateness(min(15), Black, min(15), rule, "15 minutes late")
                .unwrap(),
            LatenessOutcome::Deducted(at_limit),
            "{edition}"
        );
        assert_eq!(
            clock
                .record_lateness(min(16), White, min(16), rule, "16 minutes late")
                .unwrap(),
            LatenessOutcome::Forfeit,
            "{edition}"
        );
        let reading = clock.reading(min(16));
        assert_eq!(reading.phase, Phase::Over, "{edition}");
        assert_eq!(reading.lost, [false, true], "{edition}");
        assert_eq!(reading.left[1].main, min(60), "{edition}: a forfeit deducts nothing");
        assert!(matches!(
            clock.events()[1].kind,
            EventKind::Lateness {
                forfeit: true,
                deducted: Duration::ZERO,
                ..
            }
        ));
    }
}

#[test]
fn a_lateness_deduction_larger_than_the_main_time_empties_it_without_overflow() {
    let huge = LatenessRule {
        factor: u32::MAX,
        limit: Duration::MAX,
    };
    let mut clock = Clock::new(control("chinese:60m/5"));
    let late = Duration::from_secs(u64::MAX / 2);
    assert_eq!(
        clock.record_lateness(late, Black, late, huge, "very late").unwrap(),
        LatenessOutcome::Deducted(Duration::MAX)
    );
    assert_eq!(clock.reading(late).left[0].main, Duration::ZERO);
    assert_eq!(clock.reading(late).left[0].periods, 5);
    let replayed = Clock::replay(*clock.control(), clock.events()).unwrap();
    assert_eq!(replayed, clock);
}

#[test]
fn an_hour_limit_set_in_the_catalogue_deducts_thirty_minutes_late_instead_of_forfeiting() {
    // Venue and lodging apart (Art. 22.1): the event sets the catalogue's limit to an hour.
    for (edition, factor) in [(Edition::Chinese2002, 2), (Edition::ChineseOld, 1)] {
        let mut catalogue = Catalogue::standard(edition);
        catalogue.set_lateness_limit(min(60));
        let (factor_given, limit) = catalogue.lateness().unwrap();
        assert_eq!((factor_given, limit), (factor, min(60)), "{edition}");
        let rule = LatenessRule { factor, limit };
        let mut clock = Clock::new(control("absolute:90m"));
        assert_eq!(
            clock
                .record_lateness(min(30), Black, min(30), rule, "30 minutes late")
                .unwrap(),
            LatenessOutcome::Deducted(min(30) * factor),
            "{edition}"
        );
        assert_eq!(clock.reading(min(30)).lost, [false, false], "{edition}");
        assert_eq!(
            clock
                .record_lateness(min(61), White, min(61), rule, "61 minutes late")
                .unwrap(),
            LatenessOutcome::Forfeit,
            "{edition}"
        );
    }
}

#[test]
fn lateness_replays_to_the_same_reading_under_both_editions() {
    for edition in Edition::ALL {
        let mut clock = Clock::new(control("chinese:60m/5"));
        clock
            .record_lateness(min(10), Black, min(10), lateness_rule(edition), "late")
            .unwrap();
        clock
            .record_lateness(min(10), White, min(3), lateness_rule(edition), "late too")
            .unwrap();
        clock.start(min(10), Black).unwrap();
        clock.press(min(12), Black, 1).unwrap();
        clock.press(min(13), White, 2).unwrap();
        // As the session stores them: each event as RON (a clock line), and the whole list.
        let lines: Vec<String> = clock
            .events()
            .iter()
            .map(|e| ron::to_string(&e.kind).unwrap())
            .collect();
        let kinds: Vec<EventKind> = lines.iter().map(|l| ron::from_str(l).unwrap()).collect();
        assert_eq!(kinds, clock.events().iter().map(|e| e.kind.clone()).collect::<Vec<_>>());
        let text = serde_json::to_string(clock.events()).unwrap();
        let events: Vec<ClockEvent> = serde_json::from_str(&text).unwrap();
        let replayed = Clock::replay(*clock.control(), &events).unwrap();
        assert_eq!(replayed, clock, "{edition}");
        assert_eq!(replayed.reading(min(14)), clock.reading(min(14)), "{edition}");
    }
    // A replay under another rule than the one recorded does not give the same events.
    let mut clock = Clock::new(control("chinese:60m/5"));
    clock
        .record_lateness(min(10), Black, min(10), lateness_rule(Edition::ChineseOld), "late")
        .unwrap();
    let mut events = clock.events().to_vec();
    if let EventKind::Lateness { factor, .. } = &mut events[0].kind {
        *factor = 2;
    }
    assert_eq!(
        Clock::replay(*clock.control(), &events),
        Err(ClockError::ReplayMismatch { index: 0 })
    );
}

#[test]
fn a_lateness_event_stored_without_its_factor_replays_as_twice_the_late_time() {
    // The clock line the earlier code wrote (no factor: it always deducted twice).
    let old = "Lateness(player:Black,late:(secs:600,nanos:0),limit:(secs:900,nanos:0),\
               deducted:(secs:1200,nanos:0),forfeit:false,reason:\"arrived 10 minutes late\")";
    let kind: EventKind = ron::from_str(old).unwrap();
    assert!(matches!(kind, EventKind::Lateness { factor: 2, .. }), "{kind:?}");
    let json = r#"{"at":{"secs":600,"nanos":0},"kind":{"Lateness":{"player":"Black","late":{"secs":600,"nanos":0},
        "limit":{"secs":900,"nanos":0},"deducted":{"secs":1200,"nanos":0},"forfeit":false,"reason":"late"}}}"#;
    let from_json: ClockEvent = serde_json::from_str(json).unwrap();
    for kind in [kind, from_json.kind] {
        let events = [
            ClockEvent { at: min(10), kind },
            ClockEvent {
                at: min(10),
                kind: EventKind::Start { to_move: Black },
            },
        ];
        let clock = Clock::replay(control("chinese:60m/5"), &events).unwrap();
        assert_eq!(clock.reading(min(10)).left[0].main, min(35), "55 free minutes less 20");
    }
}

#[test]
fn fast_game_byo_yomi_runs_in_the_absent_players_time() {
    // Art. 22.4: the clock starts at the scheduled time; the absent player's periods run.
    let mut clock = started("japanese:0m+3x30s");
    // Black sits down at 50 s: one period lost, 20 s into the second.
    let reading = clock.reading(secs(50.0));
    assert_eq!((reading.left[0].periods, reading.left[0].period), (2, secs(10.0)));
    clock.press(secs(55.0), Black, 1).unwrap();
    // White never comes: the byo-yomi runs out at 90 s, a forfeit.
    assert_eq!(clock.observe(secs(200.0)).unwrap(), Some((White, secs(145.0))));
    clock
        .rule_timeout(secs(200.0), TimeoutRuling::Loss, "absent, byo-yomi ran out")
        .unwrap();
    assert_eq!(clock.reading(secs(200.0)).lost, [false, true]);
}

#[test]
fn paused_time_is_not_counted() {
    let mut clock = started("absolute:60m");
    clock.pause(min(10), "lunch").unwrap();
    assert_eq!(clock.reading(min(70)).left[0].main, min(50));
    assert_eq!(clock.press(min(70), Black, 1), Err(ClockError::NotRunning));
    assert_eq!(clock.resume(min(70)).unwrap(), None);
    clock.press(min(75), Black, 1).unwrap();
    assert_eq!(clock.reading(min(75)).left[0].main, min(45));
    assert_eq!(clock.reading(min(75)).used, [min(15), Duration::ZERO]);
    assert_eq!(
        clock.pause(min(70), "back in time"),
        Err(ClockError::TimeWentBack {
            at: min(70),
            last: min(75)
        })
    );
}

#[test]
fn pause_keeps_the_byo_yomi_minute_of_the_move_in_progress() {
    let mut clock = started("chinese:2m/2");
    clock.pause(secs(40.0), "toilet with permission").unwrap();
    clock.resume(secs(100.0)).unwrap();
    // 40 s before and 19.9 s after the pause: under a minute.
    clock.press(secs(119.9), Black, 1).unwrap();
    assert_eq!(clock.reading(secs(119.9)).left[0].periods, 2);
}

#[test]
fn adjournment_records_both_used_times_and_the_sealed_move() {
    let mut clock = started("absolute:60m");
    clock.press(min(20), Black, 1).unwrap();
    clock.adjourn(min(30), 2, "Q16", "end of the session").unwrap();
    assert_eq!(clock.adjourned_used(), Some([min(20), min(10)]));
    assert_eq!(clock.phase(), Phase::Adjourned);
    assert_eq!(clock.sealed_move().unwrap().sealed, "Q16");
    // At resumption the sealed move is opened and played: Black's time runs.
    let sealed = clock.resume(min(600)).unwrap().unwrap();
    assert_eq!(
        (sealed.sealer, sealed.move_number, sealed.sealed.as_str()),
        (White, 2, "Q16")
    );
    let reading = clock.reading(min(605));
    assert_eq!(reading.turn.unwrap().player, Black);
    assert_eq!(
        reading.left,
        [
            TimeLeft {
                main: min(35),
                ..TimeLeft::default()
            },
            TimeLeft {
                main: min(50),
                ..TimeLeft::default()
            }
        ]
    );
}

#[test]
fn proportional_correction_after_a_clock_fault() {
    let mut clock = started("absolute:60m");
    clock.press(min(20), Black, 1).unwrap();
    clock.press(min(30), White, 2).unwrap();
    clock.pause(min(30), "clock fault").unwrap();
    assert!(clock.edit(min(30), Black, TimeLeft::default(), "mistyped").is_ok());
    // Undo that edit: arbiter edits are events too.
    clock
        .edit(
            min(30),
            Black,
            TimeLeft {
                main: min(40),
                ..TimeLeft::default()
            },
            "undo",
        )
        .unwrap();
    // The true playing time was 36 minutes: 6 minutes off in 0.6 hours, over 2 minutes per hour.
    let correction = clock
        .correct_proportionally(min(31), min(36), "clock ran slow")
        .unwrap();
    assert!(correction.applied);
    assert_eq!(correction.used, [min(20), min(10)]);
    assert_eq!(correction.corrected, [min(24), min(12)]);
    let reading = clock.reading(min(31));
    assert_eq!((reading.left[0].main, reading.left[1].main), (min(36), min(48)));
    assert_eq!(reading.used, [min(24), min(12)]);
    // An error under 2 minutes per hour changes nothing (36 min elapsed vs 37 used).
    let small = clock
        .correct_proportionally(min(32), min(37) - secs(1.0), "small error")
        .unwrap();
    assert!(!small.applied);
    assert_eq!(clock.reading(min(32)).left[0].main, min(36));
    // The clock must be stopped.
    clock.resume(min(33)).unwrap();
    assert_eq!(
        clock.correct_proportionally(min(34), min(40), "running"),
        Err(ClockError::Running)
    );
}

#[test]
fn moves_per_period_carry_unused_time_over() {
    // No main time, 2 moves in every minute.
    let mut clock = started("canadian:0m+2/1m");
    let mut now = Duration::ZERO;
    // Black thinks `thinking`, White answers in a second.
    fn play(clock: &mut Clock, now: &mut Duration, n: u32, thinking: f64) {
        *now += secs(thinking);
        assert_eq!(clock.press(*now, Black, n).unwrap(), PressOutcome::Moved);
        *now += secs(1.0);
        clock.press(*now, White, n + 1).unwrap();
    }
    play(&mut clock, &mut now, 1, 10.0);
    play(&mut clock, &mut now, 3, 10.0);
    // Two moves in 20 s: 40 s carried into the next period.
    let left = clock.reading(now).left[0];
    assert_eq!((left.period, left.period_moves), (secs(100.0), 2));
    play(&mut clock, &mut now, 5, 90.0);
    let left = clock.reading(now).left[0];
    assert_eq!((left.period, left.period_moves), (secs(10.0), 1));
    // 10 s left for the last move of the period: 10.0 s is too late.
    let at = now + secs(10.0);
    assert_eq!(
        clock.press(at, Black, 7).unwrap(),
        PressOutcome::TimedOut { player: Black, at }
    );
}

#[test]
fn moves_per_period_start_when_main_time_runs_out() {
    let mut clock = started("canadian:1m+15/10m");
    clock.press(secs(70.0), Black, 1).unwrap();
    let left = clock.reading(secs(70.0)).left[0];
    assert_eq!(
        (left.main, left.period, left.period_moves),
        (Duration::ZERO, min(10) - secs(10.0), 14)
    );
}

#[test]
fn fischer_adds_the_increment_after_each_press() {
    let mut clock = started("fischer:30m+20s");
    clock.press(secs(10.0), Black, 1).unwrap();
    assert_eq!(clock.reading(secs(10.0)).left[0].main, min(30) + secs(10.0));
    clock.press(secs(100.0), White, 2).unwrap();
    assert_eq!(clock.reading(secs(100.0)).left[1].main, min(30) - secs(70.0));
    // Black's reading runs down from 30:10.
    assert_eq!(clock.reading(secs(160.0)).left[0].main, min(29) + secs(10.0));
    assert_eq!(clock.flag_instant(), Some(secs(100.0) + min(30) + secs(10.0)));
}

#[test]
fn reread_from_a_miscalled_point_gives_the_time_back() {
    let mut clock = started("chinese:1m/1");
    // At 57 s Black says the count went wrong at 55 s.
    let given = clock
        .reread_from(secs(57.0), secs(55.0), "the caller skipped 5")
        .unwrap();
    assert_eq!(given, secs(2.0));
    assert_eq!(clock.flag_instant(), Some(secs(62.0)));
    assert_eq!(
        clock.reread_from(secs(58.0), secs(59.0), "ahead"),
        Err(ClockError::RereadAhead {
            point: secs(59.0),
            into: secs(56.0)
        })
    );
    let mut sudden = started("absolute:5m");
    assert_eq!(
        sudden.reread_from(secs(5.0), secs(1.0), "no byo-yomi"),
        Err(ClockError::NotInByoYomi)
    );
}

#[test]
fn readings_come_from_events_not_ticks() {
    let mut clock = started("chinese:10m/3");
    // Readings in many small steps do not move the clock; one reading at 5 minutes is exact.
    for n in 1..=1000u64 {
        let _ = clock.reading(Duration::from_nanos(n * 333_333_333));
    }
    assert_eq!(clock.reading(min(5)).left[0].main, min(2));
    clock.press(min(5), Black, 1).unwrap();
    clock.pause(min(6), "dispute").unwrap();
    clock
        .edit(
            min(6),
            White,
            TimeLeft {
                main: min(3),
                periods: 3,
                period: secs(60.0),
                period_moves: 0,
            },
            "clock set wrong",
        )
        .unwrap();
    clock.resume(min(7)).unwrap();
    clock.press(min(8), White, 2).unwrap();
    clock.observe(min(30)).unwrap();
    clock
        .rule_timeout(min(31), TimeoutRuling::ForfeitedMove, "Black asked")
        .unwrap();
    // The event list is the audit trail: it serializes, and replays to the same clock.
    let text = serde_json::to_string(clock.events()).unwrap();
    let events: Vec<ClockEvent> = serde_json::from_str(&text).unwrap();
    let replayed = Clock::replay(*clock.control(), &events).unwrap();
    assert_eq!(replayed, clock);
    assert_eq!(replayed.reading(min(32)), clock.reading(min(32)));
    assert!(
        events
            .iter()
            .any(|e| matches!(&e.kind, EventKind::Edit { reason, .. } if reason == "clock set wrong"))
    );
}

/// Art. 12.3: "采用30秒、20秒、10秒或其他读秒办法的快棋比赛": Chinese byo-yomi with periods shorter than
/// a minute, written `chinese:MAIN/RESERVEDxPERIOD`; each full period of a move uses one.
#[test]
fn art_12_3_chinese_byo_yomi_with_30_second_periods_reads_writes_and_counts() {
    let fast = control("chinese:10m/3x30s");
    assert_eq!(
        fast,
        TimeControl::Chinese {
            main: min(10),
            reserved_minutes: 3,
            period: Duration::from_secs(30)
        }
    );
    assert_eq!(fast.to_string(), "chinese:10m/3x30s");
    assert_eq!(
        control("chinese:10m/3x60s").to_string(),
        "chinese:10m/3",
        "60 s is the rules' form"
    );
    assert_eq!(control("chinese-fast-30s"), fast);
    assert_eq!(fast.free_main(), secs(510.0));
    let mut clock = Clock::new(fast);
    clock.start(Duration::ZERO, Black).unwrap();
    // 510 s of main time, then a move of 29.9 s in byo-yomi uses nothing ...
    clock.press(secs(539.9), Black, 1).unwrap();
    assert_eq!(clock.reading(secs(539.9)).left[0].periods, 3);
    clock.press(secs(540.0), White, 2).unwrap();
    // ... and one of 30 s uses one period; the last flags at its end.
    clock.press(secs(570.0), Black, 3).unwrap();
    assert_eq!(clock.reading(secs(570.0)).left[0].periods, 2);
    clock.press(secs(571.0), White, 4).unwrap();
    assert_eq!(clock.flag_instant(), Some(secs(571.0 + 60.0)));
    for (spec, english) in [
        (
            "chinese:1m/3x30s",
            "`chinese:1m/3x30s`: 3 reserved periods of 30s do not fit in 1m of main time",
        ),
        (
            "chinese:10m/3x5s",
            "`chinese:10m/3x5s`: a Chinese byo-yomi period is 10s to 1m, not 5s",
        ),
        (
            "chinese:10m/3x2m",
            "`chinese:10m/3x2m`: a Chinese byo-yomi period is 10s to 1m, not 2m",
        ),
        (
            "chinese:10m/3xq",
            "`q` is not a duration: units are h, m and s (write for example 30s, 10m, 1h30m)",
        ),
    ] {
        assert_eq!(spec.parse::<TimeControl>().unwrap_err().to_string(), english, "{spec}");
    }
    // A control stored before periods were written (no `period`) reads as 60 s.
    let stored: TimeControl = ron::from_str("Chinese(main:(secs:3600,nanos:0),reserved_minutes:5)").unwrap();
    assert_eq!(stored, control("chinese:60m/5"));
}

/// The older text (seed 003, old Art. 18.4): "提子时，必须把棋子提清后方可按钟……但在读秒时，提子不计时间":
/// the hold stops the count of the side in byo-yomi while it removes captures, is recorded with
/// its start and end, and the clock replays it.
#[test]
fn old_art_18_4_captures_are_not_timed_in_byo_yomi() {
    let mut clock = started("chinese:3m/2");
    // Not in byo-yomi yet: refused.
    assert_eq!(clock.hold_for_captures(secs(30.0)), Err(ClockError::NotInByoYomi));
    assert!(clock.in_byo_yomi(secs(70.0)));
    // 10 s into Black's first reserved minute, the hold; 25 s later the count goes on.
    clock.hold_for_captures(secs(70.0)).unwrap();
    assert_eq!(clock.held_since(), Some(secs(70.0)));
    assert_eq!(clock.phase(), Phase::Paused);
    assert_eq!(
        clock.reading(secs(95.0)).left[0].period,
        secs(50.0),
        "the count stood still"
    );
    assert_eq!(clock.resume(secs(95.0)), Ok(None));
    assert_eq!(clock.held_since(), None);
    assert_eq!(clock.reading(secs(100.0)).left[0].period, secs(45.0));
    let kinds: Vec<&EventKind> = clock.events().iter().map(|e| &e.kind).collect();
    assert_eq!(
        &kinds[1..],
        &[
            &EventKind::CaptureHold { player: Black },
            &EventKind::CaptureHoldEnd {
                player: Black,
                held: secs(25.0)
            }
        ]
    );
    assert_eq!(clock.events()[1].at, secs(70.0));
    assert_eq!(clock.events()[2].at, secs(95.0));
    // The flag moved by the time held: 60 + 2 x 60 + 25.
    assert_eq!(clock.flag_instant(), Some(secs(205.0)));
    let replayed = Clock::replay(*clock.control(), clock.events()).unwrap();
    assert_eq!(replayed, clock);
    // A held clock is not running: no press, no second hold.
    clock.hold_for_captures(secs(100.0)).unwrap();
    assert_eq!(clock.press(secs(101.0), Black, 1), Err(ClockError::NotRunning));
    assert_eq!(clock.hold_for_captures(secs(101.0)), Err(ClockError::NotRunning));
}

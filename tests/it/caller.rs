//! Tests of the caller.

use std::process::Command;
use std::time::Duration;

use go_arbiter::board::Color::{Black, White};
use go_arbiter::caller::preview::{clock_time, parse_moves, simulate};
use go_arbiter::caller::{
    ChineseScript, SCRIPT_PRESETS, Script, ScriptError, ScriptFault, ScriptFormError, Wording, clip_ids, clip_text,
    due, due_between, last_period_calls, minutes_left, minutes_left_in, reread, turn_calls,
};
use go_arbiter::clock::{Clock, TimeControl};
use go_arbiter::lang::Lang;

fn secs(s: f64) -> Duration {
    Duration::from_millis((s * 1000.0).round() as u64)
}

fn control(spec: &str) -> TimeControl {
    spec.parse().unwrap()
}

/// (seconds, clip) of every call of a turn starting with the control's initial time.
fn script_of(spec: &str, script: &Script) -> Vec<(f64, &'static str)> {
    let control = control(spec);
    turn_calls(&control, script, &control.initial())
        .iter()
        .map(|c| (c.offset.as_secs_f64(), c.clip))
        .collect()
}

/// (seconds, player letter, clip) of a simulated game.
fn timeline(spec: &str, moves: &str) -> Vec<(f64, char, &'static str)> {
    let preview = simulate(&control(spec), &Script::default(), &parse_moves(moves).unwrap()).unwrap();
    preview
        .announcements
        .iter()
        .map(|a| (a.at.as_secs_f64(), a.player.letter(), a.clip))
        .collect()
}

#[test]
fn the_whole_chinese_script_for_three_reserved_minutes_in_both_languages() {
    let control = control("chinese:3m/3");
    let calls = turn_calls(&control, &Script::default(), &control.initial());
    let said: Vec<(u64, &str, &str)> = calls
        .iter()
        .map(|c| {
            (
                c.offset.as_secs(),
                clip_text(c.clip, Lang::Zh).unwrap(),
                clip_text(c.clip, Lang::En).unwrap(),
            )
        })
        .collect();
    let expected: Vec<(u64, &str, &str)> = vec![
        (30, "30秒", "30 seconds"),
        (40, "40秒", "40 seconds"),
        (50, "50秒", "50 seconds"),
        (55, "55秒", "55 seconds"),
        (58, "58秒", "58 seconds"),
        (60, "1分", "One minute"),
        (60, "还剩2分", "2 minutes left"),
        (90, "30秒", "30 seconds"),
        (100, "40秒", "40 seconds"),
        (110, "50秒", "50 seconds"),
        (115, "55秒", "55 seconds"),
        (118, "58秒", "58 seconds"),
        (120, "1分", "One minute"),
        (120, "还剩1分", "1 minute left"),
        (150, "30秒", "30 seconds"),
        (160, "40秒", "40 seconds"),
        (170, "50秒", "50 seconds"),
        (171, "1", "1"),
        (172, "2", "2"),
        (173, "3", "3"),
        (174, "4", "4"),
        (175, "5", "5"),
        (176, "6", "6"),
        (177, "7", "7"),
        (178, "8", "8"),
        (179, "9", "9"),
        (180, "10", "10"),
    ];
    assert_eq!(said, expected);
    assert!(calls.iter().all(|c| c.offset.subsec_nanos() == 0));
}

#[test]
fn entering_chinese_byo_yomi_is_announced_when_free_main_time_runs_out() {
    let calls = script_of("chinese:10m/2", &Script::default());
    assert_eq!(
        &calls[..3],
        &[(480.0, "byoyomi_start"), (510.0, "sec_30"), (520.0, "sec_40")]
    );
    assert_eq!(calls.last(), Some(&(600.0, "count_10")));
}

#[test]
fn a_move_at_59_9_seconds_hears_no_minute_one_at_60_hears_it() {
    let under = timeline("chinese:3m/3", "59.9");
    assert_eq!(under.last(), Some(&(58.0, 'B', "sec_58")));
    let full = timeline("chinese:3m/3", "60");
    assert_eq!(
        &full[full.len() - 2..],
        &[(60.0, 'B', "one_minute"), (60.0, 'B', "minutes_left_2")]
    );
    // The next move starts a fresh minute: 65 s use the second reserved minute.
    let next = timeline("chinese:3m/3", "60,1,65");
    assert_eq!(next.iter().filter(|(_, _, clip)| *clip == "minutes_left_1").count(), 1);
    assert_eq!(next.last(), Some(&(61.0 + 60.0, 'B', "minutes_left_1")));
}

#[test]
fn art_12_3_the_final_minute_count_ends_on_ten_the_last_call() {
    // 2002 Art. 12.3: "1、2、3、4、5、6、7、8、9、10。裁判员读出“10”而棋手同时落子或尚未落子，均应判为已使用1分钟。"
    // "10" is the decisive call: nothing is said after it (the window says the timeout on screen).
    let calls = script_of("chinese:1m/1", &Script::default());
    let counts: Vec<(f64, &str)> = (1..=10).map(|n| (50.0 + f64::from(n), clip_id_count(n))).collect();
    assert_eq!(&calls[..3], &[(30.0, "sec_30"), (40.0, "sec_40"), (50.0, "sec_50")]);
    assert_eq!(&calls[3..13], &counts[..]);
    assert_eq!(calls.len(), 13, "{calls:?}");
}

fn clip_id_count(n: u32) -> &'static str {
    clip_ids().into_iter().find(|id| *id == format!("count_{n}")).unwrap()
}

#[test]
fn japanese_thirty_second_periods() {
    let calls = script_of("japanese:0m+3x30s", &Script::default());
    let first: Vec<(f64, &str)> = calls.iter().copied().take_while(|(at, _)| *at <= 30.0).collect();
    assert_eq!(
        first,
        vec![
            (10.0, "sec_10"),
            (20.0, "sec_20"),
            (21.0, "count_1"),
            (22.0, "count_2"),
            (23.0, "count_3"),
            (24.0, "count_4"),
            (25.0, "count_5"),
            (26.0, "count_6"),
            (27.0, "count_7"),
            (28.0, "count_8"),
            (29.0, "count_9"),
            (30.0, "count_10"),
            (30.0, "periods_left_2"),
        ]
    );
    assert!(calls.contains(&(60.0, "last_period")));
    assert_eq!(&calls[calls.len() - 2..], &[(90.0, "count_10"), (90.0, "time_up")]);
    // Main time first: byo-yomi begins at 10 minutes.
    assert_eq!(
        script_of("japanese:10m+3x30s", &Script::default())[0],
        (600.0, "byoyomi_start")
    );
    // A 10 s period is all count; a 60 s one is called every 10 s before its count.
    let ten = script_of("japanese:0m+1x10s", &Script::default());
    assert_eq!(ten.first(), Some(&(1.0, "count_1")));
    let sixty: Vec<&str> = script_of("japanese:0m+1x60s", &Script::default())
        .iter()
        .map(|c| c.1)
        .take(6)
        .collect();
    assert_eq!(sixty, ["sec_10", "sec_20", "sec_30", "sec_40", "sec_50", "count_1"]);
}

#[test]
fn japanese_call_points_are_configurable() {
    let script = Script {
        japanese_calls: Some(vec![20]),
        ..Script::default()
    };
    let calls = script_of("japanese:0m+1x30s", &script);
    assert_eq!(&calls[..2], &[(20.0, "sec_20"), (21.0, "count_1")]);
    assert_eq!(
        Script {
            japanese_calls: Some(vec![16]),
            ..Script::default()
        }
        .check(),
        Err(ScriptError::Seconds(16))
    );
    assert_eq!(
        Script {
            warnings: vec![3],
            ..Script::default()
        }
        .check(),
        Err(ScriptError::Warning(3))
    );
    assert_eq!(Script::default().check(), Ok(()));
}

#[test]
fn sudden_death_warnings_and_the_last_ten_seconds() {
    let calls = script_of("absolute:30m", &Script::default());
    assert_eq!(
        &calls[..3],
        &[
            (1200.0, "warn_minutes_10"),
            (1500.0, "warn_minutes_5"),
            (1740.0, "warn_minutes_1")
        ]
    );
    assert_eq!(calls[3], (1791.0, "count_1"));
    assert_eq!(&calls[calls.len() - 2..], &[(1800.0, "count_10"), (1800.0, "time_up")]);
    // Configurable: only the 1-minute warning, no count.
    let quiet = Script {
        warnings: vec![1],
        final_count: false,
        ..Script::default()
    };
    assert_eq!(
        script_of("absolute:30m", &quiet),
        vec![(1740.0, "warn_minutes_1"), (1800.0, "time_up")]
    );
    // Fischer: a warning passed at a press is not repeated in the next turn.
    let game = timeline("fischer:11m+10s", "75,1,60");
    assert_eq!(game, vec![(60.0, 'B', "warn_minutes_10")]);
}

#[test]
fn a_pause_moves_the_due_instants_later() {
    let control = control("chinese:1m/1");
    let script = Script::default();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    let before = clock.reading(secs(20.0));
    assert_eq!(due(&control, &script, &before, secs(10.0))[0].at, secs(30.0));
    clock.pause(secs(20.0), "dispute at the next table").unwrap();
    let paused = clock.reading(secs(50.0));
    assert!(due(&control, &script, &paused, secs(100.0)).is_empty());
    clock.resume(secs(80.0)).unwrap();
    let resumed = clock.reading(secs(80.0));
    let later = clock.reading(secs(92.0));
    let heard = due_between(&control, &script, &resumed, &later);
    let heard: Vec<(Duration, &str)> = heard.iter().map(|a| (a.at, a.clip)).collect();
    assert_eq!(heard, vec![(secs(90.0), "sec_30")]);
}

#[test]
fn asking_how_many_minutes_are_left() {
    let control = control("chinese:5m/5");
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    clock.press(secs(130.0), Black, 1).unwrap();
    let answer = minutes_left(&control, &clock.reading(secs(131.0)), Black);
    assert_eq!(answer.len(), 1);
    assert_eq!(
        (answer[0].clip, answer[0].zh, answer[0].en),
        ("minutes_left_3", "还剩3分", "3 minutes left")
    );
    assert_eq!(answer[0].at, secs(131.0));
    let japanese = control_answer("japanese:0m+3x30s", 35.0);
    assert_eq!(japanese, "periods_left_2");
    assert_eq!(control_answer("japanese:0m+2x30s", 35.0), "last_period");
    assert_eq!(control_answer("absolute:10m", 65.0), "minutes_left_8");
}

fn control_answer(spec: &str, thinking: f64) -> &'static str {
    let control = control(spec);
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    minutes_left(&control, &clock.reading(secs(thinking)), Black)[0].clip
}

#[test]
fn rereading_from_a_miscalled_point() {
    let control = control("chinese:1m/1");
    let script = Script::default();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    clock.press(secs(5.0), Black, 1).unwrap();
    // White's final minute: the caller skipped "5" (55 s); at 57 s the arbiter reads again from 55 s.
    clock
        .reread_from(secs(62.0), secs(55.0), "the caller skipped 5")
        .unwrap();
    let now = clock.reading(secs(62.0));
    let again: Vec<_> = reread(&control, &script, &now)
        .iter()
        .map(|a| (a.at, a.player, a.clip))
        .collect();
    assert_eq!(again, vec![(secs(62.0), White, "count_5")]);
    let next: Vec<_> = due(&control, &script, &now, secs(5.0))
        .iter()
        .map(|a| (a.at, a.clip))
        .collect();
    assert_eq!(
        next,
        vec![
            (secs(63.0), "count_6"),
            (secs(64.0), "count_7"),
            (secs(65.0), "count_8"),
            (secs(66.0), "count_9"),
            (secs(67.0), "count_10"),
        ]
    );
}

#[test]
fn clips_are_the_agreed_list_with_both_captions() {
    let ids = clip_ids();
    assert_eq!(ids.len(), 8 + 10 + 1 + 10 + 1 + 5 + 1 + 3 + 6 + 4 + 1 + 10 + 1);
    for id in &ids {
        assert!(
            clip_text(id, Lang::Zh).is_some() && clip_text(id, Lang::En).is_some(),
            "{id}"
        );
    }
    assert_eq!(clip_text("nonsense", Lang::En), None);
    // Every call of every preset uses a clip of the list.
    for preset in go_arbiter::clock::PRESETS {
        let control = control(preset.spec);
        for call in turn_calls(&control, &Script::default(), &control.initial()) {
            assert!(ids.contains(&call.clip), "{} in {}", call.clip, preset.name);
        }
    }
}

#[test]
fn preview_times_and_moves() {
    assert_eq!(clock_time(secs(30.0)), "0:30");
    assert_eq!(clock_time(secs(125.5)), "2:05.5");
    assert_eq!(clock_time(secs(3723.0)), "1:02:03");
    assert_eq!(
        parse_moves("35, 61,59.9").unwrap(),
        vec![secs(35.0), secs(61.0), secs(59.9)]
    );
    assert!(parse_moves("35,-1").unwrap_err().to_string().contains("`-1`"));
    // White's turn is called too, from White's own turn start.
    let game = timeline("chinese:3m/3", "10,45");
    assert_eq!(game, vec![(40.0, 'W', "sec_30"), (50.0, 'W', "sec_40")]);
}

fn preview(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(["caller", "preview"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn json_calls(args: &[&str]) -> Vec<(f64, String, String, String)> {
    let value: serde_json::Value = serde_json::from_str(&preview(args)).unwrap();
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            let text = |k: &str| v[k].as_str().unwrap().to_string();
            (v["at"].as_f64().unwrap(), text("player"), text("clip"), text("text"))
        })
        .collect()
}

#[test]
fn preview_example_three_reserved_minutes() {
    let calls = json_calls(&["--control", "chinese:3m/3", "--moves", "125", "--lang", "en", "--json"]);
    let at: Vec<f64> = calls.iter().map(|c| c.0).collect();
    let mut instants = at.clone();
    instants.dedup();
    assert_eq!(
        instants,
        [
            30.0, 40.0, 50.0, 55.0, 58.0, 60.0, 90.0, 100.0, 110.0, 115.0, 118.0, 120.0
        ]
    );
    assert!(calls.iter().all(|c| c.1 == "B"));
    let at_60: Vec<&str> = calls.iter().filter(|c| c.0 == 60.0).map(|c| c.3.as_str()).collect();
    assert_eq!(at_60, ["One minute", "2 minutes left"]);
    let at_120: Vec<&str> = calls.iter().filter(|c| c.0 == 120.0).map(|c| c.2.as_str()).collect();
    assert_eq!(at_120, ["one_minute", "minutes_left_1"]);
    // The same in Chinese, as text.
    let text = preview(&["--control", "chinese:3m/3", "--moves", "125", "--lang", "zh"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14);
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["0:30", "B", "30秒"]);
    assert_eq!(lines[5].split_whitespace().collect::<Vec<_>>(), ["1:00", "B", "1分"]);
    assert_eq!(
        lines[6].split_whitespace().collect::<Vec<_>>(),
        ["1:00", "B", "还剩2分"]
    );
    assert_eq!(
        lines[13].split_whitespace().collect::<Vec<_>>(),
        ["2:00", "B", "还剩1分"]
    );
}

#[test]
fn preview_example_one_reserved_minute() {
    let calls = json_calls(&["--control", "chinese:1m/1", "--moves", "65", "--lang", "zh", "--json"]);
    let mut expected: Vec<(f64, String, String, String)> = [
        (30.0, "sec_30", "30秒"),
        (40.0, "sec_40", "40秒"),
        (50.0, "sec_50", "50秒"),
    ]
    .iter()
    .map(|(at, clip, text)| (*at, "B".to_string(), clip.to_string(), text.to_string()))
    .collect();
    for n in 1..=10 {
        expected.push((50.0 + f64::from(n), "B".into(), format!("count_{n}"), n.to_string()));
    }
    assert_eq!(calls, expected);
    let text = preview(&["--control", "chinese:1m/1", "--moves", "65", "--lang", "en"]);
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("Black ran out of time at 1:00")
    );
}

#[test]
fn preview_refuses_bad_input() {
    let output = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(["caller", "preview", "--control", "chinese:60m", "--moves", "10"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("chinese:MAIN/RESERVED"));
    let output = Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(["caller", "preview", "--control", "chinese:1m/1", "--moves", "ten"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

/// (seconds into the turn, clip) of a whole turn of `spec` under the written `script`.
fn fast_calls(spec: &str, script: &str, wording: Wording) -> Vec<(u64, &'static str)> {
    let control = control(spec);
    let script = Script::with(script.parse::<ChineseScript>().unwrap(), wording);
    turn_calls(&control, &script, &control.initial())
        .iter()
        .map(|c| (c.offset.as_secs(), c.clip))
        .collect()
}

/// Art. 12.3: "采用30秒、20秒、10秒或其他读秒办法的快棋比赛，可根据上述原则，事先规定读秒实施细则". The
/// presets scale the 60 s principle down: a period that is not the last calls every 10 s from
/// half of it, then 5 s and 2 s before its end, and at its end the period and the periods left;
/// the last period calls every 10 s until its last ten seconds, counted 1 to 10, "10" at its end.
#[test]
fn art_12_3_each_fast_preset_calls_a_whole_period_and_the_last_period() {
    // 30 s: two reserved periods, no free main time in the turn after main time ran out.
    let thirty = fast_calls("chinese:1m/2x30s", "fast-30s", Wording::Text2002);
    let mut expected = vec![
        (10, "sec_10"),
        (20, "sec_20"),
        (25, "sec_25"),
        (28, "sec_28"),
        (30, "sec_30"),
        (30, "periods_left_1"),
        (40, "sec_10"),
        (50, "sec_20"),
    ];
    expected.extend((1..=10).map(|n| {
        (
            50 + n,
            clip_ids().into_iter().find(|id| *id == format!("count_{n}")).unwrap(),
        )
    }));
    assert_eq!(&thirty[thirty.len() - expected.len()..], &expected[..]);
    // The free main time ran out at 0 s into byo-yomi: main 1m - 2 x 30 s = 0, so no "begins".
    assert_eq!(thirty.len(), expected.len(), "{thirty:?}");

    // 20 s: 10, 15, 18, "20 seconds", periods left; last: 10, then 1 .. 10 at 11 .. 20.
    let twenty = fast_calls("chinese:2m/3x20s", "fast-20s", Wording::Text2002);
    let first: Vec<_> = twenty.iter().take_while(|(s, _)| *s <= 80).copied().collect();
    assert_eq!(
        first,
        vec![
            (60, "byoyomi_start"),
            (70, "sec_10"),
            (75, "sec_15"),
            (78, "sec_18"),
            (80, "sec_20"),
            (80, "periods_left_2"),
        ]
    );
    let last: Vec<_> = twenty.iter().filter(|(s, _)| *s > 100).copied().collect();
    assert_eq!(last[0], (110, "sec_10"));
    assert_eq!(last[1], (111, "count_1"));
    assert_eq!(last[10], (120, "count_10"));
    assert_eq!(last.len(), 11);

    // 10 s: 5, 8, "10 seconds", periods left; the last period counted whole: 1 at 1 s .. 10.
    let ten = fast_calls("chinese:1m/2x10s", "fast-10s", Wording::Text2002);
    assert_eq!(
        &ten[..6],
        &[
            (40, "byoyomi_start"),
            (45, "sec_5"),
            (48, "sec_8"),
            (50, "sec_10"),
            (50, "periods_left_1"),
            (51, "count_1"),
        ]
    );
    assert_eq!(ten.last(), Some(&(60, "count_10")));
    assert_eq!(ten.len(), 6 + 9);

    // The rules' own 60 s preset is the default script.
    assert_eq!(ChineseScript::preset("rules-60s"), Some(ChineseScript::default()));
    for preset in SCRIPT_PRESETS {
        let script: ChineseScript = preset.written.parse().unwrap();
        assert_eq!(script.check(), Ok(()), "{}", preset.name);
        assert_eq!(ChineseScript::for_period(script.period), script, "{}", preset.name);
    }
}

/// A table keeps the event's script for its control's period; another period takes that period's
/// preset (a table whose control was changed).
#[test]
fn art_12_3_a_script_is_used_for_its_own_period_only() {
    let own: ChineseScript = "30s: 15,25 / 15 +5".parse().unwrap();
    let calls = turn_calls(
        &control("chinese:1m/2x30s"),
        &Script::with(own.clone(), Wording::Text2002),
        &control("chinese:1m/2x30s").initial(),
    );
    let clips: Vec<(u64, &str)> = calls.iter().map(|c| (c.offset.as_secs(), c.clip)).collect();
    assert_eq!(
        clips,
        vec![
            (15, "sec_15"),
            (25, "sec_25"),
            (30, "sec_30"),
            (30, "periods_left_1"),
            (45, "sec_15"),
            (56, "count_6"),
            (57, "count_7"),
            (58, "count_8"),
            (59, "count_9"),
            (60, "count_10"),
        ]
    );
    let sixty = control("chinese:3m/3");
    assert_eq!(own.for_control(&sixty), ChineseScript::default());
    assert_eq!(
        own.fits(&sixty),
        Err(ScriptFault::OtherPeriod {
            script: Duration::from_secs(30),
            control: Duration::from_secs(60),
        })
    );
    assert_eq!(own.fits(&control("japanese:10m+3x30s")), Ok(()));
}

/// The written form of a script reads back the same, a preset name reads as its script, and bad
/// input is refused with its typed reason at its column.
#[test]
fn art_12_3_a_written_script_round_trips_and_refuses_bad_input_at_its_column() {
    for written in [
        "60s: 30,40,50,55,58 / 30,40,50 +10",
        "30s: 10,20,25,28 / 10,20 +10",
        "20s: 10,15,18 / 10 +10",
        "10s: 5,8 / +10",
        "30s: / 10 +5",
    ] {
        let script: ChineseScript = written.parse().unwrap();
        assert_eq!(script.to_string(), written);
        assert_eq!(script.to_string().parse::<ChineseScript>(), Ok(script));
    }
    let loose: ChineseScript = " 30s :10 20，25s , 28/10,20+10 ".parse().unwrap();
    assert_eq!(loose, ChineseScript::preset("fast-30s").unwrap());
    assert_eq!(
        "fast-20s".parse::<ChineseScript>().unwrap().to_string(),
        "20s: 10,15,18 / 10 +10"
    );

    let refused = |text: &str| text.parse::<ChineseScript>().unwrap_err();
    let cases = [
        ("", 1, ScriptFault::Empty),
        ("30s 10,20", 10, ScriptFault::Shape),
        ("30s: 10,20 +10", 15, ScriptFault::Shape),
        ("30s: 10 / 20", 13, ScriptFault::Shape),
        ("half: 10 / 20 +10", 1, ScriptFault::Period("half".to_string())),
        (
            "90s: 10 / 20 +10",
            1,
            ScriptFault::PeriodOutOfRange {
                got: Duration::from_secs(90),
                min: Duration::from_secs(10),
                max: Duration::from_secs(60),
            },
        ),
        ("30s: 10,x / 20 +10", 9, ScriptFault::Number("x".to_string())),
        ("30s: 10,12 / 10 +10", 9, ScriptFault::NoClip(12)),
        (
            "30s: 10,30 / 10 +10",
            9,
            ScriptFault::OutsidePeriod {
                call: 30,
                period: Duration::from_secs(30),
            },
        ),
        (
            "30s: 20,10 / 10 +10",
            9,
            ScriptFault::NotRising { call: 10, previous: 20 },
        ),
        ("30s: 10 / 10,25 +10", 14, ScriptFault::InCount { call: 25, count: 10 }),
        ("30s: 10 / 10 +11", 15, ScriptFault::Count { got: 11, max: 10 }),
        ("30s: 10 / 10 +0", 15, ScriptFault::Count { got: 0, max: 10 }),
        ("30s: 10 / 10 +5 5", 17, ScriptFault::Shape),
    ];
    for (text, column, why) in cases {
        assert_eq!(refused(text), ScriptFormError { column, why }, "{text:?}");
    }
    // The column counts characters, not bytes.
    assert_eq!(refused("30s：10 / 10 +10").why, ScriptFault::Shape);
    assert_eq!(
        refused("30s: 10，12 / 10 +10"),
        ScriptFormError {
            column: 9,
            why: ScriptFault::NoClip(12)
        }
    );
    assert_eq!(
        refused("30s: 10 / 10 +11").to_string(),
        "column 15: count 1 to 10 seconds, at most the period, not 11"
    );
}

/// The older text (seed 003, old Art. 12.2): "在30秒、40秒、50秒、55秒、58秒、一分钟时各报秒一次。每扣除
/// 保留的一分钟，裁判员应及时通知棋手“还剩 X 分钟”……最后的报法是“10，超时判负”".
#[test]
fn old_art_12_2_the_older_text_says_one_minute_minutes_left_and_ten_lost_on_time() {
    let old = fast_calls("chinese:3m/2", "rules-60s", Wording::OldText);
    let said: Vec<(u64, &str)> = old
        .iter()
        .map(|(s, clip)| (*s, clip_text(clip, Lang::Zh).unwrap()))
        .collect();
    assert_eq!(
        &said[..8],
        &[
            (60, "开始读秒"),
            (90, "30秒"),
            (100, "40秒"),
            (110, "50秒"),
            (115, "55秒"),
            (118, "58秒"),
            (120, "一分钟"),
            (120, "还剩1分钟"),
        ]
    );
    assert_eq!(&said[said.len() - 2..], &[(179, "9"), (180, "10，超时判负")]);
    assert!(!old.iter().any(|(_, c)| *c == "time_up" || *c == "count_10"), "{old:?}");
    assert_eq!(clip_text("old_last_call", Lang::En), Some("Ten: lost on time"));
    // The 2002 text in the same place: "1分", "还剩1分", and "10" the last call.
    let new = fast_calls("chinese:3m/2", "rules-60s", Wording::Text2002);
    let said: Vec<&str> = new.iter().map(|(_, c)| clip_text(c, Lang::Zh).unwrap()).collect();
    assert_eq!(&said[6..8], &["1分", "还剩1分"]);
    assert_eq!(&said[said.len() - 2..], &["9", "10"]);
    // Asked how many minutes are left (old Art. 16.1), the older text's words.
    let mut clock = Clock::new(control("chinese:5m/3"));
    clock.start(Duration::ZERO, Black).unwrap();
    let reading = clock.reading(secs(150.0));
    assert_eq!(
        minutes_left_in(clock.control(), Wording::OldText, &reading, Black)[0].zh,
        "还剩3分钟"
    );
    assert_eq!(
        minutes_left_in(clock.control(), Wording::Text2002, &reading, Black)[0].zh,
        "还剩3分"
    );
}

#[test]
fn main_time_is_silent_by_default_and_spoken_warnings_come_before_byoyomi_when_the_event_asks() {
    // chinese:20m/3: 17 minutes of free main time, then three reserved minutes.
    let silent = script_of("chinese:20m/3", &Script::default());
    assert_eq!(
        silent.first(),
        Some(&(17.0 * 60.0, "byoyomi_start")),
        "nothing before byo-yomi"
    );
    let spoken = Script {
        main_time_warnings: true,
        ..Script::default()
    };
    let calls = script_of("chinese:20m/3", &spoken);
    assert_eq!(
        &calls[..4],
        &[
            (7.0 * 60.0, "warn_minutes_10"),
            (12.0 * 60.0, "warn_minutes_5"),
            (16.0 * 60.0, "warn_minutes_1"),
            (17.0 * 60.0, "byoyomi_start"),
        ],
        "10, 5 and 1 minutes of main time left, then byo-yomi begins"
    );
    // After main time the script is the rules' own, unchanged.
    assert_eq!(&calls[4..], &silent[1..]);
    // Sudden death has no byo-yomi: its warnings sound either way.
    assert_eq!(
        script_of("absolute:30m", &Script::default()),
        script_of("absolute:30m", &spoken)
    );
    assert_eq!(
        script_of("absolute:30m", &Script::default())[0],
        (20.0 * 60.0, "warn_minutes_10")
    );
}

#[test]
fn the_callers_test_plays_the_last_minute_as_the_rules_script_says_and_a_fast_games_last_period() {
    let heard = |spec: &str| -> Vec<(u64, &'static str)> {
        last_period_calls(&control(spec), &Script::default())
            .iter()
            .map(|c| (c.offset.as_secs(), c.clip))
            .collect()
    };
    let mut rules = vec![(30, "sec_30"), (40, "sec_40"), (50, "sec_50")];
    rules.extend((1..=10).map(|n| {
        (
            50 + n,
            clip_ids().into_iter().find(|c| *c == format!("count_{n}")).unwrap(),
        )
    }));
    assert_eq!(heard("chinese:60m/5"), rules, "30, 40, 50, then 1 to 10 (Art. 12.3)");
    let fast = heard("chinese:10m/3x30s");
    assert_eq!(fast.last(), Some(&(30, "count_10")), "{fast:?}");
    assert!(fast.iter().all(|(s, _)| *s <= 30));
    let sudden = heard("absolute:30m");
    assert_eq!(sudden.last(), Some(&(60, "time_up")), "{sudden:?}");
}

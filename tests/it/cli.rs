//! The command line: `go-arbiter replay` on real and bad files, text and JSON.

use crate::support::{go_arbiter, public_sgf_files};

#[test]
fn replay_prints_the_final_position_moves_and_prisoners() {
    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let (code, out, err) = go_arbiter(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("9x9, Japanese 1989, komi 6.5"), "{out}");
    assert!(out.contains("moves: 48"), "{out}");
    assert!(out.contains("prisoners: Black took"), "{out}");
    assert!(out.contains("every move is legal"), "{out}");
    assert!(out.contains("recorded result: B+1.5"), "{out}");
}

#[test]
fn replay_json_is_machine_readable() {
    let file = public_sgf_files().into_iter().next().unwrap();
    let (code, out, err) = go_arbiter(&["replay", "--json", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(value["moves"].as_u64().unwrap() > 0);
    assert!(value["illegal"].as_array().unwrap().is_empty());
    assert_eq!(
        value["diagram"].as_str().unwrap().lines().count() as u64,
        value["size"].as_u64().unwrap()
    );
}

#[test]
fn replay_of_a_bad_file_fails_with_a_clear_message() {
    let dir = std::env::temp_dir().join(format!("go-arbiter-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("truncated.sgf");
    std::fs::write(&bad, "(;SZ[9]\n;B[ee]\n;W[c").unwrap();
    let (code, out, err) = go_arbiter(&["replay", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("truncated.sgf") && err.contains("line 3, column 3"),
        "{err}"
    );
    let (code, _, err) = go_arbiter(&["replay", dir.join("missing.sgf").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, _) = go_arbiter(&["frobnicate"]);
    assert_eq!(code, 2, "usage errors exit 2");
}

#[test]
fn score_counts_the_final_position_with_suggested_dead_stones() {
    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let (code, out, err) = go_arbiter(&["score", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("dead: G8"), "{out}");
    assert!(out.contains("result: B+1.5"), "the recorded result: {out}");
    assert!(
        out.contains(". O . O X X o X X"),
        "dead stones drawn in lower case: {out}"
    );
}

#[test]
fn score_counts_one_side_under_chinese_rules_and_speaks_json() {
    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let path = file.to_str().unwrap();
    for side in ["black", "white"] {
        let (code, out, err) = go_arbiter(&["score", path, "--rules", "chinese", "--count", side, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["result"], "B+0.5", "{out}");
        assert_eq!(v["dead"], serde_json::json!(["G8"]));
        assert_eq!(
            v["black"]["total"].as_f64().unwrap() - v["white"]["total"].as_f64().unwrap(),
            0.5
        );
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
        assert_eq!(v["one_side"]["result"], "Black wins by 1/4 stone (1/2 point)");
    }
    let (_, out, _) = go_arbiter(&["score", path, "--rules", "chinese", "--count", "black"]);
    assert!(
        out.contains("counting Black: 44.5 stones (4 tens and 4 1/2), par 44.25"),
        "{out}"
    );
}

#[test]
fn score_refuses_missing_markup_and_bad_options_clearly() {
    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let (code, _, err) = go_arbiter(&["score", file.to_str().unwrap(), "--dead", "sgf"]);
    assert_eq!(code, 1);
    assert!(err.contains("no territory markup"), "{err}");
    let (code, _, err) = go_arbiter(&["score", file.to_str().unwrap(), "--rules", "klingon"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown rules"), "{err}");
}

#[test]
fn score_takes_a_stone_per_warning_and_checks_the_arbiters_hand_count() {
    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let path = file.to_str().unwrap();
    // B+0.5 under Chinese rules; one warning against Black costs a stone (two points): W+1.5.
    let (code, out, err) = go_arbiter(&[
        "score",
        path,
        "--rules",
        "chinese",
        "--count",
        "black",
        "--warnings-black",
        "1",
        "--counted",
        "44",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("result: W+1.5"), "{out}");
    assert!(
        out.contains("hand count: counted 4 tens and 4, expected 4 tens and 4 1/2: 1/2 stone less"),
        "{out}"
    );
    let (code, _, err) = go_arbiter(&["score", path, "--counted", "44"]);
    assert_eq!(code, 1);
    assert!(err.contains("needs --count"), "{err}");
}

#[test]
fn score_of_a_handicap_game_under_chinese_rules_takes_no_komi_and_gives_back_half_the_stones() {
    // Seed 004: "让先不贴目，让子要贴还让子数的一半". OGS 620291: HA[4], KM[0.5], RU[japanese].
    let file = crate::support::shared_data().join("sgf/ogs-lemonsqueeze/19x19/620291.sgf");
    let (code, out, err) = go_arbiter(&[
        "score",
        file.to_str().unwrap(),
        "--rules",
        "chinese",
        "--count",
        "black",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["white"]["komi"].as_f64(), Some(0.0), "{out}");
    assert_eq!(v["white"]["compensation"].as_f64(), Some(4.0), "{out}");
    assert_eq!(v["one_side"]["par"].as_f64(), Some(182.5), "{out}");
}

#[test]
fn a_cause_is_said_once_and_warnings_beyond_a_boards_stones_are_refused() {
    let dir = std::env::temp_dir();
    let (code, _, err) = go_arbiter(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(err.matches("Is a directory").count(), 1, "{err}");

    let file = public_sgf_files()
        .into_iter()
        .find(|p| p.ends_with("9x9/600129.sgf"))
        .unwrap();
    let (code, _, err) = go_arbiter(&["score", file.to_str().unwrap(), "--warnings-black", "536870911"]);
    assert_eq!(code, 2, "a usage error: {err}");
    assert!(err.contains("536870911"), "{err}");
    let (code, out, err) = go_arbiter(&["score", file.to_str().unwrap(), "--warnings-black", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("penalty"), "{out}");
}

//! The EGF .h9 checked against the files OpenGotha exported for the same tournaments
//! (../shared/data/opengotha), and its ISO-8859-15 and romanised names.

use std::collections::HashMap;

use go_arbiter::board::Color;
use go_arbiter::export::{ExportError, egf};
use go_arbiter::scoring::{GameResult, Reason};
use go_arbiter::session::{Change, Session, TableId};
use go_arbiter::tournament::{opengotha as og, players_csv};

use crate::tournament::{import, new_session, opengotha_dir, organiser, read};

/// Every round of the file imported, each game's result from the file set in the session.
fn played(name: &str) -> Session {
    let text = read(name);
    let file = og::read(&text).unwrap();
    let mut s = new_session();
    for round in file.rounds() {
        import(&mut s, name, &text, round);
    }
    for g in &file.games {
        let result = match g.result.as_str() {
            "RESULT_WHITEWINS" => GameResult::win(Color::White, Reason::Resignation),
            "RESULT_BLACKWINS" => GameResult::win(Color::Black, Reason::Resignation),
            "RESULT_WHITEWINS_BYDEF" => GameResult::win(Color::White, Reason::Forfeit),
            "RESULT_BLACKWINS_BYDEF" => GameResult::win(Color::Black, Reason::Forfeit),
            "RESULT_EQUAL" => GameResult::ended(Reason::Draw),
            _ => continue,
        };
        let table = TableId {
            round: g.round,
            table: g.table,
        };
        s.apply(
            &organiser(),
            &Change::Result {
                table,
                result: Some(result),
            },
        )
        .unwrap();
    }
    s
}

/// A player's line: (rank, country, club, entries with the opponent's place replaced by the
/// opponent's name), by name.
type Line = (String, String, String, Vec<String>);

fn lines(h9: &str, rounds: usize) -> HashMap<String, Line> {
    let rows: Vec<Vec<&str>> = h9
        .lines()
        .filter(|l| !l.trim_start().starts_with(';') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let name_of = |place: &str| -> String {
        rows.iter()
            .find(|r| r[0] == place)
            .map(|r| format!("{} {}", r[1], r[2]))
            .unwrap_or_default()
    };
    rows.iter()
        .map(|r| {
            let entries = r[r.len() - rounds..]
                .iter()
                .map(|e| match e.find(['+', '-', '=', '?']) {
                    Some(i) if e.contains('/') => format!("{} {}", name_of(&e[..i]), &e[i..]),
                    _ => "not played".to_string(),
                })
                .collect();
            let line = (r[3].to_lowercase(), r[4].to_string(), r[5].to_string(), entries);
            (format!("{} {}", r[1], r[2]), line)
        })
        .collect()
}

#[test]
fn juvisy_h9_has_opengothas_players_ranks_clubs_and_every_played_game() {
    let s = played("Tournoi_de_Juvisy.xml");
    let ours = egf::h9_latin9(&s).unwrap();
    let ours = encoding_rs::ISO_8859_15.decode(&ours).0.into_owned();
    let real = std::fs::read(opengotha_dir().join("Tournoi_de_Juvisy.h9")).unwrap();
    let real = encoding_rs::ISO_8859_15.decode(&real).0.into_owned();
    let (ours_lines, real_lines) = (lines(&ours, 4), lines(&real, 4));
    assert_eq!(ours_lines.len(), 19);
    assert_eq!(ours_lines.len(), real_lines.len());
    let mut games = 0;
    for (name, (rank, country, club, entries)) in &real_lines {
        let mine = ours_lines
            .get(name)
            .unwrap_or_else(|| panic!("{name} missing:\n{ours}"));
        assert_eq!((&mine.0, &mine.1, &mine.2), (rank, country, club), "{name}");
        for (r, entry) in entries.iter().enumerate() {
            if entry != "not played" {
                assert_eq!(&mine.3[r], entry, "{name}, round {}", r + 1);
                games += 1;
            }
        }
    }
    assert_eq!(games, 72, "36 games, two entries each");
    for tag in [
        "EV[City Open]",
        "DT[2026-11-28,2026-11-29]",
        "KM[7.5]",
        "TM[60]",
        "CM[chinese:60m/5]",
    ] {
        assert!(ours.contains(tag), "{tag}:\n{ours}");
    }
}

#[test]
fn the_h9_is_iso_8859_15() {
    let s = played("Tournoi_de_Juvisy.xml");
    let bytes = egf::h9_latin9(&s).unwrap();
    // "Nemo André": é is 0xE9 in ISO-8859-15, two bytes in UTF-8.
    let at = bytes.windows(5).position(|w| w == b"Andr\xe9").unwrap();
    assert!(at > 0);
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8");
}

#[test]
fn a_chinese_name_is_never_a_question_mark_it_goes_out_romanised_or_is_refused() {
    let mut s = played("TournoiChinois.xml");
    let refused = egf::h9_latin9(&s).unwrap_err();
    let ExportError::MissingRomanised(names) = &refused else {
        panic!("{refused}")
    };
    assert_eq!(names.len(), 22, "{names:?}: every player but the two Vanniers");
    assert!(names.contains(&"高 传德".to_string()), "{names:?}");
    // The romanised names, from a CSV (name, rank, romanised).
    let mut csv = String::from("name,rank,romanised\n");
    for (i, p) in s.players.iter().enumerate() {
        csv.push_str(&format!("{},{},Player{} Number{i}\n", p.name, p.rank, i));
    }
    let (changes, report) = players_csv::plan(&s, &players_csv::read(&csv).unwrap());
    assert_eq!(report.updated.len(), 24);
    for c in &changes {
        s.apply(&organiser(), c).unwrap();
    }
    let h9 = egf::h9_latin9(&s).unwrap();
    let text = String::from_utf8(h9).unwrap();
    assert!(!text.contains('?'), "{text}");
    let gao = s.players.iter().position(|p| p.name == "高 传德").unwrap();
    assert!(text.contains(&format!("Player{gao} Number{gao}")), "{text}");
    assert!(
        text.contains("Player3 Number3  ") || text.contains("Player3 Number3"),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| !l.starts_with(';')).count(), 24);
}

#[test]
fn the_aga_results_refuse_listing_every_player_without_an_aga_id() {
    let s = played("20200916104611_congreso2020.xml");
    let refused = go_arbiter::export::aga::results(&s).unwrap_err();
    assert!(
        matches!(&refused, ExportError::MissingAgaIds(names) if names == &["Martens Michel".to_string(), "Nasif Lucas".to_string()]),
        "{refused}"
    );
}

#[test]
fn the_aga_results_have_players_with_ids_and_each_rated_game_white_first() {
    let mut s = played("20200916104611_congreso2020.xml");
    let csv = "name,rank,aga_id\nMartens Michel,1d,1001\nNasif Lucas,20k,1002\n";
    let (changes, _) = players_csv::plan(&s, &players_csv::read(csv).unwrap());
    for c in &changes {
        s.apply(&organiser(), c).unwrap();
    }
    let text = go_arbiter::export::aga::results(&s).unwrap();
    assert!(
        text.starts_with("TOURNEY City Open, Community Hall\n\tstart=2026-11-28\n\tfinish=2026-11-29\n"),
        "{text}"
    );
    assert!(text.contains("    1001 Martens, Michel                1D\n"), "{text}");
    assert!(text.contains("    1002 Nasif, Lucas                   20K\n"), "{text}");
    // <Game blackPlayer="NASIFLUCAS" ... result="RESULT_WHITEWINS" roundNumber="1" whitePlayer="MARTENSMICHEL"/>
    assert!(text.contains("# Round 1\n    1001     1002 W 0 6\n"), "{text}");
    // Round 2 has RESULT_UNKNOWN: a comment, not a game.
    assert!(
        text.contains("# Round 2\n# table 1: Nasif Lucas (W) v Martens Michel (B): no result, not rated\n"),
        "{text}"
    );
}

//! Tests of the organiser's files in: OpenGotha tournaments (every real file in
//! ../shared/data/opengotha) and players from a CSV.

use std::path::PathBuf;

use go_arbiter::board::Color;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::{Change, PairingFile, Rank, Role, Session, Stamp, TableId};
use go_arbiter::tournament::opengotha::{self, ATTRIBUTES, Expected, OpenGothaError};
use go_arbiter::tournament::players_csv::{self, CsvError};
use go_arbiter::tournament::{ImportReport, TimeSystem, plan};

use crate::support::{event, shared_data};

pub fn organiser() -> Stamp {
    Stamp::new("08:30", "Organiser", Role::Organiser)
}

pub fn opengotha_dir() -> PathBuf {
    shared_data().join("opengotha")
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(opengotha_dir().join(name)).unwrap()
}

pub const FILES: [&str; 4] = [
    "TournoiChinois.xml",
    "CdFO2020.xml",
    "Tournoi_de_Juvisy.xml",
    "20200916104611_congreso2020.xml",
];

fn source(name: &str) -> PairingFile {
    PairingFile {
        path: name.to_string(),
        sha256: "0".repeat(64),
    }
}

pub fn new_session() -> Session {
    let mut s = Session::new(event());
    s.apply(&organiser(), &Change::Event(event())).unwrap();
    s
}

/// Imports `round` of the file's text into `session`, applying each change; the report.
pub fn import(session: &mut Session, name: &str, text: &str, round: u32) -> ImportReport {
    let file = opengotha::read(text).unwrap();
    let (changes, report) = plan(session, &file, round, source(name)).unwrap();
    for c in &changes {
        session.apply(&organiser(), c).unwrap();
    }
    report
}

#[test]
fn every_attribute_the_reader_takes_is_declared_in_opengothas_dtd() {
    let dtd = read("tournament.dtd");
    let declared: Vec<(String, String)> = dtd
        .lines()
        .filter_map(|l| l.trim().strip_prefix("<!ATTLIST "))
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .collect();
    assert!(declared.len() > 50, "the DTD reads: {} attributes", declared.len());
    for (element, attribute) in ATTRIBUTES {
        assert!(
            declared.iter().any(|(e, a)| e == element && a == attribute),
            "{element} {attribute} is not in tournament.dtd"
        );
    }
}

#[test]
fn every_real_opengotha_file_reads_with_its_players_and_games() {
    for (name, players, games, rounds) in [
        (FILES[0], 24, 12, vec![1]),
        (FILES[1], 23, 77, (1..=7).collect()),
        (FILES[2], 19, 36, (1..=4).collect()),
        (FILES[3], 2, 2, vec![1, 2]),
    ] {
        let file = opengotha::read(&read(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(file.players.len(), players, "{name}");
        assert_eq!(file.games.len(), games, "{name}");
        assert_eq!(file.rounds(), rounds, "{name}");
        assert!(file.general.is_some(), "{name}");
    }
}

#[test]
fn each_real_file_imports_its_first_round_as_tables() {
    for name in FILES {
        let text = read(name);
        let mut s = new_session();
        let report = import(&mut s, name, &text, 1);
        let file = opengotha::read(&text).unwrap();
        assert_eq!(s.players.len(), file.players.len(), "{name}");
        assert_eq!(report.tables_added.len(), file.round(1).len(), "{name}");
        assert_eq!(s.round(1).unwrap().tables.len(), file.round(1).len(), "{name}");
        assert_eq!(s.event.pairing_file.as_ref().map(|f| f.path.as_str()), Some(name));
        assert!(s.audit.len() > file.players.len(), "{name}: one audit entry per change");
    }
}

#[test]
fn a_round_keeps_table_numbers_colours_handicap_komi_and_the_time_system() {
    let text = read("TournoiChinois.xml");
    let mut s = new_session();
    let report = import(&mut s, "TournoiChinois.xml", &text, 1);
    // <Game blackPlayer="马超" ... tableNumber="1" whitePlayer="VANNIERREMI"/>
    let t1 = s.table(TableId { round: 1, table: 1 }).unwrap();
    assert_eq!(s.player(t1.black).unwrap().name, "马 超");
    assert_eq!(s.player(t1.white).unwrap().name, "Vannier Remi");
    let remi = &s.player(t1.white).unwrap().registration;
    assert_eq!((remi.country.as_str(), remi.egf_pin.as_str()), ("FR", "10598830"));
    assert_eq!(s.player(t1.white).unwrap().club, "35Re");
    assert_eq!(s.player(t1.white).unwrap().rank, Rank::Dan(2));
    assert_eq!(t1.game.komi, Quarters::from_points(7) + Quarters(1), "komi=\"7.5\"");
    // <Game blackPlayer="VANNIERLUC" handicap="3" ... tableNumber="12" whitePlayer="高传德"/>
    let t12 = s.table(TableId { round: 1, table: 12 }).unwrap();
    assert_eq!(t12.game.handicap, 3);
    assert_eq!(s.player(t12.white).unwrap().registration.opengotha_key, "高传德");
    assert_eq!(s.player(t12.black).unwrap().registration.opengotha_key, "VANNIERLUC");
    // basicTime="60" complementaryTimeSystem="STDBYOYOMI" stdByoYomiTime="30"
    assert_eq!(
        report.time_system,
        TimeSystem::FromFile("japanese:60m+1x30s".to_string())
    );
    assert_eq!(t1.game.time_control, "japanese:60m+1x30s");
    // basicTime="80" complementaryTimeSystem="CANBYOYOMI" nbMovesCanTime="15" canByoYomiTime="300"
    let mut s = new_session();
    let report = import(&mut s, "CdFO2020.xml", &read("CdFO2020.xml"), 3);
    assert_eq!(
        report.time_system,
        TimeSystem::FromFile("canadian:80m+15/5m".to_string())
    );
}

#[test]
fn a_time_system_we_cannot_write_keeps_the_events_control_and_says_so() {
    let text = read("20200916104611_congreso2020.xml").replace("STDBYOYOMI", "HOURGLASS");
    let mut s = new_session();
    let report = import(&mut s, "c.xml", &text, 1);
    assert_eq!(
        report.time_system,
        TimeSystem::NotExpressed {
            system: "HOURGLASS".to_string(),
            kept: "chinese:60m/5".to_string()
        }
    );
    assert_eq!(
        s.table(TableId { round: 1, table: 1 }).unwrap().game.time_control,
        "chinese:60m/5"
    );
}

#[test]
fn importing_the_same_round_again_changes_nothing_and_duplicates_nothing() {
    let text = read("CdFO2020.xml");
    let mut s = new_session();
    import(&mut s, "CdFO2020.xml", &text, 2);
    let (players, entries) = (s.players.len(), s.audit.len());
    let report = import(&mut s, "CdFO2020.xml", &text, 2);
    assert_eq!(s.players.len(), players);
    assert_eq!(s.audit.len(), entries, "no change, no audit entry");
    assert!(report.players_added.is_empty() && report.players_updated.is_empty());
    assert!(report.tables_added.is_empty() && report.tables_updated.is_empty());
    // The next round adds its tables and no player.
    let report = import(&mut s, "CdFO2020.xml", &text, 3);
    assert_eq!(s.players.len(), players);
    assert_eq!(report.tables_added.len(), 11);
}

#[test]
fn a_second_import_updates_unstarted_tables_and_leaves_started_ones_alone() {
    let text = read("TournoiChinois.xml");
    let mut s = new_session();
    import(&mut s, "TournoiChinois.xml", &text, 1);
    // Table 1 has a result, table 3 a move; then OpenGotha swaps the colours of tables 1, 2, 3.
    let t1 = TableId { round: 1, table: 1 };
    let t3 = TableId { round: 1, table: 3 };
    let result = GameResult {
        winner: Some(Color::White),
        margin: None,
        reason: Reason::Resignation,
    };
    s.apply(
        &organiser(),
        &Change::Result {
            table: t1,
            result: Some(result),
        },
    )
    .unwrap();
    let mut game = s.table(t3).unwrap().game.game().unwrap();
    game.play(go_arbiter::board::Point::new(3, 3)).unwrap();
    let sgf = go_arbiter::sgf::write_string(&game);
    s.apply(
        &organiser(),
        &Change::Record {
            table: t3,
            sgf,
            note: "D16".into(),
        },
    )
    .unwrap();
    let swapped = text
        .replace(
            r#"blackPlayer="马超" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="VANNIERREMI""#,
            r#"blackPlayer="VANNIERREMI" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="马超""#,
        )
        .replace(
            r#"blackPlayer="李凡" handicap="0" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="2" whitePlayer="赵敏""#,
            r#"blackPlayer="赵敏" handicap="2" knownColor="true" result="RESULT_BLACKWINS" roundNumber="1" tableNumber="2" whitePlayer="李凡""#,
        )
        .replace(
            r#"blackPlayer="徐云" handicap="0" knownColor="true" result="RESULT_UNKNOWN" roundNumber="1" tableNumber="3" whitePlayer="卢遥""#,
            r#"blackPlayer="卢遥" handicap="0" knownColor="true" result="RESULT_UNKNOWN" roundNumber="1" tableNumber="3" whitePlayer="徐云""#,
        );
    assert_ne!(swapped, text);
    let before1 = s.table(t1).unwrap().clone();
    let before3 = s.table(t3).unwrap().clone();
    let report = import(&mut s, "TournoiChinois.xml", &swapped, 1);
    assert_eq!(report.tables_left_alone, vec![1, 3]);
    assert_eq!(report.tables_updated, vec![2]);
    assert_eq!(s.table(t1).unwrap(), &before1);
    assert_eq!(s.table(t3).unwrap(), &before3);
    let t2 = s.table(TableId { round: 1, table: 2 }).unwrap();
    assert_eq!(s.player(t2.black).unwrap().registration.opengotha_key, "赵敏");
    assert_eq!(t2.game.handicap, 2);
    let record = t2.game.game().unwrap();
    assert_eq!(
        record.info.black,
        s.player(t2.black).unwrap().name,
        "the record names the new players"
    );
}

#[test]
fn a_pairing_change_is_refused_on_a_table_whose_game_has_started() {
    let text = read("TournoiChinois.xml");
    let mut s = new_session();
    import(&mut s, "TournoiChinois.xml", &text, 1);
    let t1 = TableId { round: 1, table: 1 };
    let result = GameResult {
        winner: Some(Color::Black),
        margin: None,
        reason: Reason::Time,
    };
    s.apply(
        &organiser(),
        &Change::Result {
            table: t1,
            result: Some(result),
        },
    )
    .unwrap();
    let t = s.table(t1).unwrap().clone();
    let refused = s.apply(
        &organiser(),
        &Change::Pairing {
            table: t1,
            black: t.white,
            white: t.black,
        },
    );
    assert_eq!(refused, Err(go_arbiter::session::SessionError::PairingAfterStart(t1)));
}

#[test]
fn a_player_renamed_in_opengotha_is_found_again_by_egf_pin() {
    let text = read("TournoiChinois.xml");
    let mut s = new_session();
    import(&mut s, "TournoiChinois.xml", &text, 1);
    let players = s.players.len();
    let renamed = text
        .replace(r#"firstName="Remi""#, r#"firstName="Rémi""#)
        .replace("VANNIERREMI", "VANNIERRÉMI");
    let report = import(&mut s, "TournoiChinois.xml", &renamed, 1);
    assert_eq!(s.players.len(), players, "no new player");
    assert_eq!(report.players_updated, vec!["Vannier Rémi".to_string()]);
    assert!(report.tables_updated.is_empty(), "the same player at table 1");
}

#[test]
fn a_round_the_file_does_not_have_is_refused_with_its_rounds() {
    let file = opengotha::read(&read("Tournoi_de_Juvisy.xml")).unwrap();
    let refused = plan(&new_session(), &file, 9, source("j.xml")).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the file has no games in round 9 (its rounds: [1, 2, 3, 4])"
    );
}

#[test]
fn malformed_files_are_refused_naming_the_element_the_attribute_and_the_line() {
    let text = read("20200916104611_congreso2020.xml");
    // The first player is on line 4.
    let bad_rank = text.replacen(r#"rank="1D""#, r#"rank="99X""#, 1);
    assert_eq!(
        opengotha::read(&bad_rank),
        Err(OpenGothaError::BadAttribute {
            line: 4,
            element: "Player",
            attribute: "rank",
            value: "99X".to_string(),
            expected: Expected::Rank
        })
    );
    let no_round = text.replacen(r#" roundNumber="1""#, "", 1);
    assert_eq!(
        opengotha::read(&no_round),
        Err(OpenGothaError::MissingAttribute {
            line: 8,
            element: "Game",
            attribute: "roundNumber"
        })
    );
    let bad_table = text.replacen(r#"tableNumber="1""#, r#"tableNumber="one""#, 1);
    assert!(matches!(
        opengotha::read(&bad_table),
        Err(OpenGothaError::BadAttribute {
            line: 8,
            element: "Game",
            attribute: "tableNumber",
            ..
        })
    ));
    let stranger = text.replacen("<Games>", "<Games>\n<Move x=\"1\"/>", 1);
    assert_eq!(
        opengotha::read(&stranger),
        Err(OpenGothaError::UnexpectedElement {
            line: 8,
            element: "Move".to_string(),
            parent: "Games".to_string()
        })
    );
    let unknown = text.replacen(r#"whitePlayer="MARTENSMICHEL""#, r#"whitePlayer="NOBODY""#, 1);
    assert!(matches!(
        opengotha::read(&unknown),
        Err(OpenGothaError::UnknownPlayer {
            line: 8,
            attribute: "whitePlayer",
            ..
        })
    ));
    let broken = text.replacen("</Players>", "</Player>", 1);
    assert!(matches!(
        opengotha::read(&broken),
        Err(OpenGothaError::Xml { line: 6, .. })
    ));
    let other = "<?xml version=\"1.0\"?>\n<html><body/></html>";
    assert!(matches!(
        opengotha::read(other),
        Err(OpenGothaError::NotATournament { line: 2, .. })
    ));
}

#[test]
fn a_spreadsheets_csv_with_bom_crlf_semicolons_quotes_and_chinese_names_reads() {
    let text = "\u{feff}Name;Rank;Club;Country\r\n\"Smith, John\";3d;\"The \"\"Black\"\" Stones\";gb\r\n高传德;1d;北京;CN\r\n\r\n";
    let players = players_csv::read(text).unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0].name, "Smith, John");
    assert_eq!(players[0].club, "The \"Black\" Stones");
    assert_eq!(players[0].country, "GB");
    assert_eq!(players[1].name, "高传德");
    assert_eq!(players[1].rank, Rank::Dan(1));
    assert_eq!(players[1].line, 3);
    let commas = "name,rank,club,country,romanised\nLi Wei,2k,Shanghai,CN,Li Wei\n";
    assert_eq!(players_csv::read(commas).unwrap()[0].romanised, "Li Wei");
}

#[test]
fn a_spreadsheets_csv_with_a_line_break_inside_a_quoted_field_is_imported_and_later_lines_are_counted_right() {
    // As a spreadsheet saves it: a BOM, CRLF, semicolons, a name over two lines in quotes, a
    // club with a semicolon and doubled quotes, Chinese.
    let good = "\u{feff}Name;Rank;Club;Country\r\n\"Ann\r\nLee\";3d;\"Club; \"\"A\"\"\";gb\r\n高传德;1d;北京;CN\r\n";
    let bad = format!("{good}Bob;strong;;\r\n");
    assert_eq!(
        players_csv::read(&bad),
        Err(CsvError::BadRank {
            line: 5,
            column: "rank",
            value: "strong".to_string()
        }),
        "the header is line 1, Ann's record lines 2 and 3"
    );
    let players = players_csv::read(good).unwrap();
    assert_eq!(players[0].club, "Club; \"A\"");
    assert_eq!(players[1].line, 4);
    let mut s = new_session();
    let (changes, report) = players_csv::plan(&s, &players);
    for c in &changes {
        s.apply(&organiser(), c).unwrap();
    }
    assert_eq!(report.added.len(), 2);
    let names: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ann\r\nLee", "高传德"]);
    assert_eq!(s.players[0].registration.country, "GB");
}

#[test]
fn a_bad_csv_row_names_its_line_and_column() {
    let text = "name,rank,club,country\nAnn,3d,A,GB\nBob,strong,B,FR\n";
    assert_eq!(
        players_csv::read(text),
        Err(CsvError::BadRank {
            line: 3,
            column: "rank",
            value: "strong".to_string()
        })
    );
    assert_eq!(
        players_csv::read("name;club\nAnn;A\n"),
        Err(CsvError::MissingColumn { column: "rank" })
    );
    assert_eq!(
        players_csv::read("name,rank\nAnn,3d\n,2k\n"),
        Err(CsvError::EmptyField {
            line: 3,
            column: "name"
        })
    );
}

#[test]
fn players_from_a_csv_are_added_then_updated_by_name_never_duplicated() {
    let mut s = new_session();
    let first = players_csv::read("name,rank,club,country\nAnn Lee,3d,A,GB\nBo Wang,1k,B,CN\n").unwrap();
    let (changes, report) = players_csv::plan(&s, &first);
    assert_eq!(report.added, vec!["Ann Lee".to_string(), "Bo Wang".to_string()]);
    for c in &changes {
        s.apply(&organiser(), c).unwrap();
    }
    let again = players_csv::read("name,rank,club,country\nAnn Lee,4d,A,GB\nBo Wang,1k,B,CN\n").unwrap();
    let (changes, report) = players_csv::plan(&s, &again);
    assert_eq!(report.updated, vec!["Ann Lee".to_string()]);
    assert!(report.added.is_empty());
    assert_eq!(changes.len(), 1);
    s.apply(&organiser(), &changes[0]).unwrap();
    assert_eq!(s.players.len(), 2);
    assert_eq!(s.players[0].rank, Rank::Dan(4));
}

//! Tests of the exports.

use std::time::Duration;

use go_arbiter::board::{Color, Point};
use go_arbiter::clock::Clock;
use go_arbiter::export::command::{Target, export};
use go_arbiter::export::standings::{self, System};
use go_arbiter::export::{csv, egf, opengotha, png, sgf as sgf_export, slip};
use go_arbiter::game::Game;
use go_arbiter::ledger::{Catalogue, Edition, OffenceId, RaisedBy, Report};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Marks, Quarters, Reason};
use go_arbiter::session::{Change, GameSetup, Player, PlayerId, Role, Session, Signer, Stamp, Store, TableId};
use go_arbiter::sgf;
use jiff::tz::TimeZone;

use crate::support::event;

const MIN: Duration = Duration::from_secs(60);

fn stamp() -> Stamp {
    Stamp::new("09:00", "Li Wei", Role::Arbiter)
}

/// A session with these players (id from 1) and `rounds` rounds.
fn session(players: &[(&str, &str, &str)], rounds: u32) -> Session {
    let mut s = Session::new(event());
    s.apply(&stamp(), &Change::Event(event())).unwrap();
    for (i, (name, rank, club)) in players.iter().enumerate() {
        let player = Player {
            id: PlayerId(i as u32 + 1),
            name: name.to_string(),
            rank: rank.parse().unwrap(),
            club: club.to_string(),
            registration: Default::default(),
        };
        s.apply(&stamp(), &Change::Player(player)).unwrap();
    }
    for number in 1..=rounds {
        s.apply(
            &stamp(),
            &Change::Round {
                number,
                date: format!("2026-11-2{}", 7 + number),
            },
        )
        .unwrap();
    }
    s
}

fn seat(s: &mut Session, round: u32, table: u32, black: u32, white: u32, size: u8) -> TableId {
    let id = TableId { round, table };
    let setup = GameSetup {
        size,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    s.apply(
        &stamp(),
        &Change::Table {
            table: id,
            black: PlayerId(black),
            white: PlayerId(white),
            setup,
        },
    )
    .unwrap();
    id
}

fn result(s: &mut Session, id: TableId, result: GameResult) {
    s.apply(
        &stamp(),
        &Change::Result {
            table: id,
            result: Some(result),
        },
    )
    .unwrap();
}

/// A phone-sounds warning for `player` in the game at `id`, at move `move_number`.
fn warn(s: &mut Session, id: TableId, player: Color, move_number: usize, note: &str) {
    let tg = &s.table(id).unwrap().game;
    let game = tg.game().unwrap();
    let mut ledger = tg.ledger.clone();
    let report = Report::new(
        player,
        OffenceId::PhoneSounds,
        move_number,
        30 * MIN,
        "10:20",
        RaisedBy::Arbiter("Li".into()),
    )
    .note(note);
    ledger
        .record(&Catalogue::standard(Edition::Chinese2002), &game, report)
        .unwrap();
    s.apply(&stamp(), &Change::Ledger { table: id, ledger }).unwrap();
}

/// A 9x9 game of four moves with its clock (moves 40 s, 70 s, 20 s, 65 s) and a warning at move 2.
fn played() -> (Session, TableId) {
    let mut s = session(&[("Chen Li", "3d", "Beijing"), ("Ann Smith", "2k", "NZ")], 1);
    let id = seat(&mut s, 1, 1, 1, 2, 9);
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    for (c, r) in [(2, 2), (6, 6), (2, 6), (6, 2)] {
        game.play(Point::new(c, r)).unwrap();
    }
    s.apply(
        &stamp(),
        &Change::Record {
            table: id,
            sgf: sgf::write_string(&game),
            note: "entered".into(),
        },
    )
    .unwrap();
    let mut clock = Clock::new("chinese:60m/5".parse().unwrap());
    clock.start(Duration::ZERO, Color::Black).unwrap();
    let mut at = Duration::ZERO;
    for (n, secs) in [40u64, 70, 20, 65].into_iter().enumerate() {
        at += Duration::from_secs(secs);
        let player = if n % 2 == 0 { Color::Black } else { Color::White };
        clock.press(at, player, n as u32 + 1).unwrap();
    }
    for event in clock.events().to_vec() {
        s.apply(&stamp(), &Change::Clock { table: id, event }).unwrap();
    }
    warn(&mut s, id, Color::White, 2, "phone rang");
    result(&mut s, id, GameResult::win(Color::Black, Reason::Resignation));
    (s, id)
}

#[test]
fn sgf_export_reads_back_with_times_and_incident_comments() {
    let (s, id) = played();
    let text = sgf_export::game_sgf(&s, id, s.table(id).unwrap()).unwrap();
    let game = sgf::read_str(&text).unwrap();
    assert_eq!(game.info.black, "Chen Li");
    assert_eq!(game.info.white_rank, "2k");
    assert_eq!(game.info.result, "B+R");
    assert_eq!(game.rules.komi, 7.5);
    assert_eq!(game.preset, Some(Preset::Chinese2002));
    assert_eq!(game.info.handicap, 0);
    assert_eq!(game.info.main_time, Some(3600.0));
    assert_eq!(game.info.overtime, "chinese:60m/5");
    let moves = game.moves();
    assert_eq!(moves.len(), 4);
    // 60 min with 5 reserved minutes: 55 min free main time; Black used 40 s, then 20 s.
    let t1 = &game.node(moves[0].0).times;
    assert_eq!(t1.black_left, Some(55.0 * 60.0 - 40.0));
    assert_eq!(t1.white_left, None);
    let t2 = &game.node(moves[1].0).times;
    assert_eq!(t2.white_left, Some(55.0 * 60.0 - 70.0));
    assert_eq!(game.node(moves[2].0).times.black_left, Some(55.0 * 60.0 - 60.0));
    let comment = &game.node(moves[1].0).comment;
    assert!(comment.contains("Incident 1, White"), "{comment}");
    assert!(comment.contains("phone rang"), "{comment}");
    assert!(game.node(moves[0].0).comment.is_empty());
}

#[test]
fn results_csv_quotes_fields_and_gives_re_and_words() {
    let mut s = session(&[("Smith, \"Ann\"", "2k", "NZ"), ("Chen Li", "3d", "Beijing")], 1);
    let id = seat(&mut s, 1, 1, 2, 1, 19);
    result(&mut s, id, GameResult::by_count(Quarters(-1)));
    warn(&mut s, id, Color::White, 0, "");
    let text = csv::results(&s).unwrap();
    let lines: Vec<&str> = text.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "round,table,black,black_rank,white,white_rank,result,result_words,black_warnings,white_warnings,handicap,komi,code"
    );
    assert_eq!(
        lines[1],
        "1,1,Chen Li,3d,\"Smith, \"\"Ann\"\"\",2k,W+0.5,White wins by 1/4 stone (1/2 point),0,1,0,7.5,"
    );
    assert_eq!(lines[2], "");
    assert_eq!(lines.len(), 3);
}

/// The records of a CSV text as the csv crate reads them back (a spreadsheet's reading).
fn csv_records(text: &str) -> Vec<Vec<String>> {
    ::csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// Names an organiser's file may hold: a comma, quotes, a line break (CRLF and LF), Chinese, a
/// leading space and a lone quote.
const AWKWARD_NAMES: [&str; 6] = [
    "Smith, John",
    "Ann \"The Stone\" Lee",
    "Two\r\nLines",
    "One\nBreak",
    "高传德",
    " \"Quote",
];

#[test]
fn results_csv_names_with_commas_quotes_line_breaks_and_chinese_read_back_whole() {
    let players: Vec<(&str, &str, &str)> = AWKWARD_NAMES.iter().map(|n| (*n, "1d", "北京, \"东城\"")).collect();
    let mut s = session(&players, 1);
    for t in 0..3 {
        seat(&mut s, 1, t + 1, 2 * t + 1, 2 * t + 2, 19);
    }
    let text = csv::results(&s).unwrap();
    assert!(
        text.contains("\"Ann \"\"The Stone\"\" Lee\""),
        "quotes doubled inside quotes: {text}"
    );
    assert!(text.contains(",高传德,"), "Chinese as it is, unquoted: {text}");
    let records = csv_records(&text);
    assert_eq!(
        records.len(),
        4,
        "a header and three games, line breaks kept inside their names: {text}"
    );
    assert_eq!(records[0], csv::HEADER);
    for (t, row) in records[1..].iter().enumerate() {
        assert_eq!(
            (row[2].as_str(), row[4].as_str()),
            (AWKWARD_NAMES[2 * t], AWKWARD_NAMES[2 * t + 1])
        );
        assert_eq!(row.len(), csv::HEADER.len());
    }
}

#[test]
fn standings_csv_names_with_commas_quotes_line_breaks_and_chinese_read_back_whole() {
    let players: Vec<(&str, &str, &str)> = AWKWARD_NAMES.iter().map(|n| (*n, "2k", "")).collect();
    let mut s = session(&players, 1);
    let id = seat(&mut s, 1, 1, 1, 2, 19);
    result(&mut s, id, GameResult::win(Color::Black, Reason::Resignation));
    let list = standings::standings(&s, System::RoundRobin).unwrap();
    let text = standings::csv(&list, System::RoundRobin).unwrap();
    let records = csv_records(&text);
    assert_eq!(records.len(), 1 + AWKWARD_NAMES.len(), "{text}");
    let mut names: Vec<&str> = records[1..].iter().map(|r| r[1].as_str()).collect();
    names.sort_unstable();
    let mut expected = AWKWARD_NAMES.to_vec();
    expected.sort_unstable();
    assert_eq!(names, expected);
    assert!(records.iter().all(|r| r.len() == records[0].len()));
}

/// Four players, three rounds, every pair once. P1 beats P2 and P3 and loses to P4 by forfeit;
/// P2 beats P3 and P4; P3 beats P4.
fn round_robin() -> Session {
    let players = [
        ("Alpha Ann", "3d", "NZ"),
        ("Bravo Bo", "2d", "NZ"),
        ("Charlie Cy", "1k", "Club X"),
        ("Delta Di", "5k", ""),
    ];
    let mut s = session(&players, 3);
    let b = GameResult::win(Color::Black, Reason::Resignation);
    for (round, table, black, white, r) in [
        (1, 1, 1, 2, b),
        (1, 2, 3, 4, b),
        (2, 1, 1, 3, b),
        (2, 2, 2, 4, b),
        (3, 1, 4, 1, GameResult::win(Color::Black, Reason::Forfeit)),
        (3, 2, 2, 3, b),
    ] {
        let id = seat(&mut s, round, table, black, white, 19);
        result(&mut s, id, r);
    }
    s
}

#[test]
fn round_robin_ties_are_broken_by_opponents_beaten() {
    let s = round_robin();
    assert_eq!(
        standings::declared(&s),
        System::NotDeclared,
        "never guessed from the games"
    );
    let list = standings::standings(&s, System::RoundRobin).unwrap();
    let order: Vec<(&str, usize, u32, f64)> = list
        .iter()
        .map(|x| (x.name.as_str(), x.place, x.points, x.beaten()))
        .collect();
    assert_eq!(
        order,
        [
            ("Alpha Ann", 1, 4, 6.0),
            ("Bravo Bo", 2, 4, 4.0),
            ("Delta Di", 3, 2, 4.0),
            ("Charlie Cy", 4, 2, 2.0)
        ]
    );
    let text = standings::text(&list, System::RoundRobin);
    assert_eq!(text.lines().next(), Some("round robin"), "{text}");
    assert!(text.lines().nth(2).unwrap().contains("Alpha Ann"), "{text}");
    let csv_text = standings::csv(&list, System::RoundRobin).unwrap();
    assert!(csv_text.contains("\r\n1,Alpha Ann,3d,3,2,0,1,4,6,"), "{csv_text}");
}

#[test]
fn round_robin_ties_left_by_a_are_broken_by_fewer_warnings() {
    // A cycle: P1 > P2 > P3 > P1, all beat P4; P1, P2, P3 have 4 points and A = 4 each.
    let players = [
        ("Alpha Ann", "3d", "NZ"),
        ("Bravo Bo", "2d", "NZ"),
        ("Charlie Cy", "1k", "NZ"),
        ("Delta Di", "5k", "NZ"),
    ];
    let mut s = session(&players, 3);
    let b = GameResult::win(Color::Black, Reason::Resignation);
    let mut ids = Vec::new();
    for (round, table, black, white) in [
        (1, 1, 1, 2),
        (1, 2, 3, 4),
        (2, 1, 2, 3),
        (2, 2, 1, 4),
        (3, 1, 3, 1),
        (3, 2, 2, 4),
    ] {
        let id = seat(&mut s, round, table, black, white, 19);
        result(&mut s, id, b);
        ids.push(id);
    }
    warn(&mut s, ids[0], Color::Black, 0, ""); // Alpha: 1
    warn(&mut s, ids[1], Color::Black, 0, ""); // Charlie: 2
    warn(&mut s, ids[4], Color::Black, 0, "");
    let list = standings::standings(&s, System::RoundRobin).unwrap();
    let order: Vec<(&str, usize, f64, u32)> = list
        .iter()
        .map(|x| (x.name.as_str(), x.place, x.beaten(), x.warnings))
        .collect();
    assert_eq!(
        order,
        [
            ("Bravo Bo", 1, 4.0, 0),
            ("Alpha Ann", 2, 4.0, 1),
            ("Charlie Cy", 3, 4.0, 2),
            ("Delta Di", 4, 0.0, 0)
        ]
    );
}

#[test]
fn draws_count_half_in_tie_break_a_and_swiss_total_follows_the_old_formula() {
    let mut s = session(
        &[
            ("Alpha Ann", "3d", "NZ"),
            ("Bravo Bo", "2d", "NZ"),
            ("Charlie Cy", "1k", "NZ"),
        ],
        2,
    );
    let id = seat(&mut s, 1, 1, 1, 2, 19);
    result(&mut s, id, GameResult::ended(Reason::Draw));
    let id = seat(&mut s, 2, 1, 2, 3, 19);
    result(&mut s, id, GameResult::win(Color::Black, Reason::Time));
    let list = standings::standings(&s, System::SwissOldTotal).unwrap();
    // Bravo: 3 points, top 3; opponents Alpha (1) + Charlie (0): 3 + (1 / 1.5 - 2).
    let bravo = list.iter().find(|x| x.name == "Bravo Bo").unwrap();
    assert_eq!(bravo.points, 3);
    assert_eq!(bravo.beaten(), 0.5);
    assert!((bravo.total - (3.0 + 1.0 / 1.5 - 2.0)).abs() < 1e-9);
    assert_eq!(list[0].name, "Bravo Bo");
}

#[test]
fn h9_file_line_by_line() {
    let mut s = round_robin();
    let mut declared = s.event.clone();
    declared.system = System::RoundRobin;
    s.apply(&stamp(), &Change::Event(declared)).unwrap();
    let text = egf::h9(&s).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "; EV[City Open]");
    assert_eq!(lines[1], "; PC[,Community Hall]");
    assert_eq!(lines[2], "; DT[2026-11-28,2026-11-29]");
    assert_eq!(lines[3], "; HA[h9]", "no game had a handicap");
    assert_eq!(lines[4], "; KM[7.5]");
    assert_eq!(lines[5], "; TM[60]");
    assert_eq!(lines[6], "; CM[chinese:60m/5]");
    assert_eq!(lines[7], ";");
    assert_eq!(lines[8], "; Pl Name Rank Cc Club Pts Results");
    assert_eq!(lines.len(), 13);
    let players: Vec<Vec<&str>> = lines[9..].iter().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(
        players[0],
        ["1", "Alpha", "Ann", "3d", "NZ", "xxxx", "4", "2+/b0", "4+/b0", "3-!w0"]
    );
    assert_eq!(
        players[1],
        ["2", "Bravo", "Bo", "2d", "NZ", "xxxx", "4", "1-/w0", "3+/b0", "4+/b0"]
    );
    assert_eq!(
        players[2],
        ["3", "Delta", "Di", "5k", "XX", "xxxx", "2", "4-/w0", "2-/w0", "1+!b0"]
    );
    assert_eq!(
        players[3],
        [
            "4", "Charlie", "Cy", "1k", "XX", "Club_X", "2", "3+/b0", "1-/w0", "2-/w0"
        ]
    );
}

#[test]
fn h9_gives_both_lose_a_loss_on_each_side_and_no_game_a_free_round() {
    let players = [
        ("van der Berg Jan", "1d", ""),
        ("Cho", "2k", "FR"),
        ("Lone Lu", "3k", ""),
    ];
    let mut s = session(&players, 2);
    let id = seat(&mut s, 1, 1, 1, 2, 19);
    result(&mut s, id, GameResult::ended(Reason::BothLose));
    seat(&mut s, 2, 1, 2, 3, 19);
    let text = egf::h9(&s).unwrap();
    let entries: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(entries.len(), 3);
    let line_of = |name: &str| entries.iter().find(|e| e[1] == name).unwrap().clone();
    let (berg, cho, lu) = (line_of("van_der_Berg"), line_of("Cho"), line_of("Lone"));
    let (berg_place, cho_place) = (berg[0], cho[0]);
    assert_eq!(
        berg[1..],
        [
            "van_der_Berg",
            "Jan",
            "1d",
            "XX",
            "xxxx",
            "0",
            &format!("{cho_place}-/b0"),
            "0-"
        ]
    );
    assert_eq!(
        cho[1..],
        ["Cho", "2k", "FR", "xxxx", "0", &format!("{berg_place}-/w0"), "0-"]
    );
    assert_eq!(lu[1..], ["Lone", "Lu", "3k", "XX", "xxxx", "0", "0-", "0-"]);
}

#[test]
fn opengotha_file_marks_results_by_default() {
    let s = round_robin();
    let xml = opengotha::xml(&s).unwrap();
    assert!(
        xml.contains(
            "<Player name=\"Alpha\" firstName=\"Ann\" rank=\"3D\" grade=\"3D\" rating=\"2300\" ratingOrigin=\"INI\" club=\"\" country=\"NZ\" participating=\"111\" registeringStatus=\"FIN\"/>"
        ),
        "{xml}"
    );
    assert!(xml.contains(
        "<Game roundNumber=\"3\" tableNumber=\"1\" blackPlayer=\"DELTADI\" whitePlayer=\"ALPHAANN\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BLACKWINS_BYDEF\"/>"
    ), "{xml}");
    assert!(xml.contains(
        "<Game roundNumber=\"1\" tableNumber=\"1\" blackPlayer=\"ALPHAANN\" whitePlayer=\"BRAVOBO\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BLACKWINS\"/>"
    ), "{xml}");
    assert_eq!(xml.matches("result=\"RESULT_BLACKWINS\"").count(), 5);
    assert!(!xml.contains("TournamentParameterSet"));
    assert_eq!(
        opengotha::result_code(Some(&GameResult::ended(Reason::BothLose))),
        "RESULT_BOTHLOSE"
    );
    assert_eq!(
        opengotha::result_code(Some(&GameResult::win(Color::White, Reason::Disqualification))),
        "RESULT_WHITEWINS_BYDEF"
    );
    assert_eq!(opengotha::result_code(None), "RESULT_UNKNOWN");
}

#[test]
fn opengotha_players_meet_its_limits_on_names_country_and_club() {
    let players = [
        ("van der Berg Jan", "1d", "Amsterdam"),
        ("Cho", "2p", "é"),
        ("Li Wei", "12k", "cn"),
    ];
    let mut s = session(&players, 1);
    let id = seat(&mut s, 1, 4, 1, 2, 19);
    result(&mut s, id, GameResult::ended(Reason::BothLose));
    let xml = opengotha::xml(&s).unwrap();
    assert!(xml.contains("<Player name=\"van der Berg\" firstName=\"Jan\" rank=\"1D\" grade=\"1D\" rating=\"2100\" ratingOrigin=\"INI\" club=\"Amst\" country=\"\""), "{xml}");
    assert!(xml.contains("<Player name=\"Cho\" firstName=\"x\" rank=\"2P\" grade=\"2P\" rating=\"2700\" ratingOrigin=\"INI\" club=\"é\" country=\"\""), "{xml}");
    assert!(xml.contains("<Player name=\"Li\" firstName=\"Wei\" rank=\"12K\" grade=\"12K\" rating=\"900\" ratingOrigin=\"INI\" club=\"\" country=\"CN\""), "{xml}");
    assert!(xml.contains(
        "<Game roundNumber=\"1\" tableNumber=\"4\" blackPlayer=\"VANDERBERGJAN\" whitePlayer=\"CHOX\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BOTHLOSE\"/>"
    ), "{xml}");
}

#[test]
fn png_of_the_final_position_decodes_at_the_right_size() {
    let (mut s, id) = played();
    let game = s.table(id).unwrap().game.game().unwrap();
    let mut marks = Marks::new(game.board());
    marks.toggle_chain(game.board(), Point::new(6, 2));
    s.apply(
        &stamp(),
        &Change::Marks {
            table: id,
            marks: Some(marks.clone()),
        },
    )
    .unwrap();
    let bytes = png::final_position(id, s.table(id).unwrap()).unwrap();
    let img = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert_eq!((img.width(), img.height()), (9 * png::CELL, 9 * png::CELL));
    // The dead white stone at (6, 2) is crossed out in red at its centre.
    let c = |i: u32| i * png::CELL + png::CELL / 2;
    assert_eq!(img.get_pixel(c(6), c(2)).0, [210, 30, 30]);
}

#[test]
fn export_command_writes_files_and_prints_tables() {
    let (s, _) = played();
    let dir = std::env::temp_dir().join(format!("go-arbiter-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let written = export(&s, &Target::Sgf(dir.clone()), &TimeZone::UTC).unwrap();
    assert_eq!(written.trim(), dir.join("r1-t1.sgf").display().to_string());
    assert!(sgf::read_file(&dir.join("r1-t1.sgf")).is_ok());
    let path = dir.join("day.ron");
    Store::create(&path, &s).unwrap().close(&s).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_go-arbiter"))
        .args(["export", path.to_str().unwrap(), "--standings"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().nth(2).unwrap().contains("Chen Li"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn result_slip_lists_players_result_penalties_and_confirmations() {
    let (mut s, id) = played();
    for (signer, name) in [(Signer::Black, "CL"), (Signer::White, "AS")] {
        s.apply(
            &stamp(),
            &Change::Confirm {
                table: id,
                signer,
                name: name.into(),
            },
        )
        .unwrap();
    }
    let table = s.table(id).unwrap();
    let lines = slip::lines(&s, id, table, &TimeZone::UTC).unwrap();
    assert_eq!(lines[2], "Black: Chen Li (3d, Beijing)");
    assert!(lines[5].starts_with("Result: Black wins by resignation"), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains("warnings Black 0, White 1")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("Incident 1, White")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "  White: AS at 09:00"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "  Arbiter: not signed"), "{lines:?}");
    let img = image::load_from_memory(&slip::slip(&s, id, table, &TimeZone::UTC).unwrap())
        .unwrap()
        .to_rgb8();
    assert_eq!((img.width(), img.height()), (slip::WIDTH, slip::height(lines.len())));
    // Some ink on the first line.
    assert!((0..img.width()).any(|x| img.get_pixel(x, 40).0[0] < 128));
}

#[test]
fn the_slip_shows_the_confirmations_in_local_time_with_the_offset_in_the_events_zone() {
    let (mut s, id) = played();
    let wall = std::time::Duration::from_secs(1_795_942_800); // 2026-11-29 09:00:00 UTC
    let shanghai = TimeZone::get("Asia/Shanghai").unwrap();
    let stamps = [
        go_arbiter::wall::record(wall, &shanghai),
        "2026-11-29 09:00:30 UTC".to_string(), // as the window stamped before
        "09:01".to_string(),                   // free text, as older files have
    ];
    for (signer, at) in Signer::ALL.into_iter().zip(&stamps) {
        let change = Change::Confirm {
            table: id,
            signer,
            name: "X".into(),
        };
        s.apply(&Stamp::new(at, "Li Wei", Role::Arbiter), &change).unwrap();
    }
    let confirmations = |s: &Session, system: &TimeZone| -> Vec<String> {
        let zone = go_arbiter::export::event_zone(s, system);
        let lines = slip::lines(s, id, s.table(id).unwrap(), &zone).unwrap();
        lines.into_iter().filter(|l| l.contains(": X at ")).collect()
    };
    // No zone named by the event: the system's, handed in.
    assert_eq!(
        confirmations(&s, &shanghai),
        [
            "  Black: X at 2026-11-29 17:00:00 +08:00",
            "  White: X at 2026-11-29 17:00:30 +08:00",
            "  Arbiter: X at 09:01",
        ]
    );
    let mut event = s.event.clone();
    event.time_zone = "Europe/Paris".into();
    s.apply(&stamp(), &Change::Event(event)).unwrap();
    assert!(
        s.audit
            .last()
            .unwrap()
            .what
            .contains("time zone the system's -> Europe/Paris")
    );
    assert_eq!(
        confirmations(&s, &shanghai),
        [
            "  Black: X at 2026-11-29 10:00:00 +01:00",
            "  White: X at 2026-11-29 10:00:30 +01:00",
            "  Arbiter: X at 09:01",
        ]
    );
}

/// A 4-stone 19x19 game under Chinese rules, Ann Smith (2k) taking Black against Chen Li (3d),
/// with no komi (seed 004: "让先不贴目，让子要贴还让子数的一半"), won by Black by 1 1/2 stones.
fn handicap_4() -> (Session, TableId) {
    let mut s = session(&[("Chen Li", "3d", "Beijing"), ("Ann Smith", "2k", "NZ")], 1);
    let id = TableId { round: 1, table: 1 };
    let setup = GameSetup {
        size: 19,
        handicap: 4,
        komi: Quarters::ZERO,
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let table = Change::Table {
        table: id,
        black: PlayerId(2),
        white: PlayerId(1),
        setup,
    };
    s.apply(&stamp(), &table).unwrap();
    result(&mut s, id, GameResult::by_count(Quarters::from_points(3)));
    (s, id)
}

#[test]
fn a_handicap_4_game_exports_ha_4_km_0_and_its_ab_stones_to_sgf() {
    let (s, id) = handicap_4();
    let text = sgf_export::game_sgf(&s, id, s.table(id).unwrap()).unwrap();
    assert!(text.contains("HA[4]"), "{text}");
    assert!(text.contains("KM[0]"), "{text}");
    let game = sgf::read_str(&text).unwrap();
    assert_eq!((game.info.handicap, game.rules.komi), (4, 0.0));
    assert_eq!(game.board().stone_counts(), [4, 0], "the AB stones");
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.info.result, "B+3");
}

#[test]
fn a_handicap_4_game_on_the_slip_says_its_komi_and_compensation() {
    let (s, id) = handicap_4();
    let lines = slip::lines(&s, id, s.table(id).unwrap(), &TimeZone::UTC).unwrap();
    assert!(
        lines.contains(
            &"Rules: Chinese 2002, komi 0 stones (0 points), handicap 4, compensation 2 stones (4 points)".to_string()
        ),
        "{lines:#?}"
    );
    assert_eq!(
        slip::handicap_words(Preset::Chinese2002, 1),
        "handicap 1 (taking Black, no stones)"
    );
    assert_eq!(
        slip::handicap_words(Preset::Aga, 4),
        "handicap 4, compensation 1 1/2 stones (3 points)"
    );
    assert_eq!(slip::handicap_words(Preset::Japanese, 4), "handicap 4");
}

#[test]
fn a_handicap_4_game_in_the_csv_h9_and_opengotha_files() {
    let (s, _) = handicap_4();
    let csv = csv::results(&s).unwrap();
    let row = csv.split("\r\n").nth(1).unwrap();
    assert!(row.starts_with("1,1,Ann Smith,2k,Chen Li,3d,B+3,"), "{row}");
    assert!(
        row.ends_with(",0,0,4,0,"),
        "warnings 0 and 0, handicap 4, komi 0, no code (not confirmed): {row}"
    );

    let h9 = egf::h9(&s).unwrap();
    assert!(
        !h9.contains("; HA["),
        "no reduction is guessed with a handicap game: {h9}"
    );
    let entries: Vec<Vec<&str>> = h9
        .lines()
        .filter(|l| !l.starts_with(';'))
        .map(|l| l.split_whitespace().collect())
        .collect();
    let entry = |name: &str| {
        entries
            .iter()
            .find(|e| e[1] == name)
            .unwrap()
            .last()
            .unwrap()
            .to_string()
    };
    assert_eq!(entry("Ann"), "2+/b4", "{h9}");
    assert_eq!(entry("Chen"), "1-/w4", "{h9}");

    let xml = opengotha::xml(&s).unwrap();
    assert!(
        xml.contains(
            "<Game roundNumber=\"1\" tableNumber=\"1\" blackPlayer=\"ANNSMITH\" whitePlayer=\"CHENLI\" handicap=\"4\" knownColor=\"true\" result=\"RESULT_BLACKWINS\"/>"
        ),
        "{xml}"
    );
}

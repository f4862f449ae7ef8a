//! Standings as the rules rank them (Arts. 26-28, both editions), for the system the event
//! declares: written as tables of results.

use go_arbiter::board::Color;
use go_arbiter::export::command::{Target, export};
use go_arbiter::export::standings::teams::{match_scores, team_standings};
use go_arbiter::export::standings::{self, Criterion, Standing, System, criteria};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::format::{from_ron, to_ron};
use go_arbiter::session::tournament::{TournamentError, draw_order};
use go_arbiter::session::{
    Change, GameSetup, Player, PlayerId, Role, Session, SessionError, Stamp, TableId, Team, TopScore, Withdrawal, audit,
};
use jiff::tz::TimeZone;

use crate::support::event;

fn stamp() -> Stamp {
    Stamp::new("09:00", "Li Wei", Role::Organiser)
}

fn setup() -> GameSetup {
    GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    }
}

/// `players` players P1, P2, ... (all 1d unless `ranks` says), `rounds` rounds, the event
/// declaring `system`.
fn event_of(players: u32, rounds: u32, system: System) -> Session {
    let mut s = Session::new(event());
    let mut e = event();
    e.system = system;
    s.apply(&stamp(), &Change::Event(e)).unwrap();
    for i in 1..=players {
        let player = Player {
            id: PlayerId(i),
            name: format!("P{i}"),
            rank: "1d".parse().unwrap(),
            club: String::new(),
            registration: Default::default(),
        };
        s.apply(&stamp(), &Change::Player(player)).unwrap();
    }
    for number in 1..=rounds {
        let date = format!("2026-11-{}", 27 + number);
        s.apply(&stamp(), &Change::Round { number, date }).unwrap();
    }
    s
}

/// Plays a table of results: `round table black white result` per line, the result `B+`, `W+`
/// (by resignation), `B+F` (forfeit) or `=` (draw).
fn play(s: &mut Session, results: &str) {
    for line in results.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| f[i].parse::<u32>().unwrap();
        let id = TableId {
            round: n(0),
            table: n(1),
        };
        s.apply(
            &stamp(),
            &Change::Table {
                table: id,
                black: PlayerId(n(2)),
                white: PlayerId(n(3)),
                setup: setup(),
            },
        )
        .unwrap();
        set_result(s, id, f[4]);
    }
}

fn set_result(s: &mut Session, id: TableId, text: &str) {
    let result = match text {
        "B+" => GameResult::win(Color::Black, Reason::Resignation),
        "W+" => GameResult::win(Color::White, Reason::Resignation),
        "B+F" => GameResult::win(Color::Black, Reason::Forfeit),
        "=" => GameResult::ended(Reason::Draw),
        other => panic!("result {other}"),
    };
    s.apply(
        &stamp(),
        &Change::Result {
            table: id,
            result: Some(result),
        },
    )
    .unwrap();
}

fn ranked(s: &Session) -> Vec<Standing> {
    standings::standings(s, standings::declared(s)).unwrap()
}

/// (name, place) in standings order.
fn places(list: &[Standing]) -> Vec<(String, usize)> {
    list.iter().map(|x| (x.name.clone(), x.place)).collect()
}

fn line<'a>(list: &'a [Standing], name: &str) -> &'a Standing {
    list.iter().find(|x| x.name == name).unwrap()
}

/// Round 1 of a four-table event: P1, P3, P5, P7 win.
const ROUND_1: &str = "
    1 1 1 2 B+
    1 2 3 4 B+
    1 3 5 6 B+
    1 4 7 8 B+
";

#[test]
fn after_round_1_of_four_tables_the_four_winners_rank_above_the_four_losers_in_every_system() {
    // The reported bug: every old-text total is 1.00 after round 1 ("总得分 = 个人积分 +
    // (对手积分总和 / 1/2最高积分 - 轮次数)": 2 + (0 / 1 - 1) = 0 + (2 / 1 - 1)), and the
    // opponents' points then put the losers first. Game points come first ("胜者记2分").
    for system in System::ALL {
        for top in TopScore::ALL {
            let mut s = event_of(8, 1, system);
            let mut e = s.event.clone();
            e.top_score = top;
            s.apply(&stamp(), &Change::Event(e)).unwrap();
            play(&mut s, ROUND_1);
            let list = ranked(&s);
            for x in &list {
                let winner = x.player.0 % 2 == 1;
                assert_eq!(x.points, if winner { 2 } else { 0 }, "{system:?} {}", x.name);
                if system == System::McMahon {
                    continue;
                }
                assert_eq!(x.place, if winner { 1 } else { 5 }, "{system:?} {top:?} {}", x.name);
                if system.uses_total() {
                    assert!((x.total - 1.0).abs() < 1e-9, "{system:?} {top:?}: {}", x.total);
                }
            }
            // McMahon: equal starts, so the score is the wins: winners first too.
            assert!(list[..4].iter().all(|x| x.points == 2), "{system:?}");
        }
    }
}

#[test]
fn the_system_is_never_guessed_an_undeclared_event_ranks_by_game_points_only_and_says_so() {
    // Every pair met once (it looks like a round robin), but the event declared nothing.
    let mut s = event_of(3, 3, System::NotDeclared);
    play(
        &mut s,
        "
        1 1 1 2 B+
        2 1 2 3 B+
        3 1 3 1 B+
    ",
    );
    assert_eq!(criteria(System::NotDeclared), [Criterion::Points]);
    let list = ranked(&s);
    assert!(list.iter().all(|x| x.place == 1 && x.points == 2));
    let text = standings::text(&list, System::NotDeclared);
    assert!(text.starts_with("system not declared"), "{text}");
}

#[test]
fn an_old_session_file_without_a_system_reads_as_not_declared() {
    for name in ["session-v1.ron", "session-v2.ron"] {
        let text = std::fs::read_to_string(format!("tests/data/{name}")).unwrap();
        let (session, _) = from_ron(&text).unwrap();
        assert_eq!(session.event.system, System::NotDeclared, "{name}");
        assert!(session.tournament.is_empty());
    }
}

/// Four players, three rounds, every pair once (P2 draws P3).
const ROUND_ROBIN: &str = "
    1 1 1 2 B+
    1 2 3 4 B+
    2 1 1 3 W+
    2 2 2 4 B+
    3 1 4 1 W+
    3 2 2 3 =
";

#[test]
fn round_robin_ranks_points_then_opponents_beaten_plus_half_those_drawn_art_27_a() {
    // P1: beat P2, P4 (lost to P3): 4. P3: beat P4, P1, drew P2: 5. P2: beat P4, drew P3: 3.
    // P4: 0. A for P1 = P2 (3) + P4 (0) = 3; A for P3 = P4 + P1 + half P2 = 0 + 4 + 1.5.
    let mut s = event_of(4, 3, System::RoundRobin);
    play(&mut s, ROUND_ROBIN);
    let list = ranked(&s);
    assert_eq!(
        places(&list),
        [("P3".into(), 1), ("P1".into(), 2), ("P2".into(), 3), ("P4".into(), 4)]
    );
    assert_eq!(line(&list, "P3").beaten(), 5.5);
    assert_eq!(line(&list, "P1").beaten(), 3.0);
    assert_eq!(line(&list, "P2").beaten(), 0.0 + 2.5);
}

#[test]
fn part_way_through_a_round_robin_it_is_still_a_round_robin() {
    // After round 1 only two pairs have met; the declared round robin still ranks by A.
    let mut s = event_of(4, 3, System::RoundRobin);
    play(&mut s, "1 1 1 2 B+\n1 2 3 4 B+");
    let list = ranked(&s);
    assert_eq!(criteria(System::RoundRobin)[1], Criterion::Beaten);
    assert!(list.iter().all(|x| x.total == 0.0), "no Swiss total in a round robin");
    assert_eq!(line(&list, "P1").place, 1);
    assert_eq!(line(&list, "P3").place, 1);
}

#[test]
fn the_2002_swiss_methods_are_kept_apart_a_by_total_b_by_opponents_points() {
    // "A、比较总得分...如总得分相同，则按上项B、C二条区分名次。B、比较积分区分名次...积分相同，比较对手积分".
    use Criterion::*;
    assert_eq!(criteria(System::SwissTotal), [Points, Total, Warnings, Lots]);
    assert_eq!(
        criteria(System::SwissOpponents),
        [Points, OpponentsPoints, Warnings, Lots]
    );
    assert_eq!(criteria(System::SwissOldTotal), [Points, Total, Warnings, Lots]);
    // Two rounds of six players. Points: P1 4, P5 4, P3 2, P4 2, P2 0, P6 0. Opponents'
    // points: P1 2 (P2 0 + P3 2), P5 0, P3 6, P4 2, P2 8, P6 6.
    let results = "
        1 1 1 2 B+
        1 2 3 4 B+
        1 3 5 6 B+
        2 1 1 3 B+
        2 2 5 2 B+
        2 3 4 6 B+
    ";
    for system in [System::SwissTotal, System::SwissOpponents, System::SwissOldTotal] {
        let mut s = event_of(6, 2, system);
        play(&mut s, results);
        let list = ranked(&s);
        let order: Vec<(String, usize, f64)> = list
            .iter()
            .map(|x| (x.name.clone(), x.place, x.opponents_points))
            .collect();
        let want = [
            ("P1", 1, 2.0),
            ("P5", 2, 0.0),
            ("P3", 3, 6.0),
            ("P4", 4, 2.0),
            ("P2", 5, 8.0),
            ("P6", 6, 6.0),
        ];
        let want: Vec<(String, usize, f64)> = want.iter().map(|(n, p, o)| (n.to_string(), *p, *o)).collect();
        assert_eq!(order, want, "{system:?}");
        let totals: Vec<f64> = list.iter().map(|x| x.total).collect();
        if system.uses_total() {
            // Top reached 4, 2 rounds: own + (sum / 2 - 2). Alone, the total would put P3 (2
            // points) level with P1 (4) and P2 (0) level with P5 (4): game points come first.
            assert_eq!(totals, [3.0, 2.0, 3.0, 1.0, 2.0, 1.0], "{system:?}");
        } else {
            assert!(totals.iter().all(|t| *t == 0.0));
        }
    }
}

#[test]
fn the_total_scores_top_score_is_the_events_setting_highest_reached_or_highest_possible() {
    // P1 beats P2 and P3 plays no one: two rounds, P1 beats P3 in round 2.
    let results = "
        1 1 1 2 B+
        2 1 3 1 =
    ";
    for (top, divisor) in [(TopScore::Reached, 3.0 / 2.0), (TopScore::Possible, 4.0 / 2.0)] {
        let mut s = event_of(3, 2, System::SwissOldTotal);
        let mut e = s.event.clone();
        e.top_score = top;
        s.apply(&stamp(), &Change::Event(e)).unwrap();
        play(&mut s, results);
        let list = ranked(&s);
        let p1 = line(&list, "P1");
        // P1: 3 points, opponents P2 (0) + P3 (1) = 1.
        assert!(
            (p1.total - (3.0 + (1.0 / divisor - 2.0))).abs() < 1e-9,
            "{top:?}: {}",
            p1.total
        );
    }
}

#[test]
fn lots_drawn_with_a_recorded_seed_separate_players_still_equal_art_27_c() {
    // A cycle: P1 > P2 > P3 > P1, all three beat P4: 4 points each, A = 4 each, no warnings.
    let mut s = event_of(4, 3, System::RoundRobin);
    play(
        &mut s,
        "
        1 1 1 2 B+
        1 2 3 4 B+
        2 1 2 3 B+
        2 2 1 4 B+
        3 1 3 1 B+
        3 2 2 4 B+
    ",
    );
    let before = ranked(&s);
    assert!(before[..3].iter().all(|x| x.place == 1), "{:?}", places(&before));
    let tied = vec![PlayerId(3), PlayerId(1), PlayerId(2)];
    let seed = 20_261_129;
    s.apply(&stamp(), &Change::DrawLots { players: tied, seed }).unwrap();
    let order = draw_order(&[PlayerId(1), PlayerId(2), PlayerId(3)], seed);
    let after = ranked(&s);
    let drawn: Vec<PlayerId> = after[..3].iter().map(|x| x.player).collect();
    assert_eq!(drawn, order);
    assert_eq!(after[..4].iter().map(|x| x.place).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(after[0].lots, Some(1));
    let entry = &s.audit.last().unwrap().what;
    assert!(entry.contains(&format!("seed {seed}")), "{entry}");
    // The file keeps the seed: read back, the same draw.
    let (read, _) = from_ron(&to_ron(&s).unwrap()).unwrap();
    assert_eq!(read.tournament, s.tournament);
    assert_eq!(places(&ranked(&read)), places(&after));
    audit::verify(&read).unwrap();
    // Another seed may draw another order; the same seed always the same.
    assert_eq!(draw_order(&[PlayerId(1), PlayerId(2), PlayerId(3)], seed), order);
    let refused = s.apply(
        &stamp(),
        &Change::DrawLots {
            players: vec![PlayerId(1)],
            seed,
        },
    );
    assert_eq!(refused, Err(SessionError::Tournament(TournamentError::LotsNeedTwo)));
}

fn withdraw(s: &mut Session, player: u32, after_round: u32, reason: &str) -> Result<(), SessionError> {
    s.apply(
        &stamp(),
        &Change::Withdraw(Withdrawal {
            player: PlayerId(player),
            after_round,
            reason: reason.to_string(),
        }),
    )
}

#[test]
fn round_robin_withdrawal_before_half_the_rounds_voids_every_result_art_28_2() {
    // Four players, three rounds: P4 withdraws after round 1 (1 game played, fewer than 1.5).
    // "其已赛局数不足总轮次的一半，则其已赛成绩全部无效".
    let mut s = event_of(4, 3, System::RoundRobin);
    play(&mut s, "1 1 1 2 B+\n1 2 4 3 B+\n2 1 1 3 B+");
    withdraw(&mut s, 4, 1, "illness").unwrap();
    let list = ranked(&s);
    let p4 = line(&list, "P4");
    assert!(p4.void);
    assert_eq!((p4.place, p4.points, p4.games), (0, 0, 0));
    assert_eq!(list.last().unwrap().name, "P4", "listed last, without a place");
    // P3 lost to P4: that loss is void too.
    assert_eq!(line(&list, "P3").games, 1);
    let text = standings::text(&list, System::RoundRobin);
    assert!(
        text.contains("P4 withdrew after round 1, results void (Art. 28.2): illness"),
        "{text}"
    );
}

#[test]
fn round_robin_withdrawal_after_half_the_rounds_keeps_the_results_and_forfeits_the_rest_art_28_2() {
    // P4 withdraws after round 2 (2 of 3 rounds played): "已赛成绩有效，以下的比赛按弃权处理".
    let mut s = event_of(4, 3, System::RoundRobin);
    play(&mut s, "1 1 1 2 B+\n1 2 4 3 B+\n2 1 1 3 B+\n2 2 4 2 B+");
    withdraw(&mut s, 4, 2, "family emergency").unwrap();
    let list = ranked(&s);
    let p4 = line(&list, "P4");
    assert!(!p4.void);
    // Two wins stand; the meeting with P1 (round 3, not seated) is a forfeit win for P1.
    assert_eq!((p4.points, p4.games, p4.losses), (4, 3, 1));
    assert_eq!(line(&list, "P1").points, 6);
    assert_eq!(p4.withdrawal.as_ref().unwrap().reason, "family emergency");
    assert_eq!(
        withdraw(&mut s, 4, 2, " "),
        Err(TournamentError::WithdrawalWithoutReason.into())
    );
}

#[test]
fn swiss_withdrawal_keeps_the_results_and_the_older_text_counts_the_unplayed_for_the_opponents() {
    // Three rounds; P2 (lost to P1, beat P4) withdraws after round 2 and is not paired again.
    let results = "
        1 1 1 2 B+
        1 2 3 4 B+
        2 1 2 4 B+
        2 2 1 3 B+
        3 1 1 4 B+
    ";
    let mut s = event_of(4, 3, System::SwissOldTotal);
    play(&mut s, results);
    withdraw(&mut s, 2, 2, "left the venue").unwrap();
    let list = ranked(&s);
    let p2 = line(&list, "P2");
    assert_eq!((p2.points, p2.games), (2, 2), "results stand (Art. 28.3)");
    // Older Art. 29.3: P2 counts for P1 as 2 + min(2/2, 1) * 1 unplayed round = 3; P3 (2
    // points) and P4 (0) as they are: P1's opponents: 3 + 2 + 0.
    assert_eq!(line(&list, "P1").opponents_points, 5.0);
    // Under the 2002 text the results simply stand.
    let mut s = event_of(4, 3, System::SwissOpponents);
    play(&mut s, results);
    withdraw(&mut s, 2, 2, "left the venue").unwrap();
    assert_eq!(line(&ranked(&s), "P1").opponents_points, 4.0);
}

#[test]
fn mcmahon_ranks_by_mcmahon_score_then_sos_then_sosos() {
    use Criterion::*;
    assert_eq!(criteria(System::McMahon), [McMahon, Sos, Sosos, Lots]);
    let mut s = event_of(4, 1, System::McMahon);
    let mut e = s.event.clone();
    e.mcmahon_bar = Some("2d".parse().unwrap());
    s.apply(&stamp(), &Change::Event(e)).unwrap();
    for (id, rank) in [(1, "5d"), (2, "2d"), (3, "1d"), (4, "1k")] {
        let p = Player {
            id: PlayerId(id),
            name: format!("P{id}"),
            rank: rank.parse().unwrap(),
            club: String::new(),
            registration: Default::default(),
        };
        s.apply(&stamp(), &Change::Player(p)).unwrap();
    }
    // The 1d beats the 5d; the 1k beats the 2d.
    play(&mut s, "1 1 3 1 B+\n1 2 4 2 B+");
    let list = ranked(&s);
    // Starts (30k = 0): 5d and 2d capped at the bar 2d = 31, 1d = 30, 1k = 29; +1 a win.
    let mms: Vec<(String, String)> = list.iter().map(|x| (x.name.clone(), x.shown(McMahon))).collect();
    assert_eq!(
        mms,
        [
            ("P1".to_string(), "31".to_string()),
            ("P3".to_string(), "31".to_string()),
            ("P2".to_string(), "31".to_string()),
            ("P4".to_string(), "30".to_string()),
        ]
    );
    // P1, P2, P3 on 31: SOS P1 = P3 (31), P2 = P4 (30), P3 = P1 (31): P1 and P3 share first.
    assert_eq!(line(&list, "P1").place, 1);
    assert_eq!(line(&list, "P3").place, 1);
    assert_eq!(line(&list, "P2").place, 3);
}

fn teams_event(system: System) -> Session {
    let mut s = event_of(6, 2, system);
    for (id, name, boards) in [(1, "Red", [1, 2, 3]), (2, "Blue", [4, 5, 6])] {
        let team = Team {
            id,
            name: name.to_string(),
            boards: boards.into_iter().map(PlayerId).collect(),
        };
        s.apply(&stamp(), &Change::Team(team)).unwrap();
    }
    s
}

#[test]
fn a_team_match_creates_one_table_per_board_from_the_two_board_orders() {
    let mut s = teams_event(System::TeamRoundRobin);
    let entries = s.audit.len();
    s.apply(
        &stamp(),
        &Change::TeamMatch {
            round: 1,
            teams: [1, 2],
            first_table: 1,
            setup: setup(),
        },
    )
    .unwrap();
    assert_eq!(s.audit.len(), entries + 4, "one entry per table and one for the match");
    let seats: Vec<(u32, u32, u32)> = s
        .round(1)
        .unwrap()
        .tables
        .iter()
        .map(|t| (t.number, t.black.0, t.white.0))
        .collect();
    assert_eq!(seats, [(1, 1, 4), (2, 5, 2), (3, 3, 6)]);
    audit::verify(&from_ron(&to_ron(&s).unwrap()).unwrap().0).unwrap();
    // A match that cannot be made adds nothing.
    let before = s.clone();
    let refused = s.apply(
        &stamp(),
        &Change::TeamMatch {
            round: 2,
            teams: [1, 9],
            first_table: 1,
            setup: setup(),
        },
    );
    assert_eq!(refused, Err(TournamentError::NoSuchTeam(9).into()));
    assert_eq!(s, before);
}

#[test]
fn team_match_points_come_from_board_points_then_board_points_then_board_1_art_27_2() {
    // "局分多者为胜，场分记2分...如场分相同，局分高者名次列前；如局分相同，比第一台棋手的局分".
    let mut s = teams_event(System::TeamRoundRobin);
    s.apply(
        &stamp(),
        &Change::TeamMatch {
            round: 1,
            teams: [1, 2],
            first_table: 1,
            setup: setup(),
        },
    )
    .unwrap();
    // Board 1: Red's P1 (Black) wins; board 2: Blue's P5 (Black) wins; board 3: a draw.
    set_result(&mut s, TableId { round: 1, table: 1 }, "B+");
    let scores = match_scores(&s, System::TeamRoundRobin);
    assert!(!scores[0].complete);
    set_result(&mut s, TableId { round: 1, table: 2 }, "B+");
    set_result(&mut s, TableId { round: 1, table: 3 }, "=");
    let scores = match_scores(&s, System::TeamRoundRobin);
    assert_eq!((scores[0].board_points, scores[0].match_points), ([3, 3], [1, 1]));
    let list = team_standings(&s, System::TeamRoundRobin);
    // Equal match and board points: board 1 decides (Red 2, Blue 0).
    assert_eq!(list[0].name, "Red");
    assert_eq!((list[0].place, list[1].place), (1, 2));
    assert_eq!(list[0].boards, [2, 0, 1]);
    assert_eq!(list[1].boards, [0, 2, 1]);
    let text = export(&s, &Target::Standings { csv: false }, &TimeZone::UTC).unwrap();
    let red = text.lines().nth(1).unwrap();
    assert!(red.contains("Red") && red.ends_with("2 0 1"), "{text}");
}

#[test]
fn a_team_player_who_withdraws_forfeits_the_later_boards_art_28_4() {
    let mut s = teams_event(System::TeamRoundRobin);
    for round in 1..=2 {
        s.apply(
            &stamp(),
            &Change::TeamMatch {
                round,
                teams: [1, 2],
                first_table: 1,
                setup: setup(),
            },
        )
        .unwrap();
    }
    // Round 2, board 1: Blue's P4 withdrew after round 1; the table's win for P4 is a forfeit.
    for (round, table, result) in [(1, 1, "W+"), (1, 2, "W+"), (1, 3, "B+"), (2, 1, "W+"), (2, 2, "=")] {
        set_result(&mut s, TableId { round, table }, result);
    }
    set_result(&mut s, TableId { round: 2, table: 3 }, "=");
    withdraw(&mut s, 4, 1, "flight").unwrap();
    let scores = match_scores(&s, System::TeamRoundRobin);
    // Round 1 stands (Blue board 1 win, Red's P2 win as White on board 2, Red board 3): 4-2.
    assert_eq!(scores[0].board_points, [4, 2]);
    // Round 2: board 1 is a forfeit to Red's P1: 2 + 1 + 1 = 4 to 2.
    assert_eq!(scores[1].board_points, [4, 2]);
    assert_eq!(team_standings(&s, System::TeamRoundRobin)[0].match_points, 4);
}

#[test]
fn export_standings_uses_the_declared_system() {
    let mut s = event_of(4, 3, System::RoundRobin);
    play(&mut s, ROUND_ROBIN);
    let text = export(&s, &Target::Standings { csv: false }, &TimeZone::UTC).unwrap();
    assert!(text.starts_with("round robin\n"), "{text}");
    assert!(text.lines().nth(1).unwrap().contains("A"), "{text}");
    let csv = export(&s, &Target::Standings { csv: true }, &TimeZone::UTC).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",RoundRobin,"), "{csv}");
}

#[test]
fn a_double_round_robin_withdrawal_after_half_forfeits_every_meeting_not_yet_seated() {
    // Three players, a double round robin: 6 rounds (3 per cycle, one bye each round). P3 plays
    // rounds 1-3 (P1, P2, P1 again: 3 of 6, half) and withdraws: results stand; the second
    // meeting with P2 is a forfeit win for P2.
    let mut s = event_of(3, 6, System::DoubleRoundRobin);
    play(&mut s, "1 1 3 1 B+\n2 1 2 3 B+\n3 1 1 3 =");
    withdraw(&mut s, 3, 3, "work").unwrap();
    let list = ranked(&s);
    let p3 = line(&list, "P3");
    assert!(!p3.void);
    assert_eq!((p3.games, p3.points), (4, 3));
    assert_eq!(line(&list, "P2").points, 4);
    // Before half (after round 2: 2 of 6), all void.
    withdraw(&mut s, 3, 2, "work").unwrap();
    let list = ranked(&s);
    assert!(line(&list, "P3").void);
    assert_eq!(line(&list, "P2").points, 0);
    assert_eq!(line(&list, "P1").games, 0);
}

#[test]
fn a_round_can_seat_only_its_unseated_players_and_none_withdrawn_before_it_art_28() {
    // Art. 28.3 (Swiss): "棋手退出比赛，其已赛成绩有效，以后的比赛不再编排": a player who
    // withdraws after round 1 is paired in no later round; round 1, played, is unchanged.
    let mut s = event_of(5, 2, System::SwissTotal);
    play(&mut s, "1 1 1 2 B+");
    let unseated = |s: &Session, round| s.unseated(round).map(|p| p.id.0).collect::<Vec<_>>();
    assert_eq!(unseated(&s, 1), [3, 4, 5]);
    assert_eq!(unseated(&s, 2), [1, 2, 3, 4, 5]);
    withdraw(&mut s, 4, 1, "ill").unwrap();
    assert_eq!(unseated(&s, 1), [3, 4, 5]);
    assert_eq!(unseated(&s, 2), [1, 2, 3, 5]);
}

//! The arbiter's procedures of issue 15 (helper d) through the engines: a whole-board cycle
//! (Art. 20.3), leaving the seat in byo-yomi (Art. 22.7), the used times at an adjournment
//! (Art. 22.9) and a side giving up the competition in a sudden-death game (Art. 12.4(4)).

use std::time::Duration;

use go_arbiter::board::{Board, Color};
use go_arbiter::clock::{Clock, ClockError, EventKind, Phase};
use go_arbiter::game::{CycleKind, Game, GameError, Illegal, Ruling};
use go_arbiter::ledger::cycle::{self, CycleRuling};
use go_arbiter::ledger::{Catalogue, Edition, Ledger, OffenceId, RaisedBy, Report};
use go_arbiter::rules::{Counting, Preset};
use go_arbiter::scoring::given_up;
use go_arbiter::scoring::{GameResult, Marks, Quarters, Reason, Terms, count, count_given_up};

use crate::support::at;

/// Three kos on one board, Black to move: Black takes C8, White B5, Black C2, White B8, Black
/// C5, and White's B2 would bring back the position of the start: a triple ko (三劫循环).
const TRIPLE_KO: &str = "
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . X O . . . . . .
    X . X O . . . . .
    . X O . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .";
const TRIPLE_KO_MOVES: [&str; 6] = ["C8", "B5", "C2", "B8", "C5", "B2"];

/// The triple ko under `preset`, its first five moves played: White's B2 closes the cycle.
fn triple_ko_before_the_last_take(preset: Preset) -> Game {
    let board = Board::from_diagram(TRIPLE_KO).unwrap();
    let mut game = Game::new(board.size(), preset).unwrap();
    for p in board.points() {
        if let Some(c) = board.get(p) {
            game.edit(p, Some(c)).unwrap();
        }
    }
    game.set_to_move(Color::Black);
    for m in &TRIPLE_KO_MOVES[..5] {
        game.play(at(m, 9)).unwrap();
    }
    game
}

/// Art. 20 (2002, seeds 000/001): "原则上禁止三劫循环、四劫循环、长生、双提两子等全局同形再现的罕见特例。
/// 根据不同比赛，也可制定相应的补充规定，如无胜负、和棋、加赛等。" The move is refused, the cycle named,
/// and the rulings are no result, draw and playoff; a triple ko is not the ko offence of
/// Art. 18.3 ("劫争须找劫材时未找而提劫，判提劫之手无效，弃权一次并警告一次").
#[test]
fn art_20_3_a_triple_ko_under_the_2002_text_is_named_and_ruled_no_result_draw_or_playoff() {
    let mut game = triple_ko_before_the_last_take(Preset::Chinese2002);
    let b2 = at("B2", 9);
    assert_eq!(
        game.play(b2),
        Err(GameError::Illegal(Illegal::Superko { repeats_move: 0 }))
    );
    let named = game.cycle_closed_by(Color::White, b2).expect("the cycle is named");
    assert_eq!(named.kind, CycleKind::TripleKo);
    assert_eq!((named.from_move, named.repeated_until, named.length), (0, 6, 6));
    assert_eq!(cycle::kind_text(named.kind, go_arbiter::lang::Lang::Zh), "三劫循环");
    assert_eq!(game.moves().len(), 5, "naming it changes nothing in the record");

    let edition = Edition::Chinese2002;
    assert!(edition.refuses_cycles());
    assert_eq!(
        edition.cycle_rulings(),
        [CycleRuling::NoResult, CycleRuling::Draw, CycleRuling::Playoff]
    );
    assert!(
        edition.rule_cycle(CycleRuling::Replay).is_err(),
        "重下 is the older text's"
    );

    // Recorded as played, the repetition is not the evidence of the ko offence.
    game.record_move(Color::White, b2, Ruling::Void).unwrap();
    let catalogue = Catalogue::standard(edition);
    let mut ledger = Ledger::new(edition);
    let report = Report::new(
        Color::White,
        OffenceId::KoWithoutThreat,
        6,
        std::time::Duration::from_secs(600),
        "+1:00:00",
        RaisedBy::Arbiter("arbiter".to_string()),
    );
    assert!(
        ledger.record(&catalogue, &game, report).is_err(),
        "no ko retake of Art. 18.3 in the record"
    );
    assert_eq!(ledger.warnings(), [0, 0]);

    // The ruling goes into the record and reads back from its SGF.
    let result = cycle::record_ruling(&mut game, edition, &named, CycleRuling::Playoff).unwrap();
    assert_eq!(result, GameResult::ended(Reason::Playoff));
    let comment = game.node(game.cursor()).comment.clone();
    assert_eq!(
        comment,
        "Triple ko (Art. 20.3): the position after move 0 stood again after move 6. Ruled: playoff."
    );
    let back = go_arbiter::sgf::read_str(&go_arbiter::sgf::write_string(&game)).unwrap();
    let mut back = back;
    back.goto_main_line_end();
    assert_eq!(cycle::ruled(&back), Some(CycleRuling::Playoff));
    assert_eq!(result.sgf_re(), "Void");
    assert_eq!(result.english(), "No result: playoff");
    assert_eq!(result.chinese(), "加赛");
    // Play resumed: the ruling is withdrawn, and the record says so.
    cycle::withdraw(&mut back);
    assert_eq!(cycle::ruled(&back), None);
    assert!(
        back.node(back.cursor())
            .comment
            .ends_with("Cycle ruling withdrawn: play resumed.")
    );
}

/// The older text (seed 003), Art. 20.3: "对双方互不相让的三劫、四劫循环，长生、双提二子等罕见特例，可判
/// 和棋或者重下。" The move is not refused outright: it is played, and the rulings are a draw or
/// a replay.
#[test]
fn art_20_3_old_text_a_played_triple_ko_is_ruled_a_draw_or_a_replay() {
    let mut game = triple_ko_before_the_last_take(Preset::ChineseOld);
    let edition = Edition::ChineseOld;
    assert!(!edition.refuses_cycles());
    assert_eq!(edition.cycle_rulings(), [CycleRuling::Draw, CycleRuling::Replay]);
    assert!(edition.rule_cycle(CycleRuling::Playoff).is_err());
    assert!(edition.rule_cycle(CycleRuling::NoResult).is_err());
    // Played, standing: the position of the start again, and the cycle on the record.
    let illegal = game.record_move(Color::White, at("B2", 9), Ruling::Stands).unwrap();
    assert_eq!(illegal, Some(Illegal::Superko { repeats_move: 0 }));
    assert_eq!(game.board(), &Board::from_diagram(TRIPLE_KO).unwrap());
    let named = game.cycle_at_cursor().expect("a cycle closed by the last move");
    assert_eq!(named.kind, CycleKind::TripleKo);
    let result = cycle::record_ruling(&mut game, edition, &named, CycleRuling::Replay).unwrap();
    assert_eq!(result, GameResult::ended(Reason::Replay));
    assert_eq!(
        (result.sgf_re(), result.english(), result.chinese()),
        (
            "Void".to_string(),
            "No result: to be replayed".to_string(),
            "重下".to_string()
        )
    );
    assert!(
        game.node(game.cursor())
            .comment
            .starts_with("Triple ko (old Art. 20.3): "),
        "{}",
        game.node(game.cursor()).comment
    );
    let draw = cycle::record_ruling(&mut game, edition, &named, CycleRuling::Draw).unwrap();
    assert_eq!(draw, GameResult::ended(Reason::Draw));
    assert_eq!(cycle::ruled(&game), Some(CycleRuling::Draw), "the last ruling counts");
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// Chinese byo-yomi with one free minute and five reserved minutes: a first think of 70 seconds
/// puts Black in byo-yomi.
fn black_in_byo_yomi() -> Clock {
    let mut clock = Clock::new("chinese:6m/5".parse().unwrap());
    clock.start(secs(0), Color::Black).unwrap();
    clock.press(secs(70), Color::Black, 1).unwrap();
    assert!(clock.reading(secs(70)).left[0].main.is_zero(), "Black is in byo-yomi");
    clock
}

/// Art. 22.7 (2002): "读秒期间棋手在对方思考时间之内离席，须征得裁判员许可，每局仅限一次。其余情形的棋手
/// 离席，一律照常读秒。" (old Art. 23.6: "棋手如急需离席，须在对方思考时提出，并征得裁判员同意，但每局只限一次。")
#[test]
fn art_22_7_leaving_the_seat_in_byo_yomi_is_permitted_once_in_the_opponents_time_and_holds_the_count() {
    let mut clock = black_in_byo_yomi();
    // White is not in byo-yomi: no permission is needed, none is recorded.
    assert_eq!(
        clock.permit_leaving(secs(75), Color::White, "toilet"),
        Err(ClockError::LeaveOutsideByoYomi { player: Color::White })
    );
    clock.permit_leaving(secs(80), Color::Black, "toilet").unwrap();
    assert_eq!(clock.away(), Some(Color::Black));
    assert_eq!(clock.leave_permitted(Color::Black), Some(secs(80)));
    let last = clock.events().last().unwrap();
    assert_eq!(
        (last.at, &last.kind),
        (
            secs(80),
            &EventKind::LeaveSeat {
                player: Color::Black,
                reason: "toilet".to_string()
            }
        )
    );
    // White moves while Black is away: Black's count is held until Black is back.
    clock.press(secs(100), Color::White, 2).unwrap();
    assert_eq!(clock.phase(), Phase::Paused);
    let held = clock.reading(secs(290));
    assert_eq!(held.turn.map(|t| t.used), Some(Duration::ZERO));
    clock.back_to_seat(secs(300), Color::Black).unwrap();
    assert_eq!(clock.phase(), Phase::Running);
    assert_eq!(clock.reading(secs(330)).turn.map(|t| t.used), Some(secs(30)));
    clock.press(secs(310), Color::Black, 3).unwrap();
    // Once per game: the second request is refused with the article.
    let second = clock.permit_leaving(secs(320), Color::Black, "again").unwrap_err();
    assert_eq!(
        second,
        ClockError::LeaveAlreadyPermitted {
            player: Color::Black,
            first: secs(80)
        }
    );
    assert!(second.to_string().contains("once per game (Art. 22.7)"), "{second}");
    // The events replay to the same clock.
    let replayed = Clock::replay(*clock.control(), clock.events()).unwrap();
    assert_eq!(replayed, clock);

    // In the player's own time the permission is refused; leaving without it records nothing
    // and the count runs on as usual.
    let mut own = black_in_byo_yomi();
    own.press(secs(90), Color::White, 2).unwrap();
    assert_eq!(
        own.permit_leaving(secs(95), Color::Black, "toilet"),
        Err(ClockError::LeaveInOwnTime { player: Color::Black })
    );
    assert_eq!(own.phase(), Phase::Running);
    assert_eq!(own.reading(secs(140)).turn.map(|t| t.used), Some(secs(50)));
}

/// Art. 22.9: "比赛暂停时，裁判员应将前半段双方用时记录在案并经对局双方确认。……并且
/// 找不到前半段双方用时书面记录时，前半段用时判为双方均摊".
#[test]
fn art_22_9_the_used_times_at_an_adjournment_are_confirmed_by_both_and_split_equally_without_a_record() {
    let mut clock = Clock::new("chinese:60m/5".parse().unwrap());
    clock.start(secs(0), Color::Black).unwrap();
    clock.press(secs(600), Color::Black, 1).unwrap();
    clock.press(secs(900), Color::White, 2).unwrap();
    assert_eq!(
        clock.confirm_adjourned_times(secs(950), ["CL", "AS"]),
        Err(ClockError::NotAdjourned)
    );
    clock.adjourn(secs(1000), 3, "Q16", "adjourned").unwrap();
    assert_eq!(
        clock.confirm_adjourned_times(secs(1000), ["CL", " "]),
        Err(ClockError::NeedsBothInitials)
    );
    let used = clock.confirm_adjourned_times(secs(1000), ["CL", "AS"]).unwrap();
    assert_eq!(used, [secs(700), secs(300)]);
    assert_eq!(
        clock.adjourned_confirmation(),
        Some(([secs(700), secs(300)], ["CL".to_string(), "AS".to_string()]))
    );
    // At the resumption the written record cannot be found: 1000 s split equally.
    let split = clock.split_used_equally(secs(5000), "no written record found").unwrap();
    assert_eq!(split, [secs(500), secs(500)]);
    let reading = clock.reading(secs(5000));
    assert_eq!(reading.used, [secs(500), secs(500)]);
    let free = secs(55 * 60);
    assert_eq!(reading.left[0].main, free - secs(500));
    assert_eq!(reading.left[1].main, free - secs(500));
    assert!(matches!(
        clock.events().last().map(|e| &e.kind),
        Some(EventKind::UsedTimeSplit { used, split, .. })
            if *used == [secs(700), secs(300)] && *split == [secs(500), secs(500)]
    ));
    clock.resume(secs(5000)).unwrap();
    assert_eq!(
        clock.split_used_equally(secs(5010), "again"),
        Err(ClockError::NotAdjourned)
    );
    assert_eq!(Clock::replay(*clock.control(), clock.events()).unwrap(), clock);
}

/// Art. 12.4(4): "当一方放弃盘上竞争而导致放弃着手权时，允许终止计时，双方可争之点全部归属于对方。" The
/// contested points are those an agreed end shares (Art. 21.2: "如果盘上尚留有可争之点，其归属按双活方式处理").
#[test]
fn art_12_4_4_every_contested_point_goes_to_the_opponent_of_the_side_that_gives_up() {
    // Black's wall on C, White's on E, the D file open between them: nine contested points.
    let board = crate::support::board(
        "
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .
        . . X . O . . . .",
    );
    let marks = Marks::new(&board);
    let area = Terms {
        counting: Counting::Area,
        komi: Quarters::ZERO,
        compensation: Quarters::ZERO,
        penalties: [0, 0],
    };
    let usual = count(&board, &marks, [0, 0], &area).unwrap();
    assert_eq!(usual.dame, 9);
    assert_eq!(usual.black.total, Quarters::from_points(27) + Quarters(9));
    let black_gives_up = count_given_up(&board, &marks, [0, 0], &area, Color::Black).unwrap();
    assert_eq!(black_gives_up.black.total, Quarters::from_points(27));
    assert_eq!(black_gives_up.white.total, Quarters::from_points(54));
    assert_eq!(black_gives_up.dame, 0);
    let white_gives_up = count_given_up(&board, &marks, [0, 0], &area, Color::White).unwrap();
    assert_eq!(white_gives_up.black.total, Quarters::from_points(36));
    assert_eq!(white_gives_up.white.total, Quarters::from_points(45));
    assert_eq!(white_gives_up.margin, Quarters::from_points(-9));
    // Territory counting: the open file becomes the opponent's territory.
    let territory = Terms {
        counting: Counting::Territory,
        ..area
    };
    let t = count_given_up(&board, &marks, [0, 0], &territory, Color::White).unwrap();
    assert_eq!((t.black.territory, t.white.territory), (18 + 9, 36));
    // The record keeps who gave up, through SGF.
    let mut game = Game::new(9, Preset::Chinese2002).unwrap();
    game.play(at("E5", 9)).unwrap();
    given_up::record_given_up(&mut game, Color::Black);
    let mut back = go_arbiter::sgf::read_str(&go_arbiter::sgf::write_string(&game)).unwrap();
    back.goto_main_line_end();
    assert_eq!(given_up::given_up(&back), Some(Color::Black));
    assert!(
        back.node(back.cursor())
            .comment
            .starts_with("Black gave up the competition on the board (Art. 12.4(4))")
    );
}

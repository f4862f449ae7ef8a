//! Tests of the arbiter's rulings through the engines (issue 15): a recorded result stops the
//! clock for good, the timeout rulings of Art. 22.5 by edition (clock, ledger's edition, session),
//! the losses the ledger calls for (Art. 23.7, 24.2) confirmed or declined, the penalty stones'
//! sources (Art. 24.1), re-reading (Art. 16.2) and the clock corrections of Art. 22.8.

use std::time::Duration;

use go_arbiter::board::Color::{Black, White};
use go_arbiter::board::Point;
use go_arbiter::caller::{self, Script};
use go_arbiter::clock::{Clock, ClockError, EventKind, Phase, TimeControl, TimeLeft, TimeoutRuling};
use go_arbiter::game::Game;
use go_arbiter::ledger::{Catalogue, Edition, Ledger, LedgerError, Measure, OffenceId, RaisedBy, Report, Sanction};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::{Change, GameSetup, Player, PlayerId, Role, Session, SessionError, Stamp, TableId};

const TABLE: TableId = TableId { round: 1, table: 1 };

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

fn s(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn control(spec: &str) -> TimeControl {
    spec.parse().unwrap()
}

/// A clock in White's last byo-yomi minute that ran out at 61 s (Black pressed at 1 s).
fn flagged() -> Clock {
    let mut clock = Clock::new(control("chinese:1m/1"));
    clock.start(Duration::ZERO, Black).unwrap();
    clock.press(s(1), Black, 1).unwrap();
    assert_eq!(clock.observe(s(62)).unwrap(), Some((White, s(61))));
    clock
}

#[test]
fn a_recorded_result_stops_the_clock_for_good_with_its_reason_and_replays() {
    // Running: the turn's thinking counts until the result, then nothing more runs.
    let mut clock = Clock::new(control("chinese:60m/5"));
    clock.start(Duration::ZERO, Black).unwrap();
    clock.press(s(30), Black, 1).unwrap();
    clock.finish(s(50), "result confirmed: B+R").unwrap();
    assert_eq!(clock.phase(), Phase::Over);
    assert_eq!(
        clock.reading(s(5000)).used,
        [s(30), s(20)],
        "White's clock stopped at the result"
    );
    assert_eq!(clock.press(s(60), White, 2), Err(ClockError::Over));
    assert_eq!(clock.resume(s(60)), Err(ClockError::Over));
    assert!(matches!(
        clock.events().last().map(|e| &e.kind),
        Some(EventKind::Finish { reason }) if reason == "result confirmed: B+R"
    ));
    // Already over (a loss on time was ruled): finishing again records nothing.
    let events = clock.events().len();
    clock.finish(s(70), "again").unwrap();
    assert_eq!(clock.events().len(), events);
    let replayed = Clock::replay(*clock.control(), clock.events()).unwrap();
    assert_eq!(replayed, clock);

    // Paused and flagged clocks stop for good too.
    let mut paused = Clock::new(control("chinese:60m/5"));
    paused.start(Duration::ZERO, Black).unwrap();
    paused.pause(s(10), "game over: counting").unwrap();
    paused.finish(s(400), "result confirmed: W+2.5").unwrap();
    assert_eq!(
        (paused.phase(), paused.reading(s(900)).used),
        (Phase::Over, [s(10), s(0)])
    );
    let mut flag = flagged();
    flag.finish(s(90), "result confirmed: B+T").unwrap();
    assert_eq!(flag.phase(), Phase::Over);
}

#[test]
fn art_22_5_the_forfeited_move_may_be_offered_under_the_2002_text_only() {
    // 2002, Art. 22.5: "读秒至最后1分钟超时而未着子，原则上应按判负裁决，但经读秒方申请，也可视为
    // 放弃着手权使用虚着，改判弃权一次……继续实施原先读秒方式".
    // Old text, Art. 23.5: "对局者用时(包括读秒)超过时限，一律判负".
    assert!(Edition::Chinese2002.forfeited_move_on_timeout());
    assert!(!Edition::ChineseOld.forfeited_move_on_timeout());
    // The catalogue's row says the same.
    for edition in Edition::ALL {
        let catalogue = Catalogue::standard(edition);
        let row = catalogue.get(&OffenceId::ByoYomiTimeout).unwrap();
        let offers = row
            .sanction
            .options()
            .iter()
            .any(|o| o.0.contains(&Measure::ForfeitedMove));
        assert_eq!(offers, edition.forfeited_move_on_timeout(), "{edition}");
    }
}

#[test]
fn art_22_5_a_forfeited_move_continues_the_same_byo_yomi_and_a_loss_ends_the_clock() {
    let mut clock = flagged();
    clock
        .rule_timeout(
            s(70),
            TimeoutRuling::ForfeitedMove,
            "forfeited move on the player's request (Art. 22.5)",
        )
        .unwrap();
    let reading = clock.reading(s(70));
    assert_eq!(reading.phase, Phase::Running);
    assert_eq!(reading.turn.map(|t| t.player), Some(Black), "the opponent's time runs");
    assert_eq!(reading.left[1].period, s(60), "the same last minute again");
    let mut loss = flagged();
    loss.rule_timeout(s(70), TimeoutRuling::Loss, "loss on time (Art. 22.5)")
        .unwrap();
    assert_eq!((loss.phase(), loss.reading(s(70)).lost), (Phase::Over, [false, true]));
}

/// A session whose event follows `edition`, with table 1 seated under `chinese:1m/1`.
fn session(edition: Edition) -> Session {
    let mut event = crate::support::event();
    event.edition = edition;
    let mut session = Session::new(event.clone());
    let org = Stamp::new("08:30", "Organiser", Role::Organiser);
    session.apply(&org, &Change::Event(event)).unwrap();
    for (id, name) in [(1, "Chen Li"), (2, "Ann Smith")] {
        let player = Player {
            id: PlayerId(id),
            name: name.to_string(),
            rank: "3d".parse().unwrap(),
            club: String::new(),
            registration: Default::default(),
        };
        session.apply(&org, &Change::Player(player)).unwrap();
    }
    let round = Change::Round {
        number: 1,
        date: "2026-11-28".to_string(),
    };
    session.apply(&org, &round).unwrap();
    let setup = GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:1m/1".to_string(),
    };
    let table = Change::Table {
        table: TABLE,
        black: PlayerId(1),
        white: PlayerId(2),
        setup,
    };
    session.apply(&org, &table).unwrap();
    session
}

#[test]
fn art_22_5_the_session_refuses_a_forfeited_move_under_the_old_text() {
    let arbiter = Stamp::new("10:00", "Li Wei", Role::Arbiter);
    for edition in Edition::ALL {
        let mut session = session(edition);
        let mut clock = flagged();
        clock
            .rule_timeout(s(70), TimeoutRuling::ForfeitedMove, "player's request")
            .unwrap();
        let events = clock.events().to_vec();
        let (ruling, before) = events.split_last().unwrap();
        for event in before {
            let change = Change::Clock {
                table: TABLE,
                event: event.clone(),
            };
            session.apply(&arbiter, &change).unwrap();
        }
        let trail = session.audit.len();
        let change = Change::Clock {
            table: TABLE,
            event: ruling.clone(),
        };
        let applied = session.apply(&arbiter, &change);
        match edition {
            Edition::Chinese2002 => {
                assert!(applied.is_ok(), "{applied:?}");
                assert_eq!(session.audit.len(), trail + 1, "one audit entry for the ruling");
            }
            Edition::ChineseOld => {
                assert_eq!(applied, Err(SessionError::NoForfeitedMove { table: TABLE, edition }));
                assert_eq!(session.audit.len(), trail, "a refused ruling leaves no entry");
            }
        }
    }
}

fn report(player: go_arbiter::board::Color, offence: OffenceId, move_number: usize) -> Report {
    Report::new(
        player,
        offence,
        move_number,
        s(1800),
        "14:00",
        RaisedBy::Arbiter("Li".to_string()),
    )
}

fn game(moves: usize) -> Game {
    let mut game = Game::new(19, Preset::Chinese2002).unwrap();
    for n in 0..moves {
        let pair = n / 2;
        let row = pair / 19 + if n % 2 == 0 { 0 } else { 10 };
        game.play(Point::new((pair % 19) as u8, row as u8)).unwrap();
    }
    game
}

#[test]
fn art_23_7_a_second_phone_ring_calls_for_a_loss_the_arbiter_records_or_declines_with_a_reason() {
    // "在赛场中禁止正在参赛的棋手的手机、呼机发出响声，初违者判警告一次，再违者判负。"
    let catalogue = Catalogue::standard(Edition::Chinese2002);
    let game = game(20);
    let mut ledger = Ledger::new(Edition::Chinese2002);
    ledger
        .record(&catalogue, &game, report(Black, OffenceId::PhoneSounds, 10))
        .unwrap();
    assert_eq!(ledger.pending_loss(), None, "the first ring is a warning");
    let second = ledger
        .record(&catalogue, &game, report(Black, OffenceId::PhoneSounds, 20))
        .unwrap();
    let pending = ledger.pending_loss().unwrap();
    assert_eq!(
        (
            pending.player,
            pending.incident,
            pending.article.as_str(),
            pending.second_warning
        ),
        (Black, second, "23.7", false)
    );
    assert_eq!(pending.result(), GameResult::win(White, Reason::Disqualification));

    // Declined: a reason is needed; the loss is no longer called for nor the outcome.
    let mut declined = ledger.clone();
    assert_eq!(
        declined.decline_loss(second, "  ", "14:05", "Li"),
        Err(LedgerError::MissingReason)
    );
    declined
        .decline_loss(
            second,
            "the phone was the venue's, on the player's table",
            "14:05",
            "Li",
        )
        .unwrap();
    assert_eq!((declined.pending_loss(), declined.outcome()), (None, None));
    assert_eq!(
        declined.decline_loss(second, "again", "14:06", "Li"),
        Err(LedgerError::NoLossPending(second))
    );
    assert_eq!(
        declined.penalty_stones(),
        [1, 0],
        "the first ring's warning still costs a stone"
    );

    // Recorded: the loss is the outcome and nothing more is called for.
    ledger.confirm_loss(Black, "14:05", "Li").unwrap();
    assert_eq!(ledger.pending_loss(), None);
    assert_eq!(
        ledger.outcome().map(|o| o.result()),
        Some(GameResult::win(White, Reason::Disqualification))
    );
}

#[test]
fn art_24_2_a_declined_second_warning_is_kept_and_a_third_calls_for_the_loss_again() {
    // "一名棋手在一局中，被判两次警告，则判该局为负。"
    let catalogue = Catalogue::standard(Edition::Chinese2002);
    let game = game(40);
    let mut ledger = Ledger::new(Edition::Chinese2002);
    ledger
        .record(&catalogue, &game, report(White, OffenceId::Smoking, 10))
        .unwrap();
    let second = ledger
        .record(&catalogue, &game, report(White, OffenceId::ClockBeforeStone, 20))
        .unwrap();
    let proposed = ledger.pending_loss().unwrap();
    assert_eq!((proposed.incident, proposed.article.as_str()), (second, "24.2"));
    assert_eq!(ledger.proposed_loss(), Some(proposed));
    ledger
        .decline_loss(second, "the press was the arbiter's mistake", "14:10", "Li")
        .unwrap();
    assert_eq!(ledger.pending_loss(), None);
    let third = ledger
        .record(&catalogue, &game, report(White, OffenceId::ClockBeforeStone, 40))
        .unwrap();
    assert_eq!(ledger.pending_loss().map(|l| l.incident), Some(third));
}

#[test]
fn art_24_1_each_penalty_stone_names_its_incident_and_article() {
    // "被判警告一次时，该局计算胜负时在原规定基础上，被警告方罚出一子。"
    let catalogue = Catalogue::standard(Edition::Chinese2002);
    let game = game(20);
    let mut ledger = Ledger::new(Edition::Chinese2002);
    let phone = ledger
        .record(&catalogue, &game, report(Black, OffenceId::PhoneSounds, 10))
        .unwrap();
    let smoking = ledger
        .record(&catalogue, &game, report(White, OffenceId::Smoking, 20))
        .unwrap();
    let sources: Vec<_> = ledger
        .penalty_sources()
        .iter()
        .map(|i| (i.report.player, i.id, i.article.as_str()))
        .collect();
    assert_eq!(sources, vec![(Black, phone, "23.7"), (White, smoking, "23.8")]);
    assert_eq!(ledger.penalty_stones(), [1, 1]);
    // The older text: a warning costs no stone, so no source.
    let old = Ledger::new(Edition::ChineseOld);
    assert!(old.penalty_sources().is_empty());
    // A dismissed warning is no source.
    ledger
        .override_sanction(phone, Sanction::none(), "not the player's phone", "14:20", "Li")
        .unwrap();
    assert_eq!(ledger.penalty_sources().len(), 1);
}

#[test]
fn art_16_2_the_caller_rereads_from_the_point_chosen() {
    // "如读秒至最后一分钟而裁判未以相应方式读秒，棋手有权利要求裁判员按规定从读错之处重新读秒。"
    let control = control("chinese:1m/1");
    let script = Script::default();
    let mut clock = Clock::new(control);
    clock.start(Duration::ZERO, Black).unwrap();
    // At 45 s into the minute the player says "40" was never called: re-read from 40.
    let before = clock.reading(s(45));
    let rewound = clock.reread_from(s(45), s(40), "40 not called").unwrap();
    assert_eq!(rewound, s(5));
    let after = clock.reading(s(45));
    assert_eq!(after.left[0].period, s(20));
    let again: Vec<_> = caller::reread(&control, &script, &after)
        .iter()
        .map(|a| a.clip)
        .collect();
    assert_eq!(again, vec!["sec_40"]);
    // The calls from there fall due again: 50 at 55 s on the timeline.
    let next = caller::due_between(&control, &script, &after, &clock.reading(s(55)));
    assert!(next.iter().any(|a| a.at == s(55) && a.clip == "sec_50"), "{next:?}");
    assert!(before.left[0].period < after.left[0].period);
}

/// A clock whose two used times add up to `used` (Black half, White the rest), stopped.
fn used_up(used: Duration) -> Clock {
    let mut clock = Clock::new(control("chinese:3h/5"));
    clock.start(Duration::ZERO, Black).unwrap();
    clock.press(s(1800), Black, 1).unwrap();
    clock.press(used, White, 2).unwrap();
    clock.pause(used, "clock fault").unwrap();
    clock
}

#[test]
fn art_22_8_the_proportional_correction_starts_exactly_at_2_minutes_an_hour() {
    // "读数总和的误差超过每小时2分钟（含）的，应立即更换计时器，并参照双方已用时间按比例拨正时间。
    // 误差小于此数的，可以更换计时器但不改拨时间。"
    let hour = s(3600);
    // The clock ran fast: 120 s over one true hour is corrected, 119.999 s is not.
    let mut at_limit = used_up(hour + s(120));
    let c = at_limit
        .correct_proportionally(hour + s(120), hour, "clock fault")
        .unwrap();
    assert!(c.applied);
    assert_eq!(c.used, [s(1800), s(1920)]);
    assert!(hour - (c.corrected[0] + c.corrected[1]) < ms(1), "{:?}", c.corrected);
    assert_eq!(at_limit.reading(hour + s(120)).used, c.corrected);
    let mut below = used_up(hour + ms(119_999));
    let c = below
        .correct_proportionally(hour + ms(119_999), hour, "clock fault")
        .unwrap();
    assert!(!c.applied);
    assert_eq!(below.reading(hour + ms(119_999)).used, [s(1800), s(1800) + ms(119_999)]);
    // The clock ran slow by the same amount.
    let mut slow = used_up(hour - s(120));
    assert!(slow.correct_proportionally(hour, hour, "clock fault").unwrap().applied);
    let mut slow_below = used_up(hour - ms(119_999));
    assert!(
        !slow_below
            .correct_proportionally(hour, hour, "clock fault")
            .unwrap()
            .applied
    );
}

#[test]
fn art_22_8_a_one_sided_correction_needs_the_chief_arbiters_approval() {
    // "单方面的时间读数改拨，须经裁判长的认可。"
    let mut clock = used_up(s(3600));
    let left = TimeLeft {
        main: s(5000),
        ..clock.reading(s(3600)).left[0]
    };
    assert_eq!(
        clock.edit_approved(s(3600), Black, left, "clock fault", " "),
        Err(ClockError::NeedsChiefApproval)
    );
    let events = clock.events().len();
    assert_eq!(clock.events().len(), events, "refused: nothing recorded");
    clock
        .edit_approved(s(3600), Black, left, "clock fault", "Wang Fang")
        .unwrap();
    assert!(matches!(
        clock.events().last().map(|e| &e.kind),
        Some(EventKind::Edit { reason, .. }) if reason == "clock fault; approved by chief arbiter Wang Fang"
    ));
    assert_eq!(Clock::replay(*clock.control(), clock.events()).unwrap(), clock);
}

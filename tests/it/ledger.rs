//! The penalty ledger: the catalogue of both rule editions row by row (RULES.md section 5,
//! seed 003), claim windows against the game record, escalation, overrides, penalty stones
//! flowing into the count, board effects, event totals, the catalogue command.

use std::time::Duration;

use go_arbiter::board::{Color, Point};
use go_arbiter::game::{Game, Ruling};
use go_arbiter::lang::Lang;
use go_arbiter::ledger::{
    BoardEffect, Catalogue, ClaimRefused, Edition, Entry, EventWarnings, GameEnd, Ledger, LedgerError, Measure,
    Offence, OffenceId, Outcome, PlayedGame, RaisedBy, Report, Sanction, SanctionRule,
};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{Marks, Reason, count_game};

use crate::support::{board, diagram, go_arbiter};

const MIN: Duration = Duration::from_secs(60);

/// A claim by the offender's opponent at 14:00, the offender's clock at 30 minutes.
fn claim(player: Color, offence: OffenceId, move_number: usize) -> Report {
    Report::new(
        player,
        offence,
        move_number,
        30 * MIN,
        "14:00",
        RaisedBy::Player(player.opponent()),
    )
}

fn seen_by_arbiter(player: Color, offence: OffenceId, move_number: usize) -> Report {
    Report::new(
        player,
        offence,
        move_number,
        30 * MIN,
        "14:00",
        RaisedBy::Arbiter("Li".to_string()),
    )
}

fn preset(edition: Edition) -> Preset {
    match edition {
        Edition::Chinese2002 => Preset::Chinese2002,
        Edition::ChineseOld => Preset::ChineseOld,
    }
}

/// A 19x19 game with `moves` ordinary moves: Black along the top rows, White from row 11.
fn game_with_moves(edition: Edition, moves: usize) -> Game {
    let mut game = Game::new(19, preset(edition)).unwrap();
    for n in 0..moves {
        let pair = n / 2;
        let row = pair / 19 + if n % 2 == 0 { 0 } else { 10 };
        game.play(Point::new((pair % 19) as u8, row as u8)).unwrap();
    }
    assert_eq!(game.position().move_number, moves);
    game
}

fn ledger_and_catalogue(edition: Edition) -> (Ledger, Catalogue) {
    (Ledger::new(edition), Catalogue::standard(edition))
}

/// (offence, article, sanction as the table prints it); `None`: the edition has no such rule.
type Row = (OffenceId, Option<(&'static str, &'static str)>);

fn rows_2002() -> Vec<Row> {
    use OffenceId::*;
    vec![
        (WrongColours, Some(("17.1", "colours corrected"))),
        (TwoMovesInARow, Some(("17.2", "move void + warning"))),
        (Takeback, Some(("17.3", "stones put back + warning"))),
        (ClockBeforeStone, Some(("17.4", "warning + clock reading unchanged"))),
        (
            StonesMoved,
            Some((
                "17.5",
                "moved stones put back; otherwise moved stone to a reasonable point, moved stone stands, draw, replay, both lose, loss",
            )),
        ),
        (
            BoardScattered,
            Some((
                "17.6",
                "position rebuilt, play on; otherwise draw, replay, both lose, loss",
            )),
        ),
        (CapturedLiveStones, Some(("18.1", "warning + stones put back"))),
        (CapturesNotRemoved, Some(("18.2", "warning + captured stones removed"))),
        (
            KoWithoutThreat,
            Some(("18.3", "move void + one forfeited move + warning")),
        ),
        (ForbiddenPoint, Some(("19", "move void + one forfeited move"))),
        (SealedPointOccupied, None),
        (
            Lateness,
            Some(("22.1-22.4", "twice the late time deducted; loss beyond 15 min")),
        ),
        (ByoYomiTimeout, Some(("22.5", "loss; otherwise one forfeited move"))),
        (
            ClockBeforeCapturesCleared,
            Some(("22.6", "warning + clock reading unchanged")),
        ),
        (Cheating, Some(("23.1", "loss or both lose (arbiter chooses)"))),
        (Withdrawing, Some(("23.2", "loss + later bans possible"))),
        (DisturbingOpponent, Some(("23.3", "warning or loss (arbiter chooses)"))),
        (
            DiscussingOrConsulting,
            Some(("23.4", "warning or loss (arbiter chooses)")),
        ),
        (
            UnauthorisedConversation,
            Some(("23.5", "warning or loss (arbiter chooses)")),
        ),
        (PhoneSounds, Some(("23.7", "first: warning; second: loss"))),
        (LookingAtPhone, Some(("23.7", "loss"))),
        (Smoking, Some(("23.8", "first: warning; second: loss"))),
        (
            MissedCeremony,
            Some((
                "23.6",
                "public criticism; otherwise public criticism + prize money of one place lower, public criticism + \
                 later bans possible, public criticism + prize money of one place lower + later bans possible",
            )),
        ),
        (BystanderPhone, Some(("23.7", "public criticism"))),
    ]
}

fn rows_old() -> Vec<Row> {
    use OffenceId::*;
    vec![
        (WrongColours, None),
        (TwoMovesInARow, Some(("old 17.1", "loss"))),
        (Takeback, Some(("old 17.2", "stones put back + warning"))),
        (ClockBeforeStone, None),
        (
            StonesMoved,
            Some((
                "old 17.3",
                "moved stones put back; otherwise moved stone stands, draw, replay, loss",
            )),
        ),
        (
            BoardScattered,
            Some(("old 17.4", "position rebuilt, play on; otherwise draw, replay, loss")),
        ),
        (CapturedLiveStones, Some(("old 18", "warning + stones put back"))),
        (CapturesNotRemoved, None),
        (KoWithoutThreat, Some(("old 20.1", "move void + one forfeited move"))),
        (ForbiddenPoint, Some(("old 19", "move void + one forfeited move"))),
        (SealedPointOccupied, Some(("old 22", "one forfeited move"))),
        (
            Lateness,
            Some(("old 23.1-23.3", "late time deducted; loss beyond 15 min")),
        ),
        (ByoYomiTimeout, Some(("old 23.5", "loss"))),
        (
            ClockBeforeCapturesCleared,
            Some(("old 23.4", "admonition or warning (arbiter chooses)")),
        ),
        (Cheating, None),
        (
            Withdrawing,
            Some(("old 24.1", "warning + reported to the organising committee")),
        ),
        (
            DisturbingOpponent,
            Some(("old 24.2", "admonition or warning (arbiter chooses)")),
        ),
        (
            DiscussingOrConsulting,
            Some(("old 24.3", "warning or loss (arbiter chooses)")),
        ),
        (UnauthorisedConversation, None),
        (PhoneSounds, None),
        (LookingAtPhone, None),
        (Smoking, None),
        (MissedCeremony, None),
        (BystanderPhone, None),
    ]
}

#[test]
fn every_row_of_rules_section_5_in_both_editions() {
    for (edition, rows) in [(Edition::Chinese2002, rows_2002()), (Edition::ChineseOld, rows_old())] {
        let catalogue = Catalogue::standard(edition);
        for (id, expected) in &rows {
            let found = catalogue
                .get(id)
                .map(|o| (o.article.as_str(), o.sanction.text(Lang::En)));
            let expected = expected.map(|(article, sanction)| (article, sanction.to_string()));
            assert_eq!(found, expected, "{edition}: {id:?}");
        }
        let listed = rows.iter().filter(|(_, e)| e.is_some()).count();
        assert_eq!(
            catalogue.offences.len(),
            listed,
            "{edition}: an offence the test does not list"
        );
        for offence in &catalogue.offences {
            assert!(
                !offence.name_zh.is_empty() && !offence.name_en.is_empty(),
                "{:?}",
                offence.id
            );
        }
    }
}

#[test]
fn a_warning_costs_a_stone_in_2002_but_not_in_the_old_text_and_two_lose_in_both() {
    assert!(Edition::Chinese2002.warning_costs_a_stone());
    assert!(!Edition::ChineseOld.warning_costs_a_stone());
    for edition in Edition::ALL {
        let (mut ledger, catalogue) = ledger_and_catalogue(edition);
        let game = game_with_moves(edition, 20);
        let id = ledger
            .record(
                &catalogue,
                &game,
                claim(Color::White, OffenceId::CapturedLiveStones, 12),
            )
            .unwrap();
        assert_eq!(
            ledger.sanction_of(id),
            Some(&Sanction::of(&[Measure::Warning, Measure::StonesReturned]))
        );
        assert_eq!(ledger.warnings(), [0, 1]);
        let stones = if edition == Edition::Chinese2002 {
            [0, 1]
        } else {
            [0, 0]
        };
        assert_eq!(ledger.penalty_stones(), stones, "{edition}");
        assert_eq!(ledger.proposed_loss(), None);
        ledger
            .record(&catalogue, &game, claim(Color::White, OffenceId::Takeback, 20))
            .unwrap();
        let proposed = ledger.proposed_loss().unwrap();
        assert_eq!((proposed.player, proposed.warnings), (Color::White, 2), "{edition}");
        assert_eq!(proposed.article, edition.warning_article());
    }
}

#[test]
fn a_takeback_claim_is_valid_only_before_the_claimants_next_move_art_17_3() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    // Black's move 3 was the takeback; White has not moved since: the claim stands.
    let game = game_with_moves(Edition::Chinese2002, 3);
    let id = ledger
        .record(&catalogue, &game, claim(Color::Black, OffenceId::Takeback, 3))
        .unwrap();
    assert_eq!(ledger.warnings(), [1, 0]);

    // Black's move 5 was a takeback, but White played move 6 before claiming.
    let game = game_with_moves(Edition::Chinese2002, 7);
    let late = ledger.record(&catalogue, &game, claim(Color::Black, OffenceId::Takeback, 5));
    let refused = ClaimRefused::AfterClaimantsNextMove {
        claimant: Color::White,
        offence_move: 5,
        next_move: 6,
        article: "17.3".to_string(),
    };
    assert_eq!(late, Err(LedgerError::Refused(refused.clone())));
    assert!(
        refused
            .to_string()
            .contains("valid only before the claimant's next move (Art. 17.3)"),
        "{refused}"
    );
    // The refusal is on the record and changes nothing.
    assert!(matches!(ledger.entries().last(), Some(Entry::RefusedClaim(r)) if r.reason == refused.to_string()));
    assert_eq!(ledger.warnings(), [1, 0]);
    assert_eq!(ledger.incidents().map(|i| i.id).collect::<Vec<_>>(), vec![id]);
}

#[test]
fn a_claim_about_the_opponent_must_be_made_during_the_game_art_16_3() {
    for (edition, article) in [(Edition::Chinese2002, "16.3"), (Edition::ChineseOld, "old 16.2")] {
        let (mut ledger, catalogue) = ledger_and_catalogue(edition);
        let mut game = game_with_moves(edition, 10);
        game.pass();
        game.pass();
        let late = ledger.record(
            &catalogue,
            &game,
            claim(Color::Black, OffenceId::DiscussingOrConsulting, 8),
        );
        let refused = ClaimRefused::GameOver {
            how: GameEnd::TwoPasses,
            article: article.to_string(),
        };
        assert_eq!(late, Err(LedgerError::Refused(refused)));
    }
}

/// Old Art. 16.2: "如出现足以妨碍自己正常比赛的现象或发现问题，有向裁判员提出意见的权利。但除较紧迫
/// 的事件外，对局者应在自己走棋的时间内提出。" The 2002 text (16.3) asks only "during the game".
#[test]
fn old_art_16_2_a_players_claim_is_made_in_the_claimants_own_time_unless_urgent() {
    // 10 moves played: Black is to move. White claims Black consulted material at move 8.
    let game = game_with_moves(Edition::ChineseOld, 10);
    assert_eq!(game.to_move(), Color::Black);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    let whites_claim = claim(Color::Black, OffenceId::DiscussingOrConsulting, 8).choose(Sanction::warning());
    let refused = ledger.record(&catalogue, &game, whites_claim.clone());
    assert_eq!(
        refused,
        Err(LedgerError::Refused(ClaimRefused::OutsideOwnTime {
            claimant: Color::White,
            article: "old 16.2".to_string(),
        }))
    );
    assert!(matches!(ledger.entries().last(), Some(Entry::RefusedClaim(_))));
    // "除较紧迫的事件外": an urgent matter may be raised at once.
    assert!(
        ledger
            .record(&catalogue, &game, whites_claim.clone().urgent(true))
            .is_ok()
    );
    // In White's own time (after Black's move 11) the same claim is in time.
    let mut later = game.clone();
    later.pass();
    assert_eq!(later.to_move(), Color::White);
    let (mut ledger, _) = ledger_and_catalogue(Edition::ChineseOld);
    assert!(ledger.record(&catalogue, &later, whites_claim.clone()).is_ok());
    // What the arbiter sees is not a player's claim: no own-time window.
    let (mut ledger, _) = ledger_and_catalogue(Edition::ChineseOld);
    let seen = seen_by_arbiter(Color::Black, OffenceId::DiscussingOrConsulting, 8).choose(Sanction::warning());
    assert!(ledger.record(&catalogue, &game, seen).is_ok());
    // The 2002 text has no such window: the same claim out of White's turn is in time.
    let game = game_with_moves(Edition::Chinese2002, 10);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    assert!(ledger.record(&catalogue, &game, whites_claim).is_ok());
}

/// Art. 23.6: "无正当理由不参加竞赛规程规定的开、闭幕式和其他礼仪性、公益性、宣传性活动的棋手，除通报批评
/// 之外，根据情节和社会影响的严重程度，允许作出降一个名次发放奖金及停赛处罚。"
#[test]
fn art_23_6_a_missed_ceremony_is_criticised_and_may_lower_the_prize_but_costs_no_stone() {
    let game = finished_game(Edition::Chinese2002);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    // After the result, at any time: the ceremony is not part of the game.
    let report = seen_by_arbiter(Color::White, OffenceId::MissedCeremony, 0);
    let id = ledger.record(&catalogue, &game, report.clone()).unwrap();
    assert_eq!(ledger.sanction_of(id), Some(&Sanction::of(&[Measure::PublicCriticism])));
    let lower = Sanction::of(&[Measure::PublicCriticism, Measure::PrizeOnePlaceLower]);
    let id = ledger.record(&catalogue, &game, report.choose(lower.clone())).unwrap();
    assert_eq!(ledger.sanction_of(id), Some(&lower));
    assert_eq!(lower.text(Lang::Zh), "通报批评，降一个名次发放奖金");
    assert_eq!(ledger.warnings(), [0, 0]);
    assert_eq!(ledger.penalty_stones(), [0, 0]);
    assert_eq!(ledger.proposed_loss(), None);
    // The old text has no such rule.
    assert!(
        Catalogue::standard(Edition::ChineseOld)
            .get(&OffenceId::MissedCeremony)
            .is_none()
    );
}

/// Art. 23.7: "已赛完的棋手及不参赛的棋手在赛场中使用手机、呼机的，由大会通报批评。" Only the players'
/// own phones are warnings ("初违者判警告一次，再违者判负").
#[test]
fn art_23_7_a_bystanders_phone_is_public_criticism_of_that_person_and_no_stone_for_either_side() {
    let game = game_with_moves(Edition::Chinese2002, 30);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let bystander = |name: &str| seen_by_arbiter(Color::Black, OffenceId::BystanderPhone, 30).bystander(name);
    assert_eq!(
        ledger.record(&catalogue, &game, bystander("  ")),
        Err(LedgerError::BystanderNeeded(OffenceId::BystanderPhone))
    );
    for _ in 0..2 {
        let id = ledger.record(&catalogue, &game, bystander("Zhang Wei")).unwrap();
        assert_eq!(ledger.sanction_of(id), Some(&Sanction::of(&[Measure::PublicCriticism])));
        assert_eq!(ledger.incident(id).unwrap().report.bystander, "Zhang Wei");
    }
    // Twice, and still nothing against the players: no warning, no stone, no loss.
    assert_eq!(ledger.warnings(), [0, 0]);
    assert_eq!(ledger.penalty_stones(), [0, 0]);
    assert_eq!(ledger.proposed_loss(), None);
    // A player's own phone is not recorded against a bystander.
    let misfiled = seen_by_arbiter(Color::Black, OffenceId::PhoneSounds, 30).bystander("Zhang Wei");
    assert_eq!(
        ledger.record(&catalogue, &game, misfiled),
        Err(LedgerError::NotABystanderOffence(OffenceId::PhoneSounds))
    );
}

#[test]
fn wrong_colours_are_correctable_up_to_and_including_move_10_art_17_1() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 10);
    let id = ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::WrongColours, 10),
        )
        .unwrap();
    assert!(matches!(
        ledger.board_effects()[..],
        [BoardEffect::ArbiterRestores { incident, measure: Measure::ColoursCorrected }] if incident == id
    ));
    let game = game_with_moves(Edition::Chinese2002, 11);
    let late = ledger.record(
        &catalogue,
        &game,
        seen_by_arbiter(Color::Black, OffenceId::WrongColours, 11),
    );
    let refused = ClaimRefused::PastMove {
        played: 11,
        limit: 10,
        article: "17.1".to_string(),
    };
    assert_eq!(late, Err(LedgerError::Refused(refused)));
    // The old text has no such rule.
    let (mut old, old_catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    let game = game_with_moves(Edition::ChineseOld, 4);
    let unknown = old.record(
        &old_catalogue,
        &game,
        seen_by_arbiter(Color::Black, OffenceId::WrongColours, 4),
    );
    assert!(matches!(unknown, Err(LedgerError::UnknownOffence { .. })));
}

#[test]
fn two_moves_in_a_row_void_and_warning_in_2002_loss_in_the_old_text() {
    for edition in Edition::ALL {
        let (mut ledger, catalogue) = ledger_and_catalogue(edition);
        let mut game = game_with_moves(edition, 4);
        // No flagged move in the record yet: the ledger asks for it first.
        let unrecorded = ledger.record(&catalogue, &game, claim(Color::White, OffenceId::TwoMovesInARow, 4));
        assert!(matches!(
            unrecorded,
            Err(LedgerError::Refused(ClaimRefused::NotInRecord { .. }))
        ));
        // White plays again at move 5.
        game.record_move(Color::White, Point::new(8, 8), Ruling::Void).unwrap();
        let id = ledger
            .record(&catalogue, &game, claim(Color::White, OffenceId::TwoMovesInARow, 5))
            .unwrap();
        match edition {
            Edition::Chinese2002 => {
                assert_eq!(ledger.warnings(), [0, 1]);
                assert_eq!(ledger.outcome(), None);
                assert!(matches!(
                    ledger.board_effects()[..],
                    [BoardEffect::VoidMove { incident, player: Color::White, move_number: 5, .. }] if incident == id
                ));
            }
            Edition::ChineseOld => {
                assert_eq!(ledger.warnings(), [0, 0]);
                let outcome = ledger.outcome().unwrap();
                assert_eq!(
                    outcome,
                    Outcome::Loses {
                        player: Color::White,
                        reason: Reason::Disqualification
                    }
                );
                assert_eq!(outcome.result().english(), "Black wins by disqualification");
            }
        }
    }
}

#[test]
fn a_ko_retaken_without_a_threat_is_void_and_forfeits_the_move_with_a_warning_only_in_2002() {
    let position = board(&diagram(
        "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .",
    ));
    for (edition, warnings) in [(Edition::Chinese2002, [0, 1]), (Edition::ChineseOld, [0, 0])] {
        let mut game = Game::new(5, preset(edition)).unwrap();
        for p in position.points() {
            if let Some(stone) = position.get(p) {
                game.edit(p, Some(stone)).unwrap();
            }
        }
        game.set_to_move(Color::Black);
        game.play(Point::new(2, 1)).unwrap(); // move 1: Black takes the ko
        game.record_move(Color::White, Point::new(1, 1), Ruling::Void).unwrap(); // move 2: at once back
        let (mut ledger, catalogue) = ledger_and_catalogue(edition);
        let id = ledger
            .record(&catalogue, &game, claim(Color::White, OffenceId::KoWithoutThreat, 2))
            .unwrap();
        assert_eq!(ledger.warnings(), warnings, "{edition}");
        let effects = ledger.board_effects();
        assert!(
            effects.contains(&BoardEffect::ForfeitedMove {
                incident: id,
                player: Color::White
            }),
            "{effects:?}"
        );
        assert!(matches!(
            effects[0],
            BoardEffect::VoidMove {
                move_number: 2,
                player: Color::White,
                ..
            }
        ));
    }
}

#[test]
fn a_phone_sounding_twice_escalates_from_warning_to_loss_art_23_7() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 30);
    let first = ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::PhoneSounds, 12),
        )
        .unwrap();
    assert_eq!(ledger.sanction_of(first), Some(&Sanction::warning()));
    assert_eq!(ledger.outcome(), None);
    let second = ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::PhoneSounds, 30),
        )
        .unwrap();
    assert_eq!(ledger.sanction_of(second), Some(&Sanction::loss()));
    let outcome = ledger.outcome().unwrap();
    assert_eq!(outcome.result().english(), "White wins by disqualification");
    // Looking at the screen loses at once.
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::White, OffenceId::LookingAtPhone, 30),
        )
        .unwrap();
    assert_eq!(
        ledger.outcome(),
        Some(Outcome::Loses {
            player: Color::White,
            reason: Reason::Disqualification
        })
    );
}

#[test]
fn the_second_warning_proposes_a_loss_the_arbiter_confirms_art_24_2() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 40);
    ledger
        .record(&catalogue, &game, seen_by_arbiter(Color::White, OffenceId::Smoking, 20))
        .unwrap();
    assert_eq!(
        ledger.confirm_loss(Color::White, "15:10", "Li"),
        Err(LedgerError::NoLossProposed(Color::White))
    );
    let second = ledger
        .record(&catalogue, &game, claim(Color::White, OffenceId::ClockBeforeStone, 40))
        .unwrap();
    let proposed = ledger.proposed_loss().unwrap();
    assert_eq!(
        (proposed.player, proposed.incident, proposed.article.as_str()),
        (Color::White, second, "24.2")
    );
    assert_eq!(ledger.outcome(), None, "proposed, not yet decided");
    ledger.confirm_loss(Color::White, "15:12", "Li").unwrap();
    assert_eq!(ledger.proposed_loss(), None);
    assert_eq!(
        ledger.outcome().unwrap().result().english(),
        "Black wins by disqualification"
    );
}

#[test]
fn warning_or_loss_is_the_arbiters_choice_art_23_3() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 20);
    let unchosen = ledger.record(
        &catalogue,
        &game,
        claim(Color::Black, OffenceId::DisturbingOpponent, 20),
    );
    assert_eq!(
        unchosen.map_err(|e| e.to_string()),
        Err("the arbiter must choose the sanction: warning or loss (arbiter chooses)".to_string())
    );
    let not_allowed = claim(Color::Black, OffenceId::DisturbingOpponent, 20).choose(Sanction::of(&[Measure::Draw]));
    assert!(matches!(
        ledger.record(&catalogue, &game, not_allowed),
        Err(LedgerError::NotAnOption { .. })
    ));
    let chosen = claim(Color::Black, OffenceId::DisturbingOpponent, 20).choose(Sanction::warning());
    ledger.record(&catalogue, &game, chosen).unwrap();
    assert_eq!(ledger.warnings(), [1, 0]);
    // Under the old text the choice is admonition or warning, and an admonition is no warning.
    let (mut old, old_catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    let game = game_with_moves(Edition::ChineseOld, 20);
    // Seen by the arbiter: a player's claim under the old text waits for the claimant's own time (old 16.2).
    let report =
        seen_by_arbiter(Color::Black, OffenceId::DisturbingOpponent, 20).choose(Sanction::of(&[Measure::Admonition]));
    old.record(&old_catalogue, &game, report).unwrap();
    assert_eq!((old.warnings(), old.admonitions()), ([0, 0], [1, 0]));
}

#[test]
fn an_override_is_a_new_entry_with_its_reason_and_the_incident_stays_as_recorded() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 15);
    let id = ledger
        .record(&catalogue, &game, claim(Color::Black, OffenceId::Takeback, 15))
        .unwrap();
    assert_eq!(ledger.warnings(), [1, 0]);
    assert_eq!(
        ledger.override_sanction(id, Sanction::none(), "  ", "14:05", "Li"),
        Err(LedgerError::MissingReason)
    );
    let reason = "the stone slipped from the hand; White agreed to a replay (Art. 17.3)";
    ledger
        .override_sanction(id, Sanction::none(), reason, "14:05", "Li")
        .unwrap();
    assert_eq!(ledger.warnings(), [0, 0]);
    assert_eq!(ledger.penalty_stones(), [0, 0]);
    assert_eq!(ledger.sanction_of(id), Some(&Sanction::none()));
    // The incident keeps its original sanction; the override says why it changed.
    assert_eq!(
        ledger.incident(id).unwrap().sanction,
        Sanction::of(&[Measure::StonesReturned, Measure::Warning])
    );
    let overrides: Vec<_> = ledger.overrides_of(id).collect();
    assert_eq!((overrides.len(), overrides[0].reason.as_str()), (1, reason));
    assert_eq!(ledger.entries().len(), 2);
    // A dismissed phone incident does not count towards escalation either.
    let phone = ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::PhoneSounds, 15),
        )
        .unwrap();
    ledger
        .override_sanction(phone, Sanction::none(), "it was a spectator's phone", "14:20", "Li")
        .unwrap();
    let again = ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::PhoneSounds, 15),
        )
        .unwrap();
    assert_eq!(ledger.sanction_of(again), Some(&Sanction::warning()));
}

/// Black 184 1/2 against White 176 1/2: one dame point, half each.
const BLACK_184_AND_A_HALF: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X . O . . . . . . . .";

fn finished_game(edition: Edition) -> Game {
    let position = board(&diagram(BLACK_184_AND_A_HALF));
    let mut game = Game::new(19, preset(edition)).unwrap();
    for p in position.points() {
        if let Some(stone) = position.get(p) {
            game.edit(p, Some(stone)).unwrap();
        }
    }
    game
}

#[test]
fn one_warning_to_black_turns_a_quarter_stone_win_into_a_white_win_through_the_count() {
    let game = finished_game(Edition::Chinese2002);
    let marks = Marks::new(game.board());
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let before = count_game(&game, &marks, ledger.penalty_stones()).unwrap();
    assert_eq!(before.result().english_stones(), "Black wins by 1/4 stone");
    ledger
        .record(&catalogue, &game, claim(Color::Black, OffenceId::CapturesNotRemoved, 0))
        .unwrap();
    let after = count_game(&game, &marks, ledger.penalty_stones()).unwrap();
    assert_eq!(after.result().english_stones(), "White wins by 3/4 stone");

    // Under the old text (komi 2 3/4) the same warning costs nothing at the count.
    let game = finished_game(Edition::ChineseOld);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    ledger
        .record(&catalogue, &game, seen_by_arbiter(Color::Black, OffenceId::Takeback, 0))
        .unwrap();
    assert_eq!(ledger.warnings(), [1, 0]);
    let count = count_game(&game, &marks, ledger.penalty_stones()).unwrap();
    assert_eq!(count.result().english_stones(), "Black wins by 1 1/4 stones");
}

#[test]
fn an_early_clock_press_leaves_the_reading_unchanged_art_17_4() {
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let game = game_with_moves(Edition::Chinese2002, 9);
    let report = Report::new(
        Color::Black,
        OffenceId::ClockBeforeStone,
        9,
        42 * MIN,
        "14:30",
        RaisedBy::Player(Color::White),
    );
    let id = ledger.record(&catalogue, &game, report).unwrap();
    assert_eq!(
        ledger.sanction_of(id),
        Some(&Sanction::of(&[Measure::Warning, Measure::ClockUnchanged]))
    );
    // The reading the clock keeps: Black's, as the claim found it.
    let incident = ledger.incident(id).unwrap();
    assert_eq!(
        (incident.report.player, incident.report.clock),
        (Color::Black, 42 * MIN)
    );
    assert_eq!(ledger.warnings(), [1, 0]);
}

#[test]
fn lateness_is_deducted_twice_in_2002_once_in_the_old_text_and_loses_beyond_the_limit() {
    // The ledger names the deduction; the clock takes it (tests/it/clock.rs:
    // lateness_of_ten_minutes_costs_twenty_under_2002_and_ten_under_the_old_text).
    for (edition, factor) in [(Edition::Chinese2002, 2), (Edition::ChineseOld, 1)] {
        let (mut ledger, catalogue) = ledger_and_catalogue(edition);
        let game = game_with_moves(edition, 0);
        let bare = seen_by_arbiter(Color::White, OffenceId::Lateness, 0);
        assert_eq!(
            ledger.record(&catalogue, &game, bare.clone()),
            Err(LedgerError::LatenessNeeded)
        );
        let id = ledger.record(&catalogue, &game, bare.late_by(10 * MIN)).unwrap();
        assert_eq!(
            ledger.sanction_of(id),
            Some(&Sanction::of(&[Measure::LatenessDeduction { factor }])),
            "{edition}"
        );
        assert_eq!(catalogue.lateness(), Some((factor, 15 * MIN)), "{edition}");
        assert_eq!(ledger.outcome(), None);
    }
    // Both too late: each handled separately, and both lose (22.3).
    let (mut ledger, mut catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    catalogue.set_lateness_limit(60 * MIN); // venue and lodging apart (22.1)
    let game = game_with_moves(Edition::Chinese2002, 0);
    let late = |c| seen_by_arbiter(c, OffenceId::Lateness, 0);
    ledger
        .record(&catalogue, &game, late(Color::Black).late_by(61 * MIN))
        .unwrap();
    assert_eq!(
        ledger.outcome(),
        Some(Outcome::Loses {
            player: Color::Black,
            reason: Reason::Forfeit
        })
    );
    ledger
        .record(&catalogue, &game, late(Color::White).late_by(59 * MIN))
        .unwrap();
    assert_eq!(
        ledger.outcome(),
        Some(Outcome::Loses {
            player: Color::Black,
            reason: Reason::Forfeit
        })
    );
    ledger
        .record(&catalogue, &game, late(Color::White).late_by(75 * MIN))
        .unwrap();
    assert_eq!(ledger.outcome().unwrap().result().english(), "Both players lose");
}

#[test]
fn a_timeout_loses_unless_the_player_asks_for_a_forfeited_move_art_22_5() {
    let game = game_with_moves(Edition::Chinese2002, 50);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    ledger
        .record(
            &catalogue,
            &game,
            seen_by_arbiter(Color::Black, OffenceId::ByoYomiTimeout, 50),
        )
        .unwrap();
    assert_eq!(ledger.outcome().unwrap().result().english(), "White wins on time");
    let (mut ledger, _) = ledger_and_catalogue(Edition::Chinese2002);
    let asked =
        seen_by_arbiter(Color::Black, OffenceId::ByoYomiTimeout, 50).choose(Sanction::of(&[Measure::ForfeitedMove]));
    let id = ledger.record(&catalogue, &game, asked).unwrap();
    assert_eq!(
        (ledger.outcome(), ledger.board_effects()),
        (
            None,
            vec![BoardEffect::ForfeitedMove {
                incident: id,
                player: Color::Black
            }]
        )
    );
    // The old text has no such request: exceeding the time limit loses (old 23.5).
    let (mut old, old_catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    let game = game_with_moves(Edition::ChineseOld, 50);
    let asked =
        seen_by_arbiter(Color::Black, OffenceId::ByoYomiTimeout, 50).choose(Sanction::of(&[Measure::ForfeitedMove]));
    assert!(matches!(
        old.record(&old_catalogue, &game, asked),
        Err(LedgerError::NotAnOption { .. })
    ));
}

#[test]
fn stones_put_back_and_removed_are_handed_to_the_record() {
    let game = game_with_moves(Edition::Chinese2002, 20);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let (original, elsewhere) = (Point::new(3, 3), Point::new(5, 5));
    let takeback = ledger
        .record(
            &catalogue,
            &game,
            claim(Color::White, OffenceId::Takeback, 20).points(&[original, elsewhere]),
        )
        .unwrap();
    let wrongly_taken = [Point::new(0, 8), Point::new(1, 8)];
    let capture = ledger
        .record(
            &catalogue,
            &game,
            claim(Color::Black, OffenceId::CapturedLiveStones, 19).points(&wrongly_taken),
        )
        .unwrap();
    assert_eq!(
        ledger.board_effects(),
        vec![
            BoardEffect::TakeOff {
                incident: takeback,
                color: Color::White,
                points: vec![elsewhere]
            },
            BoardEffect::PutBack {
                incident: takeback,
                color: Color::White,
                points: vec![original]
            },
            BoardEffect::PutBack {
                incident: capture,
                color: Color::White,
                points: wrongly_taken.to_vec()
            },
        ]
    );
}

#[test]
fn a_tournament_adds_its_own_smoking_rule_to_the_old_text() {
    let mut catalogue = Catalogue::standard(Edition::ChineseOld);
    let smoking = Offence::local(
        "smoking",
        "Smoking in the playing hall",
        "赛场内吸烟",
        SanctionRule::Escalating(vec![Sanction::warning(), Sanction::loss()]),
    );
    catalogue.add_local(smoking.clone()).unwrap();
    assert!(catalogue.add_local(smoking).is_err(), "added twice");
    let id = OffenceId::Local("smoking".to_string());
    let game = game_with_moves(Edition::ChineseOld, 30);
    let mut ledger = Ledger::new(Edition::ChineseOld);
    ledger
        .record(&catalogue, &game, seen_by_arbiter(Color::Black, id.clone(), 10))
        .unwrap();
    ledger
        .record(&catalogue, &game, seen_by_arbiter(Color::Black, id, 30))
        .unwrap();
    assert_eq!(
        ledger.outcome(),
        Some(Outcome::Loses {
            player: Color::Black,
            reason: Reason::Disqualification
        })
    );
    let table = catalogue.table(Lang::En);
    let row = table.lines().find(|l| l.starts_with("local rule")).unwrap();
    assert!(
        row.contains("Smoking in the playing hall") && row.contains("first: warning; second: loss"),
        "{row}"
    );
}

#[test]
fn fewer_warnings_over_the_event_rank_higher_art_27() {
    let game = game_with_moves(Edition::Chinese2002, 20);
    let (mut round1, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    round1
        .record(&catalogue, &game, claim(Color::Black, OffenceId::Takeback, 20))
        .unwrap();
    let mut round2 = Ledger::new(Edition::Chinese2002);
    round2
        .record(&catalogue, &game, claim(Color::White, OffenceId::ClockBeforeStone, 20))
        .unwrap();
    round2
        .record(
            &catalogue,
            &game,
            claim(Color::Black, OffenceId::CapturesNotRemoved, 19),
        )
        .unwrap();
    let totals = EventWarnings::tally([
        PlayedGame {
            black: "Chen",
            white: "Wang",
            ledger: &round1,
        },
        PlayedGame {
            black: "Wang",
            white: "Chen",
            ledger: &round2,
        },
        PlayedGame {
            black: "Zhao",
            white: "Liu",
            ledger: &Ledger::new(Edition::Chinese2002),
        },
    ]);
    assert_eq!((totals.of("Chen"), totals.of("Wang"), totals.of("Zhao")), (2, 1, 0));
    assert_eq!(
        totals.tie_break("Wang", "Chen"),
        std::cmp::Ordering::Less,
        "Wang ranks above Chen"
    );
}

#[test]
fn the_catalogue_command_prints_a_table_to_pin_up() {
    let (code, out, err) = go_arbiter(&["ledger", "catalogue"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Chinese Weiqi Rules (2002)"), "{out}");
    let phone = out.lines().find(|l| l.contains("Mobile phone sounds")).unwrap();
    assert!(
        phone.starts_with("Art. 23.7") && phone.contains("first: warning; second: loss"),
        "{phone}"
    );
    assert!(out.contains("one stone at the count (Art. 24.1)"), "{out}");

    let (code, out, err) = go_arbiter(&["ledger", "catalogue", "--edition", "old", "--lang", "zh"]);
    assert_eq!(code, 0, "{err}");
    let two_moves = out.lines().find(|l| l.contains("连走二步")).unwrap();
    assert!(
        two_moves.starts_with("旧第17.1条") && two_moves.contains("判负"),
        "{two_moves}"
    );
    assert!(!out.contains("手机"), "the old text has no phone rule:\n{out}");
    // Columns line up: every row's separators sit at the same display columns.
    let columns = |line: &str| {
        let mut width = 0;
        let mut at = Vec::new();
        for c in line.chars() {
            if c == '|' {
                at.push(width);
            }
            width += go_arbiter::ledger::table::display_width(&c.to_string());
        }
        at
    };
    let rows: Vec<&str> = out.lines().filter(|l| l.contains(" | ")).collect();
    assert!(rows.len() > 10);
    assert!(rows.iter().all(|r| columns(r) == columns(rows[0])), "{out}");

    let (code, _, err) = go_arbiter(&["ledger", "catalogue", "--edition", "1988"]);
    assert_eq!(code, 2, "a usage error");
    assert!(err.contains("unknown rule edition `1988`"), "{err}");
}

#[test]
fn a_bystander_and_an_urgent_claim_survive_the_session_file_and_old_reports_read_without_them() {
    let game = game_with_moves(Edition::ChineseOld, 10);
    let (mut ledger, catalogue) = ledger_and_catalogue(Edition::ChineseOld);
    let urgent = claim(Color::Black, OffenceId::DiscussingOrConsulting, 8)
        .choose(Sanction::warning())
        .urgent(true);
    ledger.record(&catalogue, &game, urgent).unwrap();
    let (mut bystanders, catalogue) = ledger_and_catalogue(Edition::Chinese2002);
    let phone = seen_by_arbiter(Color::White, OffenceId::BystanderPhone, 0).bystander("Zhang Wei");
    bystanders
        .record(&catalogue, &game_with_moves(Edition::Chinese2002, 0), phone)
        .unwrap();
    for ledger in [ledger, bystanders] {
        let text = ron::to_string(&ledger).unwrap();
        assert_eq!(ron::from_str::<Ledger>(&text).unwrap(), ledger);
    }
    // A report written before these fields existed reads as the players' own, not urgent.
    let plain = seen_by_arbiter(Color::Black, OffenceId::Takeback, 3);
    let text = ron::to_string(&plain).unwrap();
    assert!(!text.contains("bystander") && !text.contains("urgent"), "{text}");
    let read: Report = ron::from_str(&text).unwrap();
    assert_eq!((read.bystander.as_str(), read.urgent), ("", false));
}

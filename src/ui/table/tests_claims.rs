//! Headless tests (egui_kittest) of who raises an incident at the table: the arbiter or a
//! player's claim, the old text's claim in the claimant's own time (old Art. 16.2), and the
//! offences that carry no stone: a missed ceremony (Art. 23.6), a bystander's phone (Art. 23.7).

use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::ledger::{Catalogue, Edition, Entry, Ledger, Measure, OffenceId, RaisedBy, Sanction};
use crate::ui::table::command::Open;
use crate::ui::table::dialogs::Dialog;
use crate::ui::table::harness::*;
use crate::ui::*;

/// A table under the old text with `moves` moves played (Black along row 19, White row 1).
fn old_text_table(moves: usize) -> Table {
    let mut table = Table::new();
    table.catalogue = Catalogue::standard(Edition::ChineseOld);
    table.ledger = Ledger::new(Edition::ChineseOld);
    for n in 0..moves {
        let (column, row) = ((n / 2) as u8, if n % 2 == 0 { 18 } else { 0 });
        table
            .game
            .play(crate::board::Point::new(column, row))
            .unwrap_or_else(|e| panic!("move {n}: {e}"));
    }
    table
}

/// Old Art. 16.2: "但除较紧迫的事件外，对局者应在自己走棋的时间内提出。"
#[test]
fn old_art_16_2_a_claim_out_of_the_claimants_own_time_is_refused_unless_marked_urgent() {
    // Ten moves: Black to move. White claims that Black consulted material.
    let mut harness = harness_with(old_text_table(10));
    harness.state_mut().table.apply(
        Command::OpenDialog(Open::Incident(Color::Black, OffenceId::DiscussingOrConsulting)),
        secs(0),
    );
    harness.run();
    click(&mut harness, "White's claim");
    click(&mut harness, "warning");
    click(&mut harness, "Record");
    let message = harness.state().table.message.clone().unwrap_or_default();
    assert!(message.contains("old Art. 16.2"), "{message}");
    assert!(harness.state().table.dialog.is_some(), "the form stays open");
    assert_eq!(harness.state().table.ledger.warnings(), [0, 0]);
    // The arbiter ticks "urgent": the claim is recorded as White's.
    click(
        &mut harness,
        "urgent (old Art. 16.2: may be raised outside the claimant's own time)",
    );
    click(&mut harness, "Record");
    let table = &harness.state().table;
    assert!(table.dialog.is_none(), "{:?}", table.message);
    assert_eq!(table.ledger.warnings(), [1, 0]);
    let incident = table
        .ledger
        .incidents()
        .last()
        .map(|i| (i.report.raised_by.clone(), i.report.urgent));
    assert_eq!(incident, Some((RaisedBy::Player(Color::White), true)));
    assert!(
        table
            .ledger
            .entries()
            .iter()
            .any(|e| matches!(e, Entry::RefusedClaim(_))),
        "the refused claim stays in the ledger"
    );
}

#[test]
fn the_urgent_box_is_offered_only_for_a_players_claim_under_the_old_text() {
    let urgent = "urgent (old Art. 16.2: may be raised outside the claimant's own time)";
    for (table, offered) in [(old_text_table(4), true), (Table::new(), false)] {
        let mut harness = harness_with(table);
        harness.state_mut().table.apply(
            Command::OpenDialog(Open::Incident(Color::Black, OffenceId::DisturbingOpponent)),
            secs(0),
        );
        harness.run();
        assert!(
            harness.query_by_label(urgent).is_none(),
            "not for the arbiter's own report"
        );
        click(&mut harness, "White's claim");
        assert_eq!(harness.query_by_label(urgent).is_some(), offered);
    }
}

/// Art. 23.7: "已赛完的棋手及不参赛的棋手在赛场中使用手机、呼机的，由大会通报批评。"
#[test]
fn art_23_7_a_bystanders_phone_is_recorded_by_name_and_costs_the_players_nothing() {
    let mut harness = harness();
    click(&mut harness, "Other offence");
    click(
        &mut harness,
        "A phone used in the hall by someone not playing (a finished player, a non-participant) (Art. 23.7)",
    );
    assert!(matches!(
        &harness.state().table.dialog,
        Some(Dialog::Incident(f)) if f.offence == OffenceId::BystanderPhone
    ));
    assert!(harness.query_by_label("Player").is_none(), "not a side of the game");
    click(&mut harness, "Record");
    let message = harness.state().table.message.clone().unwrap_or_default();
    assert!(message.contains("needs the name of the person concerned"), "{message}");
    type_into(&mut harness, "Person concerned", "Zhang Wei");
    click(&mut harness, "Record");
    let table = &harness.state().table;
    assert!(table.dialog.is_none(), "{:?}", table.message);
    let recorded = table
        .ledger
        .incidents()
        .last()
        .map(|i| (i.report.bystander.clone(), i.sanction.clone()));
    assert_eq!(
        recorded,
        Some(("Zhang Wei".to_string(), Sanction::of(&[Measure::PublicCriticism])))
    );
    assert_eq!(table.ledger.penalty_stones(), [0, 0]);
    // The ledger line names the person, not a side.
    assert!(harness.query_by_label_contains("(Zhang Wei)").is_some());
}

/// Art. 23.6: "除通报批评之外，根据情节和社会影响的严重程度，允许作出降一个名次发放奖金及停赛处罚。"
#[test]
fn art_23_6_a_missed_ceremony_may_pay_the_prize_of_one_place_lower_and_costs_no_stone() {
    let mut harness = harness();
    click(&mut harness, "Other offence");
    click(
        &mut harness,
        "Missing the opening or closing ceremony or another official event without reason (Art. 23.6)",
    );
    click(&mut harness, "public criticism + prize money of one place lower");
    click(&mut harness, "Record");
    let table = &harness.state().table;
    assert!(table.dialog.is_none(), "{:?}", table.message);
    assert_eq!(
        table.ledger.incidents().last().map(|i| i.sanction.clone()),
        Some(Sanction::of(&[Measure::PublicCriticism, Measure::PrizeOnePlaceLower]))
    );
    assert_eq!(table.ledger.penalty_stones(), [0, 0]);
    assert_eq!(table.ledger.warnings(), [0, 0]);
}

//! A whole-board cycle at the table (Art. 20.3): named when a move repeats the position (refused
//! under the 2002 text, played under the older text), the edition's rulings offered on a bar
//! above the board, and the ruling chosen written into the record and made the result, which
//! goes through the counting screen's ending and confirmation like any result.

use std::time::Duration;

use crate::board::{Color, Point};
use crate::clock::Phase;
use crate::game::{Cycle, CycleKind, Illegal, Ruling};
use crate::ledger::CycleRuling;
use crate::ledger::cycle;

use super::{Command, Table};
use crate::ui::counting::Refusal;
use crate::ui::i18n::{self, Msg, Text};

impl Table {
    /// The cycle `mover` playing at `point` closes, named by the game; a repetition the game
    /// cannot name as a cycle of the same side to move is a "long cycle" from `repeats_move`.
    pub(super) fn named_cycle(&self, mover: Color, point: Point, repeats_move: usize) -> Cycle {
        self.game.cycle_closed_by(mover, point).unwrap_or_else(|| {
            let to_move = self.game.position().move_number + 1;
            Cycle {
                kind: CycleKind::Other,
                from_move: repeats_move,
                to_move,
                length: to_move.saturating_sub(repeats_move),
                moves: Vec::new(),
                repeated_until: to_move,
            }
        })
    }

    /// Names `cycle` at the table (or, given none, the cycle the move at the cursor closed, if
    /// any) and offers the edition's rulings.
    pub(super) fn name_cycle(&mut self, cycle: Option<Cycle>) {
        self.cycle = cycle.or_else(|| self.game.cycle_at_cursor());
        if let Some(c) = &self.cycle {
            let edition = self.catalogue.edition;
            self.message = Some(Msg::CycleStands(c, edition).text(self.lang));
        }
    }

    /// A move refused as a whole-board repetition. Under the 2002 text the move is forbidden in
    /// principle: it stays refused, the cycle is named and the rulings offered. Under the older
    /// text the move is played (flagged, standing) and the cycle named.
    pub(super) fn cycle_refused(
        &mut self,
        mover: Color,
        point: Point,
        illegal: Illegal,
        repeats_move: usize,
        now: Duration,
    ) {
        let cycle = self.named_cycle(mover, point, repeats_move);
        let edition = self.catalogue.edition;
        if edition.refuses_cycles() {
            self.message = Some(Msg::CycleRefused(&cycle, edition).text(self.lang));
            self.refused = Some((point, illegal));
            self.cycle = Some(cycle);
            return;
        }
        match self.game.record_move(mover, point, Ruling::Stands) {
            Ok(_) => {
                self.press_for_move(mover, now);
                self.name_cycle(Some(cycle));
            }
            Err(e) => self.message = Some(i18n::refusal(&e, self.game.size(), self.lang)),
        }
    }

    /// The bar under the message while a cycle is named: the edition's rulings, and for a move
    /// refused as the repetition, recording it as played.
    pub(super) fn cycle_bar(&self, ui: &mut egui::Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.horizontal_wrapped(|ui| {
            let intro = match self.refused {
                Some(_) => Text::CycleForbidden,
                None => Text::CycleRulings,
            };
            ui.label(intro.tr(self.lang));
            for &ruling in self.catalogue.edition.cycle_rulings() {
                if ui.small_button(ruling_text(ruling).tr(self.lang)).clicked() {
                    commands.push(Command::RuleCycle(ruling));
                }
            }
            if self.refused.is_some() {
                for (ruling, word) in [(Ruling::Void, Text::RecordVoid), (Ruling::Stands, Text::RecordStands)] {
                    if ui.small_button(word.tr(self.lang)).clicked() {
                        commands.push(Command::RecordAsPlayed(ruling));
                    }
                }
            }
        });
        commands
    }

    /// The arbiter's ruling on the cycle named: written into the record, the clock stopped, and
    /// the counting screen opened with the ruling's result as the ending, to be confirmed.
    pub(super) fn rule_cycle(&mut self, ruling: CycleRuling, now: Duration) {
        if self.counting.is_some() {
            self.message = Some(Refusal::ResumePlayFirst.text(self.lang));
            return;
        }
        let Some(named) = self.cycle.clone() else {
            self.message = Some(Text::NoCycle.tr(self.lang).to_string());
            return;
        };
        let edition = self.catalogue.edition;
        let result = match cycle::record_ruling(&mut self.game, edition, &named, ruling) {
            Ok(result) => result,
            Err(e) => {
                self.message = Some(Msg::CycleRulingRefused(&e).text(self.lang));
                return;
            }
        };
        self.refused = None;
        self.cycle = None;
        if self.clock.phase() == Phase::Running
            && let Err(e) = self
                .clock
                .pause(now, &format!("cycle ruled (Art. {})", edition.cycle_article()))
        {
            self.message = Some(i18n::clock_error(&e, self.lang));
        }
        self.enter_counting();
        if let Some(c) = &mut self.counting {
            c.ending = Some(result);
        }
    }
}

/// The button of a ruling.
pub fn ruling_text(ruling: CycleRuling) -> Text {
    match ruling {
        CycleRuling::NoResult => Text::RuleNoResult,
        CycleRuling::Draw => Text::RuleDraw,
        CycleRuling::Playoff => Text::RulePlayoff,
        CycleRuling::Replay => Text::RuleReplay,
    }
}

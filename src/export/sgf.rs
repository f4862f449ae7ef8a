//! One game as SGF: the record with the session's game information, the clock readings after each move and the ledger's incidents as comments.
//!
//! Clock readings: the clock is replayed up to each press and read at the press's instant. While
//! main time remains, BL/WL hold the main time left (Chinese: the free main time, outside the
//! reserved minutes) and no OB/OW is written; in byo-yomi BL/WL hold the time left in the current
//! minute or period and OB/OW the reserved minutes or periods left (Canadian: the moves still to
//! play in the period), as FF[4] describes. Sudden death and Fischer write BL/WL only.

use crate::board::Color;
use crate::clock::{Clock, ClockEvent, EventKind, TimeControl};
use crate::game::Game;
use crate::lang::Lang;
use crate::ledger::{Incident, article_label};
use crate::session::{Session, Table, TableId};

use super::{ExportError, player};

/// The game at `table` as SGF text.
pub fn game_sgf(session: &Session, id: TableId, table: &Table) -> Result<String, ExportError> {
    Ok(crate::sgf::write_string(&game_with_fields(session, id, table)?))
}

/// The game at `table` with every exported field set on its nodes.
pub fn game_with_fields(session: &Session, id: TableId, table: &Table) -> Result<Game, ExportError> {
    let stored = |source| ExportError::Stored { table: id, source };
    let tg = &table.game;
    let mut game = tg.game().map_err(stored)?;
    let black = player(session, table.black)?;
    let white = player(session, table.white)?;
    game.rules = tg.rules.rules();
    game.rules.komi = tg.komi.points();
    game.preset = Some(tg.rules);
    game.info.rules_text = tg.rules.sgf_ru().to_string();
    game.info.handicap = tg.handicap;
    game.info.black = black.name.clone();
    game.info.white = white.name.clone();
    game.info.black_rank = black.rank.to_string();
    game.info.white_rank = white.rank.to_string();
    game.info.event = session.event.name.clone();
    game.info.place = session.event.venue.clone();
    game.info.round = id.round.to_string();
    if let Some(round) = session.round(id.round) {
        game.info.date = round.date.clone();
    }
    game.info.result = tg.result.map(|r| r.sgf_re()).unwrap_or_default();
    if let Ok(control) = tg.control() {
        game.info.main_time = Some(main_time(&control).as_secs_f64());
    }
    game.info.overtime = tg.time_control.clone();

    let moves: Vec<usize> = game.moves().into_iter().map(|(node, _)| node).collect();
    let node_of = |move_number: usize| {
        if move_number == 0 {
            Some(0)
        } else {
            moves.get(move_number - 1).copied()
        }
    };
    if let Ok(control) = tg.control() {
        for (n, reading) in readings_after_presses(&control, &tg.clock_events) {
            if let Some(node) = node_of(n as usize) {
                let times = &mut game.node_mut(node).times;
                match reading.player {
                    Color::Black => {
                        times.black_left = Some(reading.left);
                        times.black_periods = reading.periods;
                    }
                    Color::White => {
                        times.white_left = Some(reading.left);
                        times.white_periods = reading.periods;
                    }
                }
            }
        }
    }
    if let Some(code) = crate::session::proof::result_code(id, table) {
        // As on the slip: `go-arbiter check FILE.ron --code CODE` says whether this is still the
        // result confirmed.
        let root = &mut game.node_mut(0).comment;
        if !root.is_empty() {
            root.push('\n');
        }
        root.push_str(&format!("Verification code: {code}"));
    }
    for incident in tg.ledger.incidents() {
        let node = node_of(incident.report.move_number).unwrap_or_else(|| moves.last().copied().unwrap_or(0));
        let comment = &mut game.node_mut(node).comment;
        if !comment.is_empty() {
            comment.push('\n');
        }
        comment.push_str(&incident_comment(incident));
    }
    Ok(game)
}

/// An incident as a comment line: "Incident 1, Black, Art. 20: warning (10:20) note".
pub fn incident_comment(incident: &Incident) -> String {
    let report = &incident.report;
    let mut text = format!(
        "Incident {}, {}, {}: {} ({})",
        incident.id.0 + 1,
        if report.bystander.is_empty() {
            report.player.name()
        } else {
            &report.bystander
        },
        article_label(&incident.article, Lang::En),
        incident.sanction.text(Lang::En),
        report.wall_time
    );
    if !report.note.is_empty() {
        text.push_str(": ");
        text.push_str(&report.note);
    }
    text
}

/// A side's clock after one of its presses, as SGF writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PressReading {
    pub player: Color,
    /// Seconds (BL/WL).
    pub left: f64,
    /// OB/OW, in byo-yomi only.
    pub periods: Option<i64>,
}

/// The reading of the pressing side after each press, by move number. Presses whose prefix of
/// events does not replay are skipped.
pub fn readings_after_presses(control: &TimeControl, events: &[ClockEvent]) -> Vec<(u32, PressReading)> {
    let mut out = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let EventKind::Press { player, move_number } = event.kind else {
            continue;
        };
        let Ok(clock) = Clock::replay(*control, &events[..=i]) else {
            continue;
        };
        let left = clock.reading(event.at).left[player.index()];
        let reading = if !left.main.is_zero() || left.periods == 0 {
            PressReading {
                player,
                left: left.main.as_secs_f64(),
                periods: None,
            }
        } else {
            let periods = match control {
                TimeControl::Canadian { .. } => left.period_moves,
                _ => left.periods,
            };
            PressReading {
                player,
                left: left.period.as_secs_f64(),
                periods: Some(i64::from(periods)),
            }
        };
        out.push((move_number, reading));
    }
    out
}

/// The main time as SGF TM gives it: for Chinese byo-yomi the whole time, reserved minutes included.
pub fn main_time(control: &TimeControl) -> std::time::Duration {
    match *control {
        TimeControl::Absolute { main }
        | TimeControl::Chinese { main, .. }
        | TimeControl::Japanese { main, .. }
        | TimeControl::Canadian { main, .. }
        | TimeControl::Fischer { main, .. } => main,
    }
}

//! Claim windows checked against the game record: a takeback claim only before the
//! claimant's next move (Art. 17.3), a claim about the opponent during the game (16.3; old
//! 16.2, and under the old text in the claimant's own time unless urgent), wrong colours up to
//! move 10 (17.1); and the record's own evidence of an illegal move. Says why a claim is
//! refused.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Color;
use crate::game::{Action, Game};
use crate::lang::Lang;

use super::{ClaimWindow, Edition, IllegalKind, Offence, RaisedBy, Report, article_label};

/// Why the ledger refuses a claim. Articles are the catalogue's numbers ("17.3", "old 16.2",
/// "local"), labelled by [`article_label`].
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum ClaimRefused {
    #[error(
        "too late: {claimant:?} already played move {next_move} after move {offence_move}; the claim is valid only \
         before the claimant's next move ({label})",
        label = article_label(.article, Lang::En)
    )]
    AfterClaimantsNextMove {
        claimant: Color,
        offence_move: usize,
        next_move: usize,
        article: String,
    },
    #[error(
        "too late: the game is over ({how}); a claim about the opponent must be made at once, during the game ({label})",
        label = article_label(.article, Lang::En)
    )]
    GameOver { how: GameEnd, article: String },
    #[error(
        "too late: move {played} has been played; this can be corrected only up to and including move {limit} ({label})",
        label = article_label(.article, Lang::En)
    )]
    PastMove {
        played: usize,
        limit: usize,
        article: String,
    },
    #[error("move {move_number} is not in the record yet (the record has {moves} moves)")]
    FutureMove { move_number: usize, moves: usize },
    #[error(
        "the record shows no {expected} move by {player:?} at move {move_number}; record the move first \
         (Game::record_move)"
    )]
    NotInRecord {
        expected: IllegalKind,
        player: Color,
        move_number: usize,
    },
    #[error(
        "not in {claimant:?}'s own time: under the old text a claim is made while the claimant is to move, unless          the matter is urgent ({label})",
        label = article_label(.article, Lang::En)
    )]
    OutsideOwnTime { claimant: Color, article: String },
}

/// How a game ended, as the game record shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameEnd {
    /// That player resigned.
    Resigned(Color),
    /// Two passes in a row.
    TwoPasses,
    /// A result was recorded (the SGF `RE` value, "B+R").
    ResultRecorded(String),
}

impl fmt::Display for GameEnd {
    /// "Black resigned", "two passes in a row", "result recorded: B+R".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEnd::Resigned(color) => write!(f, "{} resigned", color.name()),
            GameEnd::TwoPasses => f.write_str("two passes in a row"),
            GameEnd::ResultRecorded(result) => write!(f, "result recorded: {result}"),
        }
    }
}

/// How the game ended, if it has: a resignation, two passes, or a recorded result.
pub fn game_over(game: &Game) -> Option<GameEnd> {
    let position = game.position();
    if let Some(c) = position.resigned {
        return Some(GameEnd::Resigned(c));
    }
    if position.passes_in_row >= 2 {
        return Some(GameEnd::TwoPasses);
    }
    if !game.info.result.is_empty() {
        return Some(GameEnd::ResultRecorded(game.info.result.clone()));
    }
    None
}

/// Checks `report` against the claim window of `offence` and against the record in `game`.
/// The "during the game" window binds players' claims (16.3); the others bind everyone.
pub fn check_claim(edition: Edition, offence: &Offence, report: &Report, game: &Game) -> Result<(), ClaimRefused> {
    let moves = game.position().move_number;
    if report.move_number > moves {
        return Err(ClaimRefused::FutureMove {
            move_number: report.move_number,
            moves,
        });
    }
    let article = offence.article.clone();
    match offence.window {
        ClaimWindow::BeforeClaimantsNextMove => {
            let claimant = report.player.opponent();
            let next = game.moves().into_iter().enumerate().skip(report.move_number).find(|(_, (_, action))| {
                matches!(action, Action::Move { color, .. } | Action::Pass { color } if *color == claimant)
            });
            if let Some((index, _)) = next {
                return Err(ClaimRefused::AfterClaimantsNextMove {
                    claimant,
                    offence_move: report.move_number,
                    next_move: index + 1,
                    article,
                });
            }
        }
        ClaimWindow::DuringGame => {
            if let (RaisedBy::Player(_), Some(how)) = (&report.raised_by, game_over(game)) {
                let during = match edition {
                    Edition::Chinese2002 => "16.3",
                    Edition::ChineseOld => "old 16.2",
                };
                return Err(ClaimRefused::GameOver {
                    how,
                    article: during.to_string(),
                });
            }
            // Old Art. 16.2: "除较紧迫的事件外，对局者应在自己走棋的时间内提出。"
            if let RaisedBy::Player(claimant) = report.raised_by
                && edition.claims_in_own_time()
                && !report.urgent
                && game.to_move() != claimant
            {
                return Err(ClaimRefused::OutsideOwnTime {
                    claimant,
                    article: "old 16.2".to_string(),
                });
            }
        }
        ClaimWindow::UpToMove(limit) => {
            if moves > limit {
                return Err(ClaimRefused::PastMove {
                    played: moves,
                    limit,
                    article,
                });
            }
        }
        ClaimWindow::Anytime => {}
    }
    if let Some(kind) = offence.evidence {
        let shown = game.flagged().into_iter().any(|(number, action, flag)| {
            let by_offender = matches!(action, Action::Move { color, .. } if color == report.player);
            number == report.move_number && by_offender && kind.matches(flag.illegal)
        });
        if !shown {
            return Err(ClaimRefused::NotInRecord {
                expected: kind,
                player: report.player,
                move_number: report.move_number,
            });
        }
    }
    Ok(())
}

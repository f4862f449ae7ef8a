//! `GameResult`: who won, by how much, and why, written in English, in Chinese and as an
//! SGF RE value, and read back from RE.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::Color;

use super::Quarters;

/// Why the game ended the way it did (Arts. 27-28 list what an arbiter records).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// Counted at the end.
    Count,
    Resignation,
    /// The loser ran out of time.
    Time,
    /// The loser did not play (absent, too late, withdrew).
    Forfeit,
    /// The loser was disqualified (a second warning, cheating...).
    Disqualification,
    /// Equal counts (Art. 9) or the arbiter's ruling.
    Draw,
    BothLose,
    /// No result, replay (SGF "Void").
    NoResult,
    /// 加赛: no result; a playoff decides (a cycle under the 2002 text, Art. 20.3:
    /// "根据不同比赛，也可制定相应的补充规定，如无胜负、和棋、加赛等"). SGF "Void".
    Playoff,
    /// 重下: no result; the game is played again (a cycle under the older text, old Art. 20.3:
    /// "可判和棋或者重下"). SGF "Void".
    Replay,
    /// Not known (SGF "?" or no RE).
    Unknown,
}

/// A game's result. `winner` is set for wins only; `margin` is the winner's margin, for a
/// win by count only, and may be unknown there too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub margin: Option<Quarters>,
    pub reason: Reason,
}

/// An SGF RE value this program cannot read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not an SGF result (expected B+0.5, W+R, B+T, W+F, 0, Void or ?)")]
pub struct ResultError(pub String);

impl GameResult {
    /// The result of a count: `margin` Black's lead (negative: White's), a draw when zero.
    pub fn by_count(margin: Quarters) -> GameResult {
        match margin.0.signum() {
            1 => GameResult {
                winner: Some(Color::Black),
                margin: Some(margin),
                reason: Reason::Count,
            },
            -1 => GameResult {
                winner: Some(Color::White),
                margin: Some(-margin),
                reason: Reason::Count,
            },
            _ => GameResult::ended(Reason::Draw),
        }
    }

    /// A win without a margin (resignation, time, forfeit, disqualification, or a count
    /// whose margin is unknown).
    pub fn win(winner: Color, reason: Reason) -> GameResult {
        GameResult {
            winner: Some(winner),
            margin: None,
            reason,
        }
    }

    /// A result without a winner: draw, both lose, no result, unknown.
    pub fn ended(reason: Reason) -> GameResult {
        GameResult {
            winner: None,
            margin: None,
            reason,
        }
    }

    /// The SGF RE value: "B+0.5", "W+R", "B+T", "B+F" (forfeit and disqualification alike),
    /// "0" for a draw, "Void" for no result (a playoff or a replay too), "?" when unknown, and "Both lose", which SGF
    /// has no word for.
    pub fn sgf_re(&self) -> String {
        let won = |tail: &str| {
            self.winner
                .map_or_else(|| "?".to_string(), |c| format!("{}+{tail}", c.letter()))
        };
        match self.reason {
            Reason::Count => won(&self.margin.map(Quarters::points_decimal).unwrap_or_default()),
            Reason::Resignation => won("R"),
            Reason::Time => won("T"),
            Reason::Forfeit | Reason::Disqualification => won("F"),
            Reason::Draw => "0".to_string(),
            Reason::BothLose => "Both lose".to_string(),
            // SGF has one word for a game without a result ("no result or suspended play"): a
            // playoff or a replay is that for this game; the session keeps which.
            Reason::NoResult | Reason::Playoff | Reason::Replay => "Void".to_string(),
            Reason::Unknown => "?".to_string(),
        }
    }

    /// Reads an SGF RE value (letters in any case, long forms such as "W+Resign" too; an
    /// empty value is unknown).
    pub fn from_sgf_re(text: &str) -> Result<GameResult, ResultError> {
        let refuse = || ResultError(text.to_string());
        let value = text.trim().to_ascii_lowercase();
        let reason = match value.as_str() {
            "" | "?" => Some(Reason::Unknown),
            "0" | "draw" | "jigo" => Some(Reason::Draw),
            "void" => Some(Reason::NoResult),
            "both lose" => Some(Reason::BothLose),
            _ => None,
        };
        if let Some(reason) = reason {
            return Ok(GameResult::ended(reason));
        }
        let (winner, tail) = match value.split_once('+') {
            Some(("b", tail)) => (Color::Black, tail),
            Some(("w", tail)) => (Color::White, tail),
            _ => return Err(refuse()),
        };
        let reason = match tail {
            "" => Reason::Count,
            "r" | "resign" => Reason::Resignation,
            "t" | "time" => Reason::Time,
            "f" | "forfeit" => Reason::Forfeit,
            _ => {
                let points: f64 = tail.parse().map_err(|_| refuse())?;
                let margin = Quarters::from_points_f64(points)
                    .filter(|m| m.0 > 0)
                    .ok_or_else(refuse)?;
                return Ok(GameResult {
                    winner: Some(winner),
                    margin: Some(margin),
                    reason: Reason::Count,
                });
            }
        };
        Ok(GameResult::win(winner, reason))
    }

    /// In English with the margin in stones and in points: "Black wins by 1/4 stone
    /// (1/2 point)", "White wins by resignation", "Draw".
    pub fn english(&self) -> String {
        match (self.reason, self.winner, self.margin) {
            (Reason::Count, Some(c), Some(m)) => {
                format!("{} wins by {} ({})", c.name(), in_stones(m), in_points(m))
            }
            _ => self.english_without_margin(),
        }
    }

    /// In English with the margin in stones only: "Black wins by 1/4 stone".
    pub fn english_stones(&self) -> String {
        match (self.reason, self.winner, self.margin) {
            (Reason::Count, Some(c), Some(m)) => format!("{} wins by {}", c.name(), in_stones(m)),
            _ => self.english_without_margin(),
        }
    }

    /// In English with the margin in points only: "Black wins by 1/2 point".
    pub fn english_points(&self) -> String {
        match (self.reason, self.winner, self.margin) {
            (Reason::Count, Some(c), Some(m)) => format!("{} wins by {}", c.name(), in_points(m)),
            _ => self.english_without_margin(),
        }
    }

    fn english_without_margin(&self) -> String {
        let Some(c) = self.winner else {
            return match self.reason {
                Reason::Draw => "Draw",
                Reason::BothLose => "Both players lose",
                Reason::NoResult => "No result",
                Reason::Playoff => "No result: playoff",
                Reason::Replay => "No result: to be replayed",
                _ => "Result unknown",
            }
            .to_string();
        };
        let how = match self.reason {
            Reason::Resignation => " by resignation",
            Reason::Time => " on time",
            Reason::Forfeit => " by forfeit",
            Reason::Disqualification => " by disqualification",
            _ => "",
        };
        format!("{} wins{how}", c.name())
    }

    /// In Chinese: "黑胜1/4子", "白胜3又3/4子", "白中盘胜", "黑超时胜", "黑胜（白弃权）" (forfeit),
    /// "黑胜（白被判负）" (the opponent disqualified), "和棋", "双方负", "无胜负", "加赛", "重下".
    /// Forfeit and disqualification in the rules' own words (2002, Art. 13.1: "凡参赛一方弃权或被
    /// 判负、判和的棋局，也作终局处理"), not "不战胜", a walkover.
    pub fn chinese(&self) -> String {
        let Some(c) = self.winner else {
            return match self.reason {
                Reason::Draw => "和棋",
                Reason::BothLose => "双方负",
                Reason::NoResult => "无胜负",
                Reason::Playoff => "加赛",
                Reason::Replay => "重下",
                _ => "结果不明",
            }
            .to_string();
        };
        let (side, loser) = match c {
            Color::Black => ("黑", "白"),
            Color::White => ("白", "黑"),
        };
        match (self.reason, self.margin) {
            (Reason::Count, Some(m)) => format!("{side}胜{}子", m.stones_text_zh()),
            (Reason::Resignation, _) => format!("{side}中盘胜"),
            (Reason::Time, _) => format!("{side}超时胜"),
            (Reason::Forfeit, _) => format!("{side}胜（{loser}弃权）"),
            (Reason::Disqualification, _) => format!("{side}胜（{loser}被判负）"),
            _ => format!("{side}胜"),
        }
    }
}

fn in_stones(m: Quarters) -> String {
    let unit = if m > Quarters::from_stones(1) {
        "stones"
    } else {
        "stone"
    };
    format!("{} {unit}", m.stones_text())
}

fn in_points(m: Quarters) -> String {
    let unit = if m > Quarters::from_points(1) {
        "points"
    } else {
        "point"
    };
    format!("{} {unit}", m.points_text())
}

/// The English form with the margin in stones and points.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

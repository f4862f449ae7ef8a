//! One-side counting, the normal Chinese procedure (RULES.md section 3, seed 004): count one
//! side's area in stones, compare it with that side's par, read it in tens as on a real
//! board, and check the number the arbiter counted by hand.
//!
//! The par. Under area counting the two sides' areas A_B and A_W add up to the board's
//! points N. The margin in points is (A_B - p_B) - (A_W - p_W) - k - c, with k the komi and
//! c the compensation in points and p the penalties (two points per warning). In stones
//! (one stone = two points) that is A_B - (N/2 + K + C + w_B - w_W), with K = k/2 the komi
//! in stones, C = c/2 the compensation in stones (n/2 for n handicap stones under Chinese
//! rules) and w the warnings. So Black wins when its area is above
//!   par_B = N/2 + K + C + w_B - w_W,
//! and, the same way, White when its area is above
//!   par_W = N/2 - K - C + w_W - w_B.
//! On 19x19 with komi 3 3/4: 184 1/4 for Black, 176 3/4 for White; on 9x9, 44 1/4 and 36 3/4;
//! with 4 handicap stones and no komi on 19x19: 182 1/2 and 178 1/2. Since A_B + A_W = N,
//! A_B - par_B = par_W - A_W: counting either side gives the same result.

use serde::{Deserialize, Serialize};

use crate::board::Color;
use crate::rules::Counting;

use super::{Count, GameResult, Quarters, ScoringError};

/// One side's count against its par, in stones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OneSide {
    pub side: Color,
    /// The side's area: live stones, points it surrounds, half the shared points.
    pub count: Quarters,
    /// Half the board's points, the "guiben" (180 1/2 on 19x19).
    pub half_board: Quarters,
    /// Komi in stones, as it moves this side's par: up for Black, down for White.
    pub komi: Quarters,
    /// Handicap compensation in stones, as it moves this side's par.
    pub compensation: Quarters,
    /// This side's penalty stones less the opponent's, as they move this side's par.
    pub penalties: Quarters,
    /// The side wins with a count above this, loses below it, draws on it (Art. 9).
    pub par: Quarters,
}

impl OneSide {
    /// Counts `side` alone from an area count.
    pub fn new(count: &Count, side: Color) -> Result<OneSide, ScoringError> {
        if count.counting != Counting::Area {
            return Err(ScoringError::NotArea);
        }
        let (own, other) = (count.side(side), count.side(side.opponent()));
        // A point of area is a stone of area: `score` in half points is the area in half
        // stones, twice that in quarter stones.
        let area = Quarters(2 * own.score.0);
        let half_board = Quarters(2 * count.board_points as i32);
        let komi = other.komi - own.komi;
        let compensation = other.compensation - own.compensation;
        let penalties = own.penalty - other.penalty;
        let par = half_board + komi + compensation + penalties;
        Ok(OneSide {
            side,
            count: area,
            half_board,
            komi,
            compensation,
            penalties,
            par,
        })
    }

    /// How far the count is above the par, in stones (negative: below).
    pub fn margin(&self) -> Quarters {
        self.count - self.par
    }

    /// The result: the same whichever side was counted.
    pub fn result(&self) -> GameResult {
        self.result_for(self.count)
    }

    /// The result `counted` stones for this side would give.
    pub fn result_for(&self, counted: Quarters) -> GameResult {
        let above = counted - self.par;
        GameResult::by_count(if self.side == Color::Black { above } else { -above })
    }

    /// The count as counted on a real board: "18 tens and 4".
    pub fn tens(&self) -> String {
        in_tens(self.count)
    }

    /// The count as a Chinese arbiter writes it: "18个十，另4子".
    pub fn tens_zh(&self) -> String {
        in_tens_zh(self.count)
    }

    /// Checks a number the arbiter counted on the board against the engine's count.
    pub fn check(&self, counted: Quarters) -> Check {
        Check {
            counted,
            expected: self.count,
            difference: counted - self.count,
            result: self.result_for(counted),
        }
    }
}

/// A count in stones read in tens, as stones are counted on a real board: "18 tens and 4",
/// "18 tens and 4 1/2", "18 tens", "1 ten and 3", "0 tens and 1/2".
pub fn in_tens(count: Quarters) -> String {
    let tens = count.0.div_euclid(40);
    let rest = Quarters(count.0.rem_euclid(40));
    let unit = if tens == 1 { "ten" } else { "tens" };
    if rest == Quarters::ZERO {
        format!("{tens} {unit}")
    } else {
        format!("{tens} {unit} and {}", rest.stones_text())
    }
}

/// A count in stones read in tens, as a Chinese arbiter writes it: the tens ("18个十"), then
/// what is left in stones as the rules write stones (Art. 11: "3又3/4子"): "18个十，另4子",
/// "18个十，另4又1/2子", "18个十", "1个十，另3子", "4又1/2子", "1/2子".
fn in_tens_zh(count: Quarters) -> String {
    let tens = count.0.div_euclid(40);
    let rest = Quarters(count.0.rem_euclid(40));
    match (tens, rest == Quarters::ZERO) {
        (0, _) => format!("{}子", rest.stones_text_zh()),
        (_, true) => format!("{tens}个十"),
        (_, false) => format!("{tens}个十，另{}子", rest.stones_text_zh()),
    }
}

/// A hand count compared with the engine's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Check {
    pub counted: Quarters,
    pub expected: Quarters,
    /// counted - expected, in stones.
    pub difference: Quarters,
    /// The result the hand count would give.
    pub result: GameResult,
}

impl Check {
    pub fn agrees(&self) -> bool {
        self.difference == Quarters::ZERO
    }

    /// "agrees: 18 tens and 4" or "counted 18 tens and 3, expected 18 tens and 4: 1 stone less".
    pub fn describe(&self) -> String {
        if self.agrees() {
            return format!("agrees: {}", in_tens(self.expected));
        }
        let size = self.difference.abs();
        let unit = if size > Quarters::from_stones(1) {
            "stones"
        } else {
            "stone"
        };
        let direction = if self.difference.0 > 0 { "more" } else { "less" };
        format!(
            "counted {}, expected {}: {} {unit} {direction}",
            in_tens(self.counted),
            in_tens(self.expected),
            size.stones_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones(text: &str) -> Quarters {
        Quarters::parse_stones(text).unwrap_or(Quarters(-1))
    }

    #[test]
    fn a_count_in_tens_is_written_the_chinese_way_with_the_rules_fractions() {
        assert_eq!(in_tens_zh(stones("184 1/2")), "18个十，另4又1/2子");
        assert_eq!(in_tens_zh(stones("184")), "18个十，另4子");
        assert_eq!(in_tens_zh(stones("180")), "18个十");
        assert_eq!(in_tens_zh(stones("13")), "1个十，另3子");
        assert_eq!(in_tens_zh(stones("176 3/4")), "17个十，另6又3/4子");
        assert_eq!(in_tens_zh(stones("4 1/2")), "4又1/2子");
        assert_eq!(in_tens_zh(stones("1/2")), "1/2子");
        // The English reading is unchanged, and the two never mix.
        assert_eq!(in_tens(stones("184 1/2")), "18 tens and 4 1/2");
        for text in ["184 1/2", "180", "13", "1/2", "361"] {
            let zh = in_tens_zh(stones(text));
            assert!(!zh.contains("ten") && !zh.contains(" and "), "{zh}");
            // One 又, only inside a fraction of a stone (the rules' "3又3/4子").
            assert!(zh.matches('又').count() <= 1 && !zh.contains("10"), "{zh}");
        }
    }
}

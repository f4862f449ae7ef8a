//! The rules as plain data: counting method, komi, handicap compensation, suicide, ko and
//! superko, with named presets. One place for each rule's numbers.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How the board is counted at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Counting {
    /// Stones plus surrounded points (Chinese, AGA, Ing, New Zealand, Tromp-Taylor).
    Area,
    /// Surrounded points plus prisoners (Japanese, Korean).
    Territory,
}

/// Which repetitions are forbidden beyond the immediate ko recapture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Superko {
    /// Only the immediate ko recapture is forbidden; long cycles end the game by the
    /// arbiter's ruling (Japanese "no result").
    None,
    /// No move may recreate an earlier whole-board position.
    Positional,
    /// No move may recreate an earlier position with the same player to move.
    Situational,
}

/// How White is compensated for Black's handicap stones, in points added to White at the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandicapCompensation {
    /// None (Japanese, Korean: the stones are already counted through territory; New Zealand and
    /// Tromp-Taylor: their texts give none, see [`Preset::rules`]).
    None,
    /// n points for n stones (Chinese: Black gives back n/2 stones; Ing).
    N,
    /// n - 1 points (AGA).
    NMinusOne,
}

impl Rules {
    /// The komi, in points, of a game with `handicap` (0: an even game, with `even_komi`, the
    /// event's or the table's; 1: Black taken without stones, 让先; 2 and more: stones): the
    /// rules' handicap komi whenever there is a handicap. The one place that decides it: a table
    /// switches to it when its handicap is set, and back to `even_komi` when it is removed.
    pub fn komi_for(&self, handicap: u32, even_komi: f64) -> f64 {
        if handicap == 0 { even_komi } else { self.handicap_komi }
    }
}

impl HandicapCompensation {
    /// Points White receives at the count for `handicap` stones.
    pub fn points(self, handicap: u32) -> f64 {
        match (self, handicap) {
            (_, 0 | 1) | (HandicapCompensation::None, _) => 0.0,
            (HandicapCompensation::N, n) => n as f64,
            (HandicapCompensation::NMinusOne, n) => (n - 1) as f64,
        }
    }
}

/// A rule set. Komi is in points (3 3/4 stones = 7.5 points).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub name: String,
    pub counting: Counting,
    /// Points White receives: in a game read or set up, the komi that game counts with; in a
    /// preset, the even game's.
    pub komi: f64,
    /// Points White receives in a handicap game: Black taken with no stones (handicap 1, 让先)
    /// or with 2 and more stones (the compensation for the stones comes on top, see
    /// `handicap_compensation`). Each preset says where its value comes from ([`Preset::rules`]).
    #[serde(default)]
    pub handicap_komi: f64,
    pub handicap_compensation: HandicapCompensation,
    pub suicide_allowed: bool,
    pub superko: Superko,
}

/// The named presets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Preset {
    Chinese2002,
    ChineseOld,
    Japanese,
    Korean,
    Aga,
    Ing,
    NewZealand,
    TrompTaylor,
}

impl Preset {
    pub const ALL: [Preset; 8] = [
        Preset::Chinese2002,
        Preset::ChineseOld,
        Preset::Japanese,
        Preset::Korean,
        Preset::Aga,
        Preset::Ing,
        Preset::NewZealand,
        Preset::TrompTaylor,
    ];

    /// The identifier used on the command line and in sessions.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Chinese2002 => "chinese",
            Preset::ChineseOld => "chinese-old",
            Preset::Japanese => "japanese",
            Preset::Korean => "korean",
            Preset::Aga => "aga",
            Preset::Ing => "ing",
            Preset::NewZealand => "nz",
            Preset::TrompTaylor => "tromp-taylor",
        }
    }

    /// The preset's numbers. The handicap komi (points White receives in a handicap game,
    /// handicap 1 included) and the compensation for the stones, and where each comes from:
    /// - Chinese 2002 (seed 000, there in traditional characters): "让先：指水平略低的一方执黑先走，
    ///   终局计算时不贴子" and "让子……终局计算时，按让子数由黑方贴还二分之一的子数": no komi, Black
    ///   gives back n/2 stones (n points).
    /// - Chinese, old text: the same, as the competition digest (seed 004) says it: "让先不贴目，
    ///   让子要贴还让子数的一半"; the old text itself (seed 003, Art. 9) leaves it to the event:
    ///   "采用贴子方式的棋局，胜负标准另行规定".
    /// - Japanese 1989 and Korean: their texts give no komi for a handicap game (komi is the
    ///   event's); 0.5 points is the common practice (Nihon Ki-in and Korean tournaments, the
    ///   servers), chosen here so that a handicap game cannot end in jigo. No compensation: the
    ///   stones are not counted under territory counting.
    /// - AGA rules: in a handicap game White receives a komi of 0.5 and one point for each
    ///   handicap stone after the first: 0.5 and n - 1.
    /// - Ing (SST rules): the rules are silent; the AGA's commentary on them (Kim, Simon, Straus)
    ///   says "White receives komi equivalent to the number of handicap stones placed, and wins
    ///   ties": n points and 0.5 (the half point is White's win on a tie).
    /// - New Zealand: "In a handicap game, white passes the first n - 1 moves where n is the size
    ///   of the handicap. There is no komi." The text gives no compensation: 0 and none.
    /// - Tromp-Taylor: the rules know neither komi nor handicap: no compensation (every stone
    ///   on the board is counted as it stands) and 0.5, as the computer-go servers that play by
    ///   these rules use in handicap games, so that a handicap game cannot end in a tie.
    pub fn rules(self) -> Rules {
        use Counting::*;
        use HandicapCompensation as H;
        let (name, counting, komi, handicap_komi, comp, suicide, superko) = match self {
            // 2002 text: komi 3 3/4 stones; suicide forbidden (Art. 5); repetition banned (Art. 6).
            Preset::Chinese2002 => ("Chinese 2002", Area, 7.5, 0.0, H::N, false, Superko::Positional),
            // Older national rules: komi 2 3/4 stones.
            Preset::ChineseOld => ("Chinese (old text)", Area, 5.5, 0.0, H::N, false, Superko::Positional),
            Preset::Japanese => ("Japanese 1989", Territory, 6.5, 0.5, H::None, false, Superko::None),
            Preset::Korean => ("Korean", Territory, 6.5, 0.5, H::None, false, Superko::None),
            Preset::Aga => ("AGA", Area, 7.5, 0.5, H::NMinusOne, false, Superko::Situational),
            // Ing: compensation of one point per handicap stone; suicide of several stones allowed.
            Preset::Ing => ("Ing", Area, 8.0, 0.5, H::N, true, Superko::Situational),
            Preset::NewZealand => ("New Zealand", Area, 7.0, 0.0, H::None, true, Superko::Situational),
            Preset::TrompTaylor => ("Tromp-Taylor", Area, 7.5, 0.5, H::None, true, Superko::Positional),
        };
        Rules {
            name: name.to_string(),
            counting,
            komi,
            handicap_komi,
            handicap_compensation: comp,
            suicide_allowed: suicide,
            superko,
        }
    }

    /// The preset an SGF RU value names, if any ("Chinese", "Japanese", "AGA", ...).
    pub fn from_sgf_ru(ru: &str) -> Option<Preset> {
        let key: String = ru
            .to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        match key.as_str() {
            "chinese" | "cn" | "chinese2002" => Some(Preset::Chinese2002),
            "chineseold" => Some(Preset::ChineseOld),
            "japanese" | "jp" | "ja" => Some(Preset::Japanese),
            "korean" | "ko" => Some(Preset::Korean),
            "aga" => Some(Preset::Aga),
            "ing" | "goe" => Some(Preset::Ing),
            "nz" | "newzealand" => Some(Preset::NewZealand),
            "trompt" | "tromptaylor" => Some(Preset::TrompTaylor),
            _ => None,
        }
    }

    /// The RU value written to SGF.
    pub fn sgf_ru(self) -> &'static str {
        match self {
            Preset::Chinese2002 | Preset::ChineseOld => "Chinese",
            Preset::Japanese => "Japanese",
            Preset::Korean => "Korean",
            Preset::Aga => "AGA",
            Preset::Ing => "GOE",
            Preset::NewZealand => "NZ",
            Preset::TrompTaylor => "Tromp-Taylor",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A rules name that is not a preset.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rules `{0}` (known: chinese, chinese-old, japanese, korean, aga, ing, nz, tromp-taylor)")]
pub struct UnknownRules(pub String);

impl FromStr for Preset {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Preset, UnknownRules> {
        Preset::ALL
            .into_iter()
            .find(|p| p.id().eq_ignore_ascii_case(s))
            .or_else(|| Preset::from_sgf_ru(s))
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Preset::Chinese2002.rules()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_komi_is_three_and_three_quarter_stones() {
        assert_eq!(Preset::Chinese2002.rules().komi, 2.0 * 3.75);
        assert_eq!(Preset::ChineseOld.rules().komi, 2.0 * 2.75);
    }

    #[test]
    fn handicap_compensation_per_rules() {
        assert_eq!(Preset::Chinese2002.rules().handicap_compensation.points(4), 4.0);
        assert_eq!(Preset::Aga.rules().handicap_compensation.points(4), 3.0);
        assert_eq!(Preset::Japanese.rules().handicap_compensation.points(4), 0.0);
        assert_eq!(Preset::Chinese2002.rules().handicap_compensation.points(1), 0.0);
    }

    #[test]
    fn presets_parse_from_their_ids_and_sgf_names() {
        for p in Preset::ALL {
            assert_eq!(p.id().parse::<Preset>(), Ok(p));
        }
        assert_eq!("Japanese".parse::<Preset>(), Ok(Preset::Japanese));
        assert!("klingon".parse::<Preset>().is_err());
    }
}

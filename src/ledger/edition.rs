//! The rule editions a ledger follows (the 2002 text and the older national text) with what
//! a warning means in each.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::lang::Lang;
use crate::rules::Preset;
use crate::scoring::Quarters;

/// A rule edition, chosen per event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// The Chinese Weiqi Rules, 2002 edition (seeds 000, 001).
    Chinese2002,
    /// The older national competition rules (seed 003, komi 2 3/4).
    ChineseOld,
}

impl Edition {
    pub const ALL: [Edition; 2] = [Edition::Chinese2002, Edition::ChineseOld];

    /// The name on the command line: "2002" or "old".
    pub fn id(self) -> &'static str {
        match self {
            Edition::Chinese2002 => "2002",
            Edition::ChineseOld => "old",
        }
    }

    pub fn title(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Edition::Chinese2002, Lang::En) => "Chinese Weiqi Rules (2002)",
            (Edition::Chinese2002, Lang::Zh) => "中国围棋竞赛规则（2002年版）",
            (Edition::ChineseOld, Lang::En) => "Chinese Weiqi Rules (older text)",
            (Edition::ChineseOld, Lang::Zh) => "围棋比赛规则（旧版）",
        }
    }

    /// The edition of a rules preset, if it has a penalty catalogue.
    pub fn of_preset(preset: Preset) -> Option<Edition> {
        match preset {
            Preset::Chinese2002 => Some(Edition::Chinese2002),
            Preset::ChineseOld => Some(Edition::ChineseOld),
            _ => None,
        }
    }

    /// The rules an event of this edition proposes (the organiser may choose others).
    pub fn default_rules(self) -> Preset {
        match self {
            Edition::Chinese2002 => Preset::Chinese2002,
            Edition::ChineseOld => Preset::ChineseOld,
        }
    }

    /// The komi an event of this edition proposes, in quarter stones: 3 3/4 stones under the
    /// 2002 text (Art. 11: "黑棋贴还3又3/4子"), 2 3/4 under the older text (old Art. 11: "黑方需贴出
    /// 二又四分之三子").
    pub fn default_komi(self) -> Quarters {
        match self {
            Edition::Chinese2002 => Quarters(15),
            Edition::ChineseOld => Quarters(11),
        }
    }

    /// Whether the arbiter may hold the byo-yomi count while the side to move removes captured
    /// stones: only under the older text (old Art. 18.4: "但在读秒时，提子不计时间"); the 2002 text
    /// counts captures as part of the move (Art. 22.6: "读秒过程中出现提子，仍视全部提清为着手结束，
    /// 应照常读秒").
    pub fn holds_byo_yomi_for_captures(self) -> bool {
        self == Edition::ChineseOld
    }

    /// Whether each warning costs the warned player one stone at the count: yes under the
    /// 2002 text (Art. 24.1); the older text has no such rule (old Art. 25.2 only records
    /// warnings and counts them towards the loss).
    pub fn warning_costs_a_stone(self) -> bool {
        self == Edition::Chinese2002
    }

    /// Warnings in one game that lose it: two in both texts (Art. 24.2, old Art. 25.2).
    pub fn warnings_that_lose(self) -> u32 {
        2
    }

    /// Whether a player's claim must be made in the claimant's own time, urgent matters
    /// excepted: the old text only (old Art. 16.2: "除较紧迫的事件外，对局者应在自己走棋的时间内提出");
    /// the 2002 text asks only that it be made at once, during the game (Art. 16.3).
    pub fn claims_in_own_time(self) -> bool {
        self == Edition::ChineseOld
    }

    /// The article that loses the game on the second warning.
    pub fn warning_article(self) -> &'static str {
        match self {
            Edition::Chinese2002 => "24.2",
            Edition::ChineseOld => "old 25.2",
        }
    }

    /// Whether a timeout in the last byo-yomi minute may be ruled a forfeited move instead of a
    /// loss, on the player's request. The 2002 text, Art. 22.5: "读秒至最后1分钟超时而未着子，
    /// 原则上应按判负裁决，但经读秒方申请，也可视为放弃着手权使用虚着，改判弃权一次……
    /// 继续实施原先读秒方式" (yes); the older text, old Art. 23.5: "对局者用时(包括读秒)超过时限，
    /// 一律判负" (no: always a loss). The catalogue's `ByoYomiTimeout` row says the same.
    pub fn forfeited_move_on_timeout(self) -> bool {
        self == Edition::Chinese2002
    }

    /// What a warning means, for the foot of the catalogue.
    pub fn warning_rule(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Edition::Chinese2002, Lang::En) => {
                "Each warning costs the warned player one stone at the count (Art. 24.1); \
                 a second warning in the same game loses it (Art. 24.2)."
            }
            (Edition::Chinese2002, Lang::Zh) => {
                "被判警告一次，该局计算胜负时被警告方罚出一子（第24条第1款）；一局中被判两次警告，判该局为负（第24条第2款）。"
            }
            (Edition::ChineseOld, Lang::En) => {
                "Warnings are recorded; a second warning in the same game loses it (old Art. 25.2). \
                 A warning costs no stone at the count. An admonition is not a warning."
            }
            (Edition::ChineseOld, Lang::Zh) => {
                "警告应记录在案，在一局棋里满二次者，判该局为负（旧第25条第2款）。警告不罚子；劝告不计为警告。"
            }
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A name that is not an edition.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown rule edition `{0}` (known: 2002, old)")]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;
    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        match s.trim().to_ascii_lowercase().as_str() {
            "2002" | "chinese" | "chinese2002" | "chinese-2002" => Ok(Edition::Chinese2002),
            "old" | "chinese-old" | "chineseold" => Ok(Edition::ChineseOld),
            _ => Err(UnknownEdition(s.to_string())),
        }
    }
}

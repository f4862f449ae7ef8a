//! Whole-board cycles at the table (Art. 20): the rulings each edition gives the arbiter for a
//! triple ko, a quadruple ko, eternal life and the like, the result each ruling records, and the
//! ruling written into the game record (a comment and the private property `XC`) so that it is
//! read back when the record is opened again. A cycle is not the ko offence of Art. 18.3.
//!
//! The 2002 text (seeds 000, 001, in simplified characters), Art. 20: "全局同形再现是妨碍终局的
//! 唯一技术性原因，原则上必须禁止。……3、原则上禁止三劫循环、四劫循环、长生、双提两子等全局同形再现的
//! 罕见特例。根据不同比赛，也可制定相应的补充规定，如无胜负、和棋、加赛等。" The older text (seed 003), Art. 20.3: "对双方互不相让的
//! 三劫、四劫循环，长生、双提二子等罕见特例，可判和棋或者重下。"

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{Cycle, CycleKind, Game};
use crate::lang::Lang;
use crate::scoring::{GameResult, Reason};

use super::Edition;

/// The SGF property that keeps the ruling on the node where it was made.
pub const PROPERTY: &str = "XC";

/// What the arbiter rules on a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CycleRuling {
    /// 无胜负 (2002).
    NoResult,
    /// 和棋 (both texts).
    Draw,
    /// 加赛: a playoff decides (2002).
    Playoff,
    /// 重下: the game is played again (older text).
    Replay,
}

/// A ruling the edition does not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the {edition:?} text gives no {ruling:?} ruling for a cycle (Art. 20.3)")]
pub struct NotThisEdition {
    pub edition: Edition,
    pub ruling: CycleRuling,
}

impl CycleRuling {
    pub const ALL: [CycleRuling; 4] = [
        CycleRuling::NoResult,
        CycleRuling::Draw,
        CycleRuling::Playoff,
        CycleRuling::Replay,
    ];

    /// The result the ruling records.
    pub fn result(self) -> GameResult {
        GameResult::ended(match self {
            CycleRuling::NoResult => Reason::NoResult,
            CycleRuling::Draw => Reason::Draw,
            CycleRuling::Playoff => Reason::Playoff,
            CycleRuling::Replay => Reason::Replay,
        })
    }

    /// The word of the texts: "无胜负", "和棋", "加赛", "重下"; in English "no result", "draw",
    /// "playoff", "replay".
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (CycleRuling::NoResult, Lang::En) => "no result",
            (CycleRuling::Draw, Lang::En) => "draw",
            (CycleRuling::Playoff, Lang::En) => "playoff",
            (CycleRuling::Replay, Lang::En) => "replay",
            (CycleRuling::NoResult, Lang::Zh) => "无胜负",
            (CycleRuling::Draw, Lang::Zh) => "和棋",
            (CycleRuling::Playoff, Lang::Zh) => "加赛",
            (CycleRuling::Replay, Lang::Zh) => "重下",
        }
    }

    /// The value of the record's property: "no-result", "draw", "playoff", "replay".
    pub fn id(self) -> &'static str {
        match self {
            CycleRuling::NoResult => "no-result",
            CycleRuling::Draw => "draw",
            CycleRuling::Playoff => "playoff",
            CycleRuling::Replay => "replay",
        }
    }

    pub fn from_id(id: &str) -> Option<CycleRuling> {
        CycleRuling::ALL.into_iter().find(|r| r.id() == id.trim())
    }
}

impl Edition {
    /// The rulings of the edition for a cycle the players will not leave: no result, draw or
    /// playoff under the 2002 text ("如无胜负、和棋、加赛等"); draw or replay under the older text
    /// ("可判和棋或者重下").
    pub fn cycle_rulings(self) -> &'static [CycleRuling] {
        match self {
            Edition::Chinese2002 => &[CycleRuling::NoResult, CycleRuling::Draw, CycleRuling::Playoff],
            Edition::ChineseOld => &[CycleRuling::Draw, CycleRuling::Replay],
        }
    }

    /// "20.3" or "old 20.3".
    pub fn cycle_article(self) -> &'static str {
        match self {
            Edition::Chinese2002 => "20.3",
            Edition::ChineseOld => "old 20.3",
        }
    }

    /// Whether the move that repeats the position is refused: under the 2002 text a cycle is
    /// "原则上禁止" (forbidden in principle) and the move is refused, the players may play
    /// elsewhere or the arbiter rules; the older text forbids only the immediate ko retake
    /// (old Art. 20.1) and rules on the cycle once played, so the move is played and named.
    pub fn refuses_cycles(self) -> bool {
        self == Edition::Chinese2002
    }

    /// Checks that the edition gives `ruling` and returns the result it records.
    pub fn rule_cycle(self, ruling: CycleRuling) -> Result<GameResult, NotThisEdition> {
        match self.cycle_rulings().contains(&ruling) {
            true => Ok(ruling.result()),
            false => Err(NotThisEdition { edition: self, ruling }),
        }
    }
}

/// The cycle's name in the texts' words: "三劫循环", "四劫循环", "长生"; in English "triple
/// ko", ... A cycle with multi-stone captures is named eternal life (长生), the texts' other
/// multi-stone case "双提二子" included.
pub fn kind_text(kind: CycleKind, lang: Lang) -> &'static str {
    match lang {
        Lang::En => kind.name(),
        Lang::Zh => match kind {
            CycleKind::Ko => "单劫立即回提",
            CycleKind::TripleKo => "三劫循环",
            CycleKind::QuadrupleKo => "四劫循环",
            CycleKind::EternalLife => "长生",
            CycleKind::Other => "全局同形再现",
        },
    }
}

/// The ruling written into the record at the cursor: the comment (the record's comments are in
/// English) and the property [`PROPERTY`] with the ruling's id, so that opening the record again
/// finds it (`ruled`). Refused when the edition does not give the ruling.
pub fn record_ruling(
    game: &mut Game,
    edition: Edition,
    cycle: &Cycle,
    ruling: CycleRuling,
) -> Result<GameResult, NotThisEdition> {
    let result = edition.rule_cycle(ruling)?;
    let text = format!(
        "{} ({}): the position after move {} stood again after move {}. Ruled: {}.",
        capitalised(cycle.kind.name()),
        super::article_label(edition.cycle_article(), Lang::En),
        cycle.from_move,
        cycle.repeated_until,
        ruling.text(Lang::En)
    );
    game.add_comment(&text);
    game.set_cursor_property(PROPERTY, Some(ruling.id()));
    Ok(result)
}

/// The cycle ruling recorded on the node at the cursor (where play stopped for it), if any.
pub fn ruled(game: &Game) -> Option<CycleRuling> {
    CycleRuling::from_id(game.cursor_property(PROPERTY)?)
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Play resumes after a cycle ruling was made (the arbiter left the counting screen): the
/// ruling's property comes off the node at the cursor and its comment says the ruling was
/// withdrawn. Nothing changes when the cursor's node holds no ruling.
pub fn withdraw(game: &mut Game) {
    if game.cursor_property(PROPERTY).is_none() {
        return;
    }
    game.add_comment("Cycle ruling withdrawn: play resumed.");
    game.set_cursor_property(PROPERTY, None);
}

//! An offence as the catalogue holds it: its identity, article, names, sanction rule, claim
//! window and, for illegal moves, the flag the game record must show.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Illegal;
use crate::lang::Lang;

use super::SanctionRule;

/// Which offence: the ones the rule texts name, or one the tournament added.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum OffenceId {
    WrongColours,
    TwoMovesInARow,
    Takeback,
    ClockBeforeStone,
    StonesMoved,
    BoardScattered,
    CapturedLiveStones,
    CapturesNotRemoved,
    KoWithoutThreat,
    ForbiddenPoint,
    SealedPointOccupied,
    Lateness,
    ByoYomiTimeout,
    ClockBeforeCapturesCleared,
    Cheating,
    Withdrawing,
    DisturbingOpponent,
    DiscussingOrConsulting,
    UnauthorisedConversation,
    PhoneSounds,
    LookingAtPhone,
    Smoking,
    /// Missing the opening or closing ceremony or another official event without reason
    /// (Art. 23.6): not an offence at the board, recorded at one of the player's tables.
    MissedCeremony,
    /// A phone used in the hall by someone not playing: a player whose game is over, or not in
    /// the event (Art. 23.7); the person is named in the report, not a side of the game.
    BystanderPhone,
    /// Added by the tournament, under this short name.
    Local(String),
}

/// Until when a claim about the offence is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClaimWindow {
    /// Only before the claimant (the offender's opponent) makes its next move (Art. 17.3).
    BeforeClaimantsNextMove,
    /// At once, while the game is still being played (Art. 16.3; old Art. 16.2).
    DuringGame,
    /// Up to and including this move number, whoever raises it (Art. 17.1: move 10).
    UpToMove(usize),
    /// At any time, even after the result (cheating: later annulment, Art. 23.1).
    Anytime,
}

impl fmt::Display for IllegalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text(Lang::En))
    }
}

/// An offence of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offence {
    pub id: OffenceId,
    /// "17.2", "old 17.1", "local".
    pub article: String,
    pub name_en: String,
    pub name_zh: String,
    pub sanction: SanctionRule,
    pub window: ClaimWindow,
    /// Conditions of the sanction the table should show ("valid only if claimed before the
    /// opponent's next move").
    pub note_en: String,
    pub note_zh: String,
    /// For an illegal move: the flag (`Illegal` kind) the game record must show at the
    /// incident's move, played by the offender (`Game::record_move`).
    pub evidence: Option<IllegalKind>,
}

/// The kinds of illegal move the game record flags, without their details.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IllegalKind {
    Suicide,
    Ko,
    OutOfTurn,
}

impl IllegalKind {
    #[cfg(test)]
    pub(crate) const ALL: [IllegalKind; 3] = [IllegalKind::Suicide, IllegalKind::Ko, IllegalKind::OutOfTurn];

    /// The kind of move the record must show: "suicide", "ko", "out-of-turn" ("... move"), or
    /// in Chinese the whole noun ("下在禁着点的着手").
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (IllegalKind::Suicide, Lang::En) => "suicide",
            (IllegalKind::Ko, Lang::En) => "ko",
            (IllegalKind::OutOfTurn, Lang::En) => "out-of-turn",
            (IllegalKind::Suicide, Lang::Zh) => "下在禁着点的着手",
            (IllegalKind::Ko, Lang::Zh) => "违反打劫规则的着手",
            (IllegalKind::OutOfTurn, Lang::Zh) => "连下两手的着手",
        }
    }

    /// Whether `illegal` is the evidence of this kind. A whole-board repetition (superko) is not
    /// the ko offence of Art. 18.3 ("劫争须找劫材时未找而提劫"): a triple ko or another long cycle
    /// is ruled under Art. 20.3 (`ledger::cycle`), so no offence's evidence is a superko.
    pub fn matches(self, illegal: Illegal) -> bool {
        matches!(
            (self, illegal),
            (IllegalKind::Suicide, Illegal::Suicide)
                | (IllegalKind::Ko, Illegal::Ko { .. })
                | (IllegalKind::OutOfTurn, Illegal::OutOfTurn { .. })
        )
    }
}

impl Offence {
    /// An offence the tournament adds (a local smoking rule, say), claimable during the game.
    pub fn local(short_name: &str, name_en: &str, name_zh: &str, sanction: SanctionRule) -> Offence {
        Offence {
            id: OffenceId::Local(short_name.to_string()),
            article: "local".to_string(),
            name_en: name_en.to_string(),
            name_zh: name_zh.to_string(),
            sanction,
            window: ClaimWindow::DuringGame,
            note_en: String::new(),
            note_zh: String::new(),
            evidence: None,
        }
    }

    pub fn name(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.name_en,
            Lang::Zh => &self.name_zh,
        }
    }

    pub fn note(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.note_en,
            Lang::Zh => &self.note_zh,
        }
    }

    /// "Art. 17.2", "old Art. 17.1", "local rule".
    pub fn article_label(&self, lang: Lang) -> String {
        article_label(&self.article, lang)
    }
}

/// An article number as printed: "Art. 17.2" / "第17.2条", "old Art. 23.4" / "旧第23.4条".
pub fn article_label(article: &str, lang: Lang) -> String {
    if article == "local" {
        return match lang {
            Lang::En => "local rule".to_string(),
            Lang::Zh => "本赛规定".to_string(),
        };
    }
    match (article.strip_prefix("old "), lang) {
        (Some(a), Lang::En) => format!("old Art. {a}"),
        (Some(a), Lang::Zh) => format!("旧第{a}条"),
        (None, Lang::En) => format!("Art. {article}"),
        (None, Lang::Zh) => format!("第{article}条"),
    }
}

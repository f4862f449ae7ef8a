//! The catalogue of offences per rule edition, as data: the 2002 text (Arts. 17-19, 22-23,
//! RULES.md section 5) and the older text (seed 003, old Arts. 17-24), plus the offences a
//! tournament adds with a sanction of its own.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::lang::Lang;

use super::{ClaimWindow, Edition, IllegalKind, Measure, Offence, OffenceId, Sanction, SanctionRule};

/// The offences an event's ledger knows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalogue {
    pub edition: Edition,
    pub offences: Vec<Offence>,
}

/// A change the catalogue refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CatalogueError {
    #[error("the catalogue already has an offence {0:?}")]
    Duplicate(OffenceId),
    #[error("a tournament's own offence needs an OffenceId::Local id, not {0:?}")]
    NotLocal(OffenceId),
}

/// The default lateness limit: 15 minutes, venue and lodging together (Art. 22.2).
pub const LATENESS_LIMIT: Duration = Duration::from_secs(15 * 60);

impl Catalogue {
    /// The catalogue of `edition` as the rule text gives it.
    pub fn standard(edition: Edition) -> Catalogue {
        let offences = match edition {
            Edition::Chinese2002 => rules_2002(),
            Edition::ChineseOld => rules_old(),
        };
        Catalogue { edition, offences }
    }

    pub fn get(&self, id: &OffenceId) -> Option<&Offence> {
        self.offences.iter().find(|o| &o.id == id)
    }

    /// Adds the tournament's own offence (a local smoking rule, say) with its sanction.
    pub fn add_local(&mut self, offence: Offence) -> Result<(), CatalogueError> {
        if !matches!(offence.id, OffenceId::Local(_)) {
            return Err(CatalogueError::NotLocal(offence.id));
        }
        if self.get(&offence.id).is_some() {
            return Err(CatalogueError::Duplicate(offence.id));
        }
        self.offences.push(offence);
        Ok(())
    }

    /// The lateness rule of this catalogue's edition, for the clock that applies it: how many
    /// times the late time is deducted (2 under the 2002 text, 1 under the old text) and the
    /// limit beyond which the late player loses. `None` if the catalogue has no lateness rule.
    pub fn lateness(&self) -> Option<(u32, Duration)> {
        match self.get(&OffenceId::Lateness)?.sanction {
            SanctionRule::ByLateness { factor, limit } => Some((factor, limit)),
            _ => None,
        }
    }

    /// Sets the lateness limit: 1 hour when venue and lodging are apart (Art. 22.1), 15
    /// minutes when together (22.2); under the old text the venue's own limit (old 23.1).
    pub fn set_lateness_limit(&mut self, new_limit: Duration) {
        for offence in &mut self.offences {
            if let SanctionRule::ByLateness { limit, .. } = &mut offence.sanction {
                *limit = new_limit;
            }
        }
    }
}

impl OffenceId {
    /// The offence's name where no event catalogue is at hand (an error about it): as the rule
    /// texts name it ("连下两着"), from whichever edition has it; a tournament's own offence by
    /// its short name.
    pub fn name(&self, lang: Lang) -> String {
        let standard = Edition::ALL
            .into_iter()
            .find_map(|edition| Catalogue::standard(edition).get(self).map(|o| o.name(lang).to_string()));
        match (standard, self) {
            (Some(name), _) => name,
            (None, OffenceId::Local(short_name)) => short_name.clone(),
            // Every other id is in a standard catalogue (checked by a test).
            (None, other) => format!("{other:?}"),
        }
    }
}

fn s(measures: &[Measure]) -> Sanction {
    Sanction::of(measures)
}

struct Row(Offence);

fn row(id: OffenceId, article: &str, en: &str, zh: &str, sanction: SanctionRule) -> Row {
    Row(Offence {
        id,
        article: article.to_string(),
        name_en: en.to_string(),
        name_zh: zh.to_string(),
        sanction,
        window: ClaimWindow::DuringGame,
        note_en: String::new(),
        note_zh: String::new(),
        evidence: None,
    })
}

impl Row {
    fn note(mut self, en: &str, zh: &str) -> Row {
        self.0.note_en = en.to_string();
        self.0.note_zh = zh.to_string();
        self
    }
    fn window(mut self, window: ClaimWindow) -> Row {
        self.0.window = window;
        self
    }
    fn evidence(mut self, kind: IllegalKind) -> Row {
        self.0.evidence = Some(kind);
        self
    }
}

use Measure::*;
use OffenceId as O;
use SanctionRule::{ArbiterChooses, ByLateness, DefaultOr, Escalating, Fixed};

fn warning_or_loss() -> SanctionRule {
    ArbiterChooses(vec![Sanction::warning(), Sanction::loss()])
}

/// RULES.md section 5, checked against the 2002 text (seed 000, Arts. 17-19, 22-23).
fn rules_2002() -> Vec<Offence> {
    let rows = vec![
        row(O::WrongColours, "17.1", "Wrong colours taken", "拿错黑白棋", Fixed(s(&[ColoursCorrected])))
            .window(ClaimWindow::UpToMove(10))
            .note("correctable up to and including move 10, never after", "第10手之前（含）允许改正，超过10手一律不予改正"),
        row(O::TwoMovesInARow, "17.2", "Two moves in a row", "连下两着", Fixed(s(&[MoveVoid, Warning])))
            .evidence(IllegalKind::OutOfTurn)
            .note("the second move is void", "判第二着无效"),
        row(O::Takeback, "17.3", "Takeback: stone lifted and played elsewhere", "悔棋", Fixed(s(&[StonesReturned, Warning])))
            .window(ClaimWindow::BeforeClaimantsNextMove)
            .note(
                "valid only if the opponent claims before its next move; a dropped stone may be replayed with the opponent's consent",
                "由对方于下一手着手之前提出方为有效；棋子不慎掉落，经对手同意可拣起后任选着点",
            ),
        row(O::ClockBeforeStone, "17.4", "Pressing the clock before or while placing the stone", "着子之前或与着子同时按钟", Fixed(s(&[Warning, ClockUnchanged]))),
        row(
            O::StonesMoved,
            "17.5",
            "Stones found moved",
            "发现棋子已有移动",
            DefaultOr {
                default: s(&[StonesRestored]),
                alternatives: vec![s(&[MovedToReasonablePoint]), s(&[MovedStoneStands]), s(&[Draw]), s(&[Replay]), s(&[BothLose]), s(&[Loss])],
            },
        )
        .note("the chief arbiter decides if the players disagree; moved deliberately: the mover loses", "双方意见不一致由裁判长裁决；故意移子判移子者负"),
        row(
            O::BoardScattered,
            "17.6",
            "Board scattered",
            "棋局散乱",
            DefaultOr { default: s(&[BoardRebuilt]), alternatives: vec![s(&[Draw]), s(&[Replay]), s(&[BothLose]), s(&[Loss])] },
        )
        .note("the player who scattered it loses if it cannot be rebuilt", "无意散乱而不能复盘的，判散乱棋局一方负"),
        row(O::CapturedLiveStones, "18.1", "Capturing stones that still have liberties", "误提对方有气之子", Fixed(s(&[Warning, StonesReturned]))),
        row(O::CapturesNotRemoved, "18.2", "Not removing captured stones", "未提或漏提对方无气之子", Fixed(s(&[Warning, StonesRemoved]))),
        row(O::KoWithoutThreat, "18.3", "Retaking a ko without a threat", "未找劫材而提劫", Fixed(s(&[MoveVoid, ForfeitedMove, Warning])))
            .evidence(IllegalKind::Ko),
        row(O::ForbiddenPoint, "19", "Playing on a forbidden point", "下在禁着点", Fixed(s(&[MoveVoid, ForfeitedMove])))
            .evidence(IllegalKind::Suicide),
        row(O::Lateness, "22.1-22.4", "Lateness at the start", "开赛迟到", ByLateness { factor: 2, limit: LATENESS_LIMIT })
            .note(
                "limit 1 hour when venue and lodging are apart, 15 minutes when together; both late: each handled separately",
                "赛场与住地分离的迟到不得超过1小时，同在一处的不得超过15分钟；双方迟到分别处理",
            ),
        row(O::ByoYomiTimeout, "22.5", "Timeout in the last byo-yomi minute", "读秒最后1分钟超时", DefaultOr { default: Sanction::loss(), alternatives: vec![s(&[ForfeitedMove])] })
            .note("on the player's request: one forfeited move, play on with the same byo-yomi", "经读秒方申请可改判弃权一次，继续原读秒方式"),
        row(O::ClockBeforeCapturesCleared, "22.6", "Pressing the clock before captured stones are cleared", "提子未提清即按钟", Fixed(s(&[Warning, ClockUnchanged]))),
        row(O::Cheating, "23.1", "Cheating, prearranged games", "下假棋、搞君子协定等作弊", ArbiterChooses(vec![Sanction::loss(), s(&[BothLose])]))
            .window(ClaimWindow::Anytime)
            .note("results may be annulled later; serious cases: later bans", "可事后取消成绩；情节严重的可停赛"),
        row(O::Withdrawing, "23.2", "Withdrawing from the event without reason", "无正当理由退出比赛", Fixed(s(&[Loss, LaterBan])))
            .window(ClaimWindow::Anytime)
            .note("loss of the games concerned", "有关棋局判负"),
        row(O::DisturbingOpponent, "23.3", "Seriously disturbing the opponent", "严重妨碍对方思考、扰乱赛场秩序", warning_or_loss()),
        row(O::DiscussingOrConsulting, "23.4", "Discussing the game, consulting material", "与他人议论该局或查阅有关资料", warning_or_loss()),
        row(O::UnauthorisedConversation, "23.5", "Unauthorised conversation (over 2 minutes, unsupervised)", "违反交谈规定", warning_or_loss()),
        row(O::PhoneSounds, "23.7", "Mobile phone sounds", "手机、呼机发出响声", Escalating(vec![Sanction::warning(), Sanction::loss()])),
        row(O::LookingAtPhone, "23.7", "Looking at a phone screen", "注视手机、呼机屏面", Fixed(Sanction::loss())),
        row(O::Smoking, "23.8", "Smoking against the rules", "违反禁烟规定吸烟", Escalating(vec![Sanction::warning(), Sanction::loss()])),
        // Art. 23.6: "无正当理由不参加竞赛规程规定的开、闭幕式和其他礼仪性、公益性、宣传性活动的棋手，
        // 除通报批评之外，根据情节和社会影响的严重程度，允许作出降一个名次发放奖金及停赛处罚。"
        row(
            O::MissedCeremony,
            "23.6",
            "Missing the opening or closing ceremony or another official event without reason",
            "无正当理由不参加开、闭幕式和其他礼仪性、公益性、宣传性活动",
            DefaultOr {
                default: s(&[PublicCriticism]),
                alternatives: vec![
                    s(&[PublicCriticism, PrizeOnePlaceLower]),
                    s(&[PublicCriticism, LaterBan]),
                    s(&[PublicCriticism, PrizeOnePlaceLower, LaterBan]),
                ],
            },
        )
        .window(ClaimWindow::Anytime)
        .note(
            "no stone and no warning; by the seriousness and the public effect the prize money of one place lower may be paid, and later bans given",
            "不罚子，不计警告；根据情节和社会影响的严重程度，允许降一个名次发放奖金及停赛处罚",
        ),
        // Art. 23.7: "已赛完的棋手及不参赛的棋手在赛场中使用手机、呼机的，由大会通报批评。"
        row(
            O::BystanderPhone,
            "23.7",
            "A phone used in the hall by someone not playing (a finished player, a non-participant)",
            "已赛完的棋手及不参赛的棋手在赛场中使用手机、呼机",
            Fixed(s(&[PublicCriticism])),
        )
        .window(ClaimWindow::Anytime)
        .note(
            "the person is named; it costs neither side of the game anything",
            "记录其姓名；对局双方均不受影响",
        ),
    ];
    rows.into_iter().map(|r| r.0).collect()
}

/// The older text (seed 003): old Arts. 17-24. No rule on wrong colours, pressing the clock
/// early, uncaptured stones, cheating, conversation, phones or smoking; two moves in a row
/// loses; a ko retaken at once costs no warning; lateness deducts the late time once.
fn rules_old() -> Vec<Offence> {
    let rows = vec![
        row(O::TwoMovesInARow, "old 17.1", "Two moves in a row", "连走二步", Fixed(Sanction::loss()))
            .evidence(IllegalKind::OutOfTurn)
            .note("the opponent had not passed", "另一方并未表示弃权"),
        row(O::Takeback, "old 17.2", "Takeback: stone lifted and played elsewhere", "下完后又拿起下在别处", Fixed(s(&[StonesReturned, Warning])))
            .note("a stone really dropped may be picked up and played anywhere", "如棋子确系掉落，允许其拣起后任选着点"),
        row(
            O::StonesMoved,
            "old 17.3",
            "Stones found moved",
            "发现棋子已有移动",
            DefaultOr { default: s(&[StonesRestored]), alternatives: vec![s(&[MovedStoneStands]), s(&[Draw]), s(&[Replay]), s(&[Loss])] },
        )
        .note("by the players' agreement, else the chief arbiter; moved deliberately: the mover loses", "双方一致意见，否则报裁判长；故意移子判移子者负"),
        row(
            O::BoardScattered,
            "old 17.4",
            "Board scattered",
            "棋局散乱",
            DefaultOr { default: s(&[BoardRebuilt]), alternatives: vec![s(&[Draw]), s(&[Replay]), s(&[Loss])] },
        )
        .note(
            "outside cause and no rebuild: draw or replay; by a player and no rebuild, or deliberate: that player loses",
            "外界原因不能复盘判和或重下；对局者散乱而不能复盘或故意散乱，判其负",
        ),
        row(O::CapturedLiveStones, "old 18", "Capturing stones that still have liberties", "误提对方有气之子", Fixed(s(&[Warning, StonesReturned]))),
        row(O::ForbiddenPoint, "old 19", "Playing on a forbidden point", "下在禁着点", Fixed(s(&[MoveVoid, ForfeitedMove])))
            .evidence(IllegalKind::Suicide),
        row(O::KoWithoutThreat, "old 20.1", "Retaking a ko at once", "劫争马上回提", Fixed(s(&[MoveVoid, ForfeitedMove])))
            .evidence(IllegalKind::Ko),
        row(O::SealedPointOccupied, "old 22", "Sealed move on an occupied point", "封棋之点已有棋子", Fixed(s(&[ForfeitedMove]))),
        row(O::Lateness, "old 23.1-23.3", "Lateness at the start", "迟到", ByLateness { factor: 1, limit: LATENESS_LIMIT })
            .note("the limit is the venue's; both late beyond it: both lose", "迟到时限由赛场规定；双方超过时限判双方负"),
        row(O::ClockBeforeCapturesCleared, "old 23.4", "Pressing the clock before captured stones are cleared", "提子未提清即按钟", ArbiterChooses(vec![s(&[Admonition]), Sanction::warning()])),
        row(O::ByoYomiTimeout, "old 23.5", "Time limit exceeded (byo-yomi included)", "用时超过时限（包括读秒）", Fixed(Sanction::loss())),
        row(O::Withdrawing, "old 24.1", "Leaving the game without reason", "无故中途退场", Fixed(s(&[Warning, ReportedToCommittee]))),
        row(O::DisturbingOpponent, "old 24.2", "Disturbing the opponent's thinking", "妨碍他人思考", ArbiterChooses(vec![s(&[Admonition]), Sanction::warning()])),
        row(O::DiscussingOrConsulting, "old 24.3", "Consulting material or discussing the position", "查阅资料或与他人交谈棋势", warning_or_loss()),
    ];
    rows.into_iter().map(|r| r.0).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offence_the_rules_name_is_named_from_a_standard_catalogue_in_both_languages() {
        let ids = [
            O::WrongColours,
            O::TwoMovesInARow,
            O::Takeback,
            O::ClockBeforeStone,
            O::StonesMoved,
            O::BoardScattered,
            O::CapturedLiveStones,
            O::CapturesNotRemoved,
            O::KoWithoutThreat,
            O::ForbiddenPoint,
            O::SealedPointOccupied,
            O::Lateness,
            O::ByoYomiTimeout,
            O::ClockBeforeCapturesCleared,
            O::Cheating,
            O::Withdrawing,
            O::DisturbingOpponent,
            O::DiscussingOrConsulting,
            O::UnauthorisedConversation,
            O::PhoneSounds,
            O::LookingAtPhone,
            O::Smoking,
            O::MissedCeremony,
            O::BystanderPhone,
        ];
        for id in ids {
            let zh = id.name(Lang::Zh);
            assert!(
                !zh.is_empty() && !zh.chars().any(|c| c.is_ascii_alphabetic()),
                "{id:?}: {zh}"
            );
            assert_ne!(id.name(Lang::En), format!("{id:?}"));
        }
        assert_eq!(O::DisturbingOpponent.name(Lang::Zh), "严重妨碍对方思考、扰乱赛场秩序");
        assert_eq!(O::Local("noise".to_string()).name(Lang::Zh), "noise");
    }
}

//! Sanctions as data: the measures a ruling applies (warning, void move, forfeited move, loss,
//! ...) and the rule that picks a sanction for an offence (fixed, escalating, the arbiter's
//! choice, by lateness), in English and Chinese.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// One thing a ruling does. A [`Sanction`] is a list of them, all applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Measure {
    /// 劝告: a spoken admonition, recorded but not a warning (old text, old Arts. 23.4, 24.2).
    Admonition,
    /// 警告: counts towards the loss on the second warning; under the 2002 text it also costs
    /// a stone at the count (Art. 24).
    Warning,
    /// 着手无效: the offending move is taken off the board.
    MoveVoid,
    /// 弃权一次: the offender loses one turn (recorded as a pass).
    ForfeitedMove,
    /// 棋子放回原处: stones put back where they were (a takeback, stones wrongly captured).
    StonesReturned,
    /// 提取无气之子: captured stones left on the board are taken off.
    StonesRemoved,
    /// 不改变计时器读数: the premature clock press does not count.
    ClockUnchanged,
    /// The late time, multiplied by `factor`, is taken from the late player's time limit.
    LatenessDeduction { factor: u32 },
    /// 判负: the offender loses the game.
    Loss,
    /// 判双方负.
    BothLose,
    /// 和棋.
    Draw,
    /// 重赛: the game is played again.
    Replay,
    /// 挪回原处: moved stones go back; the game continues.
    StonesRestored,
    /// 挪至合理点: the chief arbiter puts a moved stone on a reasonable point.
    MovedToReasonablePoint,
    /// 移子有效: the moved stone stays where it is.
    MovedStoneStands,
    /// 复盘续赛: the scattered position is rebuilt and play continues.
    BoardRebuilt,
    /// 允许改正: the players change to the colours the draw gave them.
    ColoursCorrected,
    /// 申报大会组委会: reported to the organising committee (old Art. 24.1).
    ReportedToCommittee,
    /// 停赛: the player may be banned from later events.
    LaterBan,
    /// 取消成绩: results already recorded may be annulled later (Art. 23.1).
    ResultsAnnulled,
    /// 通报批评: criticised by name before the event (Arts. 23.6, 23.7); costs no stone and is
    /// not a warning.
    PublicCriticism,
    /// 降一个名次发放奖金: the prize money of one place lower is paid (Art. 23.6).
    PrizeOnePlaceLower,
}

impl Measure {
    pub fn text(self, lang: Lang) -> String {
        let (en, zh) = match self {
            Measure::Admonition => ("admonition", "劝告"),
            Measure::Warning => ("warning", "警告一次"),
            Measure::MoveVoid => ("move void", "着手无效"),
            Measure::ForfeitedMove => ("one forfeited move", "弃权一次"),
            Measure::StonesReturned => ("stones put back", "棋子放回原处"),
            Measure::StonesRemoved => ("captured stones removed", "提取无气之子"),
            Measure::ClockUnchanged => ("clock reading unchanged", "不改变计时器读数"),
            Measure::LatenessDeduction { factor: 1 } => ("late time deducted", "扣除迟到时间"),
            Measure::LatenessDeduction { factor: 2 } => ("twice the late time deducted", "加倍扣除迟到时间"),
            Measure::LatenessDeduction { factor } => {
                return match lang {
                    Lang::En => format!("{factor} times the late time deducted"),
                    Lang::Zh => format!("扣除{factor}倍迟到时间"),
                };
            }
            Measure::Loss => ("loss", "判负"),
            Measure::BothLose => ("both lose", "双方均负"),
            Measure::Draw => ("draw", "和棋"),
            Measure::Replay => ("replay", "重赛"),
            Measure::StonesRestored => ("moved stones put back", "移动之子挪回原处"),
            Measure::MovedToReasonablePoint => ("moved stone to a reasonable point", "移动之子挪至合理点"),
            Measure::MovedStoneStands => ("moved stone stands", "移动之子有效"),
            Measure::BoardRebuilt => ("position rebuilt, play on", "复盘续赛"),
            Measure::ColoursCorrected => ("colours corrected", "允许改正"),
            Measure::ReportedToCommittee => ("reported to the organising committee", "申报大会组委会"),
            Measure::LaterBan => ("later bans possible", "可停赛处罚"),
            Measure::ResultsAnnulled => ("later annulment possible", "可取消成绩"),
            Measure::PublicCriticism => ("public criticism", "通报批评"),
            Measure::PrizeOnePlaceLower => ("prize money of one place lower", "降一个名次发放奖金"),
        };
        match lang {
            Lang::En => en.to_string(),
            Lang::Zh => zh.to_string(),
        }
    }
}

/// What a ruling does: every measure in the list. An empty sanction is no sanction (an
/// incident dismissed by an override).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sanction(pub Vec<Measure>);

impl Sanction {
    pub fn of(measures: &[Measure]) -> Sanction {
        Sanction(measures.to_vec())
    }
    /// No sanction at all.
    pub fn none() -> Sanction {
        Sanction(Vec::new())
    }
    pub fn warning() -> Sanction {
        Sanction::of(&[Measure::Warning])
    }
    pub fn loss() -> Sanction {
        Sanction::of(&[Measure::Loss])
    }
    pub fn has(&self, measure: Measure) -> bool {
        self.0.contains(&measure)
    }
    pub fn is_none(&self) -> bool {
        self.0.is_empty()
    }
    /// "move void + warning", "着手无效，警告一次"; "no sanction" when empty.
    pub fn text(&self, lang: Lang) -> String {
        if self.0.is_empty() {
            return match lang {
                Lang::En => "no sanction".to_string(),
                Lang::Zh => "不处罚".to_string(),
            };
        }
        let parts: Vec<String> = self.0.iter().map(|m| m.text(lang)).collect();
        parts.join(match lang {
            Lang::En => " + ",
            Lang::Zh => "，",
        })
    }

    /// Sanctions to choose from: "warning or loss", "警告一次或判负".
    pub fn either(sanctions: &[Sanction], lang: Lang) -> String {
        let or = match lang {
            Lang::En => " or ",
            Lang::Zh => "或",
        };
        joined(sanctions, or, lang)
    }
}

/// Each sanction's text in `lang`, joined by `separator`.
fn joined(sanctions: &[Sanction], separator: &str, lang: Lang) -> String {
    sanctions
        .iter()
        .map(|s| s.text(lang))
        .collect::<Vec<_>>()
        .join(separator)
}

/// How an offence's sanction is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SanctionRule {
    /// The same sanction every time.
    Fixed(Sanction),
    /// The first offence in a game gets the first sanction, the second the next, and so on;
    /// the last one repeats (a phone sounding: warning, then loss).
    Escalating(Vec<Sanction>),
    /// The arbiter chooses one by the seriousness of the case ("warning or loss"); there is
    /// no default.
    ArbiterChooses(Vec<Sanction>),
    /// A default, which the arbiter (or the chief arbiter, on the conditions the offence's
    /// note gives) may replace by one of the alternatives.
    DefaultOr {
        default: Sanction,
        alternatives: Vec<Sanction>,
    },
    /// Lateness at the start: within `limit` the late time times `factor` is deducted;
    /// beyond it the late player loses.
    ByLateness { factor: u32, limit: Duration },
}

impl SanctionRule {
    /// The sanction that applies by itself to the `occurrence`-th offence (1 = first) of this
    /// kind by the same player in the game, `late_by` for lateness. `None` when the arbiter
    /// must choose (or the lateness is not given).
    pub fn default_for(&self, occurrence: usize, late_by: Option<Duration>) -> Option<Sanction> {
        match self {
            SanctionRule::Fixed(s) | SanctionRule::DefaultOr { default: s, .. } => Some(s.clone()),
            SanctionRule::Escalating(steps) => {
                let i = occurrence.clamp(1, steps.len().max(1)) - 1;
                steps.get(i).cloned()
            }
            SanctionRule::ArbiterChooses(_) => None,
            SanctionRule::ByLateness { factor, limit } => Some(match late_by? > *limit {
                true => Sanction::loss(),
                false => Sanction::of(&[Measure::LatenessDeduction { factor: *factor }]),
            }),
        }
    }

    /// Every sanction the rule may give (what the arbiter can choose without an override).
    pub fn options(&self) -> Vec<Sanction> {
        match self {
            SanctionRule::Fixed(s) => vec![s.clone()],
            SanctionRule::Escalating(steps) | SanctionRule::ArbiterChooses(steps) => steps.clone(),
            SanctionRule::DefaultOr { default, alternatives } => std::iter::once(default.clone())
                .chain(alternatives.iter().cloned())
                .collect(),
            SanctionRule::ByLateness { factor, .. } => {
                vec![
                    Sanction::of(&[Measure::LatenessDeduction { factor: *factor }]),
                    Sanction::loss(),
                ]
            }
        }
    }

    /// The rule as a table cell: "first: warning; then: loss", "warning or loss (arbiter
    /// chooses)", "twice the late time deducted; loss beyond 15 min".
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (SanctionRule::Fixed(s), _) => s.text(lang),
            (SanctionRule::Escalating(steps), Lang::En) => {
                let mut parts = Vec::new();
                for (i, s) in steps.iter().enumerate() {
                    let nth = ["first", "second", "third"].get(i).copied().unwrap_or("then");
                    parts.push(format!("{nth}: {}", s.text(lang)));
                }
                parts.join("; ")
            }
            (SanctionRule::Escalating(steps), Lang::Zh) => {
                let mut parts = Vec::new();
                for (i, s) in steps.iter().enumerate() {
                    let nth = ["初犯", "再犯", "三犯"].get(i).copied().unwrap_or("又犯");
                    parts.push(format!("{nth}{}", s.text(lang)));
                }
                parts.join("；")
            }
            (SanctionRule::ArbiterChooses(options), Lang::En) => {
                format!("{} (arbiter chooses)", Sanction::either(options, lang))
            }
            (SanctionRule::ArbiterChooses(options), Lang::Zh) => format!("根据情节{}", Sanction::either(options, lang)),
            (SanctionRule::DefaultOr { default, alternatives }, Lang::En) => {
                format!("{}; otherwise {}", default.text(lang), joined(alternatives, ", ", lang))
            }
            (SanctionRule::DefaultOr { default, alternatives }, Lang::Zh) => {
                format!("{}；否则{}", default.text(lang), joined(alternatives, "、", lang))
            }
            (SanctionRule::ByLateness { factor, limit }, Lang::En) => format!(
                "{}; loss beyond {} min",
                Measure::LatenessDeduction { factor: *factor }.text(lang),
                limit.as_secs() / 60
            ),
            (SanctionRule::ByLateness { factor, limit }, Lang::Zh) => format!(
                "{}；超过{}分钟判负",
                Measure::LatenessDeduction { factor: *factor }.text(lang),
                limit.as_secs() / 60
            ),
        }
    }
}

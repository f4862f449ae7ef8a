//! What an audit entry says, kept as data beside its recorded words, so that the window shows the
//! trail in its own language: a clock event, ledger entries, a result, a signature, an override.
//! The recorded `what` is this said in English; both are under the entry's hash.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::clock::{EventKind, WrittenDuration};
use crate::lang::Lang;
use crate::ledger::{Edition, Entry};
use crate::scoring::GameResult;

use super::model::Signer;

/// The entries that say more than their recorded English: each in either language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Said {
    /// An event appended to the clock at this instant of the table's timeline.
    Clock { at: Duration, kind: EventKind },
    /// Ledger entries appended (an incident, an override of its sanction, a refused claim, ...).
    Ledger { edition: Edition, entries: Vec<Entry> },
    /// The result set before confirmation.
    Result {
        old: Option<GameResult>,
        new: Option<GameResult>,
    },
    /// A signature under the result; `locked` when it was the last one needed.
    Confirm {
        signer: Signer,
        name: String,
        result: Option<GameResult>,
        locked: bool,
    },
    /// The chief arbiter's change of a confirmed result.
    Override {
        by: String,
        old: Option<GameResult>,
        new: Option<GameResult>,
        reason: String,
    },
}

/// A result in the trail: its SGF form in English ("B+0.5", "none"), in words in Chinese.
fn result(r: &Option<GameResult>, lang: Lang) -> String {
    match (r, lang) {
        (Some(r), Lang::En) => r.sgf_re(),
        (Some(r), Lang::Zh) => r.chinese(),
        (None, Lang::En) => "none".to_string(),
        (None, Lang::Zh) => "无".to_string(),
    }
}

fn signer(s: Signer, lang: Lang) -> &'static str {
    match (s, lang) {
        (Signer::Black, Lang::En) => "Black",
        (Signer::White, Lang::En) => "White",
        (Signer::Arbiter, Lang::En) => "Arbiter",
        (Signer::Black, Lang::Zh) => "黑方",
        (Signer::White, Lang::Zh) => "白方",
        (Signer::Arbiter, Lang::Zh) => "裁判",
    }
}

impl Said {
    /// The entry in `lang`; in English, the entry's recorded `what`.
    pub fn text(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        match self {
            Said::Clock { at, kind } if en => format!("clock at {}: {}", WrittenDuration(*at), kind.words(lang)),
            Said::Clock { at, kind } => format!("棋钟 {}：{}", WrittenDuration(*at), kind.words(lang)),
            Said::Ledger { edition, entries } => {
                let words: Vec<String> = entries.iter().map(|e| e.words(*edition, lang)).collect();
                match en {
                    true => format!("ledger: {}", words.join("; ")),
                    false => format!("处罚记录：{}", words.join("；")),
                }
            }
            Said::Result { old, new } if en => format!("result: {} -> {}", result(old, lang), result(new, lang)),
            Said::Result { old, new } => format!("结果：{} → {}", result(old, lang), result(new, lang)),
            Said::Confirm {
                signer: s,
                name,
                result: r,
                locked,
            } if en => format!(
                "{} ({name}) confirmed {}{}",
                signer(*s, lang),
                result(r, lang),
                if *locked { "; result locked" } else { "" }
            ),
            Said::Confirm {
                signer: s,
                name,
                result: r,
                locked,
            } => format!(
                "{}（{name}）签字确认：{}{}",
                signer(*s, lang),
                result(r, lang),
                if *locked { "；结果已锁定" } else { "" }
            ),
            Said::Override { by, old, new, reason } if en => format!(
                "override by chief arbiter {by}: {} -> {}; reason: {reason}",
                result(old, lang),
                result(new, lang)
            ),
            Said::Override { by, old, new, reason } => format!(
                "裁判长{by}更改结果：{} → {}；理由：{reason}",
                result(old, lang),
                result(new, lang)
            ),
        }
    }
}

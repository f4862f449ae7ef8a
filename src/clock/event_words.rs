//! The words a clock event leaves in the audit trail ("Black pressed after move 12", "paused;
//! reason: toilet"; "黑方第12手后按钟"), in either language, never a program's debug text.

use std::time::Duration;

use super::budget::TimeLeft;
use super::control::WrittenDuration;
use super::events::{EventKind, TimeoutRuling};
use crate::board::Color;
use crate::lang::Lang;

fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (c, Lang::En) => c.name(),
        (Color::Black, Lang::Zh) => "黑方",
        (Color::White, Lang::Zh) => "白方",
    }
}

/// `12m`, `2m5s` in English; `12分`, `2分5秒` in Chinese.
fn dur(d: Duration, lang: Lang) -> String {
    match lang {
        Lang::En => WrittenDuration(d).to_string(),
        Lang::Zh => {
            let s = d.as_secs();
            match (s / 60, s % 60) {
                (m, 0) => format!("{m}分"),
                (0, s) => format!("{s}秒"),
                (m, s) => format!("{m}分{s}秒"),
            }
        }
    }
}

fn left(t: &TimeLeft, lang: Lang) -> String {
    let en = lang == Lang::En;
    let mut text = match en {
        true => format!("main {}", dur(t.main, lang)),
        false => format!("基本用时{}", dur(t.main, lang)),
    };
    if t.periods > 0 {
        text.push_str(&match en {
            true => format!(", {} periods, {} in the current one", t.periods, dur(t.period, lang)),
            false => format!("，读秒{}次，本次{}", t.periods, dur(t.period, lang)),
        });
    }
    if t.period_moves > 0 {
        text.push_str(&match en {
            true => format!(", {} moves to play", t.period_moves),
            false => format!("，还须走{}手", t.period_moves),
        });
    }
    text
}

fn pair(used: &[Duration; 2], lang: Lang) -> String {
    match lang {
        Lang::En => format!("Black {}, White {}", dur(used[0], lang), dur(used[1], lang)),
        Lang::Zh => format!("黑方{}，白方{}", dur(used[0], lang), dur(used[1], lang)),
    }
}

fn with_reason(text: String, reason: &str, lang: Lang) -> String {
    match (reason.trim(), lang) {
        ("", _) => text,
        (reason, Lang::En) => format!("{text}; reason: {reason}"),
        (reason, Lang::Zh) => format!("{text}；理由：{reason}"),
    }
}

impl EventKind {
    /// What happened, in the audit trail's words in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        let en = lang == Lang::En;
        let s = |c: Color| side(c, lang);
        let d = |t: Duration| dur(t, lang);
        let p = |u: &[Duration; 2]| pair(u, lang);
        let r = |text: String, reason: &str| with_reason(text, reason, lang);
        match self {
            EventKind::Start { to_move } if en => format!("started, {} to move", s(*to_move)),
            EventKind::Start { to_move } => format!("开钟，{}走棋", s(*to_move)),
            EventKind::Press { player, move_number } if en => {
                format!("{} pressed after move {move_number}", s(*player))
            }
            EventKind::Press { player, move_number } => format!("{}第{move_number}手后按钟", s(*player)),
            EventKind::Pause { reason } => r(if en { "paused" } else { "暂停" }.to_string(), reason),
            EventKind::Resume => if en { "resumed" } else { "继续计时" }.to_string(),
            EventKind::Adjourn {
                sealer,
                move_number,
                used,
                reason,
                ..
            } => r(
                match en {
                    true => format!("adjourned: {} sealed move {move_number}; used {}", s(*sealer), p(used)),
                    false => format!("封棋：{}封第{move_number}手；用时{}", s(*sealer), p(used)),
                },
                reason,
            ),
            EventKind::Unseal {
                sealer, move_number, ..
            } => match en {
                true => format!(
                    "resumed after adjournment: {}'s sealed move {move_number} opened",
                    s(*sealer)
                ),
                false => format!("续弈：开启{}所封的第{move_number}手", s(*sealer)),
            },
            EventKind::CaptureHold { player } => match en {
                true => format!("{}'s byo-yomi held while removing captured stones", s(*player)),
                false => format!("{}读秒中提子，停止计时", s(*player)),
            },
            EventKind::CaptureHoldEnd { player, held } => match en {
                true => format!("{}'s byo-yomi runs again (held {})", s(*player), d(*held)),
                false => format!("{}读秒继续（停了{}）", s(*player), d(*held)),
            },
            EventKind::Lateness {
                player,
                late,
                limit,
                factor,
                deducted,
                forfeit,
                reason,
            } => {
                let text = match (en, forfeit) {
                    (true, true) => format!(
                        "{} late by {} (limit {}): loses by forfeit",
                        s(*player),
                        d(*late),
                        d(*limit)
                    ),
                    (true, false) => format!(
                        "{} late by {} (limit {}): {factor} x late = {} deducted from main time",
                        s(*player),
                        d(*late),
                        d(*limit),
                        d(*deducted)
                    ),
                    (false, true) => format!("{}迟到{}（限{}）：判负", s(*player), d(*late), d(*limit)),
                    (false, false) => format!(
                        "{}迟到{}（限{}）：按{factor}倍扣除基本用时{}",
                        s(*player),
                        d(*late),
                        d(*limit),
                        d(*deducted)
                    ),
                };
                r(text, reason)
            }
            EventKind::Edit {
                player,
                before,
                after,
                reason,
            } => r(
                match en {
                    true => format!(
                        "{}'s time set: {} -> {}",
                        s(*player),
                        left(before, lang),
                        left(after, lang)
                    ),
                    false => format!(
                        "{}的时间改为：{} → {}",
                        s(*player),
                        left(before, lang),
                        left(after, lang)
                    ),
                },
                reason,
            ),
            EventKind::Correction {
                used,
                corrected,
                applied,
                reason,
                ..
            } => r(
                match (en, applied) {
                    (true, true) => format!("correction: used {} -> {}", p(used), p(corrected)),
                    (true, false) => format!("correction (not applied): used {} -> {}", p(used), p(corrected)),
                    (false, true) => format!("按比例校正用时：{} → {}", p(used), p(corrected)),
                    (false, false) => format!("按比例校正用时（未采用）：{} → {}", p(used), p(corrected)),
                },
                reason,
            ),
            EventKind::Timeout { player } if en => format!("{} ran out of time", s(*player)),
            EventKind::Timeout { player } => format!("{}超时", s(*player)),
            EventKind::TimeoutRuling { player, ruling, reason } => r(
                match (en, ruling) {
                    (true, TimeoutRuling::Loss) => format!("timeout ruling: {} loses on time", s(*player)),
                    (true, TimeoutRuling::ForfeitedMove) => {
                        format!("timeout ruling: {} forfeits a move, byo-yomi continues", s(*player))
                    }
                    (false, TimeoutRuling::Loss) => format!("超时裁定：{}超时负", s(*player)),
                    (false, TimeoutRuling::ForfeitedMove) => format!("超时裁定：{}停一手，继续读秒", s(*player)),
                },
                reason,
            ),
            EventKind::Reread {
                player,
                from,
                rewound,
                reason,
            } => r(
                match en {
                    true => format!(
                        "{}'s count read again from {} (gives back {})",
                        s(*player),
                        d(*from),
                        d(*rewound)
                    ),
                    false => format!("{}从{}起重新读秒（退回{}）", s(*player), d(*from), d(*rewound)),
                },
                reason,
            ),
            EventKind::Finish { reason } => r(if en { "stopped for good" } else { "终局停钟" }.to_string(), reason),
            EventKind::LeaveSeat { player, reason } => r(
                match en {
                    true => format!("{} permitted to leave the seat", s(*player)),
                    false => format!("允许{}离座", s(*player)),
                },
                reason,
            ),
            EventKind::BackToSeat { player } if en => format!("{} back at the seat", s(*player)),
            EventKind::BackToSeat { player } => format!("{}回到座位", s(*player)),
            EventKind::AdjournConfirmed { used, initials } => match en {
                true => format!(
                    "used times at the adjournment confirmed by {} and {}: {}",
                    initials[0],
                    initials[1],
                    p(used)
                ),
                false => format!("封棋时的用时由{}和{}确认：{}", initials[0], initials[1], p(used)),
            },
            EventKind::UsedTimeSplit { used, split, reason } => r(
                match en {
                    true => format!(
                        "no written record of used times: split equally, {} -> {}",
                        p(used),
                        p(split)
                    ),
                    false => format!("没有用时的书面记录：双方均摊，{} → {}", p(used), p(split)),
                },
                reason,
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_event_reads_as_words_in_either_language_not_as_program_text() {
        let press = EventKind::Press {
            player: Color::Black,
            move_number: 12,
        };
        assert_eq!(press.words(Lang::En), "Black pressed after move 12");
        assert_eq!(press.words(Lang::Zh), "黑方第12手后按钟");
        // Art. 22.1 of the 2002 text: twice the late time comes off the main time.
        let late = EventKind::Lateness {
            player: Color::White,
            late: Duration::from_secs(12 * 60),
            limit: Duration::from_secs(3600),
            factor: 2,
            deducted: Duration::from_secs(24 * 60),
            forfeit: false,
            reason: String::new(),
        };
        assert_eq!(
            late.words(Lang::En),
            "White late by 12m (limit 60m): 2 x late = 24m deducted from main time"
        );
        assert_eq!(late.words(Lang::Zh), "白方迟到12分（限60分）：按2倍扣除基本用时24分");
        let pause = EventKind::Pause {
            reason: "toilet".to_string(),
        };
        assert_eq!(pause.words(Lang::En), "paused; reason: toilet");
        assert_eq!(pause.words(Lang::Zh), "暂停；理由：toilet");
    }
}

//! The one reading of a side's time (`clock::Shown`) in words, English and Chinese: what the big
//! figure is ("main", "byo-yomi"), what follows it ("+ 3 reserved minutes"), and the whole line
//! the incident form, the ledger, the proportional correction and the "minutes left" caption show
//! ("main 52:41 · + 3 reserved minutes"): the same numbers as the face, each named.

use crate::clock::{Extra, Shown};
use crate::lang::Lang;

use crate::ui::table::clock_view::hms;

/// What the face's big figure is.
pub fn figure_label(shown: &Shown, lang: Lang) -> &'static str {
    let period = matches!(shown.extra, Extra::Moves { .. });
    match (shown.in_byo_yomi(), period, lang) {
        (false, _, Lang::En) => "main",
        (false, _, Lang::Zh) => "基本用时",
        (true, false, Lang::En) => "byo-yomi",
        (true, true, Lang::En) => "period",
        (true, _, Lang::Zh) => "读秒",
    }
}

/// What follows the big figure: the byo-yomi still to come, or what is left of it.
pub fn extra(shown: &Shown, lang: Lang) -> String {
    let in_byo_yomi = shown.in_byo_yomi();
    match (shown.extra, lang) {
        (Extra::Nothing, Lang::En) => "sudden death".to_string(),
        (Extra::Nothing, Lang::Zh) => "包干".to_string(),
        (Extra::Increment(inc), Lang::En) => format!("+{} a move", hms(inc)),
        (Extra::Increment(inc), Lang::Zh) => format!("每手加{}", hms(inc)),
        (Extra::Reserved { minutes, length, .. }, _) => {
            let unit = match length.as_secs() {
                60 => None,
                _ => Some(hms(length)),
            };
            reserved(minutes, unit.as_deref(), in_byo_yomi, lang)
        }
        (Extra::Periods { periods, length, .. }, _) => japanese(periods, &hms(length), in_byo_yomi, lang),
        (Extra::Moves { moves, length, .. }, Lang::En) => match in_byo_yomi {
            false => format!("then {moves} moves in {}", hms(length)),
            true => format!("{moves} moves to play"),
        },
        (Extra::Moves { moves, length, .. }, Lang::Zh) => match in_byo_yomi {
            false => format!("然后{}内{moves}手", hms(length)),
            true => format!("剩余{moves}手"),
        },
    }
}

/// The whole reading in one line: "main 52:41 · + 3 reserved minutes".
pub fn reading(shown: &Shown, lang: Lang) -> String {
    format!(
        "{} {} · {}",
        figure_label(shown, lang),
        hms(shown.figure()),
        extra(shown, lang)
    )
}

/// Chinese byo-yomi's reserved minutes (or, in a fast game, reserved periods of `unit`).
fn reserved(n: u32, unit: Option<&str>, in_byo_yomi: bool, lang: Lang) -> String {
    match (lang, unit, in_byo_yomi) {
        (Lang::En, None, false) if n == 1 => "+ 1 reserved minute".to_string(),
        (Lang::En, None, false) => format!("+ {n} reserved minutes"),
        (Lang::En, Some(u), false) => format!("+ {n} reserved periods of {u}"),
        (Lang::En, None, true) if n == 1 => "the last reserved minute".to_string(),
        (Lang::En, None, true) => format!("{n} reserved minutes left, this one included"),
        (Lang::En, Some(_), true) if n == 1 => "the last reserved period".to_string(),
        (Lang::En, Some(_), true) => format!("{n} reserved periods left, this one included"),
        (Lang::Zh, None, false) => format!("+ 保留{n}分钟读秒"),
        (Lang::Zh, Some(u), false) => format!("+ 保留{n}次{u}读秒"),
        (Lang::Zh, None, true) => format!("还剩{n}分钟（含本分钟）"),
        (Lang::Zh, Some(_), true) => format!("还剩{n}次（含本次）"),
    }
}

/// Japanese byo-yomi's periods of `unit`.
fn japanese(n: u32, unit: &str, in_byo_yomi: bool, lang: Lang) -> String {
    match (lang, in_byo_yomi) {
        (Lang::En, false) => format!("+ {n} periods of {unit}"),
        (Lang::En, true) if n == 1 => "the last period".to_string(),
        (Lang::En, true) => format!("{n} periods left, this one included"),
        (Lang::Zh, false) => format!("+ {n}次{unit}读秒"),
        (Lang::Zh, true) => format!("还剩{n}次（含本次）"),
    }
}

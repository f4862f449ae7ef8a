//! What an audit entry says, kept as data beside its recorded words, so that the window shows the
//! trail in its own language: a table seated, paired again, renamed or taken from another
//! workstation; its record, time control, handicap, marks and clock checkpoints; a clock event,
//! ledger entries, a result, a signature, an override. The recorded `what` is this said in
//! English; both are under the entry's hash. Names, notes and written time controls are kept as
//! typed in either language.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::board::Color;
use crate::clock::{EventKind, WrittenDuration};
use crate::lang::Lang;
use crate::ledger::{Edition, Entry};
use crate::rules::Preset;
use crate::scoring::{GameResult, Quarters};

use super::model::{Signer, TableId};

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
    /// A table seated: its players and how its game is set up.
    Seated {
        table: TableId,
        black: String,
        white: String,
        size: u8,
        handicap: u32,
        komi: Quarters,
        rules: Preset,
        control: String,
    },
    /// Another workstation's confirmed game taken (a merge), replacing our unconfirmed result.
    Taken {
        table: TableId,
        from: String,
        result: Option<GameResult>,
        signed: Vec<String>,
        /// Our result it replaces; `None`: the table was not here.
        replaces: Option<Option<GameResult>>,
    },
    /// The table's players changed before its game started: [black, white] before and after.
    Paired {
        table: TableId,
        old: [String; 2],
        new: [String; 2],
    },
    /// The table's own name changed.
    Renamed { table: TableId, old: String, new: String },
    /// The record replaced: how many moves it holds, and the note that came with it (as written).
    Record { moves: usize, note: String },
    /// The time control changed before the clock started (written forms).
    TimeControl { old: String, new: String },
    /// The handicap and komi changed before the clock started.
    Handicap {
        old: u32,
        new: u32,
        old_komi: Quarters,
        new_komi: Quarters,
    },
    /// The dead and seki marks; `None`: cleared.
    Marks { dead_seki: Option<(usize, usize)> },
    /// A clock checkpoint: the instant on the table's timeline and the used times then.
    Checkpoint { at: Duration, used: [Duration; 2] },
    /// A photo of the board read (issue 21): the file kept and its SHA-256, the board's size, the
    /// corners found or given (in the photo's pixels, as written), the stones read, the position
    /// (`.`/`B`/`W` rows joined by `/`) and how many corrections it carries.
    Photo {
        file: String,
        sha256: String,
        size: u8,
        found: bool,
        corners: String,
        black: usize,
        white: usize,
        read: String,
        corrections: usize,
    },
    /// A point of the photo's reading corrected: its name, its row and column from the photo's
    /// top left (1-based), the stone read before and the one now.
    PhotoPoint {
        point: String,
        row: u8,
        col: u8,
        before: Option<Color>,
        after: Option<Color>,
    },
}

/// A point's stone in `lang`: "black", "白", "empty".
fn stone(stone: &Option<Color>, lang: Lang) -> &'static str {
    match (stone, lang) {
        (Some(Color::Black), Lang::En) => "black",
        (Some(Color::White), Lang::En) => "white",
        (None, Lang::En) => "empty",
        (Some(Color::Black), Lang::Zh) => "黑子",
        (Some(Color::White), Lang::Zh) => "白子",
        (None, Lang::Zh) => "空点",
    }
}

/// A table in `lang`: "round 1 table 3", "第1轮第3台" (the window's words for it too,
/// `ui::i18n::table_id`).
pub fn table(id: &TableId, lang: Lang) -> String {
    match lang {
        Lang::En => id.to_string(),
        Lang::Zh => format!("第{}轮第{}台", id.round, id.table),
    }
}

/// A duration to the millisecond, as a checkpoint records it ("754.200 s").
fn secs(d: Duration) -> String {
    format!("{}.{:03} s", d.as_secs(), d.subsec_millis())
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
            Said::Seated {
                table: id,
                black,
                white,
                size,
                handicap,
                komi,
                rules,
                control,
            } if en => format!(
                "{id}: {black} (B) v {white} (W), {size}x{size}, handicap {handicap}, komi {}, {rules}, {control}",
                komi.points_text()
            ),
            Said::Seated {
                table: id,
                black,
                white,
                size,
                handicap,
                komi,
                rules,
                control,
            } => format!(
                "{}：{black}（黑）对 {white}（白），{size}路，让{handicap}子，贴{}目，{rules}，{control}",
                table(id, lang),
                komi.points_decimal()
            ),
            Said::Taken {
                table: id,
                from,
                result: r,
                signed,
                replaces,
            } if en => format!(
                "{id} taken from {from}: {} confirmed by {}{}",
                result(r, lang),
                signed.join(", "),
                replaces.as_ref().map_or_else(String::new, |old| format!(
                    "; replaces our unconfirmed result {}",
                    result(old, lang)
                ))
            ),
            Said::Taken {
                table: id,
                from,
                result: r,
                signed,
                replaces,
            } => format!(
                "{}采用{from}的结果：{}，由{}签字确认{}",
                table(id, lang),
                result(r, lang),
                signed.join("、"),
                replaces.as_ref().map_or_else(String::new, |old| format!(
                    "；替换本台尚未确认的结果{}",
                    result(old, lang)
                ))
            ),
            Said::Paired { table: id, old, new } if en => format!(
                "{id} paired again: {} (B) v {} (W) -> {} (B) v {} (W)",
                old[0], old[1], new[0], new[1]
            ),
            Said::Paired { table: id, old, new } => format!(
                "{}重新配对：{}（黑）对 {}（白） → {}（黑）对 {}（白）",
                table(id, lang),
                old[0],
                old[1],
                new[0],
                new[1]
            ),
            Said::Renamed { table: id, old, new } if en => format!("{id} renamed: {old:?} -> {new:?}"),
            Said::Renamed { table: id, old, new } => format!("{}更名：“{old}” → “{new}”", table(id, lang)),
            Said::Record { moves, note } if en => format!("record: {moves} moves; {note}"),
            Said::Record { moves, note } => format!("棋谱：{moves}手；{note}"),
            Said::TimeControl { old, new } if en => format!("time control: {old} -> {new}"),
            Said::TimeControl { old, new } => format!("用时规定：{old} → {new}"),
            Said::Handicap {
                old,
                new,
                old_komi,
                new_komi,
            } if en => format!(
                "handicap {old} -> {new}, komi {} -> {} stones",
                old_komi.stones_text(),
                new_komi.stones_text()
            ),
            Said::Handicap {
                old,
                new,
                old_komi,
                new_komi,
            } => format!(
                "让子：{old} → {new}子，贴子：{} → {}子",
                old_komi.stones_text_zh(),
                new_komi.stones_text_zh()
            ),
            Said::Marks {
                dead_seki: Some((dead, seki)),
            } if en => format!("marks: {dead} dead, {seki} seki"),
            Said::Marks {
                dead_seki: Some((dead, seki)),
            } => format!("标记：死子{dead}处，双活{seki}处"),
            Said::Marks { dead_seki: None } if en => "marks cleared".to_string(),
            Said::Marks { dead_seki: None } => "标记已清除".to_string(),
            Said::Checkpoint { at, used } if en => format!(
                "{} at {}: used {} (Black), {} (White)",
                super::downtime::CHECKPOINT_WHAT,
                secs(*at),
                secs(used[0]),
                secs(used[1])
            ),
            Said::Checkpoint { at, used } => format!(
                "棋钟存档 {}：黑方已用{}，白方已用{}",
                secs(*at),
                secs(used[0]),
                secs(used[1])
            ),
            Said::Photo {
                file,
                sha256,
                size,
                found,
                corners,
                black,
                white,
                read,
                corrections,
            } if en => format!(
                "photo {file} (SHA-256 {sha256}), {size}x{size}, corners {} {corners}; read {black} black, {white} white: {read}{}",
                if *found { "found" } else { "given" },
                match corrections {
                    0 => String::new(),
                    n => format!("; {n} corrections kept"),
                }
            ),
            Said::Photo {
                file,
                sha256,
                size,
                found,
                corners,
                black,
                white,
                read,
                corrections,
            } => format!(
                "照片 {file}（SHA-256 {sha256}），{size}路，四角{} {corners}；读出黑子{black}个、白子{white}个：{read}{}",
                if *found { "自动找到" } else { "人工给定" },
                match corrections {
                    0 => String::new(),
                    n => format!("；保留更正{n}处"),
                }
            ),
            Said::PhotoPoint {
                point,
                row,
                col,
                before,
                after,
            } if en => format!(
                "photo point {point} (row {row}, column {col} from the photo's top left): {} -> {}",
                stone(before, lang),
                stone(after, lang)
            ),
            Said::PhotoPoint {
                point,
                row,
                col,
                before,
                after,
            } => format!(
                "照片更正 {point}（照片左上起第{row}行第{col}列）：{} → {}",
                stone(before, lang),
                stone(after, lang)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id() -> TableId {
        TableId { round: 2, table: 5 }
    }

    /// The table's own kinds, in both languages: the English is the line recorded before they
    /// were said as data (older files keep their hashes), the Chinese has no English word left.
    #[test]
    fn a_tables_own_entries_read_in_english_as_recorded_and_in_chinese() {
        let said = [
            (
                Said::Seated {
                    table: id(),
                    black: "Chen Li".into(),
                    white: "Ann Smith".into(),
                    size: 19,
                    handicap: 0,
                    komi: Quarters(15),
                    rules: Preset::Chinese2002,
                    control: "chinese:60m/5".into(),
                },
                "round 2 table 5: Chen Li (B) v Ann Smith (W), 19x19, handicap 0, komi 7 1/2, chinese, chinese:60m/5",
                "第2轮第5台：Chen Li（黑）对 Ann Smith（白），19路，让0子，贴7.5目，chinese，chinese:60m/5",
            ),
            (
                Said::Taken {
                    table: id(),
                    from: "board-2.ron".into(),
                    result: Some(GameResult::by_count(Quarters(5))),
                    signed: vec!["CL".into(), "AS".into(), "LW".into()],
                    replaces: Some(None),
                },
                "round 2 table 5 taken from board-2.ron: B+2.5 confirmed by CL, AS, LW; replaces our unconfirmed result none",
                "第2轮第5台采用board-2.ron的结果：黑胜1又1/4子，由CL、AS、LW签字确认；替换本台尚未确认的结果无",
            ),
            (
                Said::Paired {
                    table: id(),
                    old: ["A".into(), "B".into()],
                    new: ["C".into(), "D".into()],
                },
                "round 2 table 5 paired again: A (B) v B (W) -> C (B) v D (W)",
                "第2轮第5台重新配对：A（黑）对 B（白） → C（黑）对 D（白）",
            ),
            (
                Said::Renamed {
                    table: id(),
                    old: String::new(),
                    new: "Top board".into(),
                },
                "round 2 table 5 renamed: \"\" -> \"Top board\"",
                "第2轮第5台更名：“” → “Top board”",
            ),
            (
                Said::Record {
                    moves: 37,
                    note: "37 moves on the board".into(),
                },
                "record: 37 moves; 37 moves on the board",
                "棋谱：37手；37 moves on the board",
            ),
            (
                Said::TimeControl {
                    old: "chinese:60m/5".into(),
                    new: "chinese:90m/5".into(),
                },
                "time control: chinese:60m/5 -> chinese:90m/5",
                "用时规定：chinese:60m/5 → chinese:90m/5",
            ),
            (
                Said::Handicap {
                    old: 0,
                    new: 3,
                    old_komi: Quarters(15),
                    new_komi: Quarters(0),
                },
                "handicap 0 -> 3, komi 3 3/4 -> 0 stones",
                "让子：0 → 3子，贴子：3又3/4 → 0子",
            ),
            (
                Said::Marks {
                    dead_seki: Some((16, 2)),
                },
                "marks: 16 dead, 2 seki",
                "标记：死子16处，双活2处",
            ),
            (Said::Marks { dead_seki: None }, "marks cleared", "标记已清除"),
            (
                Said::Checkpoint {
                    at: Duration::from_millis(754_200),
                    used: [Duration::from_secs(400), Duration::from_millis(354_200)],
                },
                "clock checkpoint at 754.200 s: used 400.000 s (Black), 354.200 s (White)",
                "棋钟存档 754.200 s：黑方已用400.000 s，白方已用354.200 s",
            ),
            (
                Said::Photo {
                    file: "day1-photos/ab.jpg".into(),
                    sha256: "ab".into(),
                    size: 19,
                    found: true,
                    corners: "10.0,12.5 900.0,11.0 905.5,890.0 8.0,880.0".into(),
                    black: 120,
                    white: 118,
                    read: "B..".into(),
                    corrections: 2,
                },
                "photo day1-photos/ab.jpg (SHA-256 ab), 19x19, corners found 10.0,12.5 900.0,11.0 905.5,890.0 8.0,880.0; read 120 black, 118 white: B..; 2 corrections kept",
                "照片 day1-photos/ab.jpg（SHA-256 ab），19路，四角自动找到 10.0,12.5 900.0,11.0 905.5,890.0 8.0,880.0；读出黑子120个、白子118个：B..；保留更正2处",
            ),
            (
                Said::PhotoPoint {
                    point: "D16".into(),
                    row: 4,
                    col: 4,
                    before: None,
                    after: Some(Color::Black),
                },
                "photo point D16 (row 4, column 4 from the photo's top left): empty -> black",
                "照片更正 D16（照片左上起第4行第4列）：空点 → 黑子",
            ),
        ];
        for (said, en, zh) in said {
            assert_eq!(said.text(Lang::En), en);
            assert_eq!(said.text(Lang::Zh), zh);
        }
    }
}

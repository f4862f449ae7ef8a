//! The window's words: one table with an English and a Chinese column, so switching the language
//! is one place. The Chinese column is complete, but the switch stays out of the default UI until a
//! CJK font is bundled (egui's default fonts have no Chinese glyphs).

use crate::board::Color;
pub use crate::caller::Lang;

/// Every fixed string of the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    Moves,
    Start,
    Play,
    AddBlack,
    AddWhite,
    Pass,
    Undo,
    Redo,
    StartClock,
    Pause,
    Resume,
    Press,
    TimeControl,
    SetControl,
    MinutesLeft,
    Ledger,
    Offender,
    PhoneSounds,
    Takeback,
    EarlyPress,
    NoIncidents,
    LossProposed,
    NotStarted,
    Running,
    Paused,
    Adjourned,
    Flagged,
    Over,
    SuddenDeath,
    ByoYomi,
    Keys,
    Edit,
    ToPlay,
    Captures,
    Count,
    Counting,
    AcceptSuggestion,
    Suggesting,
    SuggestionFailed,
    DeadTool,
    SekiTool,
    ResumePlay,
    Gestures,
    Counted,
    Area,
    HalfBoard,
    Komi,
    Compensation,
    PenaltyStones,
    Par,
    Result,
    CountedOnBoard,
    OtherEndings,
    WinnerIs,
    Resignation,
    Time,
    Forfeit,
    Disqualification,
    Draw,
    BothLose,
    NoResult,
    ByCount,
    Confirmation,
    ConfirmResult,
    Confirmed,
    ArbiterName,
    ChiefArbiter,
    OverrideReason,
    Override,
    Overrides,
    Initials,
    IfCountRight,
}

impl Text {
    /// The text in `lang`.
    pub fn tr(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            Text::Moves => ("Moves", "棋谱"),
            Text::Start => ("Start", "开局"),
            Text::Play => ("Play", "对局"),
            Text::AddBlack => ("Add black", "摆黑子"),
            Text::AddWhite => ("Add white", "摆白子"),
            Text::Pass => ("Pass", "停一手"),
            Text::Undo => ("Undo", "后退"),
            Text::Redo => ("Redo", "前进"),
            Text::StartClock => ("Start clock", "开钟"),
            Text::Pause => ("Pause", "暂停"),
            Text::Resume => ("Resume", "继续"),
            Text::Press => ("Press", "按钟"),
            Text::TimeControl => ("Time control", "用时"),
            Text::SetControl => ("Set", "设定"),
            Text::MinutesLeft => ("How many minutes are left?", "还剩几分钟？"),
            Text::Ledger => ("Ledger", "判罚记录"),
            Text::Offender => ("Offender", "违规方"),
            Text::PhoneSounds => ("Phone sounds", "手机响声"),
            Text::Takeback => ("Takeback", "悔棋"),
            Text::EarlyPress => ("Early press", "先按钟"),
            Text::NoIncidents => ("No incidents", "无判罚"),
            Text::LossProposed => (
                "second warning: loss proposed (Art. 24.2)",
                "第二次警告：判负（第24.2条）",
            ),
            Text::NotStarted => ("not started", "未开始"),
            Text::Running => ("running", "计时中"),
            Text::Paused => ("paused", "暂停"),
            Text::Adjourned => ("adjourned", "封盘"),
            Text::Flagged => ("out of time: the arbiter must rule", "超时：待裁判裁决"),
            Text::Over => ("over", "结束"),
            Text::SuddenDeath => ("sudden death", "包干"),
            Text::ByoYomi => ("byo-yomi", "读秒"),
            Text::Keys => (
                "Keys: left Shift = Black's press, right Shift = White's press, Space = pause / resume",
                "按键：左Shift＝黑方按钟，右Shift＝白方按钟，空格＝暂停／继续",
            ),
            Text::Edit => ("Edit", "摆子"),
            Text::ToPlay => ("to play", "行棋"),
            Text::Captures => ("Captures", "提子"),
            Text::Count => ("Count", "数子"),
            Text::Counting => ("Counting", "数子"),
            Text::AcceptSuggestion => ("Accept suggestion", "接受建议"),
            Text::Suggesting => ("Suggesting dead stones...", "正在判断死子……"),
            Text::SuggestionFailed => ("no suggestion: mark the stones by hand", "无建议：请手动标记"),
            Text::DeadTool => ("Dead stones", "死子"),
            Text::SekiTool => ("Seki", "双活"),
            Text::ResumePlay => ("Resume play", "继续对局"),
            Text::Gestures => (
                "Click a chain: dead / alive. Click it again: its whole group. Seki: click a chain to mark it.",
                "点一块棋：死／活。再点一次：整组。双活：点一块棋标记。",
            ),
            Text::Counted => ("Counted", "所数一方"),
            Text::Area => ("area", "子数"),
            Text::HalfBoard => ("Half the board", "归本数"),
            Text::Komi => ("Komi", "贴子"),
            Text::Compensation => ("Handicap compensation", "让子补偿"),
            Text::PenaltyStones => ("Penalty stones", "罚子"),
            Text::Par => ("Par", "胜负线"),
            Text::Result => ("Result", "结果"),
            Text::CountedOnBoard => ("Counted on the board", "盘上实数"),
            Text::OtherEndings => ("Other endings", "其他结果"),
            Text::WinnerIs => ("Winner", "胜方"),
            Text::Resignation => ("Resignation", "中盘胜"),
            Text::Time => ("Time", "超时"),
            Text::Forfeit => ("Forfeit", "不战"),
            Text::Disqualification => ("Disqualification", "取消资格"),
            Text::Draw => ("Draw", "和棋"),
            Text::BothLose => ("Both lose", "双方负"),
            Text::NoResult => ("No result", "无胜负"),
            Text::ByCount => ("By count", "数子结果"),
            Text::Confirmation => ("Confirmation", "确认"),
            Text::ConfirmResult => ("Confirm result", "确认结果"),
            Text::Confirmed => ("Confirmed", "已确认"),
            Text::ArbiterName => ("Arbiter", "裁判"),
            Text::ChiefArbiter => ("Chief arbiter", "裁判长"),
            Text::OverrideReason => ("Reason", "理由"),
            Text::Override => ("Override", "更改结果"),
            Text::Overrides => ("Overrides", "更改记录"),
            Text::Initials => ("initials", "签名"),
            Text::IfCountRight => ("If this hand count is right", "按此实数"),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// A colour's name.
pub fn color_name(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::Black, Lang::En) => "Black",
        (Color::White, Lang::En) => "White",
        (Color::Black, Lang::Zh) => "黑方",
        (Color::White, Lang::Zh) => "白方",
    }
}

/// "Warnings: 1".
pub fn warnings(n: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Warnings: {n}"),
        Lang::Zh => format!("警告：{n}"),
    }
}

/// "5 reserved minutes" (Chinese byo-yomi).
pub fn reserved_minutes(n: u32, lang: Lang) -> String {
    match lang {
        Lang::En if n == 1 => "1 reserved minute".to_string(),
        Lang::En => format!("{n} reserved minutes"),
        Lang::Zh => format!("保留{n}分钟读秒"),
    }
}

/// "3 periods of 0:30" (Japanese byo-yomi).
pub fn periods(n: u32, period: &str, lang: Lang) -> String {
    match lang {
        Lang::En if n == 1 => format!("last period of {period}"),
        Lang::En => format!("{n} periods of {period}"),
        Lang::Zh => format!("{n}次{period}读秒"),
    }
}

/// "15 moves in 10:00" (moves per period).
pub fn period_moves(n: u32, period: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{n} moves in {period}"),
        Lang::Zh => format!("{period}内{n}手"),
    }
}

/// "+0:20 a move" (Fischer).
pub fn increment(inc: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("+{inc} a move"),
        Lang::Zh => format!("每手加{inc}"),
    }
}

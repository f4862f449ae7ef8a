//! The window's words: one table with an English and a Chinese column, so switching the language
//! is one place and no string exists in one language only. The language starts from the system
//! locale (`Lang::from_locale`) and switches at once in the settings.

use crate::board::Color;
pub use crate::caller::Lang;

/// Declares `Text` (one variant a string), `Text::ALL` and `Text::tr` from one table, so a string
/// cannot lack its Chinese or its English, nor be missing from `ALL`.
macro_rules! texts {
    ($($name:ident => ($en:expr, $zh:expr $(,)?),)*) => {
        /// Every fixed string of the window.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Text {
            $($name,)*
        }

        impl Text {
            /// Every string, in the table's order.
            pub const ALL: &[Text] = &[$(Text::$name,)*];

            /// The text in `lang`.
            pub fn tr(self, lang: Lang) -> &'static str {
                let (en, zh) = match self {
                    $(Text::$name => ($en, $zh),)*
                };
                match lang {
                    Lang::En => en,
                    Lang::Zh => zh,
                }
            }
        }
    };
}

texts! {
    Moves => ("Moves", "棋谱"),
    Start => ("Start", "开局"),
    Play => ("Play", "对局"),
    AddBlack => ("Add black", "摆黑子"),
    AddWhite => ("Add white", "摆白子"),
    Pass => ("Pass", "停一手"),
    Undo => ("Undo", "后退"),
    Redo => ("Redo", "前进"),
    StartClock => ("Start clock", "开钟"),
    Pause => ("Pause", "暂停"),
    Resume => ("Resume", "继续"),
    Press => ("Press", "按钟"),
    TimeControl => ("Time control", "用时"),
    SetControl => ("Set", "设定"),
    MinutesLeft => ("How many minutes are left?", "还剩几分钟？"),
    Ledger => ("Ledger", "判罚记录"),
    Offender => ("Offender", "违规方"),
    PhoneSounds => ("Phone sounds", "手机响声"),
    Takeback => ("Takeback", "悔棋"),
    EarlyPress => ("Early press", "先按钟"),
    NoIncidents => ("No incidents", "无判罚"),
    LossProposed => (
        "second warning: loss proposed (Art. 24.2)",
        "第二次警告：判负（第24.2条）",
    ),
    NotStarted => ("not started", "未开始"),
    Running => ("running", "计时中"),
    Paused => ("paused", "暂停"),
    Adjourned => ("adjourned", "封盘"),
    Flagged => ("out of time: the arbiter must rule", "超时：待裁判裁决"),
    Over => ("over", "结束"),
    SuddenDeath => ("sudden death", "包干"),
    ByoYomi => ("byo-yomi", "读秒"),
    Keys => (
        "Keys: left Shift = Black's press, right Shift = White's press, Space = pause / resume",
        "按键：左Shift＝黑方按钟，右Shift＝白方按钟，空格＝暂停／继续",
    ),
    Edit => ("Edit", "摆子"),
    ToPlay => ("to play", "行棋"),
    Captures => ("Captures", "提子"),
    Count => ("Count", "数子"),
    Counting => ("Counting", "数子"),
    AcceptSuggestion => ("Accept suggestion", "接受建议"),
    Suggesting => ("Suggesting dead stones...", "正在判断死子……"),
    SuggestionFailed => ("no suggestion: mark the stones by hand", "无建议：请手动标记"),
    DeadTool => ("Dead stones", "死子"),
    SekiTool => ("Seki", "双活"),
    ResumePlay => ("Resume play", "继续对局"),
    DameTool => ("Dame", "单官"),
    Dispute => ("Dispute", "争议"),
    ClaimsDead => ("claims dead", "认为是死棋"),
    DisputeUnderWay => (
        "Dispute over life and death, settled by play (Art. 21.4)",
        "死活有争议，以实战解决（第21.4条）",
    ),
    ReturnToCounting => ("Return to counting", "回到数子"),
    AuditTrail => ("Audit trail", "变更记录"),
    NoAudit => ("No changes recorded", "无变更记录"),
    WallTime => ("Time", "时间"),
    Actor => ("Who", "人员"),
    Role => ("Role", "身份"),
    What => ("Change", "变更"),
    RoleArbiter => ("Arbiter", "裁判"),
    RoleChief => ("Chief arbiter", "裁判长"),
    RoleOrganiser => ("Organiser", "组织者"),
    Round => ("Round", "轮次"),
    TableNumber => ("Table", "台次"),
    NoRounds => ("No rounds yet", "尚无轮次"),
    NotConfirmed => ("not confirmed", "未确认"),
    Warnings => ("Warnings", "警告"),
    Standings => ("Standings", "名次表"),
    Place => ("Place", "名次"),
    Name => ("Name", "姓名"),
    Rank => ("Rank", "段位"),
    Points => ("Points", "积分"),
    WinsDrawsLosses => ("W-D-L", "胜-和-负"),
    TieBreakA => ("Opponents beaten (A)", "所胜对手积分（A）"),
    OpponentsPoints => ("Opponents' points", "对手积分"),
    TotalScore => ("Total score", "总分"),
    RoundRobin => ("Round robin", "循环赛"),
    Swiss => ("Swiss", "积分编排"),
    Export => ("Export", "导出"),
    ExportFolder => ("Folder", "文件夹"),
    ChooseFolder => ("Choose...", "选择……"),
    Diagrams => ("PNG diagrams", "PNG棋图"),
    ResultSlips => ("Result slips", "成绩单"),
    SgfPerGame => ("SGF per game", "每局SGF"),
    AllFormats => ("All", "全部"),
    Exporting => ("Exporting", "正在导出"),
    ExportedTo => ("Exported to", "已导出到"),
    ExportFailed => ("Export failed", "导出失败"),
    Gestures => (
        "Click a chain: dead / alive. Click it again: its whole group. Seki: click a chain to mark it. Dame: click an empty point.",
        "点一块棋：死／活。再点一次：整组。双活：点一块棋标记。单官：点一个空点。",
    ),
    Counted => ("Counted", "所数一方"),
    Area => ("area", "子数"),
    HalfBoard => ("Half the board", "归本数"),
    Komi => ("Komi", "贴子"),
    Compensation => ("Handicap compensation", "让子补偿"),
    PenaltyStones => ("Penalty stones", "罚子"),
    Par => ("Par", "胜负线"),
    Result => ("Result", "结果"),
    CountedOnBoard => ("Counted on the board", "盘上实数"),
    OtherEndings => ("Other endings", "其他结果"),
    WinnerIs => ("Winner", "胜方"),
    Resignation => ("Resignation", "中盘胜"),
    Time => ("Time", "超时"),
    Forfeit => ("Forfeit", "不战"),
    Disqualification => ("Disqualification", "取消资格"),
    Draw => ("Draw", "和棋"),
    BothLose => ("Both lose", "双方负"),
    NoResult => ("No result", "无胜负"),
    ByCount => ("By count", "数子结果"),
    Confirmation => ("Confirmation", "确认"),
    ConfirmResult => ("Confirm result", "确认结果"),
    Confirmed => ("Confirmed", "已确认"),
    ArbiterName => ("Arbiter", "裁判"),
    ChiefArbiter => ("Chief arbiter", "裁判长"),
    OverrideReason => ("Reason", "理由"),
    Override => ("Override", "更改结果"),
    Overrides => ("Overrides", "更改记录"),
    Initials => ("initials", "签名"),
    IfCountRight => ("If this hand count is right", "按此实数"),
    Settings => ("Settings", "设置"),
    Language => ("Language", "语言"),
    BlackPressKey => ("Black's press key", "黑方按钟键"),
    WhitePressKey => ("White's press key", "白方按钟键"),
    PauseKey => ("Pause key", "暂停键"),
    PressAKey => ("Press a key...", "请按一个键……"),
    Change => ("Change", "更改"),
    VoicePack => ("Voice pack", "语音包"),
    Volume => ("Volume", "音量"),
    MoveNumbers => ("Move numbers", "显示手数"),
    MovePressesClock => ("A move presses the clock", "落子即按钟"),
}

impl Lang {
    /// The language of a system locale: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set and not empty decides; Chinese when it starts with "zh" (zh_CN.UTF-8, zh_TW, zh),
    /// English otherwise (and when none is set).
    pub fn from_locale(lc_all: Option<&str>, lc_messages: Option<&str>, lang: Option<&str>) -> Lang {
        let locale = [lc_all, lc_messages, lang]
            .into_iter()
            .flatten()
            .find(|v| !v.is_empty());
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }

    /// The language of this process's locale (`from_locale` on the environment).
    pub fn of_system() -> Lang {
        let var = |name: &str| std::env::var(name).ok();
        Lang::from_locale(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        )
    }

    /// The language's own name, the same in both languages ("English", "中文").
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "中文",
        }
    }
}

/// A key's name for the settings: "Left Shift" ("左Shift"), "Space" ("空格"), else egui's name.
pub fn key_name(key: egui::Key, lang: Lang) -> String {
    use egui::Key;
    let sided = match key {
        Key::ShiftLeft => Some((true, "Shift")),
        Key::ShiftRight => Some((false, "Shift")),
        Key::ControlLeft => Some((true, "Ctrl")),
        Key::ControlRight => Some((false, "Ctrl")),
        Key::AltLeft => Some((true, "Alt")),
        Key::AltRight => Some((false, "Alt")),
        Key::SuperLeft => Some((true, "Super")),
        Key::SuperRight => Some((false, "Super")),
        _ => None,
    };
    match (sided, key, lang) {
        (Some((true, name)), _, Lang::En) => format!("Left {name}"),
        (Some((false, name)), _, Lang::En) => format!("Right {name}"),
        (Some((true, name)), _, Lang::Zh) => format!("左{name}"),
        (Some((false, name)), _, Lang::Zh) => format!("右{name}"),
        (None, Key::Space, Lang::Zh) => "空格".to_string(),
        (None, Key::Enter, Lang::Zh) => "回车".to_string(),
        (None, key, _) => key.name().to_string(),
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

//! The window's words: one table with an English and a Chinese column, so switching the language
//! is one place and no string exists in one language only. The language starts from the system
//! locale (`Lang::from_locale`) and switches at once in the settings.

pub mod errors;
pub mod komi;
pub mod photo;
pub mod reading;
#[cfg(test)]
mod tests_lang;

use std::fmt::Display;
use std::path::Path;

use crate::board::Color;
use crate::board::CoordError;
use crate::clock::ClockError;
pub use crate::lang::Lang;
use crate::ledger::LedgerError;
use crate::session::{ChainError, SessionError, StoreError, TableId};
pub use crate::ui::i18n::errors::{
    chain_error, clock_error, control_error, coord_error, dispute_claim, export_error, format_error, hand_count_check,
    job_error, ledger_error, rank_error, refusal, refused_at, scoring_error, session_error, store_error,
};

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
    // issue 15: a
    HandicapTakingBlack => ("1 (taking Black: no stones)", "1（让先：不放子）"),
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
    AskingKataGo => ("Asking KataGo...", "正在询问KataGo……"),
    KataGoSuggests => ("KataGo's suggestion", "KataGo的建议"),
    UseKataGo => ("Use KataGo's suggestion", "改用KataGo的建议"),
    KataGoFailed => (
        "KataGo gave no suggestion; the built-in one stays",
        "KataGo未给出建议，保留内置建议",
    ),
    KataGoSection => ("KataGo (dead-stone suggestions)", "KataGo（死活建议）"),
    AskKataGo => ("Ask KataGo when counting", "数子时询问KataGo"),
    KataGoProgram => ("Program (or katago on PATH)", "程序（或PATH中的katago）"),
    KataGoModel => ("Network file (-model)", "网络文件（-model）"),
    KataGoConfig => ("Analysis config (-config)", "分析配置（-config）"),
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
    // issue 15: b
    TableEdition => ("Rules edition", "规则版本"),
    HoldCaptures => ("Hold for captures", "提子停表"),
    EndHold => ("Captures off: count on", "提子完毕，继续读秒"),
    HeldForCaptures => (
        "Byo-yomi held while captures are removed (old Art. 18.4: not timed)",
        "读秒时，提子不计时间（旧第18条第4款）：读秒已停",
    ),
    HoldNotInEdition => (
        "Only the older text holds byo-yomi for captures; under the 2002 text the count goes on (Art. 22.6)",
        "只有旧版规则读秒时提子不计时间；2002年版照常读秒（第22条第6款）",
    ),
    ByoYomiScript => ("Byo-yomi script (Chinese byo-yomi)", "读秒细则（中国读秒）"),
    ScriptRulesDefault => ("empty: the rules' script for the control's period", "空：按用时的读秒时长采用规则的细则"),
    EditionProposes => (
        "Choosing an edition proposes its rules and komi",
        "选择规则版本时，同时建议其规则与贴子",
    ),
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
    // issue 15: c
    NoLossPending => ("no loss is waiting for the arbiter's ruling", "没有待裁决的判负"),
    DeclineNeedsReason => ("not giving the loss needs a reason", "不判负须填写理由"),
    TrueElapsed => ("True elapsed playing time (both sides)", "双方实际用时合计"),
    ApprovingChief => ("Approved by chief arbiter (name)", "认可的裁判长（姓名）"),
    OneSidedNeedsChief => (
        "A one-sided change of the reading needs the chief arbiter's approval (Art. 22.8).",
        "单方面的时间读数改拨，须经裁判长的认可（第22.8条）。",
    ),
    ProportionalCorrection => ("Proportional correction", "按比例拨正"),
    ReadingNow => ("Now", "现在"),
    ReadingAfter => ("After", "拨正后"),
    Used => ("used", "已用"),
    Left => ("left", "剩余"),
    CorrectionApplies => (
        "Error of 2 minutes an hour or more: both times are corrected in proportion (Art. 22.8).",
        "误差每小时2分钟（含）以上：按双方已用时间比例拨正（第22.8条）。",
    ),
    CorrectionBelowThreshold => (
        "Error under 2 minutes an hour: the clock may be replaced, the times stand (Art. 22.8).",
        "误差小于每小时2分钟：可以更换计时器，但不改拨时间（第22.8条）。",
    ),
    Reread => ("Re-read from a miscalled point (Art. 16.2)", "从读错之处重新读秒（第16.2条）"),
    RereadButton => ("Re-read from…", "重新读秒…"),
    RereadFrom => ("Re-read from second", "从第几秒重读"),
    LossCalledFor => ("The ledger calls for a loss", "记录表判负"),
    SecondWarning => ("Second warning", "第二次警告"),
    RecordLoss => ("Record the loss and end the game", "判负并结束对局"),
    DeclineReason => ("Reason for not giving the loss", "不判负的理由"),
    DeclineLoss => ("Do not give the loss", "不判负"),
    Later => ("Later", "稍后"),
    RuleOnLoss => ("Rule on the loss…", "裁决判负…"),
    LossOnTime => ("Loss on time", "超时判负"),
    ForfeitedMoveRuling => (
        "Forfeited move, same byo-yomi (player's request)",
        "应读秒方申请：弃权一次，继续读秒",
    ),
    AlwaysLossOld => (
        "Older text: \"用时(包括读秒)超过时限，一律判负\" (always a loss, old Art. 23.5).",
        "旧版规则：用时(包括读秒)超过时限，一律判负（旧第23条第5款）。",
    ),
    PenaltyFrom => ("Penalty stones from", "罚子来源"),
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
    CallerSection => ("Caller (for every table of the event)", "读秒（本赛事各台通用）"),
    CallerVoice => ("Voice", "人声"),
    CallerBeeps => ("Beeps", "提示音"),
    MainTimeCalls => ("Call 10, 5 and 1 minutes left in main time", "基本时间内报剩余10、5、1分钟"),
    TestCaller => ("Test: play the last minute", "试听：最后一分钟"),
    MoveNumbers => ("Move numbers", "显示手数"),
    MovePressesClock => ("A move presses the clock", "落子即按钟"),
    // The forms (dialogs.rs) and the table's buttons.
    CorrectClock => ("Correct clock", "校正用时"),
    Lateness => ("Lateness", "迟到"),
    Adjourn => ("Adjourn", "封盘"),
    Resign => ("Resign", "认输"),
    RecordVoid => ("Record as played (void)", "照实记录（该手无效）"),
    RecordStands => ("Record as played (stands)", "照实记录（该手有效）"),
    Player => ("Player", "对局者"),
    MainTime => ("Main time", "基本用时"),
    Periods => ("Minutes or periods left", "剩余读秒次数"),
    CurrentPeriod => ("Left in this period", "本次读秒剩余"),
    PeriodMoves => ("Moves left in the period", "本阶段剩余手数"),
    Reason => ("Reason", "理由"),
    MinutesLate => ("Minutes late", "迟到分钟数"),
    SealedMove => ("Sealed move", "封盘着点"),
    MoveNumber => ("Move", "手数"),
    PlayedAt => ("Played at (if not in the record)", "落子位置（棋谱中未记录时）"),
    Clock => ("Clock", "棋钟"),
    // issue 15: d
    CycleRulings => ("The arbiter rules:", "裁判裁决："),
    CycleForbidden => (
        "Forbidden in principle: play elsewhere, or the arbiter rules:",
        "原则上禁止：请改下别处，或由裁判裁决：",
    ),
    RuleNoResult => ("Rule no result", "判无胜负"),
    RuleDraw => ("Rule a draw", "判和棋"),
    RulePlayoff => ("Rule a playoff", "判加赛"),
    RuleReplay => ("Rule a replay", "判重下"),
    NoCycle => ("no cycle is named at this table", "本台没有认定的全局同形循环"),
    SplitUsedTime => (
        "No written record of the used times: split equally (Art. 22.9)",
        "找不到前半段用时书面记录：双方均摊（第22.9条）",
    ),
    GiveUpSuddenDeathOnly => (
        "giving up the competition on the board is a rule of sudden-death games (Art. 12.4(4))",
        "放弃盘上竞争是包干用时制的规定（第12.4条第4款）",
    ),
    Note => ("Note", "备注"),
    Sanction => ("Sanction", "处罚"),
    ByCatalogue => ("as the rules say", "按规则处理"),
    Record => ("Record", "记录"),
    Apply => ("Apply", "确定"),
    Cancel => ("Cancel", "取消"),
    Ok => ("OK", "确定"),
    DoubleMove => ("Double move", "连下两手"),
    MistakenCapture => ("Mistaken capture", "误提"),
    CapturesNotRemoved => ("Captures left", "漏提"),
    Disturbing => ("Disturbing", "干扰对方"),
    OtherOffence => ("Other offence", "其他违规"),
    Handicap => ("Handicap", "让子"),
    // The session sidebar.
    NotSavedYet => ("not saved yet", "尚未保存"),
    DateHint => ("date", "日期"),
    NewRound => ("New round", "新建轮次"),
    MoveUp => ("Up", "上移"),
    MoveDown => ("Down", "下移"),
    BlackShort => ("B", "黑"),
    WhiteShort => ("W", "白"),
    RenameHint => ("name", "名称"),
    RenameRound => ("Rename round", "轮次改名"),
    RenameTable => ("Rename table", "对局台改名"),
    SeatNeedsPlayers => ("Add two players to seat a table", "请先添加两名棋手再设对局台"),
    AddTable => ("Add table", "添加对局台"),
    Players => ("Players", "棋手"),
    PlayerNameHint => ("name", "姓名"),
    RankHint => ("5k, 3d, 2p", "如5k、3d、2p"),
    ClubHint => ("club", "单位"),
    AddPlayer => ("Add player", "添加棋手"),
    // A table's state in the sidebar (with NotStarted, ByoYomi, Paused above).
    Playing => ("playing", "对局中"),
    CountingState => ("counting", "数子中"),
    Finished => ("finished", "已结束"),
    ConfirmedState => ("confirmed", "已确认"),
    // The menu and the window's own windows (mod.rs).
    File => ("File", "文件"),
    NewSession => ("New session…", "新建赛事…"),
    OpenSession => ("Open session…", "打开赛事…"),
    // issue 15: also
    RaisedBy => ("Raised by", "提出者"),
    RaisedByArbiter => ("the arbiter (seen)", "裁判员（目睹）"),
    ClaimByBlack => ("Black's claim", "黑方申诉"),
    ClaimByWhite => ("White's claim", "白方申诉"),
    UrgentClaim => (
        "urgent (old Art. 16.2: may be raised outside the claimant's own time)",
        "较紧迫的事件（旧第16.2条：可不在自己走棋的时间内提出）",
    ),
    PersonConcerned => ("Person concerned", "当事人"),
    SaveSessionAs => ("Save session as…", "赛事另存为…"),
    ImportSgf => ("Import SGF as a new table…", "导入SGF为新对局台…"),
    ExportTableSgf => ("Export the table's SGF…", "导出本台SGF…"),
    Results => ("Results", "成绩"),
    Welcome => (
        "Add players, a round and a table in the sidebar, or open a session (File).",
        "在侧栏添加棋手、轮次和对局台，或打开赛事文件（文件）。",
    ),
    SessionRestored => ("Session restored", "赛事已恢复"),
    PartialDropped => (
        "The change being written when the app stopped was incomplete and was dropped.",
        "程序停止时正在写入的变更不完整，已舍弃。",
    ),
    ClocksRunning => ("Clocks that were running:", "当时正在走的棋钟："),
    Unknown => ("unknown", "未知"),
    ChargeDowntime => (
        "Charge the time that passed while the app was down to the player on move?",
        "程序停止期间的时间是否计入该行棋方的用时？",
    ),
    ChargeIt => ("Charge it (default)", "计入（默认）"),
    DoNotCharge => ("Do not charge it", "不计入"),
    SessionUnreadable => ("Session file unreadable", "赛事文件无法读取"),
    OpenNewestBackup => ("Open the newest good backup", "打开最新的完好备份"),
    NoFileDialog => (
        "No file dialog is available: type the file's path.",
        "无法打开文件对话框：请输入文件路径。",
    ),
    NewSessionFile => ("New session file (.ron)", "新建赛事文件（.ron）"),
    OpenSessionFile => ("Open session file (.ron)", "打开赛事文件（.ron）"),
    SaveSessionFileAs => ("Save session as (.ron)", "赛事另存为（.ron）"),
    ImportSgfFile => ("Import SGF", "导入SGF"),
    ExportSgfTo => ("Export SGF to", "导出SGF到"),
    RestoreBackupOf => ("Restore backup of", "恢复备份："),
    CorrectionNeedsReason => ("a clock correction needs a reason", "校正用时必须填写理由"),
    // The file dialogs' filter (files.rs).
    SessionFiles => ("Go Arbiter session", "Go Arbiter赛事文件"),
    // The question before an unsaved session is replaced (mod.rs).
    SaveFirst => ("Save first?", "先保存吗？"),
    SaveAsFirst => ("Save as...", "另存为……"),
    Discard => ("Discard", "不保存"),
    // The rounds' order in the sidebar.
    RoundUp => ("Round up", "轮次上移"),
    RoundDown => ("Round down", "轮次下移"),
    // The table's refusals (app.rs).
    ControlFixed => (
        "the clock has started: the time control is fixed for this game",
        "棋钟已开始：本局的用时不能再改",
    ),
    NoRefusedMove => ("there is no refused move to record", "没有被拒绝的着手可记录"),
    HandicapBeforeStart => (
        "handicap stones are placed on a new game, before the clock starts",
        "让子只能在新对局开钟之前摆放",
    ),
    // The event's settings window (event_view.rs).
    EventMenu => ("Event…", "赛事设置…"),
    EventSettings => ("Event settings", "赛事设置"),
    EventName => ("Event name", "赛事名称"),
    NewEventName => ("New event", "新赛事"),
    EventDates => ("Dates (separated by ;)", "日期（用分号；分隔）"),
    EventTimeZone => ("Time zone", "时区"),
    TimeZoneHint => ("Asia/Shanghai (empty: this computer's)", "Asia/Shanghai（留空：本机时区）"),
    Venue => ("Venue", "地点"),
    PenaltyEdition => ("Penalty rules", "判罚规则"),
    RulesPreset => ("Rules", "规则"),
    EventKomi => ("Komi", "贴目"),
    KomiHint => ("3 3/4 stones or 7.5 points", "3又3/4子或7.5目"),
    DefaultControl => ("Default time control", "默认用时"),
    LatenessLimit => ("Lateness limit", "迟到时限"),
    LatenessTogether => (
        "15 minutes: venue and lodging together (Art. 22.2)",
        "15分钟：赛场与住地在一处（第22.2条）",
    ),
    LatenessApart => (
        "1 hour: venue and lodging apart (Art. 22.1)",
        "1小时：赛场与住地不在一处（第22.1条）",
    ),
    LatenessMinutes => ("Minutes", "分钟数"),
    EventTakesEffect => (
        "Rules, komi and time control apply to tables created from now on; the lateness limit applies to every table at once.",
        "规则、贴目和用时适用于此后新建的对局台；迟到时限立即适用于所有对局台。",
    ),
    PresetChinese2002 => ("Chinese (2002)", "中国规则（2002年版）"),
    PresetChineseOld => ("Chinese (old text)", "中国规则（旧版）"),
    PresetJapanese => ("Japanese", "日本规则"),
    PresetKorean => ("Korean", "韩国规则"),
    PresetAga => ("AGA", "美国围棋协会规则（AGA）"),
    PresetIng => ("Ing", "应氏规则"),
    PresetNewZealand => ("New Zealand", "新西兰规则"),
    PresetTrompTaylor => ("Tromp-Taylor", "Tromp-Taylor规则"),
    // issue 16: a
    ImportOpenGotha => ("Import OpenGotha tournament…", "导入OpenGotha赛事…"),
    ImportPlayersCsv => ("Import players (CSV)…", "导入棋手（CSV）…"),
    ExportOpenGothaCopy => ("Export results into an OpenGotha copy…", "把成绩导出到OpenGotha副本…"),
    ExportAga => ("Export AGA results…", "导出AGA成绩…"),
    ImportWhichRound => ("Import which round?", "导入哪一轮？"),
    ImportThisRound => ("Import", "导入"),
    ImportReportTitle => ("Import report", "导入结果"),
    CloseReport => ("Close", "关闭"),
    // issue 16: b
    EventSystem => ("System (Art. 26)", "比赛办法（第26条）"),
    SystemNotDeclared => ("Not declared", "未规定"),
    SystemRoundRobin => ("Round robin", "单循环"),
    SystemDoubleRoundRobin => ("Double round robin", "双循环"),
    SystemSwissTotal => ("Swiss, 2002 text method A (total score)", "积分编排，2002年版办法A（总得分）"),
    SystemSwissOpponents => ("Swiss, 2002 text method B (opponents' points)", "积分编排，2002年版办法B（对手积分）"),
    SystemSwissOldTotal => ("Swiss, older text (total score)", "积分编排，旧版（总得分）"),
    SystemMcMahon => ("McMahon", "麦克马洪制"),
    SystemTeamRoundRobin => ("Team round robin (fixed boards)", "团体循环赛（分台定人制）"),
    SystemTeamSwiss => ("Team Swiss (fixed boards)", "团体积分编排（分台定人制）"),
    DeclareSystem => (
        "The event has not declared its system: ranked by game points only. Declare the system in the event's settings.",
        "赛事未规定比赛办法：只按积分排名。请在赛事设置中规定比赛办法。",
    ),
    TopScoreSetting => ("Top score (最高积分) in the total score", "总得分公式中的最高积分"),
    TopScoreReached => ("Highest reached", "已得最高积分"),
    TopScorePossible => ("Highest possible", "可能的最高积分"),
    McMahonBar => ("McMahon bar (a rank; empty: none)", "麦克马洪上限（段级位；空：无）"),
    McMahonScore => ("McMahon score", "麦克马洪分"),
    Sos => ("SOS", "对手分"),
    Sosos => ("SOSOS", "对手的对手分"),
    LotsColumn => ("Lots", "抽签"),
    Withdrawals => ("Withdrawals (Art. 28)", "退出比赛（第28条）"),
    WithdrawingPlayer => ("Player withdrawing", "退出比赛的棋手"),
    AfterRound => ("After round", "退出于第几轮后"),
    WithdrawalReason => ("Reason", "理由"),
    RecordWithdrawal => ("Record the withdrawal", "记录退出比赛"),
    DrawLots => ("Draw lots among the tied", "抽签区分名次"),
    TeamStandings => ("Team standings", "团体名次"),
    Team => ("Team", "队"),
    MatchPoints => ("Match points", "场分"),
    BoardPoints => ("Board points", "局分"),
    BoardsColumn => ("Boards 1, 2, ...", "各台局分"),
    Matches => ("Matches", "场次"),
    AddBoard => ("Next board", "下一台"),
    AddTeam => ("Add the team", "添加队"),
    CreateTeamMatch => ("Seat the team match in this round", "在本轮安排团体对抗"),
    // issue 17: c
    // issue 16: lead
    MergeResults => ("Merge results from another workstation…", "合并其他裁判台的结果…"),
    MergeFileTitle => ("Another workstation's session file", "其他裁判台的赛事文件"),
    MergeNothingToTake => ("Nothing to take: no new confirmed result.", "没有可采用的新的已确认结果。"),
    MergeConflictsHint => (
        "A conflict is settled by the chief arbiter at its table (an override with a reason); nothing is changed here.",
        "冲突由裁判长在该台裁定（填写理由后更改结果）；此处不作任何改动。"
    ),
    Close => ("Close", "关闭"),
    // issue 18: a
    DowntimeFromStamp => (
        "(This file has no clock checkpoint: measured from its last audit entry, to the second.)",
        "（此文件没有棋钟状态记录：按最后一条变更记录的时间计算，精确到秒。）",
    ),
    QuitWhileRunning => ("Clocks are running", "棋钟正在走"),
    PauseAndQuit => ("Pause the clocks and quit", "暂停棋钟并退出"),
    // issue 18: c
    ChiefPassphrase => ("Chief arbiter's passphrase", "裁判长口令"),
    SetChiefPassphrase => (
        "Chief arbiter's passphrase (set once; kept only as a slow salted hash)",
        "裁判长口令（只能设定一次；只保存其慢速加盐哈希值）"
    ),
    // issue 17: lead
    ReadOnlyRefused => (
        "Read-only: this session is open for writing in another window; nothing was changed.",
        "只读：此赛事文件已在另一个窗口中打开并可写入，未作任何更改。"
    ),
    // issue 18: lead
    ChangesNotSaved => ("Changes not saved", "有更改未保存"),
    RetrySaving => ("Try to save again", "再试一次保存"),
    QuitLosingThem => ("Quit and lose them", "退出并放弃这些更改"),
    CheckingPassphrase => ("Checking the passphrase…", "正在核对口令…"),
    // issue 19: b
    FaceWaiting => ("opponent's time", "对方用时"),
    FacePaused => ("PAUSED", "暂停"),
    FaceByoYomi => ("BYO-YOMI", "读秒"),
    FaceLastMinute => ("LAST MINUTE", "最后一分钟"),
    FaceLastTenSeconds => ("LAST 10 SECONDS", "最后10秒"),
    FaceOutOfTime => ("OUT OF TIME", "超时"),
    ShowSidebar => ("Players, rounds and tables >", "棋手、轮次、对局台 >"),
    HideSidebar => ("< Fold", "< 关闭"),
    // issue 20: d
    CheckThese => ("Check these (the guess is unsure)", "请核对死活（判断不确定）"),
    NeedsSealing => ("Needs sealing (open points, stones in atari)", "请先走完单官及只剩一气的棋"),
    // session 27: lead
    NoSoundShort => ("No sound: captions only", "没有声音：只以字幕显示"),
    NoVoiceShort => ("No voice pack", "没有语音包"),
    OlderNotices => ("older notices", "较早的提示"),
    // issue 19: t
    AllSeated => ("Everyone is seated in this round", "本轮棋手都已就座"),
    PlayersDisplay => ("Players' display", "棋手屏幕"),
    ReopenLastSession => ("Reopen the last session at the start", "启动时打开上次的文件"),
    // issue 21: p
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

/// A preset's name in the window.
pub fn preset_name(preset: crate::rules::Preset) -> Text {
    use crate::rules::Preset;
    match preset {
        Preset::Chinese2002 => Text::PresetChinese2002,
        Preset::ChineseOld => Text::PresetChineseOld,
        Preset::Japanese => Text::PresetJapanese,
        Preset::Korean => Text::PresetKorean,
        Preset::Aga => Text::PresetAga,
        Preset::Ing => Text::PresetIng,
        Preset::NewZealand => Text::PresetNewZealand,
        Preset::TrompTaylor => Text::PresetTrompTaylor,
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

/// "Label: value", with the language's colon ("标签：值").
pub fn labelled(label: Text, value: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}: {value}", label.tr(lang)),
        Lang::Zh => format!("{}：{value}", label.tr(lang)),
    }
}

/// A field that wants a whole number: "Move: "x" is not a whole number" ("手数：“x”不是整数").
pub fn not_whole_number(field: Text, text: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}: \"{text}\" is not a whole number", field.tr(lang)),
        Lang::Zh => format!("{}：“{text}”不是整数", field.tr(lang)),
    }
}

/// "round 1 table 2" ("第1轮第2台").
pub fn table_id(id: TableId, lang: Lang) -> String {
    crate::session::said::table(&id, lang)
}

/// A round's heading in the sidebar: "Round 3 Final · 2026-11-29" ("第3轮 决赛 · 2026-11-29").
pub fn round_title(number: u32, name: &str, date: &str, lang: Lang) -> String {
    let round = match lang {
        Lang::En => format!("Round {number}"),
        Lang::Zh => format!("第{number}轮"),
    };
    match name.is_empty() {
        true => format!("{round} · {date}"),
        false => format!("{round} {name} · {date}"),
    }
}

/// A table's name in the sidebar: "Table 2" ("第2台"), then its own name if it has one.
pub fn table_title(number: u32, name: &str, lang: Lang) -> String {
    let table = match lang {
        Lang::En => format!("Table {number}"),
        Lang::Zh => format!("第{number}台"),
    };
    match name.is_empty() {
        true => table,
        false => format!("{table} {name}"),
    }
}

/// A colour in one character, for the move list and the captures: "B" ("黑").
pub fn color_short(color: Color, lang: Lang) -> &'static str {
    match color {
        Color::Black => Text::BlackShort.tr(lang),
        Color::White => Text::WhiteShort.tr(lang),
    }
}

/// A line of the move list: "12. B D4", "13. W pass", "B resigns", "edit: +0 B, +1 W, -1"
/// ("12. 黑 D4", "13. 白 停一手", "黑 认输", "摆子：+黑0，+白1，-1").
#[derive(Clone, Copy, Debug)]
pub enum MoveLine<'a> {
    Move(usize, Color, &'a str),
    Pass(usize, Color),
    Resign(Color),
    /// Stones added, Black and White, and points cleared.
    Edit(usize, usize, usize),
}

impl MoveLine<'_> {
    pub fn text(self, lang: Lang) -> String {
        let c = |color| color_short(color, lang);
        match (self, lang) {
            (MoveLine::Move(n, color, point), _) => format!("{n}. {} {point}", c(color)),
            (MoveLine::Pass(n, color), Lang::En) => format!("{n}. {} pass", c(color)),
            (MoveLine::Pass(n, color), Lang::Zh) => format!("{n}. {} 停一手", c(color)),
            (MoveLine::Resign(color), Lang::En) => format!("{} resigns", c(color)),
            (MoveLine::Resign(color), Lang::Zh) => format!("{} 认输", c(color)),
            (MoveLine::Edit(b, w, e), Lang::En) => format!("edit: +{b} B, +{w} W, -{e}"),
            (MoveLine::Edit(b, w, e), Lang::Zh) => format!("摆子：+黑{b}，+白{w}，-{e}"),
        }
    }
}

/// A message with values in it: the notices and the recovery window's lines. An engine error
/// inside one is put in the window's language first by its function here (`refusal`,
/// `scoring_error`, `clock_error`, `control_error`, `ledger_error`, `coord_error`,
/// `session_error`, `chain_error`, `store_error`, `export_error`, `job_error`); what those keep
/// in the engine's words is its detail (a system's reason, an SGF reader's message).
#[derive(Clone, Copy)]
pub enum Msg<'a> {
    Refused(&'a SessionError),
    CannotShow(TableId, &'a SessionError),
    PlayerNeedsName,
    SamePlayerTwice,
    NoRound(u32),
    ClockReplaced(TableId),
    NotSavedAt(&'a Path, &'a StoreError),
    NotLeftUncharged(TableId, &'a ClockError),
    AuditBroken(&'a Path, &'a ChainError),
    UnsavedClosed(usize),
    SavedAs(&'a Path),
    NotSaved(&'a StoreError),
    Opened(&'a Path),
    Imported(&'a Path),
    Exported(&'a Path),
    NotExported(&'a Path, &'a dyn Display),
    SnapshotFailed(&'a Path, &'a StoreError),
    NoDialog,
    /// The recovery: the file, its tables, the journal entries replayed.
    Recovered(&'a Path, usize, usize),
    /// A file opened cleanly: its tables.
    Loaded(&'a Path, usize),
    OfferBackup(&'a Path),
    /// The question before an unsaved session with tables is replaced: its tables.
    SaveFirst(usize),
    /// No sound device (the engine's reason): calls are captions only.
    NoSound(&'a dyn Display),
    // issue 15: b
    /// The line on the table that names its rule edition.
    EditionLine(&'a str),
    /// No voice pack of this language (folder name) in the last place looked.
    NoVoicePack(&'a str, &'a Path),
    /// The voice pack did not read.
    VoicePackUnreadable(&'a dyn Display),
    /// The voice pack's loader thread did not start (its error), or stopped (`None`).
    VoiceLoaderFailed(Option<&'a dyn Display>),
    /// A pack (its language) with clips missing or unreadable: how many.
    ClipsMissing(&'a str, usize),
    /// A ledger entry refused (the ledger's reason).
    NotRecorded(&'a LedgerError),
    /// The sealed move (its text) could not be played on resuming: why.
    SealedRefused(&'a str, &'a str),
    /// The sealed move (its text) does not name a point: the arbiter plays it on the board.
    PlaySealed(&'a str),
    /// The "played at" point of an illegal move did not read.
    PlayedAt(&'a CoordError),
    // issue 15: d
    /// A cycle played (the older text) or found in the record: its name and moves, the edition.
    CycleStands(&'a crate::game::Cycle, crate::ledger::Edition),
    /// A move refused because it repeats the position (the 2002 text): the cycle it would close.
    CycleRefused(&'a crate::game::Cycle, crate::ledger::Edition),
    /// A cycle ruling the edition does not give.
    CycleRulingRefused(&'a crate::ledger::NotThisEdition),
    /// The button: this player, in byo-yomi, is permitted to leave the seat (Art. 22.7).
    LeaveSeat(Color),
    /// The button: the player permitted to leave is back.
    BackToSeat(Color),
    /// The adjournment form: Black's and White's used times.
    UsedTimes(&'a str, &'a str),
    /// The adjournment form: the field of a player's initials.
    Initials(Color),
    /// The used times at the adjournment and the initials that confirmed them (B, W).
    AdjournedTimes(&'a str, &'a str, &'a str, &'a str),
    /// The button: this player gives up the competition on the board (Art. 12.4(4)).
    GivesUp(Color),
    /// The counting slip: this player gave up the competition.
    GaveUp(Color),
    /// The catalogue (its edition) has no lateness rule.
    NoLatenessRule(crate::ledger::Edition),
    /// A flagged move in the move list: its line.
    Illegal(&'a str),
    /// "Captures: B 3 W 1".
    Captures(u32, u32),
    /// The ledger's "now": the move number and the offender's clock.
    MoveAndClock(usize, &'a str),
    /// One incident: its number, offence, offender, move, clock and sanction.
    Incident {
        number: usize,
        offence: &'a str,
        player: Color,
        /// The person concerned when not a side of the game (Art. 23.7); empty otherwise.
        bystander: &'a str,
        move_number: usize,
        clock: &'a str,
        sanction: &'a str,
    },
    /// A side's total under territory counting.
    Points(&'a str),
    /// The hand count typed does not read.
    NotStones(&'a str),
    /// An override in the counting screen: the chief arbiter, the reason, the result before.
    OverrideLine(&'a str, &'a str, &'a str),
    /// A player's time ran out (seen by the clock): who, and the thinking time they had used.
    OutOfTime(Color, &'a str),
    // issue 15: c
    /// The edition (its name) has no forfeited move after a timeout.
    NoForfeitedMove(crate::ledger::Edition),
    /// The second typed for a re-read is not one of 0 to 59.
    NotASecond(&'a str),
    /// Where the side to move (its name) is in the current minute: the second.
    MinuteNow(&'a str, u64),
    /// The loss the ledger calls for: against whom, what calls for it, the article, the incident.
    LossFor {
        player: Color,
        what: &'a str,
        article: &'a str,
        incident: usize,
    },
    /// A timeout in the last minute waiting for the arbiter's ruling.
    RuleOnTimeout(Color),
    /// One penalty stone's source: the warned player, the incident, its offence and article.
    PenaltySource {
        player: Color,
        incident: usize,
        offence: &'a str,
        article: &'a str,
    },
    /// A press after the player's time had already run out: who, and the thinking time they had used.
    AlreadyOutOfTime(Color, &'a str),
    /// The event's settings: the event has no name.
    EventNeedsName,
    /// The event's settings: the komi typed does not read.
    NotKomi(&'a str),
    /// The event's settings: how the komi typed reads, in stones and in points.
    KomiReads(crate::scoring::Quarters),
    /// The event's settings: a lateness limit of zero (every lateness would be a loss).
    ZeroLatenessLimit,
    /// An SGF file imported as a table did not read (the SGF reader's error).
    NotImported(&'a Path, &'a crate::sgf::SgfError),
    /// The SGF file named by `GO_ARBITER_OPEN` did not read (the SGF reader's error).
    NotOpenedAtStart(&'a crate::sgf::SgfError),
    // issue 16: a
    /// An OpenGotha or CSV file that could not be imported (the import's typed error).
    NotImportedFile(&'a crate::tournament::source::SourceError),
    /// What an OpenGotha round's import did: players and tables added, updated, left alone.
    RoundImported(&'a crate::tournament::ImportReport),
    /// What a CSV import did: players added and updated.
    PlayersImported(&'a crate::tournament::players_csv::CsvReport),
    /// The OpenGotha copy (with what went in) or the AGA file (`None`) written.
    TournamentWritten(&'a Path, Option<&'a crate::export::opengotha::CopyReport>),
    /// The OpenGotha copy or the AGA file not written (the export's typed error).
    TournamentNotWritten(&'a Path, &'a crate::export::ExportError),
    // issue 16: b
    /// A withdrawal in the standings: the player, after which round, results void, the reason.
    Withdrew(&'a str, u32, bool, &'a str),
    /// The place a player drew by lots.
    DrewLots(usize),
    /// A team match's score: the two teams and their board points.
    MatchScore(&'a str, &'a str, u32, u32),
    // issue 17: c
    // issue 16: lead
    /// The merge window's title: the other workstation's file.
    MergeFrom(&'a str),
    /// One table's finding in a merge.
    MergeFinding(&'a crate::session::merge::Finding),
    /// The merge window's button: take these confirmed results.
    MergeTake(usize),
    /// The notice after a merge: results taken from the file.
    MergeTaken(usize, &'a str),
    /// Another workstation's file could not be merged.
    MergeRefused(&'a Path, &'a crate::session::merge::MergeError),
    // issue 18: a
    /// A clock that was running when the app stopped: how long the app was down, from when (the
    /// clock's last recorded instant, as wall time), and the side on move.
    Downtime(TableId, &'a str, &'a str, Color),
    /// One of the two readings at the reopening: charged (`true`) or not, the side, its face
    /// ("44:11 + 5 × 1:00") and its used time.
    DowntimeReading(bool, Color, &'a str, &'a str),
    /// The question before quitting while clocks run: how many tables.
    QuitRunning(usize),
    /// Clock checkpoints folded into the audit trail's next line: how many.
    CheckpointsFolded(usize),
    // issue 18: c
    // issue 17: lead
    /// Opened read-only: the file, and the process that has it open for writing.
    OpenedReadOnly(&'a Path, Option<u32>, &'a str),
    /// Where a read-only session lives (the sidebar).
    ReadOnlyPlace(&'a Path),
    // issue 18: lead
    /// Saving failed (once, until it works again): the file and why.
    SavingFailed(&'a Path, &'a StoreError),
    /// Saving works again: every held change is in the file.
    SavedAgain(&'a Path),
    /// The journal was removed or replaced outside the app and written again: its lines.
    JournalRewritten(&'a Path, usize),
    /// A change not taken: this many wait to be written.
    SavingBehind(u64),
    /// The menu bar's status while saving fails: changes held.
    HeldUnsaved(u64),
    /// The question before quitting while changes are held unsaved: how many.
    QuitUnsaved(u64),
    /// Opened read-only because the file's folder cannot be written: the file and why.
    OpenedReadOnlyUnwritable(&'a Path, &'a StoreError),
    // issue 19: b
    // issue 20: d
    // session 27: lead
    // issue 19: t
    // issue 21: p
}

/// A cycle's name in `lang` ("Triple ko", "三劫循环") and its article ("Art. 20.3").
fn cycle_words(c: &crate::game::Cycle, edition: crate::ledger::Edition, lang: Lang) -> (String, String) {
    let name = crate::ledger::cycle::kind_text(c.kind, lang);
    let mut chars = name.chars();
    let name = chars
        .next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(chars).collect());
    (name, crate::ledger::article_label(edition.cycle_article(), lang))
}

impl Msg<'_> {
    /// The message in `lang`.
    pub fn text(self, lang: Lang) -> String {
        let en = lang == Lang::En;
        let id = |id: TableId| table_id(id, lang);
        match self {
            Msg::Refused(e) if en => format!("refused: {}", session_error(e, lang)),
            Msg::Refused(e) => format!("未执行：{}", session_error(e, lang)),
            Msg::CannotShow(t, e) if en => format!("{} cannot be shown: {}", id(t), session_error(e, lang)),
            Msg::CannotShow(t, e) => format!("{}无法显示：{}", id(t), session_error(e, lang)),
            Msg::PlayerNeedsName if en => "a player needs a name".to_string(),
            Msg::PlayerNeedsName => "棋手必须有姓名".to_string(),
            Msg::SamePlayerTwice if en => "Black and White must be two different players".to_string(),
            Msg::SamePlayerTwice => "黑方和白方必须是两名不同的棋手".to_string(),
            Msg::NoRound(n) if en => format!("there is no round {n}"),
            Msg::NoRound(n) => format!("没有第{n}轮"),
            Msg::ClockReplaced(t) if en => format!("{}: the clock was replaced: its new events are not stored", id(t)),
            Msg::ClockReplaced(t) => format!("{}：棋钟已被替换，新的计时记录未保存", id(t)),
            Msg::NotSavedAt(p, e) if en => format!("{}: not saved: {}", p.display(), store_error(e, lang)),
            Msg::NotSavedAt(p, e) => format!("{}：未保存：{}", p.display(), store_error(e, lang)),
            Msg::SavingFailed(p, e) if en => format!(
                "Not saved: {}. The changes from now on are kept in this window and written to {} as soon as the disk takes them; do not close the window until then (or save as another file on another disk).",
                store_error(e, lang),
                p.display()
            ),
            Msg::SavingFailed(p, e) => format!(
                "未保存：{}。此后的更改保留在本窗口中，一旦磁盘可写即写入{}；在此之前请不要关闭窗口（或另存为其他磁盘上的文件）。",
                store_error(e, lang),
                p.display()
            ),
            Msg::SavedAgain(p) if en => format!("Saved again: every change held is now in {}.", p.display()),
            Msg::SavedAgain(p) => format!("已恢复保存：暂存的所有更改均已写入{}。", p.display()),
            Msg::JournalRewritten(p, n) if en => format!(
                "The journal of {} was removed or replaced outside the app: it was written again ({n} earlier lines); nothing was lost.",
                p.display()
            ),
            Msg::JournalRewritten(p, n) => format!(
                "{}的日志在程序之外被删除或替换：已重新写入（之前的{n}行），未丢失任何内容。",
                p.display()
            ),
            Msg::SavingBehind(n) if en => format!(
                "Not taken: {n} changes are waiting to be written to the file (the disk is full or failing); nothing was changed."
            ),
            Msg::SavingBehind(n) => format!("未采用：已有{n}项更改等待写入文件（磁盘已满或出错）；未作任何更改。"),
            Msg::HeldUnsaved(n) if en => format!("Not saved: {n} changes held"),
            Msg::HeldUnsaved(n) => format!("未保存：暂存{n}项更改"),
            Msg::QuitUnsaved(n) if en => format!(
                "{n} changes are not saved: the disk does not take them. Quitting now loses them; saving as another file on another disk keeps them."
            ),
            Msg::QuitUnsaved(n) => {
                format!("有{n}项更改未保存：磁盘无法写入。现在退出将丢失这些更改；另存为其他磁盘上的文件可以保留它们。")
            }
            Msg::OpenedReadOnlyUnwritable(p, e) if en => format!(
                "Opened {} read-only: {}; changes are refused here (save as a file in a folder that can be written to change it).",
                p.display(),
                store_error(e, lang)
            ),
            Msg::OpenedReadOnlyUnwritable(p, e) => format!(
                "已以只读方式打开{}：{}；此处拒绝任何更改（如需更改，请另存到可写入的文件夹）。",
                p.display(),
                store_error(e, lang)
            ),
            Msg::NotLeftUncharged(t, e) if en => format!(
                "{}: the time could not be left uncharged: {}",
                id(t),
                clock_error(e, lang)
            ),
            Msg::NotLeftUncharged(t, e) => format!("{}：这段时间未能不计入用时：{}", id(t), clock_error(e, lang)),
            Msg::AuditBroken(p, e) if en => format!(
                "{}: the audit trail does not hold: {}",
                p.display(),
                chain_error(e, lang)
            ),
            Msg::AuditBroken(p, e) => format!("{}：变更记录校验不通过：{}", p.display(), chain_error(e, lang)),
            Msg::UnsavedClosed(n) if en => format!("the unsaved session ({n} tables) was closed without being saved"),
            Msg::UnsavedClosed(n) => format!("未保存的赛事（{n}台对局）已关闭，没有保存"),
            Msg::SavedAs(p) if en => format!("saved as {}", p.display()),
            Msg::SavedAs(p) => format!("已另存为{}", p.display()),
            Msg::NotSaved(e) if en => format!("not saved: {}", store_error(e, lang)),
            Msg::NotSaved(e) => format!("未保存：{}", store_error(e, lang)),
            Msg::Opened(p) if en => format!("opened {}", p.display()),
            Msg::Opened(p) => format!("已打开{}", p.display()),
            Msg::Imported(p) if en => format!("imported {}", p.display()),
            Msg::Imported(p) => format!("已导入{}", p.display()),
            Msg::Exported(p) if en => format!("exported {}", p.display()),
            Msg::Exported(p) => format!("已导出{}", p.display()),
            Msg::NotExported(p, e) if en => format!("{}: not exported: {e}", p.display()),
            Msg::NotExported(p, e) => format!("{}：导出失败：{e}", p.display()),
            Msg::SnapshotFailed(p, e) if en => {
                format!("{}: the last snapshot failed: {}", p.display(), store_error(e, lang))
            }
            Msg::SnapshotFailed(p, e) => format!("{}：最后一次存档失败：{}", p.display(), store_error(e, lang)),
            Msg::NoDialog if en => {
                "no file dialog is available here (no desktop portal): type a path instead".to_string()
            }
            Msg::NoDialog => "此处无法打开文件对话框（没有桌面门户）：请直接输入路径".to_string(),
            Msg::Recovered(p, tables, replayed) if en => format!(
                "{}: the app did not close cleanly. Restored {tables} tables; {replayed} journal entries replayed.",
                p.display()
            ),
            Msg::Recovered(p, tables, replayed) => format!(
                "{}：程序上次未正常关闭。已恢复{tables}台对局，重放{replayed}条日志记录。",
                p.display()
            ),
            Msg::Loaded(p, tables) if en => format!("{}: {tables} tables.", p.display()),
            Msg::Loaded(p, tables) => format!("{}：{tables}台对局。", p.display()),
            Msg::Downtime(t, down, since, player) if en => format!(
                "{}: the app was down {down} (from {since}, the clock's last recorded instant); {} was on move.",
                id(t),
                color_name(player, lang)
            ),
            Msg::Downtime(t, down, since, player) => format!(
                "{}：程序停止了{down}（自{since}起，即棋钟最后记录的时刻）；当时轮到{}行棋。",
                id(t),
                color_name(player, lang)
            ),
            Msg::DowntimeReading(charged, player, face, used) if en => format!(
                "{}: {} {face} (used {used})",
                if charged { "Charged" } else { "Not charged" },
                color_name(player, lang)
            ),
            Msg::DowntimeReading(charged, player, face, used) => format!(
                "{}：{} {face}（已用{used}）",
                if charged { "计入" } else { "不计入" },
                color_name(player, lang)
            ),
            Msg::QuitRunning(1) if en => "The clock of 1 table is running. Pause it and quit?".to_string(),
            Msg::QuitRunning(n) if en => format!("The clocks of {n} tables are running. Pause them and quit?"),
            Msg::QuitRunning(n) => format!("{n}台的棋钟正在走。暂停棋钟并退出？"),
            Msg::CheckpointsFolded(n) if en => format!("(and {n} earlier clock checkpoints)"),
            Msg::CheckpointsFolded(n) => format!("（另有{n}条较早的棋钟状态记录）"),
            Msg::OfferBackup(p) if en => format!(
                "{} does not read (see the message below). Open its newest good backup instead? \
                 The unreadable file is kept beside it, never overwritten.",
                p.display()
            ),
            Msg::OfferBackup(p) => format!(
                "{}无法读取（见下方消息）。是否改为打开它最新的完好备份？无法读取的文件保留在原处，不会被覆盖。",
                p.display()
            ),
            Msg::SaveFirst(tables) if en => {
                let noun = if tables == 1 { "table" } else { "tables" };
                format!(
                    "This session ({tables} {noun}) is not saved to a file: it is lost when replaced. Save it first?"
                )
            }
            Msg::SaveFirst(tables) => format!("当前赛事（{tables}台对局）尚未保存到文件，替换后将丢失。要先保存吗？"),
            Msg::NoSound(reason) if en => format!("No sound ({reason}): announcements are shown as captions only"),
            Msg::NoSound(reason) => format!("没有声音（{reason}）：报时只以字幕显示"),
            Msg::EditionLine(title) if en => format!("Rules edition: {title}"),
            Msg::EditionLine(title) => format!("规则版本：{title}"),
            Msg::NoVoicePack(l, dir) if en => format!("no voice: no {l} voice pack in {}", dir.display()),
            Msg::NoVoicePack(l, dir) => format!("没有语音：{}中没有{l}语音包", dir.display()),
            Msg::VoicePackUnreadable(e) if en => format!("no voice: {e}"),
            Msg::VoicePackUnreadable(e) => format!("没有语音：{e}"),
            Msg::VoiceLoaderFailed(Some(e)) if en => format!("the voice pack could not be loaded: {e}"),
            Msg::VoiceLoaderFailed(Some(e)) => format!("语音包无法加载：{e}"),
            Msg::VoiceLoaderFailed(None) if en => "the voice pack's loader stopped".to_string(),
            Msg::VoiceLoaderFailed(None) => "语音包加载线程意外停止".to_string(),
            Msg::ClipsMissing(l, n) if en => {
                format!("voice pack {l}: {n} clips missing or unreadable (shown as captions)")
            }
            Msg::ClipsMissing(l, n) => format!("语音包{l}：{n}段录音缺失或无法读取（以字幕显示）"),
            Msg::SealedRefused(text, why) if en => format!("sealed move {text}: {why}"),
            Msg::SealedRefused(text, why) => format!("封盘着法 {text}：{why}"),
            Msg::PlaySealed(text) if en => format!("the sealed move: {text}: play it on the board"),
            Msg::PlaySealed(text) => format!("封盘着法：{text}：请在棋盘上落子"),
            Msg::NotRecorded(e) if en => format!("not recorded: {}", ledger_error(e, lang)),
            Msg::NotRecorded(e) => format!("未记录：{}", ledger_error(e, lang)),
            Msg::PlayedAt(e) if en => format!("played at: {}", coord_error(e, lang)),
            Msg::PlayedAt(e) => format!("落子位置：{}", coord_error(e, lang)),
            // issue 15: d
            Msg::CycleStands(c, edition) => {
                let (name, article) = cycle_words(c, edition, lang);
                match lang {
                    Lang::En => format!(
                        "{name}: after move {} the position after move {} again ({article})",
                        c.repeated_until, c.from_move
                    ),
                    Lang::Zh => format!(
                        "{name}：第{}手后重现第{}手后的局面（{article}）",
                        c.repeated_until, c.from_move
                    ),
                }
            }
            Msg::CycleRefused(c, edition) => {
                let (name, article) = cycle_words(c, edition, lang);
                match lang {
                    Lang::En => format!("{name}: repeats the position after move {} ({article})", c.from_move),
                    Lang::Zh => format!("{name}：重现第{}手后的局面（{article}）", c.from_move),
                }
            }
            Msg::LeaveSeat(c) if en => format!("{} leaves the seat (Art. 22.7)", color_name(c, lang)),
            Msg::LeaveSeat(c) => format!("{}离席（第22.7条）", color_name(c, lang)),
            Msg::BackToSeat(c) if en => format!("{} is back at the seat", color_name(c, lang)),
            Msg::BackToSeat(c) => format!("{}回到座位", color_name(c, lang)),
            Msg::UsedTimes(b, w) if en => format!("Used times: Black {b}, White {w} (Art. 22.9)"),
            Msg::UsedTimes(b, w) => format!("双方用时：黑方{b}，白方{w}（第22.9条）"),
            Msg::Initials(c) if en => format!("{} confirms (initials)", color_name(c, lang)),
            Msg::Initials(c) => format!("{}确认（签名）", color_name(c, lang)),
            Msg::AdjournedTimes(b, w, bi, wi) if en => {
                format!("Used at the adjournment: Black {b}, White {w}; confirmed by {bi} and {wi}")
            }
            Msg::AdjournedTimes(b, w, bi, wi) => format!("封盘时用时：黑方{b}，白方{w}；经{bi}、{wi}确认"),
            Msg::GivesUp(c) if en => format!("{} gives up the competition (Art. 12.4(4))", color_name(c, lang)),
            Msg::GivesUp(c) => format!("{}放弃盘上竞争（第12.4条第4款）", color_name(c, lang)),
            Msg::GaveUp(c) if en => format!(
                "{} gave up the competition on the board: every contested point to {} (Art. 12.4(4))",
                color_name(c, lang),
                color_name(c.opponent(), lang)
            ),
            Msg::GaveUp(c) => format!(
                "{}放弃盘上竞争：双方可争之点全部归属{}（第12.4条第4款）",
                color_name(c, lang),
                color_name(c.opponent(), lang)
            ),
            Msg::CycleRulingRefused(e) => {
                let ruling = e.ruling.text(lang);
                match lang {
                    Lang::En => format!(
                        "not ruled: the {} gives no \"{ruling}\" for a cycle",
                        e.edition.title(lang)
                    ),
                    Lang::Zh => format!("未裁决：{}对全局同形循环没有“{ruling}”的裁决", e.edition.title(lang)),
                }
            }
            Msg::NoLatenessRule(edition) if en => {
                format!(
                    "not recorded: the {} catalogue has no lateness rule",
                    edition.title(lang)
                )
            }
            Msg::NoLatenessRule(edition) => format!("未记录：{}的处罚目录没有迟到规定", edition.title(lang)),
            Msg::Illegal(line) if en => format!("{line} (illegal)"),
            Msg::Illegal(line) => format!("{line}（违规）"),
            Msg::Captures(b, w) => {
                let (bs, ws) = (color_short(Color::Black, lang), color_short(Color::White, lang));
                labelled(Text::Captures, &format!("{bs} {b} {ws} {w}"), lang)
            }
            Msg::MoveAndClock(n, clock) if en => format!("move {n}, clock {clock}"),
            Msg::MoveAndClock(n, clock) => format!("第{n}手，棋钟{clock}"),
            Msg::Incident {
                number,
                offence,
                player,
                bystander,
                move_number,
                clock,
                sanction,
            } => {
                let who = match bystander {
                    "" => color_name(player, lang),
                    name => name,
                };
                match lang {
                    Lang::En => format!("{number}. {offence} ({who}), move {move_number}, clock {clock}: {sanction}"),
                    Lang::Zh => format!("{number}. {offence}（{who}），第{move_number}手，棋钟{clock}：{sanction}"),
                }
            }
            Msg::Points(points) if en => format!("{points} points"),
            Msg::Points(points) => format!("{points}目"),
            Msg::NotStones(typed) if en => format!("`{typed}` is not a number of stones (184, 184 1/2, 184.25)"),
            Msg::NotStones(typed) => format!("“{typed}”不是子数（如184、184 1/2、184.25）"),
            Msg::OverrideLine(chief, reason, was) if en => format!("{chief}: {reason} (was {was})"),
            Msg::OverrideLine(chief, reason, was) => format!("{chief}：{reason}（原为{was}）"),
            Msg::OutOfTime(player, used) if en => format!(
                "{} ran out of time, having used {used}: the arbiter must rule (Art. 22.5)",
                color_name(player, lang)
            ),
            Msg::OutOfTime(player, used) => {
                format!(
                    "{}用时{used}，已超时：须由裁判裁决（第22.5条）",
                    color_name(player, lang)
                )
            }
            Msg::NoForfeitedMove(edition) if en => format!(
                "{}: a timeout is always a loss (\"用时(包括读秒)超过时限，一律判负\", old Art. 23.5): no forfeited move",
                edition.title(lang)
            ),
            Msg::NoForfeitedMove(edition) => {
                format!(
                    "{}：用时(包括读秒)超过时限，一律判负（旧第23条第5款），不能改判弃权一次",
                    edition.title(lang)
                )
            }
            Msg::NotASecond(typed) if en => format!("`{typed}` is not a second of the minute (0 to 59)"),
            Msg::NotASecond(typed) => format!("“{typed}”不是这一分钟的秒数（0至59）"),
            Msg::MinuteNow(who, second) if en => format!("{who} is at second {second} of this minute"),
            Msg::MinuteNow(who, second) => format!("{who}本分钟已读到第{second}秒"),
            Msg::LossFor {
                player,
                what,
                article,
                incident,
            } if en => format!(
                "{} loses: {what} ({article}), incident {incident}",
                color_name(player, lang)
            ),
            Msg::LossFor {
                player,
                what,
                article,
                incident,
            } => format!(
                "{}判负：{what}（{article}），第{incident}号事件",
                color_name(player, lang)
            ),
            Msg::RuleOnTimeout(player) if en => format!(
                "{} ran out of time in the last minute: the arbiter rules (Art. 22.5)",
                color_name(player, lang)
            ),
            Msg::RuleOnTimeout(player) => {
                format!("{}读秒最后1分钟超时：请裁判裁决（第22.5条）", color_name(player, lang))
            }
            Msg::PenaltySource {
                player,
                incident,
                offence,
                article,
            } if en => format!(
                "{}: 1 stone, incident {incident}, {offence} ({article})",
                color_name(player, lang)
            ),
            Msg::PenaltySource {
                player,
                incident,
                offence,
                article,
            } => format!(
                "{}：罚一子，第{incident}号事件，{offence}（{article}）",
                color_name(player, lang)
            ),
            Msg::AlreadyOutOfTime(player, used) if en => format!(
                "{} had already run out of time, having used {used}: the arbiter must rule (Art. 22.5)",
                color_name(player, lang)
            ),
            Msg::AlreadyOutOfTime(player, used) => {
                format!(
                    "{}用时{used}，已超时：须由裁判裁决（第22.5条）",
                    color_name(player, lang)
                )
            }
            Msg::EventNeedsName if en => "the event needs a name".to_string(),
            Msg::EventNeedsName => "赛事名称不能为空".to_string(),
            Msg::NotKomi(typed) if en => format!(
                "`{typed}` is not a komi: write stones (3 3/4, 3 3/4 stones) or points (7.5, 7.5 points), whole or half points only"
            ),
            Msg::NotKomi(typed) => {
                format!("“{typed}”不是贴目：请写子数（3又3/4、3又3/4子）或目数（7.5、7.5目），只能是整目或半目")
            }
            Msg::KomiReads(komi) if en => format!("= {} stones = {} points", komi.stones_text(), komi.points_decimal()),
            Msg::KomiReads(komi) => format!("＝{}子＝{}目", komi.stones_text_zh(), komi.points_decimal()),
            Msg::ZeroLatenessLimit if en => {
                "a lateness limit of 0 would make every lateness a loss: write minutes (15, 60) or a duration (1h)"
                    .to_string()
            }
            Msg::ZeroLatenessLimit => "迟到时限为0则任何迟到都判负：请写分钟数（15、60）或时长（1h）".to_string(),
            Msg::NotImported(p, e) if en => format!("{}: {e}", p.display()),
            Msg::NotImported(p, e) => {
                format!(
                    "{}：无法导入：{}",
                    p.display(),
                    crate::ui::i18n::errors::sgf_error(e, lang)
                )
            }
            Msg::MergeFrom(source) if en => format!("Results from {source}"),
            Msg::MergeFrom(source) => format!("{source}的结果"),
            Msg::MergeFinding(f) => crate::ui::workstation::merge_view::finding_text(f, lang),
            Msg::MergeTake(n) if en => format!("Take {n} confirmed results"),
            Msg::MergeTake(n) => format!("采用{n}个已确认的结果"),
            Msg::MergeTaken(n, source) if en => format!("{n} confirmed results taken from {source}"),
            Msg::MergeTaken(n, source) => format!("已从{source}采用{n}个已确认的结果"),
            Msg::MergeRefused(p, e) if en => format!("{}: not merged: {e}", p.display()),
            Msg::MergeRefused(p, e) => format!(
                "{}：未合并：{}",
                p.display(),
                crate::ui::i18n::errors::merge_error(e, lang)
            ),
            Msg::NotImportedFile(e) => crate::ui::i18n::errors::source_error(e, lang),
            Msg::RoundImported(r) => round_imported(r, lang),
            Msg::PlayersImported(r) if en => format!(
                "players imported: {} added, {} updated{}",
                r.added.len(),
                r.updated.len(),
                names_in(&r.updated, lang)
            ),
            Msg::PlayersImported(r) => format!(
                "棋手已导入：新增{}名，更新{}名{}",
                r.added.len(),
                r.updated.len(),
                names_in(&r.updated, lang)
            ),
            Msg::TournamentWritten(p, None) => Msg::Exported(p).text(lang),
            Msg::TournamentWritten(p, Some(r)) => copy_written(p, r, lang),
            Msg::TournamentNotWritten(p, e) if en => format!("{}: not written: {}", p.display(), export_error(e, lang)),
            Msg::TournamentNotWritten(p, e) => format!("{}：未写入：{}", p.display(), export_error(e, lang)),
            Msg::NotOpenedAtStart(e) if en => format!("{}: {e}", super::OPEN_VAR),
            Msg::NotOpenedAtStart(e) => {
                format!(
                    "{}：棋谱无法读取：{}",
                    super::OPEN_VAR,
                    crate::ui::i18n::errors::sgf_error(e, lang)
                )
            }
            Msg::Withdrew(name, round, void, reason) if en => {
                let void = if void { ", all results void (Art. 28.2)" } else { "" };
                format!("{name} withdrew after round {round}{void}: {reason}")
            }
            Msg::Withdrew(name, round, void, reason) => {
                let void = if void {
                    "，已赛成绩全部无效（第28条）"
                } else {
                    ""
                };
                format!("{name}于第{round}轮后退出比赛{void}：{reason}")
            }
            Msg::DrewLots(place) if en => format!("lots: {place}"),
            Msg::DrewLots(place) => format!("抽签：第{place}"),
            Msg::MatchScore(a, b, x, y) if en => format!("{a} {x} : {y} {b}"),
            Msg::MatchScore(a, b, x, y) => format!("{a} {x}：{y} {b}"),
            Msg::OpenedReadOnly(p, pid, program) if en => format!(
                "opened {} read-only: it is open for writing in another window ({program}{}); changes are refused here",
                p.display(),
                pid.map(|n| format!(", process {n}")).unwrap_or_default()
            ),
            Msg::OpenedReadOnly(p, pid, program) => format!(
                "已以只读方式打开{}：它已在另一个窗口中打开并可写入（{program}{}）；这里的更改均被拒绝",
                p.display(),
                pid.map(|n| format!("，进程{n}")).unwrap_or_default()
            ),
            Msg::ReadOnlyPlace(p) if en => format!("{} (read-only)", p.display()),
            Msg::ReadOnlyPlace(p) => format!("{}（只读）", p.display()),
        }
    }
}

/// " (Ann, Bo)" / "（Ann、Bo）": names after a count, none when empty.
fn names_in(names: &[String], lang: Lang) -> String {
    match (names.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::En) => format!(" ({})", names.join(", ")),
        (false, Lang::Zh) => format!("（{}）", names.join("、")),
    }
}

/// Table numbers: "1, 3" / "1、3".
fn numbers(tables: &[u32], lang: Lang) -> String {
    let list: Vec<String> = tables.iter().map(u32::to_string).collect();
    list.join(if lang == Lang::En { ", " } else { "、" })
}

/// The report of an OpenGotha round's import, in `lang`.
pub fn round_imported(r: &crate::tournament::ImportReport, lang: Lang) -> String {
    use crate::tournament::TimeSystem;
    let en = lang == Lang::En;
    let mut lines = Vec::new();
    lines.push(if en {
        format!(
            "round {} imported: {} tables added, {} updated",
            r.round,
            r.tables_added.len(),
            r.tables_updated.len()
        )
    } else {
        format!(
            "第{}轮已导入：新增{}台，更新{}台",
            r.round,
            r.tables_added.len(),
            r.tables_updated.len()
        )
    });
    lines.push(if en {
        format!(
            "players: {} added, {} updated{}",
            r.players_added.len(),
            r.players_updated.len(),
            names_in(&r.players_updated, lang)
        )
    } else {
        format!(
            "棋手：新增{}名，更新{}名{}",
            r.players_added.len(),
            r.players_updated.len(),
            names_in(&r.players_updated, lang)
        )
    });
    if !r.tables_left_alone.is_empty() {
        lines.push(if en {
            format!(
                "tables left alone (started or with a result): {}",
                numbers(&r.tables_left_alone, lang)
            )
        } else {
            format!(
                "未改动的台次（已开始或已有结果）：{}",
                numbers(&r.tables_left_alone, lang)
            )
        });
    }
    if !r.tables_not_in_file.is_empty() {
        lines.push(if en {
            format!(
                "tables the file does not have (kept): {}",
                numbers(&r.tables_not_in_file, lang)
            )
        } else {
            format!("文件中没有的台次（保留）：{}", numbers(&r.tables_not_in_file, lang))
        });
    }
    lines.push(match (&r.time_system, en) {
        (TimeSystem::FromFile(c), true) => format!("time control from the file: {c}"),
        (TimeSystem::FromFile(c), false) => format!("用时取自文件：{c}"),
        (TimeSystem::NotExpressed { system, kept }, true) => {
            format!("the file's time system {system} cannot be written as ours: the event's {kept} is used")
        }
        (TimeSystem::NotExpressed { system, kept }, false) => {
            format!("文件的用时制度{system}无法写成本软件的格式：沿用赛事的{kept}")
        }
        (TimeSystem::NoParameters { kept }, true) => format!("the file has no time system: the event's {kept} is used"),
        (TimeSystem::NoParameters { kept }, false) => format!("文件没有用时制度：沿用赛事的{kept}"),
    });
    lines.join("\n")
}

/// What went into the OpenGotha copy, in `lang`.
fn copy_written(path: &Path, r: &crate::export::opengotha::CopyReport, lang: Lang) -> String {
    let en = lang == Lang::En;
    let ids = |list: &[TableId]| {
        let list: Vec<String> = list.iter().map(|t| table_id(*t, lang)).collect();
        list.join(if en { ", " } else { "、" })
    };
    let mut text = if en {
        format!("{}: {} confirmed results written", path.display(), r.written.len())
    } else {
        format!("{}：已写入{}个已确认的成绩", path.display(), r.written.len())
    };
    if !r.not_confirmed.is_empty() {
        text.push_str(&if en {
            format!("; not confirmed, left as in the file: {}", ids(&r.not_confirmed))
        } else {
            format!("；尚未确认，保留文件原样：{}", ids(&r.not_confirmed))
        });
    }
    if !r.not_in_file.is_empty() {
        text.push_str(&if en {
            format!("; not in the file: {}", ids(&r.not_in_file))
        } else {
            format!("；文件中没有：{}", ids(&r.not_in_file))
        });
    }
    if r.changed_since_import {
        text.push_str(if en {
            "; the organiser's file changed since the import: its games were checked one by one"
        } else {
            "；编排者的文件在导入后有改动：已逐台核对"
        });
    }
    text
}

//! The engines' errors in the window's two languages: each error's kinds matched here, its
//! detail (a point, a path, a time, the system's reason) kept in the words. Re-exported by `i18n`,
//! where the rest of the window's words are.

use crate::audio::{PackError, Silence, UnsupportedOutput};
use crate::board::{Color, CoordError, Point};
use crate::caller::{SCRIPT_PRESETS, ScriptFault, ScriptFormError};
use crate::clock::{ClockError, ControlError, ControlFault, DurationFault, Form, PRESETS, Part, WrittenDuration};
use crate::export::ExportError;
use crate::game::{GameError, HandicapError, Illegal};
use crate::lang::Lang;
use crate::ledger::{ClaimRefused, GameEnd, LedgerError, Sanction, article_label};
use crate::scoring::{Check, ScoringError};
use crate::session::chief::ChiefError;
use crate::session::format::{FormatError, VERSION};
use crate::session::model::{RankError, StoredGameError};
use crate::session::ops::ChiefAction;
use crate::session::{ChainError, SessionError, Signer, StoreError, TableId};
use crate::sgf::{Location, SgfError, SyntaxFault};
use crate::ui::counting::{Dispute, Refusal};
use crate::ui::i18n::{Text, color_name, table_id};
use crate::ui::results::export_job::JobError;

/// Why a move or an edit was refused, with points in board coordinates ("D4").
pub fn refusal(e: &GameError, size: u8, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
        GameError::Occupied { point } if zh => format!("{} 已有棋子", point.to_gtp(size)),
        GameError::Occupied { point } => format!("{} is already occupied", point.to_gtp(size)),
        GameError::Illegal(illegal) => match illegal {
            Illegal::Ko { point } if zh => format!("打劫：{} 不能立即提回（第6条、第18.3条）", point.to_gtp(size)),
            Illegal::Ko { point } => format!("ko: {} may not be retaken at once (Art. 6, 18.3)", point.to_gtp(size)),
            Illegal::Suicide if zh => "禁着点：落子后无气（第5条）".to_string(),
            Illegal::Superko { repeats_move } if zh => format!("全局同形：重现第{repeats_move}手后的局面（第6条）"),
            Illegal::OutOfTurn { expected } if zh => {
                format!(
                    "次序错误：应由{}落子（连下两手，第17.2条）",
                    color_name(*expected, lang)
                )
            }
            other => other.to_string(),
        },
        GameError::Handicap(h) if zh => match h {
            HandicapError::Count(n) => format!("{n}子让子不能放在星位上（2至9子）"),
            HandicapError::Size(s) => format!("让子只能放在7路及以上的棋盘上，不能放在{s}路棋盘上"),
            HandicapError::EvenBoard { size, count } => {
                format!("{count}子让子要放边星和天元，须用奇数路棋盘，不能用{size}路棋盘")
            }
        },
        other => other.to_string(),
    }
}

/// "D4 refused: ...": a click on the board that the rules refuse.
pub fn refused_at(point: Point, e: &GameError, size: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} 不能落子：{}", point.to_gtp(size), refusal(e, size, lang)),
        Lang::En => format!("{} refused: {}", point.to_gtp(size), refusal(e, size, lang)),
    }
}

impl Refusal {
    /// Why the counting gesture was refused, in `lang`, with the point it names.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            Refusal::Locked if zh => "结果已确认并锁定：须由裁判长填写理由后更改".to_string(),
            Refusal::Locked => crate::ui::counting::LOCKED.to_string(),
            Refusal::SuggestionNotReady if zh => "死子建议尚未算出".to_string(),
            Refusal::SuggestionNotReady => "the suggestion is not ready yet".to_string(),
            Refusal::DameOnStone(p) if zh => format!("{p} 有棋子：单官只能标在空点上"),
            Refusal::DameOnStone(p) => format!("{p} holds a stone: dame marks go on empty points"),
            Refusal::EmptyPoint(p) if zh => format!("{p} 是空点：请点棋子"),
            Refusal::EmptyPoint(p) => format!("{p} is empty: click a stone"),
            Refusal::NotCounting if zh => "不在数子中：请先按“数子”".to_string(),
            Refusal::NotCounting => "not counting: press Count first".to_string(),
            Refusal::AlreadyCounting if zh => "已在数子中".to_string(),
            Refusal::AlreadyCounting => "already counting".to_string(),
            Refusal::NoDispute if zh => "没有正在进行的死活争议".to_string(),
            Refusal::NoDispute => "no dispute is being played out".to_string(),
            Refusal::NeedsInitials if zh => "黑方、白方和裁判都须签名确认".to_string(),
            Refusal::NeedsInitials => "Black, White and the arbiter must each confirm (initials)".to_string(),
            Refusal::NothingToConfirm if zh => "没有可确认的结果".to_string(),
            Refusal::NothingToConfirm => "there is no result to confirm".to_string(),
            Refusal::NotConfirmed if zh => "结果尚未确认：无须更改".to_string(),
            Refusal::NotConfirmed => "the result is not confirmed: nothing to override".to_string(),
            Refusal::OverrideNeedsChiefAndReason if zh => "更改结果须填写裁判长姓名和理由".to_string(),
            Refusal::OverrideNeedsChiefAndReason => {
                "an override needs the chief arbiter's name and a reason".to_string()
            }
            Refusal::ResumePlayFirst if zh => "正在数子：请先继续对局，再改动棋谱".to_string(),
            Refusal::ResumePlayFirst => "counting: resume play before changing the record".to_string(),
        }
    }
}

/// Why the count cannot be made (the counting engine's error), in `lang`, with its numbers.
pub fn scoring_error(e: &ScoringError, lang: Lang) -> String {
    match (e, lang) {
        (ScoringError::Komi(komi), Lang::Zh) => format!("贴目{komi}目不是整目或半目"),
        (ScoringError::Compensation(points), Lang::Zh) => format!("让子补偿{points}目不是整目或半目"),
        (ScoringError::MarksSize { marks, board }, Lang::Zh) => {
            format!("死活标记是{marks}路棋盘的，局面是{board}路棋盘")
        }
        (ScoringError::NotArea, Lang::Zh) => "一方数子只用于数子法；这些规则用数目法".to_string(),
        (e, Lang::En) => e.to_string(),
    }
}

/// The hand count against the engine's: "agrees: 18 tens and 4" or "counted ..., expected ...:
/// 1 stone less" ("相符：184子", "实数183子，应为184子：少1子").
pub fn hand_count_check(check: &Check, lang: Lang) -> String {
    if lang == Lang::En {
        return check.describe();
    }
    if check.agrees() {
        return format!("相符：{}子", check.expected.stones_text_zh());
    }
    let direction = if check.difference.0 > 0 { "多" } else { "少" };
    format!(
        "实数{}子，应为{}子：{direction}{}子",
        check.counted.stones_text_zh(),
        check.expected.stones_text_zh(),
        check.difference.abs().stones_text_zh()
    )
}

/// What a dispute is about, as the window shows it: "Black claims White's stones G8 (1) dead"
/// ("黑方认为白方G8（1子）是死棋"). The record keeps `Dispute::claim`.
pub fn dispute_claim(dispute: &Dispute, lang: Lang) -> String {
    if lang == Lang::En {
        return dispute.claim();
    }
    let claimant = color_name(dispute.claimant, lang);
    let opponent = color_name(dispute.claimant.opponent(), lang);
    match dispute.claimed.len() {
        0 => format!("{claimant}认为{opponent}的棋子是死棋（未标记）"),
        n => format!(
            "{claimant}认为{opponent}的棋子{}（{n}子）是死棋",
            dispute.claimed_list()
        ),
    }
}

/// Why the clock refused an operation (the clock engine's error), in `lang`, with its times and
/// players.
pub fn clock_error(e: &ClockError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let name = |c: Color| color_name(c, lang);
    match e {
        ClockError::TimeWentBack { at, last } => format!("棋钟已到{last:?}，{at:?}更早"),
        ClockError::AlreadyStarted => "棋钟已经开始".to_string(),
        ClockError::WrongPlayer { expected, got } => format!("轮到{}，不是{}", name(*expected), name(*got)),
        ClockError::NotRunning => "棋钟没有在走".to_string(),
        ClockError::Running => "棋钟正在走：请先暂停".to_string(),
        ClockError::Flagged { player } => format!("{}已超时：须先由裁判裁决（第22.5条）", name(*player)),
        ClockError::NoTimeout => "没有人超时".to_string(),
        ClockError::Over => "棋钟上对局已结束".to_string(),
        ClockError::LatenessAfterStart => "迟到只能在第一手之前记录".to_string(),
        ClockError::NoByoYomi { control } => {
            format!("无效的一手之后继续中国或日本读秒；{control}没有读秒")
        }
        ClockError::NotInByoYomi => "行棋方不在中国或日本读秒中".to_string(),
        ClockError::RereadAhead { point, into } => {
            format!("不能从{point:?}重新读秒：本次读秒才到{into:?}")
        }
        ClockError::NothingUsed => "尚未用时，无须校正".to_string(),
        ClockError::NeedsChiefApproval => {
            "单方面的时间读数改拨，须经裁判长的认可（第22.8条）：请填写裁判长姓名".to_string()
        }
        ClockError::ReplayMismatch { index } => format!("第{index}条计时记录重放的结果不同"),
        // issue 15: d
        ClockError::LeaveOutsideByoYomi { player } => format!("{}不在读秒中：离席无须许可（第22.7条）", name(*player)),
        ClockError::LeaveInOwnTime { player } => {
            format!(
                "现在是{}自己的用时：离席只能在对方思考时间之内获准（第22.7条）",
                name(*player)
            )
        }
        ClockError::LeaveAlreadyPermitted { player, first } => {
            format!("{}已在{first:?}获准离席：每局仅限一次（第22.7条）", name(*player))
        }
        ClockError::NotAway { player } => format!("{}没有获准离席", name(*player)),
        ClockError::NotAdjourned => "对局没有封盘".to_string(),
        ClockError::NeedsBothInitials => "双方用时须经对局双方确认：须填写双方签名（第22.9条）".to_string(),
    }
}

/// Why a time control does not read (the clock engine's error), in `lang`, with the text typed.
/// Why an event's byo-yomi script is refused (the caller's typed reason and its column), in `lang`.
pub fn script_error(e: &ScriptFormError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let presets: Vec<&str> = SCRIPT_PRESETS.iter().map(|p| p.name).collect();
    let example = "30s: 10,20,25,28 / 10,20 +10";
    let why = match &e.why {
        ScriptFault::Empty => format!("细则为空；例如写 {example}，或一个预设（{}）", presets.join("、")),
        ScriptFault::Shape => format!(
            "应写作“每次读秒: 报秒点 / 最后一次的报秒点 +逐秒读数”，如 {example}，或一个预设（{}）",
            presets.join("、")
        ),
        ScriptFault::Period(text) => format!("“{text}”不是每次读秒的时长：写整秒，如 30s"),
        ScriptFault::PeriodOutOfRange { got, min, max } => format!(
            "每次读秒须为{}至{}秒，不能是{}秒",
            min.as_secs(),
            max.as_secs(),
            got.as_secs()
        ),
        ScriptFault::Number(text) => format!("“{text}”不是整秒数"),
        ScriptFault::NoClip(s) => {
            format!("{s}秒没有录音（有录音的：5、8、10、15、18、20、25、28、30、40、50、55、58秒）")
        }
        ScriptFault::OutsidePeriod { call, period } => format!("{call}秒不在{}秒的读秒之内", period.as_secs()),
        ScriptFault::NotRising { call, previous } => format!("{call}秒排在{previous}秒之后：报秒点须依次增大"),
        ScriptFault::InCount { call, count } => format!("{call}秒落在最后{count}秒的逐秒读数之内"),
        ScriptFault::Count { got, max } => format!("逐秒读数须为1至{max}秒（不超过每次读秒），不能是{got}"),
        ScriptFault::OtherPeriod { script, control } => format!(
            "细则是每次{}秒的读秒，用时的读秒每次{}秒",
            script.as_secs(),
            control.as_secs()
        ),
    };
    format!("第{}个字符：{why}", e.column)
}

/// A date of the event form that does not read (`wall::parse_date`).
pub fn date_error(e: &crate::wall::DateError, lang: Lang) -> String {
    use crate::wall::DateError;
    match (e, lang) {
        (_, Lang::En) => e.to_string(),
        (DateError::Form { text }, Lang::Zh) => format!("“{text}”不是按年-月-日写的日期（2026-11-29）"),
        (DateError::NoSuchDay { text, year, month, day }, Lang::Zh) => {
            format!("“{text}”：{year}年{month}月没有{day}日")
        }
    }
}

/// A time zone this computer does not know (`wall::zone`).
pub fn zone_error(e: &crate::wall::ZoneError, lang: Lang) -> String {
    use crate::wall::ZoneError;
    match (e, lang) {
        (_, Lang::En) => e.to_string(),
        (ZoneError::Unknown { name }, Lang::Zh) => {
            format!("“{name}”不是本机认识的时区（IANA名称，如 Asia/Shanghai、Europe/Paris、UTC）")
        }
    }
}

pub fn control_error(e: &ControlError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ControlError::Empty => "用时为空；例如写 chinese:60m/5".to_string(),
        ControlError::UnknownKind(kind) => {
            let presets: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
            format!(
                "未知的用时“{kind}”：可写 absolute:60m、chinese:60m/5、japanese:10m+3x30s、\
                 canadian:60m+15/10m、fischer:30m+20s，或一个预设（{}）",
                presets.join("、")
            )
        }
        ControlError::Shape { spec, expected } => format!("“{spec}”：应为{}", control_form(*expected)),
        ControlError::Duration { text, why } => {
            format!("“{text}”不是时长：{}（例如30s、10m、1h30m）", duration_fault(*why))
        }
        ControlError::Number { text } => format!("“{text}”不是整数"),
        ControlError::Invalid { spec, why } => format!("“{spec}”：{}", control_fault(*why)),
    }
}

/// A time control's written form with its parts named in Chinese and its example
/// ("chinese:基本用时/保留分钟数，例如chinese:60m/5").
fn control_form(form: Form) -> String {
    let written = form.written(|part| match part {
        Part::Main => "基本用时",
        Part::Reserved => "保留分钟数",
        Part::Periods => "读秒次数",
        Part::Period => "每次读秒时长",
        Part::Moves => "手数",
        Part::Increment => "每手加时",
    });
    format!("{written}，例如{}", form.example())
}

/// Why a written duration does not read (the clock engine's reason), in Chinese.
fn duration_fault(why: DurationFault) -> &'static str {
    match why {
        DurationFault::Empty => "是空的",
        DurationFault::Fraction => "只能是整秒",
        DurationFault::UnknownUnit => "单位只能是h、m和s",
        DurationFault::UnitWithoutNumber => "单位前须有数字",
        DurationFault::UnitOrder => "每个单位只写一次，从大到小",
        DurationFault::TooLarge => "数字太大",
        DurationFault::NumberWithoutUnit => "数字后须有单位（h、m或s）",
    }
}

/// Why a time control that reads is refused (the clock engine's reason), in Chinese, with its
/// numbers.
fn control_fault(why: ControlFault) -> String {
    match why {
        ControlFault::ReserveOutOfRange { got, min, max } => format!("保留读秒须为{min}至{max}分钟，不能是{got}分钟"),
        ControlFault::ReserveExceedsMain { reserved, main } => {
            format!("{reserved}分钟保留读秒超出了{}的基本用时", WrittenDuration(main))
        }
        ControlFault::PeriodsOutOfRange { got, min, max } => format!("读秒次数须为{min}至{max}次，不能是{got}次"),
        ControlFault::ReservedPeriodsExceedMain { reserved, period, main } => format!(
            "{reserved}次{}秒的保留读秒超出了{}的基本用时",
            period.as_secs(),
            WrittenDuration(main)
        ),
        ControlFault::ChinesePeriodOutOfRange { got, min, max } => format!(
            "中国读秒每次须为{}至{}秒，不能是{}秒",
            min.as_secs(),
            max.as_secs(),
            got.as_secs()
        ),
        ControlFault::EmptyPeriod => "每次读秒不能是0秒".to_string(),
        ControlFault::EmptyCanadianPeriod => "每个阶段至少一手，时长须多于0秒".to_string(),
        ControlFault::NoSuddenDeathTime => "包干用时须多于0秒".to_string(),
        ControlFault::NoFischerTime => "费舍尔计时须有基本用时或每手加时".to_string(),
    }
}

/// Why a typed point does not name a point of the board, in `lang`, with the text typed.
pub fn coord_error(e: &CoordError, lang: Lang) -> String {
    match (e, lang) {
        (CoordError::Malformed { text, expected }, Lang::Zh) => format!("“{text}”不是棋盘上的点：应为{expected}"),
        (CoordError::OffBoard { text, size }, Lang::Zh) => format!("“{text}”在{size}路棋盘之外"),
        (e, _) => e.to_string(),
    }
}

/// Why the ledger did not record an incident (the ledger engine's error), in `lang`, with its
/// moves, articles and sanctions.
pub fn ledger_error(e: &LedgerError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        LedgerError::WrongCatalogue { ledger, catalogue } => format!(
            "处罚目录是{}的，本记录遵循{}",
            catalogue.title(lang),
            ledger.title(lang)
        ),
        LedgerError::UnknownOffence { offence, edition } => {
            format!("{}的处罚目录中没有“{}”", edition.title(lang), offence.name(lang))
        }
        LedgerError::Refused(claim) => format!("申诉不予受理：{}", claim_refused(claim, lang)),
        LedgerError::ChoiceNeeded { options } => format!("须由裁判选择处罚：{}", options.text(lang)),
        LedgerError::NotAnOption { chosen, allowed } => format!(
            "“{}”不是该违规允许的处罚（{}）；请改为填写理由更改",
            chosen.text(lang),
            Sanction::either(allowed, lang)
        ),
        LedgerError::LatenessNeeded => "迟到须填写迟到多久".to_string(),
        LedgerError::BystanderNeeded(offence) => format!("{}须填写当事人姓名（第23.7条）", offence.name(lang)),
        LedgerError::NotABystanderOffence(offence) => {
            format!("{}是对局者的违规，不能记在旁观者名下", offence.name(lang))
        }
        LedgerError::NoSuchIncident(id) => format!("本记录中没有第{}条判罚", id.number()),
        LedgerError::MissingReason => "更改须填写理由".to_string(),
        LedgerError::NoLossProposed(color) => format!("没有对{}提出判负：须有第二次警告", color_name(*color, lang)),
        LedgerError::NoLossPending(incident) => format!("第{}号事件没有待裁决的判负", incident.number()),
    }
}

/// Why a claim came too late or names nothing in the record, in `lang`.
fn claim_refused(e: &ClaimRefused, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ClaimRefused::AfterClaimantsNextMove {
            claimant,
            offence_move,
            next_move,
            article,
        } => format!(
            "已过时限：{}在第{offence_move}手之后已下了第{next_move}手；申诉只能在申诉方下一手之前提出（{}）",
            color_name(*claimant, lang),
            article_label(article, lang)
        ),
        ClaimRefused::GameOver { how, article } => format!(
            "已过时限：对局已结束（{}）；对对方的申诉须在对局中立即提出（{}）",
            game_end(how, lang),
            article_label(article, lang)
        ),
        ClaimRefused::PastMove { played, limit, article } => format!(
            "已过时限：已下到第{played}手；只能更正到第{limit}手为止（{}）",
            article_label(article, lang)
        ),
        ClaimRefused::FutureMove { move_number, moves } => {
            format!("棋谱中还没有第{move_number}手（棋谱共{moves}手）")
        }
        ClaimRefused::NotInRecord {
            expected,
            player,
            move_number,
        } => format!(
            "棋谱中第{move_number}手没有{}{}；请先记录该手",
            color_name(*player, lang),
            expected.text(lang)
        ),
        ClaimRefused::OutsideOwnTime { claimant, article } => format!(
            "不在{}自己走棋的时间内：除较紧迫的事件外，申诉应在申诉方走棋的时间内提出（{}）",
            color_name(*claimant, lang),
            article_label(article, lang)
        ),
    }
}

/// How the game ended, in `lang`: "White resigned" / "白方认输".
fn game_end(how: &GameEnd, lang: Lang) -> String {
    match (how, lang) {
        (how, Lang::En) => how.to_string(),
        (GameEnd::Resigned(color), Lang::Zh) => format!("{}认输", color_name(*color, lang)),
        (GameEnd::TwoPasses, Lang::Zh) => "双方连续停一手".to_string(),
        (GameEnd::ResultRecorded(result), Lang::Zh) => format!("已记录结果{result}"),
    }
}

/// Why the session refused a change or a table cannot be shown (the session engine's error), in
/// `lang`, with its tables, rounds and names.
pub fn session_error(e: &SessionError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let id = |t: &TableId| table_id(*t, lang);
    match e {
        SessionError::NoSuchRound(n) => format!("没有第{n}轮"),
        SessionError::NoForfeitedMove { table, .. } => {
            format!(
                "{}按旧版规则：用时(包括读秒)超过时限，一律判负，不能改判弃权一次（旧第23条第5款）",
                id(table)
            )
        }
        SessionError::RoundExists(n) => format!("第{n}轮已存在"),
        SessionError::NoSuchTable(t) => format!("没有{}", id(t)),
        SessionError::TableExists(t) => format!("{}已存在", id(t)),
        SessionError::NoSuchPlayer(p) => format!("没有{}号棋手", p.0),
        SessionError::Setup(e) => format!("新对局无法设置：{e}"),
        SessionError::Stored(e) => stored_game_error(e, lang),
        SessionError::LedgerRewritten => "判罚记录只能追加：新记录须按顺序保留旧记录的每一条".to_string(),
        SessionError::ResultLocked { table, result, signed } => format!(
            "{}的结果（{result}）已由{signed}确认，已锁定（第16.4条）；只有裁判长填写理由后才能更改",
            id(table)
        ),
        SessionError::NotChief { actor } => format!("{actor}不是裁判长：只有裁判长可以更改已确认的结果"),
        SessionError::MissingReason => "更改须填写理由".to_string(),
        SessionError::NotConfirmed(t) => format!("{}的结果尚未确认：直接设定即可，无须更改", id(t)),
        SessionError::NoResult(t) => format!("{}没有可确认的结果", id(t)),
        SessionError::AlreadySigned { table, signer } => {
            let who = match signer {
                Signer::Black => color_name(Color::Black, lang),
                Signer::White => color_name(Color::White, lang),
                Signer::Arbiter => Text::RoleArbiter.tr(lang),
            };
            format!("{who}已确认过{}的结果", id(table))
        }
        SessionError::MissingName => "签名须填写姓名或缩写".to_string(),
        SessionError::ClockStarted(t) => format!("{}的棋钟已开始：用时不能再改", id(t)),
        SessionError::HandicapAfterStart(t) => format!("{}的棋钟已开始：让子和贴子不能再改", id(t)),
        SessionError::EventWithoutName => "赛事设置：赛事名称不能为空".to_string(),
        SessionError::EventControl { text, why } => {
            format!("赛事设置：默认用时“{text}”无法读取：{}", control_error(why, lang))
        }
        SessionError::EventScript { text, why } => {
            format!("赛事设置：读秒细则“{text}”不能采用：{}", script_error(why, lang))
        }
        SessionError::Chain(e) => format!("变更记录：{}", chain_error(e, lang)),
        SessionError::NotConfirmedThere { table, from } => {
            format!("{}在{from}中尚未确认：只采用已确认的结果", id(table))
        }
        SessionError::Tournament(e) => tournament_error(e, lang),
        SessionError::PairingAfterStart(t) => format!("{}的对局已开始或已有结果：棋手不能再改", id(t)),
        SessionError::ChiefOnly { actor, action } => {
            let what = match action {
                ChiefAction::OneSidedClock => "单方面改拨时间读数（第22.8条）",
                ChiefAction::DismissIncident => "撤销一项判罚记录",
                ChiefAction::RecordAfterConfirmation => "更改已确认对局的棋谱",
            };
            format!("{actor}不是裁判长：{what}须由裁判长进行")
        }
        SessionError::AlreadyKeyed(id) => format!("本赛事已有密钥（{id}）：密钥不能更换"),
        SessionError::PassphraseSet => "裁判长口令已经设定：只能设定一次".to_string(),
        SessionError::Passphrase(e) => chief_error(e, lang),
        SessionError::CheckpointAfterResult(t) => format!("{}已有结果：棋钟不在走，无需记录棋钟状态", id(t)),
        SessionError::CheckpointBefore { table, at, last } => {
            format!("{}的棋钟状态记录于{at:?}，早于棋钟最后记录的时刻{last:?}", id(table))
        }
        SessionError::Photo { table, why } => format!(
            "{}的棋盘照片：{}",
            id(table),
            crate::ui::i18n::photo::photo_record_error(why)
        ),
        SessionError::CheckpointMismatch { table, at, said, clock } => {
            format!(
                "{}在{at:?}的棋钟状态记录称用时为{said:?}；棋钟读数为{clock:?}",
                id(table)
            )
        }
    }
}

/// Why the chief arbiter's passphrase was not accepted, in `lang`.
pub fn chief_error(e: &ChiefError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ChiefError::NotSet => "本赛事尚未设定裁判长口令：请先设定（文件 > 赛事…）".to_string(),
        ChiefError::Wrong { failures } => format!("裁判长口令不对（已连续错{failures}次）"),
        ChiefError::Wait { wait } => {
            format!("已连续五次口令不对：请等{}秒后再试", wait.as_secs().max(1))
        }
        ChiefError::TooShort => format!("口令至少要有{}个字符", crate::session::chief::MIN_LEN),
        ChiefError::BadHash(why) => format!("保存的口令哈希值无法读取：{why}"),
        ChiefError::Hashing(why) => format!("口令无法计算哈希值：{why}"),
    }
}

/// Why another workstation's session file cannot be merged, in `lang`.
pub fn merge_error(e: &crate::session::merge::MergeError, lang: Lang) -> String {
    use crate::session::merge::MergeError;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        MergeError::Store(e) => store_error(e, lang),
        MergeError::Chain { file, why } => {
            format!("{file}：变更记录无法验证（{}）：其结果不可信", chain_error(why, lang))
        }
        MergeError::OtherEvent { file, ours, theirs } => {
            format!("{file}是另一个赛事（“{theirs}”，不是“{ours}”）的文件")
        }
    }
}

/// Why a withdrawal, lots, a team or a team match was refused, in `lang`.
pub fn tournament_error(e: &crate::session::tournament::TournamentError, lang: Lang) -> String {
    use crate::session::tournament::TournamentError as E;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        E::WithdrawalWithoutReason => "退出比赛须填写理由（第28条）".to_string(),
        E::LotsNeedTwo => "抽签须有两名或以上棋手".to_string(),
        E::TeamWithoutBoards(t) => format!("{t}号队没有台次"),
        E::BoardTwice(p) => format!("{}号棋手排在两个台次", p.0),
        E::NoSuchTeam(t) => format!("没有{t}号队"),
        E::SameTeam(t) => format!("{t}号队不能与本队比赛"),
        E::BoardCounts(a, b, x, y) => format!("{a}号队与{b}号队的台数不同（{x}与{y}）"),
    }
}

/// Why a session file could not be written or read (the store's error), in `lang`, with the path,
/// the system's reason, the line and the newest good backup.
pub fn store_error(e: &StoreError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let hint = |backup: &Option<std::path::PathBuf>| match backup {
        Some(b) => format!("；最新的完好备份是{}", b.display()),
        None => "；没有可用的完好备份".to_string(),
    };
    match e {
        StoreError::Io { path, source } => format!("{}：{}", path.display(), io_words_zh(source)),
        StoreError::FolderNotWritable { folder, source } => {
            format!("无法在文件夹{}中写入：{}", folder.display(), io_words_zh(source))
        }
        StoreError::Unreadable { path, error, backup } => {
            format!("{}：{}{}", path.display(), format_error(error, lang), hint(backup))
        }
        StoreError::Journal {
            path,
            line,
            message,
            backup,
        } => format!("{}：日志第{line}行：{message}{}", path.display(), hint(backup)),
        StoreError::Exists { path } => format!("{}已存在；请打开它，不要新建", path.display()),
        StoreError::Locked { path, pid, program } => {
            let pid = pid.map(|p| format!("，进程{p}")).unwrap_or_default();
            format!("{}已在另一个窗口中打开并可写入（{program}{pid}）", path.display())
        }
        StoreError::Format(e) => format_error(e, lang),
        StoreError::Change(e) => format!("变更被拒绝：{}", session_error(e, lang)),
    }
}

/// An io error in Chinese, for the kinds a session's files meet; others in the OS's words.
fn io_words_zh(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::StorageFull => "磁盘已满".to_string(),
        ErrorKind::ReadOnlyFilesystem => "文件系统只读".to_string(),
        ErrorKind::PermissionDenied => "没有写入权限".to_string(),
        ErrorKind::NotFound => "文件不存在".to_string(),
        ErrorKind::FileTooLarge => "文件过大".to_string(),
        ErrorKind::QuotaExceeded => "超出磁盘配额".to_string(),
        _ => crate::session::store::io_words(e),
    }
}

/// Why a session's text does not read, in `lang`, with its line and column.
pub fn format_error(e: &FormatError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        FormatError::Parse { line, column, message } => format!("第{line}行第{column}列：{message}"),
        FormatError::Clock { table, line, message } => {
            format!("{}，其棋钟第{line}行的计时记录：{message}", table_id(*table, lang))
        }
        FormatError::Version { found } => {
            format!("文件格式版本{found}比本程序的（{VERSION}）新；请更新go-arbiter")
        }
        FormatError::NoSuchVersion { found } => {
            format!("go-arbiter从未写过文件格式版本{found}（它的版本是1到{VERSION}）")
        }
        FormatError::Migration { from, message } => format!("版本{from}的文件无法迁移：{message}"),
        FormatError::Serialize(message) => format!("赛事无法写入：{message}"),
    }
}

/// A rank that does not read, in `lang`, with the text typed.
pub fn rank_error(e: &RankError, lang: Lang) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Zh => format!("“{}”不是段位（应为数字加k、d或p：5k、3d、2p）", e.0),
    }
}

/// Why the audit trail does not hold, in `lang`, with the entry and the table.
pub fn chain_error(e: &ChainError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    let id = |t: &TableId| table_id(*t, lang);
    match e {
        ChainError::Sequence { index, seq } => format!("第{index}条变更记录的编号是{seq}，应为{index}"),
        ChainError::Hash { index, what } => {
            format!("第{index}条变更记录（{what}）或其之前的记录被改动过：哈希值不符")
        }
        ChainError::TableState { table, index } => format!(
            "{}在程序之外被改动过：与其最后一条变更记录（第{index}条）的状态不同",
            id(table)
        ),
        ChainError::TableUnrecorded { table } => format!("{}没有变更记录：是在程序之外添加的", id(table)),
        ChainError::HeaderState { index } => {
            format!("赛事、棋手或轮次在程序之外被改动过（与最后一条变更记录第{index}条不符）")
        }
        ChainError::TableMissing { table } => {
            format!("{}在变更记录中，却不在赛事中：是在程序之外删除的", id(table))
        }
        ChainError::HeaderUnrecorded => "赛事、棋手或轮次没有变更记录".to_string(),
        ChainError::Serialize(e) => format!("状态无法序列化：{e}"),
    }
}

/// Why a stored game does not read back, in `lang`, with the reader's detail.
fn stored_game_error(e: &StoredGameError, lang: Lang) -> String {
    match (e, lang) {
        (StoredGameError::Record(e), Lang::Zh) => format!("棋谱无法按SGF读取：{}", sgf_error(e, lang)),
        (StoredGameError::Control { text, message }, Lang::Zh) => {
            // The message is the clock's reason in English: the text read again gives it typed.
            let why = match text.parse::<crate::clock::TimeControl>() {
                Err(e) => control_error(&e, lang),
                Ok(_) => message.clone(),
            };
            format!("用时“{text}”无法读取：{why}")
        }
        (StoredGameError::Clock(e), Lang::Zh) => format!("计时记录无法重放：{}", clock_error(e, lang)),
        (e, Lang::En) => e.to_string(),
    }
}

/// Why an export failed (the export engine's error), in `lang`, with the table, the path and
/// the system's reason.
pub fn export_error(e: &ExportError, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        ExportError::Stored { table, source } => {
            format!("{}：{}", table_id(*table, lang), stored_game_error(source, lang))
        }
        ExportError::Diagram { table, message } => format!("{}：终局图无法绘制：{message}", table_id(*table, lang)),
        ExportError::UnknownPlayer(id) => format!("赛事中提到的{}号棋手不在棋手名单中", id.0),
        ExportError::Io { path, message } => format!("无法写入{path}：{message}"),
        ExportError::Load(message) => format!("无法读取赛事：{message}"),
        ExportError::BrokenChain(why) => format!(
            "未导出：赛事的变更记录已被破坏（{why}），其结果可能在本程序之外被改动过；用go-arbiter check查看详情，用--despite-broken-chain仍可导出"
        ),
        ExportError::Image(message) => format!("无法生成PNG：{message}"),
        ExportError::Xml { line, message } => format!("第{line}行：OpenGotha文件不是有效的XML：{message}"),
        ExportError::NoPairingFile => "本赛事不是从OpenGotha文件导入的：没有可写入结果的文件".to_string(),
        ExportError::WouldOverwriteOriginal(path) => {
            format!("{path}是编排者的原文件：结果只写入副本，不写入原文件")
        }
        ExportError::PairingMismatch { tables } => {
            let list: Vec<String> = tables.iter().map(|t| table_id(*t, lang)).collect();
            format!(
                "OpenGotha文件中这些已确认的台次对阵不同（棋手或黑白不同）：{}",
                list.join("、")
            )
        }
        ExportError::MissingAgaIds(names) => format!("AGA成绩须每位棋手都有AGA编号；缺少：{}", names.join("、")),
        ExportError::MissingRomanised(names) => {
            format!(
                "EGF文件用ISO-8859-15编码：这些棋手须有拉丁字母姓名（CSV导入的romanised列）：{}",
                names.join("、")
            )
        }
    }
}

/// Why a file of an export job was not made, in `lang`.
pub fn job_error(e: &JobError, lang: Lang) -> String {
    match (e, lang) {
        (JobError::Export(e), _) => export_error(e, lang),
        (JobError::NotInSession(id), Lang::En) => format!("{id} is not in the session"),
        (JobError::NotInSession(id), Lang::Zh) => format!("赛事中没有{}", table_id(*id, lang)),
        (JobError::NotStarted(e), Lang::En) => format!("the export thread could not start: {e}"),
        (JobError::NotStarted(e), Lang::Zh) => format!("导出线程无法启动：{e}"),
        (JobError::Stopped, Lang::En) => "the export thread stopped before the end".to_string(),
        (JobError::Stopped, Lang::Zh) => "导出线程在完成前停止".to_string(),
    }
}

/// Why there is no sound (the audio engine's reason), in `lang`; the system's own words (ALSA's
/// message) kept as it wrote them.
pub fn silence(e: &Silence, lang: Lang) -> String {
    match (e, lang) {
        (e, Lang::En) => e.to_string(),
        (Silence::NoThread(why), Lang::Zh) => format!("音频线程无法启动：{why}"),
        (Silence::NoDevice, Lang::Zh) => "没有默认的音频输出设备".to_string(),
        (Silence::CannotOpen(why), Lang::Zh) => format!("音频设备无法打开：{why}"),
        (Silence::Unsupported(what), Lang::Zh) => format!("不支持该音频设备的输出（{}）", unsupported_output(what)),
        (Silence::Failed(why), Lang::Zh) => format!("音频设备出错：{why}"),
        (Silence::Panicked, Lang::Zh) => "音频设备无法打开".to_string(),
        (Silence::Off, Lang::Zh) => "声音已关闭".to_string(),
    }
}

/// What the sound device asks for that cannot be fed, in Chinese; cpal's format name kept ("u64").
fn unsupported_output(what: &UnsupportedOutput) -> String {
    match what {
        UnsupportedOutput::NoChannels => "0个声道".to_string(),
        UnsupportedOutput::ZeroSampleRate => "采样率为0".to_string(),
        UnsupportedOutput::SampleFormat(format) => format!("采样格式{format}"),
    }
}

/// Why a voice pack did not load (the pack loader's error), in `lang`, with the path and the
/// system's or the manifest reader's reason.
pub fn pack_error(e: &PackError, lang: Lang) -> String {
    match (e, lang) {
        (e, Lang::En) => e.to_string(),
        (PackError::NotAFolder(path), Lang::Zh) => format!("{}：不是文件夹", path.display()),
        (PackError::Io { path, error }, Lang::Zh) => format!("{}：无法读取：{error}", path.display()),
        (PackError::Manifest { path, error }, Lang::Zh) => format!("{}：语音包清单无法读取：{error}", path.display()),
    }
}

/// A place in an SGF file: "第3行第7列".
fn sgf_place(at: &Location) -> String {
    format!("第{}行第{}列", at.line, at.column)
}

/// Why an SGF file does not read (the SGF reader's error), in `lang`, with its line and column,
/// property and value; the system's reason and sgf-parse's message kept as they are.
pub fn sgf_error(e: &SgfError, lang: Lang) -> String {
    use crate::board::{MAX_SIZE, MIN_SIZE};
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        SgfError::Io { path, message } => format!("无法读取{path}：{message}"),
        SgfError::TooLarge { bytes, limit } => format!("文件有{bytes}字节；超过{limit}字节的SGF文件不予读取"),
        SgfError::Binary { at } => format!("{}：这是二进制文件，不是SGF文本", sgf_place(at)),
        SgfError::Syntax { at, fault } => format!("{}：{}", sgf_place(at), syntax_fault(fault)),
        SgfError::NoGame => "文件中没有对局".to_string(),
        SgfError::NotGo { at, gm } => format!("{}：不是围棋棋谱（GM[{gm}]）", sgf_place(at)),
        SgfError::TooDeep { at, count, limit } => format!(
            "{}：一条变化连续{count}个节点；超过{limit}个节点的不予读取",
            sgf_place(at)
        ),
        SgfError::TooManyNodes { count, limit } => {
            format!("文件有{count}个节点；超过{limit}个节点的文件不予读取")
        }
        SgfError::BadSize { at, value } => format!(
            "{}：不支持棋盘大小SZ[{value}]（只支持{MIN_SIZE}至{MAX_SIZE}路的方形棋盘）",
            sgf_place(at)
        ),
        SgfError::OffBoard {
            at,
            property,
            value,
            size,
        } => format!("{}：{property}[{value}]不是{size}路棋盘上的点", sgf_place(at)),
        SgfError::BadValue { at, property, values } => {
            format!("{}：{property}[{}]不是有效的值", sgf_place(at), values.join("]["))
        }
        SgfError::TwoMoves { at } => format!("{}：一个节点中既有黑棋着手又有白棋着手", sgf_place(at)),
        SgfError::Game { at, source } => format!("{}：{}", sgf_place(at), refusal(source, MAX_SIZE, lang)),
    }
}

/// What is wrong with an SGF text's structure, in Chinese; sgf-parse's own message kept.
fn syntax_fault(fault: &SyntaxFault) -> String {
    match fault {
        SyntaxFault::UnopenedTree => "“)”关闭的对局树从未打开".to_string(),
        SyntaxFault::NodeOutsideTree => "节点不在任何对局树中（缺少“(”）".to_string(),
        SyntaxFault::UnclosedValue => "从此处开始的属性值没有以“]”结束（文件不完整？）".to_string(),
        SyntaxFault::UnclosedTree => "从此处开始的对局树没有以“)”结束（文件不完整？）".to_string(),
        SyntaxFault::NoTree => "没有对局树：SGF以“(;”开头".to_string(),
        SyntaxFault::Parser(message) => format!("不是有效的SGF（{message}）"),
    }
}

/// Why an OpenGotha or CSV file could not be imported, in `lang`, with its path, line, element,
/// attribute and column.
pub fn source_error(e: &crate::tournament::source::SourceError, lang: Lang) -> String {
    use crate::tournament::ImportError;
    use crate::tournament::opengotha::{Expected, OpenGothaError as O};
    use crate::tournament::players_csv::CsvError as C;
    use crate::tournament::source::SourceError as S;
    if lang == Lang::En {
        return e.to_string();
    }
    let expected = |x: &Expected| match x {
        Expected::Number => "整数",
        Expected::Rank => "段位（30K至9D、1P至9P）",
        Expected::Komi => "整数或半目的贴目（7.5）",
        Expected::Size => "2至25路的棋盘",
        Expected::Text => "不能为空的文字",
    };
    let og = |e: &O| match e {
        O::Xml { line, message } => format!("第{line}行：不是有效的XML：{message}"),
        O::NotATournament { line, found } => {
            format!("第{line}行：不是OpenGotha赛事文件：根元素是<{found}>，不是<Tournament>")
        }
        O::UnexpectedElement { line, element, parent } => {
            format!("第{line}行：<{parent}>中的<{element}>不属于OpenGotha的格式")
        }
        O::MissingAttribute {
            line,
            element,
            attribute,
        } => format!("第{line}行：<{element}>缺少{attribute}属性"),
        O::BadAttribute {
            line,
            element,
            attribute,
            value,
            expected: x,
        } => format!("第{line}行：<{element} {attribute}=\"{value}\">：应为{}", expected(x)),
        O::UnknownPlayer {
            line,
            attribute,
            key,
            round,
            table,
        } => format!("第{line}行：<Game {attribute}=\"{key}\">（第{round}轮第{table}台）：没有这个棋手"),
        O::DuplicateKey { line, key } => format!("第{line}行：又一个键为{key}的<Player>"),
        O::DuplicateTable { line, round, table } => format!("第{line}行：第{round}轮第{table}台的第二盘对局"),
    };
    let csv = |e: &C| match e {
        C::Empty => "文件是空的：须有标题行（name, rank, club, country）".to_string(),
        C::MissingColumn { column } => format!("标题行没有“{column}”列（须有name和rank）"),
        C::Syntax { line, message } => format!("第{line}行：CSV无法读取：{message}"),
        C::BadRank { line, column, value } => format!("第{line}行{column}列：“{value}”不是段位（5k、3d、2p）"),
        C::EmptyField { line, column } => format!("第{line}行{column}列：不能为空"),
    };
    match e {
        S::Io { path, message } => format!("无法读取{path}：{message}"),
        S::NotUtf8 { path } => format!("{path}不是UTF-8文字"),
        S::OpenGotha { path, source } => format!("{path}：{}", og(source)),
        S::Csv { path, source } => format!("{path}：{}", csv(source)),
        S::Import(ImportError::NoSuchRound { round, rounds }) => {
            format!("文件中没有第{round}轮的对局（文件的轮次：{rounds:?}）")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::ledger::{Catalogue, Edition};

    #[test]
    fn every_article_a_refused_claim_names_is_said_as_the_chinese_ledger_says_it() {
        for edition in Edition::ALL {
            let mut offences = Catalogue::standard(edition).offences;
            let warning = crate::ledger::SanctionRule::Fixed(crate::ledger::Sanction(vec![]));
            offences.push(crate::ledger::Offence::local("noise", "Noise", "喧哗", warning));
            for offence in offences {
                let refused = LedgerError::Refused(ClaimRefused::PastMove {
                    played: 50,
                    limit: 10,
                    article: offence.article.clone(),
                });
                let zh = ledger_error(&refused, Lang::Zh);
                assert!(zh.contains(&offence.article_label(Lang::Zh)), "{zh}");
                assert!(!zh.contains("Art.") && !zh.contains("local rule"), "{zh}");
                assert!(ledger_error(&refused, Lang::En).contains(&offence.article_label(Lang::En)));
            }
        }
    }

    #[test]
    fn an_unknown_offence_and_a_missing_incident_are_named_as_the_window_names_them() {
        let unknown = LedgerError::UnknownOffence {
            offence: crate::ledger::OffenceId::DisturbingOpponent,
            edition: Edition::ChineseOld,
        };
        assert_eq!(
            ledger_error(&unknown, Lang::Zh),
            "围棋比赛规则（旧版）的处罚目录中没有“严重妨碍对方思考、扰乱赛场秩序”"
        );
        assert_eq!(
            ledger_error(&unknown, Lang::En),
            "Seriously disturbing the opponent is not in the old catalogue"
        );
        // The window numbers incidents from 1: the fifth recorded is IncidentId(4).
        let missing = LedgerError::NoSuchIncident(crate::ledger::IncidentId(4));
        assert_eq!(ledger_error(&missing, Lang::Zh), "本记录中没有第5条判罚");
        assert_eq!(
            ledger_error(&missing, Lang::En),
            "there is no incident 5 in this ledger"
        );
    }

    #[test]
    fn why_the_device_cannot_be_fed_is_said_in_chinese_keeping_only_cpals_format_name() {
        let said = |what: UnsupportedOutput| {
            let e = Silence::Unsupported(what);
            (silence(&e, Lang::Zh), silence(&e, Lang::En))
        };
        assert_eq!(
            said(UnsupportedOutput::NoChannels),
            (
                "不支持该音频设备的输出（0个声道）".to_string(),
                "no sound device: the device's output is not supported (0 channels)".to_string()
            )
        );
        assert_eq!(
            said(UnsupportedOutput::ZeroSampleRate),
            (
                "不支持该音频设备的输出（采样率为0）".to_string(),
                "no sound device: the device's output is not supported (sample rate 0)".to_string()
            )
        );
        assert_eq!(
            said(UnsupportedOutput::SampleFormat("u64".to_string())),
            (
                "不支持该音频设备的输出（采样格式u64）".to_string(),
                "no sound device: the device's output is not supported (sample format u64)".to_string()
            )
        );
    }

    #[test]
    fn the_rule_editions_a_ledger_error_names_are_their_chinese_titles() {
        let e = LedgerError::WrongCatalogue {
            ledger: Edition::Chinese2002,
            catalogue: Edition::ChineseOld,
        };
        assert_eq!(
            ledger_error(&e, Lang::Zh),
            "处罚目录是围棋比赛规则（旧版）的，本记录遵循中国围棋竞赛规则（2002年版）"
        );
    }

    #[test]
    fn how_the_game_ended_is_said_in_chinese_in_a_refused_claim() {
        let refused = |how: GameEnd, lang: Lang| {
            let e = LedgerError::Refused(ClaimRefused::GameOver {
                how,
                article: "old 16.2".to_string(),
            });
            ledger_error(&e, lang)
        };
        assert_eq!(
            refused(GameEnd::Resigned(Color::White), Lang::Zh),
            "申诉不予受理：已过时限：对局已结束（白方认输）；对对方的申诉须在对局中立即提出（旧第16.2条）"
        );
        assert!(refused(GameEnd::TwoPasses, Lang::Zh).contains("（双方连续停一手）"));
        let recorded = GameEnd::ResultRecorded("B+R".to_string());
        assert!(refused(recorded.clone(), Lang::Zh).contains("（已记录结果B+R）"));
        assert_eq!(
            refused(GameEnd::Resigned(Color::White), Lang::En),
            "claim refused: too late: the game is over (White resigned); a claim about the opponent must be made at \
             once, during the game (old Art. 16.2)"
        );
        assert!(refused(GameEnd::TwoPasses, Lang::En).contains("(two passes in a row)"));
        assert!(refused(recorded, Lang::En).contains("(result recorded: B+R)"));
    }

    #[test]
    fn a_move_the_record_does_not_show_is_named_in_chinese_for_every_kind() {
        for kind in crate::ledger::IllegalKind::ALL {
            let e = LedgerError::Refused(ClaimRefused::NotInRecord {
                expected: kind,
                player: Color::Black,
                move_number: 12,
            });
            let zh = ledger_error(&e, Lang::Zh);
            assert_eq!(
                zh,
                format!(
                    "申诉不予受理：棋谱中第12手没有黑方{}；请先记录该手",
                    kind.text(Lang::Zh)
                )
            );
            assert!(!zh.contains(kind.text(Lang::En)), "{zh}");
            assert!(
                ledger_error(&e, Lang::En).contains(&format!("no {} move by Black at move 12", kind.text(Lang::En)))
            );
        }
    }

    /// A 19x19 game under `edition`'s rules with `moves` ordinary moves.
    fn game_with_moves(edition: Edition, moves: usize) -> crate::game::Game {
        let preset = match edition {
            Edition::Chinese2002 => crate::rules::Preset::Chinese2002,
            Edition::ChineseOld => crate::rules::Preset::ChineseOld,
        };
        let mut game = match crate::game::Game::new(19, preset) {
            Ok(game) => game,
            Err(e) => panic!("a 19x19 game under {preset:?}: {e}"),
        };
        for n in 0..moves {
            let row = if n % 2 == 0 { 0 } else { 10 };
            if let Err(e) = game.play(Point::new((n / 2) as u8, row)) {
                panic!("move {n}: {e}");
            }
        }
        game
    }

    #[test]
    fn the_sanctions_the_arbiter_must_choose_from_or_may_not_choose_are_named_in_chinese() {
        use crate::ledger::{Ledger, Measure, OffenceId, RaisedBy, Report};
        let minutes = std::time::Duration::from_secs(1800);
        let catalogue = Catalogue::standard(Edition::Chinese2002);
        let game = game_with_moves(Edition::Chinese2002, 20);
        let report = Report::new(
            Color::Black,
            OffenceId::DisturbingOpponent,
            20,
            minutes,
            "14:00",
            RaisedBy::Player(Color::White),
        );
        let unchosen = Ledger::new(Edition::Chinese2002).record(&catalogue, &game, report.clone());
        let Err(unchosen) = unchosen else {
            panic!("recorded without the arbiter's choice")
        };
        assert_eq!(
            ledger_error(&unchosen, Lang::Zh),
            "须由裁判选择处罚：根据情节警告一次或判负"
        );
        assert_eq!(
            ledger_error(&unchosen, Lang::En),
            "the arbiter must choose the sanction: warning or loss (arbiter chooses)"
        );
        let draw = report.choose(crate::ledger::Sanction::of(&[Measure::Draw]));
        let Err(not_allowed) = Ledger::new(Edition::Chinese2002).record(&catalogue, &game, draw) else {
            panic!("a draw recorded for disturbing the opponent")
        };
        assert_eq!(
            ledger_error(&not_allowed, Lang::Zh),
            "“和棋”不是该违规允许的处罚（警告一次或判负）；请改为填写理由更改"
        );
        assert_eq!(
            ledger_error(&not_allowed, Lang::En),
            "draw is not a sanction this offence allows (warning or loss); override with a reason instead"
        );
        // Every sanction rule of both catalogues, in both refusals, is said without English.
        for edition in Edition::ALL {
            for offence in Catalogue::standard(edition).offences {
                let choice = LedgerError::ChoiceNeeded {
                    options: offence.sanction.clone(),
                };
                let refused = LedgerError::NotAnOption {
                    chosen: crate::ledger::Sanction::of(&[Measure::Replay]),
                    allowed: offence.sanction.options(),
                };
                for e in [choice, refused] {
                    let zh = ledger_error(&e, Lang::Zh);
                    assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
                }
            }
        }
    }

    #[test]
    fn a_catalogue_without_a_lateness_rule_is_named_by_its_title_in_the_windows_language() {
        use crate::ui::i18n::Msg;
        for edition in Edition::ALL {
            let zh = Msg::NoLatenessRule(edition).text(Lang::Zh);
            assert_eq!(zh, format!("未记录：{}的处罚目录没有迟到规定", edition.title(Lang::Zh)));
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
            let en = Msg::NoLatenessRule(edition).text(Lang::En);
            assert_eq!(
                en,
                format!(
                    "not recorded: the {} catalogue has no lateness rule",
                    edition.title(Lang::En)
                )
            );
        }
    }

    /// The time control's error for `spec`, which must not read.
    fn refused(spec: &str) -> ControlError {
        match spec.parse::<TimeControl>() {
            Err(e) => e,
            Ok(control) => panic!("{spec} reads as {control}"),
        }
    }

    #[test]
    fn a_stored_game_that_does_not_read_gives_the_readers_reason_in_chinese() {
        let control = StoredGameError::Control {
            text: "chinese:60m".to_string(),
            message: refused("chinese:60m").to_string(),
        };
        assert_eq!(
            stored_game_error(&control, Lang::Zh),
            "用时“chinese:60m”无法读取：“chinese:60m”：应为chinese:基本用时/保留分钟数，例如chinese:60m/5"
        );
        let record = match crate::sgf::read_str("(;SZ[99])") {
            Err(e) => StoredGameError::Record(e),
            Ok(_) => panic!("a 99x99 board reads"),
        };
        assert_eq!(
            stored_game_error(&record, Lang::Zh),
            "棋谱无法按SGF读取：第1行第2列：不支持棋盘大小SZ[99]（只支持2至25路的方形棋盘）"
        );
        let clock = StoredGameError::Clock(ClockError::NotRunning);
        assert_eq!(stored_game_error(&clock, Lang::Zh), "计时记录无法重放：棋钟没有在走");
    }

    #[test]
    fn a_time_control_refused_says_its_expected_form_and_its_reason_in_chinese() {
        assert_eq!(
            control_error(&refused("chinese:60m"), Lang::Zh),
            "“chinese:60m”：应为chinese:基本用时/保留分钟数，例如chinese:60m/5"
        );
        assert_eq!(
            control_error(&refused("japanese:10m+3"), Lang::Zh),
            "“japanese:10m+3”：应为japanese:基本用时+读秒次数x每次读秒时长，例如japanese:10m+3x30s"
        );
        assert_eq!(
            control_error(&refused("absolute:1.5m"), Lang::Zh),
            "“1.5m”不是时长：只能是整秒（例如30s、10m、1h30m）"
        );
        assert_eq!(
            control_error(&refused("chinese:60m/0"), Lang::Zh),
            "“chinese:60m/0”：保留读秒须为1至10分钟，不能是0分钟"
        );
        assert_eq!(
            control_error(&refused("chinese:3m/5"), Lang::Zh),
            "“chinese:3m/5”：5分钟保留读秒超出了3m的基本用时"
        );
        let specs = [
            "chinese:60m",
            "japanese:10m",
            "japanese:10m+3",
            "canadian:60m",
            "canadian:60m+15",
            "fischer:30m",
            "absolute:",
            "absolute:1.5m",
            "absolute:5q",
            "absolute:m",
            "absolute:1s1m",
            "absolute:99999999999999999999h",
            "absolute:30",
            "chinese:60m/0",
            "chinese:3m/5",
            "japanese:10m+9x30s",
            "japanese:10m+3x0s",
            "canadian:60m+0/10m",
            "absolute:0",
            "fischer:0+0",
        ];
        for spec in specs {
            let e = refused(spec);
            let english = match &e {
                ControlError::Shape { expected, .. } => expected.to_string(),
                ControlError::Duration { why, .. } => why.to_string(),
                ControlError::Invalid { why, .. } => why.to_string(),
                other => panic!("{spec}: {other}"),
            };
            let zh = control_error(&e, Lang::Zh);
            assert!(!zh.contains(&english), "{spec}: the engine's English in {zh}");
            for word in [
                ", as ",
                "MAIN",
                "PERIOD",
                "MOVES",
                "INCREMENT",
                "RESERVED",
                " to ",
                " not ",
            ] {
                assert!(!zh.contains(word), "{spec}: {word} in {zh}");
            }
            assert!(control_error(&e, Lang::En).contains(&english));
        }
    }

    #[test]
    fn every_expected_form_names_its_parts_in_chinese_and_keeps_its_example() {
        let said: Vec<String> = Form::ALL.into_iter().map(control_form).collect();
        assert_eq!(
            said,
            [
                "chinese:基本用时/保留分钟数，例如chinese:60m/5",
                "japanese:基本用时+读秒次数x每次读秒时长，例如japanese:10m+3x30s",
                "canadian:基本用时+手数/每次读秒时长，例如canadian:60m+15/10m",
                "fischer:基本用时+每手加时，例如fischer:30m+20s",
            ]
        );
        for form in Form::ALL {
            let e = ControlError::Shape {
                spec: form.kind().to_string(),
                expected: form,
            };
            let zh = control_error(&e, Lang::Zh);
            for (part, _) in form.parts() {
                assert!(!zh.contains(part.placeholder()), "{zh}");
            }
            assert!(!zh.contains(", as "), "{zh}");
        }
    }

    #[test]
    fn every_duration_fault_and_control_fault_is_said_in_chinese_with_its_numbers() {
        for why in DurationFault::ALL {
            let e = ControlError::Duration {
                text: "5q".to_string(),
                why,
            };
            let zh = control_error(&e, Lang::Zh);
            assert!(!zh.contains(&why.to_string()), "{zh}");
            let words = zh.replace("“5q”", "").replace("h、m", "").replace("（h、m或s）", "");
            let words = words
                .replace("30s、10m、1h30m", "")
                .replace("和s", "")
                .replace("或s", "");
            assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
        }
        let faults = [
            ControlFault::ReserveOutOfRange {
                got: 12,
                min: 1,
                max: 10,
            },
            ControlFault::ReserveExceedsMain {
                reserved: 5,
                main: std::time::Duration::from_secs(180),
            },
            ControlFault::PeriodsOutOfRange { got: 9, min: 1, max: 6 },
            ControlFault::ReservedPeriodsExceedMain {
                reserved: 7,
                period: std::time::Duration::from_secs(30),
                main: std::time::Duration::from_secs(180),
            },
            ControlFault::ChinesePeriodOutOfRange {
                got: std::time::Duration::from_secs(5),
                min: std::time::Duration::from_secs(10),
                max: std::time::Duration::from_secs(60),
            },
            ControlFault::EmptyPeriod,
            ControlFault::EmptyCanadianPeriod,
            ControlFault::NoSuddenDeathTime,
            ControlFault::NoFischerTime,
        ];
        let mut said = std::collections::HashSet::new();
        for why in faults {
            let zh = control_fault(why);
            assert!(!zh.replace("3m", "").chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
            assert!(said.insert(zh.clone()), "said twice: {zh}");
            let numbers: Vec<String> = match why {
                ControlFault::ReserveOutOfRange { got, min, max }
                | ControlFault::PeriodsOutOfRange { got, min, max } => {
                    vec![got.to_string(), min.to_string(), max.to_string()]
                }
                ControlFault::ReserveExceedsMain { reserved, .. } => vec![reserved.to_string(), "3m".to_string()],
                ControlFault::ReservedPeriodsExceedMain { reserved, .. } => {
                    vec![reserved.to_string(), "30秒".to_string(), "3m".to_string()]
                }
                ControlFault::ChinesePeriodOutOfRange { .. } => {
                    vec!["10至60秒".to_string(), "5秒".to_string()]
                }
                ControlFault::EmptyPeriod
                | ControlFault::EmptyCanadianPeriod
                | ControlFault::NoSuddenDeathTime
                | ControlFault::NoFischerTime => vec![],
            };
            for n in numbers {
                assert!(zh.contains(&n), "{n} not in {zh}");
            }
        }
    }
}

//! The photo screen's words (issue 21), English and Chinese: its fixed strings (`PhotoText`), the
//! reader's refusals from their typed kinds (`photo_error`), and the lines with numbers or names.

use crate::photo::PhotoError;
use crate::ui::i18n::Lang;
use crate::ui::photo::job::JobError;

/// The photo screen's fixed strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhotoText {
    Menu,
    Title,
    OpenPhoto,
    TypedPath,
    OpenTyped,
    BoardSize,
    Reading,
    AskCorners,
    ReadCorners,
    DragHint,
    ClickHint,
    Count,
    Prisoners,
    Back,
    NoTable,
    ByHand,
    ReadPosition,
    Found,
    Given,
    NoDialog,
    Photo,
    Locked,
    Intro,
}

impl PhotoText {
    /// Every string (the glyph test lays them all out).
    pub const ALL: &[PhotoText] = &[
        PhotoText::Menu,
        PhotoText::Title,
        PhotoText::OpenPhoto,
        PhotoText::TypedPath,
        PhotoText::OpenTyped,
        PhotoText::BoardSize,
        PhotoText::Reading,
        PhotoText::AskCorners,
        PhotoText::ReadCorners,
        PhotoText::DragHint,
        PhotoText::ClickHint,
        PhotoText::Count,
        PhotoText::Prisoners,
        PhotoText::Back,
        PhotoText::NoTable,
        PhotoText::ByHand,
        PhotoText::ReadPosition,
        PhotoText::Found,
        PhotoText::Given,
        PhotoText::NoDialog,
        PhotoText::Photo,
        PhotoText::Locked,
        PhotoText::Intro,
    ];

    pub fn tr(self, lang: Lang) -> &'static str {
        let (en, zh) = match self {
            PhotoText::Menu => ("Photo of the board…", "棋盘照片…"),
            PhotoText::Title => ("Photo of the board", "棋盘照片"),
            PhotoText::OpenPhoto => ("Open a photo…", "打开照片…"),
            PhotoText::TypedPath => ("Photo file", "照片文件"),
            PhotoText::OpenTyped => ("Open", "打开"),
            PhotoText::BoardSize => ("Board size", "棋盘大小"),
            PhotoText::Reading => ("Reading the photo…", "正在读取照片…"),
            PhotoText::AskCorners => (
                "No board found in the photo: drag the four corners onto the board's corner intersections, then press Read.",
                "照片中没有找到棋盘：请把四个角点拖到棋盘四角的交叉点上，再按“读取”。",
            ),
            PhotoText::ReadCorners => ("Read", "读取"),
            PhotoText::DragHint => (
                "Drag a corner onto the board's corner intersection: the photo is read again.",
                "把角点拖到棋盘角上的交叉点：照片会重新读取。",
            ),
            PhotoText::ClickHint => (
                "Click a point to correct it: empty, black, white in turn. Ringed points are unsure.",
                "点击一个点可更正：依次为空、黑、白。带圈的点没有把握。",
            ),
            PhotoText::Count => ("Count this position", "按此局面数子"),
            PhotoText::Prisoners => (
                "Territory rules: prisoners cannot be seen in a photo; add them by hand to the count.",
                "数目规则：照片上看不出提子，请另行计入。",
            ),
            PhotoText::Back => ("Back to the table", "返回对局"),
            PhotoText::NoTable => ("Select a table first.", "请先选择一台。"),
            PhotoText::ByHand => (
                "The position can still be entered by hand at the table (Add black, Add white).",
                "仍可在对局界面手动摆子（摆黑子、摆白子）。",
            ),
            PhotoText::ReadPosition => ("Read position", "读出的局面"),
            PhotoText::Found => ("corners found", "四角自动找到"),
            PhotoText::Given => ("corners given", "四角手动给出"),
            PhotoText::NoDialog => (
                "No file dialog here: type the photo's path.",
                "此处没有文件对话框：请输入照片路径。",
            ),
            PhotoText::Photo => ("Photo", "照片"),
            PhotoText::Locked => (
                "The table's result is confirmed: a photo's position cannot replace it.",
                "该台结果已确认，照片局面不能替换它。",
            ),
            PhotoText::Intro => (
                "Open a photo of the finished board (JPEG or PNG, from a phone or a camera): its board is found and read, then you check it and count.",
                "打开终局棋盘的照片（手机或相机拍的JPEG或PNG）：程序找出并读取棋盘，您核对后即可数子。",
            ),
        };
        match lang {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// Why a photo gave no position, in `lang`.
pub fn photo_error(e: &PhotoError, lang: Lang) -> String {
    match (e, lang) {
        (PhotoError::NotAnImage(why), Lang::En) => format!("Not an image (JPEG or PNG): {why}"),
        (PhotoError::NotAnImage(why), Lang::Zh) => format!("不是图片（JPEG或PNG）：{why}"),
        (PhotoError::NoBoard, Lang::En) => PhotoText::AskCorners.tr(lang).to_string(),
        (PhotoError::NoBoard, Lang::Zh) => PhotoText::AskCorners.tr(lang).to_string(),
        (PhotoError::BoardCut, Lang::En) => {
            "The board is cut off at the edge of the photo: take it again with the whole board in it, or place the corners inside the photo.".to_string()
        }
        (PhotoError::BoardCut, Lang::Zh) => "棋盘被照片边缘截断：请重拍完整的棋盘，或把四角放在照片之内。".to_string(),
        (PhotoError::BadCorners, Lang::En) => {
            "The four corners make no board (three on a line, or crossed): move them onto the board's corners.".to_string()
        }
        (PhotoError::BadCorners, Lang::Zh) => "四个角点构不成棋盘（三点共线或交叉）：请把它们移到棋盘四角。".to_string(),
        (PhotoError::Size(n), Lang::En) => format!("A {n}x{n} board cannot be read; the sizes are 9, 13 and 19."),
        (PhotoError::Size(n), Lang::Zh) => format!("不能读{n}路棋盘，只支持9路、13路和19路。"),
    }
}

/// Why the photo job failed, in `lang`.
pub fn job_error(e: &JobError, lang: Lang) -> String {
    match (e, lang) {
        (JobError::Photo(e), _) => photo_error(e, lang),
        (JobError::Read { path, message }, Lang::En) => format!("{path}: cannot be read: {message}"),
        (JobError::Read { path, message }, Lang::Zh) => format!("{path}：无法读取：{message}"),
        (JobError::NoDialog, _) => PhotoText::NoDialog.tr(lang).to_string(),
        (JobError::Stopped, Lang::En) => "The photo's reading stopped before its end.".to_string(),
        (JobError::Stopped, Lang::Zh) => "照片读取中途停止。".to_string(),
    }
}

/// Where the photo is kept, or why it is not.
pub fn kept(file: &str, copied: bool, lang: Lang) -> String {
    match (copied, lang) {
        (true, Lang::En) => format!("Kept beside the session as {file}"),
        (true, Lang::Zh) => format!("已保存在比赛文件旁：{file}"),
        (false, Lang::En) => format!("The session is not in a file yet: the photo stays at {file}"),
        (false, Lang::Zh) => format!("比赛尚未存为文件：照片仍在 {file}"),
    }
}

/// The photo could not be copied beside the session.
pub fn not_kept(why: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("The photo could not be copied beside the session: {why}"),
        Lang::Zh => format!("照片无法复制到比赛文件旁：{why}"),
    }
}

/// How many points are unsure.
pub fn unsure(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{n} points unsure (ringed in orange): check them."),
        Lang::Zh => format!("{n}个点没有把握（橙色圈）：请核对。"),
    }
}

/// The screen's heading: the photo screen of a table.
pub fn heading(table: crate::session::TableId, lang: Lang) -> String {
    format!(
        "{} · {}",
        PhotoText::Title.tr(lang),
        crate::ui::i18n::table_id(table, lang)
    )
}

/// The counted position's notice.
pub fn counted(table: crate::session::TableId, stones: [usize; 2], lang: Lang) -> String {
    let t = crate::ui::i18n::table_id(table, lang);
    match lang {
        Lang::En => format!(
            "{t}: the position from the photo is counted ({} black, {} white stones as setup stones).",
            stones[0], stones[1]
        ),
        Lang::Zh => format!("{t}：按照片局面数子（摆上黑子{}个、白子{}个）。", stones[0], stones[1]),
    }
}

/// A photo of one size for a table whose record has moves on another.
pub fn size_differs(table: u8, photo: u8, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "The table's record has moves on a {table}x{table} board: a {photo}x{photo} photo cannot be counted there."
        ),
        Lang::Zh => format!("该台棋谱是{table}路棋盘且已有着手，{photo}路的照片不能在此数子。"),
    }
}

/// The menu entry with its key.
pub fn menu(key: egui::Key, lang: Lang) -> String {
    format!(
        "{} ({})",
        PhotoText::Menu.tr(lang),
        crate::ui::i18n::key_name(key, lang)
    )
}

/// Why a photo record was refused, in Chinese.
pub fn photo_record_error(e: &crate::session::photo::PhotoRecordError) -> String {
    use crate::session::photo::PhotoRecordError as E;
    match e {
        E::Size(n) => format!("不能读{n}路棋盘的照片，只支持9路、13路和19路"),
        E::Sha256(s) => format!("SHA-256 `{s}` 不是64位十六进制数"),
        E::Read { rows, size } => format!("读出的局面有{rows}行，应为{size}行、每行{size}点，且只用 `.`、`B`、`W`"),
        E::OffBoard { col, row, size } => format!("点（{col}, {row}）不在{size}路棋盘上"),
        E::NoPhoto => "这一台还没有棋盘照片，无从更正".to_string(),
    }
}

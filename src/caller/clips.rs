//! The caller's clip ids (the voice packs record exactly these) and their captions in Chinese
//! and English.

use crate::lang::Lang;

/// Every clip: id, Chinese text, English text.
const CLIPS: &[(&str, &str, &str)] = &[
    ("byoyomi_start", "开始读秒", "Byo-yomi begins"),
    ("sec_10", "10秒", "10 seconds"),
    ("sec_20", "20秒", "20 seconds"),
    ("sec_30", "30秒", "30 seconds"),
    ("sec_40", "40秒", "40 seconds"),
    ("sec_50", "50秒", "50 seconds"),
    ("sec_55", "55秒", "55 seconds"),
    ("sec_58", "58秒", "58 seconds"),
    ("count_1", "1", "1"),
    ("count_2", "2", "2"),
    ("count_3", "3", "3"),
    ("count_4", "4", "4"),
    ("count_5", "5", "5"),
    ("count_6", "6", "6"),
    ("count_7", "7", "7"),
    ("count_8", "8", "8"),
    ("count_9", "9", "9"),
    ("count_10", "10", "10"),
    ("one_minute", "1分", "One minute"),
    ("minutes_left_1", "还剩1分", "1 minute left"),
    ("minutes_left_2", "还剩2分", "2 minutes left"),
    ("minutes_left_3", "还剩3分", "3 minutes left"),
    ("minutes_left_4", "还剩4分", "4 minutes left"),
    ("minutes_left_5", "还剩5分", "5 minutes left"),
    ("minutes_left_6", "还剩6分", "6 minutes left"),
    ("minutes_left_7", "还剩7分", "7 minutes left"),
    ("minutes_left_8", "还剩8分", "8 minutes left"),
    ("minutes_left_9", "还剩9分", "9 minutes left"),
    ("minutes_left_10", "还剩10分", "10 minutes left"),
    ("time_up", "超时", "Time is up"),
    ("periods_left_1", "还剩1次读秒", "1 period left"),
    ("periods_left_2", "还剩2次读秒", "2 periods left"),
    ("periods_left_3", "还剩3次读秒", "3 periods left"),
    ("periods_left_4", "还剩4次读秒", "4 periods left"),
    ("periods_left_5", "还剩5次读秒", "5 periods left"),
    ("last_period", "最后一次读秒", "Last period"),
    ("warn_minutes_10", "还剩10分钟", "10 minutes left"),
    ("warn_minutes_5", "还剩5分钟", "5 minutes left"),
    ("warn_minutes_1", "还剩1分钟", "1 minute left"),
    // Fast games' calls (Art. 12.3: 30 s, 20 s, 10 s periods; see `caller::chinese`).
    ("sec_5", "5秒", "5 seconds"),
    ("sec_8", "8秒", "8 seconds"),
    ("sec_15", "15秒", "15 seconds"),
    ("sec_18", "18秒", "18 seconds"),
    ("sec_25", "25秒", "25 seconds"),
    ("sec_28", "28秒", "28 seconds"),
    ("periods_left_6", "还剩6次读秒", "6 periods left"),
    ("periods_left_7", "还剩7次读秒", "7 periods left"),
    ("periods_left_8", "还剩8次读秒", "8 periods left"),
    ("periods_left_9", "还剩9次读秒", "9 periods left"),
    // The older text's words (old Art. 12.2): "一分钟", "还剩 X 分钟", "10，超时判负".
    ("old_one_minute", "一分钟", "One minute"),
    ("old_minutes_left_1", "还剩1分钟", "1 minute left"),
    ("old_minutes_left_2", "还剩2分钟", "2 minutes left"),
    ("old_minutes_left_3", "还剩3分钟", "3 minutes left"),
    ("old_minutes_left_4", "还剩4分钟", "4 minutes left"),
    ("old_minutes_left_5", "还剩5分钟", "5 minutes left"),
    ("old_minutes_left_6", "还剩6分钟", "6 minutes left"),
    ("old_minutes_left_7", "还剩7分钟", "7 minutes left"),
    ("old_minutes_left_8", "还剩8分钟", "8 minutes left"),
    ("old_minutes_left_9", "还剩9分钟", "9 minutes left"),
    ("old_minutes_left_10", "还剩10分钟", "10 minutes left"),
    ("old_last_call", "10，超时判负", "Ten: lost on time"),
];

/// All clip ids, in a fixed order: the one list of what a complete voice pack records (the audio
/// edge is given it when it loads a pack).
pub fn clip_ids() -> Vec<&'static str> {
    CLIPS.iter().map(|(id, _, _)| *id).collect()
}

/// The words of a clip in a language.
pub fn clip_text(id: &str, lang: Lang) -> Option<&'static str> {
    CLIPS
        .iter()
        .find(|(clip, _, _)| *clip == id)
        .map(|(_, zh, en)| match lang {
            Lang::Zh => *zh,
            Lang::En => *en,
        })
}

/// The id as `&'static str`, if it is one of the clips.
pub fn clip_id(id: &str) -> Option<&'static str> {
    CLIPS.iter().find(|(clip, _, _)| *clip == id).map(|(clip, _, _)| *clip)
}

/// `count_1` .. `count_10`.
pub fn count_clip(n: u32) -> Option<&'static str> {
    clip_id(&format!("count_{n}"))
}

/// `sec_10` .. `sec_58`, for the seconds that have a clip.
pub fn seconds_clip(seconds: u32) -> Option<&'static str> {
    clip_id(&format!("sec_{seconds}"))
}

/// `minutes_left_1` .. `minutes_left_10`.
pub fn minutes_left_clip(n: u32) -> Option<&'static str> {
    clip_id(&format!("minutes_left_{n}"))
}

/// `periods_left_1` .. `periods_left_9`.
pub fn periods_left_clip(n: u32) -> Option<&'static str> {
    clip_id(&format!("periods_left_{n}"))
}

/// The older text's "还剩X分钟": `old_minutes_left_1` .. `old_minutes_left_10`.
pub fn old_minutes_left_clip(n: u32) -> Option<&'static str> {
    clip_id(&format!("old_minutes_left_{n}"))
}

/// `warn_minutes_10`, `warn_minutes_5`, `warn_minutes_1`.
pub fn warning_clip(minutes: u32) -> Option<&'static str> {
    clip_id(&format!("warn_minutes_{minutes}"))
}

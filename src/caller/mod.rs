//! The byo-yomi caller: the pure announcement schedule, the clip ids the voice packs record, and
//! their captions.
//!
//! - [`chinese`]: the script of Chinese byo-yomi an event writes (`30s: 10,20,25,28 / 10,20 +10`),
//!   its presets for the 60 s of the rules and the fast games of Art. 12.3, and the edition's words.
//! - [`clips`]: the clip ids the voice packs record, with their Chinese and English captions.
//! - [`schedule`]: which calls fall due, and their exact instants, from the clock's readings.
//! - [`settings`]: the event's caller settings (voice or beeps, pack, main time, volume) and the beeps.
//! - [`preview`]: the `caller preview` command (a simulated game's timeline).
//!
//! # The scripts
//!
//! Offsets are the thinking time of the turn (pauses excluded); a call at an offset is heard by a
//! press at that very offset. The defaults below are [`Script::default`]; the call points are
//! fields of [`Script`].
//!
//! **Chinese byo-yomi** (Art. 12.3; `chinese:60m/5`). "Byo-yomi begins" (`byoyomi_start`) when
//! the free main time runs out during a turn (not when a game starts without free main time).
//! Each reserved minute that is not the last: 30, 40, 50, 55, 58 s (`sec_30` .. `sec_58`), then at
//! 60 s "one minute" (`one_minute`) and "X minutes left" (`minutes_left_X`), X the minutes still
//! reserved. The final minute: 30, 40, 50 s, then every second 1 .. 10 (`count_1` ..
//! `count_10`, at 51 .. 60 s): "10" is the last call (2002 Art. 12.3: "裁判员读出“10”而棋手同时落子或
//! 尚未落子，均应判为已使用1分钟"; the window says the timeout on screen). A move under 60 s
//! uses no minute, so the next move starts a fresh minute. The player may ask how many minutes are
//! left ([`schedule::minutes_left`]: `minutes_left_X`); after a miscall the arbiter sets the clock
//! back (`Clock::reread_from`) and [`schedule::reread`] says the call of that point again.
//!
//! **Fast games** (Art. 12.3: "采用30秒、20秒、10秒或其他读秒办法的快棋比赛，可根据上述原则，事先规定读秒
//! 实施细则"; `chinese:10m/3x30s`): the event's script ([`chinese`], presets `fast-30s`, `fast-20s`,
//! `fast-10s`) with the same principle: its calls in each period, at its end the period's seconds
//! ("30秒") and "X periods left" (`periods_left_X`); in the last period its calls, then the count
//! of its last seconds ending on "10" at its end, the last call.
//!
//! **The older text** ([`Wording::OldText`]): "一分钟" (`old_one_minute`), "还剩X分钟"
//! (`old_minutes_left_X`), and at the end of the final period one call "10，超时判负"
//! (`old_last_call`) in place of "10".
//!
//! **Japanese periods** (`japanese:10m+3x30s`). `byoyomi_start` when main time runs out. In each
//! period of S seconds: every 10 s by name until the last ten seconds (for 30 s: "10 seconds",
//! "20 seconds"; 60 s: 10 .. 50; 20 s: 10; 10 s: none), then the count over the last ten seconds
//! 1 .. 9 and "10" at S, which ends the period (a shorter period counts only the last numbers,
//! still ending on "10"). At the end of a lost period: "X periods left" (`periods_left_X`, X >= 2)
//! or "last period" (`last_period`); at the end of the last one, "time is up". Asked, the caller
//! says the periods left (`last_period` for one).
//!
//! **Sudden death and Fischer** (`absolute:60m`, `fischer:30m+20s`), and the current period of
//! moves per period (`canadian:60m+15/10m`, after `byoyomi_start`): "10 / 5 / 1 minutes
//! left" (`warn_minutes_10`, `warn_minutes_5`, `warn_minutes_1`) when the time left passes
//! those marks during the side's own turn (a mark passed at a turn boundary is not repeated), then
//! 1 .. 10 over the last ten seconds, "10" and "time is up" when it runs out.
//!
//! Calls in a turn start counting from the turn's start: a Chinese minute or Japanese period is
//! never carried from one move to the next, as the rules count a move under 60 s as nothing.

pub mod chinese;
pub mod clips;
pub mod preview;
pub mod schedule;
pub mod settings;

pub use chinese::{ChineseScript, SCRIPT_PRESETS, ScriptFault, ScriptFormError, ScriptPreset, Wording};
pub use clips::{clip_ids, clip_text};
pub use schedule::{
    Announcement, Call, Script, ScriptError, due, due_between, last_period_calls, minutes_left, minutes_left_in,
    reread, turn_calls,
};
pub use settings::{CallSound, CallerSettings, MainTimeCalls};

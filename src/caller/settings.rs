//! The event's caller settings: a voice or beeps, the voice pack's language, calls in main time or
//! not, the volume; and the beep each call becomes when the event chose beeps.

use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// How the caller is heard at the event's tables (File > Event…, one choice for the event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CallerSettings {
    pub sound: CallSound,
    /// The voice pack's language (its folder: `zh`, `en`).
    pub voice: Lang,
    pub main_time: MainTimeCalls,
    /// 0 (silent) to 100.
    pub volume: u8,
}

impl Default for CallerSettings {
    fn default() -> CallerSettings {
        CallerSettings {
            sound: CallSound::Voice,
            voice: Lang::Zh,
            main_time: MainTimeCalls::Silent,
            volume: 100,
        }
    }
}

impl CallerSettings {
    /// The volume as the audio engine takes it, 0.0 to 1.0.
    pub fn gain(&self) -> f32 {
        f32::from(self.volume.min(100)) / 100.0
    }
}

/// The caller's sound: the voice pack's words, or beeps (a quiet room, a hall of several tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CallSound {
    #[default]
    Voice,
    Beeps,
}

/// Whether the caller speaks during the main time of a control with byo-yomi after it (Chinese,
/// Japanese, Canadian). Silent (the default): the first call is "byo-yomi begins". Spoken: the
/// event's minutes-left warnings (10, 5 and 1 minutes) also sound as the main time runs down.
/// Sudden death and Fischer have no byo-yomi: their warnings and last ten seconds always sound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MainTimeCalls {
    #[default]
    Silent,
    Spoken,
}

/// One call as beeps: `tones` beeps of `millis` each at `hertz`, 80 ms apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Beep {
    pub hertz: u32,
    pub tones: u32,
    pub millis: u32,
}

/// The beep a call becomes: the count's numbers short and high, its last "10" (and "time is up")
/// one long tone, the seconds called by name a lower short tone, the end of a minute or period
/// two tones, byo-yomi's start and a minutes-left warning three low tones.
pub fn beep(clip: &str) -> Beep {
    let short = |hertz, tones| Beep {
        hertz,
        tones,
        millis: 150,
    };
    match clip {
        "count_10" | "old_last_call" | "time_up" => Beep {
            hertz: 880,
            tones: 1,
            millis: 900,
        },
        c if c.starts_with("count_") => Beep {
            hertz: 880,
            tones: 1,
            millis: 120,
        },
        c if c.starts_with("sec_") => short(660, 1),
        c if c.starts_with("warn_minutes_") || c == "byoyomi_start" => short(520, 3),
        _ => short(660, 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::caller::clip_ids;

    #[test]
    fn an_older_event_without_caller_settings_speaks_chinese_at_full_volume_and_is_silent_in_main_time() {
        let settings = ron::from_str::<CallerSettings>("()");
        assert_eq!(settings, Ok(CallerSettings::default()));
        let Ok(settings) = settings else { return };
        assert_eq!(settings.sound, CallSound::Voice);
        assert_eq!(settings.main_time, MainTimeCalls::Silent);
        assert_eq!(settings.gain(), 1.0);
        let half = CallerSettings {
            volume: 50,
            ..CallerSettings::default()
        };
        assert_eq!(half.gain(), 0.5);
    }

    #[test]
    fn in_beeps_the_last_ten_is_one_long_tone_and_the_count_short_ones() {
        assert_eq!(beep("count_10").millis, 900);
        assert_eq!(beep("old_last_call").millis, 900);
        assert!((1..=9).all(|n| beep(&format!("count_{n}")).millis == 120));
        assert_eq!(beep("sec_30").tones, 1);
        assert_eq!(beep("one_minute").tones, 2);
        assert_eq!(beep("minutes_left_3").tones, 2);
        assert_eq!(beep("warn_minutes_5").tones, 3);
        // Every clip a pack records has a beep that can be heard.
        assert!(clip_ids().iter().all(|c| beep(c).tones >= 1 && beep(c).millis >= 100));
    }
}

//! The window's sound: the audio engine behind the caller, volume, voice pack, the no-device notice.
//! Nothing here waits: the engine opens the output on its own thread, a voice pack is found and
//! decoded on a thread of its own (which asks for a frame when done), and `play` only queues.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

use crate::audio::{
    AudioConfig, AudioEngine, AudioStatus, Caption, PackError, Silence, VoicePack, beeps, shipped_pack_dir,
};
use crate::caller::{Announcement, CallSound, CallerSettings, clip_ids, clip_text, settings::beep};
use crate::lang::Lang;

use crate::ui::i18n::errors::{pack_error, silence};
use crate::ui::i18n::{Msg, Text};

/// How often the window looks again while the output is still being opened.
pub const STARTING_POLL: Duration = Duration::from_millis(250);

/// How far ahead the selected table's calls are handed to the audio thread: more than the
/// second between two frames of a running clock, so each call is on the timeline well before its
/// device buffer is filled.
pub const PLAN_AHEAD: Duration = Duration::from_secs(3);

/// The name of a call across plans: its table, side, instant on the table's timeline and clip
/// (the same call planned again keeps its place; a call moved by a pause is another call).
pub fn call_key(table: crate::session::TableId, call: &Announcement) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    (table, call.player, call.at, call.clip).hash(&mut hasher);
    hasher.finish().max(1)
}

/// The folder name of a language's pack.
fn folder(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
        Lang::Zh => "zh",
    }
}

/// Where a language's pack may be, first found first: beside an installed binary
/// (`../share/go-arbiter/voices` for the .deb, `voices` for Windows, `../Resources/voices` in a
/// macOS bundle), the system's share folder, the source tree's assets.
pub fn pack_dirs(lang: Lang) -> Vec<PathBuf> {
    let name = folder(lang);
    let mut dirs = Vec::new();
    if let Some(exe_dir) = std::env::current_exe().ok().and_then(|e| e.parent().map(PathBuf::from)) {
        dirs.push(exe_dir.join("../share/go-arbiter/voices").join(name));
        dirs.push(exe_dir.join("voices").join(name));
        dirs.push(exe_dir.join("../Resources/voices").join(name));
    }
    dirs.push(PathBuf::from("/usr/share/go-arbiter/voices").join(name));
    dirs.push(shipped_pack_dir(name));
    dirs
}

/// What is wrong with the voice pack; said in the window's language by [`Sound::notice`].
#[derive(Clone, Debug)]
pub enum PackProblem {
    /// No pack of this language (folder name) in any place looked; the last place looked.
    NotFound(&'static str, PathBuf),
    /// The pack did not read (the pack's error, said in the window's language).
    Unreadable(Arc<PackError>),
    /// The loader thread did not start (its error), or stopped without an answer (`None`).
    Loader(Option<String>),
    /// The pack's language and how many of its clips are missing or unreadable (captions).
    ClipsMissing(String, usize),
}

impl PackProblem {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            PackProblem::NotFound(name, dir) => Msg::NoVoicePack(name, dir).text(lang),
            PackProblem::Unreadable(e) => Msg::VoicePackUnreadable(&pack_error(e, lang)).text(lang),
            PackProblem::Loader(e) => {
                Msg::VoiceLoaderFailed(e.as_ref().map(|e| e as &dyn std::fmt::Display)).text(lang)
            }
            PackProblem::ClipsMissing(language, n) => Msg::ClipsMissing(language, *n).text(lang),
        }
    }
}

/// Finds and decodes a language's pack (on the loader thread), expecting every clip the caller
/// announces.
fn load_pack(lang: Lang) -> Result<VoicePack, PackProblem> {
    let dirs = pack_dirs(lang);
    let Some(dir) = dirs.iter().find(|d| d.is_dir()) else {
        let last = dirs.last().cloned().unwrap_or_default();
        return Err(PackProblem::NotFound(folder(lang), last));
    };
    VoicePack::load(dir, &clip_ids()).map_err(|e| PackProblem::Unreadable(Arc::new(e)))
}

/// The caller's beeps as a pack (an event that chose beeps): every clip the caller says, as its
/// beep (`caller::settings::beep`), captioned in `lang`.
fn beep_pack(lang: Lang) -> VoicePack {
    let rate = VoicePack::DEFAULT_RATE;
    let clips = clip_ids()
        .into_iter()
        .map(|id| {
            let b = beep(id);
            let text = clip_text(id, lang).map(str::to_string);
            (id.to_string(), text, beeps(rate, b.hertz, b.tones, b.millis))
        })
        .collect();
    VoicePack::made(folder(lang), "beeps", rate, clips)
}

/// The sound of the window: one audio engine, the event's voice (or beeps) and volume.
pub struct Sound {
    engine: AudioEngine,
    voice: Lang,
    kind: CallSound,
    volume: f32,
    /// The pack being loaded, until its thread answers.
    loading: Option<Receiver<Result<VoicePack, PackProblem>>>,
    /// What is wrong with the voice pack (missing clips, no pack), for the notice.
    pack_problem: Option<PackProblem>,
    repaint: Option<egui::Context>,
    /// The keys of the last plan handed to the engine.
    planned: Option<Vec<u64>>,
}

impl std::fmt::Debug for Sound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sound")
            .field("status", &self.engine.status())
            .field("voice", &self.voice)
            .field("volume", &self.volume)
            .finish()
    }
}

impl Sound {
    /// Opens the default output (on the engine's thread) and loads `voice`'s pack (on another);
    /// returns at once. `repaint` is asked for a frame when the pack is ready.
    pub fn start(caller: CallerSettings, repaint: Option<egui::Context>) -> Sound {
        let engine = AudioEngine::start(AudioConfig::default());
        Sound::with_engine(engine, caller.voice, caller.sound, caller.gain(), repaint)
    }

    /// Captions only, with `reason` as the notice (tests, or sound switched off).
    pub fn silent(reason: Silence, voice: Lang) -> Sound {
        Sound::with_engine(AudioEngine::silent(reason), voice, CallSound::Voice, 1.0, None)
    }

    fn with_engine(
        engine: AudioEngine,
        voice: Lang,
        kind: CallSound,
        volume: f32,
        repaint: Option<egui::Context>,
    ) -> Sound {
        let mut sound = Sound {
            engine,
            voice,
            kind,
            volume: 1.0,
            loading: None,
            pack_problem: None,
            repaint,
            planned: None,
        };
        sound.set_volume(volume);
        sound.load();
        sound
    }

    pub fn voice(&self) -> Lang {
        self.voice
    }

    pub fn kind(&self) -> CallSound {
        self.kind
    }

    pub fn volume(&self) -> f32 {
        self.volume
    }

    pub fn status(&self) -> AudioStatus {
        self.engine.status()
    }

    /// 0.0 (silent) to 1.0; what plays now changes too.
    pub fn set_volume(&mut self, volume: f32) {
        self.volume = if volume.is_nan() { 0.0 } else { volume.clamp(0.0, 1.0) };
        self.engine.set_volume(self.volume);
    }

    /// Speaks with `lang`'s pack, or beeps captioned in `lang`, from when it is ready (the current
    /// one sounds until then).
    pub fn set_caller(&mut self, lang: Lang, kind: CallSound) {
        if (lang, kind) == (self.voice, self.kind) {
            return;
        }
        self.voice = lang;
        self.kind = kind;
        self.load();
    }

    fn load(&mut self) {
        let (lang, kind) = (self.voice, self.kind);
        let (tx, rx) = channel();
        let repaint = self.repaint.clone();
        let spawned = std::thread::Builder::new()
            .name("voice-pack".to_string())
            .spawn(move || {
                let _ = tx.send(match kind {
                    CallSound::Voice => load_pack(lang),
                    CallSound::Beeps => Ok(beep_pack(lang)),
                });
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        match spawned {
            Ok(_) => self.loading = Some(rx),
            Err(e) => {
                self.loading = None;
                self.pack_problem = Some(PackProblem::Loader(Some(e.to_string())));
            }
        }
    }

    /// Whether a pack is still being loaded.
    pub fn is_loading(&self) -> bool {
        self.loading.is_some()
    }

    /// Whether a pack is in use.
    pub fn has_pack(&self) -> bool {
        self.engine.pack().is_some()
    }

    /// Takes the pack if its thread has finished (cheap; call once a frame).
    pub fn poll(&mut self) {
        let Some(rx) = &self.loading else { return };
        let answer = match rx.try_recv() {
            Err(TryRecvError::Empty) => return,
            Ok(answer) => answer,
            Err(TryRecvError::Disconnected) => Err(PackProblem::Loader(None)),
        };
        self.loading = None;
        match answer {
            Ok(pack) => {
                let problems = pack.problems().len();
                self.pack_problem =
                    (problems > 0).then(|| PackProblem::ClipsMissing(pack.language.to_string(), problems));
                self.engine.set_pack(Arc::new(pack));
                self.planned = None;
            }
            Err(problem) => self.pack_problem = Some(problem),
        }
    }

    /// Queues `announcement`'s clip to be heard at `due` and returns its caption at once; without
    /// a device or a pack the caption is all there is.
    pub fn play(&mut self, announcement: &Announcement, due: Instant) -> Caption {
        self.poll();
        self.engine.announce(announcement.clip, due)
    }

    /// Hands the calls due after `from` to the audio thread ahead of their instants (`key`, the
    /// announcement, the instant it is heard), replacing the last plan; sent only when the calls
    /// differ from the last plan's (a press, a pause, a correction, the window moving on).
    pub fn plan(&mut self, from: Instant, calls: &[(u64, &Announcement, Instant)]) {
        self.poll();
        let keys: Vec<u64> = calls.iter().map(|(key, _, _)| *key).collect();
        if self.planned.as_ref() == Some(&keys) {
            return;
        }
        let clips: Vec<(u64, &str, Instant)> = calls.iter().map(|(key, a, due)| (*key, a.clip, *due)).collect();
        if self.engine.plan(from, &clips) {
            self.planned = Some(keys);
        }
    }

    /// Silences what plays and drops what is queued (a table switched away from, say).
    pub fn stop(&mut self) {
        self.planned = None;
        self.engine.stop();
    }

    /// The clips that began playing since the last call (for measurement and tests).
    pub fn take_onsets(&self) -> Vec<crate::audio::Onset> {
        self.engine.take_onsets()
    }

    /// What is wrong with the voice pack, if anything.
    pub fn pack_problem(&self) -> Option<&PackProblem> {
        self.pack_problem.as_ref()
    }

    /// The line to show in `lang` when the arbiter should know: no sound device, or a pack problem.
    pub fn notice(&self, lang: Lang) -> Option<String> {
        let status = match self.engine.status() {
            AudioStatus::Silent { reason } => Some(Msg::NoSound(&silence(&reason, lang)).text(lang)),
            AudioStatus::Starting | AudioStatus::Playing { .. } => None,
        };
        let pack = self.pack_problem.as_ref().map(|p| p.text(lang));
        let parts: Vec<String> = [status, pack].into_iter().flatten().collect();
        let separator = if lang == Lang::Zh { "；" } else { "; " };
        (!parts.is_empty()).then(|| parts.join(separator))
    }

    /// The menu bar's few words for [`Sound::notice`], whose whole line shows on hover.
    pub fn short_notice(&self) -> Option<Text> {
        match self.engine.status() {
            AudioStatus::Silent { .. } => Some(Text::NoSoundShort),
            AudioStatus::Starting | AudioStatus::Playing { .. } => {
                self.pack_problem.as_ref().map(|_| Text::NoVoiceShort)
            }
        }
    }

    /// While the output is still being opened: look again soon, so that a missing device is
    /// said without waiting for something else to repaint. `None` once settled.
    pub fn next_repaint(&self) -> Option<Duration> {
        (self.engine.status() == AudioStatus::Starting).then_some(STARTING_POLL)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;

    #[test]
    fn packs_are_looked_for_where_each_package_puts_them() {
        let dirs: Vec<String> = pack_dirs(Lang::Zh).iter().map(|d| d.display().to_string()).collect();
        for place in ["../share/go-arbiter/voices/zh", "/voices/zh", "../Resources/voices/zh"] {
            assert!(dirs.iter().any(|d| d.ends_with(place)), "{place} not in {dirs:?}");
        }
        assert!(dirs.iter().any(|d| d == "/usr/share/go-arbiter/voices/zh"));
    }

    fn wait_for_pack(sound: &mut Sound) {
        let end = Instant::now() + Duration::from_secs(20);
        while sound.is_loading() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(10));
            sound.poll();
        }
    }

    fn call(clip: &'static str) -> Announcement {
        Announcement {
            at: Duration::ZERO,
            player: Color::Black,
            clip,
            zh: "",
            en: "",
        }
    }

    #[test]
    fn without_a_device_the_notice_says_so_and_calls_are_captions() {
        let mut sound = Sound::silent(Silence::NoDevice, Lang::Zh);
        let notice = sound.notice(Lang::En);
        assert!(notice.as_deref().is_some_and(|n| n.contains("No sound")), "{notice:?}");
        let notice = sound.notice(Lang::Zh);
        assert!(
            notice.as_deref().is_some_and(|n| n.starts_with("没有声音")),
            "{notice:?}"
        );
        wait_for_pack(&mut sound);
        assert!(
            sound.has_pack(),
            "the shipped Chinese pack loads: {:?}",
            sound.notice(Lang::En)
        );
        let caption = sound.play(&call("sec_30"), Instant::now());
        assert!(!caption.voiced);
        assert_eq!(caption.clip, "sec_30");
        assert_ne!(caption.text, "sec_30", "the pack's words, not the clip id");
    }

    #[test]
    fn the_no_sound_reason_is_said_in_chinese_with_the_systems_own_words_kept() {
        let alsa = "ALSA lib pcm.c:2722:(snd_pcm_open_noupdate) Unknown PCM default";
        let sound = Sound::silent(Silence::CannotOpen(alsa.to_string()), Lang::Zh);
        let notice = sound.notice(Lang::Zh).unwrap_or_default();
        assert!(
            notice.starts_with(&format!("没有声音（音频设备无法打开：{alsa}）：报时只以字幕显示")),
            "{notice}"
        );
        assert!(
            !notice.contains("no sound device") && !notice.contains("No sound"),
            "{notice}"
        );
        let notice = sound.notice(Lang::En).unwrap_or_default();
        assert!(
            notice.starts_with(&format!("No sound (no sound device: {alsa})")),
            "{notice}"
        );
        for (reason, zh) in [
            (Silence::NoDevice, "没有默认的音频输出设备"),
            (Silence::Off, "声音已关闭"),
            (
                Silence::Failed("device unplugged".to_string()),
                "音频设备出错：device unplugged",
            ),
        ] {
            let notice = Sound::silent(reason, Lang::Zh).notice(Lang::Zh).unwrap_or_default();
            assert!(notice.starts_with(&format!("没有声音（{zh}）")), "{notice}");
        }
    }

    #[test]
    fn a_voice_pack_that_does_not_read_is_said_in_chinese() {
        let dir = std::env::temp_dir().join(format!("go-arbiter-bad-pack-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join(crate::audio::pack::MANIFEST), "(clips: oops");
        let problem = match VoicePack::load(&dir, &clip_ids()) {
            Err(e) => PackProblem::Unreadable(Arc::new(e)),
            Ok(_) => panic!("a broken manifest loads"),
        };
        let _ = std::fs::remove_dir_all(&dir);
        let zh = problem.text(Lang::Zh);
        assert!(zh.starts_with("没有语音："), "{zh}");
        assert!(zh.contains("voice.ron：语音包清单无法读取："), "{zh}");
        assert!(problem.text(Lang::En).starts_with("no voice: "));
        let missing = PackProblem::Unreadable(Arc::new(PackError::NotAFolder(PathBuf::from("/nowhere/zh"))));
        assert_eq!(missing.text(Lang::Zh), "没有语音：/nowhere/zh：不是文件夹");
        assert_eq!(missing.text(Lang::En), "no voice: /nowhere/zh: not a folder");
    }

    #[test]
    fn the_voice_changes_pack_and_the_volume_is_kept_in_range() {
        let mut sound = Sound::silent(Silence::Off, Lang::Zh);
        wait_for_pack(&mut sound);
        let zh = sound.play(&call("sec_30"), Instant::now()).text;
        sound.set_caller(Lang::En, CallSound::Voice);
        assert!(sound.is_loading());
        wait_for_pack(&mut sound);
        let en = sound.play(&call("sec_30"), Instant::now()).text;
        assert_ne!(zh, en, "the English pack speaks other words");
        sound.set_volume(1.7);
        assert_eq!(sound.volume(), 1.0);
        sound.set_volume(-1.0);
        assert_eq!(sound.volume(), 0.0);
        sound.set_volume(f32::NAN);
        assert_eq!(sound.volume(), 0.0);
    }
}

//! Headless tests of the languages (egui_kittest): the settings panel switches the language at
//! once, every string of the window in both languages is drawn by the bundled fonts (the harness
//! panics on a missing glyph), the settings survive eframe's storage, the locale picks the
//! language at the first start.

use std::collections::HashMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::ui::counting::Refusal;
use crate::ui::i18n::errors;
use crate::ui::i18n::{self, Lang, Msg, Text};
use crate::ui::paint::fonts;
use crate::ui::settings::{self, Settings};
use crate::ui::table::Keys;

/// The settings shown in the panel and how many frames reported a change.
struct Panel {
    settings: Settings,
    changes: usize,
}

fn panel(lang: Lang) -> Harness<'static, Panel> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(600.0, 400.0))
        .build_ui_state(
            |ui, p: &mut Panel| {
                fonts::install(ui.ctx());
                if settings::show(ui, &mut p.settings) {
                    p.changes += 1;
                }
            },
            Panel {
                settings: Settings {
                    lang,
                    ..Settings::default()
                },
                changes: 0,
            },
        );
    harness.run();
    harness
}

/// Every string the window shows through `i18n`, in `lang`.
fn every_string(lang: Lang) -> Vec<String> {
    let mut out: Vec<String> = Text::ALL.iter().map(|t| t.tr(lang).to_string()).collect();
    for color in [Color::Black, Color::White] {
        out.push(i18n::color_name(color, lang).to_string());
    }
    for n in [0, 1, 2, 10] {
        out.push(i18n::warnings(n, lang));
        out.push(i18n::reserved_minutes(n, lang));
        out.push(i18n::periods(n, "0:30", lang));
        out.push(i18n::period_moves(n, "10:00", lang));
    }
    out.push(i18n::increment("0:20", lang));
    for key in [
        egui::Key::ShiftLeft,
        egui::Key::ShiftRight,
        egui::Key::Space,
        egui::Key::Enter,
        egui::Key::A,
    ] {
        out.push(i18n::key_name(key, lang));
    }
    for l in [Lang::Zh, Lang::En] {
        out.push(l.own_name().to_string());
    }
    out.extend(every_message(lang));
    out
}

/// Every formatted message (notices, the recovery and backup windows, the sidebar's headings),
/// with sample values, in `lang`.
fn every_message(lang: Lang) -> Vec<String> {
    use std::path::Path;

    use crate::session::TableId;
    let id = TableId { round: 2, table: 7 };
    let path = Path::new("/tmp/event.ron");
    let e = "the error";
    // One error of each engine kind that a message carries (each kind's every variant is in
    // `every_engine_error`).
    let session = crate::session::SessionError::NoSuchRound(4);
    let store = crate::session::StoreError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other("disk full"),
    };
    let clock = crate::clock::ClockError::NotRunning;
    let chain = crate::session::ChainError::Sequence { index: 3, seq: 2 };
    let ledger = crate::ledger::LedgerError::WrongCatalogue {
        ledger: crate::ledger::Edition::Chinese2002,
        catalogue: crate::ledger::Edition::ChineseOld,
    };
    let coord = crate::board::CoordError::OffBoard {
        text: "Z99".to_string(),
        size: 19,
    };
    let sgf = crate::sgf::SgfError::TwoMoves {
        at: crate::sgf::Location {
            line: 3,
            column: 7,
            offset: 40,
        },
    };
    let mut out = vec![
        i18n::labelled(Text::AuditTrail, "broken at 3", lang),
        i18n::not_whole_number(Text::MoveNumber, "x", lang),
        i18n::table_id(id, lang),
        i18n::round_title(3, "", "2026-11-29", lang),
        i18n::round_title(3, "决赛", "2026-11-29", lang),
        i18n::table_title(2, "", lang),
        i18n::table_title(2, "主台", lang),
    ];
    let messages = [
        Msg::SealedRefused("D4", e),
        Msg::PlaySealed("tengen"),
        Msg::Refused(&session),
        Msg::CannotShow(id, &session),
        Msg::PlayerNeedsName,
        Msg::SamePlayerTwice,
        Msg::NoRound(4),
        Msg::ClockReplaced(id),
        Msg::NotSavedAt(path, &store),
        Msg::NotLeftUncharged(id, &clock),
        Msg::AuditBroken(path, &chain),
        Msg::UnsavedClosed(3),
        Msg::SavedAs(path),
        Msg::NotSaved(&store),
        Msg::Opened(path),
        Msg::Imported(path),
        Msg::Exported(path),
        Msg::NotExported(path, &e),
        Msg::SnapshotFailed(path, &store),
        Msg::NoDialog,
        Msg::Recovered(path, 3, 12),
        Msg::Loaded(path, 3),
        Msg::Downtime(id, "2:00.4", "2026-11-29 09:00:00 UTC", Color::Black),
        Msg::DowntimeReading(true, Color::Black, "44:11 + 5", "15:49.2"),
        Msg::DowntimeReading(false, Color::White, "46:11 + 5", "13:49.2"),
        Msg::QuitRunning(1),
        Msg::QuitRunning(2),
        Msg::SavingFailed(path, &store),
        Msg::SavedAgain(path),
        Msg::JournalRewritten(path, 2),
        Msg::SavingBehind(256),
        Msg::HeldUnsaved(3),
        Msg::QuitUnsaved(3),
        Msg::OpenedReadOnlyUnwritable(path, &store),
        Msg::CheckpointsFolded(4),
        Msg::OfferBackup(path),
        Msg::SaveFirst(3),
        Msg::NoSound(&e),
        Msg::EditionLine(crate::ledger::Edition::ChineseOld.title(lang)),
        Msg::NoVoicePack("zh", path),
        Msg::VoicePackUnreadable(&e),
        Msg::VoiceLoaderFailed(Some(&e)),
        Msg::VoiceLoaderFailed(None),
        Msg::ClipsMissing("zh", 2),
        Msg::NotRecorded(&ledger),
        Msg::PlayedAt(&coord),
        Msg::NoLatenessRule(crate::ledger::Edition::Chinese2002),
        Msg::Illegal("12. B D4"),
        Msg::Captures(3, 1),
        Msg::MoveAndClock(12, "0:59:00"),
        Msg::Incident {
            number: 1,
            offence: "Takeback",
            player: Color::White,
            bystander: "",
            move_number: 12,
            clock: "0:59:00",
            sanction: "warning",
        },
        Msg::Points("184"),
        Msg::NotStones("x"),
        Msg::OverrideLine("CA", "miscount", "B+0.5"),
        Msg::NotImported(path, &sgf),
        Msg::NotOpenedAtStart(&sgf),
        // issue 15: c
        Msg::NoForfeitedMove(crate::ledger::Edition::ChineseOld),
        Msg::NotASecond("75"),
        Msg::MinuteNow("Black", 45),
        Msg::LossFor {
            player: Color::Black,
            what: "Phone sounds",
            article: "Art. 23.7",
            incident: 2,
        },
        Msg::RuleOnTimeout(Color::White),
        // issue 16: b
        Msg::Withdrew("Chen Li", 3, true, "illness"),
        Msg::DrewLots(2),
        Msg::MatchScore("Red", "Blue", 4, 2),
        Msg::PenaltySource {
            player: Color::Black,
            incident: 1,
            offence: "Takeback",
            article: "Art. 17.3",
        },
    ];
    out.extend(messages.into_iter().map(|m| m.text(lang)));
    let lines = [
        i18n::MoveLine::Pass(13, Color::White),
        i18n::MoveLine::Resign(Color::Black),
        i18n::MoveLine::Edit(0, 1, 1),
    ];
    out.extend(lines.into_iter().map(|l| l.text(lang)));
    use crate::board::Point;
    use crate::game::{GameError, Illegal};
    let d4 = Point::new(3, 15);
    let refusals = [
        GameError::Occupied { point: d4 },
        GameError::Illegal(Illegal::Suicide),
        GameError::Illegal(Illegal::Ko { point: d4 }),
        GameError::Illegal(Illegal::Superko { repeats_move: 40 }),
        GameError::Illegal(Illegal::OutOfTurn { expected: Color::White }),
    ];
    out.extend(refusals.iter().map(|e| i18n::refused_at(d4, e, 19, lang)));
    use crate::game::HandicapError;
    let handicaps = [
        HandicapError::Count(10),
        HandicapError::Size(5),
        HandicapError::EvenBoard { size: 10, count: 5 },
    ];
    out.extend(handicaps.map(|e| i18n::refusal(&GameError::Handicap(e), 10, lang)));
    out.extend(every_engine_error(lang));
    out
}

/// Every engine error the window translates (counting gestures, the count, the hand count, the
/// exports), with sample values, in `lang`.
fn every_engine_error(lang: Lang) -> Vec<String> {
    use crate::export::ExportError;
    use crate::scoring::{Check, GameResult, Quarters, ScoringError};
    use crate::session::model::StoredGameError;
    use crate::session::{PlayerId, TableId};
    use crate::ui::counting::Refusal;
    use crate::ui::results::export_job::JobError;
    let id = TableId { round: 2, table: 7 };
    let refusals = [
        Refusal::Locked,
        Refusal::SuggestionNotReady,
        Refusal::DameOnStone("E4".to_string()),
        Refusal::EmptyPoint("H4".to_string()),
        Refusal::NotCounting,
        Refusal::AlreadyCounting,
        Refusal::NoDispute,
        Refusal::NeedsInitials,
        Refusal::NothingToConfirm,
        Refusal::NotConfirmed,
        Refusal::OverrideNeedsChiefAndReason,
        Refusal::ResumePlayFirst,
    ];
    let mut out: Vec<String> = refusals.iter().map(|r| r.text(lang)).collect();
    let scoring = [
        ScoringError::Komi(7.3),
        ScoringError::Compensation(0.2),
        ScoringError::MarksSize { marks: 9, board: 19 },
        ScoringError::NotArea,
    ];
    out.extend(scoring.iter().map(|e| i18n::scoring_error(e, lang)));
    let check = |counted: i32, expected: i32| Check {
        counted: Quarters(counted),
        expected: Quarters(expected),
        difference: Quarters(counted - expected),
        result: GameResult::by_count(Quarters(counted - expected)),
    };
    out.extend(
        [check(738, 738), check(736, 738), check(746, 738)]
            .iter()
            .map(|c| i18n::hand_count_check(c, lang)),
    );
    let sgf = match crate::sgf::read_str("(;SZ[99])") {
        Err(e) => e,
        Ok(_) => panic!("a 99x99 board reads"),
    };
    let exports = [
        ExportError::Stored {
            table: id,
            source: StoredGameError::Record(sgf),
        },
        ExportError::Stored {
            table: id,
            source: StoredGameError::Control {
                text: "60x".to_string(),
                message: "the error".to_string(),
            },
        },
        ExportError::Stored {
            table: id,
            source: StoredGameError::Clock(crate::clock::ClockError::NotRunning),
        },
        ExportError::Diagram {
            table: id,
            message: "the error".to_string(),
        },
        ExportError::UnknownPlayer(PlayerId(99)),
        ExportError::Io {
            path: "/tmp/r1-t1.sgf".to_string(),
            message: "Permission denied (os error 13)".to_string(),
        },
        ExportError::Load("the error".to_string()),
        ExportError::Image("the error".to_string()),
    ];
    out.extend(exports.iter().map(|e| i18n::export_error(e, lang)));
    let jobs = [
        JobError::NotInSession(id),
        JobError::NotStarted("the error".to_string()),
        JobError::Stopped,
    ];
    out.extend(jobs.iter().map(|e| i18n::job_error(e, lang)));
    use crate::clock::{ClockError, ControlError, ControlFault, DurationFault, Form};
    use std::time::Duration;
    let clock = [
        ClockError::TimeWentBack {
            at: Duration::from_secs(5),
            last: Duration::from_secs(9),
        },
        ClockError::AlreadyStarted,
        ClockError::WrongPlayer {
            expected: Color::Black,
            got: Color::White,
        },
        ClockError::NotRunning,
        ClockError::Running,
        ClockError::Flagged { player: Color::White },
        ClockError::NoTimeout,
        ClockError::Over,
        ClockError::LatenessAfterStart,
        ClockError::NoByoYomi {
            control: "absolute:60m".to_string(),
        },
        ClockError::NotInByoYomi,
        ClockError::RereadAhead {
            point: Duration::from_secs(30),
            into: Duration::from_secs(10),
        },
        ClockError::NothingUsed,
        ClockError::ReplayMismatch { index: 3 },
        ClockError::NeedsChiefApproval,
    ];
    out.extend(clock.iter().map(|e| i18n::clock_error(e, lang)));
    let controls = [
        ControlError::Empty,
        ControlError::UnknownKind("blitz".to_string()),
        ControlError::Shape {
            spec: "chinese:60m".to_string(),
            expected: Form::Chinese,
        },
        ControlError::Duration {
            text: "5q".to_string(),
            why: DurationFault::UnknownUnit,
        },
        ControlError::Number { text: "x".to_string() },
        ControlError::Invalid {
            spec: "japanese:0m+0x0s".to_string(),
            why: ControlFault::EmptyPeriod,
        },
    ];
    out.extend(controls.iter().map(|e| i18n::control_error(e, lang)));
    // issue 15: b (the event's byo-yomi script, every fault).
    use crate::caller::{ScriptFault, ScriptFormError};
    let d = std::time::Duration::from_secs;
    let script_faults = [
        ScriptFault::Empty,
        ScriptFault::Shape,
        ScriptFault::Period("half".to_string()),
        ScriptFault::PeriodOutOfRange {
            got: d(90),
            min: d(10),
            max: d(60),
        },
        ScriptFault::Number("x".to_string()),
        ScriptFault::NoClip(12),
        ScriptFault::OutsidePeriod {
            call: 30,
            period: d(30),
        },
        ScriptFault::NotRising { call: 10, previous: 20 },
        ScriptFault::InCount { call: 25, count: 10 },
        ScriptFault::Count { got: 11, max: 10 },
        ScriptFault::OtherPeriod {
            script: d(60),
            control: d(30),
        },
    ];
    out.extend(
        script_faults
            .into_iter()
            .map(|why| errors::script_error(&ScriptFormError { column: 3, why }, lang)),
    );
    use crate::ledger::{ClaimRefused, Edition, GameEnd, IllegalKind, IncidentId, LedgerError, OffenceId, Sanction};
    let article = "17.2".to_string();
    let ledger = [
        LedgerError::WrongCatalogue {
            ledger: Edition::Chinese2002,
            catalogue: Edition::ChineseOld,
        },
        LedgerError::UnknownOffence {
            offence: OffenceId::Takeback,
            edition: Edition::ChineseOld,
        },
        LedgerError::UnknownOffence {
            offence: OffenceId::DisturbingOpponent,
            edition: Edition::Chinese2002,
        },
        LedgerError::Refused(ClaimRefused::AfterClaimantsNextMove {
            claimant: Color::White,
            offence_move: 40,
            next_move: 42,
            article: article.clone(),
        }),
        LedgerError::Refused(ClaimRefused::GameOver {
            how: GameEnd::TwoPasses,
            article: article.clone(),
        }),
        LedgerError::Refused(ClaimRefused::PastMove {
            played: 50,
            limit: 45,
            article,
        }),
        LedgerError::Refused(ClaimRefused::FutureMove {
            move_number: 90,
            moves: 80,
        }),
        LedgerError::Refused(ClaimRefused::NotInRecord {
            expected: IllegalKind::OutOfTurn,
            player: Color::Black,
            move_number: 12,
        }),
        LedgerError::Refused(ClaimRefused::OutsideOwnTime {
            claimant: Color::White,
            article: "old 16.2".to_string(),
        }),
        LedgerError::BystanderNeeded(OffenceId::BystanderPhone),
        LedgerError::NotABystanderOffence(OffenceId::PhoneSounds),
        LedgerError::ChoiceNeeded {
            options: crate::ledger::SanctionRule::ArbiterChooses(vec![Sanction::warning(), Sanction::loss()]),
        },
        LedgerError::NotAnOption {
            chosen: Sanction::loss(),
            allowed: vec![Sanction::warning()],
        },
        LedgerError::LatenessNeeded,
        LedgerError::NoSuchIncident(IncidentId(4)),
        LedgerError::MissingReason,
        LedgerError::NoLossProposed(Color::Black),
        LedgerError::NoLossPending(IncidentId(2)),
    ];
    out.extend(ledger.iter().map(|e| i18n::ledger_error(e, lang)));
    use crate::board::CoordError;
    let coords = [
        CoordError::Malformed {
            text: "Z0".to_string(),
            expected: "a letter and a number",
        },
        CoordError::OffBoard {
            text: "T19".to_string(),
            size: 9,
        },
    ];
    out.extend(coords.iter().map(|e| i18n::coord_error(e, lang)));
    use crate::session::{ChainError, SessionError, Signer};
    let chain = [
        ChainError::Sequence { index: 3, seq: 4 },
        ChainError::Hash {
            index: 3,
            what: "result".to_string(),
        },
        ChainError::TableState { table: id, index: 3 },
        ChainError::TableUnrecorded { table: id },
        ChainError::HeaderState { index: 3 },
        ChainError::TableMissing { table: id },
        ChainError::HeaderUnrecorded,
        ChainError::Serialize("the error".to_string()),
    ];
    out.extend(chain.iter().map(|e| i18n::chain_error(e, lang)));
    let session = [
        SessionError::NoSuchRound(4),
        SessionError::RoundExists(4),
        SessionError::NoSuchTable(id),
        SessionError::TableExists(id),
        SessionError::NoSuchPlayer(PlayerId(99)),
        SessionError::Setup(crate::game::GameError::Illegal(crate::game::Illegal::Suicide)),
        SessionError::Stored(StoredGameError::Clock(ClockError::NotRunning)),
        SessionError::LedgerRewritten,
        SessionError::ResultLocked {
            table: id,
            result: "B+0.5".to_string(),
            signed: "GS, NX, AR".to_string(),
        },
        SessionError::NotChief {
            actor: "Li Wei".to_string(),
        },
        SessionError::MissingReason,
        SessionError::NotConfirmed(id),
        SessionError::NoResult(id),
        SessionError::AlreadySigned {
            table: id,
            signer: Signer::Arbiter,
        },
        SessionError::MissingName,
        SessionError::ClockStarted(id),
        SessionError::HandicapAfterStart(id),
        SessionError::NoForfeitedMove {
            table: id,
            edition: crate::ledger::Edition::ChineseOld,
        },
        SessionError::EventWithoutName,
        SessionError::EventControl {
            text: "blitz".to_string(),
            why: ControlError::UnknownKind("blitz".to_string()),
        },
        SessionError::EventScript {
            text: "30s: 12 / +10".to_string(),
            why: crate::caller::ScriptFormError {
                column: 6,
                why: crate::caller::ScriptFault::NoClip(12),
            },
        },
        SessionError::Chain(ChainError::HeaderUnrecorded),
    ];
    out.extend(session.iter().map(|e| i18n::session_error(e, lang)));
    use crate::session::StoreError;
    use crate::session::format::FormatError;
    let file = std::path::PathBuf::from("/tmp/event.ron");
    let backup = Some(std::path::PathBuf::from("/tmp/event.ron.bak1"));
    let stores = [
        StoreError::Io {
            path: file.clone(),
            source: std::io::Error::new(std::io::ErrorKind::PermissionDenied, "Permission denied"),
        },
        StoreError::Unreadable {
            path: file.clone(),
            error: FormatError::Parse {
                line: 3,
                column: 7,
                message: "Expected closing `)`".to_string(),
            },
            backup: backup.clone(),
        },
        StoreError::Journal {
            path: file.clone(),
            line: 12,
            message: "the error".to_string(),
            backup: None,
        },
        StoreError::Exists { path: file },
        StoreError::Format(FormatError::Clock {
            table: id,
            line: 2,
            message: "the error".to_string(),
        }),
        StoreError::Format(FormatError::Version { found: 9 }),
        StoreError::Format(FormatError::Migration {
            from: 1,
            message: "the error".to_string(),
        }),
        StoreError::Format(FormatError::Serialize("the error".to_string())),
        StoreError::Change(SessionError::MissingName),
        StoreError::FolderNotWritable {
            folder: std::path::PathBuf::from("/tmp"),
            source: std::io::Error::from_raw_os_error(30),
        },
        StoreError::Io {
            path: std::path::PathBuf::from("/tmp/event.ron.journal"),
            source: std::io::Error::from_raw_os_error(28),
        },
    ];
    out.extend(stores.iter().map(|e| i18n::store_error(e, lang)));
    out.push(i18n::rank_error(
        &crate::session::model::RankError("9x".to_string()),
        lang,
    ));
    out.push(Msg::OutOfTime(Color::Black, "1:00:00").text(lang));
    out.push(Msg::AlreadyOutOfTime(Color::White, "1:00:00").text(lang));
    use crate::audio::{PackError, Silence, UnsupportedOutput};
    let silences = [
        Silence::NoThread("Resource temporarily unavailable (os error 11)".to_string()),
        Silence::NoDevice,
        Silence::CannotOpen("ALSA lib pcm.c:2722: Unknown PCM default".to_string()),
        Silence::Unsupported(UnsupportedOutput::NoChannels),
        Silence::Unsupported(UnsupportedOutput::ZeroSampleRate),
        Silence::Unsupported(UnsupportedOutput::SampleFormat("u64".to_string())),
        Silence::Failed("device unplugged".to_string()),
        Silence::Panicked,
        Silence::Off,
    ];
    out.extend(silences.iter().map(|e| errors::silence(e, lang)));
    let voice = std::path::PathBuf::from("/usr/share/go-arbiter/voices/zh");
    let packs = [
        PackError::NotAFolder(voice.clone()),
        PackError::Io {
            path: voice.clone(),
            error: std::io::Error::new(std::io::ErrorKind::PermissionDenied, "Permission denied"),
        },
        PackError::Manifest {
            path: voice.join("voice.ron"),
            error: "1:8: Expected closing `)`".to_string(),
        },
    ];
    out.extend(packs.iter().map(|e| errors::pack_error(e, lang)));
    out.extend(every_sgf_error().iter().map(|e| errors::sgf_error(e, lang)));
    out
}

/// One SGF reading error of each kind (each syntax fault too), with sample places and values.
fn every_sgf_error() -> Vec<crate::sgf::SgfError> {
    use crate::sgf::{Location, SgfError, SyntaxFault};
    let at = Location {
        line: 3,
        column: 7,
        offset: 40,
    };
    let mut errors = vec![
        SgfError::Io {
            path: "/tmp/game.sgf".to_string(),
            message: "No such file or directory (os error 2)".to_string(),
        },
        SgfError::TooLarge {
            bytes: 20 << 20,
            limit: crate::sgf::MAX_BYTES,
        },
        SgfError::Binary { at },
        SgfError::NoGame,
        SgfError::NotGo {
            at,
            gm: "3".to_string(),
        },
        SgfError::TooDeep {
            at,
            count: 6000,
            limit: crate::sgf::MAX_DEPTH,
        },
        SgfError::TooManyNodes {
            count: 300_000,
            limit: crate::sgf::MAX_NODES,
        },
        SgfError::BadSize {
            at,
            value: "19:13".to_string(),
        },
        SgfError::OffBoard {
            at,
            property: "B".to_string(),
            value: "zz".to_string(),
            size: 19,
        },
        SgfError::BadValue {
            at,
            property: "KM".to_string(),
            values: vec!["seven".to_string()],
        },
        SgfError::TwoMoves { at },
        SgfError::Game {
            at,
            source: crate::game::GameError::Illegal(crate::game::Illegal::Suicide),
        },
    ];
    let faults = [
        SyntaxFault::UnopenedTree,
        SyntaxFault::NodeOutsideTree,
        SyntaxFault::UnclosedValue,
        SyntaxFault::UnclosedTree,
        SyntaxFault::NoTree,
        SyntaxFault::Parser("unexpected end of input".to_string()),
    ];
    errors.extend(faults.into_iter().map(|fault| SgfError::Syntax { at, fault }));
    errors
}

#[test]
fn a_change_the_session_refuses_is_explained_in_chinese() {
    use crate::ui::workstation::WsCommand;
    let mut ws = chinese_workstation();
    ws.apply(
        WsCommand::NewTable {
            round: 1,
            black: crate::session::PlayerId(1),
            white: crate::session::PlayerId(99),
        },
        std::time::Duration::ZERO,
    );
    let harness = shell_in_chinese(ws);
    harness.get_by_label_contains("没有99号棋手");
    assert!(
        harness.query_by_label_contains("there is no player").is_none(),
        "English shown"
    );
}

#[test]
fn clock_refusals_and_timeouts_are_shown_in_chinese() {
    use crate::ui::table::Command;
    use crate::ui::table::harness::{harness_with, secs};
    let mut table = crate::ui::Table::new();
    table.lang = Lang::Zh;
    let mut harness = harness_with(table);
    let shown = |h: &Harness<'static, crate::ui::table::harness::Driven>, text: &str| {
        assert!(h.query_by_label(text).is_some(), "{text} not shown");
        assert_eq!(h.state().table.message.as_deref(), Some(text));
    };
    let apply = |h: &mut Harness<'static, crate::ui::table::harness::Driven>, command: Command| {
        let now = h.state().now;
        h.state_mut().table.apply(command, now);
        h.run();
    };
    apply(&mut harness, Command::SetControl("blitz".to_string()));
    harness.get_by_label_contains("未知的用时“blitz”：可写 absolute:60m");
    apply(&mut harness, Command::Pause);
    shown(&harness, "棋钟没有在走");
    apply(&mut harness, Command::SetControl("absolute:1m".to_string()));
    assert!(harness.state().table.message.is_none());
    apply(&mut harness, Command::StartClock);
    apply(&mut harness, Command::StartClock);
    shown(&harness, "棋钟已经开始");
    apply(&mut harness, Command::SetControl("absolute:2m".to_string()));
    shown(&harness, "棋钟已开始：本局的用时不能再改");
    apply(&mut harness, Command::Press(Color::White));
    shown(&harness, "轮到黑方，不是白方");
    harness.state_mut().now = secs(61);
    harness.run();
    harness.get_by_label_contains("黑方用时1:00");
    let message = harness.state().table.message.clone().unwrap_or_default();
    assert!(message.ends_with("超时：须由裁判裁决（第22.5条）"), "{message}");
    assert!(
        harness.query_by_label_contains("ran out of time").is_none(),
        "English shown"
    );
}

#[test]
fn engine_errors_in_chinese_keep_their_detail_and_leave_no_english_frame() {
    // The point, the numbers, the table, the path and the system's reason survive translation.
    use crate::export::ExportError;
    use crate::scoring::ScoringError;
    use crate::ui::counting::Refusal;
    assert_eq!(
        Refusal::EmptyPoint("H4".to_string()).text(Lang::Zh),
        "H4 是空点：请点棋子"
    );
    assert_eq!(
        Refusal::EmptyPoint("H4".to_string()).text(Lang::En),
        "H4 is empty: click a stone"
    );
    assert_eq!(
        i18n::scoring_error(&ScoringError::Komi(7.3), Lang::Zh),
        "贴目7.3目不是整目或半目"
    );
    assert_eq!(
        i18n::scoring_error(&ScoringError::Komi(7.3), Lang::En),
        ScoringError::Komi(7.3).to_string()
    );
    let io = ExportError::Io {
        path: "/tmp/r1-t1.sgf".to_string(),
        message: "Permission denied (os error 13)".to_string(),
    };
    assert_eq!(
        i18n::export_error(&io, Lang::Zh),
        "无法写入/tmp/r1-t1.sgf：Permission denied (os error 13)"
    );
    assert_eq!(i18n::export_error(&io, Lang::En), io.to_string());
    let stored = ExportError::Stored {
        table: crate::session::TableId { round: 2, table: 7 },
        source: crate::session::model::StoredGameError::Clock(crate::clock::ClockError::NotRunning),
    };
    assert_eq!(
        i18n::export_error(&stored, Lang::Zh),
        "第2轮第7台：计时记录无法重放：棋钟没有在走"
    );
    for (en, zh) in every_engine_error(Lang::En).iter().zip(every_engine_error(Lang::Zh)) {
        assert_ne!(*en, zh, "not translated: {en}");
        assert!(!zh.is_ascii(), "no Chinese in {zh}");
        assert_eq!(debug_identifier(&zh), None, "a Debug form in {zh}");
    }
}

/// The first word of `text` that looks like a Rust Debug form rather than words: an ASCII word in
/// CamelCase ("DisturbingOpponent") or one with `(` right after it ("IncidentId(4)", "Some(").
fn debug_identifier(text: &str) -> Option<&str> {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut rest = text;
    while let Some(start) = rest.find(is_word) {
        let tail = &rest[start..];
        let end = tail.find(|c: char| !is_word(c)).unwrap_or(tail.len());
        let word = &tail[..end];
        let camel = word
            .as_bytes()
            .windows(2)
            .any(|pair| pair[0].is_ascii_lowercase() && pair[1].is_ascii_uppercase());
        let called = word.starts_with(|c: char| c.is_ascii_alphabetic()) && tail[end..].starts_with('(');
        if camel || called {
            return Some(word);
        }
        rest = &tail[end..];
    }
    None
}

#[test]
fn a_debug_form_is_told_from_the_systems_own_words() {
    assert_eq!(debug_identifier("本记录中没有判罚IncidentId(4)"), Some("IncidentId"));
    assert_eq!(
        debug_identifier("处罚目录中没有DisturbingOpponent"),
        Some("DisturbingOpponent")
    );
    assert_eq!(debug_identifier("值为Some(3)"), Some("Some"));
    for words in [
        "无法写入/tmp/r1-t1.sgf：Permission denied (os error 13)",
        "音频设备无法打开：ALSA lib pcm.c:2722: Unknown PCM default",
        "“chinese:60m”：应为chinese:基本用时/保留分钟数",
        "不支持SZ[99]",
    ] {
        assert_eq!(debug_identifier(words), None, "{words}");
    }
}

/// The real finished game's table in Chinese, its dead-stone suggestion arrived.
fn chinese_counting() -> Harness<'static, crate::ui::table::harness::Driven> {
    use crate::ui::table::harness::{finished_game, stepped, wait_for_suggestion};
    let mut table = crate::ui::Table::open(finished_game());
    table.lang = Lang::Zh;
    let mut harness = stepped(table);
    wait_for_suggestion(&mut harness);
    harness
}

/// Applies `command` to the table of `harness` and draws it.
fn apply(harness: &mut Harness<'static, crate::ui::table::harness::Driven>, command: crate::ui::table::Command) {
    harness.state_mut().table.apply(command, std::time::Duration::ZERO);
    harness.run();
}

#[test]
fn counting_gestures_refused_say_why_in_chinese() {
    use crate::ui::table::Command;
    use crate::ui::table::harness::{click_point, gtp9, type_into, wait_for_suggestion};
    let mut harness = chinese_counting();
    let shown = |h: &Harness<'static, crate::ui::table::harness::Driven>, text: &str| {
        assert!(h.query_by_label(text).is_some(), "{text} not shown");
        assert_eq!(h.state().table.message.as_deref(), Some(text));
    };

    apply(&mut harness, Command::EnterCounting);
    shown(&harness, "已在数子中");
    click_point(&mut harness, gtp9("H4"));
    shown(&harness, "H4 是空点：请点棋子");
    harness.get_by_label("单官").click();
    harness.run();
    click_point(&mut harness, gtp9("E4"));
    shown(&harness, "E4 有棋子：单官只能标在空点上");
    apply(&mut harness, Command::Pass);
    shown(&harness, "正在数子：请先继续对局，再改动棋谱");
    apply(&mut harness, Command::Override);
    shown(&harness, "结果尚未确认：无须更改");
    apply(&mut harness, Command::EndDispute);
    shown(&harness, "没有正在进行的死活争议");

    // The hand count against the engine's, and the result it would give, in Chinese.
    harness.get_by_label("死子").click();
    harness.run();
    harness.get_by_label_contains("接受建议").click();
    harness.run();
    // The area read in tens as a Chinese arbiter writes it, the fractions as the rules do.
    harness.get_by_label("4个十，另4又1/2子");
    harness.get_by_label("44又1/2");
    assert!(harness.query_by_label_contains("tens").is_none(), "English tens shown");
    type_into(&mut harness, "盘上实数", "40");
    harness.get_by_label("实数40子，应为44又1/2子：少4又1/2子");
    harness.get_by_label_contains("按此实数：");
    assert!(
        harness.query_by_label_contains("counted").is_none(),
        "English hand count shown"
    );

    harness.get_by_label("确认结果").click();
    harness.run();
    shown(&harness, "黑方、白方和裁判都须签名确认");
    type_into(&mut harness, "黑方 签名", "GS");
    type_into(&mut harness, "白方 签名", "NX");
    type_into(&mut harness, "裁判 签名", "AR");
    harness.get_by_label("确认结果").click();
    harness.run();
    harness.get_by_label_contains("已确认");
    click_point(&mut harness, gtp9("G2"));
    shown(&harness, "结果已确认并锁定：须由裁判长填写理由后更改");
    apply(&mut harness, Command::Dispute { claimant: Color::Black });
    shown(&harness, "结果已确认并锁定：须由裁判长填写理由后更改");
    harness.get_by_label("更改结果").click();
    harness.run();
    shown(&harness, "更改结果须填写裁判长姓名和理由");

    // Out of counting, a counting command says to press Count.
    let mut harness = chinese_counting();
    apply(&mut harness, Command::LeaveCounting);
    apply(&mut harness, Command::AcceptSuggestion);
    shown(&harness, "不在数子中：请先按“数子”");
    // Counting again: the spinner repaints until the suggestion arrives (steps, not runs).
    harness
        .state_mut()
        .table
        .apply(Command::EnterCounting, std::time::Duration::ZERO);
    wait_for_suggestion(&mut harness);
    assert!(harness.state().table.message.is_none());
}

#[test]
fn the_suggestion_not_ready_is_refused_in_chinese() {
    let mut counting = crate::ui::counting::Counting::enter(&crate::ui::table::harness::finished_game());
    let refusal = counting.accept().err();
    assert_eq!(refusal, Some(Refusal::SuggestionNotReady));
    assert_eq!(refusal.map(|r| r.text(Lang::Zh)).as_deref(), Some("死子建议尚未算出"));
}

#[test]
fn the_dispute_bar_says_the_claim_in_chinese_and_the_record_keeps_english() {
    let mut harness = chinese_counting();
    harness.get_by_label_contains("接受建议").click();
    harness.run();
    harness.get_by_label("争议：黑方 认为是死棋").click();
    harness.run();
    harness.get_by_label("黑方认为白方的棋子G8（1子）是死棋");
    assert!(
        harness.query_by_label_contains("claims").is_none(),
        "English claim shown"
    );
    let comment = {
        let game = &harness.state().table.game;
        game.node(game.cursor()).comment.clone()
    };
    assert!(comment.contains("Black claims White's stones G8 (1) dead"), "{comment}");
}

#[test]
fn a_komi_the_count_refuses_is_explained_in_chinese_on_the_slip() {
    let mut game = crate::ui::table::harness::finished_game();
    game.rules.komi = 7.3;
    let mut table = crate::ui::Table::open(game);
    table.lang = Lang::Zh;
    let mut harness = crate::ui::table::harness::stepped(table);
    crate::ui::table::harness::wait_for_suggestion(&mut harness);
    harness.get_by_label("贴目7.3目不是整目或半目");
    assert!(harness.query_by_label_contains("komi").is_none(), "English error shown");
}

#[test]
fn every_message_names_the_table_in_the_language_asked() {
    // A message for a table in Chinese says 第2轮第7台, never "round 2 table 7"; a message
    // with no value of its own is not the English one.
    use crate::session::TableId;
    let id = TableId { round: 2, table: 7 };
    assert_eq!(
        Msg::ClockReplaced(id).text(Lang::En),
        "round 2 table 7: the clock was replaced: its new events are not stored"
    );
    assert!(Msg::ClockReplaced(id).text(Lang::Zh).starts_with("第2轮第7台："));
    let ko = crate::game::GameError::Illegal(crate::game::Illegal::Ko {
        point: crate::board::Point::new(3, 15),
    });
    assert_eq!(
        i18n::refused_at(crate::board::Point::new(3, 15), &ko, 19, Lang::En),
        "D4 refused: ko: D4 may not be retaken at once (Art. 6, 18.3)"
    );
    assert_eq!(
        i18n::refused_at(crate::board::Point::new(3, 15), &ko, 19, Lang::Zh),
        "D4 不能落子：打劫：D4 不能立即提回（第6条、第18.3条）"
    );
    assert_eq!(
        Msg::Downtime(id, "2:00.4", "2026-11-29 09:00:00 UTC", Color::Black).text(Lang::Zh),
        "第2轮第7台：程序停止了2:00.4（自2026-11-29 09:00:00 UTC起，即棋钟最后记录的时刻）；当时轮到黑方行棋。"
    );
    for (en, zh) in every_message(Lang::En).iter().zip(every_message(Lang::Zh)) {
        assert_ne!(*en, zh, "not translated: {en}");
        assert!(!zh.contains("round 2") && !zh.contains("table"), "English left in {zh}");
    }
}

#[test]
fn the_settings_panel_switches_to_chinese_at_once() {
    let mut harness = panel(Lang::En);
    assert!(harness.query_by_label("Language").is_some());
    assert!(harness.query_by_label("语言").is_none());
    // The first "中文" is the language's, the second the voice pack's.
    let language_zh = harness.get_all_by_label("中文").next();
    assert!(language_zh.is_some(), "no 中文 choice");
    language_zh.into_iter().for_each(|n| n.click());
    harness.run();
    assert_eq!(harness.state().settings.lang, Lang::Zh);
    for label in [
        "语言",
        "黑方按钟键",
        "白方按钟键",
        "暂停键",
        "语音包",
        "音量",
        "显示手数",
        "落子即按钟",
        "左Shift",
        "空格",
    ] {
        assert!(harness.query_all_by_label(label).next().is_some(), "{label} not shown");
    }
    assert!(
        harness.query_by_label("Language").is_none(),
        "English left on the panel"
    );
    assert!(harness.state().changes >= 1, "the change was not reported");
    let language_en = harness.get_all_by_label("English").next();
    assert!(language_en.is_some(), "no English choice");
    language_en.into_iter().for_each(|n| n.click());
    harness.run();
    assert_eq!(harness.state().settings.lang, Lang::En);
    assert!(harness.query_all_by_label("Volume").next().is_some());
}

#[test]
fn the_panel_reports_no_change_while_nothing_changes() {
    let mut harness = panel(Lang::Zh);
    harness.run();
    harness.run();
    assert_eq!(harness.state().changes, 0);
    harness.get_by_label("落子即按钟").click();
    harness.run();
    assert!(
        !harness.state().settings.move_presses_clock,
        "on by default, turned off"
    );
    assert_eq!(harness.state().changes, 1);
}

#[test]
fn a_key_is_captured_by_pressing_it() {
    let mut harness = panel(Lang::En);
    harness.get_by_label("Left Shift").click();
    harness.run();
    assert!(harness.query_by_label("Press a key...").is_some());
    harness.key_press(egui::Key::B);
    harness.run();
    assert_eq!(harness.state().settings.keys.black, egui::Key::B);
    assert_eq!(harness.state().settings.keys.white, Keys::default().white);
    assert!(harness.query_by_label("Press a key...").is_none());
    assert!(harness.query_by_label("B").is_some());
    // Escape cancels a capture and keeps the key.
    harness.get_by_label("Space").click();
    harness.run();
    harness.key_press(egui::Key::Escape);
    harness.run();
    assert_eq!(harness.state().settings.keys.pause, egui::Key::Space);
    assert!(harness.query_by_label("Press a key...").is_none());
}

#[test]
fn every_string_in_both_languages_has_its_glyphs_in_the_bundled_fonts() {
    for lang in [Lang::En, Lang::Zh] {
        let strings = every_string(lang);
        assert_eq!(fonts::missing(&strings.concat()), Vec::<char>::new(), "{lang:?}");
    }
    // The check can fail: a private-use character is in no font.
    assert_eq!(fonts::missing("设置\u{E000}"), vec!['\u{E000}']);
}

#[test]
fn every_string_in_both_languages_is_drawn_without_a_missing_glyph() {
    // egui_kittest panics on a missing glyph (MissingGlyphPolicy::Panic): laying every string out
    // proves the installed fonts cover them.
    let strings: Vec<String> = [Lang::En, Lang::Zh].into_iter().flat_map(every_string).collect();
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 4000.0))
        .build_ui_state(
            |ui, strings: &mut Vec<String>| {
                fonts::install(ui.ctx());
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for s in strings.iter() {
                        ui.label(s.as_str());
                        ui.monospace(s.as_str());
                    }
                });
            },
            strings,
        );
    harness.run();
    assert_eq!(harness.query_all_by_label("设置").count(), 2);
    assert_eq!(harness.query_all_by_label("落子即按钟").count(), 2);
}

#[test]
#[should_panic(expected = "No glyph")]
fn without_the_bundled_font_the_harness_fails_on_chinese() {
    let mut harness = Harness::builder().build_ui(|ui| {
        ui.label("设置");
    });
    harness.run();
}

/// eframe's storage in memory.
#[derive(Default)]
struct Memory(HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

#[test]
fn settings_survive_eframe_storage() {
    let settings = Settings {
        lang: Lang::Zh,
        keys: Keys {
            black: egui::Key::A,
            white: egui::Key::L,
            pause: egui::Key::P,
        },
        voice: Lang::En,
        volume: 0.4,
        move_numbers: true,
        move_presses_clock: true,
        ..Settings::default()
    };
    let mut storage = Memory::default();
    settings.save(&mut storage);
    assert_eq!(Settings::load(Some(&storage)), settings);
}

#[test]
fn missing_or_unreadable_settings_fall_back_to_the_defaults() {
    assert_eq!(Settings::load(None), Settings::default());
    let mut storage = Memory::default();
    assert_eq!(Settings::load(Some(&storage)), Settings::default());
    // An older or partial value: what it has is kept, the rest takes the defaults.
    storage.set_string_for_test("(lang: Zh, volume: 0.25)");
    let loaded = Settings::load(Some(&storage));
    assert_eq!(
        loaded,
        Settings {
            lang: Lang::Zh,
            volume: 0.25,
            ..Settings::default()
        }
    );
    storage.set_string_for_test("not ron at all (");
    assert_eq!(Settings::load(Some(&storage)), Settings::default());
}

impl Memory {
    fn set_string_for_test(&mut self, value: &str) {
        eframe::Storage::set_string(self, Settings::STORAGE_KEY, value.to_string());
    }
}

#[test]
fn the_first_language_follows_the_locale() {
    assert_eq!(Lang::from_locale(None, None, Some("zh_CN.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("zh_TW.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("zh")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, None, Some("en_GB.UTF-8")), Lang::En);
    assert_eq!(Lang::from_locale(None, None, None), Lang::En);
    assert_eq!(Lang::from_locale(None, None, Some("C")), Lang::En);
    assert_eq!(Lang::from_locale(None, None, Some("fr_FR.UTF-8")), Lang::En);
    // LC_ALL before LC_MESSAGES before LANG; an empty value does not count.
    assert_eq!(
        Lang::from_locale(Some("en_US.UTF-8"), Some("zh_CN"), Some("zh_CN")),
        Lang::En
    );
    assert_eq!(Lang::from_locale(Some("zh_CN.UTF-8"), None, Some("en_US")), Lang::Zh);
    assert_eq!(Lang::from_locale(None, Some("zh_CN.UTF-8"), Some("en_US")), Lang::Zh);
    assert_eq!(Lang::from_locale(Some(""), Some(""), Some("zh_SG.UTF-8")), Lang::Zh);
    assert_eq!(Lang::from_locale(Some(""), None, Some("")), Lang::En);
}

#[test]
fn the_default_settings_take_the_system_language() {
    assert_eq!(Settings::default().lang, Lang::of_system());
}

#[test]
fn every_text_has_both_columns() {
    for t in Text::ALL {
        assert!(!t.tr(Lang::En).is_empty(), "{t:?} has no English");
        assert!(!t.tr(Lang::Zh).is_empty(), "{t:?} has no Chinese");
        assert!(
            !t.tr(Lang::Zh).is_ascii(),
            "{t:?}'s Chinese column is not Chinese: {}",
            t.tr(Lang::Zh)
        );
    }
}

#[test]
fn the_table_in_chinese_is_drawn_with_the_bundled_font() {
    // The whole table screen, laid out in Chinese: any character no font has would panic here.
    let mut table = crate::ui::Table::new();
    table.lang = Lang::Zh;
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(2100.0, 1400.0))
        .build_ui_state(
            |ui, table: &mut crate::ui::Table| {
                fonts::install(ui.ctx());
                table.frame(ui, std::time::Duration::ZERO);
            },
            table,
        );
    harness.run();
    for label in [Text::Moves, Text::StartClock, Text::Ledger, Text::Pass] {
        let zh = label.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
        let en = label.tr(Lang::En);
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
}

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_character_in_the_sources_is_in_the_bundled_fonts() {
    // Strings outside the i18n table (captions, results, dialogs) too: a new character needs
    // `packaging/fonts/make-font-subset.sh` run again.
    let mut files = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 20, "sources not found");
    let mut text = String::new();
    for f in &files {
        text.extend(
            std::fs::read_to_string(f)
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_ascii()),
        );
    }
    assert!(text.contains('黑'));
    assert_eq!(
        fonts::missing(&text),
        Vec::<char>::new(),
        "run packaging/fonts/make-font-subset.sh"
    );
}

/// The whole window in Chinese at `ws`, fonts installed by the shell.
fn shell_in_chinese(ws: crate::ui::workstation::Workstation) -> Harness<'static, crate::ui::Shell> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1700.0, 950.0))
        .build_ui_state(
            |ui, shell: &mut crate::ui::Shell| shell.frame(ui, std::time::Duration::ZERO, std::time::Duration::ZERO),
            crate::ui::Shell::new(ws),
        );
    harness.run();
    harness
}

fn chinese_workstation() -> crate::ui::workstation::Workstation {
    use crate::ui::workstation::{Workstation, WsCommand};
    let settings = Settings {
        lang: Lang::Zh,
        ..Settings::default()
    };
    let mut ws = Workstation::new(settings, std::time::Duration::ZERO);
    let at = std::time::Duration::ZERO;
    for (name, rank) in [("陈力", "3d"), ("Ann Smith", "2k")] {
        let rank = rank.parse().unwrap_or_else(|e| panic!("{e}"));
        ws.apply(
            WsCommand::AddPlayer {
                name: name.to_string(),
                rank,
                club: String::new(),
            },
            at,
        );
    }
    ws.apply(
        WsCommand::NewRound {
            date: "2026-11-29".to_string(),
        },
        at,
    );
    ws.apply(
        WsCommand::NewTable {
            round: 1,
            black: crate::session::PlayerId(1),
            white: crate::session::PlayerId(2),
        },
        at,
    );
    ws
}

#[test]
fn the_sidebar_and_menu_speak_chinese() {
    let mut harness = shell_in_chinese(chinese_workstation());
    harness.run();
    for zh in [
        "文件",
        "成绩",
        "设置",
        "棋手",
        "添加棋手",
        "新建轮次",
        "尚未保存",
        "未开始",
        "轮次改名",
    ] {
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(
        harness
            .query_all_by_label_contains("第1轮 · 2026-11-29")
            .next()
            .is_some(),
        "round heading"
    );
    assert!(harness.query_all_by_label("第1台").next().is_some(), "table name");
    for en in [
        "File",
        "Results",
        "Players",
        "Add player",
        "New round",
        "Table 1",
        "not started",
        "Arbiter",
    ] {
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
}

#[test]
fn the_recovery_and_backup_windows_speak_chinese() {
    use crate::ui::workstation::Recovery;
    let mut ws = chinese_workstation();
    let table = crate::session::TableId { round: 1, table: 1 };
    ws.recovery = Some(Recovery {
        path: "/tmp/event.ron".into(),
        recovered: true,
        tables: 1,
        replayed: 4,
        dropped_partial: true,
        chain: None,
        running: vec![{
            use std::time::Duration;
            let control = "chinese:60m/5".parse().unwrap_or(crate::clock::TimeControl::Absolute {
                main: Duration::from_secs(3600),
            });
            let mut clock = crate::clock::Clock::new(control);
            let _ = clock.start(Duration::ZERO, Color::Black);
            crate::session::downtime::Downtime {
                table,
                last: Duration::ZERO,
                last_wall: Duration::from_secs(1_795_942_800),
                source: crate::session::downtime::WallSource::Checkpoint,
                down: Duration::from_secs(300),
                player: Color::Black,
                charged: clock.reading(Duration::from_secs(300)),
                uncharged: clock.reading(Duration::ZERO),
            }
        }],
    });
    ws.offer_backup = Some("/tmp/other.ron".into());
    ws.notify(i18n::Msg::NoDialog.text(Lang::Zh), true);
    let harness = shell_in_chinese(ws);
    for zh in [
        Text::SessionRestored,
        Text::PartialDropped,
        Text::ClocksRunning,
        Text::ChargeIt,
        Text::DoNotCharge,
        Text::SessionUnreadable,
        Text::OpenNewestBackup,
    ] {
        let zh = zh.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(harness.query_all_by_label_contains("已恢复1台对局").next().is_some());
    assert!(
        harness
            .query_all_by_label_contains("第1轮第1台：程序停止了5:00.0（自2026-11-29 09:00:00 UTC起")
            .next()
            .is_some()
    );
    assert!(harness.query_all_by_label_contains("完好备份？").next().is_some());
    assert!(harness.query_all_by_label_contains("没有桌面门户").next().is_some());
    assert!(harness.query_all_by_label("Charge it (default)").next().is_none());
}

#[test]
fn the_save_first_question_the_round_buttons_the_sound_notice_and_the_file_dialogs_speak_chinese() {
    use crate::ui::workstation::files::Request;
    use crate::ui::workstation::{Replacing, WsCommand};
    let mut ws = chinese_workstation();
    let at = std::time::Duration::ZERO;
    ws.apply(
        WsCommand::NewRound {
            date: "2026-11-30".to_string(),
        },
        at,
    );
    ws.replacing = Some(Replacing::Asking(Request::Open, None));
    let mut harness = shell_in_chinese(ws);
    let sound = crate::ui::table::sound::Sound::silent(crate::audio::Silence::NoDevice, Lang::Zh);
    harness.state_mut().sound = Some((sound, std::time::Instant::now()));
    harness.run();
    for zh in [
        Text::SaveFirst,
        Text::SaveAsFirst,
        Text::Discard,
        Text::Cancel,
        Text::RoundUp,
        Text::RoundDown,
    ] {
        let zh = zh.tr(Lang::Zh);
        assert!(harness.query_all_by_label(zh).next().is_some(), "{zh} not shown");
    }
    assert!(
        harness
            .query_all_by_label_contains("当前赛事（1台对局）尚未保存到文件")
            .next()
            .is_some()
    );
    assert!(
        harness
            .query_all_by_label_contains("没有声音：只以字幕显示")
            .next()
            .is_some(),
        "the sound notice"
    );
    for en in ["Save first?", "Discard", "Cancel", "Round up", "Round down"] {
        assert!(harness.query_all_by_label(en).next().is_none(), "{en} still shown");
    }
    assert!(harness.query_all_by_label_contains("No sound").next().is_none());
    // The system file dialogs' titles and filter.
    let session = || {
        Box::new(crate::session::Session::new(crate::ui::workstation::new_event(
            "2026-11-29",
            Lang::Zh,
        )))
    };
    let requests = [
        Request::NewSession(session()),
        Request::Open,
        Request::SaveAs(session()),
        Request::ImportSgf,
        Request::ExportSgf {
            text: String::new(),
            name: String::new(),
        },
        Request::RestoreBackup("/tmp/event.ron".into()),
    ];
    for request in &requests {
        let (en, zh) = (request.title().tr(Lang::En), request.title().tr(Lang::Zh));
        assert_ne!(en, zh);
        assert!(!zh.is_ascii(), "{zh}");
    }
    assert_eq!(Request::Open.title().tr(Lang::Zh), "打开赛事文件（.ron）");
    // The move list and the counting screen's lines.
    assert_eq!(i18n::MoveLine::Pass(13, Color::White).text(Lang::Zh), "13. 白 停一手");
    assert_eq!(i18n::MoveLine::Edit(0, 1, 1).text(Lang::Zh), "摆子：+黑0，+白1，-1");
    assert_eq!(i18n::MoveLine::Edit(0, 1, 1).text(Lang::En), "edit: +0 B, +1 W, -1");
    assert_eq!(Msg::Captures(3, 1).text(Lang::Zh), "提子：黑 3 白 1");
    assert_eq!(Msg::MoveAndClock(12, "0:59:00").text(Lang::Zh), "第12手，棋钟0:59:00");
    assert_eq!(Text::SessionFiles.tr(Lang::Zh), "Go Arbiter赛事文件");
}

#[test]
fn an_sgf_file_that_does_not_read_is_explained_in_chinese_on_import_and_at_the_start() {
    use crate::ui::workstation::WsCommand;
    use crate::ui::workstation::files::Request;
    let dir = std::env::temp_dir().join(format!("go-arbiter-lang-sgf-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("truncated.sgf");
    let _ = std::fs::write(&file, "(;GM[1]SZ[19]\n;B[pd];W[dp");
    let mut harness = shell_in_chinese(chinese_workstation());
    harness.state_mut().ws.apply(
        WsCommand::File(Request::ImportSgf, Some(file.clone())),
        std::time::Duration::ZERO,
    );
    for _ in 0..500 {
        // Steps, not runs: the menu's spinner repaints while the job is under way.
        harness.step();
        if harness.state().ws.files.pending == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    harness.run();
    let _ = std::fs::remove_dir_all(&dir);
    let expected = format!(
        "{}：无法导入：第2行第9列：从此处开始的属性值没有以“]”结束（文件不完整？）",
        file.display()
    );
    let notices: Vec<String> = harness.state().ws.notices.iter().map(|n| n.text.clone()).collect();
    assert!(notices.contains(&expected), "{notices:?}");
    harness.get_by_label_contains(&expected);
    assert!(
        harness.query_by_label_contains("never closed").is_none(),
        "English shown"
    );
    assert!(
        harness.query_by_label_contains("line 2").is_none(),
        "English place shown"
    );

    // GO_ARBITER_OPEN's file that does not read: the notice the window starts with.
    let error = match crate::sgf::read_str("(;GM[3])") {
        Err(e) => e,
        Ok(_) => panic!("a game of GM[3] reads as Go"),
    };
    assert_eq!(
        Msg::NotOpenedAtStart(&error).text(Lang::Zh),
        "GO_ARBITER_OPEN：棋谱无法读取：第1行第2列：不是围棋棋谱（GM[3]）"
    );
    assert_eq!(
        Msg::NotOpenedAtStart(&error).text(Lang::En),
        "GO_ARBITER_OPEN: line 1, column 2: the game is not Go (GM[3])"
    );
}

//! Tests of trust (issue 18): the chief arbiter's passphrase before an override, a one-sided
//! clock correction (Art. 22.8) or the dismissal of an incident; journal lines inside the chain;
//! the chain key's seals; each forgery of the issue detected; verification codes; `export`
//! refusing a broken file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use go_arbiter::board::Color;
use go_arbiter::clock::{Clock, TimeControl, TimeLeft};
use go_arbiter::ledger::{Catalogue, Edition, Ledger, OffenceId, RaisedBy, Report, Sanction};
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::chief::{self, ChiefChangeError, ChiefError, Gate, Hasher};
use go_arbiter::session::key::ChainKey;
use go_arbiter::session::ops::ChiefAction;
use go_arbiter::session::store::{self, JournalFault, KeyCheck};
use go_arbiter::session::{
    Change, GameSetup, Player, PlayerId, Role, Session, SessionError, Signer, Stamp, Store, TableId, audit, check,
    format, proof,
};
use jiff::tz::TimeZone;
use serde::Serialize;

use crate::support::{event, go_arbiter};

const TABLE: TableId = TableId { round: 1, table: 1 };
const PASSPHRASE: &str = "correct horse battery";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-trust-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn key() -> ChainKey {
    ChainKey::from_bytes([7; 32])
}

fn arbiter(time: &str) -> Stamp {
    Stamp::new(time, "Li Wei", Role::Arbiter)
}

fn chief_stamp(time: &str) -> Stamp {
    Stamp::new(time, "Wang Fang", Role::ChiefArbiter)
}

/// An event keyed with `key` (when given) and a passphrase, two players, table 1 with a game
/// resigned by Black: W+R, confirmed by all three.
fn confirmed(key: Option<&ChainKey>) -> Session {
    let mut s = Session::new(event());
    let org = Stamp::new("08:30", "Organiser", Role::Organiser);
    s.apply(&org, &Change::Event(event())).unwrap();
    if let Some(key) = key {
        s.apply(&org, &Change::ChainKey { id: key.id() }).unwrap();
    }
    let phc = Hasher::fast_for_tests().hash(PASSPHRASE, [3; 16]).unwrap();
    s.apply(&org, &Change::ChiefPassphrase { phc }).unwrap();
    for (id, name) in [(1, "Chen Li"), (2, "Ann Smith")] {
        let player = Player {
            id: PlayerId(id),
            name: name.to_string(),
            rank: "3d".parse().unwrap(),
            club: String::new(),
            registration: Default::default(),
        };
        s.apply(&org, &Change::Player(player)).unwrap();
    }
    let round = Change::Round {
        number: 1,
        date: "2026-11-28".into(),
    };
    s.apply(&org, &round).unwrap();
    let setup = GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let table = Change::Table {
        table: TABLE,
        black: PlayerId(1),
        white: PlayerId(2),
        setup,
    };
    s.apply(&org, &table).unwrap();
    let record = Change::Record {
        table: TABLE,
        sgf: "(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[pp];W[dd])".into(),
        note: "four moves".into(),
    };
    s.apply(&arbiter("10:00"), &record).unwrap();
    let result = Change::Result {
        table: TABLE,
        result: Some(GameResult::win(Color::White, Reason::Resignation)),
    };
    s.apply(&arbiter("11:00"), &result).unwrap();
    for (signer, name) in [(Signer::Black, "CL"), (Signer::White, "AS"), (Signer::Arbiter, "LW")] {
        let sign = Change::Confirm {
            table: TABLE,
            signer,
            name: name.into(),
        };
        s.apply(&arbiter("11:01"), &sign).unwrap();
    }
    s
}

/// `session` written at `dir/day.ron`, sealed with `key`.
fn saved(dir: &Path, session: &Session, key: Option<&ChainKey>) -> PathBuf {
    let path = dir.join("day.ron");
    Store::create_keyed(&path, session, key)
        .unwrap()
        .close(session)
        .unwrap();
    path
}

/// The forger of the issue: recomputes the table digest and the whole SHA-256 chain as
/// `session/audit.rs` describes it, after changing the session in memory.
fn recompute_chain(session: &mut Session) {
    let digest = audit::table_digest(session.table(TABLE).unwrap()).unwrap();
    let last = session.audit.iter().rposition(|e| e.table == Some(TABLE)).unwrap();
    session.audit[last].state = digest;
    let mut prev = audit::GENESIS.to_string();
    for e in &mut session.audit {
        e.hash = audit::entry_hash(&prev, e).unwrap();
        prev.clone_from(&e.hash);
    }
}

/// A journal line as the forger writes it by hand (the store's own form).
#[derive(Serialize)]
struct ForgedLine {
    seq: u64,
    stamp: Stamp,
    change: Change,
    #[serde(skip_serializing_if = "Option::is_none")]
    hash: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seal: Option<String>,
}

/// Appends `change` to the journal of `path` as `stamp`, with the hash the chain would give it
/// (the forger can compute it: SHA-256 is public) and a seal under `forger_key` when given.
fn append_forged(path: &Path, session: &Session, stamp: &Stamp, change: Change, forger_key: Option<&ChainKey>) {
    let mut copy = session.clone();
    copy.apply(stamp, &change).unwrap();
    let hash = copy.audit.last().unwrap().hash.clone();
    let seq = copy.audit.len() as u64 - 1;
    let line = ForgedLine {
        seq,
        stamp: stamp.clone(),
        change,
        seal: forger_key.map(|k| go_arbiter::session::key::seal(k, seq + 1, &hash)),
        hash: Some(hash),
    };
    let mut text = ron::to_string(&line).unwrap();
    text.push('\n');
    fs::OpenOptions::new()
        .append(true)
        .open(store::journal_path(path))
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
}

fn result_of(session: &Session) -> Option<GameResult> {
    session.table(TABLE).unwrap().game.result
}

#[test]
fn a_confirmed_result_flipped_in_the_file_with_the_chain_recomputed_fails_check_under_the_key() {
    let dir = scratch("flip");
    let key = key();
    let genuine = confirmed(Some(&key));
    let path = saved(&dir, &genuine, Some(&key));
    let code = proof::result_code(TABLE, genuine.table(TABLE).unwrap()).unwrap();
    assert!(check::check_keyed(&path, Some(&key), Some(&code)).unwrap().ok());

    // W+R becomes B+R, the digest and the chain recomputed: the unkeyed chain holds again.
    let mut forged = store::load(&path).unwrap().session;
    forged.rounds[0].tables[0].game.result = Some(GameResult::win(Color::Black, Reason::Resignation));
    recompute_chain(&mut forged);
    assert_eq!(audit::verify(&forged), Ok(()), "the forger's chain is intact");
    // Written without the key (no seal), then with a key of the forger's own.
    for forger_key in [None, Some(ChainKey::from_bytes([9; 32]))] {
        fs::write(&path, format::to_ron_sealed(&forged, forger_key.as_ref()).unwrap()).unwrap();
        let report = check::check_keyed(&path, Some(&key), Some(&code)).unwrap();
        assert!(!report.ok(), "{}", report.to_text());
        assert!(
            matches!(report.key, KeyCheck::Unsealed | KeyCheck::SealBroken),
            "{:?}",
            report.key
        );
        assert_eq!(report.code, Some((code.clone(), None)), "the slip's code is not B+R's");
        assert!(report.to_text().contains("BROKEN"), "{}", report.to_text());
    }
}

#[test]
fn a_file_checked_without_its_key_says_it_cannot_verify_the_keyed_part() {
    let dir = scratch("no-key");
    let key = key();
    let path = saved(&dir, &confirmed(Some(&key)), Some(&key));
    let report = check::check(&path).unwrap();
    assert_eq!(report.key, KeyCheck::NoKey { id: key.id() });
    assert!(!report.ok(), "not verified is not passed");
    assert!(report.to_text().contains("cannot be verified"), "{}", report.to_text());
    let other = ChainKey::from_bytes([1; 32]);
    let report = check::check_keyed(&path, Some(&other), None).unwrap();
    assert!(matches!(report.key, KeyCheck::WrongKey { .. }) && !report.ok());
}

#[test]
fn an_old_session_without_a_key_still_opens_and_check_says_not_keyed() {
    let dir = scratch("old");
    let path = dir.join("v2.ron");
    fs::copy("tests/data/session-v2.ron", &path).unwrap();
    let report = check::check(&path).unwrap();
    assert_eq!(report.key, KeyCheck::NotKeyed);
    assert!(report.ok(), "{}", report.to_text());
    assert!(report.to_text().contains("not keyed"), "{}", report.to_text());
    let (_store, loaded) = Store::open(&path).unwrap();
    assert_eq!(loaded.key, KeyCheck::NotKeyed);
}

#[test]
fn a_hand_written_journal_line_signed_as_chief_arbiter_fails_check() {
    let dir = scratch("mallory");
    let key = key();
    let genuine = confirmed(Some(&key));
    let path = saved(&dir, &genuine, Some(&key));
    let mallory = Stamp::new("23:59", "Mallory", Role::ChiefArbiter);
    let flip = Change::Override {
        table: TABLE,
        result: Some(GameResult::win(Color::Black, Reason::Resignation)),
        reason: "typo".into(),
    };
    // The role is text, the hash is public: only the seal is out of reach.
    for forger_key in [None, Some(ChainKey::from_bytes([9; 32]))] {
        fs::write(store::journal_path(&path), "").unwrap();
        append_forged(&path, &genuine, &mallory, flip.clone(), forger_key.as_ref());
        let loaded = store::load_keyed(&path, Some(&key)).unwrap();
        let stop = loaded.journal_stop.clone().unwrap();
        assert_eq!((stop.line, stop.dropped), (1, 1));
        assert!(
            matches!(stop.why, JournalFault::Unsealed | JournalFault::Seal),
            "{:?}",
            stop.why
        );
        assert_eq!(
            result_of(&loaded.session),
            Some(GameResult::win(Color::White, Reason::Resignation)),
            "the forged override is not taken"
        );
        let report = check::check_keyed(&path, Some(&key), None).unwrap();
        assert!(!report.ok() && report.to_text().contains("journal BROKEN at line 1"));
    }
    // Opening keeps the rejected lines beside the file.
    let (_store, _) = Store::open_keyed(&path, Some(&key)).unwrap();
    assert!(dir.join("day.ron.journal.rejected").exists());
}

#[test]
fn an_arbiter_signed_record_line_replacing_a_confirmed_games_moves_fails() {
    let dir = scratch("record");
    // Even unkeyed: the engine refuses it, so the replay stops there.
    let mut genuine = confirmed(None);
    let path = saved(&dir, &genuine, None);
    let replace = Change::Record {
        table: TABLE,
        sgf: "(;GM[1]FF[4]SZ[19];B[aa])".into(),
        note: "other moves".into(),
    };
    assert_eq!(
        genuine.apply(&arbiter("12:00"), &replace),
        Err(SessionError::ChiefOnly {
            actor: "Li Wei".into(),
            action: ChiefAction::RecordAfterConfirmation
        })
    );
    let line = ForgedLine {
        seq: genuine.audit.len() as u64,
        stamp: arbiter("12:00"),
        change: replace,
        hash: Some("0".repeat(32)),
        seal: None,
    };
    fs::write(
        store::journal_path(&path),
        format!("{}\n", ron::to_string(&line).unwrap()),
    )
    .unwrap();
    let report = check::check(&path).unwrap();
    assert!(!report.ok(), "{}", report.to_text());
    let stop = report.journal_stop.clone().unwrap();
    assert!(matches!(stop.why, JournalFault::Refused(_)), "{:?}", stop.why);
    let loaded = store::load(&path).unwrap();
    assert_eq!(
        loaded.session.table(TABLE).unwrap().game.record,
        genuine.table(TABLE).unwrap().game.record
    );
}

#[test]
fn a_journal_line_edited_in_the_middle_stops_the_replay_at_the_last_good_line_and_a_torn_last_line_costs_only_itself() {
    let dir = scratch("edited");
    let key = key();
    let mut session = confirmed(Some(&key));
    let path = dir.join("day.ron");
    let mut store = Store::create_keyed(&path, &session, Some(&key)).unwrap();
    for (n, name) in ["First", "Second", "Third"].iter().enumerate() {
        let rename = Change::RenameTable {
            table: TABLE,
            name: (*name).into(),
        };
        store
            .record(&mut session, &arbiter(&format!("12:0{n}")), &rename)
            .unwrap();
    }
    let journal = fs::read_to_string(store::journal_path(&path)).unwrap();
    assert_eq!(journal.lines().count(), 3);
    assert!(
        journal.lines().all(|l| l.contains("hash:") && l.contains("seal:")),
        "{journal}"
    );

    // The second line's name changed, its hash and seal kept: it no longer matches the chain.
    fs::write(store::journal_path(&path), journal.replacen("Second", "Forged", 1)).unwrap();
    let loaded = store::load_keyed(&path, Some(&key)).unwrap();
    let stop = loaded.journal_stop.clone().unwrap();
    assert_eq!((loaded.replayed, stop.line, stop.dropped), (1, 2, 2));
    assert_eq!(stop.why, JournalFault::Hash);
    assert_eq!(loaded.session.table(TABLE).unwrap().name, "First");
    assert_eq!(loaded.chain, Ok(()), "what was taken holds");

    // A torn last line: the two before it are taken.
    let cut = journal.len() - 20;
    fs::write(store::journal_path(&path), &journal[..cut]).unwrap();
    let loaded = store::load_keyed(&path, Some(&key)).unwrap();
    assert_eq!((loaded.replayed, loaded.dropped_partial), (2, true));
    assert_eq!(loaded.journal_stop, None);
    assert_eq!(loaded.key, KeyCheck::Verified);
    assert_eq!(loaded.session.table(TABLE).unwrap().name, "Second");
}

#[test]
fn legacy_journal_lines_without_a_hash_still_replay_and_check_says_so() {
    let dir = scratch("legacy");
    let session = confirmed(None);
    let path = saved(&dir, &session, None);
    let line = ForgedLine {
        seq: session.audit.len() as u64,
        stamp: arbiter("12:00"),
        change: Change::RenameTable {
            table: TABLE,
            name: "Top board".into(),
        },
        hash: None,
        seal: None,
    };
    fs::write(
        store::journal_path(&path),
        format!("{}\n", ron::to_string(&line).unwrap()),
    )
    .unwrap();
    let report = check::check(&path).unwrap();
    assert_eq!((report.replayed, report.legacy_lines), (1, 1));
    assert!(report.ok(), "{}", report.to_text());
    assert!(report.to_text().contains("legacy"), "{}", report.to_text());
    // In a keyed session a line without hash or seal is not taken.
    let key = key();
    let keyed = confirmed(Some(&key));
    let path = saved(&scratch("legacy-keyed"), &keyed, Some(&key));
    let line = ForgedLine {
        seq: keyed.audit.len() as u64,
        ..line
    };
    fs::write(
        store::journal_path(&path),
        format!("{}\n", ron::to_string(&line).unwrap()),
    )
    .unwrap();
    let loaded = store::load_keyed(&path, Some(&key)).unwrap();
    assert_eq!(loaded.journal_stop.map(|s| s.why), Some(JournalFault::Unsealed));
}

#[test]
fn the_verification_code_says_whether_the_result_is_still_the_one_confirmed() {
    let dir = scratch("code");
    let key = key();
    let mut session = confirmed(Some(&key));
    let code = proof::result_code(TABLE, session.table(TABLE).unwrap()).unwrap();
    assert_eq!((code.len(), &code[5..6]), (11, "-"), "{code}");
    let slip = go_arbiter::export::slip::lines(&session, TABLE, session.table(TABLE).unwrap(), &TimeZone::UTC).unwrap();
    assert!(slip.contains(&format!("Verification code: {code}")), "{slip:?}");
    let csv = go_arbiter::export::csv::results(&session).unwrap();
    assert!(csv.lines().nth(1).unwrap().ends_with(&code), "{csv}");

    let path = saved(&dir, &session, Some(&key));
    let report = check::check_keyed(&path, Some(&key), Some(&code.to_lowercase().replace('-', " "))).unwrap();
    assert_eq!(report.code.as_ref().and_then(|c| c.1), Some(TABLE));
    assert!(report.ok() && report.to_text().contains("still the one confirmed"));

    // The chief arbiter overrides it: the old code no longer holds, the new one does.
    let mut gate = Gate::default();
    let flip = Change::Override {
        table: TABLE,
        result: Some(GameResult::win(Color::Black, Reason::Time)),
        reason: "the clock had flagged first".into(),
    };
    session
        .apply_as_chief(&mut gate, PASSPHRASE, Duration::ZERO, &chief_stamp("13:00"), &flip)
        .unwrap();
    let new_code = proof::result_code(TABLE, session.table(TABLE).unwrap()).unwrap();
    assert_ne!(new_code, code);
    fs::remove_file(&path).unwrap();
    let path = saved(&dir, &session, Some(&key));
    let old = check::check_keyed(&path, Some(&key), Some(&code)).unwrap();
    assert_eq!(old.code, Some((code.clone(), None)));
    assert!(!old.ok() && old.to_text().contains("NO confirmed result"));
    assert!(check::check_keyed(&path, Some(&key), Some(&new_code)).unwrap().ok());

    // The command line: exit 0 for the code confirmed, 1 for the old one.
    let keyfile = dir.join("chain.key");
    key.write(&keyfile).unwrap();
    let file = path.to_str().unwrap();
    let kf = keyfile.to_str().unwrap();
    let (status, out, _) = go_arbiter(&["check", file, "--key", kf, "--code", &new_code]);
    assert_eq!(status, 0, "{out}");
    let (status, out, _) = go_arbiter(&["check", file, "--key", kf, "--code", &code]);
    assert_eq!(status, 1, "{out}");
}

#[test]
fn export_refuses_a_file_whose_chain_is_broken_unless_told_and_says_why() {
    let dir = scratch("export");
    let path = saved(&dir, &confirmed(None), None);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replacen("Chen Li", "Chen Lu", 1)).unwrap();
    let file = path.to_str().unwrap();
    let (status, out, err) = go_arbiter(&["export", file, "--csv"]);
    assert_ne!(status, 0, "{out}");
    assert!(out.is_empty() && err.contains("broken"), "{err}");
    let (status, out, _) = go_arbiter(&["export", file, "--csv", "--despite-broken-chain"]);
    assert_eq!(status, 0);
    assert!(out.contains("Chen Lu"), "{out}");
}

#[test]
fn export_refuses_a_file_edited_without_the_key_even_with_its_chain_recomputed() {
    let dir = scratch("export-keyed");
    let key = key();
    let path = saved(&dir, &confirmed(Some(&key)), Some(&key));
    let keyfile = dir.join("chain.key");
    key.write(&keyfile).unwrap();
    let (file, kf) = (path.to_str().unwrap(), keyfile.to_str().unwrap());
    let (status, out, err) = go_arbiter(&["export", file, "--csv", "--key", kf]);
    assert_eq!(status, 0, "the genuine file exports: {err}");
    assert!(out.contains("W+R"), "{out}");

    // W+R becomes B+R and the chain is recomputed, written without the key.
    let mut forged = store::load(&path).unwrap().session;
    forged.rounds[0].tables[0].game.result = Some(GameResult::win(Color::Black, Reason::Resignation));
    recompute_chain(&mut forged);
    fs::write(&path, format::to_ron_sealed(&forged, None).unwrap()).unwrap();
    let (status, out, err) = go_arbiter(&["export", file, "--csv", "--key", kf]);
    assert_ne!(status, 0, "{out}");
    assert!(out.is_empty() && err.contains("chain key BROKEN"), "{err}");
}

#[test]
fn an_override_of_a_confirmed_result_needs_the_chief_arbiters_passphrase() {
    let mut session = confirmed(None);
    let mut gate = Gate::default();
    let flip = Change::Override {
        table: TABLE,
        result: Some(GameResult::win(Color::Black, Reason::Time)),
        reason: "the clock had flagged first".into(),
    };
    let wrong = session.apply_as_chief(&mut gate, "guess", Duration::ZERO, &chief_stamp("13:00"), &flip);
    assert_eq!(
        wrong,
        Err(ChiefChangeError::Passphrase(ChiefError::Wrong { failures: 1 }))
    );
    assert_eq!(
        result_of(&session),
        Some(GameResult::win(Color::White, Reason::Resignation))
    );
    // An arbiter's stamp is refused by the engine itself.
    assert!(matches!(
        session.apply(&arbiter("13:00"), &flip),
        Err(SessionError::NotChief { .. })
    ));
    session
        .apply_as_chief(&mut gate, PASSPHRASE, Duration::ZERO, &arbiter("13:01"), &flip)
        .unwrap();
    assert_eq!(result_of(&session), Some(GameResult::win(Color::Black, Reason::Time)));
    let entry = session.audit.last().unwrap();
    assert_eq!(
        (entry.stamp.role, entry.stamp.actor.as_str()),
        (Role::ChiefArbiter, "Li Wei")
    );
    assert_eq!(gate.failures(), 0, "the right passphrase resets the count");
}

#[test]
fn five_wrong_passphrases_in_a_row_make_the_next_try_wait() {
    let session = confirmed(None);
    let mut gate = Gate::default();
    let at = Duration::from_secs;
    for n in 1..=4 {
        assert_eq!(
            gate.admit(&session.trust, "guess", at(n)),
            Err(ChiefError::Wrong { failures: n as u32 })
        );
    }
    assert_eq!(
        gate.admit(&session.trust, "guess", at(5)),
        Err(ChiefError::Wait {
            wait: chief::FIRST_WAIT
        })
    );
    // While it waits, even the right passphrase is not tried.
    assert_eq!(
        gate.admit(&session.trust, PASSPHRASE, at(35)),
        Err(ChiefError::Wait { wait: at(30) })
    );
    // After the wait: one more wrong try doubles it; the right one opens.
    assert_eq!(
        gate.admit(&session.trust, "guess", at(65)),
        Err(ChiefError::Wait {
            wait: 2 * chief::FIRST_WAIT
        })
    );
    assert_eq!(gate.admit(&session.trust, PASSPHRASE, at(65 + 120)), Ok(()));
    assert_eq!(gate.failures(), 0);
}

#[test]
fn a_one_sided_clock_correction_needs_the_chief_arbiter_art_22_8() {
    // Art. 22.8: "单方面的时间读数改拨，须经裁判长的认可".
    let mut session = confirmed(None);
    let setup = GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let t2 = TableId { round: 1, table: 2 };
    let org = Stamp::new("08:30", "Organiser", Role::Organiser);
    let table = Change::Table {
        table: t2,
        black: PlayerId(1),
        white: PlayerId(2),
        setup,
    };
    session.apply(&org, &table).unwrap();
    let mut clock = Clock::new("chinese:60m/5".parse::<TimeControl>().unwrap());
    clock.start(Duration::ZERO, Color::Black).unwrap();
    clock.pause(Duration::from_secs(60), "clock fault").unwrap();
    let left = TimeLeft {
        main: Duration::from_secs(50 * 60),
        periods: 5,
        period: Duration::from_secs(60),
        period_moves: 0,
    };
    clock
        .edit_approved(Duration::from_secs(61), Color::Black, left, "fault", "Wang Fang")
        .unwrap();
    let events = clock.events().to_vec();
    let (edit, before) = events.split_last().unwrap();
    for event in before {
        let change = Change::Clock {
            table: t2,
            event: event.clone(),
        };
        session.apply(&arbiter("14:00"), &change).unwrap();
    }
    let change = Change::Clock {
        table: t2,
        event: edit.clone(),
    };
    assert_eq!(
        session.apply(&arbiter("14:01"), &change),
        Err(SessionError::ChiefOnly {
            actor: "Li Wei".into(),
            action: ChiefAction::OneSidedClock
        })
    );
    let mut gate = Gate::default();
    assert!(
        session
            .apply_as_chief(&mut gate, "wrong one", Duration::ZERO, &chief_stamp("14:01"), &change)
            .is_err()
    );
    session
        .apply_as_chief(&mut gate, PASSPHRASE, Duration::ZERO, &chief_stamp("14:01"), &change)
        .unwrap();
    assert_eq!(session.table(t2).unwrap().game.clock_events.len(), events.len());
}

#[test]
fn dismissing_an_incident_needs_the_chief_arbiter() {
    let mut session = confirmed(None);
    let game = session.table(TABLE).unwrap().game.game().unwrap();
    let mut ledger = Ledger::new(Edition::Chinese2002);
    let report = Report::new(
        Color::Black,
        OffenceId::PhoneSounds,
        4,
        Duration::from_secs(600),
        "10:20",
        RaisedBy::Arbiter("Li".into()),
    );
    let id = ledger
        .record(&Catalogue::standard(Edition::Chinese2002), &game, report)
        .unwrap();
    session
        .apply(
            &arbiter("10:20"),
            &Change::Ledger {
                table: TABLE,
                ledger: ledger.clone(),
            },
        )
        .unwrap();
    ledger
        .override_sanction(id, Sanction::of(&[]), "the phone was the arbiter's", "10:30", "Li Wei")
        .unwrap();
    let dismiss = Change::Ledger { table: TABLE, ledger };
    assert_eq!(
        session.apply(&arbiter("10:30"), &dismiss),
        Err(SessionError::ChiefOnly {
            actor: "Li Wei".into(),
            action: ChiefAction::DismissIncident
        })
    );
    let mut gate = Gate::default();
    let wrong = session.apply_as_chief(&mut gate, "not it", Duration::ZERO, &chief_stamp("10:30"), &dismiss);
    assert!(matches!(
        wrong,
        Err(ChiefChangeError::Passphrase(ChiefError::Wrong { .. }))
    ));
    session
        .apply_as_chief(&mut gate, PASSPHRASE, Duration::ZERO, &chief_stamp("10:30"), &dismiss)
        .unwrap();
}

#[test]
fn the_passphrase_is_kept_only_as_a_slow_salted_hash_and_set_once() {
    // The default hasher is the slow one: argon2id, 64 MiB, 3 passes.
    let phc = Hasher::default().hash(PASSPHRASE, [5; 16]).unwrap();
    assert!(phc.starts_with("$argon2id$v=19$m=65536,t=3,p=1$"), "{phc}");
    assert!(chief::matches(&phc, PASSPHRASE).unwrap());
    assert!(!chief::matches(&phc, "correct horse battery!").unwrap());
    let other_salt = Hasher::default().hash(PASSPHRASE, [6; 16]).unwrap();
    assert_ne!(phc, other_salt, "salted");
    assert_eq!(Hasher::default().hash("short", [5; 16]), Err(ChiefError::TooShort));

    let dir = scratch("phc");
    let mut session = confirmed(None);
    let path = saved(&dir, &session, None);
    let text = fs::read_to_string(&path).unwrap();
    assert!(!text.contains(PASSPHRASE) && text.contains("$argon2id$"));
    let again = Change::ChiefPassphrase { phc };
    assert_eq!(
        session.apply(&Stamp::new("09:00", "Organiser", Role::Organiser), &again),
        Err(SessionError::PassphraseSet)
    );
    // No passphrase set: nobody is admitted.
    let mut gate = Gate::default();
    assert_eq!(
        gate.admit(&Session::new(event()).trust, PASSPHRASE, Duration::ZERO),
        Err(ChiefError::NotSet)
    );
}

//! Several workstations in one hall: the chief arbiter's workstation takes the confirmed results
//! of the others' session files, one audit entry per table taken, conflicts listed for the chief
//! to settle, nothing merged silently.

use std::fs;
use std::path::PathBuf;

use go_arbiter::board::Color;
use go_arbiter::rules::Preset;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::merge::{self, Conflict, Finding, MergeError};
use go_arbiter::session::{Change, GameSetup, Player, PlayerId, Role, Session, Signer, Stamp, Store, TableId};

use crate::support::event;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-merge-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn table(n: u32) -> TableId {
    TableId { round: 1, table: n }
}

fn organiser() -> Stamp {
    Stamp::new("08:30", "Organiser", Role::Organiser)
}

fn chief() -> Stamp {
    Stamp::new("18:00", "Wang Fang", Role::ChiefArbiter)
}

/// The day as the organiser sets it up and copies to every workstation: eight players, round 1
/// with four tables (1 v 2, 3 v 4, ...).
fn the_hall() -> Session {
    let mut s = Session::new(event());
    s.apply(&organiser(), &Change::Event(event())).unwrap();
    for id in 1..=8 {
        let player = Player {
            id: PlayerId(id),
            name: format!("Player {id}"),
            rank: "1d".parse().unwrap(),
            club: "Club".to_string(),
            registration: Default::default(),
        };
        s.apply(&organiser(), &Change::Player(player)).unwrap();
    }
    let round = Change::Round {
        number: 1,
        date: "2026-11-28".to_string(),
    };
    s.apply(&organiser(), &round).unwrap();
    for n in 1..=4 {
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: Quarters(15),
            rules: Preset::Chinese2002,
            time_control: "chinese:60m/5".to_string(),
        };
        let change = Change::Table {
            table: table(n),
            black: PlayerId(2 * n - 1),
            white: PlayerId(2 * n),
            setup,
        };
        s.apply(&organiser(), &change).unwrap();
    }
    s
}

/// The result of table `n` set by the arbiter at it, and signed by `signers`.
fn result(s: &mut Session, n: u32, result: GameResult, signers: &[Signer]) {
    let at = Stamp::new("11:00", "Table arbiter", Role::Arbiter);
    let change = Change::Result {
        table: table(n),
        result: Some(result),
    };
    s.apply(&at, &change).unwrap();
    for signer in signers {
        let sign = Change::Confirm {
            table: table(n),
            signer: *signer,
            name: format!("{signer:?}"),
        };
        s.apply(&at, &sign).unwrap();
    }
}

fn black_resigns() -> GameResult {
    GameResult::win(Color::White, Reason::Resignation)
}

fn white_resigns() -> GameResult {
    GameResult::win(Color::Black, Reason::Resignation)
}

/// `session` written as another workstation's file, then read back as the chief's merge reads it.
fn saved(dir: &std::path::Path, name: &str, session: &Session) -> (Session, String) {
    let path = dir.join(name);
    Store::create(&path, session).unwrap().close(session).unwrap();
    merge::load_other(&path).unwrap()
}

#[test]
fn the_chief_takes_confirmed_results_lists_the_rest_and_a_conflict_changes_nothing() {
    let dir = scratch("hall");
    let mut ours = the_hall();
    // At the chief's own table 1: White won by resignation, signed by all three (Art. 16.4).
    result(&mut ours, 1, black_resigns(), &Signer::ALL);

    // Workstation B: table 2 confirmed, table 3 only proposed (White has not signed).
    let mut b = the_hall();
    result(&mut b, 2, white_resigns(), &Signer::ALL);
    result(&mut b, 3, black_resigns(), &[Signer::Black, Signer::Arbiter]);
    // Workstation C: table 1 confirmed otherwise than ours, table 4 confirmed.
    let mut c = the_hall();
    result(&mut c, 1, white_resigns(), &Signer::ALL);
    result(&mut c, 4, GameResult::by_count(Quarters(-3)), &Signer::ALL);

    let (b, b_name) = saved(&dir, "board-b.ron", &b);
    let (c, c_name) = saved(&dir, "board-c.ron", &c);
    assert!(b_name.starts_with("board-b.ron (sha256 "), "{b_name}");

    let plan_b = merge::plan(&ours, &b, &b_name).unwrap();
    assert_eq!(
        plan_b.findings,
        vec![
            Finding::NotConfirmed {
                table: table(1),
                result: None
            },
            Finding::Take {
                table: table(2),
                result: white_resigns(),
                replaces: Some(None)
            },
            Finding::NotConfirmed {
                table: table(3),
                result: Some(black_resigns())
            },
            Finding::NotConfirmed {
                table: table(4),
                result: None
            },
        ]
    );
    let trail = ours.audit.len();
    for change in &plan_b.changes {
        ours.apply(&chief(), change).unwrap();
    }
    // One audit entry per table taken, naming the file.
    assert_eq!(ours.audit.len(), trail + 1);
    let entry = &ours.audit[trail];
    assert_eq!(entry.table, Some(table(2)));
    assert!(entry.what.contains("taken from board-b.ron (sha256 "), "{}", entry.what);
    assert!(entry.what.contains("B+R"), "{}", entry.what);
    let taken = ours.table(table(2)).unwrap();
    assert!(taken.game.is_confirmed());
    assert_eq!(taken.game.result, Some(white_resigns()));
    assert!(ours.table(table(3)).unwrap().game.result.is_none());

    let plan_c = merge::plan(&ours, &c, &c_name).unwrap();
    assert_eq!(plan_c.conflicts(), 1);
    assert_eq!(plan_c.taken(), 1);
    assert_eq!(
        plan_c.findings[0],
        Finding::Conflict {
            table: table(1),
            why: Conflict::Results {
                ours: Some(black_resigns()),
                theirs: Some(white_resigns())
            }
        }
    );
    assert_eq!(
        plan_c.findings[1],
        Finding::NotConfirmed {
            table: table(2),
            result: None
        }
    );
    for change in &plan_c.changes {
        ours.apply(&chief(), change).unwrap();
    }
    // The conflict changed nothing: our confirmed result stands until the chief overrides it.
    assert_eq!(ours.table(table(1)).unwrap().game.result, Some(black_resigns()));
    assert_eq!(
        ours.table(table(4)).unwrap().game.result,
        Some(GameResult::by_count(Quarters(-3)))
    );
    assert!(go_arbiter::session::audit::verify(&ours).is_ok());

    // Merging B again finds its result already here and changes nothing.
    let again = merge::plan(&ours, &b, &b_name).unwrap();
    assert!(again.changes.is_empty());
    assert_eq!(
        again.findings[1],
        Finding::Agree {
            table: table(2),
            result: white_resigns()
        }
    );
}

#[test]
fn a_table_taken_from_another_workstation_cannot_replace_a_confirmed_result() {
    let mut ours = the_hall();
    result(&mut ours, 2, black_resigns(), &Signer::ALL);
    let mut theirs = the_hall();
    result(&mut theirs, 2, white_resigns(), &Signer::ALL);
    let game = Box::new(theirs.table(table(2)).unwrap().game.clone());
    let take = Change::TakeTable {
        table: table(2),
        black: PlayerId(3),
        white: PlayerId(4),
        game,
        from: "board-b.ron".to_string(),
    };
    let trail = ours.audit.len();
    let refused = ours.apply(&chief(), &take);
    assert!(
        matches!(refused, Err(go_arbiter::session::SessionError::ResultLocked { .. })),
        "{refused:?}"
    );
    assert_eq!(ours.audit.len(), trail);
    assert_eq!(ours.table(table(2)).unwrap().game.result, Some(black_resigns()));
}

#[test]
fn a_table_with_other_players_there_is_a_conflict_and_new_rounds_and_players_are_added() {
    let ours = the_hall();
    let mut theirs = the_hall();
    // There, table 1 was re-paired (Player 1 v Player 3) and round 2 has a newcomer.
    theirs.rounds[0].tables[0].white = PlayerId(3);
    let newcomer = Player {
        id: PlayerId(9),
        name: "Late Entry".to_string(),
        rank: "5k".parse().unwrap(),
        club: "Club".to_string(),
        registration: Default::default(),
    };
    theirs.apply(&organiser(), &Change::Player(newcomer)).unwrap();
    let round = Change::Round {
        number: 2,
        date: "2026-11-29".to_string(),
    };
    theirs.apply(&organiser(), &round).unwrap();
    let setup = GameSetup {
        size: 19,
        handicap: 0,
        komi: Quarters(15),
        rules: Preset::Chinese2002,
        time_control: "chinese:60m/5".to_string(),
    };
    let r2 = TableId { round: 2, table: 1 };
    let new_table = Change::Table {
        table: r2,
        black: PlayerId(9),
        white: PlayerId(1),
        setup,
    };
    theirs.apply(&organiser(), &new_table).unwrap();
    let at = Stamp::new("15:00", "Table arbiter", Role::Arbiter);
    theirs
        .apply(
            &at,
            &Change::Result {
                table: r2,
                result: Some(black_resigns()),
            },
        )
        .unwrap();
    for signer in Signer::ALL {
        let sign = Change::Confirm {
            table: r2,
            signer,
            name: "x".into(),
        };
        theirs.apply(&at, &sign).unwrap();
    }

    let plan = merge::plan(&ours, &theirs, "board-d.ron").unwrap();
    assert_eq!(
        plan.findings[0],
        Finding::Conflict {
            table: table(1),
            why: Conflict::Players {
                ours: ["Player 1".to_string(), "Player 2".to_string()],
                theirs: ["Player 1".to_string(), "Player 3".to_string()],
            }
        }
    );
    let mut ours = ours;
    for change in &plan.changes {
        ours.apply(&chief(), change).unwrap();
    }
    let taken = ours.table(r2).unwrap();
    let black = ours.player(taken.black).unwrap();
    assert_eq!(black.name, "Late Entry");
    assert_eq!(ours.player(taken.white).unwrap().id, PlayerId(1));
    assert_eq!(ours.round(2).unwrap().date, "2026-11-29");
}

#[test]
fn a_file_of_another_event_or_with_a_broken_audit_trail_is_refused_whole() {
    let dir = scratch("refused");
    let mut other_event = the_hall();
    let mut e = event();
    e.name = "Another Cup".to_string();
    other_event.apply(&organiser(), &Change::Event(e)).unwrap();
    let (other, name) = saved(&dir, "other.ron", &other_event);
    let refused = merge::plan(&the_hall(), &other, &name);
    assert!(matches!(refused, Err(MergeError::OtherEvent { .. })), "{refused:?}");

    // A result typed into the file by hand: the trail no longer verifies.
    let mut b = the_hall();
    result(&mut b, 2, white_resigns(), &Signer::ALL);
    let path = dir.join("edited.ron");
    Store::create(&path, &b).unwrap().close(&b).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("winner: Some(Black)"), "the result is in the file");
    fs::write(&path, text.replacen("winner: Some(Black)", "winner: Some(White)", 1)).unwrap();
    let refused = merge::load_other(&path);
    assert!(matches!(refused, Err(MergeError::Chain { .. })), "{refused:?}");
}

#[test]
fn the_merge_command_prints_the_plan_then_records_it_with_the_chiefs_name() {
    let dir = scratch("command");
    let chief_path = dir.join("chief.ron");
    let mut ours = the_hall();
    result(&mut ours, 1, black_resigns(), &Signer::ALL);
    Store::create(&chief_path, &ours).unwrap().close(&ours).unwrap();
    let mut b = the_hall();
    result(&mut b, 2, white_resigns(), &Signer::ALL);
    result(&mut b, 1, white_resigns(), &Signer::ALL);
    let b_path = dir.join("board-b.ron");
    Store::create(&b_path, &b).unwrap().close(&b).unwrap();
    let (chief_arg, b_arg) = (chief_path.to_str().unwrap(), b_path.to_str().unwrap());

    let (code, out, err) = crate::support::go_arbiter(&["merge", chief_arg, b_arg]);
    assert_eq!(code, 1, "a conflict waits for the chief: {out}{err}");
    assert!(
        out.contains("round 1 table 1: CONFLICT, confirmed W+R here and B+R there"),
        "{out}"
    );
    assert!(out.contains("round 1 table 2: taken, B+R confirmed"), "{out}");
    assert!(out.contains("1 results to take"), "{out}");
    let unchanged = go_arbiter::session::store::load(&chief_path).unwrap().session;
    assert!(
        unchanged.table(table(2)).unwrap().game.result.is_none(),
        "a plan changes nothing"
    );

    let (code, out, _) = crate::support::go_arbiter(&["merge", chief_arg, b_arg, "--apply", "--chief", "Wang Fang"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("1 results taken"), "{out}");
    let merged = go_arbiter::session::store::load(&chief_path).unwrap();
    assert!(merged.chain.is_ok());
    let taken = merged.session.table(table(2)).unwrap();
    assert_eq!(taken.game.result, Some(white_resigns()));
    let entry = merged.session.audit.last().unwrap();
    assert_eq!(entry.stamp.actor, "Wang Fang");
    assert_eq!(
        merged.session.table(table(1)).unwrap().game.result,
        Some(black_resigns())
    );
}

//! The organiser's round trip: an OpenGotha file imported, two tables played and confirmed
//! through the session's changes, the results written into a copy of the file and read back.

use std::path::{Path, PathBuf};

use go_arbiter::board::{Color, Point};
use go_arbiter::export::ExportError;
use go_arbiter::export::opengotha::{self, write_copy};
use go_arbiter::scoring::{GameResult, Reason};
use go_arbiter::session::{Change, Session, Signer, TableId};
use go_arbiter::tournament::{self, opengotha as og, source};
use quick_xml::Reader;
use quick_xml::events::Event;

use crate::tournament::{FILES, new_session, opengotha_dir, organiser};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("go-arbiter-copy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every element of a document: its name and its attributes (unescaped), in document order.
fn elements(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut reader = Reader::from_str(text);
    let mut out = Vec::new();
    loop {
        match reader.read_event().unwrap() {
            Event::Start(e) | Event::Empty(e) => {
                let attributes = e
                    .attributes()
                    .map(|a| {
                        let a = a.unwrap();
                        let value = a.normalized_value(quick_xml::XmlVersion::Implicit1_0).unwrap();
                        (String::from_utf8_lossy(a.key.as_ref()).into_owned(), value.into_owned())
                    })
                    .collect();
                out.push((String::from_utf8_lossy(e.name().as_ref()).into_owned(), attributes));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    out
}

/// Imports round 1 of the real file at `path` (its path and SHA-256 recorded).
fn imported(path: &Path) -> Session {
    let mut s = new_session();
    let (file, pairing) = source::read_opengotha(path).unwrap();
    let (changes, _) = tournament::plan(&s, &file, 1, pairing).unwrap();
    for c in &changes {
        s.apply(&organiser(), c).unwrap();
    }
    s
}

/// Plays a move at the table, sets `result` and has it signed by both players and the arbiter.
fn play_and_confirm(s: &mut Session, id: TableId, result: GameResult) {
    let mut game = s.table(id).unwrap().game.game().unwrap();
    game.play(Point::new(3, 3)).unwrap();
    game.play(Point::new(15, 15)).unwrap();
    let sgf = go_arbiter::sgf::write_string(&game);
    s.apply(
        &organiser(),
        &Change::Record {
            table: id,
            sgf,
            note: String::new(),
        },
    )
    .unwrap();
    s.apply(
        &organiser(),
        &Change::Result {
            table: id,
            result: Some(result),
        },
    )
    .unwrap();
    for signer in Signer::ALL {
        let name = format!("{signer:?}");
        s.apply(
            &organiser(),
            &Change::Confirm {
                table: id,
                signer,
                name,
            },
        )
        .unwrap();
    }
    assert!(s.table(id).unwrap().game.is_confirmed());
}

fn result_of(text: &str, round: u32, table: u32) -> String {
    let file = og::read(text).unwrap();
    file.games
        .iter()
        .find(|g| g.round == round && g.table == table)
        .unwrap()
        .result
        .clone()
}

#[test]
fn the_copy_has_exactly_the_confirmed_results_and_every_other_element_unchanged() {
    let original_path = opengotha_dir().join("TournoiChinois.xml");
    let original = std::fs::read_to_string(&original_path).unwrap();
    let mut s = imported(&original_path);
    // Table 3: RESULT_UNKNOWN in the file; table 5: RESULT_WHITEWINS there.
    let (t3, t5, t7) = (
        TableId { round: 1, table: 3 },
        TableId { round: 1, table: 5 },
        TableId { round: 1, table: 7 },
    );
    play_and_confirm(&mut s, t3, GameResult::win(Color::Black, Reason::Resignation));
    play_and_confirm(&mut s, t5, GameResult::win(Color::White, Reason::Forfeit));
    // Table 7: a result not yet signed stays out.
    let proposed = GameResult::win(Color::White, Reason::Time);
    s.apply(
        &organiser(),
        &Change::Result {
            table: t7,
            result: Some(proposed),
        },
    )
    .unwrap();

    let dir = temp_dir("tournoi");
    let to = dir.join("TournoiChinois-results.xml");
    let report = write_copy(&s, &to).unwrap();
    assert_eq!(report.written, vec![t3, t5]);
    assert_eq!(report.not_confirmed, vec![t7]);
    assert!(report.not_in_file.is_empty());
    assert!(!report.changed_since_import);
    assert!(
        !dir.join("TournoiChinois-results.xml.part").exists(),
        "the temporary file is renamed"
    );
    assert_eq!(
        std::fs::read_to_string(&original_path).unwrap(),
        original,
        "the original is untouched"
    );

    let copy = std::fs::read_to_string(&to).unwrap();
    assert_eq!(result_of(&copy, 1, 3), "RESULT_BLACKWINS");
    assert_eq!(result_of(&copy, 1, 5), "RESULT_WHITEWINS_BYDEF");
    assert_eq!(result_of(&copy, 1, 7), "RESULT_BLACKWINS", "the file's own result");
    let (before, after) = (elements(&original), elements(&copy));
    assert_eq!(before.len(), after.len());
    let mut differing = Vec::new();
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b.0, a.0, "the same element in the same place");
        if b != a {
            let names = |e: &(String, Vec<(String, String)>)| e.1.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
            assert_eq!(names(b), names(a), "the same attributes, in the same order");
            let changed: Vec<&str> =
                b.1.iter()
                    .zip(&a.1)
                    .filter(|(x, y)| x != y)
                    .map(|(x, _)| x.0.as_str())
                    .collect();
            assert_eq!(changed, ["result"]);
            let table = a.1.iter().find(|(k, _)| k == "tableNumber").unwrap().1.clone();
            differing.push(table);
        }
    }
    assert_eq!(differing, ["3", "5"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_real_file_goes_out_again_unchanged_when_nothing_is_confirmed() {
    for name in FILES {
        let path = opengotha_dir().join(name);
        let original = std::fs::read_to_string(&path).unwrap();
        let s = imported(&path);
        let (copy, report) = opengotha::results_into(&original, &s).unwrap();
        assert_eq!(copy, original, "{name}: byte for byte");
        assert!(report.written.is_empty());
    }
}

#[test]
fn the_copy_is_never_written_over_the_organisers_file() {
    let dir = temp_dir("original");
    let path = dir.join("event.xml");
    std::fs::copy(opengotha_dir().join("CdFO2020.xml"), &path).unwrap();
    let s = imported(&path);
    let refused = write_copy(&s, &path).unwrap_err();
    assert!(matches!(refused, ExportError::WouldOverwriteOriginal(_)), "{refused}");
    let refused = write_copy(&new_session(), &dir.join("x.xml")).unwrap_err();
    assert!(matches!(refused, ExportError::NoPairingFile), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_changed_since_the_import_is_checked_game_by_game() {
    let dir = temp_dir("changed");
    let path = dir.join("event.xml");
    let text = std::fs::read_to_string(opengotha_dir().join("20200916104611_congreso2020.xml")).unwrap();
    std::fs::write(&path, &text).unwrap();
    let mut s = imported(&path);
    let t1 = TableId { round: 1, table: 1 };
    play_and_confirm(&mut s, t1, GameResult::win(Color::Black, Reason::Count));
    // The organiser saved the file again in OpenGotha: same pairing, the copy is written and says so.
    std::fs::write(
        &path,
        text.replace("saveDT=\"20200916104611\"", "saveDT=\"20200917090000\""),
    )
    .unwrap();
    let report = write_copy(&s, &dir.join("out.xml")).unwrap();
    assert!(report.changed_since_import);
    assert_eq!(report.written, vec![t1]);
    // Then the colours of the played game were swapped there: refused, naming the table.
    let swapped = text.replace(
        r#"blackPlayer="NASIFLUCAS" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="MARTENSMICHEL""#,
        r#"blackPlayer="MARTENSMICHEL" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="NASIFLUCAS""#,
    );
    assert_ne!(swapped, text);
    std::fs::write(&path, swapped).unwrap();
    let refused = write_copy(&s, &dir.join("out2.xml")).unwrap_err();
    assert!(
        matches!(&refused, ExportError::PairingMismatch { tables } if tables == &[t1]),
        "{refused}"
    );
    assert!(!dir.join("out2.xml").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn names_with_ampersands_angle_brackets_and_quotes_are_escaped_and_read_back() {
    let mut s = new_session();
    let tricky = "O'Brien & <Sons> \"Tom\"";
    let player = go_arbiter::session::Player {
        id: go_arbiter::session::PlayerId(1),
        name: tricky.to_string(),
        rank: "1d".parse().unwrap(),
        club: "A&B".to_string(),
        registration: Default::default(),
    };
    s.apply(&organiser(), &Change::Player(player)).unwrap();
    let xml = opengotha::xml(&s).unwrap();
    assert!(xml.contains("name=\"O&apos;Brien &amp; &lt;Sons&gt;\""), "{xml}");
    assert!(xml.contains("firstName=\"&quot;Tom&quot;\""), "{xml}");
    let back = og::read(&xml).unwrap();
    assert_eq!(back.players[0].name, "O'Brien & <Sons>");
    assert_eq!(back.players[0].first_name, "\"Tom\"");
    assert_eq!(back.players[0].club, "A&B");
}

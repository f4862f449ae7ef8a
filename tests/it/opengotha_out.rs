//! The OpenGotha file we write: escaped by quick-xml, read back whole by our own reader and
//! import, and valid against OpenGotha's `tournament.dtd` (../shared/data/opengotha).

use std::collections::HashMap;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use go_arbiter::board::Color;
use go_arbiter::export::opengotha;
use go_arbiter::scoring::{GameResult, Quarters, Reason};
use go_arbiter::session::{Change, GameSetup, PairingFile, Player, PlayerId, Role, Session, Signer, Stamp, TableId};
use go_arbiter::tournament::{opengotha as og, plan};

use crate::support::event;
use crate::tournament::read;

fn stamp() -> Stamp {
    Stamp::new("09:00", "Li Wei", Role::Arbiter)
}

/// Names holding `&`, `<`, `>` and both quotes, written "Surname Firstname".
const NAMES: [&str; 4] = [
    "O'Neil <Sean>",
    "Smith & \"Wesson\" Ann",
    "Tom&amp; Jerry",
    "高 \"传德\"",
];

/// A session of these players (clubs with `&` and `<`), an event named with them too, two
/// tables of round 1, the first confirmed with a result.
fn session() -> Session {
    let mut e = event();
    e.name = "Go & <Go> \"Open\" -- 'A'".to_string();
    e.venue = "Hall <B> & C".to_string();
    let mut s = Session::new(e.clone());
    s.apply(&stamp(), &Change::Event(e)).unwrap();
    for (i, name) in NAMES.iter().enumerate() {
        let player = Player {
            id: PlayerId(i as u32 + 1),
            name: name.to_string(),
            rank: "1d".parse().unwrap(),
            club: ["A&B", "<x>", "\"q\"", "'"][i].to_string(),
            registration: Default::default(),
        };
        s.apply(&stamp(), &Change::Player(player)).unwrap();
    }
    s.apply(
        &stamp(),
        &Change::Round {
            number: 1,
            date: "2026-11-29".into(),
        },
    )
    .unwrap();
    for t in 0..2 {
        let table = Change::Table {
            table: TableId { round: 1, table: t + 1 },
            black: PlayerId(2 * t + 1),
            white: PlayerId(2 * t + 2),
            setup: GameSetup {
                size: 19,
                handicap: 0,
                komi: Quarters(15),
                rules: go_arbiter::rules::Preset::Chinese2002,
                time_control: "chinese:60m/5".to_string(),
            },
        };
        s.apply(&stamp(), &table).unwrap();
    }
    s
}

#[test]
fn names_with_ampersands_angle_brackets_and_quotes_read_back_through_our_reader() {
    let s = session();
    let xml = opengotha::xml(&s).unwrap();
    assert!(
        xml.contains("name=\"O&apos;Neil\" firstName=\"&lt;Sean&gt;\""),
        "escaped by quick-xml: {xml}"
    );
    assert!(xml.contains("name=\"Smith &amp; &quot;Wesson&quot;\""), "{xml}");
    assert!(
        xml.contains("name=\"Tom&amp;amp;\""),
        "an entity in a name is text, escaped again: {xml}"
    );
    let file = og::read(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let read: Vec<String> = file
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.first_name))
        .collect();
    assert_eq!(read, NAMES);
    let clubs: Vec<&str> = file.players.iter().map(|p| p.club.as_str()).collect();
    assert_eq!(clubs, ["A&B", "<x>", "\"q\"", "'"]);
    let keys: Vec<String> = s.players.iter().map(opengotha::key).collect();
    assert_eq!(
        file.games
            .iter()
            .map(|g| [g.black.clone(), g.white.clone()])
            .collect::<Vec<_>>(),
        [[keys[0].clone(), keys[1].clone()], [keys[2].clone(), keys[3].clone()]],
        "the games name the players by their keys, `<` and `&` included"
    );

    // Imported into a new session, the players have their names back, and the pairings.
    let mut fresh = Session::new(event());
    fresh.apply(&stamp(), &Change::Event(event())).unwrap();
    let source = PairingFile {
        path: "ours.xml".into(),
        sha256: "0".repeat(64),
    };
    let (changes, _) = plan(&fresh, &file, 1, source).unwrap();
    for c in &changes {
        fresh.apply(&stamp(), c).unwrap();
    }
    let names: Vec<&str> = fresh.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, NAMES);
    let t2 = fresh.table(TableId { round: 1, table: 2 }).unwrap();
    assert_eq!(fresh.player(t2.black).unwrap().name, NAMES[2]);
}

#[test]
fn the_copy_with_results_keeps_escaped_names_and_reads_back() {
    let mut s = session();
    let xml = opengotha::xml(&s).unwrap();
    let id = TableId { round: 1, table: 1 };
    s.apply(
        &stamp(),
        &Change::Result {
            table: id,
            result: Some(GameResult::win(Color::White, Reason::Resignation)),
        },
    )
    .unwrap();
    for signer in Signer::ALL {
        let confirm = Change::Confirm {
            table: id,
            signer,
            name: format!("{signer:?}"),
        };
        s.apply(&stamp(), &confirm).unwrap();
    }
    let (copy, report) = opengotha::results_into(&xml, &s).unwrap();
    assert_eq!(report.written, [id]);
    assert_eq!(copy, xml.replacen("RESULT_UNKNOWN", "RESULT_WHITEWINS", 1));
    let file = og::read(&copy).unwrap();
    assert_eq!(file.players[0].first_name, "<Sean>");
    assert_eq!(file.games[0].result, "RESULT_WHITEWINS");
}

/// An element's allowed children: text only, or a sequence of names each with `?`, `*`, `+` or
/// nothing after it (the forms `tournament.dtd` uses).
#[derive(Debug)]
enum Model {
    Text,
    Sequence(Vec<(String, char)>),
}

/// `tournament.dtd`, read: each element's model, and each element's attributes with whether
/// they are `#REQUIRED`.
struct Dtd {
    elements: HashMap<String, Model>,
    attributes: HashMap<String, Vec<(String, bool)>>,
}

impl Dtd {
    fn read(text: &str) -> Dtd {
        let mut elements = HashMap::new();
        let mut attributes: HashMap<String, Vec<(String, bool)>> = HashMap::new();
        for line in text.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("<!ELEMENT ") {
                let (name, model) = rest.split_once(' ').unwrap();
                let inner = model.trim().trim_end_matches('>').trim();
                let inner = inner.trim_start_matches('(').trim_end_matches(')');
                let model = if inner.trim() == "#PCDATA" {
                    Model::Text
                } else {
                    Model::Sequence(
                        inner
                            .split(',')
                            .map(|item| {
                                let item = item.trim();
                                match item.chars().last() {
                                    Some(c @ ('?' | '*' | '+')) => (item[..item.len() - 1].to_string(), c),
                                    _ => (item.to_string(), '1'),
                                }
                            })
                            .collect(),
                    )
                };
                elements.insert(name.to_string(), model);
            } else if let Some(rest) = line.strip_prefix("<!ATTLIST ") {
                let mut words = rest.split_whitespace();
                let (element, attribute) = (words.next().unwrap(), words.next().unwrap());
                attributes
                    .entry(element.to_string())
                    .or_default()
                    .push((attribute.to_string(), rest.contains("#REQUIRED")));
            }
        }
        Dtd { elements, attributes }
    }

    /// The children `children` of `element` against its model.
    fn check_children(&self, element: &str, children: &[String]) -> Result<(), String> {
        let fail = || {
            Err(format!(
                "<{element}> holds {children:?}, not its DTD's {:?}",
                self.elements[element]
            ))
        };
        let Model::Sequence(items) = &self.elements[element] else {
            return if children.is_empty() { Ok(()) } else { fail() };
        };
        let (mut i, mut seen) = (0, false);
        for child in children {
            loop {
                let Some((name, occurs)) = items.get(i) else {
                    return fail();
                };
                if name == child {
                    if matches!(occurs, '1' | '?') {
                        i += 1;
                    } else {
                        seen = true;
                    }
                    break;
                }
                if *occurs == '1' || (*occurs == '+' && !seen) {
                    return fail();
                }
                (i, seen) = (i + 1, false);
            }
        }
        let rest_optional = items[i..]
            .iter()
            .enumerate()
            .all(|(k, (_, o))| matches!(o, '?' | '*') || (k == 0 && *o == '+' && seen));
        if rest_optional { Ok(()) } else { fail() }
    }

    fn check_element(&self, e: &BytesStart) -> Result<String, String> {
        let name = String::from_utf8(e.name().as_ref().to_vec()).unwrap();
        if !self.elements.contains_key(&name) {
            return Err(format!("<{name}> is not declared"));
        }
        let declared = self.attributes.get(&name).cloned().unwrap_or_default();
        let given: Vec<String> = e
            .attributes()
            .map(|a| String::from_utf8(a.unwrap().key.as_ref().to_vec()).unwrap())
            .collect();
        for a in &given {
            if !declared.iter().any(|(d, _)| d == a) {
                return Err(format!("<{name} {a}=...>: {a} is not declared"));
            }
        }
        for (d, required) in &declared {
            if *required && !given.contains(d) {
                return Err(format!("<{name}> lacks its required {d}"));
            }
        }
        Ok(name)
    }

    /// `xml` against the DTD: the root is `<Tournament>`, every element and attribute is
    /// declared, required attributes are there, children follow their element's model, and no
    /// text stands outside a text element but white space.
    fn validate(&self, xml: &str) -> Result<(), String> {
        let mut reader = Reader::from_str(xml);
        let mut open: Vec<(String, Vec<String>)> = Vec::new();
        let mut root = None;
        loop {
            let event = reader.read_event().map_err(|e| e.to_string())?;
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let name = self.check_element(e)?;
                    match open.last_mut() {
                        Some((_, children)) => children.push(name.clone()),
                        None if root.is_none() => root = Some(name.clone()),
                        None => return Err(format!("a second root <{name}>")),
                    }
                    if matches!(event, Event::Empty(_)) {
                        self.check_children(&name, &[])?;
                    } else {
                        open.push((name, Vec::new()));
                    }
                }
                Event::End(_) => {
                    let (name, children) = open.pop().ok_or("an end with no start")?;
                    self.check_children(&name, &children)?;
                }
                Event::Text(t) => {
                    let text = t.decode().map_err(|e| e.to_string())?;
                    let in_text = open
                        .last()
                        .is_some_and(|(name, _)| matches!(self.elements[name], Model::Text));
                    if !in_text && !text.trim().is_empty() {
                        return Err(format!("text {text:?} where the DTD allows only elements"));
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        match root.as_deref() {
            Some("Tournament") => Ok(()),
            other => Err(format!("the root is {other:?}, not <Tournament>")),
        }
    }
}

#[test]
fn the_file_we_write_is_valid_against_opengothas_dtd_and_the_check_refuses_what_is_not() {
    let dtd = Dtd::read(&read("tournament.dtd"));
    assert!(
        dtd.elements.len() > 20,
        "the DTD reads: {} elements",
        dtd.elements.len()
    );
    let xml = opengotha::xml(&session()).unwrap();
    dtd.validate(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    assert!(
        xml.contains("<!-- Go & <Go> \"Open\" - - 'A' · Hall <B> & C -->"),
        "the event's name and venue in a comment: {xml}"
    );

    // The check can fail: what the file held before (the event's name as a root attribute),
    // games before players, a game without its round, text among the players.
    let bad = [
        xml.replace(
            "<Tournament dataVersion=\"201\">",
            "<Tournament dataVersion=\"201\" fullName=\"x\">",
        ),
        xml.replacen("<Players>", "<Games></Games><Players>", 1),
        xml.replacen("roundNumber=\"1\" ", "", 1),
        xml.replacen("<Players>", "<Players>words", 1),
    ];
    for b in &bad {
        assert!(dtd.validate(b).is_err(), "{b}");
    }
}

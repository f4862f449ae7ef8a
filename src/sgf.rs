//! SGF FF[4] in and out, through sgf-parse: reading with limits and located errors (line and
//! column of the node at fault), and writing a game back with its variations.

mod scan;

use std::collections::HashSet;
use std::path::Path;

use sgf_parse::go::{Move as SgfMove, Point as SgfPoint, Prop};
use sgf_parse::{GameTree, ParseOptions, SgfNode, SgfProp, SimpleText, Text};
use thiserror::Error;

use crate::board::{Color, MAX_SIZE, MIN_SIZE, Point};
use crate::game::{Action, Flag, Game, GameError, Illegal, Node, Ruling};
use crate::rules::Preset;

pub use scan::Location;

/// The largest SGF text read (16 MiB): far beyond any real game record.
pub const MAX_BYTES: usize = 16 << 20;
/// The most nodes in one file.
pub const MAX_NODES: usize = 200_000;
/// The longest line of play (nodes one after another).
pub const MAX_DEPTH: usize = 5_000;

/// What is wrong with an SGF file, and where.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SgfError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("the file is {bytes} bytes; SGF files over {limit} bytes are refused")]
    TooLarge { bytes: usize, limit: usize },
    #[error("{at}: this is a binary file, not SGF text")]
    Binary { at: Location },
    #[error("{at}: {fault}")]
    Syntax { at: Location, fault: SyntaxFault },
    #[error("the file holds no game")]
    NoGame,
    #[error("{at}: the game is not Go (GM[{gm}])")]
    NotGo { at: Location, gm: String },
    #[error("{at}: {count} nodes in a row; lines of play over {limit} nodes are refused")]
    TooDeep { at: Location, count: usize, limit: usize },
    #[error("the file has {count} nodes; files over {limit} nodes are refused")]
    TooManyNodes { count: usize, limit: usize },
    #[error("{at}: board size SZ[{value}] is not supported (square boards {MIN_SIZE} to {MAX_SIZE})")]
    BadSize { at: Location, value: String },
    #[error("{at}: {property}[{value}] is not a point of the {size}x{size} board")]
    OffBoard {
        at: Location,
        property: String,
        value: String,
        size: u8,
    },
    #[error("{at}: {property}[{}] is not a valid value", .values.join("]["))]
    BadValue {
        at: Location,
        property: String,
        values: Vec<String>,
    },
    #[error("{at}: a node with both a Black and a White move")]
    TwoMoves { at: Location },
    #[error("{at}: {source}")]
    Game { at: Location, source: GameError },
}

/// What is wrong with the text's structure (an [`SgfError::Syntax`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxFault {
    #[error("`)` closes a game tree that was never opened")]
    UnopenedTree,
    #[error("a node outside any game tree (missing `(`)")]
    NodeOutsideTree,
    #[error("a property value opened here is never closed with `]` (truncated file?)")]
    UnclosedValue,
    #[error("a game tree opened here is never closed with `)` (truncated file?)")]
    UnclosedTree,
    #[error("no game tree: SGF starts with `(;`")]
    NoTree,
    /// sgf-parse refused the text (its message).
    #[error("not valid SGF ({0})")]
    Parser(String),
}

/// Reads the first game of an SGF file.
pub fn read_file(path: &Path) -> Result<Game, SgfError> {
    let io = |e: std::io::Error| SgfError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let len = std::fs::metadata(path).map_err(io)?.len();
    if len > MAX_BYTES as u64 {
        return Err(SgfError::TooLarge {
            bytes: len as usize,
            limit: MAX_BYTES,
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    read_bytes(&bytes)
}

/// Reads the first game from raw bytes. Text that is not UTF-8 (an old GB2312 record, say)
/// is read with the undecodable bytes replaced, so the moves still come through.
pub fn read_bytes(bytes: &[u8]) -> Result<Game, SgfError> {
    if bytes.len() > MAX_BYTES {
        return Err(SgfError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_BYTES,
        });
    }
    let text = String::from_utf8_lossy(bytes);
    read_str(&text)
}

/// Reads the first game of an SGF text.
pub fn read_str(text: &str) -> Result<Game, SgfError> {
    if text.len() > MAX_BYTES {
        return Err(SgfError::TooLarge {
            bytes: text.len(),
            limit: MAX_BYTES,
        });
    }
    let scanned = scan::scan(text)?;
    if scanned.nodes.len() > MAX_NODES {
        return Err(SgfError::TooManyNodes {
            count: scanned.nodes.len(),
            limit: MAX_NODES,
        });
    }
    if scanned.max_depth > MAX_DEPTH {
        return Err(SgfError::TooDeep {
            at: scanned.deepest,
            count: scanned.max_depth,
            limit: MAX_DEPTH,
        });
    }
    let options = ParseOptions {
        convert_mixed_case_identifiers: true,
        lenient: false,
    };
    let trees = sgf_parse::parse_with_options(text, &options).map_err(|e| SgfError::Syntax {
        at: scanned.first_node(),
        fault: SyntaxFault::Parser(e.to_string()),
    })?;
    let tree = trees.into_iter().next().ok_or(SgfError::NoGame)?;
    let root = match tree {
        GameTree::GoGame(root) => root,
        GameTree::Unknown(root) => {
            let gm = root.get_property("GM").map(|p| p.to_string()).unwrap_or_default();
            let gm = gm.trim_start_matches("GM[").trim_end_matches(']').to_string();
            return Err(SgfError::NotGo {
                at: scanned.first_node(),
                gm,
            });
        }
    };
    Reader {
        locations: &scanned.nodes,
        next_node: 0,
    }
    .game(&root)
}

struct Reader<'a> {
    locations: &'a [Location],
    next_node: usize,
}

impl Reader<'_> {
    fn game(&mut self, root: &SgfNode<Prop>) -> Result<Game, SgfError> {
        let at = self.take_location();
        let size = read_size(root, at)?;
        let preset = match root.get_property("RU") {
            Some(Prop::RU(ru)) => Preset::from_sgf_ru(&ru.text),
            _ => None,
        };
        let mut game =
            Game::new(size, preset.unwrap_or(Preset::Chinese2002)).map_err(|source| SgfError::Game { at, source })?;
        game.preset = preset.or(if root.get_property("RU").is_none() {
            Some(Preset::Chinese2002)
        } else {
            None
        });
        read_handicap(root, size, at)?;
        read_game_info(root, &mut game);
        let (root_node, root_move) = self.node(root, size, at)?;
        let handicap_setup = game.info.handicap >= 2 && root.get_property("PL").is_none();
        let mut root_node = root_node;
        if let (true, Some(Action::Setup { to_move, black, .. })) = (handicap_setup, &mut root_node.action)
            && !black.is_empty()
        {
            *to_move = Some(Color::White);
        }
        game.set_root(root_node);
        // Walk the tree without recursion: (sgf node, game node id to hang its children on).
        let mut first_parent = 0;
        if let Some(node) = root_move {
            first_parent = game.add_child(0, node);
        }
        let mut stack: Vec<(&SgfNode<Prop>, usize)> = root.children.iter().rev().map(|c| (c, first_parent)).collect();
        while let Some((sgf_node, parent)) = stack.pop() {
            let at = self.take_location();
            let (node, extra_move) = self.node(sgf_node, size, at)?;
            let mut id = game.add_child(parent, node);
            if let Some(node) = extra_move {
                id = game.add_child(id, node);
            }
            stack.extend(sgf_node.children.iter().rev().map(|c| (c, id)));
        }
        game.goto_main_line_end();
        Ok(game)
    }

    fn take_location(&mut self) -> Location {
        let at = self.locations.get(self.next_node).copied().unwrap_or_default();
        self.next_node += 1;
        at
    }

    /// One SGF node as a record node; a node with both setup and a move becomes two.
    fn node(&self, sgf: &SgfNode<Prop>, size: u8, at: Location) -> Result<(Node, Option<Node>), SgfError> {
        let point = |property: &str, p: &SgfPoint| -> Result<Point, SgfError> {
            if p.x < size && p.y < size {
                Ok(Point::new(p.x, p.y))
            } else {
                Err(SgfError::OffBoard {
                    at,
                    property: property.to_string(),
                    value: sgf_letters(p),
                    size,
                })
            }
        };
        let points = |property: &str, set: &HashSet<SgfPoint>| -> Result<Vec<Point>, SgfError> {
            let mut v = set.iter().map(|p| point(property, p)).collect::<Result<Vec<_>, _>>()?;
            v.sort();
            Ok(v)
        };
        let mut node = Node::blank();
        let (mut black, mut white, mut empty, mut to_move) = (vec![], vec![], vec![], None);
        let mut play: Option<(Color, Option<Point>)> = None;
        let mut comments: Vec<String> = Vec::new();
        for prop in &sgf.properties {
            match prop {
                Prop::B(m) | Prop::W(m) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if play.is_some() {
                        return Err(SgfError::TwoMoves { at });
                    }
                    let name = color.letter().to_string();
                    play = Some((
                        color,
                        match m {
                            SgfMove::Pass => None,
                            // "tt" is the old way of writing a pass on boards up to 19.
                            SgfMove::Move(p) if size <= 19 && p.x == 19 && p.y == 19 => None,
                            SgfMove::Move(p) => Some(point(&name, p)?),
                        },
                    ));
                }
                Prop::AB(set) => black = points("AB", set)?,
                Prop::AW(set) => white = points("AW", set)?,
                Prop::AE(set) => empty = points("AE", set)?,
                Prop::PL(c) => {
                    to_move = Some(if *c == sgf_parse::Color::Black {
                        Color::Black
                    } else {
                        Color::White
                    })
                }
                Prop::C(text) => comments.push(text.text.clone()),
                Prop::BL(t) => node.times.black_left = Some(*t),
                Prop::WL(t) => node.times.white_left = Some(*t),
                Prop::OB(n) => node.times.black_periods = Some(*n),
                Prop::OW(n) => node.times.white_periods = Some(*n),
                Prop::TB(set) => node.territory.get_or_insert_with(Default::default)[0] = points("TB", set)?,
                Prop::TW(set) => node.territory.get_or_insert_with(Default::default)[1] = points("TW", set)?,
                Prop::Invalid(id, values) if matches!(id.as_str(), "B" | "W" | "AB" | "AW" | "AE" | "SZ" | "KM") => {
                    return Err(SgfError::BadValue {
                        at,
                        property: id.clone(),
                        values: values.clone(),
                    });
                }
                Prop::Unknown(id, values) if id == FLAG_PROPERTY => {
                    node.flag = values.first().and_then(|v| decode_flag(v, size));
                }
                Prop::Unknown(id, values) | Prop::Invalid(id, values) => {
                    // An identifier with no capital letter (`0[...]`) cannot be written back: the
                    // values would join the property before it. It is dropped.
                    if is_identifier(id) && !is_root_info(id) {
                        node.other.push((id.clone(), values.clone()));
                    }
                }
                other => {
                    let id = other.identifier();
                    if !is_root_info(&id) {
                        node.other.push(split_values(&other.to_string()));
                    }
                }
            }
        }
        node.comment = comments.join("\n");
        let has_setup = !black.is_empty() || !white.is_empty() || !empty.is_empty() || to_move.is_some();
        let setup = Action::Setup {
            black,
            white,
            empty,
            to_move,
        };
        let to_action = |(color, p): (Color, Option<Point>)| match p {
            Some(point) => Action::Move { color, point },
            None => Action::Pass { color },
        };
        Ok(match (has_setup, play) {
            (true, Some(mv)) => {
                let mut second = Node::blank();
                second.action = Some(to_action(mv));
                second.flag = node.flag.take();
                node.action = Some(setup);
                (node, Some(second))
            }
            (true, None) => {
                node.action = Some(setup);
                (node, None)
            }
            (false, mv) => {
                node.action = mv.map(to_action);
                (node, None)
            }
        })
    }
}

fn read_size(root: &SgfNode<Prop>, at: Location) -> Result<u8, SgfError> {
    match root.get_property("SZ") {
        None => Ok(19),
        Some(Prop::SZ((w, h))) if w == h && (MIN_SIZE..=MAX_SIZE).contains(w) => Ok(*w),
        Some(Prop::SZ((w, h))) => Err(SgfError::BadSize {
            at,
            value: if w == h { w.to_string() } else { format!("{w}:{h}") },
        }),
        Some(Prop::Invalid(_, values)) => Err(SgfError::BadSize {
            at,
            value: values.join(":"),
        }),
        Some(_) => Err(SgfError::BadSize {
            at,
            value: String::new(),
        }),
    }
}

/// Root properties read into `GameInfo` and the rules (so not kept as "other").
fn is_root_info(id: &str) -> bool {
    matches!(
        id,
        "SZ" | "KM"
            | "HA"
            | "RU"
            | "PB"
            | "PW"
            | "BR"
            | "WR"
            | "DT"
            | "EV"
            | "RO"
            | "PC"
            | "RE"
            | "TM"
            | "OT"
            | "FF"
            | "GM"
            | "CA"
    )
}

/// HA is a number of stones that fits the board (the board's points at most): `HA[4294967296]`
/// is refused, never read as some other handicap.
fn read_handicap(root: &SgfNode<Prop>, size: u8, at: Location) -> Result<(), SgfError> {
    match root.get_property("HA") {
        Some(Prop::HA(n)) if (0..=i64::from(size) * i64::from(size)).contains(n) => Ok(()),
        Some(Prop::HA(n)) => Err(SgfError::BadValue {
            at,
            property: "HA".to_string(),
            values: vec![n.to_string()],
        }),
        _ => Ok(()),
    }
}

fn read_game_info(root: &SgfNode<Prop>, game: &mut Game) {
    let info = &mut game.info;
    for prop in &root.properties {
        match prop {
            Prop::PB(t) => info.black = t.text.clone(),
            Prop::PW(t) => info.white = t.text.clone(),
            Prop::BR(t) => info.black_rank = t.text.clone(),
            Prop::WR(t) => info.white_rank = t.text.clone(),
            Prop::DT(t) => info.date = t.text.clone(),
            Prop::EV(t) => info.event = t.text.clone(),
            Prop::RO(t) => info.round = t.text.clone(),
            Prop::PC(t) => info.place = t.text.clone(),
            Prop::RE(t) => info.result = t.text.clone(),
            Prop::OT(t) => info.overtime = t.text.clone(),
            Prop::RU(t) => info.rules_text = t.text.clone(),
            Prop::TM(t) => info.main_time = Some(*t),
            Prop::HA(n) => info.handicap = (*n).clamp(0, 361) as u32,
            Prop::KM(k) => game.rules.komi = *k,
            _ => {}
        }
    }
    if root.get_property("KM").is_none() {
        // No KM: the komi the rules give a game with this handicap (none under Chinese rules).
        game.rules.komi = game.rules.komi_for(game.info.handicap, game.rules.komi);
    }
}

/// A property identifier SGF can write: one or more capital letters.
fn is_identifier(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_uppercase())
}

fn sgf_letters(p: &SgfPoint) -> String {
    let letter = |v: u8| {
        if v < 26 {
            (b'a' + v) as char
        } else {
            (b'A' + v - 26) as char
        }
    };
    format!("{}{}", letter(p.x), letter(p.y))
}

/// Splits a property as sgf-parse writes it (`LB[dd:A][ee:B]`) into its identifier and raw
/// values.
fn split_values(written: &str) -> (String, Vec<String>) {
    let (id, rest) = written.split_once('[').unwrap_or((written, ""));
    let mut values = Vec::new();
    let mut current = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => current.extend(chars.next()),
            ']' => {
                values.push(std::mem::take(&mut current));
                // Skip to the next '[' (or the end).
                for c in chars.by_ref() {
                    if c == '[' {
                        break;
                    }
                }
            }
            c => current.push(c),
        }
    }
    (id.to_string(), values)
}

/// The private property keeping an illegal move's flag: `XA[ko:dd:void]`.
const FLAG_PROPERTY: &str = "XA";

fn encode_flag(flag: &Flag) -> String {
    let ruling = match flag.ruling {
        Ruling::Void => "void",
        Ruling::Stands => "stands",
    };
    let what = match flag.illegal {
        Illegal::Suicide => "suicide".to_string(),
        Illegal::Ko { point } => format!("ko:{}", point.to_sgf()),
        Illegal::Superko { repeats_move } => format!("superko:{repeats_move}"),
        Illegal::OutOfTurn { expected } => format!("outofturn:{}", expected.letter()),
    };
    format!("{what}:{ruling}")
}

fn decode_flag(text: &str, size: u8) -> Option<Flag> {
    let parts: Vec<&str> = text.split(':').collect();
    let ruling = match *parts.last()? {
        "void" => Ruling::Void,
        "stands" => Ruling::Stands,
        _ => return None,
    };
    let illegal = match (parts.first()?, parts.get(1)) {
        (&"suicide", _) => Illegal::Suicide,
        (&"ko", Some(p)) => Illegal::Ko {
            point: Point::from_sgf(p, size).ok()?,
        },
        (&"superko", Some(n)) => Illegal::Superko {
            repeats_move: n.parse().ok()?,
        },
        (&"outofturn", Some(&"B")) => Illegal::OutOfTurn { expected: Color::Black },
        (&"outofturn", Some(&"W")) => Illegal::OutOfTurn { expected: Color::White },
        _ => return None,
    };
    Some(Flag { illegal, ruling })
}

/// Writes the whole game (all variations) as SGF FF[4].
pub fn write_string(game: &Game) -> String {
    // Nodes are stored parents first, so building from the last id back has every child
    // ready before its parent: no recursion over the tree.
    let count = game.nodes_len();
    let mut built: Vec<Option<SgfNode<Prop>>> = (0..count).map(|_| None).collect();
    for id in (0..count).rev() {
        let node = game.node(id);
        let mut props = if id == 0 { root_properties(game) } else { Vec::new() };
        props.extend(node_properties(node));
        let children = node.children().iter().filter_map(|&c| built[c].take()).collect();
        built[id] = Some(SgfNode::new(props, children, id == 0));
    }
    built[0].take().map(|root| root.serialize()).unwrap_or_default() + "\n"
}

/// Writes the game to `path` atomically (a temporary file renamed over the target).
pub fn write_file(game: &Game, path: &Path) -> std::io::Result<()> {
    let tmp = path.with_extension("sgf.tmp");
    std::fs::write(&tmp, write_string(game))?;
    std::fs::rename(&tmp, path)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

fn simple(text: &str) -> SimpleText {
    SimpleText { text: text.to_string() }
}

fn root_properties(game: &Game) -> Vec<Prop> {
    let info = &game.info;
    let size = game.size();
    let mut props = vec![
        Prop::GM(1),
        Prop::FF(4),
        Prop::CA(simple("UTF-8")),
        Prop::SZ((size, size)),
    ];
    props.push(Prop::KM(game.rules.komi));
    let ru = match game.preset {
        Some(p) if info.rules_text.is_empty() || Preset::from_sgf_ru(&info.rules_text) != Some(p) => {
            p.sgf_ru().to_string()
        }
        _ => info.rules_text.clone(),
    };
    if !ru.is_empty() {
        props.push(Prop::RU(simple(&ru)));
    }
    if info.handicap >= 2 {
        props.push(Prop::HA(info.handicap as i64));
    }
    type Make = fn(SimpleText) -> Prop;
    let texts: [(&str, Make); 10] = [
        (&info.black, Prop::PB),
        (&info.white, Prop::PW),
        (&info.black_rank, Prop::BR),
        (&info.white_rank, Prop::WR),
        (&info.date, Prop::DT),
        (&info.event, Prop::EV),
        (&info.round, Prop::RO),
        (&info.place, Prop::PC),
        (&info.result, Prop::RE),
        (&info.overtime, Prop::OT),
    ];
    props.extend(
        texts
            .into_iter()
            .filter(|(t, _)| !t.is_empty())
            .map(|(t, make)| make(simple(t))),
    );
    if let Some(tm) = info.main_time {
        props.push(Prop::TM(tm));
    }
    props
}

/// A point-list property (AB, AW, AE, TB, TW) with its points in one order, so that the same game
/// always writes the same text: sgf-parse keeps such points in a `HashSet`, whose order changes
/// from one write to the next, and a record compared with its stored text (the workstation's
/// sync) then looked changed when it was not.
fn point_list(identifier: &str, points: &[Point]) -> Prop {
    let mut values: Vec<String> = points
        .iter()
        .map(|p| format!("{}{}", char::from(b'a' + p.col), char::from(b'a' + p.row)))
        .collect();
    values.sort();
    values.dedup();
    Prop::Unknown(identifier.to_string(), values)
}

fn node_properties(node: &Node) -> Vec<Prop> {
    let mut props = Vec::new();
    match &node.action {
        Some(Action::Move { color, point }) => {
            let m = SgfMove::Move(SgfPoint {
                x: point.col,
                y: point.row,
            });
            props.push(if *color == Color::Black { Prop::B(m) } else { Prop::W(m) });
        }
        Some(Action::Pass { color }) => props.push(if *color == Color::Black {
            Prop::B(SgfMove::Pass)
        } else {
            Prop::W(SgfMove::Pass)
        }),
        Some(Action::Resign { .. }) | None => {}
        Some(Action::Setup {
            black,
            white,
            empty,
            to_move,
        }) => {
            for (list, identifier) in [(black, "AB"), (white, "AW"), (empty, "AE")] {
                if !list.is_empty() {
                    props.push(point_list(identifier, list));
                }
            }
            if let Some(c) = to_move {
                props.push(Prop::PL(if *c == Color::Black {
                    sgf_parse::Color::Black
                } else {
                    sgf_parse::Color::White
                }));
            }
        }
    }
    if let Some(flag) = &node.flag {
        props.push(Prop::new(FLAG_PROPERTY.to_string(), vec![encode_flag(flag)]));
    }
    if !node.comment.is_empty() {
        props.push(Prop::C(Text {
            text: node.comment.clone(),
        }));
    }
    let t = &node.times;
    props.extend(t.black_left.map(Prop::BL));
    props.extend(t.white_left.map(Prop::WL));
    props.extend(t.black_periods.map(Prop::OB));
    props.extend(t.white_periods.map(Prop::OW));
    if let Some([tb, tw]) = &node.territory {
        props.push(point_list("TB", tb));
        props.push(point_list("TW", tw));
    }
    props.extend(
        node.other
            .iter()
            .map(|(id, values)| match Prop::new(id.clone(), values.clone()) {
                // sgf-parse writes unknown values verbatim: escape them here.
                Prop::Unknown(id, values) | Prop::Invalid(id, values) => {
                    Prop::Unknown(id, values.iter().map(|v| escape(v)).collect())
                }
                known => known,
            }),
    );
    props
}

//! The `score` report: the final position of a record, its dead stones (suggested, read from
//! SGF territory markup, or none), both sides' counts, one-side counting, and the result.

use serde::Serialize;
use thiserror::Error;

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::rules::Preset;
use crate::scoring::dead::guess;
use crate::scoring::sealing::needs_sealing;
use crate::scoring::{Count, Marks, OneSide, Quarters, ScoringError, SideCount, Status, count_game};

/// Where the dead stones come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DeadFrom {
    /// Suggested by the seeded guesser.
    Auto,
    /// Every stone alive.
    None,
    /// Stones standing in the other side's territory markup (SGF TB/TW).
    Sgf,
}

/// How to count.
#[derive(Clone, Debug)]
pub struct Options {
    /// Replace the file's rules (with that rule set's komi, its handicap komi in a handicap
    /// game, unless `komi` is given).
    pub rules: Option<Preset>,
    /// Komi in points.
    pub komi: Option<f64>,
    /// Count one side, as arbiters do under Chinese rules.
    pub count: Option<Color>,
    pub dead: DeadFrom,
    pub seed: u64,
    /// Warnings against Black and White: one stone each at the count (Art. 24.1).
    pub warnings: [u32; 2],
    /// The side's count as the arbiter counted it on the board, in stones ("184 1/2").
    pub counted: Option<String>,
}

/// A count that cannot be made.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ScoreError {
    #[error("--dead sgf: the record has no territory markup (TB/TW)")]
    NoTerritoryMarkup,
    #[error("--counted `{0}` is not a number of stones (such as 184, 184.5 or 184 1/2)")]
    Counted(String),
    #[error("--counted needs --count black or --count white: the side that was counted")]
    CountedWithoutSide,
    #[error(transparent)]
    Scoring(#[from] ScoringError),
}

/// One side's count, in points where halves occur.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    pub stones: u32,
    pub territory: u32,
    pub dame_share: f64,
    pub prisoners: u32,
    pub dead: u32,
    pub komi: f64,
    pub compensation: f64,
    pub penalty: f64,
    /// The side's total in points (area or territory, komi and penalties applied).
    pub total: f64,
}

impl From<&SideCount> for Side {
    fn from(s: &SideCount) -> Side {
        Side {
            stones: s.stones,
            territory: s.territory,
            dame_share: s.dame_share.points(),
            prisoners: s.prisoners,
            dead: s.dead,
            komi: s.komi.points(),
            compensation: s.compensation.points(),
            penalty: s.penalty.points(),
            total: s.total.points(),
        }
    }
}

/// One-side counting, as done on a real board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OneSideReport {
    pub side: Color,
    /// The side's area in stones.
    pub count: f64,
    /// "18 tens and 4 1/2".
    pub tens: String,
    /// The number of stones the side must exceed.
    pub par: f64,
    pub result: String,
    /// The arbiter's hand count checked against the engine's ("agrees: 18 tens and 4").
    pub hand_count: Option<String>,
}

/// Unfinished borders in GTP coordinates: open points between live stones of both colours, and
/// the stones of live chains in atari with their last liberties.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct NeedsSealing {
    pub open: Vec<String>,
    pub atari: Vec<String>,
    pub atari_liberties: Vec<String>,
}

/// What `score` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub rules: String,
    /// Dead stones in GTP coordinates.
    pub dead: Vec<String>,
    /// The stones of chains whose suggested status is unsure ("check this"), in GTP
    /// coordinates (only with `--dead auto`).
    pub unsettled: Vec<String>,
    /// Unfinished borders, pointed out before the count.
    pub needs_sealing: NeedsSealing,
    pub black: Side,
    pub white: Side,
    pub result: String,
    pub result_english: String,
    pub result_chinese: String,
    pub one_side: Option<OneSideReport>,
    /// The marked position: X O alive, x o dead.
    pub diagram: String,
    pub seconds: f64,
}

/// Counts the position at the end of the main line of `record`.
pub fn score(record: &Game, options: &Options) -> Result<Report, ScoreError> {
    let mut game = record.clone();
    if let Some(preset) = options.rules {
        game.rules = preset.rules();
        // A handicap game takes that rule set's handicap komi, not its even game's.
        game.rules.komi = game.rules.komi_for(game.info.handicap, game.rules.komi);
        game.preset = Some(preset);
    }
    if let Some(komi) = options.komi {
        game.rules.komi = komi;
    }
    game.goto_main_line_end();
    let pos = game.position();
    let board = &pos.board;
    let mut unsettled = Vec::new();
    let dead = match options.dead {
        DeadFrom::Auto => {
            let guess = guess(board, pos.to_move, options.seed);
            unsettled = guess.unsettled();
            guess.dead()
        }
        DeadFrom::None => Vec::new(),
        DeadFrom::Sgf => dead_from_markup(&game).ok_or(ScoreError::NoTerritoryMarkup)?,
    };
    let mut marks = Marks::new(board);
    marks.set_dead(board, &dead);
    let sealing = needs_sealing(board, &marks);
    let gtp = |points: &[Point]| points.iter().map(|p| p.to_gtp(board.size())).collect::<Vec<_>>();
    let count = count_game(&game, &marks, options.warnings)?;
    let counted = match &options.counted {
        Some(text) => Some(Quarters::parse_stones(text).ok_or_else(|| ScoreError::Counted(text.clone()))?),
        None => None,
    };
    let one_side = match (options.count, counted) {
        (Some(side), counted) => Some(one_side_report(&count, side, counted)?),
        (None, Some(_)) => return Err(ScoreError::CountedWithoutSide),
        (None, None) => None,
    };
    let result = count.result();
    Ok(Report {
        rules: game.rules.name.clone(),
        dead: gtp(&dead),
        unsettled: gtp(&unsettled),
        needs_sealing: NeedsSealing {
            open: gtp(&sealing.open),
            atari: gtp(&sealing.atari),
            atari_liberties: gtp(&sealing.atari_liberties),
        },
        black: Side::from(&count.black),
        white: Side::from(&count.white),
        result: result.sgf_re(),
        result_english: result.english(),
        result_chinese: result.chinese(),
        one_side,
        diagram: marked_diagram(board, &marks),
        seconds: 0.0,
    })
}

fn one_side_report(count: &Count, side: Color, counted: Option<Quarters>) -> Result<OneSideReport, ScoringError> {
    let one = OneSide::new(count, side)?;
    let hand_count = counted.map(|c| one.check(c).describe());
    Ok(OneSideReport {
        side,
        count: one.count.stones(),
        tens: one.tens(),
        par: one.par.stones(),
        result: one.result().english(),
        hand_count,
    })
}

/// Stones standing on points the last territory markup of the main line gives the other side.
fn dead_from_markup(game: &Game) -> Option<Vec<Point>> {
    let ids = game.path_ids();
    let [black_area, white_area] = ids.iter().rev().find_map(|&id| game.node(id).territory.clone())?;
    let board = game.board();
    let mut dead: Vec<Point> = black_area
        .into_iter()
        .filter(|&p| board.get(p) == Some(Color::White))
        .chain(white_area.into_iter().filter(|&p| board.get(p) == Some(Color::Black)))
        .collect();
    dead.sort();
    Some(dead)
}

fn marked_diagram(board: &Board, marks: &Marks) -> String {
    let mut out = String::new();
    for row in 0..board.size() {
        let line: Vec<&str> = (0..board.size())
            .map(|col| {
                let p = Point::new(col, row);
                match (board.get(p), marks.status(p)) {
                    (None, _) => ".",
                    (Some(Color::Black), Status::Dead) => "x",
                    (Some(Color::White), Status::Dead) => "o",
                    (Some(Color::Black), _) => "X",
                    (Some(Color::White), _) => "O",
                }
            })
            .collect();
        out += &line.join(" ");
        out.push('\n');
    }
    out
}

impl Report {
    /// The report as the terminal shows it.
    pub fn to_text(&self) -> String {
        let side = |name: &str, s: &Side| {
            format!(
                "{name}: {} stones, {} territory, {} dame share, {} prisoners, {} dead taken, komi {}, compensation {}, penalty {}: {} points\n",
                s.stones, s.territory, s.dame_share, s.prisoners, s.dead, s.komi, s.compensation, s.penalty, s.total
            )
        };
        let mut out = format!("{}\n{}", self.rules, self.diagram);
        out += &format!(
            "dead: {}\n",
            if self.dead.is_empty() {
                "none".to_string()
            } else {
                self.dead.join(" ")
            }
        );
        if !self.unsettled.is_empty() {
            out += &format!("check these (unsettled): {}\n", self.unsettled.join(" "));
        }
        let seal = &self.needs_sealing;
        if !seal.open.is_empty() {
            out += &format!("needs sealing, open points: {}\n", seal.open.join(" "));
        }
        if !seal.atari.is_empty() {
            out += &format!(
                "needs sealing, in atari: {} (last liberties {})\n",
                seal.atari.join(" "),
                seal.atari_liberties.join(" ")
            );
        }
        out += &side("Black", &self.black);
        out += &side("White", &self.white);
        if let Some(one) = &self.one_side {
            out += &format!(
                "counting {}: {} stones ({}), par {}: {}\n",
                one.side.name(),
                one.count,
                one.tens,
                one.par,
                one.result
            );
            if let Some(check) = &one.hand_count {
                out += &format!("hand count: {check}\n");
            }
        }
        out += &format!(
            "result: {} ({}; {})\n",
            self.result, self.result_english, self.result_chinese
        );
        out
    }
}

//! What KataGo's analysis engine is asked and what it answers, as JSON lines: the position (the
//! record's setup stones and moves, or a final position as initial stones), rules and komi, one
//! visit with ownership; and its ownership read chain by chain into the same `Guess` the built-in
//! guesser gives, so the counting screen and the `accuracy` command take either.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::board::{Board, Color, Point};
use crate::game::{Action, Game};
use crate::rules::{Counting, Rules};
use crate::scoring::dead::{ChainGuess, Guess};

/// A chain is dead when its owner's mean ownership over its stones is below this (KataGo's
/// ownership runs from -1, always the opponent's, to +1, always the owner's).
pub const DEAD_BELOW: f32 = -0.5;

/// The position KataGo is asked about.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub size: u8,
    /// Stones on the board before the moves (setup and handicap stones, or a whole final position).
    pub initial: Vec<(Color, Point)>,
    /// Who moves first after the initial stones when there are no moves (the side to move).
    pub initial_player: Color,
    /// The moves played, `None` a pass.
    pub moves: Vec<(Color, Option<Point>)>,
    /// Area counting ("chinese") or territory counting ("japanese").
    pub counting: Counting,
    /// Points White receives, rounded to the half point KataGo takes.
    pub komi: f64,
}

impl Position {
    /// `board` as initial stones, `to_move` to play, no history.
    pub fn of_board(board: &Board, to_move: Color, rules: &Rules) -> Position {
        let rules_only = Position {
            size: board.size(),
            initial: Vec::new(),
            initial_player: to_move,
            moves: Vec::new(),
            counting: rules.counting,
            komi: half_points(rules.komi),
        };
        rules_only.final_position(board, to_move)
    }

    /// `board` as initial stones, `to_move` to play, no history, under this position's rules.
    pub fn final_position(&self, board: &Board, to_move: Color) -> Position {
        Position {
            size: board.size(),
            initial: board.points().filter_map(|p| board.get(p).map(|c| (c, p))).collect(),
            initial_player: to_move,
            moves: Vec::new(),
            counting: self.counting,
            komi: self.komi,
        }
    }

    /// The record up to its cursor: the setup before the first move as initial stones, then the
    /// moves and passes. A setup edit after the first move (an arbiter's correction) cannot be
    /// said as moves: the position at the cursor is given as initial stones instead.
    pub fn of_game(game: &Game) -> Position {
        let at_cursor = || Position::of_board(game.board(), game.to_move(), &game.rules);
        let Ok(mut setup) = Board::new(game.size()) else {
            return at_cursor();
        };
        let mut initial_player = Color::Black;
        let mut moves = Vec::new();
        for id in game.path_ids() {
            match &game.node(id).action {
                Some(Action::Setup {
                    black,
                    white,
                    empty,
                    to_move,
                }) => {
                    if !moves.is_empty() {
                        return at_cursor();
                    }
                    let stones = black.iter().map(|&p| (p, Some(Color::Black)));
                    let stones = stones.chain(white.iter().map(|&p| (p, Some(Color::White))));
                    for (p, stone) in stones.chain(empty.iter().map(|&p| (p, None))) {
                        if setup.set(p, stone).is_err() {
                            return at_cursor();
                        }
                    }
                    if let Some(c) = to_move {
                        initial_player = *c;
                    }
                }
                Some(Action::Move { color, point }) => moves.push((*color, Some(*point))),
                Some(Action::Pass { color }) => moves.push((*color, None)),
                Some(Action::Resign { .. }) | None => {}
            }
        }
        let mut position = Position::of_board(&setup, initial_player, &game.rules);
        position.moves = moves;
        position
    }

    /// The query line for `id` (without the line break).
    pub fn query(&self, id: &str) -> String {
        let stone = |c: Color, p: Option<Point>| {
            let at = p.map_or("pass".to_string(), |p| p.to_gtp(self.size));
            [c.letter().to_string(), at]
        };
        let query = Query {
            id,
            initial_stones: self.initial.iter().map(|&(c, p)| stone(c, Some(p))).collect(),
            initial_player: self.initial_player.letter().to_string(),
            moves: self.moves.iter().map(|&(c, p)| stone(c, p)).collect(),
            rules: match self.counting {
                Counting::Area => "chinese",
                Counting::Territory => "japanese",
            },
            komi: self.komi,
            board_x_size: self.size,
            board_y_size: self.size,
            include_ownership: true,
            max_visits: 1,
        };
        // A struct of strings and numbers always serialises.
        serde_json::to_string(&query).unwrap_or_default()
    }
}

/// Komi to the nearest half point (KataGo refuses other values).
fn half_points(komi: f64) -> f64 {
    if komi.is_finite() {
        (komi * 2.0).round() / 2.0
    } else {
        0.0
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Query<'a> {
    id: &'a str,
    initial_stones: Vec<[String; 2]>,
    initial_player: String,
    moves: Vec<[String; 2]>,
    rules: &'static str,
    komi: f64,
    board_x_size: u8,
    board_y_size: u8,
    include_ownership: bool,
    max_visits: u32,
}

/// What one answer line says, as far as it concerns us.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The ownership of every point, row by row from the top-left, +1 Black's, -1 White's.
    Ownership { id: String, ownership: Vec<f32> },
    /// KataGo refused the query ("error", with the field it names).
    Refused { id: String, message: String },
    /// A line about another query, a warning, or a partial answer: not ours to wait for.
    Other,
}

#[derive(Deserialize)]
struct Line {
    id: Option<String>,
    error: Option<String>,
    field: Option<String>,
    ownership: Option<Vec<f64>>,
    #[serde(rename = "isDuringSearch")]
    during_search: Option<bool>,
}

/// Reads one line of KataGo's output; `Err` with what is wrong when it is not JSON of the shape
/// KataGo writes.
pub fn read_answer(line: &str) -> Result<Answer, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON ({e})"))?;
    let line: Line = serde_json::from_value(value).map_err(|e| format!("not an analysis answer ({e})"))?;
    let id = line.id.unwrap_or_default();
    if let Some(error) = line.error {
        let message = match line.field {
            Some(field) => format!("{error} (field {field})"),
            None => error,
        };
        return Ok(Answer::Refused { id, message });
    }
    match line.ownership {
        Some(own) if line.during_search != Some(true) => {
            if let Some(bad) = own.iter().find(|v| !v.is_finite() || v.abs() > 1.0 + 1e-6) {
                return Err(format!("an ownership value out of -1..1: {bad}"));
            }
            Ok(Answer::Ownership {
                id,
                ownership: own.into_iter().map(|v| v as f32).collect(),
            })
        }
        _ => Ok(Answer::Other),
    }
}

/// The guess that `ownership` (one value a point, row by row from the top-left, +1 Black's) gives
/// `board`, chain by chain: dead when the owner's mean is below [`DEAD_BELOW`]; the confidence is
/// twice the distance from that line (at most 1), so a chain is "check this" ([`DOUBT`]) when its
/// mean is within a quarter of the line. `None` when the ownership does not cover the board.
pub fn guess_from(board: &Board, ownership: &[f32]) -> Option<Guess> {
    let size = board.size() as usize;
    if ownership.len() != size * size {
        return None;
    }
    let number = |p: Point| p.row as usize * size + p.col as usize;
    let mut seen = vec![false; size * size];
    let mut chains = Vec::new();
    for p in board.points() {
        let Some(color) = board.get(p) else { continue };
        if seen[number(p)] {
            continue;
        }
        let mut stones = board.chain(p);
        stones.sort();
        let sign = if color == Color::Black { 1.0 } else { -1.0 };
        let mut sum = 0.0;
        for &q in &stones {
            seen[number(q)] = true;
            sum += ownership[number(q)] * sign;
        }
        let mean = sum / stones.len() as f32;
        chains.push(ChainGuess {
            color,
            stones,
            dead: mean < DEAD_BELOW,
            confidence: (2.0 * (mean - DEAD_BELOW).abs()).min(1.0),
        });
    }
    Some(Guess { chains })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn a_record_is_asked_as_its_setup_then_its_moves_with_passes_and_the_komi_to_the_half_point() {
        let mut game = Game::with_handicap(9, Preset::Chinese2002, 2).unwrap_or_else(|e| panic!("{e:?}"));
        game.rules.komi = 3.7;
        game.play(Point::from_gtp("E5", 9).unwrap_or_else(|e| panic!("{e:?}")))
            .unwrap_or_else(|e| panic!("{e:?}"));
        game.pass();
        let position = Position::of_game(&game);
        assert_eq!(position.initial.len(), 2, "the two handicap stones");
        assert_eq!(position.initial_player, Color::White);
        assert_eq!(
            position.moves,
            vec![
                (
                    Color::White,
                    Some(Point::from_gtp("E5", 9).unwrap_or_else(|e| panic!("{e:?}")))
                ),
                (Color::Black, None)
            ]
        );
        let line: Value = serde_json::from_str(&position.query("q1")).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(line["moves"][1], serde_json::json!(["B", "pass"]));
        assert_eq!(line["komi"], serde_json::json!(3.5));
        assert_eq!(line["rules"], "chinese");
        assert_eq!(line["includeOwnership"], true);
        assert_eq!(line["maxVisits"], 1);
        assert_eq!(line["boardXSize"], 9);
    }

    #[test]
    fn an_edit_after_the_first_move_sends_the_position_at_the_cursor_as_initial_stones() {
        let mut game = Game::new(9, Preset::Chinese2002).unwrap_or_else(|e| panic!("{e:?}"));
        game.play(Point::from_gtp("E5", 9).unwrap_or_else(|e| panic!("{e:?}")))
            .unwrap_or_else(|e| panic!("{e:?}"));
        game.edit(
            Point::from_gtp("C3", 9).unwrap_or_else(|e| panic!("{e:?}")),
            Some(Color::White),
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let position = Position::of_game(&game);
        assert!(position.moves.is_empty());
        assert_eq!(position.initial.len(), 2);
    }

    #[test]
    fn a_chain_below_minus_a_half_for_its_owner_is_dead_and_near_the_line_it_is_to_be_checked() {
        let mut board = Board::new(3).unwrap_or_else(|e| panic!("{e:?}"));
        board
            .set(Point::new(0, 0), Some(Color::Black))
            .unwrap_or_else(|e| panic!("{e:?}"));
        board
            .set(Point::new(2, 2), Some(Color::White))
            .unwrap_or_else(|e| panic!("{e:?}"));
        board
            .set(Point::new(2, 0), Some(Color::White))
            .unwrap_or_else(|e| panic!("{e:?}"));
        // Row by row from the top-left; +1 Black's.
        let own = [0.9, 0.0, 0.6, 0.0, 0.0, 0.0, 0.0, 0.0, -0.95];
        let guess = guess_from(&board, &own).unwrap_or_else(|| panic!("a guess"));
        let black = &guess.chains[0];
        assert!(!black.dead && black.confidence == 1.0);
        let white_top = guess
            .chains
            .iter()
            .find(|c| c.stones == [Point::new(2, 0)])
            .unwrap_or_else(|| panic!("the white chain"));
        assert!(white_top.dead, "White owns it by -0.6");
        assert!(white_top.unsettled(), "0.1 below the line");
        assert!(guess_from(&board, &own[..8]).is_none(), "a short answer is no guess");
    }

    #[test]
    fn answers_are_read_as_ownership_refusals_or_lines_to_pass_over_and_garbage_is_named() {
        let own = read_answer(r#"{"id":"a","isDuringSearch":false,"ownership":[0.5,-1.0]}"#)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            own,
            Answer::Ownership {
                id: "a".into(),
                ownership: vec![0.5, -1.0]
            }
        );
        let refused = read_answer(r#"{"id":"a","error":"Illegal move 3: C3","field":"moves"}"#)
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(
            refused,
            Answer::Refused {
                id: "a".into(),
                message: "Illegal move 3: C3 (field moves)".into()
            }
        );
        assert_eq!(
            read_answer(r#"{"id":"a","warning":"unused field"}"#).unwrap_or_else(|e| panic!("{e:?}")),
            Answer::Other
        );
        assert!(
            read_answer("KataGo v1.18.1")
                .err()
                .unwrap_or_else(|| panic!("an error"))
                .contains("not JSON")
        );
        assert!(
            read_answer(r#"{"id":"a","ownership":[2.5]}"#)
                .err()
                .unwrap_or_else(|| panic!("an error"))
                .contains("2.5")
        );
    }
}

//! What a game keeps of each position on the path behind its cursor: the stones packed two bits
//! a point (`board::Packed`), the Zobrist hash and the small fields of a `Position`: 48 bytes
//! and the packed stones on the heap (92 bytes on 19x19, about 160 in all with the allocator's
//! share). `Trace::position` rebuilds the full position exactly (stones, chains, hash, turn,
//! ko, prisoners, counters).

use crate::board::{Board, Color, Packed, Point};

use super::Position;

/// A position on the path, compact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    stones: Packed,
    hash: u64,
    prisoners: [u32; 2],
    move_number: u32,
    passes_in_row: u32,
    ko: Option<(Point, Color)>,
    to_move: Color,
    resigned: Option<Color>,
}

impl Trace {
    /// The trace of `position`.
    pub fn of(position: &Position) -> Trace {
        Trace {
            stones: position.board.pack(),
            hash: position.board.hash(),
            prisoners: position.prisoners,
            move_number: u32::try_from(position.move_number).unwrap_or(u32::MAX),
            passes_in_row: position.passes_in_row,
            ko: position.ko,
            to_move: position.to_move,
            resigned: position.resigned,
        }
    }

    /// The full position again, its board rebuilt from the packed stones.
    pub fn position(&self) -> Position {
        Position {
            board: Board::from_packed(&self.stones),
            to_move: self.to_move,
            ko: self.ko,
            prisoners: self.prisoners,
            move_number: self.move_number as usize,
            passes_in_row: self.passes_in_row,
            resigned: self.resigned,
        }
    }

    /// The Zobrist hash the board had.
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The stones.
    pub fn stones(&self) -> &Packed {
        &self.stones
    }
    /// Whether the two positions have exactly the same stones.
    pub fn same_stones(&self, other: &Trace) -> bool {
        self.hash == other.hash && self.stones == other.stones
    }
    /// Whether `board` holds exactly these stones.
    pub fn holds(&self, board: &Board) -> bool {
        self.hash == board.hash() && self.stones == board.pack()
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }
    /// Stones captured by Black and by White.
    pub fn prisoners(&self) -> [u32; 2] {
        self.prisoners
    }
    /// Moves and passes so far.
    pub fn move_number(&self) -> usize {
        self.move_number as usize
    }
    pub fn passes_in_row(&self) -> u32 {
        self.passes_in_row
    }
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }
    /// Bytes this trace holds: itself and its packed stones on the heap.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Trace>() + self.stones.heap_bytes()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::board::Color;
    use crate::game::{Game, GameError, Illegal};
    use crate::rules::Preset;

    /// The shared real games of `sizes` ("9x9", "19x19"), sorted.
    fn sgf_files(sizes: &[&str]) -> Vec<PathBuf> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sgf/ogs-lemonsqueeze");
        let mut files: Vec<PathBuf> = sizes
            .iter()
            .flat_map(|size| std::fs::read_dir(root.join(size)).unwrap())
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|x| x == "sgf"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "the shared games are missing");
        files
    }

    /// Every `step`th real game of the shared set (9x9 and 19x19), read from SGF.
    fn real_games(step: usize) -> Vec<(PathBuf, Game)> {
        let files = sgf_files(&["9x9", "19x19"]);
        assert!(files.len() > 700, "the shared games are missing");
        files
            .into_iter()
            .step_by(step)
            .map(|path| {
                let game = crate::sgf::read_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                (path, game)
            })
            .collect()
    }

    /// The full positions along the game's path, replayed from the root the way the game
    /// kept them before traces: one `Position::after` per node.
    fn replayed(game: &Game) -> Vec<Position> {
        let mut positions: Vec<Position> = Vec::new();
        for id in game.path_ids() {
            let before = match positions.last() {
                Some(p) => p.clone(),
                None => Position::start(Board::new(game.size()).unwrap()),
            };
            positions.push(before.after(game.node(id), &game.rules));
        }
        positions
    }

    #[test]
    fn every_position_of_real_games_comes_back_exactly_from_its_trace_hash_included() {
        let games = real_games(1);
        let mut positions = 0;
        for (path, game) in &games {
            let name = path.display();
            let expected = replayed(game);
            let traces = game.path_traces();
            assert_eq!(traces.len(), expected.len(), "{name}");
            assert!(expected.len() > 10, "{name}: a real game");
            for (k, (trace, want)) in traces.iter().zip(&expected).enumerate() {
                assert_eq!(*trace, Trace::of(want), "{name}: node {k}");
                let rebuilt = trace.position();
                assert_eq!(rebuilt, *want, "{name}: node {k}");
                assert_eq!(rebuilt.board.hash(), want.board.hash(), "{name}: hash at node {k}");
                assert_eq!(trace.hash(), want.board.hash(), "{name}: hash at node {k}");
                assert!(trace.holds(&want.board));
                // Chains and liberties are rebuilt right: the next node plays on identically.
                if let (Some(&id), Some(next)) = (game.path_ids().get(k + 1), expected.get(k + 1)) {
                    assert_eq!(
                        rebuilt.after(game.node(id), &game.rules),
                        *next,
                        "{name}: node {}",
                        k + 1
                    );
                }
                positions += 1;
            }
            assert_eq!(
                game.position(),
                expected.last().unwrap(),
                "{name}: the cursor's position"
            );
        }
        assert!(positions > 10_000, "{positions} positions checked");
    }

    #[test]
    fn going_back_many_nodes_and_forward_again_gives_the_same_positions() {
        for (path, mut game) in real_games(97) {
            let name = path.display();
            let expected = replayed(&game);
            let end = game.cursor();
            // Back to the start one node at a time.
            for k in (0..expected.len() - 1).rev() {
                assert!(game.undo());
                assert_eq!(*game.position(), expected[k], "{name}: back to node {k}");
                assert_eq!(
                    game.board().hash(),
                    expected[k].board.hash(),
                    "{name}: hash at node {k}"
                );
                assert_eq!(game.path_traces().len(), k + 1);
            }
            assert!(!game.undo());
            // Forward again to the end.
            for (k, want) in expected.iter().enumerate().skip(1) {
                assert!(game.redo());
                assert_eq!(game.position(), want, "{name}: forward to node {k}");
            }
            assert!(!game.redo());
            assert_eq!(game.cursor(), end);
            // Jumps: far back, then forward again by redo.
            let middle = expected.len() / 2;
            let ids = game.path_ids();
            game.goto(ids[middle]);
            assert_eq!(*game.position(), expected[middle], "{name}: goto the middle");
            for _ in 0..middle / 2 {
                game.undo();
            }
            assert_eq!(
                *game.position(),
                expected[middle - middle / 2],
                "{name}: back from the middle"
            );
            while game.redo() {}
            assert_eq!(game.position(), expected.last().unwrap(), "{name}: redo to the end");
            game.goto_main_line_end();
            assert_eq!(game.position(), expected.last().unwrap(), "{name}: main line end");
            assert_eq!(
                game.path_traces(),
                &expected.iter().map(Trace::of).collect::<Vec<_>>()[..]
            );
        }
    }

    #[test]
    fn superko_names_the_earlier_move_from_the_traces_also_after_going_back_and_forth() {
        let board = Board::from_diagram(
            "
            . X O . . . . . .
            X O . O . . . . .
            . X O . . . . . .
            . X O . . . . . .
            X . X O . . . . .
            . X O . . . . . .
            . X O . . . . . .
            X O . O . . . . .
            . X O . . . . . .",
        )
        .unwrap();
        let mut game = Game::new(9, Preset::Chinese2002).unwrap();
        for p in board.points() {
            if let Some(c) = board.get(p) {
                game.edit(p, Some(c)).unwrap();
            }
        }
        game.set_to_move(Color::Black);
        let at = |gtp: &str| Point::from_gtp(gtp, 9).unwrap();
        // Two moves far from the kos, then the triple ko up to its last capture.
        for m in ["H5", "J5", "C8", "B5", "C2", "B8", "C5"] {
            game.play(at(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        let closing = Err(GameError::Illegal(Illegal::Superko { repeats_move: 2 }));
        assert_eq!(
            game.play(at("B2")),
            closing,
            "the position after move 2 would stand again"
        );
        for _ in 0..5 {
            game.undo();
        }
        assert_eq!(game.position().move_number, 2);
        for _ in 0..5 {
            game.redo();
        }
        assert_eq!(game.play(at("B2")), closing, "after going back and forth");
        let ids = game.path_ids();
        game.goto(ids[3]);
        game.goto(*ids.last().unwrap());
        assert_eq!(game.play(at("B2")), closing, "after goto");
    }

    #[test]
    fn a_trace_of_a_19x19_position_takes_48_bytes_and_92_on_the_heap() {
        let game = crate::sgf::read_file(&sgf_files(&["19x19"])[0]).unwrap();
        assert_eq!(game.size(), 19);
        assert!(game.path_traces().len() > 100);
        assert_eq!(std::mem::size_of::<Trace>(), 48);
        let bytes: usize = game.path_traces().iter().map(Trace::bytes).sum();
        assert_eq!(bytes / game.path_traces().len(), 48 + 92);
    }
}

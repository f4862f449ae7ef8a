//! The counting screen's state, without drawing: the position counted, the arbiter's marks, the
//! dead-stone suggestion (computed on a thread of its own, so the window never waits for it), the
//! counted side, the hand count, another ending, the confirmation and the chief arbiter's
//! overrides; KataGo asked when the settings have it (`engine`); the board gestures (a chain, then its group; seki; dame); and a dispute over life
//! and death (Art. 21.4), played out and written into the record.

mod engine;
pub mod engine_settings;
#[cfg(test)]
mod tests_engine;
#[cfg(test)]
mod tests_unsettled;
pub mod view;

pub use engine::EngineAsk;

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::board::{Board, Color, Point};
use crate::game::Game;
use crate::rules::Rules;
use crate::scoring::dead::guess;
use crate::scoring::sealing::{Sealing, needs_sealing};
use crate::scoring::{Count, GameResult, Marks, ScoringError, Status, Terms, count, regions};

/// How many points a comment lists before "...".
const LISTED: usize = 12;

/// The seed of the dead-stone suggestion (the `score` command's default, so both agree).
pub const SEED: u64 = 1;

/// Why a counting gesture is refused once the result is confirmed (the English of
/// [`Refusal::Locked`]).
pub const LOCKED: &str =
    "the result is confirmed and locked: a change needs the chief arbiter's override with a reason";

/// Why a gesture on the counting screen (or a command that needs counting) was refused. Its
/// words, in English and Chinese, are `Refusal::text` in `i18n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The result is confirmed: only the chief arbiter's override unlocks it.
    Locked,
    /// The dead-stone suggestion is still being computed.
    SuggestionNotReady,
    /// A dame mark on a point holding a stone ("E4").
    DameOnStone(String),
    /// A dead or seki click on an empty point ("H4").
    EmptyPoint(String),
    /// A counting command while not counting.
    NotCounting,
    AlreadyCounting,
    /// "Return to counting" with no dispute being played out.
    NoDispute,
    /// Confirming without the initials of Black, White and the arbiter.
    NeedsInitials,
    NothingToConfirm,
    /// An override of a result that is not confirmed.
    NotConfirmed,
    /// An override without the chief arbiter's name or a reason.
    OverrideNeedsChiefAndReason,
    /// A move in the record while counting.
    ResumePlayFirst,
}

/// The dead-stone suggestion: being computed, or ready.
#[derive(Debug)]
pub enum Suggestion {
    /// Not asked for yet: the thread starts when the table is first drawn (a session of many
    /// finished tables does not start a guesser per table when it opens).
    NotAsked,
    Pending(Receiver<Suggested>),
    Ready(Suggested),
    /// The thread ended without an answer (it panicked).
    Failed,
}

/// A finished suggestion: the stones suggested dead, and those of the chains the guesser is
/// unsure about (shown "check this").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suggested {
    pub dead: Vec<Point>,
    pub unsettled: Vec<Point>,
}

/// The engine's guess for `board`, as the counting screen keeps it.
fn suggest(board: &Board, to_move: Color) -> Suggested {
    let guess = guess(board, to_move, SEED);
    Suggested {
        dead: guess.dead(),
        unsettled: guess.unsettled(),
    }
}

/// What a click on a stone does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// First click on a chain: dead / alive; a second click on the same chain: its whole group.
    Dead,
    /// A click on a chain: in seki / alive.
    Seki,
    /// A click on an empty point: dame (neutral, shared by the count) / not.
    Dame,
}

/// Black, White and the arbiter confirmed this result (names or initials).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmation {
    pub black: String,
    pub white: String,
    pub arbiter: String,
    pub result: GameResult,
}

/// The chief arbiter unlocked a confirmed result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Override {
    pub chief: String,
    pub reason: String,
    /// The result that was confirmed.
    pub was: GameResult,
}

/// Text being typed on the counting screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountDrafts {
    /// The counted side's stones as counted on the board ("36 1/2").
    pub counted: String,
    pub black: String,
    pub white: String,
    pub arbiter: String,
    pub chief: String,
    pub reason: String,
    /// The chief arbiter's passphrase, checked by the workstation's gate and then cleared.
    pub passphrase: String,
}

/// What is counted: the position at the cursor when counting began and what the count needs of
/// the game (its rules and handicap). Not the record: the table keeps that once.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    pub board: Board,
    pub to_move: Color,
    /// Stones captured by Black and by White (territory counting adds them).
    pub prisoners: [u32; 2],
    pub rules: Rules,
    pub handicap: u32,
}

impl Counted {
    pub fn of(game: &Game) -> Counted {
        let position = game.position();
        Counted {
            board: position.board.clone(),
            to_move: position.to_move,
            prisoners: position.prisoners,
            rules: game.rules.clone(),
            handicap: game.info.handicap,
        }
    }
}

/// A game being counted.
#[derive(Debug)]
pub struct Counting {
    /// The position counted, as it was when counting began.
    pub counted: Counted,
    pub marks: Marks,
    pub suggestion: Suggestion,
    /// Whether the suggestion was accepted.
    pub accepted: bool,
    pub tool: Tool,
    /// The side counted on the slip.
    pub side: Color,
    /// Another ending than the count (resignation, time, ...); `None`: the count decides.
    pub ending: Option<GameResult>,
    /// The winner the ending buttons give a win to.
    pub winner: Color,
    pub drafts: CountDrafts,
    pub confirmed: Option<Confirmation>,
    pub overrides: Vec<Override>,
    /// Art. 12.4(4): the side that gave up the competition on the board; every contested point
    /// goes to the opponent (`scoring::count_given_up`).
    pub given_up: Option<Color>,
    /// The chain clicked last and how many times in a row.
    last_click: Option<(Vec<Point>, u32)>,
    /// The record up to the counted position, as KataGo is asked about it (`engine`).
    pub record: crate::katago::Position,
    /// KataGo asked, answered, offered or failed.
    pub engine: EngineAsk,
}

/// The dead-stone guess for `board` on its own thread (on this one if no thread can start).
fn start_suggestion(board: &Board, to_move: Color, repaint: Option<egui::Context>) -> Suggestion {
    let (tx, rx) = mpsc::channel();
    let owned = board.clone();
    let spawned = std::thread::Builder::new()
        .name("dead-stones".to_string())
        .spawn(move || {
            let _ = tx.send(suggest(&owned, to_move));
            if let Some(ctx) = repaint {
                ctx.request_repaint();
            }
        });
    match spawned {
        Ok(_) => Suggestion::Pending(rx),
        Err(_) => Suggestion::Ready(suggest(board, to_move)),
    }
}

impl Counting {
    /// Starts counting the position at the cursor of `game`; the suggestion is computed on a
    /// thread started by the first `poll` (the first frame that draws the table).
    pub fn enter(game: &Game) -> Counting {
        let suggestion = Suggestion::NotAsked;
        Counting {
            counted: Counted::of(game),
            marks: Marks::new(game.board()),
            suggestion,
            accepted: false,
            tool: Tool::Dead,
            side: Color::Black,
            ending: None,
            winner: Color::Black,
            drafts: CountDrafts::default(),
            confirmed: None,
            overrides: Vec::new(),
            given_up: None,
            last_click: None,
            record: crate::katago::Position::of_game(game),
            engine: EngineAsk::NotAsked,
        }
    }

    pub fn board(&self) -> &Board {
        &self.counted.board
    }

    /// Starts the suggestion's thread if it was not asked for yet (it asks `repaint` for a frame
    /// when it is done), and takes the suggestion if the thread has finished.
    pub fn poll(&mut self, repaint: Option<&egui::Context>) {
        if let Suggestion::NotAsked = self.suggestion {
            self.suggestion = start_suggestion(&self.counted.board, self.counted.to_move, repaint.cloned());
        }
        if let Suggestion::Pending(rx) = &self.suggestion {
            self.suggestion = match rx.try_recv() {
                Ok(dead) => Suggestion::Ready(dead),
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => Suggestion::Failed,
            };
        }
    }

    /// The suggested dead stones, once computed.
    pub fn suggested(&self) -> Option<&[Point]> {
        match &self.suggestion {
            Suggestion::Ready(s) => Some(&s.dead),
            _ => None,
        }
    }

    /// The stones of the chains the suggestion is unsure about ("check this"; none until it is
    /// computed).
    pub fn unsettled(&self) -> &[Point] {
        match &self.suggestion {
            Suggestion::Ready(s) => &s.unsettled,
            _ => &[],
        }
    }

    /// The unfinished borders under the current marks ("needs sealing").
    pub fn sealing(&self) -> Sealing {
        needs_sealing(&self.counted.board, &self.marks)
    }

    pub fn locked(&self) -> bool {
        self.confirmed.is_some()
    }

    /// Marks the suggested stones dead (the other marks stay).
    pub fn accept(&mut self) -> Result<(), Refusal> {
        let Some(dead) = self.suggested().map(<[Point]>::to_vec) else {
            return Err(Refusal::SuggestionNotReady);
        };
        let board = self.counted.board.clone();
        self.marks.set_dead(&board, &dead);
        self.accepted = true;
        self.last_click = None;
        Ok(())
    }

    /// A click on `p`. With the dead tool: the first click on a chain toggles the chain, the
    /// second on the same chain gives its whole group the chain's new status, a third toggles
    /// the group back. With the seki tool: the chain goes in or out of seki. With the dame tool:
    /// an empty point is marked dame or unmarked.
    pub fn click(&mut self, p: Point) -> Result<(), Refusal> {
        let board = self.counted.board.clone();
        if self.tool == Tool::Dame {
            self.last_click = None;
            return match self.marks.toggle_dame(&board, p) {
                true => Ok(()),
                false => Err(Refusal::DameOnStone(p.to_gtp(board.size()))),
            };
        }
        if board.get(p).is_none() {
            self.last_click = None;
            return Err(Refusal::EmptyPoint(p.to_gtp(board.size())));
        }
        match self.tool {
            Tool::Dame => {}
            Tool::Seki => {
                let status = if self.marks.is_seki(p) {
                    Status::Alive
                } else {
                    Status::Seki
                };
                self.marks.set_chain(&board, p, status);
                self.last_click = None;
            }
            Tool::Dead => {
                let times = match &self.last_click {
                    Some((chain, n)) if chain.contains(&p) => n + 1,
                    _ => 1,
                };
                match times {
                    1 => self.marks.toggle_chain(&board, p),
                    2 => {
                        let status = self.marks.status(p);
                        for q in self.marks.group(&board, p) {
                            self.marks.set_chain(&board, q, status);
                        }
                    }
                    _ => self.marks.toggle_group(&board, p),
                }
                self.last_click = Some((board.chain(p), times));
            }
        }
        Ok(())
    }

    pub fn count(&self, penalties: [u32; 2]) -> Result<Count, ScoringError> {
        let c = &self.counted;
        let terms = Terms::new(&c.rules, c.handicap, penalties)?;
        match self.given_up {
            Some(giver) => crate::scoring::count_given_up(&c.board, &self.marks, c.prisoners, &terms, giver),
            None => count(&c.board, &self.marks, c.prisoners, &terms),
        }
    }

    /// The result on the screen: the confirmed one, else the ending chosen, else the count's.
    pub fn result(&self, penalties: [u32; 2]) -> Option<GameResult> {
        if let Some(c) = &self.confirmed {
            return Some(c.result);
        }
        self.ending.or_else(|| self.count(penalties).ok().map(|c| c.result()))
    }
}

/// Who owns each empty point and each dead stone's point: a colour when only that colour's live
/// stones border its region, `None` (shared) otherwise, as the count reads it under area counting.
/// A region no live stone borders (an empty board, or one whose stones are all dead) is nobody's
/// and not a dame either: it gets no mark, so an empty board is not ringed all over.
pub fn areas(board: &Board, marks: &Marks) -> Vec<(Point, Option<Color>)> {
    regions(board, marks)
        .into_iter()
        .filter(|r| r.borders != [false, false] || r.dame)
        .flat_map(|r| r.points.iter().map(|&p| (p, r.owner())).collect::<Vec<_>>())
        .collect()
}

/// A dispute over life and death (Art. 21.4: "if they disagree, it is settled by play"): play
/// resumed from the counting position with the side claiming "dead" to move; counting resumes
/// with the stones as they then stand. The record keeps both in comments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dispute {
    pub claimant: Color,
    /// The opponent's stones marked dead when the dispute began: what the claimant holds dead.
    pub claimed: Vec<Point>,
    /// The node where play resumed.
    pub resumed_at: usize,
    /// The move number there.
    pub move_number: usize,
    /// The counting position and its marks: carried back to the stones still standing.
    board: Board,
    marks: Marks,
    side: Color,
}

/// "D4 E4 F4", at most [`LISTED`] points, then "...".
fn list(points: &[Point], size: u8) -> String {
    let mut words: Vec<String> = points.iter().take(LISTED).map(|p| p.to_gtp(size)).collect();
    if points.len() > LISTED {
        words.push("...".to_string());
    }
    words.join(" ")
}

impl Dispute {
    /// The stones claimed dead, as [`list`] writes them: "D4 E4" (empty when none).
    pub fn claimed_list(&self) -> String {
        list(&self.claimed, self.board.size())
    }

    /// What the dispute is about, in the record's words (English, as the record's comments are
    /// written): "Black claims White's stones D4 E4 (2) dead". The window shows
    /// `i18n::dispute_claim`.
    pub fn claim(&self) -> String {
        let opponent = self.claimant.opponent().name();
        match self.claimed.len() {
            0 => format!("{} claims {opponent} stones dead (none marked)", self.claimant.name()),
            n => format!(
                "{} claims {opponent}'s stones {} ({n}) dead",
                self.claimant.name(),
                list(&self.claimed, self.board.size())
            ),
        }
    }
}

impl Counting {
    /// Starts a dispute raised by `claimant` on `game` (the table's record, its cursor on the
    /// counting position): the claimant is set to move if it is not their turn (a PL setup node),
    /// and the node where play resumes says so. Refused once the result is confirmed.
    pub fn dispute(&self, game: &mut Game, claimant: Color) -> Result<Dispute, Refusal> {
        if self.locked() {
            return Err(Refusal::Locked);
        }
        let board = self.board().clone();
        let claimed: Vec<Point> = self
            .marks
            .dead_points()
            .into_iter()
            .filter(|&p| board.get(p) == Some(claimant.opponent()))
            .collect();
        if game.to_move() != claimant {
            game.set_to_move(claimant);
        }
        let dispute = Dispute {
            claimant,
            claimed,
            resumed_at: game.cursor(),
            move_number: game.position().move_number,
            board,
            marks: self.marks.clone(),
            side: self.side,
        };
        game.add_comment(&format!(
            "Dispute (Art. 21.4): {}; {} disagrees. Play resumed from the counting position, {} to move.",
            dispute.claim(),
            claimant.opponent().name(),
            claimant.name()
        ));
        Ok(dispute)
    }
}

/// Ends `dispute` (the arbiter's button, or two passes in a row: a pass as the first move after
/// the two passes that ended the game makes three, so the claimant declining to play ends it at
/// once): the node at the cursor of `game` says what became of the stones claimed, and counting
/// starts again on the position as it stands, the marks of the stones still standing (but those
/// disputed) and of the points still empty carried over.
pub fn end_dispute(dispute: Dispute, game: &mut Game) -> Counting {
    let board = game.board().clone();
    let size = board.size();
    let colour = dispute.claimant.opponent();
    let (standing, captured): (Vec<Point>, Vec<Point>) =
        dispute.claimed.iter().partition(|&&p| board.get(p) == Some(colour));
    let moves = game.position().move_number.saturating_sub(dispute.move_number);
    let played = match moves {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    let mut outcome = format!("Dispute outcome: {played} played after \"{}\".", dispute.claim());
    if !captured.is_empty() {
        outcome.push_str(&format!(" Captured: {} ({}).", list(&captured, size), captured.len()));
    }
    if !standing.is_empty() {
        outcome.push_str(&format!(
            " Still on the board: {} ({}), alive unless marked dead.",
            list(&standing, size),
            standing.len()
        ));
    }
    outcome.push_str(" Counting resumed.");
    game.add_comment(&outcome);

    let mut counting = Counting::enter(game);
    counting.side = dispute.side;
    for p in board.points() {
        let before = dispute.board.get(p);
        match board.get(p) {
            Some(c) if before == Some(c) && !dispute.claimed.contains(&p) => {
                let status = dispute.marks.status(p);
                if status != Status::Alive {
                    counting.marks.set_chain(&board, p, status);
                }
            }
            None if dispute.marks.is_dame(p) => {
                counting.marks.toggle_dame(&board, p);
            }
            _ => {}
        }
    }
    counting
}

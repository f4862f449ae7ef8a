//! The table's vocabulary: the `Command`s its panels and keys return (applied in one place,
//! `Table::apply`), what a board click does (`Mode`) and which form to open (`Open`). A leaf:
//! it names engine types only, never the table or its views.

use crate::board::{Color, Point};
use crate::clock::TimeoutRuling;
use crate::game::Ruling;
use crate::ledger::{CycleRuling, OffenceId};
use crate::scoring::GameResult;
use crate::ui::counting::Tool;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Play,
    /// Setup edits: a click on an empty point adds a stone of this colour, on a stone removes it.
    Edit(Color),
}

/// What the panels and keys ask for; applied in one place (`Table::apply`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Time passed: record a timeout if one fell, and the calls that fell due.
    Tick,
    /// A click on a point (a move, or an edit in edit mode).
    Point(Point),
    Pass,
    Undo,
    Redo,
    /// Go to a node of the record (the move list).
    Goto(usize),
    SetMode(Mode),
    StartClock,
    /// `Color`'s side of the clock was pressed.
    Press(Color),
    Pause,
    Resume,
    /// Pause when running, resume when paused (the pause key).
    TogglePause,
    /// A new time control in its written form (only before the clock starts).
    SetControl(String),
    /// The older text's "读秒时，提子不计时间" (old Art. 18.4): hold the byo-yomi count of the side to
    /// move while it removes captured stones, or end the hold.
    HoldCaptures,
    /// "How many minutes are left?" asked for a side.
    MinutesLeft(Color),
    /// A quick ledger entry: offender, offence.
    Incident(Color, OffenceId),
    /// The arbiter's ruling on a timeout in the last byo-yomi minute (Art. 22.5): a loss on time
    /// (the result, on the counting screen's ending), or on the player's request a forfeited move
    /// (a pass in the record) with the same byo-yomi continuing, under the 2002 text only.
    RuleTimeout(TimeoutRuling),
    /// The loss the ledger calls for (`Ledger::pending_loss`: a second warning, Art. 24.2; a
    /// sanction that loses, Art. 23.7) is recorded: the game ends with it.
    ConfirmLoss,
    /// The loss the ledger calls for is not given, for the reason typed in its form.
    DeclineLoss,
    /// `Color` resigns: the game ends, and the result goes through the counting screen's ending
    /// (confirmation, overrides).
    Resign(Color),
    /// The last click refused as illegal is recorded as it was played on the board, with the
    /// arbiter's ruling; the matching ledger form opens.
    RecordAsPlayed(Ruling),
    /// A new game with this many handicap stones (0: none), before any move.
    Handicap(u32),
    /// Open a form (filled in from the game and the clock now).
    OpenDialog(Open),
    CloseDialog,
    /// Check the open form and apply it.
    SubmitDialog,
    /// Count the position at the cursor (also entered by the second pass in a row).
    EnterCounting,
    /// Back to play from counting (not once the result is confirmed).
    LeaveCounting,
    /// Mark the suggested dead stones dead.
    AcceptSuggestion,
    /// Show KataGo's suggestion, offered after the marks were changed, instead of the built-in one.
    TakeEngineSuggestion,
    /// What a click on a stone does while counting.
    SetTool(Tool),
    /// The side counted on the slip.
    CountSide(Color),
    /// The winner the ending buttons give a win to.
    Winner(Color),
    /// Another ending than the count; `None`: the count decides.
    Ending(Option<GameResult>),
    /// Black, White and the arbiter confirm the result (their initials typed on the screen).
    Confirm,
    /// The chief arbiter unlocks a confirmed result (name and reason typed on the screen).
    Override,
    /// The players disagree on life and death (Art. 21.4): play resumes from the counting
    /// position, `claimant` (who claims "dead") to move; the record says so.
    Dispute {
        claimant: Color,
    },
    /// Back to counting after a dispute, the stones as they now stand; the record keeps the outcome.
    EndDispute,
    /// The arbiter's ruling on the cycle named at the table (Art. 20.3): it goes into the record
    /// and becomes the result, through the counting screen's ending and confirmation.
    RuleCycle(CycleRuling),
    /// Art. 22.7: `Color`, in byo-yomi, is permitted to leave the seat in the opponent's time.
    LeaveSeat(Color),
    /// The player permitted to leave is back at the seat.
    BackToSeat(Color),
    /// Art. 22.9: no written record of the first part's used times at the resumption: they are
    /// split equally.
    SplitUsedTime,
    /// Art. 12.4(4): in a sudden-death game `Color` gives up the competition on the board: the
    /// clock stops and counting opens with every contested point given to the opponent.
    GiveUp(Color),
}

/// Which form to open (the table fills it in from the game and the clock at that instant).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Open {
    /// Set a side's time (main time, byo-yomi state): a one-sided change, approved by the chief
    /// arbiter (Art. 22.8).
    Correction(Color),
    /// Both times corrected in proportion to the true elapsed playing time (Art. 22.8).
    Proportional,
    /// Re-read the side to move's current minute from a miscalled point (Art. 16.2).
    Reread,
    /// The ruling on the loss the ledger calls for (Art. 24.2, 23.7).
    Loss,
    /// A player was late at the start.
    Lateness(Color),
    /// Adjourn the game: the side to move seals its move.
    Adjourn,
    /// An incident for the ledger, prefilled with the move number and the offender's clock.
    Incident(Color, OffenceId),
}

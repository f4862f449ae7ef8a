//! Art. 12.4(4), a sudden-death game where one side gives up the competition on the board: the
//! count with every contested point given to the opponent.
//!
//! The 2002 text (seeds 000/001), Art. 12.4(4): "当一方放弃盘上竞争而导致放弃着手权时，允许终止计时，
//! 双方可争之点全部归属于对方。双方地界的勘定由裁判长负责。" What is contested ("可争之点") is read from
//! Art. 21.2: "双方已经确认终局，如果盘上尚留有可争之点，其归属按双活方式处理": the points still open
//! between the two sides, which an agreed end would share as in seki. So here the contested points
//! are exactly the points the ordinary count shares (`Count::dame`: regions bordered by both
//! colours or by none, points next to seki stones in a shared region, points marked dame); the
//! giver keeps only what is surely theirs: their live stones and the regions they alone surround.
//! The boundaries are the chief arbiter's (the marks, as the counting screen sets them).

use crate::board::{Board, Color};
use crate::rules::Counting;

use super::{Count, Marks, Quarters, ScoringError, Terms, count};

/// Counts `board` as `count` does, but with every shared point the opponent's of `giver`: under
/// area counting the opponent gets each shared point whole (the giver none); under territory
/// counting the shared points are the opponent's territory.
pub fn count_given_up(
    board: &Board,
    marks: &Marks,
    prisoners: [u32; 2],
    terms: &Terms,
    giver: Color,
) -> Result<Count, ScoringError> {
    let mut c = count(board, marks, prisoners, terms)?;
    let contested = c.dame;
    let (give, take) = match giver {
        Color::Black => (&mut c.black, &mut c.white),
        Color::White => (&mut c.white, &mut c.black),
    };
    match terms.counting {
        Counting::Area => {
            give.score = give.score - give.dame_share;
            give.dame_share = Quarters::ZERO;
            take.score = take.score - take.dame_share + Quarters::from_points(contested as i32);
            take.dame_share = Quarters::from_points(contested as i32);
        }
        Counting::Territory => {
            take.territory += contested;
            take.score += Quarters::from_points(contested as i32);
        }
    }
    for side in [&mut *give, &mut *take] {
        side.total = side.score + side.komi + side.compensation - side.penalty;
    }
    c.dame = 0;
    c.margin = c.black.total - c.white.total;
    Ok(c)
}

/// The SGF property that keeps, on the node where it was said, who gave up the competition.
pub const PROPERTY: &str = "XG";

/// Writes into the record at the cursor that `giver` gave up the competition on the board: a
/// comment (in English, as the record's comments are) and the property [`PROPERTY`], read back by
/// [`given_up`] when the record is opened again.
pub fn record_given_up(game: &mut crate::game::Game, giver: Color) {
    let text = format!(
        "{} gave up the competition on the board (Art. 12.4(4)): the clock stopped, every contested point to {}.",
        giver.name(),
        giver.opponent().name()
    );
    game.add_comment(&text);
    game.set_cursor_property(PROPERTY, Some(&giver.letter().to_string()));
}

/// Who gave up the competition, as the node at the cursor records it.
pub fn given_up(game: &crate::game::Game) -> Option<Color> {
    match game.cursor_property(PROPERTY).map(str::trim) {
        Some("B") => Some(Color::Black),
        Some("W") => Some(Color::White),
        _ => None,
    }
}

/// The arbiter took back the giving up: the property comes off the node at the cursor and its
/// comment says so.
pub fn clear_given_up(game: &mut crate::game::Game) {
    if given_up(game).is_none() {
        return;
    }
    game.add_comment("Giving up withdrawn: counted as usual.");
    game.set_cursor_property(PROPERTY, None);
}

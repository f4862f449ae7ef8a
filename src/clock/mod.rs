//! The game clock: time controls as data and a two-sided clock advanced by the Duration it is given.
//!
//! - [`control`]: [`TimeControl`] (sudden death, Chinese and Japanese byo-yomi, moves per period,
//!   Fischer), its written form (`chinese:60m/5`) and the named [`PRESETS`].
//! - [`budget`]: the pure accounting of one turn ([`TimeLeft`], flag offsets, presses).
//! - [`events`]: the event list kept for the audit trail; every arbiter change carries a reason.
//! - [`event_words`]: the words an event leaves in the audit trail.
//! - [`shown`]: [`Shown`], the one reading every form shows (main time, reserved minutes or
//!   periods as such).
//! - [`game_clock`]: the [`Clock`]. Each operation takes its instant on the game's timeline (a
//!   `Duration` from the scheduled start, measured by the edge); the clock never reads the system
//!   time, and readings come from the recorded turn boundaries, never from summed ticks.
//!
//! Conventions where the rules leave room:
//! - A press exactly at the flag instant is a timeout ("10" said as the stone goes down counts as
//!   the minute used, Art. 12.3 of the 2002 rules); a Chinese move at 59.9 s uses no reserved
//!   minute, one at 60.0 s uses one. A Japanese period is lost the same way at its full length.
//! - Moves per period: the move during which main time runs out is the first of the period.
//! - Fischer: the increment is added after each press, not at the start.
//! - Arbiter changes (edit, correction) need the clock stopped; for the side to move they start
//!   the count of the current minute or period afresh.

pub mod budget;
pub mod control;
pub mod event_words;
pub mod events;
pub mod game_clock;
pub mod shown;

pub use budget::TimeLeft;
pub use control::{
    CHINESE_PERIODS, ControlError, ControlFault, DurationFault, Form, PRESETS, Part, Preset, TimeControl,
    WrittenDuration, parse_duration,
};
pub use events::{ClockEvent, Correction, EventKind, LatenessOutcome, LatenessRule, SealedMove, TimeoutRuling};
pub use game_clock::{APPROVED_BY, Clock, ClockError, Phase, PressOutcome, Reading, TurnReading};
pub use shown::{Extra, Shown};

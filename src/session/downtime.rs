//! A running clock made durable between its events, and the time the app was down: checkpoints
//! (`Change::Checkpoint`: an instant of the table's timeline, the wall time then, the used times
//! the clock reads then; the last one kept in the table) and, for a session read back with a
//! clock running, the downtime from the last durable instant to the reopening, with the clock's
//! two readings (charged, not charged).
//!
//! A table's timeline runs with the wall clock within a run of the app, and the workstation keeps
//! it running on across a reopening (its timeline resumes at the last durable instant plus the
//! downtime), so one checkpoint gives the wall time of any later instant of the table: a clock
//! event after the last checkpoint is at `checkpoint.wall + (event.at - checkpoint.at)`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::audit::AuditEntry;
use super::model::{TableGame, TableId};
use super::ops::SessionError;
use super::said::Said;
use crate::board::Color;
use crate::clock::Reading;

/// How much running time passes between two checkpoints of a running clock: 8 s, so that with a
/// frame (at most a second apart while a clock runs) and a write (an fsync) in between, the time
/// a crash can lose stays under 10 s.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(8);

/// The start of a checkpoint's audit entry (`what`): the trail the user reads folds them.
pub const CHECKPOINT_WHAT: &str = "clock checkpoint";

/// A running clock's state at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The instant on the table's timeline (as its clock events').
    pub at: Duration,
    /// The wall time then, since the Unix epoch (from the edge, as every time).
    pub wall: Duration,
    /// The thinking time each side had used by `at` (Black, White): the clock's reading then.
    pub used: [Duration; 2],
}

/// Whether `entry` is a checkpoint's (folded in the trail the window shows).
pub fn is_checkpoint(entry: &AuditEntry) -> bool {
    entry.what.starts_with(CHECKPOINT_WHAT)
}

impl TableGame {
    /// The last durable instant of the table's clock on its timeline: its last event or its last
    /// checkpoint, whichever is later.
    pub fn last_durable(&self) -> Duration {
        let event = self.clock_events.last().map_or(Duration::ZERO, |e| e.at);
        self.checkpoint.map_or(event, |c| c.at.max(event))
    }

    /// The wall time of the instant `at` of the table's timeline, from its last checkpoint.
    pub fn wall_of(&self, at: Duration) -> Option<Duration> {
        let c = self.checkpoint?;
        Some(if at >= c.at {
            c.wall + (at - c.at)
        } else {
            c.wall.saturating_sub(c.at - at)
        })
    }
}

/// [`Change::Checkpoint`](super::Change::Checkpoint) on `game` (a copy): refused after a result,
/// before the clock's last durable instant, or when the used times are not the clock's reading.
pub(super) fn record(game: &mut TableGame, id: TableId, checkpoint: &Checkpoint) -> Result<Said, SessionError> {
    if game.result.is_some() {
        return Err(SessionError::CheckpointAfterResult(id));
    }
    let last = game.last_durable();
    if checkpoint.at < last {
        return Err(SessionError::CheckpointBefore {
            table: id,
            at: checkpoint.at,
            last,
        });
    }
    let used = game.clock()?.reading(checkpoint.at).used;
    if used != checkpoint.used {
        return Err(SessionError::CheckpointMismatch {
            table: id,
            at: checkpoint.at,
            said: checkpoint.used,
            clock: used,
        });
    }
    game.checkpoint = Some(*checkpoint);
    Ok(Said::Checkpoint {
        at: checkpoint.at,
        used,
    })
}

/// Where the wall time of the last durable instant comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallSource {
    /// The table's last checkpoint: exact.
    Checkpoint,
    /// A file from before checkpoints: the stamp of the table's last audit entry, whole seconds,
    /// read as the end of its second (so the downtime is never more than passed, and at most a
    /// second less).
    Stamp,
    /// Nothing tells it: no downtime is counted.
    Unknown,
}

/// A table read back with its clock running: the time the app was down and what the clock reads
/// at the reopening if it is charged to the side on move, and if it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Downtime {
    pub table: TableId,
    /// The last durable instant on the table's timeline.
    pub last: Duration,
    /// The wall time then (since the Unix epoch), and where it comes from.
    pub last_wall: Duration,
    pub source: WallSource,
    /// From the last durable instant to the reopening.
    pub down: Duration,
    /// The side on move, whose clock ran.
    pub player: Color,
    /// The clock at the reopening with the downtime charged (at `last + down`).
    pub charged: Reading,
    /// The clock at the reopening without it (as at `last`).
    pub uncharged: Reading,
}

/// The downtime of `game` (table `table`) reopened at the wall time `now`; `stamp_wall` is the wall
/// time of the table's last audit entry to the second (used only without a checkpoint). `None`
/// when its clock is not running, or when it has a result (recorded or confirmed: such a table
/// is never asked about again).
pub fn downtime(table: TableId, game: &TableGame, now: Duration, stamp_wall: Option<Duration>) -> Option<Downtime> {
    if game.result.is_some() {
        return None;
    }
    let clock = game.clock().ok()?;
    if clock.phase() != crate::clock::Phase::Running {
        return None;
    }
    let last = game.last_durable();
    let (last_wall, source) = match (game.wall_of(last), stamp_wall) {
        (Some(wall), _) => (wall, WallSource::Checkpoint),
        (None, Some(stamp)) => (stamp + Duration::from_secs(1), WallSource::Stamp),
        (None, None) => (now, WallSource::Unknown),
    };
    let down = now.saturating_sub(last_wall);
    let uncharged = clock.reading(last);
    let player = uncharged.turn?.player;
    Some(Downtime {
        table,
        last,
        last_wall,
        source,
        down,
        player,
        charged: clock.reading(last + down),
        uncharged,
    })
}

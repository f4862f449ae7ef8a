//! The two-sided game clock: every operation takes the instant it happens at (a `Duration` on the
//! game's timeline, given by the edge), records an event, and readings are computed from the
//! recorded turn boundaries and that instant, never by adding up ticks.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::budget::{TimeLeft, split};
use super::control::TimeControl;
use super::events::{ClockEvent, Correction, EventKind, LatenessOutcome, LatenessRule, SealedMove, TimeoutRuling};
use crate::board::Color;

/// What a one-sided correction's reason says before the approving chief arbiter's name
/// (`Clock::edit_approved`; the window reads the name back for the audit stamp).
pub const APPROVED_BY: &str = "; approved by chief arbiter ";

mod seat;

/// Where the clock stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    NotStarted,
    Running,
    Paused,
    Adjourned,
    /// The side to move ran out of time; the arbiter must rule (Art. 22.5).
    Flagged,
    /// A loss on time or by lateness was ruled, or the game's result was recorded (`finish`).
    Over,
}

/// The result of a press.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PressOutcome {
    Moved,
    /// The side had already run out of time at `at`; the clock stopped there.
    TimedOut {
        player: Color,
        at: Duration,
    },
}

/// What went wrong with a clock operation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockError {
    #[error("the clock is already at {last:?}; {at:?} is earlier")]
    TimeWentBack { at: Duration, last: Duration },
    #[error("the clock has already been started")]
    AlreadyStarted,
    #[error("it is {}'s turn, not {}'s", .expected.name(), .got.name())]
    WrongPlayer { expected: Color, got: Color },
    #[error("the clock is not running")]
    NotRunning,
    #[error("the clock is running: pause it first")]
    Running,
    #[error("{} has run out of time: the arbiter must rule first (Art. 22.5)", .player.name())]
    Flagged { player: Color },
    #[error("nobody has run out of time")]
    NoTimeout,
    #[error("the game is over on the clock")]
    Over,
    #[error("lateness is recorded only before the first move")]
    LatenessAfterStart,
    #[error("a forfeited move continues Chinese or Japanese byo-yomi; {control} has none")]
    NoByoYomi { control: String },
    #[error("the side to move is not in Chinese or Japanese byo-yomi")]
    NotInByoYomi,
    #[error("cannot re-read from {point:?}: the current minute or period is only at {into:?}")]
    RereadAhead { point: Duration, into: Duration },
    #[error("no time has been used yet, there is nothing to correct")]
    NothingUsed,
    #[error("a one-sided change of the clock's reading needs the chief arbiter's approval (Art. 22.8)")]
    NeedsChiefApproval,
    #[error("event {index} does not replay to the same event")]
    ReplayMismatch { index: usize },
    #[error("{} is not in byo-yomi: leaving the seat needs no permission (Art. 22.7)", .player.name())]
    LeaveOutsideByoYomi { player: Color },
    #[error("it is {}'s own time: leaving is permitted only in the opponent's time (Art. 22.7)", .player.name())]
    LeaveInOwnTime { player: Color },
    #[error("{} was already permitted to leave at {first:?}: once per game (Art. 22.7)", .player.name())]
    LeaveAlreadyPermitted { player: Color, first: Duration },
    #[error("{} was not permitted to leave the seat", .player.name())]
    NotAway { player: Color },
    #[error("the game is not adjourned")]
    NotAdjourned,
    #[error("the used times are confirmed by both players: both initials are needed (Art. 22.9)")]
    NeedsBothInitials,
}

/// The turn in progress: `banked` thinking before `since`, and since `since` while running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    player: Color,
    banked: Duration,
    since: Duration,
}

/// The turn in progress, as the caller needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnReading {
    pub player: Color,
    /// What the player had when this turn (or the last arbiter change of it) began.
    pub start: TimeLeft,
    /// Thinking time into the turn (pauses excluded).
    pub used: Duration,
    pub running: bool,
}

/// The clock read at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    pub at: Duration,
    pub phase: Phase,
    /// What each side has left now, Black then White.
    pub left: [TimeLeft; 2],
    /// Thinking time each side has used, the turn in progress included.
    pub used: [Duration; 2],
    /// Who lost on time or by lateness.
    pub lost: [bool; 2],
    pub turn: Option<TurnReading>,
}

/// A two-sided clock for one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    control: TimeControl,
    events: Vec<ClockEvent>,
    /// Each side's time at its last turn boundary (for the side to move: when its turn began).
    left: [TimeLeft; 2],
    /// Thinking time of finished turns.
    used: [Duration; 2],
    phase: Phase,
    turn: Option<Turn>,
    lost: [bool; 2],
    moved: bool,
    sealed: Option<SealedMove>,
    last_at: Duration,
    /// Since when the byo-yomi count is held while captures are removed (old Art. 18.4).
    #[serde(default)]
    held: Option<Duration>,
    /// The player permitted to leave the seat (Art. 22.7) and not back yet.
    #[serde(default)]
    away: Option<Color>,
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let start = control.initial();
        Clock {
            control,
            events: Vec::new(),
            left: [start; 2],
            used: [Duration::ZERO; 2],
            phase: Phase::NotStarted,
            turn: None,
            lost: [false; 2],
            moved: false,
            sealed: None,
            last_at: Duration::ZERO,
            held: None,
            away: None,
        }
    }

    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The audit trail: everything that happened, in order.
    pub fn events(&self) -> &[ClockEvent] {
        &self.events
    }

    /// The move sealed at an adjournment, until play resumes.
    pub fn sealed_move(&self) -> Option<&SealedMove> {
        self.sealed.as_ref()
    }

    /// Since when the byo-yomi count is held for captures ([`Clock::hold_for_captures`]).
    pub fn held_since(&self) -> Option<Duration> {
        self.held
    }

    /// Whether the side to move is in Chinese or Japanese byo-yomi at `at` (its main time used up).
    pub fn in_byo_yomi(&self, at: Duration) -> bool {
        let at = at.max(self.last_at);
        self.turn.is_some_and(|turn| {
            self.control.has_counted_byo_yomi() && self.thinking(at) >= self.left[turn.player.index()].main
        })
    }

    /// The older text (seed 003, old Art. 18.4): "提子时，必须把棋子提清后方可按钟……但在读秒时，提子不
    /// 计时间": while the side to move, in byo-yomi, removes the stones it captured, the arbiter
    /// holds its count (both sides stopped, as in a pause); `resume` ends the hold and records
    /// how long it lasted. Whether the edition allows it is the caller's (the ledger's edition).
    pub fn hold_for_captures(&mut self, at: Duration) -> Result<(), ClockError> {
        self.observe(at)?;
        let turn = self.running_turn()?;
        if !self.in_byo_yomi(at) {
            return Err(ClockError::NotInByoYomi);
        }
        self.bank(at);
        self.phase = Phase::Paused;
        self.held = Some(at);
        self.push(at, EventKind::CaptureHold { player: turn.player });
        Ok(())
    }

    /// The used times recorded at the last adjournment (Art. 22.9).
    pub fn adjourned_used(&self) -> Option<[Duration; 2]> {
        self.events.iter().rev().find_map(|e| match e.kind {
            EventKind::Adjourn { used, .. } => Some(used),
            _ => None,
        })
    }

    /// Rebuilds a clock from its event list (for example read back from a session file).
    pub fn replay(control: TimeControl, events: &[ClockEvent]) -> Result<Clock, ClockError> {
        let mut clock = Clock::new(control);
        for (index, event) in events.iter().enumerate() {
            let at = event.at;
            match &event.kind {
                EventKind::Start { to_move } => clock.start(at, *to_move)?,
                EventKind::Press { player, move_number } => {
                    clock.press(at, *player, *move_number)?;
                }
                EventKind::Pause { reason } => clock.pause(at, reason)?,
                EventKind::Resume | EventKind::Unseal { .. } => {
                    clock.resume(at)?;
                }
                EventKind::CaptureHold { .. } => clock.hold_for_captures(at)?,
                EventKind::CaptureHoldEnd { .. } => {
                    clock.resume(at)?;
                }
                EventKind::Adjourn {
                    move_number,
                    sealed,
                    reason,
                    ..
                } => clock.adjourn(at, *move_number, sealed, reason)?,
                EventKind::Lateness {
                    player,
                    late,
                    limit,
                    factor,
                    reason,
                    ..
                } => {
                    let rule = LatenessRule {
                        factor: *factor,
                        limit: *limit,
                    };
                    clock.record_lateness(at, *player, *late, rule, reason)?;
                }
                EventKind::Edit {
                    player, after, reason, ..
                } => clock.edit(at, *player, *after, reason)?,
                EventKind::Correction { elapsed, reason, .. } => {
                    clock.correct_proportionally(at, *elapsed, reason)?;
                }
                EventKind::Timeout { .. } => {
                    clock.observe(at)?;
                }
                EventKind::TimeoutRuling { ruling, reason, .. } => clock.rule_timeout(at, *ruling, reason)?,
                EventKind::Reread { from, reason, .. } => {
                    clock.reread_from(at, *from, reason)?;
                }
                EventKind::Finish { reason } => clock.finish(at, reason)?,
                EventKind::LeaveSeat { player, reason } => clock.permit_leaving(at, *player, reason)?,
                EventKind::BackToSeat { player } => clock.back_to_seat(at, *player)?,
                EventKind::AdjournConfirmed { initials, .. } => {
                    clock.confirm_adjourned_times(at, [&initials[0], &initials[1]])?;
                }
                EventKind::UsedTimeSplit { reason, .. } => {
                    clock.split_used_equally(at, reason)?;
                }
            }
            if clock.events.get(index) != Some(event) {
                return Err(ClockError::ReplayMismatch { index });
            }
        }
        Ok(clock)
    }

    /// Starts the clock for `to_move` (Black, or White in a handicap game).
    pub fn start(&mut self, at: Duration, to_move: Color) -> Result<(), ClockError> {
        self.check_at(at)?;
        match self.phase {
            Phase::NotStarted => {}
            Phase::Over => return Err(ClockError::Over),
            _ => return Err(ClockError::AlreadyStarted),
        }
        self.turn = Some(Turn {
            player: to_move,
            banked: Duration::ZERO,
            since: at,
        });
        self.phase = Phase::Running;
        self.push(at, EventKind::Start { to_move });
        Ok(())
    }

    /// `player` pressed after move `move_number`. A press at or after the flag instant is a
    /// timeout: the clock stops at the flag instant and the arbiter must rule.
    pub fn press(&mut self, at: Duration, player: Color, move_number: u32) -> Result<PressOutcome, ClockError> {
        if let Some((flagged, flag_at)) = self.observe(at)? {
            return Ok(PressOutcome::TimedOut {
                player: flagged,
                at: flag_at,
            });
        }
        let turn = self.running_turn()?;
        if turn.player != player {
            return Err(ClockError::WrongPlayer {
                expected: turn.player,
                got: player,
            });
        }
        let thinking = self.thinking(at);
        let side = player.index();
        self.left[side] = self.control.after_press(&self.left[side], thinking);
        self.used[side] += thinking;
        self.turn = Some(Turn {
            player: player.opponent(),
            banked: Duration::ZERO,
            since: at,
        });
        self.moved = true;
        if self.away == Some(player.opponent()) {
            // Art. 22.7: the opponent left with permission: their count waits for them.
            self.phase = Phase::Paused;
        }
        self.push(at, EventKind::Press { player, move_number });
        Ok(PressOutcome::Moved)
    }

    /// Stops both sides; paused time is not counted.
    pub fn pause(&mut self, at: Duration, reason: &str) -> Result<(), ClockError> {
        self.observe(at)?;
        self.running_turn()?;
        self.bank(at);
        self.phase = Phase::Paused;
        self.push(
            at,
            EventKind::Pause {
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// Runs the clock again for the side to move. After an adjournment, the arbiter opens the
    /// sealed move and plays it: it counts as the sealer's press, and the opponent's time runs.
    pub fn resume(&mut self, at: Duration) -> Result<Option<SealedMove>, ClockError> {
        self.check_at(at)?;
        let mut turn = self.turn.ok_or(ClockError::NotRunning)?;
        match self.phase {
            Phase::Paused => {
                turn.since = at;
                self.turn = Some(turn);
                self.phase = Phase::Running;
                if self.away == Some(turn.player) {
                    // The arbiter let the held count run: the permission is over.
                    self.away = None;
                }
                let kind = match self.held.take() {
                    Some(since) => EventKind::CaptureHoldEnd {
                        player: turn.player,
                        held: at.saturating_sub(since),
                    },
                    None => EventKind::Resume,
                };
                self.push(at, kind);
                Ok(None)
            }
            Phase::Adjourned => {
                let sealed = self.sealed.take().ok_or(ClockError::NotRunning)?;
                let side = turn.player.index();
                self.left[side] = self.control.after_press(&self.left[side], turn.banked);
                self.used[side] += turn.banked;
                self.turn = Some(Turn {
                    player: turn.player.opponent(),
                    banked: Duration::ZERO,
                    since: at,
                });
                self.moved = true;
                self.phase = Phase::Running;
                let kind = EventKind::Unseal {
                    sealer: sealed.sealer,
                    move_number: sealed.move_number,
                    sealed: sealed.sealed.clone(),
                };
                self.push(at, kind);
                Ok(Some(sealed))
            }
            Phase::Flagged => Err(ClockError::Flagged { player: turn.player }),
            Phase::Over => Err(ClockError::Over),
            Phase::Running | Phase::NotStarted => Err(ClockError::NotRunning),
        }
    }

    /// Adjournment (Art. 14, 22.9): the side to move seals move `move_number` (its thinking
    /// counts until `at`), the clock stops and both used times are recorded.
    pub fn adjourn(&mut self, at: Duration, move_number: u32, sealed: &str, reason: &str) -> Result<(), ClockError> {
        self.observe(at)?;
        let turn = self.turn.ok_or(ClockError::NotRunning)?;
        match self.phase {
            Phase::Running | Phase::Paused => {}
            Phase::Flagged => return Err(ClockError::Flagged { player: turn.player }),
            Phase::Over => return Err(ClockError::Over),
            Phase::Adjourned | Phase::NotStarted => return Err(ClockError::NotRunning),
        }
        self.bank(at);
        let used = self.used_now(at);
        self.phase = Phase::Adjourned;
        self.held = None;
        self.sealed = Some(SealedMove {
            sealer: turn.player,
            move_number,
            sealed: sealed.to_string(),
        });
        let kind = EventKind::Adjourn {
            sealer: turn.player,
            move_number,
            sealed: sealed.to_string(),
            used,
            reason: reason.to_string(),
        };
        self.push(at, kind);
        Ok(())
    }

    /// Lateness at the start under the game's `rule` (its edition's, from the ledger's
    /// catalogue): `rule.factor` times `late` is deducted from the player's main time (twice
    /// under the 2002 text, Art. 22.1; once under the old text, old Art. 23.3), or beyond
    /// `rule.limit` the player forfeits (both sides are handled separately, and both may lose).
    /// This is the one place the deduction is made: start the clock when play begins, not at
    /// the scheduled time. Fast games with little main time use Art. 22.4 instead: start the
    /// clock at the scheduled time and let the absent player's time, byo-yomi included, run.
    pub fn record_lateness(
        &mut self,
        at: Duration,
        player: Color,
        late: Duration,
        rule: LatenessRule,
        reason: &str,
    ) -> Result<LatenessOutcome, ClockError> {
        self.check_at(at)?;
        if self.moved {
            return Err(ClockError::LatenessAfterStart);
        }
        let outcome = rule.outcome(late);
        let side = player.index();
        let deducted = match outcome {
            LatenessOutcome::Forfeit => {
                self.lost[side] = true;
                if self.phase == Phase::Running {
                    self.bank(at);
                }
                self.phase = Phase::Over;
                Duration::ZERO
            }
            LatenessOutcome::Deducted(deducted) => {
                self.left[side].main = self.left[side].main.saturating_sub(deducted);
                deducted
            }
        };
        let kind = EventKind::Lateness {
            player,
            late,
            limit: rule.limit,
            factor: rule.factor,
            deducted,
            forfeit: outcome == LatenessOutcome::Forfeit,
            reason: reason.to_string(),
        };
        self.push(at, kind);
        Ok(outcome)
    }

    /// The arbiter sets `player`'s time (the clock must be stopped). For the side to move the
    /// count of the current minute or period starts again from the new time. After a timeout,
    /// editing the flagged side's time pauses the clock instead.
    pub fn edit(&mut self, at: Duration, player: Color, left: TimeLeft, reason: &str) -> Result<(), ClockError> {
        self.observe(at)?;
        self.ensure_stopped()?;
        if self.turn.is_some_and(|t| t.player == player) {
            self.rebase_turn();
        }
        let side = player.index();
        let before = self.left[side];
        self.left[side] = left;
        if self.phase == Phase::Flagged && self.turn.is_some_and(|t| t.player == player) {
            self.phase = Phase::Paused;
        }
        self.push(
            at,
            EventKind::Edit {
                player,
                before,
                after: left,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// A one-sided correction of `player`'s reading after a clock fault (Art. 22.8: "单方面的时间
    /// 读数改拨，须经裁判长的认可", a one-sided change needs the chief arbiter's approval): refused
    /// without the approving chief arbiter's name, which the event's reason then carries
    /// ("reason; approved by chief arbiter NAME"), so the audit trail keeps it. Otherwise as `edit`.
    pub fn edit_approved(
        &mut self,
        at: Duration,
        player: Color,
        left: TimeLeft,
        reason: &str,
        chief: &str,
    ) -> Result<(), ClockError> {
        let chief = chief.trim();
        if chief.is_empty() {
            return Err(ClockError::NeedsChiefApproval);
        }
        self.edit(at, player, left, &format!("{}{APPROVED_BY}{chief}", reason.trim()))
    }

    /// Proportional correction after a clock fault (Art. 22.8), with the clock stopped: `elapsed`
    /// is the true playing time so far. If the used times add up to an error of 2 minutes per
    /// hour or more, both are set in proportion to it (main time changes by the difference);
    /// below that nothing changes. Either way the correction is recorded.
    pub fn correct_proportionally(
        &mut self,
        at: Duration,
        elapsed: Duration,
        reason: &str,
    ) -> Result<Correction, ClockError> {
        self.observe(at)?;
        self.ensure_stopped()?;
        self.rebase_turn();
        let used = self.used;
        let sum = used[0].as_nanos() + used[1].as_nanos();
        if sum == 0 {
            return Err(ClockError::NothingUsed);
        }
        let error = elapsed.as_nanos().abs_diff(sum);
        let applied = error * 30 >= elapsed.as_nanos();
        let scale = |d: Duration| nanos(d.as_nanos() * elapsed.as_nanos() / sum);
        let corrected = [scale(used[0]), scale(used[1])];
        if applied {
            for side in 0..2 {
                let left = &mut self.left[side];
                left.main = if corrected[side] > used[side] {
                    left.main.saturating_sub(corrected[side] - used[side])
                } else {
                    left.main + (used[side] - corrected[side])
                };
                self.used[side] = corrected[side];
            }
        }
        let kind = EventKind::Correction {
            elapsed,
            used,
            corrected,
            applied,
            reason: reason.to_string(),
        };
        self.push(at, kind);
        Ok(Correction {
            used,
            corrected,
            applied,
        })
    }

    /// The game is over (a result was recorded): the clock stops for good at `at`, the running
    /// turn's thinking counted until then, and the event says why. A clock already over (a loss
    /// on time or by lateness was ruled, or the game was finished before) stays as it is and
    /// records nothing. This is the one way a recorded result stops a clock.
    pub fn finish(&mut self, at: Duration, reason: &str) -> Result<(), ClockError> {
        self.check_at(at)?;
        if self.phase == Phase::Over {
            return Ok(());
        }
        if self.phase == Phase::Running {
            self.bank(at);
        }
        self.phase = Phase::Over;
        self.push(
            at,
            EventKind::Finish {
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// Looks at the clock at `at`: if the side to move has run out of time, the clock stops at
    /// the exact flag instant, a timeout is recorded and returned (player, instant).
    pub fn observe(&mut self, at: Duration) -> Result<Option<(Color, Duration)>, ClockError> {
        self.check_at(at)?;
        let (Phase::Running, Some(turn)) = (self.phase, self.turn) else {
            return Ok(None);
        };
        let flag = self.control.flag_offset(&self.left[turn.player.index()]);
        if self.thinking(at) < flag {
            return Ok(None);
        }
        let flag_at = turn.since + flag.saturating_sub(turn.banked);
        self.turn = Some(Turn { banked: flag, ..turn });
        self.phase = Phase::Flagged;
        self.push(flag_at, EventKind::Timeout { player: turn.player });
        Ok(Some((turn.player, flag_at)))
    }

    /// The arbiter's ruling on a timeout (Art. 22.5): a loss, or on the player's request a
    /// forfeited move, after which the opponent's time runs from `at` and the same byo-yomi
    /// continues for the player (its final minute or last period).
    pub fn rule_timeout(&mut self, at: Duration, ruling: TimeoutRuling, reason: &str) -> Result<(), ClockError> {
        self.check_at(at)?;
        let turn = self
            .turn
            .filter(|_| self.phase == Phase::Flagged)
            .ok_or(ClockError::NoTimeout)?;
        let side = turn.player.index();
        match ruling {
            TimeoutRuling::Loss => {
                self.lost[side] = true;
                self.phase = Phase::Over;
            }
            TimeoutRuling::ForfeitedMove => {
                let left = self
                    .control
                    .after_forfeited_move()
                    .ok_or_else(|| ClockError::NoByoYomi {
                        control: self.control.to_string(),
                    })?;
                self.used[side] += turn.banked;
                self.left[side] = left;
                self.turn = Some(Turn {
                    player: turn.player.opponent(),
                    banked: Duration::ZERO,
                    since: at,
                });
                self.phase = Phase::Running;
            }
        }
        self.push(
            at,
            EventKind::TimeoutRuling {
                player: turn.player,
                ruling,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// Re-reading from a miscalled point (Art. 16.2): sets the current minute or period of the
    /// side to move back to `point` into it. Returns the time given back.
    pub fn reread_from(&mut self, at: Duration, point: Duration, reason: &str) -> Result<Duration, ClockError> {
        self.observe(at)?;
        let turn = self.turn.ok_or(ClockError::NotRunning)?;
        if !matches!(self.phase, Phase::Running | Phase::Paused) {
            return Err(ClockError::NotRunning);
        }
        let start = self.left[turn.player.index()];
        let unit = self
            .control
            .period_length()
            .filter(|_| self.control.has_counted_byo_yomi());
        let thinking = self.thinking(at);
        let (Some(unit), false) = (unit, thinking < start.main) else {
            return Err(ClockError::NotInByoYomi);
        };
        let (_, into) = split(thinking - start.main, unit);
        if point > into {
            return Err(ClockError::RereadAhead { point, into });
        }
        let rewound = into - point;
        self.turn = Some(Turn {
            banked: thinking - rewound,
            since: at,
            ..turn
        });
        let kind = EventKind::Reread {
            player: turn.player,
            from: point,
            rewound,
            reason: reason.to_string(),
        };
        self.push(at, kind);
        Ok(rewound)
    }

    /// The clock read at `now` (not before the last event). Nothing is recorded: a side past
    /// its flag reads zero until `observe` records the timeout.
    pub fn reading(&self, now: Duration) -> Reading {
        let now = now.max(self.last_at);
        let mut left = self.left;
        let mut used = self.used;
        let turn = self.turn.map(|turn| {
            let side = turn.player.index();
            let start = self.left[side];
            let thinking = self.thinking(now).min(self.control.flag_offset(&start));
            left[side] = self.control.reading(&start, thinking);
            used[side] += thinking;
            TurnReading {
                player: turn.player,
                start,
                used: thinking,
                running: self.phase == Phase::Running,
            }
        });
        Reading {
            at: now,
            phase: self.phase,
            left,
            used,
            lost: self.lost,
            turn,
        }
    }

    /// While running: the instant at which the side to move will run out of time.
    pub fn flag_instant(&self) -> Option<Duration> {
        let turn = self.turn.filter(|_| self.phase == Phase::Running)?;
        let flag = self.control.flag_offset(&self.left[turn.player.index()]);
        Some(turn.since + flag.saturating_sub(turn.banked))
    }

    fn check_at(&self, at: Duration) -> Result<(), ClockError> {
        if at < self.last_at {
            return Err(ClockError::TimeWentBack { at, last: self.last_at });
        }
        Ok(())
    }

    fn push(&mut self, at: Duration, kind: EventKind) {
        self.last_at = self.last_at.max(at);
        self.events.push(ClockEvent { at, kind });
    }

    fn running_turn(&self) -> Result<Turn, ClockError> {
        match (self.phase, self.turn) {
            (Phase::Running, Some(turn)) => Ok(turn),
            (Phase::Flagged, Some(turn)) => Err(ClockError::Flagged { player: turn.player }),
            (Phase::Over, _) => Err(ClockError::Over),
            _ => Err(ClockError::NotRunning),
        }
    }

    fn ensure_stopped(&self) -> Result<(), ClockError> {
        match self.phase {
            Phase::Running => Err(ClockError::Running),
            Phase::Over => Err(ClockError::Over),
            _ => Ok(()),
        }
    }

    /// Thinking time of the turn in progress at `at`.
    fn thinking(&self, at: Duration) -> Duration {
        match self.turn {
            Some(turn) if self.phase == Phase::Running => turn.banked + at.saturating_sub(turn.since),
            Some(turn) => turn.banked,
            None => Duration::ZERO,
        }
    }

    /// Stops the running segment of the turn at `at`.
    fn bank(&mut self, at: Duration) {
        let banked = self.thinking(at);
        if let Some(turn) = self.turn.as_mut() {
            turn.banked = banked;
            turn.since = at;
        }
    }

    /// Folds the stopped turn's thinking into the side's time, so that an arbiter change starts
    /// the turn afresh from the changed time.
    fn rebase_turn(&mut self) {
        if let Some(turn) = self.turn.as_mut() {
            let side = turn.player.index();
            self.left[side] = self.control.reading(&self.left[side], turn.banked);
            if self.control.has_counted_byo_yomi() {
                self.left[side].period = self.control.period_length().unwrap_or_default();
            }
            self.used[side] += turn.banked;
            turn.banked = Duration::ZERO;
        }
    }

    fn used_now(&self, at: Duration) -> [Duration; 2] {
        let mut used = self.used;
        if let Some(turn) = self.turn {
            used[turn.player.index()] += self.thinking(at);
        }
        used
    }
}

fn nanos(n: u128) -> Duration {
    Duration::from_nanos(u64::try_from(n).unwrap_or(u64::MAX))
}

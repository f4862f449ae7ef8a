//! The clock's part of two procedures of Art. 22: leaving the seat in byo-yomi (22.7) and the
//! used times at an adjournment (22.9). The rule lives here, not in the ledger, because every
//! condition is a fact of the clock (who is in byo-yomi, whose time runs, whether the game is
//! adjourned) and its effect is on the clock (a held count, the used times), and because a
//! clock event carries its instant and replays into the session like every other.
//!
//! Art. 22.7 (2002, seeds 000/001): "读秒期间棋手在对方思考时间之内离席，须征得裁判员许可，每局仅限一次。
//! 其余情形的棋手离席，一律照常读秒。" The older text, old Art. 23.6 (seed 003): "读秒时间棋手离席，裁判员
//! 应按规定继续读秒计时，超时判负。棋手如急需离席，须在对方思考时提出，并征得裁判员同意，但每局只限一次。"
//!
//! Art. 22.9: "比赛暂停时，裁判员应将前半段双方用时记录在案并经对局双方确认。续(yì)时如发现计时器故障和失准，
//! 并且找不到前半段双方用时书面记录时，前半段用时判为双方均摊，对执行裁判员另行教育和处罚。" (续(yì): the
//! text's second character is outside the bundled font subset, which every source character must be in.)

use std::time::Duration;

use super::{Clock, ClockError, Phase, Turn};
use crate::board::Color;
use crate::clock::EventKind;

impl Clock {
    /// Art. 22.7: the arbiter permits `player` to leave the seat. Refused unless the player is
    /// in byo-yomi (their main time used up, under a control with byo-yomi), the clock runs in
    /// the opponent's time, and the player was not permitted before in this game. Leaving
    /// without permission records nothing: the count runs on as usual. With permission, if the
    /// opponent presses while the player is away, the player's count is held until
    /// [`Clock::back_to_seat`] ("其余情形……一律照常读秒": only the permitted case differs).
    pub fn permit_leaving(&mut self, at: Duration, player: Color, reason: &str) -> Result<(), ClockError> {
        self.observe(at)?;
        let turn = self.running_turn()?;
        if let Some(first) = self.leave_permitted(player) {
            return Err(ClockError::LeaveAlreadyPermitted { player, first });
        }
        let in_byo_yomi = self.control.period_length().is_some() && self.left[player.index()].main.is_zero();
        if !in_byo_yomi {
            return Err(ClockError::LeaveOutsideByoYomi { player });
        }
        if turn.player == player {
            return Err(ClockError::LeaveInOwnTime { player });
        }
        self.away = Some(player);
        self.push(
            at,
            EventKind::LeaveSeat {
                player,
                reason: reason.to_string(),
            },
        );
        Ok(())
    }

    /// The instant `player` was permitted to leave the seat in this game, if they were.
    pub fn leave_permitted(&self, player: Color) -> Option<Duration> {
        self.events.iter().find_map(|e| match e.kind {
            EventKind::LeaveSeat { player: p, .. } if p == player => Some(e.at),
            _ => None,
        })
    }

    /// The player permitted to leave the seat who is not back yet.
    pub fn away(&self) -> Option<Color> {
        self.away
    }

    /// `player`, permitted to leave, is back at the seat: a count held for them runs from `at`.
    pub fn back_to_seat(&mut self, at: Duration, player: Color) -> Result<(), ClockError> {
        self.check_at(at)?;
        if self.away != Some(player) {
            return Err(ClockError::NotAway { player });
        }
        if let (Phase::Paused, Some(turn)) = (self.phase, self.turn)
            && turn.player == player
        {
            self.turn = Some(Turn { since: at, ..turn });
            self.phase = Phase::Running;
        }
        self.away = None;
        self.push(at, EventKind::BackToSeat { player });
        Ok(())
    }

    /// Art. 22.9: both players confirm the used times recorded at the adjournment (Black's and
    /// White's initials). Returns the used times confirmed.
    pub fn confirm_adjourned_times(&mut self, at: Duration, initials: [&str; 2]) -> Result<[Duration; 2], ClockError> {
        self.check_at(at)?;
        if self.phase != Phase::Adjourned {
            return Err(ClockError::NotAdjourned);
        }
        let used = self.adjourned_used().ok_or(ClockError::NotAdjourned)?;
        let initials = initials.map(str::trim);
        if initials.iter().any(|i| i.is_empty()) {
            return Err(ClockError::NeedsBothInitials);
        }
        self.push(
            at,
            EventKind::AdjournConfirmed {
                used,
                initials: initials.map(str::to_string),
            },
        );
        Ok(used)
    }

    /// The used times confirmed at the last adjournment and by whom (Black's, White's initials).
    pub fn adjourned_confirmation(&self) -> Option<([Duration; 2], [String; 2])> {
        self.events.iter().rev().find_map(|e| match &e.kind {
            EventKind::AdjournConfirmed { used, initials } => Some((*used, initials.clone())),
            _ => None,
        })
    }

    /// Art. 22.9, at the resumption of an adjourned game when no written record of the first
    /// part's used times can be found (the arbiter says so in `reason`): the first part's used
    /// time, both sides' together, is split equally ("前半段用时判为双方均摊"); each side's main
    /// time changes by the difference. Returns the used times after the split.
    pub fn split_used_equally(&mut self, at: Duration, reason: &str) -> Result<[Duration; 2], ClockError> {
        self.check_at(at)?;
        if self.phase != Phase::Adjourned {
            return Err(ClockError::NotAdjourned);
        }
        self.rebase_turn();
        let used = self.used;
        let half = (used[0] + used[1]) / 2;
        let split = [half, half];
        for (left, &was) in self.left.iter_mut().zip(used.iter()) {
            left.main = if half > was {
                left.main.saturating_sub(half - was)
            } else {
                left.main + (was - half)
            };
        }
        self.used = split;
        self.push(
            at,
            EventKind::UsedTimeSplit {
                used,
                split,
                reason: reason.to_string(),
            },
        );
        Ok(split)
    }
}

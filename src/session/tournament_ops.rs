//! The tournament changes applied (see [`Change`](super::Change)): a withdrawal, lots drawn, a
//! team's board order, a team match's tables.

use super::audit::{self, Stamp};
use super::model::{GameSetup, PlayerId, Session, TableId};
use super::ops::SessionError;
use super::tournament::{Lots, Team, TeamMatch, TournamentError, Withdrawal};

impl Session {
    fn known(&self, player: PlayerId) -> Result<(), SessionError> {
        match self.player(player) {
            Some(_) => Ok(()),
            None => Err(SessionError::NoSuchPlayer(player)),
        }
    }

    fn name(&self, player: PlayerId) -> String {
        self.player(player)
            .map_or_else(|| format!("#{}", player.0), |p| p.name.clone())
    }

    pub(super) fn withdraw(&mut self, w: &Withdrawal) -> Result<String, SessionError> {
        self.known(w.player)?;
        if w.reason.trim().is_empty() {
            return Err(TournamentError::WithdrawalWithoutReason.into());
        }
        let what = format!(
            "withdrawal: {} after round {}; reason: {}",
            self.name(w.player),
            w.after_round,
            w.reason
        );
        let list = &mut self.tournament.withdrawals;
        match list.iter_mut().find(|x| x.player == w.player) {
            Some(x) => *x = w.clone(),
            None => list.push(w.clone()),
        }
        Ok(what)
    }

    pub(super) fn draw_lots(&mut self, players: &[PlayerId], seed: u64) -> Result<String, SessionError> {
        for &p in players {
            self.known(p)?;
        }
        let mut sorted = players.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() < 2 {
            return Err(TournamentError::LotsNeedTwo.into());
        }
        let lots = Lots { players: sorted, seed };
        let order: Vec<String> = lots.order().into_iter().map(|p| self.name(p)).collect();
        let what = format!("lots drawn with seed {seed}: {}", order.join(", "));
        let list = &mut self.tournament.lots;
        list.retain(|l| l.players != lots.players);
        list.push(lots);
        Ok(what)
    }

    pub(super) fn set_team(&mut self, team: &Team) -> Result<String, SessionError> {
        if team.boards.is_empty() {
            return Err(TournamentError::TeamWithoutBoards(team.id).into());
        }
        for (i, &p) in team.boards.iter().enumerate() {
            self.known(p)?;
            let elsewhere = self
                .tournament
                .teams
                .iter()
                .any(|t| t.id != team.id && t.boards.contains(&p));
            if team.boards[..i].contains(&p) || elsewhere {
                return Err(TournamentError::BoardTwice(p).into());
            }
        }
        let boards: Vec<String> = team.boards.iter().map(|&p| self.name(p)).collect();
        let what = format!("team {} {}: {}", team.id, team.name, boards.join(", "));
        let list = &mut self.tournament.teams;
        match list.iter_mut().find(|t| t.id == team.id) {
            Some(t) => *t = team.clone(),
            None => list.push(team.clone()),
        }
        Ok(what)
    }

    /// Checks the whole match first, then adds each board's table (its own entry) and the
    /// match (a header entry): a refused match adds nothing.
    pub(super) fn add_team_match(
        &mut self,
        stamp: &Stamp,
        round: u32,
        teams: [u32; 2],
        first_table: u32,
        setup: &GameSetup,
    ) -> Result<(), SessionError> {
        if teams[0] == teams[1] {
            return Err(TournamentError::SameTeam(teams[0]).into());
        }
        let [a, b] = teams.map(|id| self.tournament.team(id).cloned().ok_or(TournamentError::NoSuchTeam(id)));
        let (a, b) = (a?, b?);
        if a.boards.len() != b.boards.len() {
            return Err(TournamentError::BoardCounts(a.id, b.id, a.boards.len(), b.boards.len()).into());
        }
        if self.round(round).is_none() {
            return Err(SessionError::NoSuchRound(round));
        }
        let numbers: Vec<u32> = (0..a.boards.len() as u32).map(|i| first_table + i).collect();
        for &table in &numbers {
            let id = TableId { round, table };
            if self.table(id).is_some() {
                return Err(SessionError::TableExists(id));
            }
        }
        crate::game::Game::with_handicap(setup.size, setup.rules, setup.handicap)?;
        setup.time_control.parse::<crate::clock::TimeControl>().map_err(|e| {
            super::model::StoredGameError::Control {
                text: setup.time_control.clone(),
                message: e.to_string(),
            }
        })?;
        for (i, (&table, (&pa, &pb))) in numbers.iter().zip(a.boards.iter().zip(&b.boards)).enumerate() {
            let (black, white) = if i % 2 == 0 { (pa, pb) } else { (pb, pa) };
            self.add_table(stamp, TableId { round, table }, black, white, setup)?;
        }
        self.tournament.matches.push(TeamMatch {
            round,
            teams,
            tables: numbers.clone(),
        });
        let what = format!(
            "round {round}: team match {} v {}, tables {}-{}",
            a.name,
            b.name,
            first_table,
            first_table + numbers.len() as u32 - 1
        );
        let state = audit::header_digest(self)?;
        audit::push(&mut self.audit, stamp, None, what, state)?;
        Ok(())
    }
}

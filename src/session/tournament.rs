//! The event's system as declared (Art. 26) and what the standings need beyond the games: the
//! withdrawals (Art. 28), the lots drawn (Art. 27 (C)), the teams with their board orders and
//! the team matches (分台定人制).
//!
//! The system is the organiser's declaration, never guessed from the games played: an old
//! session file without one reads as [`System::NotDeclared`], ranked by game points only.

use serde::{Deserialize, Serialize};

use crate::playout::Rng;

use super::model::{PlayerId, Rank};

/// How the event is played and ranked (Art. 26, Art. 27).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum System {
    /// No system declared (every session before the declaration existed): game points only,
    /// and the standings ask for the declaration.
    #[default]
    NotDeclared,
    /// 单循环: each pair meets once.
    RoundRobin,
    /// 双循环: each pair meets twice.
    DoubleRoundRobin,
    /// 积分编排, the 2002 text's method A: game points, then the total score, then fewer
    /// warnings, then lots.
    SwissTotal,
    /// 积分编排, the 2002 text's method B: game points, then the opponents' points, then fewer
    /// warnings, then lots.
    SwissOpponents,
    /// 积分编排 under the older text: game points, then its total score, then fewer warnings,
    /// then lots; a withdrawn player's unplayed games are counted for their opponents as the
    /// older Art. 29.3 says.
    SwissOldTotal,
    /// McMahon as the pairing programs rank it: McMahon score, then SOS, then SOSOS.
    McMahon,
    /// 分台定人制, every team meets every other: match points, board points, board 1, 2, ...
    TeamRoundRobin,
    /// 分台定人制 paired Swiss: match points, the team total score, then as a team round robin.
    TeamSwiss,
}

impl System {
    pub const ALL: [System; 9] = [
        System::NotDeclared,
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::SwissTotal,
        System::SwissOpponents,
        System::SwissOldTotal,
        System::McMahon,
        System::TeamRoundRobin,
        System::TeamSwiss,
    ];

    pub fn is_round_robin(self) -> bool {
        matches!(self, System::RoundRobin | System::DoubleRoundRobin)
    }

    pub fn is_team(self) -> bool {
        matches!(self, System::TeamRoundRobin | System::TeamSwiss)
    }

    /// Paired by score (Swiss and McMahon): a withdrawn player is no longer paired (Art. 28.3).
    pub fn is_paired_by_score(self) -> bool {
        matches!(
            self,
            System::SwissTotal | System::SwissOpponents | System::SwissOldTotal | System::McMahon
        )
    }

    /// The total score's formula is used (the 2002 text's method A, the older text).
    pub fn uses_total(self) -> bool {
        matches!(self, System::SwissTotal | System::SwissOldTotal | System::TeamSwiss)
    }

    /// How many times each pair meets in a round robin.
    pub fn cycles(self) -> u32 {
        match self {
            System::DoubleRoundRobin => 2,
            _ => 1,
        }
    }
}

/// The "最高积分" of the Swiss total score (older text Art. 28.1(2): "总得分 = 个人积分 + (对手积分
/// 总和 / 1/2最高积分 - 轮次数)"): the text does not say which; the event chooses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TopScore {
    /// The highest points any player has reached so far.
    #[default]
    Reached,
    /// The highest points possible in the rounds played: 2 per round.
    Possible,
}

impl TopScore {
    pub const ALL: [TopScore; 2] = [TopScore::Reached, TopScore::Possible];
}

/// A player's withdrawal from the event (Art. 28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    pub player: PlayerId,
    /// The last round the player took part in (0: before the first round).
    pub after_round: u32,
    pub reason: String,
}

/// Lots drawn among players still equal on every criterion (Art. 27 (C): "如不允许名次并列，
/// 可加赛或抽签区分名次"). The order is [`draw_order`] of the players with the seed: anyone can
/// draw it again from the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lots {
    /// The tied players, in id order.
    pub players: Vec<PlayerId>,
    pub seed: u64,
}

impl Lots {
    /// The drawn order, first place first.
    pub fn order(&self) -> Vec<PlayerId> {
        draw_order(&self.players, self.seed)
    }
}

/// The players in id order, shuffled (Fisher-Yates) by SplitMix64 from `seed`.
pub fn draw_order(players: &[PlayerId], seed: u64) -> Vec<PlayerId> {
    let mut order = players.to_vec();
    order.sort_unstable();
    order.dedup();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i + 1);
        order.swap(i, j);
    }
    order
}

/// A team and its board order, fixed before the event ("台次排定后不得更动", older Art. 26.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub id: u32,
    pub name: String,
    /// Board 1 first.
    pub boards: Vec<PlayerId>,
}

/// One team match of a round: its tables, board 1 first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    pub round: u32,
    /// The two teams' ids: the first plays Black on the odd boards (1, 3, ...).
    pub teams: [u32; 2],
    /// Table numbers in the round, board 1 first.
    pub tables: Vec<u32>,
}

/// What the standings need beyond the games; changed only by its own `Change`s.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<Withdrawal>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lots: Vec<Lots>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Team>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<TeamMatch>,
}

impl Tournament {
    pub fn is_empty(&self) -> bool {
        self.withdrawals.is_empty() && self.lots.is_empty() && self.teams.is_empty() && self.matches.is_empty()
    }

    pub fn withdrawal(&self, player: PlayerId) -> Option<&Withdrawal> {
        self.withdrawals.iter().find(|w| w.player == player)
    }

    pub fn team(&self, id: u32) -> Option<&Team> {
        self.teams.iter().find(|t| t.id == id)
    }
}

/// The McMahon settings: the bar (every player at or above it starts equal).
pub fn mcmahon_start(rank: Rank, bar: Option<Rank>) -> i32 {
    let value = rank_value(rank);
    bar.map_or(value, |bar| value.min(rank_value(bar)))
}

/// A rank on one scale: 30k is -29 ... 1k is 0, 1d is 1 ... 9d is 9; a professional counts as 9d
/// and one more per professional dan (as the pairing programs place them above the amateurs).
pub fn rank_value(rank: Rank) -> i32 {
    match rank {
        Rank::Kyu(n) => 1 - i32::from(n),
        Rank::Dan(n) => i32::from(n),
        Rank::Pro(n) => 9 + i32::from(n),
    }
}

/// Default for serde: `false`.
pub(crate) fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Why a tournament change was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("a withdrawal needs a reason (Art. 28)")]
    WithdrawalWithoutReason,
    #[error("lots are drawn among two players or more")]
    LotsNeedTwo,
    #[error("team {0} has no boards")]
    TeamWithoutBoards(u32),
    #[error("player {0:?} is on two boards")]
    BoardTwice(PlayerId),
    #[error("there is no team {0}")]
    NoSuchTeam(u32),
    #[error("a team cannot meet itself (team {0})")]
    SameTeam(u32),
    #[error("teams {0} and {1} have different numbers of boards ({2} and {3})")]
    BoardCounts(u32, u32, usize, usize),
}

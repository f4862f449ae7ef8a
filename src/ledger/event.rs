//! Event-wide totals over many games' ledgers: warnings per player for the ranking
//! tie-break, where fewer warnings rank higher (Art. 27; old Art. 28).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Ledger;

/// One game's ledger with its players' names (Black, White).
#[derive(Clone, Copy, Debug)]
pub struct PlayedGame<'a> {
    pub black: &'a str,
    pub white: &'a str,
    pub ledger: &'a Ledger,
}

/// Warnings per player over the whole event, derived from the games' ledgers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventWarnings {
    by_player: BTreeMap<String, u32>,
}

impl EventWarnings {
    /// Adds up the warnings in force in every game (admonitions are not warnings).
    pub fn tally<'a>(games: impl IntoIterator<Item = PlayedGame<'a>>) -> EventWarnings {
        let mut by_player = BTreeMap::new();
        for game in games {
            let [black, white] = game.ledger.warnings();
            *by_player.entry(game.black.to_string()).or_insert(0) += black;
            *by_player.entry(game.white.to_string()).or_insert(0) += white;
        }
        EventWarnings { by_player }
    }

    /// The warnings of `player` (0 for a player never seen).
    pub fn of(&self, player: &str) -> u32 {
        self.by_player.get(player).copied().unwrap_or(0)
    }

    /// The tie-break: `Less` when `a` has fewer warnings and so ranks above `b`.
    pub fn tie_break(&self, a: &str, b: &str) -> Ordering {
        self.of(a).cmp(&self.of(b))
    }

    /// Players and their warnings, by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, u32)> {
        self.by_player.iter().map(|(name, &n)| (name.as_str(), n))
    }
}

//! For figures only (the `session_figures` example and the `session` benchmark, issue 6): a
//! session of many tables, each with a long record and a full clock history, made through
//! [`Session::apply`] as the app would.

use std::time::Duration;

use crate::board::{Color, Point};
use crate::clock::{Clock, ClockError, ControlError};
use crate::game::{Game, GameError};
use crate::ledger::Edition;
use crate::rules::Preset;
use crate::scoring::Quarters;

use super::audit::{Role, Stamp};
use super::model::{Event, GameSetup, Player, PlayerId, Rank, Session, TableId};
use super::ops::{Change, SessionError};

/// Why the figures' session could not be made (none of these is expected).
#[derive(Debug, thiserror::Error)]
pub enum FiguresError {
    #[error("{0}")]
    Game(#[from] GameError),
    #[error("{0}")]
    Session(#[from] SessionError),
    #[error("{0}")]
    Control(#[from] ControlError),
    #[error("{0}")]
    Clock(#[from] ClockError),
}

/// A record of `moves` moves on 19x19: points tried in an order made from `seed`, illegal ones
/// skipped.
pub fn record(seed: u64, moves: u32) -> Result<String, FiguresError> {
    let mut game = Game::new(19, Preset::Chinese2002)?;
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut played = 0;
    while played < moves {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let p = Point::new((state % 19) as u8, ((state >> 8) % 19) as u8);
        if game.play(p).is_ok() {
            played += 1;
        }
    }
    Ok(crate::sgf::write_string(&game))
}

/// The arbiter's stamp of the figures' changes.
pub fn arbiter() -> Stamp {
    Stamp::new("10:00", "Arbiter", Role::Arbiter)
}

/// One round of `tables` tables, each with the same `moves`-move record and one clock press
/// per move (10 s apart), every change applied and audited.
pub fn session(tables: u32, moves: u32) -> Result<Session, FiguresError> {
    let event = Event {
        name: "Figures Open".into(),
        dates: vec!["2026-11-28".into()],
        venue: "Hall".into(),
        edition: Edition::Chinese2002,
        rules: Preset::Chinese2002,
        komi: Quarters(15),
        time_control: "chinese:60m/5".into(),
        lateness_limit: Duration::from_secs(900),
        script: String::new(),
        system: Default::default(),
        top_score: Default::default(),
        mcmahon_bar: None,
        pairing_file: None,
        caller: Default::default(),
        time_zone: String::new(),
    };
    let mut session = Session::new(event.clone());
    let org = Stamp::new("08:00", "Organiser", Role::Organiser);
    let arbiter = arbiter();
    session.apply(&org, &Change::Event(event))?;
    for id in 0..2 * tables {
        let player = Player {
            id: PlayerId(id),
            name: format!("Player {id}"),
            rank: Rank::Kyu(5),
            club: "Club".into(),
            registration: Default::default(),
        };
        session.apply(&org, &Change::Player(player))?;
    }
    let round = Change::Round {
        number: 1,
        date: "2026-11-28".into(),
    };
    session.apply(&org, &round)?;
    let sgf = record(1, moves)?;
    let control = "chinese:60m/5".parse()?;
    for t in 0..tables {
        let table = TableId { round: 1, table: t + 1 };
        let setup = GameSetup {
            size: 19,
            handicap: 0,
            komi: Quarters(15),
            rules: Preset::Chinese2002,
            time_control: "chinese:60m/5".into(),
        };
        let add = Change::Table {
            table,
            black: PlayerId(2 * t),
            white: PlayerId(2 * t + 1),
            setup,
        };
        session.apply(&org, &add)?;
        let record = Change::Record {
            table,
            sgf: sgf.clone(),
            note: format!("{moves} moves"),
        };
        session.apply(&arbiter, &record)?;
        let mut clock = Clock::new(control);
        clock.start(Duration::ZERO, Color::Black)?;
        for n in 1..=moves {
            let player = if n % 2 == 1 { Color::Black } else { Color::White };
            clock.press(Duration::from_secs(10 * u64::from(n)), player, n)?;
        }
        for event in clock.events() {
            let change = Change::Clock {
                table,
                event: event.clone(),
            };
            session.apply(&arbiter, &change)?;
        }
    }
    Ok(session)
}

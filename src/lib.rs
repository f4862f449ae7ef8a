//! Go Arbiter: a workstation for Go (weiqi, baduk) arbiters. This file is the table of contents.
//!
//! - [`board`]: points, stones, chains, liberties, captures, ASCII diagrams. No turns, no ko.
//! - [`rules`]: the rules as plain data, with named presets (Chinese 2002, Japanese, ...).
//! - [`game`]: the record (a tree of moves, passes, setup edits), turn order, legality, cycles.
//! - [`katago`]: the KataGo client: its analysis engine as a child process, ownership read into dead stones.
//! - [`sgf`]: SGF FF[4] in and out, through sgf-parse.
//! - [`playout`]: seeded random playouts (the benchmark and the dead-stone guesser).
//! - [`replay`]: the `replay` command's report over an SGF file.
//! - [`scoring`]: marks, area and territory counts, one-side counting, game results.
//! - [`score`]: the `score` command's report: dead stones, counts, one-side counting, result.
//! - [`accuracy`]: the accuracy run of dead-stone suggestions and counts over SGF folders.
//! - [`lang`]: `Lang`, Chinese or English: the one language choice of the engines and the window.
//! - [`clock`]: time controls and the two-sided game clock (time enters as a Duration).
//! - [`caller`]: the spoken byo-yomi caller: schedule, clip ids and captions, `caller preview`.
//! - [`ledger`]: the penalty ledger: offences, sanctions, incidents, consequences.
//! - [`audio`]: voice packs and the audio thread (rodio); silent with captions when there is no device.
//! - [`session`]: the tournament day on disk: model, atomic RON store, journal, audit trail.
//! - [`export`]: results out to the organiser's tools (SGF, CSV, standings, EGF, AGA, OpenGotha, PNG).
//! - [`photo`]: a physical board read from a photo: corners, grid, each point black, white or empty.
//! - [`tournament`]: the organiser's files in: an OpenGotha tournament's players and a round's pairings, players from a CSV.
//! - [`wall`]: the wall time of stamps (jiff): local time with its UTC offset, shown in the event's zone; dates checked as dates.
//! - [`ui`]: the eframe window; the only module that imports egui.

pub mod accuracy;
pub mod audio;
pub mod board;
pub mod caller;
pub mod clock;
pub mod export;
pub mod game;
pub mod katago;
pub mod lang;
pub mod ledger;
pub mod photo;
pub mod playout;
pub mod replay;
pub mod rules;
pub mod score;
pub mod scoring;
pub mod session;
pub mod sgf;
pub mod tournament;
pub mod ui;
pub mod wall;

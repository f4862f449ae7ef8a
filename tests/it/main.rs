//! The one integration test binary: features tested through the public API, with the rules'
//! own diagrams and the shared real games.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests may fail loudly

mod audio;
mod audio_plan;
mod board;
mod caller;
mod cli;
mod clock;
mod clock_reading;
mod dead;
mod downtime;
mod egf_real;
mod export;
mod failed_write;
mod game;
mod ledger;
mod lock;
mod merge;
mod opengotha_out;
mod photo;
mod procedures;
mod round_trip;
mod rulings;
mod scoring;
mod sealing;
mod session;
mod sgf;
mod small_fs;
mod standings;
mod support;
mod tournament;
mod trust;
mod wall_time;

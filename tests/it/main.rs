//! The one integration test binary: features tested through the public API, with the rules'
//! own diagrams and the shared real games.

mod board;
mod cli;
mod game;
mod sgf;
mod support;

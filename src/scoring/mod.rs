//! The counting engine of a finished game. This file is the table of contents.
//!
//! - [`quarters`]: `Quarters`, the exact unit (a quarter stone = half a point).
//! - [`marks`]: `Marks`, each stone alive, dead or in seki, and the arbiter's gestures.
//! - [`count`]: area and territory counting with komi, compensation and penalty stones.
//! - [`one_side`]: one-side counting against the par, in tens, with the hand count checked.
//! - [`result`]: `GameResult` in English, in Chinese and as SGF RE.
//! - [`dead`]: dead-stone suggestions for the arbiter to confirm, each chain with its confidence.
//! - [`benson`]: Benson's unconditionally alive chains.
//! - [`shapes`]: eye-space shapes the opponent kills by playing first (a group's only eye).
//! - [`sealing`]: unfinished borders pointed out before the count ("needs sealing").
//! - [`given_up`]: the count when a side gives up the competition (Art. 12.4(4)): every
//!   contested point to the opponent.

pub mod benson;
pub mod count;
pub mod dead;
pub mod given_up;
pub mod marks;
pub mod one_side;
pub mod quarters;
pub mod result;
pub mod sealing;
pub mod shapes;

pub use count::{Count, Region, ScoringError, SideCount, Terms, count, count_game, regions};
pub use given_up::count_given_up;
pub use marks::{Marks, Status};
pub use one_side::{Check, OneSide, in_tens};
pub use quarters::Quarters;
pub use result::{GameResult, Reason, ResultError};

//! The results screen: a round's results, the standings of the event's declared system, and the exports.
//!
//! - [`view`]: the round's results, warnings per player, team matches, and the export buttons.
//! - [`standings_view`]: the standings with one column per criterion, lots, withdrawals, teams.
//! - [`export_job`]: exports on a worker thread with a progress bar.

pub mod export_job;
pub mod standings_view;
pub mod view;

#[cfg(test)]
mod tests_results;
#[cfg(test)]
mod tests_standings;

//! Sessions on disk: the tournament day (event, rounds, tables, players, games), stored as RON.
//! This file is the table of contents.
//!
//! - [`model`]: [`Session`], the event, players and ranks, rounds, tables, each table's game.
//! - [`ops`]: [`Change`], applied by [`Session::apply`] with its checks (locked results,
//!   overrides), each change leaving one audit entry.
//! - [`audit`]: the hash-chained audit trail and its verification.
//! - [`said`]: what an entry says as data (a clock event, ledger entries, a result, a
//!   signature, an override), for the window's language.
//! - [`format`]: the RON text with its schema version, located parse errors, migration.
//! - `compact`: the one-line forms of audit entries and clock events inside that text.
//! - [`chief`]: the chief arbiter's passphrase (argon2 hash) and the gate before their actions.
//! - [`key`]: the chain key (outside the file) that seals the chain, and verification codes.
//! - [`proof`]: each confirmed result's verification code.
//! - [`store`]: the file on disk: atomic snapshots with backups, the append-only journal,
//!   recovery after a crash, the newest good backup when a file does not read.
//! - [`saver`]: the autosave thread fed by a channel.
//! - [`check`]: the `check` command's report.
//! - [`downtime`]: a running clock's checkpoints, and the time the app was down when a session is
//!   read back with a clock running (both readings: charged, not charged).
//! - [`merge`]: several workstations: the chief arbiter takes the others' confirmed results.
//! - [`photo`]: a photo of a table's board, its SHA-256, corners, the position read and the
//!   arbiter's corrections (issue 21).
//! - [`tournament`]: the declared system (Art. 26), withdrawals (Art. 28), lots, teams.

pub mod audit;
pub mod check;
pub mod chief;
mod compact;
pub mod disk;
pub mod downtime;
#[doc(hidden)]
pub mod figures;
pub mod format;
pub mod journal;
pub mod key;
pub mod lock;
pub mod merge;
pub mod model;
pub mod ops;
pub mod photo;
pub mod proof;
pub mod said;
pub mod saver;
pub mod store;
pub mod tournament;
mod tournament_ops;

pub use audit::{AuditEntry, ChainError, Role, Stamp};
pub use format::{FormatError, VERSION};
pub use model::{
    Confirmation, Event, GameSetup, PairingFile, Player, PlayerId, Rank, Registration, ResultOverride, Round, Session,
    Signer, Table, TableGame, TableId, Trust, caller_script,
};
pub use ops::{Change, SessionError};
pub use saver::Saver;
pub use store::{Loaded, Store, StoreError};
pub use tournament::{Lots, System, Team, TeamMatch, TopScore, Tournament, Withdrawal};

//! The chief arbiter's passphrase: kept only as a slow salted hash (argon2id, a PHC string, in
//! the session's `Trust`), never its text; the gate that checks it before a chief arbiter's
//! action (an override of a confirmed result, a one-sided clock correction, Art. 22.8, the
//! dismissal of an incident), and makes the next try wait after five wrong ones in a row.
//! Time enters as a `Duration` from the edge; the salt's bytes too.

use std::time::Duration;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use thiserror::Error;

use super::audit::{Role, Stamp};
use super::model::{Session, Trust};
use super::ops::{Change, SessionError};

/// Why the chief arbiter's passphrase was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ChiefError {
    #[error("the chief arbiter's passphrase is not set for this event: set it first (File > Event…)")]
    NotSet,
    #[error("the chief arbiter's passphrase is wrong ({failures} wrong in a row)")]
    Wrong { failures: u32 },
    #[error("five wrong passphrases in a row: wait {} s before trying again", .wait.as_secs().max(1))]
    Wait { wait: Duration },
    #[error("a passphrase needs at least {MIN_LEN} characters")]
    TooShort,
    #[error("the stored passphrase hash does not read: {0}")]
    BadHash(String),
    #[error("the passphrase cannot be hashed: {0}")]
    Hashing(String),
}

/// The shortest passphrase accepted.
pub const MIN_LEN: usize = 6;

/// Wrong tries in a row before the gate makes the next one wait.
pub const FREE_TRIES: u32 = 5;

/// The first wait (it doubles with each further wrong try, up to [`MAX_WAIT`]).
pub const FIRST_WAIT: Duration = Duration::from_secs(60);
pub const MAX_WAIT: Duration = Duration::from_secs(15 * 60);

/// How slow the hash is. The default is slow on purpose (argon2id, 64 MiB, 3 passes: about 0.3 s
/// a hash or a check here, measured as 4 of them in 1.3-1.4 s in the dev build, dependencies at
/// opt-level 2, load average 6), so that a copied session file cannot be tried against many
/// guesses quickly.
#[derive(Clone, Debug)]
pub struct Hasher {
    params: Params,
}

impl Default for Hasher {
    fn default() -> Hasher {
        // 64 MiB, 3 passes, 1 lane: valid parameters, so `new` cannot fail; DEFAULT if it did.
        let params = Params::new(64 * 1024, 3, 1, None).unwrap_or(Params::DEFAULT);
        Hasher { params }
    }
}

impl Hasher {
    /// A fast hasher (8 KiB, 1 pass) for tests only: never for a real event.
    #[doc(hidden)]
    pub fn fast_for_tests() -> Hasher {
        let params = Params::new(8, 1, 1, None).unwrap_or(Params::DEFAULT);
        Hasher { params }
    }

    /// The PHC string of `passphrase` salted with `salt` (random bytes from the edge).
    pub fn hash(&self, passphrase: &str, salt: [u8; 16]) -> Result<String, ChiefError> {
        if passphrase.chars().count() < MIN_LEN {
            return Err(ChiefError::TooShort);
        }
        let salt = SaltString::encode_b64(&salt).map_err(|e| ChiefError::Hashing(e.to_string()))?;
        let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone());
        argon
            .hash_password(passphrase.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ChiefError::Hashing(e.to_string()))
    }
}

/// Whether `passphrase` is the one hashed in `phc` (the hash's own parameters are used).
pub fn matches(phc: &str, passphrase: &str) -> Result<bool, ChiefError> {
    let parsed = PasswordHash::new(phc).map_err(|e| ChiefError::BadHash(e.to_string()))?;
    Ok(Argon2::default()
        .verify_password(passphrase.as_bytes(), &parsed)
        .is_ok())
}

/// Checks that `phc` reads as an argon2 PHC string (before it is stored).
pub fn check_hash(phc: &str) -> Result<(), ChiefError> {
    let parsed = PasswordHash::new(phc).map_err(|e| ChiefError::BadHash(e.to_string()))?;
    if !parsed.algorithm.as_str().starts_with("argon2") || parsed.hash.is_none() {
        return Err(ChiefError::BadHash(format!("not an argon2 hash: {}", parsed.algorithm)));
    }
    Ok(())
}

/// The gate before a chief arbiter's action: counts wrong tries in a row and makes the next one
/// wait after [`FREE_TRIES`]. Kept by the window for as long as it runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Gate {
    failures: u32,
    /// No try is taken before this instant (time since the window started).
    closed_until: Option<Duration>,
}

impl Gate {
    /// Wrong tries in a row.
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// Admits the chief arbiter at `now` when `passphrase` is the session's. While the gate
    /// waits, nothing is tried (not even the right passphrase).
    pub fn admit(&mut self, trust: &Trust, passphrase: &str, now: Duration) -> Result<(), ChiefError> {
        let phc = trust.chief.as_deref().ok_or(ChiefError::NotSet)?;
        self.open_at(now)?;
        let matched = matches(phc, passphrase)?;
        self.settle(matched, now)
    }

    /// Whether a try is taken at `now` (the slow check itself may then run elsewhere, on a
    /// worker thread, and its answer be given to [`Gate::settle`]).
    pub fn open_at(&self, now: Duration) -> Result<(), ChiefError> {
        match self.closed_until {
            Some(until) if now < until => Err(ChiefError::Wait { wait: until - now }),
            _ => Ok(()),
        }
    }

    /// Counts a try's answer at `now`: the right passphrase opens the gate and starts the count
    /// again; a wrong one counts, and after [`FREE_TRIES`] in a row makes the next try wait.
    pub fn settle(&mut self, matched: bool, now: Duration) -> Result<(), ChiefError> {
        if matched {
            *self = Gate::default();
            return Ok(());
        }
        self.failures += 1;
        if self.failures >= FREE_TRIES {
            let doublings = (self.failures - FREE_TRIES).min(8);
            let wait = FIRST_WAIT.saturating_mul(1 << doublings).min(MAX_WAIT);
            self.closed_until = Some(now + wait);
            return Err(ChiefError::Wait { wait });
        }
        Err(ChiefError::Wrong {
            failures: self.failures,
        })
    }
}

/// A chief arbiter's change refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ChiefChangeError {
    #[error("{0}")]
    Passphrase(#[from] ChiefError),
    #[error("{0}")]
    Change(#[from] SessionError),
}

impl Session {
    /// Applies `change` as the chief arbiter named in `stamp`, once `passphrase` passes `gate`
    /// at `now`: the one way an override, a one-sided clock correction or the dismissal of an
    /// incident is made by a program (replaying the journal applies the recorded change).
    pub fn apply_as_chief(
        &mut self,
        gate: &mut Gate,
        passphrase: &str,
        now: Duration,
        stamp: &Stamp,
        change: &Change,
    ) -> Result<(), ChiefChangeError> {
        gate.admit(&self.trust, passphrase, now)?;
        let stamp = Stamp {
            role: Role::ChiefArbiter,
            ..stamp.clone()
        };
        Ok(self.apply(&stamp, change)?)
    }
}

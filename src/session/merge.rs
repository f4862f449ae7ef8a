//! Several workstations in one hall: the chief arbiter's session takes the confirmed results of
//! the others' session files (a shared folder, a USB stick), table by table, never silently.
//!
//! - Only a result the other workstation has confirmed (both players and its arbiter, Art. 16.4)
//!   is taken, with the whole game (record, clock, ledger, marks, signatures), as one
//!   [`Change::TakeTable`] and so one audit entry per table, naming the file it came from.
//! - Ours confirmed and theirs the same: nothing to do. Ours confirmed and theirs different, or
//!   the same table with other players: a [`Finding::Conflict`] for the chief arbiter to settle
//!   (by an override with a reason at that table); nothing changes.
//! - Theirs not confirmed: left where it is, and listed.
//! - A file of another event, or whose audit trail does not verify, is refused whole.

use std::fmt;
use std::path::Path;

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::model::{Player, PlayerId, Session, Table, TableId};
use super::ops::Change;
use super::store::{self, StoreError};
use crate::scoring::GameResult;

/// What the merge found at one table of the other workstation's file.
#[derive(Clone, Debug, PartialEq)]
pub enum Finding {
    /// Their confirmed result is taken (`replaces`: the result our table had, not confirmed).
    Take {
        table: TableId,
        result: GameResult,
        replaces: Option<Option<GameResult>>,
    },
    /// Both confirmed the same result.
    Agree { table: TableId, result: GameResult },
    /// Both confirmed, with different results, or the table has other players here: the chief
    /// arbiter settles it.
    Conflict { table: TableId, why: Conflict },
    /// Their result is not confirmed (or there is none): not taken.
    NotConfirmed { table: TableId, result: Option<GameResult> },
}

/// Why a table cannot be merged.
#[derive(Clone, Debug, PartialEq)]
pub enum Conflict {
    /// Two different confirmed results.
    Results {
        ours: Option<GameResult>,
        theirs: Option<GameResult>,
    },
    /// The same table number with other players (`names`: ours then theirs, black v white).
    Players { ours: [String; 2], theirs: [String; 2] },
}

impl Finding {
    pub fn table(&self) -> TableId {
        match self {
            Finding::Take { table, .. }
            | Finding::Agree { table, .. }
            | Finding::Conflict { table, .. }
            | Finding::NotConfirmed { table, .. } => *table,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let re = |r: &Option<GameResult>| r.as_ref().map_or_else(|| "none".to_string(), GameResult::sgf_re);
        match self {
            Finding::Take {
                table,
                result,
                replaces,
            } => {
                write!(f, "{table}: taken, {} confirmed", result.sgf_re())?;
                match replaces {
                    Some(old) => write!(f, " (replaces our unconfirmed {})", re(old)),
                    None => Ok(()),
                }
            }
            Finding::Agree { table, result } => write!(f, "{table}: already {} here", result.sgf_re()),
            Finding::Conflict {
                table,
                why: Conflict::Results { ours, theirs },
            } => write!(
                f,
                "{table}: CONFLICT, confirmed {} here and {} there: the chief arbiter settles it",
                re(ours),
                re(theirs)
            ),
            Finding::Conflict {
                table,
                why: Conflict::Players { ours, theirs },
            } => write!(
                f,
                "{table}: CONFLICT, {} v {} here but {} v {} there: the chief arbiter settles it",
                ours[0], ours[1], theirs[0], theirs[1]
            ),
            Finding::NotConfirmed { table, result: None } => write!(f, "{table}: no result there"),
            Finding::NotConfirmed { table, result } => {
                write!(f, "{table}: not taken, {} is not confirmed there", re(result))
            }
        }
    }
}

/// What merging one file does: the findings, table by table, and the changes that take the
/// confirmed results (players and rounds we lack first, then one [`Change::TakeTable`] each).
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The file, as the audit trail names it: its name and the start of its SHA-256.
    pub source: String,
    pub findings: Vec<Finding>,
    pub changes: Vec<Change>,
}

impl Plan {
    pub fn taken(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| matches!(f, Finding::Take { .. }))
            .count()
    }

    pub fn conflicts(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| matches!(f, Finding::Conflict { .. }))
            .count()
    }
}

/// Why another workstation's file cannot be merged at all.
#[derive(Debug, Error)]
pub enum MergeError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("{file}: its audit trail does not verify ({why}): its results cannot be trusted")]
    Chain { file: String, why: super::ChainError },
    #[error("{file} is a session of another event (`{theirs}`, not `{ours}`)")]
    OtherEvent { file: String, ours: String, theirs: String },
}

/// Another workstation's session file (snapshot and journal, read only), with the name the audit
/// trail gives it. Refused when its audit chain does not verify.
pub fn load_other(path: &Path) -> Result<(Session, String), MergeError> {
    let loaded = store::load(path)?;
    let file = path
        .file_name()
        .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
    if let Err(why) = loaded.chain {
        return Err(MergeError::Chain { file, why });
    }
    let digest = std::fs::read(path)
        .map(|bytes| Sha256::digest(&bytes))
        .map_err(|source| StoreError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    Ok((loaded.session, format!("{file} (sha256 {hex}...)")))
}

/// The plan for taking `theirs`' confirmed results into `ours`.
pub fn plan(ours: &Session, theirs: &Session, source: &str) -> Result<Plan, MergeError> {
    if ours.event.name.trim() != theirs.event.name.trim() {
        return Err(MergeError::OtherEvent {
            file: source.to_string(),
            ours: ours.event.name.clone(),
            theirs: theirs.event.name.clone(),
        });
    }
    let mut players = Players::new(ours);
    let mut rounds: Vec<u32> = ours.rounds.iter().map(|r| r.number).collect();
    let mut findings = Vec::new();
    let mut changes = Vec::new();
    for (id, their) in theirs.tables() {
        let names = |s: &Session, t: &Table| [name(s, t.black), name(s, t.white)];
        let ours_table = ours.table(id);
        if let Some(our) = ours_table
            && names(ours, our) != names(theirs, their)
        {
            findings.push(Finding::Conflict {
                table: id,
                why: Conflict::Players {
                    ours: names(ours, our),
                    theirs: names(theirs, their),
                },
            });
            continue;
        }
        let theirs_result = their.game.result;
        let (true, Some(result)) = (their.game.is_confirmed(), theirs_result) else {
            findings.push(Finding::NotConfirmed {
                table: id,
                result: theirs_result,
            });
            continue;
        };
        match ours_table {
            Some(our) if our.game.is_confirmed() && our.game.result == theirs_result => {
                findings.push(Finding::Agree { table: id, result });
                continue;
            }
            Some(our) if our.game.is_confirmed() => {
                findings.push(Finding::Conflict {
                    table: id,
                    why: Conflict::Results {
                        ours: our.game.result,
                        theirs: theirs_result,
                    },
                });
                continue;
            }
            _ => {}
        }
        if !rounds.contains(&id.round) {
            let date = theirs.round(id.round).map(|r| r.date.clone()).unwrap_or_default();
            changes.push(Change::Round { number: id.round, date });
            rounds.push(id.round);
        }
        let mut added = Vec::new();
        let (Some(black), Some(white)) = (
            players.ours_for(theirs, their.black, &mut added),
            players.ours_for(theirs, their.white, &mut added),
        ) else {
            // A table whose player is not in its own file: never created through `apply`.
            findings.push(Finding::Conflict {
                table: id,
                why: Conflict::Players {
                    ours: ours_table.map_or_else(Default::default, |t| names(ours, t)),
                    theirs: names(theirs, their),
                },
            });
            continue;
        };
        changes.append(&mut added);
        changes.push(Change::TakeTable {
            table: id,
            black,
            white,
            game: Box::new(their.game.clone()),
            from: source.to_string(),
        });
        findings.push(Finding::Take {
            table: id,
            result,
            replaces: ours_table.map(|t| t.game.result),
        });
    }
    Ok(Plan {
        source: source.to_string(),
        findings,
        changes,
    })
}

fn name(session: &Session, id: PlayerId) -> String {
    session
        .player(id)
        .map_or_else(|| format!("player {}", id.0), |p| p.name.clone())
}

/// Their players as ours: the same name is the same player; a player we lack is added with the
/// next free id.
struct Players {
    known: Vec<Player>,
    next: u32,
}

impl Players {
    fn new(ours: &Session) -> Players {
        Players {
            known: ours.players.clone(),
            next: ours.players.iter().map(|p| p.id.0 + 1).max().unwrap_or(0),
        }
    }

    fn ours_for(&mut self, theirs: &Session, id: PlayerId, changes: &mut Vec<Change>) -> Option<PlayerId> {
        let mut player = theirs.player(id)?.clone();
        if let Some(p) = self.known.iter().find(|p| p.name.trim() == player.name.trim()) {
            return Some(p.id);
        }
        player.id = PlayerId(self.next);
        self.next += 1;
        changes.push(Change::Player(player.clone()));
        self.known.push(player.clone());
        Some(player.id)
    }
}

/// What the `merge` command did: its text, and how many conflicts wait for the chief arbiter.
pub struct Report {
    pub text: String,
    pub conflicts: usize,
}

/// The `merge` command: each of `others` planned against the chief's session at `path` in turn
/// (a file's results taken before the next is planned, so two files confirming one table
/// differently make a conflict); with `stamp`, the changes are recorded in the session's journal
/// and snapshot, else only printed.
pub fn run(path: &Path, others: &[std::path::PathBuf], stamp: Option<&super::Stamp>) -> Result<Report, MergeError> {
    let (mut store, loaded) = match stamp {
        Some(_) => {
            let (store, loaded) = super::Store::open(path)?;
            (Some(store), loaded)
        }
        None => (None, store::load(path)?),
    };
    let mut session = loaded.session;
    let mut text = String::new();
    let mut conflicts = 0;
    for other in others {
        let (theirs, source) = load_other(other)?;
        let plan = plan(&session, &theirs, &source)?;
        text.push_str(&format!("{source}:\n"));
        for finding in &plan.findings {
            text.push_str(&format!("  {finding}\n"));
        }
        conflicts += plan.conflicts();
        match (&mut store, stamp) {
            (Some(store), Some(stamp)) => {
                for change in &plan.changes {
                    store.record(&mut session, stamp, change)?;
                }
                text.push_str(&format!("  {} results taken\n", plan.taken()));
            }
            _ => {
                // Planned on a copy so the next file sees what this one would bring.
                let stamp = super::Stamp::new("", "merge plan", super::Role::ChiefArbiter);
                for change in &plan.changes {
                    session.apply(&stamp, change).map_err(StoreError::from)?;
                }
                text.push_str(&format!(
                    "  {} results to take (run with --apply --chief NAME)\n",
                    plan.taken()
                ));
            }
        }
    }
    if let Some(store) = store {
        store.close(&session)?;
    }
    if conflicts > 0 {
        text.push_str(&format!(
            "{conflicts} conflicts: the chief arbiter settles each at its table (an override with a reason)\n"
        ));
    }
    Ok(Report { text, conflicts })
}

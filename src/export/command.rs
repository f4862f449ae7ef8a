//! The `go-arbiter export FILE.ron` command: its options and what each writes.

use std::fs;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};
use jiff::tz::TimeZone;

use crate::session::check;
use crate::session::key::ChainKey;
use crate::session::store::KeyCheck;
use crate::session::{Session, TableId, store};

use super::{ExportError, aga, csv, egf, opengotha, png, sgf, slip, standings};

/// `export FILE.ron --csv|--sgf DIR|--png DIR|--h9|--opengotha|--opengotha-copy OUT|--aga|--standings [--as-csv]`.
#[derive(Args, Debug, Clone)]
#[command(group(ArgGroup::new("what").required(true).args(["csv", "sgf", "png", "h9", "opengotha", "opengotha_copy", "aga", "standings"]).multiple(false)))]
pub struct ExportArgs {
    /// The session file.
    pub file: PathBuf,
    /// Results per round as CSV, on standard output.
    #[arg(long)]
    pub csv: bool,
    /// One SGF file per game into DIR (r1-t1.sgf, ...).
    #[arg(long, value_name = "DIR")]
    pub sgf: Option<PathBuf>,
    /// The final position (r1-t1.png) and the result slip (r1-t1.slip.png) of each game as PNG into DIR.
    #[arg(long, value_name = "DIR")]
    pub png: Option<PathBuf>,
    /// The EGF tournament table (.h9), on standard output.
    #[arg(long)]
    pub h9: bool,
    /// An OpenGotha tournament file (XML), on standard output.
    #[arg(long)]
    pub opengotha: bool,
    /// The organiser's OpenGotha file (the one imported) copied to OUT with the session's confirmed
    /// results; the original is never written. Prints what went in.
    #[arg(long = "opengotha-copy", value_name = "OUT")]
    pub opengotha_copy: Option<PathBuf>,
    /// The AGA results format, on standard output (every player needs an AGA id).
    #[arg(long)]
    pub aga: bool,
    /// The standings by Art. 27 for the event's declared system as a text table (a team event:
    /// the teams' table first; with --as-csv: the players as CSV), on standard output.
    #[arg(long)]
    pub standings: bool,
    /// With --standings: CSV instead of the text table.
    #[arg(long = "as-csv", requires = "standings")]
    pub as_csv: bool,
    /// Export even though the file's audit chain or journal is broken (`go-arbiter check` says
    /// where): its results may have been changed outside the app.
    #[arg(long = "despite-broken-chain")]
    pub despite_broken_chain: bool,
    /// The session's chain key file (else its key from the settings folder, when it is there):
    /// a file whose seals do not hold under it is refused like a broken chain.
    #[arg(long, value_name = "KEYFILE")]
    pub key: Option<PathBuf>,
}

/// What to export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Csv,
    Sgf(PathBuf),
    Png(PathBuf),
    H9,
    OpenGotha,
    OpenGothaCopy(PathBuf),
    Aga,
    Standings { csv: bool },
}

impl ExportArgs {
    pub fn target(&self) -> Target {
        if let Some(dir) = &self.sgf {
            Target::Sgf(dir.clone())
        } else if let Some(dir) = &self.png {
            Target::Png(dir.clone())
        } else if self.h9 {
            Target::H9
        } else if self.opengotha {
            Target::OpenGotha
        } else if let Some(out) = &self.opengotha_copy {
            Target::OpenGothaCopy(out.clone())
        } else if self.aga {
            Target::Aga
        } else if self.standings {
            Target::Standings { csv: self.as_csv }
        } else {
            Target::Csv
        }
    }
}

/// Reads the session file (with its chain `key`, when there is one) and exports it; returns
/// what to print. A file whose chain, journal or seals do not hold is refused, saying why.
/// `system` is the system's time zone, read by the caller (the edge): the slips show the
/// confirmations in the event's zone, else in it.
pub fn run(args: &ExportArgs, key: Option<&ChainKey>, system: &TimeZone) -> Result<String, ExportError> {
    let loaded = store::load_keyed(&args.file, key).map_err(|e| ExportError::Load(e.to_string()))?;
    if !args.despite_broken_chain {
        let why = match (&loaded.chain, &loaded.journal_stop, &loaded.key) {
            (Err(e), _, _) => Some(e.to_string()),
            (Ok(()), Some(stop), _) => Some(format!("journal line {}: {}", stop.line, stop.why)),
            // Edited without the key: a forger can recompute the chain, not the seal.
            (Ok(()), None, k @ (KeyCheck::Unsealed | KeyCheck::SealBroken)) => Some(check::key_text(k)),
            (Ok(()), None, _) => None,
        };
        if let Some(why) = why {
            return Err(ExportError::BrokenChain(why));
        }
    }
    export(&loaded.session, &args.target(), system)
}

/// The file name of a game's export: `r1-t3.sgf`.
pub fn file_name(id: TableId, extension: &str) -> String {
    format!("r{}-t{}.{extension}", id.round, id.table)
}

/// Exports `session` to `target`: text to print, or files written and their list. The slips say
/// their times in the event's zone, else in `system`'s (the system's, read at the edge).
pub fn export(session: &Session, target: &Target, system: &TimeZone) -> Result<String, ExportError> {
    match target {
        Target::Csv => csv::results(session),
        Target::H9 => egf::h9(session),
        Target::OpenGotha => opengotha::xml(session),
        Target::Aga => aga::results(session),
        Target::OpenGothaCopy(out) => {
            let r = opengotha::write_copy(session, out)?;
            let list = |ids: &[TableId]| ids.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            let mut text = format!(
                "{}: {} results written ({})\n",
                out.display(),
                r.written.len(),
                list(&r.written)
            );
            if !r.not_confirmed.is_empty() {
                text.push_str(&format!(
                    "not confirmed, left as in the file: {}\n",
                    list(&r.not_confirmed)
                ));
            }
            if !r.not_in_file.is_empty() {
                text.push_str(&format!("not in the file: {}\n", list(&r.not_in_file)));
            }
            if r.changed_since_import {
                text.push_str("the organiser's file changed since the import: its games were checked one by one\n");
            }
            Ok(text)
        }
        Target::Standings { csv } => {
            let system = standings::declared(session);
            let list = standings::standings(session, system)?;
            Ok(if *csv {
                standings::csv(&list, system)?
            } else if system.is_team() {
                let teams = standings::teams::team_standings(session, system);
                format!(
                    "{}\n{}",
                    standings::teams::text(&teams, system),
                    standings::text(&list, system)
                )
            } else {
                standings::text(&list, system)
            })
        }
        Target::Sgf(dir) => {
            let mut written = String::new();
            for (id, table) in session.tables() {
                let path = dir.join(file_name(id, "sgf"));
                write(&path, sgf::game_sgf(session, id, table)?.as_bytes())?;
                written.push_str(&format!("{}\n", path.display()));
            }
            Ok(written)
        }
        Target::Png(dir) => {
            let mut written = String::new();
            for (id, table) in session.tables() {
                let path = dir.join(file_name(id, "png"));
                write(&path, &png::final_position(id, table)?)?;
                written.push_str(&format!("{}\n", path.display()));
                let path = dir.join(file_name(id, "slip.png"));
                write(
                    &path,
                    &slip::slip(session, id, table, &super::event_zone(session, system))?,
                )?;
                written.push_str(&format!("{}\n", path.display()));
            }
            Ok(written)
        }
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    let io = |e: std::io::Error| ExportError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(io)?;
    }
    fs::write(path, bytes).map_err(io)
}

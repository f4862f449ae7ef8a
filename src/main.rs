//! The `go-arbiter` binary: no arguments opens the workstation; subcommands run headless.
//! Parses the command line, runs, and maps errors to exit codes (1 bad input, 2 usage).

use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Instant;

use anyhow::Context;
use clap::{Parser, Subcommand};
use go_arbiter::board::Color;
use go_arbiter::rules::Preset;
use go_arbiter::score::{self, DeadFrom};

#[derive(Parser)]
#[command(
    name = "go-arbiter",
    version,
    about = "A workstation for Go (weiqi, baduk) arbiters",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// A session file (.ron) to open in the window (also GO_ARBITER_SESSION).
    #[arg(long, value_name = "FILE")]
    session: Option<PathBuf>,
    /// A session file (.ron) to open in the window, as `go-arbiter day.ron`.
    #[arg(value_name = "SESSION")]
    file: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Replay an SGF record: final position, moves, prisoners, illegal moves and cycles.
    Replay {
        file: PathBuf,
        /// Print JSON for machines.
        #[arg(long)]
        json: bool,
    },
    /// Count the final position: dead stones, both sides' counts, one-side counting, result.
    Score {
        file: PathBuf,
        /// Count under these rules (chinese, japanese, aga, ...), with their komi.
        #[arg(long)]
        rules: Option<Preset>,
        /// Komi in points.
        #[arg(long, allow_hyphen_values = true)]
        komi: Option<f64>,
        /// Count one side only, as arbiters do under Chinese rules.
        #[arg(long, value_enum)]
        count: Option<Side>,
        /// Where dead stones come from: suggested (auto), none, or SGF territory markup.
        #[arg(long, value_enum, default_value_t = DeadFrom::Auto)]
        dead: DeadFrom,
        /// The seed of the dead-stone suggestion.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Warnings against Black: one stone each at the count (Art. 24.1); at most 361 (no more
        /// stones than a board has, so no count overflows).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=361))]
        warnings_black: u32,
        /// Warnings against White.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=361))]
        warnings_white: u32,
        /// The counted side's stones as counted on the board ("184 1/2"), to be checked.
        #[arg(long)]
        counted: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Suggest dead stones and count every finished game under the folders, against the
    /// recorded results; prints the accuracy table by board size.
    Accuracy {
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// List every game whose margin is not exact.
        #[arg(long)]
        misses: bool,
        /// Give the guesser only the final position as setup stones, without the moves.
        #[arg(long)]
        setup_only: bool,
        /// Leave out folders with this name (such as `bad`); may be repeated.
        #[arg(long)]
        skip: Vec<String>,
        /// Flag a chain "check this" below this confidence (default: the engine's).
        #[arg(long)]
        doubt: Option<f32>,
        /// Who suggests the dead stones: the built-in guesser, or KataGo through our client.
        #[arg(long, value_enum, default_value_t = Engine::BuiltIn)]
        engine: Engine,
        /// KataGo's program (default: KATAGO_PROGRAM, else `katago` on PATH).
        #[arg(long)]
        katago: Option<PathBuf>,
        /// KataGo's network (default: KATAGO_MODEL, else KataGo's own default).
        #[arg(long)]
        katago_model: Option<PathBuf>,
        /// KataGo's analysis config (default: KATAGO_CONFIG, else a minimal one).
        #[arg(long)]
        katago_config: Option<PathBuf>,
    },
    /// The penalty ledger: offences and sanctions per rule edition.
    Ledger {
        #[command(subcommand)]
        command: LedgerCommand,
    },
    /// Check a session file: read it, verify its audit chain, its journal and its seals under the
    /// chain key, print a summary (exit 1 when broken, or when the keyed part cannot be verified).
    Check {
        file: PathBuf,
        /// The chain key file; without it, the key of the session is looked for in the settings
        /// folder (`keys/ID.key`).
        #[arg(long)]
        key: Option<PathBuf>,
        /// A result slip's verification code: says whether that result is still the one confirmed
        /// (exit 1 when not).
        #[arg(long)]
        code: Option<String>,
    },
    /// The chain key of a session, to take to a second workstation.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// Export a session: results CSV, SGF per game, PNG diagrams, EGF .h9, OpenGotha XML, standings.
    Export(go_arbiter::export::command::ExportArgs),
    /// Take other workstations' confirmed results into the chief arbiter's session: prints what
    /// each file brings (taken, already here, conflicts, not confirmed); with --apply records it,
    /// one audit entry per table taken.
    Merge {
        /// The chief arbiter's session file.
        session: PathBuf,
        /// The other workstations' session files (read only).
        #[arg(required = true)]
        others: Vec<PathBuf>,
        /// Record the taken results in the session (otherwise only print the plan).
        #[arg(long, requires = "chief")]
        apply: bool,
        /// The chief arbiter's name, for the audit trail.
        #[arg(long)]
        chief: Option<String>,
    },
    /// Read a physical board from a photo (JPEG or PNG): prints the position as lines of `.`, `B`,
    /// `W` separated by spaces, row 0 = the top of the photo; exit 1 when no board is found.
    Photo {
        file: PathBuf,
        /// The four corner intersections in the photo's pixels, X1,Y1,X2,Y2,X3,Y3,X4,Y4 (any
        /// order); without them the board is looked for.
        #[arg(long, allow_hyphen_values = true)]
        corners: Option<String>,
        /// The board's size: 9, 13 or 19.
        #[arg(long, default_value_t = 19)]
        size: usize,
    },
    /// Read every photo under DIR that has a .txt of the same name, with the corners given (from
    /// --corners FILE) and found; prints the accuracy table per folder.
    PhotoAccuracy {
        dir: PathBuf,
        /// The corners file: `NAME X1,Y1,...,X4,Y4` a line, NAME relative to DIR.
        #[arg(long)]
        corners: Option<PathBuf>,
        /// List every photo read wrong.
        #[arg(long)]
        misses: bool,
    },
    /// The byo-yomi caller.
    Caller {
        #[command(subcommand)]
        command: CallerCommand,
    },
}

/// Who suggests the dead stones in `accuracy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Engine {
    /// The built-in guesser (`scoring::dead`).
    BuiltIn,
    /// KataGo's analysis engine, one visit, ownership below -0.5 dead.
    Katago,
}

#[derive(Subcommand)]
enum KeyCommand {
    /// Write the chain key of the session FILE (from this workstation's settings folder) to OUT.
    Export { file: PathBuf, out: PathBuf },
    /// Keep the key file KEYFILE in this workstation's settings folder.
    Import { keyfile: PathBuf },
}

/// The settings folder, or an error saying there is none.
fn settings_folder() -> anyhow::Result<PathBuf> {
    go_arbiter::ui::settings::folder()
        .ok_or_else(|| anyhow::anyhow!("no settings folder: set {}", go_arbiter::ui::settings::FOLDER_VAR))
}

/// The chain key for `file`: the one given, else the session's from the settings folder (none
/// when the session is not keyed or its key is not there).
fn key_for(
    file: &std::path::Path,
    given: Option<&std::path::Path>,
) -> anyhow::Result<Option<go_arbiter::session::key::ChainKey>> {
    use go_arbiter::session::key;
    if let Some(path) = given {
        return Ok(Some(key::ChainKey::read(path)?));
    }
    let (session, _) = go_arbiter::session::store::read_snapshot(file)?;
    let (Some(id), Some(dir)) = (session.trust.key_id, go_arbiter::ui::settings::folder()) else {
        return Ok(None);
    };
    Ok(key::find(&dir, &id).ok())
}

#[derive(Subcommand)]
enum CallerCommand {
    /// Print the announcements a simulated game with these move times would hear.
    Preview {
        /// The time control: chinese:60m/5, japanese:10m+3x30s, absolute:60m, canadian:60m+15/10m,
        /// fischer:30m+20s, or a preset name.
        #[arg(long)]
        control: go_arbiter::clock::TimeControl,
        /// The language of the words: zh or en.
        #[arg(long, value_enum, default_value = "zh")]
        lang: go_arbiter::lang::Lang,
        /// Seconds per move, Black first, alternating: 35,61,75 (decimals allowed: 59.9).
        #[arg(long)]
        moves: String,
        /// Print JSON: a list of {"at", "player", "clip", "text"}.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum LedgerCommand {
    /// Print the catalogue of offences as a table to pin up.
    Catalogue {
        /// The rule edition: 2002 or old.
        #[arg(long, default_value = "2002")]
        edition: go_arbiter::ledger::Edition,
        /// The language of the table: en or zh.
        #[arg(long, value_enum, ignore_case = true, default_value = "en")]
        lang: go_arbiter::lang::Lang,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Side {
    Black,
    White,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(file) = cli.file.as_ref().filter(|f| f.extension().is_none_or(|e| e != "ron")) {
        // A word that is neither a command nor a session file is a usage error, not a window.
        eprintln!(
            "go-arbiter: '{}' is neither a command nor a session file (.ron); see go-arbiter --help",
            file.display()
        );
        return ExitCode::from(2);
    }
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("go-arbiter: {}", error_text(&e));
            ExitCode::from(1)
        }
    }
}

/// The error and its causes, each said once: our errors already name their cause in their own
/// text ("...: Is a directory"), so a cause already said is not repeated.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let said = cause.to_string();
        if text.contains(&said) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&said);
    }
    text
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Photo { file, corners, size }) => {
            use go_arbiter::photo;
            let corners = match corners {
                Some(text) => Some(photo::accuracy::parse_corners(&text).ok_or_else(|| {
                    anyhow::anyhow!("--corners '{text}': expected eight numbers X1,Y1,X2,Y2,X3,Y3,X4,Y4")
                })?),
                None => None,
            };
            let bytes = std::fs::read(&file).with_context(|| format!("{}", file.display()))?;
            let reading = photo::read(&bytes, size, corners).with_context(|| format!("{}", file.display()))?;
            print!("{}", photo::text::write(reading.size, &reading.stones()));
            let unsure = reading.unsure();
            if unsure > 0 {
                eprintln!("go-arbiter: {unsure} points read with little confidence; check them");
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::PhotoAccuracy { dir, corners, misses }) => {
            use go_arbiter::photo::accuracy;
            let corners = match corners {
                Some(path) => accuracy::read_corners(&path)?,
                None => Default::default(),
            };
            let report = accuracy::run(&dir, &corners, true)?;
            print!("{}", accuracy::table(&report));
            if misses {
                for folder in report.values() {
                    for miss in &folder.misses {
                        println!("{miss}");
                    }
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        None => {
            let opened = match cli.session.or(cli.file) {
                Some(path) => go_arbiter::ui::run_window_with(Some(path)),
                None => go_arbiter::ui::run_window(),
            };
            opened.map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Replay { file, json }) => {
            let game = go_arbiter::sgf::read_file(&file).with_context(|| format!("{}", file.display()))?;
            let report = go_arbiter::replay::replay(&game);
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print!("{}", report.to_text());
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Score {
            file,
            rules,
            komi,
            count,
            dead,
            seed,
            warnings_black,
            warnings_white,
            counted,
            json,
        }) => {
            let game = go_arbiter::sgf::read_file(&file).with_context(|| format!("{}", file.display()))?;
            let count = count.map(|s| match s {
                Side::Black => Color::Black,
                Side::White => Color::White,
            });
            let warnings = [warnings_black, warnings_white];
            let options = score::Options {
                rules,
                komi,
                count,
                dead,
                seed,
                warnings,
                counted,
            };
            let started = Instant::now();
            let mut report = score::score(&game, &options).with_context(|| format!("{}", file.display()))?;
            report.seconds = started.elapsed().as_secs_f64();
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print!("{}", report.to_text());
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Accuracy {
            dirs,
            seed,
            misses,
            setup_only,
            skip,
            doubt,
            engine,
            katago,
            katago_model,
            katago_config,
        }) => {
            let from_env =
                |given: Option<PathBuf>, var: &str| given.or_else(|| std::env::var_os(var).map(PathBuf::from));
            let katago = (engine == Engine::Katago).then(|| go_arbiter::katago::Settings {
                program: from_env(katago, "KATAGO_PROGRAM").unwrap_or_else(|| PathBuf::from("katago")),
                model: from_env(katago_model, "KATAGO_MODEL"),
                config: from_env(katago_config, "KATAGO_CONFIG"),
                ..Default::default()
            });
            let options = go_arbiter::accuracy::Options {
                seed,
                setup_only,
                skip,
                doubt: doubt.unwrap_or(go_arbiter::scoring::dead::DOUBT),
                katago,
            };
            let (checks, took) = go_arbiter::accuracy::run(&dirs, &options).map_err(anyhow::Error::msg)?;
            if misses {
                for c in checks.iter().filter(|c| !c.margin_exact()) {
                    println!(
                        "{}: recorded {:+} counted {:+} flagged {}",
                        c.file, c.recorded, c.counted, c.flagged
                    );
                }
            }
            print!("{}", go_arbiter::accuracy::table(&checks));
            println!("{} games in {:.1} s", checks.len(), took.as_secs_f64());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Ledger {
            command: LedgerCommand::Catalogue { edition, lang },
        }) => {
            print!("{}", go_arbiter::ledger::Catalogue::standard(edition).table(lang));
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Key {
            command: KeyCommand::Export { file, out },
        }) => {
            let (session, _) = go_arbiter::session::store::read_snapshot(&file)?;
            let id = session
                .trust
                .key_id
                .ok_or_else(|| anyhow::anyhow!("{}: the session is not keyed", file.display()))?;
            let key = go_arbiter::session::key::find(&settings_folder()?, &id)?;
            if out.exists() {
                anyhow::bail!("{} already exists: nothing is overwritten", out.display());
            }
            key.write(&out)?;
            println!(
                "key {id} written to {}: keep it secret; import it on the second workstation",
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Key {
            command: KeyCommand::Import { keyfile },
        }) => {
            let key = go_arbiter::session::key::ChainKey::read(&keyfile)?;
            let kept = go_arbiter::session::key::keep(&settings_folder()?, &key)?;
            println!("key {} kept in {}", key.id(), kept.display());
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Check { file, key, code }) => {
            let key = key_for(&file, key.as_deref())?;
            let report = go_arbiter::session::check::check_keyed(&file, key.as_ref(), code.as_deref())?;
            print!("{}", report.to_text());
            Ok(if report.ok() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Some(Command::Export(args)) => {
            // A key named must read; the settings folder's is used when it is there.
            let key = match &args.key {
                Some(given) => key_for(&args.file, Some(given))?,
                None => key_for(&args.file, None).ok().flatten(),
            };
            // The system's time zone, read here once: the slips' times are shown in the event's, else in it.
            let system = jiff::tz::TimeZone::system();
            print!("{}", go_arbiter::export::command::run(&args, key.as_ref(), &system)?);
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Merge {
            session,
            others,
            apply,
            chief,
        }) => {
            let stamp = chief.map(|name| {
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default();
                // The system's time zone, read here at the edge: the stamp says local time with its offset.
                go_arbiter::session::Stamp::new(
                    &go_arbiter::wall::record(now, &jiff::tz::TimeZone::system()),
                    &name,
                    go_arbiter::session::Role::ChiefArbiter,
                )
            });
            let report = go_arbiter::session::merge::run(&session, &others, stamp.filter(|_| apply).as_ref())?;
            print!("{}", report.text);
            Ok(if report.conflicts == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Some(Command::Caller {
            command:
                CallerCommand::Preview {
                    control,
                    lang,
                    moves,
                    json,
                },
        }) => {
            print!("{}", go_arbiter::caller::preview::render(&control, lang, &moves, json)?);
            Ok(ExitCode::SUCCESS)
        }
    }
}

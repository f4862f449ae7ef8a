//! The `go-arbiter` binary: no arguments opens the workstation; subcommands run headless.
//! Parses the command line, runs, and maps errors to exit codes (1 bad input, 2 usage).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "go-arbiter", version, about = "A workstation for Go (weiqi, baduk) arbiters")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("go-arbiter: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => {
            go_arbiter::ui::run_window().map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))?;
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
    }
}

//! The `rtg` command line: checks card and deck files (and, later, plays, simulates and replays
//! games).
//!
//! One module per subcommand: `check` is `rtg check`. A new subcommand is a new module with an
//! `Args` struct (clap derive, documented for `--help`) and a `run(&Args) -> ExitCode`, plus one
//! variant of [`Command`].
//!
//! Exit codes, for every subcommand: 0 success, 1 the input is invalid (or a check failed),
//! 2 a usage error (clap's own, or a path that does not exist). Bad input never makes the
//! program panic or print a backtrace: it is reported as an error message.

mod check;
mod output;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// rtg: a Rust engine for MTG-like card games.
///
/// Cards and decks are YAML files (see docs/cards.md). Exit status: 0 when all is well, 1 when
/// the input is invalid, 2 on a usage error.
#[derive(Parser, Debug)]
#[command(name = "rtg", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
enum Command {
    /// Check card and deck files, reporting every problem as `path:line:col: error: message`.
    ///
    /// Loads every card file first (all the card files and directories given, together, so
    /// cards may refer to each other across them), then every deck file against those cards.
    /// Prints every problem on standard output as `path:line:col: error: message` (without
    /// `line:col:` when the position is unknown), then a one-line summary such as `checked 52
    /// cards and 4 decks: 0 errors`.
    ///
    /// A directory is read for its `*.yaml` and `*.yml` files (not its subdirectories). A file is
    /// a deck when it is in a directory named `decks` or has a top-level `cards:` key; otherwise
    /// it is a card.
    ///
    /// Exit status: 0 when everything is valid, 1 when anything is invalid, 2 when a path does
    /// not exist (or on any other usage error).
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check::run(&args),
    }
}

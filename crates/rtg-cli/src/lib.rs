//! The `rtg` command line: checks card and deck files, runs scenario files, plays, simulates and
//! replays games, merges shard reports, and runs tournaments and goldfish runs.
//!
//! A library so that the Python package's `rtg` console command runs this very CLI
//! ([`run`]); the `rtg` binary is `main.rs`, one call to it.
//!
//! One module per subcommand: `check` is `rtg check`. A new subcommand is a new module with an
//! `Args` struct (clap derive, documented for `--help`) and a `run(Args) -> Result<(),
//! CliError>`, plus one variant of [`Command`].
//!
//! Exit codes, for every subcommand: 0 success, 1 the input is invalid (or a check failed, or
//! the output could not be written), 2 a usage error (clap's own, or a path that does not
//! exist). Everything printed on standard output goes through [`output`], which reports a failed
//! write at the end of `main` (a closed pipe excepted: the output just ends). Bad input never
//! makes the program panic or print a backtrace: it is reported as an error message.

/// `println!` that never panics: formats its arguments and prints them with [`output::out`].
macro_rules! out {
    () => {
        crate::output::out("")
    };
    ($($arg:tt)*) => {
        crate::output::out(format_args!($($arg)*))
    };
}

mod card_impact;
mod check;
mod content;
mod goldfish;
mod human;
mod ladder;
mod library;
mod merge;
mod narrate;
mod output;
mod play;
mod replay;
mod reporting;
mod sample;
mod scenario;
mod settings;
mod setup;
mod signing;
mod simulate;
mod tournament;
mod verdict;
mod viewer;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// rtg: a Rust engine for MTG-like card games.
///
/// Cards and decks are YAML files (see docs/cards.md). Exit status: 0 when all is well, 1 when
/// the input is invalid or the output cannot be written (`> /dev/full`: the error says so on
/// standard error), 2 on a usage error. A closed pipe (`rtg play ... | head`) is not an error: the
/// output just ends.
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
    /// `line:col:` when the position is unknown), and every card that loads but looks like a
    /// mistake as `path:line:col: warning: message`, then a one-line summary such as `checked 70
    /// cards and 5 decks: 0 errors, 0 warnings`.
    ///
    /// A directory is read for its `*.yaml` and `*.yml` files (not its subdirectories). A file is
    /// a deck when it is in a directory named `decks` or has a top-level `cards:` key; otherwise
    /// it is a card.
    ///
    /// Exit status: 0 when everything is valid (warnings or not), 1 when anything is invalid or,
    /// with --deny-warnings, when there is a warning, 2 when a path does not exist (or on any
    /// other usage error).
    Check(check::Args),
    /// Run scenario files: set up a position, play the steps, check the outcome.
    ///
    /// Prints PASS or FAIL per scenario; on failure, the step, the check, what was expected and
    /// what was found. Cards come from --cards (repeatable), else the scenario's own `cards:`
    /// key, else `cards/`. Exit status: 0 all pass, 1 any fails or is invalid, 2 usage error.
    Scenario(scenario::ScenarioArgs),
    /// Play one game between two bots, printed turn by turn in words (hands, board, attacks,
    /// blocks, damage, buffs, deaths, winner). `--record FILE` writes a replay, `--html FILE` a
    /// viewer page, `--human a|b` lets you play one side against the bot.
    Play(play::PlayArgs),
    /// Play a batch of bot-vs-bot games between two decks, in parallel, and report win rates
    /// with confidence intervals, first-player advantage, turns and speed.
    Simulate(simulate::SimulateArgs),
    /// Play every ordered pair of decks (paired seeds) and report the matrix of win rates with
    /// 95% intervals, each deck's mean win rate and rank; `--html FILE` writes a page with a heat
    /// map.
    Tournament(tournament::TournamentArgs),
    /// Play a deck against a goldfish (an opponent who never acts and cannot lose by decking)
    /// and report the kill turn (mean, median, 10th and 90th percentiles, histogram), mana by
    /// turn and cards left in hand.
    Goldfish(goldfish::GoldfishArgs),
    /// Measure how much each card of a deck matters: the deck with one copy of a card swapped
    /// for a filler plays the same seeds against the same opponent; per card the win-rate change
    /// with a paired 95% interval.
    ///
    /// The filler is the deck's most common mana card (ties broken by the smaller card id)
    /// unless --replace-with names another; it is never swapped for itself, so it has no row.
    /// The baseline (the unchanged deck) is played once. Rows are sorted by the change
    /// (swapped minus baseline), lowest first: the card whose removal hurts the deck most comes
    /// first. See docs/reports.md ("Card impact").
    CardImpact(card_impact::Args),
    /// Re-run a replay file and check every recorded state digest (exit 1 if any differs).
    /// A replay carries its cards' definitions and its rule set; `--html FILE` writes the game
    /// as a viewer page.
    ///
    /// The game is replayed under the rule set the file records (`settings.rules`; a replay
    /// without it is `ptg-0.2`), so there is no `--rules` here: the rule set is part of the
    /// state digest, and another one could only fail the replay.
    Replay(replay::ReplayArgs),
    /// Play a matchup at several bot strengths (rungs: the same bot on both sides, every rung on
    /// the same seeds) and call it only where the win rate has stopped moving: per rung the win
    /// rate with its 95% interval, on the play and on the draw; between rungs the paired shift;
    /// then "settled: A favoured / B favoured / even" or "unsettled" with what to raise.
    Verdict(verdict::VerdictArgs),
    /// Play every pair of bots on each deck's mirror match (seats alternated) and print each
    /// bot's Elo rating with a 95% interval and the pairwise win-rate matrix.
    Ladder(ladder::LadderArgs),
    /// Merge shard reports (`rtg simulate --shard K/N --json`) into the whole batch's report.
    Merge(merge::MergeArgs),
    /// Make an Ed25519 key pair for signed replays: `NAME.key` (secret: keep it) and `NAME.pub`
    /// (public: give it to whoever checks your replays). Neither file is overwritten. See
    /// `rtg play --sign` and `rtg replay --verify-key`, and docs/viewer.md.
    Keygen(KeygenArgs),
}

/// Prints clap's usage error on standard error, or the help or version asked for on standard
/// output, and gives the exit status: clap's own, or 1 when the help or version could not be
/// written (a closed pipe excepted).
fn clap_exit(error: &clap::Error) -> u8 {
    use std::io::Write;
    let code = u8::try_from(error.exit_code()).unwrap_or(2);
    let written = error.print().and_then(|()| std::io::stdout().flush());
    match written {
        Err(e) if code == 0 && e.kind() != std::io::ErrorKind::BrokenPipe => {
            finish(Err(content::CliError::Output(e)))
        }
        _ => code,
    }
}

/// `rtg keygen NAME`.
#[derive(clap::Args, Debug)]
struct KeygenArgs {
    /// The key pair's name: writes `NAME.key` and `NAME.pub`.
    name: std::path::PathBuf,
}

fn keygen(args: &KeygenArgs) -> Result<(), content::CliError> {
    let (secret, public) = signing::keygen(&args.name)?;
    out!(
        "secret key written to {} (keep it), public key to {}",
        secret.display(),
        public.display()
    );
    Ok(())
}

/// The exit status of a command's result, its error printed on standard error.
fn finish(result: Result<(), content::CliError>) -> u8 {
    match result {
        Ok(()) => 0,
        // Located diagnostics already read `path:line:col: error: ...`: one prefix, not two.
        Err(error @ content::CliError::Diagnostics(_)) => {
            output::err(format_args!("{error}"));
            error.code()
        }
        Err(error) => {
            output::err(format_args!("error: {error}"));
            error.code()
        }
    }
}

/// Runs the command line on these arguments (the first is the program's name, as in
/// `std::env::args_os()`) and gives its exit status. Never panics on any input.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    ExitCode::from(exit_status(args))
}

/// [`run`], its exit status as a number: 0 success, 1 invalid input or unwritable output, 2 a
/// usage error (for a caller that must pass the number on, as the Python console command does).
pub fn exit_status<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // RUST_LOG=rtg_rules=trace (or debug, ...) shows the engine's tracing output on stderr.
    if std::env::var_os("RUST_LOG").is_some() {
        use std::io::IsTerminal;
        // `try_init`: a process may run the command line more than once (the Python package).
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_ansi(std::io::stderr().is_terminal())
            .with_writer(std::io::stderr)
            .try_init();
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => return clap_exit(&error),
    };
    let code = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Scenario(args) => finish(scenario::run(args)),
        Command::Play(args) => finish(play::run(args)),
        Command::Simulate(args) => finish(simulate::run(args)),
        Command::Tournament(args) => finish(tournament::run(args)),
        Command::Goldfish(args) => finish(goldfish::run(args)),
        Command::CardImpact(args) => finish(card_impact::run(args)),
        Command::Replay(args) => finish(replay::run(args)),
        Command::Merge(args) => finish(merge::run(args)),
        Command::Ladder(args) => finish(ladder::run(args)),
        Command::Verdict(args) => finish(verdict::run(args)),
        Command::Keygen(args) => finish(keygen(&args)),
    };
    // Whatever the command printed must have been written: a failed write (`> /dev/full`) is an
    // error (exit 1, unless the command already failed with its own status); a closed pipe is not.
    let written = finish(output::finish());
    if code == 0 { written } else { code }
}

//! `rtg replay`: re-run a recorded game and check it comes out bit for bit the same.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{Matchup, Replay, ReplayCardsError, read_json};

use crate::content::CliError;
use crate::library::Library;
use crate::narrate::{Narration, Print};
use crate::output::path_problem;
use crate::settings::Settings;
use crate::setup::sources;
use crate::viewer::write_page;

/// Re-run a replay file, print the game, and fail if any state digest differs. The rule set is
/// the file's (see the subcommand's help in `main.rs`).
#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// The replay file (written by `rtg play --record`).
    file: PathBuf,
    /// Card directory or file (repeatable): compared with the definitions the replay carries,
    /// naming every card that differs. A version-1 replay (without definitions) is played with
    /// these alone, by default the bundled cards (and `cards/` when there is one).
    #[arg(long = "cards", value_name = "DIR")]
    cards: Vec<PathBuf>,
    /// Print only the verdict.
    #[arg(long)]
    quiet: bool,
    /// Print the engine's events under each action, besides the words.
    #[arg(long)]
    events: bool,
    /// Write the game as a viewer page: one self-contained HTML file (see docs/viewer.md).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Refuse the file unless `FILE.sig` is its signature by this public key (from `rtg
    /// keygen`, signed by `rtg play --sign`): a signature over the whole file, checked first.
    #[arg(long, value_name = "KEY")]
    verify_key: Option<PathBuf>,
}

/// The matchup to re-run the replay on: the definitions it carries, compared with the given
/// cards when there are any (naming every card that differs); a version-1 replay, which carries
/// none, is played with the given cards, or the bundled ones and `cards/`.
fn matchup_of(replay: &Replay, args: &ReplayArgs) -> Result<Matchup, CliError> {
    let file = args.file.display();
    let content = |e: ReplayCardsError| CliError::Content(format!("{file}: {e}"));
    if replay.cards.is_some() && args.cards.is_empty() {
        return replay.matchup_for(None).map_err(content);
    }
    // The folder given is what the replay is compared with, alone: the bundled cards would
    // make every card of its own a duplicate.
    let library = Library::open(&sources(
        &args.cards,
        &[],
        !args.cards.is_empty(),
        &Settings::load()?,
    ))?;
    let catalog = library.catalog();
    let lookup = |id: &str| catalog.get(id).cloned();
    replay.matchup_for(Some(&lookup)).map_err(content)
}

pub(crate) fn run(args: ReplayArgs) -> Result<(), CliError> {
    if let Some(problem) = path_problem(&args.file) {
        return Err(CliError::Usage(problem));
    }
    let replay: Replay = match &args.verify_key {
        // The bytes checked are the bytes replayed (the file is read once).
        Some(key) => {
            let bytes = rtg::sim::read_bounded(&args.file, rtg::sim::MAX_JSON_BYTES)
                .map_err(|e| CliError::Usage(format!("replay file: {e}")))?;
            crate::signing::verify(&args.file, &bytes, key)?;
            let json = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
            serde_json::from_slice(json).map_err(|e| {
                CliError::Content(format!("{}: not a replay file: {e}", args.file.display()))
            })?
        }
        None => read_json(&args.file, "replay file")?,
    };
    let matchup = matchup_of(&replay, &args)?;
    let print = Print::from_flags(args.quiet, args.events, true);
    let mut narration = Narration::new(print, args.html.is_some());
    let verified = replay.verify(&matchup, |state, action, events| {
        narration.observe(state, action, events)
    });
    narration.finish();
    if let (Ok(_), Some(path), Some(timeline)) = (&verified, &args.html, &narration.timeline) {
        write_page(path, &replay, timeline)?;
    }
    match verified {
        Ok(checked) => {
            let rules = replay.settings.rules;
            let rules = if rules == rtg::RuleSet::default() {
                String::new()
            } else {
                format!(" (rules {rules})")
            };
            out!(
                "replay OK{rules}: {} actions, {} of {} checkpoints and the final digest {} match",
                checked.actions,
                checked.checkpoints,
                replay.checkpoints.len(),
                replay.final_digest
            );
            Ok(())
        }
        Err(e) => Err(CliError::Content(format!("replay FAILED: {e}"))),
    }
}

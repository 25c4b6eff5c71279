//! `rtg replay`: re-run a recorded game and check it comes out bit for bit the same.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{DeckList, Matchup, Replay, read_json};
use rtg::yaml::Loader;

use crate::content::{CliError, load_catalog};
use crate::narrate::{Print, print_replay};
use crate::output::path_problem;

/// Re-run a replay file, print the game, and fail if any state digest differs.
#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// The replay file (written by `rtg play --record`).
    file: PathBuf,
    /// Card directory or file (repeatable). Default: `cards/`.
    #[arg(long = "cards", value_name = "DIR")]
    cards: Vec<PathBuf>,
    /// Print only the verdict.
    #[arg(long)]
    quiet: bool,
}

pub(crate) fn run(args: ReplayArgs) -> Result<(), CliError> {
    if let Some(problem) = path_problem(&args.file) {
        return Err(CliError::Usage(problem));
    }
    let replay: Replay = read_json(&args.file, "replay file")?;
    let loader = Loader::default();
    let paths = if args.cards.is_empty() {
        vec![PathBuf::from("cards")]
    } else {
        args.cards.clone()
    };
    let catalog = load_catalog(&loader, &paths)?;
    let deck = |i: usize| -> Result<DeckList, CliError> {
        let d = &replay.decks[i];
        let cards = d
            .cards
            .iter()
            .map(|id| {
                catalog.get(id).cloned().ok_or_else(|| {
                    CliError::Content(format!(
                        "{}: the replay's deck `{}` uses card `{id}`, which is not in the catalog",
                        args.file.display(),
                        d.name
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(DeckList {
            name: d.name.clone(),
            cards,
        })
    };
    let matchup = Matchup::new(deck(0)?, deck(1)?).map_err(|e| CliError::Content(e.to_string()))?;
    let print = if args.quiet {
        Print::Nothing
    } else {
        Print::Game
    };
    let verified = print_replay(&replay, &matchup, print);
    match verified {
        Ok(checked) => {
            out!(
                "replay OK: {} actions, {} of {} checkpoints and the final digest {} match",
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

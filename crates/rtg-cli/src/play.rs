//! `rtg play`: one game between two bots, printed turn by turn.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{Replay, SimConfig, play_game_observed};

use crate::content::CliError;
use crate::narrate::{Narration, Print};
use crate::setup::{BotArgs, ContentArgs, check_max_turns};

/// Play one game between two bots and print it turn by turn.
#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    /// Deck A: a deck file, or the stem of one in --decks (`aggro`).
    deck_a: String,
    /// Deck B.
    deck_b: String,
    /// Master seed (as for `rtg simulate`).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Which game of a `rtg simulate` batch with this seed to play (deck A goes first in even games).
    #[arg(long, default_value_t = 0)]
    game: u64,
    #[command(flatten)]
    bots: BotArgs,
    /// The turn limit (every player's turn counts); the game is a draw beyond it. At most 10000.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Write a replay file of the game (JSON) for `rtg replay`.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print only the result.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    content: ContentArgs,
}

pub(crate) fn run(args: PlayArgs) -> Result<(), CliError> {
    check_max_turns(args.max_turns)?;
    let matchup = args.content.matchup(&args.deck_a, &args.deck_b)?;
    let config = SimConfig {
        seed: args.seed,
        bots: args.bots.specs(),
        max_turns: args.max_turns,
        ..SimConfig::default()
    };
    let settings = config.game(args.game);
    let print = if args.quiet {
        Print::Result
    } else {
        Print::Game
    };
    // One run: the narration watches the game the replay is recorded from.
    let mut narration = Narration::new(print);
    let record = play_game_observed(&matchup, &settings, true, &mut |state, action, events| {
        narration.observe(state, action, events)
    });
    narration.finish();
    let replay = Replay::from_record(&matchup, &record);
    if let Some(error) = &record.error {
        return Err(CliError::Content(format!("engine error: {error}")));
    }
    if let Some(path) = &args.record {
        let json =
            serde_json::to_string_pretty(&replay).map_err(|e| CliError::Content(e.to_string()))?;
        std::fs::write(path, json + "\n")
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        out!("replay written to {}", path.display());
    }
    Ok(())
}

//! `rtg play`: one game between two bots (or a person and a bot), printed turn by turn.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{Replay, Side, SimConfig, play_game_observed};
use rtg::view::Timeline;

use crate::content::CliError;
use crate::human::{human_seat, play_human};
use crate::narrate::{Narration, Print};
use crate::setup::{BotArgs, ContentArgs, RulesArgs, check_max_turns};
use crate::viewer::write_page;

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
    /// Sign the replay file with this secret key (from `rtg keygen`), writing `FILE.sig`
    /// beside it: `rtg replay FILE --verify-key NAME.pub` then proves who recorded it.
    #[arg(long, value_name = "KEY", requires = "record")]
    sign: Option<PathBuf>,
    /// Print only the result.
    #[arg(long)]
    quiet: bool,
    /// Print the engine's events under each action, besides the words.
    #[arg(long)]
    events: bool,
    /// Play deck A's side (`a`) or deck B's (`b`) yourself, against the other side's bot:
    /// the legal actions are numbered at each of your decisions; `u` undoes, `q` quits,
    /// `show CARD` describes a card and `?` lists the commands. Reads standard input line by
    /// line, so a game can be piped in.
    #[arg(long, value_name = "a|b", value_parser = parse_side)]
    human: Option<Side>,
    /// Write the game as a viewer page: one self-contained HTML file (see docs/viewer.md).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
}

pub(crate) fn run(args: PlayArgs) -> Result<(), CliError> {
    check_max_turns(args.max_turns)?;
    let matchup = args.content.matchup(&args.deck_a, &args.deck_b)?;
    let config = SimConfig {
        seed: args.seed,
        bots: args.bots.specs()?,
        max_turns: args.max_turns,
        rules: args.rules.rules()?,
        ..SimConfig::default()
    };
    let settings = config.game(args.game);
    let print = Print::from_flags(args.quiet, args.events, false);
    let (record, mut replay, timeline) = match args.human {
        Some(side) => {
            let seat = human_seat(&settings, side).index();
            let mut narration = Narration::new(print, false).hiding(1 - seat);
            let mut input = std::io::stdin().lock();
            let record = play_human(&matchup, &settings, side, &mut input, &mut narration)?;
            let mut replay = Replay::from_record(&matchup, &record);
            replay.human = Some(side);
            // The page shows the game as it stands, without the moves taken back.
            let timeline = match &args.html {
                Some(_) => {
                    let mut timeline = Timeline::new();
                    replay
                        .verify(&matchup, |s, a, e| timeline.observe(s, a, e))
                        .map_err(|e| CliError::Content(format!("engine error: {e}")))?;
                    Some(timeline)
                }
                None => None,
            };
            (record, replay, timeline)
        }
        None => {
            // One run: the narration watches the game the replay is recorded from.
            let mut narration = Narration::new(print, args.html.is_some());
            let record = play_game_observed(
                &matchup,
                &settings,
                true,
                &mut |state, action, events, _| narration.observe(state, action, events),
            );
            narration.finish();
            let replay = Replay::from_record(&matchup, &record);
            (record, replay, narration.timeline)
        }
    };
    replay.human = replay.human.or(args.human);
    if let Some(error) = &record.error {
        return Err(CliError::Content(format!("engine error: {error}")));
    }
    if let Some(path) = &args.record {
        let json =
            serde_json::to_string_pretty(&replay).map_err(|e| CliError::Content(e.to_string()))?;
        let bytes = json + "\n";
        std::fs::write(path, &bytes)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        out!("replay written to {}", path.display());
        if let Some(key) = &args.sign {
            let signature = crate::signing::sign(path, bytes.as_bytes(), key)?;
            out!("signature written to {}", signature.display());
        }
    }
    if let (Some(path), Some(timeline)) = (&args.html, &timeline) {
        write_page(path, &replay, timeline)?;
    }
    Ok(())
}

/// Parses `a` or `b` for `--human`.
fn parse_side(s: &str) -> Result<Side, String> {
    match s {
        "a" | "A" => Ok(Side::A),
        "b" | "B" => Ok(Side::B),
        _ => Err(format!("`{s}`: say `a` (deck A) or `b` (deck B)")),
    }
}

//! `rtg ladder`: the flags, one call to the library's ladder ([`rtg::sim::ladder`]: the games,
//! the Bradley–Terry fit, the Elo scale), and its table or JSON.

use clap::Args;
use rtg::RuleSet;
use rtg::report::text::ladder_table;
use rtg::sim::{BotRegistry, BotSpec, LadderConfig, LadderError, ladder};

use crate::content::CliError;
use crate::reporting::json_text;
use crate::setup::{ContentArgs, RulesArgs, check_max_turns};

/// Play every pair of bots on each deck (mirror matches, seats alternated) and print each bot's
/// Elo rating with a 95% interval and the pairwise win-rate matrix.
#[derive(Args, Debug)]
pub(crate) struct LadderArgs {
    /// Decks: files, or stems looked for in --decks. Default: every deck in --decks (default
    /// `rtg.toml`'s `decks`, else `decks/`); the bundled decks when there is none.
    #[arg(value_name = "DECK")]
    decks_named: Vec<String>,
    /// With no DECK: also play the bundled decks beside those of the deck directories.
    #[arg(long)]
    with_bundled_decks: bool,
    /// The bots, comma-separated specs; a parameter after a comma belongs to the bot before it
    /// (`random,greedy,mcts:iterations=100,seed=2`).
    #[arg(
        long,
        value_name = "SPECS",
        default_value = "random,greedy,heuristic,mcts",
        value_parser = parse_bots
    )]
    bots: BotList,
    /// Games per pair of bots on each deck (seats alternate: even games the first bot starts).
    #[arg(long, default_value_t = 200)]
    games: u64,
    /// Master seed (each pair and deck plays the batch of this seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The turn limit of each game; beyond it, a draw.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the ladder as JSON instead of tables.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
}

/// The bots of a ladder, in the order given.
#[derive(Clone, Debug)]
pub(crate) struct BotList(Vec<BotSpec>);

/// Parses `a,b:k=1,j=2,c`: pieces split at commas, a `key=value` piece without a name joining
/// the spec before it; each spec checked by the registry.
fn parse_bots(text: &str) -> Result<BotList, String> {
    let mut specs: Vec<String> = Vec::new();
    for piece in text.split(',') {
        match specs.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_owned()),
        }
    }
    specs
        .iter()
        .map(|s| crate::setup::parse_bot(s.trim()))
        .collect::<Result<_, _>>()
        .map(BotList)
}

pub(crate) fn run(args: LadderArgs) -> Result<(), CliError> {
    let config = LadderConfig {
        bots: args.bots.0,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
        threads: args.threads,
        rules: RuleSet::default(),
    };
    config.check().map_err(|e| match e {
        LadderError::NoGames => CliError::Usage(format!("--games 0: {e}")),
        _ => CliError::Usage(format!("--bots: {e}")),
    })?;
    check_max_turns(args.max_turns)?;
    let decks = args
        .content
        .decks(&args.decks_named, args.with_bundled_decks)?;
    let config = LadderConfig {
        rules: args.rules.rules()?,
        ..config
    };
    let ladder = ladder(&BotRegistry::builtin(), &decks, &config).map_err(|e| match e {
        LadderError::NoDecks => CliError::Usage(format!("{e}: name decks or give --decks")),
        LadderError::Setup(message) => CliError::Content(message),
        other => CliError::Usage(other.to_string()),
    })?;
    let text = if args.json {
        json_text(&ladder)?
    } else {
        ladder_table(&ladder)
    };
    crate::output::text(&text);
    Ok(())
}

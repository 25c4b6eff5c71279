//! `rtg card-impact`: how much each card of a deck matters, by swapping one copy of it for a
//! filler card and playing the same seeds again.

use std::path::PathBuf;

use clap::Args as ClapArgs;
use rtg::CardId;
use rtg::sim::{
    BotRegistry, CardImpactConfig, CardImpactError, CardImpactProgress, Matchup, SimConfig,
    SimError, card_impact,
};

use rtg::report::ReportPage;

use crate::content::CliError;
use rtg::report::text::card_impact_table;

use crate::reporting::{json_text, print, progress_bar, write_page};
use crate::setup::{BotArgs, ContentArgs, RulesArgs, check_max_turns, check_threads};

/// Measure how much each card of a deck matters, by card swaps on paired seeds (the help text
/// `rtg card-impact --help` shows is the doc of `Command::CardImpact`, in main.rs).
#[derive(ClapArgs, Debug)]
pub(crate) struct Args {
    /// The deck whose cards are swapped: a deck file, or the stem of one in --decks (`aggro`).
    deck: String,
    /// The opponent, played unchanged (deck B).
    #[arg(long, value_name = "OTHER")]
    vs: String,
    /// A card of the deck to swap out (repeatable). Default: every distinct card but the
    /// filler.
    #[arg(long, value_name = "ID")]
    card: Vec<String>,
    /// The card swapped in, by id (it must be in the cards loaded). Default: the deck's most
    /// common mana card.
    #[arg(long, value_name = "ID")]
    replace_with: Option<String>,
    /// Games of each batch (the baseline and every swap), at least 1; the deck goes first in
    /// even games, the opponent in odd ones.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Master seed: game K of every batch is seeded from (seed, K), which pairs the batches.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    bots: BotArgs,
    /// Worker threads (default: one per core; at most 1024). The report does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The turn limit of each game (every player's turn counts); beyond it, a draw. At most
    /// 10000.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Print the report as JSON on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write the report as a self-contained HTML page (the baseline and a sortable table
    /// of the swaps) to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
}

pub(crate) fn run(args: Args) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage(
            "--games 0: a batch needs at least one game".to_owned(),
        ));
    }
    check_threads(args.threads)?;
    check_max_turns(args.max_turns)?;
    let config = CardImpactConfig {
        sim: SimConfig {
            games: args.games,
            seed: args.seed,
            bots: args.bots.specs()?,
            max_turns: args.max_turns,
            threads: args.threads,
            rules: args.rules.rules()?,
            ..SimConfig::default()
        },
        cards: (!args.card.is_empty()).then(|| args.card.iter().map(CardId::new).collect()),
        filler: args.replace_with.as_deref().map(CardId::new),
    };
    config
        .sim
        .check()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    // The catalog is kept (not only the decks): a filler may be a card neither deck holds.
    let library = args.content.library()?;
    let catalog = library.catalog();
    let deck = library.deck(&args.deck)?;
    let other = library.deck(&args.vs)?;
    let matchup = Matchup::new(deck, other).map_err(|e| CliError::Content(e.to_string()))?;
    let bar = progress_bar(0, "games");
    let progress = |p: CardImpactProgress| {
        if let Some(bar) = &bar
            && (p.running.done.is_multiple_of(64) || p.running.done == p.games)
        {
            bar.set_length(p.total());
            bar.set_position(p.done());
            bar.set_message(format!("batch {} of {}", p.batch + 1, p.batches));
        }
    };
    let lookup = |id: &str| catalog.get(id).cloned();
    let result = card_impact(
        &BotRegistry::builtin(),
        &matchup,
        &config,
        &lookup,
        &progress,
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = result.map_err(cli_error)?;
    if let Some(path) = &args.html {
        write_page(path, ReportPage::CardImpact(&report), Vec::new())?;
    }
    let text = if args.json {
        json_text(&report)?
    } else {
        card_impact_table(&report)
    };
    print(&text);
    Ok(())
}

/// The exit status of a failed run: what the flags asked for is a usage error (2), a swapped
/// deck that cannot be set up is invalid content (1).
fn cli_error(error: CardImpactError) -> CliError {
    match error {
        CardImpactError::NoManaCard { .. } => {
            CliError::Usage(format!("{error} (--replace-with ID)"))
        }
        CardImpactError::NotInDeck { .. }
        | CardImpactError::UnknownFiller { .. }
        | CardImpactError::FillerNamed { .. } => CliError::Usage(error.to_string()),
        CardImpactError::Setup { .. } => CliError::Content(error.to_string()),
        // The CLI never stops a batch nor writes rows; every batch error is a refused setting.
        CardImpactError::Sim(
            e @ (SimError::Config(_)
            | SimError::Bot(_)
            | SimError::Rows(_)
            | SimError::Stopped { .. }),
        ) => CliError::Usage(e.to_string()),
    }
}

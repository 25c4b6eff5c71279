//! `rtg goldfish`: a deck against an opponent who never acts, for its kill turn.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{BotSpec, GoldfishConfig, GoldfishError, MAX_GOLDFISH_TURNS, Running, goldfish};

use rtg::report::ReportPage;

use crate::content::CliError;
use rtg::report::text::{goldfish_text, pct};

use crate::reporting::{json_text, print, progress_bar, write_page};
use crate::setup::{ContentArgs, RulesArgs, check_threads, default_bot, parse_bot};

/// Play a deck against a goldfish (an opponent who never acts and cannot lose by decking) and
/// report its kill turn, its mana by turn and what it leaves in hand.
#[derive(Args, Debug)]
pub(crate) struct GoldfishArgs {
    /// The deck: a deck file, or the stem of one in --decks (`aggro`).
    deck: String,
    /// Games, at least 1 (the deck goes first in even games, second in odd ones).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The deck's own turns before a game stops without a kill (at most 5000).
    #[arg(long, default_value_t = 20)]
    max_turns: u32,
    /// Master seed: game K is seeded from (seed, K).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The deck's bot, as a spec: `random`, `greedy`, `heuristic`, or with parameters
    /// (`mcts:iterations=400`); see docs/bots.md. Default: `rtg.toml`'s `defaults.bot`, else
    /// heuristic.
    #[arg(long, value_name = "SPEC", value_parser = parse_bot)]
    bot: Option<BotSpec>,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the report as JSON on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Add the deck's per-card statistics (`cards` in the JSON).
    #[arg(long)]
    card_stats: bool,
    /// Also write the report as a self-contained HTML page (with the card statistics) to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
}

pub(crate) fn run(args: GoldfishArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage(
            "--games 0: a goldfish run needs at least one game".to_owned(),
        ));
    }
    if !(1..=MAX_GOLDFISH_TURNS).contains(&args.max_turns) {
        return Err(CliError::Usage(format!(
            "--max-turns {}: need 1 to {MAX_GOLDFISH_TURNS} turns of the deck",
            args.max_turns
        )));
    }
    check_threads(args.threads)?;
    let config = GoldfishConfig {
        games: args.games,
        seed: args.seed,
        bot: match args.bot {
            Some(bot) => bot,
            None => default_bot()?,
        },
        max_turns: args.max_turns,
        threads: args.threads,
        rules: args.rules.rules()?,
        ..GoldfishConfig::default()
    };
    config.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let deck = args.content.library()?.deck(&args.deck)?;
    let bar = progress_bar(args.games, "games");
    let progress = |running: Running| {
        if let Some(bar) = &bar
            && (running.done.is_multiple_of(64) || running.done == args.games)
        {
            bar.set_position(running.done);
            bar.set_message(format!(
                "killed {}",
                pct(running.wins[0] as f64 / running.done.max(1) as f64)
            ));
        }
    };
    let card_stats = args.card_stats || args.html.is_some();
    let result = goldfish(&deck, &config, card_stats, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut report = result.map_err(|e| match e {
        GoldfishError::Setup(_) => CliError::Content(e.to_string()),
        e => CliError::Usage(e.to_string()),
    })?;
    if let Some(path) = &args.html {
        write_page(path, ReportPage::Goldfish(&report), Vec::new())?;
    }
    if !args.card_stats {
        report.cards = None;
    }
    let text = if args.json {
        json_text(&report)?
    } else {
        goldfish_text(&report)
    };
    print(&text);
    Ok(())
}

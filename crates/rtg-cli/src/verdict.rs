//! `rtg verdict`: a matchup played at several bot strengths on the same seeds, and a call made
//! only where the win rate has stopped moving (see `rtg::sim::verdict`).

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{
    BotRegistry, DEFAULT_RUNGS, Running, SimConfig, VerdictConfig, parse_rungs, verdict,
};

use rtg::report::ReportPage;

use crate::content::CliError;
use rtg::report::text::{pct, verdict_table};

use crate::reporting::{json_text, print, progress_bar, write_page};
use crate::setup::{ContentArgs, RulesArgs, check_max_turns, check_precision, check_threads};

/// Play a matchup at several bot strengths and say whether the verdict has settled.
#[derive(Args, Debug)]
pub(crate) struct VerdictArgs {
    /// Deck A: a deck file, or the stem of one in --decks (`aggro`).
    deck_a: String,
    /// Deck B.
    deck_b: String,
    /// The rungs, weakest first: bot specs separated by commas, each playing both decks (a
    /// piece `key=value` without a `:` is one more parameter of the spec before it, so
    /// `mcts:iterations=100,depth=8,heuristic` is two rungs). 2 to 16 rungs.
    #[arg(long, default_value = DEFAULT_RUNGS)]
    rungs: String,
    /// Games a rung plays (deck A goes first in even games, deck B in odd ones; game K has the
    /// same seed at every rung). With --precision, the most a rung plays (default 100000).
    #[arg(long)]
    games: Option<u64>,
    /// Play each rung until its 95% interval's half-width is at most W (0.03 is ±3 points),
    /// looked at every 100 games: the same games for a seed on every machine.
    #[arg(long, value_name = "W")]
    precision: Option<f64>,
    /// Master seed: game K of every rung is seeded from (seed, K).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: one per core; at most 1024). The results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The turn limit of each game; beyond it, a draw. At most 10000.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Print the verdict as JSON on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Also write the verdict as a self-contained HTML page (the win rate against the rung, with
    /// its intervals) to FILE.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
}

pub(crate) fn run(args: VerdictArgs) -> Result<(), CliError> {
    let usage = |e: &dyn std::fmt::Display| CliError::Usage(e.to_string());
    let rungs = parse_rungs(&args.rungs).map_err(|e| usage(&e))?;
    check_threads(args.threads)?;
    // The settings are checked before the decks load, so a bad flag costs nothing.
    check_precision(args.precision)?;
    let mut config = VerdictConfig::new(rungs, args.precision);
    let games = args.games.unwrap_or(config.batch.games);
    if games == 0 {
        return Err(CliError::Usage(
            "--games 0: a rung needs at least one game".to_owned(),
        ));
    }
    check_max_turns(args.max_turns)?;
    config.batch = SimConfig {
        games,
        seed: args.seed,
        max_turns: args.max_turns,
        threads: args.threads,
        rules: args.rules.rules()?,
        ..config.batch
    };
    let matchup = args.content.matchup(&args.deck_a, &args.deck_b)?;
    let bar = progress_bar(games.saturating_mul(config.rungs.len() as u64), "games");
    let names: Vec<String> = config.rungs.iter().map(ToString::to_string).collect();
    let progress = |rung: usize, running: Running| {
        if let Some(bar) = &bar
            && running.done.is_multiple_of(16)
        {
            bar.set_position((rung as u64).saturating_mul(games) + running.done);
            if let Some(rate) = running.win_rate_a() {
                bar.set_message(format!("{} {}", names[rung], pct(rate)));
            }
        }
    };
    let result = verdict(&BotRegistry::builtin(), &matchup, &config, &progress);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = result.map_err(|e| usage(&e))?;
    if let Some(path) = &args.html {
        write_page(path, ReportPage::Verdict(&report), Vec::new())?;
    }
    print(&if args.json {
        json_text(&report)?
    } else {
        verdict_table(&report)
    });
    Ok(())
}

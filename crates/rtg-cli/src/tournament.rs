//! `rtg tournament`: every ordered pair of decks plays a batch, with paired seeds.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{
    CSV_COLUMNS, SimConfig, TournamentError, TournamentProgress, csv_fields, tournament,
};

use rtg::report::ReportPage;

use crate::content::CliError;
use rtg::report::text::{pct, tournament_text};

use crate::reporting::{json_text, print, progress_bar, write_page};
use crate::sample::{PairSamplers, SampleArgs};
use crate::setup::{BotArgs, ContentArgs, RulesArgs, check_max_turns, check_threads};

/// Play every ordered pair of decks against each other and report the matrix of win rates.
///
/// Each ordered pair (A, B) plays the batch `rtg simulate A B` would, with the same seed and
/// bots (--bot-a plays the row deck, --bot-b the column deck): game K
/// of A vs B and of B vs A are shuffled by the same generator with the seats swapped, which
/// narrows the variance of the difference between the two orders.
#[derive(Args, Debug)]
pub(crate) struct TournamentArgs {
    /// The decks: deck files, or stems of files in --decks. None: every deck in the --decks
    /// directories (default `rtg.toml`'s `decks`, else `decks/`), by name; the bundled decks
    /// when there is none.
    #[arg(value_name = "DECK")]
    deck_names: Vec<String>,
    /// With no DECK: also play the bundled decks beside those of the deck directories.
    #[arg(long)]
    with_bundled_decks: bool,
    /// Games of each ordered pair, at least 1 (the row deck goes first in even games).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The master seed of every pair's batch.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    bots: BotArgs,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long)]
    threads: Option<usize>,
    /// The turn limit of each game (every player's turn counts); beyond it, a draw.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Print the report as JSON on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Write one CSV row per game to this file: the pair's decks, then `rtg simulate`'s columns.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Add per-card statistics of every deck over all its games (`cards` in the JSON).
    #[arg(long)]
    card_stats: bool,
    /// Also write the report as a self-contained HTML page (with the card statistics) to FILE.
    /// With --sample, FILE is a directory (made when missing) holding the report page
    /// (report.html), which links the sample games, and a directory of pages per pairing.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    content: ContentArgs,
    #[command(flatten)]
    sample: SampleArgs,
}

pub(crate) fn run(args: TournamentArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage(
            "--games 0: each pair needs at least one game".to_owned(),
        ));
    }
    check_threads(args.threads)?;
    check_max_turns(args.max_turns)?;
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        bots: args.bots.specs()?,
        max_turns: args.max_turns,
        threads: args.threads,
        rules: args.rules.rules()?,
        ..SimConfig::default()
    };
    config.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let decks = args
        .content
        .decks(&args.deck_names, args.with_bundled_decks)?;
    if decks.len() < 2 {
        return Err(CliError::Usage(format!(
            "a tournament needs at least two decks, got {}{}",
            decks.len(),
            if args.deck_names.is_empty() && !args.with_bundled_decks {
                " (--with-bundled-decks adds the bundled decks to yours)"
            } else {
                ""
            }
        )));
    }
    let pairs = decks.len() * (decks.len() - 1);
    let bar = progress_bar((pairs as u64).saturating_mul(args.games), "games");
    let names: Vec<&str> = decks.iter().map(|d| d.name.as_str()).collect();
    let progress = |p: TournamentProgress| {
        if let Some(bar) = &bar
            && (p.running.done.is_multiple_of(64) || p.running.done == args.games)
        {
            bar.set_position((p.pair as u64) * args.games + p.running.done);
            let rate = p.running.win_rate_a().map_or(String::new(), pct);
            bar.set_message(format!(
                "pair {}/{}: {} vs {} {rate}",
                p.pair + 1,
                p.pairs,
                names[p.decks[0]],
                names[p.decks[1]]
            ));
        }
    };
    let csv_error = |path: &PathBuf, e: &dyn std::fmt::Display| {
        CliError::Usage(format!("{}: {e}", path.display()))
    };
    let mut csv = match &args.csv {
        Some(path) => {
            let mut writer = csv::Writer::from_path(path).map_err(|e| csv_error(path, &e))?;
            let header = ["deck_a", "deck_b"].into_iter().chain(CSV_COLUMNS);
            writer
                .write_record(header)
                .map_err(|e| csv_error(path, &e))?;
            Some((path, writer))
        }
        None => None,
    };
    let card_stats = args.card_stats || args.html.is_some();
    let mut samplers = PairSamplers::new(&args.sample)?;
    let result = tournament(
        &decks,
        &config,
        card_stats,
        &progress,
        &mut |matchup, row| {
            samplers
                .watch(matchup, row)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
            match &mut csv {
                Some((_, writer)) => {
                    let names = [matchup.decks[0].name.clone(), matchup.decks[1].name.clone()];
                    writer
                        .write_record(names.into_iter().chain(csv_fields(matchup, row)))
                        .map_err(std::io::Error::other)
                }
                None => Ok(()),
            }
        },
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut report = result.map_err(|e| match (e, &args.csv) {
        (TournamentError::Batch(rtg::sim::SimError::Rows(e)), Some(path)) => csv_error(path, &e),
        (e @ TournamentError::Setup(..), _) => CliError::Content(e.to_string()),
        (e, _) => CliError::Usage(e.to_string()),
    })?;
    if let Some((path, writer)) = &mut csv {
        writer.flush().map_err(|e| csv_error(path, &e))?;
    }
    if let Some(path) = &args.html {
        let (page, samples) = if args.sample.sample.is_some() {
            let links = samplers.write(path, &config)?;
            let samples = links
                .into_iter()
                .map(|(href, label)| rtg::report::SampleLink { label, href })
                .collect();
            (path.join("report.html"), samples)
        } else {
            (path.clone(), Vec::new())
        };
        write_page(&page, ReportPage::Tournament(&report), samples)?;
    }
    if !args.card_stats {
        report.cards = None;
    }
    let text = if args.json {
        json_text(&report)?
    } else {
        tournament_text(&report)
    };
    print(&text);
    Ok(())
}

//! `rtg simulate`: a batch of bot-vs-bot games, in parallel.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rtg::sim::{CSV_COLUMNS, Shard, SimConfig, SimError, csv_fields, simulate_rows};

use rtg::sim::MAX_THREADS;

use crate::content::CliError;
use crate::sample::{SampleArgs, Sampler};
use crate::setup::{BotArgs, ContentArgs, check_max_turns};

/// Play a batch of games between two decks and report win rates, turns and speed.
#[derive(Args, Debug)]
pub(crate) struct SimulateArgs {
    /// Deck A: a deck file, or the stem of one in --decks (`aggro`).
    deck_a: String,
    /// Deck B.
    deck_b: String,
    /// Games in the batch, at least 1 (deck A goes first in even games, deck B in odd ones). Any
    /// number: a shard's games are computed, and memory does not grow with them.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Master seed: game K is seeded from (seed, K), whatever the threads or shards.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    bots: BotArgs,
    /// Worker threads (default: one per core; at most 1024).
    #[arg(long)]
    threads: Option<usize>,
    /// The turn limit of each game (every player's turn counts); beyond it, a draw. At most
    /// 10000.
    #[arg(long, default_value_t = 200)]
    max_turns: u32,
    /// Play only the games whose index is K modulo N (for `rtg merge`).
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<Shard>,
    /// Print the report as JSON on stdout instead of the table.
    #[arg(long)]
    json: bool,
    /// Write one CSV row per game to this file (in game order, as the games finish).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    #[command(flatten)]
    content: ContentArgs,
    #[command(flatten)]
    sample: SampleArgs,
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    let (k, n) = s.split_once('/').ok_or("expected K/N, like 3/10")?;
    let index: u64 = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a number"))?;
    let count: u64 = n
        .trim()
        .parse()
        .map_err(|_| format!("`{n}` is not a number"))?;
    if count == 0 || index >= count {
        return Err(format!("shard {index}/{count}: need 0 <= K < N"));
    }
    Ok(Shard { index, count })
}

pub(crate) fn run(args: SimulateArgs) -> Result<(), CliError> {
    if args.games == 0 {
        return Err(CliError::Usage(
            "--games 0: a batch needs at least one game".to_owned(),
        ));
    }
    if let Some(threads) = args.threads
        && !(1..=MAX_THREADS).contains(&threads)
    {
        return Err(CliError::Usage(format!(
            "--threads {threads}: must be at least 1 and at most {MAX_THREADS}"
        )));
    }
    check_max_turns(args.max_turns)?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let config = SimConfig {
        games: args.games,
        seed: args.seed,
        bots: args.bots.specs(),
        max_turns: args.max_turns,
        threads: args.threads,
        shard,
        ..SimConfig::default()
    };
    // Whatever the flags above missed is refused here, before any loop or file.
    config.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let matchup = args.content.matchup(&args.deck_a, &args.deck_b)?;
    let mut sampler = Sampler::new(&args.sample)?;
    let planned = config.planned();
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(planned);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
        {
            bar.set_style(style);
        }
        Some(bar)
    } else {
        None
    };
    let progress = |done: u64| {
        if let Some(bar) = &bar
            && (done.is_multiple_of(64) || done == planned)
        {
            bar.set_position(done);
        }
    };
    let csv_error =
        |path: &PathBuf, e: csv::Error| CliError::Usage(format!("{}: {e}", path.display()));
    // The CSV is written as the batch goes, chunk by chunk in game order: no row is kept. The
    // csv writer quotes what needs it (a deck named `my,aggro`, an error message with quotes).
    let mut csv = match &args.csv {
        Some(path) => {
            let mut writer = csv::Writer::from_path(path).map_err(|e| csv_error(path, e))?;
            writer
                .write_record(CSV_COLUMNS)
                .map_err(|e| csv_error(path, e))?;
            Some((path, writer))
        }
        None => None,
    };
    let result = simulate_rows(&matchup, &config, &progress, &mut |row| {
        sampler.watch(row);
        match &mut csv {
            Some((_, writer)) => writer
                .write_record(csv_fields(&matchup, row))
                .map_err(std::io::Error::other),
            None => Ok(()),
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let report = match result {
        Ok(report) => report,
        Err(SimError::Rows(e)) => {
            // invariant: rows are only written when there is a CSV file
            let path = args
                .csv
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string());
            return Err(CliError::Usage(format!("{path}: {e}")));
        }
        Err(e @ (SimError::Config(_) | SimError::Bot(_))) => {
            return Err(CliError::Usage(e.to_string()));
        }
    };
    if let Some((path, writer)) = &mut csv {
        writer
            .flush()
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    }
    if let Some(dir) = &args.sample.html {
        sampler.write(dir, &matchup, &config, &report)?;
    }
    let text = if args.json {
        let json =
            serde_json::to_string_pretty(&report).map_err(|e| CliError::Content(e.to_string()))?;
        json + "\n"
    } else {
        report.table()
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        // A reader that went away (`rtg simulate ... | head`) is not an error of the batch.
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::Content(format!("cannot write the report: {e}")))
        }
        _ => Ok(()),
    }
}

//! `rtg simulate`: a batch of bot-vs-bot games, in parallel.

use std::path::PathBuf;

use clap::Args;
use rtg::report::SampleLink;
use rtg::sim::{
    Batch, BotRegistry, CSV_COLUMNS, CardRow, GameRow, PRECISION_GAMES, Report, Running, Shard,
    SimConfig, SimError, csv_fields, is_precise, play_batch, play_batch_precise,
};

use rtg::report::ReportPage;

use crate::content::CliError;
use rtg::report::text::{batch_table, card_table, pct};

use crate::reporting::{json_text, print, progress_bar, write_page};
use crate::sample::{SampleArgs, Sampler};
use crate::setup::{
    BotArgs, ContentArgs, RulesArgs, check_max_turns, check_precision, check_threads,
};

/// Play a batch of games between two decks and report win rates, turns and speed.
#[derive(Args, Debug)]
pub(crate) struct SimulateArgs {
    /// Deck A: a deck file, or the stem of one in --decks (`aggro`).
    deck_a: String,
    /// Deck B.
    deck_b: String,
    /// Games in the batch, at least 1 (deck A goes first in even games, deck B in odd ones). Any
    /// number: a shard's games are computed, and memory does not grow with them. Default 1000;
    /// with --precision, the most the batch plays (default 100000).
    #[arg(long)]
    games: Option<u64>,
    /// Play until deck A's 95% interval is at most W on each side (0.03 is ±3 points), looked at
    /// every 100 games, instead of a fixed number: the same games for a seed on every machine,
    /// and the report is that of a batch of the games played. Not with --shard.
    #[arg(long, value_name = "W")]
    precision: Option<f64>,
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
    /// Add per-card statistics to the report (`cards` in the JSON): games drawn and played, win
    /// rates when drawn, not drawn and played, mean turn first played.
    #[arg(long)]
    card_stats: bool,
    /// Also write the report as a self-contained HTML page (with the card statistics) to FILE.
    /// With --sample, FILE is a directory (made when missing) for the sample games' pages, their
    /// index (index.html) and the report page (report.html), which links them.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    rules: RulesArgs,
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
    let games = args.games.unwrap_or(if args.precision.is_some() {
        PRECISION_GAMES
    } else {
        1000
    });
    check_precision(args.precision)?;
    if args.precision.is_some() && args.shard.is_some() {
        return Err(CliError::Usage(
            "--precision with --shard: a batch played to a precision ends where its interval is narrow enough, so it cannot be split into shards".to_owned(),
        ));
    }
    if games == 0 {
        return Err(CliError::Usage(
            "--games 0: a batch needs at least one game".to_owned(),
        ));
    }
    check_threads(args.threads)?;
    check_max_turns(args.max_turns)?;
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let config = SimConfig {
        games,
        seed: args.seed,
        bots: args.bots.specs()?,
        max_turns: args.max_turns,
        threads: args.threads,
        shard,
        rules: args.rules.rules()?,
        ..SimConfig::default()
    };
    // Whatever the flags above missed is refused here, before any loop or file.
    config.check().map_err(|e| CliError::Usage(e.to_string()))?;
    let matchup = args.content.matchup(&args.deck_a, &args.deck_b)?;
    let mut sampler = Sampler::new(&args.sample)?;
    let bar = progress_bar(config.planned(), "games");
    let deck_a = matchup.decks[0].name.clone();
    let progress = |running: Running| {
        if let Some(bar) = &bar
            && (running.done.is_multiple_of(64) || running.done == config.planned())
        {
            bar.set_position(running.done);
            if let Some(rate) = running.win_rate_a() {
                bar.set_message(format!("{deck_a} {}", pct(rate)));
            }
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
    let card_stats = args.card_stats || args.html.is_some();
    let mut rows = |row: &GameRow| {
        sampler.watch(row);
        match &mut csv {
            Some((_, writer)) => writer
                .write_record(csv_fields(&matchup, row))
                .map_err(std::io::Error::other),
            None => Ok(()),
        }
    };
    let result = match args.precision {
        Some(w) => play_batch_precise(
            &BotRegistry::builtin(),
            &matchup,
            &config,
            w,
            card_stats,
            &progress,
            &mut rows,
        ),
        None => play_batch(&matchup, &config, card_stats, &progress, &mut rows),
    };
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let Batch { report, cards } = match result {
        Ok(batch) => batch,
        Err(SimError::Rows(e)) => {
            // invariant: rows are only written when there is a CSV file
            let path = args
                .csv
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string());
            return Err(CliError::Usage(format!("{path}: {e}")));
        }
        // The CLI never stops a batch early; the arm only completes the match.
        Err(e @ (SimError::Config(_) | SimError::Bot(_) | SimError::Stopped { .. })) => {
            return Err(CliError::Usage(e.to_string()));
        }
    };
    if let Some((path, writer)) = &mut csv {
        writer
            .flush()
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    }
    let cards = cards.map(|c| c.rows());
    if let Some(path) = &args.html {
        // With --sample, `path` is the directory of the chosen games' pages, and the report
        // page beside them links each one in its "sample games" section.
        let (page, samples) = if args.sample.sample.is_some() {
            let links = sampler.write(path, &matchup, &config, &report, Some("report.html"))?;
            let samples = links
                .into_iter()
                .map(|(href, label)| SampleLink { label, href })
                .collect();
            (path.join("report.html"), samples)
        } else {
            (path.clone(), Vec::new())
        };
        let batch = ReportPage::Batch {
            report: &report,
            cards: cards.as_deref(),
        };
        write_page(&page, batch, samples)?;
    }
    // The report as it always was; `cards` only when asked for, after every other key, and
    // `precision` only when the batch was played to one.
    let precision = args.precision.map(|half_width| Precision {
        half_width,
        reached: is_precise(&report, half_width),
    });
    let mut text = match (args.json, args.card_stats, &cards) {
        (true, true, Some(cards)) => json_text(&WithCards {
            report: &report,
            cards: Some(cards),
            precision,
        })?,
        (true, _, _) if precision.is_some() => json_text(&WithCards {
            report: &report,
            cards: None,
            precision,
        })?,
        (true, _, _) => json_text(&report)?,
        (false, true, Some(cards)) => batch_table(&report) + "\n" + &card_table(cards),
        (false, _, _) => batch_table(&report),
    };
    if let (false, Some(p)) = (args.json, precision) {
        let (rate, lo, hi) = report.win_rate_a();
        let got = 100.0 * (rate - lo).max(hi - rate);
        text.push_str(&if p.reached {
            format!(
                "precision: ±{:.1} points asked, reached after {} games (±{got:.1})\n",
                100.0 * p.half_width,
                report.games
            )
        } else {
            format!(
                "precision: ±{:.1} points asked, not reached in {} games (±{got:.1}): raise --games\n",
                100.0 * p.half_width,
                report.games
            )
        });
    }
    print(&text);
    Ok(())
}

/// A batch's report with its per-card statistics and its precision after its other keys.
#[derive(serde::Serialize)]
struct WithCards<'a> {
    #[serde(flatten)]
    report: &'a Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<&'a [CardRow]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    precision: Option<Precision>,
}

/// What `--precision` asked and whether the batch got there.
#[derive(Clone, Copy, serde::Serialize)]
struct Precision {
    /// The half-width asked for.
    half_width: f64,
    /// Whether deck A's interval is that narrow (false: the batch ran out of games first).
    reached: bool,
}

//! `rtg merge`: combine shard reports into the report of the whole batch.
//!
//! Report files are read with a size cap and checked for consistency before they are added
//! (see `Report::check`): an error names the file and the field. Shards written with
//! `--card-stats` carry their per-card statistics, which merge too (`merge_card_rows`).

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{CardRow, Report, merge_card_rows, read_json};

use crate::content::CliError;
use crate::output::path_problem;
use rtg::report::text::{batch_table, card_table};

/// Merge the JSON reports of `rtg simulate --shard K/N --json` into the whole batch's report
/// (with their per-card statistics when every shard has them: `--card-stats`).
#[derive(Args, Debug)]
pub(crate) struct MergeArgs {
    /// Shard reports (JSON).
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// Print the merged report as JSON instead of the table.
    #[arg(long)]
    json: bool,
}

/// The per-card statistics of a report file, when it has them (the rest of the file is the
/// report, read apart).
#[derive(serde::Deserialize)]
struct CardsPart {
    #[serde(default)]
    cards: Option<Vec<CardRow>>,
}

/// The merged report with its cards after its other keys, as `rtg simulate --card-stats --json`
/// writes the whole batch.
#[derive(serde::Serialize)]
struct WithCards<'a> {
    #[serde(flatten)]
    report: &'a Report,
    cards: &'a [CardRow],
}

pub(crate) fn run(args: MergeArgs) -> Result<(), CliError> {
    let mut reports = Vec::new();
    let mut cards = Vec::new();
    for path in &args.reports {
        if let Some(problem) = path_problem(path) {
            return Err(CliError::Usage(problem));
        }
        let report: Report = read_json(path, "report")?;
        let part: CardsPart = read_json(path, "report")?;
        reports.push((path, report));
        cards.push(part.cards);
    }
    let merged = Report::merge_files(&reports).map_err(|e| CliError::Content(e.to_string()))?;
    let cards = merged_cards(&reports, &cards)?;
    let text = match (&cards, args.json) {
        (None, true) => {
            serde_json::to_string_pretty(&merged).map_err(|e| CliError::Content(e.to_string()))?
        }
        (Some(cards), true) => serde_json::to_string_pretty(&WithCards {
            report: &merged,
            cards,
        })
        .map_err(|e| CliError::Content(e.to_string()))?,
        (None, false) => batch_table(&merged).trim_end().to_owned(),
        (Some(cards), false) => (batch_table(&merged) + "\n" + &card_table(cards))
            .trim_end()
            .to_owned(),
    };
    out!("{text}");
    Ok(())
}

/// The shards' per-card statistics merged, when every shard has them; none when no shard has;
/// an error naming a file without them when only some have (a merge of part of the games would
/// pass for the whole batch's).
fn merged_cards(
    reports: &[(&PathBuf, Report)],
    cards: &[Option<Vec<CardRow>>],
) -> Result<Option<Vec<CardRow>>, CliError> {
    let with = reports.iter().zip(cards).find(|(_, c)| c.is_some());
    let without = reports.iter().zip(cards).find(|(_, c)| c.is_none());
    match (with, without) {
        (None, _) => Ok(None),
        (Some(((with, _), _)), Some(((without, _), _))) => Err(CliError::Content(format!(
            "{}: no `cards`, but {} has them: merge the per-card statistics of every shard \
             (each played with --card-stats) or of none",
            without.display(),
            with.display()
        ))),
        (Some(_), None) => {
            let names: Vec<String> = reports
                .iter()
                .map(|(p, _)| p.display().to_string())
                .collect();
            let shards: Vec<(&str, &Report, &[CardRow])> = names
                .iter()
                .zip(reports)
                .zip(cards)
                .map(|((name, (_, report)), rows)| {
                    (name.as_str(), report, rows.as_deref().unwrap_or(&[]))
                })
                .collect();
            merge_card_rows(&shards)
                .map(Some)
                .map_err(|e| CliError::Content(e.to_string()))
        }
    }
}

//! Merging the per-card statistics of shard reports (`rtg simulate --shard K/N --card-stats
//! --json`) into those of the whole batch, as [`Report::merge`] merges their counts.

use crate::card_rows::CardRow;
use crate::card_totals::{CardStats, ShardMismatch};
use crate::merge::{Inconsistency, MergeError};
use crate::report::Report;

/// The per-card rows of shard reports merged into the whole batch's. Each shard's rows are read
/// back to their integer sums (checked against each other and against the shard's report: its
/// two decks, over its finished games), the sums are added and every rate is computed again,
/// so the result equals the rows of the batch played at once, whatever the shards. `name`
/// names each shard in errors (its file, for `rtg merge`); merge the reports themselves with
/// [`Report::merge_files`], which checks that they are shards of one batch.
pub fn merge_card_rows(shards: &[(&str, &Report, &[CardRow])]) -> Result<Vec<CardRow>, MergeError> {
    let mut sum: Option<(&str, CardStats)> = None;
    for &(name, report, rows) in shards {
        let inconsistent = |problem: Inconsistency| MergeError::Inconsistent {
            report: name.to_owned(),
            problem,
        };
        report.check().map_err(inconsistent)?;
        let stats = CardStats::from_rows(rows).map_err(inconsistent)?;
        let failed = (report.failures.len() as u64).saturating_add(report.failures_omitted);
        let finished = report.games.saturating_sub(failed);
        let expected = [
            (report.deck_a.as_str(), finished),
            (report.deck_b.as_str(), finished),
        ];
        let found = stats.deck_games();
        if found != expected {
            let list = |decks: &[(&str, u64)]| {
                decks
                    .iter()
                    .map(|(deck, games)| format!("`{deck}` over {games} games"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(inconsistent(Inconsistency {
                field: "cards",
                reason: format!(
                    "holds {}, but the report's decks are {} (its finished games)",
                    if found.is_empty() {
                        "no deck".to_owned()
                    } else {
                        list(&found)
                    },
                    list(&expected)
                ),
            }));
        }
        match &mut sum {
            None => sum = Some((name, stats)),
            Some((first, all)) => all.add_shard(&stats).map_err(|e| match e {
                ShardMismatch::Differ { found, expected } => MergeError::DifferentBatch {
                    report: name.to_owned(),
                    first: (*first).to_owned(),
                    field: "cards",
                    found,
                    expected,
                },
                ShardMismatch::Overflow => MergeError::Overflow {
                    report: name.to_owned(),
                    field: "cards",
                },
            })?,
        }
    }
    sum.map(|(_, stats)| stats.rows()).ok_or(MergeError::Empty)
}

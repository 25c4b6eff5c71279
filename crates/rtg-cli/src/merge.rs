//! `rtg merge`: combine shard reports into the report of the whole batch.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::Report;

use crate::content::CliError;

/// Merge the JSON reports of `rtg simulate --shard K/N --json` into the whole batch's report.
#[derive(Args, Debug)]
pub(crate) struct MergeArgs {
    /// Shard reports (JSON).
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// Print the merged report as JSON instead of the table.
    #[arg(long)]
    json: bool,
}

pub(crate) fn run(args: MergeArgs) -> Result<(), CliError> {
    let mut reports = Vec::new();
    for path in &args.reports {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
        let report: Report = serde_json::from_str(&text)
            .map_err(|e| CliError::Content(format!("{}: not a report: {e}", path.display())))?;
        reports.push(report);
    }
    let merged = Report::merge(&reports).map_err(|e| CliError::Content(e.to_string()))?;
    if args.json {
        let json =
            serde_json::to_string_pretty(&merged).map_err(|e| CliError::Content(e.to_string()))?;
        out!("{json}");
    } else {
        out!("{}", merged.table().trim_end());
    }
    Ok(())
}

//! `rtg merge`: combine shard reports into the report of the whole batch.
//!
//! Report files are read with a size cap and checked for consistency before they are added
//! (see `Report::check`): an error names the file and the field.

use std::path::PathBuf;

use clap::Args;
use rtg::sim::{Report, read_json};

use crate::content::CliError;
use crate::output::path_problem;

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
        if let Some(problem) = path_problem(path) {
            return Err(CliError::Usage(problem));
        }
        let report: Report = read_json(path, "report")?;
        reports.push((path, report));
    }
    let merged = Report::merge_files(&reports).map_err(|e| CliError::Content(e.to_string()))?;
    if args.json {
        let json =
            serde_json::to_string_pretty(&merged).map_err(|e| CliError::Content(e.to_string()))?;
        out!("{json}");
    } else {
        out!("{}", merged.table().trim_end());
    }
    Ok(())
}

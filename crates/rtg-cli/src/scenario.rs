//! `rtg scenario`: run scenario files and report PASS or FAIL.

use std::path::PathBuf;

use clap::Args;

use crate::content::CliError;
use crate::output::path_problem;

/// Run scenario files: set up a position, play the steps, check the outcome.
#[derive(Args, Debug)]
pub(crate) struct ScenarioArgs {
    /// Card directory or file (repeatable). Default: the scenario's own `cards:` key, else `cards/`.
    #[arg(long = "cards", value_name = "DIR")]
    cards: Vec<PathBuf>,
    /// Print each scenario's transcript: every step, its events and the state after it.
    #[arg(long)]
    transcript: bool,
    /// Scenario files, or directories searched for `*.yaml` (recursively, in name order).
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
}

fn collect(path: &PathBuf, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        entries.sort();
        for entry in entries {
            if entry.is_dir() {
                collect(&entry, out)?;
            } else if matches!(
                entry.extension().and_then(|e| e.to_str()),
                Some("yaml" | "yml")
            ) {
                out.push(entry);
            }
        }
    } else {
        out.push(path.clone());
    }
    Ok(())
}

pub(crate) fn run(args: ScenarioArgs) -> Result<(), CliError> {
    let mut files = Vec::new();
    for path in &args.paths {
        if let Some(problem) = path_problem(path) {
            return Err(CliError::Usage(problem));
        }
        collect(path, &mut files)
            .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    }
    let (mut passed, mut failed, mut invalid) = (0, 0, 0);
    for file in &files {
        match rtg::testing::run_scenario_with(file, &args.cards) {
            Ok(transcript) => {
                if args.transcript {
                    out!("{transcript}");
                }
                match &transcript.failure {
                    None => {
                        passed += 1;
                        out!("PASS {} — {}", file.display(), transcript.name);
                    }
                    Some(failure) => {
                        failed += 1;
                        out!("FAIL {} — {}\n  {failure}", file.display(), transcript.name);
                    }
                }
            }
            Err(error) => {
                invalid += 1;
                out!("FAIL {} (invalid scenario)\n  {error}", file.display());
            }
        }
    }
    out!("{passed} passed, {failed} failed, {invalid} invalid");
    if failed + invalid > 0 {
        Err(CliError::Content(format!(
            "{} of {} scenarios did not pass",
            failed + invalid,
            files.len()
        )))
    } else {
        Ok(())
    }
}

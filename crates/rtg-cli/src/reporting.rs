//! What the report commands (`simulate`, `tournament`, `goldfish`) share: the progress bar,
//! the HTML page and the command line it names, and printing a report (its text is
//! `rtg::report::text`'s).

use std::io::IsTerminal;
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use rtg::report::{PageInfo, ReportPage, SampleLink, page};

use crate::content::CliError;

/// A progress bar on standard error when it is a terminal (none in pipes and tests).
pub(crate) fn progress_bar(len: u64, unit: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {unit} {{msg}} {{per_sec}} eta {{eta}}"
    )) {
        bar.set_style(style);
    }
    Some(bar)
}

/// The command line this process was started with, as a shell reads it (`rtg` for the
/// program), for the page's settings.
pub(crate) fn command_line() -> String {
    let quote = |arg: String| {
        let plain = !arg.is_empty()
            && arg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
        if plain {
            arg
        } else {
            format!("'{}'", arg.replace('\'', "'\\''"))
        }
    };
    std::iter::once("rtg".to_owned())
        .chain(std::env::args().skip(1).map(quote))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes the page of a report to `path`, with links to sample games (label and href relative
/// to the page) in its "sample games" section.
pub(crate) fn write_page(
    path: &Path,
    report: ReportPage<'_>,
    samples: Vec<SampleLink>,
) -> Result<(), CliError> {
    let info = PageInfo {
        command: command_line(),
        samples,
    };
    let html = page(report, &info).map_err(|e| CliError::Content(e.to_string()))?;
    std::fs::write(path, html)
        .map_err(|e| CliError::Usage(format!("{}: cannot write the page: {e}", path.display())))
}

/// Prints a report's text on standard output (through [`crate::output`]: a failed write is
/// reported at the end of `main`, a reader that went away, `rtg simulate ... | head`, is not an
/// error of the batch).
pub(crate) fn print(text: &str) {
    crate::output::text(text);
}

/// The report as pretty JSON with a final newline.
pub(crate) fn json_text(report: &impl serde::Serialize) -> Result<String, CliError> {
    serde_json::to_string_pretty(report)
        .map(|json| json + "\n")
        .map_err(|e| CliError::Content(e.to_string()))
}

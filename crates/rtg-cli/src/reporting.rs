//! What the report commands (`simulate`, `tournament`, `goldfish`) share: the progress bar,
//! the per-card table, the HTML page and the command line it names, and printing a report.

use std::io::IsTerminal;
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use rtg::report::{PageInfo, SampleLink, render};
use rtg::sim::CardRow;

use crate::content::CliError;

/// The widest a table's name column is padded to. A longer name is printed whole and pushes its
/// row out (a width beyond what `format!` takes would panic: names come from files).
pub(crate) const MAX_COLUMN_CHARS: usize = 64;

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

/// A share as a percentage with one decimal.
pub(crate) fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `, rules ptg-0.9` for a header line, nothing for the default rule set, so that the text of
/// a `ptg-0.2` report is what it always was.
pub(crate) fn rules_note(rules: rtg::RuleSet) -> String {
    if rules == rtg::RuleSet::default() {
        String::new()
    } else {
        format!(", rules {rules}")
    }
}

/// `pct` of a share that may be missing (`-`).
fn pct_or_dash(x: Option<f64>) -> String {
    x.map_or("-".to_owned(), pct)
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

/// Writes the page of a report's JSON value to `path`, with links to sample games (label and
/// href relative to the page) in its "sample games" section.
pub(crate) fn write_page(
    path: &Path,
    report: &serde_json::Value,
    samples: Vec<SampleLink>,
) -> Result<(), CliError> {
    let info = PageInfo {
        command: command_line(),
        samples,
    };
    let page = render(report, &info).map_err(|e| CliError::Content(e.to_string()))?;
    std::fs::write(path, page)
        .map_err(|e| CliError::Usage(format!("{}: cannot write the page: {e}", path.display())))
}

/// A serialisable report as a JSON value (for the page).
pub(crate) fn to_value(report: &impl serde::Serialize) -> Result<serde_json::Value, CliError> {
    serde_json::to_value(report).map_err(|e| CliError::Content(e.to_string()))
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

/// The per-card table: for each deck, its cards with the games drawn and played, the win rates
/// when drawn, not drawn and played, and the mean turn first played.
pub(crate) fn card_table(rows: &[CardRow]) -> String {
    let mut out = String::new();
    let mut deck: Option<&str> = None;
    let width = rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, MAX_COLUMN_CHARS);
    for r in rows {
        if deck != Some(r.deck.as_str()) {
            deck = Some(r.deck.as_str());
            out.push_str(&format!(
                "cards of {} ({} games)\n  {:<width$} {:>6} {:>6} {:>6} {:>8} {:>9} {:>8} {:>6}\n",
                r.deck,
                r.games,
                "card",
                "copies",
                "drawn",
                "played",
                "wr drawn",
                "wr undrawn",
                "wr played",
                "turn"
            ));
        }
        out.push_str(&format!(
            "  {:<width$} {:>6} {:>6} {:>6} {:>8} {:>10} {:>9} {:>6}{}\n",
            r.name,
            r.copies,
            r.drawn,
            r.played,
            pct_or_dash(r.win_rate_drawn),
            pct_or_dash(r.win_rate_not_drawn),
            pct_or_dash(r.win_rate_played),
            r.mean_turn_played
                .map_or("-".to_owned(), |t| format!("{t:.1}")),
            if r.never_played { "  never played" } else { "" }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(deck: &str, name: &str) -> CardRow {
        CardRow {
            deck: deck.to_owned(),
            card_id: "c".to_owned(),
            name: name.to_owned(),
            copies: 1,
            games: 10,
            drawn: 5,
            played: 4,
            win_rate_drawn: Some(0.5),
            win_rate_not_drawn: None,
            win_rate_played: Some(0.25),
            mean_turn_played: Some(3.0),
            never_played: false,
            left_in_hand: 1,
            abilities: Vec::new(),
        }
    }

    #[test]
    fn a_name_longer_than_any_column_is_printed_whole_without_panic() {
        let long = "n".repeat(1 << 16);
        let table = card_table(&[row("d", &long), row("d", "Goblin")]);
        assert!(table.contains(&long));
        // Short names still line up: the column is capped, not gone.
        let short = card_table(&[row("d", "Goblin"), row("d", "Fireball")]);
        let widths: Vec<usize> = short
            .lines()
            .filter(|l| l.contains("Goblin") || l.contains("Fireball"))
            .map(|l| l.find(" 1 ").unwrap_or(0))
            .collect();
        assert_eq!(widths[0], widths[1], "{short}");
    }
}

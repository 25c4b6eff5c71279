//! What the report commands (`simulate`, `tournament`, `goldfish`) share: the progress bar,
//! the per-card table, the HTML page and the command line it names, and printing a report.

use std::io::IsTerminal;
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use rtg::report::{PageInfo, SampleLink, render};
use rtg::sim::{CardRate, CardRow, Improvement, MIN_RATE_GAMES};

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

/// The width of the card name column of the per-card tables.
fn name_width(rows: &[CardRow]) -> usize {
    rows.iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, MAX_COLUMN_CHARS)
}

/// The per-card tables: for each deck, its cards with the games drawn and played, the win rates
/// when drawn, not drawn and played, and the mean turn first played; then, for each deck, the
/// 17lands measures ([`card_rates_table`]).
pub(crate) fn card_table(rows: &[CardRow]) -> String {
    let mut out = String::new();
    let mut deck: Option<&str> = None;
    let width = name_width(rows);
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
    if !rows.is_empty() {
        out.push('\n');
        out.push_str(&card_rates_table(rows));
    }
    out
}

/// A rate with its interval in whole percents (`52.1% 41-63`), or `n<30` when its games are too
/// few to mean anything.
fn rate_cell(r: &CardRate) -> String {
    match (r.too_few, r.win_rate, r.ci_low, r.ci_high) {
        (false, Some(rate), Some(lo), Some(hi)) => {
            format!("{} {:.0}-{:.0}", pct(rate), 100.0 * lo, 100.0 * hi)
        }
        _ => format!("n<{MIN_RATE_GAMES}"),
    }
}

/// The improvement when drawn in points with its interval (`+3.2 -1.4..+7.9`), or `n<30`.
fn iwd_cell(i: &Improvement) -> String {
    match (i.too_few, i.points, i.ci_low, i.ci_high) {
        (false, Some(points), Some(lo), Some(hi)) => format!("{points:+.1} {lo:+.1}..{hi:+.1}"),
        _ => format!("n<{MIN_RATE_GAMES}"),
    }
}

/// The 17lands measures of each deck's cards: games in hand (GIH), opening hand (OH), drawn
/// later (GD) and not seen (GNS), each with its games and the deck's win rate and 95% interval,
/// and the improvement when drawn (IWD, GIH minus GNS, in points). A rate of fewer than
/// [`MIN_RATE_GAMES`] games prints `n<30` instead of a figure that would mean nothing.
pub(crate) fn card_rates_table(rows: &[CardRow]) -> String {
    let mut out = format!(
        "games in hand (GIH) = opening hand (OH) + drawn later (GD); not seen (GNS): win rates \
         with 95% intervals; IWD = GIH - GNS win rate, in points; n<{MIN_RATE_GAMES}: fewer than \
         {MIN_RATE_GAMES} games, too few to tell\n"
    );
    let mut deck: Option<&str> = None;
    let width = name_width(rows);
    for r in rows {
        if deck != Some(r.deck.as_str()) {
            deck = Some(r.deck.as_str());
            out.push_str(&format!(
                "in hand, cards of {} ({} games)\n  {:<width$} {:>5} {:<13} {:>5} {:<13} {:>5} \
                 {:<13} {:>5} {:<13} {}\n",
                r.deck,
                r.games,
                "card",
                "GIH",
                "GIH WR",
                "OH",
                "OH WR",
                "GD",
                "GD WR",
                "GNS",
                "GNS WR",
                "IWD"
            ));
        }
        let line = format!(
            "  {:<width$} {:>5} {:<13} {:>5} {:<13} {:>5} {:<13} {:>5} {:<13} {}",
            r.name,
            r.gih.games,
            rate_cell(&r.gih),
            r.oh.games,
            rate_cell(&r.oh),
            r.gd.games,
            rate_cell(&r.gd),
            r.gns.games,
            rate_cell(&r.gns),
            iwd_cell(&r.iwd)
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(deck: &str, name: &str) -> CardRow {
        let (gih, gns) = (
            CardRate::from_counts(5, 2, 1),
            CardRate::from_counts(5, 0, 0),
        );
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
            gih,
            oh: CardRate::from_counts(3, 1, 1),
            gd: CardRate::from_counts(2, 1, 0),
            gns,
            iwd: Improvement::between(&gih, &gns),
            when_played: CardRate::from_counts(4, 1, 0),
            turn_played_sum: 12,
        }
    }

    #[test]
    fn the_rates_table_shows_counts_intervals_and_marks_too_few_games() {
        let mut goblin = row("d", "Goblin");
        // 60 games in hand (33 won, 2 drawn), 40 not seen (18 won): enough for every figure
        // but the opening hand's 25.
        goblin.games = 100;
        goblin.gih = CardRate::from_counts(60, 33, 2);
        goblin.oh = CardRate::from_counts(25, 14, 1);
        goblin.gd = CardRate::from_counts(35, 19, 1);
        goblin.gns = CardRate::from_counts(40, 18, 0);
        goblin.iwd = Improvement::between(&goblin.gih, &goblin.gns);
        let table = card_table(&[goblin, row("d", "Fireball")]);
        let lines: Vec<&str> = table.lines().collect();
        let at = |needle: &str| {
            lines
                .iter()
                .position(|l| l.starts_with(needle))
                .unwrap_or_else(|| panic!("{needle}: {table}"))
        };
        // The older table first, as it was; the rates after it.
        assert!(at("cards of d (100 games)") < at("in hand, cards of d (100 games)"));
        let header = lines[at("in hand, cards of d") + 1];
        let goblin = lines[at("in hand, cards of d") + 2];
        let fireball = lines[at("in hand, cards of d") + 3];
        assert_eq!(
            goblin,
            "  Goblin      60 56.7% 44-68      25 n<30             35 55.7% 40-71      40 45.0% 31-60   +11.7 -8.0..+30.2"
        );
        // Columns line up under their headers.
        for column in ["GIH WR", "OH WR", "GD WR", "GNS WR", "IWD"] {
            let x = header.find(column).unwrap();
            assert!(
                goblin[x - 1..].starts_with(' ') && !goblin[x..].starts_with(' '),
                "{column}"
            );
        }
        // Five games of each: nothing but the counts and the marks.
        assert_eq!(fireball.matches("n<30").count(), 5, "{fireball}");
        assert!(!fireball.contains('%'), "{fireball}");
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

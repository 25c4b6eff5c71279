//! The reports as text, as the command line prints them: a batch ([`batch_table`]), a
//! tournament ([`tournament_text`]), a goldfish run ([`goldfish_text`]), a ladder
//! ([`ladder_table`]), a card-impact run ([`card_impact_table`]), a verdict
//! ([`verdict_table`]) and the per-card tables ([`card_table`]). rtg-sim keeps the data; the
//! words and the columns are here, beside the pages.

mod batch;
mod cards;
mod goldfish;
mod impact;
mod ladder;
mod tournament;
mod verdict;

use rtg_core::RuleSet;

pub use batch::batch_table;
pub use cards::{card_rates_table, card_table};
pub use goldfish::{goldfish_table, goldfish_text};
pub use impact::card_impact_table;
pub use ladder::ladder_table;
pub use tournament::{tournament_table, tournament_text};
pub use verdict::verdict_table;

/// The widest a table's name column is padded to. A longer name is printed whole and pushes its
/// row out (a width beyond what `format!` takes would panic: names come from files).
pub const MAX_COLUMN_CHARS: usize = 64;

/// A share as a percentage with one decimal.
pub fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `, rules ptg-0.9` for a header line, nothing for the default rule set, so that the text of
/// a `ptg-0.2` report is what it always was.
pub fn rules_note(rules: RuleSet) -> String {
    if rules == RuleSet::default() {
        String::new()
    } else {
        format!(", rules {rules}")
    }
}

/// A report's table, then its per-card tables when it has them.
fn with_cards(mut text: String, cards: Option<&[rtg_sim::CardRow]>) -> String {
    if let Some(cards) = cards {
        text.push('\n');
        text.push_str(&card_table(cards));
    }
    text
}

/// `pct` of a share that may be missing (`-`).
pub(crate) fn pct_or_dash(x: Option<f64>) -> String {
    x.map_or("-".to_owned(), pct)
}

// Padding text to a column by hand: `format!("{:<w$}")` panics ("Formatting argument out of
// range") when `w` is over `u16::MAX`, and a column as wide as its longest name can be, since
// names come from files (a report's deck names, a replay's).

/// `text` followed by spaces up to `width` characters (as it is when already as long).
pub fn pad_right(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + width);
    out.push_str(text);
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out
}

/// Spaces up to `width` characters, then `text` (as it is when already as long).
pub fn pad_left(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + width);
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(text.chars().count()),
    ));
    out.push_str(text);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_in_characters_like_format_does() {
        for text in ["", "a", "héllo", "twelve chars"] {
            for width in [0, 1, 5, 12, 20] {
                assert_eq!(pad_right(text, width), format!("{text:<width$}"));
                assert_eq!(pad_left(text, width), format!("{text:>width$}"));
            }
        }
    }

    #[test]
    fn widths_past_u16_max_do_not_panic() {
        let long = "n".repeat(70_000);
        assert_eq!(pad_right(&long, 70_010).chars().count(), 70_010);
        assert_eq!(pad_left("x", 70_000).chars().count(), 70_000);
        assert_eq!(pad_right(&long, 10), long);
    }
}

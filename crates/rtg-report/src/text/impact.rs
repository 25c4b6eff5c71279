//! A card-impact run as text.

use rtg_sim::CardImpactReport;

use super::{MAX_COLUMN_CHARS, pad_left, pad_right, pct, rules_note};

/// A share of -1 to 1 in signed points with one decimal (`-5.2`, `+0.0`).
fn points(x: f64) -> String {
    format!("{:+.1}", 100.0 * x)
}

/// The report as a table: the settings, the filler and the baseline, then one row per swap.
pub fn card_impact_table(r: &CardImpactReport) -> String {
    let games = if r.games == 1 { "game" } else { "games" };
    let mut out = format!(
        "card impact of {} ({}) vs {} ({}), seed {}, {} {games} a batch{}\n",
        r.deck,
        r.bots[0],
        r.vs,
        r.bots[1],
        r.seed,
        r.games,
        rules_note(r.rules)
    );
    let copies = match r.filler.copies {
        0 => "not in the deck".to_owned(),
        1 => "1 copy in the deck".to_owned(),
        n => format!("{n} copies in the deck"),
    };
    out.push_str(&format!(
        "  filler {} ({}, {copies}): each row swaps one copy of its card for it\n",
        r.filler.card_id, r.filler.name
    ));
    out.push_str(&format!(
        "  baseline: {} win rate {}   95% CI {} .. {}\n",
        r.deck,
        pct(r.baseline_win_rate),
        pct(r.baseline_ci_low),
        pct(r.baseline_ci_high)
    ));
    if r.cards.is_empty() {
        out.push_str("  no card to swap\n");
        return out;
    }
    out.push_str(
        "  delta: the swapped deck's win rate minus the baseline's, in points; most harmful removal first\n",
    );
    let width = r
        .cards
        .iter()
        .map(|c| c.card_id.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(4, MAX_COLUMN_CHARS);
    out.push_str(&format!(
        "  {} {} {}  {} {}\n",
        pad_right("card", width),
        pad_left("copies", 6),
        pad_left("delta", 7),
        pad_right("95% CI", 16),
        pad_left("games", 7)
    ));
    for c in &r.cards {
        let interval = format!("{} .. {}", points(c.ci_low), points(c.ci_high));
        out.push_str(&format!(
            "  {} {} {}  {} {}\n",
            pad_right(&c.card_id, width),
            pad_left(&c.copies.to_string(), 6),
            pad_left(&points(c.delta), 7),
            pad_right(&interval, 16),
            pad_left(&c.games.to_string(), 7)
        ));
    }
    out
}

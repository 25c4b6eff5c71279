//! A batch's report as text.

use rtg_core::RuleSet;
use rtg_sim::{Report, Shard};

use super::pad_right;

/// A batch's results as a readable table (`rtg simulate`, `rtg merge`).
pub fn batch_table(report: &Report) -> String {
    let (rate, lo, hi) = report.win_rate_a();
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    // Labels name the decks: the column is as wide as the longest, 24 at least.
    let longest = report
        .deck_a
        .chars()
        .count()
        .max(report.deck_b.chars().count());
    let w = 24.max(longest + 18);
    // Padded by hand: a `{:<w$}` width past u16::MAX panics, and deck names come from files.
    let label = |text: &str| pad_right(text, w);
    let mut out = String::new();
    let games = if report.games == 1 { "game" } else { "games" };
    out.push_str(&format!(
        "{} ({}) vs {} ({}), seed {}, {} {games}",
        report.deck_a, report.bots[0], report.deck_b, report.bots[1], report.seed, report.games
    ));
    // The default rule set is not named, so a ptg-0.2 table is what it always was.
    if report.rules != RuleSet::default() {
        out.push_str(&format!(", rules {}", report.rules));
    }
    if report.shards != [Shard::WHOLE] {
        let list: Vec<String> = report
            .shards
            .iter()
            .map(|s| format!("{}/{}", s.index, s.count))
            .collect();
        let shards = if list.len() == 1 { "shard" } else { "shards" };
        out.push_str(&format!(
            " ({shards} {} of a batch of {})",
            list.join(", "),
            report.batch_games
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "  {}{:>10}\n",
        label(&format!("{} wins", report.deck_a)),
        report.wins_a
    ));
    out.push_str(&format!(
        "  {}{:>10}\n",
        label(&format!("{} wins", report.deck_b)),
        report.wins_b
    ));
    out.push_str(&format!("  {}{:>10}\n", label("draws"), report.draws));
    out.push_str(&format!(
        "  {}{:>10}\n",
        label("engine errors"),
        report.errors()
    ));
    if let Some(reasons) = &report.end_reasons {
        for (deck, name) in [&report.deck_a, &report.deck_b].into_iter().enumerate() {
            out.push_str(&format!(
                "  {}{:>10}\n",
                label(&format!("{name} lost, health 0")),
                reasons.health[deck]
            ));
            out.push_str(&format!(
                "  {}{:>10}\n",
                label(&format!("{name} lost, empty deck")),
                reasons.empty_deck[deck]
            ));
        }
        out.push_str(&format!(
            "  {}{:>10}\n",
            label("turn limit reached"),
            reasons.turn_limit
        ));
    }
    out.push_str(&format!(
        "  {}{:>10}   95% CI {} .. {}\n",
        label(&format!("{} win rate", report.deck_a)),
        pct(rate),
        pct(lo),
        pct(hi)
    ));
    out.push_str(&format!(
        "  {}{:>10}\n",
        label("first player win rate"),
        pct(report.first_player_win_rate())
    ));
    out.push_str(&format!(
        "  {}{:>10.1}   min {} max {}\n",
        label("turns (mean)"),
        report.mean_turns(),
        report.turns_min.map_or("-".to_owned(), |t| t.to_string()),
        report.turns_max.map_or("-".to_owned(), |t| t.to_string()),
    ));
    out.push_str(&format!(
        "  {}{:>10.0}   ({:.2} s)\n",
        label("games per second"),
        report.games_per_second(),
        report.seconds
    ));
    for f in report.failures.iter().take(10) {
        out.push_str(&format!(
            "  error in game {} (seed {}): {}\n",
            f.index, f.seed, f.message
        ));
    }
    out
}

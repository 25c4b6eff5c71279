//! A verdict as text: the rungs, the shifts between them, the call.

use std::fmt::Write as _;

use rtg_sim::VerdictReport;

use super::{pad_left, pad_right};

/// A verdict as a readable table (`rtg verdict`): the rungs, the shifts, the call.
pub fn verdict_table(verdict: &VerdictReport) -> String {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let opt = |x: Option<f64>| x.map_or("-".to_owned(), pct);
    let points = |x: f64| format!("{:+.1}", 100.0 * x);
    let mut out = String::new();
    let _ = write!(
        out,
        "verdict: {} vs {}, seed {}, ",
        verdict.deck_a, verdict.deck_b, verdict.seed
    );
    match verdict.precision {
        Some(w) => {
            let _ = write!(
                out,
                "each rung to ±{:.1} points (at most {} games)",
                100.0 * w,
                verdict.games
            );
        }
        None => {
            let _ = write!(out, "{} games a rung", verdict.games);
        }
    }
    // The bots, on the first line as in every report: one per rung, on both sides.
    let bots: Vec<String> = verdict.rungs.iter().map(|r| r.bot.to_string()).collect();
    let _ = writeln!(
        out,
        ", each deck on the play in half; bots (both decks, rung by rung) {}",
        bots.join(" then ")
    );
    let bot_width = verdict
        .rungs
        .iter()
        .map(|r| r.bot.to_string().chars().count())
        .max()
        .unwrap_or(0)
        .clamp(4, 48);
    let cell = |text: &str| pad_right(text, bot_width);
    let _ = writeln!(
        out,
        "{} {} {} {} {} {} {} {} {} {}",
        cell("rung"),
        pad_left("games", 6),
        pad_left("A wins", 6),
        pad_left("losses", 6),
        pad_left("draws", 5),
        pad_left("A win rate (95%)", 22),
        pad_left("on play", 7),
        pad_left("on draw", 7),
        pad_left("turns", 6),
        pad_left("seconds", 8),
    );
    for r in &verdict.rungs {
        let rate = format!("{} ({}-{})", pct(r.win_rate), pct(r.ci_low), pct(r.ci_high));
        let _ = writeln!(
            out,
            "{} {} {} {} {} {} {} {} {} {}",
            cell(&r.bot.to_string()),
            pad_left(&r.games.to_string(), 6),
            pad_left(&r.wins.to_string(), 6),
            pad_left(&r.losses.to_string(), 6),
            pad_left(&r.draws.to_string(), 5),
            pad_left(&rate, 22),
            pad_left(&opt(r.on_the_play), 7),
            pad_left(&opt(r.on_the_draw), 7),
            pad_left(&format!("{:.1}", r.mean_turns), 6),
            pad_left(&format!("{:.1}", r.seconds), 8),
        );
    }
    let _ = writeln!(out, "shifts (same seeds, game by game):");
    for s in &verdict.shifts {
        let _ = writeln!(
            out,
            "  {} -> {}: {} points (95% {} to {}), {} pairs",
            s.from,
            s.to,
            points(s.paired.shift),
            points(s.paired.ci_low),
            points(s.paired.ci_high),
            s.paired.games
        );
    }
    let _ = writeln!(out, "call: {}", verdict.call.summary);
    out
}

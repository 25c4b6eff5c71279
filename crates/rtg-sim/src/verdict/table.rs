//! A verdict as text: the rungs, the shifts between them, the call.

use std::fmt::Write as _;

use super::VerdictReport;

impl VerdictReport {
    /// The verdict as a readable table: the rungs, the shifts, the call.
    pub fn table(&self) -> String {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let opt = |x: Option<f64>| x.map_or("-".to_owned(), pct);
        let points = |x: f64| format!("{:+.1}", 100.0 * x);
        let mut out = String::new();
        let _ = write!(
            out,
            "verdict: {} vs {}, seed {}, ",
            self.deck_a, self.deck_b, self.seed
        );
        match self.precision {
            Some(w) => {
                let _ = write!(
                    out,
                    "each rung to ±{:.1} points (at most {} games)",
                    100.0 * w,
                    self.games
                );
            }
            None => {
                let _ = write!(out, "{} games a rung", self.games);
            }
        }
        // The bots, on the first line as in every report: one per rung, on both sides.
        let bots: Vec<String> = self.rungs.iter().map(|r| r.bot.to_string()).collect();
        let _ = writeln!(
            out,
            ", each deck on the play in half; bots (both decks, rung by rung) {}",
            bots.join(" then ")
        );
        let bot_width = self
            .rungs
            .iter()
            .map(|r| r.bot.to_string().chars().count())
            .max()
            .unwrap_or(0)
            .clamp(4, 48);
        let cell = |text: &str| crate::pad_right(text, bot_width);
        let _ = writeln!(
            out,
            "{} {} {} {} {} {} {} {} {} {}",
            cell("rung"),
            crate::pad_left("games", 6),
            crate::pad_left("A wins", 6),
            crate::pad_left("losses", 6),
            crate::pad_left("draws", 5),
            crate::pad_left("A win rate (95%)", 22),
            crate::pad_left("on play", 7),
            crate::pad_left("on draw", 7),
            crate::pad_left("turns", 6),
            crate::pad_left("seconds", 8),
        );
        for r in &self.rungs {
            let rate = format!("{} ({}-{})", pct(r.win_rate), pct(r.ci_low), pct(r.ci_high));
            let _ = writeln!(
                out,
                "{} {} {} {} {} {} {} {} {} {}",
                cell(&r.bot.to_string()),
                crate::pad_left(&r.games.to_string(), 6),
                crate::pad_left(&r.wins.to_string(), 6),
                crate::pad_left(&r.losses.to_string(), 6),
                crate::pad_left(&r.draws.to_string(), 5),
                crate::pad_left(&rate, 22),
                crate::pad_left(&opt(r.on_the_play), 7),
                crate::pad_left(&opt(r.on_the_draw), 7),
                crate::pad_left(&format!("{:.1}", r.mean_turns), 6),
                crate::pad_left(&format!("{:.1}", r.seconds), 8),
            );
        }
        let _ = writeln!(out, "shifts (same seeds, game by game):");
        for s in &self.shifts {
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
        let _ = writeln!(out, "call: {}", self.call.summary);
        out
    }
}

//! A ladder as text.

use rtg_sim::Ladder;

/// A ladder as text (`rtg ladder`): the ratings, the win-rate matrix, every pairing.
pub fn ladder_table(ladder: &Ladder) -> String {
    let mut out = format!(
        "ladder: {} decks ({}), {} games per pair and deck, seed {}{}\n\n",
        ladder.decks.len(),
        ladder.decks.join(", "),
        ladder.games_per_pair,
        ladder.seed,
        super::rules_note(ladder.rules)
    );
    let width = ladder
        .ratings
        .iter()
        .map(|r| r.bot.len())
        .max()
        .unwrap_or(3)
        .clamp(3, super::MAX_COLUMN_CHARS);
    out += &format!(
        "{:<width$}  {:>6}  {:>15}  {:>6}  {:>6}\n",
        "bot", "elo", "95% interval", "games", "score"
    );
    for r in &ladder.ratings {
        out += &format!(
            "{:<width$}  {:>6.0}  {:>6.0} .. {:<6.0}  {:>6}  {:>5.1}%\n",
            r.bot,
            r.elo,
            r.low,
            r.high,
            r.games,
            100.0 * r.score
        );
    }
    let names: Vec<&str> = ladder.bots();
    out += "\nwin rate of the row's bot against the column's (all decks, draws count half)\n";
    out += &format!("{:<width$}", "");
    for n in &names {
        out += &format!("  {n:>width$}");
    }
    out += "\n";
    for (i, row) in ladder.matrix.iter().enumerate() {
        out += &format!("{:<width$}", names[i]);
        for cell in row {
            match cell {
                Some(v) => out += &format!("  {:>width$}", format!("{:.1}%", 100.0 * v)),
                None => out += &format!("  {:>width$}", "-"),
            }
        }
        out += "\n";
    }
    out += "\nby deck: first bot's wins / second's / draws\n";
    for p in &ladder.pairings {
        out += &format!(
            "{:<10} {:>width$} vs {:<width$}  {:>5} / {:<5} / {}{}\n",
            p.deck,
            p.first,
            p.second,
            p.first_wins,
            p.second_wins,
            p.draws,
            if p.errors > 0 {
                format!("  ({} errors)", p.errors)
            } else {
                String::new()
            }
        );
    }
    out
}

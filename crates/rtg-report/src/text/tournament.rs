//! A tournament as text.

use rtg_sim::{MAX_META_DECKS, TournamentReport};

use super::{pct, rules_note, with_cards};

/// The matrix of win rates (row deck against column deck) with each deck's mean, rank, meta
/// share and win rate against the meta, then each cell's 95% interval.
pub fn tournament_table(r: &TournamentReport) -> String {
    let w = r
        .decks
        .iter()
        .map(|d| d.chars().count())
        .max()
        .unwrap_or(4)
        .clamp(8, super::MAX_COLUMN_CHARS);
    let mut out = format!(
        "tournament of {} decks ({} vs {}), seed {}, {} games per pair{}\n",
        r.decks.len(),
        r.bots[0],
        r.bots[1],
        r.seed,
        r.games_per_pair,
        rules_note(r.rules)
    );
    let lw = w.max("row vs column".len());
    out.push_str(&format!("  {:<lw$}", "row vs column"));
    for deck in &r.decks {
        out.push_str(&format!(" {deck:>w$}"));
    }
    out.push_str(&format!(
        " {:>w$} {:>5} {:>w$} {:>w$}\n",
        "mean", "rank", "meta", "vs meta"
    ));
    for (i, deck) in r.decks.iter().enumerate() {
        out.push_str(&format!("  {deck:<lw$}"));
        for cell in &r.matrix[i] {
            let shown = cell.as_ref().map_or("-".to_owned(), |c| pct(c.win_rate));
            out.push_str(&format!(" {shown:>w$}"));
        }
        let s = &r.standings[i];
        let meta = r.meta.as_ref().and_then(|m| m.get(i));
        let (share, vs) = meta.map_or(("-".to_owned(), "-".to_owned()), |m| {
            (pct(m.share), pct(m.win_rate_vs_field))
        });
        out.push_str(&format!(
            " {:>w$} {:>5} {share:>w$} {vs:>w$}\n",
            pct(s.mean_win_rate),
            s.rank
        ));
    }
    if r.meta.is_some() {
        out.push_str(
            "  meta: share of the pool's Nash equilibrium (the most even one); vs meta: win rate \
             against it\n",
        );
    } else {
        out.push_str(&format!(
            "  meta: not computed (more than {MAX_META_DECKS} decks, or the solver failed)\n"
        ));
    }
    out.push_str("  95% intervals:\n");
    for (i, row) in r.matrix.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            if let Some(c) = cell {
                out.push_str(&format!(
                    "    {} vs {}: {} ({} .. {}), {}-{}-{} of {} games{}\n",
                    r.decks[i],
                    r.decks[j],
                    pct(c.win_rate),
                    pct(c.ci_low),
                    pct(c.ci_high),
                    c.wins,
                    c.losses,
                    c.draws,
                    c.games,
                    if c.errors > 0 {
                        format!(", {} engine errors", c.errors)
                    } else {
                        String::new()
                    }
                ));
            }
        }
    }
    out.push_str(&format!("  ({:.2} s)\n", r.seconds));
    out
}

/// A tournament as `rtg tournament` prints it: [`tournament_table`], then the per-card tables
/// when the report has them.
pub fn tournament_text(r: &TournamentReport) -> String {
    with_cards(tournament_table(r), r.cards.as_deref())
}

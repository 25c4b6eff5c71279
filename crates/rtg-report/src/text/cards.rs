//! The per-card tables of a report: what each card was drawn and played in, and the 17lands
//! measures.

use rtg_sim::{CardRate, CardRow, Improvement, MIN_RATE_GAMES};

use super::{MAX_COLUMN_CHARS, pct, pct_or_dash};

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
pub fn card_table(rows: &[CardRow]) -> String {
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
pub fn card_rates_table(rows: &[CardRow]) -> String {
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

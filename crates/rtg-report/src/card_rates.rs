//! The card statistics' second table, one per deck: 17lands' measures of each card (games in
//! hand, opening hand, drawn later, not seen, and the improvement when drawn), each rate with
//! its games and 95% interval, and a mark instead of a figure where the games are too few.

use rtg_sim::{CardRate, CardRow, Improvement};

use crate::fmt::{Fmt, escape_html, finite, num, put};
use crate::svg::share_bar;

/// The games below which a rate is too few to read; the JSON marks such rates `too_few` (the
/// threshold is rtg-sim's `MIN_RATE_GAMES`), this only names it.
const MIN_GAMES: u64 = rtg_sim::MIN_RATE_GAMES;

/// A card's rate of one measure.
type RateOf = fn(&CardRow) -> &CardRate;

/// The measures: JSON key, column title (17lands' abbreviation), what it counts, and the rate.
const RATES: [(&str, &str, &str, RateOf); 4] = [
    (
        "gih",
        "GIH",
        "games in hand: in the opening hand or drawn",
        |c| &c.gih,
    ),
    ("oh", "OH", "games with a copy in the opening hand", |c| {
        &c.oh
    }),
    (
        "gd",
        "GD",
        "games with a copy drawn later, none in the opening hand",
        |c| &c.gd,
    ),
    ("gns", "GNS", "games not seen: never in hand", |c| &c.gns),
];

/// The mark shown instead of a figure of too few games.
fn few_mark() -> String {
    format!(
        "<span class=\"note too-few\" title=\"fewer than {MIN_GAMES} games: too few to mean \
         anything\">— (n&lt;{MIN_GAMES})</span>"
    )
}

/// A rate's cell: the win rate with a bar of it and its interval, the interval below; the mark
/// when its games are too few.
fn rate_cell(path: &str, rate: &CardRate) -> String {
    if rate.too_few {
        return few_mark();
    }
    let at = |key: &str| format!("{path}.{key}");
    let interval = rate
        .ci_low
        .and_then(finite)
        .zip(rate.ci_high.and_then(finite));
    format!(
        "{}{}<br><span class=\"note\">{}–{}</span>",
        num(&at("win_rate"), rate.win_rate, Fmt::Pct),
        share_bar(rate.win_rate.and_then(finite), interval, 50.0),
        num(&at("ci_low"), rate.ci_low, Fmt::Pct),
        num(&at("ci_high"), rate.ci_high, Fmt::Pct)
    )
}

/// The improvement's cell: points and their interval, or the mark.
fn iwd_cell(path: &str, iwd: &Improvement) -> String {
    if iwd.too_few {
        return few_mark();
    }
    let at = |key: &str| format!("{path}.{key}");
    format!(
        "{}<br><span class=\"note\">{} to {}</span>",
        num(&at("points"), iwd.points, Fmt::Points),
        num(&at("ci_low"), iwd.ci_low, Fmt::Points),
        num(&at("ci_high"), iwd.ci_high, Fmt::Points)
    )
}

/// The tables, after the cards' first tables (`rows` are the report's `cards`); nothing
/// without cards.
pub(crate) fn tables(rows: &[CardRow]) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "<h3 id=\"card-rates\">In hand: the measures of 17lands</h3><p class=\"note\">Per deck, \
         each card: the games it was in hand (GIH: in the opening hand or drawn at any point), \
         split into the games a copy was in the opening hand (OH) and those it was only drawn \
         later (GD), and the games it was not seen (GNS), each with the deck's win rate there (a \
         draw counts half) and its 95% interval (Wilson; the bar's whiskers). IWD, the \
         improvement when drawn, is the GIH win rate minus the GNS win rate in percentage \
         points, with its 95% interval (Newcombe's, for a difference of two rates): +5 means the \
         deck won 5 points more often in the games it held the card. A rate of fewer than \
         {MIN_GAMES} games is not shown: too few to mean anything. These are correlations under \
         the bots' play, not causes.</p>"
    );
    let mut deck: Option<&str> = None;
    for (i, card) in rows.iter().enumerate() {
        let name = card.deck.as_str();
        if deck != Some(name) {
            if deck.is_some() {
                out.push_str("</tbody></table>");
            }
            deck = Some(name);
            put(
                &mut out,
                format_args!(
                    "<h3>{} in hand</h3><table class=\"card-rates\" data-deck=\"{}\"><thead><tr>\
                     <th>card</th>",
                    escape_html(name),
                    escape_html(name)
                ),
            );
            for (_, title, what, _) in RATES {
                put(
                    &mut out,
                    format_args!(
                        "<th title=\"{what}\">{title}</th>\
                         <th title=\"the deck's win rate in the {what}\">{title} WR</th>"
                    ),
                );
            }
            out.push_str(
                "<th title=\"improvement when drawn: GIH WR minus GNS WR, in percentage points\">\
                 IWD</th></tr></thead><tbody>",
            );
        }
        let p = |key: &str| format!("cards.{i}.{key}");
        put(
            &mut out,
            format_args!(
                "<tr data-card=\"{}\"><td title=\"{}\">{}</td>",
                escape_html(&card.card_id),
                escape_html(&card.card_id),
                escape_html(&card.name)
            ),
        );
        for (key, _, _, rate_of) in RATES {
            let rate = rate_of(card);
            put(
                &mut out,
                format_args!(
                    "<td>{}</td><td>{}</td>",
                    num(&p(&format!("{key}.games")), rate.games, Fmt::Int),
                    rate_cell(&p(key), rate)
                ),
            );
        }
        put(
            &mut out,
            format_args!("<td>{}</td></tr>", iwd_cell(&p("iwd"), &card.iwd)),
        );
    }
    if deck.is_some() {
        out.push_str("</tbody></table>");
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn rate(games: u64, win_rate: f64, too_few: bool) -> serde_json::Value {
        json!({"games": games, "wins": 0, "draws": 0, "win_rate": win_rate,
               "ci_low": win_rate - 0.1, "ci_high": win_rate + 0.1, "too_few": too_few})
    }

    fn report() -> Vec<CardRow> {
        [
            json!({"deck": "a<b", "card_id": "goblin_01", "name": "Goblin", "games": 100,
             "gih": rate(60, 0.55, false), "oh": rate(25, 0.5, true),
             "gd": rate(35, 0.6, false), "gns": rate(40, 0.45, false),
             "iwd": {"points": 10.0, "ci_low": -4.5, "ci_high": 23.25, "too_few": false}}),
            json!({"deck": "a<b", "card_id": "bolt_01", "name": "Bolt", "games": 100,
             "gih": rate(98, 0.5, false), "oh": rate(80, 0.5, false),
             "gd": rate(18, 0.5, true), "gns": rate(2, 1.0, true),
             "iwd": {"points": -50.0, "ci_low": null, "ci_high": null, "too_few": true}}),
        ]
        .into_iter()
        .map(crate::tests::card_row)
        .collect()
    }

    #[test]
    fn each_rate_shows_its_games_and_interval_and_too_few_games_show_a_mark() {
        let page = tables(&report());
        assert_eq!(page.matches("<table class=\"card-rates\"").count(), 1);
        assert!(page.contains("<h3>a&lt;b in hand</h3>"));
        assert_eq!(page.matches("<tr data-card=").count(), 2);
        assert!(page.contains(r#"data-json="cards.0.gih.games" data-value="60""#));
        assert!(page.contains(r#"data-json="cards.0.gih.win_rate" data-value="0.55""#));
        assert!(page.contains(r#"data-json="cards.0.gns.ci_high""#));
        assert!(page.contains(
            r#"data-json="cards.0.iwd.ci_high" data-value="23.25" data-format="points">+23.2<"#
        ));
        // The opening hand's 25 games, the drawn-later 18, the not-seen 2 and the second IWD:
        // four marks, and none of their rates is shown.
        assert_eq!(page.matches("— (n&lt;30)").count(), 4);
        for hidden in [
            "cards.0.oh.win_rate",
            "cards.1.gd.win_rate",
            "cards.1.gns.win_rate",
            "cards.1.iwd.points",
        ] {
            assert!(
                !page.contains(&format!("data-json=\"{hidden}\"")),
                "{hidden}"
            );
        }
        // Their games still are.
        assert!(page.contains(r#"data-json="cards.1.gns.games" data-value="2""#));
    }

    #[test]
    fn no_cards_add_nothing() {
        assert_eq!(tables(&[]), "");
    }
}

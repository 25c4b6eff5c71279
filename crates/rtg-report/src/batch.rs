//! The sections of a batch's page beyond its result: each deck's win rate on the play and on the
//! draw, and how long the games lasted. Both read keys a batch's report gained later
//! (`play_draw`, `turns_histogram`); a page of an older report says it does not count them.

use rtg_sim::{Report, Side};

use crate::fmt::{Fmt, derived, derived_attrs, escape_html, num, put};
use crate::svg::{Bar, bar_chart, share_bar};

/// Each deck's win rate on the play (it took the first turn) and on the draw, with the games
/// behind each and its 95% interval: the first player's edge, deck by deck.
pub(crate) fn play_draw(r: &Report) -> String {
    let mut out = String::from(
        "<section id=\"play-draw\"><h2>On the play and on the draw</h2><p class=\"note\">Each \
         deck's win rate (draws count half) over the finished games in which it took the first \
         turn (on the play) and the second (on the draw), with the games behind it and its 95% \
         Wilson interval. Deck A goes first in even games, so each seat holds about half the \
         games.</p>",
    );
    let Some(seats) = r.play_draw else {
        out.push_str(
            "<p class=\"note\">This report does not count the games by seat (it was written \
             before rtg did).</p></section>\n",
        );
        return out;
    };
    out.push_str(
        "<table id=\"play-draw-table\"><thead><tr><th>deck</th><th class=\"text\">seat</th><th>games</th>\
         <th>wins</th><th>losses</th><th>draws</th><th>win rate</th><th>95% CI</th></tr></thead><tbody>",
    );
    let names = [r.deck_a.as_str(), r.deck_b.as_str()];
    for (side, letter, name) in [(Side::A, "a", names[0]), (Side::B, "b", names[1])] {
        for (first, seat) in [(true, "play"), (false, "draw")] {
            // Deck A's seat on the play is `a_first`, deck B's is `b_first`.
            let key = if (side == Side::A) == first {
                "a_first"
            } else {
                "b_first"
            };
            let games = seats.seat(side, first);
            let (wins, losses) = match side {
                Side::A => (("wins_a", games.wins_a), ("wins_b", games.wins_b)),
                Side::B => (("wins_b", games.wins_b), ("wins_a", games.wins_a)),
            };
            let p = |field: &str| format!("play_draw.{key}.{field}");
            let rate = seats.rate(side, first);
            let name_of = |what: &str| format!("{what}_{letter}_on_the_{seat}");
            let shown = match rate.win_rate {
                Some(w) => format!(
                    "{}{}",
                    derived(&name_of("win_rate"), w, Fmt::Pct),
                    share_bar(Some(w), Some((rate.ci_low, rate.ci_high)), 100.0)
                ),
                None => "–".to_owned(),
            };
            put(
                &mut out,
                format_args!(
                    "<tr data-deck=\"{letter}\" data-seat=\"{seat}\"><td>{}</td><td class=\"text\">on the {seat}</td>\
                     <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{shown}</td><td>{} .. {}</td></tr>",
                    escape_html(name),
                    num(&p("games"), games.games, Fmt::Int),
                    num(&p(wins.0), wins.1, Fmt::Int),
                    num(&p(losses.0), losses.1, Fmt::Int),
                    num(&p("draws"), games.draws, Fmt::Int),
                    derived(&name_of("ci_low"), rate.ci_low, Fmt::Pct),
                    derived(&name_of("ci_high"), rate.ci_high, Fmt::Pct),
                ),
            );
        }
    }
    out.push_str("</tbody></table></section>\n");
    out
}

/// The most columns the game-length chart draws; longer spans are grouped a few turns a column.
const MAX_LENGTH_COLUMNS: u64 = 60;

/// How long the finished games lasted: the mean, the nearest-rank median and 10th and 90th
/// percentiles, a column chart over every length from the shortest game to the longest (a few
/// turns a column when they span more than [`MAX_LENGTH_COLUMNS`]), and the table of lengths.
pub(crate) fn game_lengths(r: &Report) -> String {
    let mut out = String::from(
        "<section id=\"game-length\"><h2>Game length</h2><p class=\"note\">The turns each \
         finished game lasted (every player's turn counts, so a game of 10 turns is 5 of each \
         player's; a game the turn limit stopped counts the turn after the last one allowed). \
         Percentiles are nearest-rank.</p>",
    );
    let Some(histogram) = &r.turns_histogram else {
        out.push_str(
            "<p class=\"note\">This report does not count game lengths (it was written before \
             rtg did).</p></section>\n",
        );
        return out;
    };
    let bars: Vec<(u64, u64)> = histogram
        .iter()
        .map(|b| (u64::from(b.turn), b.games))
        .collect();
    // Integer sums: the page is the same for the same report, whatever the order of the sums.
    let total: u128 = bars.iter().map(|&(_, g)| u128::from(g)).sum();
    if total == 0 {
        out.push_str("<p class=\"note\">No game finished.</p></section>\n");
        return out;
    }
    let turns: u128 = bars
        .iter()
        .map(|&(t, g)| u128::from(t) * u128::from(g))
        .sum();
    // The nearest rank of share num/den: the smallest length with at least ceil(n * num / den)
    // games at or below it.
    let percentile = |num: u128, den: u128| {
        let rank = (total * num).div_ceil(den).clamp(1, total);
        let mut seen = 0u128;
        bars.iter()
            .find(|&&(_, g)| {
                seen += u128::from(g);
                seen >= rank
            })
            .map_or(0, |&(t, _)| t)
    };
    out.push_str("<div class=\"charts\"><table class=\"kv\">");
    let mut row = |label: &str, cell: String| {
        put(
            &mut out,
            format_args!("<tr><th>{label}</th><td>{cell}</td></tr>"),
        );
    };
    row(
        "mean",
        derived("turns_mean", turns as f64 / total as f64, Fmt::Dec2),
    );
    row(
        "median",
        derived("turns_median", percentile(1, 2) as f64, Fmt::Int),
    );
    row(
        "10th percentile",
        derived("turns_p10", percentile(1, 10) as f64, Fmt::Int),
    );
    row(
        "90th percentile",
        derived("turns_p90", percentile(9, 10) as f64, Fmt::Int),
    );
    row("shortest", num("turns_min", r.turns_min, Fmt::Int));
    row("longest", num("turns_max", r.turns_max, Fmt::Int));
    out.push_str("</table>");
    out.push_str(&length_chart(&bars));
    out.push_str(
        "</div><details id=\"game-length-details\"><summary>Games by length</summary>\
         <table id=\"game-length-table\"><thead><tr><th>turns</th><th>games</th><th>share</th>\
         <th>at most this long</th></tr></thead><tbody>",
    );
    let mut seen = 0u128;
    for (k, bar) in histogram.iter().enumerate() {
        let games = bar.games;
        seen += u128::from(games);
        let p = |key: &str| format!("turns_histogram.{k}.{key}");
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                num(&p("turn"), bar.turn, Fmt::Int),
                num(&p("games"), games, Fmt::Int),
                derived("length_share", games as f64 / total as f64, Fmt::Pct),
                derived("length_at_most", seen as f64 / total as f64, Fmt::Pct),
            ),
        );
    }
    out.push_str("</tbody></table></details></section>\n");
    out
}

/// The game-length chart: a column per length from the shortest game to the longest (lengths no
/// game had are columns of 0), or per group of a few lengths when they span too many.
fn length_chart(bars: &[(u64, u64)]) -> String {
    let (Some(&(first, _)), Some(&(last, _))) = (bars.first(), bars.last()) else {
        return String::new();
    };
    let span = last.saturating_sub(first).saturating_add(1);
    let width = span.div_ceil(MAX_LENGTH_COLUMNS).max(1);
    let mut columns = Vec::new();
    let mut next = bars.iter().peekable();
    let mut from = first;
    while from <= last {
        let to = from.saturating_add(width - 1).min(last);
        let mut games = 0u64;
        while let Some(&&(t, g)) = next.peek() {
            if t > to {
                break;
            }
            games = games.saturating_add(g);
            next.next();
        }
        let label = if from == to {
            from.to_string()
        } else {
            format!("{from}–{to}")
        };
        columns.push(Bar {
            label,
            height: games as f64,
            attrs: derived_attrs("length_games", games as f64, Fmt::Int),
            shown: games.to_string(),
        });
        from = match to.checked_add(1) {
            Some(f) => f,
            None => break,
        };
    }
    bar_chart(
        "length-histogram",
        &columns,
        None,
        "finished games by their length in turns",
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn lengths_are_drawn_over_the_whole_span_and_grouped_when_long() {
        let short = length_chart(&[(4, 2), (7, 1)]);
        // 4, 5, 6, 7: the lengths no game had are columns of 0.
        assert_eq!(short.matches("<rect").count(), 4);
        assert!(short.contains(r#"data-derived="length_games" data-value="0.0""#));
        let long = length_chart(&[(3, 5), (200, 1)]);
        // 198 lengths, 4 a column: 50 columns, the first of 3 to 6.
        assert_eq!(long.matches("<rect").count(), 50);
        assert!(long.contains(">3–6<"));
        assert!(long.contains("<title>199–200: 1</title>"));
        assert_eq!(length_chart(&[]), "");
    }

    #[test]
    fn the_summary_of_lengths_is_exact_and_old_reports_say_they_lack_it() {
        let r = crate::tests::batch(json!({"turns_min": 4, "turns_max": 10,
            "turns_histogram": [{"turn": 4, "games": 1}, {"turn": 6, "games": 2},
                                {"turn": 10, "games": 1}]}));
        let page = game_lengths(&r);
        assert!(page.contains(r#"data-derived="turns_mean" data-value="6.5""#));
        assert!(page.contains(r#"data-derived="turns_median" data-value="6.0""#));
        assert!(page.contains(r#"data-derived="turns_p90" data-value="10.0""#));
        assert!(page.contains(r#"data-json="turns_histogram.2.games""#));
        let old = crate::tests::batch(json!({}));
        assert!(game_lengths(&old).contains("does not count game lengths"));
        assert!(play_draw(&old).contains("does not count the games by seat"));
    }

    #[test]
    fn each_deck_has_a_row_on_the_play_and_on_the_draw() {
        let seat = |a: u64, b: u64, d: u64| json!({"games": a + b + d, "wins_a": a, "wins_b": b, "draws": d});
        let r = crate::tests::batch(json!({"deck_a": "<x>", "deck_b": "y",
            "play_draw": {"a_first": seat(3, 1, 0), "b_first": seat(0, 2, 2)}}));
        let page = play_draw(&r);
        assert_eq!(page.matches("<tr data-deck").count(), 4);
        assert!(page.contains("<td>&lt;x&gt;</td><td class=\"text\">on the play</td>"));
        // Deck A on the play won 3 of 4; deck B on the draw lost those same 3.
        assert!(page.contains(r#"data-derived="win_rate_a_on_the_play" data-value="0.75""#));
        assert!(page.contains(r#"data-derived="win_rate_b_on_the_draw" data-value="0.25""#));
        // Deck A on the draw: no win, two draws of four: a quarter.
        assert!(page.contains(r#"data-derived="win_rate_a_on_the_draw" data-value="0.25""#));
    }

    #[test]
    fn hostile_lengths_draw_a_bounded_page_without_panicking() {
        let (turn, games) = (u32::MAX, u64::MAX);
        for bars in [
            json!([{"turn": turn, "games": games}, {"turn": 0, "games": games}]),
            json!([{"turn": 0, "games": games}, {"turn": turn, "games": games}]),
        ] {
            let page = game_lengths(&crate::tests::batch(json!({"turns_histogram": bars})));
            assert!(page.matches("<rect").count() <= MAX_LENGTH_COLUMNS as usize);
        }
    }
}

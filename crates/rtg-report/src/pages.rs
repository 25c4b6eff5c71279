//! The body of each kind of page: a batch, a tournament, a goldfish run; and the sections they
//! share (end reasons, per-card tables).

use serde_json::Value;

use crate::PageError;
use crate::fmt::{Fmt, derived, escape_html, lookup, num, number, put, text};
use crate::svg::{Column, columns, heatmap, share_bar};

fn count(root: &Value, path: &str) -> u64 {
    lookup(root, path).and_then(Value::as_u64).unwrap_or(0)
}

fn array<'v>(root: &'v Value, path: &str) -> &'v [Value] {
    lookup(root, path)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// A batch between two decks: the result, with deck A's win rate and its interval, the end
/// reasons and the cards.
pub(crate) fn batch(r: &Value) -> Result<(String, String), PageError> {
    let (a, b) = (text(r, "deck_a"), text(r, "deck_b"));
    if a.is_empty() || b.is_empty() {
        return Err(PageError::Missing("deck names (`deck_a`, `deck_b`)"));
    }
    let errors = array(r, "failures").len() as u64 + count(r, "failures_omitted");
    let finished = count(r, "games").saturating_sub(errors);
    let score = count(r, "wins_a") as f64 + count(r, "draws") as f64 / 2.0;
    let (rate, lo, hi) = if finished > 0 {
        let (lo, hi) = rtg_sim::wilson_interval(score, finished as f64);
        (Some(score / finished as f64), lo, hi)
    } else {
        (None, 0.0, 1.0)
    };
    let mut out = String::from("<section id=\"result\"><h2>Result</h2><table class=\"kv\">");
    let mut row = |label: String, cell: String| {
        put(
            &mut out,
            format_args!("<tr><th>{label}</th><td>{cell}</td></tr>"),
        );
    };
    row("games".to_owned(), num(r, "games", Fmt::Int));
    row(
        format!("{} wins", escape_html(a)),
        num(r, "wins_a", Fmt::Int),
    );
    row(
        format!("{} wins", escape_html(b)),
        num(r, "wins_b", Fmt::Int),
    );
    row("draws".to_owned(), num(r, "draws", Fmt::Int));
    row(
        "engine errors".to_owned(),
        format!(
            "<span class=\"num\" data-derived=\"errors\" data-value=\"{errors}\" data-format=\"int\">{errors}</span>"
        ),
    );
    if let Some(rate) = rate {
        row(
            format!("{} win rate (draws count half)", escape_html(a)),
            format!(
                "{} <span class=\"ci\">95% CI {} .. {}</span>{}",
                derived("win_rate_a", rate, Fmt::Pct),
                derived("ci_low", lo, Fmt::Pct),
                derived("ci_high", hi, Fmt::Pct),
                share_bar(Some(rate), Some((lo, hi)), 160.0)
            ),
        );
        row(
            "first player wins".to_owned(),
            num(r, "first_player_wins", Fmt::Int),
        );
        row(
            "turns (mean)".to_owned(),
            format!(
                "{} <span class=\"note\">min {} max {}, sum {}</span>",
                derived(
                    "mean_turns",
                    count(r, "turns_sum") as f64 / finished as f64,
                    Fmt::Dec2
                ),
                num(r, "turns_min", Fmt::Int),
                num(r, "turns_max", Fmt::Int),
                num(r, "turns_sum", Fmt::Int)
            ),
        );
    }
    out.push_str("</table></section>\n");
    out.push_str(&crate::batch::play_draw(r));
    out.push_str(&crate::batch::game_lengths(r));
    out.push_str(&end_reasons(r, "end_reasons", [a, b]));
    out.push_str(&cards(r));
    Ok((format!("{a} vs {b}"), out))
}

/// Why the games ended: a table and a column chart, by deck (`names` are deck A's and B's).
fn end_reasons(r: &Value, path: &str, names: [&str; 2]) -> String {
    let mut out = String::from("<section id=\"end-reasons\"><h2>End reasons</h2>");
    if lookup(r, path).is_none_or(Value::is_null) {
        out.push_str("<p class=\"note\">This report does not count end reasons.</p></section>\n");
        return out;
    }
    let rows = [
        (
            format!("{} lost, health 0", names[0]),
            format!("{path}.health.0"),
        ),
        (
            format!("{} lost, empty deck", names[0]),
            format!("{path}.empty_deck.0"),
        ),
        (
            format!("{} lost, health 0", names[1]),
            format!("{path}.health.1"),
        ),
        (
            format!("{} lost, empty deck", names[1]),
            format!("{path}.empty_deck.1"),
        ),
        (
            "turn limit reached".to_owned(),
            format!("{path}.turn_limit"),
        ),
    ];
    out.push_str(
        "<div class=\"charts\"><table><thead><tr><th>reason</th><th>games</th></tr></thead><tbody>",
    );
    for (label, p) in &rows {
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td>{}</td></tr>",
                escape_html(label),
                num(r, p, Fmt::Int)
            ),
        );
    }
    out.push_str("</tbody></table>");
    let cols: Vec<Column> = rows
        .iter()
        .zip([
            format!("{} health", names[0]),
            format!("{} decked", names[0]),
            format!("{} health", names[1]),
            format!("{} decked", names[1]),
            "turn limit".to_owned(),
        ])
        .map(|((_, p), label)| Column {
            label,
            path: p.clone(),
        })
        .collect();
    out.push_str(&columns(
        r,
        "end-reasons-chart",
        &cols,
        Fmt::Int,
        "games by end reason",
    ));
    out.push_str("</div></section>\n");
    out
}

/// The per-card tables, one per deck, when the report has `cards`.
fn cards(r: &Value) -> String {
    let rows = array(r, "cards");
    if lookup(r, "cards").is_none() {
        return String::new();
    }
    let mut out = String::from(
        "<section id=\"cards\"><h2>Cards</h2><p class=\"note\">Per deck, each card: the games in \
         which a copy was drawn (opening hand included) and played, the deck's win rate (a draw \
         counts half) when it was drawn, not drawn and played, the mean of the deck's own turn it \
         was first played, the games it ended in hand, and the uses of its activated abilities. \
         Bars show the share of games drawn and the win rates; the dashed line is one half.</p>",
    );
    let mut deck: Option<&str> = None;
    for (i, card) in rows.iter().enumerate() {
        let name = card.get("deck").and_then(Value::as_str).unwrap_or("");
        if deck != Some(name) {
            if deck.is_some() {
                out.push_str("</tbody></table>");
            }
            deck = Some(name);
            put(
                &mut out,
                format_args!(
                    "<h3>{}</h3><table class=\"cards\" data-deck=\"{}\"><thead><tr><th>card</th>\
                     <th>copies</th><th>games</th><th>drawn</th><th>played</th><th>win rate drawn</th>\
                     <th>not drawn</th><th>played</th><th>turn played</th><th>left in hand</th>\
                     <th>abilities</th></tr></thead><tbody>",
                    escape_html(name),
                    escape_html(name)
                ),
            );
        }
        let p = |key: &str| format!("cards.{i}.{key}");
        let share = |key: &str| number(r, &p(key));
        let games = count(r, &p("games"));
        let drawn_share = (games > 0).then(|| count(r, &p("drawn")) as f64 / games as f64);
        let never = card.get("never_played").and_then(Value::as_bool) == Some(true);
        let abilities: Vec<String> = array(r, &p("abilities"))
            .iter()
            .enumerate()
            .map(|(k, a)| {
                let label = escape_html(a.get("name").and_then(Value::as_str).unwrap_or(""));
                let count = |key: &str| num(r, &p(&format!("abilities.{k}.{key}")), Fmt::Int);
                match (a.get("used"), a.get("fired")) {
                    (Some(Value::Number(_)), _) => format!("{label}: {}", count("used")),
                    (_, Some(Value::Number(_))) => format!(
                        "{label}: fired {}, resolved {}",
                        count("fired"),
                        count("resolved")
                    ),
                    _ => format!(
                        "{label} <span class=\"note\">({})</span>",
                        escape_html(a.get("kind").and_then(Value::as_str).unwrap_or(""))
                    ),
                }
            })
            .collect();
        put(
            &mut out,
            format_args!(
                "<tr{} data-card=\"{}\"><td title=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}{}</td>\
                 <td>{}</td><td>{}{}</td><td>{}{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                if never { " class=\"never\"" } else { "" },
                escape_html(text(r, &p("card_id"))),
                escape_html(text(r, &p("card_id"))),
                escape_html(text(r, &p("name"))),
                num(r, &p("copies"), Fmt::Int),
                num(r, &p("games"), Fmt::Int),
                num(r, &p("drawn"), Fmt::Int),
                share_bar(drawn_share, None, 60.0),
                num(r, &p("played"), Fmt::Int),
                num(r, &p("win_rate_drawn"), Fmt::Pct),
                share_bar(share("win_rate_drawn"), None, 60.0),
                num(r, &p("win_rate_not_drawn"), Fmt::Pct),
                share_bar(share("win_rate_not_drawn"), None, 60.0),
                num(r, &p("win_rate_played"), Fmt::Pct),
                share_bar(share("win_rate_played"), None, 60.0),
                num(r, &p("mean_turn_played"), Fmt::Dec2),
                num(r, &p("left_in_hand"), Fmt::Int),
                abilities.join("<br>")
            ),
        );
    }
    if deck.is_some() {
        out.push_str("</tbody></table>");
    } else {
        out.push_str("<p class=\"note\">No cards.</p>");
    }
    out.push_str(&crate::card_rates::tables(r));
    out.push_str("</section>\n");
    out
}

/// A tournament: the heat map, the standings with the meta shares, each pairing's numbers, the
/// cards.
pub(crate) fn tournament(r: &Value) -> Result<(String, String), PageError> {
    let decks: Vec<&str> = array(r, "decks").iter().filter_map(Value::as_str).collect();
    if decks.len() < 2 {
        return Err(PageError::Missing("two decks or more in `decks`"));
    }
    let mut out = String::from(
        "<section id=\"matrix\"><h2>Win rates</h2><p class=\"note\">The row deck's win rate \
         against the column deck (the row deck as deck A; draws count half). Hover a cell for its \
         games and 95% interval.</p>",
    );
    out.push_str(&heatmap(r));
    // Reports written before the meta existed (or with more decks than it is computed for) have
    // no `meta` list: their standings show without its columns.
    let meta = array(r, "meta").len() == decks.len();
    out.push_str("</section>\n<section id=\"standings\"><h2>Standings</h2>");
    if meta {
        out.push_str(
            "<p class=\"note\">Meta share: the deck's share of the pool's Nash equilibrium (of \
             the equilibria, the most even one), the field a rational meta settles into; a deck \
             with share 0 is beaten by some mix of the others. Vs meta: its win rate against that \
             field, one half for every deck with a share.</p>",
        );
    }
    out.push_str(
        "<table id=\"standings-table\"><thead><tr><th>rank</th><th class=\"text\">deck</th><th>mean win rate</th>",
    );
    if meta {
        out.push_str("<th>meta share</th><th>vs meta</th>");
    }
    out.push_str("<th>games</th><th>wins</th><th>losses</th><th>draws</th></tr></thead><tbody>");
    // Listed by rank, best first; decks of one rank in the report's order. The paths still name
    // each deck's own entries (`standings.i`, `meta.i`, both in the order of `decks`).
    let standings = array(r, "standings");
    let rank = |s: &Value| s.get("rank").and_then(Value::as_u64).unwrap_or(u64::MAX);
    let mut order: Vec<usize> = (0..standings.len()).collect();
    order.sort_by_key(|&i| (rank(&standings[i]), i));
    for i in order {
        let s = &standings[i];
        let p = |key: &str| format!("standings.{i}.{key}");
        let shares = if meta {
            let m = |key: &str| format!("meta.{i}.{key}");
            format!(
                "<td class=\"meta-share\">{}{}</td><td class=\"meta-vs\">{}</td>",
                num(r, &m("share"), Fmt::Pct),
                share_bar(number(r, &m("share")), None, 80.0),
                num(r, &m("win_rate_vs_field"), Fmt::Pct)
            )
        } else {
            String::new()
        };
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td class=\"text\">{}</td><td>{}{}</td>{shares}<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                num(r, &p("rank"), Fmt::Int),
                escape_html(s.get("deck").and_then(Value::as_str).unwrap_or("")),
                num(r, &p("mean_win_rate"), Fmt::Pct),
                share_bar(number(r, &p("mean_win_rate")), None, 120.0),
                num(r, &p("games"), Fmt::Int),
                num(r, &p("wins"), Fmt::Int),
                num(r, &p("losses"), Fmt::Int),
                num(r, &p("draws"), Fmt::Int)
            ),
        );
    }
    // Many decks make many pairings (n × (n - 1)): past 30 rows they are folded away.
    let fold = if decks.len() * (decks.len() - 1) > 30 {
        ""
    } else {
        " open"
    };
    put(
        &mut out,
        format_args!(
            "</tbody></table></section>\n<section id=\"pairings\"><h2>Pairings</h2><details{fold}>\
             <summary>{} pairings, each with its games, interval and end reasons</summary>",
            decks.len() * (decks.len() - 1)
        ),
    );
    out.push_str("<table id=\"pairings-table\"><thead><tr><th>row deck</th><th class=\"text\">column deck</th><th>games</th><th>wins</th><th>losses</th><th>draws</th><th>win rate</th><th>95% CI</th><th>mean turns</th><th>row lost (health / decked)</th><th>column lost (health / decked)</th><th>turn limit</th></tr></thead><tbody>");
    for (i, a) in decks.iter().enumerate() {
        for (j, b) in decks.iter().enumerate() {
            if i == j {
                continue;
            }
            let p = |key: &str| format!("matrix.{i}.{j}.{key}");
            put(
                &mut out,
                format_args!(
                    "<tr><td>{}</td><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} .. {}{}</td><td>{}</td><td>{} / {}</td><td>{} / {}</td><td>{}</td></tr>",
                    escape_html(a),
                    escape_html(b),
                    num(r, &p("games"), Fmt::Int),
                    num(r, &p("wins"), Fmt::Int),
                    num(r, &p("losses"), Fmt::Int),
                    num(r, &p("draws"), Fmt::Int),
                    num(r, &p("win_rate"), Fmt::Pct),
                    num(r, &p("ci_low"), Fmt::Pct),
                    num(r, &p("ci_high"), Fmt::Pct),
                    share_bar(
                        number(r, &p("win_rate")),
                        number(r, &p("ci_low")).zip(number(r, &p("ci_high"))),
                        100.0
                    ),
                    num(r, &p("mean_turns"), Fmt::Dec2),
                    num(r, &p("end_reasons.health.0"), Fmt::Int),
                    num(r, &p("end_reasons.empty_deck.0"), Fmt::Int),
                    num(r, &p("end_reasons.health.1"), Fmt::Int),
                    num(r, &p("end_reasons.empty_deck.1"), Fmt::Int),
                    num(r, &p("end_reasons.turn_limit"), Fmt::Int)
                ),
            );
        }
    }
    out.push_str("</tbody></table></details></section>\n");
    out.push_str(&cards(r));
    Ok((format!("Tournament of {} decks", decks.len()), out))
}

/// A goldfish run: the kill turn (summary and histogram), mana by turn, end reasons, cards.
pub(crate) fn goldfish(r: &Value) -> Result<(String, String), PageError> {
    let deck = text(r, "deck");
    if deck.is_empty() {
        return Err(PageError::Missing("deck name (`deck`)"));
    }
    let mut out = String::from(
        "<section id=\"kill-turn\"><h2>Kill turn</h2><p class=\"note\">The deck's own turn \
         (1 = its first) on which the goldfish, an opponent who never acts and cannot lose by \
         decking, lost. Percentiles are nearest-rank.</p><div class=\"charts\"><table class=\"kv\">",
    );
    let mut row = |label: &str, cell: String| {
        put(
            &mut out,
            format_args!("<tr><th>{label}</th><td>{cell}</td></tr>"),
        );
    };
    row("games", num(r, "games", Fmt::Int));
    row("kills", num(r, "kills", Fmt::Int));
    row("no kill by the turn limit", num(r, "no_kill", Fmt::Int));
    row("mean", num(r, "kill_turn.mean", Fmt::Dec2));
    row("median", num(r, "kill_turn.median", Fmt::Int));
    row("10th percentile", num(r, "kill_turn.p10", Fmt::Int));
    row("90th percentile", num(r, "kill_turn.p90", Fmt::Int));
    row(
        "cards in hand at the end (mean)",
        num(r, "hand_at_end", Fmt::Dec2),
    );
    out.push_str("</table>");
    let bars: Vec<Column> = array(r, "kill_turn.histogram")
        .iter()
        .enumerate()
        .map(|(k, bar)| Column {
            label: bar.get("turn").map(Value::to_string).unwrap_or_default(),
            path: format!("kill_turn.histogram.{k}.games"),
        })
        .collect();
    if bars.is_empty() {
        out.push_str("<p class=\"note\">No kill within the turn limit.</p>");
    } else {
        out.push_str(&columns(
            r,
            "kill-histogram",
            &bars,
            Fmt::Int,
            "games by kill turn",
        ));
    }
    out.push_str("</div></section>\n<section id=\"mana\"><h2>Mana by turn</h2><p class=\"note\">The share of games with at least k mana cards on the battlefield at the end of the deck's turn k, among the games still going then.</p><div class=\"charts\">");
    let mana: Vec<Column> = array(r, "mana_by_turn")
        .iter()
        .enumerate()
        .map(|(k, m)| Column {
            label: m.get("turn").map(Value::to_string).unwrap_or_default(),
            path: format!("mana_by_turn.{k}.share"),
        })
        .collect();
    out.push_str(&columns(
        r,
        "mana-chart",
        &mana,
        Fmt::Pct,
        "share of games on curve by turn",
    ));
    out.push_str("<table><thead><tr><th>turn</th><th>games</th><th>on curve</th><th>share</th></tr></thead><tbody>");
    for k in 0..mana.len() {
        let p = |key: &str| format!("mana_by_turn.{k}.{key}");
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                num(r, &p("turn"), Fmt::Int),
                num(r, &p("games"), Fmt::Int),
                num(r, &p("on_curve"), Fmt::Int),
                num(r, &p("share"), Fmt::Pct)
            ),
        );
    }
    out.push_str("</tbody></table></div></section>\n");
    out.push_str(&end_reasons(r, "end_reasons", [deck, "goldfish"]));
    out.push_str(&cards(r));
    Ok((format!("{deck} goldfish"), out))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn two_decks() -> Value {
        let cell = json!({"games": 4, "wins": 3, "losses": 1, "draws": 0, "errors": 0,
            "win_rate": 0.75, "ci_low": 0.3, "ci_high": 0.95, "first_player_wins": 2,
            "mean_turns": 9.0, "end_reasons": null});
        let standing = |deck: &str, rank: u64| {
            json!({"deck": deck, "rank": rank, "mean_win_rate": 0.5, "games": 8, "wins": 4,
                "losses": 4, "draws": 0})
        };
        json!({"decks": ["x", "y"], "matrix": [[null, cell], [cell, null]],
            "standings": [standing("x", 1), standing("y", 1)]})
    }

    #[test]
    fn the_standings_show_the_meta_beside_the_ranks_when_the_report_has_it() {
        let mut report = two_decks();
        report["meta"] = json!([
            {"deck": "x", "share": 0.5, "win_rate_vs_field": 0.5},
            {"deck": "y", "share": 0.5, "win_rate_vs_field": 0.5}
        ]);
        let (_, body) = tournament(&report).unwrap();
        assert!(body.contains(
            "<th>rank</th><th class=\"text\">deck</th><th>mean win rate</th><th>meta share</th><th>vs meta</th>"
        ));
        for i in 0..2 {
            for key in ["share", "win_rate_vs_field"] {
                assert!(
                    body.contains(&format!(r#"data-json="meta.{i}.{key}""#)),
                    "{body}"
                );
            }
        }
        // A report from before the meta, or with a null one, shows the standings without it.
        for old in [two_decks(), {
            let mut r = two_decks();
            r["meta"] = Value::Null;
            r
        }] {
            let (_, body) = tournament(&old).unwrap();
            assert!(!body.contains("meta share") && !body.contains("data-json=\"meta."));
            assert!(body.contains(r#"data-json="standings.1.rank""#));
        }
    }

    #[test]
    fn the_standings_are_listed_by_rank_with_the_rank_first() {
        let mut report = two_decks();
        report["standings"][0]["rank"] = json!(2);
        report["standings"][1]["mean_win_rate"] = json!(0.6);
        let (_, body) = tournament(&report).unwrap();
        let y = body
            .find(r#"data-json="standings.1.rank""#)
            .expect("y's rank");
        let x = body
            .find(r#"data-json="standings.0.rank""#)
            .expect("x's rank");
        assert!(y < x, "the rank-1 deck (y) comes first");
        assert!(body.contains(
            r#"<tr><td><span class="num" data-json="standings.1.rank" data-value="1" data-format="int">1</span></td><td class="text">y</td>"#
        ));
    }
}

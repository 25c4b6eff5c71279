//! The body of each kind of page: a batch, a tournament, a goldfish run; and the sections they
//! share (end reasons, per-card tables).

use rtg_sim::{CardRow, EndReasons, GoldfishReport, Report, TournamentReport};
use serde_json::Value;

use crate::PageError;
use crate::fmt::{Fmt, derived, escape_html, finite, num, put};
use crate::svg::{Column, columns, heatmap, share_bar};

/// A batch between two decks: the result, with deck A's win rate and its interval, the end
/// reasons and the cards.
pub(crate) fn batch(
    r: &Report,
    cards_rows: Option<&[CardRow]>,
) -> Result<(String, String), PageError> {
    let (a, b) = (r.deck_a.as_str(), r.deck_b.as_str());
    if a.is_empty() || b.is_empty() {
        return Err(PageError::Missing("deck names (`deck_a`, `deck_b`)"));
    }
    let errors = (r.failures.len() as u64).saturating_add(r.failures_omitted);
    let finished = r.games.saturating_sub(errors);
    let score = r.wins_a as f64 + r.draws as f64 / 2.0;
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
    row("games".to_owned(), num("games", r.games, Fmt::Int));
    row(
        format!("{} wins", escape_html(a)),
        num("wins_a", r.wins_a, Fmt::Int),
    );
    row(
        format!("{} wins", escape_html(b)),
        num("wins_b", r.wins_b, Fmt::Int),
    );
    row("draws".to_owned(), num("draws", r.draws, Fmt::Int));
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
            num("first_player_wins", r.first_player_wins, Fmt::Int),
        );
        row(
            "turns (mean)".to_owned(),
            format!(
                "{} <span class=\"note\">min {} max {}, sum {}</span>",
                derived(
                    "mean_turns",
                    r.turns_sum as f64 / finished as f64,
                    Fmt::Dec2
                ),
                num("turns_min", r.turns_min, Fmt::Int),
                num("turns_max", r.turns_max, Fmt::Int),
                num("turns_sum", r.turns_sum, Fmt::Int)
            ),
        );
    }
    out.push_str("</table></section>\n");
    out.push_str(&crate::batch::play_draw(r));
    out.push_str(&crate::batch::game_lengths(r));
    out.push_str(&end_reasons(r.end_reasons.as_ref(), [a, b]));
    out.push_str(&cards(cards_rows));
    Ok((format!("{a} vs {b}"), out))
}

/// Why the games ended (the report's `end_reasons`; `None` for a report that does not count
/// them): a table and a column chart, by deck (`names` are deck A's and B's).
fn end_reasons(reasons: Option<&EndReasons>, names: [&str; 2]) -> String {
    let mut out = String::from("<section id=\"end-reasons\"><h2>End reasons</h2>");
    let Some(reasons) = reasons else {
        out.push_str("<p class=\"note\">This report does not count end reasons.</p></section>\n");
        return out;
    };
    let rows = [
        (
            format!("{} lost, health 0", names[0]),
            "end_reasons.health.0",
            reasons.health[0],
        ),
        (
            format!("{} lost, empty deck", names[0]),
            "end_reasons.empty_deck.0",
            reasons.empty_deck[0],
        ),
        (
            format!("{} lost, health 0", names[1]),
            "end_reasons.health.1",
            reasons.health[1],
        ),
        (
            format!("{} lost, empty deck", names[1]),
            "end_reasons.empty_deck.1",
            reasons.empty_deck[1],
        ),
        (
            "turn limit reached".to_owned(),
            "end_reasons.turn_limit",
            reasons.turn_limit,
        ),
    ];
    out.push_str(
        "<div class=\"charts\"><table><thead><tr><th>reason</th><th>games</th></tr></thead><tbody>",
    );
    for (label, path, games) in &rows {
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td>{}</td></tr>",
                escape_html(label),
                num(path, *games, Fmt::Int)
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
        .map(|((_, path, games), label)| Column {
            label,
            path: (*path).to_owned(),
            value: Value::from(*games),
        })
        .collect();
    out.push_str(&columns(
        "end-reasons-chart",
        &cols,
        Fmt::Int,
        "games by end reason",
    ));
    out.push_str("</div></section>\n");
    out
}

/// The per-card tables, one per deck, when the report has `cards`.
fn cards(rows: Option<&[CardRow]>) -> String {
    let Some(rows) = rows else {
        return String::new();
    };
    let mut out = String::from(
        "<section id=\"cards\"><h2>Cards</h2><p class=\"note\">Per deck, each card: the games in \
         which a copy was drawn (opening hand included) and played, the deck's win rate (a draw \
         counts half) when it was drawn, not drawn and played, the mean of the deck's own turn it \
         was first played, the games it ended in hand, and the uses of its activated abilities. \
         Bars show the share of games drawn and the win rates; the dashed line is one half.</p>",
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
        let share = |rate: Option<f64>| rate.and_then(finite);
        let drawn_share = (card.games > 0).then(|| card.drawn as f64 / card.games as f64);
        let abilities: Vec<String> = card
            .abilities
            .iter()
            .enumerate()
            .map(|(k, a)| {
                let label = escape_html(&a.name);
                let count = |key: &str, value: Option<u64>| {
                    num(&p(&format!("abilities.{k}.{key}")), value, Fmt::Int)
                };
                match (a.used, a.fired) {
                    (Some(_), _) => format!("{label}: {}", count("used", a.used)),
                    (_, Some(_)) => format!(
                        "{label}: fired {}, resolved {}",
                        count("fired", a.fired),
                        count("resolved", a.resolved)
                    ),
                    _ => format!(
                        "{label} <span class=\"note\">({})</span>",
                        escape_html(&a.kind)
                    ),
                }
            })
            .collect();
        put(
            &mut out,
            format_args!(
                "<tr{} data-card=\"{}\"><td title=\"{}\">{}</td><td>{}</td><td>{}</td><td>{}{}</td>\
                 <td>{}</td><td>{}{}</td><td>{}{}</td><td>{}{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                if card.never_played {
                    " class=\"never\""
                } else {
                    ""
                },
                escape_html(&card.card_id),
                escape_html(&card.card_id),
                escape_html(&card.name),
                num(&p("copies"), card.copies, Fmt::Int),
                num(&p("games"), card.games, Fmt::Int),
                num(&p("drawn"), card.drawn, Fmt::Int),
                share_bar(drawn_share, None, 60.0),
                num(&p("played"), card.played, Fmt::Int),
                num(&p("win_rate_drawn"), card.win_rate_drawn, Fmt::Pct),
                share_bar(share(card.win_rate_drawn), None, 60.0),
                num(&p("win_rate_not_drawn"), card.win_rate_not_drawn, Fmt::Pct),
                share_bar(share(card.win_rate_not_drawn), None, 60.0),
                num(&p("win_rate_played"), card.win_rate_played, Fmt::Pct),
                share_bar(share(card.win_rate_played), None, 60.0),
                num(&p("mean_turn_played"), card.mean_turn_played, Fmt::Dec2),
                num(&p("left_in_hand"), card.left_in_hand, Fmt::Int),
                abilities.join("<br>")
            ),
        );
    }
    if deck.is_some() {
        out.push_str("</tbody></table>");
    } else {
        out.push_str("<p class=\"note\">No cards.</p>");
    }
    out.push_str(&crate::card_rates::tables(rows));
    out.push_str("</section>\n");
    out
}

/// A tournament: the heat map, the standings with the meta shares, each pairing's numbers, the
/// cards.
pub(crate) fn tournament(r: &TournamentReport) -> Result<(String, String), PageError> {
    let decks = &r.decks;
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
    let meta = r.meta.as_deref().filter(|m| m.len() == decks.len());
    out.push_str("</section>\n<section id=\"standings\"><h2>Standings</h2>");
    if meta.is_some() {
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
    if meta.is_some() {
        out.push_str("<th>meta share</th><th>vs meta</th>");
    }
    out.push_str("<th>games</th><th>wins</th><th>losses</th><th>draws</th></tr></thead><tbody>");
    // Listed by rank, best first; decks of one rank in the report's order. The paths still name
    // each deck's own entries (`standings.i`, `meta.i`, both in the order of `decks`).
    let mut order: Vec<(usize, &rtg_sim::Standing)> = r.standings.iter().enumerate().collect();
    order.sort_by_key(|&(i, s)| (s.rank, i));
    for (i, s) in order {
        let p = |key: &str| format!("standings.{i}.{key}");
        let shares = match meta {
            Some(meta) => {
                let share = meta.get(i);
                let m = |key: &str| format!("meta.{i}.{key}");
                format!(
                    "<td class=\"meta-share\">{}{}</td><td class=\"meta-vs\">{}</td>",
                    num(&m("share"), share.map(|m| m.share), Fmt::Pct),
                    share_bar(share.and_then(|m| finite(m.share)), None, 80.0),
                    num(
                        &m("win_rate_vs_field"),
                        share.map(|m| m.win_rate_vs_field),
                        Fmt::Pct
                    )
                )
            }
            None => String::new(),
        };
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td class=\"text\">{}</td><td>{}{}</td>{shares}<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                num(&p("rank"), s.rank, Fmt::Int),
                escape_html(&s.deck),
                num(&p("mean_win_rate"), s.mean_win_rate, Fmt::Pct),
                share_bar(finite(s.mean_win_rate), None, 120.0),
                num(&p("games"), s.games, Fmt::Int),
                num(&p("wins"), s.wins, Fmt::Int),
                num(&p("losses"), s.losses, Fmt::Int),
                num(&p("draws"), s.draws, Fmt::Int)
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
            let cell = r
                .matrix
                .get(i)
                .and_then(|row| row.get(j))
                .and_then(Option::as_ref);
            let of = |field: fn(&rtg_sim::Cell) -> u64| cell.map(field);
            let rate = |field: fn(&rtg_sim::Cell) -> f64| cell.map(field);
            let shown = |field: fn(&rtg_sim::Cell) -> f64| cell.and_then(|c| finite(field(c)));
            put(
                &mut out,
                format_args!(
                    "<tr><td>{}</td><td class=\"text\">{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} .. {}{}</td><td>{}</td><td>{} / {}</td><td>{} / {}</td><td>{}</td></tr>",
                    escape_html(a),
                    escape_html(b),
                    num(&p("games"), of(|c| c.games), Fmt::Int),
                    num(&p("wins"), of(|c| c.wins), Fmt::Int),
                    num(&p("losses"), of(|c| c.losses), Fmt::Int),
                    num(&p("draws"), of(|c| c.draws), Fmt::Int),
                    num(&p("win_rate"), rate(|c| c.win_rate), Fmt::Pct),
                    num(&p("ci_low"), rate(|c| c.ci_low), Fmt::Pct),
                    num(&p("ci_high"), rate(|c| c.ci_high), Fmt::Pct),
                    share_bar(
                        shown(|c| c.win_rate),
                        shown(|c| c.ci_low).zip(shown(|c| c.ci_high)),
                        100.0
                    ),
                    num(&p("mean_turns"), rate(|c| c.mean_turns), Fmt::Dec2),
                    num(
                        &p("end_reasons.health.0"),
                        of(|c| c.end_reasons.health[0]),
                        Fmt::Int
                    ),
                    num(
                        &p("end_reasons.empty_deck.0"),
                        of(|c| c.end_reasons.empty_deck[0]),
                        Fmt::Int
                    ),
                    num(
                        &p("end_reasons.health.1"),
                        of(|c| c.end_reasons.health[1]),
                        Fmt::Int
                    ),
                    num(
                        &p("end_reasons.empty_deck.1"),
                        of(|c| c.end_reasons.empty_deck[1]),
                        Fmt::Int
                    ),
                    num(
                        &p("end_reasons.turn_limit"),
                        of(|c| c.end_reasons.turn_limit),
                        Fmt::Int
                    )
                ),
            );
        }
    }
    out.push_str("</tbody></table></details></section>\n");
    out.push_str(&cards(r.cards.as_deref()));
    Ok((format!("Tournament of {} decks", decks.len()), out))
}

/// A goldfish run: the kill turn (summary and histogram), mana by turn, end reasons, cards.
pub(crate) fn goldfish(r: &GoldfishReport) -> Result<(String, String), PageError> {
    let deck = r.deck.as_str();
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
    let kill = &r.kill_turn;
    row("games", num("games", r.games, Fmt::Int));
    row("kills", num("kills", r.kills, Fmt::Int));
    row(
        "no kill by the turn limit",
        num("no_kill", r.no_kill, Fmt::Int),
    );
    row("mean", num("kill_turn.mean", kill.mean, Fmt::Dec2));
    row("median", num("kill_turn.median", kill.median, Fmt::Int));
    row("10th percentile", num("kill_turn.p10", kill.p10, Fmt::Int));
    row("90th percentile", num("kill_turn.p90", kill.p90, Fmt::Int));
    row(
        "cards in hand at the end (mean)",
        num("hand_at_end", r.hand_at_end, Fmt::Dec2),
    );
    out.push_str("</table>");
    let bars: Vec<Column> = kill
        .histogram
        .iter()
        .enumerate()
        .map(|(k, bar)| Column {
            label: bar.turn.to_string(),
            path: format!("kill_turn.histogram.{k}.games"),
            value: Value::from(bar.games),
        })
        .collect();
    if bars.is_empty() {
        out.push_str("<p class=\"note\">No kill within the turn limit.</p>");
    } else {
        out.push_str(&columns(
            "kill-histogram",
            &bars,
            Fmt::Int,
            "games by kill turn",
        ));
    }
    out.push_str("</div></section>\n<section id=\"mana\"><h2>Mana by turn</h2><p class=\"note\">The share of games with at least k mana cards on the battlefield at the end of the deck's turn k, among the games still going then.</p><div class=\"charts\">");
    let mana: Vec<Column> = r
        .mana_by_turn
        .iter()
        .enumerate()
        .map(|(k, m)| Column {
            label: m.turn.to_string(),
            path: format!("mana_by_turn.{k}.share"),
            value: Value::from(m.share),
        })
        .collect();
    out.push_str(&columns(
        "mana-chart",
        &mana,
        Fmt::Pct,
        "share of games on curve by turn",
    ));
    out.push_str("<table><thead><tr><th>turn</th><th>games</th><th>on curve</th><th>share</th></tr></thead><tbody>");
    for (k, m) in r.mana_by_turn.iter().enumerate() {
        let p = |key: &str| format!("mana_by_turn.{k}.{key}");
        put(
            &mut out,
            format_args!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                num(&p("turn"), m.turn, Fmt::Int),
                num(&p("games"), m.games, Fmt::Int),
                num(&p("on_curve"), m.on_curve, Fmt::Int),
                num(&p("share"), m.share, Fmt::Pct)
            ),
        );
    }
    out.push_str("</tbody></table></div></section>\n");
    out.push_str(&end_reasons(Some(&r.end_reasons), [deck, "goldfish"]));
    out.push_str(&cards(r.cards.as_deref()));
    Ok((format!("{deck} goldfish"), out))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn two_decks() -> Value {
        let cell = json!({"games": 4, "wins": 3, "losses": 1, "draws": 0, "errors": 0,
            "win_rate": 0.75, "ci_low": 0.3, "ci_high": 0.95, "first_player_wins": 2,
            "mean_turns": 9.0});
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
        let (_, body) = tournament(&crate::tests::tournament(report)).unwrap();
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
            let (_, body) = tournament(&crate::tests::tournament(old)).unwrap();
            assert!(!body.contains("meta share") && !body.contains("data-json=\"meta."));
            assert!(body.contains(r#"data-json="standings.1.rank""#));
        }
    }

    #[test]
    fn the_standings_are_listed_by_rank_with_the_rank_first() {
        let mut report = two_decks();
        report["standings"][0]["rank"] = json!(2);
        report["standings"][1]["mean_win_rate"] = json!(0.6);
        let (_, body) = tournament(&crate::tests::tournament(report)).unwrap();
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

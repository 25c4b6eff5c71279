//! The page of a card-impact run (`rtg card-impact --json`): the baseline, the filler, and one
//! row per swapped card with the change of the deck's win rate and its paired interval.

use rtg_sim::CardImpactReport;

use crate::PageError;
use crate::fmt::{Fmt, escape_html, finite, num, put};
use crate::svg::share_bar;

/// A card-impact run's title and body.
pub(crate) fn card_impact(r: &CardImpactReport) -> Result<(String, String), PageError> {
    let (deck, vs) = (r.deck.as_str(), r.vs.as_str());
    if deck.is_empty() || vs.is_empty() {
        return Err(PageError::Missing("deck names (`deck`, `vs`)"));
    }
    let mut out = String::from("<section id=\"baseline\"><h2>Baseline</h2><table class=\"kv\">");
    let mut row = |label: String, cell: String| {
        put(
            &mut out,
            format_args!("<tr><th>{label}</th><td>{cell}</td></tr>"),
        );
    };
    row("games a batch".to_owned(), num("games", r.games, Fmt::Int));
    row(
        format!("{} win rate (draws count half)", escape_html(deck)),
        format!(
            "{} <span class=\"ci\">95% CI {} .. {}</span>{}",
            num("baseline_win_rate", r.baseline_win_rate, Fmt::Pct),
            num("baseline_ci_low", r.baseline_ci_low, Fmt::Pct),
            num("baseline_ci_high", r.baseline_ci_high, Fmt::Pct),
            share_bar(
                finite(r.baseline_win_rate),
                finite(r.baseline_ci_low).zip(finite(r.baseline_ci_high)),
                160.0
            )
        ),
    );
    row(
        "filler".to_owned(),
        format!(
            "{} <code>{}</code> <span class=\"note\">({} in the deck)</span>",
            escape_html(&r.filler.name),
            escape_html(&r.filler.card_id),
            num("filler.copies", r.filler.copies, Fmt::Int)
        ),
    );
    out.push_str("</table></section>\n");
    out.push_str(
        "<section id=\"swaps\"><h2>Swaps</h2><p class=\"note\">Each row swaps one copy of its \
         card for the filler and plays the same seeds again. Delta: the swapped deck's win rate \
         minus the baseline's, in points, with its paired 95% interval over the games finished in \
         both; negative when the deck does worse without the copy, so the card helps it. Most \
         harmful removal first.</p>",
    );
    if r.cards.is_empty() {
        out.push_str("<p class=\"note\">No card to swap.</p></section>\n");
        return Ok((format!("Card impact: {deck} vs {vs}"), out));
    }
    out.push_str(
        "<table id=\"swaps-table\"><thead><tr><th>card</th><th class=\"text\">id</th><th>copies</th>\
         <th>delta</th><th>95% CI</th><th>win rate swapped</th><th>games paired</th></tr></thead><tbody>",
    );
    for (i, card) in r.cards.iter().enumerate() {
        let p = |key: &str| format!("cards.{i}.{key}");
        let delta = finite(card.delta);
        let interval = finite(card.ci_low).zip(finite(card.ci_high));
        put(
            &mut out,
            format_args!(
                "<tr data-card=\"{}\"><td>{}</td><td class=\"text\"><code>{}</code></td><td>{}</td>\
                 <td>{}{}</td><td>{} .. {}</td><td>{}</td><td>{}</td></tr>",
                escape_html(&card.card_id),
                escape_html(&card.name),
                escape_html(&card.card_id),
                num(&p("copies"), card.copies, Fmt::Int),
                num(&p("delta"), card.delta, Fmt::Pct),
                delta_bar(delta, interval),
                num(&p("ci_low"), card.ci_low, Fmt::Pct),
                num(&p("ci_high"), card.ci_high, Fmt::Pct),
                num(&p("win_rate"), card.win_rate, Fmt::Pct),
                num(&p("games"), card.games, Fmt::Int),
            ),
        );
    }
    out.push_str("</tbody></table></section>\n");
    Ok((format!("Card impact: {deck} vs {vs}"), out))
}

/// A delta of -25 to +25 points as a bar from the middle (0), with its interval drawn over it:
/// red to the left (the deck does worse without the card), blue to the right.
fn delta_bar(delta: Option<f64>, interval: Option<(f64, f64)>) -> String {
    let Some(delta) = delta else {
        return String::new();
    };
    let (width, span) = (100.0, 0.25);
    let x = |d: f64| width / 2.0 * (1.0 + (d / span).clamp(-1.0, 1.0));
    let (from, to) = (x(delta.min(0.0)), x(delta.max(0.0)));
    let colour = if delta < 0.0 { "#d73027" } else { "#4575b4" };
    let mut out = format!(
        r##"<svg class="bar" width="{width}" height="12" viewBox="0 0 {width} 12" role="img" aria-label="{:+.1} points"><rect x="0" y="2" width="{width}" height="8" fill="#eee"/><rect x="{from:.1}" y="2" width="{:.1}" height="8" fill="{colour}"/>"##,
        100.0 * delta,
        to - from
    );
    if let Some((lo, hi)) = interval {
        put(
            &mut out,
            format_args!(
                r##"<line x1="{:.1}" y1="6" x2="{:.1}" y2="6" stroke="#111" stroke-width="1.5"/>"##,
                x(lo),
                x(hi)
            ),
        );
    }
    put(
        &mut out,
        format_args!(
            r##"<line x1="{0:.1}" y1="0" x2="{0:.1}" y2="12" stroke="#666"/></svg>"##,
            width / 2.0
        ),
    );
    out
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn render(report: Value) -> String {
        let report: CardImpactReport = serde_json::from_value(report).unwrap();
        crate::page(
            crate::ReportPage::CardImpact(&report),
            &crate::PageInfo::default(),
        )
        .unwrap()
    }

    fn report() -> Value {
        json!({"deck": "a<b", "vs": "c", "bots": ["greedy", "heuristic"], "seed": 1,
            "games": 10, "max_turns": 200,
            "filler": {"card_id": "fire_mana_01", "name": "Fire Mana", "copies": 14},
            "baseline_win_rate": 0.6, "baseline_ci_low": 0.3, "baseline_ci_high": 0.8,
            "baseline": crate::tests::batch(json!({"cards_digest": "00000000000000ff"})),
            "cards": [{"card_id": "goblin_01", "name": "Goblin", "copies": 4, "delta": -0.1,
                       "ci_low": -0.2, "ci_high": 0.0, "games": 10, "win_rate": 0.5}]})
    }

    #[test]
    fn a_card_impact_page_shows_the_baseline_and_each_swap() {
        let page = render(report());
        assert!(page.contains("<title>Card impact: a&lt;b vs c</title>"));
        assert!(
            page.contains(
                r#"data-json="cards.0.delta" data-value="-0.1" data-format="pct">-10.0%"#
            )
        );
        assert!(page.contains(r#"<tr data-card="goblin_01">"#));
        assert!(page.contains(r#"<code id="digest">00000000000000ff</code>"#));
        assert!(page.contains(r#"id="bots">bots: <span class="bot">a&lt;b <code>greedy</code></span> vs <span class="bot">c <code>heuristic</code></span>"#));
        let mut none = report();
        none["cards"] = json!([]);
        assert!(render(none).contains("No card to swap."));
    }

    #[test]
    fn deltas_are_drawn_from_the_middle() {
        let bar = delta_bar(Some(-0.125), None);
        assert!(
            bar.contains(r##"<rect x="25.0" y="2" width="25.0" height="8" fill="#d73027"/>"##),
            "{bar}"
        );
        assert_eq!(delta_bar(None, None), "");
    }
}

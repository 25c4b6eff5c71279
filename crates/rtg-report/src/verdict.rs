//! The page of a verdict (`rtg verdict --json`): the call, deck A's win rate against the rung
//! with its intervals, the rungs' table and the shifts between them.

use rtg_sim::{Rung, VerdictReport};

use crate::PageError;
use crate::fmt::{Fmt, escape_html, finite, num, put};

/// A verdict's title and body.
pub(crate) fn verdict(r: &VerdictReport) -> Result<(String, String), PageError> {
    let rungs = r.rungs.as_slice();
    if rungs.len() < 2 {
        return Err(PageError::Missing("two rungs or more in `rungs`"));
    }
    let (a, b) = (r.deck_a.as_str(), r.deck_b.as_str());
    let settled = r.call.settled;
    let mut out = String::new();
    put(
        &mut out,
        format_args!(
            "<section id=\"call\"><h2>The call</h2><p id=\"call-summary\" class=\"call {}\">{}</p>\
             <p class=\"note\">Settled when the top two rungs differ by less than 3 points with \
             their paired 95% interval inside ±5 points; then deck A ({}) or deck B ({}) is \
             favoured when the top rung's interval is wholly above or below 50%, else it is even.</p></section>\n",
            if settled { "settled" } else { "unsettled" },
            escape_html(&r.call.summary),
            escape_html(a),
            escape_html(b),
        ),
    );
    put(
        &mut out,
        format_args!(
            "<section id=\"ladder\"><h2>Win rate by rung</h2><p class=\"note\">{}'s win rate \
             (draws count half) with the same bot on both sides, weakest rung first; the bars are \
             95% intervals, the dashed line 50%.</p>{}</section>\n",
            escape_html(a),
            chart(rungs)
        ),
    );
    out.push_str(
        "<section id=\"rungs\"><h2>Rungs</h2><table><thead><tr><th>bot</th><th>games</th>\
         <th>wins</th><th>losses</th><th>draws</th><th>win rate</th><th>95% CI</th>\
         <th>on the play</th><th>on the draw</th><th>mean turns</th><th>seconds</th></tr></thead><tbody>",
    );
    for (i, rung) in rungs.iter().enumerate() {
        let p = |key: &str| format!("rungs.{i}.{key}");
        put(
            &mut out,
            format_args!(
                "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
                 <td>{} .. {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape_html(&rung.bot.to_string()),
                num(&p("games"), rung.games, Fmt::Int),
                num(&p("wins"), rung.wins, Fmt::Int),
                num(&p("losses"), rung.losses, Fmt::Int),
                num(&p("draws"), rung.draws, Fmt::Int),
                num(&p("win_rate"), rung.win_rate, Fmt::Pct),
                num(&p("ci_low"), rung.ci_low, Fmt::Pct),
                num(&p("ci_high"), rung.ci_high, Fmt::Pct),
                num(&p("on_the_play"), rung.on_the_play, Fmt::Pct),
                num(&p("on_the_draw"), rung.on_the_draw, Fmt::Pct),
                num(&p("mean_turns"), rung.mean_turns, Fmt::Dec2),
                num(&p("seconds"), rung.seconds, Fmt::Dec2),
            ),
        );
    }
    out.push_str(
        "</tbody></table></section>\n<section id=\"shifts\"><h2>Shifts</h2><p class=\"note\">How \
         far the win rate moves from one rung to the next, game by game on the same seeds (so the \
         shuffles both share cancel out), with its 95% interval.</p><table><thead><tr><th>from</th>\
         <th>to</th><th>shift</th><th>95% CI</th><th>pairs</th></tr></thead><tbody>",
    );
    for (i, shift) in r.shifts.iter().enumerate() {
        let p = |key: &str| format!("shifts.{i}.{key}");
        let paired = &shift.paired;
        put(
            &mut out,
            format_args!(
                "<tr><td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td>{} .. {}</td><td>{}</td></tr>",
                escape_html(&shift.from.to_string()),
                escape_html(&shift.to.to_string()),
                num(&p("shift"), paired.shift, Fmt::Pct),
                num(&p("ci_low"), paired.ci_low, Fmt::Pct),
                num(&p("ci_high"), paired.ci_high, Fmt::Pct),
                num(&p("games"), paired.games, Fmt::Int),
            ),
        );
    }
    out.push_str("</tbody></table></section>\n");
    Ok((format!("Verdict: {a} vs {b}"), out))
}

/// Win rate (0 to 1, up) against the rung (left to right): a dot per rung with its interval.
fn chart(rungs: &[Rung]) -> String {
    let (left, top, plot_h, bottom, step) = (44.0, 12.0, 200.0, 40.0, 120.0);
    let width = left + step * rungs.len() as f64 + 10.0;
    let height = top + plot_h + bottom;
    let y = |rate: f64| top + plot_h * (1.0 - rate.clamp(0.0, 1.0));
    let mut out = format!(
        r#"<svg id="ladder-chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="win rate by rung">"#
    );
    for tick in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let dash = if tick == 0.5 {
            r#" stroke-dasharray="4 3""#
        } else {
            ""
        };
        put(
            &mut out,
            format_args!(
                r##"<line x1="{left}" y1="{0:.1}" x2="{1:.1}" y2="{0:.1}" stroke="#bbb"{dash}/><text x="{2}" y="{3:.1}" text-anchor="end" class="axis">{4:.0}%</text>"##,
                y(tick),
                width - 6.0,
                left - 6.0,
                y(tick) + 4.0,
                100.0 * tick
            ),
        );
    }
    let mut previous: Option<(f64, f64)> = None;
    for (i, rung) in rungs.iter().enumerate() {
        let x = left + step * (i as f64 + 0.5);
        // A rate the JSON holds as `null` (not finite) has no dot.
        let (Some(rate), Some(lo), Some(hi)) = (
            finite(rung.win_rate),
            finite(rung.ci_low),
            finite(rung.ci_high),
        ) else {
            continue;
        };
        let bot = rung.bot.to_string();
        if let Some((px, py)) = previous {
            put(
                &mut out,
                format_args!(
                    r##"<line x1="{px:.1}" y1="{py:.1}" x2="{x:.1}" y2="{:.1}" stroke="#4575b4" stroke-width="1.5"/>"##,
                    y(rate)
                ),
            );
        }
        previous = Some((x, y(rate)));
        put(
            &mut out,
            format_args!(
                r##"<line class="interval" x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="#111" stroke-width="1.5"/><line x1="{:.1}" y1="{1:.1}" x2="{:.1}" y2="{1:.1}" stroke="#111"/><line x1="{2:.1}" y1="{0:.1}" x2="{3:.1}" y2="{0:.1}" stroke="#111"/><circle class="rung" cx="{x:.1}" cy="{:.1}" r="4.5" fill="#4575b4" data-rung="{i}"><title>{}</title></circle><text x="{x:.1}" y="{:.1}" text-anchor="middle" class="axis">{}</text>"##,
                y(hi),
                y(lo),
                x - 6.0,
                x + 6.0,
                y(rate),
                escape_html(&format!(
                    "{}: {:.1}% (95% {:.1}% to {:.1}%)",
                    bot,
                    100.0 * rate,
                    100.0 * lo,
                    100.0 * hi
                )),
                top + plot_h + 18.0,
                escape_html(&short(&bot)),
            ),
        );
    }
    out.push_str("</svg>");
    out
}

/// A bot spec short enough for an axis label (`mcts:iterations=400` is `mcts 400`).
fn short(bot: &str) -> String {
    let label = match bot.strip_prefix("mcts:iterations=") {
        Some(rest) if !rest.contains(',') => format!("mcts {rest}"),
        _ => bot.to_owned(),
    };
    if label.chars().count() > 16 {
        label.chars().take(15).chain(['…']).collect()
    } else {
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rung(bot: &str, rate: f64) -> serde_json::Value {
        serde_json::json!({"bot": bot, "games": 10, "wins": 5, "losses": 5, "draws": 0,
            "win_rate": rate, "ci_low": rate - 0.1, "ci_high": rate + 0.1, "on_the_play": null,
            "on_the_draw": 0.5, "mean_turns": 9.0, "seconds": 0.1,
            "report": crate::tests::batch(serde_json::json!({}))})
    }

    fn render(v: &serde_json::Value) -> Result<String, PageError> {
        let report: VerdictReport = serde_json::from_value(v.clone()).unwrap();
        crate::page(
            crate::ReportPage::Verdict(&report),
            &crate::PageInfo::default(),
        )
    }

    #[test]
    fn a_verdict_page_shows_the_call_and_each_rung_and_needs_two_rungs() {
        let mut v = serde_json::json!({
            "deck_a": "a<b", "deck_b": "c", "seed": 1, "games": 10, "max_turns": 200,
            "cards_digest": "00",
            "rungs": [rung("greedy", 0.4), rung("mcts:iterations=100", 0.6)],
            "shifts": [{"from": "greedy", "to": "mcts:iterations=100", "games": 10,
                        "shift": 0.2, "ci_low": 0.1, "ci_high": 0.3}],
            "call": {"settled": false, "favoured": null, "summary": "unsettled: <moves>"}
        });
        let page = render(&v).unwrap();
        assert!(page.contains("<title>Verdict: a&lt;b vs c</title>"));
        assert!(page.contains("unsettled: &lt;moves&gt;"));
        assert_eq!(page.matches("class=\"rung\"").count(), 2);
        assert!(page.contains(r#"data-json="rungs.0.on_the_play" data-value="null""#));
        v["rungs"] = serde_json::json!([rung("greedy", 0.4)]);
        assert!(matches!(render(&v), Err(PageError::Missing(_))));
    }

    #[test]
    fn axis_labels_are_short() {
        assert_eq!(short("mcts:iterations=400"), "mcts 400");
        assert_eq!(short("heuristic"), "heuristic");
        assert_eq!(short("mcts:depth=8,iterations=100").chars().count(), 16);
    }
}

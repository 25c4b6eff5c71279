//! # rtg-report
//!
//! The reports of rtg as text ([`text`]: every table the command line prints) and as pages; and
//! the page layer every HTML page of rtg is made with ([`mod@page`]: one escaper, one shell).
//!
//! One self-contained HTML page per report of rtg ([`page()`] of a [`ReportPage`], whose kind is
//! its type): a batch (`rtg simulate --json`), a
//! tournament (`rtg tournament --json`), a goldfish run (`rtg goldfish --json`), a verdict
//! (`rtg verdict --json`) or a card-impact run (`rtg card-impact --json`). The page is a
//! single file with inline CSS, inline SVG charts and one small inline script (sorting tables)
//! — no library, no font, no image from anywhere, so it opens offline and can be mailed as it
//! is — and holds:
//!
//! - under the title, the bots that played (every figure is what those bots made of the decks);
//! - the results, with the charts of the kind (the tournament's heat map and standings by rank,
//!   a batch's win rates on the play and on the draw and its game lengths, the kill-turn
//!   histogram, ...) and the end reasons;
//! - the per-card tables, with bars, when the report has `cards`;
//! - the settings that reproduce it (the command line, the seed, the card digest, and the rule
//!   set when the report names one: reports leave out the default `ptg-0.2`);
//! - a "sample games" section of links the caller gives (viewer pages of chosen games);
//! - the JSON itself, in a `<script type="application/json" id="report-json">`.
//!
//! Every table with a head sorts by any column when its header is clicked (numbers by value,
//! text alphabetically; again to reverse), and the page fits a window 1,400 pixels wide: headers
//! and names wrap, and charts narrow their columns as they get many.
//!
//! The page is made from the report's JSON value (the `--json` output's), so the numbers it
//! shows are the JSON's: each
//! one is in an element whose `data-json` is its path in the JSON (`matrix.0.1.win_rate`),
//! `data-value` its exact JSON text and `data-format` how it is shown (`int`, `pct`, `dec2`,
//! `points`).
//! The few numbers computed from the JSON (a batch's win rate) say so with `data-derived`.
//!
//! ```
//! let report = serde_json::json!({
//!     "deck": "aggro", "bot": "greedy", "seed": 1, "games": 2, "max_turns": 20,
//!     "opening_hand": 7, "cards_digest": "00ff", "kills": 2, "no_kill": 0,
//!     "kill_turn": {"count": 2, "mean": 5.5, "median": 5, "p10": 5, "p90": 6,
//!                   "histogram": [{"turn": 5, "games": 1}, {"turn": 6, "games": 1}]},
//!     "mana_by_turn": [], "hand_at_end": 1.5, "failures": [], "seconds": 0.1,
//!     "end_reasons": {"health": [0, 2], "empty_deck": [0, 0], "turn_limit": 0}
//! });
//! let report: rtg_sim::GoldfishReport = serde_json::from_value(report).unwrap();
//! let page = rtg_report::page(
//!     rtg_report::ReportPage::Goldfish(&report),
//!     &rtg_report::PageInfo::default(),
//! )
//! .unwrap();
//! assert!(page.starts_with("<!doctype html>"));
//! assert!(page.contains(r#"data-json="kill_turn.median""#));
//! ```

mod assets;
mod batch;
mod card_rates;
mod fmt;
mod impact;
pub mod page;
mod pages;
mod svg;
pub mod text;
mod verdict;

use rtg_sim::{CardImpactReport, CardRow, GoldfishReport, Report, TournamentReport, VerdictReport};
use serde_json::Value;
use thiserror::Error;

use crate::assets::{SCRIPT, STYLE};
use crate::fmt::put;
use crate::page::Shell;
pub use crate::page::escape_html;

/// A link of the "sample games" section: a label and an href relative to the page.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SampleLink {
    /// What the link says (`game 12: aggro won on turn 9`).
    pub label: String,
    /// Where it points, relative to the page (`samples/game-12.html`).
    pub href: String,
}

/// What a page shows beyond the report: how it was made and the sample games to link.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PageInfo {
    /// The command line that made the report, as a shell would read it.
    pub command: String,
    /// Sample games to link, in order (none: the section says so).
    pub samples: Vec<SampleLink>,
}

/// The kinds of report a page can show.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A batch between two decks (`rtg simulate`).
    Batch,
    /// A tournament (`rtg tournament`).
    Tournament,
    /// A goldfish run (`rtg goldfish`).
    Goldfish,
    /// A verdict over bot strengths (`rtg verdict`).
    Verdict,
    /// A card-impact run: one batch per swapped card (`rtg card-impact`).
    CardImpact,
}

/// A value that is not one of the reports.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PageError {
    /// Not a report of rtg: none of the keys that tell the kinds apart.
    #[error(
        "not a report of rtg: expected a JSON object with `deck_a` (a batch), `matrix` (a tournament), `kill_turn` (a goldfish run), `rungs` (a verdict) or `filler` (a card-impact run)"
    )]
    UnknownReport,
    /// A key the page needs is missing or of another type.
    #[error("the report has no {0}")]
    Missing(&'static str),
    /// The report could not be written as JSON.
    #[error("the report cannot be written as JSON: {0}")]
    Json(String),
}

/// A report to make a page of, its kind told by its type.
#[derive(Clone, Copy, Debug)]
pub enum ReportPage<'a> {
    /// A batch between two decks (`rtg simulate`), with its per-card rows when it has them
    /// (they go after the report's keys, as `cards`).
    Batch {
        /// The batch's report.
        report: &'a Report,
        /// Its per-card statistics.
        cards: Option<&'a [CardRow]>,
    },
    /// A tournament (`rtg tournament`).
    Tournament(&'a TournamentReport),
    /// A goldfish run (`rtg goldfish`).
    Goldfish(&'a GoldfishReport),
    /// A verdict over bot strengths (`rtg verdict`).
    Verdict(&'a VerdictReport),
    /// A card-impact run (`rtg card-impact`).
    CardImpact(&'a CardImpactReport),
}

impl ReportPage<'_> {
    /// The kind of the page.
    pub fn kind(&self) -> Kind {
        match self {
            ReportPage::Batch { .. } => Kind::Batch,
            ReportPage::Tournament(_) => Kind::Tournament,
            ReportPage::Goldfish(_) => Kind::Goldfish,
            ReportPage::Verdict(_) => Kind::Verdict,
            ReportPage::CardImpact(_) => Kind::CardImpact,
        }
    }

    /// The report as the JSON value the page embeds (the `--json` output's keys, in order of
    /// name, as the page always embedded them).
    fn value(&self) -> Result<Value, PageError> {
        let json = |e: serde_json::Error| PageError::Json(e.to_string());
        match *self {
            ReportPage::Batch { report, cards } => {
                let mut value = serde_json::to_value(report).map_err(json)?;
                if let (Some(map), Some(cards)) = (value.as_object_mut(), cards) {
                    map.insert(
                        "cards".to_owned(),
                        serde_json::to_value(cards).map_err(json)?,
                    );
                }
                Ok(value)
            }
            ReportPage::Tournament(r) => serde_json::to_value(r).map_err(json),
            ReportPage::Goldfish(r) => serde_json::to_value(r).map_err(json),
            ReportPage::Verdict(r) => serde_json::to_value(r).map_err(json),
            ReportPage::CardImpact(r) => serde_json::to_value(r).map_err(json),
        }
    }
}

/// The page of a report.
pub fn page(report: ReportPage<'_>, info: &PageInfo) -> Result<String, PageError> {
    render_kind(report.kind(), &report.value()?, info)
}

/// The kind of a JSON report, from its keys (the tests' hand-made reports).
#[cfg(test)]
pub(crate) fn kind_of(report: &Value) -> Result<Kind, PageError> {
    let has = |key: &str| report.get(key).is_some();
    if has("rungs") && has("call") {
        Ok(Kind::Verdict)
    } else if has("matrix") && has("decks") {
        Ok(Kind::Tournament)
    } else if has("kill_turn") && has("deck") {
        Ok(Kind::Goldfish)
    } else if has("filler") && has("baseline") {
        Ok(Kind::CardImpact)
    } else if has("deck_a") && has("deck_b") {
        Ok(Kind::Batch)
    } else {
        Err(PageError::UnknownReport)
    }
}

/// The page of a JSON report of any kind, told by [`kind_of`] (the tests' hand-made reports).
#[cfg(test)]
pub(crate) fn render(report: &Value, info: &PageInfo) -> Result<String, PageError> {
    render_kind(kind_of(report)?, report, info)
}

/// The page of a report of this kind, as its JSON value.
fn render_kind(kind: Kind, report: &Value, info: &PageInfo) -> Result<String, PageError> {
    let (title, body) = match kind {
        Kind::Batch => pages::batch(report)?,
        Kind::Tournament => pages::tournament(report)?,
        Kind::Goldfish => pages::goldfish(report)?,
        Kind::Verdict => verdict::verdict(report)?,
        Kind::CardImpact => impact::card_impact(report)?,
    };
    let mut out = String::with_capacity(64 * 1024);
    let title = escape_html(&title);
    Shell {
        doctype: "<!doctype html>",
        title_html: &title,
        style: STYLE,
    }
    .open(&mut out);
    put(
        &mut out,
        format_args!(
            "<header><h1>{title}</h1>{}<p class=\"sub\">rtg report{}</p></header>\n<main>\n",
            bots_line(report, kind),
            rules_note(report)
        ),
    );
    out.push_str(&body);
    out.push_str(&settings(report, info));
    out.push_str(&samples(&info.samples));
    out.push_str("</main>\n");
    page::script(&mut out, SCRIPT);
    // The JSON, for whoever wants the numbers back.
    let json = serde_json::to_string(report).map_err(|e| PageError::Json(e.to_string()))?;
    page::json_data(&mut out, "report-json", &json);
    page::close(&mut out);
    Ok(out)
}

/// A bot spec of the report, as it is written (`mcts:iterations=400`), or "" when missing.
fn bot_at<'v>(report: &'v Value, path: &str) -> &'v str {
    fmt::text(report, path)
}

/// `deck <code>bot</code>`: a deck and the bot that played it, escaped.
fn deck_bot(deck: &str, bot: &str) -> String {
    let bot = if bot.is_empty() { "unknown" } else { bot };
    format!(
        "<span class=\"bot\">{} <code>{}</code></span>",
        escape_html(deck),
        escape_html(bot)
    )
}

/// The line under the title that names the bots, since every figure of a page is what those
/// bots made of the decks (a greedy bot's win rate is not a heuristic one's): each deck's bot
/// for a batch and a card-impact run, the row and column decks' for a tournament, the deck's
/// for a goldfish run, the rungs for a verdict.
fn bots_line(report: &Value, kind: Kind) -> String {
    let text = |path: &str| fmt::text(report, path);
    let line = match kind {
        Kind::Batch => format!(
            "{} vs {}",
            deck_bot(text("deck_a"), bot_at(report, "bots.0")),
            deck_bot(text("deck_b"), bot_at(report, "bots.1"))
        ),
        Kind::CardImpact => format!(
            "{} vs {}",
            deck_bot(text("deck"), bot_at(report, "bots.0")),
            deck_bot(text("vs"), bot_at(report, "bots.1"))
        ),
        Kind::Tournament => {
            let (row, column) = (bot_at(report, "bots.0"), bot_at(report, "bots.1"));
            if row == column {
                deck_bot("every deck", row)
            } else {
                format!(
                    "{} vs {}",
                    deck_bot("row deck", row),
                    deck_bot("column deck", column)
                )
            }
        }
        Kind::Goldfish => format!(
            "{} vs the goldfish, which never acts",
            deck_bot(text("deck"), bot_at(report, "bot"))
        ),
        Kind::Verdict => {
            let rungs: Vec<String> = report
                .get("rungs")
                .and_then(Value::as_array)
                .map_or(&[][..], Vec::as_slice)
                .iter()
                .map(|rung| {
                    let bot = rung.get("bot").and_then(Value::as_str).unwrap_or("");
                    format!("<code>{}</code>", escape_html(bot))
                })
                .collect();
            format!(
                "both decks, rung by rung: {}",
                rungs.join(" <span class=\"note\">then</span> ")
            )
        }
    };
    format!("<p class=\"sub\" id=\"bots\">bots: {line}</p>")
}

/// The rule set of a report that names one (a report leaves out the default `ptg-0.2`, so a
/// page of such a report says nothing of rules and is what it always was).
fn rules(report: &Value) -> Option<&str> {
    report.get("rules").and_then(Value::as_str)
}

/// ` · rules ptg-0.9` for the header, nothing for a report without `rules`.
fn rules_note(report: &Value) -> String {
    rules(report).map_or(String::new(), |r| {
        format!(" · rules <code id=\"rules\">{}</code>", escape_html(r))
    })
}

/// The settings that reproduce the report.
fn settings(report: &Value, info: &PageInfo) -> String {
    let mut out = String::from(
        "<section id=\"settings\"><h2>Settings</h2><p>Run this again to get the same numbers (only the seconds change):</p>",
    );
    if !info.command.is_empty() {
        put(
            &mut out,
            format_args!(
                "<pre id=\"command\"><code>{}</code></pre>",
                escape_html(&info.command)
            ),
        );
    }
    out.push_str("<table class=\"kv\">");
    let mut row = |label: &str, cell: String| {
        put(
            &mut out,
            format_args!("<tr><th>{label}</th><td>{cell}</td></tr>"),
        );
    };
    row("seed", fmt::num(report, "seed", fmt::Fmt::Int));
    if let Some(rules) = rules(report) {
        row("rules", escape_html(rules));
    }
    for key in [
        "games",
        "batch_games",
        "games_per_pair",
        "max_turns",
        "opening_hand",
    ] {
        if report.get(key).is_some() {
            row(&key.replace('_', " "), fmt::num(report, key, fmt::Fmt::Int));
        }
    }
    if let Some(bots) = report.get("bots").and_then(Value::as_array) {
        let names: Vec<String> = bots
            .iter()
            .map(|b| escape_html(&b.to_string().replace('"', "")))
            .collect();
        row("bots", names.join(" vs "));
    }
    if let Some(bot) = report.get("bot").and_then(Value::as_str) {
        row("bot", escape_html(bot));
    }
    // A card-impact run's digest is its baseline batch's.
    let digest = match fmt::text(report, "cards_digest") {
        "" => fmt::text(report, "baseline.cards_digest"),
        digest => digest,
    };
    row(
        "card digest",
        format!("<code id=\"digest\">{}</code>", escape_html(digest)),
    );
    out.push_str("</table></section>\n");
    out
}

/// The "sample games" section: links to pages of chosen games, when there are any.
fn samples(links: &[SampleLink]) -> String {
    let mut out = String::from("<section id=\"samples\"><h2>Sample games</h2>");
    if links.is_empty() {
        out.push_str("<p class=\"note\">No sample games were saved with this report.</p>");
    } else {
        out.push_str("<ul>");
        for link in links {
            put(
                &mut out,
                format_args!(
                    "<li><a href=\"{}\">{}</a></li>",
                    escape_html(&link.href),
                    escape_html(&link.label)
                ),
            );
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>\n");
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn batch() -> Value {
        json!({
            "deck_a": "<b>aggro</b>", "deck_b": "mid</script>range", "bots": ["greedy", "random"],
            "seed": 9, "batch_games": 4, "max_turns": 200, "cards_digest": "eee6818a543e5efd",
            "shards": [{"index": 0, "count": 1}], "games": 4, "wins_a": 2, "wins_b": 1,
            "draws": 0, "first_player_wins": 2, "turns_sum": 30, "turns_min": 9, "turns_max": 11,
            "failures": [{"index": 3, "seed": 1, "message": "boom"}],
            "end_reasons": {"health": [1, 2], "empty_deck": [0, 0], "turn_limit": 0},
            "seconds": 0.5
        })
    }

    #[test]
    fn the_kind_is_told_by_the_keys() {
        assert_eq!(kind_of(&batch()), Ok(Kind::Batch));
        assert_eq!(
            kind_of(&json!({"decks": [], "matrix": []})),
            Ok(Kind::Tournament)
        );
        assert_eq!(
            kind_of(&json!({"deck": "a", "kill_turn": {}})),
            Ok(Kind::Goldfish)
        );
        assert_eq!(kind_of(&json!([1, 2])), Err(PageError::UnknownReport));
        assert_eq!(
            render(
                &json!({"decks": ["one"], "matrix": [[null]]}),
                &PageInfo::default()
            ),
            Err(PageError::Missing("two decks or more in `decks`"))
        );
    }

    #[test]
    fn names_are_escaped_and_cannot_end_the_embedded_json() {
        let page = render(&batch(), &PageInfo::default()).unwrap();
        assert!(page.contains("&lt;b&gt;aggro&lt;/b&gt; wins"));
        assert!(!page.contains("<b>aggro"));
        // Two closing script tags, the sorting script's and the JSON's: the embedded JSON's
        // own `</` are escaped.
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains(r#"mid\u003c/script>range"#));
    }

    #[test]
    fn a_batch_page_derives_the_win_rate_from_finished_games() {
        let page = render(&batch(), &PageInfo::default()).unwrap();
        // 2 wins of 3 finished games (one failed).
        let rate = 2.0_f64 / 3.0;
        assert!(page.contains(&format!(
            r#"data-derived="win_rate_a" data-value="{rate}" data-format="pct">66.7%"#
        )));
        assert!(page.contains(r#"data-derived="errors" data-value="1""#));
        assert!(page.contains(r#"data-json="end_reasons.health.1" data-value="2""#));
        assert!(
            !page.contains("id=\"cards\""),
            "no cards section without cards"
        );
    }

    #[test]
    fn the_rule_set_is_shown_only_when_the_report_names_one() {
        let page = render(&batch(), &PageInfo::default()).unwrap();
        assert!(page.contains("rtg report</p>"));
        assert!(
            !page.contains("rules"),
            "a ptg-0.2 report's page says nothing of rules"
        );
        let mut report = batch();
        report["rules"] = json!("ptg-0.9");
        let page = render(&report, &PageInfo::default()).unwrap();
        assert!(page.contains(r#"rtg report · rules <code id="rules">ptg-0.9</code>"#));
        assert!(page.contains("<tr><th>rules</th><td>ptg-0.9</td></tr>"));
    }

    #[test]
    fn sample_links_and_the_command_are_shown_escaped() {
        let info = PageInfo {
            command: "rtg simulate a b --seed 9 --html 'my page.html'".to_owned(),
            samples: vec![SampleLink {
                label: "game 3 & 4".to_owned(),
                href: "samples/game-3.html".to_owned(),
            }],
        };
        let page = render(&batch(), &info).unwrap();
        assert!(page.contains(r#"<li><a href="samples/game-3.html">game 3 &amp; 4</a></li>"#));
        assert!(page.contains("--html &#39;my page.html&#39;"));
        let none = render(&batch(), &PageInfo::default()).unwrap();
        assert!(none.contains("No sample games were saved with this report."));
    }

    #[test]
    fn every_kind_names_its_bots_under_the_title() {
        let page = render(&batch(), &PageInfo::default()).unwrap();
        let bots = r#"<p class="sub" id="bots">bots: <span class="bot">&lt;b&gt;aggro&lt;/b&gt; <code>greedy</code></span> vs <span class="bot">mid&lt;/script&gt;range <code>random</code></span></p>"#;
        assert!(page.contains(&format!("</h1>{bots}")), "{page}");
        let tournament = |bots: [&str; 2]| {
            bots_line(
                &json!({"decks": ["x", "y"], "bots": bots}),
                Kind::Tournament,
            )
        };
        assert!(
            tournament(["heuristic", "heuristic"]).contains("every deck <code>heuristic</code>")
        );
        let apart = tournament(["greedy", "mcts:iterations=400"]);
        assert!(apart.contains("row deck <code>greedy</code>"));
        assert!(apart.contains("column deck <code>mcts:iterations=400</code>"));
        let goldfish = bots_line(
            &json!({"deck": "aggro", "bot": "heuristic"}),
            Kind::Goldfish,
        );
        assert!(goldfish.contains("aggro <code>heuristic</code></span> vs the goldfish"));
        let verdict = bots_line(
            &json!({"rungs": [{"bot": "random"}, {"bot": "greedy"}]}),
            Kind::Verdict,
        );
        assert!(
            verdict.contains(
                "<code>random</code> <span class=\"note\">then</span> <code>greedy</code>"
            )
        );
        // A report that does not name them says so rather than leaving a blank.
        let unnamed = bots_line(&json!({"deck_a": "a", "deck_b": "b"}), Kind::Batch);
        assert!(unnamed.contains("a <code>unknown</code>"));
    }
}

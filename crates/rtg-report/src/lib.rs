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
//! The page is made from the typed report, and the numbers it shows are the JSON's (the
//! `--json` output's, which the page embeds): each one is in an element whose `data-json` is its
//! path in the JSON (`matrix.0.1.win_rate`), `data-value` its exact JSON text and `data-format`
//! how it is shown (`int`, `pct`, `dec2`, `points`).
//! The few numbers computed from the report (a batch's win rate) say so with `data-derived`.
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

use rtg_core::RuleSet;
use rtg_sim::{
    BotSpec, CardImpactReport, CardRow, GoldfishReport, Report, TournamentReport, VerdictReport,
};
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

/// A report a page cannot be made of.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum PageError {
    /// Something the page needs is missing (no deck name, too few decks or rungs).
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
    let (title, body) = match report {
        ReportPage::Batch { report, cards } => pages::batch(report, cards)?,
        ReportPage::Tournament(r) => pages::tournament(r)?,
        ReportPage::Goldfish(r) => pages::goldfish(r)?,
        ReportPage::Verdict(r) => verdict::verdict(r)?,
        ReportPage::CardImpact(r) => impact::card_impact(r)?,
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
            bots_line(report),
            rules_note(report)
        ),
    );
    out.push_str(&body);
    out.push_str(&settings(report, info));
    out.push_str(&samples(&info.samples));
    out.push_str("</main>\n");
    page::script(&mut out, SCRIPT);
    // The JSON, for whoever wants the numbers back.
    let json =
        serde_json::to_string(&report.value()?).map_err(|e| PageError::Json(e.to_string()))?;
    page::json_data(&mut out, "report-json", &json);
    page::close(&mut out);
    Ok(out)
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
fn bots_line(report: ReportPage<'_>) -> String {
    let pair = |decks: [&str; 2], bots: &[BotSpec; 2]| {
        format!(
            "{} vs {}",
            deck_bot(decks[0], &bots[0].to_string()),
            deck_bot(decks[1], &bots[1].to_string())
        )
    };
    let line = match report {
        ReportPage::Batch { report: r, .. } => pair([&r.deck_a, &r.deck_b], &r.bots),
        ReportPage::CardImpact(r) => pair([&r.deck, &r.vs], &r.bots),
        ReportPage::Tournament(r) => {
            let (row, column) = (r.bots[0].to_string(), r.bots[1].to_string());
            if row == column {
                deck_bot("every deck", &row)
            } else {
                format!(
                    "{} vs {}",
                    deck_bot("row deck", &row),
                    deck_bot("column deck", &column)
                )
            }
        }
        ReportPage::Goldfish(r) => format!(
            "{} vs the goldfish, which never acts",
            deck_bot(&r.deck, &r.bot.to_string())
        ),
        ReportPage::Verdict(r) => {
            let rungs: Vec<String> = r
                .rungs
                .iter()
                .map(|rung| format!("<code>{}</code>", escape_html(&rung.bot.to_string())))
                .collect();
            format!(
                "both decks, rung by rung: {}",
                rungs.join(" <span class=\"note\">then</span> ")
            )
        }
    };
    format!("<p class=\"sub\" id=\"bots\">bots: {line}</p>")
}

/// The rule set of a report that names one: a report leaves out the default `ptg-0.2` (its
/// JSON has no `rules`), so a page of such a report says nothing of rules and is what it always
/// was.
fn rules(report: ReportPage<'_>) -> Option<&'static str> {
    let rules = match report {
        ReportPage::Batch { report, .. } => report.rules,
        ReportPage::Tournament(r) => r.rules,
        ReportPage::Goldfish(r) => r.rules,
        ReportPage::Verdict(r) => r.rules,
        ReportPage::CardImpact(r) => r.rules,
    };
    (rules != RuleSet::default()).then(|| rules.name())
}

/// ` · rules ptg-0.9` for the header, nothing for a report without `rules`.
fn rules_note(report: ReportPage<'_>) -> String {
    rules(report).map_or(String::new(), |r| {
        format!(" · rules <code id=\"rules\">{}</code>", escape_html(r))
    })
}

/// What the settings table shows of a report, in the order it shows them: the counts (by their
/// JSON key: the games, a batch's games, a tournament's games of a pair, the turn limit, the
/// opening hand: those the report has), the bots of the two sides or the one bot, the digest.
struct Settings<'r> {
    seed: u64,
    counts: Vec<(&'static str, Value)>,
    bots: Option<&'r [BotSpec; 2]>,
    bot: Option<&'r BotSpec>,
    digest: &'r str,
}

impl<'r> Settings<'r> {
    fn of(report: ReportPage<'r>) -> Settings<'r> {
        match report {
            ReportPage::Batch { report: r, .. } => Settings {
                seed: r.seed,
                counts: vec![
                    ("games", r.games.into()),
                    ("batch_games", r.batch_games.into()),
                    ("max_turns", r.max_turns.into()),
                ],
                bots: Some(&r.bots),
                bot: None,
                digest: &r.cards_digest,
            },
            ReportPage::Tournament(r) => Settings {
                seed: r.seed,
                counts: vec![
                    ("games_per_pair", r.games_per_pair.into()),
                    ("max_turns", r.max_turns.into()),
                ],
                bots: Some(&r.bots),
                bot: None,
                digest: &r.cards_digest,
            },
            ReportPage::Goldfish(r) => Settings {
                seed: r.seed,
                counts: vec![
                    ("games", r.games.into()),
                    ("max_turns", r.max_turns.into()),
                    ("opening_hand", r.opening_hand.into()),
                ],
                bots: None,
                bot: Some(&r.bot),
                digest: &r.cards_digest,
            },
            ReportPage::Verdict(r) => Settings {
                seed: r.seed,
                counts: vec![("games", r.games.into()), ("max_turns", r.max_turns.into())],
                bots: None,
                bot: None,
                digest: &r.cards_digest,
            },
            // A card-impact run's digest is its baseline batch's.
            ReportPage::CardImpact(r) => Settings {
                seed: r.seed,
                counts: vec![("games", r.games.into()), ("max_turns", r.max_turns.into())],
                bots: Some(&r.bots),
                bot: None,
                digest: &r.baseline.cards_digest,
            },
        }
    }
}

/// The settings that reproduce the report.
fn settings(report: ReportPage<'_>, info: &PageInfo) -> String {
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
    let shown = Settings::of(report);
    row("seed", fmt::num("seed", shown.seed, fmt::Fmt::Int));
    if let Some(rules) = rules(report) {
        row("rules", escape_html(rules));
    }
    for (key, value) in shown.counts {
        row(&key.replace('_', " "), fmt::num(key, value, fmt::Fmt::Int));
    }
    if let Some(bots) = shown.bots {
        // Each as the JSON writes it, its quotes left out.
        let names: Vec<String> = bots
            .iter()
            .map(|b| escape_html(&Value::from(b.to_string()).to_string().replace('"', "")))
            .collect();
        row("bots", names.join(" vs "));
    }
    if let Some(bot) = shown.bot {
        row("bot", escape_html(&bot.to_string()));
    }
    row(
        "card digest",
        format!("<code id=\"digest\">{}</code>", escape_html(shown.digest)),
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

    /// `value`'s keys, with `defaults`' for those it lacks.
    fn with_defaults(value: Value, defaults: Value) -> Value {
        let (Value::Object(mut map), Value::Object(defaults)) = (value, defaults) else {
            panic!("two objects")
        };
        for (key, default) in defaults {
            map.entry(key).or_insert(default);
        }
        Value::Object(map)
    }

    /// A batch's report of the keys given, the others of an empty batch (no `play_draw`,
    /// `turns_histogram` or `end_reasons`, as a report written before rtg counted them).
    pub(crate) fn batch(value: Value) -> Report {
        let value = with_defaults(
            value,
            json!({"deck_a": "a", "deck_b": "b", "bots": ["greedy", "greedy"], "seed": 1,
                "batch_games": 0, "max_turns": 200, "cards_digest": "00", "shards": [],
                "games": 0, "wins_a": 0, "wins_b": 0, "draws": 0, "first_player_wins": 0,
                "turns_sum": 0, "turns_min": null, "turns_max": null, "failures": [],
                "seconds": 0.0}),
        );
        serde_json::from_value(value).unwrap()
    }

    /// A tournament's report of the keys given (its cells too), the others made up.
    pub(crate) fn tournament(value: Value) -> TournamentReport {
        let mut value = with_defaults(
            value,
            json!({"bots": ["greedy", "greedy"], "seed": 1, "games_per_pair": 4,
                "max_turns": 200, "cards_digest": "00", "standings": [], "seconds": 0.0}),
        );
        for row in value["matrix"].as_array_mut().into_iter().flatten() {
            for cell in row.as_array_mut().into_iter().flatten() {
                if !cell.is_null() {
                    *cell = with_defaults(
                        cell.take(),
                        json!({"errors": 0, "first_player_wins": 0, "mean_turns": 9.0,
                            "end_reasons": {"health": [0, 0], "empty_deck": [0, 0],
                                            "turn_limit": 0}}),
                    );
                }
            }
        }
        serde_json::from_value(value).unwrap()
    }

    /// A card's row of the keys given, the others of a card never drawn.
    pub(crate) fn card_row(value: Value) -> CardRow {
        let rate = json!({"games": 0, "wins": 0, "draws": 0, "win_rate": null,
            "ci_low": null, "ci_high": null, "too_few": true});
        let value = with_defaults(
            value,
            json!({"deck": "a", "card_id": "c_01", "name": "C", "copies": 4, "games": 0,
                "drawn": 0, "played": 0, "win_rate_drawn": null, "win_rate_not_drawn": null,
                "win_rate_played": null, "mean_turn_played": null, "never_played": true,
                "left_in_hand": 0, "abilities": [], "gih": rate, "oh": rate, "gd": rate,
                "gns": rate, "when_played": rate, "turn_played_sum": 0,
                "iwd": {"points": null, "ci_low": null, "ci_high": null, "too_few": true}}),
        );
        serde_json::from_value(value).unwrap()
    }

    fn batch_json() -> Value {
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

    fn render_batch(report: &Report, info: &PageInfo) -> String {
        page(
            ReportPage::Batch {
                report,
                cards: None,
            },
            info,
        )
        .unwrap()
    }

    #[test]
    fn the_kind_is_the_type_and_a_page_needs_what_it_shows() {
        let report = batch(batch_json());
        let batch_page = ReportPage::Batch {
            report: &report,
            cards: None,
        };
        assert_eq!(batch_page.kind(), Kind::Batch);
        let one_deck = tournament(json!({"decks": ["one"], "matrix": [[null]]}));
        assert_eq!(ReportPage::Tournament(&one_deck).kind(), Kind::Tournament);
        assert_eq!(
            page(ReportPage::Tournament(&one_deck), &PageInfo::default()),
            Err(PageError::Missing("two decks or more in `decks`"))
        );
        let nameless = batch(json!({"deck_a": ""}));
        assert!(matches!(
            page(
                ReportPage::Batch {
                    report: &nameless,
                    cards: None
                },
                &PageInfo::default()
            ),
            Err(PageError::Missing(_))
        ));
    }

    #[test]
    fn the_page_embeds_the_reports_json_with_its_cards_after_its_keys() {
        let report = batch(batch_json());
        let cards = [card_row(json!({"deck": "<b>aggro</b>"}))];
        let page = page(
            ReportPage::Batch {
                report: &report,
                cards: Some(&cards),
            },
            &PageInfo::default(),
        )
        .unwrap();
        let mut json = serde_json::to_value(&report).unwrap();
        json["cards"] = serde_json::to_value(&cards).unwrap();
        let embedded = serde_json::to_string(&json)
            .unwrap()
            .replace('<', "\\u003c");
        assert!(page.contains(&format!(
            "<script type=\"application/json\" id=\"report-json\">{embedded}</script>"
        )));
        assert!(page.contains("id=\"cards\""));
        assert!(page.contains(r#"data-json="cards.0.copies" data-value="4""#));
    }

    #[test]
    fn names_are_escaped_and_cannot_end_the_embedded_json() {
        let page = render_batch(&batch(batch_json()), &PageInfo::default());
        assert!(page.contains("&lt;b&gt;aggro&lt;/b&gt; wins"));
        assert!(!page.contains("<b>aggro"));
        // Two closing script tags, the sorting script's and the JSON's: the embedded JSON's
        // own `</` are escaped.
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains(r#"mid\u003c/script>range"#));
    }

    #[test]
    fn a_batch_page_derives_the_win_rate_from_finished_games() {
        let page = render_batch(&batch(batch_json()), &PageInfo::default());
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
        let page = render_batch(&batch(batch_json()), &PageInfo::default());
        assert!(page.contains("rtg report</p>"));
        assert!(
            !page.contains("rules"),
            "a ptg-0.2 report's page says nothing of rules"
        );
        let mut report = batch_json();
        report["rules"] = json!("ptg-0.9");
        let page = render_batch(&batch(report), &PageInfo::default());
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
        let report = batch(batch_json());
        let page = render_batch(&report, &info);
        assert!(page.contains(r#"<li><a href="samples/game-3.html">game 3 &amp; 4</a></li>"#));
        assert!(page.contains("--html &#39;my page.html&#39;"));
        let none = render_batch(&report, &PageInfo::default());
        assert!(none.contains("No sample games were saved with this report."));
    }

    #[test]
    fn every_kind_names_its_bots_under_the_title() {
        let page = render_batch(&batch(batch_json()), &PageInfo::default());
        let bots = r#"<p class="sub" id="bots">bots: <span class="bot">&lt;b&gt;aggro&lt;/b&gt; <code>greedy</code></span> vs <span class="bot">mid&lt;/script&gt;range <code>random</code></span></p>"#;
        assert!(page.contains(&format!("</h1>{bots}")), "{page}");
        let tournament = |bots: [&str; 2]| {
            bots_line(ReportPage::Tournament(&tournament(
                json!({"decks": ["x", "y"], "matrix": [], "bots": bots}),
            )))
        };
        assert!(
            tournament(["heuristic", "heuristic"]).contains("every deck <code>heuristic</code>")
        );
        let apart = tournament(["greedy", "mcts:iterations=400"]);
        assert!(apart.contains("row deck <code>greedy</code>"));
        assert!(apart.contains("column deck <code>mcts:iterations=400</code>"));
        let goldfish: GoldfishReport = serde_json::from_value(json!({
            "deck": "aggro", "bot": "heuristic", "seed": 1, "games": 0, "max_turns": 20,
            "opening_hand": 7, "cards_digest": "00", "kills": 0, "no_kill": 0,
            "kill_turn": {"count": 0, "mean": null, "median": null, "p10": null, "p90": null,
                          "histogram": []},
            "mana_by_turn": [], "hand_at_end": null, "failures": [], "seconds": 0.0,
            "end_reasons": {"health": [0, 0], "empty_deck": [0, 0], "turn_limit": 0}
        }))
        .unwrap();
        let goldfish = bots_line(ReportPage::Goldfish(&goldfish));
        assert!(goldfish.contains("aggro <code>heuristic</code></span> vs the goldfish"));
        // A bot that names itself with nothing says so rather than leaving a blank.
        assert!(deck_bot("a", "").contains("a <code>unknown</code>"));
    }
}

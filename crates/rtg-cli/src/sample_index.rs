//! The index page of a batch's sample games (`rtg simulate ... --sample K --html DIR` writes it
//! as `DIR/index.html`): what the batch was, a link to its report page, and a row per sampled
//! game saying what it is (its seed and number, who went first, who won, in how many turns,
//! how it ended) and why it was chosen, linking its viewer page and its replay file.
//!
//! The page is one self-contained file (no script, no network), the same bytes for the same
//! batch (on any number of threads, however fast), and its size grows with the number of games
//! shown. Deck and bot names are the
//! user's: every text is escaped.

use std::fmt::Write as _;

use rtg::report::escape_html;
use rtg::report::page::{Shell, close};
use rtg::report::text::batch_table;
use rtg::sim::{GameEnd, Matchup, Report, SampleOf, Side};

/// What the index says of one sampled game.
#[derive(Clone, Debug)]
pub(crate) struct IndexRow {
    /// Its viewer page, relative to the index.
    pub(crate) href: String,
    /// Its replay file, relative to the index.
    pub(crate) replay: String,
    /// One line for the report page's links (`game 17: aggro (deck A) won on turn 41`).
    pub(crate) label: String,
    /// Its number in the batch.
    pub(crate) game: u64,
    /// The batch's seed.
    pub(crate) seed: u64,
    /// The turn it ended on.
    pub(crate) turns: u32,
    /// How it ended, by deck.
    pub(crate) end: GameEnd,
    /// How it ended, in words.
    pub(crate) ended: String,
    /// The deck that went first (0: deck A).
    pub(crate) first: usize,
    /// Why it was chosen.
    pub(crate) why: String,
}

const STYLE: &str = "body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; \
background: #f4f1ea; max-width: 1400px; }\n\
h1 { font-size: 20px; margin: 0 0 4px; }\n\
p.what { margin: 4px 0 12px; color: #555; }\n\
table { border-collapse: collapse; background: #fffdf8; width: 100%; }\n\
th, td { border: 1px solid #d8d2c4; padding: 4px 8px; text-align: left; vertical-align: top; \
overflow-wrap: anywhere; }\n\
th { background: #ece6d8; }\n\
td.num { text-align: right; font-variant-numeric: tabular-nums; }\n\
a { color: #1f4fa3; }\n\
pre { background: #fffdf8; border: 1px solid #d8d2c4; padding: 8px; overflow-x: auto; }\n";

/// The index page of a batch's sample games: `report_page` (relative to the index) is linked
/// when the batch's report page is written beside it.
pub(crate) fn index_page(
    matchup: &Matchup,
    report: &Report,
    of: SampleOf,
    report_page: Option<&str>,
    rows: &[IndexRow],
) -> String {
    let [a, b] = [&matchup.decks[0].name, &matchup.decks[1].name];
    let title = format!("{a} vs {b}: sample games");
    let which = of.name();
    let e = escape_html;
    let mut page = String::new();
    let title = e(&title);
    Shell {
        doctype: "<!DOCTYPE html>",
        title_html: &title,
        style: &format!("\n{STYLE}"),
    }
    .open(&mut page);
    let _ = writeln!(page, "<h1>{title}</h1>");
    let rules = if report.rules == rtg::RuleSet::default() {
        String::new()
    } else {
        format!(", rules {}", report.rules)
    };
    let _ = writeln!(
        page,
        "<p class=\"what\" id=\"what\">{shown} of {games} games, seed {seed}{rules}; bots: {a} \
         {bot_a}, {b} {bot_b}; chosen: <code>--sample-of {which}</code>. A game plays again \
         from its replay file (<code>rtg replay FILE</code>), or as <code>rtg play</code> of the \
         same decks and bots with <code>--seed {seed} --game N</code>.</p>",
        shown = rows.len(),
        games = report.games,
        seed = report.seed,
        rules = e(&rules),
        a = e(a),
        b = e(b),
        bot_a = e(&report.bots[0].to_string()),
        bot_b = e(&report.bots[1].to_string()),
        which = e(which),
    );
    if let Some(href) = report_page {
        let _ = writeln!(
            page,
            "<p><a id=\"report-link\" href=\"{}\">The batch's report</a>: win rates, game \
             lengths, the cards' statistics.</p>",
            e(href)
        );
    }
    page.push_str(
        "<table id=\"samples\">\n<thead><tr><th>game</th><th>seed</th><th>went first</th>\
         <th>winner</th><th>turns</th><th>how it ended</th><th>why it is here</th>\
         <th>replay</th></tr></thead>\n<tbody>\n",
    );
    for row in rows {
        let winner = match row.end {
            GameEnd::Won(Side::A) => format!("{a} (deck A)"),
            GameEnd::Won(Side::B) => format!("{b} (deck B)"),
            GameEnd::Draw => "draw".to_owned(),
            GameEnd::Error => "engine error".to_owned(),
        };
        let _ = writeln!(
            page,
            "<tr data-game=\"{game}\"><td><a href=\"{href}\">game {game}</a></td>\
             <td>seed {seed}, game {game}</td><td>{first}</td><td class=\"winner\">{winner}</td>\
             <td class=\"num turns\">{turns}</td><td>{ended}</td><td class=\"why\">{why}</td>\
             <td><a class=\"replay\" href=\"{replay}\">{replay}</a></td></tr>",
            game = row.game,
            href = e(&row.href),
            seed = row.seed,
            first = e(if row.first == 0 { a } else { b }),
            winner = e(&winner),
            turns = row.turns,
            ended = e(&row.ended),
            why = e(&row.why),
            replay = e(&row.replay),
        );
    }
    if rows.is_empty() {
        page.push_str("<tr><td colspan=\"8\">No game of the batch was of this kind.</td></tr>\n");
    }
    // The batch's results as `rtg simulate` prints them, without its speed: the index of a
    // batch is the same bytes however fast it ran.
    let table: String = batch_table(report)
        .lines()
        .filter(|line| !line.trim_start().starts_with("games per second"))
        .map(|line| format!("{line}\n"))
        .collect();
    let _ = write!(
        page,
        "</tbody>\n</table>\n<h2>The batch</h2>\n<pre id=\"report\">{}</pre>\n",
        e(&table)
    );
    close(&mut page);
    page
}

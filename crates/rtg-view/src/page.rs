//! The HTML replay viewer: one self-contained page (no network, no external file) holding the
//! replay and, for every step, what its board changed ([`BoardPatch`]) as JSON in `<script
//! type="application/json" id="rtg-replay">`, and the script that rebuilds and shows the boards.

use std::collections::BTreeMap;

use rtg_core::{Event, GameState, RuleSet};
use rtg_report::page::{Escape, Shell, close, escape, json_data, script};
use rtg_rules::Action;
use rtg_sim::{Matchup, Replay, ReplayError, Side, Verified};
use serde::Serialize;

use crate::board::{Board, CardFace, CardView, face};
use crate::chart::{Course, health_svg};
use crate::names::{Names, shown_name};
use crate::narrate::narrate;
use crate::patch::{BoardPatch, Rebuild};

/// The page's markup, inside `<body>`: the chart goes at [`CHART_SLOT`].
const MARKUP: &str = include_str!("viewer.html");
/// The page's style.
const STYLE: &str = include_str!("viewer.css");
/// The page's script (a file of its own, so each stays readable).
const SCRIPT: &str = include_str!("viewer.js");
/// Where the health chart goes in [`MARKUP`].
const CHART_SLOT: &str = "<!--RTG-CHART-->";

/// One step of the game as the page shows it: what the board changed with the action, the
/// action and what it caused in words.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PageStep {
    /// The board's change from the step before (for the start, from an empty board).
    pub patch: BoardPatch,
    /// The action in words (none for the start and for advancing the phase).
    pub action: Option<String>,
    /// What it caused, in words.
    pub lines: Vec<String>,
}

/// Every step of one game, built by watching it ([`Timeline::observe`] has the shape of
/// `rtg_sim::Observer`), and the faces of the cards it shows. It holds each step's change, not
/// its board, so its size (and the page's) grows with what happens, not with steps times cards.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Timeline {
    /// The players' names as shown (at most [`crate::SHOWN_NAME_CHARS`] characters each).
    pub names: [String; 2],
    /// The faces of every card of the game, by card id.
    pub faces: BTreeMap<String, CardFace>,
    /// The starting board, then one step per action.
    pub steps: Vec<PageStep>,
    #[serde(skip)]
    previous: Option<GameState>,
    #[serde(skip)]
    board: Option<Board>,
    #[serde(skip)]
    shown: BTreeMap<u32, CardView>,
}

impl Timeline {
    /// An empty timeline.
    pub fn new() -> Timeline {
        Timeline::default()
    }

    /// Takes the starting state (no action), then each state after an action with the action
    /// and its events.
    pub fn observe(&mut self, state: &GameState, action: Option<&Action>, events: &[Event]) {
        if self.faces.is_empty() {
            for (_, def) in state.content().definitions.iter() {
                self.faces.insert(def.card_id.to_string(), face(def));
            }
            let players = state.players();
            self.names = [0, 1].map(|seat| shown_name(&players[seat].name).into_owned());
        }
        let said = match (action, &self.previous) {
            (Some(action), Some(before)) => narrate(before, state, action, events),
            _ => Default::default(),
        };
        let board = Board::new(state, &Names::new(&[state]));
        let patch = BoardPatch::between(self.board.as_ref(), &board, &mut self.shown);
        self.steps.push(PageStep {
            patch,
            action: said.action,
            lines: said.lines,
        });
        self.board = Some(board);
        // A persistent state: keeping the last one is a few reference counts.
        self.previous = Some(state.clone());
    }

    /// The board of step `index` (0 is the start), rebuilt from the patches as the page
    /// rebuilds it; `None` past the last step.
    pub fn board(&self, index: usize) -> Option<Board> {
        let mut rebuild = Rebuild::new(self.names.clone());
        for step in self.steps.get(..=index)? {
            rebuild.apply(&step.patch);
        }
        Some(rebuild.board().clone())
    }
}

/// The data the page embeds.
#[derive(Serialize)]
struct PageData<'a> {
    title: &'a str,
    replay: &'a Replay,
    view: &'a Timeline,
    /// Who played each deck (`aggro: heuristic · midrange: greedy`), for the header; after
    /// the fields a page always had.
    bots: &'a str,
}

/// The page's title: the decks, the seed as the person typed it and, for a game other than
/// the batch's first, its number (`aggro vs midrange — seed 9, game 17`: what `rtg play
/// --seed 9 --game 17` plays again). A replay that does not say where its seed came from (one
/// recorded before it did, or whose origin does not give its seed) shows the game's own seed,
/// named as such, since no one typed it. The default rule set goes unsaid.
pub fn page_title(replay: &Replay) -> String {
    let [a, b] = &replay.decks;
    let seed = match replay.typed_seed() {
        Some(o) if o.game == 0 => format!("seed {}", o.seed),
        Some(o) => format!("seed {}, game {}", o.seed, o.game),
        None => format!("game seed {}", replay.settings.seed),
    };
    let mut title = format!(
        "{} vs {} — {seed}",
        shown_name(&a.name),
        shown_name(&b.name)
    );
    if replay.settings.rules != RuleSet::default() {
        title.push_str(&format!(" — rules {}", replay.settings.rules));
    }
    title
}

/// Who played each deck: its bot, or a person (`rtg play --human`).
fn bots_line(replay: &Replay) -> String {
    let sides = [Side::A, Side::B];
    let parts: Vec<String> = replay
        .decks
        .iter()
        .zip(&replay.settings.bots)
        .zip(sides)
        .map(|((deck, bot), side)| {
            let who = if replay.human == Some(side) {
                "a person".to_owned()
            } else {
                shown_name(&bot.to_string()).into_owned()
            };
            format!("{}: {who}", shown_name(&deck.name))
        })
        .collect();
    parts.join(" · ")
}

/// The viewer page of a game: its replay and its timeline, embedded as JSON, with the health
/// chart drawn. The same replay and timeline always make the same bytes.
pub fn page(replay: &Replay, timeline: &Timeline) -> String {
    let title = page_title(replay);
    let bots = bots_line(replay);
    let data = PageData {
        title: &title,
        replay,
        view: timeline,
        bots: &bots,
    };
    // invariant: the data is plain and always serialises.
    let json = serde_json::to_string(&data).unwrap_or_else(|_| "{}".to_owned());
    let chart = health_svg(&Course::of(timeline));
    // The markup is a constant: its one slot is found in it, never in the chart's text.
    let (before, after) = MARKUP.split_once(CHART_SLOT).unwrap_or((MARKUP, ""));
    let mut out = String::with_capacity(MARKUP.len() + STYLE.len() + SCRIPT.len() + json.len());
    // The title goes in `<title>` alone, where a `'` means nothing: escaped as the viewer always
    // escaped it, so that its pages keep their bytes.
    let title = escape(&title, Escape::Content);
    Shell {
        doctype: "<!DOCTYPE html>",
        title_html: &title,
        style: STYLE,
    }
    .open(&mut out);
    out.push_str(before);
    out.push_str(&chart);
    out.push_str(after);
    json_data(&mut out, "rtg-replay", &json);
    script(&mut out, &format!("\n{SCRIPT}\n"));
    close(&mut out);
    out
}

/// Re-runs a replay on its matchup (checking every digest) and makes its page.
pub fn replay_page(replay: &Replay, matchup: &Matchup) -> Result<(String, Verified), ReplayError> {
    let mut timeline = Timeline::new();
    let verified = replay.verify(matchup, |s, a, e| timeline.observe(s, a, e))?;
    Ok((page(replay, &timeline), verified))
}

//! What the viewer page adds around the steps: the title with the seed as typed, the bots, and
//! the health chart drawn when the page is made; the same game always makes the same bytes.

use rtg_core::{GameState, RuleSet};
use rtg_sim::{BotSpec, Matchup, Replay, Side, SimConfig, play_game_observed};
use rtg_view::{Board, Names, Timeline, page, page_title, replay_page};

use crate::matchup;

/// Game `game` of seed `seed` (as `rtg play --seed S --game G` plays it, heuristic bots),
/// watched: its replay (noting where its seed came from), timeline and every board.
fn played(m: &Matchup, seed: u64, game: u64) -> (Replay, Timeline, Vec<Board>) {
    let settings = SimConfig {
        seed,
        bots: ["heuristic", "heuristic"].map(BotSpec::new),
        ..SimConfig::default()
    }
    .game(game);
    let mut timeline = Timeline::new();
    let mut boards = Vec::new();
    let record = play_game_observed(m, &settings, true, &mut |s: &GameState, a, e, _| {
        timeline.observe(s, a, e);
        boards.push(Board::new(s, &Names::new(&[s])));
    });
    assert!(record.error.is_none(), "{:?}", record.error);
    let replay = Replay::from_record(m, &record).with_origin(seed, game);
    (replay, timeline, boards)
}

/// The text from `start` to the first `end` after it, both included.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let from = html.find(start).expect(start);
    let after = from + start.len();
    let to = after + html[after..].find(end).expect(end) + end.len();
    &html[from..to]
}

/// An attribute's value in an element's text.
fn attribute<'a>(element: &'a str, name: &str) -> &'a str {
    let start = format!(" {name}=\"");
    let quoted = between(element, &start, "\"");
    &quoted[start.len()..quoted.len() - 1]
}

#[test]
fn the_title_names_the_seed_as_typed_and_the_header_the_bots() {
    let m = matchup("aggro", "midrange");
    let (replay, timeline, _) = played(&m, 3, 0);
    assert_eq!(page_title(&replay), "aggro vs midrange — seed 3");
    let html = page(&replay, &timeline);
    assert!(html.contains("<title>aggro vs midrange — seed 3</title>"));
    assert!(html.contains("\"bots\":\"aggro: heuristic · midrange: heuristic\""));

    let (fifth, _, _) = played(&m, 3, 5);
    assert_eq!(page_title(&fifth), "aggro vs midrange — seed 3, game 5");

    // A replay that does not say where its seed came from, or whose origin does not give it,
    // names the game's own seed as such.
    let game_seed = format!("aggro vs midrange — game seed {}", replay.settings.seed);
    let mut unknown = replay.clone();
    unknown.origin = None;
    assert_eq!(page_title(&unknown), game_seed);
    // Written only when known, and read back as written.
    assert!(!serde_json::to_string(&unknown).unwrap().contains("origin"));
    let json = serde_json::to_string(&replay).unwrap();
    assert!(json.contains(r#""origin":{"seed":3,"game":0}"#), "{json}");
    assert_eq!(serde_json::from_str::<Replay>(&json).unwrap(), replay);
    let edited = replay.clone().with_origin(4, 0);
    assert_eq!(edited.typed_seed(), None);
    assert_eq!(page_title(&edited), game_seed);

    let mut other_rules = replay.clone();
    other_rules.settings.rules = RuleSet::Ptg09;
    assert!(page_title(&other_rules).ends_with("— rules ptg-0.9"));

    let mut human = replay.clone();
    human.human = Some(Side::A);
    assert!(page(&human, &timeline).contains("\"bots\":\"aggro: a person · midrange: heuristic\""));
}

#[test]
fn the_health_chart_gives_every_steps_health_and_the_same_game_the_same_page() {
    let m = matchup("flyers", "control");
    let (replay, timeline, boards) = played(&m, 2, 0);
    let html = page(&replay, &timeline);
    // The one slot of the markup (the title, data and script go in through the page shell).
    assert!(
        !html.contains("<!--RTG-CHART-->"),
        "the chart's slot is filled"
    );
    let svg = between(&html, "<svg id=\"health-chart\"", "</svg>");
    let width: usize = attribute(svg, "data-width").parse().unwrap();
    let top: i32 = attribute(svg, "data-top").parse().unwrap();
    assert_eq!(width, boards.len() - 1);
    for seat in 0..2 {
        let line = between(svg, &format!("<polyline class=\"hp hp{seat}\""), "/>");
        let points: Vec<(usize, i32)> = attribute(line, "points")
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        // Each step's health: the last point at or before it (the later of a step's two).
        for (i, board) in boards.iter().enumerate() {
            let (_, y) = points.iter().rev().find(|(x, _)| *x <= i).unwrap();
            assert_eq!(top - y, board.players[seat].health, "seat {seat}, step {i}");
        }
        assert_eq!(points.last().map(|p| p.0), Some(width));
    }
    assert!(svg.contains("<line id=\"health-now\""));

    // Same replay, same bytes; and re-running the replay makes that page too.
    assert_eq!(page(&replay, &timeline), html);
    let (again, _) = replay_page(&replay, &m).unwrap();
    assert_eq!(again, html);
}

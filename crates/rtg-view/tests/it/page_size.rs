//! A page holds each step's change, not its board (issue #23: a legal 2,000-turn game made a
//! 908 MB page): every board is rebuilt exactly from the changes, and the page grows linearly
//! with the game, its size counted in bytes.

use rtg_core::GameState;
use rtg_sim::{BotSpec, DeckList, Matchup, Replay, SimConfig, play_game_observed};
use rtg_view::{Board, Names, Rebuild, SHOWN_NAME_CHARS, Timeline, page};

use crate::matchup;

/// Plays game 0 of `m` with `bots`, watching it with a timeline; every state's board, and the
/// page.
fn watched(m: &Matchup, bots: [&str; 2], max_turns: u32) -> (Timeline, Vec<Board>, String) {
    let settings = SimConfig {
        seed: 7,
        bots: bots.map(BotSpec::new),
        max_turns,
        ..SimConfig::default()
    }
    .game(0);
    let mut timeline = Timeline::new();
    let mut boards = Vec::new();
    let record = play_game_observed(m, &settings, true, &mut |state: &GameState, a, e, _| {
        timeline.observe(state, a, e);
        boards.push(Board::new(state, &Names::new(&[state])));
    });
    assert!(record.error.is_none(), "{:?}", record.error);
    let html = page(&Replay::from_record(m, &record), &timeline);
    (timeline, boards, html)
}

#[test]
fn every_board_of_a_page_is_rebuilt_exactly_from_its_changes() {
    for (a, b, bots) in [
        ("aggro", "midrange", ["greedy", "greedy"]),
        ("flyers", "control", ["heuristic", "heuristic"]),
        ("control", "aggro", ["random", "heuristic"]),
    ] {
        let (timeline, boards, _) = watched(&matchup(a, b), bots, 100);
        assert_eq!(timeline.steps.len(), boards.len());
        let mut rebuild = Rebuild::new(timeline.names.clone());
        for (i, (step, board)) in timeline.steps.iter().zip(&boards).enumerate() {
            rebuild.apply(&step.patch);
            assert_eq!(rebuild.board(), board, "{a} vs {b}, step {i}");
        }
        let last = boards.len() - 1;
        assert_eq!(timeline.board(last).as_ref(), boards.last());
        assert_eq!(timeline.board(last + 1), None);
    }
}

/// Two decks of nothing but mana: nobody can win, every turn adds a card to a battlefield, so
/// the boards grow with the game (each holds every mana played so far).
fn mana_matchup(cards: usize) -> Matchup {
    let fire = matchup("aggro", "aggro").decks[0]
        .cards
        .iter()
        .find(|c| c.card_id.as_str() == "fire_mana_01")
        .cloned()
        .unwrap();
    let deck = |name: &str| DeckList {
        name: name.to_owned(),
        cards: vec![fire.clone(); cards],
    };
    Matchup::new(deck("a"), deck("b")).unwrap()
}

#[test]
fn a_page_grows_linearly_with_the_game_not_with_steps_times_cards() {
    let m = mana_matchup(700);
    let (short, short_boards, short_html) = watched(&m, ["greedy", "greedy"], 300);
    let (long, long_boards, long_html) = watched(&m, ["greedy", "greedy"], 600);
    assert!(long.steps.len() >= 2 * short.steps.len() - 10);
    // What the page held before: every step's whole board.
    let whole = |boards: &[Board]| -> usize {
        boards
            .iter()
            .map(|b| serde_json::to_string(b).unwrap().len())
            .sum()
    };
    let (short_whole, long_whole) = (whole(&short_boards), whole(&long_boards));
    assert!(
        long_whole > 3 * short_whole,
        "{short_whole} -> {long_whole}"
    );
    // Now: twice the game, about twice the page, and a small constant per step.
    let (s, l) = (short_html.len(), long_html.len());
    assert!(l < s * 22 / 10, "{s} bytes for 300 turns, {l} for 600");
    let per_step = l / long.steps.len();
    // The figures of docs/viewer.md (`cargo test -p rtg-view page_grows -- --nocapture`).
    eprintln!(
        "300 turns: {} steps, page {s} bytes (whole boards {short_whole}); 600 turns: {} steps, page {l} bytes (whole boards {long_whole})",
        short.steps.len(),
        long.steps.len()
    );
    assert!(per_step < 400, "{per_step} bytes a step");
    assert!(l * 20 < long_whole, "{l} bytes, boards {long_whole}");
}

#[test]
fn a_long_deck_name_is_in_the_page_once_and_shown_cut() {
    let mut m = matchup("aggro", "midrange");
    let long = "n".repeat(256);
    m.decks[0].name = long.clone();
    let (timeline, _, html) = watched(&m, ["greedy", "greedy"], 100);
    let shown = format!("{}…", "n".repeat(SHOWN_NAME_CHARS - 1));
    assert_eq!(timeline.names[0], shown);
    // The replay embedded keeps the name whole; nothing else repeats it.
    assert_eq!(html.matches(&long).count(), 1);
    let lines: Vec<&String> = timeline.steps.iter().flat_map(|s| &s.lines).collect();
    assert!(lines.iter().any(|l| l.contains(&shown)));
}

//! How much of a mirror match is luck: a *clairvoyant* player, which sees the whole state (the
//! opponent's hand and both decks' order), against a fair bot, on a bundled deck's mirror.
//!
//! ```text
//! cargo run --release -p rtg-sim --example clairvoyant -- control random 200 40
//! ```
//!
//! Arguments: the deck, the opponent's bot spec, the games, and the playouts per option. At each
//! of its decisions with a choice, the clairvoyant player tries every legal move on copies of
//! the true state (the decks as they truly lie; only the generator of random effects is
//! reseeded, the same seeds for every move), plays each copy to the end with the heuristic bot
//! on both sides, and takes the move that won most.
//!
//! It knows more than any fair bot but searches little: on the true decks the heuristic's
//! playouts are nearly deterministic, so each move is judged by about one game, and the
//! opponent is assumed to play as the heuristic does. Where skill decides (the aggro mirror) it
//! plays worse than the heuristic itself; where the draws decide (the control mirror, a milling
//! race) knowing them is worth more than any search. It measures what hidden information is
//! worth in a matchup, not a bound on play. A measuring tool, not a bot (`Bot` gets a player's
//! view, never the state), so it plays its own game loop.

use std::path::Path;

use rayon::prelude::*;
use rtg_core::{Event, GameRng, GameState, GameStatus, PlayerId};
use rtg_rules::{Action, PlayerView, Scratch, acts_for, legal_actions, step, to_act};
use rtg_sim::{
    Bot, BotRegistry, BotSpec, DeckList, HeuristicBot, MAX_ACTIONS_PER_PHASE, Matchup, SimConfig,
    initial_state,
};

/// Plays `state` on with the heuristic bot on both sides to the end, or to 200 turns.
fn play_out(
    state: &mut GameState,
    rng: &mut GameRng,
    scratch: &mut Scratch,
    events: &mut Vec<Event>,
) {
    let mut in_phase = 0u32;
    while !state.is_over() && state.turn() < 200 {
        let player = to_act(state);
        let mut action = HeuristicBot.choose(&PlayerView::new(state, player), rng);
        if in_phase >= MAX_ACTIONS_PER_PHASE && !state.is_waiting() {
            action = Action::AdvancePhase;
        }
        events.clear();
        if step(state, &action, events, scratch).is_err() {
            return;
        }
        in_phase = if matches!(action, Action::AdvancePhase) {
            0
        } else {
            in_phase + 1
        };
    }
}

/// The clairvoyant player's move in `state`.
fn clairvoyant(state: &GameState, me: PlayerId, playouts: u32, rng: &mut GameRng) -> Action {
    let mut options: Vec<Action> = legal_actions(state)
        .into_iter()
        .filter(|a| !matches!(a, Action::OrderBlockers { .. }) && acts_for(state, a) == me)
        .collect();
    if options.len() <= 1 {
        return options.pop().unwrap_or(Action::AdvancePhase);
    }
    let seeds: Vec<u64> = (0..playouts).map(|_| rng.next_u64()).collect();
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let mut best = (f64::MIN, 0usize);
    for (i, option) in options.iter().enumerate() {
        let mut won = 0.0;
        for &seed in &seeds {
            let mut world = state.clone();
            world.reseed(seed);
            let mut play_rng = GameRng::seeded(seed);
            events.clear();
            if step(&mut world, option, &mut events, &mut scratch).is_err() {
                continue;
            }
            play_out(&mut world, &mut play_rng, &mut scratch, &mut events);
            won += match world.status() {
                GameStatus::Winner(p) if p == me => 1.0,
                GameStatus::Draw | GameStatus::Ongoing => 0.5,
                GameStatus::Winner(_) => 0.0,
            };
        }
        if won > best.0 {
            best = (won, i);
        }
    }
    options.swap_remove(best.1)
}

/// One game of the batch: true when the clairvoyant player (deck A) wins, `None` for a draw.
fn game(
    matchup: &Matchup,
    config: &SimConfig,
    index: u64,
    opponent: &dyn Bot,
    playouts: u32,
) -> Option<bool> {
    let settings = config.game(index);
    let mut state = initial_state(matchup, &settings).ok()?;
    let me = if settings.a_first {
        PlayerId(0)
    } else {
        PlayerId(1)
    };
    let mut rng = GameRng::seeded(GameRng::derive_seed(settings.seed, 0xc1a1));
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let mut in_phase = 0u32;
    while !state.is_over() && state.turn() < settings.max_turns {
        let player = to_act(&state);
        let mut action = if player == me {
            clairvoyant(&state, me, playouts, &mut rng)
        } else {
            opponent.choose(&PlayerView::new(&state, player), &mut rng)
        };
        if in_phase >= MAX_ACTIONS_PER_PHASE && !state.is_waiting() {
            action = Action::AdvancePhase;
        }
        events.clear();
        if step(&mut state, &action, &mut events, &mut scratch).is_err() {
            return None;
        }
        in_phase = if matches!(action, Action::AdvancePhase) {
            0
        } else {
            in_phase + 1
        };
    }
    match state.status() {
        GameStatus::Winner(p) => Some(p == me),
        GameStatus::Draw | GameStatus::Ongoing => None,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deck_name = args.first().map_or("control", String::as_str);
    let opponent_spec: BotSpec = args.get(1).map_or("random", String::as_str).parse()?;
    let games: u64 = args.get(2).map_or(Ok(100), |n| n.parse())?;
    let playouts: u32 = args.get(3).map_or(Ok(40), |n| n.parse())?;

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let loader = rtg_yaml::Loader::default();
    let catalog = rtg_yaml::build_catalog(loader.load_cards_from_dir(root.join("cards"), None)?)?;
    let deck = || -> Result<DeckList, Box<dyn std::error::Error>> {
        let path = root.join("decks").join(format!("{deck_name}.yaml"));
        Ok(DeckList {
            name: deck_name.to_owned(),
            cards: loader.load_deck(&catalog, path)?.cards,
        })
    };
    let matchup = Matchup::new(deck()?, deck()?)?;
    let opponent = BotRegistry::builtin().make(&opponent_spec)?;
    let config = SimConfig {
        games,
        seed: 1,
        ..SimConfig::default()
    };
    let results: Vec<Option<bool>> = (0..games)
        .into_par_iter()
        .map(|i| game(&matchup, &config, i, opponent.as_ref(), playouts))
        .collect();
    let wins = results.iter().filter(|r| **r == Some(true)).count();
    let draws = results.iter().filter(|r| r.is_none()).count();
    println!(
        "clairvoyant vs {opponent_spec} ({deck_name} mirror, {games} games, {playouts} playouts per option): {wins} wins, {draws} draws, {:.1}%",
        100.0 * (wins as f64 + 0.5 * draws as f64) / games as f64
    );
    Ok(())
}

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
//! view, never the state), so it plays its own game loop on the simulator's [`Driver`].

use std::path::Path;

use rayon::prelude::*;
use rtg_core::{GameRng, GameState, GameStatus, PlayerId};
use rtg_rules::{Action, acts_for, legal_actions};
use rtg_sim::{
    Bot, BotRegistry, BotSpec, DeckList, Driver, HeuristicBot, Matchup, SimConfig, initial_state,
};

/// Plays the driver's state on with the heuristic bot on both sides to the end, or to 200
/// turns, counting the phase cap from its own first move.
fn play_out(driver: &mut Driver, rng: &mut GameRng) {
    driver.restart_phase_count();
    while !driver.state().is_over() && driver.state().turn() < 200 {
        if driver.step_bot(&HeuristicBot, rng, |_| {}).is_err() {
            return;
        }
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
    let mut driver = Driver::new(state.clone());
    let mut best = (f64::MIN, 0usize);
    for (i, option) in options.iter().enumerate() {
        let mut won = 0.0;
        for &seed in &seeds {
            let mut world = state.clone();
            world.reseed(seed);
            driver.restart(world);
            let mut play_rng = GameRng::seeded(seed);
            if driver.step_exactly(option, |_| {}).is_err() {
                continue;
            }
            play_out(&mut driver, &mut play_rng);
            won += match driver.state().status() {
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
    let mut driver = Driver::new(initial_state(matchup, &settings).ok()?);
    let me = if settings.a_first {
        PlayerId(0)
    } else {
        PlayerId(1)
    };
    let mut rng = GameRng::seeded(GameRng::derive_seed(settings.seed, 0xc1a1));
    while !driver.state().is_over() && driver.state().turn() < settings.max_turns {
        let mut action = if driver.to_act() == me {
            clairvoyant(driver.state(), me, playouts, &mut rng)
        } else {
            opponent.choose(&driver.view(), &mut rng)
        };
        if driver.step(&mut action, |_| {}).is_err() {
            return None;
        }
    }
    match driver.state().status() {
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

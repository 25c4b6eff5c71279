//! Random legal play: every listed action is accepted, and games end.

use rtg_core::{GameRng, GameState, GameStatus};
use rtg_rules::{GameConfig, apply, content_for, legal_actions, new_game, start};

use crate::support::sample_deck;

fn started(seed: u64) -> GameState {
    let deck = sample_deck();
    let content = content_for([&deck, &deck], rtg_effects::builtin_registry()).unwrap();
    let config = GameConfig {
        seed,
        turn_limit: Some(60),
        ..GameConfig::default()
    };
    let state = new_game(content, [&deck, &deck], &config).unwrap();
    start(&state, 7).unwrap().state
}

#[test]
fn random_legal_games_accept_every_listed_action_and_end() {
    for seed in 0..40 {
        let mut state = started(seed);
        let mut rng = GameRng::seeded(seed ^ 0xABCD);
        let mut steps = 0;
        while state.status() == GameStatus::Ongoing {
            let actions = legal_actions(&state);
            assert!(!actions.is_empty(), "an ongoing game always has an action");
            let pick = actions[rng.below(actions.len() as u32) as usize].clone();
            let outcome = apply(&state, &pick)
                .unwrap_or_else(|e| panic!("seed {seed}: listed action {pick:?} refused: {e}"));
            outcome.state.check_invariants().unwrap();
            state = outcome.state;
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game does not end");
        }
    }
}

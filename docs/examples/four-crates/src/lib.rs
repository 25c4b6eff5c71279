//! A game of rtg built from four crates, without the `rtg` facade: cards and decks from YAML
//! (rtg-yaml), the built-in effects (rtg-effects), and a seeded game driven by pure actions
//! (rtg-rules over rtg-core's `GameState`).
//!
//! The policy is deliberately simple — play what can be played, attack with everything, never
//! block — because the point is the wiring, not the play.

use std::error::Error;
use std::path::Path;

use rtg_core::{GameState, GameStatus};
use rtg_rules::{Action, GameConfig, apply, content_for, legal_actions, new_game, start};

/// How a game ended, and how long it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The final status (a winner, or a draw).
    pub status: GameStatus,
    /// The turn the game ended on.
    pub turn: u32,
    /// How many actions were applied after the start.
    pub actions: usize,
}

/// Loads the cards of `cards_dir`, builds two decks from their files and plays one game with
/// the given seed to its end.
pub fn play(
    cards_dir: &Path,
    deck_a: &Path,
    deck_b: &Path,
    seed: u64,
) -> Result<Summary, Box<dyn Error>> {
    let catalog = rtg_yaml::build_catalog(rtg_yaml::load_cards_from_dir(cards_dir, None)?)?;
    let a = rtg_yaml::load_deck(&catalog, deck_a)?;
    let b = rtg_yaml::load_deck(&catalog, deck_b)?;
    let decks = [a.cards.as_slice(), b.cards.as_slice()];
    let content = content_for(decks, rtg_effects::builtin_registry())?;
    let config = GameConfig {
        seed,
        ..GameConfig::default()
    };
    let mut state = start(&new_game(content, decks, &config)?, config.opening_hand)?.state;
    let mut actions = 0;
    while !state.is_over() {
        let action = choose(&state);
        // Every action comes from `legal_actions`, so a refusal would be an engine bug.
        state = apply(&state, &action)?.state;
        actions += 1;
    }
    Ok(Summary {
        status: state.status(),
        turn: state.turn(),
        actions,
    })
}

/// The first pending-trigger choice, card play or attack on offer, else the phase advance
/// (while a trigger waits for its target, only its choices are legal).
fn choose(state: &GameState) -> Action {
    let actions = legal_actions(state);
    actions
        .iter()
        .find(|action| {
            matches!(
                action,
                Action::ResolvePendingTrigger { .. }
                    | Action::PlayCard { .. }
                    | Action::DeclareAttack { .. }
            )
        })
        .cloned()
        .unwrap_or(Action::AdvancePhase)
}

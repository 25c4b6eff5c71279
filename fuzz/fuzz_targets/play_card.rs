//! A structured card that loads is put in both decks beside bundled cards, and a short game is
//! played with it (under either rule set), each action picked by the fuzzer among
//! `legal_actions`: no panic anywhere, `apply` accepts every listed action (or refuses it with
//! `chain_limit`, a step whose triggers never end, or `reversal_limit`), and the game stays consistent.
#![no_main]

use std::sync::Arc;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rtg_core::{CardDefinition, RuleSet};
use rtg_fuzz::Card;
use rtg_rules::{GameConfig, apply, content_for, legal_actions, new_game, start};

/// The bundled cards beside the fuzzed one in each deck.
const COMPANIONS: &[&str] = &[
    "fire_mana_01",
    "earth_mana_01",
    "water_mana_01",
    "air_mana_01",
    "goblin_01",
    "giant_01",
    "fireball_01",
];

fn deck(
    card: &Arc<CardDefinition>,
    u: &mut Unstructured<'_>,
) -> arbitrary::Result<Vec<Arc<CardDefinition>>> {
    let catalog = rtg_fuzz::catalog();
    let mut cards = vec![Arc::clone(card); 4];
    for id in COMPANIONS {
        if let Some(c) = catalog.get(id) {
            for _ in 0..u.int_in_range(1..=3)? {
                cards.push(Arc::clone(c));
            }
        }
    }
    Ok(cards)
}

fn play(data: &[u8]) -> arbitrary::Result<()> {
    let mut u = Unstructured::new(data);
    let card = Card::arbitrary(&mut u)?;
    if card.depth() > 32 {
        return Ok(());
    }
    let Ok(def) = rtg_fuzz::parse(&card.render()) else {
        return Ok(());
    };
    let a = deck(&def, &mut u)?;
    let b = deck(&def, &mut u)?;
    let decks = [a.as_slice(), b.as_slice()];
    let Ok(content) = content_for(decks, rtg_effects::builtin_registry()) else {
        return Ok(());
    };
    let config = GameConfig {
        seed: u64::arbitrary(&mut u)?,
        rules: if bool::arbitrary(&mut u)? {
            RuleSet::Ptg09
        } else {
            RuleSet::Ptg02
        },
        turn_limit: Some(12),
        ..GameConfig::default()
    };
    let game = new_game(content, decks, &config).expect("two legal decks make a game");
    let Ok(started) = start(&game, u.int_in_range(0..=7)?) else {
        return Ok(());
    };
    let mut state = started.state;
    for _ in 0..u.int_in_range(0..=60)? {
        if state.is_over() {
            break;
        }
        let actions = legal_actions(&state);
        assert!(!actions.is_empty(), "an ongoing game offers no action");
        let action = u.choose(&actions)?.clone();
        match apply(&state, &action) {
            Ok(outcome) => state = outcome.state,
            Err(e) if matches!(e.kind(), "chain_limit" | "reversal_limit") => return Ok(()),
            Err(e) => panic!("a listed action was refused: {action:?}: {e}"),
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = play(data);
});

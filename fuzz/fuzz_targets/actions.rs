//! Action sequences on a position: a game of two bundled decks (`decks/*.yaml`, either rule
//! set, a seeded shuffle, an opening hand of 0 to 7, a turn limit of 1 to 40) is started and
//! given up to 200 actions chosen by the fuzzer, each either one of `legal_actions` or any
//! `rtg_rules::Action` built from the bytes (every variant, card ids among the game's cards or
//! any number, player ids 0 to 2 or any, any indices, targets and blocker lists), legal or not.
//! Checks: no panic; an ongoing game always offers an action; `apply` never changes its input
//! (same digest); `step` (in place) gives the answer `apply` gave, the same next state when it
//! accepts, and leaves the state untouched when it refuses by a check (any refusal but
//! `chain_limit`, `reversal_limit` and `effect_failed`, which may fail while resolving); an
//! action from `legal_actions` is always accepted (or refused with `chain_limit` or
//! `reversal_limit`).
#![no_main]

use std::sync::{Arc, OnceLock};

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rtg_core::{CardDefinition, Content, GameState, InstanceId, PlayerId, RuleSet, Target};
use rtg_rules::{
    Action, GameConfig, Scratch, apply, content_for, legal_actions, new_game, start, step,
};

/// The bundled decks, loaded once.
fn decks() -> &'static [Vec<Arc<CardDefinition>>] {
    static DECKS: OnceLock<Vec<Vec<Arc<CardDefinition>>>> = OnceLock::new();
    DECKS.get_or_init(|| {
        let dir = rtg_fuzz::root().join("decks");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("decks/ is read")
            .map(|e| e.expect("decks/ is read").path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        files.sort();
        let decks: Vec<_> = files
            .iter()
            .map(|p| {
                rtg_yaml::load_deck(rtg_fuzz::bundled_catalog(), p)
                    .expect("a bundled deck loads")
                    .cards
            })
            .collect();
        assert!(!decks.is_empty(), "decks/ holds decks");
        decks
    })
}

/// The content of every pair of decks, built once.
fn contents() -> &'static [Arc<Content>] {
    static CONTENTS: OnceLock<Vec<Arc<Content>>> = OnceLock::new();
    CONTENTS.get_or_init(|| {
        let decks = decks();
        let mut all = Vec::new();
        for a in decks {
            for b in decks {
                all.push(
                    content_for([a, b], rtg_effects::builtin_registry())
                        .expect("two bundled decks make a content"),
                );
            }
        }
        all
    })
}

fn card(u: &mut Unstructured<'_>, state: &GameState) -> arbitrary::Result<InstanceId> {
    Ok(InstanceId(if u.ratio(1, 16)? {
        u32::arbitrary(u)?
    } else {
        u.int_in_range(0..=state.cards().len() as u32 + 1)?
    }))
}

fn player(u: &mut Unstructured<'_>) -> arbitrary::Result<PlayerId> {
    Ok(PlayerId(if u.ratio(1, 16)? {
        u8::arbitrary(u)?
    } else {
        u.int_in_range(0..=2)?
    }))
}

fn index(u: &mut Unstructured<'_>) -> arbitrary::Result<usize> {
    Ok(if u.ratio(1, 16)? {
        usize::arbitrary(u)?
    } else {
        u.int_in_range(0..=4)?
    })
}

fn target(u: &mut Unstructured<'_>, state: &GameState) -> arbitrary::Result<Target> {
    Ok(if bool::arbitrary(u)? {
        Target::Player(player(u)?)
    } else {
        Target::Card(card(u, state)?)
    })
}

fn opt_target(u: &mut Unstructured<'_>, state: &GameState) -> arbitrary::Result<Option<Target>> {
    Ok(if bool::arbitrary(u)? {
        Some(target(u, state)?)
    } else {
        None
    })
}

/// Any action, legal or not.
fn any_action(u: &mut Unstructured<'_>, state: &GameState) -> arbitrary::Result<Action> {
    Ok(match u.int_in_range(0..=7)? {
        0 => Action::PlayCard {
            player: player(u)?,
            card: card(u, state)?,
            target: opt_target(u, state)?,
        },
        1 => Action::DeclareAttack {
            player: player(u)?,
            attacker: card(u, state)?,
        },
        2 => Action::DeclareDefense {
            player: player(u)?,
            blocker: card(u, state)?,
            combat_index: index(u)?,
        },
        3 => {
            let player = player(u)?;
            let combat_index = index(u)?;
            let mut blockers = Vec::new();
            for _ in 0..u.int_in_range(0..=5)? {
                blockers.push(card(u, state)?);
            }
            Action::OrderBlockers {
                player,
                combat_index,
                blockers,
            }
        }
        4 => Action::ActivateAbility {
            player: player(u)?,
            card: card(u, state)?,
            ability_index: index(u)?,
            target: opt_target(u, state)?,
        },
        5 => Action::ResolvePendingTrigger {
            index: index(u)?,
            target: target(u, state)?,
        },
        6 => Action::ResolveChoice {
            index: index(u)?,
            option: index(u)?,
        },
        _ => Action::AdvancePhase,
    })
}

/// Refusals that may come after part of the action resolved.
fn while_resolving(kind: &str) -> bool {
    matches!(kind, "chain_limit" | "reversal_limit" | "effect_failed")
}

fn play(data: &[u8]) -> arbitrary::Result<()> {
    let mut u = Unstructured::new(data);
    let decks = decks();
    let a = u.choose_index(decks.len())?;
    let b = u.choose_index(decks.len())?;
    let content = Arc::clone(&contents()[a * decks.len() + b]);
    let config = GameConfig {
        seed: u64::arbitrary(&mut u)?,
        rules: if bool::arbitrary(&mut u)? {
            RuleSet::Ptg09
        } else {
            RuleSet::Ptg02
        },
        turn_limit: Some(u.int_in_range(1..=40)?),
        ..GameConfig::default()
    };
    let game =
        new_game(content, [&decks[a], &decks[b]], &config).expect("two bundled decks make a game");
    let Ok(started) = start(&game, u.int_in_range(0..=7)?) else {
        return Ok(());
    };
    let mut state = started.state;
    let mut scratch = Scratch::new();
    for _ in 0..u.int_in_range(0..=200)? {
        let actions = legal_actions(&state);
        assert!(
            state.is_over() || !actions.is_empty(),
            "an ongoing game offers no action"
        );
        let listed = !actions.is_empty() && u.ratio(3, 4)?;
        let action = if listed {
            u.choose(&actions)?.clone()
        } else {
            any_action(&mut u, &state)?
        };
        let before = state.digest();
        let applied = apply(&state, &action);
        assert_eq!(
            state.digest(),
            before,
            "apply changed its input: {action:?}"
        );
        let mut in_place = state.clone();
        let mut events = Vec::new();
        let stepped = step(&mut in_place, &action, &mut events, &mut scratch);
        match (applied, stepped) {
            (Ok(outcome), Ok(())) => {
                assert_eq!(
                    outcome.state.digest(),
                    in_place.digest(),
                    "apply and step reached two states: {action:?}"
                );
                assert_eq!(
                    outcome.events, events,
                    "apply and step told two stories: {action:?}"
                );
                state = outcome.state;
            }
            (Err(e), Err(f)) => {
                assert_eq!(
                    e.kind(),
                    f.kind(),
                    "apply and step refused two ways: {action:?}"
                );
                if listed && !matches!(e.kind(), "chain_limit" | "reversal_limit") {
                    panic!("a listed action was refused: {action:?}: {e}");
                }
                if !while_resolving(e.kind()) {
                    assert_eq!(
                        in_place.digest(),
                        before,
                        "step changed the state of an action it refused ({}): {action:?}",
                        e.kind()
                    );
                }
                if while_resolving(e.kind()) {
                    return Ok(());
                }
            }
            (applied, stepped) => panic!(
                "apply and step disagree on {action:?}: apply {:?}, step {:?}",
                applied.map(|_| ()),
                stepped
            ),
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = play(data);
});

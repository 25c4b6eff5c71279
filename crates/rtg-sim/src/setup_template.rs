//! Games made from templates: a matchup's decks are built into a state once, for each seat
//! order, and every game of a batch starts from an unshared copy of it.
//!
//! Building a deck looks each card's definition up by id and creates its 40 instances; doing it
//! per game was a fifth of a greedy game's instructions. A game made from a template is equal to
//! one built from scratch ([`rtg_rules::new_game`] with the same settings): the template is
//! built by that very function, and only what differs between games (the seed, the turn limit,
//! the rules) is set on the copy. A test compares the two.

use std::fmt;
use std::sync::{Arc, OnceLock};

use rtg_core::{CardDefinition, Content, GameState, RuleSet};
use rtg_rules::{GameConfig, SetupFailure, new_game};

use crate::game::{DeckList, Matchup};

/// What a game's setup needs beyond the matchup: who goes first and what differs per game.
pub(crate) struct GameSetup {
    /// True when deck A takes the first turn.
    pub(crate) a_first: bool,
    pub(crate) seed: u64,
    pub(crate) turn_limit: u32,
    pub(crate) rules: RuleSet,
}

/// A matchup's templates, built by its first game and shared by its clones (and its threads).
#[derive(Clone, Default)]
pub(crate) struct SetupTemplates(Arc<OnceLock<Option<Templates>>>);

impl fmt::Debug for SetupTemplates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SetupTemplates")
            .field("built", &self.0.get().is_some())
            .finish()
    }
}

/// The two unstarted states, and what they were built from.
struct Templates {
    content: Arc<Content>,
    decks: [DeckList; 2],
    /// Deck A first, then deck B first.
    states: [GameState; 2],
}

impl Templates {
    fn build(matchup: &Matchup) -> Option<Templates> {
        let first = |a_first: bool| {
            let setup = GameSetup {
                a_first,
                seed: 0,
                turn_limit: 0,
                rules: RuleSet::default(),
            };
            build_from_scratch(matchup, &setup).ok()
        };
        Some(Templates {
            content: Arc::clone(&matchup.content),
            decks: matchup.decks.clone(),
            states: [first(true)?, first(false)?],
        })
    }

    /// True when these templates were built from this matchup as it is now: its fields are
    /// public, so a matchup may have been changed since (a deck swapped in a clone).
    fn fit(&self, matchup: &Matchup) -> bool {
        Arc::ptr_eq(&self.content, &matchup.content)
            && self
                .decks
                .iter()
                .zip(&matchup.decks)
                .all(|(built, now)| built.name == now.name && same_cards(&built.cards, &now.cards))
    }
}

fn same_cards(a: &[Arc<CardDefinition>], b: &[Arc<CardDefinition>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| Arc::ptr_eq(x, y))
}

/// The unstarted state of a game of this matchup (decks in order, not yet shuffled).
pub(crate) fn unstarted_state(
    matchup: &Matchup,
    setup: &GameSetup,
) -> Result<GameState, SetupFailure> {
    let templates = matchup
        .templates
        .0
        .get_or_init(|| Templates::build(matchup));
    match templates {
        Some(templates) if templates.fit(matchup) => {
            let mut state = templates.states[usize::from(!setup.a_first)].unshared_copy();
            state.reseed(setup.seed);
            state.set_turn_limit(Some(setup.turn_limit));
            state.set_rules(setup.rules);
            Ok(state)
        }
        _ => build_from_scratch(matchup, setup),
    }
}

/// The unstarted state built as [`rtg_rules::new_game`] builds any game.
pub(crate) fn build_from_scratch(
    matchup: &Matchup,
    setup: &GameSetup,
) -> Result<GameState, SetupFailure> {
    let decks = if setup.a_first {
        [&matchup.decks[0], &matchup.decks[1]]
    } else {
        [&matchup.decks[1], &matchup.decks[0]]
    };
    let config = GameConfig {
        names: [decks[0].name.clone(), decks[1].name.clone()],
        seed: setup.seed,
        turn_limit: Some(setup.turn_limit),
        rules: setup.rules,
        ..GameConfig::default()
    };
    new_game(
        Arc::clone(&matchup.content),
        [&decks[0].cards, &decks[1].cards],
        &config,
    )
}

#[cfg(test)]
mod tests {
    use rtg_core::{CardType, Mana, ManaType};

    use super::*;
    use crate::test_decks::deck;

    fn card(id: &str, card_type: CardType, power: i32) -> Arc<CardDefinition> {
        let mana = Mana::from_pairs([(ManaType::Fire, 1)]);
        let def = CardDefinition::vanilla(id, id, card_type).with_cost(mana);
        Arc::new(if card_type == CardType::Creature {
            def.with_stats(power, power)
        } else {
            def
        })
    }

    fn matchup() -> Matchup {
        let fire = card("fire", CardType::Mana, 0);
        let goblin = card("goblin", CardType::Creature, 1);
        let ogre = card("ogre", CardType::Creature, 3);
        Matchup::new(
            deck("a", &[(&fire, 10), (&goblin, 10)]),
            deck("b", &[(&fire, 12), (&ogre, 6), (&goblin, 2)]),
        )
        .expect("the decks set up")
    }

    fn setup(a_first: bool, seed: u64) -> GameSetup {
        GameSetup {
            a_first,
            seed,
            turn_limit: 30,
            rules: RuleSet::default(),
        }
    }

    fn setups() -> impl Iterator<Item = GameSetup> {
        [true, false].into_iter().flat_map(|a_first| {
            [0, 7, u64::MAX].into_iter().flat_map(move |seed| {
                RuleSet::ALL.into_iter().map(move |rules| GameSetup {
                    rules,
                    ..setup(a_first, seed)
                })
            })
        })
    }

    #[test]
    fn a_game_made_from_a_template_equals_one_built_from_scratch() {
        let m = matchup();
        for setup in setups() {
            let from_template = unstarted_state(&m, &setup).unwrap();
            assert!(m.templates.0.get().is_some_and(Option::is_some));
            assert_eq!(from_template, build_from_scratch(&m, &setup).unwrap());
            assert_eq!(
                from_template.rng(),
                build_from_scratch(&m, &setup).unwrap().rng()
            );
        }
    }

    #[test]
    fn a_matchup_changed_since_its_templates_were_built_sets_up_its_own_decks() {
        let m = matchup();
        unstarted_state(&m, &setup(true, 3)).unwrap();
        let mut swapped = m.clone();
        swapped.decks.swap(0, 1);
        let mut renamed = m.clone();
        renamed.decks[0].name = "renamed".to_owned();
        for changed in [swapped, renamed] {
            for setup in setups() {
                let state = unstarted_state(&changed, &setup).unwrap();
                assert_eq!(state, build_from_scratch(&changed, &setup).unwrap());
                assert_ne!(state, build_from_scratch(&m, &setup).unwrap());
            }
        }
    }

    #[test]
    fn a_copy_of_a_template_shares_no_table_with_it() {
        let m = matchup();
        let mut state = unstarted_state(&m, &setup(false, 1)).unwrap();
        let template = m.templates.0.get().unwrap().as_ref().unwrap().states[1].clone();
        let mut events = Vec::new();
        rtg_rules::start_in_place(&mut state, [7, 7], &mut events).unwrap();
        assert_eq!(state.player(rtg_core::PlayerId::FIRST).hand().len(), 7);
        assert!(template.player(rtg_core::PlayerId::FIRST).hand().is_empty());
        assert_eq!(
            template,
            build_from_scratch(
                &m,
                &GameSetup {
                    turn_limit: 0,
                    ..setup(false, 0)
                }
            )
            .unwrap()
        );
    }
}

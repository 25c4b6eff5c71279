//! Per-card statistics of a batch: for each card of each deck, the games in which it was drawn
//! and played, the deck's win rate when it was drawn, not drawn and played, the turn it was
//! first played, how often its activated abilities were used and its triggered abilities fired
//! and resolved, and whether it was left in hand.
//!
//! Permanents of every kind count alike: an artifact is played from the hand like a creature,
//! its activated abilities count their uses (never more than its `max_activations` a turn: a
//! use the rules refuse is not made) and its triggered abilities their firings (a firing past
//! `max_activations` does not happen, so is not counted) and resolutions (a `choose_mana`
//! trigger resolves when its choice is put to its player). A spell's choice is part of its play.
//!
//! A game is watched through the simulator's observer ([`CardProbe::observe`]) into a small
//! per-game summary ([`CardGame`]), folded into running sums ([`CardStats`], in
//! `card_totals.rs`) in game order: nothing per game outlives its chunk, and the sums are
//! integers, so the result is the same whatever the threads. The rows reports print, with the
//! 17lands measures (games in hand, opening hand, drawn later, not seen, improvement when
//! drawn), are in `card_rows.rs`.

use rtg_core::{AbilityType, CardType, Event, EventType, GameState, PlayerId};
use rtg_events::{TriggerStage, TriggerUse};
use rtg_rules::Action;

use crate::card_rows::Tally;
use crate::card_totals::{AbilityTotals, CardStats, CardTotals, DeckCards};
use crate::game::{GameSettings, Matchup, Side, seats};

/// A card of a deck, as the statistics name it.
#[derive(Clone, PartialEq, Eq, Debug)]
struct CardKey {
    card_id: String,
    name: String,
    card_type: CardType,
    copies: u32,
    abilities: Vec<(String, AbilityType)>,
}

/// What one game did with each card of each deck: slot `i` of side `s` is the `i`-th distinct
/// card of that deck.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct CardGame {
    pub(crate) sides: [Vec<Seen>; 2],
}

/// One card of one deck in one game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Seen {
    /// A copy was in the opening hand or drawn — or reached the hand otherwise (an effect that
    /// moves a card from the deck to the hand draws nothing): a copy played, or in the hand at
    /// the end, was drawn. (With PTG 0.2.0's cards every such copy was drawn already.)
    pub(crate) drawn: bool,
    /// A copy was in the opening hand: the hand of the started game, before any action (rtg
    /// deals no mulligan, and turn 1 draws no card). Implies `drawn`.
    pub(crate) opening: bool,
    /// The deck's own turn (1, 2, ...) a copy was first played, if one was.
    pub(crate) first_played: Option<u32>,
    /// A copy was in its owner's hand when the game ended.
    pub(crate) in_hand_at_end: bool,
    /// Uses of each of the card's abilities (activated abilities of permanents).
    pub(crate) activations: Vec<u32>,
    /// Firings and resolutions of each of the card's abilities (triggered abilities).
    pub(crate) triggers: Vec<(u32, u32)>,
}

/// The cards of a matchup's decks, and how to find a card instance's slot: built once per batch,
/// shared by every game.
#[derive(Clone, Debug)]
pub struct CardProbe {
    decks: [String; 2],
    cards: [Vec<CardKey>; 2],
    /// By definition index: the slot of that card in deck A and in deck B.
    slots: Vec<[Option<u16>; 2]>,
}

/// The deck's own turn number of game turn `turn` for the player in `seat` (seat 0 plays turns
/// 1, 3, 5, ..., seat 1 turns 2, 4, 6, ...).
pub(crate) fn own_turn(turn: u32, seat: PlayerId) -> u32 {
    (turn + 1 - seat.index().min(1) as u32) / 2
}

impl CardProbe {
    /// The probe of a matchup's two decks.
    pub fn new(matchup: &Matchup) -> CardProbe {
        let mut slots = vec![[None, None]; matchup.content.definitions.len()];
        let mut cards: [Vec<CardKey>; 2] = [Vec::new(), Vec::new()];
        for (side, deck) in matchup.decks.iter().enumerate() {
            for def in &deck.cards {
                match cards[side]
                    .iter_mut()
                    .find(|k| k.card_id == def.card_id.as_str())
                {
                    Some(key) => key.copies += 1,
                    None => cards[side].push(CardKey {
                        card_id: def.card_id.as_str().to_owned(),
                        name: def.name.clone(),
                        card_type: def.card_type,
                        copies: 1,
                        abilities: def
                            .abilities
                            .iter()
                            .map(|a| (a.name.clone(), a.ability_type))
                            .collect(),
                    }),
                }
            }
            for (index, def) in matchup.content.definitions.iter() {
                let slot = cards[side]
                    .iter()
                    .position(|k| k.card_id == def.card_id.as_str());
                if let (Some(entry), Some(slot)) = (slots.get_mut(usize::from(index.0)), slot) {
                    entry[side] = u16::try_from(slot).ok();
                }
            }
        }
        CardProbe {
            decks: [matchup.decks[0].name.clone(), matchup.decks[1].name.clone()],
            cards,
            slots,
        }
    }

    /// An empty summary for one game.
    pub fn game(&self) -> CardGame {
        let side = |cards: &[CardKey]| {
            cards
                .iter()
                .map(|k| Seen {
                    activations: vec![0; k.abilities.len()],
                    triggers: vec![(0, 0); k.abilities.len()],
                    ..Seen::default()
                })
                .collect()
        };
        CardGame {
            sides: [side(&self.cards[0]), side(&self.cards[1])],
        }
    }

    /// Empty statistics of the matchup's two decks.
    pub fn stats(&self) -> CardStats {
        let deck = |side: usize| DeckCards {
            deck: self.decks[side].clone(),
            games: 0,
            cards: self.cards[side]
                .iter()
                .map(|k| CardTotals {
                    card_id: k.card_id.clone(),
                    name: k.name.clone(),
                    spell: k.card_type == CardType::Spell,
                    copies: k.copies,
                    abilities: k
                        .abilities
                        .iter()
                        .map(|(name, kind)| AbilityTotals {
                            name: name.clone(),
                            kind: *kind,
                            used: 0,
                            fired: 0,
                            resolved: 0,
                        })
                        .collect(),
                    in_hand: Tally::default(),
                    opening: Tally::default(),
                    drawn_later: Tally::default(),
                    not_seen: Tally::default(),
                    played: Tally::default(),
                    turn_played_sum: 0,
                    left_in_hand: 0,
                })
                .collect(),
        };
        CardStats {
            decks: vec![deck(0), deck(1)],
        }
    }

    /// The slot of an instance's card in its owner's deck, with the owner's side.
    fn slot<'g>(
        &self,
        game: &'g mut CardGame,
        settings: &GameSettings,
        state: &GameState,
        id: rtg_core::InstanceId,
    ) -> Option<&'g mut Seen> {
        let card = state.card(id);
        let side = side_index(seats(settings)[card.owner.index().min(1)]);
        let slot = self.slots.get(usize::from(card.def.0))?[side]?;
        game.sides[side].get_mut(usize::from(slot))
    }

    /// Watches one step of a game (the observer of [`crate::play_game_observed`]): the opening
    /// hands at the start, draws, plays and ability uses as they happen, the hands at the end.
    pub fn observe(
        &self,
        game: &mut CardGame,
        settings: &GameSettings,
        state: &GameState,
        action: Option<&Action>,
        events: &[Event],
        triggers: &[TriggerUse],
    ) {
        for used in triggers {
            if let Some(counts) = self
                .slot(game, settings, state, used.card)
                .and_then(|seen| seen.triggers.get_mut(usize::from(used.ability)))
            {
                let count = match used.stage {
                    TriggerStage::Fired => &mut counts.0,
                    TriggerStage::Resolved => &mut counts.1,
                };
                *count = count.saturating_add(1);
            }
        }
        match action {
            // The started game: its hands are the opening hands.
            None => {
                for player in PlayerId::ALL {
                    for &id in state.player(player).hand().iter() {
                        if let Some(seen) = self.slot(game, settings, state, id) {
                            seen.drawn = true;
                            seen.opening = true;
                        }
                    }
                }
            }
            Some(Action::PlayCard { player, card, .. }) => {
                let turn = own_turn(state.turn(), *player);
                if let Some(seen) = self.slot(game, settings, state, *card) {
                    seen.first_played.get_or_insert(turn);
                    // A card played was in its owner's hand: drawn, or brought there from the
                    // deck by an effect (`move_card`, which draws nothing).
                    seen.drawn = true;
                }
            }
            Some(Action::ActivateAbility {
                card,
                ability_index,
                ..
            }) => {
                if let Some(used) = self
                    .slot(game, settings, state, *card)
                    .and_then(|seen| seen.activations.get_mut(*ability_index))
                {
                    *used = used.saturating_add(1);
                }
            }
            Some(_) => {}
        }
        for event in events {
            if event.kind == EventType::OnCardDraw
                && let Some(id) = event.source
                && let Some(seen) = self.slot(game, settings, state, id)
            {
                seen.drawn = true;
            }
        }
        if state.is_over() {
            for player in PlayerId::ALL {
                for &id in state.player(player).hand().iter() {
                    if let Some(seen) = self.slot(game, settings, state, id) {
                        seen.in_hand_at_end = true;
                        seen.drawn = true;
                    }
                }
            }
        }
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::sync::Arc;

    use rtg_core::{CardDefinition, Mana, ManaType};

    use super::*;
    use crate::BotSpec;
    use crate::game::{DeckList, GameSettings, initial_state, play_game_observed};

    /// A deck of ten distinct cards (four mana, six creatures), one copy each.
    fn deck(name: &str) -> DeckList {
        let fire = Mana::from_pairs([(ManaType::Fire, 1)]);
        let mut cards = Vec::new();
        for k in 0..4 {
            cards.push(Arc::new(
                CardDefinition::vanilla(&format!("mana_{k}"), "Fire Mana", CardType::Mana)
                    .with_cost(fire),
            ));
        }
        for k in 0..6 {
            cards.push(Arc::new(
                CardDefinition::vanilla(&format!("goblin_{k}"), "Goblin", CardType::Creature)
                    .with_cost(fire)
                    .with_stats(1, 1),
            ));
        }
        DeckList {
            name: name.to_owned(),
            cards,
        }
    }

    fn settings(seed: u64, a_first: bool) -> GameSettings {
        GameSettings {
            seed,
            a_first,
            bots: [BotSpec::new("heuristic"), BotSpec::new("heuristic")],
            max_turns: 30,
            opening_hand: 3,
            rules: rtg_core::RuleSet::Ptg02,
        }
    }

    /// The slots of the cards in each deck's hand of a state, by side (deck A, deck B).
    fn hand_slots(
        probe: &CardProbe,
        settings: &GameSettings,
        state: &GameState,
    ) -> [HashSet<u16>; 2] {
        let mut slots = [HashSet::new(), HashSet::new()];
        for player in PlayerId::ALL {
            for &id in state.player(player).hand().iter() {
                let card = state.card(id);
                let side = side_index(seats(settings)[card.owner.index().min(1)]);
                if let Some(slot) = probe.slots[usize::from(card.def.0)][side] {
                    slots[side].insert(slot);
                }
            }
        }
        slots
    }

    #[test]
    fn the_opening_hand_is_the_started_games_hand_and_later_draws_are_not() {
        let m = Matchup::new(deck("a"), deck("b")).unwrap();
        let probe = CardProbe::new(&m);
        let mut later_draws = 0;
        for seed in 0..6 {
            let settings = settings(seed, seed % 2 == 0);
            // The hand of the started game, found apart from the probe.
            let start = initial_state(&m, &settings).unwrap();
            let opening = hand_slots(&probe, &settings, &start);
            assert_eq!(opening[0].len() + opening[1].len(), 6, "three cards each");
            let mut game = probe.game();
            let record = play_game_observed(
                &m,
                &settings,
                false,
                &mut |state, action, events, triggers| {
                    probe.observe(&mut game, &settings, state, action, events, triggers)
                },
            );
            assert!(record.error.is_none(), "{:?}", record.error);
            for (side, seen) in game.sides.iter().enumerate() {
                for (slot, s) in seen.iter().enumerate() {
                    let slot = u16::try_from(slot).unwrap();
                    assert_eq!(s.opening, opening[side].contains(&slot), "seed {seed}");
                    assert!(!s.opening || s.drawn, "an opening card is in hand");
                    if s.drawn && !s.opening {
                        later_draws += 1;
                    }
                    if s.first_played.is_some() {
                        assert!(s.drawn, "a card played was in hand");
                    }
                }
            }
        }
        assert!(later_draws > 0, "no card was drawn after the opening hand");
    }

    #[test]
    fn own_turns_count_each_players_turns() {
        assert_eq!(own_turn(1, PlayerId::FIRST), 1);
        assert_eq!(own_turn(2, PlayerId::SECOND), 1);
        assert_eq!(own_turn(3, PlayerId::FIRST), 2);
        assert_eq!(own_turn(6, PlayerId::SECOND), 3);
    }
}

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
//! per-game summary ([`CardGame`]), folded into running sums ([`CardStats`]) in game order:
//! nothing per game outlives its chunk, and the sums are integers, so the result is the same
//! whatever the threads.

use rtg_core::{AbilityType, CardType, Event, EventType, GameState, PlayerId};
use rtg_events::{TriggerStage, TriggerUse};
use rtg_rules::Action;
use serde::{Deserialize, Serialize};

use crate::game::{GameEnd, GameRecord, GameSettings, Matchup, Side, seats};

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
    sides: [Vec<Seen>; 2],
}

/// One card of one deck in one game.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct Seen {
    /// A copy was in the opening hand or drawn — or reached the hand otherwise (an effect that
    /// moves a card from the deck to the hand draws nothing): a copy played, or in the hand at
    /// the end, was drawn. (With PTG 0.2.0's cards every such copy was drawn already.)
    drawn: bool,
    /// The deck's own turn (1, 2, ...) a copy was first played, if one was.
    first_played: Option<u32>,
    /// A copy was in its owner's hand when the game ended.
    in_hand_at_end: bool,
    /// Uses of each of the card's abilities (activated abilities of permanents).
    activations: Vec<u32>,
    /// Firings and resolutions of each of the card's abilities (triggered abilities).
    triggers: Vec<(u32, u32)>,
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
                    card_type: k.card_type,
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
                    drawn: 0,
                    drawn_score: 0,
                    not_drawn_score: 0,
                    played: 0,
                    played_score: 0,
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
            None => {
                for player in PlayerId::ALL {
                    for &id in state.player(player).hand().iter() {
                        if let Some(seen) = self.slot(game, settings, state, id) {
                            seen.drawn = true;
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

/// The running sums of one ability.
#[derive(Clone, PartialEq, Eq, Debug)]
struct AbilityTotals {
    name: String,
    kind: AbilityType,
    used: u64,
    fired: u64,
    resolved: u64,
}

/// The running sums of one card of one deck. Scores are in half points (a win 2, a draw 1), so
/// that every sum is an integer.
#[derive(Clone, PartialEq, Eq, Debug)]
struct CardTotals {
    card_id: String,
    name: String,
    card_type: CardType,
    copies: u32,
    drawn: u64,
    drawn_score: u64,
    not_drawn_score: u64,
    played: u64,
    played_score: u64,
    turn_played_sum: u64,
    left_in_hand: u64,
    abilities: Vec<AbilityTotals>,
}

/// The running sums of one deck's cards.
#[derive(Clone, PartialEq, Eq, Debug)]
struct DeckCards {
    deck: String,
    /// Finished games counted.
    games: u64,
    cards: Vec<CardTotals>,
}

/// Per-card statistics of one or more batches, by deck.
///
/// Only finished games count (a game the engine could not finish says nothing of its cards).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardStats {
    decks: Vec<DeckCards>,
}

/// One ability of a card in [`CardRow`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct AbilityRow {
    /// The ability's name.
    pub name: String,
    /// `activated` or `triggered`.
    pub kind: String,
    /// Times it was used (activated abilities of permanents); `null` for triggered abilities and
    /// for a spell's own effect, which the simulator does not see fire (a spell's is its plays).
    pub used: Option<u64>,
    /// Times it fired (an event set it off): triggered abilities only, else `null`.
    pub fired: Option<u64>,
    /// Times a firing took effect (one with no legal target left does not): triggered
    /// abilities only, else `null`.
    pub resolved: Option<u64>,
}

/// One card of one deck, as reports print it (the `cards` list of the JSON).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardRow {
    /// The deck's name.
    pub deck: String,
    /// The card's id.
    pub card_id: String,
    /// Its display name.
    pub name: String,
    /// Copies in the deck.
    pub copies: u32,
    /// Finished games of the deck counted.
    pub games: u64,
    /// Games in which a copy was in the opening hand or drawn.
    pub drawn: u64,
    /// Games in which a copy was played.
    pub played: u64,
    /// The deck's win rate (a draw half) in games it was drawn; `null` with no such game.
    pub win_rate_drawn: Option<f64>,
    /// The deck's win rate in games it was not drawn.
    pub win_rate_not_drawn: Option<f64>,
    /// The deck's win rate in games it was played.
    pub win_rate_played: Option<f64>,
    /// The mean of the deck's own turn (1 = its first turn) a copy was first played, over the
    /// games it was played.
    pub mean_turn_played: Option<f64>,
    /// True when no copy was played in any game.
    pub never_played: bool,
    /// Games that ended with a copy in the deck's hand.
    pub left_in_hand: u64,
    /// Its abilities, in the card's order.
    pub abilities: Vec<AbilityRow>,
}

fn rate(score_halves: u64, games: u64) -> Option<f64> {
    (games > 0).then(|| score_halves as f64 / 2.0 / games as f64)
}

impl CardStats {
    /// Counts one game of the matchup these statistics were made for ([`CardProbe::stats`]).
    pub fn add(&mut self, game: &CardGame, record: &GameRecord) {
        let scores = match record.end {
            GameEnd::Error => return,
            GameEnd::Draw => [1, 1],
            GameEnd::Won(Side::A) => [2, 0],
            GameEnd::Won(Side::B) => [0, 2],
        };
        for ((deck, seen), score) in self.decks.iter_mut().zip(&game.sides).zip(scores) {
            deck.games += 1;
            for (card, seen) in deck.cards.iter_mut().zip(seen) {
                if seen.drawn {
                    card.drawn += 1;
                    card.drawn_score += score;
                } else {
                    card.not_drawn_score += score;
                }
                if let Some(turn) = seen.first_played {
                    card.played += 1;
                    card.played_score += score;
                    card.turn_played_sum += u64::from(turn);
                }
                card.left_in_hand += u64::from(seen.in_hand_at_end);
                for ((ability, used), (fired, resolved)) in card
                    .abilities
                    .iter_mut()
                    .zip(&seen.activations)
                    .zip(&seen.triggers)
                {
                    ability.used += u64::from(*used);
                    ability.fired += u64::from(*fired);
                    ability.resolved += u64::from(*resolved);
                }
            }
        }
    }

    /// Adds another batch's statistics: a deck already here (same name, same cards) sums, a new
    /// one is appended. Decks keep the order they were first seen in.
    pub fn absorb(&mut self, other: &CardStats) {
        for deck in &other.decks {
            match self
                .decks
                .iter_mut()
                .find(|d| d.deck == deck.deck && d.cards.len() == deck.cards.len())
            {
                Some(mine) => {
                    mine.games += deck.games;
                    for (a, b) in mine.cards.iter_mut().zip(&deck.cards) {
                        a.drawn += b.drawn;
                        a.drawn_score += b.drawn_score;
                        a.not_drawn_score += b.not_drawn_score;
                        a.played += b.played;
                        a.played_score += b.played_score;
                        a.turn_played_sum += b.turn_played_sum;
                        a.left_in_hand += b.left_in_hand;
                        for (x, y) in a.abilities.iter_mut().zip(&b.abilities) {
                            x.used += y.used;
                            x.fired += y.fired;
                            x.resolved += y.resolved;
                        }
                    }
                }
                None => self.decks.push(deck.clone()),
            }
        }
    }

    /// Keeps only the first `decks` decks (a goldfish run drops its opponent's).
    pub fn truncate(&mut self, decks: usize) {
        self.decks.truncate(decks);
    }

    /// The rows of the report: each deck's cards in the order of the deck list.
    pub fn rows(&self) -> Vec<CardRow> {
        let mut rows = Vec::new();
        for deck in &self.decks {
            for card in &deck.cards {
                let not_drawn = deck.games - card.drawn;
                rows.push(CardRow {
                    deck: deck.deck.clone(),
                    card_id: card.card_id.clone(),
                    name: card.name.clone(),
                    copies: card.copies,
                    games: deck.games,
                    drawn: card.drawn,
                    played: card.played,
                    win_rate_drawn: rate(card.drawn_score, card.drawn),
                    win_rate_not_drawn: rate(card.not_drawn_score, not_drawn),
                    win_rate_played: rate(card.played_score, card.played),
                    mean_turn_played: (card.played > 0)
                        .then(|| card.turn_played_sum as f64 / card.played as f64),
                    never_played: card.played == 0,
                    left_in_hand: card.left_in_hand,
                    abilities: card
                        .abilities
                        .iter()
                        .map(|a| {
                            let activated = a.kind == AbilityType::Activated
                                && card.card_type != CardType::Spell;
                            let triggered = a.kind == AbilityType::Triggered;
                            AbilityRow {
                                name: a.name.clone(),
                                kind: match a.kind {
                                    AbilityType::Activated => "activated",
                                    AbilityType::Triggered => "triggered",
                                    AbilityType::Static => "static",
                                }
                                .to_owned(),
                                used: activated.then_some(a.used),
                                fired: triggered.then_some(a.fired),
                                resolved: triggered.then_some(a.resolved),
                            }
                        })
                        .collect(),
                });
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rtg_core::{CardDefinition, Mana, ManaType};

    use super::*;
    use crate::game::{DeckList, GameSettings};
    use crate::{BotSpec, GameRecord};

    fn deck(name: &str) -> DeckList {
        let fire = Arc::new(
            CardDefinition::vanilla("fire_mana_01", "Fire Mana", CardType::Mana)
                .with_cost(Mana::from_pairs([(ManaType::Fire, 1)])),
        );
        let goblin = Arc::new(
            CardDefinition::vanilla("goblin_01", "Goblin", CardType::Creature)
                .with_cost(Mana::from_pairs([(ManaType::Fire, 1)]))
                .with_stats(2, 2),
        );
        DeckList {
            name: name.to_owned(),
            cards: vec![fire.clone(), goblin, fire],
        }
    }

    fn record(end: GameEnd) -> GameRecord {
        GameRecord {
            settings: GameSettings {
                seed: 0,
                a_first: true,
                bots: [BotSpec::new("greedy"), BotSpec::new("greedy")],
                max_turns: 10,
                opening_hand: 0,
                rules: rtg_core::RuleSet::Ptg02,
            },
            end,
            turns: 5,
            error: None,
            actions: Vec::new(),
            checkpoints: Vec::new(),
            final_digest: 0,
            losses: [None, None],
        }
    }

    /// A game in which deck A's goblin (slot 1) was drawn or not, and played on a turn or not.
    fn game(probe: &CardProbe, drawn: bool, played: Option<u32>) -> CardGame {
        let mut g = probe.game();
        g.sides[0][1].drawn = drawn;
        g.sides[0][1].first_played = played;
        g
    }

    #[test]
    fn a_deck_lists_each_card_once_with_its_copies() {
        let m = Matchup::new(deck("a"), deck("b")).unwrap();
        let rows = CardProbe::new(&m).stats().rows();
        let ids: Vec<(&str, &str, u32)> = rows
            .iter()
            .map(|r| (r.deck.as_str(), r.card_id.as_str(), r.copies))
            .collect();
        assert_eq!(
            ids,
            [
                ("a", "fire_mana_01", 2),
                ("a", "goblin_01", 1),
                ("b", "fire_mana_01", 2),
                ("b", "goblin_01", 1)
            ]
        );
    }

    #[test]
    fn win_rates_split_by_drawn_not_drawn_and_played() {
        let m = Matchup::new(deck("a"), deck("b")).unwrap();
        let probe = CardProbe::new(&m);
        let mut stats = probe.stats();
        // Drawn and played on turn 2: a win. Drawn, played on turn 4: a draw. Drawn, not
        // played: a loss. Not drawn: a win, and a loss. A failed game counts for nothing.
        stats.add(&game(&probe, true, Some(2)), &record(GameEnd::Won(Side::A)));
        stats.add(&game(&probe, true, Some(4)), &record(GameEnd::Draw));
        stats.add(&game(&probe, true, None), &record(GameEnd::Won(Side::B)));
        stats.add(&game(&probe, false, None), &record(GameEnd::Won(Side::A)));
        stats.add(&game(&probe, false, None), &record(GameEnd::Won(Side::B)));
        stats.add(&game(&probe, true, Some(1)), &record(GameEnd::Error));
        let rows = stats.rows();
        let goblin = &rows[1];
        assert_eq!(goblin.card_id, "goblin_01");
        assert_eq!((goblin.games, goblin.drawn, goblin.played), (5, 3, 2));
        assert_eq!(goblin.win_rate_drawn, Some(1.5 / 3.0));
        assert_eq!(goblin.win_rate_not_drawn, Some(0.5));
        assert_eq!(goblin.win_rate_played, Some(0.75));
        assert_eq!(goblin.mean_turn_played, Some(3.0));
        assert!(!goblin.never_played);
        // Deck A's mana was never drawn nor played: no rate where there is no game.
        let mana = &rows[0];
        assert_eq!((mana.drawn, mana.played), (0, 0));
        assert_eq!(mana.win_rate_drawn, None);
        assert_eq!(mana.win_rate_played, None);
        assert_eq!(mana.mean_turn_played, None);
        assert_eq!(mana.win_rate_not_drawn, Some(2.5 / 5.0));
        assert!(mana.never_played);
        // Deck B's cards score from deck B's side.
        assert_eq!(rows[2].win_rate_not_drawn, Some(2.5 / 5.0));
    }

    #[test]
    fn absorbing_sums_the_same_decks_and_appends_new_ones() {
        let ab = Matchup::new(deck("a"), deck("b")).unwrap();
        let ac = Matchup::new(deck("a"), deck("c")).unwrap();
        let (pab, pac) = (CardProbe::new(&ab), CardProbe::new(&ac));
        let mut one = pab.stats();
        one.add(&game(&pab, true, Some(2)), &record(GameEnd::Won(Side::A)));
        let mut two = pac.stats();
        two.add(&game(&pac, true, Some(4)), &record(GameEnd::Won(Side::B)));
        one.absorb(&two);
        let rows = one.rows();
        let decks: Vec<&str> = rows.iter().map(|r| r.deck.as_str()).collect();
        assert_eq!(decks, ["a", "a", "b", "b", "c", "c"]);
        assert_eq!(rows[1].games, 2);
        assert_eq!(rows[1].win_rate_played, Some(0.5));
        assert_eq!(rows[1].mean_turn_played, Some(3.0));
    }

    #[test]
    fn own_turns_count_each_players_turns() {
        assert_eq!(own_turn(1, PlayerId::FIRST), 1);
        assert_eq!(own_turn(2, PlayerId::SECOND), 1);
        assert_eq!(own_turn(3, PlayerId::FIRST), 2);
        assert_eq!(own_turn(6, PlayerId::SECOND), 3);
    }
}

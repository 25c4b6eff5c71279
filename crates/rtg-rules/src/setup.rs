//! Creating and starting a game from two decks.

use std::sync::Arc;

use rtg_core::{
    CardDefinition, Content, DefinitionTable, EffectRegistry, Event, GameState, PlayerId, RuleSet,
    TableError,
};
use thiserror::Error;

use crate::engine::{Outcome, enter_draw};
use crate::error::RulesError;

/// How a game is set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameConfig {
    /// The players' names, in seat order (seat 0 takes the first turn).
    pub names: [String; 2],
    /// The seed of the game's random generator.
    pub seed: u64,
    /// Each player's starting health.
    pub starting_health: i32,
    /// Cards each player draws before the first turn.
    pub opening_hand: u32,
    /// The most cards a player keeps at the end of their turn.
    pub hand_limit: u32,
    /// The turn limit: this many turns are played (every player's turn counts); the game is a
    /// draw when the next would begin.
    pub turn_limit: Option<u32>,
    /// The base rules the game follows (default `ptg-0.2`).
    pub rules: RuleSet,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            names: ["alice".to_owned(), "bob".to_owned()],
            seed: 0,
            starting_health: rtg_core::STARTING_HEALTH,
            opening_hand: 7,
            hand_limit: rtg_core::HAND_LIMIT,
            turn_limit: Some(200),
            rules: RuleSet::Ptg02,
        }
    }
}

/// A game that cannot be set up.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupFailure {
    /// The decks' definitions do not form one table.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A deck card is not in the content.
    #[error("card `{0}` of a deck is not part of the game's content")]
    UnknownCard(String),
    /// Starting the game failed.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// The content of a game between these decks: their definitions (with spawn templates) and an
/// effect registry.
pub fn content_for(
    decks: [&[Arc<CardDefinition>]; 2],
    effects: EffectRegistry,
) -> Result<Arc<Content>, SetupFailure> {
    let table = DefinitionTable::new(decks.into_iter().flatten())?;
    Ok(Content::new(table, effects))
}

/// A game before its start: both decks in their zones in the given order, not yet shuffled.
pub fn new_game(
    content: Arc<Content>,
    decks: [&[Arc<CardDefinition>]; 2],
    config: &GameConfig,
) -> Result<GameState, SetupFailure> {
    let names = [config.names[0].as_str(), config.names[1].as_str()];
    let mut state = GameState::new(Arc::clone(&content), names, config.seed);
    state.set_turn_limit(config.turn_limit);
    state.set_rules(config.rules);
    for (seat, deck) in decks.into_iter().enumerate() {
        let player = PlayerId(seat as u8);
        state.player_mut(player).health = config.starting_health;
        state.player_mut(player).hand_limit = config.hand_limit;
        // Decks list their copies side by side: look a definition up once per run of copies.
        let mut indexes = Vec::with_capacity(deck.len());
        let mut last: Option<(&Arc<CardDefinition>, rtg_core::DefIndex)> = None;
        for def in deck {
            let index = match last {
                Some((prev, index)) if Arc::ptr_eq(prev, def) => index,
                _ => content
                    .definitions
                    .index_of(def.card_id.as_str())
                    .ok_or_else(|| SetupFailure::UnknownCard(def.card_id.to_string()))?,
            };
            last = Some((def, index));
            indexes.push(index);
        }
        state.create_deck(player, &indexes);
    }
    Ok(state)
}

/// Starts a game made by [`new_game`]: shuffles both decks with the game's generator, draws
/// `opening_hand` cards each, and enters the first turn's draw phase with its full turn-start
/// work (turn 1 skips only the draw).
pub fn start(state: &GameState, opening_hand: u32) -> Result<Outcome, RulesError> {
    start_with_hands(state, [opening_hand; 2])
}

/// [`start`] with an opening hand size per seat (the specification's `Player(hand_size=...)`).
pub fn start_with_hands(state: &GameState, opening_hands: [u32; 2]) -> Result<Outcome, RulesError> {
    let mut next = state.clone();
    let mut events: Vec<Event> = Vec::new();
    start_in_place(&mut next, opening_hands, &mut events)?;
    Ok(Outcome {
        state: next,
        events,
    })
}

/// [`start_with_hands`] on a state of one's own, appending the events to `events`: the fast path
/// for simulations (no copy of the state). On error the state may be partly started.
pub fn start_in_place(
    next: &mut GameState,
    opening_hands: [u32; 2],
    events: &mut Vec<Event>,
) -> Result<(), RulesError> {
    for player in [PlayerId::FIRST, PlayerId::SECOND] {
        next.shuffle_deck(player);
    }
    for player in [PlayerId::FIRST, PlayerId::SECOND] {
        for _ in 0..opening_hands[player.index()] {
            next.draw(player, events);
        }
    }
    next.set_turn(PlayerId::FIRST, 1);
    enter_draw(next, events, &mut rtg_events::Scratch::new())
}

/// A player as the specification's `Player(name, deck, initial_health, hand_size)`: what one seat
/// brings to a game. Used by [`crate::Game::with_players`].
#[derive(Clone, Debug)]
pub struct Player {
    /// The player's name.
    pub name: String,
    /// The deck, in order (it is shuffled when the game starts).
    pub deck: Vec<Arc<CardDefinition>>,
    /// Starting health.
    pub initial_health: i32,
    /// Cards drawn before the first turn.
    pub hand_size: u32,
}

impl Player {
    /// A player with 20 health and an opening hand of 7.
    pub fn new(name: &str, deck: Vec<Arc<CardDefinition>>) -> Player {
        Player {
            name: name.to_owned(),
            deck,
            initial_health: rtg_core::STARTING_HEALTH,
            hand_size: 7,
        }
    }

    /// Returns the player with this starting health.
    pub fn with_health(mut self, health: i32) -> Player {
        self.initial_health = health;
        self
    }

    /// Returns the player with this opening hand size.
    pub fn with_hand_size(mut self, hand_size: u32) -> Player {
        self.hand_size = hand_size;
        self
    }
}

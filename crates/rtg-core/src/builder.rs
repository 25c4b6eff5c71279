//! Building a game position directly, without playing up to it.

use std::sync::Arc;

use thiserror::Error;

use crate::alteration::Zone;
use crate::card::CardType;
use crate::content::Content;
use crate::ids::{InstanceId, PlayerId};
use crate::mana::{ManaPool, ManaType};
use crate::state::{GameState, Phase};

/// The state of one creature placed on a battlefield by a [`PositionBuilder`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CardSetup {
    /// Summoning sick.
    pub sick: bool,
    /// Attacked since its controller's turn began.
    pub attacked: bool,
    /// Damage marked this turn.
    pub damage: i32,
    /// Attack buff with no end.
    pub attack_buff: i32,
    /// Defense buff with no end.
    pub defense_buff: i32,
}

/// How a permanent placed by a [`PositionBuilder`] starts, for any permanent (creatures,
/// artifacts, mana cards).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PermanentSetup {
    /// Tapped (as if it had attacked under `ptg-0.9`; independent of `attacked`).
    pub tapped: bool,
}

/// A position that cannot exist.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// The card id is not in the game's content.
    #[error("unknown card `{0}`")]
    UnknownCard(String),
    /// A spell cannot be on a battlefield.
    #[error("`{0}` is a spell and cannot be on a battlefield")]
    SpellOnBattlefield(String),
    /// Permanent state given to a card that is not on a battlefield.
    #[error("`{0}`: `tapped` only applies to cards on a battlefield")]
    TappedOffBattlefield(String),
    /// Creature state given to a card that is not a creature on a battlefield.
    #[error(
        "`{0}`: creature state (sick, attacked, damage, buffs) only applies to creatures on a battlefield"
    )]
    StateOffBattlefield(String),
    /// The turn counter does not match the active player (odd turns are seat 0's).
    #[error("turn {turn} is seat {}'s turn, not seat {}'s", (turn + 1) % 2, active.0)]
    TurnMismatch {
        /// The turn given.
        turn: u32,
        /// The active player given.
        active: PlayerId,
    },
    /// Turn 0 does not exist.
    #[error("the turn counter starts at 1")]
    TurnZero,
    /// A creature set up with lethal damage would already be dead.
    #[error("`{0}` would start dead: its damage is at least its defense")]
    StartsDead(String),
    /// A pool cannot hold `any` mana.
    #[error("a mana pool cannot hold `any` mana")]
    AnyInPool,
    /// Negative health or damage.
    #[error("{0} cannot be negative")]
    Negative(&'static str),
    /// A player id that is no seat of a game ([`PlayerId::is_seat`]).
    #[error("{0} is not a player of this game (the seats are P0 and P1)")]
    UnknownPlayer(PlayerId),
}

/// Builds a [`GameState`] for any position: each zone's cards in order, creature state, pools,
/// phase, active player, turn and seed. The position counts as having entered its phase already:
/// no automatic phase work runs.
///
/// ```
/// use rtg_core::*;
/// let goblin = std::sync::Arc::new(CardDefinition::vanilla("goblin_01", "Goblin", CardType::Creature).with_stats(2, 2));
/// let content = Content::new(DefinitionTable::new([&goblin]).unwrap(), EffectRegistry::empty());
/// let mut position = PositionBuilder::new(content, ["alice", "bob"]);
/// let g = position.add_card(PlayerId(0), Zone::Battlefield, "goblin_01").unwrap();
/// position.phase(Phase::Main);
/// let state = position.build().unwrap();
/// assert_eq!(state.card(g).attack(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct PositionBuilder {
    state: GameState,
    turn: Option<u32>,
    seed: u64,
    /// The first id that is no seat given to a setter that cannot fail; `build` refuses it.
    unknown_player: Option<PlayerId>,
}

impl PositionBuilder {
    /// An empty position: 20 health each, seat 0 active, turn 1, draw phase, seed 0.
    pub fn new(content: Arc<Content>, names: [&str; 2]) -> PositionBuilder {
        PositionBuilder {
            state: GameState::new(content, names, 0),
            turn: None,
            seed: 0,
            unknown_player: None,
        }
    }

    /// Runs `set` on the player's state, or remembers the id for `build` to refuse when it is
    /// no seat (the chained setters return the builder, not a result).
    fn with_player(&mut self, player: PlayerId, set: impl FnOnce(&mut crate::PlayerState)) {
        if player.is_seat() {
            set(self.state.player_mut(player));
        } else {
            self.unknown_player.get_or_insert(player);
        }
    }

    /// Sets the seed of the game's random generator.
    pub fn seed(&mut self, seed: u64) -> &mut Self {
        self.seed = seed;
        self
    }

    /// Sets the phase.
    pub fn phase(&mut self, phase: Phase) -> &mut Self {
        self.state.phase = phase;
        self
    }

    /// Sets whose turn it is.
    pub fn active(&mut self, player: PlayerId) -> &mut Self {
        if player.is_seat() {
            self.state.active = player;
        } else {
            self.unknown_player.get_or_insert(player);
        }
        self
    }

    /// Sets the turn counter (default: 1 when seat 0 is active, 2 otherwise).
    pub fn turn(&mut self, turn: u32) -> &mut Self {
        self.turn = Some(turn);
        self
    }

    /// Sets the base rules the game follows (default `ptg-0.2`).
    pub fn rules(&mut self, rules: crate::state::RuleSet) -> &mut Self {
        self.state.rules = rules;
        self
    }

    /// Sets the turn limit: this many turns are played; the game is a draw when the next would begin.
    pub fn turn_limit(&mut self, limit: Option<u32>) -> &mut Self {
        self.state.turn_limit = limit;
        self
    }

    /// Sets a player's health.
    pub fn health(&mut self, player: PlayerId, health: i32) -> &mut Self {
        self.with_player(player, |p| p.health = health);
        self
    }

    /// Sets a player's pool.
    pub fn pool(&mut self, player: PlayerId, pool: ManaPool) -> &mut Self {
        self.with_player(player, |p| p.pool = pool);
        self
    }

    /// Sets how many mana cards a player played this turn.
    pub fn mana_played(&mut self, player: PlayerId, count: u32) -> &mut Self {
        self.with_player(player, |p| p.mana_played = count);
        self
    }

    /// Sets a player's hand limit.
    pub fn hand_limit(&mut self, player: PlayerId, limit: u32) -> &mut Self {
        self.with_player(player, |p| p.hand_limit = limit);
        self
    }

    /// Puts a card at the end of a zone (the bottom of a deck: list a deck top first).
    pub fn add_card(
        &mut self,
        player: PlayerId,
        zone: Zone,
        card_id: &str,
    ) -> Result<InstanceId, SetupError> {
        if !player.is_seat() {
            return Err(SetupError::UnknownPlayer(player));
        }
        let def = self
            .state
            .content()
            .definitions
            .index_of(card_id)
            .ok_or_else(|| SetupError::UnknownCard(card_id.to_owned()))?;
        if zone == Zone::Battlefield && self.state.definition(def).card_type == CardType::Spell {
            return Err(SetupError::SpellOnBattlefield(card_id.to_owned()));
        }
        let id = self.state.create_card(def, player, zone);
        if zone == Zone::Battlefield {
            let epoch = self.state.fresh_epoch();
            let card = self.state.card_mut(id);
            card.stats.attack_epoch = epoch;
            card.stats.defense_epoch = epoch;
            card.entered = epoch;
        }
        Ok(id)
    }

    /// Sets the state every permanent on a battlefield has (tapped or not).
    pub fn set_permanent(
        &mut self,
        id: InstanceId,
        setup: PermanentSetup,
    ) -> Result<&mut Self, SetupError> {
        if !self.state.card(id).on_battlefield() && setup != PermanentSetup::default() {
            return Err(SetupError::TappedOffBattlefield(
                self.state.def(id).card_id.to_string(),
            ));
        }
        self.state.card_mut(id).tapped = setup.tapped;
        Ok(self)
    }

    /// Sets the state of a creature on a battlefield.
    pub fn set_card(&mut self, id: InstanceId, setup: CardSetup) -> Result<&mut Self, SetupError> {
        let name = self.state.def(id).card_id.to_string();
        let creature_here = self.state.card(id).is_creature_on_battlefield();
        if !creature_here && setup != CardSetup::default() {
            return Err(SetupError::StateOffBattlefield(name));
        }
        if setup.damage < 0 {
            return Err(SetupError::Negative("damage"));
        }
        // A refused setup leaves the card as it was.
        let mut card = *self.state.card(id);
        card.summoning_sick = setup.sick;
        card.attacked_this_turn = setup.attacked;
        card.stats.damage = setup.damage;
        card.stats.attack_buff = setup.attack_buff;
        card.stats.defense_buff = setup.defense_buff;
        if card.defense() <= 0 {
            return Err(SetupError::StartsDead(name));
        }
        *self.state.card_mut(id) = card;
        Ok(self)
    }

    /// The position as it stands.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Checks the position and returns it.
    pub fn build(&self) -> Result<GameState, SetupError> {
        if let Some(player) = self.unknown_player {
            return Err(SetupError::UnknownPlayer(player));
        }
        let mut state = self.state.clone();
        let default_turn = if state.active == PlayerId::FIRST {
            1
        } else {
            2
        };
        let turn = self.turn.unwrap_or(default_turn);
        if turn == 0 {
            return Err(SetupError::TurnZero);
        }
        if (turn % 2 == 1) != (state.active == PlayerId::FIRST) {
            return Err(SetupError::TurnMismatch {
                turn,
                active: state.active,
            });
        }
        state.turn = turn;
        // Static abilities hold from the start: a position is built with them in force, read on
        // the position's own turn (the events of that are not part of the position).
        state.refresh_ongoing();
        for player in [PlayerId::FIRST, PlayerId::SECOND] {
            let p = state.player(player);
            if p.health < 0 {
                return Err(SetupError::Negative("health"));
            }
            if p.pool.get(ManaType::Any) > 0 {
                return Err(SetupError::AnyInPool);
            }
            for &id in p.battlefield() {
                if state.def(id).is_creature() && state.card(id).defense() <= 0 {
                    return Err(SetupError::StartsDead(state.def(id).card_id.to_string()));
                }
            }
        }
        state.reseed(self.seed);
        debug_assert!(state.check_invariants().is_ok());
        Ok(state)
    }
}

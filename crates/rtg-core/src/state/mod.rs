//! The game state: everything a game is at one moment, in persistent collections so that a copy
//! is cheap and old states stay valid.
//!
//! The primitives here (moving a card, dealing damage, drawing, the state-based checks) keep the
//! state's invariants: every card instance is in exactly one place, and each records the events
//! it causes. They do not know phases or actions: the rules engine decides when to call them.

mod checks;
mod combat;
mod instance;
mod location;
mod phase;
mod player;
mod primitives;
mod status;
mod trigger;

use std::fmt;
use std::sync::Arc;

use imbl::Vector;

pub use combat::Combat;
pub use instance::{CardInstance, StatLine};
pub use location::Location;
pub use phase::Phase;
pub use player::{HAND_LIMIT, PlayerState, STARTING_HEALTH};
pub use status::GameStatus;
pub use trigger::{ArmedReversal, PendingTrigger, QueuedEffect, QueuedTask};

use crate::card::{CardDefinition, CardType, Technique};
use crate::content::Content;
use crate::ids::{DefIndex, InstanceId, PlayerId};
use crate::mana::{Mana, ManaPool};
use crate::rng::GameRng;

/// Everything a game is at one moment. Cheap to clone: the collections are persistent and share
/// structure, so a history of states costs little and an old state is never changed.
#[derive(Clone)]
pub struct GameState {
    content: Arc<Content>,
    players: [PlayerState; 2],
    cards: Vector<CardInstance>,
    /// The current phase.
    pub phase: Phase,
    /// Whose turn it is.
    pub active: PlayerId,
    /// The turn counter: every player's turn counts; turn 1 is seat 0's first turn.
    pub turn: u32,
    /// The attacks declared this turn.
    pub combats: Vector<Combat>,
    /// Triggered alterations waiting for a target.
    pub pending_triggers: Vector<PendingTrigger>,
    /// Started temporary effects waiting to be reversed.
    pub reversals: Vector<ArmedReversal>,
    /// Effects waiting to resolve, first in first out.
    pub queue: Vector<QueuedEffect>,
    /// The id the next armed reversal gets.
    pub next_reversal_id: u32,
    /// The spell being resolved, whose own triggers are active meanwhile.
    pub resolving: Option<InstanceId>,
    /// The last stat epoch handed out (see [`StatLine::attack_epoch`]).
    pub last_epoch: u32,
    /// Set when a creature's stats may have changed since the last state-based check (damage,
    /// buffs, entering the battlefield): the check scans for deaths only then. A cache, not part
    /// of the game: ignored by equality and the digest.
    stats_dirty: bool,
    /// Every event type some card that has been on a battlefield (or resolving) this game
    /// listens for, as [`EventType::bit`]s: a quick, conservative test that lets the trigger
    /// matcher skip events nobody can hear. Bits are only ever added.
    pub listening: u32,
    /// How the game stands.
    pub status: GameStatus,
    /// The turn limit: this many turns are played; the game is a draw when the next would begin.
    pub turn_limit: Option<u32>,
    rng: GameRng,
}

impl PartialEq for GameState {
    fn eq(&self, other: &GameState) -> bool {
        Arc::ptr_eq(&self.content, &other.content)
            && self.players == other.players
            && self.cards == other.cards
            && self.phase == other.phase
            && self.active == other.active
            && self.turn == other.turn
            && self.combats == other.combats
            && self.pending_triggers == other.pending_triggers
            && self.reversals == other.reversals
            && self.queue == other.queue
            && self.next_reversal_id == other.next_reversal_id
            && self.resolving == other.resolving
            && self.last_epoch == other.last_epoch
            && self.listening == other.listening
            && self.status == other.status
            && self.turn_limit == other.turn_limit
            && self.rng == other.rng
    }
}

impl fmt::Debug for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameState")
            .field("turn", &self.turn)
            .field("phase", &self.phase)
            .field("active", &self.active)
            .field("status", &self.status)
            .field("players", &self.players)
            .field("cards", &self.cards.len())
            .finish_non_exhaustive()
    }
}

impl GameState {
    /// An empty game: two players with empty zones, turn 1, seat 0 active, in the draw phase.
    pub fn new(content: Arc<Content>, names: [&str; 2], seed: u64) -> GameState {
        GameState {
            content,
            players: [PlayerState::new(names[0]), PlayerState::new(names[1])],
            cards: Vector::new(),
            phase: Phase::Draw,
            active: PlayerId::FIRST,
            turn: 1,
            combats: Vector::new(),
            pending_triggers: Vector::new(),
            reversals: Vector::new(),
            queue: Vector::new(),
            next_reversal_id: 0,
            resolving: None,
            last_epoch: 0,
            listening: 0,
            stats_dirty: false,
            status: GameStatus::Ongoing,
            turn_limit: None,
            rng: GameRng::seeded(seed),
        }
    }

    /// The game's content (definitions and effects).
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }

    /// A player.
    ///
    /// # Panics
    /// When `id` is no seat ([`PlayerId::is_seat`]); see [`GameState::try_player`].
    pub fn player(&self, id: PlayerId) -> &PlayerState {
        &self.players[id.index()]
    }

    /// A player, or `None` for an id that is no seat of this game.
    pub fn try_player(&self, id: PlayerId) -> Option<&PlayerState> {
        self.players.get(id.checked_index()?)
    }

    /// A player, to change health, pool and counters (zones change only through
    /// [`GameState::move_card`] and friends).
    ///
    /// # Panics
    /// When `id` is no seat ([`PlayerId::is_seat`]).
    pub fn player_mut(&mut self, id: PlayerId) -> &mut PlayerState {
        &mut self.players[id.index()]
    }

    /// Both players in seat order.
    pub fn players(&self) -> &[PlayerState; 2] {
        &self.players
    }

    /// The player whose turn it is not.
    pub fn defending(&self) -> PlayerId {
        self.active.opponent()
    }

    /// Every card instance, by id.
    pub fn cards(&self) -> &Vector<CardInstance> {
        &self.cards
    }

    /// A card instance.
    ///
    /// # Panics
    /// When the id was not made by this game (ids are only made by the state).
    pub fn card(&self, id: InstanceId) -> &CardInstance {
        &self.cards[id.index()]
    }

    /// A card instance, if the id exists.
    pub fn try_card(&self, id: InstanceId) -> Option<&CardInstance> {
        self.cards.get(id.index())
    }

    /// A card instance, to change its stats and flags.
    pub fn card_mut(&mut self, id: InstanceId) -> &mut CardInstance {
        self.stats_dirty = true;
        &mut self.cards[id.index()]
    }

    /// The definition of an instance.
    pub fn def(&self, id: InstanceId) -> &Arc<CardDefinition> {
        self.content.definitions.get(self.card(id).def)
    }

    /// A definition by index.
    pub fn definition(&self, index: DefIndex) -> &Arc<CardDefinition> {
        self.content.definitions.get(index)
    }

    /// True when the card has the technique.
    pub fn has_technique(&self, id: InstanceId, technique: Technique) -> bool {
        self.def(id).techniques.contains(technique)
    }

    /// The random generator.
    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// The random generator's current state.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// Reseeds the random generator.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::seeded(seed);
    }

    /// True once the game has a winner or is a draw.
    pub fn is_over(&self) -> bool {
        self.status != GameStatus::Ongoing
    }

    /// The mana a player's mana cards on the battlefield provide each turn.
    pub fn mana_sources(&self, player: PlayerId) -> ManaPool {
        let mut sources = Mana::EMPTY;
        for &id in self.player(player).battlefield() {
            let def = self.def(id);
            if def.card_type == CardType::Mana {
                sources.add_all(&def.mana);
            }
        }
        sources
    }
}

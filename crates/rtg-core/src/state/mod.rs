//! The game state: everything a game is at one moment, laid out so that a clone is a few
//! reference counts and a change copies only the part it changes (an old state stays valid).
//! The content is shared by every state of a game; the card table is chunks of 16 cards behind
//! reference counts ([`CardTable`]); each player is behind its own count; the zones and the
//! game-wide lists are [`SharedVec`]s, copied whole on the first change to a shared one; the
//! rest is plain values. docs/architecture.md ("The state's layout") has the costs.
//!
//! The primitives here (moving a card, dealing damage, drawing, the state-based checks) keep the
//! state's invariants: every card instance is in exactly one place, and each records the events
//! it causes. They do not know phases or actions: the rules engine decides when to call them.
//!
//! The small reads every step and bot makes (a card, its definition, a player, the card table's
//! indexing) are `#[inline]`: the workspace builds without link-time optimisation, so a call
//! from another crate is not inlined otherwise, and these calls were 6% of a step's instructions
//! (docs/performance.md).

mod combat;
mod instance;
mod invariants;
mod location;
mod phase;
mod player;
mod primitives;
mod rule_set;
mod shared;
mod status;
mod table;
mod trigger;
mod unshared;

use std::fmt;
use std::sync::Arc;

pub use combat::{Combat, CombatBuffers};
pub use instance::{CardInstance, StatLine};
pub use location::Location;
pub use phase::Phase;
pub use player::{HAND_LIMIT, Listener, PlayerState, STARTING_HEALTH};
pub use rule_set::RuleSet;
pub use shared::SharedVec;
pub use status::GameStatus;
pub use table::{CardTable, Cards};
pub use trigger::{AbilityUse, ArmedReversal, Delay, PendingChoice, PendingTrigger};

use crate::card::{CardDefinition, CardType, Technique};
use crate::content::Content;
use crate::ids::{DefIndex, InstanceId, PlayerId};
use crate::mana::{Mana, ManaPool};
use crate::rng::GameRng;

/// Everything a game is at one moment. Cheap to clone: a clone copies this small value and
/// counts one more reference to the content, each player, the card table and each list not
/// empty; the first write to a shared part copies that part only (one chunk of the card table,
/// one player, one list), so a history of states costs little and an old state is never
/// changed.
#[derive(Clone, PartialEq)]
pub struct GameState {
    content: SharedContent,
    players: [Arc<PlayerState>; 2],
    cards: CardTable,
    pub(crate) phase: Phase,
    pub(crate) active: PlayerId,
    pub(crate) turn: u32,
    pub(crate) combats: SharedVec<Combat>,
    pub(crate) pending_triggers: SharedVec<PendingTrigger>,
    pub(crate) reversals: SharedVec<ArmedReversal>,
    pub(crate) next_reversal_id: u32,
    pub(crate) last_epoch: u32,
    /// Every event type some card that has been on a battlefield (or resolving) this game
    /// listens for, as [`crate::EventType::bit`]s; bits are only ever added. Nothing reads it any
    /// more (triggers are found through each player's listeners): it stays because the digest
    /// encodes it, and recorded replays must keep their digests.
    pub(crate) listening: u32,
    pub(crate) status: GameStatus,
    pub(crate) turn_limit: Option<u32>,
    rng: GameRng,
    pub(crate) rules: RuleSet,
    pub(crate) pending_choices: SharedVec<PendingChoice>,
    pub(crate) ability_uses: SharedVec<AbilityUse>,
    /// Who attacked in the last combat resolved (`None`: nobody did). Kept only when some card
    /// of the game reads it ([`Content::tracks_last_attacker`]), so games that never ask keep
    /// the state (and digests) they always had.
    pub(crate) last_attacker: Option<PlayerId>,
    /// PTG 0.9's delayed effects waiting, in the order they were set.
    pub(crate) delays: SharedVec<Delay>,
    /// The next id [`GameState::next_delay_id`] hands out.
    pub(crate) next_delay_id: u32,
}

/// A game's content as a state holds it: two states are of the same game only when they share
/// the very same content, so equality compares the pointer, never the definitions.
#[derive(Clone)]
struct SharedContent(Arc<Content>);

impl PartialEq for SharedContent {
    fn eq(&self, other: &SharedContent) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for SharedContent {
    type Target = Content;
    fn deref(&self) -> &Content {
        &self.0
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
            content: SharedContent(content),
            players: [
                Arc::new(PlayerState::new(names[0])),
                Arc::new(PlayerState::new(names[1])),
            ],
            cards: CardTable::default(),
            phase: Phase::Draw,
            active: PlayerId::FIRST,
            turn: 1,
            combats: SharedVec::new(),
            pending_triggers: SharedVec::new(),
            reversals: SharedVec::new(),
            next_reversal_id: 0,
            last_epoch: 0,
            listening: 0,
            status: GameStatus::Ongoing,
            turn_limit: None,
            rng: GameRng::seeded(seed),
            rules: RuleSet::Ptg02,
            pending_choices: SharedVec::new(),
            ability_uses: SharedVec::new(),
            last_attacker: None,
            delays: SharedVec::new(),
            next_delay_id: 0,
        }
    }

    /// The base rules the game follows.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Sets the base rules (a game's setup does, before its first turn).
    #[doc(hidden)]
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }

    /// Choices waiting for their player, oldest first.
    pub fn pending_choices(&self) -> &SharedVec<PendingChoice> {
        &self.pending_choices
    }

    /// The choices waiting, to add and resolve them.
    #[doc(hidden)]
    pub fn pending_choices_mut(&mut self) -> &mut SharedVec<PendingChoice> {
        &mut self.pending_choices
    }

    /// True while a pending trigger or a pending choice waits: only resolving one is allowed.
    #[inline]
    pub fn is_waiting(&self) -> bool {
        !self.pending_triggers.is_empty() || !self.pending_choices.is_empty()
    }

    /// The uses this turn of the abilities with `max_activations`.
    pub fn ability_uses(&self) -> &SharedVec<AbilityUse> {
        &self.ability_uses
    }

    /// How many times the card's ability was used this turn.
    pub fn uses_this_turn(&self, card: InstanceId, ability: u16) -> u32 {
        self.ability_uses
            .iter()
            .find(|u| u.card == card && u.ability == ability && u.turn == self.turn)
            .map_or(0, |u| u.count)
    }

    /// Counts one use of the card's ability this turn.
    #[doc(hidden)]
    pub fn count_use(&mut self, card: InstanceId, ability: u16) {
        let turn = self.turn;
        // Counts of earlier turns mean nothing now: drop them while here.
        self.ability_uses.retain(|u| u.turn == turn);
        match self
            .ability_uses
            .iter_mut()
            .find(|u| u.card == card && u.ability == ability)
        {
            Some(used) => used.count = used.count.saturating_add(1),
            None => self.ability_uses.push_back(AbilityUse {
                card,
                ability,
                turn,
                count: 1,
            }),
        }
    }

    /// Who attacked in the last combat resolved, when the game keeps it (see
    /// [`Content::tracks_last_attacker`]).
    pub fn last_attacker(&self) -> Option<PlayerId> {
        self.last_attacker
    }

    /// Records who attacked in the combat just resolved (`None`: nobody), when some card of the
    /// game reads it.
    #[doc(hidden)]
    pub fn set_last_attacker(&mut self, attacker: Option<PlayerId>) {
        if self.content.tracks_last_attacker() {
            self.last_attacker = attacker;
        }
    }

    /// Taps or untaps a permanent; returns whether that changed it.
    #[doc(hidden)]
    pub fn set_tapped(&mut self, id: InstanceId, tapped: bool) -> bool {
        if self.cards[id.index()].tapped == tapped {
            return false;
        }
        self.cards[id.index()].tapped = tapped;
        true
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is.
    pub fn active(&self) -> PlayerId {
        self.active
    }

    /// The turn counter: every player's turn counts; turn 1 is seat 0's first turn.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The attacks declared this turn, in declaration order.
    pub fn combats(&self) -> &SharedVec<Combat> {
        &self.combats
    }

    /// Triggered alterations waiting for a target, oldest first.
    pub fn pending_triggers(&self) -> &SharedVec<PendingTrigger> {
        &self.pending_triggers
    }

    /// Started temporary effects waiting to be reversed, in the order they started.
    pub fn reversals(&self) -> &SharedVec<ArmedReversal> {
        &self.reversals
    }

    /// The delayed effects waiting (PTG 0.9's `delay`), in the order they were set.
    pub fn delays(&self) -> &SharedVec<Delay> {
        &self.delays
    }

    /// The delayed effects waiting, to set, count down and cancel them.
    #[doc(hidden)]
    pub fn delays_mut(&mut self) -> &mut SharedVec<Delay> {
        &mut self.delays
    }

    /// A fresh id for a delay: handed out in order, never reused within a game (they wrap only
    /// after four billion delays).
    #[doc(hidden)]
    pub fn next_delay_id(&mut self) -> u32 {
        let id = self.next_delay_id;
        self.next_delay_id = self.next_delay_id.wrapping_add(1);
        id
    }

    /// How the game stands.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The turn limit: this many turns are played; the game is a draw when the next would begin.
    pub fn turn_limit(&self) -> Option<u32> {
        self.turn_limit
    }

    /// The last stat epoch handed out (see [`StatLine::attack_epoch`]).
    pub fn last_epoch(&self) -> u32 {
        self.last_epoch
    }

    /// Moves the game to `phase` of the current turn. The rules engine's phase machine calls it;
    /// it runs nothing that entering the phase implies.
    #[doc(hidden)]
    pub fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
    }

    /// Hands the turn to the other player and counts it. Like [`GameState::set_phase`], it only
    /// records the fact: the rules engine runs the new turn's draw phase.
    #[doc(hidden)]
    pub fn pass_turn(&mut self) {
        self.turn = self.turn.saturating_add(1);
        self.active = self.active.opponent();
    }

    /// Sets whose turn it is and the turn counter, as a game's setup does before its first turn.
    #[doc(hidden)]
    pub fn set_turn(&mut self, active: PlayerId, turn: u32) {
        self.active = active;
        self.turn = turn;
    }

    /// Records how the game stands (the rules engine's victory check decides it).
    #[doc(hidden)]
    pub fn set_status(&mut self, status: GameStatus) {
        self.status = status;
    }

    /// Sets the turn limit (see [`GameState::turn_limit`]).
    #[doc(hidden)]
    pub fn set_turn_limit(&mut self, limit: Option<u32>) {
        self.turn_limit = limit;
    }

    /// The attacks of this turn, to declare, block and end them.
    #[doc(hidden)]
    pub fn combats_mut(&mut self) -> &mut SharedVec<Combat> {
        &mut self.combats
    }

    /// The triggers waiting for a target, to queue and resolve them.
    #[doc(hidden)]
    pub fn pending_triggers_mut(&mut self) -> &mut SharedVec<PendingTrigger> {
        &mut self.pending_triggers
    }

    /// The armed reversals, to arm and fire them.
    #[doc(hidden)]
    pub fn reversals_mut(&mut self) -> &mut SharedVec<ArmedReversal> {
        &mut self.reversals
    }

    /// A fresh id for an armed reversal: ids are handed out in order and never reused within a
    /// game (they wrap only after four billion reversals).
    #[doc(hidden)]
    pub fn next_reversal_id(&mut self) -> u32 {
        let id = self.next_reversal_id;
        self.next_reversal_id = self.next_reversal_id.wrapping_add(1);
        id
    }

    /// The game's content (definitions and effects).
    pub fn content(&self) -> &Arc<Content> {
        &self.content.0
    }

    /// A player.
    ///
    /// # Panics
    /// When `id` is no seat ([`PlayerId::is_seat`]); see [`GameState::try_player`].
    #[inline]
    pub fn player(&self, id: PlayerId) -> &PlayerState {
        &self.players[id.index()]
    }

    /// A player, or `None` for an id that is no seat of this game.
    pub fn try_player(&self, id: PlayerId) -> Option<&PlayerState> {
        self.players.get(id.checked_index()?).map(|p| &**p)
    }

    /// A player, to change health, pool and counters (zones change only through
    /// [`GameState::move_card`] and friends).
    ///
    /// # Panics
    /// When `id` is no seat ([`PlayerId::is_seat`]).
    #[doc(hidden)]
    pub fn player_mut(&mut self, id: PlayerId) -> &mut PlayerState {
        Arc::make_mut(&mut self.players[id.index()])
    }

    /// Both players in seat order.
    pub fn players(&self) -> [&PlayerState; 2] {
        [&self.players[0], &self.players[1]]
    }

    /// The player whose turn it is not.
    pub fn defending(&self) -> PlayerId {
        self.active.opponent()
    }

    /// Every card instance, by id.
    pub fn cards(&self) -> &CardTable {
        &self.cards
    }

    /// A card instance.
    ///
    /// # Panics
    /// When the id was not made by this game (ids are only made by the state).
    #[inline]
    pub fn card(&self, id: InstanceId) -> &CardInstance {
        &self.cards[id.index()]
    }

    /// A card instance, if the id exists.
    #[inline]
    pub fn try_card(&self, id: InstanceId) -> Option<&CardInstance> {
        self.cards.get(id.index())
    }

    /// A card instance, to change its stats and flags.
    ///
    /// Effects change stats through it, and the rules engine looks for deaths after every effect.
    /// A change made from outside a step (a test setting damage by hand) is seen by the next
    /// step's state-based checks only once that step runs an effect, deals damage or brings a
    /// creature in: build positions with [`crate::PositionBuilder`], which refuses dead ones.
    #[doc(hidden)]
    #[inline]
    pub fn card_mut(&mut self, id: InstanceId) -> &mut CardInstance {
        &mut self.cards[id.index()]
    }

    /// The definition of an instance.
    #[inline]
    pub fn def(&self, id: InstanceId) -> &Arc<CardDefinition> {
        self.content.definitions.get(self.card(id).def)
    }

    /// A definition by index.
    #[inline]
    pub fn definition(&self, index: DefIndex) -> &Arc<CardDefinition> {
        self.content.definitions.get(index)
    }

    /// True when the card has the technique now (printed or granted, not removed).
    #[inline]
    pub fn has_technique(&self, id: InstanceId, technique: Technique) -> bool {
        self.card(id).has(technique)
    }

    /// The random generator: the only source of randomness an effect may use.
    pub fn rng_mut(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// The random generator's current state.
    pub fn rng(&self) -> &GameRng {
        &self.rng
    }

    /// Reseeds the random generator.
    #[doc(hidden)]
    pub fn reseed(&mut self, seed: u64) {
        self.rng = GameRng::seeded(seed);
    }

    /// True once the game has a winner or is a draw.
    #[inline]
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

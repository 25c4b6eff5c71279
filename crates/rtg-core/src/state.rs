//! The game state: everything a game is at one moment, in persistent collections so that a copy
//! is cheap and old states stay valid.
//!
//! The primitives here (moving a card, dealing damage, drawing, the state-based checks) keep the
//! state's invariants: every card instance is in exactly one place, and each records the events
//! it causes. They do not know phases or actions: the rules engine decides when to call them.

use std::fmt;
use std::sync::Arc;

use imbl::Vector;
use serde::Serialize;

use crate::alteration::Zone;
use crate::card::{CardDefinition, CardType, Technique};
use crate::content::Content;
use crate::effect::{Applied, TargetKind};
use crate::event::{Event, EventType, Target};
use crate::ids::{DefIndex, InstanceId, PlayerId};
use crate::mana::{Mana, ManaPool};
use crate::rng::GameRng;

/// The phases of a turn, in order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Refill mana, reset flags, draw.
    Draw,
    /// Play cards, activate abilities, declare attackers.
    Main,
    /// Declare attackers.
    Attack,
    /// The defending player declares blockers.
    Defense,
    /// Combat damage (automatic).
    Combat,
    /// Play cards and activate abilities after combat.
    MainPostcombat,
    /// Discard to the hand limit, end-of-turn triggers, damage wears off.
    End,
}

impl Phase {
    /// Every phase in turn order.
    pub const ALL: [Phase; 7] = [
        Phase::Draw,
        Phase::Main,
        Phase::Attack,
        Phase::Defense,
        Phase::Combat,
        Phase::MainPostcombat,
        Phase::End,
    ];

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Draw => "draw",
            Phase::Main => "main",
            Phase::Attack => "attack",
            Phase::Defense => "defense",
            Phase::Combat => "combat",
            Phase::MainPostcombat => "main_postcombat",
            Phase::End => "end",
        }
    }

    /// Parses a snake_case name.
    pub fn from_name(name: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == name)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a card instance is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// In its owner's deck.
    Deck,
    /// In its owner's hand.
    Hand,
    /// On its owner's battlefield.
    Battlefield,
    /// In its owner's graveyard.
    Graveyard,
    /// A spell being resolved (between hand and graveyard).
    Resolving,
    /// A token that left the battlefield: it no longer exists.
    Gone,
}

impl Location {
    /// The zone, for the four zones.
    pub fn zone(self) -> Option<Zone> {
        match self {
            Location::Deck => Some(Zone::Deck),
            Location::Hand => Some(Zone::Hand),
            Location::Battlefield => Some(Zone::Battlefield),
            Location::Graveyard => Some(Zone::Graveyard),
            Location::Resolving | Location::Gone => None,
        }
    }

    /// The snake_case name.
    pub fn name(self) -> &'static str {
        match self {
            Location::Deck => "deck",
            Location::Hand => "hand",
            Location::Battlefield => "battlefield",
            Location::Graveyard => "graveyard",
            Location::Resolving => "resolving",
            Location::Gone => "gone",
        }
    }
}

impl From<Zone> for Location {
    fn from(zone: Zone) -> Location {
        match zone {
            Zone::Deck => Location::Deck,
            Zone::Hand => Location::Hand,
            Zone::Battlefield => Location::Battlefield,
            Zone::Graveyard => Location::Graveyard,
        }
    }
}

/// A creature's stats: a base (printed, or set by `set_stats`), buffs on top, damage marked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct StatLine {
    /// Base attack.
    pub base_attack: i32,
    /// Base defense.
    pub base_defense: i32,
    /// Sum of active attack buffs.
    pub attack_buff: i32,
    /// Sum of active defense buffs.
    pub defense_buff: i32,
    /// Damage marked this turn.
    pub damage: i32,
    /// A game-wide unique number, renewed whenever the attack is set outright (entering the
    /// battlefield, `set_stats` of attack), so that reversing an attack buff made before no
    /// longer counts against the new value.
    pub attack_epoch: u32,
    /// The same for defense.
    pub defense_epoch: u32,
}

impl StatLine {
    /// Stats as printed.
    pub fn printed(attack: i32, defense: i32) -> StatLine {
        StatLine {
            base_attack: attack,
            base_defense: defense,
            ..StatLine::default()
        }
    }
}

/// One copy of a card in one game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CardInstance {
    /// Its id.
    pub id: InstanceId,
    /// Its definition.
    pub def: DefIndex,
    /// The player who owns and controls it.
    pub owner: PlayerId,
    location: Location,
    /// Its stats.
    pub stats: StatLine,
    /// Entered the battlefield since its controller's turn last began.
    pub summoning_sick: bool,
    /// Attacked since its controller's turn last began.
    pub attacked_this_turn: bool,
    /// Was dealt damage by a deathtouch source: dies at the next state-based check.
    pub deathtouched: bool,
    /// A token: created by an effect, ceases to exist when it leaves the battlefield.
    pub token: bool,
    /// Its definition is a creature (kept here so state-based checks need no lookup).
    pub creature: bool,
}

impl CardInstance {
    /// Where the card is.
    pub fn location(&self) -> Location {
        self.location
    }

    /// Current attack (never below 0).
    pub fn attack(&self) -> i32 {
        self.stats
            .base_attack
            .saturating_add(self.stats.attack_buff)
            .max(0)
    }

    /// Current defense: base plus buffs minus damage. A creature at 0 or less dies.
    pub fn defense(&self) -> i32 {
        self.stats
            .base_defense
            .saturating_add(self.stats.defense_buff)
            .saturating_sub(self.stats.damage)
    }

    /// True on the battlefield.
    pub fn on_battlefield(&self) -> bool {
        self.location == Location::Battlefield
    }
}

/// One player's state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerState {
    /// Display name.
    pub name: Arc<str>,
    /// Health; never below 0, no maximum.
    pub health: i32,
    /// Mana available now.
    pub pool: ManaPool,
    /// Mana cards played this turn.
    pub mana_played: u32,
    /// How many times the pool was refilled at a turn start: a temporary mana change made
    /// before the latest refill was already wiped out by it, so its reversal does nothing.
    pub refills: u32,
    /// Most cards kept at the end of the turn.
    pub hand_limit: u32,
    /// Tried to draw from an empty deck: loses at the next state-based check.
    pub drew_from_empty: bool,
    /// Has lost (health 0, or drew from an empty deck).
    pub lost: bool,
    deck: Vector<InstanceId>,
    hand: Vector<InstanceId>,
    battlefield: Vector<InstanceId>,
    graveyard: Vector<InstanceId>,
}

/// Starting health of a player.
pub const STARTING_HEALTH: i32 = 20;
/// The hand limit.
pub const HAND_LIMIT: u32 = 7;

impl PlayerState {
    /// A player with empty zones and starting values.
    pub fn new(name: &str) -> PlayerState {
        PlayerState {
            name: Arc::from(name),
            health: STARTING_HEALTH,
            pool: Mana::EMPTY,
            mana_played: 0,
            refills: 0,
            hand_limit: HAND_LIMIT,
            drew_from_empty: false,
            lost: false,
            deck: Vector::new(),
            hand: Vector::new(),
            battlefield: Vector::new(),
            graveyard: Vector::new(),
        }
    }

    /// The cards in a zone, in order (deck: top first).
    pub fn zone(&self, zone: Zone) -> &Vector<InstanceId> {
        match zone {
            Zone::Deck => &self.deck,
            Zone::Hand => &self.hand,
            Zone::Battlefield => &self.battlefield,
            Zone::Graveyard => &self.graveyard,
        }
    }

    fn zone_mut(&mut self, zone: Zone) -> &mut Vector<InstanceId> {
        match zone {
            Zone::Deck => &mut self.deck,
            Zone::Hand => &mut self.hand,
            Zone::Battlefield => &mut self.battlefield,
            Zone::Graveyard => &mut self.graveyard,
        }
    }

    /// The deck, top first.
    pub fn deck(&self) -> &Vector<InstanceId> {
        &self.deck
    }
    /// The hand, in order.
    pub fn hand(&self) -> &Vector<InstanceId> {
        &self.hand
    }
    /// The battlefield, in order of entry.
    pub fn battlefield(&self) -> &Vector<InstanceId> {
        &self.battlefield
    }
    /// The graveyard, oldest first.
    pub fn graveyard(&self) -> &Vector<InstanceId> {
        &self.graveyard
    }
}

/// One attacker and the creatures blocking it, in damage assignment order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Combat {
    /// The attacking creature.
    pub attacker: InstanceId,
    /// The player it attacks.
    pub defender: PlayerId,
    /// Its blockers still on the battlefield, in the order it assigns damage.
    pub blockers: Vector<InstanceId>,
    /// True once a blocker was declared: a blocked attacker stays blocked when its blockers leave.
    pub blocked: bool,
}

/// A reference to one alteration of one ability of one card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct AlterationRef {
    /// The card whose ability it is.
    pub source: InstanceId,
    /// The card's definition.
    pub def: DefIndex,
    /// Index of the ability in the definition.
    pub ability: u16,
    /// Index of the alteration in the ability.
    pub alteration: u16,
}

/// A triggered alteration waiting for a player to choose its target.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PendingTrigger {
    /// The alteration.
    pub alteration: AlterationRef,
    /// The controller of the source card, who chooses.
    pub controller: PlayerId,
    /// The kind of target it needs.
    pub target_kind: TargetKind,
    /// The event that triggered it.
    pub event: Event,
}

/// What a queued item does when it resolves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum QueuedTask {
    /// Start the alteration's effect on the target.
    Start(Target),
    /// Undo what an earlier start applied.
    Reverse(Applied),
}

/// An item of the first-in-first-out resolution queue.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct QueuedEffect {
    /// The alteration.
    pub alteration: AlterationRef,
    /// The controller of its source.
    pub controller: PlayerId,
    /// What to do.
    pub task: QueuedTask,
}

/// A started temporary effect, waiting for its end trigger or its last turn to be reversed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArmedReversal {
    /// Unique within the game.
    pub id: u32,
    /// The alteration whose start it reverses.
    pub alteration: AlterationRef,
    /// The controller of its source.
    pub controller: PlayerId,
    /// What the start applied.
    pub applied: Applied,
    /// The event that reverses it, if any.
    pub end_trigger: Option<EventType>,
    /// The turn at whose start it is reversed, if any.
    pub expires_on_turn: Option<u32>,
}

/// How the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Still being played.
    Ongoing,
    /// This player won.
    Winner(PlayerId),
    /// Both players lost at once, or the turn limit was reached.
    Draw,
}

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

    /// Creates a new card instance at the end of a zone (the bottom of a deck), with no events.
    /// Used to set up positions; effects use [`GameState::create_token`].
    pub fn create_card(&mut self, def: DefIndex, owner: PlayerId, zone: Zone) -> InstanceId {
        let id = InstanceId(self.cards.len() as u32);
        let printed = self.content.definitions.get(def);
        let stats = StatLine::printed(printed.attack, printed.defense);
        self.cards.push_back(CardInstance {
            id,
            def,
            owner,
            location: Location::from(zone),
            stats,
            summoning_sick: false,
            attacked_this_turn: false,
            deathtouched: false,
            token: false,
            creature: printed.card_type == CardType::Creature,
        });
        self.players[owner.index()].zone_mut(zone).push_back(id);
        if zone == Zone::Battlefield {
            self.listening |= self.content.trigger_mask(def);
            self.stats_dirty = true;
        }
        id
    }

    /// Creates a player's deck in one go: new instances of `defs`, top first, at the end of the
    /// card table, with no events. The same as [`GameState::create_card`] for each, faster.
    pub fn create_deck(&mut self, owner: PlayerId, defs: &[DefIndex]) -> Vec<InstanceId> {
        let first = self.cards.len() as u32;
        let ids: Vec<InstanceId> = (0..defs.len() as u32)
            .map(|i| InstanceId(first + i))
            .collect();
        let instances: Vec<CardInstance> = defs
            .iter()
            .zip(&ids)
            .map(|(&def, &id)| {
                let printed = self.content.definitions.get(def);
                CardInstance {
                    id,
                    def,
                    owner,
                    location: Location::Deck,
                    stats: StatLine::printed(printed.attack, printed.defense),
                    summoning_sick: false,
                    attacked_this_turn: false,
                    deathtouched: false,
                    token: false,
                    creature: printed.card_type == CardType::Creature,
                }
            })
            .collect();
        self.cards.append(Vector::from(instances));
        self.players[owner.index()]
            .deck
            .append(ids.iter().copied().collect());
        ids
    }

    /// Sets a creature's summoning sickness and attacked flags (no effect on its stats, so the
    /// state-based checks need not look again).
    pub fn set_flags(&mut self, id: InstanceId, summoning_sick: bool, attacked_this_turn: bool) {
        let card = &mut self.cards[id.index()];
        card.summoning_sick = summoning_sick;
        card.attacked_this_turn = attacked_this_turn;
    }

    /// Creates a token on its owner's battlefield, summoning sick, and records its entry.
    pub fn create_token(
        &mut self,
        def: DefIndex,
        owner: PlayerId,
        events: &mut Vec<Event>,
    ) -> InstanceId {
        let id = InstanceId(self.cards.len() as u32);
        let printed = self.content.definitions.get(def);
        let stats = StatLine::printed(printed.attack, printed.defense);
        self.cards.push_back(CardInstance {
            id,
            def,
            owner,
            location: Location::Gone,
            stats,
            summoning_sick: true,
            attacked_this_turn: false,
            deathtouched: false,
            token: true,
            creature: printed.card_type == CardType::Creature,
        });
        self.put(id, Location::Battlefield, events);
        id
    }

    fn take_out(&mut self, id: InstanceId) -> Location {
        let card = self.cards[id.index()];
        if let Some(zone) = card.location.zone() {
            let list = self.players[card.owner.index()].zone_mut(zone);
            if let Some(pos) = list.iter().position(|&c| c == id) {
                list.remove(pos);
            }
        }
        card.location
    }

    /// Moves a card to a location of its owner, recording the events of the move: leaving the
    /// battlefield or the graveyard, entering the battlefield (a creature) or the graveyard.
    /// A token that leaves the battlefield ceases to exist (it still records its graveyard
    /// entry when it dies or is put there, then is gone). Moving a card where it already is does
    /// nothing. Cards put into a deck go on top.
    pub fn move_card(&mut self, id: InstanceId, to: Location, events: &mut Vec<Event>) {
        if self.cards[id.index()].location == to {
            return;
        }
        self.leave(id, events);
        self.put(id, to, events);
    }

    /// Destroys a creature on the battlefield: it leaves the battlefield, dies and enters its
    /// owner's graveyard, in that order of events.
    pub fn destroy(&mut self, id: InstanceId, events: &mut Vec<Event>) {
        let card = self.cards[id.index()];
        if card.location != Location::Battlefield {
            return;
        }
        self.leave(id, events);
        events.push(
            Event::new(EventType::OnCardDeath)
                .source(id, card.def)
                .owner(card.owner)
                .target(Target::Card(id)),
        );
        self.put(id, Location::Graveyard, events);
    }

    fn leave(&mut self, id: InstanceId, events: &mut Vec<Event>) {
        let card = self.cards[id.index()];
        if card.location == Location::Battlefield && !self.combats.is_empty() {
            // A creature that leaves the battlefield leaves combat: if it comes back it is a new
            // object, neither attacking nor blocking.
            self.combats.retain(|c| c.attacker != id);
            for combat in self.combats.iter_mut() {
                combat.blockers.retain(|&b| b != id);
            }
        }
        let from = self.take_out(id);
        let event = match from {
            Location::Battlefield => EventType::OnCardLeaveBattlefield,
            Location::Graveyard => EventType::OnCardLeaveGraveyard,
            _ => return,
        };
        events.push(
            Event::new(event)
                .source(id, card.def)
                .owner(card.owner)
                .target(Target::Card(id)),
        );
    }

    fn put(&mut self, id: InstanceId, to: Location, events: &mut Vec<Event>) {
        let card = self.cards[id.index()];
        let owner = card.owner;
        let def = Arc::clone(self.content.definitions.get(card.def));
        let to = if card.token && to != Location::Battlefield {
            if to == Location::Graveyard {
                events.push(
                    Event::new(EventType::OnCardEnterGraveyard)
                        .source(id, card.def)
                        .owner(owner)
                        .target(Target::Card(id)),
                );
            }
            Location::Gone
        } else {
            to
        };
        let epoch = if to == Location::Battlefield {
            self.listening |= self.content.trigger_mask(card.def);
            self.stats_dirty = true;
            self.fresh_epoch()
        } else {
            0
        };
        {
            let slot = &mut self.cards[id.index()];
            slot.location = to;
            if to == Location::Battlefield {
                slot.stats = StatLine {
                    attack_epoch: epoch,
                    defense_epoch: epoch,
                    ..StatLine::printed(def.attack, def.defense)
                };
                slot.summoning_sick = true;
                slot.attacked_this_turn = false;
                slot.deathtouched = false;
            }
        }
        let Some(zone) = to.zone() else { return };
        let player = &mut self.players[owner.index()];
        if zone == Zone::Deck {
            player.deck.push_front(id);
        } else {
            player.zone_mut(zone).push_back(id);
        }
        match to {
            Location::Battlefield if def.card_type == CardType::Creature => {
                events.push(
                    Event::new(EventType::OnCardEnterBattlefield)
                        .source(id, card.def)
                        .owner(owner)
                        .target(Target::Card(id)),
                );
            }
            Location::Battlefield if def.card_type == CardType::Mana => {
                player.pool.add_all(&def.mana);
                events.push(
                    Event::new(EventType::OnPlayerManaGained)
                        .source(id, card.def)
                        .owner(owner)
                        .target(Target::Player(owner))
                        .amount(clamp_i32(def.mana.total())),
                );
            }
            Location::Graveyard => {
                events.push(
                    Event::new(EventType::OnCardEnterGraveyard)
                        .source(id, card.def)
                        .owner(owner)
                        .target(Target::Card(id)),
                );
            }
            _ => {}
        }
    }

    /// A new, game-wide unique stat epoch.
    pub fn fresh_epoch(&mut self) -> u32 {
        self.last_epoch = self.last_epoch.wrapping_add(1);
        self.last_epoch
    }

    /// Moves a spell from its owner's hand to the resolving slot (no event: nothing listens for
    /// a card leaving a hand).
    pub fn start_resolving(&mut self, id: InstanceId) {
        self.take_out(id);
        self.cards[id.index()].location = Location::Resolving;
        self.resolving = Some(id);
        self.listening |= self.content.trigger_mask(self.cards[id.index()].def);
    }

    /// Shuffles a player's deck with the game's generator.
    pub fn shuffle_deck(&mut self, player: PlayerId) {
        let mut order: Vec<InstanceId> = self.player(player).deck().iter().copied().collect();
        self.rng.shuffle(&mut order);
        self.players[player.index()].deck = order.into_iter().collect();
    }

    /// Draws the top card of a player's deck. Drawing from an empty deck marks the player as
    /// having lost (applied at the next state-based check) and returns `None`.
    pub fn draw(&mut self, player: PlayerId, events: &mut Vec<Event>) -> Option<InstanceId> {
        let Some(id) = self.players[player.index()].deck.pop_front() else {
            self.players[player.index()].drew_from_empty = true;
            return None;
        };
        let def = self.cards[id.index()].def;
        self.cards[id.index()].location = Location::Hand;
        self.players[player.index()].hand.push_back(id);
        events.push(
            Event::new(EventType::OnCardDraw)
                .source(id, def)
                .owner(player)
                .target(Target::Player(player)),
        );
        Some(id)
    }

    /// Deals damage to a creature on the battlefield. Damage from a deathtouch source marks the
    /// creature for destruction. Returns the damage dealt (0 when nothing happened).
    pub fn damage_card(
        &mut self,
        id: InstanceId,
        amount: i32,
        cause: Option<InstanceId>,
        events: &mut Vec<Event>,
    ) -> i32 {
        let card = self.cards[id.index()];
        if amount <= 0 || card.location != Location::Battlefield {
            return 0;
        }
        let deathtouch = cause.is_some_and(|c| self.has_technique(c, Technique::Deathtouch));
        self.stats_dirty = true;
        let slot = &mut self.cards[id.index()];
        slot.stats.damage = slot.stats.damage.saturating_add(amount);
        slot.deathtouched |= deathtouch;
        events.push(
            Event::new(EventType::OnCardReceiveDamage)
                .source(id, card.def)
                .owner(card.owner)
                .target(Target::Card(id))
                .amount(amount),
        );
        amount
    }

    /// Removes up to `amount` damage from a creature; records `on_card_healed` when any was
    /// removed. Returns the damage removed.
    pub fn heal_card(&mut self, id: InstanceId, amount: i32, events: &mut Vec<Event>) -> i32 {
        let card = self.cards[id.index()];
        let healed = amount.min(card.stats.damage).max(0);
        if healed == 0 || card.location != Location::Battlefield {
            return 0;
        }
        self.cards[id.index()].stats.damage -= healed;
        events.push(
            Event::new(EventType::OnCardHealed)
                .source(id, card.def)
                .owner(card.owner)
                .target(Target::Card(id))
                .amount(healed),
        );
        healed
    }

    /// Deals damage to a player (health never goes below 0). Returns the damage dealt.
    pub fn damage_player(
        &mut self,
        player: PlayerId,
        amount: i32,
        cause: Option<InstanceId>,
        events: &mut Vec<Event>,
    ) -> i32 {
        if amount <= 0 {
            return 0;
        }
        let state = &mut self.players[player.index()];
        state.health = state.health.saturating_sub(amount).max(0);
        events.push(self.player_event(EventType::OnPlayerReceiveDamage, player, amount, cause));
        amount
    }

    /// An event about a player, caused by `cause` if any.
    fn player_event(
        &self,
        kind: EventType,
        player: PlayerId,
        amount: i32,
        cause: Option<InstanceId>,
    ) -> Event {
        let source = cause.map(|c| (c, self.cards[c.index()].def));
        Event::new(kind)
            .maybe_source(source)
            .owner(player)
            .target(Target::Player(player))
            .amount(amount)
    }

    /// Heals a player (no maximum). Returns the health restored.
    pub fn heal_player(
        &mut self,
        player: PlayerId,
        amount: i32,
        cause: Option<InstanceId>,
        events: &mut Vec<Event>,
    ) -> i32 {
        if amount <= 0 {
            return 0;
        }
        let state = &mut self.players[player.index()];
        state.health = state.health.saturating_add(amount);
        events.push(self.player_event(EventType::OnPlayerHealed, player, amount, cause));
        amount
    }

    /// True when a creature on the battlefield must die: defense 0 or less, or deathtouched.
    pub fn is_dead(&self, id: InstanceId) -> bool {
        let card = self.card(id);
        card.creature
            && card.location == Location::Battlefield
            && (card.defense() <= 0 || card.deathtouched)
    }

    /// The state-based checks: every creature that must die dies (once, all together: the active
    /// player's creatures first, each battlefield in order), then every player at 0 health or who
    /// drew from an empty deck loses (`on_player_death`), then the outcome is decided.
    pub fn state_based_checks(&mut self, events: &mut Vec<Event>) {
        let order = [self.active, self.active.opponent()];
        // Most checks find nobody dying: scan only when stats may have changed, and allocate only
        // when someone does die.
        let mut dying: Vec<InstanceId> = Vec::new();
        let scan = if self.stats_dirty {
            &order[..]
        } else {
            &[][..]
        };
        self.stats_dirty = false;
        for &player in scan {
            for &id in self.players[player.index()].battlefield.iter() {
                let card = &self.cards[id.index()];
                if card.creature && (card.defense() <= 0 || card.deathtouched) {
                    dying.push(id);
                }
            }
        }
        for id in dying {
            self.destroy(id, events);
        }
        let mut newly_lost = false;
        if self
            .players
            .iter()
            .all(|p| p.lost || (p.health > 0 && !p.drew_from_empty))
        {
            return;
        }
        for player in order {
            let state = &self.players[player.index()];
            if !state.lost && (state.health <= 0 || state.drew_from_empty) {
                self.players[player.index()].lost = true;
                newly_lost = true;
                events.push(
                    Event::new(EventType::OnPlayerDeath)
                        .owner(player)
                        .target(Target::Player(player)),
                );
            }
        }
        if newly_lost && self.status == GameStatus::Ongoing {
            self.status = match (self.players[0].lost, self.players[1].lost) {
                (true, true) => GameStatus::Draw,
                (true, false) => GameStatus::Winner(PlayerId::SECOND),
                (false, true) => GameStatus::Winner(PlayerId::FIRST),
                (false, false) => GameStatus::Ongoing,
            };
        }
    }

    /// Ends the game as a draw (the turn limit).
    pub fn declare_draw(&mut self) {
        if self.status == GameStatus::Ongoing {
            self.status = GameStatus::Draw;
        }
    }

    /// Checks the state's invariants: every instance listed in exactly the zone its location
    /// says, of its owner. Used by tests and by the position builder.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        for (seat, player) in self.players.iter().enumerate() {
            for zone in Zone::ALL {
                for &id in player.zone(zone) {
                    let card = self
                        .try_card(id)
                        .ok_or_else(|| format!("{id} is listed but does not exist"))?;
                    if card.location != Location::from(zone) || card.owner.index() != seat {
                        return Err(format!(
                            "{id} is listed in P{seat}'s {zone} but is at {:?} of {}",
                            card.location, card.owner
                        ));
                    }
                    seen[id.index()] += 1;
                }
            }
        }
        for card in &self.cards {
            let listed = seen[card.id.index()];
            let expected = u8::from(card.location.zone().is_some());
            if listed != expected {
                return Err(format!(
                    "{} at {:?} is listed {listed} times",
                    card.id, card.location
                ));
            }
        }
        Ok(())
    }
}

fn clamp_i32(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

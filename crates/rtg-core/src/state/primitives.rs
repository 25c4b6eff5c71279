//! The primitives that change cards' places and stats, keeping the state's invariants: every
//! card instance is in exactly one place, and each primitive records the events it causes.

use std::sync::Arc;

use crate::alteration::Zone;
use crate::card::{CardType, Technique};
use crate::event::{Event, EventType, Target};
use crate::ids::{DefIndex, InstanceId, PlayerId};
use crate::state::{CardInstance, GameState, Listener, Location, PlayerState, StatLine};

/// The room setup gives the lists of triggers waiting and of armed reversals (see
/// [`GameState::create_deck`]).
const LISTS_ROOM: usize = 8;

impl GameState {
    /// A player's state, to change (copied first when an earlier state shares it).
    pub(crate) fn player_slot(&mut self, id: PlayerId) -> &mut PlayerState {
        Arc::make_mut(&mut self.players[id.index()])
    }

    /// Creates a new card instance at the end of a zone (the bottom of a deck), with no events.
    /// Used to set up positions; effects use [`GameState::create_token`].
    #[doc(hidden)]
    pub fn create_card(&mut self, def: DefIndex, owner: PlayerId, zone: Zone) -> InstanceId {
        let id = InstanceId(self.cards.len() as u32);
        let printed = self.content.definitions.get(def);
        self.cards.push(CardInstance::new(
            id,
            def,
            owner,
            Location::from(zone),
            printed,
        ));
        self.player_slot(owner).zone_mut(zone).push_back(id);
        if zone == Zone::Battlefield {
            self.listen(id, def, owner);
        }
        id
    }

    /// Creates a player's deck in one go: new instances of `defs`, top first, at the end of the
    /// card table, with no events. The same as [`GameState::create_card`] for each, faster.
    #[doc(hidden)]
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
                CardInstance::new(id, def, owner, Location::Deck, printed)
            })
            .collect();
        self.cards.extend(instances);
        let player = self.player_slot(owner);
        player.deck.append(ids.iter().copied());
        // The other zones never hold more than the deck's cards and the tokens made later: room
        // for the cards now, while the game is set up, spares the in-place step the allocations
        // of lists growing as a game fills them.
        let room = player.deck.len();
        for zone in [
            &mut player.hand,
            &mut player.battlefield,
            &mut player.graveyard,
        ] {
            zone.reserve(room);
        }
        player.listeners.reserve(room);
        // Each attack is one creature's: no more attacks than cards in the decks.
        let attackers = self.combats.len() + room;
        self.combats.reserve(attackers);
        // Triggers waiting and temporary effects armed for their reversal come and go a few at
        // a time: room for a few of each. Without it their first item of each game allocated
        // (two allocations, the list and its shared header), the last of the in-place step's;
        // more room costs every game's setup a large allocation (callgrind, 200 greedy games:
        // room for one per card of the decks cost 0.6% more instructions, this room 0.2%).
        self.pending_triggers.reserve(LISTS_ROOM);
        self.reversals.reserve(LISTS_ROOM);
        ids
    }

    /// Sets a creature's summoning sickness and attacked flags (no effect on its stats, so the
    /// state-based checks need not look again).
    #[doc(hidden)]
    pub fn set_flags(&mut self, id: InstanceId, summoning_sick: bool, attacked_this_turn: bool) {
        let card = &self.cards[id.index()];
        // Most turn starts find the flags already clear: reading first spares the write, which
        // would copy a chunk of the card table that is shared with an earlier state.
        if card.summoning_sick == summoning_sick && card.attacked_this_turn == attacked_this_turn {
            return;
        }
        let card = &mut self.cards[id.index()];
        card.summoning_sick = summoning_sick;
        card.attacked_this_turn = attacked_this_turn;
    }

    /// Readies a permanent as its controller's turn begins: no longer summoning sick, not
    /// attacked, untapped. One read when nothing is to change (the common case), so that the
    /// write's copy of a shared chunk of the card table happens only when needed.
    #[doc(hidden)]
    pub fn ready(&mut self, id: InstanceId) {
        let card = &self.cards[id.index()];
        if !(card.summoning_sick || card.attacked_this_turn || card.tapped) {
            return;
        }
        let card = &mut self.cards[id.index()];
        card.summoning_sick = false;
        card.attacked_this_turn = false;
        card.tapped = false;
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
        self.cards
            .push(CardInstance::new(id, def, owner, Location::Gone, printed).token());
        self.put(id, Location::Battlefield, events);
        id
    }

    fn take_out(&mut self, id: InstanceId) -> Location {
        let card = self.cards[id.index()];
        if let Some(zone) = card.location.zone() {
            let player = self.player_slot(card.owner);
            let list = player.zone_mut(zone);
            if let Some(pos) = list.iter().position(|&c| c == id) {
                list.remove(pos);
            }
            if zone == Zone::Battlefield
                && let Some(pos) = player.listeners.iter().position(|l| l.card == id)
            {
                player.listeners.remove(pos);
                player.listened = player.listeners.iter().fold(0, |all, l| all | l.events);
            }
        }
        card.location
    }

    /// Adds a card that just entered its owner's battlefield to the owner's listeners, when some
    /// triggered alteration of its definition listens for anything.
    fn listen(&mut self, id: InstanceId, def: DefIndex, owner: PlayerId) {
        let events = self.content.trigger_mask(def);
        self.listening |= events;
        if events != 0 {
            let player = self.player_slot(owner);
            player.listeners.push_back(Listener { card: id, events });
            player.listened |= events;
        }
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
        if from == Location::Battlefield && !self.ability_uses.is_empty() {
            // A card that leaves is a new object when it comes back: its uses start anew.
            self.ability_uses.retain(|u| u.card != id);
        }
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
            self.listen(id, card.def, owner);
            self.fresh_epoch()
        } else {
            0
        };
        {
            let slot = &mut self.cards[id.index()];
            slot.location = to;
            slot.ongoing = crate::continuous::Ongoing::default();
            if to == Location::Battlefield {
                slot.stats = StatLine {
                    attack_epoch: epoch,
                    defense_epoch: epoch,
                    ..StatLine::printed(def.attack, def.defense)
                };
                slot.summoning_sick = true;
                slot.attacked_this_turn = false;
                slot.deathtouched = false;
                slot.own_techniques = def.techniques;
                slot.own_removed = crate::card::TechniqueSet::EMPTY;
                slot.tapped = false;
                slot.own_cannot_block = false;
                slot.own_unblockable = false;
                slot.entered = epoch;
            }
        }
        let Some(zone) = to.zone() else { return };
        let player = self.player_slot(owner);
        if zone == Zone::Deck {
            player.deck.push_front(id);
        } else {
            player.zone_mut(zone).push_back(id);
        }
        match to {
            // Artifacts enter as creatures do (PTG 0.9 emits the event for them too); only mana
            // cards enter as mana.
            Location::Battlefield
                if matches!(def.card_type, CardType::Creature | CardType::Artifact) =>
            {
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
    #[doc(hidden)]
    pub fn fresh_epoch(&mut self) -> u32 {
        self.last_epoch = self.last_epoch.wrapping_add(1);
        self.last_epoch
    }

    /// Moves a spell from its owner's hand to the resolving slot (no event: nothing listens for
    /// a card leaving a hand).
    #[doc(hidden)]
    pub fn start_resolving(&mut self, id: InstanceId) {
        self.take_out(id);
        self.cards[id.index()].location = Location::Resolving;
        self.listening |= self.content.trigger_mask(self.cards[id.index()].def);
    }

    /// Shuffles a player's deck with the game's generator.
    pub fn shuffle_deck(&mut self, player: PlayerId) {
        // In place: the same swaps as on a copy, without building two lists per shuffle.
        let deck = &mut Arc::make_mut(&mut self.players[player.index()]).deck;
        self.rng.shuffle(deck.as_mut_slice());
    }

    /// Deals a player's hidden cards anew: `hand` becomes their hand and `deck` their deck (top
    /// first), each card's location following. For sampling what a player cannot see (a
    /// determinization): the two lists must hold exactly the cards of that player's hand and
    /// deck now, in any arrangement, or the state's invariants break.
    #[doc(hidden)]
    pub fn redeal_hidden(&mut self, player: PlayerId, hand: &[InstanceId], deck: &[InstanceId]) {
        debug_assert_eq!(
            hand.len() + deck.len(),
            self.player(player).hand.len() + self.player(player).deck.len(),
            "a redeal keeps the number of hidden cards"
        );
        // Most cards stay where they were (all of the viewer's own): reading first spares the
        // write, which would copy a chunk of the card table shared with the state sampled from.
        for (ids, location) in [(hand, Location::Hand), (deck, Location::Deck)] {
            for &id in ids {
                if self.cards[id.index()].location != location {
                    self.cards[id.index()].location = location;
                }
            }
        }
        let slot = self.player_slot(player);
        slot.hand = hand.iter().copied().collect();
        slot.deck = deck.iter().copied().collect();
    }

    /// Draws the top card of a player's deck. Drawing from an empty deck marks the player as
    /// having lost (applied at the next state-based check) and returns `None`.
    pub fn draw(&mut self, player: PlayerId, events: &mut Vec<Event>) -> Option<InstanceId> {
        let Some(id) = self.player_slot(player).deck.pop_front() else {
            self.player_slot(player).drew_from_empty = true;
            return None;
        };
        let def = self.cards[id.index()].def;
        self.cards[id.index()].location = Location::Hand;
        self.player_slot(player).hand.push_back(id);
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
        let state = self.player_slot(player);
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
        let state = self.player_slot(player);
        state.health = state.health.saturating_add(amount);
        events.push(self.player_event(EventType::OnPlayerHealed, player, amount, cause));
        amount
    }
}

fn clamp_i32(n: u64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

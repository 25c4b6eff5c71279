//! Building cards and positions in Rust for the integration tests, and small helpers to apply
//! actions and read events.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::prelude::*;

/// The first seat (alice in [`pos`]).
pub const P0: PlayerId = PlayerId(0);
/// The second seat (bob in [`pos`]).
pub const P1: PlayerId = PlayerId(1);

/// A mana amount from `(type, count)` pairs.
pub fn mana(pairs: &[(ManaType, u32)]) -> Mana {
    Mana::from_pairs(pairs.iter().copied())
}

/// A vanilla creature named after its id, free to cast.
pub fn creature(id: &str, attack: i32, defense: i32) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Creature).with_stats(attack, defense)
}

/// A free spell named after its id whose one activated ability makes these alterations.
pub fn spell(id: &str, alterations: Vec<AlterationData>) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Spell).with_ability(ability(
        AbilityType::Activated,
        Mana::EMPTY,
        alterations,
    ))
}

/// A mana card named after its id that gives one mana of `kind`.
pub fn basic_mana(id: &str, kind: ManaType) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Mana).with_cost(mana(&[(kind, 1)]))
}

/// An alteration of `effect` on `target` with these parameters (no defaults filled in).
pub fn alt(effect: &str, target: TargetSpec, params: &[(&str, ParamValue)]) -> AlterationData {
    let mut alt = AlterationData::new(effect, target);
    for (name, value) in params {
        alt.params.insert(name, value.clone());
    }
    alt
}

/// An alteration that starts on `event`.
pub fn on(event: EventType, mut alteration: AlterationData) -> AlterationData {
    alteration.start_trigger = Some(event);
    alteration
}

/// The tests that build positions make abilities too: the one helper, where the cards are.
pub use crate::cards::ability;

/// A free triggered ability.
pub fn triggered(alterations: Vec<AlterationData>) -> CardAbility {
    ability(AbilityType::Triggered, Mana::EMPTY, alterations)
}

/// An activated ability of this cost.
pub fn activated(cost: Mana, alterations: Vec<AlterationData>) -> CardAbility {
    ability(AbilityType::Activated, cost, alterations)
}

/// An integer parameter.
pub fn int(n: i32) -> ParamValue {
    ParamValue::Int(n)
}

/// A fixed amount parameter.
pub fn amount(n: i32) -> ParamValue {
    ParamValue::Amount(Amount::Fixed(n))
}

/// Default parameters of built-in effects, as the loader would fill them in.
pub fn with_defaults(mut alteration: AlterationData) -> AlterationData {
    let spec = builtin_registry()
        .get(&alteration.effect)
        .map(|h| h.spec().clone())
        .expect("built-in effect");
    for p in spec.params {
        if let (false, Some(default)) = (alteration.params.contains(&p.name), p.default) {
            alteration.params.insert(&p.name, default);
        }
    }
    alteration
}

/// A position under construction, with named cards.
pub struct Pos {
    /// The position, as the core builds it.
    pub builder: PositionBuilder,
    /// Cards named by the test, for its own lookups.
    pub names: BTreeMap<String, InstanceId>,
}

/// A position with these cards in its content (plus any templates they mention), seat 0 active in
/// the main phase of turn 1, both players at 20.
pub fn pos(cards: Vec<CardDefinition>) -> Pos {
    pos_with(cards, builtin_registry())
}

/// Like [`pos`] with a registry of one's own.
pub fn pos_with(cards: Vec<CardDefinition>, registry: EffectRegistry) -> Pos {
    let cards: Vec<Arc<CardDefinition>> = cards
        .into_iter()
        .map(|mut c| {
            for a in &mut c.abilities {
                for x in &mut a.alterations {
                    if registry.get(&x.effect).is_some()
                        && builtin_registry().get(&x.effect).is_some()
                    {
                        *x = with_defaults(x.clone());
                    }
                }
            }
            Arc::new(c)
        })
        .collect();
    let table = DefinitionTable::new(cards.iter()).expect("distinct card ids");
    let mut builder = PositionBuilder::new(Content::new(table, registry), ["alice", "bob"]);
    builder.phase(Phase::Main);
    Pos {
        builder,
        names: BTreeMap::new(),
    }
}

impl Pos {
    /// Adds a card to a zone (deck: listed top first) and returns its id.
    pub fn add(&mut self, player: PlayerId, zone: Zone, card: &str) -> InstanceId {
        self.builder
            .add_card(player, zone, card)
            .expect("known card")
    }

    /// Adds a creature on the battlefield that is not summoning sick.
    pub fn field(&mut self, player: PlayerId, card: &str) -> InstanceId {
        self.add(player, Zone::Battlefield, card)
    }

    /// Adds cards to a zone.
    pub fn many(
        &mut self,
        player: PlayerId,
        zone: Zone,
        card: &str,
        count: usize,
    ) -> Vec<InstanceId> {
        (0..count).map(|_| self.add(player, zone, card)).collect()
    }

    /// Sets a player's mana pool.
    pub fn pool(&mut self, player: PlayerId, pool: Mana) -> &mut Self {
        self.builder.pool(player, pool);
        self
    }

    /// Sets the phase.
    pub fn phase(&mut self, phase: Phase) -> &mut Self {
        self.builder.phase(phase);
        self
    }

    /// Sets a card's counters and flags (damage, buffs, tapped...).
    pub fn setup(&mut self, id: InstanceId, setup: CardSetup) -> &mut Self {
        self.builder.set_card(id, setup).expect("valid setup");
        self
    }

    /// The position as a state; panics if the builder refuses it (a test's own mistake).
    pub fn state(&self) -> GameState {
        self.builder.build().expect("valid position")
    }
}

/// Applies an action that must be accepted.
pub fn ok(state: &GameState, action: Action) -> (GameState, Vec<Event>) {
    match apply(state, &action) {
        Ok(outcome) => (outcome.state, outcome.events),
        Err(e) => panic!("{action:?} refused: {e}"),
    }
}

/// Applies an action that must be refused, checks the state is untouched, returns the error.
pub fn refused(state: &GameState, action: Action) -> RulesError {
    let before = state.clone();
    let error = apply(state, &action).expect_err("the action should be refused");
    assert_eq!(state, &before, "a refused action must not change the state");
    error
}

/// Advances `n` phases.
pub fn advance(state: &GameState, n: usize) -> (GameState, Vec<Event>) {
    let mut state = state.clone();
    let mut all = Vec::new();
    for _ in 0..n {
        let (next, events) = ok(&state, Action::AdvancePhase);
        state = next;
        all.extend(events);
    }
    (state, all)
}

/// Advances until `phase` (at least one step when already there is not wanted: zero steps).
pub fn advance_to(state: &GameState, phase: Phase) -> (GameState, Vec<Event>) {
    let mut state = state.clone();
    let mut all = Vec::new();
    while state.phase() != phase && !state.is_over() {
        let (next, events) = ok(&state, Action::AdvancePhase);
        state = next;
        all.extend(events);
    }
    (state, all)
}

/// The kinds of events, in order.
pub fn kinds(events: &[Event]) -> Vec<EventType> {
    events.iter().map(|e| e.kind).collect()
}

/// The kinds of events, as YAML names, in order (handy for readable assertions).
pub fn names(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(|e| e.kind.name()).collect()
}

/// The definition ids of a zone's cards, in order.
pub fn zone_ids(state: &GameState, player: PlayerId, zone: Zone) -> Vec<String> {
    state
        .player(player)
        .zone(zone)
        .iter()
        .map(|&id| state.def(id).card_id.to_string())
        .collect()
}

/// Playing a card with no target.
pub fn play(player: PlayerId, card: InstanceId) -> Action {
    Action::PlayCard {
        player,
        card,
        target: None,
    }
}

/// Playing a card at a target.
pub fn play_at(player: PlayerId, card: InstanceId, target: Target) -> Action {
    Action::PlayCard {
        player,
        card,
        target: Some(target),
    }
}

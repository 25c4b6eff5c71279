//! Building cards and positions in Rust for the integration tests, and small helpers to apply
//! actions and read events.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::prelude::*;

pub(crate) const P0: PlayerId = PlayerId(0);
pub(crate) const P1: PlayerId = PlayerId(1);

pub(crate) fn mana(pairs: &[(ManaType, u32)]) -> Mana {
    Mana::from_pairs(pairs.iter().copied())
}

pub(crate) fn creature(id: &str, attack: i32, defense: i32) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Creature).with_stats(attack, defense)
}

pub(crate) fn spell(id: &str, alterations: Vec<AlterationData>) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Spell).with_ability(ability(
        AbilityType::Activated,
        Mana::EMPTY,
        alterations,
    ))
}

pub(crate) fn basic_mana(id: &str, kind: ManaType) -> CardDefinition {
    CardDefinition::vanilla(id, id, CardType::Mana).with_cost(mana(&[(kind, 1)]))
}

pub(crate) fn alt(
    effect: &str,
    target: TargetSpec,
    params: &[(&str, ParamValue)],
) -> AlterationData {
    let mut alt = AlterationData::new(effect, target);
    for (name, value) in params {
        alt.params.insert(name, value.clone());
    }
    alt
}

/// An alteration that starts on `event`.
pub(crate) fn on(event: EventType, mut alteration: AlterationData) -> AlterationData {
    alteration.start_trigger = Some(event);
    alteration
}

pub(crate) fn ability(
    ability_type: AbilityType,
    cost: Mana,
    alterations: Vec<AlterationData>,
) -> CardAbility {
    CardAbility {
        name: "ability".to_owned(),
        description: String::new(),
        ability_type,
        mana_requirement: cost,
        alterations,
        max_activations: None,
    }
}

pub(crate) fn triggered(alterations: Vec<AlterationData>) -> CardAbility {
    ability(AbilityType::Triggered, Mana::EMPTY, alterations)
}

pub(crate) fn activated(cost: Mana, alterations: Vec<AlterationData>) -> CardAbility {
    ability(AbilityType::Activated, cost, alterations)
}

pub(crate) fn int(n: i32) -> ParamValue {
    ParamValue::Int(n)
}

pub(crate) fn amount(n: i32) -> ParamValue {
    ParamValue::Amount(Amount::Fixed(n))
}

/// Default parameters of built-in effects, as the loader would fill them in.
pub(crate) fn with_defaults(mut alteration: AlterationData) -> AlterationData {
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
pub(crate) struct Pos {
    pub(crate) builder: PositionBuilder,
    pub(crate) names: BTreeMap<String, InstanceId>,
}

/// A position with these cards in its content (plus any templates they mention), seat 0 active in
/// the main phase of turn 1, both players at 20.
pub(crate) fn pos(cards: Vec<CardDefinition>) -> Pos {
    pos_with(cards, builtin_registry())
}

/// Like [`pos`] with a registry of one's own.
pub(crate) fn pos_with(cards: Vec<CardDefinition>, registry: EffectRegistry) -> Pos {
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
    pub(crate) fn add(&mut self, player: PlayerId, zone: Zone, card: &str) -> InstanceId {
        self.builder
            .add_card(player, zone, card)
            .expect("known card")
    }

    /// Adds a creature on the battlefield that is not summoning sick.
    pub(crate) fn field(&mut self, player: PlayerId, card: &str) -> InstanceId {
        self.add(player, Zone::Battlefield, card)
    }

    /// Adds cards to a zone.
    pub(crate) fn many(
        &mut self,
        player: PlayerId,
        zone: Zone,
        card: &str,
        count: usize,
    ) -> Vec<InstanceId> {
        (0..count).map(|_| self.add(player, zone, card)).collect()
    }

    pub(crate) fn pool(&mut self, player: PlayerId, pool: Mana) -> &mut Self {
        self.builder.pool(player, pool);
        self
    }

    pub(crate) fn phase(&mut self, phase: Phase) -> &mut Self {
        self.builder.phase(phase);
        self
    }

    pub(crate) fn setup(&mut self, id: InstanceId, setup: CardSetup) -> &mut Self {
        self.builder.set_card(id, setup).expect("valid setup");
        self
    }

    pub(crate) fn state(&self) -> GameState {
        self.builder.build().expect("valid position")
    }
}

/// Applies an action that must be accepted.
pub(crate) fn ok(state: &GameState, action: Action) -> (GameState, Vec<Event>) {
    match apply(state, &action) {
        Ok(outcome) => (outcome.state, outcome.events),
        Err(e) => panic!("{action:?} refused: {e}"),
    }
}

/// Applies an action that must be refused, checks the state is untouched, returns the error.
pub(crate) fn refused(state: &GameState, action: Action) -> RulesError {
    let before = state.clone();
    let error = apply(state, &action).expect_err("the action should be refused");
    assert_eq!(state, &before, "a refused action must not change the state");
    error
}

/// Advances `n` phases.
pub(crate) fn advance(state: &GameState, n: usize) -> (GameState, Vec<Event>) {
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
pub(crate) fn advance_to(state: &GameState, phase: Phase) -> (GameState, Vec<Event>) {
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
pub(crate) fn kinds(events: &[Event]) -> Vec<EventType> {
    events.iter().map(|e| e.kind).collect()
}

/// The kinds of events, as YAML names, in order (handy for readable assertions).
pub(crate) fn names(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(|e| e.kind.name()).collect()
}

/// The definition ids of a zone's cards, in order.
pub(crate) fn zone_ids(state: &GameState, player: PlayerId, zone: Zone) -> Vec<String> {
    state
        .player(player)
        .zone(zone)
        .iter()
        .map(|&id| state.def(id).card_id.to_string())
        .collect()
}

pub(crate) fn play(player: PlayerId, card: InstanceId) -> Action {
    Action::PlayCard {
        player,
        card,
        target: None,
    }
}

pub(crate) fn play_at(player: PlayerId, card: InstanceId, target: Target) -> Action {
    Action::PlayCard {
        player,
        card,
        target: Some(target),
    }
}

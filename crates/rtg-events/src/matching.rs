//! Which triggered alterations an event fires.

use rtg_core::{
    AbilityType, AlterationData, Event, EventType, GameState, InstanceId, Listener, PlayerId,
    TriggerOwner,
};

/// True when an event passes an alteration's filters, for a source card with this controller.
///
/// - `trigger_self` (default true): the event's source must be the card; an event with no source
///   (turn start and end) is never filtered out by it.
/// - `trigger_owner`: `owner` needs the event's zone owner to be the controller, `opponent` needs
///   it to be the other player; an event with no zone owner passes only `any`.
/// - `trigger_card_id`: the event's source must have that definition id; an event with no source
///   never matches.
pub fn passes_filters(
    state: &GameState,
    alt: &AlterationData,
    card: InstanceId,
    controller: PlayerId,
    event: &Event,
) -> bool {
    if alt.trigger_self && event.source.is_some_and(|source| source != card) {
        return false;
    }
    let owner_ok = match alt.trigger_owner {
        TriggerOwner::Any => true,
        TriggerOwner::Owner => event.zone_owner == Some(controller),
        TriggerOwner::Opponent => event.zone_owner.is_some_and(|o| o != controller),
    };
    if !owner_ok {
        return false;
    }
    match &alt.trigger_card_id {
        None => true,
        Some(wanted) => event
            .source_def
            .is_some_and(|def| state.definition(def).card_id == *wanted),
    }
}

/// The cards whose triggers may fire for events of one settling step, in the documented order:
/// the active player's battlefield in order, then the other player's, then the spell being
/// resolved, then cards that left the battlefield in this same step (`left`), which are seen as
/// they last were there so that "when this dies" and "when this leaves" fire. Cards with no
/// triggered alteration are left out: the battlefields' come from each player's listener index.
pub fn active_trigger_sources(
    state: &GameState,
    resolving: Option<InstanceId>,
    left: &[InstanceId],
) -> Vec<InstanceId> {
    let mut sources = Vec::new();
    trigger_sources(state, resolving, left, &mut sources);
    sources.into_iter().map(|source| source.card).collect()
}

/// Fills `sources` as [`active_trigger_sources`] lists them, each with the events it listens
/// for (as [`EventType::bit`]s, so that matching an event skips the sources deaf to it without
/// reading their cards), and returns the events any of them listens for.
pub(crate) fn trigger_sources(
    state: &GameState,
    resolving: Option<InstanceId>,
    left: &[InstanceId],
    sources: &mut Vec<Listener>,
) -> u32 {
    sources.clear();
    let mut listened = 0u32;
    for player in [state.active(), state.active().opponent()] {
        for listener in state.player(player).listeners() {
            sources.push(*listener);
            listened |= listener.events;
        }
    }
    let mut add = |card: InstanceId, sources: &mut Vec<Listener>| {
        let events = state.content().trigger_mask(state.card(card).def);
        if events != 0 {
            sources.push(Listener { card, events });
            listened |= events;
        }
    };
    if let Some(spell) = resolving {
        add(spell, sources);
    }
    for &id in left {
        if !state.card(id).on_battlefield() && !sources.iter().any(|source| source.card == id) {
            add(id, sources);
        }
    }
    listened
}

/// True for the events that a card leaving the battlefield still sees as itself.
pub(crate) fn looks_back(kind: EventType) -> bool {
    matches!(
        kind,
        EventType::OnCardLeaveBattlefield | EventType::OnCardDeath
    )
}

/// A card that left the battlefield during the step being matched, and the index (in the
/// step's events) of its own last event there: its death, or its leaving when it did not die.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Departed {
    pub(crate) card: InstanceId,
    pub(crate) until: usize,
}

/// Calls `f(ability, alteration)` for each triggered alteration of `card` that `event` (the
/// `index`-th event of the step) starts.
///
/// A card that left the battlefield in the same step is seen as it last was there: for every
/// event of the step up to its own death (so "when this is dealt damage" fires even when the
/// damage killed it), and for every leave and death of the step (simultaneous deaths see each
/// other).
pub(crate) fn for_each_match(
    state: &GameState,
    resolving: Option<InstanceId>,
    card: InstanceId,
    event: &Event,
    index: usize,
    departed: &[Departed],
    mut f: impl FnMut(u16, u16),
) {
    let instance = state.card(card);
    if state.content().trigger_mask(instance.def) & event.kind.bit() == 0 {
        return;
    }
    if !instance.on_battlefield() && resolving != Some(card) {
        let sees = departed
            .iter()
            .any(|d| d.card == card && (index <= d.until || looks_back(event.kind)));
        if !sees {
            return;
        }
    }
    let def = state.definition(instance.def);
    for (ai, ability) in def.abilities.iter().enumerate() {
        if ability.ability_type != AbilityType::Triggered {
            continue;
        }
        for (xi, alt) in ability.alterations.iter().enumerate() {
            if alt.start_trigger == Some(event.kind)
                && passes_filters(state, alt, card, instance.owner, event)
            {
                f(ai as u16, xi as u16);
            }
        }
    }
}

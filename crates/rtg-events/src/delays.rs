//! PTG 0.9's delayed effects (`delay: N`): setting one when its alteration takes effect,
//! counting them down at their controller's turn start, and applying the ones that reach 0.
//!
//! A delay is state ([`rtg_core::Delay`]), not queue: it outlives the step that set it. The
//! rules engine decides when turns start; this module only does what a turn start does to the
//! delays, and leaves the state-based checks and the triggers of its events to the caller.

use rtg_core::{
    AlterationData, AlterationRef, Delay, EffectContext, EffectSpec, Event, EventType, GameState,
    PlayerId, Record, Target,
};

use crate::queue::TriggerError;
use crate::start::{arm_reversal, frozen_params};

/// Sets a delay instead of applying `alt` to `target` now: its target and its computed numbers
/// are fixed now (PTG's `resolve_params` reads them when the delay is set), and
/// `on_delay_set` is recorded, its source the alteration's card, its amount the turns it waits.
#[allow(clippy::too_many_arguments)]
pub(crate) fn set_delay(
    state: &mut GameState,
    log: &mut Vec<Event>,
    spec: &EffectSpec,
    at: AlterationRef,
    alt: &AlterationData,
    controller: PlayerId,
    target: Target,
    event: Option<&Event>,
    turns: u32,
) {
    let params = frozen_params(state, spec, at, alt, controller, event);
    let target_place = match target {
        Target::Card(id) => state.try_card(id).map(|c| (c.location(), c.entered)),
        Target::Player(_) => None,
    };
    let id = state.next_delay_id();
    state.delays_mut().push_back(Delay {
        id,
        alteration: at,
        controller,
        target,
        target_place,
        remaining: turns,
        params,
    });
    log.push(delay_event(
        EventType::OnDelaySet,
        at,
        controller,
        target,
        turns,
    ));
}

/// An event about a delay: its source the alteration's card, its zone owner the delay's
/// controller, its target the delay's, its amount the turns left.
pub(crate) fn delay_event(
    kind: EventType,
    at: AlterationRef,
    controller: PlayerId,
    target: Target,
    remaining: u32,
) -> Event {
    Event::new(kind)
        .source(at.source, at.def)
        .owner(controller)
        .target(target)
        .amount(i32::try_from(remaining).unwrap_or(i32::MAX))
}

/// Counts down by one every delay of `player` (the start of that player's turn), in the order
/// they were set, recording `on_delay_updated` for each with the turns left after the count;
/// the ids of those that reached 0 are added to `expired`, for [`fire_delay`]. They stay in the
/// state at 0 until then, so that a trigger of `on_delay_updated` may still cancel one.
pub fn count_down_delays(
    state: &mut GameState,
    log: &mut Vec<Event>,
    player: PlayerId,
    expired: &mut Vec<u32>,
) {
    if state.delays().is_empty() || !state.delays().iter().any(|d| d.controller == player) {
        return;
    }
    for delay in state.delays_mut().iter_mut() {
        if delay.controller != player {
            continue;
        }
        delay.remaining = delay.remaining.saturating_sub(1);
        log.push(delay_event(
            EventType::OnDelayUpdated,
            delay.alteration,
            delay.controller,
            delay.target,
            delay.remaining,
        ));
        if delay.remaining == 0 {
            expired.push(delay.id);
        }
    }
}

/// Applies the delay `id` and removes it, recording `on_delay_expired` (amount 0) after what
/// its effect records; a temporary alteration's reversal is armed now, as the effect applies.
/// A delay no longer there (cancelled meanwhile) does nothing. A card target that has moved
/// since the delay was set (another object: another zone, or another entry onto the
/// battlefield), or that the effect no longer accepts, is left alone, but the delay still
/// expires. Returns whether the effect applied.
pub fn fire_delay(
    state: &mut GameState,
    log: &mut Vec<Event>,
    id: u32,
) -> Result<bool, TriggerError> {
    let Some(index) = state.delays().iter().position(|d| d.id == id) else {
        return Ok(false);
    };
    let delay = state.delays_mut().remove(index);
    let at = delay.alteration;
    let content = std::sync::Arc::clone(state.content());
    let alt = &content.definitions.get(at.def).abilities[usize::from(at.ability)].alterations
        [usize::from(at.alteration)];
    // Frozen parameters go to the effect as registered (it reads them by name); without any,
    // the alteration's compiled handler runs with its own, as an undelayed one would.
    let (handler, params) = match &delay.params {
        Some(params) => (content.effects.get(&alt.effect), params),
        None => (content.handler(at), &alt.params),
    };
    let handler = handler.ok_or_else(|| TriggerError::UnknownEffect(alt.effect.to_string()))?;
    let same_object = match (delay.target, delay.target_place) {
        (Target::Card(card), Some((location, entered))) => state
            .try_card(card)
            .is_some_and(|c| c.location() == location && c.entered == entered),
        _ => true,
    };
    let applies = same_object && handler.legal_target_for(state, at.source, delay.target, params);
    if applies {
        let mut ctx = EffectContext {
            state,
            events: log,
            source: at.source,
            controller: delay.controller,
            alteration: at,
            event: None,
        };
        let applied = handler.apply(&mut ctx, delay.target, params)?;
        if alt.is_temporary() && !matches!(applied.record, Record::Deferred) {
            arm_reversal(state, at, delay.controller, applied, None)?;
        }
    }
    log.push(delay_event(
        EventType::OnDelayExpired,
        at,
        delay.controller,
        delay.target,
        0,
    ));
    Ok(applies)
}

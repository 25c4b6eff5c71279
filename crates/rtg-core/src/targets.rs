//! Targets of alterations: resolving a target spec, which targets are legal, and which cards a
//! mass alteration sweeps. Pure queries on a state: the trigger queue, the rules engine and the
//! continuous effects of static abilities ([`crate::continuous`]) all ask here.

use crate::{
    Aim, AlterationData, AlterationRef, Event, GameState, InstanceId, PlayerId, Scope, Target,
    TargetSpec, Zone,
};

/// The alteration an [`AlterationRef`] points at.
///
/// # Panics
/// When the reference does not point into its definition (references are only made by the
/// engine from definitions).
pub fn alteration(state: &GameState, at: AlterationRef) -> &AlterationData {
    &state.definition(at.def).abilities[usize::from(at.ability)].alterations
        [usize::from(at.alteration)]
}

/// The target a spec names without a choice: the source card, its controller or the opponent.
/// `None` for [`TargetSpec::Choose`] (a player chooses) and [`TargetSpec::Each`] (the
/// alteration finds its cards itself when it starts).
pub fn resolve_target(
    spec: TargetSpec,
    source: AlterationRef,
    controller: PlayerId,
) -> Option<Target> {
    match spec {
        TargetSpec::SelfCard => Some(Target::Card(source.source)),
        TargetSpec::Owner => Some(Target::Player(controller)),
        TargetSpec::Opponent => Some(Target::Player(controller.opponent())),
        TargetSpec::Choose | TargetSpec::Each => None,
    }
}

/// The controller of an alteration's card: who "you" is in its conditions.
pub fn controller_of(state: &GameState, at: AlterationRef) -> PlayerId {
    state.card(at.source).owner
}

/// True when a card meets the alteration's `target_condition` (evaluated with the card as
/// `self` and the alteration's controller as "you"); true when there is none.
pub fn meets_target_condition(
    state: &GameState,
    at: AlterationRef,
    target: Target,
    event: Option<&Event>,
) -> bool {
    let Some(condition) = &alteration(state, at).target_condition else {
        return true;
    };
    let subject = match target {
        Target::Card(id) => Some(id),
        Target::Player(_) => None,
    };
    condition.holds(&Scope {
        state,
        subject,
        controller: controller_of(state, at),
        event,
    })
}

/// True when the effect of the alteration at `at` accepts `target` now, and the target meets
/// the alteration's `target_condition`. A `group` alteration takes a player (whose zone it
/// sweeps). A player id that is no seat is never legal, whatever a user's effect would say (it
/// would index no player).
pub fn is_legal_target(state: &GameState, at: AlterationRef, target: Target) -> bool {
    if let Target::Player(p) = target
        && !p.is_seat()
    {
        return false;
    }
    let alt = alteration(state, at);
    if alt.group.is_some() {
        return matches!(target, Target::Player(_));
    }
    match state.content().handler(at) {
        Some(handler) => {
            handler.legal_target_for(state, at.source, target, &alt.params)
                && meets_target_condition(state, at, target, None)
        }
        None => false,
    }
}

/// The zone a mass alteration (`target: each`, `group`) sweeps: its `from_zone`, else the zone
/// its effect targets; `None` for an effect the game does not have, or one that targets no zone.
pub fn swept_zone(state: &GameState, at: AlterationRef) -> Option<Zone> {
    let handler = state.content().handler(at)?;
    let alt = alteration(state, at);
    alt.from_zone.or_else(|| handler.target_zone(&alt.params))
}

/// The cards a mass alteration (`target: each`, or a `group` swept in `player`'s zone) acts on
/// now, in the order it acts on them: for `each`, the active player's cards then the other
/// player's, each zone in order; for a group, that player's zone in order. A card is taken when
/// the effect takes it in that zone ([`crate::EffectHandler::sweeps_card`]), it meets the
/// `target_condition`, and it is not the ability's own card when `exclude_self` says so.
pub fn mass_targets(
    state: &GameState,
    at: AlterationRef,
    player: Option<PlayerId>,
    event: Option<&Event>,
) -> Vec<InstanceId> {
    let mut cards = Vec::new();
    let Some(handler) = state.content().handler(at) else {
        return cards;
    };
    let alt = alteration(state, at);
    let Some(zone) = swept_zone(state, at) else {
        return cards;
    };
    let players = match (&alt.group, player) {
        (Some(_), Some(p)) if p.is_seat() => [Some(p), None],
        (Some(_), _) => return cards,
        (None, _) => [Some(state.active()), Some(state.active().opponent())],
    };
    for seat in players.into_iter().flatten() {
        for &id in state.player(seat).zone(zone) {
            let target = Target::Card(id);
            let in_group = alt
                .group
                .as_deref()
                .is_none_or(|group| state.def(id).in_group(group));
            if in_group
                && !(alt.exclude_self && id == at.source)
                && handler.sweeps_card(state, at.source, id, zone, &alt.params)
                && meets_target_condition(state, at, target, event)
            {
                cards.push(id);
            }
        }
    }
    cards
}

/// Every target the alteration's effect accepts now, in a fixed order: players by seat, then
/// the cards of the zone the effect targets ([`crate::EffectHandler::target_zone`]), the first
/// seat's then the second's, in zone order.
pub fn legal_targets(state: &GameState, at: AlterationRef) -> Vec<Target> {
    let mut targets = Vec::new();
    for_each_legal_target(state, at, |target| {
        targets.push(target);
        true
    });
    targets
}

/// True when the alteration's effect accepts some target now: [`legal_targets`] is not empty.
/// Stops at the first and allocates nothing.
pub fn has_legal_target(state: &GameState, at: AlterationRef) -> bool {
    let mut found = false;
    for_each_legal_target(state, at, |_| {
        found = true;
        false
    });
    found
}

/// Calls `visit` with each target of [`legal_targets`], in its order, while `visit` returns
/// true.
fn for_each_legal_target(
    state: &GameState,
    at: AlterationRef,
    mut visit: impl FnMut(Target) -> bool,
) {
    let Some(handler) = state.content().handler(at) else {
        return;
    };
    let alt = alteration(state, at);
    let params = &alt.params;
    let players = PlayerId::ALL.into_iter().map(Target::Player);
    if alt.group.is_some() {
        // A group alteration chooses whose zone it sweeps: a player.
        for target in players {
            if !visit(target) {
                return;
            }
        }
        return;
    }
    let cards = handler.target_zone(params).into_iter().flat_map(|zone| {
        [PlayerId::FIRST, PlayerId::SECOND]
            .into_iter()
            .flat_map(move |player| state.player(player).zone(zone).iter())
            .map(|&id| Target::Card(id))
    });
    let conditioned = alt.target_condition.is_some();
    for target in players.chain(cards) {
        if handler.legal_target_for(state, at.source, target, params)
            && (!conditioned || meets_target_condition(state, at, target, None))
            && !visit(target)
        {
            return;
        }
    }
}

/// Whose side the alteration's effect is meant for, as the effect declares
/// ([`crate::EffectHandler::aim`]): [`Aim::Neutral`] for an effect the game does not have.
/// [`Aim::side`] turns it into the player a bot should aim at.
pub fn aim_of(state: &GameState, at: AlterationRef) -> Aim {
    state
        .content()
        .handler(at)
        .map_or(Aim::Neutral, |handler| handler.aim())
}

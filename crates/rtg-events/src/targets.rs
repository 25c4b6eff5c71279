//! Targets of alterations: resolving a target spec, and which targets are legal.

use rtg_core::{Aim, AlterationData, AlterationRef, GameState, PlayerId, Target, TargetSpec};

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
/// `None` for [`TargetSpec::Choose`].
pub fn resolve_target(
    spec: TargetSpec,
    source: AlterationRef,
    controller: PlayerId,
) -> Option<Target> {
    match spec {
        TargetSpec::SelfCard => Some(Target::Card(source.source)),
        TargetSpec::Owner => Some(Target::Player(controller)),
        TargetSpec::Opponent => Some(Target::Player(controller.opponent())),
        TargetSpec::Choose => None,
    }
}

/// True when the effect of the alteration at `at` accepts `target` now. A player id that is no
/// seat is never legal, whatever a user's effect would say (it would index no player).
pub fn is_legal_target(state: &GameState, at: AlterationRef, target: Target) -> bool {
    if let Target::Player(p) = target
        && !p.is_seat()
    {
        return false;
    }
    match state.content().handler(at) {
        Some(handler) => handler.legal_target(state, target, &alteration(state, at).params),
        None => false,
    }
}

/// Every target the alteration's effect accepts now, in a fixed order: players by seat, then
/// the cards of the zone the effect targets ([`rtg_core::EffectHandler::target_zone`]), the first
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
    let params = &alteration(state, at).params;
    let players = PlayerId::ALL.into_iter().map(Target::Player);
    let cards = handler.target_zone(params).into_iter().flat_map(|zone| {
        [PlayerId::FIRST, PlayerId::SECOND]
            .into_iter()
            .flat_map(move |player| state.player(player).zone(zone).iter())
            .map(|&id| Target::Card(id))
    });
    for target in players.chain(cards) {
        if handler.legal_target(state, target, params) && !visit(target) {
            return;
        }
    }
}

/// Whose side the alteration's effect is meant for, as the effect declares
/// ([`rtg_core::EffectHandler::aim`]): [`Aim::Neutral`] for an effect the game does not have.
/// [`Aim::side`] turns it into the player a bot should aim at.
pub fn aim_of(state: &GameState, at: AlterationRef) -> Aim {
    state
        .content()
        .handler(at)
        .map_or(Aim::Neutral, |handler| handler.aim())
}

//! Targets of alterations: resolving a target spec, and which targets are legal.

use rtg_core::{AlterationData, AlterationRef, GameState, PlayerId, Target, TargetSpec, Zone};

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

/// True when the alteration's effect accepts `target` now.
pub fn is_legal_target(state: &GameState, alt: &AlterationData, target: Target) -> bool {
    match state.content().effects.get(&alt.effect) {
        Some(handler) => handler.legal_target(state, target, &alt.params),
        None => false,
    }
}

/// Every target the alteration's effect accepts now, in a fixed order: players by seat, then
/// cards of each seat zone by zone (deck, hand, battlefield, graveyard) in zone order.
pub fn legal_targets(state: &GameState, alt: &AlterationData) -> Vec<Target> {
    let mut targets = Vec::new();
    for player in [PlayerId::FIRST, PlayerId::SECOND] {
        let target = Target::Player(player);
        if is_legal_target(state, alt, target) {
            targets.push(target);
        }
    }
    for player in [PlayerId::FIRST, PlayerId::SECOND] {
        for zone in Zone::ALL {
            for &id in state.player(player).zone(zone) {
                let target = Target::Card(id);
                if is_legal_target(state, alt, target) {
                    targets.push(target);
                }
            }
        }
    }
    targets
}

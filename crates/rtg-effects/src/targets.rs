//! Which targets each built-in takes: the zone a card target must be in, whether a target is
//! legal, and which zones and cards a mass alteration (`target: each`, `group`) sweeps. One place
//! for the legality of both a registered built-in and a compiled one.

use rtg_core::{
    CardType, GameState, InstanceId, Location, ParamValue, Params, Target, TargetKind, Zone,
};

use crate::builtin::Builtin;

/// What of `move_card`'s parameters decides its targets.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Moving {
    /// `from_zone`: where the card moved must be.
    pub(crate) from: Option<Zone>,
    /// `card_definition_id` is given: the effect finds the card itself, and its target (`self`)
    /// names none to move.
    pub(crate) by_id: bool,
}

impl Moving {
    /// What of `params` decides the targets.
    pub(crate) fn of(params: &Params) -> Moving {
        Moving {
            from: match params.get("from_zone") {
                Some(ParamValue::Zone(zone)) => Some(*zone),
                _ => None,
            },
            by_id: params.contains("card_definition_id"),
        }
    }
}

/// The zone a card target must be in: `from_zone` for `move_card`, the battlefield for the
/// other card effects.
pub(crate) fn target_zone(kind: Builtin, moving: Moving) -> Option<Zone> {
    match (kind, moving.from) {
        (Builtin::MoveCard, Some(zone)) => Some(zone),
        _ if kind.spec_target_kind() == TargetKind::Card => Some(Zone::Battlefield),
        _ => None,
    }
}

/// Whether `target` is legal for the built-in.
pub(crate) fn legal_target(
    kind: Builtin,
    state: &GameState,
    target: Target,
    moving: Moving,
) -> bool {
    match (kind, target) {
        // Found by its id, the card moved is not the target: any card names the effect's use.
        (Builtin::MoveCard, Target::Card(id)) if moving.by_id => state.try_card(id).is_some(),
        (Builtin::MoveCard, Target::Card(id)) => {
            let Some(card) = state.try_card(id) else {
                return false;
            };
            moving
                .from
                .is_some_and(|z| card.location() == Location::from(z))
        }
        // Tapping is for every permanent: creatures, artifacts and mana cards; so is cancelling
        // the delays aimed at one.
        (Builtin::TapCard | Builtin::UntapCard | Builtin::CancelDelay, Target::Card(id)) => {
            state.try_card(id).is_some_and(|c| c.on_battlefield())
        }
        (Builtin::DestroyCard, Target::Card(id)) => destroyable(state, id),
        (_, Target::Player(p)) => kind.spec_target_kind() == TargetKind::Player && p.is_seat(),
        (_, Target::Card(id)) => {
            kind.spec_target_kind() == TargetKind::Card
                && state
                    .try_card(id)
                    .is_some_and(|c| c.is_creature_on_battlefield())
        }
    }
}

/// Whether a mass alteration (`each`, `group`) of the built-in may sweep `zone`: where it means
/// something. `destroy_card` puts a card of a hand or a deck into the graveyard (PTG's README,
/// section 9.2, lets a group sweep them); in a graveyard it has nothing to do. The others act
/// where their targets are.
pub(crate) fn sweeps_zone(kind: Builtin, zone: Zone, moving: Moving) -> bool {
    match kind {
        Builtin::DestroyCard => zone != Zone::Graveyard,
        _ => target_zone(kind, moving) == Some(zone),
    }
}

/// Whether a mass alteration of the built-in sweeping `zone` acts on `card`, found there:
/// any card of a hand or a deck for `destroy_card`, else a legal target.
pub(crate) fn sweeps_card(
    kind: Builtin,
    state: &GameState,
    source: InstanceId,
    card: InstanceId,
    zone: Zone,
    moving: Moving,
) -> bool {
    match (kind, zone) {
        (Builtin::DestroyCard, Zone::Hand | Zone::Deck) => state
            .try_card(card)
            .is_some_and(|c| c.location() == Location::from(zone)),
        _ => {
            let target = Target::Card(card);
            not_itself(kind, source, target) && legal_target(kind, state, target, moving)
        }
    }
}

/// A creature fights another: `fight` never targets its own source.
pub(crate) fn not_itself(kind: Builtin, source: InstanceId, target: Target) -> bool {
    kind != Builtin::Fight || target != Target::Card(source)
}

/// What `destroy_card` destroys on the battlefield: a creature or an artifact (PTG 0.9.13 lets an
/// artifact die; "destroy target artifact" works in MTG), never a mana card. The one place this
/// is decided: the effect's targets and what it does both ask here.
pub(crate) fn destroyable(state: &GameState, id: InstanceId) -> bool {
    state.try_card(id).is_some_and(|c| {
        c.on_battlefield()
            && matches!(
                state.def(id).card_type,
                CardType::Creature | CardType::Artifact
            )
    })
}

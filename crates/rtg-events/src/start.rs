//! How an alteration takes effect: its condition, its target or the cards it sweeps, its
//! computed numbers, the effect itself and the reversal it arms. [`start_use`] is the one way in,
//! whatever set the alteration off (a trigger, a spell, an activation, a chosen target).
//!
//! Computed numbers are read when the effect applies, except where they must be read once and
//! kept: a mass alteration (`target: each`, `group`) reads them before its first card changes,
//! and a delay when it is set ([`frozen_params`]).

use rtg_core::targets::{mass_targets, meets_target_condition, resolve_target, swept_zone};
use rtg_core::{
    AlterationData, AlterationRef, Amount, Applied, ArmedReversal, Content, EffectContext,
    EffectSpec, Event, GameState, MAX_AMOUNT, ParamKind, ParamValue, Params, PlayerId, Record,
    Scope, Target, TargetSpec, Zone,
};

use crate::queue::{MAX_ARMED_REVERSALS, TriggerError};

/// Starts an alteration's effect on one target now, and arms its reversal when it is temporary.
/// Its condition is not looked at (see [`start_use`], which checks it and finds the targets of
/// mass alterations); `event` is what set it off, for its computed numbers.
///
/// Returns `false`, doing nothing, when the target is no longer legal (the effect fizzles, and
/// since it never started, nothing will be reversed).
pub fn start_alteration(
    state: &mut GameState,
    log: &mut Vec<Event>,
    at: AlterationRef,
    controller: PlayerId,
    target: Target,
    event: Option<&Event>,
) -> Result<bool, TriggerError> {
    let content = std::sync::Arc::clone(state.content());
    let alt = alteration_of(&content, at);
    let started = Started {
        content: &content,
        at,
        alt,
        controller,
        event,
    };
    started.on(state, log, target, &Aimed::Single)
}

/// The alteration `at` points at, in a game's content (see [`rtg_core::targets::alteration`]).
fn alteration_of(content: &Content, at: AlterationRef) -> &AlterationData {
    &content.definitions.get(at.def).abilities[usize::from(at.ability)].alterations
        [usize::from(at.alteration)]
}

/// How one card or player is aimed at by [`Started::on`].
enum Aimed<'a> {
    /// A single target: it must be legal for the effect, and the effect reads its numbers now.
    Single,
    /// A card a mass alteration sweeps in `zone`: the effect must take it there, and every card
    /// of the sweep gets the numbers read before the first changed.
    Swept { zone: Zone, frozen: &'a Frozen },
}

/// An alteration being started, with what every target of it shares.
struct Started<'a> {
    content: &'a Content,
    at: AlterationRef,
    alt: &'a AlterationData,
    controller: PlayerId,
    event: Option<&'a Event>,
}

impl Started<'_> {
    /// Starts the effect on `target`, aimed as `aimed` says: `false`, doing nothing, when the
    /// effect does not take it (now).
    fn on(
        &self,
        state: &mut GameState,
        log: &mut Vec<Event>,
        target: Target,
        aimed: &Aimed<'_>,
    ) -> Result<bool, TriggerError> {
        let (at, alt) = (self.at, self.alt);
        let unknown = || TriggerError::UnknownEffect(alt.effect.to_string());
        // Frozen numbers go to the effect as registered, which reads its parameters by name (as
        // a delay's do); otherwise the alteration's compiled handler runs with its own.
        let frozen = match aimed {
            Aimed::Swept { frozen, .. } => Some(*frozen),
            Aimed::Single => None,
        };
        let (handler, params) = match frozen.and_then(|f| f.params.as_ref()) {
            Some(params) => (self.content.effects.get(&alt.effect), params),
            None => (self.content.handler(at), &alt.params),
        };
        let handler = handler.ok_or_else(unknown)?;
        let legal = match (aimed, target) {
            (Aimed::Single, _) => handler.legal_target_for(state, at.source, target, params),
            (Aimed::Swept { zone, .. }, Target::Card(card)) => {
                handler.sweeps_card(state, at.source, card, *zone, params)
            }
            (Aimed::Swept { .. }, Target::Player(_)) => false,
        };
        if !legal {
            return Ok(false);
        }
        if let Some(turns) = alt.delay {
            // A delayed effect takes effect by being set: its target and numbers are fixed now,
            // and it applies at its controller's turn start `turns` turns on. (A mass alteration
            // has no delay: the loader refuses one.)
            crate::delays::set_delay(
                state,
                log,
                handler.spec(),
                at,
                alt,
                self.controller,
                target,
                self.event,
                turns,
            );
            return Ok(true);
        }
        let mut ctx = EffectContext {
            state,
            events: log,
            source: at.source,
            controller: self.controller,
            alteration: at,
            event: self.event.copied(),
        };
        let applied = handler.apply(&mut ctx, target, params)?;
        if alt.is_temporary() && !matches!(applied.record, Record::Deferred) {
            let turns = match frozen {
                Some(frozen) => frozen.turns,
                None => duration(state, at, alt, self.controller, self.event),
            };
            arm(state, at, self.controller, applied, turns)?;
        }
        Ok(true)
    }
}

/// Arms the reversal of what a temporary alteration applied: at its end trigger, or at the start
/// of the turn its duration ends. A computed duration is read now, right after the effect
/// applied, with the alteration's card as `self`, its controller as "you" and `event`.
///
/// # Errors
/// [`TriggerError::ReversalLimit`] when [`MAX_ARMED_REVERSALS`] are armed already.
pub fn arm_reversal(
    state: &mut GameState,
    at: AlterationRef,
    controller: PlayerId,
    applied: Applied,
    event: Option<&Event>,
) -> Result<(), TriggerError> {
    let alt = rtg_core::targets::alteration(state, at);
    let turns = duration(state, at, alt, controller, event);
    arm(state, at, controller, applied, turns)
}

/// The turns a temporary alteration lasts, read now (with its card as `self`, its controller as
/// "you" and `event`); `None` when it has no `turn_duration`.
fn duration(
    state: &GameState,
    at: AlterationRef,
    alt: &AlterationData,
    controller: PlayerId,
    event: Option<&Event>,
) -> Option<u32> {
    alt.turn_duration.as_ref().map(|duration| {
        duration.turns(&Scope {
            state,
            subject: Some(at.source),
            controller,
            event,
        })
    })
}

/// [`arm_reversal`] with its duration already read.
fn arm(
    state: &mut GameState,
    at: AlterationRef,
    controller: PlayerId,
    applied: Applied,
    turns: Option<u32>,
) -> Result<(), TriggerError> {
    if state.reversals().len() >= MAX_ARMED_REVERSALS {
        return Err(TriggerError::ReversalLimit {
            limit: MAX_ARMED_REVERSALS,
        });
    }
    let end_trigger = rtg_core::targets::alteration(state, at).end_trigger;
    let id = state.next_reversal_id();
    let expires_on_turn = turns.map(|n| state.turn().saturating_add(n));
    state.reversals_mut().push_back(ArmedReversal {
        id,
        alteration: at,
        controller,
        applied,
        end_trigger,
        expires_on_turn,
    });
    Ok(())
}

/// True when the alteration's condition holds now (evaluated with its card as `self`, its
/// controller as "you" and `event`), or it has none.
pub fn condition_holds(
    state: &GameState,
    at: AlterationRef,
    controller: PlayerId,
    event: Option<&Event>,
) -> bool {
    holds(
        state,
        rtg_core::targets::alteration(state, at),
        at,
        controller,
        event,
    )
}

/// [`condition_holds`] with the alteration at hand.
fn holds(
    state: &GameState,
    alt: &AlterationData,
    at: AlterationRef,
    controller: PlayerId,
    event: Option<&Event>,
) -> bool {
    alt.condition.as_ref().is_none_or(|condition| {
        condition.holds(&Scope {
            state,
            subject: Some(at.source),
            controller,
            event,
        })
    })
}

/// Uses an alteration now: the one way an alteration takes effect, whether a trigger resolves, a
/// spell resolves, an ability is activated or a pending trigger gets its target. Nothing
/// happens when its `condition` does not hold now (a trigger's is checked again here, after
/// the check when it fired: MTG's intervening "if"). Then it starts on its target (`chosen`,
/// or the one its spec names; one that fails `target_condition` fizzles), or, for `target:
/// each` and `group`, on each card it sweeps, in [`mass_targets`] order, each as a single
/// target would be (its own events, its own reversal), with the numbers read once before the
/// first card changes.
///
/// Returns whether it started on anything.
pub fn start_use(
    state: &mut GameState,
    log: &mut Vec<Event>,
    at: AlterationRef,
    controller: PlayerId,
    chosen: Option<Target>,
    event: Option<&Event>,
) -> Result<bool, TriggerError> {
    let content = std::sync::Arc::clone(state.content());
    let alt = alteration_of(&content, at);
    if !holds(state, alt, at, controller, event) {
        return Ok(false);
    }
    let started = Started {
        content: &content,
        at,
        alt,
        controller,
        event,
    };
    let target = match alt.target {
        TargetSpec::Each => None,
        spec => resolve_target(spec, at, controller).or(chosen),
    };
    if alt.is_mass() {
        let player = match target {
            Some(Target::Player(p)) => Some(p),
            // `group` with `target: self` sweeps the zone of the card's owner.
            Some(Target::Card(id)) => state.try_card(id).map(|c| c.owner),
            None => None,
        };
        let (Some(zone), Some(handler)) = (swept_zone(state, at), content.handler(at)) else {
            return Ok(false);
        };
        let cards = mass_targets(state, at, player, event);
        // Every computed number is read once, before the first card changes, as PTG's
        // `resolve_params` does before its loop and as an MTG effect reads an amount once: a
        // lord giving each creature you control +X/+0, X its attack, gives each the same X,
        // itself included, whatever order they come in.
        let frozen = Frozen::now(state, handler.spec(), at, alt, controller, event);
        let aimed = Aimed::Swept {
            zone,
            frozen: &frozen,
        };
        let mut any = false;
        for id in cards {
            any |= started.on(state, log, Target::Card(id), &aimed)?;
        }
        return Ok(any);
    }
    let Some(target) = target else {
        return Ok(false);
    };
    if alt.target_condition.is_some() && !meets_target_condition(state, at, target, event) {
        return Ok(false);
    }
    started.on(state, log, target, &Aimed::Single)
}

/// A mass alteration's numbers, read once before its first card changes and given to each.
struct Frozen {
    /// Its parameters with every computed number read ([`frozen_params`]); `None` when none is
    /// computed, so that the compiled handler serves.
    params: Option<Params>,
    /// Its `turn_duration`, read.
    turns: Option<u32>,
}

impl Frozen {
    /// The numbers of the alteration `alt` (at `at`) read now.
    fn now(
        state: &GameState,
        spec: &EffectSpec,
        at: AlterationRef,
        alt: &AlterationData,
        controller: PlayerId,
        event: Option<&Event>,
    ) -> Frozen {
        Frozen {
            params: frozen_params(state, spec, at, alt, controller, event),
            turns: duration(state, at, alt, controller, event),
        }
    }
}

/// The alteration's parameters with every computed number replaced by its value now (with the
/// alteration's card as `self`, its controller as "you" and `event`), brought into the range
/// of the kind the effect declares for it, as the effect itself would have read it now; `None`
/// when no parameter is computed, so that the alteration's compiled parameters serve.
pub(crate) fn frozen_params(
    state: &GameState,
    spec: &EffectSpec,
    at: AlterationRef,
    alt: &AlterationData,
    controller: PlayerId,
    event: Option<&Event>,
) -> Option<Params> {
    let computed = |v: &ParamValue| match v {
        ParamValue::Amount(Amount::Fixed(_)) => false,
        ParamValue::Amount(_) | ParamValue::Expr(_) => true,
        _ => false,
    };
    if !alt.params.iter().any(|(_, v)| computed(v)) {
        return None;
    }
    let scope = Scope {
        state,
        subject: Some(at.source),
        controller,
        event,
    };
    let mut frozen = Params::new();
    for (name, value) in alt.params.iter() {
        // The kind the effect declares, the widest whole numbers when it declares none (as
        // `EffectContext::int` reads an undeclared one).
        let kind = spec
            .params
            .iter()
            .find(|p| p.name == name)
            .map_or(ParamKind::SignedInt, |p| p.kind);
        let value = match value {
            ParamValue::Amount(Amount::SourceAttack) => {
                ParamValue::Amount(Amount::Fixed(kind.clamp(state.card(at.source).attack())))
            }
            ParamValue::Amount(Amount::SourceDefense) => {
                ParamValue::Amount(Amount::Fixed(kind.clamp(state.card(at.source).defense())))
            }
            ParamValue::Expr(expr) => {
                let (low, high) = kind.int_range().unwrap_or((-MAX_AMOUNT, MAX_AMOUNT));
                let n = expr.value_in(&scope, low, high);
                if kind == ParamKind::Amount {
                    ParamValue::Amount(Amount::Fixed(n))
                } else {
                    ParamValue::Int(n)
                }
            }
            other => other.clone(),
        };
        frozen.insert(name, value);
    }
    Some(frozen)
}

//! The first-in-first-out resolution queue and the reversal of temporary effects.

use std::collections::VecDeque;

use rtg_core::{
    AlterationRef, Applied, ArmedReversal, EffectContext, EffectError, Event, EventType, GameState,
    InstanceId, Listener, PendingTrigger, PlayerId, Target, TargetSpec,
};
use thiserror::Error;

use crate::matching::{Departed, for_each_match, passes_filters};
use crate::start::{condition_holds, start_use};
use rtg_core::targets::{alteration, has_legal_target, resolve_target};

/// The most queued effects one step may resolve. A chain longer than this (a trigger that keeps
/// re-triggering itself) is refused as a whole.
pub const CHAIN_LIMIT: usize = 10_000;

/// The most temporary effects a game may hold armed for reversal at once. Each event is matched
/// against the armed reversals that wait for its kind, so without a bound a card that arms one
/// per free use would make every later action slower (issue #23); a step that would arm one more
/// is refused as a whole, like a runaway chain.
pub const MAX_ARMED_REVERSALS: usize = 10_000;

/// What a queued item does when it resolves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum QueuedTask {
    /// Start the alteration: on its target (`None` for `target: each`, which finds its cards
    /// as it starts).
    Start(Option<Target>),
    /// Undo what an earlier start applied.
    Reverse(Applied),
}

/// An item of the first-in-first-out resolution queue.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct QueuedEffect {
    /// The alteration.
    pub(crate) alteration: AlterationRef,
    /// The controller of its source.
    pub(crate) controller: PlayerId,
    /// What to do.
    pub(crate) task: QueuedTask,
    /// The firing of a triggered ability this item belongs to (none for a reversal), so that
    /// [`Scratch::trigger_uses`] counts a firing's resolution once however many alterations
    /// it has.
    pub(crate) firing: Option<u32>,
    /// Where the event that fired it is in the step's log (none for a reversal): what its
    /// condition is checked against again when it resolves, and what its computed numbers read.
    /// An index rather than the event, so that the queue's items stay small.
    pub(crate) event: Option<u32>,
}

/// A triggered ability at work during one step: an event set it off, or a firing of it took
/// effect. [`Scratch::trigger_uses`] lists them; the simulator's per-card statistics count them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TriggerUse {
    /// The card whose ability it is.
    pub card: InstanceId,
    /// The ability's index in the card's definition.
    pub ability: u16,
    /// What happened.
    pub stage: TriggerStage,
}

/// What happened to a triggered ability (see [`TriggerUse`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TriggerStage {
    /// An event set it off: once per event, however many of its alterations match.
    Fired,
    /// A firing took effect: its first alteration started (for one that waited for a target,
    /// when the target was chosen).
    Resolved,
}

/// The state-based checks, as the rules engine runs them: [`settle`] runs them after every
/// queued item (contract 13). Passed in because they belong to `rtg-rules`, above this crate.
pub type Checks = fn(&mut GameState, &mut Vec<Event>, &mut Scratch);

/// The working memory of a step: the resolution queue, the spell being resolved and the lists
/// the trigger matcher and the checks fill. It is not part of the game: [`Scratch::begin`]
/// empties what a step works with (a step that succeeds leaves the queue and the resolving slot
/// empty anyway; a refused one may leave items behind), so a step's outcome never depends on
/// the scratch it is given. The caller owns it and may reuse it for every step: the lists keep
/// their memory, so a step allocates nothing once they have grown to a game's needs.
///
/// Two things outlast a step, for the caller to read: the triggered abilities it fired and
/// resolved ([`Scratch::trigger_uses`], until the next step begins), and a count of the
/// matcher's work since the scratch was made ([`Scratch::reversals_examined`]).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    queue: VecDeque<QueuedEffect>,
    resolving: Option<InstanceId>,
    departed: Vec<crate::matching::Departed>,
    left: Vec<InstanceId>,
    sources: Vec<Listener>,
    fired: Vec<(InstanceId, u16, u16)>,
    alterations: Vec<AlterationRef>,
    picked: Vec<usize>,
    dying: Vec<InstanceId>,
    expired_delays: Vec<u32>,
    trigger_uses: Vec<TriggerUse>,
    firings: u32,
    reversals_examined: u64,
    resolved_firing: Option<u32>,
    combat: rtg_core::CombatBuffers,
    stats_changed: bool,
    checked_to: usize,
}

impl Scratch {
    /// An empty scratch.
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// An empty list for the alterations one action applies, with the memory of the last one:
    /// the rules engine takes it, fills it, and hands it back with
    /// [`Scratch::return_alteration_list`], so that playing a spell allocates nothing.
    pub fn take_alteration_list(&mut self) -> Vec<AlterationRef> {
        let mut list = std::mem::take(&mut self.alterations);
        list.clear();
        list
    }

    /// Gives back the list [`Scratch::take_alteration_list`] handed out, to reuse its memory.
    pub fn return_alteration_list(&mut self, list: Vec<AlterationRef>) {
        self.alterations = list;
    }

    /// How many armed reversals have been tested for firing since this scratch was made: a
    /// measure of the matcher's work that tests can bound. An event is tested against them only
    /// when one of them ends on its kind, and a turn's start only when one of them expires.
    pub fn reversals_examined(&self) -> u64 {
        self.reversals_examined
    }

    /// The triggered abilities that fired and took effect during the last step (the list
    /// starts empty as each step begins), in the order it happened.
    pub fn trigger_uses(&self) -> &[TriggerUse] {
        &self.trigger_uses
    }

    /// Records that a triggered ability's firing took effect outside the queue (a pending
    /// trigger resolved by the action that chose its target).
    pub fn note_trigger_resolved(&mut self, card: InstanceId, ability: u16) {
        self.trigger_uses.push(TriggerUse {
            card,
            ability,
            stage: TriggerStage::Resolved,
        });
    }

    /// An empty list for the creatures the state-based checks find dying, with the memory of
    /// the last: taken and given back ([`Scratch::return_dying_list`]) around the checks.
    pub fn take_dying_list(&mut self) -> Vec<InstanceId> {
        let mut list = std::mem::take(&mut self.dying);
        list.clear();
        list
    }

    /// Gives back the list [`Scratch::take_dying_list`] handed out.
    pub fn return_dying_list(&mut self, list: Vec<InstanceId>) {
        self.dying = list;
    }

    /// An empty list for the ids of the delays a turn start counts down to 0, with the memory
    /// of the last: taken and given back ([`Scratch::return_delay_list`]) around them.
    pub fn take_delay_list(&mut self) -> Vec<u32> {
        let mut list = std::mem::take(&mut self.expired_delays);
        list.clear();
        list
    }

    /// Gives back the list [`Scratch::take_delay_list`] handed out.
    pub fn return_delay_list(&mut self, list: Vec<u32>) {
        self.expired_delays = list;
    }

    /// The lists resolving combat fills, with their memory: taken and given back
    /// ([`Scratch::return_combat_buffers`]) around `rtg_combat::resolve_combats`.
    pub fn take_combat_buffers(&mut self) -> rtg_core::CombatBuffers {
        std::mem::take(&mut self.combat)
    }

    /// Gives back the lists [`Scratch::take_combat_buffers`] handed out.
    pub fn return_combat_buffers(&mut self, buffers: rtg_core::CombatBuffers) {
        self.combat = buffers;
    }

    /// The spell being resolved, whose own triggers are active meanwhile.
    pub fn resolving(&self) -> Option<InstanceId> {
        self.resolving
    }

    /// Sets or clears the spell being resolved (the rules engine does, around a spell's
    /// resolution).
    pub fn set_resolving(&mut self, spell: Option<InstanceId>) {
        self.resolving = spell;
    }

    /// Readies the scratch for a step whose events start at `events` in its log: empties what a
    /// refused step may have left behind.
    pub fn begin(&mut self, events: usize) {
        // Almost always empty already: `VecDeque::clear` of an empty queue still costs a
        // truncate call, and this runs once per step.
        if !self.queue.is_empty() {
            self.queue.clear();
        }
        self.resolving = None;
        self.stats_changed = false;
        self.checked_to = events;
        self.trigger_uses.clear();
    }

    /// Notes that an effect ran, so that creatures' stats may have changed in ways no event
    /// shows (a buff, `set_stats`): the next state-based check looks for deaths.
    pub fn note_effect(&mut self) {
        self.stats_changed = true;
    }

    /// True when a creature may have come to die since the last call: an effect ran, or the
    /// events since then deal damage or bring a creature onto a battlefield. The state-based
    /// checks look for deaths only then; a creature's stats change in no other way during a step.
    pub fn creatures_may_die(&mut self, log: &[Event]) -> bool {
        let from = self.checked_to.min(log.len());
        let changed = std::mem::take(&mut self.stats_changed)
            || log[from..].iter().any(|e| {
                matches!(
                    e.kind,
                    EventType::OnCardReceiveDamage | EventType::OnCardEnterBattlefield
                )
            });
        self.checked_to = log.len();
        changed
    }
}

/// Why a step could not settle.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum TriggerError {
    /// The chain of triggered effects did not end within [`CHAIN_LIMIT`] resolutions.
    #[error("the chain of triggered effects did not end within {limit} resolutions")]
    ChainLimit {
        /// The limit.
        limit: usize,
    },
    /// A step would arm more than [`MAX_ARMED_REVERSALS`] temporary effects.
    #[error("a step would hold more than {limit} temporary effects armed for reversal")]
    ReversalLimit {
        /// The limit.
        limit: usize,
    },
    /// An alteration names an effect the game's registry does not have.
    #[error("effect `{0}` is not registered in this game")]
    UnknownEffect(String),
    /// An effect failed.
    #[error(transparent)]
    Effect(#[from] EffectError),
}

fn reverse(
    state: &mut GameState,
    log: &mut Vec<Event>,
    at: AlterationRef,
    controller: PlayerId,
    applied: &rtg_core::Applied,
) -> Result<(), TriggerError> {
    let content = std::sync::Arc::clone(state.content());
    let handler = content
        .handler(at)
        .ok_or_else(|| TriggerError::UnknownEffect(alteration(state, at).effect.to_string()))?;
    let mut ctx = EffectContext {
        state,
        events: log,
        source: at.source,
        controller,
        alteration: at,
        event: None,
    };
    handler.reverse(&mut ctx, applied)?;
    Ok(())
}

/// Queues the reversal of every temporary effect whose duration ends at the start of `turn`,
/// in the order they were started. Called by the rules engine when a turn begins.
pub fn expire_timed_effects(state: &mut GameState, scratch: &mut Scratch, turn: u32) {
    let expires = |r: &ArmedReversal| r.expires_on_turn.is_some_and(|t| t <= turn);
    if !state.reversals().iter().any(expires) {
        return;
    }
    fire_reversals(state, scratch, |_, r| expires(r));
}

/// Matches one batch of events (`log[from..]`) against active triggers and armed reversals,
/// queueing what they fire.
fn match_batch(state: &mut GameState, scratch: &mut Scratch, log: &[Event], from: usize) {
    let batch = &log[from..];
    let departed = &mut scratch.departed;
    departed.clear();
    for (index, event) in batch.iter().enumerate() {
        let Some(card) = event.source else { continue };
        match event.kind {
            EventType::OnCardLeaveBattlefield => departed.push(Departed { card, until: index }),
            EventType::OnCardDeath => {
                if let Some(d) = departed.iter_mut().rev().find(|d| d.card == card) {
                    d.until = index;
                }
            }
            _ => {}
        }
    }
    let quiet = scratch.departed.is_empty() && scratch.resolving.is_none();
    let heard = batch.iter().fold(0u32, |mask, e| mask | e.kind.bit());
    let battlefields = state.players().iter().fold(0, |all, p| all | p.listened());
    let listened = if quiet {
        // The common case, decided without building the list of sources.
        battlefields
    } else {
        scratch.left.clear();
        scratch.left.extend(scratch.departed.iter().map(|d| d.card));
        crate::matching::trigger_sources(
            state,
            scratch.resolving,
            &scratch.left,
            &mut scratch.sources,
        )
    };
    // The kinds armed reversals end on, found once per batch: an event of any other kind can
    // fire none of them, so its cost does not grow with how many are armed.
    let awaited = state
        .reversals()
        .iter()
        .filter_map(|r| r.end_trigger)
        .fold(0u32, |mask, kind| mask | kind.bit());
    if heard & listened == 0 {
        // No source listens for these events: only reversals can fire.
        if heard & awaited != 0 {
            for event in batch {
                match_reversals(state, scratch, event, awaited);
            }
        }
        return;
    }
    if quiet {
        scratch.left.clear();
        crate::matching::trigger_sources(state, None, &[], &mut scratch.sources);
    }
    for (index, event) in batch.iter().enumerate() {
        scratch.fired.clear();
        let kind = event.kind.bit();
        for &Listener { card, events } in &scratch.sources {
            if events & kind == 0 {
                continue;
            }
            for_each_match(
                state,
                scratch.resolving,
                card,
                event,
                index,
                &scratch.departed,
                |ability, alt| scratch.fired.push((card, ability, alt)),
            );
        }
        let mut previous = None;
        let mut allowed = false;
        for i in 0..scratch.fired.len() {
            let (card, ability, alt_index) = scratch.fired[i];
            let instance = state.card(card);
            let at = AlterationRef {
                source: card,
                def: instance.def,
                ability,
                alteration: alt_index,
            };
            let controller = instance.owner;
            // A condition is checked as the trigger fires, and again as it resolves.
            if !condition_holds(state, at, controller, Some(event)) {
                continue;
            }
            // One card's matches come together, so a new (card, ability) is a new firing.
            if previous != Some((card, ability)) {
                previous = Some((card, ability));
                allowed = within_max_activations(state, card, ability);
                if allowed {
                    scratch.firings = scratch.firings.wrapping_add(1);
                    scratch.trigger_uses.push(TriggerUse {
                        card,
                        ability,
                        stage: TriggerStage::Fired,
                    });
                }
            }
            if !allowed {
                continue;
            }
            let firing = scratch.firings;
            let spec = alteration(state, at).target;
            let queued = match spec {
                TargetSpec::Each => Some(None),
                _ => resolve_target(spec, at, controller).map(Some),
            };
            match queued {
                Some(target) => scratch.queue.push_back(QueuedEffect {
                    alteration: at,
                    controller,
                    task: QueuedTask::Start(target),
                    firing: Some(firing),
                    event: u32::try_from(from + index).ok(),
                }),
                None => {
                    if !has_legal_target(state, at) {
                        tracing::debug!(?at, "pending trigger dropped: no legal target");
                        continue;
                    }
                    let target_kind = state.content().handler(at).map(|h| h.spec().target_kind);
                    if let Some(target_kind) = target_kind {
                        state.pending_triggers_mut().push_back(PendingTrigger {
                            alteration: at,
                            controller,
                            target_kind,
                            event: *event,
                        });
                    }
                }
            }
        }
        match_reversals(state, scratch, event, awaited);
    }
}

/// Fires the armed reversals `event` ends; `awaited` holds the kinds any of them ends on.
fn match_reversals(state: &mut GameState, scratch: &mut Scratch, event: &Event, awaited: u32) {
    if event.kind.bit() & awaited == 0 {
        return;
    }
    let fires = |state: &GameState, r: &ArmedReversal| {
        r.end_trigger == Some(event.kind)
            && passes_filters(
                state,
                alteration(state, r.alteration),
                r.alteration.source,
                r.controller,
                event,
            )
    };
    fire_reversals(state, scratch, fires);
}

/// Moves the armed reversals that `fires` picks from the state to the end of the queue, in the
/// order they were armed, and keeps the others in their order, in one pass. Allocates nothing
/// once the scratch is warm: the picks are indices in the scratch, and each reversal moves.
fn fire_reversals(
    state: &mut GameState,
    scratch: &mut Scratch,
    fires: impl Fn(&GameState, &ArmedReversal) -> bool,
) {
    scratch.reversals_examined += state.reversals().len() as u64;
    let picked = &mut scratch.picked;
    picked.clear();
    picked.extend(
        state
            .reversals()
            .iter()
            .enumerate()
            .filter(|(_, r)| fires(state, r))
            .map(|(index, _)| index),
    );
    // In armed order, after what was queued before; one pass removes them all.
    let queue = &mut scratch.queue;
    state.reversals_mut().extract_at(picked, |r| {
        queue.push_back(QueuedEffect {
            alteration: r.alteration,
            controller: r.controller,
            task: QueuedTask::Reverse(r.applied),
            firing: None,
            event: None,
        });
    });
}

/// Settles a step: matches the events from `log[from..]`, then resolves the queue first in,
/// first out, running the state-based checks after each item and matching the events each
/// resolution causes, until the queue is empty or the game is over. Pending triggers left with
/// no legal target are then dropped.
///
/// On error the state is left part-way: callers work on a copy and drop it.
pub fn settle(
    state: &mut GameState,
    log: &mut Vec<Event>,
    from: usize,
    scratch: &mut Scratch,
    checks: Checks,
) -> Result<(), TriggerError> {
    let mut cursor = from;
    let mut resolved = 0usize;
    loop {
        if cursor < log.len() {
            match_batch(state, scratch, log, cursor);
            cursor = log.len();
        }
        if state.is_over() {
            scratch.queue.clear();
            return Ok(());
        }
        let Some(item) = scratch.queue.pop_front() else {
            drop_unresolvable_pending(state);
            return Ok(());
        };
        resolved += 1;
        if resolved > CHAIN_LIMIT {
            return Err(TriggerError::ChainLimit { limit: CHAIN_LIMIT });
        }
        match &item.task {
            QueuedTask::Start(target) => {
                if item.firing.is_some() && item.firing != scratch.resolved_firing {
                    scratch.resolved_firing = item.firing;
                    scratch.trigger_uses.push(TriggerUse {
                        card: item.alteration.source,
                        ability: item.alteration.ability,
                        stage: TriggerStage::Resolved,
                    });
                }
                let event = item.event.and_then(|i| log.get(i as usize).copied());
                start_use(
                    state,
                    log,
                    item.alteration,
                    item.controller,
                    *target,
                    event.as_ref(),
                )?;
            }
            QueuedTask::Reverse(applied) => {
                reverse(state, log, item.alteration, item.controller, applied)?;
            }
        }
        scratch.note_effect();
        checks(state, log, scratch);
    }
}

/// True when the card's ability may be used once more this turn: it has no `max_activations`,
/// or it was used fewer times. A use that is allowed is counted.
fn within_max_activations(state: &mut GameState, card: InstanceId, ability: u16) -> bool {
    let Some(max) = state.def(card).abilities[usize::from(ability)].max_activations else {
        return true;
    };
    if state.uses_this_turn(card, ability) >= max {
        return false;
    }
    state.count_use(card, ability);
    true
}

/// Drops the pending triggers that have no legal target left (their only targets went away
/// while the queue resolved): no action could resolve them, and every other action is refused
/// while one waits, so keeping them would lock the game.
fn drop_unresolvable_pending(state: &mut GameState) {
    let resolvable = |p: &PendingTrigger| has_legal_target(state, p.alteration);
    if state.pending_triggers().iter().all(resolvable) {
        return;
    }
    let keep: rtg_core::SharedVec<PendingTrigger> = state
        .pending_triggers()
        .iter()
        .filter(|p| resolvable(p))
        .cloned()
        .collect();
    tracing::debug!("pending triggers dropped: no legal target left");
    *state.pending_triggers_mut() = keep;
}

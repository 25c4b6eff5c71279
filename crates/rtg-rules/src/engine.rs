//! The functional core: checking an action and computing the next state.

use rtg_combat::{AttackRefusal, BlockRefusal, check_attacker, check_blocker};
use rtg_core::{
    AbilityType, AlterationRef, CardType, Combat, Event, EventType, GameState, GameStatus,
    InstanceId, Location, Mana, Phase, PlayerId, Target, TargetSpec, Technique,
};
use rtg_events::{
    Scratch, alteration, arm_reversal, count_down_delays, expire_timed_effects, fire_delay,
    is_legal_target, meets_target_condition, resolve_target, settle, start_use,
};

use crate::action::Action;
use crate::checks::checks_in_step;
use crate::error::RulesError;

/// The new state an action produced and the events it caused, in order.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The state after the action.
    pub state: GameState,
    /// What happened, in order.
    pub events: Vec<Event>,
}

/// The phases in which the active player may play cards and activate abilities.
pub const PLAYABLE_PHASES: [Phase; 2] = [Phase::Main, Phase::MainPostcombat];

/// Applies an action to a state: the pure core of rtg. Returns the next state and the events the
/// action caused, or the rule it broke; `state` itself is never changed.
pub fn apply(state: &GameState, action: &Action) -> Result<Outcome, RulesError> {
    let mut next = state.clone();
    let mut events = Vec::new();
    step(&mut next, action, &mut events, &mut Scratch::new())?;
    Ok(Outcome {
        state: next,
        events,
    })
}

/// Applies an action in place, appending its events to `events`: the fast path for simulations
/// that keep no history. On error the state may be partly changed (an action refused by a check
/// changes nothing; one that fails while resolving, such as a runaway trigger chain, may have):
/// use [`apply`], or keep a copy, when the state must survive a refusal.
///
/// `scratch` is the step's working memory (the resolution queue, the spell being resolved, the
/// trigger matcher's lists), never part of the state: make one [`Scratch`] for a loop of steps
/// and pass it to each, so that a step allocates nothing once it has grown to the game's needs.
pub fn step(
    state: &mut GameState,
    action: &Action,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) -> Result<(), RulesError> {
    scratch.begin(events.len());
    if state.is_over() {
        return Err(RulesError::GameOver);
    }
    if state.is_waiting()
        && !matches!(
            action,
            Action::ResolvePendingTrigger { .. } | Action::ResolveChoice { .. }
        )
    {
        return Err(if state.pending_triggers().is_empty() {
            RulesError::PendingChoice
        } else {
            RulesError::PendingTrigger
        });
    }
    // After contracts 4 and 14, which refuse every action, and before anything looks an id up.
    if let Some(player) = action.named_players().find(|p| !p.is_seat()) {
        return Err(RulesError::UnknownPlayer(player));
    }
    tracing::trace!(?action, turn = state.turn(), phase = %state.phase(), "step");
    match action {
        Action::AdvancePhase => advance_phase(state, events, scratch),
        Action::PlayCard {
            player,
            card,
            target,
        } => play_card(state, events, scratch, *player, *card, *target),
        Action::DeclareAttack { player, attacker } => {
            declare_attack(state, events, scratch, *player, *attacker)
        }
        Action::DeclareDefense {
            player,
            blocker,
            combat_index,
        } => declare_defense(state, events, scratch, *player, *blocker, *combat_index),
        Action::OrderBlockers {
            player,
            combat_index,
            blockers,
        } => order_blockers(state, *player, *combat_index, blockers),
        Action::ActivateAbility {
            player,
            card,
            ability_index,
            target,
        } => activate(
            state,
            events,
            scratch,
            *player,
            *card,
            *ability_index,
            *target,
        ),
        Action::ResolvePendingTrigger { index, target } => {
            resolve_pending(state, events, scratch, *index, *target)
        }
        Action::ResolveChoice { index, option } => {
            resolve_choice(state, events, scratch, *index, *option)
        }
    }
}

/// Who won, or whether the game goes on or is a draw.
pub fn check_victory(state: &GameState) -> GameStatus {
    state.status()
}

/// The phase after `phase` in the same turn; `None` after the end phase (the turn passes).
pub fn next_phase(phase: Phase) -> Option<Phase> {
    match phase {
        Phase::Draw => Some(Phase::Main),
        Phase::Main => Some(Phase::Attack),
        Phase::Attack => Some(Phase::Defense),
        Phase::Defense => Some(Phase::Combat),
        Phase::Combat => Some(Phase::MainPostcombat),
        Phase::MainPostcombat => Some(Phase::End),
        Phase::End => None,
    }
}

/// Runs the state-based checks, then settles every trigger the events since `from` fired.
fn finish(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    from: usize,
) -> Result<(), RulesError> {
    checks_in_step(state, events, scratch);
    settle(state, events, from, scratch, checks_in_step)?;
    Ok(())
}

fn advance_phase(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) -> Result<(), RulesError> {
    match next_phase(state.phase()) {
        Some(phase) => {
            state.set_phase(phase);
            match phase {
                Phase::Combat => enter_combat(state, events, scratch),
                Phase::End => enter_end(state, events, scratch),
                _ => Ok(()),
            }
        }
        None => {
            state.pass_turn();
            enter_draw(state, events, scratch)
        }
    }
}

/// Enters the draw phase of the current turn: refill the pool, clear the active player's
/// summoning sickness and attacked flags, reverse expired timed effects, count down the active
/// player's delayed effects (applying those that reach 0), `on_turn_start`, draw
/// (except on turn 1). Each part settles its triggers before the next begins.
pub(crate) fn enter_draw(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) -> Result<(), RulesError> {
    state.set_phase(Phase::Draw);
    if state.turn_limit().is_some_and(|limit| state.turn() > limit) {
        state.declare_draw();
        return Ok(());
    }
    let active = state.active();
    let sources = state.mana_sources(active);
    let player = state.player_mut(active);
    player.pool = sources;
    player.refills = player.refills.wrapping_add(1);
    player.mana_played = 0;
    // A shared copy of the list (one reference count): setting flags changes cards, not zones.
    let battlefield = state.player(active).battlefield().clone();
    for &id in &battlefield {
        // Sickness and the attacked flag wear off, and every tapped permanent untaps.
        state.ready(id);
    }
    drop(battlefield);
    let from = events.len();
    let turn = state.turn();
    expire_timed_effects(state, scratch, turn);
    finish(state, events, scratch, from)?;
    if state.is_over() {
        return Ok(());
    }
    run_delays(state, events, scratch, active)?;
    if state.is_over() {
        return Ok(());
    }
    let from = events.len();
    events.push(Event::new(EventType::OnTurnStart).owner(active));
    finish(state, events, scratch, from)?;
    if state.is_over() || state.turn() == 1 {
        return Ok(());
    }
    let from = events.len();
    state.draw(active, events);
    finish(state, events, scratch, from)
}

/// The delayed effects at the start of `active`'s turn (docs/rules.md, "Delayed effects"):
/// every delay of that player counts down, `on_delay_updated` settles, then each one that
/// reached 0 applies, in the order they were set, and settles (state-based checks, then its
/// triggers) before the next.
fn run_delays(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    active: PlayerId,
) -> Result<(), RulesError> {
    if state.delays().is_empty() || !state.delays().iter().any(|d| d.controller == active) {
        return Ok(());
    }
    let mut expired = scratch.take_delay_list();
    let from = events.len();
    count_down_delays(state, events, active, &mut expired);
    finish(state, events, scratch, from)?;
    for &id in &expired {
        if state.is_over() {
            break;
        }
        let from = events.len();
        if fire_delay(state, events, id)? {
            // A buff or `set_stats` causes no event: the checks must look for deaths anyway.
            scratch.note_effect();
        }
        finish(state, events, scratch, from)?;
    }
    scratch.return_delay_list(expired);
    Ok(())
}

fn enter_combat(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) -> Result<(), RulesError> {
    let from = events.len();
    let mut buffers = scratch.take_combat_buffers();
    rtg_combat::resolve_combats(state, events, &mut buffers, |state, events| {
        checks_in_step(state, events, scratch)
    });
    scratch.return_combat_buffers(buffers);
    finish(state, events, scratch, from)
}

/// Enters the end phase: discard at random down to the hand limit, `on_turn_end`, then damage
/// wears off every creature.
fn enter_end(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
) -> Result<(), RulesError> {
    let active = state.active();
    let from = events.len();
    loop {
        let player = state.player(active);
        let len = player.hand().len();
        if len <= player.hand_limit as usize {
            break;
        }
        let pick = state.rng_mut().below(len as u32) as usize;
        let id = state.player(active).hand()[pick];
        state.move_card(id, Location::Graveyard, events);
    }
    events.push(Event::new(EventType::OnTurnEnd).owner(active));
    finish(state, events, scratch, from)?;
    if state.is_over() {
        return Ok(());
    }
    let from = events.len();
    for player in [active, active.opponent()] {
        // Healing one creature changes no other's damage and no zone: walk a shared copy.
        let battlefield = state.player(player).battlefield().clone();
        for &id in &battlefield {
            let damage = state.card(id).stats.damage;
            if damage > 0 {
                state.heal_card(id, damage, events);
            }
        }
    }
    finish(state, events, scratch, from)
}

fn check_turn(
    player: PlayerId,
    expected: PlayerId,
    action: &'static str,
) -> Result<(), RulesError> {
    if player != expected {
        return Err(RulesError::NotYourTurn {
            player,
            expected,
            action,
        });
    }
    Ok(())
}

fn check_playable_phase(state: &GameState, action: &'static str) -> Result<(), RulesError> {
    if !PLAYABLE_PHASES.contains(&state.phase()) {
        return Err(RulesError::WrongPhase {
            phase: state.phase(),
            action,
        });
    }
    Ok(())
}

fn own_card(
    state: &GameState,
    player: PlayerId,
    card: InstanceId,
    expected: Location,
) -> Result<(), RulesError> {
    let instance = state.try_card(card).ok_or(RulesError::UnknownCard(card))?;
    if instance.owner != player {
        return Err(RulesError::NotYourCard { card, player });
    }
    if instance.location() != expected {
        return Err(RulesError::WrongZone {
            card,
            expected: expected.name(),
            found: instance.location(),
        });
    }
    Ok(())
}

/// The alterations a spell applies when it resolves: those of its activated abilities. With
/// [`crate::targets_for`], the target choices of playing it.
pub fn spell_alterations(state: &GameState, card: InstanceId) -> Vec<AlterationRef> {
    let mut refs = Vec::new();
    fill_spell_alterations(state, card, &mut refs);
    refs
}

/// Fills `refs` with [`spell_alterations`], reusing its memory.
fn fill_spell_alterations(state: &GameState, card: InstanceId, refs: &mut Vec<AlterationRef>) {
    let def = state.def(card);
    let activated = (0..def.abilities.len())
        .filter(|&i| def.abilities[i].ability_type == AbilityType::Activated);
    fill_immediate_alterations(state, card, activated, refs);
}

/// The alterations applied when abilities are used (a spell resolving, an ability activated):
/// those without a `start_trigger`. With [`crate::targets_for`], the target choices of the use.
pub fn immediate_alterations(
    state: &GameState,
    card: InstanceId,
    abilities: impl Iterator<Item = usize>,
) -> Vec<AlterationRef> {
    let mut refs = Vec::new();
    fill_immediate_alterations(state, card, abilities, &mut refs);
    refs
}

/// Fills `refs` with [`immediate_alterations`], reusing its memory.
fn fill_immediate_alterations(
    state: &GameState,
    card: InstanceId,
    abilities: impl Iterator<Item = usize>,
    refs: &mut Vec<AlterationRef>,
) {
    refs.clear();
    let def_index = state.card(card).def;
    let def = state.definition(def_index);
    for ai in abilities {
        for (xi, alt) in def.abilities[ai].alterations.iter().enumerate() {
            if alt.start_trigger.is_none() {
                refs.push(AlterationRef {
                    source: card,
                    def: def_index,
                    ability: ai as u16,
                    alteration: xi as u16,
                });
            }
        }
    }
}

/// Checks the chosen target against every alteration that needs one, and the targets the
/// others name against their `target_condition`: a use whose named target fails it is refused,
/// a spell's as an activation's (PTG 0.9.13 refuses an activation so, and never reads a spell's
/// `target_condition`: docs/rules.md, "Targets and `target_condition`").
fn check_target(
    state: &GameState,
    refs: &[AlterationRef],
    target: Option<Target>,
) -> Result<(), RulesError> {
    if let Some(refused) = named_target_refused(state, refs) {
        return Err(RulesError::IllegalTarget(refused));
    }
    let choosers = || {
        refs.iter()
            .filter(|r| alteration(state, **r).target == TargetSpec::Choose)
    };
    match (choosers().next().is_none(), target) {
        (true, None) => Ok(()),
        (true, Some(t)) => Err(RulesError::UnexpectedTarget(t)),
        (false, None) => Err(RulesError::MissingTarget),
        (false, Some(t)) => {
            for at in choosers() {
                if !is_legal_target(state, *at, t) {
                    return Err(RulesError::IllegalTarget(t));
                }
            }
            Ok(())
        }
    }
}

/// The first target named by a spec (`self`, `owner`, `opponent`) that fails its alteration's
/// `target_condition`, if any: such a use is not legal.
pub(crate) fn named_target_refused(state: &GameState, refs: &[AlterationRef]) -> Option<Target> {
    refs.iter().find_map(|&at| {
        let alt = alteration(state, at);
        alt.target_condition.as_ref()?;
        if alt.is_mass() {
            return None;
        }
        let target = resolve_target(alt.target, at, state.card(at.source).owner)?;
        (!meets_target_condition(state, at, target, None)).then_some(target)
    })
}

fn apply_alterations(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    refs: &[AlterationRef],
    controller: PlayerId,
    chosen: Option<Target>,
) -> Result<(), RulesError> {
    for &at in refs {
        scratch.note_effect();
        start_use(state, events, at, controller, chosen, None)?;
    }
    Ok(())
}

fn pay(
    state: &mut GameState,
    events: &mut Vec<Event>,
    player: PlayerId,
    card: InstanceId,
    cost: &Mana,
) -> Result<(), RulesError> {
    let mut pool = state.player(player).pool;
    let paid = pool
        .pay(cost)
        .map_err(|missing| RulesError::NotEnoughMana { missing })?;
    state.player_mut(player).pool = pool;
    if !paid.is_empty() {
        let def = state.card(card).def;
        events.push(
            Event::new(EventType::OnPlayerManaSpent)
                .source(card, def)
                .owner(player)
                .target(Target::Player(player))
                .amount(i32::try_from(paid.total()).unwrap_or(i32::MAX)),
        );
    }
    Ok(())
}

fn play_card(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    player: PlayerId,
    card: InstanceId,
    target: Option<Target>,
) -> Result<(), RulesError> {
    check_playable_phase(state, "playing a card")?;
    check_turn(player, state.active(), "play a card")?;
    own_card(state, player, card, Location::Hand)?;
    let def = std::sync::Arc::clone(state.def(card));
    let from = events.len();
    match def.card_type {
        CardType::Mana => {
            if let Some(t) = target {
                return Err(RulesError::UnexpectedTarget(t));
            }
            if state.player(player).mana_played >= 1 {
                return Err(RulesError::ManaAlreadyPlayed);
            }
            state.player_mut(player).mana_played += 1;
            state.move_card(card, Location::Battlefield, events);
            finish(state, events, scratch, from)
        }
        CardType::Creature | CardType::Artifact => {
            if let Some(t) = target {
                return Err(RulesError::UnexpectedTarget(t));
            }
            pay(state, events, player, card, &def.mana)?;
            state.move_card(card, Location::Battlefield, events);
            finish(state, events, scratch, from)
        }
        CardType::Spell => {
            let mut refs = scratch.take_alteration_list();
            fill_spell_alterations(state, card, &mut refs);
            check_target(state, &refs, target)?;
            pay(state, events, player, card, &def.mana)?;
            state.start_resolving(card);
            scratch.set_resolving(Some(card));
            apply_alterations(state, events, scratch, &refs, player, target)?;
            scratch.return_alteration_list(refs);
            finish(state, events, scratch, from)?;
            let from = events.len();
            scratch.set_resolving(None);
            state.move_card(card, Location::Graveyard, events);
            finish(state, events, scratch, from)
        }
    }
}

fn activate(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    player: PlayerId,
    card: InstanceId,
    index: usize,
    target: Option<Target>,
) -> Result<(), RulesError> {
    check_playable_phase(state, "activating an ability")?;
    check_turn(player, state.active(), "activate an ability")?;
    own_card(state, player, card, Location::Battlefield)?;
    let def = std::sync::Arc::clone(state.def(card));
    let ability = def
        .abilities
        .get(index)
        .ok_or(RulesError::BadAbilityIndex { card, index })?;
    if ability.ability_type != AbilityType::Activated {
        return Err(RulesError::NotActivatable { card, index });
    }
    let instance = state.card(card);
    if instance.summoning_sick && def.is_creature() && !instance.has(Technique::Haste) {
        return Err(RulesError::SummoningSick(card));
    }
    if instance.tapped {
        return Err(RulesError::Tapped(card));
    }
    if let Some(max) = ability.max_activations
        && state.uses_this_turn(card, index as u16) >= max
    {
        return Err(RulesError::MaxActivations { card, index, max });
    }
    let mut refs = scratch.take_alteration_list();
    fill_immediate_alterations(state, card, std::iter::once(index), &mut refs);
    check_target(state, &refs, target)?;
    let from = events.len();
    pay(state, events, player, card, &ability.mana_requirement)?;
    if ability.max_activations.is_some() {
        state.count_use(card, index as u16);
    }
    events.push(
        Event::new(EventType::OnAbilityActivated)
            .source(card, state.card(card).def)
            .owner(player)
            .amount(index as i32),
    );
    apply_alterations(state, events, scratch, &refs, player, target)?;
    scratch.return_alteration_list(refs);
    finish(state, events, scratch, from)
}

/// The refusal for a card that cannot fight: a creature card off the battlefield is in the wrong
/// zone; any other card is not a creature.
fn not_a_creature(state: &GameState, id: InstanceId) -> RulesError {
    let card = state.card(id);
    if state.def(id).is_creature() && !card.on_battlefield() {
        RulesError::WrongZone {
            card: id,
            expected: Location::Battlefield.name(),
            found: card.location(),
        }
    } else {
        RulesError::NotACreature(id)
    }
}

fn declare_attack(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    player: PlayerId,
    attacker: InstanceId,
) -> Result<(), RulesError> {
    if !matches!(state.phase(), Phase::Main | Phase::Attack) {
        return Err(RulesError::WrongPhase {
            phase: state.phase(),
            action: "declaring an attacker",
        });
    }
    check_turn(player, state.active(), "attack")?;
    if state.try_card(attacker).is_none() {
        return Err(RulesError::UnknownCard(attacker));
    }
    check_attacker(state, player, attacker).map_err(|refusal| match refusal {
        AttackRefusal::NotACreature(id) => not_a_creature(state, id),
        AttackRefusal::NotYours(card) => RulesError::NotYourCard { card, player },
        AttackRefusal::SummoningSick(id) => RulesError::SummoningSick(id),
        AttackRefusal::AlreadyAttacked(id) => RulesError::AlreadyAttacked(id),
        AttackRefusal::Tapped(id) => RulesError::Tapped(id),
    })?;
    let defender = player.opponent();
    let sick = state.card(attacker).summoning_sick;
    state.set_flags(attacker, sick, true);
    if state.rules().attacking_taps() && !state.card(attacker).has(Technique::Vigilance) {
        state.set_tapped(attacker, true);
    }
    state.combats_mut().push_back(Combat {
        attacker,
        defender,
        blockers: rtg_core::SharedVec::new(),
        blocked: false,
    });
    let def = state.card(attacker).def;
    let from = events.len();
    for kind in [EventType::OnAttackDeclared, EventType::OnCardAttack] {
        events.push(
            Event::new(kind)
                .source(attacker, def)
                .owner(player)
                .target(Target::Player(defender)),
        );
    }
    finish(state, events, scratch, from)
}

fn declare_defense(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    player: PlayerId,
    blocker: InstanceId,
    combat_index: usize,
) -> Result<(), RulesError> {
    if state.phase() != Phase::Defense {
        return Err(RulesError::WrongPhase {
            phase: state.phase(),
            action: "declaring a blocker",
        });
    }
    check_turn(player, state.defending(), "block")?;
    if state.try_card(blocker).is_none() {
        return Err(RulesError::UnknownCard(blocker));
    }
    let attacker = state
        .combats()
        .get(combat_index)
        .map(|c| c.attacker)
        .ok_or(RulesError::BadCombatIndex(combat_index))?;
    check_blocker(state, player, blocker, attacker).map_err(|refusal| match refusal {
        BlockRefusal::NotACreature(id) => not_a_creature(state, id),
        BlockRefusal::NotYours(card) => RulesError::NotYourCard { card, player },
        other => RulesError::CannotBlock(other),
    })?;
    if let Some(combat) = state.combats_mut().get_mut(combat_index) {
        combat.blockers.push_back(blocker);
        combat.blocked = true;
    }
    let def = state.card(blocker).def;
    let from = events.len();
    for kind in [EventType::OnDefenseDeclared, EventType::OnCardDefense] {
        events.push(
            Event::new(kind)
                .source(blocker, def)
                .owner(player)
                .target(Target::Card(attacker)),
        );
    }
    finish(state, events, scratch, from)
}

fn order_blockers(
    state: &mut GameState,
    player: PlayerId,
    combat_index: usize,
    blockers: &[InstanceId],
) -> Result<(), RulesError> {
    if state.phase() != Phase::Defense {
        return Err(RulesError::WrongPhase {
            phase: state.phase(),
            action: "ordering blockers",
        });
    }
    check_turn(player, state.active(), "order blockers")?;
    let combat = state
        .combats()
        .get(combat_index)
        .ok_or(RulesError::BadCombatIndex(combat_index))?;
    let mut declared: Vec<InstanceId> = combat.blockers.iter().copied().collect();
    let mut proposed = blockers.to_vec();
    declared.sort();
    proposed.sort();
    // Only an attack with two or more blockers has an order to choose (as `legal_actions` lists).
    if declared.len() < 2 || declared != proposed {
        return Err(RulesError::BadBlockerOrder);
    }
    if let Some(combat) = state.combats_mut().get_mut(combat_index) {
        combat.blockers = blockers.iter().copied().collect();
    }
    Ok(())
}

fn resolve_pending(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    index: usize,
    target: Target,
) -> Result<(), RulesError> {
    let pending = state
        .pending_triggers()
        .get(index)
        .cloned()
        .ok_or(RulesError::NoSuchPendingTrigger(index))?;
    if !is_legal_target(state, pending.alteration, target) {
        return Err(RulesError::IllegalTarget(target));
    }
    state.pending_triggers_mut().remove(index);
    let from = events.len();
    scratch.note_effect();
    scratch.note_trigger_resolved(pending.alteration.source, pending.alteration.ability);
    start_use(
        state,
        events,
        pending.alteration,
        pending.controller,
        Some(target),
        Some(&pending.event),
    )?;
    finish(state, events, scratch, from)
}

fn resolve_choice(
    state: &mut GameState,
    events: &mut Vec<Event>,
    scratch: &mut Scratch,
    index: usize,
    option: usize,
) -> Result<(), RulesError> {
    let choice = state
        .pending_choices()
        .get(index)
        .cloned()
        .ok_or(RulesError::NoSuchPendingChoice(index))?;
    if option >= usize::from(choice.options) {
        return Err(RulesError::NoSuchOption {
            index,
            option,
            options: choice.options,
        });
    }
    let at = choice.alteration;
    let content = std::sync::Arc::clone(state.content());
    let handler = content.handler(at).ok_or_else(|| {
        rtg_events::TriggerError::UnknownEffect(alteration(state, at).effect.to_string())
    })?;
    state.pending_choices_mut().remove(index);
    let from = events.len();
    scratch.note_effect();
    let def = std::sync::Arc::clone(state.definition(at.def));
    let alt = &def.abilities[usize::from(at.ability)].alterations[usize::from(at.alteration)];
    let mut ctx = rtg_core::EffectContext {
        state,
        events,
        source: at.source,
        controller: choice.controller,
        alteration: at,
        event: choice.event,
    };
    let applied = handler
        .resolve_choice(&mut ctx, choice.target, &alt.params, option)
        .map_err(RulesError::from)?;
    if alt.is_temporary() {
        arm_reversal(state, at, choice.controller, applied, choice.event.as_ref())?;
    }
    finish(state, events, scratch, from)
}

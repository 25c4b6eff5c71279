"""Playing a case through PTG 0.9.13: build its GameState directly, act, observe.

Two kinds of change are made to PTG here, both on purpose and both listed in the README:

* **Modelled readings.** Where rtg reads a rule otherwise on purpose (docs/rules.md) and the
  reading is easy to express, PTG is made to play rtg's reading, so that the rest of the case can
  still be compared: triggers resolve first in, first out, in rtg's listener order (the active
  player's battlefield, then the other's) instead of depth first in subscription order; combat
  and each action resolve their triggers after they are done; damage wears off at END, for both
  players, after `on_turn_end` (PTG regenerates the active player's creatures at its DRAW); an
  artifact played from hand keeps 1 defense (D01); a token that left the battlefield is gone; a
  pending trigger with no legal target is dropped; the end listeners of a permanent placed
  directly on the battlefield do not reverse an enter effect that never started (D03).
* **Detected divergences.** Everything else PTG is known to do otherwise is watched for while a
  step plays (`FLAGS`); a step that raised one is not compared, and the case stops there, counted
  under the flag's name.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import random
import time
from collections import deque
from contextlib import contextmanager

import ptg.engine.combat as ptg_combat
import ptg.engine.targeting
import ptg.engine.game as ptg_game
from ptg.abilities.resolver import register_card_triggers
from ptg.actions.activate_ability import ActivateAbilityAction
from ptg.actions.declare_attack import DeclareAttackAction
from ptg.actions.declare_defense import DeclareDefenseAction
from ptg.actions.order_blockers import OrderBlockersAction
from ptg.actions.play_card import PlayCardAction
from ptg.conditions import evaluate_conditions
from ptg.core.enums import AbilityType, CardType, EffectType, EventType, ManaType, PhaseType, TargetSpec, ZoneType
from ptg.core.types import ManaPool, ManaRequirement
from ptg.effects.registry import EFFECT_REGISTRY
from ptg.engine.event_bus import EventBus, GameEvent
from ptg.engine.game import Game, GameState
from ptg.engine.player import Player
from ptg.engine.types import CardInstance, PlayerState
from ptg.techniques.resolver import _effective_techniques, has_haste

from . import ptgreadings
from .gen import MANA_TYPES

# PTG registers an effect when its module is imported, and nothing imports them all.
import ptg.effects  # noqa: E402

for _module in pkgutil.iter_modules(ptg.effects.__path__):
    importlib.import_module(f"ptg.effects.{_module.name}")

# ---------------------------------------------------------------------------------------------
# What a step raised
# ---------------------------------------------------------------------------------------------

FLAGS: list[str] = []

# Why each flag stops a case: the reading or defect it stands for. "new:" ones were first found
# by this tool and are recorded in docs/rules.md, "Differential testing against PTG 0.9.13".
FLAG_REASONS = {
    "regen_at_draw": "PTG regenerates defense at the active player's DRAW; rtg wears damage off at END (rules.md, Turns and phases)",
    "hand_limit_random": "discard to the hand limit: PTG uses the global `random`, rtg the game's seed",
    "deck_out": "drawing from an empty deck: PTG sets health to 0, rtg's player loses with its health (rules.md, Effects)",
    "effect_tap_persists": "PTG keeps an effect's tap across the untap step (rules.md, Rule sets: effect taps untap too)",
    "untap_leaves_tapped": "new: PTG's untap_card leaves a permanent tapped by an attack, or tapped twice",
    "creature_effect_on_noncreature": "creature effects never take an artifact or a mana card (rules.md, Artifacts; `each`)",
    "card_effect_off_battlefield": "new: PTG's `target: each` without a `self_in_zone` clause sweeps hands, decks and graveyards",
    "returns_with_old_state": "new: PTG keeps a card's damage, buffs and flags when it comes back to the battlefield",
    "mana_enter_trigger": "new: PTG fires on_card_enter_battlefield for a mana card played",
    "D11": "D11: PTG's spells ignore `condition`",
    "D12": "D12: PTG's activated `target: each` ignores `condition`",
    "D18": "D18: a vigilance attacker blocks in PTG",
    "pending_turn_duration": "new: PTG's resolve_pending_trigger ignores `turn_duration`",
    "dead_attacker_in_combat": "new: PTG keeps an attacker or a blocker that left the battlefield in its combat: it can be blocked, and deals its damage",
    "deathtouch_effect_damage": "deathtouch applies to an effect's damage from a deathtouch creature (rules.md, Effects); PTG only in combat and fight",
    "damage_reversal_overheals": "new: PTG reverses damage_card by dealing negative damage, lifting defense above the creature's own",
    "negative_attack": "new: a creature with negative attack heals what it hits in PTG (rtg floors attack at 0: contract 18)",
    "noop_reversal": "a reversal undoes only what its effect changed (rules.md, Effects new in 0.9); PTG's applies the opposite effect anyway",
    "play_after_game_over": "rtg's game ends at the state-based check that finds a player at 0 health; PTG plays on to the end of the step",
    "recruit_deck_order": "new: PTG recruits from the deck the matching card nearest its bottom (rtg: the first in zone order, from the top)",
    "buff_all_reversal_newcomers": "new: PTG reverses a temporary buff_all on the creatures there when it ends, not on those it buffed",
    "deaths_see_each_other": "creatures dying together see each other's deaths (rules.md, Triggers); PTG unsubscribes each as it dies",
    "pending_condition_recheck": "a pending trigger's condition is checked again when its target is chosen (rules.md, Conditions); PTG does not",
    "pending_params_at_firing": "a computed parameter is computed when the alteration starts (rules.md, Computed numbers); PTG computes a pending trigger's when it fires",
    "reversal_recomputes_params": "new: PTG's end_trigger reversal computes `$` parameters again when it ends, so it undoes another amount",
    "group_ignores_exclude_self": "new: PTG reads `exclude_self` only with `target: each`; a `group` alteration hits its own card too",
    "tokens_enter_together": "new: tokens made together enter together in rtg, each seeing the others enter; PTG registers each as it enters",
    "target_checked_after_cost": "new: PTG checks an activated ability's target_condition after paying its cost",
    "deaths_between_alterations": "state-based checks come after a whole ability (rules.md, State-based checks); PTG kills between an activated ability's or a spell's alterations",
    "set_stats_to_current": "new: PTG's set_stats does nothing when the values are the current ones, so damage marked stays and wears off back to the old defense",
    "artifact_defense": "D01's 1 defense: PTG's artifacts read self_defense 1 in conditions; an artifact has no defense (rules.md, Artifacts)",
    "end_listener_left_with_card": "new: PTG's end_trigger listener goes with its card: a temporary effect on a player is never undone once the card left the battlefield",
    "condition_at_firing": "a trigger's condition is checked when it fires, then when it resolves (rules.md, Conditions); PTG checks it only when its listener runs",
    "D09": "D09: PTG re-evaluates a static ability on four events only: its on/off flag disagrees with its condition now (rtg: at every state-based check)",
    "D13": "D13: PTG applies a delayed effect with no state-based checks, leave events or spawns (a lethal delayed damage leaves the creature at 0 defense)",
    "delay_target_left": "a delay whose card target left its zone (or entered again) since it was set does nothing in rtg (rules.md, Delayed effects); PTG applies it to the card wherever it is",
    "pending_delay_ignored": "new: PTG applies a delayed trigger whose target is chosen at once (PendingTrigger has no delay)",
    "static_under_set_stats": "a one-shot set_stats on a creature under a static buff: rtg sets the base and keeps the static buff on top (rules.md, Static abilities, layers); PTG overwrites it, and its reversal then takes the buff off the set value",
    "static_reversal_no_checks": "new: PTG's static reversal runs no state-based checks: a creature whose static +0/+N ends with damage marked stays at 0 defense",
    "chain_limit": "a chain of more than 300 triggered effects in one step (rtg refuses one of 10,000 with chain_limit)",
    # Issue 37's readings (ptgreadings.py) and what their first runs found.
    "E06": "E06: PTG's move_card with card_definition_id looks in the first seat's zones first whoever controls the ability, and walks a deck from its bottom; rtg in the controller's, from the top (rules.md, Effects new in 0.9)",
    "E02": "E02: a buff of `target: each` emits no on_card_buff in PTG; in rtg each buff is one (rules.md, Effects new in 0.9)",
    "E03": "E03: a buff of `group` emits no on_card_buff in PTG; in rtg each buff is one",
    "E04": "E04: a delayed buff emits no on_card_buff in PTG; in rtg it does",
    "buff_event_after_deaths": "new: PTG emits an activated ability's on_card_buff after the deaths the buff caused (and none for a creature buff_all killed); rtg with the buff",
    "trigger_target_condition_ignored": "PTG's triggered abilities apply a named target's effect whatever its target_condition says; rtg's does nothing (rules.md, Targets and target_condition)",
    "set_stats_ends_earlier_buffs": "set_stats ends the buffs made before it (rules.md, Effects, contract 16); PTG's reversal of an earlier temporary buff takes it off the set value",
    "rtg_hears_before_entering": "rtg bug (open): a card entering the battlefield hears the events of its batch (the action's, or one resolved trigger's) from before it entered, as a creature an activated ability recruits or spawns hears that activation's on_ability_activated; PTG, as MTG (rule 603.10), does not",
}


def flag(name: str) -> None:
    if name not in FLAGS:
        FLAGS.append(name)


class ChainLimit(Exception):
    pass


# The static alterations registered in the case being played: (card, alteration, PTG's on/off
# flag cell, its four listeners); the bus of that case (delays read its enter counts).
STATICS: list = []
CURRENT_BUS: list = [None]


def _is_static_handler(listener) -> bool:
    code = getattr(listener, "__code__", None)
    return code is not None and code.co_name == "handler" and "active" in code.co_freevars


def _static_live(entry, bus) -> bool:
    card_id, _, _, handlers = entry
    ids = {id(l) for _, l in bus.card_listeners.get(card_id, [])}
    return any(id(h) in ids for h in handlers)


def static_stale(state, bus) -> bool:
    """True when a live static alteration's PTG flag is not what its condition says now."""
    for entry in STATICS:
        card_id, alter, active, _ = entry
        if not _static_live(entry, bus) or not any(card_id in bf for bf in state.battlefield.values()):
            continue
        owner = state.find_card_owner(card_id) or ""
        if evaluate_conditions(state, alter.condition, source_card_id=card_id, player_id=owner, event=None) != active[0]:
            return True
    return False


def static_active_on(card_id, bus) -> bool:
    return any(e[0] == card_id and e[2][0] and _static_live(e, bus) for e in STATICS)


# Triggered effects one step may resolve in PTG before the case is cut (rtg refuses a step at
# 10,000 with chain_limit; PTG's copies make long chains quadratic), and seconds per step.
CHAIN_LIMIT = 300
STEP_SECONDS = 5.0

# ---------------------------------------------------------------------------------------------
# A first-in-first-out event bus in rtg's listener order
# ---------------------------------------------------------------------------------------------


class FifoBus(EventBus):
    """PTG's EventBus, resolving like rtg: listeners of an event are taken when it is emitted,
    in the order active player's battlefield, other battlefield, cards elsewhere, listeners of
    no card; events emitted while listeners run wait at the back of the queue."""

    def __init__(self, game: Game):
        super().__init__()
        self.game = game
        self.queue: deque = deque()
        self.owner_of: dict[int, str] = {}
        self.fired_at: dict = {}
        self.holding = 0
        self.draining = False
        self.items = 0
        self.deadline = float("inf")
        self.activation_listeners = None
        self.combat_hook = None
        self.over_state = None
        self.enters: dict = {}
        # The events, (type, source), of rtg's batch being played, for rtg_hears_before_entering:
        # those of the action, then of each listener that runs (rtg matches each queued item's
        # events apart); and the card whose activated ability is being used (rtg has emitted its
        # on_ability_activated already, PTG emits it after the effects).
        self.batch_events: list = []
        self.activating = None

    def subscribe(self, event_type, listener, card_id=None):
        super().subscribe(event_type, listener, card_id)
        if card_id is not None:
            self.owner_of[id(listener)] = card_id

    def _conditions_at_firing(self, event, listeners, state):
        for listener in listeners:
            code = getattr(listener, "__code__", None)
            if code is None or code.co_name != "listener":
                continue
            cells = dict(zip(code.co_freevars, listener.__closure__ or ()))
            alteration, card = cells.get("alteration"), cells.get("card_id")
            if alteration is None or card is None:
                continue
            alteration, card = alteration.cell_contents, card.cell_contents
            if alteration.condition is None or alteration.start_trigger != event.type:
                continue
            owner = state.find_card_owner(card) or ""
            now = evaluate_conditions(state, alteration.condition, source_card_id=card, player_id=owner, event=event)
            self.fired_at[(id(event), id(listener))] = (now, alteration, card)

    def unsubscribe_card(self, card_id):
        for _, listener in self.card_listeners.get(card_id, []):
            code = getattr(listener, "__code__", None)
            if code is None or code.co_name != "end_listener":
                continue
            cells = dict(zip(code.co_freevars, listener.__closure__ or ()))
            fired = cells.get("fired")
            alteration = cells.get("alteration")
            if fired is not None and not fired.cell_contents[0] and alteration is not None:
                target = alteration.cell_contents.target
                if target in (TargetSpec.OWNER, TargetSpec.OPPONENT):
                    flag("end_listener_left_with_card")
        super().unsubscribe_card(card_id)

    def _ordered(self, listeners, state):
        if len(listeners) < 2:
            return listeners
        owner = self.owner_of
        active = self.game.active_player.uuid
        other = self.game.opponent.uuid
        pos = {}
        for rank, pid in enumerate((active, other)):
            for i, cid in enumerate(state.battlefield.get(pid, [])):
                pos[cid] = (rank, i)

        def key(listener):
            # Statics first: rtg refreshes them at the state-based check, before any trigger.
            first = 0 if _is_static_handler(listener) else 1
            cid = owner.get(id(listener))
            if cid is None:
                return (first, 3, 0)
            return (first,) + pos.get(cid, (2, 0))

        return sorted(listeners, key=key)

    def emit(self, event, state):
        if event.type == EventType.ON_CARD_ENTER_BATTLEFIELD and event.source is not None:
            self.enters[event.source] = self.enters.get(event.source, 0) + 1
            before = self.batch_events
            if self.activating is not None:
                before = before + [(EventType.ON_ABILITY_ACTIVATED, self.activating)]
            if _hears_before_entering(state, event.source, before):
                flag("rtg_hears_before_entering")
        self.batch_events.append((event.type, event.source))
        if self.over_state is None and any(p.health <= 0 for p in state.players.values()):
            self.over_state = state
        if event.type == EventType.ON_COMBAT_RESOLVED and self.combat_hook is not None:
            hook, self.combat_hook = self.combat_hook, None
            state = hook(state, self)
        if event.type == EventType.ON_ABILITY_ACTIVATED and self.activation_listeners is not None:
            # rtg emits it when the cost is paid, before the ability's effects: the listeners
            # are those of that moment, and their triggers come first.
            self.queue.appendleft((event, self.activation_listeners))
            self.activation_listeners = None
        else:
            listeners = self._ordered(list(self.listeners[event.type]), state)
            self._conditions_at_firing(event, listeners, state)
            self.queue.append((event, listeners))
        if self.holding or self.draining:
            return state
        return self.drain(state)

    def drain(self, state):
        self.draining = True
        try:
            while self.queue:
                event, listeners = self.queue.popleft()
                for listener in listeners:
                    pre = self.fired_at.pop((id(event), id(listener)), None)
                    if pre is not None and not pre[0]:
                        _, alteration, card = pre
                        owner = state.find_card_owner(card) or ""
                        if evaluate_conditions(state, alteration.condition, source_card_id=card, player_id=owner, event=event):
                            flag("condition_at_firing")
                    static = _is_static_handler(listener)
                    if STATICS and not static and static_stale(state, self):
                        flag("D09")
                    if not static:
                        self.batch_events = []
                    new = listener(event, state)
                    if self.over_state is None and any(p.health <= 0 for p in new.players.values()):
                        self.over_state = new
                    if new is not state and event.type == EventType.ON_CARD_ENTER_BATTLEFIELD and not static:
                        src = state.all_cards.get(event.source) if event.source else None
                        if src is not None and src.type == CardType.MANA:
                            flag("mana_enter_trigger")
                    if new is not state:
                        self.items += 1
                        if self.items > CHAIN_LIMIT or time.monotonic() > self.deadline:
                            raise ChainLimit()
                    state = new
        finally:
            self.draining = False
        return state

    @contextmanager
    def hold(self):
        self.holding += 1
        try:
            yield
        finally:
            self.holding -= 1

    def release(self, state):
        if self.holding or self.draining:
            return state
        return self.drain(state)

    def reset(self):
        self.queue.clear()
        self.fired_at.clear()
        self.holding = 0
        self.draining = False


# ---------------------------------------------------------------------------------------------
# Patches (applied once)
# ---------------------------------------------------------------------------------------------

_PATCHED = False


def _creature_on_bf(state, cid) -> tuple[bool, bool]:
    on_bf = any(cid in bf for bf in state.battlefield.values())
    card = state.all_cards.get(cid)
    return on_bf, card is not None and card.type == CardType.CREATURE


def patch_ptg() -> None:
    global _PATCHED
    if _PATCHED:
        return
    _PATCHED = True

    # First, so that their effect wrappers are the innermost (see ptgreadings).
    ptgreadings.patch(flag, lambda: CURRENT_BUS[0], STATICS)

    # An artifact's hidden defense (D01's 1) read by a condition.
    from ptg.conditions.registry import CONDITION_VARIABLES

    for var in ("self_defense", "self_max_defense"):
        spec = CONDITION_VARIABLES[var]

        def evaluate(state, ctx, params, _orig=spec.evaluate_fn):
            card = state.all_cards.get(ctx.source_card_id) if ctx.source_card_id else None
            if card is not None and card.type == CardType.ARTIFACT:
                flag("artifact_defense")
            return _orig(state, ctx, params)

        spec.evaluate_fn = evaluate

    # Combat resolves its triggers when it is done (rtg: damage is simultaneous, then triggers).
    orig_combat = ptg_combat.resolve_combat

    import ptg.abilities.resolver as resolver_mod
    import ptg.actions.activate_ability as activate_mod
    import ptg.actions.play_card as play_mod
    import ptg.engine.spawn as spawn_mod

    orig_deaths = spawn_mod.process_deaths

    def process_deaths(state, bus):
        dead = [
            cid for bf in state.battlefield.values() for cid in bf
            if state.all_cards[cid].card_definition.type in (CardType.CREATURE, CardType.ARTIFACT)
            and not state.all_cards[cid].is_alive
        ]
        for i, cid in enumerate(dead[:-1]):
            if any(t == EventType.ON_CARD_DEATH for t, _ in bus.card_listeners.get(cid, [])):
                flag("deaths_see_each_other")
        if dead:
            import sys

            caller = sys._getframe(1)
            ability, alteration = caller.f_locals.get("ability"), caller.f_locals.get("alteration")
            if caller.f_code.co_name in ("execute", "_play_spell") and ability is not None and alteration is not None:
                if alteration is not ability.alterations[-1]:
                    flag("deaths_between_alterations")
            if caller.f_code.co_name == "execute":
                ptgreadings.deaths_in_activation(alteration, dead, bus, flag)
        return orig_deaths(state, bus)

    for module in (spawn_mod, resolver_mod, activate_mod, play_mod, ptg_combat):
        module.process_deaths = process_deaths
    real_deaths = process_deaths

    def resolve_combat(state, bus):
        if not isinstance(bus, FifoBus):
            return orig_combat(state, bus)
        for combat in state.pending_combats:
            gone = not any(combat.attacker_id in bf for bf in state.battlefield.values())
            if gone and (combat.blocker_ids or state.all_cards[combat.attacker_id].is_alive):
                flag("dead_attacker_in_combat")
            for b in combat.blocker_ids:
                if not any(b in bf for bf in state.battlefield.values()):
                    flag("dead_attacker_in_combat")
            for cid in [combat.attacker_id] + list(combat.blocker_ids):
                if state.all_cards[cid].attack < 0:
                    flag("negative_attack")
        with bus.hold():
            # Combat damage is simultaneous in rtg: deaths are looked for once, after every
            # attack is resolved (PTG looks after each attack).
            # (and before on_combat_resolved, as in PTG).
            ptg_combat.process_deaths = lambda st, b: st
            bus.combat_hook = real_deaths
            try:
                state = orig_combat(state, bus)
            finally:
                ptg_combat.process_deaths = real_deaths
                bus.combat_hook = None
        return bus.release(state)

    ptg_combat.resolve_combat = resolve_combat

    # END: the hand limit (flagged when it would discard at random), then damage wears off for
    # both players, as rtg does after on_turn_end.
    orig_limit = Game._enforce_hand_limit

    def enforce_hand_limit(self, state, player):
        ps = state.players[player.uuid]
        if len(state.hands.get(player.uuid, [])) > ps.max_hand_size:
            flag("hand_limit_random")
        state = orig_limit(self, state, player)
        cards = dict(state.all_cards)
        for bf in state.battlefield.values():
            for cid in bf:
                c = cards[cid]
                if c.type == CardType.CREATURE and c.is_alive and c.defense != c.max_defense:
                    cards[cid] = dataclasses.replace(c, defense=c.max_defense)
        return dataclasses.replace(state, all_cards=cards)

    Game._enforce_hand_limit = enforce_hand_limit

    # DRAW's regeneration: the only `replace(card, defense=...)` of engine/game.py.
    orig_replace = ptg_game.replace

    def game_replace(obj, **changes):
        if isinstance(obj, CardInstance) and set(changes) == {"defense"}:
            flag("regen_at_draw")
        return orig_replace(obj, **changes)

    ptg_game.replace = game_replace

    orig_draw = Game._handle_draw

    def handle_draw(self, state):
        state = orig_draw(self, state)
        for cid in state.battlefield.get(self.active_player.uuid, []):
            if state.all_cards[cid].effect_tap_count > 0:
                flag("effect_tap_persists")
        return state

    Game._handle_draw = handle_draw

    # D01, modelled: an artifact played from hand keeps its 1 defense.
    orig_artifact = PlayCardAction._play_artifact

    def play_artifact(self, state, bus, player_id, card_id):
        state = orig_artifact(self, state, bus, player_id, card_id)
        card = state.all_cards[card_id]
        return dataclasses.replace(state, all_cards={**state.all_cards, card_id: dataclasses.replace(card, max_defense=1)})

    PlayCardAction._play_artifact = play_artifact

    def fresh(card: CardInstance) -> bool:
        d = card.card_definition
        return (
            card.attack == d.attack
            and card.defense == d.defense
            and card.max_defense == d.defense
            and not card.cannot_block
            and not card.unblockable
            and card.effect_tap_count == 0
            and card.original_attack is None
            and not card.attacked_this_turn
            and not card.game_tapped
        )

    orig_creature = PlayCardAction._play_creature

    def play_creature(self, state, bus, player_id, card_id):
        if not fresh(state.all_cards[card_id]):
            flag("returns_with_old_state")
        return orig_creature(self, state, bus, player_id, card_id)

    PlayCardAction._play_creature = play_creature

    # D11: a spell's alteration whose condition is false (PTG applies it anyway).
    orig_spell = PlayCardAction._play_spell

    def play_spell(self, state, bus, player_id, card_id):
        for ability in state.all_cards[card_id].card_definition.abilities or []:
            if ability.ability_type == AbilityType.TRIGGERED:
                continue
            for alt in ability.alterations:
                if alt.condition is not None and not evaluate_conditions(
                    state, alt.condition, source_card_id=card_id, player_id=player_id, event=None
                ):
                    flag("D11")
        return orig_spell(self, state, bus, player_id, card_id)

    PlayCardAction._play_spell = play_spell

    # D12: an activated `each` whose condition is false.
    orig_activate = ActivateAbilityAction.execute

    def activate(self, state, bus, player_id, card_id, ability_index, target_id=None):
        ability = state.all_cards[card_id].card_definition.abilities[ability_index]
        ptgreadings.ACTIVATION[0] = state
        if isinstance(bus, FifoBus):
            bus.activation_listeners = bus._ordered(list(bus.listeners[EventType.ON_ABILITY_ACTIVATED]), state)
        paid = EFFECT_REGISTRY["spend_mana"]().apply(state, player_id, ability.mana_requirement)
        for alt in ability.alterations:
            if target_id is not None and alt.target_condition is not None and (alt.target is None or alt.target == TargetSpec.CHOOSE):
                before = evaluate_conditions(state, alt.target_condition, source_card_id=target_id, player_id=player_id, event=None)
                after = evaluate_conditions(paid, alt.target_condition, source_card_id=target_id, player_id=player_id, event=None)
                if before != after:
                    flag("target_checked_after_cost")
        for alt in ability.alterations:
            if alt.target == TargetSpec.EACH and alt.condition is not None and not evaluate_conditions(
                state, alt.condition, source_card_id=card_id, player_id=player_id, event=None
            ):
                flag("D12")
        if isinstance(bus, FifoBus):
            bus.activating = card_id
        try:
            return orig_activate(self, state, bus, player_id, card_id, ability_index, target_id)
        finally:
            ptgreadings.ACTIVATION[0] = None
            if isinstance(bus, FifoBus):
                bus.activating = None

    ActivateAbilityAction.execute = activate

    orig_defense = DeclareDefenseAction.execute

    def defend(self, state, bus, player_id, blocker_id, combat_index):
        if state.all_cards[blocker_id].attacked_this_turn:
            flag("D18")
        attacker = state.pending_combats[combat_index].attacker_id
        if not any(attacker in bf for bf in state.battlefield.values()):
            flag("dead_attacker_in_combat")
        return orig_defense(self, state, bus, player_id, blocker_id, combat_index)

    DeclareDefenseAction.execute = defend

    orig_order = OrderBlockersAction.execute

    def order(self, state, bus, player_id, combat_index, ordered_blocker_ids):
        if any(not any(b in bf for bf in state.battlefield.values()) for b in ordered_blocker_ids):
            flag("dead_attacker_in_combat")
        return orig_order(self, state, bus, player_id, combat_index, ordered_blocker_ids)

    OrderBlockersAction.execute = order

    # Effects.
    creature_only = {
        "damage_card", "buff_card", "destroy_card", "set_stats", "return_to_hand",
        "grant_technique", "remove_technique", "cannot_block", "revoke_cannot_block",
        "unblockable", "revoke_unblockable", "restore_stats",
    }
    for name, cls in EFFECT_REGISTRY.items():
        if name in creature_only or name in ("tap_card", "untap_card"):
            _wrap_card_effect(cls, name, name in creature_only)
    _wrap_player_effects()

    # `group` + `exclude_self`: PTG's find_group_cards keeps the source card.
    import ptg.engine.game as game_mod

    orig_find = ptg.engine.targeting.find_group_cards

    def find_group_cards(state, player_id, group, from_zone=None):
        import sys

        cards = orig_find(state, player_id, group, from_zone)
        if from_zone == ZoneType.DECK:
            # Modelled: rtg sweeps a deck from its top; PTG's list has the top at the end.
            cards = list(reversed(cards))
        frame = sys._getframe(1)
        alteration = frame.f_locals.get("alteration") or frame.f_locals.get("trigger_info")
        source = frame.f_locals.get("card_id")
        if source is None and alteration is not None:
            source = getattr(alteration, "source_card_id", None)
        if alteration is not None and getattr(alteration, "exclude_self", False) and source in cards:
            flag("group_ignores_exclude_self")
        return cards

    for module in (resolver_mod, activate_mod, play_mod, game_mod):
        module.find_group_cards = find_group_cards

    # A reversal by an end listener whose alteration has `$` parameters computes them again.
    for cls in EFFECT_REGISTRY.values():
        _wrap_reversal_params(cls)

    orig_resolve_pending = Game.resolve_pending_trigger

    def resolve_pending(self, trigger_index, chosen_target):
        pending = self.state.pending_triggers[trigger_index]
        if getattr(pending, "_turn_duration", None):
            flag("pending_turn_duration")
        if pending.condition is not None and not evaluate_conditions(
            self.state, pending.condition, source_card_id=pending.source_card_id,
            player_id=pending.source_player_id, event=None,
        ):
            flag("pending_condition_recheck")
        raw = getattr(pending, "_raw_params", None)
        if raw and any(isinstance(v, str) and v.startswith("$") for v in raw.values()):
            from ptg.engine.param_refs import resolve_params

            now = resolve_params(raw, self.state, pending.source_card_id, pending.source_player_id)
            if now != pending.params:
                flag("pending_params_at_firing")
        return orig_resolve_pending(self, trigger_index, chosen_target)

    Game.resolve_pending_trigger = resolve_pending

    # Remember a deferred trigger's turn_duration (PTG's PendingTrigger has no field for it).
    import ptg.abilities.resolver as resolver

    orig_defer = resolver._defer_trigger

    def defer(state, alteration, card_id):
        new = orig_defer(state, alteration, card_id)
        if new is not state:
            new.pending_triggers[-1]._turn_duration = alteration.turn_duration
            new.pending_triggers[-1]._raw_params = alteration.params
            new.pending_triggers[-1]._delay = alteration.delay
        return new

    resolver._defer_trigger = defer

    # Static abilities: remember each alteration's flag and listeners.
    orig_register_static = resolver_mod.register_static_abilities

    def register_static(bus, card_id, card_def):
        before = {id(l) for _, l in bus.card_listeners.get(card_id, [])}
        orig_register_static(bus, card_id, card_def)
        groups: dict = {}
        for _, l in bus.card_listeners.get(card_id, []):
            if id(l) in before or not _is_static_handler(l):
                continue
            cells = dict(zip(l.__code__.co_freevars, l.__closure__))
            alter = cells["alter"].cell_contents
            entry = groups.setdefault(id(alter), (card_id, alter, cells["active"].cell_contents, []))
            entry[3].append(l)
        STATICS.extend(groups.values())

    resolver_mod.register_static_abilities = register_static
    play_mod.register_static_abilities = register_static

    # Delays: remember how many times the target had entered the battlefield when it was set.
    from ptg.engine.types import DelayedEffect

    @dataclasses.dataclass
    class TrackedDelay(DelayedEffect):
        enters: int = -1

        def __post_init__(self):
            bus = CURRENT_BUS[0]
            if self.enters == -1 and bus is not None:
                self.enters = bus.enters.get(self.target_id, 0)

    for module in (resolver_mod, activate_mod, play_mod):
        module.DelayedEffect = TrackedDelay
    for cls in EFFECT_REGISTRY.values():
        _wrap_delayed_and_static(cls)

    orig_resolve_pending2 = Game.resolve_pending_trigger

    def resolve_pending2(self, trigger_index, chosen_target):
        if getattr(self.state.pending_triggers[trigger_index], "_delay", None):
            flag("pending_delay_ignored")
        return orig_resolve_pending2(self, trigger_index, chosen_target)

    Game.resolve_pending_trigger = resolve_pending2


_EXPIRING = [False]


NOOPS: set = set()
BUFFED: dict = {}
# The cards a set_stats was applied to in the case being played.
SET_CARDS: set = set()
FLAG_EFFECTS = {"cannot_block", "revoke_cannot_block", "unblockable", "revoke_unblockable",
                "grant_technique", "remove_technique", "untap_card", "tap_card"}


def _flags_of(state, cid):
    c = state.all_cards.get(cid)
    if c is None:
        return None
    return (c.cannot_block, c.unblockable, frozenset(_effective_techniques(c)), c.tapped)


def _wrap_card_effect(cls, name: str, creature_only: bool) -> None:
    orig = cls.apply
    reverse = cls.reverse_effect_name

    def apply(self, state, target_uuid, *args, **kwargs):
        if name in FLAG_EFFECTS:
            technique = kwargs.get("technique")
            before = _flags_of(state, target_uuid)
            new = _apply(self, state, target_uuid, *args, **kwargs)
            if _in_reversal():
                if (target_uuid, reverse, technique) in NOOPS:
                    flag("noop_reversal")
            elif before == _flags_of(new, target_uuid):
                NOOPS.add((target_uuid, name, technique))
            return new
        return _apply(self, state, target_uuid, *args, **kwargs)

    def _apply(self, state, target_uuid, *args, **kwargs):
        if name == "set_stats" and CURRENT_BUS[0] is not None and static_active_on(target_uuid, CURRENT_BUS[0]):
            flag("static_under_set_stats")
        if name == "set_stats" and not _in_reversal():
            SET_CARDS.add(target_uuid)
        if name == "buff_card" and _in_reversal() and target_uuid in SET_CARDS:
            flag("set_stats_ends_earlier_buffs")
        if name == "set_stats" and target_uuid in state.all_cards:
            c = state.all_cards[target_uuid]
            atk, dfn = kwargs.get("attack"), kwargs.get("defense")
            if (atk is None or atk == c.attack) and (dfn is None or dfn == c.defense) and c.defense != c.max_defense:
                flag("set_stats_to_current")
        if not _EXPIRING[0] and target_uuid in state.all_cards:
            on_bf, creature = _creature_on_bf(state, target_uuid)
            artifact = state.all_cards[target_uuid].type == CardType.ARTIFACT
            if not on_bf:
                # destroy_card sweeping the hand or the deck its alteration names is rtg's too.
                if not (name == "destroy_card" and _swept_zone(state, target_uuid)):
                    flag("card_effect_off_battlefield")
            elif creature_only and not creature and not (name == "destroy_card" and artifact):
                flag("creature_effect_on_noncreature")
        if name == "damage_card" and not _EXPIRING[0]:
            amount = kwargs.get("amount", args[0] if args else 0)
            source = _effect_source()
            if source and source in state.all_cards and isinstance(amount, int) and amount > 0:
                if any(t.value == "deathtouch" for t in _effective_techniques(state.all_cards[source])):
                    flag("deathtouch_effect_damage")
        new = orig(self, state, target_uuid, *args, **kwargs)
        if name == "damage_card" and target_uuid in new.all_cards:
            c = new.all_cards[target_uuid]
            if c.defense > c.max_defense:
                flag("damage_reversal_overheals")
        if name == "untap_card" and target_uuid in new.all_cards and new.all_cards[target_uuid].tapped and not _in_reversal():
            if any(target_uuid in bf for bf in new.battlefield.values()):
                flag("untap_leaves_tapped")
        return new

    cls.apply = apply


def _wrap_delayed_and_static(cls) -> None:
    """A delayed effect applied at DRAW (D13, a target gone), a static reversal (no checks)."""
    orig = cls.apply

    def apply(self, state, target_uuid, *args, **kwargs):
        import sys

        caller = sys._getframe(1)
        delayed = caller.f_code.co_name == "_handle_draw" and "d" in caller.f_locals and hasattr(caller.f_locals["d"], "enters")
        if delayed and target_uuid in state.all_cards:
            d, bus = caller.f_locals["d"], CURRENT_BUS[0]
            on_bf = any(target_uuid in bf for bf in state.battlefield.values())
            if not on_bf or (bus is not None and bus.enters.get(target_uuid, 0) != d.enters):
                flag("delay_target_left")
        new = orig(self, state, target_uuid, *args, **kwargs)
        if delayed:
            dead = any(
                new.all_cards[c].type == CardType.CREATURE and not new.all_cards[c].is_alive
                for bf in new.battlefield.values() for c in bf
            )
            if dead or new.spawned_this_effect or new.cards_left_battlefield:
                flag("D13")
        if caller.f_code.co_name == "handler" and ("rev_cls" in caller.f_locals or "rev_params" in caller.f_locals):
            c = new.all_cards.get(target_uuid)
            if c is not None and c.type == CardType.CREATURE and not c.is_alive:
                flag("static_reversal_no_checks")
        return new

    cls.apply = apply


def _wrap_reversal_params(cls) -> None:
    orig = cls.apply

    def apply(self, state, target_uuid, *args, **kwargs):
        import sys

        frame = sys._getframe(1)
        for _ in range(6):
            if frame is None:
                break
            if frame.f_code.co_name == "end_listener":
                alteration = frame.f_locals.get("alteration")
                if alteration is not None and any(isinstance(v, str) and v.startswith("$") for v in alteration.params.values()):
                    flag("reversal_recomputes_params")
                break
            frame = frame.f_back
        return orig(self, state, target_uuid, *args, **kwargs)

    cls.apply = apply


def _wrap_player_effects() -> None:
    draw = EFFECT_REGISTRY["draw_card"]
    orig_draw = draw.apply

    def draw_apply(self, state, target_uuid, count=1):
        if isinstance(count, int) and count > len(state.decks.get(target_uuid, [])):
            flag("deck_out")
        return orig_draw(self, state, target_uuid, count)

    draw.apply = draw_apply

    for name in ("spawn_creature", "spawn_artifact"):
        cls = EFFECT_REGISTRY[name]
        orig_spawn = cls.apply

        def spawn(self, state, target_uuid, template, count=1, _orig=orig_spawn):
            if isinstance(count, int) and count >= 2:
                for ability in template.abilities or []:
                    for alt in ability.alterations:
                        if alt.start_trigger == EventType.ON_CARD_ENTER_BATTLEFIELD and not alt.trigger_self:
                            flag("tokens_enter_together")
            return _orig(self, state, target_uuid, template, count)

        cls.apply = spawn

    buff_all = EFFECT_REGISTRY["buff_all"]
    orig_buff_all = buff_all.apply

    def buff_all_apply(self, state, target_uuid, attack_increase=0, defense_increase=0):
        creatures = frozenset(c for c in state.battlefield.get(target_uuid, []) if state.all_cards[c].type == CardType.CREATURE)
        if _in_reversal():
            if creatures & SET_CARDS:
                flag("set_stats_ends_earlier_buffs")
            # PTG expires its buffs oldest first: the one reversed is the oldest of its kind.
            done = BUFFED.get((target_uuid, -attack_increase, -defense_increase), [])
            if done and done.pop(0) != creatures:
                flag("buff_all_reversal_newcomers")
        else:
            BUFFED.setdefault((target_uuid, attack_increase, defense_increase), []).append(creatures)
        return orig_buff_all(self, state, target_uuid, attack_increase, defense_increase)

    buff_all.apply = buff_all_apply

    for name in ("recruit",):
        cls = EFFECT_REGISTRY[name]
        orig = cls.apply

        def apply(self, state, target_uuid, *args, _orig=orig, **kwargs):
            zone = kwargs.get("from_zone", args[1] if len(args) > 1 else None)
            wanted = kwargs.get("card_definition_id", args[0] if args else None)
            if getattr(zone, "value", None) == "deck":
                same = [c for c in state.decks.get(target_uuid, []) if state.all_cards[c].card_definition.card_id == wanted]
                if len(same) >= 2:
                    flag("recruit_deck_order")
            new = _orig(self, state, target_uuid, *args, **kwargs)
            for cid in new.spawned_this_effect:
                c = new.all_cards[cid]
                d = c.card_definition
                if (c.attack, c.defense, c.max_defense) != (d.attack, d.defense, d.defense) or c.cannot_block or c.unblockable:
                    flag("returns_with_old_state")
            return new

        cls.apply = apply

    # Turn buffs expiring at DRAW may act on cards that left the battlefield: invisible.
    orig_draw_phase = Game._handle_draw

    def handle_draw(self, state):
        _EXPIRING[0] = True
        try:
            # Only the expiry loop runs before the refill; the flag is lowered by the first
            # emit (on_turn_start), see FifoBus.emit below.
            return orig_draw_phase(self, state)
        finally:
            _EXPIRING[0] = False

    Game._handle_draw = handle_draw
    orig_emit = FifoBus.emit

    def emit(self, event, state):
        _EXPIRING[0] = False
        return orig_emit(self, event, state)

    FifoBus.emit = emit


# ---------------------------------------------------------------------------------------------
# Building and playing a case
# ---------------------------------------------------------------------------------------------

PHASES = {
    "draw": PhaseType.DRAW,
    "main": PhaseType.MAIN,
    "attack": PhaseType.ATTACK,
    "defense": PhaseType.DEFENSE,
    "combat": PhaseType.COMBAT,
    "main_postcombat": PhaseType.MAIN_POSTCOMBAT,
    "end": PhaseType.END,
}
PHASE_NAMES = {v: k for k, v in PHASES.items()}
EFFECT_NAMES = {cls: name for name, cls in EFFECT_REGISTRY.items()}


def _pool(amounts: dict) -> ManaPool:
    return ManaPool(amounts={ManaType(t): amounts.get(t, 0) for t in MANA_TYPES})


def _strip_unstarted_ends(definition):
    """The definition a permanent placed directly listens with: its enter-self effects never
    started, so their end triggers have nothing to reverse (PTG would reverse them: D03)."""
    if not definition.abilities:
        return definition
    abilities = []
    for ability in definition.abilities:
        alts = []
        for alt in ability.alterations:
            if (
                alt.end_trigger is not None
                and alt.start_trigger == EventType.ON_CARD_ENTER_BATTLEFIELD
                and alt.trigger_self
            ):
                alt = dataclasses.replace(alt, end_trigger=None)
            alts.append(alt)
        abilities.append(dataclasses.replace(ability, alterations=alts))
    return dataclasses.replace(definition, abilities=abilities)


class PtgCase:
    """One position in PTG, the steps played on it, and what was seen after each."""

    def __init__(self, position: dict, definitions: dict, rng: random.Random):
        patch_ptg()
        NOOPS.clear()
        BUFFED.clear()
        STATICS.clear()
        SET_CARDS.clear()
        self.rng = rng
        self.defs = definitions
        self.handles: set[str] = set()
        names = list(position["players"])
        players = [Player(n, []) for n in names]
        for p, n in zip(players, names):
            p.uuid = n
        game = Game(players)
        game.bus = FifoBus(game)
        CURRENT_BUS[0] = game.bus
        all_cards, zones = {}, {z: {} for z in ("battlefield", "hands", "decks", "graveyards")}
        pstates = {}
        for name, setup in position["players"].items():
            sources: dict = {}
            for zone, key in (("battlefield", "battlefield"), ("hand", "hands"), ("deck", "decks"), ("graveyard", "graveyards")):
                entries = setup.get(zone, [])
                ids = []
                for e in entries:
                    d = definitions[e["card"]]
                    h = e["name"]
                    self.handles.add(h)
                    inst = CardInstance(card_definition=d, uuid=h, defense=d.defense, attack=d.attack, max_defense=d.defense, active_effects=None)
                    if zone == "battlefield":
                        if d.type == CardType.CREATURE:
                            dbuf = e.get("defense_buff", 0)
                            inst = dataclasses.replace(
                                inst,
                                attack=d.attack + e.get("attack_buff", 0),
                                max_defense=d.defense + dbuf,
                                defense=d.defense + dbuf - e.get("damage", 0),
                                summoning_sick=bool(e.get("sick", False)) and not _printed_haste(d),
                                attacked_this_turn=bool(e.get("attacked", False)),
                            )
                        elif d.type == CardType.ARTIFACT:
                            inst = dataclasses.replace(inst, defense=1, max_defense=1, summoning_sick=False)
                        else:
                            inst = dataclasses.replace(inst, summoning_sick=False)
                            for mt, n in d.mana.items():
                                sources[mt.value] = sources.get(mt.value, 0) + n
                        inst = dataclasses.replace(inst, game_tapped=bool(e.get("tapped", False)))
                    all_cards[h] = inst
                    ids.append(h)
                if zone == "deck":
                    ids = list(reversed(ids))  # PTG draws from the end of the list
                zones[key][name] = ids
            pstates[name] = PlayerState(
                uuid=name, name=name, health=setup.get("health", 20), mana_pool=_pool(setup.get("pool", {})),
                hand_size=0, can_draw=True, can_play=True, can_attack=False, can_defend=False,
                can_use_effects=True, can_end_turn=True,
                mana_sources={ManaType(t): sources.get(t, 0) for t in MANA_TYPES},
                mana_played_this_turn=setup.get("mana_played", 0),
            )
        game.state = GameState(all_cards=all_cards, players=pstates, current_turn=position["turn"], **zones)
        game._active_index = names.index(position["active"])
        game.state = active_first(game.state, position["active"])
        game.current_phase = PHASES[position["phase"]]
        game._first_turn = False
        game.turn = (position["turn"] + 1) // 2
        for name in names:
            for cid in game.state.battlefield[name]:
                register_card_triggers(game.bus, cid, _strip_unstarted_ends(all_cards[cid].card_definition))
                ptg.abilities.resolver.register_static_abilities(game.bus, cid, all_cards[cid].card_definition)
        # A static of a permanent placed directly holds from the start, as in rtg (PTG's flag
        # starts off whatever its condition, D09.3): each is evaluated once, as PTG's listener does.
        start = GameEvent(type=EventType.ON_TURN_START, source=None, target=position["active"],
                          context={"zone_owner": position["active"]})
        self.setup_flags = []
        for entry in list(STATICS):
            game.state = entry[3][0](start, game.state)
        self.game = game
        self.names = names

    # ----- observing ----------------------------------------------------------------------

    def name_of(self, cid: str) -> str:
        if cid in self.handles:
            return cid
        return f"{self.game.state.all_cards[cid].card_definition.card_id}#?"

    def ref(self, cid: str):
        """How a scenario step names the card: its handle, or PLAYER.ZONE.INDEX for a token."""
        if cid in self.handles:
            return cid
        st = self.game.state
        for zone, key in (("battlefield", "battlefield"), ("hand", "hands")):
            for pid, ids in getattr(st, key).items():
                if cid in ids:
                    return f"{pid}.{zone}.{ids.index(cid)}"
        raise KeyError(cid)

    def card_view(self, cid: str) -> tuple:
        c = self.game.state.all_cards[cid]
        d = c.card_definition
        flags = []
        tech = _effective_techniques(c)
        if d.type == CardType.CREATURE:
            head = (self.name_of(cid), f"{max(0, c.attack)}/{c.defense}")
            if c.summoning_sick and "haste" not in {t.value for t in tech}:
                flags.append("sick")
            if c.attacked_this_turn:
                flags.append("attacked")
        elif d.type == CardType.ARTIFACT:
            head = (self.name_of(cid), "artifact")
        else:
            head = (self.name_of(cid), "")
        if c.tapped:
            flags.append("tapped")
        if d.type == CardType.CREATURE:
            if c.cannot_block:
                flags.append("cannot_block")
            if c.unblockable:
                flags.append("unblockable")
            printed = {t.value for t in (d.techniques or set())}
            now = {t.value for t in tech}
            flags += sorted(f"+{t}" for t in now - printed) + sorted(f"-{t}" for t in printed - now)
        return head + (tuple(sorted(flags)),)

    def snapshot(self) -> dict:
        g, st = self.game, self.game.state
        players = {}
        for n in self.names:
            ps = st.players[n]
            players[n] = {
                "health": ps.health,
                "pool": {t.value: v for t, v in ps.mana_pool.amounts.items() if v},
                "deck": len(st.decks[n]),
                "hand": [self.name_of(c) for c in st.hands[n]],
                "battlefield": [self.card_view(c) for c in st.battlefield[n]],
                "graveyard": [self.name_of(c) for c in st.graveyards[n]],
            }
        loser = next((n for n in self.names if st.players[n].health <= 0), None)
        winner = None if loser is None else next(n for n in self.names if n != loser)
        return {
            "turn": st.current_turn,
            "active": g.active_player.uuid,
            "phase": PHASE_NAMES[g.current_phase],
            "players": players,
            "pending_triggers": len(st.pending_triggers),
            "pending_choices": len(st.pending_choices),
            "winner": winner,
        }

    # ----- targets ------------------------------------------------------------------------

    def legal_targets(self, effect, group, target_condition, source_card_id, player_id) -> list[str]:
        """rtg's legal targets of a chosen alteration: players for player effects and groups;
        creatures on either battlefield (and artifacts for destroy_card, any permanent for tap,
        untap and cancel_delay), meeting the target_condition, never the source for fight."""
        st = self.game.state
        name = EFFECT_NAMES.get(type(effect), "")
        if group is not None or effect.effect_type == EffectType.PLAYER:
            return list(self.names)
        out = []
        for n in self.names:
            for cid in st.battlefield[n]:
                c = st.all_cards[cid]
                if name in ("tap_card", "untap_card", "cancel_delay"):
                    pass
                elif name == "destroy_card" and c.type == CardType.ARTIFACT:
                    pass
                elif c.type != CardType.CREATURE:
                    continue
                if name == "fight" and cid == source_card_id:
                    continue
                if target_condition is not None and not evaluate_conditions(
                    st, target_condition, source_card_id=cid, player_id=player_id, event=None
                ):
                    continue
                out.append(cid)
        return out

    def ability_targets(self, cid: str, index: int, player: str) -> list[str] | None:
        """Targets for activating ability `index` of `cid`: None when it takes none."""
        ability = self.game.state.all_cards[cid].card_definition.abilities[index]
        for alt in ability.alterations:
            if alt.target is None or alt.target == TargetSpec.CHOOSE:
                return self.legal_targets(alt.effect, alt.group, alt.target_condition, cid, player)
        return None

    # ----- choosing the next step ----------------------------------------------------------

    def choose(self) -> dict:
        rng, g, st = self.rng, self.game, self.game.state
        if st.pending_triggers:
            pt = st.pending_triggers[0]
            targets = self.legal_targets(pt.effect, pt.group, pt.target_condition, pt.source_card_id, pt.source_player_id)
            return {"kind": "resolve_pending", "index": 0, "target": rng.choice(targets)}
        if st.pending_choices:
            return {"kind": "resolve_choice", "index": 0, "option": rng.randrange(len(st.pending_choices[0].choices))}
        active, other = g.active_player.uuid, g.opponent.uuid
        phase = g.current_phase
        sloppy = rng.random() < 0.1  # now and then an action PTG may refuse
        cands: list[tuple[float, dict]] = [(1.0, {"kind": "advance"})]
        pool = st.players[active].mana_pool
        if phase in (PhaseType.MAIN, PhaseType.MAIN_POSTCOMBAT):
            for cid in st.hands[active]:
                d = st.all_cards[cid].card_definition
                if d.type == CardType.MANA:
                    ok = st.players[active].mana_played_this_turn == 0
                else:
                    ok = pool.can_afford(ManaRequirement(amounts=d.mana))
                if ok or sloppy:
                    cands.append((1.5, {"kind": "play", "player": active, "card": cid}))
            for cid in st.battlefield[active]:
                c = st.all_cards[cid]
                for i, ab in enumerate(c.card_definition.abilities or []):
                    if ab.ability_type != AbilityType.ACTIVATED:
                        continue
                    ok = not c.tapped and not (c.summoning_sick and c.type == CardType.CREATURE) and pool.can_afford(ab.mana_requirement)
                    if ab.max_activations is not None and c.activated_abilities.get(i, 0) >= ab.max_activations:
                        ok = False
                    targets = self.ability_targets(cid, i, active)
                    if targets == []:
                        continue
                    if ok or sloppy:
                        act = {"kind": "activate", "player": active, "card": cid, "ability": i}
                        if targets:
                            act["target"] = rng.choice(targets)
                        cands.append((1.2, act))
        if phase in (PhaseType.MAIN, PhaseType.ATTACK):
            attacking = {c.attacker_id for c in st.pending_combats}
            for cid in st.battlefield[active]:
                c = st.all_cards[cid]
                if c.type != CardType.CREATURE or cid in attacking:
                    continue
                ok = not c.summoning_sick and not c.tapped and not c.attacked_this_turn
                if ok or sloppy:
                    cands.append((1.5, {"kind": "attack", "player": active, "card": cid}))
        if phase == PhaseType.DEFENSE and st.pending_combats:
            blocking = {b for c in st.pending_combats for b in c.blocker_ids}
            for cid in st.battlefield[other]:
                c = st.all_cards[cid]
                if c.type != CardType.CREATURE or cid in blocking:
                    continue
                if (c.tapped or c.cannot_block) and not sloppy:
                    continue
                combat = rng.choice(st.pending_combats)
                cands.append((1.5, {"kind": "block", "player": other, "card": cid, "attacker": combat.attacker_id}))
            for combat in st.pending_combats:
                if len(combat.blocker_ids) >= 2:
                    order = list(combat.blocker_ids)
                    rng.shuffle(order)
                    cands.append((0.7, {"kind": "order_blockers", "player": active, "attacker": combat.attacker_id, "blockers": order}))
        total = sum(w for w, _ in cands)
        pick = rng.uniform(0, total)
        for w, act in cands:
            pick -= w
            if pick <= 0:
                return act
        return cands[-1][1]

    # ----- playing a step -----------------------------------------------------------------

    def play(self, act: dict) -> tuple[str, str]:
        """Plays `act`: ("ok", ""), ("refused", why) or ("crash", traceback summary).
        FLAGS holds what the step raised."""
        FLAGS.clear()
        g = self.game
        bus: FifoBus = g.bus
        bus.batch_events = []
        bus.items = 0
        bus.deadline = time.monotonic() + STEP_SECONDS
        bus.over_state = None
        before = g.state
        kind = act["kind"]
        try:
            if kind == "advance" and g.current_phase == PhaseType.MAIN_POSTCOMBAT:
                self._enter_end()
            elif kind == "advance" and g.current_phase == PhaseType.END:
                self._leave_end()
            elif kind == "advance":
                g.advance_phase()
            else:
                with bus.hold():
                    if kind == "play":
                        g.apply_action(PlayCardAction(), player_id=act["player"], card_id=act["card"])
                    elif kind == "attack":
                        g.apply_action(DeclareAttackAction(), player_id=act["player"], attacker_id=act["card"])
                    elif kind == "block":
                        index = next(i for i, c in enumerate(g.state.pending_combats) if c.attacker_id == act["attacker"])
                        g.apply_action(DeclareDefenseAction(), player_id=act["player"], blocker_id=act["card"], combat_index=index)
                    elif kind == "order_blockers":
                        index = next(i for i, c in enumerate(g.state.pending_combats) if c.attacker_id == act["attacker"])
                        g.apply_action(OrderBlockersAction(), player_id=act["player"], combat_index=index, ordered_blocker_ids=act["blockers"])
                    elif kind == "activate":
                        g.apply_action(ActivateAbilityAction(), player_id=act["player"], card_id=act["card"],
                                       ability_index=act["ability"], target_id=act.get("target"))
                    elif kind == "resolve_pending":
                        g.resolve_pending_trigger(act["index"], act["target"])
                    elif kind == "resolve_choice":
                        g.resolve_pending_choice(act["index"], act["option"])
                g.state = bus.release(g.state)
        except ChainLimit:
            bus.reset()
            flag("chain_limit")
            return "ok", ""
        except ValueError as e:
            bus.reset()
            g.state = before
            if STATICS and static_stale(g.state, bus):
                flag("D09")  # the flag moved with a state PTG threw away (D09.1)
            return "refused", str(e)
        except Exception as e:  # a PTG crash
            bus.reset()
            import traceback

            tb = traceback.extract_tb(e.__traceback__)
            where = " <- ".join(f"{f.filename.split('site-packages/')[-1]}:{f.lineno}" for f in tb[::-1][:4])
            return "crash", f"{type(e).__name__}: {e} at {where}"
        if bus.over_state is not None and self._players(bus.over_state) != self._players(g.state):
            flag("play_after_game_over")
        if STATICS and static_stale(g.state, bus):
            flag("D09")
        self._after_step()
        return "ok", ""

    def _players(self, state) -> list:
        return [
            (p.health, dict(p.mana_pool.amounts), len(state.decks[n]), state.hands[n], state.battlefield[n],
             state.graveyards[n], [state.all_cards[c] for c in state.battlefield[n]])
            for n, p in sorted(state.players.items())
        ]

    # PTG's END runs on_turn_end, the hand limit, and the next player's DRAW in one call
    # (`Game.advance_phase`). rtg rests in END (a trigger waiting for a target is resolved
    # there), so END is played here in its two halves, each exactly as advance_phase does it.

    def _enter_end(self) -> None:
        g = self.game
        g.current_phase = PhaseType.END
        state = g.bus.emit(GameEvent(type=EventType.ON_TURN_END, source=None, target=g.active_player.uuid,
                                     context={"zone_owner": g.active_player.uuid}), g.state)
        g.state = g._enforce_hand_limit(state, g.active_player)

    def _leave_end(self) -> None:
        g = self.game
        g._active_index = 1 - g._active_index
        if g._active_index == 0:
            g.turn += 1
        g.current_phase = PhaseType.DRAW
        g.state = active_first(g.state, g.active_player.uuid)
        g.state = g._handle_draw(g.state)

    def _after_step(self) -> None:
        """rtg's readings at a step's end: tokens off the battlefield are gone; a pending
        trigger with no legal target was never made."""
        st = self.game.state
        changes = {}
        for key in ("hands", "decks", "graveyards"):
            zone = getattr(st, key)
            if any(c not in self.handles for ids in zone.values() for c in ids):
                changes[key] = {p: [c for c in ids if c in self.handles] for p, ids in zone.items()}
        kept = [
            pt for pt in st.pending_triggers
            if self.legal_targets(pt.effect, pt.group, pt.target_condition, pt.source_card_id, pt.source_player_id)
        ]
        if len(kept) != len(st.pending_triggers):
            changes["pending_triggers"] = kept
        if changes:
            self.game.state = dataclasses.replace(st, **changes)


def active_first(state, active: str):
    """The state with every per-player dict in rtg's order, the active player's first: PTG
    walks them in dict order when it sweeps `each`, checks deaths, counts."""

    def order(d):
        return {k: d[k] for k in sorted(d, key=lambda k: k != active)}

    return dataclasses.replace(
        state, players=order(state.players), battlefield=order(state.battlefield), hands=order(state.hands),
        decks=order(state.decks), graveyards=order(state.graveyards),
    )


def _printed_haste(definition) -> bool:
    """A creature set up as sick is not sick in PTG when it has haste (PTG clears the flag)."""
    return any(t.value == "haste" for t in (definition.techniques or set()))


def _effect_source():
    """The card whose ability is applying the effect being called, read from PTG's frames;
    None in combat and fight (PTG's own deathtouch)."""
    import sys

    frame = sys._getframe(2)
    for _ in range(10):
        if frame is None:
            return None
        code = frame.f_code.co_name
        if code in ("exchange_damage", "resolve_combat"):
            return None
        if code in ("listener", "execute", "_play_spell", "end_listener") and "card_id" in frame.f_locals:
            return frame.f_locals["card_id"]
        if code == "resolve_pending_trigger" and "trigger_info" in frame.f_locals:
            return frame.f_locals["trigger_info"].source_card_id
        frame = frame.f_back
    return None


def _hears_before_entering(state, card_id: str, before: list) -> bool:
    """True when a card entering now has a triggered alteration that an event of its batch from
    before it entered would set off (its filters and no condition looked at): rtg matches a
    batch's events against the listeners there when they are matched, so it would hear it."""
    card = state.all_cards.get(card_id)
    if card is None or not before:
        return False
    for ability in card.card_definition.abilities or []:
        if ability.ability_type != AbilityType.TRIGGERED:
            continue
        for alt in ability.alterations:
            for kind, source in before:
                if kind == alt.start_trigger and (not alt.trigger_self or source is None or source == card_id):
                    return True
    return False


def _swept_zone(state, card_id: str) -> bool:
    """True when the effect being applied comes from a `group` or `each` alteration sweeping the
    zone `card_id` is in (its `from_zone`), read from PTG's frames."""
    import sys

    zone = next((z for z, attr in (("hand", "hands"), ("deck", "decks"), ("graveyard", "graveyards"))
                 if any(card_id in ids for ids in getattr(state, attr).values())), None)
    frame = sys._getframe(2)
    for _ in range(12):
        if frame is None or zone is None:
            return False
        if frame.f_code.co_name in ("listener", "execute", "_play_spell", "resolve_pending_trigger"):
            alteration = frame.f_locals.get("alteration") or frame.f_locals.get("trigger_info")
            from_zone = getattr(alteration, "from_zone", None)
            return from_zone is not None and from_zone.value == zone
        frame = frame.f_back
    return False


def _in_reversal() -> bool:
    """True inside a PTG reversal (an end listener or a turn buff expiring at DRAW)."""
    import sys

    if _EXPIRING[0]:
        return True
    frame = sys._getframe(1)
    for _ in range(12):
        if frame is None:
            return False
        if frame.f_code.co_name == "end_listener":
            return True
        if frame.f_code.co_name == "handler" and ("rev_cls" in frame.f_locals or "rev_params" in frame.f_locals):
            return True
        frame = frame.f_back
    return False


__all__ = ["PtgCase", "FLAGS", "FLAG_REASONS", "patch_ptg", "has_haste"]

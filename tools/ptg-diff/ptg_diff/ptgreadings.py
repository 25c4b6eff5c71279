"""PTG 0.9.13's side of the forms `readings.py` draws (issue 37's readings): what PTG is made to
play as rtg reads it (modelled), and what is watched for while a step plays (detected; each flag
has its reason in `ptgrun.FLAG_REASONS`).

Modelled:

* a sweep of a deck (`group` or `each` with `from_zone: deck`) goes from the deck's top, as rtg
  sweeps every zone in its order (PTG's deck list has its top at the end, so it walks it from the
  bottom). `find_group_cards`'s part is in `ptgrun` (it is wrapped there already).

Detected:

* `E06`: `move_card` with `card_definition_id` finds another card than rtg's (PTG looks in the
  first seat's zones first, here the active player's, and walks a deck from its bottom; rtg in the
  controller's, from the top);
* `E02`, `E03`, `E04`: a buff of `each`, of `group` or of a delayed effect in a game with an
  `on_card_buff` listener (PTG emits the event only for a single target);
* `buff_event_after_deaths`: an activated ability's buff that kills, in such a game (PTG emits
  `on_card_buff` after the deaths' events, rtg with the buff);
* `trigger_target_condition_ignored`: a triggered ability applying its effect to a named target
  (`self`) that fails its `target_condition` (PTG reads it only for a chosen target);
* `target_checked_after_cost` (widened): PTG's check of an activated ability's `target_condition`
  gives another answer than at the action's start (after the cost and the alterations before);
* `negative_attack` (widened): `self_attack` read below 0 (rtg floors attack at 0);
* `D09` (widened): a card's own stats read after it left the battlefield with a static ability's
  effect still on it (PTG never reverses it, D09.2; rtg's card loses it as it leaves).

The effect wrappers here are put on first, so that they are the innermost: the detectors of
`ptgrun` that read their caller's frame still find the engine's.
"""

from __future__ import annotations

import sys

from ptg.conditions import evaluate_conditions
from ptg.core.enums import EventType, TargetSpec, ZoneType
from ptg.effects.registry import EFFECT_REGISTRY

# The state an activated ability is used from (before its cost is paid), set by `ptgrun`.
ACTIVATION: list = [None]


def _frame_named(names: tuple[str, ...], depth: int = 14):
    """The nearest calling frame whose function has one of `names`, or None."""
    frame = sys._getframe(2)
    for _ in range(depth):
        if frame is None:
            return None
        if frame.f_code.co_name in names:
            return frame
        frame = frame.f_back
    return None


def _listens_to_buffs(bus) -> bool:
    return bus is not None and bool(bus.listeners.get(EventType.ON_CARD_BUFF))


def patch(flag, current_bus, statics: list) -> None:
    """Puts this module's patches on PTG; `flag(name)` raises a detection, `current_bus()` is the
    case's bus, `statics` the static alterations registered (`ptgrun.STATICS`: card, alteration,
    PTG's on/off cell, listeners)."""
    import ptg.actions.activate_ability as activate_mod
    import ptg.engine.targeting as targeting
    from ptg.conditions.registry import CONDITION_VARIABLES

    # A sweep of a deck from its top.
    orig_zones = targeting._all_cards_in_zones

    def all_cards_in_zones(state, zones, player_id):
        out = []
        for zone in zones:
            cards = orig_zones(state, [zone], player_id)
            if zone == ZoneType.DECK:
                pids = [player_id] if player_id else list(state.players.keys())
                cards = [c for pid in pids for c in reversed(state.decks.get(pid, []))]
            out.extend(cards)
        return out

    targeting._all_cards_in_zones = all_cards_in_zones

    # A card's own stats read: below 0 (PTG keeps a negative attack; rtg floors it), or of a card
    # that left the battlefield with a static ability's effect on it (PTG never reverses it: D09).
    for var in ("self_attack", "self_defense", "self_max_defense"):
        spec = CONDITION_VARIABLES[var]

        def own_stat(state, ctx, params, _orig=spec.evaluate_fn, _var=var):
            value = _orig(state, ctx, params)
            if _var == "self_attack" and value < 0:
                flag("negative_attack")
            card = ctx.source_card_id
            if card is not None and not any(card in bf for bf in state.battlefield.values()):
                if any(entry[0] == card and entry[2][0] for entry in statics):
                    flag("D09")
            return value

        spec.evaluate_fn = own_stat

    # An activated ability's target_condition, as PTG checks it, against the action's start.
    orig_valid = activate_mod.is_valid_target

    def is_valid_target(state, target_id, target_condition, source_player_id):
        now = orig_valid(state, target_id, target_condition, source_player_id)
        start = ACTIVATION[0]
        if start is not None and target_id in start.all_cards:
            if orig_valid(start, target_id, target_condition, source_player_id) != now:
                flag("target_checked_after_cost")
        return now

    activate_mod.is_valid_target = is_valid_target

    for name, cls in EFFECT_REGISTRY.items():
        _wrap_named_target(cls, flag)
        if name in ("buff_card", "buff_all"):
            _wrap_buff_event(cls, flag, current_bus)
    _wrap_move_by_id(EFFECT_REGISTRY["move_card"], flag)


def _wrap_named_target(cls, flag) -> None:
    """A triggered alteration applied to its named target `self` that fails the alteration's
    `target_condition` (rtg's trigger does nothing then)."""
    orig = cls.apply

    def apply(self, state, target_uuid, *args, **kwargs):
        frame = _frame_named(("listener", "end_listener", "handler", "execute", "_play_spell"))
        if frame is not None and frame.f_code.co_name == "listener":
            alteration = frame.f_locals.get("alteration")
            card = frame.f_locals.get("card_id")
            if (
                alteration is not None and alteration.target == TargetSpec.SELF
                and alteration.target_condition is not None and target_uuid == card
                and card in state.all_cards
            ):
                owner = state.find_card_owner(card) or ""
                if not evaluate_conditions(state, alteration.target_condition, source_card_id=card,
                                           player_id=owner, event=None):
                    flag("trigger_target_condition_ignored")
        return orig(self, state, target_uuid, *args, **kwargs)

    cls.apply = apply


def _wrap_buff_event(cls, flag, current_bus) -> None:
    """A buff of `each`, `group` or a delayed effect, where a card listens for `on_card_buff`:
    rtg emits the event for it, PTG does not (E02, E03, E04)."""
    orig = cls.apply

    def apply(self, state, target_uuid, *args, **kwargs):
        if _listens_to_buffs(current_bus()):
            frame = _frame_named(("listener", "execute", "_play_spell", "resolve_pending_trigger",
                                  "_handle_draw", "handler", "end_listener"))
            if frame is not None:
                where = frame.f_code.co_name
                local = frame.f_locals
                alteration = local.get("alteration") or local.get("trigger_info")
                if where == "_handle_draw" and hasattr(local.get("d"), "remaining_turns"):
                    flag("E04")
                elif where in ("listener", "execute", "_play_spell", "resolve_pending_trigger") and alteration is not None:
                    if getattr(alteration, "target", None) == TargetSpec.EACH:
                        flag("E02")
                    elif getattr(alteration, "group", None) is not None:
                        flag("E03")
        return orig(self, state, target_uuid, *args, **kwargs)

    cls.apply = apply


def deaths_in_activation(alteration, dead, bus, flag) -> None:
    """Called by `ptgrun`'s death check inside an activated ability: a buff that killed, in a game
    that listens for `on_card_buff`, whose event PTG emits after the deaths' (rtg: with the buff)."""
    if dead and alteration is not None and _listens_to_buffs(bus):
        if type(alteration.effect) in (EFFECT_REGISTRY["buff_card"], EFFECT_REGISTRY["buff_all"]):
            flag("buff_event_after_deaths")


def _wrap_move_by_id(cls, flag) -> None:
    """`move_card` with `card_definition_id`: the card PTG finds against rtg's (the controller's
    zone first, each zone from its top)."""
    orig = cls.apply

    def apply(self, state, target_uuid, *args, **kwargs):
        def_id = kwargs.get("card_definition_id")
        from_zone = kwargs.get("from_zone", args[0] if args else None)
        if def_id is not None and from_zone is not None:
            from ptg.effects.move_card import _find_by_definition

            frame = _frame_named(("listener", "execute", "_play_spell", "resolve_pending_trigger"))
            controller = None
            if frame is not None:
                local = frame.f_locals
                if local.get("player_id") is not None:  # an activation, a spell
                    controller = local["player_id"]
                elif local.get("trigger_info") is not None:  # a pending trigger
                    controller = local["trigger_info"].source_player_id
                elif local.get("card_id") is not None:  # a trigger, its card on the battlefield
                    controller = state.find_card_owner(local["card_id"])
            if controller is not None:
                attr = {"hand": "hands", "deck": "decks", "graveyard": "graveyards", "battlefield": "battlefield"}[
                    getattr(from_zone, "value", from_zone)]
                order = [controller] + [p for p in state.players if p != controller]
                rtg_pick = None
                for pid in order:
                    ids = list(getattr(state, attr).get(pid, []))
                    if attr == "decks":
                        ids.reverse()
                    rtg_pick = next((c for c in ids if state.all_cards[c].card_definition.card_id == def_id), None)
                    if rtg_pick is not None:
                        break
                if rtg_pick != _find_by_definition(state, def_id, from_zone):
                    flag("E06")
        return orig(self, state, target_uuid, *args, **kwargs)

    cls.apply = apply

"""The forms of the card language that issue 37's eight readings are about, drawn into a case's
cards from their own random stream (`random.Random("SEED:INDEX:readings")`).

Each form is made by changing an alteration the main grammar (`gen.py`) has drawn, after every
draw of the main and the statics-delays streams, so that a case drawing none of these forms is
exactly the case of that index before they were added. What PTG 0.9.13 does otherwise with them
is detected or modelled in `ptgreadings.py`.

The forms, by reading (docs/rules.md, "PTG 0.9's card language"):

1. a static ability written with `mana_requirement: {}`;
2. `target: each` and `group` whose amount is computed from what the sweep changes (`$self_attack`,
   `$max_attack_in_bf`, `$max_defense_in_bf`);
3. `group` and `each` sweeping a hand, a deck or a graveyard with `destroy_card` or `move_card`;
4. `move_card` finding its card by `card_definition_id`;
5. triggers on `on_card_buff` (`trigger_self: false`, no condition on the event's source);
6. `destroy_card` on an artifact: drawn by the main grammar's chosen targets, now legal;
7. triggers on `on_delay_expired`, reading `event_delay_remaining`;
8. a `target_condition` on a named target (`self`) of a triggered or an activated ability.
"""

from __future__ import annotations

import random

HIDDEN_ZONES = ["hand", "deck", "graveyard"]
# What `destroy_card` sweeps besides the battlefield (a graveyard is refused by rtg's loader).
DESTROY_ZONES = ["hand", "deck"]
# Computed amounts that the sweep itself changes, so that reading them per card would differ.
COMPUTED = {
    "buff_card": ("attack_increase", ["$self_attack", "$max_attack_in_bf"]),
    "damage_card": ("amount", ["$max_defense_in_bf", "$self_attack"]),
}
# Fields an effect that cannot be undone or delayed must not keep.
TIMED = ("end_trigger", "turn_duration", "delay")


class ReadingForms:
    """Draws the readings' forms from `yrng` into alterations that `gen.Generator` made."""

    def __init__(self, gen, yrng: random.Random):
        self.gen = gen
        self.y = yrng

    def static_cost(self, ability: dict) -> dict:
        """Reading 1: maybe `mana_requirement: {}` on a static ability, as PTG's README writes a
        free ability."""
        if self.y.random() < 0.5:
            return {"name": ability["name"], "ability_type": "static", "mana_requirement": {},
                    "alterations": ability["alterations"]}
        return ability

    def alteration(self, alt: dict, context: str) -> None:
        """Changes `alt` (in place) into one of the readings' forms, or leaves it."""
        y = self.y
        effect = alt["effect"]
        card_effect = effect in self.gen.card_effect_names
        if card_effect and effect != "fight" and y.random() < 0.05:
            self._by_definition_id(alt)
        elif "group" in alt and y.random() < 0.25:
            self._hidden_sweep(alt, group=True)
        elif alt.get("target") == "each" and y.random() < 0.12:
            self._hidden_sweep(alt, group=False)
        elif ("group" in alt or alt.get("target") == "each") and effect in COMPUTED and y.random() < 0.3:
            name, refs = COMPUTED[effect]
            alt.setdefault("params", {})[name] = y.choice(refs)
        elif (alt.get("target") == "self" and "group" not in alt and "delay" not in alt
              and context != "spell" and "target_condition" not in alt and y.random() < 0.12):
            alt["target_condition"] = self._drawn(lambda: self.gen.comparison(has_event=False, has_self=True, for_target=True))
        if context == "triggered" and "end_trigger" not in alt:
            r = y.random()
            if r < 0.05:
                self._on_card_buff(alt)
            elif r < 0.09 and alt["effect"] != "cancel_delay":
                self._on_delay_expired(alt)

    # ----- the forms ------------------------------------------------------------------------

    def _hidden_sweep(self, alt: dict, *, group: bool) -> None:
        """Reading 3: a sweep of a hand, a deck or a graveyard: `destroy_card` of a hand or a
        deck, or `move_card` from that zone to another hidden one. For `each` the zone is also a
        `self_in_zone` clause of its `target_condition` (PTG takes the zones to sweep from it)."""
        y = self.y
        if y.random() < 0.5:
            zone = y.choice(DESTROY_ZONES)
            alt["effect"] = "destroy_card"
            alt.pop("params", None)
        else:
            zone = y.choice(HIDDEN_ZONES)
            alt["effect"] = "move_card"
            alt["params"] = {"from_zone": zone, "to_zone": y.choice([z for z in HIDDEN_ZONES if z != zone])}
        alt["from_zone"] = zone
        for key in TIMED:
            alt.pop(key, None)
        if not group:
            tc = alt.get("target_condition") or {"operator": "and", "conditions": []}
            rest = [c for c in tc["conditions"] if c.get("variable") != "self_in_zone"]
            tc["conditions"] = [{"variable": "self_in_zone", "operator": "==", "value": zone}] + rest
            alt["target_condition"] = tc

    def _by_definition_id(self, alt: dict) -> None:
        """Reading 4: `move_card` of the first card with a `card_definition_id` in a hidden zone
        to another, the controller's first (`target: self`, as PTG's files write it)."""
        y = self.y
        zone = y.choice(HIDDEN_ZONES)
        ids = [c.card_id for c in self.gen.cards.cards]
        alt["effect"] = "move_card"
        alt["target"] = "self"
        alt["params"] = {"card_definition_id": y.choice(ids), "from_zone": zone,
                         "to_zone": y.choice([z for z in HIDDEN_ZONES if z != zone])}
        for key in TIMED + ("group", "exclude_self", "target_condition", "from_zone"):
            alt.pop(key, None)

    def _on_card_buff(self, alt: dict) -> None:
        """Reading 5: a trigger on `on_card_buff` from any card (its source is the buffed card in
        rtg, the buffing card in PTG: no condition on the event's source)."""
        alt["start_trigger"] = "on_card_buff"
        alt["trigger_self"] = False
        if "event_source" in repr(alt.get("condition")):
            alt.pop("condition")

    def _on_delay_expired(self, alt: dict) -> None:
        """Reading 7: a trigger on `on_delay_expired`, maybe reading `event_delay_remaining`
        (-1 there, in both). It sets no delay of its own: PTG rebuilds its list of delays after
        the countdown, so one set while delays expire is lost there."""
        y = self.y
        alt["start_trigger"] = "on_delay_expired"
        alt["trigger_self"] = y.random() < 0.5
        alt.pop("delay", None)
        if y.random() < 0.6:
            alt["condition"] = {"variable": "event_delay_remaining", "operator": y.choice(["==", ">=", "<"]),
                                "value": y.choice([-1, 0, 1])}

    def _drawn(self, draw):
        """`draw()` made with this stream in place of the generator's main one."""
        saved, self.gen.rng = self.gen.rng, self.y
        try:
            return draw()
        finally:
            self.gen.rng = saved

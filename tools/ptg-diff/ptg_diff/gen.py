"""Random card sets and positions in the part of the card language both engines share.

A card set is a list of card files (plain dicts, written as YAML for both engines): creatures,
spells and artifacts with triggered and activated abilities, drawn from a grammar of the effects,
targets, triggers, conditions, groups and `each` forms that PTG 0.9.13 implements as its README
says. What PTG is known to do otherwise (docs/rules.md, "PTG 0.9's card language", and
shared/reference/ptg-0.9.13-defects.md) is either left out of the grammar here (the `AVOIDED`
list says what and why) or detected while a case plays (`ptgrun.py`) and the case is cut there.

Everything is drawn from one `random.Random`, so a seed gives the same cases on every run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .readings import ReadingForms

# What the grammar leaves out on purpose, and why (shown by `--explain`).
AVOIDED = {
    "start triggers on events PTG never emits or emits otherwise": (
        "on_card_receive_damage, on_card_healed, on_card_attack, on_card_draw (PTG's turn draw has "
        "no source), on_player_* (PTG emits damage only for combat, mana gained only for mana "
        "cards), on_card_enter/leave_graveyard; on_card_buff only with trigger_self: false and no "
        "condition on the event's source (PTG names the buffing card)"
    ),
    "trigger_owner / trigger_card_id": "D-OLD: PTG 0.9.13 drops them silently",
    "end_trigger except on a self enter trigger without condition": (
        "D02 (an end listener works once per card lifetime), D03 (it reverses effects that never "
        "started), D08 (leave-battlefield ends), D10 (activated with a chosen target); PTG's end "
        "listener also re-checks the condition"
    ),
    "temporary effects on spells and activated `each`": "D16 / D17: ignored by PTG",
    "temporary gain_mana / choose_mana": "D04 / D15: the reversal gains again or crashes",
    "group + end_trigger": "D06: crashes",
    "triggered max_activations": "D-MAXACT-ID: keyed on id(event)",
    "fight on triggered abilities": "D05: crashes when the target is chosen through a pending trigger",
    "grant_technique / remove_technique haste": "D14: PTG reads a flag set on entering",
    "static abilities but on a creature's self": (
        "PTG's static listener applies the effect to its own card whatever the target says "
        "(`abilities/resolver.py:251`): `each`, `group`, `owner` statics are not what they say"
    ),
    "two static alterations on one card": (
        "new: they share one on/off flag (the `active` cell of `register_static_abilities` is the "
        "last alteration's), so only the first that holds is ever applied"
    ),
    "static set_stats, cannot_block, unblockable, remove_technique, buff_all; static grant of haste "
    "or of a printed technique; static conditions on what changes between PTG's four events": (
        "D09 (re-evaluated on four events only), D14; the reversal of a grant would remove the "
        "printed technique"
    ),
    "delay with end_trigger or turn_duration": "PTG's delayed effect never stores its reversal (rules.md, Delayed effects)",
    "delay with target each or group": "refused by rtg's loader (PTG applies `each` at once)",
    "delay on a trigger whose target is chosen": (
        "new: PTG's PendingTrigger has no delay: resolve_pending_trigger applies it at once "
        "(drawn rarely, detected as pending_delay_ignored)"
    ),
    "triggers on on_delay_set, on_delay_updated, on_delay_cancelled; a delay or cancel_delay on "
    "an on_delay_expired trigger": (
        "on_delay_cancelled is never emitted by PTG; PTG interleaves each delay's update and "
        "expiry (rtg counts every delay down first) and rebuilds its list after the countdown"
    ),
    "spend_mana": "PTG's spend_mana takes a ManaRequirement object; a card file gives a dict (crash)",
    "random_discard, recycle_graveyard, hand above 7 at END": "random in PTG (global `random`), seeded in rtg",
    "spells with a chosen target": "PTG's PlayCardAction takes no target: the alteration is skipped",
    "self_entered_this_turn, blockers_count, opponent_attacked_last_turn, event_damage_amount": (
        "read otherwise on purpose (docs/rules.md, Conditions)"
    ),
    "recruit of mana cards, move_card to or from the battlefield, set_stats reversal, restore_stats": (
        "readings already in docs/rules.md (recruit adds the mana; restore_stats)"
    ),
    "destroy_card sweeping a graveyard, another effect sweeping a hand, a deck or a graveyard": (
        "refused by rtg's loader: the effect would do nothing there (rules.md, `each` and `group`)"
    ),
    "a spell's named target with a target_condition": (
        "rtg refuses the spell; PTG never reads a spell's target_condition (rules.md, Targets)"
    ),
    "a target_condition on a group": (
        "new: PTG's activated ability checks it on the group's named card or player, then sweeps "
        "every card of the group; rtg takes the cards of the group that meet it"
    ),
}

GROUPS = ["elf", "goblin", "witch"]
MANA_TYPES = ["fire", "earth", "water", "air"]
MANA_CARDS = {t: f"m_{t}" for t in MANA_TYPES}
TECHNIQUES = ["flying", "reach", "trample", "deathtouch", "haste", "vigilance"]
GRANTABLE = ["flying", "reach", "trample", "deathtouch", "vigilance"]

# Start triggers PTG emits as rtg does, with whether `trigger_self: true` makes sense for them.
START_TRIGGERS = [
    ("on_card_enter_battlefield", True),
    ("on_card_death", True),
    ("on_turn_start", False),
    ("on_turn_end", False),
    ("on_attack_declared", True),
    ("on_defense_declared", True),
    ("on_combat_resolved", False),
    ("on_ability_activated", True),
]
END_TRIGGERS = ["on_turn_end", "on_turn_start", "on_combat_resolved"]

CARD_EFFECTS = [
    # name, reversible, weight
    ("damage_card", True, 5),
    ("buff_card", True, 5),
    ("destroy_card", False, 2),
    ("return_to_hand", False, 1),
    ("tap_card", True, 3),
    ("untap_card", True, 2),
    ("cannot_block", True, 2),
    ("revoke_cannot_block", True, 1),
    ("unblockable", True, 2),
    ("revoke_unblockable", True, 1),
    ("grant_technique", True, 2),
    ("remove_technique", True, 2),
    ("set_stats", False, 1),
]
PLAYER_EFFECTS = [
    ("damage_player", True, 5),
    ("heal_player", True, 4),
    ("draw_card", False, 3),
    ("mill", False, 2),
    ("buff_all", True, 3),
    ("gain_mana", False, 2),
    ("spawn_creature", False, 2),
    ("spawn_artifact", False, 1),
    ("recruit", False, 1),
    ("choose_mana", False, 1),
]
# Effects a `delay` is drawn on: those whose delayed application in PTG needs none of the
# checks it skips there (deaths, leave events, spawns: D13), but damage, detected when lethal.
DELAYABLE = {"damage_card", "buff_card", "tap_card", "untap_card", "cannot_block", "unblockable",
             "grant_technique", "remove_technique", "damage_player", "heal_player", "draw_card",
             "mill", "gain_mana", "set_stats"}
NUMBER_REFS = ["$creatures_in_bf", "$cards_in_hand", "$opponent_creatures_in_bf", "$cards_in_graveyard"]
# Every card effect an alteration may have.
CARD_EFFECT_NAMES = {name for name, *_ in CARD_EFFECTS} | {"fight", "cancel_delay"}


@dataclass
class Card:
    """One card file: its YAML data and what the generator knows about it."""

    data: dict
    kind: str  # creature, spell, artifact, mana

    @property
    def card_id(self) -> str:
        return self.data["card_id"]


@dataclass
class CardSet:
    cards: list[Card] = field(default_factory=list)

    def by_id(self, card_id: str) -> Card:
        return next(c for c in self.cards if c.card_id == card_id)

    def of_kind(self, *kinds: str) -> list[Card]:
        return [c for c in self.cards if c.kind in kinds]


def _weighted(rng: random.Random, table):
    total = sum(w for *_, w in table)
    pick = rng.uniform(0, total)
    for row in table:
        pick -= row[-1]
        if pick <= 0:
            return row
    return table[-1]


def _mana_cost(rng: random.Random, low: int, high: int) -> dict:
    total = rng.randint(low, high)
    cost: dict[str, int] = {}
    for _ in range(total):
        kind = rng.choice(MANA_TYPES + ["any", "any"])
        cost[kind] = cost.get(kind, 0) + 1
    # A fixed key order (fire, earth, water, air, any), as both engines print them.
    return {k: cost[k] for k in MANA_TYPES + ["any"] if k in cost}


class Generator:
    """Draws card sets, positions and (with `ptgrun`) step sequences from one seed."""

    card_effect_names = CARD_EFFECT_NAMES

    def __init__(self, rng: random.Random, *, allow_new_defects: bool = True, xrng: random.Random | None = None,
                 yrng: random.Random | None = None):
        self.rng = rng
        # Static abilities, delays and cancel_delay are drawn from a second generator, so that
        # `rng`'s stream, and so every card and position drawn before they were added, is the
        # same: a case that draws none of them is the case of the same index before. None: none.
        self.xrng = xrng
        # The forms of issue 37's readings, from a third one, likewise (readings.py). None: none.
        self.readings = ReadingForms(self, yrng) if yrng is not None else None
        # With this set, forms that trigger PTG defects first found by this tool are drawn
        # too (rarely), so that the report keeps counting them.
        self.allow_new_defects = allow_new_defects
        self.cards: CardSet = CardSet()

    # ----- conditions --------------------------------------------------------------------

    def comparison(self, *, has_event: bool, has_self: bool, for_target: bool = False) -> dict:
        rng = self.rng
        choices = [
            ("life_total", "int", (5, 20)),
            ("opponent_life_total", "int", (5, 20)),
            ("cards_in_hand", "int", (0, 4)),
            ("opponent_cards_in_hand", "int", (0, 4)),
            ("cards_in_deck", "int", (2, 8)),
            ("cards_in_graveyard", "int", (0, 3)),
            ("creatures_in_bf", "int", (0, 3)),
            ("opponent_creatures_in_bf", "int", (0, 3)),
            ("artifacts_in_bf", "int", (0, 1)),
            ("mana_cards_in_bf", "int", (0, 3)),
            ("cards_in_bf", "int", (0, 5)),
            ("opponent_cards_in_bf", "int", (0, 5)),
            ("max_attack_in_bf", "int", (0, 4)),
            ("max_defense_in_bf", "int", (0, 4)),
            ("turn_number", "int", (2, 8)),
            ("mana_available", "int", (0, 4)),
            ("cards_of_group_in_zone", "group", None),
            ("cards_with_id_in_zone", "card", None),
            ("attackers_count", "int", (0, 2)),
        ]
        if has_self:
            choices += [
                ("self_attack", "int", (0, 4)),
                ("self_defense", "int", (1, 4)),
                ("self_is_tapped", "bool", None),
                ("self_attacked_this_turn", "bool", None),
                ("self_has_technique", "tech", None),
            ]
        if for_target:
            choices += [
                ("self_is_owned_by_opponent", "bool", None),
                ("self_is_owned_by_controller", "bool", None),
                ("self_group", "str_group", None),
            ] * 3
        if has_event:
            choices += [
                ("event_in_self_zone", "bool", None),
                ("event_in_opponent_zone", "bool", None),
                ("event_source_type", "str_type", None),
                ("event_source_group", "str_group", None),
            ] * 2
        name, kind, bounds = rng.choice(choices)
        cond: dict = {"variable": name}
        if kind == "int":
            cond["operator"] = rng.choice(["==", "!=", ">", ">=", "<", "<="])
            cond["value"] = rng.randint(*bounds)
        elif kind == "bool":
            cond["operator"] = rng.choice(["==", "!="])
            cond["value"] = rng.choice([True, False])
        elif kind == "tech":
            cond["operator"] = "=="
            cond["value"] = rng.choice([True, False])
            cond["params"] = {"technique": rng.choice(TECHNIQUES)}
        elif kind == "str_type":
            cond["operator"] = rng.choice(["==", "!="])
            cond["value"] = rng.choice(["creature", "artifact"])
        elif kind == "str_group":
            cond["operator"] = rng.choice(["==", "!="])
            cond["value"] = rng.choice(GROUPS)
        elif kind in ("group", "card"):
            cond["operator"] = rng.choice([">", ">=", "==", "<"])
            cond["value"] = rng.randint(0, 2)
            params: dict = {}
            if kind == "group":
                params["group"] = rng.choice(GROUPS)
            else:
                creatures = self.cards.of_kind("creature")
                params["card_id"] = rng.choice(creatures).card_id if creatures else MANA_CARDS["fire"]
            params["zone"] = rng.choice(["battlefield", "battlefield", "hand", "graveyard", "deck"])
            params["zone_owner"] = rng.choice(["self", "opponent", "any"])
            cond["params"] = params
        return cond

    def condition(self, *, has_event: bool, has_self: bool) -> dict:
        rng = self.rng
        if rng.random() < 0.7:
            return self.comparison(has_event=has_event, has_self=has_self)
        return {
            "operator": rng.choice(["and", "or"]),
            "conditions": [
                self.comparison(has_event=has_event, has_self=has_self)
                for _ in range(rng.randint(2, 3))
            ],
        }

    def target_condition(self) -> dict:
        """A `target: each` condition: on the battlefield, a creature, and maybe more.

        `self_in_zone == battlefield` comes first: PTG takes the zones to sweep from it (without
        it PTG sweeps hands, decks and graveyards too: see docs/rules.md's differential section).
        """
        rng = self.rng
        parts = []
        if not self.allow_new_defects or rng.random() < 0.95:
            parts.append({"variable": "self_in_zone", "operator": "==", "value": "battlefield"})
        parts.append({"variable": "self_type", "operator": "==", "value": "creature"})
        for _ in range(rng.choice([0, 1, 1, 2])):
            parts.append(self.comparison(has_event=False, has_self=True, for_target=True))
        return {"operator": "and", "conditions": parts}

    # ----- parameters ---------------------------------------------------------------------

    def amount(self, low: int, high: int, *, refs: bool) -> object:
        if refs and self.allow_new_defects and self.rng.random() < 0.01:
            # The README's own `$attack` / `$defense` (section 5): PTG 0.9.13 leaves them
            # unresolved and crashes (docs/rules.md, differential testing).
            return self.rng.choice(["$attack", "$defense"])
        if refs and self.rng.random() < 0.12:
            return self.rng.choice(NUMBER_REFS)
        return self.rng.randint(low, high)

    def params(self, effect: str, *, refs: bool) -> dict:
        rng = self.rng
        if effect in ("damage_card", "damage_player", "heal_player"):
            return {"amount": self.amount(1, 3, refs=refs)}
        if effect in ("buff_card", "buff_all"):
            params = {}
            atk, dfn = rng.randint(-1, 2), rng.randint(-1, 2)
            if atk == 0 and dfn == 0:
                atk = 1
            if atk:
                params["attack_increase"] = atk
            if dfn:
                params["defense_increase"] = dfn
            return params
        if effect in ("draw_card", "mill"):
            return {"count": rng.randint(1, 2)}
        if effect == "gain_mana":
            return {"amounts": {rng.choice(MANA_TYPES): rng.randint(1, 2)}}
        if effect == "choose_mana":
            kinds = rng.sample(MANA_TYPES, 2)
            return {"options": [{kinds[0]: rng.randint(1, 2)}, {kinds[1]: 1}]}
        if effect == "spawn_creature":
            creatures = [c for c in self.cards.of_kind("creature")]
            template = rng.choice(creatures).card_id
            return {"template_card_id": template, "count": rng.randint(1, 2)}
        if effect == "spawn_artifact":
            artifacts = self.cards.of_kind("artifact")
            return {"template_card_id": rng.choice(artifacts).card_id}
        if effect == "recruit":
            creatures = self.cards.of_kind("creature")
            return {
                "card_definition_id": rng.choice(creatures).card_id,
                "from_zone": rng.choice(["graveyard", "hand", "deck"]),
            }
        if effect in ("grant_technique",):
            return {"technique": rng.choice(GRANTABLE)}
        if effect == "remove_technique":
            return {"technique": rng.choice(GRANTABLE)}
        if effect == "set_stats":
            params = {}
            if rng.random() < 0.7:
                params["attack"] = rng.randint(0, 3)
            if not params or rng.random() < 0.6:
                params["defense"] = rng.randint(1, 3)
            return params
        return {}

    def _usable_player_effects(self):
        rows = []
        for row in PLAYER_EFFECTS:
            if row[0] == "spawn_creature" and not self.cards.of_kind("creature"):
                continue
            if row[0] == "recruit" and not self.cards.of_kind("creature"):
                continue
            if row[0] == "spawn_artifact" and not self.cards.of_kind("artifact"):
                continue
            rows.append(row)
        return rows

    # ----- alterations --------------------------------------------------------------------

    def alteration(self, context: str, *, card_kind: str, chosen_used: bool) -> tuple[dict, bool]:
        """One alteration for `context` (triggered, activated, spell); returns it and whether
        it takes a chosen target (each ability has at most one)."""
        rng = self.rng
        is_card = rng.random() < 0.55
        alt: dict = {}
        chosen = False
        has_self = card_kind in ("creature", "artifact")
        if context == "triggered":
            event, self_ok = rng.choice(START_TRIGGERS)
            alt["start_trigger"] = event
            if self_ok and rng.random() < 0.5:
                alt["trigger_self"] = False
        if is_card:
            name, reversible, _ = _weighted(rng, CARD_EFFECTS)
            if card_kind == "artifact" and name in ("return_to_hand", "set_stats"):
                name, reversible = "tap_card", True
            alt["effect"] = name
            forms = []
            if context != "spell":
                if has_self and card_kind == "creature":
                    forms += ["self"] * 3
                if not chosen_used:
                    forms += ["choose"] * 4
            forms += ["each"] * 3 + ["group"] * 2
            if context == "activated" and not chosen_used and card_kind == "creature" and rng.random() < 0.08:
                alt["effect"] = name = "fight"
                reversible = False
                forms = ["choose"]
            form = rng.choice(forms)
            if form == "self":
                alt["target"] = "self"
            elif form == "choose":
                alt["target"] = "choose"
                chosen = True
                if rng.random() < 0.3:
                    alt["target_condition"] = self.comparison(has_event=False, has_self=True, for_target=True)
            elif form == "each":
                alt["target"] = "each"
                alt["target_condition"] = self.target_condition()
                if has_self and rng.random() < 0.4:
                    alt["exclude_self"] = True
            else:
                alt["target"] = rng.choice(["owner", "opponent"] + (["self"] if has_self else []))
                alt["group"] = rng.choice(GROUPS)
                if has_self and rng.random() < 0.3:
                    alt["exclude_self"] = True
            alt["params"] = self.params(name, refs=True)
        else:
            name, reversible, _ = _weighted(rng, self._usable_player_effects())
            alt["effect"] = name
            targets = ["owner", "opponent"]
            if name in ("spawn_creature", "spawn_artifact", "recruit", "gain_mana", "choose_mana", "draw_card"):
                targets = ["owner"] * 3 + ["opponent"]
            if context != "spell" and not chosen_used and name not in ("choose_mana",):
                targets.append("choose")
            alt["target"] = rng.choice(targets)
            chosen = alt["target"] == "choose"
            alt["params"] = self.params(name, refs=True)
        if not alt["params"]:
            alt.pop("params")
        # A condition: triggers and activations (spells rarely: D11 is detected and cut).
        has_event = context == "triggered"
        p_cond = {"triggered": 0.4, "activated": 0.3, "spell": 0.05}[context]
        if rng.random() < p_cond:
            alt["condition"] = self.condition(has_event=has_event, has_self=has_self)
        # Temporary effects, only in forms PTG reverses as its README says.
        temporary_ok = (
            reversible
            and context != "spell"
            and alt["effect"] not in ("gain_mana", "choose_mana")
            and not (context == "activated" and alt.get("target") == "each")
        )
        if temporary_ok and rng.random() < 0.25:
            end_ok = (
                context == "triggered"
                and alt.get("start_trigger") == "on_card_enter_battlefield"
                and alt.get("trigger_self", True)
                and "condition" not in alt
                and "group" not in alt
                and alt.get("target") != "each"
                and alt.get("target") != "choose"
            ) or (
                context == "activated"
                and alt.get("target") in ("self", "owner", "opponent")
                and "group" not in alt
                and "condition" not in alt
            )
            if end_ok and rng.random() < 0.5:
                alt["end_trigger"] = rng.choice(END_TRIGGERS)
            elif "group" not in alt and (alt.get("target") != "choose" or context == "activated" or self.allow_new_defects):
                alt["turn_duration"] = rng.randint(1, 2)
        self._delay_or_cancel(alt, context)
        if self.readings is not None:
            # Last, after every draw of the other streams: `chosen` stays what it was drawn as.
            self.readings.alteration(alt, context)
        # Key order as a person writes them.
        order = ["effect", "target", "start_trigger", "end_trigger", "trigger_self", "turn_duration",
                 "delay", "group", "from_zone", "exclude_self", "condition", "target_condition", "params"]
        return {k: alt[k] for k in order if k in alt}, chosen

    def _delay_or_cancel(self, alt: dict, context: str) -> None:
        """Maybe (from `xrng`) a `delay` on `alt`, or `alt` made a `cancel_delay`, in the forms
        both engines play alike (gen.AVOIDED says what is left out)."""
        x = self.xrng
        if x is None:
            return
        single = alt.get("target") in ("self", "choose", "owner", "opponent") and "group" not in alt
        timed = "end_trigger" in alt or "turn_duration" in alt
        if (
            context != "spell" and alt.get("target") in ("self", "choose") and "group" not in alt
            and x.random() < 0.04
        ):
            alt["effect"] = "cancel_delay"
            for key in ("params", "end_trigger", "turn_duration"):
                alt.pop(key, None)
            return
        if not single or timed or alt["effect"] not in DELAYABLE:
            return
        if context == "triggered" and alt.get("target") == "choose":
            # PTG applies it at once (pending_delay_ignored): drawn rarely, to keep counting it.
            if not self.allow_new_defects or x.random() >= 0.1:
                return
        if x.random() < 0.12:
            alt["delay"] = x.choice([1, 1, 1, 2])

    def static_ability(self, data: dict, index: int) -> dict:
        """A static ability on a creature's self (from `xrng`): `buff_card` or a
        `grant_technique` of a technique it does not print, maybe under a condition that only
        changes when a card enters or leaves the battlefield or dies, or a turn starts (the
        four events PTG re-evaluates statics on: D09)."""
        x = self.xrng
        printed = set(data.get("techniques", []))
        grantable = [t for t in GRANTABLE if t not in printed]
        alt: dict = {"target": "self"}
        if grantable and x.random() < 0.3:
            alt["effect"] = "grant_technique"
            params = {"technique": x.choice(grantable)}
        else:
            alt["effect"] = "buff_card"
            atk, dfn = x.randint(0, 2), x.randint(0, 2)
            if atk == 0 and dfn == 0:
                atk = 1
            params = {}
            if atk:
                params["attack_increase"] = atk
            if dfn:
                params["defense_increase"] = dfn
        if x.random() < 0.5:
            name, low, high = x.choice([
                ("turn_number", 2, 9), ("creatures_in_bf", 0, 3), ("opponent_creatures_in_bf", 0, 3),
                ("artifacts_in_bf", 0, 1), ("cards_of_group_in_zone", 0, 2),
            ])
            cond: dict = {"variable": name, "operator": x.choice([">", ">=", "<", "<=", "==", "!="]),
                          "value": x.randint(low, high)}
            if name == "cards_of_group_in_zone":
                cond["params"] = {"group": x.choice(GROUPS), "zone": "battlefield",
                                  "zone_owner": x.choice(["self", "opponent", "any"])}
            alt["condition"] = cond
        alt["params"] = params
        return {"name": f"Ability {index}", "ability_type": "static", "alterations": [alt]}

    def ability(self, context: str, *, card_kind: str, index: int) -> dict:
        rng = self.rng
        alterations = []
        chosen_used = False
        for _ in range(rng.choice([1, 1, 1, 2])):
            alt, chosen = self.alteration(context, card_kind=card_kind, chosen_used=chosen_used)
            chosen_used = chosen_used or chosen
            alterations.append(alt)
        ability: dict = {"name": f"Ability {index}", "ability_type": "triggered" if context == "triggered" else "activated"}
        if context == "activated":
            ability["mana_requirement"] = _mana_cost(rng, 0, 2)
            if rng.random() < 0.2:
                ability["max_activations"] = rng.randint(1, 2)
        if context == "spell":
            ability["ability_type"] = "activated"
        ability["alterations"] = alterations
        return ability

    # ----- cards --------------------------------------------------------------------------

    def card(self, index: int, kind: str) -> Card:
        rng = self.rng
        prefix = {"creature": "cr", "spell": "sp", "artifact": "ar"}[kind]
        data: dict = {
            "card_id": f"{prefix}_{index:02d}",
            "name": f"{kind.title()} {index}",
            "type": kind,
            "mana": _mana_cost(rng, 0 if kind == "artifact" else 1, 3),
        }
        abilities = []
        if kind == "creature":
            data["attack"] = rng.randint(0, 4)
            data["defense"] = rng.randint(1, 5)
            techniques = [t for t in TECHNIQUES if rng.random() < 0.1]
            if techniques:
                data["techniques"] = techniques
            if rng.random() < 0.6:
                data["group"] = rng.choice(GROUPS)
            for i in range(rng.choice([0, 1, 1, 2])):
                context = "triggered" if rng.random() < 0.6 else "activated"
                abilities.append(self.ability(context, card_kind=kind, index=i))
            if self.xrng is not None and self.xrng.random() < 0.15:
                ability = self.static_ability(data, len(abilities))
                if self.readings is not None:
                    ability = self.readings.static_cost(ability)
                abilities.append(ability)
        elif kind == "artifact":
            for i in range(rng.choice([1, 1, 2])):
                context = "triggered" if rng.random() < 0.5 else "activated"
                abilities.append(self.ability(context, card_kind=kind, index=i))
        else:
            abilities.append(self.ability("spell", card_kind=kind, index=0))
        if abilities:
            data["abilities"] = abilities
        return Card(data=data, kind=kind)

    def card_set(self) -> CardSet:
        """Mana cards, then 5 to 9 cards; spawn templates name cards made before them."""
        rng = self.rng
        self.cards = CardSet()
        for t in MANA_TYPES:
            self.cards.cards.append(Card({"card_id": MANA_CARDS[t], "name": f"{t.title()} Mana", "type": "mana", "mana": {t: 1}}, "mana"))
        # Two plain creatures first, so that templates and conditions have cards to name.
        for i in range(2):
            self.cards.cards.append(self.card(i, "creature"))
        if rng.random() < 0.5:
            self.cards.cards.append(self.card(2, "artifact"))
        for i in range(3, 3 + rng.randint(3, 7)):
            kind = rng.choices(["creature", "spell", "artifact"], [6, 3, 1])[0]
            self.cards.cards.append(self.card(i, kind))
        return self.cards

    # ----- positions ----------------------------------------------------------------------

    def position(self) -> dict:
        """A position both engines can build: players, zones, permanents' state, phase."""
        rng = self.rng
        turn = rng.randint(2, 8)
        active = "alice" if turn % 2 == 1 else "bob"
        phase = rng.choice(["main"] * 6 + ["main_postcombat"] * 2 + ["draw"])
        creatures = self.cards.of_kind("creature")
        artifacts = self.cards.of_kind("artifact")
        playable = self.cards.of_kind("creature", "spell", "artifact")
        players = {}
        for who in ("alice", "bob"):
            p = who[0]
            n = 0

            def handle() -> str:
                nonlocal n
                n += 1
                return f"{p}{n}"

            battlefield = []
            for _ in range(rng.randint(1, 3)):
                battlefield.append({"card": MANA_CARDS[rng.choice(MANA_TYPES)], "name": handle()})
            for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
                c = rng.choice(creatures)
                entry = {"card": c.card_id, "name": handle()}
                if rng.random() < 0.25:
                    entry["sick"] = True
                if rng.random() < 0.12:
                    entry["tapped"] = True
                if rng.random() < 0.15 and c.data["defense"] > 1:
                    entry["damage"] = rng.randint(1, c.data["defense"] - 1)
                if rng.random() < 0.1:
                    entry["attack_buff"] = rng.randint(-1, 2)
                if rng.random() < 0.1:
                    entry["defense_buff"] = rng.randint(0, 2)
                battlefield.append(entry)
            if artifacts and rng.random() < 0.3:
                entry = {"card": rng.choice(artifacts).card_id, "name": handle()}
                if rng.random() < 0.15:
                    entry["tapped"] = True
                battlefield.append(entry)
            rng.shuffle(battlefield)
            hand = [{"card": rng.choice(playable).card_id, "name": handle()} for _ in range(rng.randint(1, 4))]
            if rng.random() < 0.5:
                hand.append({"card": MANA_CARDS[rng.choice(MANA_TYPES)], "name": handle()})
            deck = [{"card": rng.choice(playable + self.cards.of_kind("mana")).card_id, "name": handle()}
                    for _ in range(rng.randint(4, 8))]
            graveyard = [{"card": rng.choice(playable).card_id, "name": handle()} for _ in range(rng.choice([0, 0, 1, 2]))]
            pool = {}
            for t in MANA_TYPES:
                if rng.random() < 0.35:
                    pool[t] = rng.randint(1, 3)
            players[who] = {
                "health": rng.randint(6, 20),
                "pool": pool,
                "mana_played": rng.choice([0, 0, 1]),
                "battlefield": battlefield,
                "hand": hand,
                "deck": deck,
                "graveyard": graveyard,
            }
        return {"turn": turn, "active": active, "phase": phase, "players": players}

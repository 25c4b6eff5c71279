"""PTG's public API on rtg's engine: PTG 0.2.0's (its README's section 10) and PTG 0.9.13's
card language (conditions, groups, ``each`` targets, artifacts, tapping, pending choices).

A PTG script moves over by changing its imports (``from ptg.api import ...`` becomes
``from rtg import ...``, or ``from rtg.ptg09 import ...`` to play PTG 0.9's base rules by
default). Where PTG and its specification differ, rtg follows the specification; docs/python.md
lists every difference a PTG user may notice.
"""

import uuid as _uuid
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

from . import _rtg
from .conditions import ConditionTree, condition_dict, condition_from_dict
from .enums import AbilityType, CardType, EventType, ManaType, TargetSpec, TriggerOwner, ZoneType
from .effects import Effect, GainManaEffect, effect_named  # type: ignore[attr-defined]
from .errors import CardError, error

CardDefinition = _rtg.CardDefinition
CardInstance = _rtg.CardInstance
Action = _rtg.Action
State = _rtg.State

CardID = int
PlayerID = str

def _json_default(value: Any) -> Any:
    """JSON for what ``json`` does not know: enum members, sets, rtg values with ``to_dict``."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (set, frozenset, tuple)):
        return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    if hasattr(value, "to_dict"):
        return value.to_dict()
    raise TypeError(f"cannot write {value!r} into a card")


class _Mana(Mapping):
    """Mana by type in ``amounts`` (``{ManaType: count}``), as PTG's dataclasses hold it; also a
    read-only mapping of the same."""

    def __init__(self, amounts: Optional[Mapping[Any, int]] = None) -> None:
        self.amounts: Dict[ManaType, int] = {ManaType(str(k)): v for k, v in dict(amounts or {}).items()}

    def __getitem__(self, kind: Any) -> int:
        return self.amounts[ManaType(str(kind))]

    def __iter__(self) -> Iterator[ManaType]:
        return iter(self.amounts)

    def __len__(self) -> int:
        return len(self.amounts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Mana):
            other = other.amounts
        if not isinstance(other, Mapping):
            return NotImplemented
        strip = lambda m: {ManaType(str(k)): v for k, v in m.items() if v}
        return strip(self.amounts) == strip(other)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(amounts={self.amounts!r})"

    def total(self) -> int:
        """All the mana."""
        return sum(self.amounts.values())


class ManaRequirement(_Mana):
    """A cost: ``ManaRequirement(amounts={ManaType.FIRE: 2})`` (an ability's
    ``mana_requirement``)."""


class ManaPool(_Mana):
    """A player's mana: ``amounts`` by type. ``can_afford`` pays the specific types first,
    then ``any`` from what remains (rules.md, contract 5)."""

    def can_afford(self, requirement: Mapping[Any, int]) -> bool:
        """True when this pool covers ``requirement`` (a ``ManaRequirement`` or a dict)."""
        cost = requirement.amounts if isinstance(requirement, _Mana) else dict(requirement)
        left = dict(self.amounts)
        generic = 0
        for kind, count in cost.items():
            kind = ManaType(str(kind))
            if kind is ManaType.ANY:
                generic += count
                continue
            if left.get(kind, 0) < count:
                return False
            left[kind] = left.get(kind, 0) - count
        return sum(left.values()) >= generic

    can_pay = can_afford


@dataclass(frozen=True)
class AlterationData:
    """One alteration: an effect (an effect object such as ``DrawCardEffect()``, or its name),
    its target and its triggers, in PTG 0.2.0's field order; PTG 0.9.13's fields follow
    ``params`` (give them by keyword): ``condition`` and ``target_condition`` (a ``Condition``
    or ``ConditionGroup``), ``exclude_self``, ``group``, ``from_zone`` (a ``ZoneType``) and
    ``delay`` (a whole number of turns, 1 to 1000: the effect waits that many of its
    controller's turn starts; see "Delayed effects" in docs/cards.md). ``turn_duration`` is a
    number of turns or, as in rtg's card files, a ``$variable`` or an expression map."""

    effect: Any
    start_trigger: Optional[Union[EventType, str]] = None
    target: Optional[Union[TargetSpec, str]] = None
    end_trigger: Optional[Union[EventType, str]] = None
    turn_duration: Optional[Union[int, str, Dict[str, Any]]] = None
    trigger_self: bool = True
    trigger_owner: Union[TriggerOwner, str] = TriggerOwner.ANY
    trigger_card_id: Optional[str] = None
    require_card_id: Optional[str] = None
    require_in_zone: Optional[str] = None
    require_zone_owner: Union[TriggerOwner, str] = TriggerOwner.ANY
    params: Dict[str, Any] = field(default_factory=dict)
    condition: ConditionTree = None
    target_condition: ConditionTree = None
    exclude_self: bool = False
    group: Optional[str] = None
    from_zone: Optional[Union[ZoneType, str]] = None
    delay: Optional[int] = None

    @property
    def effect_name(self) -> str:
        """The effect's registered name."""
        return self.effect if isinstance(self.effect, str) else self.effect.name

    def to_dict(self) -> Dict[str, Any]:
        """The alteration as a card file writes it."""
        if self.require_card_id is not None or self.require_in_zone is not None or str(self.require_zone_owner) != "any":
            raise error(
                CardError,
                "require_card_id, require_in_zone and require_zone_owner are not part of the card "
                "format rtg implements (see docs/python.md)",
                kind="unsupported_field",
            )
        out: Dict[str, Any] = {"effect": self.effect_name}
        if self.target is not None:
            out["target"] = str(self.target.value if isinstance(self.target, Enum) else self.target)
        if self.start_trigger is not None:
            out["start_trigger"] = str(self.start_trigger.value if isinstance(self.start_trigger, Enum) else self.start_trigger)
        if self.end_trigger is not None:
            out["end_trigger"] = str(self.end_trigger.value if isinstance(self.end_trigger, Enum) else self.end_trigger)
        if not self.trigger_self:
            out["trigger_self"] = False
        owner = self.trigger_owner.value if isinstance(self.trigger_owner, Enum) else self.trigger_owner
        if owner != "any":
            out["trigger_owner"] = owner
        if self.trigger_card_id is not None:
            out["trigger_card_id"] = self.trigger_card_id
        if self.turn_duration is not None:
            out["turn_duration"] = self.turn_duration
        if self.params:
            out["params"] = {k: (v.value if isinstance(v, Enum) else v) for k, v in self.params.items()}
        if self.condition is not None:
            out["condition"] = condition_dict(self.condition)
        if self.target_condition is not None:
            out["target_condition"] = condition_dict(self.target_condition)
        if self.exclude_self:
            out["exclude_self"] = True
        if self.group is not None:
            out["group"] = self.group
        if self.from_zone is not None:
            out["from_zone"] = str(self.from_zone.value if isinstance(self.from_zone, Enum) else self.from_zone)
        if self.delay is not None:
            out["delay"] = self.delay
        return out


@dataclass(frozen=True)
class CardAbility:
    """A named power of a card: one or more alterations used together; ``max_activations``
    (PTG 0.9's) limits its uses in each turn. ``ability_type`` is ``AbilityType.TRIGGERED``,
    ``ACTIVATED`` or ``STATIC`` (PTG 0.9.13's: it holds while its card is on the battlefield and
    each alteration's ``condition`` holds; it takes no cost, trigger or reversal)."""

    name: str
    description: str = ""
    ability_type: Union[AbilityType, str] = AbilityType.TRIGGERED
    mana_requirement: Any = field(default_factory=dict)
    alterations: Sequence[AlterationData] = ()
    max_activations: Optional[int] = None

    def to_dict(self) -> Dict[str, Any]:
        """The ability as a card file writes it."""
        out = {
            "name": self.name,
            "description": self.description,
            "ability_type": str(self.ability_type),
            "mana_requirement": {
                (k.value if isinstance(k, Enum) else str(k)): v
                for k, v in (
                    self.mana_requirement.amounts
                    if isinstance(self.mana_requirement, _Mana)
                    else dict(self.mana_requirement or {})
                ).items()
            },
            "alterations": [a.to_dict() if hasattr(a, "to_dict") else a for a in self.alterations],
        }
        if self.max_activations is not None:
            out["max_activations"] = self.max_activations
        return out


def _abilities_from_dict(card: Dict[str, Any]) -> List[CardAbility]:
    """The ``CardAbility`` values of a definition's serialized form."""
    out = []
    for ability in card.get("abilities", []):
        alterations = []
        for alt in ability.get("alterations", []):
            alterations.append(
                AlterationData(
                    effect=effect_named(alt["effect"]),
                    target=TargetSpec(alt["target"]) if alt.get("target") else None,
                    start_trigger=EventType(alt["start_trigger"]) if alt.get("start_trigger") else None,
                    end_trigger=EventType(alt["end_trigger"]) if alt.get("end_trigger") else None,
                    trigger_self=alt.get("trigger_self", True),
                    trigger_owner=TriggerOwner(alt.get("trigger_owner") or "any"),
                    trigger_card_id=alt.get("trigger_card_id"),
                    turn_duration=alt.get("turn_duration"),
                    params=dict(alt.get("params") or {}),
                    condition=condition_from_dict(alt.get("condition")),
                    target_condition=condition_from_dict(alt.get("target_condition")),
                    exclude_self=alt.get("exclude_self", False),
                    group=alt.get("group"),
                    from_zone=ZoneType(alt["from_zone"]) if alt.get("from_zone") else None,
                    delay=alt.get("delay"),
                )
            )
        out.append(
            CardAbility(
                name=ability["name"],
                description=ability.get("description", ""),
                ability_type=AbilityType(ability["ability_type"]),
                mana_requirement=ManaRequirement(
                    {ManaType(k): v for k, v in _mana_items(ability.get("mana_requirement"))}
                ),
                alterations=tuple(alterations),
                max_activations=ability.get("max_activations"),
            )
        )
    return out


def _mana_items(mana: Any) -> Iterable[Tuple[str, int]]:
    if not mana:
        return []
    if isinstance(mana, dict):
        return [(k, v) for k, v in mana.items() if v]
    return []


class Deck(list):
    """A list of ``CardDefinition`` (what ``load_deck`` returns), with the deck's ``name``."""

    def __init__(self, cards: Iterable[Any] = (), name: Optional[str] = None) -> None:
        super().__init__(cards)
        self.name = name


def load_card(path: Any, catalog: Optional[Mapping[str, Any]] = None) -> CardDefinition:
    """Loads one card file; ``catalog`` resolves ``template_card_id`` and card references."""
    return _rtg.load_card(path, catalog)


def load_cards_from_dir(dir_path: Any, catalog: Optional[Mapping[str, Any]] = None) -> List[CardDefinition]:
    """Loads every ``*.yaml`` / ``*.yml`` card file of a directory, in file-name order."""
    return _rtg.load_cards_from_dir(dir_path, catalog)


def build_catalog(cards: Iterable[CardDefinition]) -> Dict[str, CardDefinition]:
    """Indexes definitions by ``card_id``; two with one id raise ``CardError``."""
    catalog: Dict[str, CardDefinition] = {}
    for card in cards:
        if card.card_id in catalog:
            raise error(
                CardError, f"card id `{card.card_id}` is defined twice", kind="duplicate_card_id", card_id=card.card_id
            )
        catalog[card.card_id] = card
    return catalog


def build_deck(catalog: Mapping[str, CardDefinition], spec: Mapping[str, int]) -> Deck:
    """A deck from ``{card_id: count}``, in the spec's order."""
    return Deck(_rtg.build_deck(catalog, dict(spec)))


def load_deck(catalog: Mapping[str, CardDefinition], path: Any) -> Deck:
    """A deck file's cards, in file order, as a ``Deck`` (a list) named by the file."""
    name, cards = _rtg.load_deck_cards(catalog, path)
    return Deck(cards, name=name)


class Player:
    """A seat's player before the game: ``Player(name, deck, initial_health=20, hand_size=5)``
    (PTG's defaults: an opening hand of 5).

    ``uuid`` is the id the game's views and actions use for this player.
    """

    def __init__(self, name: str, deck: Iterable[CardDefinition], initial_health: int = 20, hand_size: int = 5) -> None:
        self.name = name
        self.deck = list(deck)
        self.deck_definition = self.deck  # PTG's name for it
        self.initial_health = initial_health
        self.hand_size = hand_size
        self.uuid: PlayerID = str(_uuid.uuid4())

    def __repr__(self) -> str:
        return f"Player({self.name!r}, uuid={self.uuid!r})"


@dataclass(frozen=True)
class PlayerState:
    """One player in one state (``GameState.players[uuid]``)."""

    uuid: PlayerID
    name: str
    health: int
    mana_pool: ManaPool
    mana_sources: Dict[ManaType, int]
    mana_played_this_turn: int
    max_hand_size: int
    lost: bool
    seat: int

    @property
    def mana_played(self) -> int:
        """Mana cards played this turn."""
        return self.mana_played_this_turn


@dataclass(frozen=True)
class PendingTrigger:
    """A triggered alteration waiting for its controller to choose a target: PTG's fields
    (``source_card_id``, ``source_player_id``, ``effect``, ``params``, ``end_trigger``) and
    rtg's (the definition's ``card_id``, where the alteration is, the event, the legal
    ``targets``)."""

    source_card_id: CardID
    source_player_id: PlayerID
    effect: Effect
    params: Dict[str, Any]
    end_trigger: Optional[EventType]
    card_id: str
    ability_index: int
    alteration_index: int
    event: Dict[str, Any]
    targets: Tuple[Union[PlayerID, CardID], ...]
    # PTG 0.9.13's, read from the alteration.
    group: Optional[str] = None
    from_zone: Optional[ZoneType] = None
    trigger_self: bool = True
    condition: ConditionTree = None
    target_condition: ConditionTree = None
    exclude_self: bool = False

    @property
    def controller(self) -> PlayerID:
        """Who chooses: the source card's controller."""
        return self.source_player_id


@dataclass(frozen=True)
class PendingChoice:
    """A choice waiting for its player (PTG 0.9's ``PendingChoice``), e.g. the mana of
    ``choose_mana``: PTG's fields (``source_card_id``, ``source_player_id``, ``effect``, the
    effect the chosen option is applied with, ``target_id``, ``base_params``, ``choices``, the
    options in order, ``choice_key``, ``end_trigger``) and rtg's (the definition's ``card_id``,
    where the alteration is, the event that set it off). Resolve it with
    ``Game.resolve_pending_choice(index, chosen_index)``."""

    source_card_id: CardID
    source_player_id: PlayerID
    effect: Effect
    target_id: Union[PlayerID, CardID]
    base_params: Dict[str, Any]
    choices: List[Dict[Any, Any]]
    choice_key: str
    end_trigger: Optional[EventType]
    card_id: str
    ability_index: int
    alteration_index: int
    event: Optional[Dict[str, Any]]

    @property
    def controller(self) -> PlayerID:
        """Who chooses: the source card's controller."""
        return self.source_player_id

    @property
    def options(self) -> List[Dict[Any, Any]]:
        """The options, in order (the same as ``choices``)."""
        return self.choices


@dataclass(frozen=True)
class CombatGroup:
    """One declared attack: the attacker, its blockers in damage order, both players."""

    attacker_id: CardID
    blocker_ids: List[CardID]
    attacker_player_id: PlayerID
    defender_player_id: PlayerID


def _players_view(native: State, ids: Tuple[PlayerID, ...]) -> Dict[PlayerID, PlayerState]:
    """``GameState.players``: each player's health, pool and counters, by uuid."""
    n = native
    return {
        pid: PlayerState(
            uuid=pid,
            name=n.name(seat),
            health=n.health(seat),
            mana_pool=ManaPool(n.pool(seat)),
            mana_sources=n.mana_sources(seat),
            mana_played_this_turn=n.mana_played(seat),
            max_hand_size=n.hand_limit(seat),
            lost=n.lost(seat),
            seat=seat,
        )
        for seat, pid in enumerate(ids)
    }


def _pending_combats_view(native: State, ids: Tuple[PlayerID, ...]) -> List["CombatGroup"]:
    """``GameState.pending_combats``: the declared attacks as PTG's ``CombatGroup``s."""
    return [
        CombatGroup(
            attacker_id=c["attacker"],
            blocker_ids=list(c["blockers"]),
            attacker_player_id=ids[1 - c["defender"]],
            defender_player_id=ids[c["defender"]],
        )
        for c in native.combats()
    ]


def _combats_view(native: State, ids: Tuple[PlayerID, ...]) -> List[Dict[str, Any]]:
    """``GameState.combats``: attacker, defender (uuid), blockers in damage order, blocked."""
    out = []
    for c in native.combats():
        c["defender"] = ids[c["defender"]]
        out.append(c)
    return out


def _alteration(native: State, pending: Dict[str, Any]) -> Any:
    ability = native.card(pending["source_card_id"]).card_definition.abilities[pending["ability_index"]]
    return ability.alterations[pending["alteration_index"]]


def _pending_triggers_view(native: State, ids: Tuple[PlayerID, ...]) -> List[PendingTrigger]:
    """``GameState.pending_triggers``: triggers waiting for a chosen target."""
    out = []
    for p in native.pending_triggers():
        targets = tuple(ids[i] if kind == "player" else i for kind, i in p["targets"])
        alteration = _alteration(native, p)
        out.append(
            PendingTrigger(
                source_card_id=p["source_card_id"],
                source_player_id=ids[p["controller"]],
                effect=effect_named(alteration.effect_name),
                params=dict(alteration.params),
                end_trigger=alteration.end_trigger,
                card_id=p["card_id"],
                ability_index=p["ability_index"],
                alteration_index=p["alteration_index"],
                event=p["event"],
                targets=targets,
                group=alteration.group,
                from_zone=alteration.from_zone,
                trigger_self=alteration.trigger_self,
                condition=alteration.condition,
                target_condition=alteration.target_condition,
                exclude_self=alteration.exclude_self,
            )
        )
    return out


def _pending_choices_view(native: State, ids: Tuple[PlayerID, ...]) -> List[PendingChoice]:
    """``GameState.pending_choices``: choices waiting for a player (``choose_mana``'s)."""
    out = []
    for p in native.pending_choices():
        kind, at = p["target"]
        alteration = _alteration(native, p)
        options = alteration.params.get("options")
        if alteration.effect_name == "choose_mana" and isinstance(options, list):
            # PTG applies the chosen mana with gain_mana's `amounts`.
            effect: Effect = GainManaEffect()
            key = "amounts"
            choices = [{ManaType(k): v for k, v in dict(o).items()} for o in options]
        else:
            effect, key = effect_named(alteration.effect_name), "option"
            choices = [{"option": i} for i in range(p["options"])]
        out.append(
            PendingChoice(
                source_card_id=p["source_card_id"],
                source_player_id=ids[p["controller"]],
                effect=effect,
                target_id=ids[at] if kind == "player" else at,
                base_params={},
                choices=choices,
                choice_key=key,
                end_trigger=alteration.end_trigger,
                card_id=p["card_id"],
                ability_index=p["ability_index"],
                alteration_index=p["alteration_index"],
                event=p["event"],
            )
        )
    return out


# PTG's engine classes are native (crates/rtg-py/src/ptg): a script's loop calls them once an
# action and once a card it reads. The cold views above build their PTG value classes.
GameState = _rtg.GameState
Game = _rtg.Game
ActionClass = _rtg.ActionClass
PlayCardAction = _rtg.PlayCardAction
DeclareAttackAction = _rtg.DeclareAttackAction
DeclareDefenseAction = _rtg.DeclareDefenseAction
OrderBlockersAction = _rtg.OrderBlockersAction
ActivateAbilityAction = _rtg.ActivateAbilityAction
ResolvePendingTriggerAction = _rtg.ResolvePendingTriggerAction
AdvancePhaseAction = _rtg.AdvancePhaseAction
ResolvePendingChoiceAction = _rtg.ResolvePendingChoiceAction

# `all_cards` is a read-only mapping of card id to `CardInstance`, as the specification has it.
Mapping.register(_rtg.CardMap)

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
from .enums import AbilityType, CardType, EventType, ManaType, PhaseType, TargetSpec, TriggerOwner, ZoneType, phase_of
from .effects import Effect, GainManaEffect, effect_named  # type: ignore[attr-defined]
from .errors import CardError, RuleError, error

CardDefinition = _rtg.CardDefinition
CardInstance = _rtg.CardInstance
Action = _rtg.Action
State = _rtg.State

CardID = int
PlayerID = str

_new = object.__new__


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
        # A static ability is never paid for: no cost is written (the loader refuses one).
        if str(self.ability_type) == "static" and not out["mana_requirement"]:
            del out["mana_requirement"]
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


class _Cards(Mapping):
    """``GameState.all_cards``: every card of the state by id, read-only."""

    __slots__ = ("_native",)

    def __init__(self, native: State) -> None:
        self._native = native

    def __getitem__(self, card_id: CardID) -> CardInstance:
        try:
            return self._native.card(card_id)
        except (IndexError, TypeError, OverflowError):
            raise KeyError(card_id) from None

    def __iter__(self) -> Iterator[CardID]:
        return iter(self._native.card_ids())

    def __len__(self) -> int:
        return len(self._native.card_ids())


class GameState:
    """The whole game at one point: immutable, keyed by player ``uuid`` and card id.

    ``apply(action, **kwargs)`` returns the next state and leaves this one unchanged, so a copy
    is free (``copy.copy`` and ``copy.deepcopy`` return the state itself).
    """

    __slots__ = ("_native", "_ids", "_cards")

    # Immutable by construction: every public attribute is a read-only property and the slots
    # leave no room for others (assigning one raises AttributeError); the private slots are set
    # once, here.
    def __init__(self, native: State, ids: Sequence[PlayerID] = ("p0", "p1")) -> None:
        self._native = native
        self._ids = tuple(ids)
        self._cards = None

    @classmethod
    def _wrap(cls, native: State, ids: Tuple[PlayerID, ...]) -> "GameState":
        # The path every action takes: no argument checks, `ids` already a tuple.
        state = _new(cls)
        state._native = native
        state._ids = ids
        state._cards = None
        return state

    @property
    def native(self) -> State:
        """The engine's state (``rtg.State``)."""
        return self._native

    def _seat(self, player: Union[PlayerID, int]) -> int:
        if isinstance(player, int) and not isinstance(player, bool):
            return player
        try:
            return self._ids.index(player)
        except ValueError:
            return 255  # no seat: the rules refuse it as `unknown_player`

    def _target(self, target: Any) -> Optional[Tuple[str, int]]:
        if target is None:
            return None
        if isinstance(target, tuple):
            return target
        if isinstance(target, str):
            return ("player", self._seat(target))
        return ("card", int(target))

    def _per_player(self, zone: str) -> Dict[PlayerID, List[CardID]]:
        first, second = self._native.zones(zone)
        ids = self._ids
        return {ids[0]: first, ids[1]: second}

    @property
    def players(self) -> Dict[PlayerID, PlayerState]:
        """Each player's health, pool and counters, by uuid."""
        n = self._native
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
            for seat, pid in enumerate(self._ids)
        }

    @property
    def hands(self) -> Dict[PlayerID, List[CardID]]:
        """Card ids in each player's hand, in order."""
        return self._per_player("hand")

    @property
    def battlefield(self) -> Dict[PlayerID, List[CardID]]:
        """Card ids on each player's battlefield, in the order they entered."""
        return self._per_player("battlefield")

    @property
    def graveyards(self) -> Dict[PlayerID, List[CardID]]:
        """Card ids in each player's graveyard, oldest first."""
        return self._per_player("graveyard")

    @property
    def decks(self) -> Dict[PlayerID, List[CardID]]:
        """Card ids in each player's deck, top card first."""
        return self._per_player("deck")

    @property
    def all_cards(self) -> Mapping[CardID, CardInstance]:
        """Every card of the game by id (a read-only mapping of ``CardInstance``)."""
        cards = self._cards
        if cards is None:  # one view per state: the state never changes, nor does its view
            cards = self._cards = _Cards(self._native)
        return cards

    @property
    def current_phase(self) -> PhaseType:
        """The current phase."""
        return phase_of(self._native.phase)

    phase = current_phase

    @property
    def turn(self) -> int:
        """The turn number: every player's turn counts, turn 1 is the first player's first."""
        return self._native.turn

    @property
    def active_player(self) -> PlayerID:
        """The uuid of the player whose turn it is."""
        return self._ids[self._native.active]

    @property
    def player_to_act(self) -> PlayerID:
        """The uuid of the player who acts now (the defender while blocking)."""
        return self._ids[self._native.to_act]

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self._native.is_over

    @property
    def winner(self) -> Optional[PlayerID]:
        """The winner's uuid, or None (the game goes on, or a draw)."""
        seat = self._native.winner
        return None if seat is None else self._ids[seat]

    @property
    def current_turn(self) -> int:
        """PTG's name for ``turn``."""
        return self._native.turn

    @property
    def pending_combats(self) -> List["CombatGroup"]:
        """The declared attacks as PTG's ``CombatGroup``s, in declaration order."""
        return [
            CombatGroup(
                attacker_id=c["attacker"],
                blocker_ids=list(c["blockers"]),
                attacker_player_id=self._ids[1 - c["defender"]],
                defender_player_id=self._ids[c["defender"]],
            )
            for c in self._native.combats()
        ]

    @property
    def combats(self) -> List[Dict[str, Any]]:
        """The declared attacks: attacker, defender (uuid), blockers in damage order, blocked."""
        out = []
        for c in self._native.combats():
            c["defender"] = self._ids[c["defender"]]
            out.append(c)
        return out

    @property
    def pending_triggers(self) -> List[PendingTrigger]:
        """Triggers waiting for a chosen target; resolve with ``Game.resolve_pending_trigger``."""
        out = []
        for p in self._native.pending_triggers():
            targets = tuple(self._ids[i] if kind == "player" else i for kind, i in p["targets"])
            alteration = self._native.card(p["source_card_id"]).card_definition.abilities[p["ability_index"]].alterations[
                p["alteration_index"]
            ]
            out.append(
                PendingTrigger(
                    source_card_id=p["source_card_id"],
                    source_player_id=self._ids[p["controller"]],
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

    @property
    def pending_choices(self) -> List[PendingChoice]:
        """Choices waiting for a player (``choose_mana``'s); resolve with
        ``Game.resolve_pending_choice``. While one waits, only resolving it (or a pending
        trigger) is legal."""
        out = []
        for p in self._native.pending_choices():
            kind, at = p["target"]
            alteration = self._native.card(p["source_card_id"]).card_definition.abilities[p["ability_index"]].alterations[
                p["alteration_index"]
            ]
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
                    source_player_id=self._ids[p["controller"]],
                    effect=effect,
                    target_id=self._ids[at] if kind == "player" else at,
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

    @property
    def is_waiting(self) -> bool:
        """True while a pending trigger or choice waits (only resolving them is legal)."""
        return self._native.is_waiting

    @property
    def rules(self) -> str:
        """The rule set the game follows: ``"ptg-0.2"`` or ``"ptg-0.9"``."""
        return self._native.rules

    def legal_actions(self) -> List[Action]:
        """Every action the rules accept now (``rtg.Action`` values, for ``apply``)."""
        return self._native.legal_actions()

    def to_native(self, action: Any, **kwargs: Any) -> Action:
        """The engine action for ``action``: an ``rtg.Action``, or an action class with kwargs."""
        if isinstance(action, Action):
            if kwargs:
                raise TypeError("an rtg.Action takes no keyword arguments")
            return action
        if isinstance(action, type):
            action = action()
        build = getattr(action, "_build", None)
        if build is None:
            raise TypeError(f"not an action: {action!r}")
        bound = action.kwargs
        return build(self, {**bound, **kwargs} if bound else kwargs)

    def apply(self, action: Any, **kwargs: Any) -> "GameState":
        """The state after ``action``; raises ``RuleError`` (this state unchanged) if refused."""
        return GameState._wrap(self._native.apply(self.to_native(action, **kwargs)), self._ids)

    def digest(self) -> int:
        """The state's digest, as replays check it."""
        return self._native.digest()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self._native == other._native and self._ids == other._ids

    def __hash__(self) -> int:
        return hash(self._native)

    def __copy__(self) -> "GameState":
        return self

    def __deepcopy__(self, memo: Any) -> "GameState":
        return self

    def __repr__(self) -> str:
        return f"GameState({self._native!r})"


class _ActionClass:
    """Base of the specification's action classes: fields given at construction or to
    ``apply_action`` as keyword arguments (these win). The engine reads them (``_code`` names
    the class to it)."""

    _code: int = 6
    _fields: Tuple[str, ...] = ()
    kwargs: Dict[str, Any] = {}  # a class used without parentheses has no fields of its own

    def __init__(self, **kwargs: Any) -> None:
        unknown = set(kwargs) - set(self._fields) if kwargs else ()
        if unknown:
            raise TypeError(f"{type(self).__name__} takes {', '.join(self._fields)}; not {', '.join(sorted(unknown))}")
        self.kwargs = kwargs

    def _build(self, state: "GameState", kw: Dict[str, Any]) -> Action:
        return _rtg.action_from(self._code, state._ids, kw)

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.kwargs.items())
        return f"{type(self).__name__}({args})"


class PlayCardAction(_ActionClass):
    """Play a card from hand: ``player_id``, ``card_id`` (and ``target_id`` for a spell that
    needs a target: a player uuid or a card id)."""

    _code = 0
    _fields = ("player_id", "card_id", "target_id")


class DeclareAttackAction(_ActionClass):
    """Declare an attacker: ``player_id``, ``attacker_id``."""

    _code = 1
    _fields = ("player_id", "attacker_id")


class DeclareDefenseAction(_ActionClass):
    """Declare a blocker: ``player_id``, ``blocker_id``, ``combat_index`` (default 0)."""

    _code = 2
    _fields = ("player_id", "blocker_id", "combat_index")


class OrderBlockersAction(_ActionClass):
    """Order an attack's blockers: ``player_id``, ``combat_index``, ``ordered_blocker_ids``."""

    _code = 3
    _fields = ("player_id", "combat_index", "ordered_blocker_ids")


class ActivateAbilityAction(_ActionClass):
    """Activate an ability: ``player_id``, ``card_id``, ``ability_index`` (default 0),
    ``target_id`` (optional)."""

    _code = 4
    _fields = ("player_id", "card_id", "ability_index", "target_id")


class ResolvePendingTriggerAction(_ActionClass):
    """Resolve a pending trigger: ``trigger_index`` (default 0), ``chosen_target`` (a player
    uuid or a card id)."""

    _code = 5
    _fields = ("trigger_index", "chosen_target")


class AdvancePhaseAction(_ActionClass):
    """Move to the next phase (what ``Game.advance_phase`` applies)."""

    _code = 6


class ResolvePendingChoiceAction(_ActionClass):
    """Resolve a pending choice: ``choice_index`` (default 0), ``chosen_index`` (which option,
    from 0)."""

    _code = 7
    _fields = ("choice_index", "chosen_index")


_ADVANCE = Action.advance_phase()


class Game:
    """A game between two players: ``Game([alice, bob], seed=0)``; the first player goes first.

    ``rules`` is the base rule set: ``"ptg-0.2"`` (the default, PTG 0.2.0's rules) or
    ``"ptg-0.9"`` (PTG 0.9.13's: an attacker taps unless it has vigilance). Keeps every state
    (``history``) and event (``events``); each method returns the new ``GameState``. The same
    players, seed, rules and actions give the same game.
    """

    def __init__(
        self,
        players: Sequence[Player],
        seed: int = 0,
        turn_limit: Optional[int] = 200,
        *,
        rules: str = "ptg-0.2",
    ) -> None:
        if len(players) != 2:
            raise ValueError(f"rtg plays two-player games; got {len(players)} players")
        self.players = list(players)
        self.seed = seed
        ids = tuple(p.uuid for p in self.players)
        if ids[0] == ids[1]:
            raise ValueError("the two players must be different Player objects")
        native = _rtg.new_game(
            (self.players[0].name, self.players[1].name),
            (self.players[0].deck, self.players[1].deck),
            (self.players[0].initial_health, self.players[1].initial_health),
            seed,
            turn_limit,
            rules,
        )
        self.rules = native.rules
        self.history: List[GameState] = [GameState(native, ids)]
        self._steps: List[Any] = []  # each step's events (`rtg.Events`), read when asked for

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.history[-1]

    def _push(self, native: State, events: Any) -> GameState:
        state = GameState._wrap(native, self.state._ids)
        self.history.append(state)
        self._steps.append(events)
        return state

    @property
    def events(self) -> List[Dict[str, Any]]:
        """Every event so far, in order, as dicts (kind, source, zone_owner, target, amount)."""
        return [event for step in self._steps for event in step.to_list()]

    def start(self) -> GameState:
        """Shuffles, deals each player's ``hand_size`` cards and enters turn 1's DRAW phase."""
        native, events = self.state.native.start((self.players[0].hand_size, self.players[1].hand_size))
        return self._push(native, events)

    def apply_action(self, action: Any, **kwargs: Any) -> GameState:
        """Runs an action (an action class or instance with keyword arguments, or an
        ``rtg.Action``). A refused one raises ``RuleError`` and changes nothing."""
        state = self.history[-1]
        code = getattr(action, "_code", None)
        if code is not None:
            bound = action.kwargs
            result = state._native.apply_kwargs(code, state._ids, {**bound, **kwargs} if bound else kwargs)
            if type(result) is not tuple:
                raise result  # the rules refused it (a RuleError)
            native, events = result
        else:
            native, events = state._native.apply_with_events(state.to_native(action, **kwargs))
        wrapped = _new(GameState)
        wrapped._native = native
        wrapped._ids = state._ids
        wrapped._cards = None
        self.history.append(wrapped)
        self._steps.append(events)
        return wrapped

    def advance_phase(self) -> GameState:
        """Moves to the next phase, running its automatic work (END is a phase of its own)."""
        state = self.history[-1]
        native, events = state._native.apply_with_events(_ADVANCE)
        wrapped = _new(GameState)
        wrapped._native = native
        wrapped._ids = state._ids
        wrapped._cards = None
        self.history.append(wrapped)
        self._steps.append(events)
        return wrapped

    def _advance_until(self, done: Any) -> GameState:
        if self.state.is_over:
            raise error(RuleError, "the game is over", kind="game_over")
        for _ in range(14):  # seven phases a turn: two turns reach any phase
            if done(self.state) or self.state.is_over:
                break
            self.advance_phase()
        return self.state

    def begin_turn(self) -> GameState:
        """Advances to the next player's DRAW phase (the specification's legacy turn start)."""
        turn = self.state.turn
        return self._advance_until(lambda s: s.turn > turn and s.current_phase is PhaseType.DRAW)

    def end_turn(self) -> GameState:
        """Advances to this turn's END phase."""
        return self._advance_until(lambda s: s.current_phase is PhaseType.END)

    def resolve_combat(self) -> GameState:
        """Advances into the COMBAT phase, which resolves every declared attack."""
        order = list(PhaseType)
        phase = self.state.current_phase
        if order.index(phase) > order.index(PhaseType.DEFENSE) and not self.state.is_over:
            raise error(RuleError, f"resolving combat is not allowed in the {phase} phase", kind="wrong_phase")
        return self._advance_until(lambda s: s.current_phase is PhaseType.COMBAT)

    def resolve_pending_trigger(self, trigger_index: int, chosen_target: Union[PlayerID, CardID]) -> GameState:
        """Applies pending trigger ``trigger_index`` to the chosen target (a player uuid or card
        id)."""
        return self.apply_action(ResolvePendingTriggerAction(), trigger_index=trigger_index, chosen_target=chosen_target)

    def resolve_pending_choice(self, choice_index: int, chosen_index: int) -> GameState:
        """Resolves pending choice ``choice_index`` with option ``chosen_index`` (from 0, in the
        card's order); another index raises ``RuleError``."""
        return self.apply_action(ResolvePendingChoiceAction(), choice_index=choice_index, chosen_index=chosen_index)

    @property
    def active_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.state.native.active]

    @property
    def opponent(self) -> Player:
        """The other player."""
        return self.players[1 - self.state.native.active]

    def check_victory(self) -> Optional[Player]:
        """The winner, or None while the game goes on (or after a draw)."""
        seat = self.state.native.winner
        return None if seat is None else self.players[seat]

    @property
    def current_phase(self) -> PhaseType:
        """The current phase."""
        return self.state.current_phase

    @property
    def playable_phases(self) -> Tuple[PhaseType, ...]:
        """The phases in which cards are played and abilities activated."""
        return tuple(phase_of(p) for p in _rtg.PLAYABLE_PHASES)

    def undo(self) -> bool:
        """Goes back one state, forgetting its events; False at the first state."""
        if len(self.history) <= 1:
            return False
        self.history.pop()
        self._steps.pop()
        return True

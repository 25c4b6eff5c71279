"""rtg from Python: PTG's API on rtg's Rust engine, and more.

- The specification's API, same names and meaning: ``Game``, ``Player``, ``GameState``'s views,
  the action classes, the enums and the I/O functions (a PTG script changes only its imports);
  PTG 0.9.13's card language too: ``Condition``, ``ConditionGroup``, ``ComparisonOperator``,
  ``get_all_variables``, ``PendingChoice``, groups, ``each`` targets, artifacts, tapping, and
  rule sets (``Game(players, rules="ptg-0.9")``; ``rtg.ptg09`` plays PTG 0.9's rules by default).
- States are immutable values: ``state.apply(action)`` returns a new state, copies are free.
- Refused actions raise ``RuleError`` with the rule's ``kind``; file errors raise ``CardError``
  with ``file``, ``line`` and ``field``.
- ``simulate`` (parallel, GIL released), ``ladder``, ``replay``, ``run_scenario``, and ``rtg.env`` for agents.
"""

from . import _rtg
from ._ptg import (
    Action,
    ActionClass,
    ActivateAbilityAction,
    AdvancePhaseAction,
    AlterationData,
    CardAbility,
    CardDefinition,
    CardInstance,
    CombatGroup,
    DeclareAttackAction,
    DeclareDefenseAction,
    Deck,
    Game,
    GameState,
    ManaPool,
    ManaRequirement,
    OrderBlockersAction,
    PendingChoice,
    PendingTrigger,
    PlayCardAction,
    Player,
    PlayerState,
    ResolvePendingChoiceAction,
    ResolvePendingTriggerAction,
    State,
    build_catalog,
    build_deck,
    load_card,
    load_cards_from_dir,
    load_deck,
)
from . import effects
from .effects import *  # noqa: F401,F403  (the effect classes, by PTG's names)
from .effects import Effect, CardEffect, PlayerEffect
from .conditions import Condition, ConditionGroup, get_all_variables
from .enums import (
    AbilityType,
    CardType,
    ComparisonOperator,
    EventType,
    ManaType,
    ParamRef,
    PhaseType,
    TargetSpec,
    Technique,
    TriggerOwner,
    ZoneType,
)
from .errors import CardError, DeckError, ReplayError, RtgError, RuleError, ScenarioError, SetupError, ShadowWarning

simulate = _rtg.simulate
#: One player's view of a game at a decision (what a Python bot receives).
View = _rtg.View
from . import encode  # noqa: E402  (rtg.encode: the agents' encoding)
ladder = _rtg.ladder
replay = _rtg.replay
run_scenario = _rtg.run_scenario

#: Every ``RuleError.kind``.
RULE_KINDS = tuple(_rtg.RULE_KINDS)
#: The rule sets a game can follow (``Game(..., rules=...)``); the first is the default.
RULE_SETS = tuple(_rtg.RULE_SETS)

__all__ = list(effects.__all__) + [
    "CombatGroup",
    "ParamRef",
    "effects",
    "AbilityType",
    "Action",
    "ActionClass",
    "ActivateAbilityAction",
    "AdvancePhaseAction",
    "AlterationData",
    "CardAbility",
    "CardDefinition",
    "CardError",
    "CardInstance",
    "CardType",
    "ComparisonOperator",
    "Condition",
    "ConditionGroup",
    "DeclareAttackAction",
    "DeclareDefenseAction",
    "Deck",
    "DeckError",
    "EventType",
    "Game",
    "GameState",
    "ManaPool",
    "ManaRequirement",
    "ManaType",
    "OrderBlockersAction",
    "PendingChoice",
    "PendingTrigger",
    "PhaseType",
    "PlayCardAction",
    "Player",
    "PlayerState",
    "RULE_KINDS",
    "RULE_SETS",
    "ReplayError",
    "ResolvePendingChoiceAction",
    "ResolvePendingTriggerAction",
    "RtgError",
    "RuleError",
    "ScenarioError",
    "SetupError",
    "ShadowWarning",
    "State",
    "TargetSpec",
    "Technique",
    "TriggerOwner",
    "View",
    "ZoneType",
    "build_catalog",
    "build_deck",
    "get_all_variables",
    "ladder",
    "load_card",
    "load_cards_from_dir",
    "load_deck",
    "replay",
    "run_scenario",
    "simulate",
]

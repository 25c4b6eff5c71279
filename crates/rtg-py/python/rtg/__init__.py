"""rtg from Python: PTG 0.2.0's API on rtg's Rust engine, and more.

- The specification's API, same names and meaning: ``Game``, ``Player``, ``GameState``'s views,
  the action classes, the enums and the I/O functions (a PTG script changes only its imports).
- States are immutable values: ``state.apply(action)`` returns a new state, copies are free.
- Refused actions raise ``RuleError`` with the rule's ``kind``; file errors raise ``CardError``
  with ``file``, ``line`` and ``field``.
- ``simulate`` (parallel, GIL released), ``replay``, ``run_scenario``, and ``rtg.env`` for agents.
"""

from . import _rtg
from ._ptg import (
    Action,
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
    PendingTrigger,
    PlayCardAction,
    Player,
    PlayerState,
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
from .enums import AbilityType, CardType, EventType, ManaType, ParamRef, PhaseType, TargetSpec, Technique, TriggerOwner
from .errors import CardError, DeckError, ReplayError, RtgError, RuleError, ScenarioError, SetupError

simulate = _rtg.simulate
replay = _rtg.replay
run_scenario = _rtg.run_scenario

#: Every ``RuleError.kind``.
RULE_KINDS = tuple(_rtg.RULE_KINDS)

__all__ = list(effects.__all__) + [
    "CombatGroup",
    "ParamRef",
    "effects",
    "AbilityType",
    "Action",
    "ActivateAbilityAction",
    "AdvancePhaseAction",
    "AlterationData",
    "CardAbility",
    "CardDefinition",
    "CardError",
    "CardInstance",
    "CardType",
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
    "PendingTrigger",
    "PhaseType",
    "PlayCardAction",
    "Player",
    "PlayerState",
    "RULE_KINDS",
    "ReplayError",
    "ResolvePendingTriggerAction",
    "RtgError",
    "RuleError",
    "ScenarioError",
    "SetupError",
    "State",
    "TargetSpec",
    "Technique",
    "TriggerOwner",
    "build_catalog",
    "build_deck",
    "load_card",
    "load_cards_from_dir",
    "load_deck",
    "replay",
    "run_scenario",
    "simulate",
]

"""The specification's enums, as ``str`` enums whose values are the card-file names.

``CardType.CREATURE == "creature"``, ``PhaseType("main") is PhaseType.MAIN``. The members come
from the engine (``rtg._rtg``), so they cannot drift from what it accepts.
"""

from enum import Enum

from . import _rtg

__all__ = [
    "CardType",
    "ManaType",
    "EventType",
    "AbilityType",
    "TargetSpec",
    "Technique",
    "PhaseType",
    "TriggerOwner",
    "ParamRef",
    "ZoneType",
    "ComparisonOperator",
    "phase_of",
]


class _Named(str, Enum):
    """A name of the card format; compares equal to its string."""

    def __str__(self) -> str:
        return self.value


def _members(names):
    return {name.upper(): name for name in names}


CardType = _Named("CardType", _members(_rtg.CARD_TYPES), module=__name__)
CardType.__doc__ = "What a card is: creature, spell, mana or artifact."
ManaType = _Named("ManaType", _members(_rtg.MANA_TYPES), module=__name__)
ManaType.__doc__ = "A mana type: fire, earth, water, air, or any (generic)."
EventType = _Named("EventType", _members(_rtg.EVENT_TYPES), module=__name__)
EventType.__doc__ = "An engine event (the trigger names of card files)."
AbilityType = _Named("AbilityType", {"TRIGGERED": "triggered", "ACTIVATED": "activated", "STATIC": "static"}, module=__name__)
AbilityType.__doc__ = (
    "How an ability is used: triggered by an event, activated by its controller, or static "
    "(it holds by itself while its card is on the battlefield and its condition holds)."
)
TargetSpec = _Named("TargetSpec", _members(_rtg.TARGET_SPECS), module=__name__)
TargetSpec.__doc__ = "Whom an alteration acts on: self, owner, opponent, choose, or each (every card meeting its target_condition)."
Technique = _Named("Technique", _members(_rtg.TECHNIQUES), module=__name__)
Technique.__doc__ = "A creature keyword: haste, flying, reach, trample, deathtouch, vigilance."
# PTG's values ("main_post" for MAIN_POSTCOMBAT); the engine's names map onto the members.
PhaseType = _Named("PhaseType", {n.upper(): ("main_post" if n == "main_postcombat" else n) for n in _rtg.PHASES}, module=__name__)
PhaseType.__doc__ = (
    "A phase of a turn, in turn order. ``Game.advance_phase()`` passes from MAIN_POSTCOMBAT "
    "through END into the next player's DRAW, as PTG's does; an ``rtg.State`` can rest in END."
)
ParamRef = _Named("ParamRef", {"ATTACK": "$attack", "DEFENSE": "$defense"}, module=__name__)
ParamRef.__doc__ = "A parameter read from the source card when the effect starts."
TriggerOwner = _Named("TriggerOwner", {"ANY": "any", "OWNER": "owner", "OPPONENT": "opponent"}, module=__name__)
TriggerOwner.__doc__ = "Whose zones a triggered alteration listens to."
ZoneType = _Named("ZoneType", _members(_rtg.ZONES), module=__name__)
ZoneType.__doc__ = "A zone of a player: deck, hand, battlefield or graveyard (PTG 0.9's `from_zone`)."
# PTG 0.9.13's names; the symbols are the card format's (`operator: ">="`).
ComparisonOperator = _Named(
    "ComparisonOperator",
    {
        "EQUALS": "==",
        "NOT_EQUALS": "!=",
        "GREATER": ">",
        "GREATER_EQUAL": ">=",
        "LESS": "<",
        "LESS_EQUAL": "<=",
    },
    module=__name__,
)
ComparisonOperator.__doc__ = "How a condition compares its variable with its value: == != > >= < <=."


_PHASES = {name: PhaseType[name.upper()] for name in _rtg.PHASES}


def phase_of(name: str) -> "PhaseType":
    """The ``PhaseType`` of an engine phase name (``"main_postcombat"`` → ``MAIN_POSTCOMBAT``)."""
    return _PHASES[name]

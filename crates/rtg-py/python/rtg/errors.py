"""rtg's exceptions. Each carries a ``kind``: a stable snake_case name of what went wrong."""

from typing import List, Optional

__all__ = [
    "RtgError",
    "RuleError",
    "CardError",
    "DeckError",
    "SetupError",
    "ReplayError",
    "ScenarioError",
]


class RtgError(Exception):
    """Base class of rtg's errors; ``kind`` names what went wrong."""

    def __init__(self, message: str, kind: str = "error") -> None:
        super().__init__(message)
        self.kind = kind


class RuleError(RtgError, ValueError):
    """An action the rules refuse. ``kind`` is the rule (``"not_enough_mana"``,
    ``"wrong_phase"``, ...: the scenario files' names); the state it was applied to is unchanged.
    """


class CardError(RtgError, ValueError):
    """A card or deck file (or a card made in Python) that cannot be loaded: where and what.

    ``file``, ``line``, ``column`` (from 1, or None), ``field`` (like
    ``abilities[0].alterations[0].effect``), ``card_id``, and ``errors``: every error when a batch
    of files had several (this one is the first).
    """

    def __init__(
        self,
        message: str,
        kind: str = "error",
        file: Optional[str] = None,
        line: Optional[int] = None,
        column: Optional[int] = None,
        field: Optional[str] = None,
        card_id: Optional[str] = None,
        errors: Optional[List["CardError"]] = None,
    ) -> None:
        super().__init__(message, kind)
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.card_id = card_id
        self.errors = errors if errors is not None else [self]


class DeckError(RtgError, ValueError):
    """A deck spec that cannot be built (unknown card id, bad count)."""


class SetupError(RtgError, ValueError):
    """A game that cannot be set up from these decks."""


class ReplayError(RtgError, ValueError):
    """A replay file that cannot be read or does not replay bit for bit."""


class ScenarioError(RtgError, ValueError):
    """A scenario file that cannot be loaded."""

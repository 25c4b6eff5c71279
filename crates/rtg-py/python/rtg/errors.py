"""rtg's exceptions. Each is a ``ValueError`` and carries ``kind``: a stable snake_case name of
what went wrong.

- ``RuleError``: an action the rules refuse (``kind`` as scenario files name rules); the state
  it was applied to is unchanged.
- ``CardError``: a card or deck file (or a card made in Python) that cannot be loaded, with
  ``file``, ``line``, ``column``, ``field``, ``card_id`` and ``errors`` (every error of a batch).
- ``DeckError``, ``SetupError``, ``ReplayError``, ``ScenarioError``: what their names say.

``ShadowWarning`` (a ``UserWarning``, not an error) says that cards of your own replace bundled
cards of the same id, and which bundled decks now play your versions.

The classes are native (raising one is cheap); ``error(cls, message, **attributes)`` makes one
with its attributes from Python.
"""

from typing import Any

from . import _rtg

RtgError = _rtg.RtgError
RuleError = _rtg.RuleError
CardError = _rtg.CardError
DeckError = _rtg.DeckError
SetupError = _rtg.SetupError
ReplayError = _rtg.ReplayError
ScenarioError = _rtg.ScenarioError
ShadowWarning = _rtg.ShadowWarning

__all__ = [
    "RtgError",
    "RuleError",
    "CardError",
    "DeckError",
    "SetupError",
    "ReplayError",
    "ScenarioError",
    "ShadowWarning",
    "error",
]


def error(cls: Any, message: str, kind: str = "error", **attributes: Any) -> Any:
    """An instance of one of rtg's exception classes with ``kind`` and other attributes set."""
    made = cls(message)
    made.kind = kind
    for name, value in attributes.items():
        setattr(made, name, value)
    if cls is CardError:
        for name in ("file", "line", "column", "field", "card_id"):
            if not hasattr(made, name):
                setattr(made, name, None)
        if not hasattr(made, "errors"):
            made.errors = [made]
    return made

"""The agents' encoding, for wrappers of your own: the observation vector, the action mask and
the action indices that ``rtg.env`` and ``rtg.env.pettingzoo`` use (the same native code).

Everything reads one player's ``rtg.View``: their own hand, the public board, the sizes of hidden
zones. Nothing of the opponent's hand or of deck order can enter an observation. See
``docs/python.md`` ("The encoding") for the layout, field by field.
"""

from typing import Any, List, Optional, Union

from . import _rtg

_numpy_module: Any = None
_numpy_looked_for = False


def _numpy() -> Any:
    """numpy, or None without it: arrays with it, lists without. Imported at the first
    encoding, not with ``rtg``: a PTG script should not pay numpy's import (a tenth of a
    second, and BLAS threads) for an encoding it never asks for."""
    global _numpy_module, _numpy_looked_for
    if not _numpy_looked_for:
        try:
            import numpy
        except ImportError:  # pragma: no cover - exercised only without numpy
            numpy = None
        _numpy_module, _numpy_looked_for = numpy, True
    return _numpy_module

__all__ = [
    "ACTION_COUNT",
    "CHOICE_SLOTS",
    "OBSERVATION_SIZE",
    "action_from_index",
    "action_index",
    "action_mask",
    "observation",
    "view",
]

#: The number of action indices.
ACTION_COUNT: int = _rtg.ACTION_COUNT
#: The length of an observation vector.
OBSERVATION_SIZE: int = _rtg.OBSERVATION_SIZE
#: The options of a pending choice the action space holds: indices
#: ``ACTION_COUNT - CHOICE_SLOTS + o`` resolve the first pending choice with option ``o``.
CHOICE_SLOTS: int = _rtg.CHOICE_SLOTS


def _floats(raw: bytes) -> Any:
    _np = _numpy()
    if _np is not None:
        return _np.frombuffer(raw, dtype=_np.float32).copy()
    return memoryview(raw).cast("f").tolist()


def _bytes(raw: bytes) -> Any:
    _np = _numpy()
    if _np is not None:
        return _np.frombuffer(raw, dtype=_np.int8).copy()
    return list(raw)


def _check_view(value: Any) -> None:
    if not isinstance(value, _rtg.View):
        raise TypeError(f"expected an rtg.View, found {type(value).__name__}")


def view(state: Any, player: int) -> Any:
    """Seat ``player``'s ``rtg.View`` of an ``rtg.State`` (only what that player may know)."""
    return _rtg.view_of(state, player)


def observation(view: Any, in_phase: int = 0) -> Any:
    """The view's observation: ``OBSERVATION_SIZE`` float32 values (a numpy array, or a list
    without numpy). ``in_phase`` is the count of actions taken in the current phase, which a
    view does not hold (the environments' driver does: pass it to match them exactly)."""
    _check_view(view)
    return _floats(_rtg.encode_observation(view, in_phase))


def action_mask(view: Any) -> Any:
    """Which action indices are legal for the view's player: ``ACTION_COUNT`` int8 values, 1 for
    legal (a numpy array, or a list without numpy). It does not know the phase cap: after 200
    actions in a phase the environments allow only index 0."""
    _check_view(view)
    return _bytes(_rtg.encode_mask(view))


def action_index(view: Any, action: Any) -> Optional[int]:
    """The index of ``action`` (an ``rtg.Action``) for the view's player, or None when it has
    none: it is not legal, it fits no slot (a card past the slots, an order of blockers, a
    pending trigger or choice other than the first), or an earlier legal action has its index."""
    _check_view(view)
    if not isinstance(action, _rtg.Action):
        raise TypeError(f"expected an rtg.Action, found {type(action).__name__}")
    return _rtg.encode_index(view, action)


def action_from_index(view_or_state: Any, index: int) -> Any:
    """The legal action of ``index`` (an ``rtg.Action``) for a view's player, or for the player
    to act in an ``rtg.State``; ValueError when no legal action has that index."""
    if isinstance(index, bool) or not isinstance(index, int):
        _np = _numpy()
        if _np is not None and isinstance(index, _np.integer):
            index = int(index)
        else:
            raise TypeError(f"an action index is an int, found {type(index).__name__}")
    return _rtg.encode_action(view_or_state, index)

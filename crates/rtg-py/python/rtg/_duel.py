"""Decks by name, as the environments and the OpenSpiel-shaped core (``rtg.env``,
``rtg.env.pettingzoo``, ``rtg.spiel``) take them."""

import os
from typing import Any, Tuple

from . import _rtg


def load_decks(deck_a: Any, deck_b: Any, cards: Any, bundled: bool = True) -> Tuple[Any, Any]:
    """Decks as ``simulate`` takes them: a list of definitions, or a deck file path or stem (a
    file, then ``decks/``, then the bundled decks; the bundled cards, unless ``bundled`` is
    False, plus ``cards/`` or ``cards``, whose cards replace bundled ones of the same id)."""

    def deck(d: Any) -> Any:
        if not isinstance(d, (str, os.PathLike)):
            return d
        _stem, defs = _rtg.named_deck(d, cards, bundled)
        return defs

    return deck(deck_a), deck(deck_b)

"""What the two-player APIs (``rtg.env.pettingzoo``, ``rtg.spiel``) share: decks by name, and a
text of the board."""

import os
from typing import Any, Tuple

from . import _rtg


def load_decks(deck_a: Any, deck_b: Any, cards: Any) -> Tuple[Any, Any]:
    """Decks as ``simulate`` takes them: a list of definitions, or a deck file path or stem (a
    file, then ``decks/``, then the bundled decks)."""

    def deck(d: Any) -> Any:
        if not isinstance(d, (str, os.PathLike)):
            return d
        _stem, defs = _rtg.named_deck(d, cards)
        return defs

    return deck(deck_a), deck(deck_b)


def board_text(state: Any) -> str:
    """The public board of a state as text: turn, phase, who acts, then per seat health, hand
    and deck sizes, and the battlefield by card name (hands are not shown)."""
    lines = [f"turn {state.turn}, {state.phase}, seat {state.active}'s turn, seat {state.to_act} to act"]
    for seat in (0, 1):
        field = []
        for card_id in state.zone(seat, "battlefield"):
            card = state.card(card_id)
            field.append(f"{card.name} {card.attack}/{card.defense}" + (" (tapped)" if card.tapped else ""))
        lines.append(
            f"seat {seat}: health {state.health(seat)}, hand {len(state.zone(seat, 'hand'))}, "
            f"deck {len(state.zone(seat, 'deck'))}, battlefield: {', '.join(field) or '-'}"
        )
    if state.is_over:
        outcome = "a draw" if state.winner is None else f"seat {state.winner} wins"
        lines.append(f"over: {outcome}" + (f" ({state.end_reason})" if state.end_reason else ""))
    return "\n".join(lines)

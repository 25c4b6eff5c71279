"""Everything of ``rtg``, with PTG 0.9's base rules as the default of ``Game``.

PTG 0.9.13 plays one base rule differently from PTG 0.2.0 (an attacker taps unless it has
vigilance). ``rtg.Game`` plays PTG 0.2.0's rules unless told otherwise
(``Game(players, rules="ptg-0.9")``); a PTG 0.9.13 script moves over with only its imports
changed by importing from here instead::

    from ptg.api import Game, Player, Condition    ->    from rtg.ptg09 import Game, Player, Condition

``rtg.ptg09.Game`` is ``rtg.Game`` with ``rules="ptg-0.9"`` by default; every other name is
``rtg``'s own.
"""

from typing import Optional, Sequence

from . import *  # noqa: F401,F403  (rtg's whole API)
from . import __all__ as _all
from ._ptg import Game as _Game
from ._ptg import Player as _Player

__all__ = list(_all)


class Game(_Game):
    """``rtg.Game`` playing PTG 0.9.13's base rules unless ``rules`` says otherwise."""

    def __init__(
        self,
        players: Sequence[_Player],
        seed: int = 0,
        turn_limit: Optional[int] = 200,
        *,
        rules: str = "ptg-0.9",
    ) -> None:
        super().__init__(players, seed, turn_limit, rules=rules)

"""An OpenSpiel-shaped game for search and CFR-style tools: ``Game`` and its ``State`` have the
names and meanings of ``pyspiel.Game`` and ``pyspiel.State`` that OpenSpiel's Python algorithms
call (``current_player``, ``legal_actions``, ``apply_action``, ``returns``, ``clone``, ...), so
its Python MCTS can play an rtg game. Actions are ``rtg.encode``'s indices; players are decks
(0 is deck A, as ``player_0`` in ``rtg.env.pettingzoo``).

Chance is sampled: rtg's shuffles and random effects draw from the state's own seeded generator
when an action is applied, so there are no explicit chance nodes. ``is_chance_node()`` is always
False and ``chance_outcomes()`` always empty; a game is deterministic given its seed, and a
search that wants other deals samples them itself (``determinize``: a full state consistent with
one player's view).
"""

from types import SimpleNamespace
from typing import Any, Dict, List, Optional

from . import _rtg
from ._duel import load_decks
from .encode import ACTION_COUNT, OBSERVATION_SIZE, observation

try:  # with OpenSpiel installed, get_type() answers in its own enums
    import pyspiel as _pyspiel
except ImportError:  # pragma: no cover - exercised only without open_spiel
    _pyspiel = None

__all__ = ["Game", "State", "TERMINAL", "determinize", "view_string"]

#: ``current_player()`` of a finished game (``pyspiel.PlayerId.TERMINAL``).
TERMINAL: int = -4


def _game_type() -> Any:
    if _pyspiel is not None:
        kinds = _pyspiel.GameType
        return SimpleNamespace(
            short_name="rtg_duel",
            dynamics=kinds.Dynamics.SEQUENTIAL,
            chance_mode=kinds.ChanceMode.SAMPLED_STOCHASTIC,
            information=kinds.Information.IMPERFECT_INFORMATION,
            utility=kinds.Utility.ZERO_SUM,
            reward_model=kinds.RewardModel.TERMINAL,
        )
    return SimpleNamespace(
        short_name="rtg_duel",
        dynamics="SEQUENTIAL",
        chance_mode="SAMPLED_STOCHASTIC",
        information="IMPERFECT_INFORMATION",
        utility="ZERO_SUM",
        reward_model="TERMINAL",
    )


class Game:
    """``Game(deck_a="aggro", deck_b="midrange", seed=0, rules="ptg-0.2", max_turns=200,
    a_first=True, cards=None, bundled=True)``: the game every ``new_initial_state()`` starts (the same deal
    each time, from ``seed``; ``new_initial_state(seed)`` for another)."""

    def __init__(
        self,
        deck_a: Any = "aggro",
        deck_b: Any = "midrange",
        *,
        seed: int = 0,
        rules: str = "ptg-0.2",
        max_turns: int = 200,
        a_first: bool = True,
        cards: Any = None,
        bundled: bool = True,
    ) -> None:
        self._decks = load_decks(deck_a, deck_b, cards, bundled)
        self._seed = seed
        self._rules = rules
        self._max_turns = max_turns
        self._a_first = a_first

    def new_initial_state(self, seed: Optional[int] = None) -> "State":
        """The state after the opening deal of ``seed`` (the game's seed by default)."""
        duel = _rtg.Duel(
            self._decks[0],
            self._decks[1],
            seed=self._seed if seed is None else seed,
            a_first=self._a_first,
            max_turns=self._max_turns,
            rules=self._rules,
        )
        return State(self, duel, [])

    def get_type(self) -> Any:
        """What kind of game it is: sequential, sampled chance, imperfect information, zero-sum,
        terminal rewards (``pyspiel.GameType``'s enums when OpenSpiel is installed)."""
        return _game_type()

    def num_players(self) -> int:
        """2."""
        return 2

    def num_distinct_actions(self) -> int:
        """``ACTION_COUNT``."""
        return ACTION_COUNT

    def min_utility(self) -> float:
        """-1, a loss."""
        return -1.0

    def max_utility(self) -> float:
        """1, a win."""
        return 1.0

    def utility_sum(self) -> float:
        """0: zero-sum (a draw is 0 each)."""
        return 0.0

    def information_state_tensor_shape(self) -> List[int]:
        """``[OBSERVATION_SIZE]``."""
        return [OBSERVATION_SIZE]

    def observation_tensor_shape(self) -> List[int]:
        """``[OBSERVATION_SIZE]``."""
        return [OBSERVATION_SIZE]

    def __str__(self) -> str:
        return f"rtg_duel(rules={self._rules}, max_turns={self._max_turns})"


def _card_text(card: Any) -> str:
    marks = [m for m, on in (("tapped", card.tapped), ("sick", card.summoning_sick)) if on]
    damage = f" damage {card.damage}" if card.damage else ""
    return f"{card.name} {card.attack}/{card.defense}{damage}" + (f" ({', '.join(marks)})" if marks else "")


def view_string(view: Any) -> str:
    """A ``View`` as text: what its player may know and nothing more (its own hand by name, the
    opponent's hand by size only, the public board and the pending choices)."""
    me = view.player
    lines = [f"player {me}: turn {view.turn}, {view.phase}, seat {view.active}'s turn"]
    lines.append("hand: " + (", ".join(_card_text(c) for c in view.hand) or "-"))
    for seat in (me, 1 - me):
        pool = {str(k): v for k, v in sorted(view.pool(seat).items(), key=lambda kv: str(kv[0])) if v}
        lines.append(
            f"seat {seat}: health {view.health(seat)}, hand {view.hand_size(seat)}, deck {view.deck_size(seat)}, "
            f"mana played {view.mana_played(seat)}, pool {pool}"
        )
        lines.append("  battlefield: " + (", ".join(_card_text(c) for c in view.battlefield(seat)) or "-"))
        lines.append("  graveyard: " + (", ".join(c.name for c in view.graveyard(seat)) or "-"))
    for choice in view.pending_choices():
        lines.append(f"choice for seat {choice['controller']}: {choice['options']} options")
    return "\n".join(lines)


def determinize(state: "State", player: int, seed: int) -> "State":
    """A state consistent with ``player``'s view of ``state``: the hidden cards (the opponent's
    hand, both decks) dealt anew from ``seed``, everything the player sees as it is (its
    phase count starts from zero)."""
    duel = state._duel.determinize(state._seat(player), seed)
    return State(state._game, duel, list(state._history))


class State:
    """One position of a :class:`Game` (made by ``Game.new_initial_state``)."""

    def __init__(self, game: Game, duel: Any, history: List[int]) -> None:
        self._game = game
        self._duel = duel
        self._history = history

    # Player p is deck p: seat 0 when deck A goes first.
    def _seat(self, player: int) -> int:
        if player not in (0, 1):
            raise ValueError(f"no player {player}: players are 0 and 1")
        return player if self._game._a_first else 1 - player

    def _player(self, seat: int) -> int:
        return seat if self._game._a_first else 1 - seat

    def current_player(self) -> int:
        """The player to act now (a pending trigger's or choice's controller may act out of
        turn), or ``TERMINAL`` (-4) once the game is over."""
        if self.is_terminal():
            return TERMINAL
        return self._player(self._duel.to_act())

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal action indices, ascending, of ``player`` (the player to act by default);
        empty for a player who does not act now and once the game is over."""
        if self.is_terminal():
            return []
        seat = self._duel.to_act() if player is None else self._seat(player)
        return [i for i, _ in self._duel.legal(seat)]

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """``legal_actions`` as a 0/1 list over the ``ACTION_COUNT`` indices."""
        mask = [0] * ACTION_COUNT
        for i in self.legal_actions(player):
            mask[i] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Plays the action of index ``action`` for the player to act (in place); ValueError when
        it is not legal now."""
        self._duel.step(int(action))
        self._history.append(int(action))

    def action_to_string(self, player: int, action: int) -> str:
        """The engine's text of the action of that index (``str(action)`` when it is not legal)."""
        for i, legal in self._duel.legal(self._seat(player)):
            if i == action:
                return repr(legal)
        return str(action)

    def history(self) -> List[int]:
        """The action indices applied since the initial state."""
        return list(self._history)

    def is_chance_node(self) -> bool:
        """Always False: chance is sampled inside ``apply_action`` (see the module)."""
        return False

    def chance_outcomes(self) -> List[Any]:
        """Always empty: there are no explicit chance nodes (see the module)."""
        return []

    def is_simultaneous_node(self) -> bool:
        """Always False: one player acts at a time."""
        return False

    def is_terminal(self) -> bool:
        """True once the game is over (a win, or a draw at the turn limit)."""
        return self._duel.state.is_over

    def returns(self) -> List[float]:
        """Each player's return: +1 win, -1 loss, 0 each for a draw; 0 before the end."""
        state = self._duel.state
        if not state.is_over or state.winner is None:
            return [0.0, 0.0]
        winner = self._player(state.winner)
        return [1.0 if p == winner else -1.0 for p in (0, 1)]

    def rewards(self) -> List[float]:
        """The rewards of the last action: the returns, which come only at the end."""
        return self.returns()

    def observation_string(self, player: Optional[int] = None) -> str:
        """``player``'s view as text (:func:`view_string`): only what that player may know."""
        seat = self._duel.to_act() if player is None else self._seat(player)
        return view_string(self._duel.view(seat))

    def information_state_string(self, player: Optional[int] = None) -> str:
        """The player's information state as text: its view now (the zones hold the public
        history: cards played stay in graveyards or on battlefields), and the count of actions
        applied, so that positions seen twice are told apart."""
        return f"{self.observation_string(player)}\nmove {len(self._history)}"

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """``player``'s observation, ``rtg.encode``'s vector (its phase count included)."""
        seat = self._duel.to_act() if player is None else self._seat(player)
        return [float(x) for x in observation(self._duel.view(seat), in_phase=self._duel.in_phase)]

    def information_state_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation tensor: the encoding is the information state rtg's agents use."""
        return self.observation_tensor(player)

    def clone(self) -> "State":
        """An independent copy: applying actions to it leaves this state unchanged."""
        return State(self._game, self._duel.clone(), list(self._history))

    def get_game(self) -> Game:
        """The game this state is of."""
        return self._game

    def game_state(self) -> Any:
        """The whole ``rtg.State`` (hidden information included: for display and debugging)."""
        return self._duel.state

    def __str__(self) -> str:
        return self._duel.text()

"""Benchmarks of the Python package against PTG 0.2.0 (issue targets; not a test).

The same card pool, decks and greedy policy run on both engines: the cards are written with
PTG's API (which rtg shares), and one Python driver plays both (only its imports differ).

    python bench.py                 # rtg: simulate, the apply_action loop, VectorEnv
    python bench.py --engine ptg    # PTG 0.2.0 (needs Python >= 3.12 and `pip install ptg==0.2.0`)
    python bench.py --rules ptg-0.9 # rtg on PTG 0.9's rules, to compare with PTG 0.9.13

Each figure is on one core: rtg.simulate with threads=1, everything else single-threaded. Rates
are per second of the process's CPU time (``time.process_time``), so that other work on the
machine does not change them; the split of the Python loop into time inside the engine's calls
uses the wall clock around each call.
"""

import argparse
import json
import random
import sys
import time

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--engine", choices=["rtg", "ptg"], default="rtg")
parser.add_argument("--games", type=int, default=0, help="games for the Python-loop figure")
parser.add_argument("--seconds", type=float, default=3.0, help="rough time per figure")
parser.add_argument("--rules", default="ptg-0.2", help="rtg's rule set (ptg-0.9 to compare with PTG 0.9.13)")
args = parser.parse_args()

if args.engine == "ptg":
    from ptg.api import (  # noqa: E402
        AbilityType, AlterationData, CardAbility, CardDefinition, CardType, DeclareAttackAction, EventType,
        Game, ManaRequirement, ManaType, PhaseType, PlayCardAction, Player, TargetSpec,
    )
    from ptg.effects.draw import DrawCardEffect  # noqa: E402
    from ptg.effects.heal_player import HealPlayerEffect  # noqa: E402
else:
    from rtg import (  # noqa: E402
        AbilityType, AlterationData, CardAbility, CardDefinition, CardType, DeclareAttackAction, EventType,
        Game, ManaRequirement, ManaType, PhaseType, PlayCardAction, Player, TargetSpec,
    )
    from rtg import DrawCardEffect, HealPlayerEffect  # noqa: E402


def enters(effect, target, params):
    """A triggered ability on entering the battlefield."""
    return [CardAbility("On enter", "", AbilityType.TRIGGERED, ManaRequirement(),
                        [AlterationData(effect=effect, start_trigger=EventType.ON_CARD_ENTER_BATTLEFIELD,
                                        target=target, params=params)])]


FIRE = CardDefinition("b_fire", "Fire Mana", "", CardType.MANA, {ManaType.FIRE: 1})
EARTH = CardDefinition("b_earth", "Earth Mana", "", CardType.MANA, {ManaType.EARTH: 1})
GOBLIN = CardDefinition("b_goblin", "Goblin", "", CardType.CREATURE, {ManaType.FIRE: 1}, defense=2, attack=2)
OGRE = CardDefinition("b_ogre", "Ogre", "", CardType.CREATURE, {ManaType.FIRE: 2, ManaType.ANY: 1}, defense=3, attack=4)
SCOUT = CardDefinition("b_scout", "Scout", "", CardType.CREATURE, {ManaType.FIRE: 1}, defense=1, attack=1,
                       abilities=enters(DrawCardEffect(), TargetSpec.OWNER, {"count": 1}))
GIANT = CardDefinition("b_giant", "Giant", "", CardType.CREATURE, {ManaType.EARTH: 2}, defense=5, attack=3)
PRIEST = CardDefinition("b_priest", "Priest", "", CardType.CREATURE, {ManaType.EARTH: 1}, defense=2, attack=1,
                        abilities=enters(HealPlayerEffect(), TargetSpec.OWNER, {"amount": 3}))
DECK_A = [FIRE] * 16 + [GOBLIN] * 10 + [OGRE] * 8 + [SCOUT] * 6
DECK_B = [EARTH] * 16 + [GIANT] * 10 + [PRIEST] * 8 + [GOBLIN] * 6


class Counter:
    calls = 0
    inside = 0.0  # seconds spent inside apply_action / advance_phase
    applied = 0  # calls the engine accepted
    applied_inside = 0.0  # seconds spent inside those


clock = time.perf_counter


def act(game, action, **kwargs):
    """One apply_action call (refused ones count: they are calls the engine checks)."""
    Counter.calls += 1
    started = clock()
    try:
        game.apply_action(action, **kwargs)
    except ValueError:
        Counter.inside += clock() - started
        return False
    took = clock() - started
    Counter.inside += took
    Counter.applied += 1
    Counter.applied_inside += took
    return True


def greedy_main(game, me):
    """rtg's greedy rule: the first mana card, then every affordable card in hand order, then
    attack with every creature that can."""
    state = game.state
    for cid in list(state.hands[me.uuid]):
        if state.all_cards[cid].card_definition.type == CardType.MANA:
            if act(game, PlayCardAction(), player_id=me.uuid, card_id=cid):
                break
    progress = True
    while progress:
        progress = False
        for cid in list(game.state.hands[me.uuid]):
            if game.state.all_cards[cid].card_definition.type != CardType.MANA:
                if act(game, PlayCardAction(), player_id=me.uuid, card_id=cid):
                    progress = True
                    break
    for cid in list(game.state.battlefield[me.uuid]):
        if game.state.all_cards[cid].card_definition.type == CardType.CREATURE:
            act(game, DeclareAttackAction(), player_id=me.uuid, attacker_id=cid)


def play_python_game(seed):
    """One game of the greedy driver; its turns."""
    random.seed(seed)  # PTG shuffles with Python's generator; rtg with the game's seed
    a, b = Player("A", DECK_A, hand_size=7), Player("B", DECK_B, hand_size=7)
    players = [a, b] if seed % 2 == 0 else [b, a]
    game = Game(players) if args.engine == "ptg" else Game(players, seed=seed, rules=args.rules)
    game.start()
    turns = 0
    while game.check_victory() is None and turns < 200:
        if args.engine == "rtg" and game.state.is_over:
            break  # a draw (rtg's turn limit)
        phase = game.current_phase
        if phase == PhaseType.DRAW:
            turns += 1
        if phase == PhaseType.MAIN:
            greedy_main(game, game.active_player)
        Counter.calls += 1
        started = clock()
        game.advance_phase()
        took = clock() - started
        Counter.inside += took
        Counter.applied += 1
        Counter.applied_inside += took
    return turns


def python_loop():
    """Games per second and apply_action calls per second of the Python greedy driver: of the
    whole loop, and of the time spent inside apply_action / advance_phase alone."""
    started = time.process_time()
    games = 0
    turns = 0
    while (args.games and games < args.games) or (not args.games and time.process_time() - started < args.seconds):
        turns += play_python_game(games)
        games += 1
    took = time.process_time() - started
    return {"games": games, "turns": turns, "calls": Counter.calls, "seconds": round(took, 3),
            "games_per_second": round(games / took, 2), "calls_per_second": round(Counter.calls / took, 1),
            "seconds_inside_calls": round(Counter.inside, 3),
            "apply_action_per_second": round(Counter.calls / Counter.inside, 1),
            "applied": Counter.applied,
            "applied_per_second": round(Counter.applied / Counter.applied_inside, 1),
            "refused_per_second": round((Counter.calls - Counter.applied) / max(1e-9, Counter.inside - Counter.applied_inside), 1)}


def rtg_simulate():
    import rtg

    a, b = rtg.Deck(DECK_A, name="A"), rtg.Deck(DECK_B, name="B")
    rtg.simulate(a, b, games=200, seed=1, threads=1)  # warm up
    games = 20_000
    started = time.process_time()
    report = rtg.simulate(a, b, games=games, seed=1, threads=1)
    took = time.process_time() - started
    return {"games": games, "seconds": round(took, 3), "wall_seconds": round(report["seconds"], 3),
            "games_per_second": round(games / took, 1), "wins_a": report["wins_a"],
            "mean_turns": round(report["turns_sum"] / max(1, games - len(report["failures"])), 2)}


def rtg_vector_env():
    import numpy as np
    from rtg.env import VectorEnv

    n = 256
    env = VectorEnv(n, DECK_A, DECK_B)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(0)
    steps = 0
    started = time.process_time()
    while time.process_time() - started < args.seconds:
        mask = info["action_mask"]
        # A random legal action per game, chosen in numpy so that the agent's side costs little:
        # the first legal one in a random order of the action space (a new order each step).
        order = rng.permutation(mask.shape[1])
        actions = order[np.argmax(mask[:, order], axis=1)]
        obs, rewards, terminated, truncated, info = env.step(actions)
        steps += n
    took = time.process_time() - started
    return {"envs": n, "steps": steps, "seconds": round(took, 3), "steps_per_second": round(steps / took)}


def python_floor():
    """What the loop's call shape costs with no engine at all: ``act`` calling a pure-Python
    method that only returns, and one that only raises a ValueError with a ``kind``. No engine
    can answer a call faster than the first or refuse one faster than the second, so these bound
    what any ratio to PTG can be (measured inside the calls, as the loop's figures are)."""

    class Returns:
        def apply_action(self, action, **kwargs):
            return None

    class Raises:
        def apply_action(self, action, **kwargs):
            error = ValueError("not enough mana")
            error.kind = "not_enough_mana"
            raise error

    out = {}
    for name, game in (("return_ns", Returns()), ("raise_ns", Raises())):
        Counter.inside = 0.0
        calls = 200_000
        for _ in range(calls):
            act(game, PlayCardAction, player_id="p", card_id=1)
        out[name] = round(Counter.inside / calls * 1e9)
    return out


out = {"engine": args.engine, "python": sys.version.split()[0], "python_loop": python_loop()}
out["python_floor"] = python_floor()
if args.engine == "rtg":
    out["simulate"] = rtg_simulate()
    out["vector_env"] = rtg_vector_env()
print(json.dumps(out, indent=2))

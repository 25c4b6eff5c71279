"""Steps per second of rtg.env.VectorEnv with vectorised sampling (issue 28's target: 150,000).

    python crates/rtg-py/bench/vector_env.py            # 256 games, aggro against midrange
    python crates/rtg-py/bench/vector_env.py --n 1024 --opponent greedy

A step is one agent action in one game (and the opponent's replies up to the agent's next
decision). The agent's side is a random legal action per game chosen with numpy alone: the
first legal one in a random order of the action space, a new order each step. The rate is per
second of the process's CPU time (one core: the env steps its games in one thread), so that
other work on the machine does not change it; build the package with `--release` first.
"""

import argparse
import json
import time

import numpy as np

from rtg.env import VectorEnv

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--n", type=int, default=256, help="games stepped together")
parser.add_argument("--seconds", type=float, default=5.0, help="how long to step")
parser.add_argument("--opponent", default="heuristic", help="the opponent's bot spec")
parser.add_argument("--decks", nargs=2, default=["aggro", "midrange"], metavar=("A", "B"))
args = parser.parse_args()

env = VectorEnv(args.n, *args.decks, opponent=args.opponent)
obs, info = env.reset(seed=1)
rng = np.random.default_rng(0)
steps = episodes = 0
started = time.process_time()
while time.process_time() - started < args.seconds:
    mask = info["action_mask"]
    order = rng.permutation(mask.shape[1])
    actions = order[np.argmax(mask[:, order], axis=1)]
    obs, rewards, terminated, truncated, info = env.step(actions)
    steps += args.n
    episodes += int((terminated | truncated).sum())
took = time.process_time() - started
assert not info["illegal_action"].any()  # sampled from the masks: every action was legal
print(json.dumps({"envs": args.n, "opponent": args.opponent, "decks": args.decks, "steps": steps,
                  "episodes": episodes, "seconds": round(took, 3), "steps_per_second": round(steps / took)}))

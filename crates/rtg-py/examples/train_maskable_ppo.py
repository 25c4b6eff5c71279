"""Train sb3-contrib's MaskablePPO on rtg.env.Env against the random bot, then measure it.

    cargo xtask rl                                   # makes target/rl-venv, builds, runs this
    cargo xtask rl -- --minutes 5 --games 400        # arguments after `--` come here
    python crates/rtg-py/examples/train_maskable_ppo.py --minutes 0 --timesteps 65536

The agent plays aggro against midrange (``rtg.env.Env(deck_a="aggro", deck_b="midrange",
opponent="random")``), its seat alternating between episodes, and sees only its own view. The
policy is masked: it samples only among ``env.action_masks()``'s legal indices, so it never
pays the illegal-action penalty. Training stops at the first of ``--minutes`` of wall-clock
time and ``--timesteps`` agent steps, always at the end of a rollout (so the count printed is
a whole number of rollouts). Then the trained policy, masked and deterministic (its most
likely legal action), plays ``--games`` games against the random bot and as many against the
greedy bot, seats alternating (game 0 in seat 0, game 1 in seat 1, ...), and so does the
untrained baseline: a uniformly random legal action each step. Each win rate is printed with
its 95% Wilson interval and its game count; a draw or a game cut by the turn limit counts as
not won.

Everything is seeded from ``--seed``: the training games, the network's initialisation and
sampling (torch, numpy, Python's random), and the evaluation games (seeds of their own, apart
from the training ones). A time-bounded run stops at a count of timesteps that depends on the
machine's speed; re-running with ``--minutes 0 --timesteps N`` (N the count printed) and the
same seed and ``--threads`` trains the same network.
"""

import argparse
import json
import math
import random
import sys
import time

import gymnasium as gym
import numpy as np

try:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError as error:  # say what to install rather than a bare traceback
    sys.exit(
        f"train_maskable_ppo: {error}; it needs torch and sb3-contrib "
        "(`pip install torch sb3-contrib`, or `cargo xtask rl`, which installs them in target/rl-venv)"
    )

import rtg.env

DECK_A, DECK_B = "aggro", "midrange"
#: The bots the trained policy is measured against; the registry's names.
EVAL_OPPONENTS = ("random", "greedy")
#: Evaluation games' seeds start here, far from the training games' (seed + env index), so that
#: no evaluated game was played in training.
EVAL_SEED_OFFSET = 1_000_000


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (wall clock); 0: no limit")
    parser.add_argument("--timesteps", type=int, default=2_000_000, help="most agent steps trained")
    parser.add_argument("--seed", type=int, default=0, help="seeds training and evaluation")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--envs", type=int, default=8, help="games played at once in training")
    parser.add_argument("--n-steps", type=int, default=256, help="steps per game per rollout")
    parser.add_argument("--threads", type=int, default=1, help="torch's CPU threads")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    args = parser.parse_args(argv)
    if args.minutes < 0 or args.timesteps < 1 or args.games < 1 or args.envs < 1 or args.n_steps < 2:
        parser.error("--minutes is at least 0; --timesteps, --games and --envs at least 1; --n-steps at least 2")
    return args


def wilson(wins, games, z=1.959964):
    """The 95% Wilson score interval of a proportion: (low, high)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class EpisodeIndexRenamed(gym.Wrapper):
    """Moves rtg's ``info["episode"]`` (the episode's index, an int) to ``info["rtg_episode"]``:
    stable-baselines3 reads ``info["episode"]`` as Monitor's statistics of a finished episode (a
    dict) at every step, and an int there breaks its logging."""

    def reset(self, **kwargs):
        obs, info = self.env.reset(**kwargs)
        return obs, self._renamed(info)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, reward, terminated, truncated, self._renamed(info)

    @staticmethod
    def _renamed(info):
        info = dict(info)
        info["rtg_episode"] = info.pop("episode", None)
        return info


def make_env(opponent):
    """One training game (seats alternating between episodes). Monitor records each episode's
    return for the training summary; ActionMasker exposes the env's own mask to sb3-contrib
    through the wrappers (Gymnasium 1.x no longer forwards methods through them)."""
    env = rtg.env.Env(deck_a=DECK_A, deck_b=DECK_B, opponent=opponent)
    env = Monitor(EpisodeIndexRenamed(env))
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(choose, opponent, games, seed):
    """Plays ``games`` games against ``opponent`` with ``choose(obs, mask) -> index``, seats
    alternating; returns the counts of wins, losses and draws (a truncated game is a draw)."""
    wins = losses = draws = 0
    for game in range(games):
        # A fixed seat per game and a seed per game: game g is the same game for every policy
        # measured, so the trained policy and the baseline face the same deals.
        env = rtg.env.Env(deck_a=DECK_A, deck_b=DECK_B, opponent=opponent, seat=game % 2)
        obs, info = env.reset(seed=seed + game)
        done = False
        reward = 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            done = terminated or truncated
        if reward > 0:
            wins += 1
        elif reward < 0:
            losses += 1
        else:
            draws += 1
    return wins, losses, draws


def main(argv=None):
    args = parse_args(argv)
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)

    venv = DummyVecEnv([lambda: make_env("random") for _ in range(args.envs)])
    model = MaskablePPO(
        "MlpPolicy",
        venv,
        n_steps=args.n_steps,
        batch_size=256,
        n_epochs=4,
        gamma=0.995,  # a game is ~100 agent steps and the only reward is at its end
        gae_lambda=0.95,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,  # seeds sb3's RNGs and each training game (seed + env index)
        device="cpu",
        verbose=0,
    )

    # The untrained baseline first: a uniformly random legal index, from its own seeded RNG.
    rng = np.random.default_rng(args.seed)

    def random_legal(obs, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    eval_seed = args.seed + EVAL_SEED_OFFSET
    baseline = {opp: evaluate(random_legal, opp, args.games, eval_seed) for opp in EVAL_OPPONENTS}

    # Train one rollout at a time so that the clock is read only between rollouts: stopping
    # inside one would throw its steps away, and a whole number of rollouts is reproducible.
    rollout = args.n_steps * args.envs
    started = time.perf_counter()
    deadline = started + args.minutes * 60 if args.minutes > 0 else math.inf
    while model.num_timesteps + rollout <= args.timesteps and time.perf_counter() < deadline:
        model.learn(total_timesteps=rollout, reset_num_timesteps=False)
    trained_seconds = time.perf_counter() - started
    steps = model.num_timesteps
    # The training games' mean return (+1 win, -1 loss) over Monitor's last 100 episodes.
    recent = [e["r"] for e in model.ep_info_buffer]
    train_return = float(np.mean(recent)) if recent else float("nan")

    def trained(obs, mask):
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    results = {opp: evaluate(trained, opp, args.games, eval_seed) for opp in EVAL_OPPONENTS}

    print(f"MaskablePPO (sb3-contrib), {DECK_A} against {DECK_B}, trained against the random bot")
    print(
        f"seed {args.seed}; {steps} timesteps ({steps // rollout} rollouts of {args.envs} games x "
        f"{args.n_steps} steps) in {trained_seconds:.0f} s; torch threads {args.threads}; "
        f"mean return of the last {len(recent)} training games {train_return:+.2f}"
    )
    print(
        f"evaluation: {args.games} games per opponent, seats alternating, game seeds "
        f"{eval_seed}..{eval_seed + args.games - 1}; win rate [95% Wilson interval]"
    )
    report = {
        "seed": args.seed,
        "timesteps": steps,
        "seconds": round(trained_seconds, 1),
        "train_return": round(train_return, 3),
        "games": args.games,
        "eval_seeds": [eval_seed, eval_seed + args.games - 1],
    }
    for name, table in (("trained (masked, deterministic)", results), ("untrained (random legal)", baseline)):
        for opp in EVAL_OPPONENTS:
            wins, losses, draws = table[opp]
            low, high = wilson(wins, args.games)
            print(
                f"  {name:<32} vs {opp:<7} {wins / args.games:6.1%} [{low:.1%}, {high:.1%}] "
                f"({wins} won, {losses} lost, {draws} drawn of {args.games})"
            )
            key = "trained" if name.startswith("trained") else "untrained"
            report[f"{key}_vs_{opp}"] = {"wins": wins, "losses": losses, "draws": draws, "low": round(low, 4), "high": round(high, 4)}
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()

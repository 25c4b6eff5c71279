"""ladder gives the command line's ladder: the same ratings, matrix and pairings for a seed."""

import json

import pytest

import rtg
from conftest import run_cli


def test_ladder_gives_the_clis_json_for_the_same_seed(root, rtg_bin):
    ours = rtg.ladder(["aggro"], bots=["random", "greedy", "heuristic"], games=8, seed=1)
    cli = json.loads(run_cli(rtg_bin, "ladder", "aggro", "--games", "8", "--seed", "1",
                             "--bots", "random,greedy,heuristic", "--json"))
    assert ours == cli
    assert [r["bot"] for r in ours["ratings"]] != [] and len(ours["pairings"]) == 3
    assert abs(sum(r["elo"] for r in ours["ratings"]) / 3 - 1500) < 1e-6
    assert all(r["low"] < r["elo"] < r["high"] for r in ours["ratings"])


def test_ladder_under_ptg_09_names_its_rules(root):
    ours = rtg.ladder(["aggro", "flyers"], bots=["random", "greedy"], games=4, seed=2, rules="ptg-0.9")
    assert ours["rules"] == "ptg-0.9" and ours["decks"] == ["aggro", "flyers"]
    assert "rules" not in rtg.ladder(["aggro"], bots=["random", "greedy"], games=4)


def test_ladder_refuses_what_cannot_be_a_ladder(root):
    with pytest.raises(ValueError, match="at least two different bots"):
        rtg.ladder(["aggro"], bots=["greedy", "greedy"], games=4)
    with pytest.raises(ValueError, match="unknown bot"):
        rtg.ladder(["aggro"], bots=["greedy", "smart"], games=4)
    with pytest.raises(ValueError, match="at least one game"):
        rtg.ladder(["aggro"], bots=["greedy", "random"], games=0)
    with pytest.raises(ValueError, match="no deck"):
        rtg.ladder([], bots=["greedy", "random"], games=4)

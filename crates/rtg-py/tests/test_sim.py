"""simulate gives the command line's report; replays and scenarios run from Python."""

import json

import pytest

import rtg
from conftest import run_cli


def without_seconds(report):
    report = dict(report)
    report.pop("seconds")
    return report


def test_simulate_gives_the_clis_json_report_for_the_same_seed(root, rtg_bin):
    ours = rtg.simulate("aggro", "midrange", games=60, seed=9)
    cli = json.loads(run_cli(rtg_bin, "simulate", "aggro", "midrange", "--games", "60", "--seed", "9", "--json"))
    assert without_seconds(ours) == without_seconds(cli)
    assert ours["games"] == 60 and ours["wins_a"] + ours["wins_b"] + ours["draws"] == 60


def test_simulate_under_ptg_09_gives_the_clis_report(root, rtg_bin):
    ours = rtg.simulate("aggro", "control", games=40, seed=5, bots=("heuristic", "greedy"), rules="ptg-0.9")
    cli = json.loads(run_cli(rtg_bin, "simulate", "aggro", "control", "--games", "40", "--seed", "5",
                             "--bot-a", "heuristic", "--bot-b", "greedy", "--rules", "ptg-0.9", "--json"))
    assert without_seconds(ours) == without_seconds(cli)
    assert ours["rules"] == "ptg-0.9"


def test_simulate_does_not_depend_on_threads_or_on_how_decks_are_given(root):
    by_name = rtg.simulate("aggro", "control", games=30, seed=2, bots=("heuristic", "random"))
    one_thread = rtg.simulate("aggro", "control", games=30, seed=2, bots=("heuristic", "random"), threads=1)
    assert without_seconds(by_name) == without_seconds(one_thread)
    catalog = rtg.build_catalog(rtg.load_cards_from_dir("cards"))
    a, b = rtg.load_deck(catalog, "decks/aggro.yaml"), rtg.load_deck(catalog, "decks/control.yaml")
    a.name, b.name = "aggro", "control"
    as_lists = rtg.simulate(a, b, games=30, seed=2, bots=("heuristic", "random"), cards=["cards"])
    assert without_seconds(as_lists) == without_seconds(by_name)


def test_a_python_bot_plays_and_a_python_greedy_equals_nothing_but_itself(root):
    calls = []

    def first_legal(view):
        calls.append(view.player)
        assert len(view.hand) == view.hand_size(view.player)  # its own hand, and only that
        return view.legal_actions()[-1] if view.phase != "main" else view.legal_actions()[0]

    report = rtg.simulate("aggro", "midrange", games=4, seed=1, bots=(first_legal, "greedy"))
    assert report["bots"] == ["python:first_legal", "greedy"]
    assert report["games"] == 4 and calls and set(calls) <= {0, 1}
    again = rtg.simulate("aggro", "midrange", games=4, seed=1, bots=(first_legal, "greedy"))
    assert without_seconds(again) == without_seconds(report)


def test_a_python_bots_exception_stops_the_batch():
    def broken(view):
        raise KeyError("boom")

    with pytest.raises(KeyError):
        rtg.simulate("aggro", "midrange", games=2, bots=("greedy", broken), cards="cards")


def test_bots_are_named_as_the_command_line_names_them(root, rtg_bin):
    ours = rtg.simulate("aggro", "midrange", games=6, seed=3, bots=("heuristic", "random"))
    cli = json.loads(run_cli(rtg_bin, "simulate", "aggro", "midrange", "--games", "6", "--seed", "3",
                             "--bot-a", "heuristic", "--bot-b", "random", "--json"))
    assert without_seconds(ours) == without_seconds(cli)


def test_bad_bots_and_counts_are_refused(root):
    with pytest.raises(ValueError):
        rtg.simulate("aggro", "midrange", games=2, bots=("greedy", "clever"))
    with pytest.raises(ValueError):
        rtg.simulate("aggro", "midrange", games=0)
    with pytest.raises(FileNotFoundError):
        rtg.simulate("nodeck", "midrange", games=1)


def test_a_recorded_replay_replays(root, rtg_bin, tmp_path):
    path = tmp_path / "game.json"
    run_cli(rtg_bin, "play", "aggro", "midrange", "--seed", "5", "--quiet", "--record", str(path))
    replayed = rtg.replay(path)
    recorded = json.loads(path.read_text())
    assert replayed["ok"] and replayed["actions"] == len(recorded["actions"])
    assert replayed["final_digest"] == recorded["final_digest"]
    assert f"{replayed['states'][-1].digest():016x}" == recorded["final_digest"]
    assert replayed["states"][-1].is_over
    recorded["actions"] = recorded["actions"][:-1]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(recorded))
    with pytest.raises(rtg.ReplayError):
        rtg.replay(broken)


def test_scenarios_run_and_say_whether_they_pass(root, rtg_bin):
    path = "scenarios/rules/turn_phase_order.yaml"
    result = rtg.run_scenario(path)
    assert result["passed"] and result["failure"] is None
    assert run_cli(rtg_bin, "scenario", "--transcript", path).startswith(result["transcript"])
    assert isinstance(result["final_state"], rtg.State)
    with pytest.raises(rtg.RtgError):
        rtg.run_scenario("scenarios/no_such_file.yaml")


def test_simulate_takes_the_clis_limits(root):
    for bad in (0, 10_001):
        with pytest.raises(ValueError, match="turn limit is from 1 to 10000"):
            rtg.simulate("aggro", "midrange", games=2, max_turns=bad)
    with pytest.raises(ValueError, match="deck_a: a deck holds from 1 to 10000 cards, found 0"):
        rtg.simulate([], "midrange", games=2)


def test_an_opening_hand_beyond_the_clis_limit_is_refused_at_once(root):
    from rtg import Game, Player  # PTG 0.2.0's names

    catalog = rtg.build_catalog(rtg.load_cards_from_dir("cards"))
    deck = list(rtg.load_deck(catalog, "decks/aggro.yaml"))
    game = Game([Player("a", deck, hand_size=2**32 - 1), Player("b", deck)])
    with pytest.raises(ValueError, match="an opening hand is from 0 to 1000 cards"):
        game.start()


def test_a_version_2_replay_uses_the_cards_it_carries_from_any_directory(root, rtg_bin, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    run_cli(rtg_bin, "play", "aggro", "midrange", "--seed", "5", "--quiet", "--record", str(path))
    recorded = json.loads(path.read_text())
    assert recorded["version"] == 2 and recorded["cards"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # no cards/ here
    replayed = rtg.replay(path)
    assert replayed["ok"] and replayed["final_digest"] == recorded["final_digest"]
    # Cards given are compared with the carried ones, and a difference is named.
    changed = tmp_path / "changed"
    changed.mkdir()
    for card in (root / "cards").glob("*.yaml"):
        text = card.read_text()
        if card.stem == "goblin_01":
            text = text.replace("attack: 2", "attack: 3")
        (changed / card.name).write_text(text)
    assert rtg.replay(path, cards=root / "cards")["ok"]
    with pytest.raises(rtg.ReplayError) as differ:
        rtg.replay(path, cards=changed)
    assert differ.value.kind == "cards_differ"
    assert "goblin_01 (differs in attack)" in str(differ.value)


def test_a_long_batch_of_built_in_bots_stops_at_ctrl_c(root):
    import _thread
    import threading

    # A batch far too long to finish: the interrupt arrives while it runs, and ends it.
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            rtg.simulate("aggro", "midrange", games=10**12, seed=1, bots=("random", "random"))
    finally:
        timer.cancel()


def test_a_batch_with_a_python_bot_stops_at_ctrl_c(root):
    import _thread
    import threading

    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            rtg.simulate("aggro", "midrange", games=10**12, seed=1,
                         bots=(lambda view: view.legal_actions()[0], "random"))
    finally:
        timer.cancel()

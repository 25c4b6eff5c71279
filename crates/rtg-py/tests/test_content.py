"""Cards and decks from Python as the command line reads them: a PTG user's folder of README
cards (whose ids are the bundled set's) plays with no option and one ``ShadowWarning``;
``bundled=False`` leaves the bundled set out everywhere content is loaded."""

import shutil
import warnings

import pytest

import rtg
from conftest import ROOT

PTG_IDS = ["earth_mana_01", "fire_mana_01", "fireball_01", "giant_01", "goblin_01", "priest_01", "pyromancer_01"]


@pytest.fixture
def ptg_user(tmp_path, monkeypatch):
    """An empty working directory with PTG's README cards in cards/ and two decks in decks/."""
    for folder in ("cards", "decks"):
        shutil.copytree(ROOT / "fixtures" / "ptg-readme" / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def shadow_warnings(caught):
    return [w for w in caught if issubclass(w.category, rtg.ShadowWarning)]


def test_the_readme_cards_play_with_no_option_and_one_warning(ptg_user):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        report = rtg.simulate("midrange", "healers", games=20, seed=3)
    assert report["games"] == 20
    found = shadow_warnings(caught)
    assert len(found) == 1, [str(w.message) for w in caught]
    message = str(found[0].message)
    for card_id in PTG_IDS:
        assert f"{card_id} (cards/{card_id}.yaml)" in message, message
    assert "the bundled decks aggro, control, coven and midrange now play your versions" in message
    assert issubclass(rtg.ShadowWarning, UserWarning)


def test_the_same_report_as_the_command_line(ptg_user, rtg_bin):
    import json
    import subprocess

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rtg.ShadowWarning)
        report = rtg.simulate("midrange", "healers", games=30, seed=5)
    done = subprocess.run(
        [str(rtg_bin), "simulate", "midrange", "healers", "--games", "30", "--seed", "5", "--json"],
        cwd=ptg_user,
        capture_output=True,
        text=True,
        check=True,
    )
    cli = json.loads(done.stdout)
    report.pop("seconds")
    cli.pop("seconds")
    assert report == cli


def test_no_warning_without_cards_of_ones_own(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert rtg.simulate("aggro", "midrange", games=5)["games"] == 5


def test_bundled_false_leaves_the_bundled_set_out(ptg_user):
    # The folder holds every card its decks need: it plays alone, with no warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = rtg.simulate("midrange", "healers", games=10, bundled=False)
    assert report["games"] == 10
    # A bundled deck is not there any more.
    with pytest.raises(FileNotFoundError, match="no deck `aggro`"):
        rtg.simulate("aggro", "healers", games=2, bundled=False)
    # Nor a bundled card a deck of one's own names.
    (ptg_user / "decks" / "mixed.yaml").write_text("cards:\n  goblin_01: 10\n  water_mana_01: 10\n")
    with pytest.raises(rtg.CardError) as raised:
        rtg.simulate("mixed", "healers", games=2, bundled=False)
    assert "`water_mana_01` is a bundled card, and bundled=False leaves the bundled cards out" in str(raised.value)
    # With the bundled set, the same deck plays.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rtg.ShadowWarning)
        assert rtg.simulate("mixed", "healers", games=2)["games"] == 2


def test_every_loader_takes_bundled(ptg_user):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rtg.ShadowWarning)
        ladder = rtg.ladder(["midrange"], bots=["random", "greedy"], games=2, bundled=False)
        assert ladder["decks"] == ["midrange"]
        with pytest.raises(FileNotFoundError):
            rtg.ladder(["aggro"], bots=["random", "greedy"], games=2, bundled=False)
        stem, cards = rtg._rtg.named_deck("healers", None, False)
        assert stem == "healers" and len(cards) == 20
        with pytest.raises(FileNotFoundError):
            rtg._rtg.named_deck("aggro", None, False)


def test_a_bundled_deck_plays_the_users_version(ptg_user):
    # The user's 20-card `midrange` shadows the bundled deck by name; the bundled `aggro` holds
    # the user's goblin_01 now, which the warning said.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rtg.ShadowWarning)
        _, cards = rtg._rtg.named_deck("aggro")
    goblins = [c for c in cards if c.card_id == "goblin_01"]
    assert goblins and all(g.description == "" for g in goblins)

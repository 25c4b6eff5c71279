"""PTG scripts run on rtg with only their imports changed.

Each file in ptg_scripts/ is written against PTG 0.2.0's README API (`from ptg.api import ...`).
The test rewrites those imports to `from rtg import ...`, changes nothing else, runs the script
from the repository root and checks what it prints.
"""

import re
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPTS = ROOT / "crates" / "rtg-py" / "tests" / "ptg_scripts"


def moved(source):
    """The script with PTG's imports pointed at rtg: the only change a user makes."""
    return re.sub(r"^from ptg(\.[a-z_.]+)? import", "from rtg import", source, flags=re.M)


def run(name):
    source = (SCRIPTS / name).read_text()
    assert "from ptg" in source and "rtg" not in source
    done = subprocess.run(
        [sys.executable, "-c", moved(source)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_only_import_lines_change():
    for path in SCRIPTS.glob("*.py"):
        before = path.read_text().splitlines()
        after = moved(path.read_text()).splitlines()
        changed = [b for b, a in zip(before, after) if b != a]
        assert changed and all(line.startswith("from ptg") for line in changed), path.name


def test_a_whole_game_from_card_and_deck_files():
    lines = run("full_game.py")
    assert lines[0] == "cards: 53"
    assert lines[1].startswith("alice deck: 35") and lines[2] == "bob deck: 10"
    assert lines[-1].startswith("winner: ")
    turns = int(lines[-2].split()[-1])
    assert 3 <= turns <= 200


def test_blocking_and_ordering_blockers():
    lines = run("blocking.py")
    assert lines == [
        "phase: defense",
        "blockers: 2",
        "giant survives: False",
        "goblins left: 1",
        "bob hp: 20",
    ]


def test_pending_trigger_and_activated_ability():
    lines = run("abilities.py")
    assert lines == [
        "pending: 1",
        "bob hp after trigger: 17",
        "bob hp after blast: 15",
        "refused: not_enough_mana",
        "winner: None",
    ]


def test_the_specifications_quick_start_imports_resolve():
    # The Quick Start's three import lines, moved: every name exists in rtg.
    import rtg

    for name in ["Game", "Player", "CardDefinition", "CardType", "ManaType", "ManaPool", "ManaRequirement",
                 "PlayCardAction", "DeclareAttackAction", "CardAbility", "AlterationData", "DrawCardEffect"]:
        assert hasattr(rtg, name), name
    section10 = ["CardType", "ManaType", "EventType", "AbilityType", "TargetSpec", "Technique", "ManaRequirement",
                 "ManaPool", "Game", "GameState", "Player", "CardDefinition", "CardAbility", "AlterationData",
                 "PendingTrigger", "PlayCardAction", "DeclareAttackAction", "DeclareDefenseAction",
                 "OrderBlockersAction", "ActivateAbilityAction", "load_card", "load_cards_from_dir",
                 "build_catalog", "build_deck", "load_deck", "PhaseType"]
    assert [n for n in section10 if not hasattr(rtg, n)] == []

"""PTG scripts run on rtg with only their imports changed.

Each file in ptg_scripts/ is written against PTG 0.2.0's README API (`from ptg.api import ...`),
each in ptg_scripts/ptg09/ against PTG 0.9.13's (conditions, groups, the new effects, pending
choices, tapping). The test rewrites those imports to `from rtg import ...` (`from rtg.ptg09
import ...` for PTG 0.9.13's scripts, which play PTG 0.9's base rules as PTG 0.9.13 does),
changes nothing else, runs the script from the repository root and checks what it prints. Every
script of ptg_scripts/ptg09/ prints the same lines on PTG 0.9.13 itself.
"""

import re
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPTS = ROOT / "crates" / "rtg-py" / "tests" / "ptg_scripts"
SCRIPTS_09 = SCRIPTS / "ptg09"


def moved(source, module="rtg"):
    """The script with PTG's imports pointed at rtg: the only change a user makes."""
    return re.sub(r"^from ptg(\.[a-z_.0-9]+)? import", f"from {module} import", source, flags=re.M)


def run(name, module="rtg"):
    source = (SCRIPTS / name).read_text()
    assert "from ptg" in source and "rtg" not in source
    done = subprocess.run(
        [sys.executable, "-c", moved(source, module)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def run09(name):
    return run(f"ptg09/{name}", "rtg.ptg09")


def test_only_import_lines_change():
    paths = list(SCRIPTS.glob("*.py")) + list(SCRIPTS_09.glob("*.py"))
    assert len(paths) >= 8
    for path in paths:
        before = path.read_text().splitlines()
        after = moved(path.read_text(), "rtg.ptg09").splitlines()
        changed = [b for b, a in zip(before, after) if b != a]
        assert changed and all(line.startswith("from ptg") for line in changed), path.name


def test_a_whole_game_from_card_and_deck_files():
    lines = run("full_game.py")
    assert lines[0] == f"cards: {len(list((ROOT / 'cards').glob('*.yaml')))}"  # every bundled card loads
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


def test_ptg09_conditions_and_or_built_in_python():
    assert run09("conditions.py") == [
        "variables: 46",
        "life_total: int ['==', '!=', '>', '>=', '<', '<=']",
        "no giant: attack 1, alice life 20",
        "giant and 20 life: attack 3, alice life 21",
        "after two bolts: alice life 11",
        "giant and 11 life: attack 3, alice life 12",
    ]


def test_ptg09_a_group_spell_destroys_every_enemy_witch():
    assert run09("groups.py") == [
        "groups: witch goblin None",
        "bob before: ['Goblin', 'Hedge Witch', 'Hedge Witch']",
        "bob after: ['Goblin']",
        "alice after: ['Hedge Witch']",
        "bob graveyard: 2",
    ]


def test_ptg09_choose_mana_is_resolved_with_resolve_pending_choice():
    assert run09("choose_mana.py") == [
        "pending choices: 1",
        "chooser is alice: True",
        "for alice: True",
        "options: [{'fire': 1}, {'water': 1}]",
        "option 2 refused",
        "pending choices: 0",
        "alice pool: {'water': 1}",
    ]


def test_ptg09_an_attacker_taps_unless_it_has_vigilance():
    assert run09("tapping.py") == [
        "vigilance: vigilance",
        "goblin tapped: True, knight tapped: False",
        "bob hp: 16",
        "on bob's turn, goblin tapped: True",
        "on alice's turn, goblin tapped: False",
    ]


def test_ptg09_the_same_script_from_rtg_plays_ptg_02s_rules():
    # `from rtg import ...` keeps rtg's default rule set, PTG 0.2.0's: attacking taps nothing.
    lines = run("ptg09/tapping.py")
    assert lines[1] == "goblin tapped: False, knight tapped: False"


def test_ptg09_artifacts_tapping_granted_techniques_and_fights():
    assert run09("new_effects.py") == [
        "alice's battlefield: [('War Totem', 'artifact'), ('Warlord', 'creature')]",
        "ogre tapped: True",
        "second pin refused",
        "warlord flies: True",
        "goblin alive: False",
        "warlord defense: 1",
    ]


def test_ptg_0_9_13s_api_names_resolve():
    import rtg
    import rtg.ptg09

    api = ["Condition", "ConditionGroup", "ComparisonOperator", "get_all_variables", "PendingChoice", "Game",
           "GameState", "Player", "CardDefinition", "CardInstance", "CardAbility", "AlterationData",
           "PendingTrigger", "ManaRequirement", "ManaPool", "CardType", "ManaType", "PhaseType", "EventType",
           "AbilityType", "TargetSpec", "ParamRef", "Technique", "PlayCardAction", "DeclareAttackAction",
           "DeclareDefenseAction", "OrderBlockersAction", "ActivateAbilityAction", "load_card",
           "load_cards_from_dir", "build_catalog", "build_deck", "load_deck", "ZoneType"]
    effects = ["TapCardEffect", "UntapCardEffect", "CannotBlockEffect", "RevokeCannotBlockEffect",
               "UnblockableEffect", "RevokeUnblockableEffect", "GrantTechniqueEffect", "RemoveTechniqueEffect",
               "FightEffect", "RestoreStatsEffect", "ChooseManaEffect", "SpawnArtifactEffect"]
    for module in (rtg, rtg.ptg09):
        assert [n for n in api + effects if not hasattr(module, n)] == []
    assert issubclass(rtg.ptg09.Game, rtg.Game) and rtg.ptg09.Condition is rtg.Condition

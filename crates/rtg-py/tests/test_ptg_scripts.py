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


# ── The README's Quick Start: section 1 of PTG 0.2.0's README and of PTG 0.9.13's is the same
# text, kept byte for byte in ptg_scripts/readme_quick_start.py (the first ```python block after
# "## 1. Quick Start"). ──

QUICK_START = SCRIPTS / "readme_quick_start.py"

# On PTG it never reaches its `print`: it plays three mana cards in one turn, and what stops it
# depends on Alice's three-card opening hand, shuffled by Python's global `random`. With two or
# more Fire Mana, the loop's second `game.apply_action(PlayCardAction(), ...)` (line 31) raises
# ValueError("You may only play one mana card per turn."); with one or none, the loop's
# `cid = next(...)` (line 29) finds no Fire Mana left and raises StopIteration. Observed on PTG
# 0.2.0 and on PTG 0.9.13, 60 runs each (every hand of 0 to 3 Fire Mana came up), by executing
# the script in-process, catching what it raised and reading the line of the script's frame
# in the traceback, as `quick_start` below does: {Fire Mana in the opening hand: (exception,
# line)}.
PTG_QUICK_START = {0: ("StopIteration", 29), 1: ("StopIteration", 29), 2: ("ValueError", 31), 3: ("ValueError", 31)}


def quick_start(module, monkeypatch, seed=None):
    """Runs the Quick Start in this process with its imports moved to `module` (its `Game(...)`
    given `seed` when one is given); what it printed, what it raised, the line of the script's
    statement that raised, and the Fire Mana of Alice's opening hand."""
    import contextlib
    import importlib
    import io

    if seed is not None:
        target = importlib.import_module(module)

        class Seeded(target.Game):
            def __init__(self, players, **kwargs):
                super().__init__(players, seed=seed, **kwargs)

        monkeypatch.setattr(target, "Game", Seeded)
    name = str(QUICK_START)
    code = compile(moved(QUICK_START.read_text(), module), name, "exec")
    scope, out, raised = {"__name__": "__main__"}, io.StringIO(), None
    with contextlib.redirect_stdout(out):
        try:
            exec(code, scope)
        except Exception as error:
            raised = error
    line, frame = None, raised.__traceback__ if raised else None
    while frame is not None:
        if frame.tb_frame.f_code.co_filename == name:
            line = frame.tb_lineno
        frame = frame.tb_next
    state, alice = scope["game"].state, scope["alice"]
    opening = list(state.hands[alice.uuid]) + list(state.battlefield[alice.uuid])  # turn 1 draws nothing
    fires = sum(state.all_cards[c].name == "Fire Mana" for c in opening)
    return out.getvalue(), raised, line, fires


@pytest.mark.parametrize("module", ["rtg", "rtg.ptg09"])
def test_the_readme_quick_start_does_what_it_does_on_ptg(module, monkeypatch):
    source = QUICK_START.read_text().splitlines()
    outcomes = set()
    for seed in [None] + list(range(1, 10)):  # None: the script as it is (rtg's default seed, 0)
        with monkeypatch.context() as patch:
            printed, raised, line, fires = quick_start(module, patch, seed)
        expected, expected_line = PTG_QUICK_START[fires]
        assert printed == "", seed  # as on PTG: nothing, never its "Bob HP: 18"
        assert line == expected_line, (seed, fires, line)
        if expected == "ValueError":
            # rtg's RuleError is a ValueError, as PTG's refusal is; its kind names the rule
            assert isinstance(raised, ValueError) and raised.kind == "mana_already_played", seed
            assert source[line - 1].strip().startswith("game.apply_action(PlayCardAction()")
        else:
            assert type(raised) is StopIteration, seed
            assert source[line - 1].strip().startswith("cid = next(")
        outcomes.add(expected)
    assert outcomes == {"ValueError", "StopIteration"}  # the seeds reach both of PTG's outcomes

# ── PTG's phase walk: advance_phase() from MAIN_POSTCOMBAT goes through END into the next
# player's DRAW in one call, so a script that counts six advances a turn stays in step. ──

# What phase_walk.py prints on PTG 0.2.0 itself, and ptg09/phase_walk.py on PTG 0.9.13: written
# by PTG, never by hand. Each was produced once, from the repository root, in a Python 3.12
# virtual environment with only that PTG installed (`pip install ptg==0.2.0`, `ptg==0.9.13`):
#     python crates/rtg-py/tests/ptg_scripts/phase_walk.py           # PTG 0.2.0
#     python crates/rtg-py/tests/ptg_scripts/ptg09/phase_walk.py     # PTG 0.9.13
# and its output pasted below by a script. The decks are one card repeated, so PTG's shuffle
# and its random discards (Python's global `random`) do not change a line.
PTG_020_PHASE_WALK = """\
turn 1 draw Alice: alice hp 30 hand 5 field 0 grave 0 deck 25 | bob hp 40 hand 5 field 0 grave 0 deck 25
  played 1, attacked with 0, blocked 0
turn 2 draw Bob: alice hp 30 hand 4 field 1 grave 0 deck 25 | bob hp 40 hand 6 field 0 grave 0 deck 24
  played 0, attacked with 0, blocked 0
turn 3 draw Alice: alice hp 30 hand 5 field 1 grave 0 deck 24 | bob hp 40 hand 6 field 0 grave 0 deck 24
  played 1, attacked with 1, blocked 0
turn 4 draw Bob: alice hp 30 hand 4 field 2 grave 0 deck 24 | bob hp 38 hand 7 field 0 grave 0 deck 23
  played 0, attacked with 0, blocked 0
turn 5 draw Alice: alice hp 30 hand 5 field 2 grave 0 deck 23 | bob hp 38 hand 7 field 0 grave 0 deck 23
  played 1, attacked with 2, blocked 0
turn 6 draw Bob: alice hp 30 hand 4 field 3 grave 0 deck 23 | bob hp 34 hand 8 field 0 grave 0 deck 22
  played 2, attacked with 0, blocked 0
turn 7 draw Alice: alice hp 30 hand 5 field 3 grave 0 deck 22 | bob hp 34 hand 6 field 2 grave 0 deck 22
  played 1, attacked with 2, blocked 1
turn 8 draw Bob: alice hp 30 hand 4 field 3 grave 1 deck 22 | bob hp 32 hand 7 field 1 grave 1 deck 21
  played 0, attacked with 1, blocked 1
turn 9 draw Alice: alice hp 30 hand 5 field 2 grave 2 deck 21 | bob hp 32 hand 7 field 0 grave 2 deck 21
  played 1, attacked with 2, blocked 0
turn 10 draw Bob: alice hp 30 hand 4 field 3 grave 2 deck 21 | bob hp 28 hand 8 field 0 grave 2 deck 20
  played 0, attacked with 0, blocked 0
turn 11 draw Alice: alice hp 30 hand 5 field 3 grave 2 deck 20 | bob hp 28 hand 7 field 0 grave 3 deck 20
  played 1, attacked with 2, blocked 0
turn 12 draw Bob: alice hp 30 hand 4 field 4 grave 2 deck 20 | bob hp 24 hand 8 field 0 grave 3 deck 19
  played 2, attacked with 0, blocked 0
turn 13 draw Alice: alice hp 30 hand 5 field 4 grave 2 deck 19 | bob hp 24 hand 6 field 2 grave 3 deck 19
  played 1, attacked with 2, blocked 1
turn 14 draw Bob: alice hp 30 hand 4 field 4 grave 3 deck 19 | bob hp 22 hand 7 field 1 grave 4 deck 18
  played 0, attacked with 0, blocked 0
turn 15 draw Alice: alice hp 30 hand 5 field 4 grave 3 deck 18 | bob hp 22 hand 7 field 1 grave 4 deck 18
  played 1, attacked with 2, blocked 1
turn 16 draw Bob: alice hp 30 hand 4 field 4 grave 4 deck 18 | bob hp 20 hand 8 field 0 grave 5 deck 17
  played 0, attacked with 0, blocked 0
turn 17 draw Alice: alice hp 30 hand 5 field 4 grave 4 deck 17 | bob hp 20 hand 7 field 0 grave 6 deck 17
  played 1, attacked with 2, blocked 0
turn 18 draw Bob: alice hp 30 hand 4 field 5 grave 4 deck 17 | bob hp 16 hand 8 field 0 grave 6 deck 16
  played 2, attacked with 0, blocked 0
turn 19 draw Alice: alice hp 30 hand 5 field 5 grave 4 deck 16 | bob hp 16 hand 6 field 2 grave 6 deck 16
  played 1, attacked with 2, blocked 1
turn 20 draw Bob: alice hp 30 hand 4 field 5 grave 5 deck 16 | bob hp 14 hand 7 field 1 grave 7 deck 15
  played 0, attacked with 1, blocked 1
end: draw Alice: alice hp 30 hand 5 field 4 grave 6 deck 15 | bob hp 14 hand 7 field 0 grave 8 deck 15
"""

PTG_0913_PHASE_WALK = """\
turn 1 draw Alice: alice hp 30 hand 5 field 0 grave 0 deck 25 tapped 0 | bob hp 40 hand 5 field 0 grave 0 deck 25 tapped 0
  played 1, attacked with 0 (0 tapped), blocked 0
turn 2 draw Bob: alice hp 30 hand 4 field 1 grave 0 deck 25 tapped 0 | bob hp 40 hand 6 field 0 grave 0 deck 24 tapped 0
  played 0, attacked with 0 (0 tapped), blocked 0
turn 3 draw Alice: alice hp 30 hand 5 field 1 grave 0 deck 24 tapped 0 | bob hp 40 hand 6 field 0 grave 0 deck 24 tapped 0
  played 1, attacked with 1 (0 tapped), blocked 0
turn 4 draw Bob: alice hp 30 hand 4 field 2 grave 0 deck 24 tapped 0 | bob hp 38 hand 7 field 0 grave 0 deck 23 tapped 0
  played 0, attacked with 0 (0 tapped), blocked 0
turn 5 draw Alice: alice hp 30 hand 5 field 2 grave 0 deck 23 tapped 0 | bob hp 38 hand 7 field 0 grave 0 deck 23 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 0
turn 6 draw Bob: alice hp 30 hand 4 field 3 grave 0 deck 23 tapped 0 | bob hp 34 hand 8 field 0 grave 0 deck 22 tapped 0
  played 2, attacked with 0 (0 tapped), blocked 0
turn 7 draw Alice: alice hp 30 hand 5 field 3 grave 0 deck 22 tapped 0 | bob hp 34 hand 6 field 2 grave 0 deck 22 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 1
turn 8 draw Bob: alice hp 30 hand 4 field 3 grave 1 deck 22 tapped 0 | bob hp 32 hand 7 field 1 grave 1 deck 21 tapped 0
  played 0, attacked with 1 (1 tapped), blocked 1
turn 9 draw Alice: alice hp 30 hand 5 field 2 grave 2 deck 21 tapped 0 | bob hp 32 hand 7 field 0 grave 2 deck 21 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 0
turn 10 draw Bob: alice hp 30 hand 4 field 3 grave 2 deck 21 tapped 0 | bob hp 28 hand 8 field 0 grave 2 deck 20 tapped 0
  played 0, attacked with 0 (0 tapped), blocked 0
turn 11 draw Alice: alice hp 30 hand 5 field 3 grave 2 deck 20 tapped 0 | bob hp 28 hand 7 field 0 grave 3 deck 20 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 0
turn 12 draw Bob: alice hp 30 hand 4 field 4 grave 2 deck 20 tapped 0 | bob hp 24 hand 8 field 0 grave 3 deck 19 tapped 0
  played 2, attacked with 0 (0 tapped), blocked 0
turn 13 draw Alice: alice hp 30 hand 5 field 4 grave 2 deck 19 tapped 0 | bob hp 24 hand 6 field 2 grave 3 deck 19 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 1
turn 14 draw Bob: alice hp 30 hand 4 field 4 grave 3 deck 19 tapped 0 | bob hp 22 hand 7 field 1 grave 4 deck 18 tapped 0
  played 0, attacked with 0 (0 tapped), blocked 0
turn 15 draw Alice: alice hp 30 hand 5 field 4 grave 3 deck 18 tapped 0 | bob hp 22 hand 7 field 1 grave 4 deck 18 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 1
turn 16 draw Bob: alice hp 30 hand 4 field 4 grave 4 deck 18 tapped 0 | bob hp 20 hand 8 field 0 grave 5 deck 17 tapped 0
  played 0, attacked with 0 (0 tapped), blocked 0
turn 17 draw Alice: alice hp 30 hand 5 field 4 grave 4 deck 17 tapped 0 | bob hp 20 hand 7 field 0 grave 6 deck 17 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 0
turn 18 draw Bob: alice hp 30 hand 4 field 5 grave 4 deck 17 tapped 0 | bob hp 16 hand 8 field 0 grave 6 deck 16 tapped 0
  played 2, attacked with 0 (0 tapped), blocked 0
turn 19 draw Alice: alice hp 30 hand 5 field 5 grave 4 deck 16 tapped 0 | bob hp 16 hand 6 field 2 grave 6 deck 16 tapped 0
  played 1, attacked with 2 (0 tapped), blocked 1
turn 20 draw Bob: alice hp 30 hand 4 field 5 grave 5 deck 16 tapped 0 | bob hp 14 hand 7 field 1 grave 7 deck 15 tapped 0
  played 0, attacked with 1 (1 tapped), blocked 1
end: draw Alice: alice hp 30 hand 5 field 4 grave 6 deck 15 tapped 0 | bob hp 14 hand 7 field 0 grave 8 deck 15 tapped 0
"""


def test_six_advances_a_turn_for_twenty_turns_print_what_ptg_020_prints():
    assert run("phase_walk.py") == PTG_020_PHASE_WALK.splitlines()


def test_six_advances_a_turn_for_twenty_turns_print_what_ptg_0913_prints():
    assert run09("phase_walk.py") == PTG_0913_PHASE_WALK.splitlines()

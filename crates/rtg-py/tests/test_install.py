"""What a newcomer meets outside the repository: the bundled decks play from any directory, the
wheel's ``rtg`` console command is the command line, and a card of one's own that reuses a
bundled id replaces the bundled card with a warning naming it."""

import json
import pathlib
import subprocess
import sys

import pytest

import rtg
import rtg.env


def console_command():
    """The ``rtg`` script the package installed beside this interpreter."""
    scripts = pathlib.Path(sys.executable).parent
    for name in ("rtg", "rtg.exe"):
        if (scripts / name).is_file():
            return scripts / name
    pytest.fail(f"the package installed no `rtg` command in {scripts}")


def without_seconds(report):
    report = dict(report)
    report.pop("seconds")
    return report


def test_the_readme_python_line_works_from_an_empty_directory(tmp_path):
    line = "import rtg; print(rtg.simulate('aggro', 'midrange', games=1000, seed=9)['wins_a'])"
    done = subprocess.run([sys.executable, "-c", line], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    wins = int(done.stdout)
    assert 0 <= wins <= 1000


def test_the_bundled_decks_play_from_an_empty_directory_with_the_heuristic_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    report = rtg.simulate("aggro", "midrange", games=30, seed=2)
    assert report["bots"] == ["heuristic", "heuristic"]
    assert report["deck_a"] == "aggro" and report["deck_b"] == "midrange"
    env = rtg.env.Env()
    observation, _info = env.reset(seed=1)
    assert observation is not None


def test_the_console_command_is_the_command_line(tmp_path):
    command = console_command()
    done = subprocess.run(
        [str(command), "simulate", "aggro", "midrange", "--games", "30", "--seed", "2", "--json"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    cli = json.loads(done.stdout)
    ours = rtg.simulate("aggro", "midrange", games=30, seed=2)
    assert without_seconds(cli) == without_seconds(ours)
    bad = subprocess.run([str(command), "simulate", "--games"], cwd=tmp_path, capture_output=True, text=True)
    assert bad.returncode == 2 and "error" in bad.stderr
    check = subprocess.run([sys.executable, "-m", "rtg", "check"], cwd=tmp_path, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith("cards: ") and " bundled\n" in check.stdout


def test_a_card_of_ones_own_with_a_bundled_id_replaces_it_with_a_warning(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "goblin_01.yaml").write_text(
        "card_id: goblin_01\nname: Big Goblin\ntype: creature\nmana: {fire: 1}\nattack: 5\ndefense: 5\n"
    )
    with pytest.warns(rtg.ShadowWarning) as caught:
        report = rtg.simulate("aggro", "midrange", games=2)
    assert report["games"] == 2
    message = str(caught[0].message)
    assert "goblin_01 (cards/goblin_01.yaml)" in message
    assert "the bundled decks aggro and midrange now play your versions" in message

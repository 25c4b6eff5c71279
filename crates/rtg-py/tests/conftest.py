"""Shared fixtures: the repository root (the bundled cards, decks and scenarios) and the rtg
binary the command-line comparisons run."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture
def root(monkeypatch):
    """The repository root, made the working directory (as the command line is run from it)."""
    monkeypatch.chdir(ROOT)
    return ROOT


@pytest.fixture(scope="session")
def rtg_bin():
    """The rtg command line: $RTG_BIN, else target/debug/rtg (built by `cargo build -p rtg-cli`)."""
    path = pathlib.Path(os.environ.get("RTG_BIN", ROOT / "target" / "debug" / "rtg"))
    if not path.is_file():
        pytest.fail(f"no rtg binary at {path}: run `cargo build -p rtg-cli` or set RTG_BIN")
    return path


def run_cli(rtg_bin, *args):
    """Runs the rtg binary from the repository root; its stdout."""
    done = subprocess.run([str(rtg_bin), *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout

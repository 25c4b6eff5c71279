"""The rtg side: card files and scenario files, one `rtg scenario --transcript` run, and the
transcripts read back into the same shape as `PtgCase.snapshot()`."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml


def dump(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True)


def write_case(out: Path, case_id: str, cards, position: dict, steps: list[dict]) -> Path:
    """Writes `cards/<case>/*.yaml` and `scenarios/<case>.yaml`; returns the scenario's path."""
    card_dir = out / "cards" / case_id
    card_dir.mkdir(parents=True, exist_ok=True)
    for card in cards:
        (card_dir / f"{card.card_id}.yaml").write_text(dump(card.data))
    players = {}
    for name, setup in position["players"].items():
        p: dict = {}
        for key in ("health", "pool", "mana_played"):
            if setup.get(key):
                p[key] = setup[key]
        for zone in ("battlefield", "hand", "deck", "graveyard"):
            if setup.get(zone):
                p[zone] = setup[zone]
        players[name] = p
    scenario = {
        "name": case_id,
        "cards": [f"../cards/{case_id}"],
        "rules": "ptg-0.9",
        "turn": position["turn"],
        "active": position["active"],
        "phase": position["phase"],
        "players": players,
        "steps": steps,
    }
    path = out / "scenarios" / f"{case_id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dump(scenario))
    return path


def run_rtg(binary: str, scenario_dir: Path) -> str:
    proc = subprocess.run(
        [binary, "scenario", "--transcript", str(scenario_dir)],
        capture_output=True, text=True, check=False,
    )
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"`{binary} scenario` exited {proc.returncode}: {proc.stderr.strip()}")
    return proc.stdout


STATE_HEAD = re.compile(r"^  (?:= )?turn (\d+) (\w+) (\w+)$")
PLAYER = re.compile(
    r"^  (\w+): health (-?\d+) pool \{(.*?)\} deck (\d+) hand \[(.*?)\] battlefield \[(.*?)\] graveyard \[(.*?)\]$"
)
STEP = re.compile(r"^(\d+)\. (.*)$")
TOKEN = re.compile(r"#\d+$")


def _names(text: str) -> list[str]:
    return [TOKEN.sub("#?", n) for n in text.split(", ")] if text else []


def _card(text: str) -> tuple:
    parts = text.split(" ")
    name = TOKEN.sub("#?", parts[0])
    rest = parts[1:]
    if rest and re.fullmatch(r"-?\d+/-?\d+", rest[0]):
        return (name, rest[0], tuple(sorted(rest[1:])))
    if rest and rest[0] == "artifact":
        return (name, "artifact", tuple(sorted(rest[1:])))
    return (name, "", tuple(sorted(rest)))


def _pool(text: str) -> dict:
    out = {}
    for part in filter(None, text.split(", ")):
        k, v = part.split(": ")
        out[k] = int(v)
    return out


class Transcript:
    """One scenario's transcript: the setup state, each step's state or refusal, the result."""

    def __init__(self, name: str):
        self.name = name
        self.setup: dict | None = None
        self.steps: dict[int, dict] = {}  # step number -> {"state", "refused", "text"}
        self.failure: str | None = None
        self.invalid: str | None = None


def parse(stdout: str) -> dict[str, Transcript]:
    out: dict[str, Transcript] = {}
    cur: Transcript | None = None
    state: dict | None = None
    step: int | None = None
    lines = stdout.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("scenario: "):
            cur = out.setdefault(line[len("scenario: "):], Transcript(line[len("scenario: "):]))
            step, state = None, None
            continue
        m = re.match(r"^FAIL (\S+) \(invalid scenario\)$", line)
        if m:
            name = Path(m.group(1)).stem
            t = out.setdefault(name, Transcript(name))
            msg = []
            while i < len(lines) and lines[i].startswith("  "):
                msg.append(lines[i].strip())
                i += 1
            t.invalid = " ".join(msg)
            cur = None
            continue
        if cur is None:
            continue
        if line == "setup:":
            step = 0
            continue
        m = STEP.match(line)
        if m:
            step = int(m.group(1))
            cur.steps[step] = {"state": None, "refused": None, "text": m.group(2)}
            continue
        if line == "PASS":
            cur = None
            continue
        if line.startswith("FAIL "):
            msg = [line[5:]]
            while i < len(lines) and lines[i].startswith("  ") and not lines[i].startswith("PASS"):
                msg.append(lines[i].strip())
                i += 1
            cur.failure = " | ".join(msg)
            cur = None
            continue
        m = STATE_HEAD.match(line)
        if m:
            state = {"turn": int(m.group(1)), "active": m.group(2), "phase": m.group(3), "players": {},
                     "pending_triggers": 0, "pending_choices": 0, "winner": None}
            if step == 0:
                cur.setup = state
            elif step is not None:
                cur.steps[step]["state"] = state
            continue
        m = PLAYER.match(line)
        if m and state is not None:
            state["players"][m.group(1)] = {
                "health": int(m.group(2)),
                "pool": _pool(m.group(3)),
                "deck": int(m.group(4)),
                "hand": _names(m.group(5)),
                "battlefield": [_card(c) for c in (m.group(6).split(", ") if m.group(6) else [])],
                "graveyard": _names(m.group(7)),
            }
            continue
        if state is not None:
            m = re.match(r"^  pending triggers: (\d+)$", line)
            if m:
                state["pending_triggers"] = int(m.group(1))
                continue
            m = re.match(r"^  pending choices: (\d+)$", line)
            if m:
                state["pending_choices"] = int(m.group(1))
                continue
            m = re.match(r"^  winner: (\w+)$", line)
            if m:
                state["winner"] = m.group(1)
                continue
            if line == "  result: draw":
                state["winner"] = "draw"
                continue
        m = re.match(r"^  refused: (\w+)", line)
        if m and step:
            cur.steps[step]["refused"] = m.group(1)
    return out

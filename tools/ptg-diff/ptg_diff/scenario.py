"""Plays rtg scenario files through PTG 0.9.13 and checks their `expect` steps against PTG's state.

    python -m ptg_diff.scenario scenarios/language/each_computed_amount.yaml [...]

A scenario's expectation is rtg's; this says, check by check, whether PTG 0.9.13 gives the same,
so that a scenario pinning one of PTG's readings can say its expectation is PTG's (and where it
is not, say why). The position is built and played as the differential tool plays its cases
(`ptgrun.PtgCase`: PTG's GameState built directly, with the modelled readings of
tools/ptg-diff/README.md); what the detectors flag while a step plays is printed with the step.

Understood: the setup keys of docs/scenarios.md (cards, turn, active, phase, players with health,
pool, mana_played, hand, deck, graveyard, battlefield entries with name, sick, tapped, damage,
attack_buff, defense_buff, attacked); the steps play, activate, attack, block, order_blockers,
resolve_pending, resolve_choice, advance, advance_to, expect (with expect_error); the checks
PLAYER.health, .pool, .ZONE, .ZONE.count, REF.attack, .defense, .zone, .sick, .tapped, phase,
active, winner, pending_triggers, pending_choices and events. PTG plays its own rules whatever
`rules:` says, and takes no target for a spell (the step says so).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml
from ptg.core.enums import CardType
from ptg.io.yaml_loader import load_card
from ptg.techniques.resolver import _effective_techniques

from .ptgrun import FLAGS, PHASE_NAMES, PtgCase

ZONES = {"battlefield": "battlefield", "hand": "hands", "deck": "decks", "graveyard": "graveyards"}
MAX_ADVANCES = 60


class Unsupported(Exception):
    """A scenario form this runner does not play."""


def _card_files(scenario: Path, data: dict) -> dict[str, Path]:
    """Every card file of the scenario's `cards:` folders and files, by card id."""
    files: dict[str, Path] = {}
    for entry in data.get("cards") or []:
        path = (scenario.parent / entry).resolve()
        paths = sorted(path.glob("*.yaml")) if path.is_dir() else [path]
        for p in paths:
            card = yaml.safe_load(p.read_text())
            if isinstance(card, dict) and "card_id" in card:
                files.setdefault(card["card_id"], p)
    return files


def _templates(path: Path) -> list[str]:
    """The card ids a card file names as spawn templates (PTG resolves them through its catalog)."""
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "template_card_id" and isinstance(v, str):
                    found.append(v)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(yaml.safe_load(path.read_text()))
    return found


def _load(files: dict[str, Path], wanted: set[str]) -> dict:
    """PTG's definitions of the cards wanted and of the templates they name."""
    catalog: dict = {}

    def need(card_id: str):
        if card_id in catalog:
            return
        if card_id not in files:
            raise Unsupported(f"no card file for `{card_id}`")
        for template in _templates(files[card_id]):
            need(template)
        catalog[card_id] = load_card(files[card_id], catalog)

    for card_id in sorted(wanted):
        need(card_id)
    return catalog


def _position(data: dict) -> dict:
    """The setup as `PtgCase` takes it: every entry a map with a handle (made up when the
    scenario names none)."""
    players = {}
    for seat, (player, setup) in enumerate((data.get("players") or {}).items()):
        setup = setup or {}
        out = {"health": setup.get("health", 20), "pool": setup.get("pool") or {},
               "mana_played": setup.get("mana_played", 0)}
        for zone in ZONES:
            entries = []
            for i, e in enumerate(setup.get(zone) or []):
                e = {"card": e} if isinstance(e, str) else dict(e)
                e.setdefault("name", f"{player}.{zone}.{i}")
                entries.append(e)
            out[zone] = entries
        players[player] = out
    names = list(players)
    active = data["active"]
    turn = data.get("turn", 1 if active == names[0] else 2)
    return {"turn": turn, "active": active, "phase": data["phase"], "players": players}


class Runner:
    """One scenario played through PTG."""

    def __init__(self, path: Path):
        self.path = path
        self.data = yaml.safe_load(path.read_text())
        self.position = _position(self.data)
        wanted = {e["card"] for p in self.position["players"].values() for z in ZONES for e in p[z]}
        self.defs = _load(_card_files(path, self.data), wanted)
        self.case = PtgCase(self.position, self.defs, random.Random(0))
        self.events: list[tuple[str, str | None]] = []
        self.recording: list[tuple[str, str | None]] = []
        bus = self.case.game.bus
        emit = bus.emit

        def recording_emit(event, state):
            self.recording.append((event.type.value, event.source))
            return emit(event, state)

        bus.emit = recording_emit
        self.checks = self.agreed = 0
        self.lines: list[str] = []

    # ----- references ----------------------------------------------------------------------

    @property
    def state(self):
        return self.case.game.state

    def ref(self, text: str):
        """A card handle or PLAYER.ZONE.INDEX, as PTG's card id; a player name as itself."""
        if text in self.position["players"]:
            return text
        if text in self.case.handles:
            return text
        parts = text.split(".")
        if len(parts) == 3 and parts[1] in ZONES:
            ids = list(getattr(self.state, ZONES[parts[1]]).get(parts[0], []))
            if parts[1] == "deck":
                ids.reverse()  # PTG's deck has its top at the end
            index = int(parts[2])
            if index < len(ids):
                return ids[index]
        raise Unsupported(f"unknown card `{text}`")

    def where(self, cid: str) -> str:
        for zone, attr in ZONES.items():
            if any(cid in ids for ids in getattr(self.state, attr).values()):
                return zone
        return "gone"

    def zone_ids(self, player: str, zone: str) -> list[str]:
        ids = list(getattr(self.state, ZONES[zone]).get(player, []))
        if zone == "deck":
            ids.reverse()
        return [self.state.all_cards[c].card_definition.card_id for c in ids]

    # ----- checks ---------------------------------------------------------------------------

    def found(self, path: str):
        """PTG's value at a check's path."""
        snap = self.case.snapshot()
        if path in ("phase", "active", "winner", "pending_triggers", "pending_choices"):
            value = snap[path]
            return "none" if path == "winner" and value is None else value
        head, _, rest = path.partition(".")
        if head in self.position["players"]:
            if rest == "health":
                return self.state.players[head].health
            if rest == "pool":
                return {t.value: n for t, n in self.state.players[head].mana_pool.amounts.items() if n}
            zone, _, count = rest.partition(".")
            if zone in ZONES:
                ids = self.zone_ids(head, zone)
                return len(ids) if count == "count" else ids
        head, _, what = path.rpartition(".")
        cid = self.ref(head)
        card = self.state.all_cards[cid]
        if what == "zone":
            return self.where(cid)
        if what == "attack":
            return max(0, card.attack)
        if what == "defense":
            return card.defense
        if what == "tapped":
            return bool(card.tapped)
        if what == "sick":
            haste = "haste" in {t.value for t in _effective_techniques(card)}
            return bool(card.summoning_sick) and not haste and card.type == CardType.CREATURE
        raise Unsupported(f"check `{path}`")

    def check(self, path: str, expected) -> None:
        self.checks += 1
        if path == "events":
            found = self._events_found(expected)
            shown = ", ".join(e if s is None else f"{e} {s}" for e, s in self.events)
            ok = found is None
            self.lines.append(f"     events: {'ok' if ok else 'PTG DIFFERS: ' + found}   (PTG: {shown})")
        else:
            value = self.found(path)
            if path.endswith(".pool"):
                expected = {k: v for k, v in (expected or {}).items() if v}
            ok = value == expected
            self.lines.append(f"     {path}: {expected!r}  {'ok' if ok else f'PTG DIFFERS: {value!r}'}")
        self.agreed += ok

    def _events_found(self, expected: list) -> str | None:
        """None when the listed events come in this order in PTG's events of the last step (others
        between them), else the first one missing."""
        at = 0
        for item in expected:
            kind = item if isinstance(item, str) else item["event"]
            card = None if isinstance(item, str) else self.ref(item["card"])
            while at < len(self.events) and not (
                self.events[at][0] == kind and (card is None or self.events[at][1] == card)
            ):
                at += 1
            if at == len(self.events):
                return f"no {kind}{'' if card is None else ' of ' + item['card']} (in order)"
            at += 1
        return None

    # ----- steps ----------------------------------------------------------------------------

    def act(self, act: dict, expect_error) -> str:
        self.recording = []
        status, why = self.case.play(act)
        self.events = self.recording
        flags = f"  [detected: {', '.join(FLAGS)}]" if FLAGS else ""
        if expect_error:
            self.checks += 1
            self.agreed += status == "refused"
            verdict = "refused, ok" if status == "refused" else f"PTG DIFFERS: {status} {why}".rstrip()
            return verdict + flags
        if status != "ok":
            self.checks += 1
            return f"PTG DIFFERS: {status}: {why}{flags}"
        return "ok" + flags

    def advance_until(self, phase: str, player: str | None) -> str:
        events: list = []
        notes = []
        for _ in range(MAX_ADVANCES):
            g = self.case.game
            if PHASE_NAMES[g.current_phase] == phase and (player is None or g.active_player.uuid == player):
                self.events = events
                return "ok" + "".join(notes)
            if self.case.snapshot()["winner"]:
                self.events = events
                return "ok (game over)" + "".join(notes)
            note = self.act({"kind": "advance"}, False)
            events += self.events
            if note != "ok":
                notes.append(f" {note}")
        raise Unsupported(f"{phase} not reached in {MAX_ADVANCES} phases")

    def step(self, step: dict) -> None:
        expect_error = step.get("expect_error")
        kind = next(k for k in step if k != "expect_error")
        body = step[kind]
        self.lines.append(f"  {kind}:" if kind == "expect" else f"  {kind}: {body}")
        if kind == "expect":
            for path, value in body.items():
                self.check(path, value)
            return
        if kind == "advance":
            notes = [self.act({"kind": "advance"}, expect_error if i == 0 else None) for i in range(body)]
            self.lines[-1] += "   " + "; ".join(notes)
            return
        if kind == "advance_to":
            phase, player = (body, None) if isinstance(body, str) else (body["phase"], body.get("player"))
            self.lines[-1] += "   " + self.advance_until(phase, player)
            return
        act: dict = {"kind": kind}
        if kind == "play":
            act.update(player=body["player"], card=self.ref(body["card"]))
            if "target" in body:
                self.lines[-1] += "   (PTG's PlayCardAction takes no target: played without one)"
        elif kind == "activate":
            act.update(player=body["player"], card=self.ref(body["card"]), ability=body["ability"])
            if "target" in body:
                act["target"] = self.ref(body["target"])
        elif kind == "attack":
            act.update(player=body["player"], card=self.ref(body["card"]))
        elif kind == "block":
            act.update(player=body["player"], card=self.ref(body["card"]), attacker=self.ref(body["attacker"]))
        elif kind == "order_blockers":
            act.update(player=body["player"], attacker=self.ref(body["attacker"]),
                       blockers=[self.ref(b) for b in body["blockers"]])
        elif kind == "resolve_pending":
            act.update(index=body["index"], target=self.ref(body["target"]))
        elif kind == "resolve_choice":
            act.update(index=body["index"], option=body["option"])
        else:
            raise Unsupported(f"step `{kind}`")
        self.lines[-1] += "   " + self.act(act, expect_error)

    def run(self) -> bool:
        for step in self.data.get("steps") or []:
            self.step(step)
        return self.agreed == self.checks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="ptg_diff.scenario", description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path, help="scenario files")
    args = ap.parse_args(argv)
    status = 0
    for path in args.files:
        print(f"{path}")
        runner = None
        try:
            runner = Runner(path)
            agreed = runner.run()
        except Unsupported as e:
            for line in runner.lines if runner else []:
                print(line)
            print(f"  not played: {e}")
            status = 1
            continue
        for line in runner.lines:
            print(line)
        print(f"  PTG 0.9.13 agrees with {runner.agreed} of {runner.checks} checks")
        status |= 0 if agreed else 1
    return status


if __name__ == "__main__":
    sys.exit(main())

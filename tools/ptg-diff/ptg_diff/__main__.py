"""ptg-diff: random card sets and positions played through PTG 0.9.13 and rtg, compared zone by
zone after every step. See tools/ptg-diff/README.md.

    python -m ptg_diff --rtg target/release/rtg [--seed 2026] [--cases 400] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

import ptg
from ptg.io.yaml_loader import load_card

from . import gen, rtgrun
from .ptgrun import FLAG_REASONS, FLAGS, PHASE_NAMES, PtgCase

DEFAULT_SEED = 2026
DEFAULT_CASES = 400
MAX_STEPS = 24


def rtg_step(act: dict, case: PtgCase, phase_before: str) -> dict:
    kind = act["kind"]

    def target(t):
        return t if t in case.names else case.ref(t)

    if kind == "advance":
        return {"advance": 1}
    if kind == "play":
        return {"play": {"player": act["player"], "card": case.ref(act["card"])}}
    if kind == "attack":
        return {"attack": {"player": act["player"], "card": case.ref(act["card"])}}
    if kind == "block":
        return {"block": {"player": act["player"], "card": case.ref(act["card"]), "attacker": case.ref(act["attacker"])}}
    if kind == "order_blockers":
        return {"order_blockers": {"player": act["player"], "attacker": case.ref(act["attacker"]),
                                   "blockers": [case.ref(b) for b in act["blockers"]]}}
    if kind == "activate":
        step = {"player": act["player"], "card": case.ref(act["card"]), "ability": act["ability"]}
        if act.get("target") is not None:
            step["target"] = target(act["target"])
        return {"activate": step}
    if kind == "resolve_pending":
        return {"resolve_pending": {"index": act["index"], "target": target(act["target"])}}
    if kind == "resolve_choice":
        return {"resolve_choice": {"index": act["index"], "option": act["option"]}}
    raise ValueError(kind)


class Case:
    """One generated case: its cards, position, steps and PTG's view after each step."""

    def __init__(self, seed: int, index: int, out: Path, allow_new_defects: bool, statics_delays: bool = True,
                 readings: bool = True):
        self.id = f"case-{index:05d}"
        rng = random.Random(f"{seed}:{index}")
        # Statics and delays come from their own stream, and so do the readings' forms (issue 37):
        # without them a case is what it was.
        xrng = random.Random(f"{seed}:{index}:statics-delays") if statics_delays else None
        yrng = random.Random(f"{seed}:{index}:readings") if readings else None
        g = gen.Generator(rng, allow_new_defects=allow_new_defects, xrng=xrng, yrng=yrng)
        self.cards = g.card_set().cards
        self.position = g.position()
        self.techniques = {c.card_id: set(c.data.get("techniques", [])) for c in self.cards}
        self.card_of = {}
        for setup in self.position["players"].values():
            for zone in ("battlefield", "hand", "deck", "graveyard"):
                for e in setup.get(zone, []):
                    self.card_of[e["name"]] = e["card"]
        # PTG loads the same files (templates name earlier cards, so one pass in order).
        card_dir = out / "cards" / self.id
        card_dir.mkdir(parents=True, exist_ok=True)
        catalog = {}
        for c in self.cards:
            path = card_dir / f"{c.card_id}.yaml"
            path.write_text(rtgrun.dump(c.data))
            catalog[c.card_id] = load_card(path, catalog)
        self.steps: list[dict] = []
        self.ptg_states: list[dict] = []
        self.ptg_status: list[str] = []
        self.cut: list[str] = []
        self.crash: str | None = None
        self.crash_step: dict | None = None
        ptg_case = PtgCase(self.position, catalog, rng)
        self.ptg_states.append(ptg_case.snapshot())
        turns = 0
        # A position one of the engines cannot build as the other does: nothing is compared.
        self.setup_cut = bool(ptg_case.setup_flags)
        self.cut = list(ptg_case.setup_flags)
        for _ in range(0 if self.setup_cut else MAX_STEPS):
            act = ptg_case.choose()
            before = PHASE_NAMES[ptg_case.game.current_phase]
            step = rtg_step(act, ptg_case, before)
            status, why = ptg_case.play(act)
            if status == "crash":
                self.crash, self.crash_step = why, step
                break
            if FLAGS:
                self.cut = list(FLAGS)
                break
            if status == "refused":
                step["expect_error"] = True
            self.steps.append(step)
            self.ptg_status.append(status if status == "ok" else f"refused: {why}")
            snap = ptg_case.snapshot()
            self.ptg_states.append(snap)
            if snap["winner"]:
                break
            if before == "end" and act["kind"] == "advance" and status == "ok":
                turns += 1
                if turns >= 2:
                    break
        rtgrun.write_case(out, self.id, self.cards, self.position, self.steps)

    # ----- comparing ----------------------------------------------------------------------

    def _has_haste(self, card: tuple) -> bool:
        name, _, flags = card
        cid = self.card_of.get(name) or name.split("#")[0]
        now = set(self.techniques.get(cid, set()))
        for f in flags:
            if f.startswith("+"):
                now.add(f[1:])
            elif f.startswith("-"):
                now.discard(f[1:])
        return "haste" in now

    def _norm(self, state: dict) -> dict:
        out = json.loads(json.dumps(state))
        for p in out["players"].values():
            cards = []
            for card in p["battlefield"]:
                card = (card[0], card[1], tuple(card[2]))
                if "sick" in card[2] and self._has_haste(card):
                    card = (card[0], card[1], tuple(f for f in card[2] if f != "sick"))
                cards.append(list(card[:2]) + [list(card[2])])
            p["battlefield"] = cards
        return out

    def diff(self, ptg_state: dict, rtg_state: dict) -> list[str]:
        a, b = self._norm(ptg_state), self._norm(rtg_state)
        out = []
        for key in ("turn", "active", "phase", "pending_triggers", "pending_choices", "winner"):
            if a[key] != b[key]:
                out.append(f"{key}: ptg {a[key]} rtg {b[key]}")
        for name in a["players"]:
            pa, pb = a["players"][name], b["players"].get(name, {})
            for key in ("health", "pool", "deck", "hand", "battlefield", "graveyard"):
                if pa[key] != pb.get(key):
                    out.append(f"{name}.{key}: ptg {pa[key]} rtg {pb.get(key)}")
        return out

    def compare(self, t: rtgrun.Transcript | None) -> dict:
        """The first disagreement, or None: {"step", "what", "detail"}."""
        if self.setup_cut:
            return None
        if t is None:
            return {"step": 0, "what": "no transcript", "detail": []}
        if t.invalid:
            return {"step": 0, "what": "rtg refused the case", "detail": [t.invalid]}
        if t.setup is None:
            return {"step": 0, "what": "no setup in the transcript", "detail": [t.failure or ""]}
        d = self.diff(self.ptg_states[0], t.setup)
        if d:
            return {"step": 0, "what": "setup", "detail": d}
        for j, step in enumerate(self.steps, start=1):
            got = t.steps.get(j)
            ptg_refused = "expect_error" in step
            if got is None or got["state"] is None:
                return {"step": j, "what": "rtg stopped", "detail": [t.failure or "", f"ptg: {self.ptg_status[j - 1]}"]}
            if ptg_refused != bool(got["refused"]):
                return {"step": j, "what": "legality", "detail": [f"ptg: {self.ptg_status[j - 1]}", f"rtg: {got['refused'] or 'accepted'}", t.failure or ""]}
            d = self.diff(self.ptg_states[j], got["state"])
            if d:
                return {"step": j, "what": "state", "detail": d}
        if t.failure:
            return {"step": len(self.steps), "what": "rtg failed", "detail": [t.failure]}
        return None


# The repository's target/ (ignored by git), not one beside the working directory: a run from
# tools/ptg-diff/ once left its output where git would track it.
DEFAULT_OUT = Path(__file__).resolve().parents[3] / "target" / "ptg-diff"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="ptg_diff", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rtg", help="the rtg binary (cargo build -p rtg-cli); required but with --explain")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--cases", type=int, default=DEFAULT_CASES, help=f"case budget (default {DEFAULT_CASES})")
    ap.add_argument("--first", type=int, default=0, help="index of the first case (to re-run one: --first K --cases 1)")
    ap.add_argument("--only", help="comma-separated case indexes to play (instead of --first/--cases)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT,
                    help=f"where each case's files go (default {DEFAULT_OUT}, whatever the working directory)")
    ap.add_argument("--no-new-defects", action="store_true",
                    help="do not draw the forms of the PTG defects this tool found (fewer cut cases)")
    ap.add_argument("--no-statics-delays", action="store_true",
                    help="draw no static ability, delay or cancel_delay: the case stream of the grammar before them")
    ap.add_argument("--no-readings", action="store_true",
                    help="draw none of the forms of issue 37's readings (readings.py): the case stream before them")
    ap.add_argument("--json", type=Path, help="write the report as JSON here")
    ap.add_argument("--explain", action="store_true", help="list what the grammar avoids and what cuts a case, and exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every disagreement in full")
    args = ap.parse_args(argv)

    if args.explain:
        print("Left out of the grammar:")
        for k, v in gen.AVOIDED.items():
            print(f"  - {k}: {v}")
        print("Detected while a case plays (the case stops before that step):")
        for k, v in FLAG_REASONS.items():
            print(f"  - {k}: {v}")
        return 0

    if not args.rtg:
        ap.error("--rtg is required")
    started = time.monotonic()
    out = args.out
    if out.exists():
        shutil.rmtree(out)
    (out / "scenarios").mkdir(parents=True)
    cases = []
    errors = []
    indexes = [int(i) for i in args.only.split(",")] if args.only else range(args.first, args.first + args.cases)
    for index in indexes:
        try:
            cases.append(Case(args.seed, index, out, not args.no_new_defects, not args.no_statics_delays,
                              not args.no_readings))
        except Exception as e:  # a fault of this tool: report it, never hide it
            import traceback

            errors.append(f"case-{index:05d}: {type(e).__name__}: {e}\n{traceback.format_exc()}")
    ptg_time = time.monotonic() - started
    transcripts = rtgrun.parse(rtgrun.run_rtg(args.rtg, out / "scenarios"))

    agree = cut = 0
    steps_compared = 0
    cuts: Counter = Counter()
    crashes: Counter = Counter()
    examples: dict[str, list[str]] = {}
    disagreements = []
    for case in cases:
        result = case.compare(transcripts.get(case.id))
        if result is None:
            agree += 1
            steps_compared += len(case.steps)
            if case.cut or case.crash:
                cut += 1
            for f in case.cut:
                cuts[f] += 1
                examples.setdefault(f, []).append(f"{case.id} step {len(case.steps) + 1}")
            if case.crash:
                key = case.crash.split(" at ")[0][:160] + " at " + case.crash.split(" at ")[-1]
                crashes[key] += 1
                examples.setdefault(key, []).append(f"{case.id} step {len(case.steps) + 1}")
        else:
            steps_compared += result["step"]
            disagreements.append((case, result))

    print(f"ptg-diff: seed {args.seed}, cases {args.first}..{args.first + args.cases - 1} "
          f"(PTG {ptg.__name__} from {Path(ptg.__file__).parent}), rtg {args.rtg}")
    print(f"  cases run                      {len(cases)}")
    print(f"  steps compared                 {steps_compared}")
    print(f"  agree on every step compared   {agree}")
    print(f"    of which cut at a known divergence or a PTG crash: {cut}")
    for f, n in cuts.most_common():
        print(f"      {n:5}  {f}: {FLAG_REASONS[f]} (e.g. {examples[f][0]})")
    for c, n in crashes.most_common():
        print(f"      {n:5}  PTG crash: {c} (e.g. {examples[c][0]})")
    print(f"  disagree                       {len(disagreements)}")
    for case, result in disagreements:
        print(f"    {case.id} step {result['step']} ({result['what']}): {result['detail'][0] if result['detail'] else ''}")
        if args.verbose:
            for line in result["detail"][1:]:
                print(f"        {line}")
            print(f"        files: {out / 'scenarios' / (case.id + '.yaml')}, {out / 'cards' / case.id}/")
    if errors:
        print(f"  tool errors                    {len(errors)}")
        for e in errors:
            print("    " + e.replace("\n", "\n    "))
    print(f"  time {time.monotonic() - started:.1f}s (PTG and files {ptg_time:.1f}s)")
    if args.json:
        args.json.write_text(json.dumps({
            "seed": args.seed, "cases": len(cases), "steps_compared": steps_compared, "agree": agree,
            "cut": dict(cuts), "crashes": dict(crashes), "examples": examples,
            "disagreements": [{"case": c.id, **r} for c, r in disagreements], "tool_errors": errors,
        }, indent=2))
    # Exit status: 0 when every case agrees (up to its cut), 1 otherwise.
    return 0 if not disagreements and not errors else 1


if __name__ == "__main__":
    sys.exit(main())

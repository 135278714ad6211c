"""Does the `pro` line of play run balls? (issue 56's last "done when": on a fixed set of 20
positions with at least four balls open, the `pro` line pots at least three balls in a row in
at least half of them.)

    python -m benchmarks.pro_line [--set FILE] [--line 3] [--budget 600] [--skill pro]
        [--positions N] [--out FILE.json]
    python -m benchmarks.pro_line --make FILE [--positions 20] [--games 4] [--strokes 40]
        [--seed 5656]

**Open**: an object ball is open when a clean pot of it is geometrically on from where the
cue ball lies (:func:`open_balls`): for some pocket the ghost-ball stroke passes every
pre-filter of the search's clean pots, :func:`ai.geometry.shot_table.shot_table`'s
``feasible`` -- the cue ball's path to the ghost ball and the object ball's path to the
pocket's aiming point clear of every other ball by two radii, the cut under 78 degrees, the
approach within the pocket's angle (62 degrees corner, 58 middle), both paths on the bed.  No
chance is asked of it (open is geometry, not skill): with the closed form's chance at the
`pro` noise at least the value's "pottable" (0.25, ai/value/features.py) as well, only 6 of
the 102 positions of the set's self-play had four such balls.

**Room for three** (:func:`room_for_three`): the shooter's score with the three most valuable
balls on the table added stays below his target (R9.1), so that no run of three can be cut
short by winning the game (the line stops at a won game: the shooter no longer keeps the
table).

**The set** (``--make``): ``--games`` games of :data:`SELFPLAY_SPEC` against itself at the
`pro` noise (0.25, played and believed; :func:`benchmarks.levels.selfplay`, game g seeded
``seed + g``, cut at ``--strokes``), their positions with the cue ball on the table
(:func:`benchmarks.levels.open_states`), those with at least :data:`MIN_OPEN` open balls and
room for three, and
``--positions`` of them drawn by a generator seeded ``seed``.  Stored as JSON
(:data:`DATA`, :data:`VERSION`) with how it was made; each position as ``pyramid suggest``
reads it (a study position: the balls off the table put aside, the scores set).

**The benchmark**: each position's suggestion at ``--skill pro --line 3`` through
:func:`russian_pyramid.app.suggest.suggest` -- the code path of ``pyramid suggest --line`` and
of the board, the default budget and the seed drawn from the position, so ``pyramid suggest
POSITION.json --skill pro --line 3`` shows the same line (``--write DIR`` writes the
positions).  A step **pots** when the shooter keeps the table on at least half of its
samples (``p_keep`` >= :data:`POT_SHARE`: the pot is the likely outcome of the stroke the line
shows; keeping the table is a successful call without a foul, :func:`ai.search.allocate.
keeps_table`).  A position **runs three** when the line's first three steps each pot.  Printed
per position: the open balls, each step's kind, call and ``p_keep``, the chance of the three
in a row by the search's own samples (the product of the three ``p_keep``), and whether it
runs three; then the total, and the looser count where each of the three steps merely shows a
pot (``p_keep`` > 0: the line went on through a potting sample).

Measured numbers: ai/README.md, "Levels of play".
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from ai.geometry.pockets import pockets_of
from ai.geometry.shot_table import shot_table
from ai.noise import NoiseModel, SKILLS
from engine import GameState
from engine.values import ball_value
from engine.files import InputFileError, read_bytes, write_atomic
from russian_pyramid.app import limits
from russian_pyramid.app.options import SuggestOptions
from russian_pyramid.app.suggest import state_to_suggest, suggest

from . import smoke
from .levels import open_states, selfplay

VERSION = 2  # of the set's layout and of the way it was made
DATA = Path(__file__).parent / "data" / "pro_line.json"
SELFPLAY_SPEC = "mc-fast"
MIN_OPEN = 4  # issue 56: "at least four balls open"
RUN = 3  # issue 56: "at least three balls in a row"
POT_SHARE = 0.5  # a step pots when the shooter keeps the table on this share of its samples
MAX_SET_BYTES = 2_000_000
SMOKE_SIZES = {"positions": 1, "budget": 30}


class SetError(ValueError):
    """A set that cannot be made or read (exit 2, the message naming the option)."""


def open_balls(state: GameState) -> list[str]:
    """The object balls open from the cue ball's place (module doc); none with the cue ball
    in hand."""
    if "cue" not in state.balls:
        return []
    spec = state.spec
    balls = {b: np.asarray(p, float) for b, p in state.balls.items()}
    targets = sorted((b for b in balls if b != "cue"), key=int)
    table = shot_table(spec, pockets_of(spec), balls["cue"], balls, targets, NoiseModel())
    return [b for b, ok in zip(targets, table.feasible.any(axis=1)) if ok]


def room_for_three(state: GameState) -> bool:
    """No run of :data:`RUN` pots can win the game for the player to move (module doc)."""
    values = sorted((ball_value(b) for b in state.balls if b != "cue"), reverse=True)
    return state.scores[state.to_move] + sum(values[:RUN]) < state.target_of(state.to_move)


def study(state: GameState) -> dict:
    """``state`` as a study position ``pyramid suggest`` reads: the balls off the table put
    aside and the scores set (the state's ``adjustment``, docs/FORMATS.md)."""
    doc = state.to_json()
    aside = [str(b) for b in range(1, 16) if str(b) not in doc["balls"]]
    doc = dict(doc, shelves=[[], []])
    doc["adjustment"] = {"reason": "a benchmark position (benchmarks/pro_line.py)",
                         "points": sum(doc["scores"]), "balls": aside}
    return doc


def make_set(positions: int, games: int, strokes: int, seed: int,
             spec: str = SELFPLAY_SPEC) -> dict:
    """The set (module doc)."""
    magnitude = SKILLS["pro"]
    states = [s for s in open_states(selfplay(magnitude, games, strokes, seed, spec))
              if len(open_balls(s)) >= MIN_OPEN and room_for_three(s)]
    if len(states) < positions:
        raise SetError(f"--make: only {len(states)} positions with {MIN_OPEN} open balls in "
                         f"{games} games of {strokes} strokes; give more --games or --strokes")
    picked = sorted(np.random.default_rng(seed).permutation(len(states))[:positions])
    return {"version": VERSION, "selfplay": spec, "magnitude": magnitude, "games": games,
            "strokes": strokes, "seed": seed, "min_open": MIN_OPEN, "eligible": len(states),
            "made_by": (f"python -m benchmarks.pro_line --make FILE --positions {positions} "
                        f"--games {games} --strokes {strokes} --seed {seed}"),
            "positions": [study(states[i]) for i in picked]}


def load_set(path: str | Path = DATA) -> dict:
    """The set at ``path``, checked for its version; :class:`SetError` naming what is wrong."""
    try:
        doc = json.loads(read_bytes(path, MAX_SET_BYTES, "--set").decode("utf-8"))
    except (OSError, InputFileError, UnicodeDecodeError, ValueError) as exc:
        raise SetError(f"--set {path}: not a JSON set ({exc})") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION \
            or not isinstance(doc.get("positions"), list):
        raise SetError(f"--set {path}: not a version {VERSION} set of this benchmark")
    return doc


def run_position(doc: dict, skill, line: int, budget: int) -> dict:
    """One position's line through ``suggest`` (the seed drawn from the position) and what it
    pots."""
    state = state_to_suggest(doc)
    t0 = time.perf_counter()
    found = suggest(state, SuggestOptions(skill=skill, budget=budget, line=line))
    seconds = time.perf_counter() - t0
    steps = [] if found.line is None else list(found.line.steps)
    rows = [{"kind": s.kind, "call": None if s.call is None else s.call.to_json(),
             "p_keep": s.p_keep, "p_success": s.p_success, "p_win": s.p_win} for s in steps]
    return {"open": open_balls(state), "steps": rows, "seconds": round(seconds, 2),
            **verdict([s.p_keep for s in steps])}


def verdict(p_keeps: list[float]) -> dict:
    """What a line whose steps keep the table with ``p_keeps`` shows: ``runs_three`` (its
    first :data:`RUN` steps each pot, ``p_keep`` >= :data:`POT_SHARE`), ``shows_three`` (each
    merely shows a pot, ``p_keep`` > 0) and ``chance_three`` (their product; 0 for a shorter
    line)."""
    first = p_keeps[:RUN]
    whole = len(first) == RUN
    return {"chance_three": round(float(np.prod(first)), 4) if whole else 0.0,
            "runs_three": whole and all(k >= POT_SHARE for k in first),
            "shows_three": whole and all(k > 0 for k in first)}


def _call(c: dict | None) -> str:
    if c is None:
        return "-"
    return f"{c.get('ball', '?')}>{c.get('pocket', '?')}"


def _row(i: int, r: dict) -> str:
    steps = " | ".join(f"{s['kind'][:6]} {_call(s['call'])} keep {s['p_keep']:.2f}"
                       for s in r["steps"])
    return (f"{i:2d} open {len(r['open']):2d}  {'RUN3' if r['runs_three'] else '    '}  "
            f"P(3) {r['chance_three']:.2f}  {r['seconds']:5.1f} s  {steps}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default=str(DATA), help="the set to run (default: the shipped)")
    ap.add_argument("--make", metavar="FILE", help="make a set and write it to FILE")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--strokes", type=int, default=40)
    ap.add_argument("--seed", type=int, default=5656)
    ap.add_argument("--skill", default="pro")
    ap.add_argument("--line", type=int, default=RUN)
    ap.add_argument("--budget", type=int, default=limits.DEFAULT_BUDGET)
    ap.add_argument("--write", metavar="DIR", help="write each position as DIR/posNN.json")
    ap.add_argument("--out", metavar="FILE.json", help="write the rows as JSON")
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    if args.positions < 1:
        ap.error(f"--positions must be at least 1, got {args.positions}")
    if not RUN <= args.line <= limits.MAX_LINE:
        ap.error(f"--line must be from {RUN} to {limits.MAX_LINE}, got {args.line}")
    skill = float(args.skill) if args.skill.replace(".", "", 1).isdigit() else args.skill
    if isinstance(skill, str) and skill not in SKILLS:
        ap.error(f"--skill must be one of {', '.join(SKILLS)} or a factor, got {skill!r}")
    try:
        return _run(args, skill)
    except SetError as exc:
        ap.error(str(exc))


def _run(args: argparse.Namespace, skill) -> int:
    with smoke.scratch(args.smoke) as folder:
        if args.make:
            doc = make_set(args.positions, args.games, args.strokes, args.seed)
            write_atomic(args.make, (json.dumps(doc, indent=1) + "\n").encode("utf-8"),
                         "--make")
            print(f"{len(doc['positions'])} positions of {doc['eligible']} with "
                  f"{MIN_OPEN}+ open balls written to {args.make}")
            return 0
        doc = load_set(args.set)
        positions = doc["positions"][:args.positions]
        if args.write:
            Path(args.write).mkdir(parents=True, exist_ok=True)
            for i, p in enumerate(positions):
                write_atomic(Path(args.write) / f"pos{i:02d}.json",
                             json.dumps(p, indent=1).encode("utf-8"), "--write")
        print(f"set: {doc['made_by']} (version {doc['version']}, {doc['eligible']} eligible)")
        print(f"line: suggest --skill {args.skill} --line {args.line} --budget {args.budget}")
        rows = []
        for i, p in enumerate(positions):
            rows.append(run_position(p, skill, args.line, args.budget))
            print(_row(i, rows[-1]), flush=True)
        runs = sum(r["runs_three"] for r in rows)
        shows = sum(r["shows_three"] for r in rows)
        print(f"runs three (each of the first {RUN} steps keeps the table on >= "
              f"{POT_SHARE:.0%} of its samples): {runs} of {len(rows)}; the line shows three "
              f"pots: {shows}; mean chance of three in a row "
              f"{np.mean([r['chance_three'] for r in rows]):.2f}")
        out = args.out or (folder / "pro_line.json" if folder else None)
        if out:
            write_atomic(out, json.dumps({"set": args.set, "rows": rows}, indent=1)
                         .encode("utf-8"), "--out")
    return 0


if __name__ == "__main__":
    sys.exit(main())

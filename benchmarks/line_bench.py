"""What the line of play costs: ``pyramid suggest``'s time with and without the line.

``python -m benchmarks.line_bench [--positions N] [--runs R] [--line L] [--budget B] [--smoke]``
times
:func:`russian_pyramid.app.suggest.suggest` (top 3, the default budget, seed 0) on
``russian_pyramid/examples/suggest_open.json`` and on the first N positions of the AI
benchmark's seeded suite (:func:`benchmarks.ai_bench.suite`: 3-7 object balls, cue ball on the
table), each R times
with ``line`` 1 (off) and L, in one warm process; prints per position the median seconds of
each, the extra share, and the line's length, then the median extra share over positions.
``--smoke`` (:mod:`benchmarks.smoke`): one suite position, one run, 30 samples.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from russian_pyramid.app import limits
from russian_pyramid.app.options import SuggestOptions
from russian_pyramid.app.suggest import state_to_suggest, suggest

from . import smoke
from .ai_bench import suite

ROOT = Path(__file__).resolve().parents[1]
SMOKE_SIZES = {"positions": 1, "runs": 1, "budget": 30}
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples


def _study(doc: dict) -> dict:
    """A suite position as a study position: the balls off the table put aside, the scores
    set (the state's ``adjustment``, docs/FORMATS.md), as the examples are."""
    aside = [str(b) for b in range(1, 16) if str(b) not in doc["balls"]]
    doc = dict(doc, shelves=[[], []])
    doc["adjustment"] = {"reason": "a benchmark position", "points": sum(doc["scores"]),
                         "balls": aside}
    return doc


def _timed(doc: dict, line: int, budget: int) -> tuple[float, int]:
    state = state_to_suggest(doc)  # read as every door reads it, untimed
    t0 = time.perf_counter()
    found = suggest(state, SuggestOptions(top=limits.DEFAULT_TOP, budget=budget, seed=0,
                                          line=line))
    return time.perf_counter() - t0, 0 if found.line is None else len(found.line.steps)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--line", type=int, default=limits.DEFAULT_LINE)
    ap.add_argument("--budget", type=int, default=limits.DEFAULT_BUDGET)
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    docs = [("suggest_open", json.loads((EXAMPLES / "suggest_open.json").read_text()))]
    docs += [(f"suite{i}", _study(s.to_json())) for i, s in enumerate(suite(args.positions))]
    _timed(docs[0][1], args.line, args.budget)  # warm: compile and caches
    extras = []
    print(f"{'position':14s} {'off s':>7s} {'line s':>7s} {'extra':>7s} {'steps':>5s}")
    for name, doc in docs:
        off = statistics.median(_timed(doc, 1, args.budget)[0] for _ in range(args.runs))
        ons = [_timed(doc, args.line, args.budget) for _ in range(args.runs)]
        on = statistics.median(t for t, _ in ons)
        extras.append(on / off - 1)
        print(f"{name:14s} {off:7.3f} {on:7.3f} {100 * (on / off - 1):+6.0f}% {ons[0][1]:5d}")
    print(f"median extra over {len(docs)} positions: {100 * statistics.median(extras):+.0f}% "
          f"(line {args.line}, budget {args.budget}, top {limits.DEFAULT_TOP})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What the look-ahead over the leaves costs and changes: ``mc:look=N`` against the default.

``python -m benchmarks.look_bench [--positions N] [--specs mc mc:look=1 ...] [--smoke]`` decides
each of the first N positions of the AI benchmark's seeded suite
(:func:`benchmarks.ai_bench.suite`: 3-7 object balls, cue ball on the table) once with each agent spec (seed = the position's
index, one warm process) and prints per spec the median and 90th-percentile seconds a
decision (the specs interleaved position by position, so that a shared machine's load falls
on all alike) and the median per-position ratio to the first spec's time, the share of
positions where the stroke chosen (call, kind, placement) differs from
the first spec's (a spec ending ``#K`` is decided with seed index + K: the same agent on
another stream shows how often sampling noise alone changes the choice), and, with a look-ahead, the leaf searches per decision and the median
seconds one leaf search took.  ``--smoke`` (:mod:`benchmarks.smoke`): one position, the two
specs with a budget of 30 samples.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from ai.registry import make_agent
from ai.search import pipeline

from . import smoke
from .ai_bench import suite

SMOKE_SIZES = {"positions": 1, "specs": ["mc:budget=30", "mc:budget=30,look=1"]}

LEAF_TIMES: list[float] = []
LEAF_COUNTS: list[int] = []


def _instrument() -> None:
    """Time the decision's own leaf searches (a deeper leaf's own leaves inside its time) and
    count them per decision (wraps the pipeline's hook)."""
    look = pipeline.look_ahead
    depth = [0]

    def counted(ctx, sampler, ranked, leaves, search, rng, deadline=None):
        top = depth[0] == 0

        def timed(state, leaf_rng):
            t0 = time.perf_counter()
            depth[0] += 1
            try:
                v = search(state, leaf_rng)
            finally:
                depth[0] -= 1
            if top:
                LEAF_TIMES.append(time.perf_counter() - t0)
            return v
        out = look(ctx, sampler, ranked, leaves, timed, rng, deadline)
        if top:
            LEAF_COUNTS.append(out.leaves)
        return out
    pipeline.look_ahead = counted


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--specs", nargs="+", default=["mc", "mc:look=1"])
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    _instrument()
    states = suite(args.positions)
    make_agent(args.specs[0].partition("#")[0]).decide(states[0], np.random.default_rng(0))  # warm
    agents = {spec: make_agent(spec.partition("#")[0]) for spec in args.specs}
    times = {spec: [] for spec in args.specs}
    keys = {spec: [] for spec in args.specs}
    counts = {spec: [] for spec in args.specs}
    leaf_s = {spec: [] for spec in args.specs}
    for i, st in enumerate(states):  # interleaved: a shared machine's load falls on all specs
        for spec, agent in agents.items():
            LEAF_TIMES.clear()
            LEAF_COUNTS.clear()
            rng = np.random.default_rng(i + int(spec.partition("#")[2] or 0))
            t0 = time.perf_counter()
            d = agent.analyse(st, rng).ranked[0].proposal
            times[spec].append(time.perf_counter() - t0)
            keys[spec].append(d.key())
            counts[spec] += LEAF_COUNTS
            leaf_s[spec] += LEAF_TIMES
    first = args.specs[0]
    for spec in args.specs:
        changed = sum(a != b for a, b in zip(keys[spec], keys[first]))
        ratio = statistics.median(a / b for a, b in zip(times[spec], times[first]))
        q90 = float(np.quantile(times[spec], 0.9))
        line = (f"{spec:14s} median {statistics.median(times[spec]):.3f} s  p90 {q90:.3f} s  "
                f"x{ratio:.2f} of {first}  changed {changed}/{len(states)}")
        if counts[spec]:
            line += (f"  leaves/decision {statistics.mean(counts[spec]):.2f} "
                     f"(looked {sum(c > 0 for c in counts[spec])}/{len(counts[spec])})")
        if leaf_s[spec]:
            line += f"  leaf {1000 * statistics.median(leaf_s[spec]):.1f} ms median"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

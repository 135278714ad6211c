"""How long a decision takes, side by side with ``mc-2`` (issue 56: "its median decision at 1.0
takes at most 0.7x mc-2's, measured side by side").

    python -m benchmarks.decision_time [--specs mc mc-2] [--reference mc-2] [--level 1]
        [--game 24] [--repeat 1] [--seed 0]

The positions: those of the oracle-loss benchmark's versioned set at ``--level``
(:data:`benchmarks.oracle_set.SMALL`: self-play positions, the cue ball on the table), and the
first ``--game`` positions of one seeded self-play game of ``mc-fast`` at that noise (the break,
strokes from hand: :func:`benchmarks.levels.selfplay`, seed :data:`GAME_SEED`), so that the
costlier decisions from hand are in.  Every spec (its skill set to the level unless it names
one) decides each position ``--repeat`` times in one warm process, the specs interleaved
position by position (a shared machine's load falls on all alike), each decision seeded by
the position's number and the repeat.  Printed per spec: the median and 90th percentile of
the CPU seconds a decision (the process's: a decision runs on one thread, and on a machine
shared with other work its wall time measures the load as much as the player), the median of
the per-position ratios to ``--reference``'s time, the median wall seconds, and a digest of
the strokes chosen (equal digests on two versions of the code: the same choices; a speed-up
that is meant to keep play shows the same digest before and after).

Measured numbers: ai/README.md, "Decision time".
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

import numpy as np

from ai.registry import make_agent, with_skill
from engine.state import GameState
from sim import shared_simulator

from . import smoke
from .levels import selfplay
from .oracle_set import SMALL, load_set

GAME_SEED = 11  # the self-play game whose positions are added (any fixed seed)
GAME_SPEC = "mc-fast"  # who plays it (a cheaper player: the positions, not its strength)
SMOKE_SIZES = {"specs": ["mc:budget=20", "mc-2:budget=20"], "reference": "mc-2:budget=20",
               "game": 2, "set_positions": 1}


def positions(level: float, game: int, set_positions: int | None = None) -> list[GameState]:
    """The set's positions at ``level`` (the first ``set_positions`` of them, all if None),
    then the first ``game`` positions of the seeded self-play game."""
    doc = load_set(SMALL)
    out = [GameState.from_json(p["state"]) for p in doc["positions"]
           if float(p["magnitude"]) == level][:set_positions]
    if game:
        log = selfplay(level, 1, game, GAME_SEED, GAME_SPEC)[0]
        out += [r.state_before for r in log.reports]
    return out


def digest(decisions) -> str:
    """A short fingerprint of the strokes chosen (kind, call, placement, strike exactly)."""
    h = hashlib.sha256()
    for d in decisions:
        h.update(repr((d.kind, d.call, d.placement, d.strike)).encode())
    return h.hexdigest()[:12]


def measure(specs: list[str], states: list[GameState], level: float, repeat: int, seed: int
            ) -> dict[str, dict]:
    """Each spec's CPU and wall seconds per position (the medians of its repeats) and its
    decisions."""
    sim = shared_simulator()
    agents = {s: make_agent(with_skill(s, level), sim) for s in specs}
    for agent in agents.values():  # compiled and warm before any clock starts
        agent.decide(states[0], np.random.default_rng(seed))
    out = {s: {"cpu": [], "wall": [], "decisions": []} for s in specs}
    for i, st in enumerate(states):
        cpu, wall = {s: [] for s in specs}, {s: [] for s in specs}
        for r in range(repeat):
            for s, agent in agents.items():
                rng = np.random.default_rng([seed, i, r])
                c0, t0 = time.process_time(), time.perf_counter()
                d = agent.decide(st, rng)
                cpu[s].append(time.process_time() - c0)
                wall[s].append(time.perf_counter() - t0)
                if r == 0:
                    out[s]["decisions"].append(d)
        for s in specs:
            out[s]["cpu"].append(statistics.median(cpu[s]))
            out[s]["wall"].append(statistics.median(wall[s]))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", nargs="+", default=["mc", "mc-2"])
    ap.add_argument("--reference", default="mc-2", help="the spec the others' times are "
                    "divided by (added to --specs if missing)")
    ap.add_argument("--level", type=float, default=1.0, help="the noise magnitude")
    ap.add_argument("--game", type=int, default=24, help="positions of a seeded self-play "
                    "game added (0: the set's alone)")
    ap.add_argument("--set-positions", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--repeat", type=int, default=1, help="decisions a position and spec")
    ap.add_argument("--seed", type=int, default=0)
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    if args.repeat < 1 or args.game < 0:
        ap.error(f"--repeat {args.repeat} must be at least 1 and --game {args.game} at least 0")
    specs = list(dict.fromkeys(args.specs + [args.reference]))
    try:
        for s in specs:
            make_agent(s)
    except ValueError as exc:
        ap.error(f"--specs: {exc}")
    states = positions(args.level, args.game, args.set_positions)
    if not states:
        ap.error(f"--level {args.level:g}: the set has no positions there and --game is 0")
    found = measure(specs, states, args.level, args.repeat, args.seed)
    ref = found[args.reference]["cpu"]
    print(f"{len(states)} positions at noise {args.level:g} (the oracle-loss set's and "
          f"{args.game} of a {GAME_SPEC} game, seed {GAME_SEED}), {args.repeat} decision(s) a "
          f"position, seed {args.seed}")
    for s in specs:
        t = found[s]["cpu"]
        ratio = statistics.median(a / b for a, b in zip(t, ref))
        print(f"{s:24s} CPU median {statistics.median(t):.3f} s  p90 "
              f"{float(np.quantile(t, 0.9)):.3f} s  x{ratio:.2f} of {args.reference} "
              f"(median of per-position ratios)  wall median "
              f"{statistics.median(found[s]['wall']):.3f} s  choices "
              f"{digest(found[s]['decisions'])}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Does the second search level judge positions better, and what does it cost?

    python -m benchmarks.leave_value --positions selfplay.jsonl [--every 1]

On the held-out games of a self-play positions file (game % 4 == 3, as the fit of
:mod:`ai.calibrate.value` holds out), for every position with the cue ball on the table:
the position value V (race and learned) against the second level of :mod:`ai.search.leave`
(the best next pot played out from the exact position), each as a forecast of the game's
result -- log-loss, the share of positions whose value the second level changed, its
simulations and milliseconds per position.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from ai.calibrate.selfplay import read_positions, state_of
from ai.noise import NoiseModel
from ai.search.context import Context
from ai.search.leave import LeavePlanner
from ai.value import make_value
from sim import shared_simulator

from . import smoke
from .pot_chances import smoke_files

SMOKE_EVERY = 20


def log_loss(p, y) -> float:
    p = np.clip(np.asarray(p), 1e-9, 1 - 1e-9)
    y = np.asarray(y)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", required=True)
    ap.add_argument("--every", type=int, default=1, help="take every k-th held-out position")
    with smoke.scratch(smoke.asked(argv)) as folder:
        # --smoke: a game of its own, every 20th position (its one game is not held out)
        args = smoke.parse(ap, argv, positions=None, every=SMOKE_EVERY)
        smoke_files(args, folder)
        return report(args)


def report(args: argparse.Namespace) -> int:
    """Values the held-out positions of ``args.positions`` both ways and prints the scores."""
    sim = shared_simulator()
    noise = NoiseModel.for_skill("strong")
    lines = [line for line in read_positions(args.positions)
             if line.get("winner") is not None and (line["game"] % 4 == 3 or args.smoke)]
    lines = lines[::args.every]
    states = [(state_of(line), line["winner"]) for line in lines]
    states = [(s, w) for s, w in states if not s.cue_in_hand and not s.break_pending]
    for name in ("race", "learned"):
        win = make_value(name)
        v1, v2, y, sims = [], [], [], 0
        t0 = time.perf_counter()
        for s, winner in states:
            planner = LeavePlanner(Context(s, sim, noise, win))
            v1.append(win.state_value(s, s.to_move, noise))
            v2.append(planner.value(s, s.to_move))
            y.append(float(winner == s.to_move))
            sims += planner.sims
        ms = (time.perf_counter() - t0) / max(len(y), 1) * 1000
        changed = float(np.mean(np.asarray(v2) > np.asarray(v1) + 1e-9))
        print(f"{name:8s} {len(y)} positions: log-loss V {log_loss(v1, y):.4f}, second level "
              f"{log_loss(v2, y):.4f}; changed {100 * changed:.1f} %; "
              f"{sims / max(len(y), 1):.2f} simulations and {ms:.2f} ms per position "
              f"(both values)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

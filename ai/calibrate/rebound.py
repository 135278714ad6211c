"""Fit the cushion rebound law the bank routes use, in the simulator as it is.

``python -m ai.calibrate.rebound [--positions 20] [--seed 11]``: bank routes off one cushion
from random spots (:func:`ai.geometry.bank_routes`) are computed with a trial law
``tan(incidence) / tan(rebound) = clip(A - B x incidence_deg, LO, HI)``; a ball rolled along
each (natural roll, as a bank is played) is simulated, and the miss is the distance from the
pocket's aiming point to the ball's rolling line after the cushion.  A grid over A and B is
searched for the largest share of routes whose line passes within ``WITHIN_M`` of the
aiming point (about a corner pocket's window for a ball's centre), ties by the smaller median
miss; the result is :data:`ai.geometry.banks.REBOUND`.

After the impact a ball slides and its topspin bends its path forward until it rolls again,
so no single angle out of the cushion describes it; fitting the law to the outcome a bank
needs (the rolling line through the pocket) sidesteps choosing one.  The test of the routes
(tests/ai/search/test_shots.py) uses other positions (another seed).
"""
from __future__ import annotations

import argparse
import math

import numpy as np

from sim import Simulator, Strike, shared_simulator
from sim.events import EventKind

from ..geometry import bank_routes, pockets_of
from ..geometry.banks import REBOUND, REBOUND_FITTED_FOR
from .provenance import FittedFor, command_line, today

NATURAL = 0.4  # tip offset for natural roll
A_GRID = np.round(np.arange(0.45, 0.851, 0.025), 3)
B_GRID = (-0.002, 0.0, 0.002, 0.004, 0.006)
CLIP = (0.3, 0.95)
WITHIN_M = 0.03


def route_misses(sim: Simulator, law, positions: int, seed: int) -> np.ndarray:
    """Distances (m) by which balls rolled along one-cushion bank routes from random spots,
    routed with ``law``, miss the pocket's aiming point with their rolling line after the
    cushion (0 for one that drops)."""
    spec = sim.table
    pk = pockets_of(spec)
    rng = np.random.default_rng(seed)
    misses = []
    for _ in range(positions):
        S = np.array([rng.uniform(0.3, 3.2), rng.uniform(0.3, 1.45)])
        for k, route in bank_routes(spec, pk, S, 1, law=law):
            phi = math.atan2(route.direction[1], route.direction[0])
            pos = np.zeros((16, 2))
            on = np.zeros(16, dtype=bool)
            pos[0], on[0] = S, True
            speed = min(1.0 + 0.45 * route.length_m, 6.0)
            batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(
                [Strike(speed, phi, 0, 0, NATURAL)]))
            rows = batch.events_of(0)
            kinds = rows[:, 1].astype(int)
            hits = np.nonzero(kinds == int(EventKind.BALL_CUSHION))[0]
            if not len(hits):
                continue
            after = rows[hits[0] + 1:]
            if len(after) < 2:
                continue
            if int(after[0, 1]) == int(EventKind.POCKET):
                misses.append(0.0)
                continue
            q1, q2 = after[0, 5:7], after[1, 5:7]
            d = (q2 - q1) / np.hypot(*(q2 - q1))
            P = pk.targets[k]
            misses.append(abs(d[0] * (P[1] - q1[1]) - d[1] * (P[0] - q1[0])))
    return np.array(misses)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    sim = shared_simulator()
    now = route_misses(sim, REBOUND, args.positions, args.seed)
    print(f"in use {REBOUND}: median miss {np.median(now) * 100:.1f} cm over {len(now)} routes, "
          f"{(now < WITHIN_M).mean():.0%} within {WITHIN_M * 100:.0f} cm")
    best = None
    for b in B_GRID:
        for a in A_GRID:
            law = (float(a), float(b)) + CLIP
            m = route_misses(sim, law, args.positions, args.seed)
            score = (-(m < WITHIN_M).mean(), float(np.median(m)))
            if best is None or score < best[0]:
                best = (score, law, len(m))
    (within, median), law, n = best
    print(f"best on this sample: REBOUND = {law}: median miss {median * 100:.1f} cm over {n} "
          f"routes, {-within:.0%} within {WITHIN_M * 100:.0f} cm")
    print(f"in use, fitted for {REBOUND_FITTED_FOR.describe()}; a new law goes with "
          f"REBOUND_FITTED_FOR = "
          f"{FittedFor.of_simulator(sim, command_line('ai.calibrate.rebound', argv), today())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

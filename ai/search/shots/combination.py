"""Combinations (R5.1 "дуплетом"... "комбинация"): another object ball A driven into the
called ball's ghost position (the ghost ball of the ghost ball)."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine.calls import COMBINATION

from ...geometry import path_clear, pot_speed
from .base import Shot, ShotQuery, ghost_balls, pot_variants

MANNER = COMBINATION
RESOURCE_ONLY = False
SCAN_DEG = None
CAP = 2
SPEED_FACTOR = 1.25  # two contacts take speed off
MAX_APPROACH_DEG = 55.0
MAX_REACH_M = 0.6  # A at most this far from the called ball's ghost position
MAX_TURN_DEG = 45.0  # A's path may turn at most this much from the called ball's
MAX_CUT_DEG = 55.0
# Prior: an 8 mm half-window, the first leg's error tripled on the way (chosen), discounted
# to 0.3 for the two contacts' throw (chosen, not fitted).
WINDOW_M = 0.008
PRIOR_SCALE = 0.3


def shots(q: ShotQuery) -> list[Shot]:
    ctx, cue, sphi = q.ctx, q.cue, q.sphi
    R = ctx.R
    out: list[Shot] = []
    for b, O, k, P, u, d2, _, GB in ghost_balls(ctx, q.targets, q.others, MAX_APPROACH_DEG):
        for a_ball, A in q.others.items():
            if a_ball == b:
                continue
            v = GB - A
            dA = dm.length2(v)
            if dA > MAX_REACH_M or dA < 1e-6:
                continue
            v = v / dA
            if dm.dot2(v, u) < dm.cos(math.radians(MAX_TURN_DEG)):
                continue
            GA = A - 2 * R * v
            a = GA - cue
            d1 = dm.length2(a)
            if dm.dot2(a / d1, v) < dm.cos(math.radians(MAX_CUT_DEG)):
                continue
            obst = np.array([p for bb, p in q.others.items()
                             if bb not in (b, a_ball)]).reshape(-1, 2)
            if not (path_clear(cue[None], GA[None], obst, R)[0]
                    and path_clear(A[None], GB[None], obst, R)[0]
                    and path_clear(O[None], P[None], np.vstack([obst, cue[None]]), R)[0]):
                continue
            prior = PRIOR_SCALE * dm.erf(WINDOW_M / ((d2 + 3 * dA) * sphi * (1 + d1 / (2 * R))
                                                      * math.sqrt(2)))
            out.append(Shot(prior, COMBINATION, b, k, dm.atan2(a[1], a[0]), d1,
                            d2 + dA, 0.0, via=(a_ball,)))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return pot_variants(pot_speed(shot.d1, shot.d2, shot.cut) * SPEED_FACTOR)

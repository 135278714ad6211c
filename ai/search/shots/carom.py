"""Carom (R5.1 "от шара" for the cue ball): the cue ball glances off ball A into the called
ball's ghost position.  With a stun contact the cue ball leaves A along the tangent, so its
centre at that contact is a tangent point from the ghost ball to the circle of radius 2R
about A."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine.calls import CAROM

from ...geometry import MIN_CUT_COS, path_clear, pocket_window_m, pot_speed
from .base import Shot, ShotQuery, ghost_balls
from .glance import (CAP, MAX_SPEED_MPS, MIN_SPEED_SHARE, PRIOR_SCALE, SCAN_DEG,  # noqa: F401
                     glance_variants, glances)

MANNER = CAROM
RESOURCE_ONLY = True  # looked for only when no clean pot is likely
MAX_APPROACH_DEG = 55.0
MAX_TURN_DEG = 60.0  # the cue ball's second leg vs the called ball's path
# The cue ball must reach the called ball with some pace after the glance.
SECOND_LEG_SPEED_PER_M = 0.3


def shots(q: ShotQuery) -> list[Shot]:
    ctx, cue, sphi = q.ctx, q.cue, q.sphi
    R = ctx.R
    out = []
    for b, O, k, P, u, d2, appr, GB in ghost_balls(ctx, q.targets, q.others, MAX_APPROACH_DEG):
        rest = np.array([p for bb, p in q.others.items() if bb != b]).reshape(-1, 2)
        if not path_clear(O[None], P[None], rest, R)[0]:
            continue
        for a_ball, A, T, cut_a, obst in glances(q.others, b, cue, GB, R, near=GB):
            leg2 = GB - T
            d_leg2 = dm.length2(leg2)
            cos_b = dm.dot2(leg2, u) / max(d_leg2, 1e-9)
            if cos_b < dm.cos(math.radians(MAX_TURN_DEG)):
                continue
            if not (path_clear(cue[None], T[None], obst, R)[0]
                    and path_clear(T[None], GB[None], obst, R)[0]):
                continue
            a = T - cue
            d1 = dm.length2(a)
            # an aim error at A turns the cue ball's departure by about as much, and
            # the called ball's by the cut geometry again
            s_alpha = sphi * (1 + d1 / (2 * R * max(dm.cos(cut_a), MIN_CUT_COS))) \
                * (1 + d_leg2 / (2 * R * max(cos_b, MIN_CUT_COS)))
            prior = PRIOR_SCALE * dm.erf(pocket_window_m(ctx.pk, k, appr)
                                           / (d2 * s_alpha * math.sqrt(2)))
            speed = pot_speed(d_leg2, d2, dm.acos(min(1, cos_b))) \
                / max(dm.sin(cut_a), MIN_SPEED_SHARE) + SECOND_LEG_SPEED_PER_M * d1
            out.append(Shot(prior, CAROM, b, k, dm.atan2(a[1], a[0]), d1 + d_leg2,
                            d2, cut_a, via=(a_ball,), speed_mps=min(speed, MAX_SPEED_MPS)))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return glance_variants(shot.speed_mps)

"""Kiss (R5.1 "от шара" for the called ball): the called ball glances off ball A into the
pocket.  Its centre at that contact is a tangent point from the pocket to the circle of
radius 2R about A; the cue ball sends it there by the ghost-ball method."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine.calls import KISS

from ...geometry import MIN_CUT_COS, path_clear, pocket_window_m, pot_speed
from .base import Shot, ShotQuery
from .glance import (CAP, MAX_SPEED_MPS, MIN_SPEED_SHARE, PRIOR_SCALE, SCAN_DEG,  # noqa: F401
                     glance_variants, glances)

MANNER = KISS
RESOURCE_ONLY = True  # looked for only when no clean pot is likely
MAX_APPROACH_DEG = 55.0
MAX_CUT_DEG = 65.0  # the cue ball's cut on the called ball


def shots(q: ShotQuery) -> list[Shot]:
    ctx, cue, sphi = q.ctx, q.cue, q.sphi
    R = ctx.R
    out = []
    for b in q.targets:
        O = q.others[b]
        for k in range(6):
            P = ctx.pk.targets[k]
            for a_ball, A, T, cut_a, obst in glances(q.others, b, O, P, R, near=O):
                last = P - T
                d_last = dm.length2(last)
                appr = dm.acos(max(-1.0, min(1.0, dm.dot2(last, ctx.pk.axes[k]) / d_last)))
                if appr > math.radians(MAX_APPROACH_DEG):
                    continue
                leg = T - O
                d_leg = dm.length2(leg)
                u = leg / d_leg
                G = O - 2 * R * u
                a = G - cue
                d1 = dm.length2(a)
                cos_c = dm.dot2(a, u) / max(d1, 1e-9)
                if cos_c < dm.cos(math.radians(MAX_CUT_DEG)):
                    continue
                if not (path_clear(cue[None], G[None], np.vstack([obst, A[None]]), R)[0]
                        and path_clear(O[None], T[None], np.vstack([obst, cue[None]]), R)[0]
                        and path_clear(T[None], P[None], np.vstack([obst, cue[None]]), R)[0]):
                    continue
                s_alpha = sphi * (1 + d1 / (2 * R * max(cos_c, MIN_CUT_COS))) \
                    * (1 + d_leg / (2 * R * max(dm.cos(cut_a), MIN_CUT_COS)))
                prior = PRIOR_SCALE * dm.erf(pocket_window_m(ctx.pk, k, appr)
                                               / (d_last * s_alpha * math.sqrt(2)))
                speed = pot_speed(d1, d_leg + d_last / max(dm.sin(cut_a), MIN_SPEED_SHARE),
                                  dm.acos(min(1, cos_c)))
                out.append(Shot(prior, KISS, b, k, dm.atan2(a[1], a[0]), d1,
                                d_leg + d_last, dm.acos(min(1, cos_c)), via=(a_ball,),
                                speed_mps=min(speed, MAX_SPEED_MPS)))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return glance_variants(shot.speed_mps)

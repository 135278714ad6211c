"""Cushion-first (R5.1 "с отскока"): the cue ball aims at the ghost ball's mirror image in a
cushion (whether or not the direct line is open)."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine.calls import CUSHION_FIRST

from ...geometry import (MIN_CUT_COS, NEAR_POCKET_M, mirror, on_bed_path, path_clear, pot_speed,
                         rebound_lines)
from .base import Shot, ShotQuery, pot_variants, toward_pocket

MANNER = CUSHION_FIRST
RESOURCE_ONLY = False
SCAN_DEG = None
CAP = 2
SPEED_FACTOR = 1.25  # the cushion takes speed off the cue ball
MAX_APPROACH_DEG = 60.0
MAX_CUT_DEG = 70.0
BOUNCE_MARGIN_M = 0.1  # no bounce this near a corner
MIDDLE_MOUTH_M = 0.12  # nor this near a middle pocket's centre (its mouth)
# Prior: a pocket half-window of 8 mm, the cue ball's path 1.5 times as sensitive as a
# straight one (the cushion's scatter), discounted to 0.35 (chosen, not fitted).
WINDOW_M = 0.008
PATH_SENSITIVITY = 1.5
PRIOR_SCALE = 0.35


def shots(q: ShotQuery) -> list[Shot]:
    ctx, cue, sphi = q.ctx, q.cue, q.sphi
    R = ctx.R
    lines = rebound_lines(ctx.spec)
    out: list[Shot] = []
    for b in q.targets:
        O = q.others[b]
        obst = np.array([p for bb, p in q.others.items() if bb != b]).reshape(-1, 2)
        for k in range(6):
            P, u, d2, appr = toward_pocket(ctx, O, k)
            if appr > math.radians(MAX_APPROACH_DEG) or (
                    d2 > NEAR_POCKET_M and not on_bed_path(ctx.spec, O, P, ts=(0.5,))):
                continue
            if not path_clear(O[None], P[None], np.vstack([obst, cue[None]]), R)[0]:
                continue
            G = O - 2 * R * u
            for axis, c, _name in lines:
                Gm = mirror(G, (axis, c))
                a = Gm - cue
                dd = dm.length2(a)
                hit = cushion_bounce(cue, a, axis, c, ctx.spec, BOUNCE_MARGIN_M)
                if hit is None or hit[1] >= 1.0:  # the cushion must come before the ghost ball
                    continue
                bounce = hit[0]
                if not (path_clear(cue[None], bounce[None], obst, R)[0]
                        and path_clear(bounce[None], G[None], obst, R)[0]):
                    continue
                cosc = dm.dot2((G - bounce) / max(dm.length2(G - bounce), 1e-9), u)
                if cosc < dm.cos(math.radians(MAX_CUT_DEG)):
                    continue
                s_alpha = sphi * (1 + PATH_SENSITIVITY * dd / (2 * R * max(cosc, MIN_CUT_COS)))
                prior = PRIOR_SCALE * dm.erf(WINDOW_M / (d2 * s_alpha * math.sqrt(2)))
                out.append(Shot(prior, CUSHION_FIRST, b, k, dm.atan2(a[1], a[0]), dd, d2,
                                dm.acos(min(1, cosc))))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return pot_variants(pot_speed(shot.d1, shot.d2, shot.cut) * SPEED_FACTOR)


def cushion_bounce(origin, direction, axis, c, spec, margin):
    """Where the line from ``origin`` along ``direction`` meets the cushion line ``axis = c``:
    ``(point, t)`` with ``point = origin + t * direction``, or None if it is behind, within
    ``margin`` of a corner, or in a middle pocket's mouth (no bounce there)."""
    coord = 0 if axis == "x" else 1
    if abs(direction[coord]) < 1e-9:
        return None
    t = (c - origin[coord]) / direction[coord]
    if t <= 0:
        return None
    bounce = origin + t * direction
    other = 1 - coord
    lim = spec.length_m if other == 0 else spec.width_m
    if not (margin < bounce[other] < lim - margin):
        return None
    if axis == "y" and abs(bounce[0] - spec.length_m / 2) < MIDDLE_MOUTH_M:
        return None
    return bounce, t

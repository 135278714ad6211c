"""Banks (R5.1 "от борта"): the called ball off one cushion -- off two when no clean pot is
likely -- routed by :func:`ai.geometry.bank_routes` (the simulator's rebound, not a mirror)."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

from engine.calls import BANK

from ...geometry import MIN_CUT_COS, bank_routes, path_clear, pocket_window_m, pot_speed
from .base import Shot, ShotQuery, pot_variants

MANNER = BANK
RESOURCE_ONLY = False
SCAN_DEG = None
CAP = 3  # at most this many banks go on to refinement
SPEED_FACTOR = 1.25  # a bank loses speed at the cushion
MAX_CUT_DEG = 70.0  # thinner cuts are too uncertain to bank with
# The closed-form prior is discounted for what the geometry leaves out (the cushion's
# scatter): chosen so that banks rank below clean pots of equal window, not fitted.
PRIOR_SCALE = {1: 0.5, 2: 0.35}


# Routes kept by the object ball's place (and the table, and the cushions): they do not
# depend on the cue ball, so a decision from hand asks for the same ones at every spot, and
# most balls stand where they stood at the decision before.  Cleared when this full.
ROUTE_CACHE_ENTRIES = 4096
_ROUTES: dict = {}


def routes(ctx, O: np.ndarray, n_cushions: int) -> tuple:
    """:func:`ai.geometry.bank_routes` of the ball at ``O`` (a pure function of its
    arguments, kept: :data:`ROUTE_CACHE_ENTRIES`)."""
    key = (ctx.spec, float(O[0]), float(O[1]), n_cushions)
    hit = _ROUTES.get(key)
    if hit is None:
        if len(_ROUTES) >= ROUTE_CACHE_ENTRIES:
            _ROUTES.clear()
        hit = _ROUTES[key] = tuple(bank_routes(ctx.spec, ctx.pk, O, n_cushions))
    return hit


def shots(q: ShotQuery) -> list[Shot]:
    ctx, cue, sphi = q.ctx, q.cue, q.sphi
    R = ctx.R
    out: list[Shot] = []
    for b in q.targets:
        O = q.others[b]
        obst = np.array([p for bb, p in q.others.items() if bb != b] + [cue]).reshape(-1, 2)
        others = np.array([p for bb, p in q.others.items() if bb != b]).reshape(-1, 2)
        for n_cushions in ((1, 2) if q.resource else (1,)):
            for k, route in routes(ctx, O, n_cushions):
                pts = route.points
                if not path_clear(pts[:-1], pts[1:], obst, R).all():
                    continue
                u = route.direction
                G = O - 2 * R * u
                a = G - cue
                d1 = dm.length2(a)
                cosc = dm.dot2(a / max(d1, 1e-9), u)
                if cosc < dm.cos(math.radians(MAX_CUT_DEG)):
                    continue
                if not path_clear(cue[None], G[None], others, R)[0]:
                    continue
                s_alpha = sphi * (1 + d1 / (2 * R * max(cosc, MIN_CUT_COS)))
                w = pocket_window_m(ctx.pk, k, route.approach_rad)
                prior = PRIOR_SCALE[n_cushions] * dm.erf(
                    w / (route.length_m * s_alpha * math.sqrt(2)))
                out.append(Shot(prior, BANK, b, k, dm.atan2(a[1], a[0]), d1,
                                route.length_m, dm.acos(min(1, cosc)),
                                cushions=route.cushions))
    return out


def variants(shot: Shot) -> list[tuple[float, float]]:
    return pot_variants(pot_speed(shot.d1, shot.d2, shot.cut) * SPEED_FACTOR)

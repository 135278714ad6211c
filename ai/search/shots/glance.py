"""The geometry a kiss and a carom share: a ball glancing off another one, leaving along the
tangent (a stun contact between equal masses)."""
from __future__ import annotations

import math

import numpy as np

from sim import detmath as dm

# Glances thinner or fuller than these cut angles are left out: too sensitive, or too little
# deflection.  Only balls within REACH_M of where the glance must happen are tried.
MIN_CUT_DEG, MAX_CUT_DEG = 15.0, 75.0
REACH_M = 1.2
# The ball must arrive heading into A and leave toward its target by more than this cosine.
MIN_GLANCE_COS = 0.05
# The glancing contact takes speed away: the base speed is divided by the sine of its cut,
# at least this much (a nearly full glance keeps little).
MIN_SPEED_SHARE = 0.35
MAX_SPEED_MPS = 6.0
# Kisses and caroms hinge on a contact the geometry models roughly: a wider refinement scan.
SCAN_DEG = 2.5
# Variants: stun-ish draw at the worked-out speed, a firmer stroke with more draw.
VARIANTS = ((1.0, -0.2), (1.3, -0.35))
CAP = 2
# Prior discount for the glancing contact's throw (chosen, not fitted).
PRIOR_SCALE = 0.3


def tangent_points(A: np.ndarray, Q: np.ndarray, r: float) -> list[np.ndarray]:
    """The two points T on the circle of radius r about A where the line from Q touches it:
    (Q - T) is perpendicular to (T - A).  Empty if Q is inside the circle."""
    w = Q - A
    dist = dm.length2(w)
    if dist <= r * (1 + 1e-9):
        return []
    beta = dm.acos(r / dist)
    base = dm.atan2(w[1], w[0])
    return [A + r * np.array([dm.cos(base + sgn * beta), dm.sin(base + sgn * beta)])
            for sgn in (-1.0, 1.0)]


def glance_cut(arrive_from: np.ndarray, T: np.ndarray, A: np.ndarray, leave_to: np.ndarray):
    """A ball arriving at T from ``arrive_from``, touching ball A (centre distance 2R) and
    leaving along the tangent toward ``leave_to`` (a stun contact, equal masses): the cut
    angle of that contact, or None if the ball would not arrive heading into A with its
    tangential motion toward ``leave_to``."""
    d_in = T - arrive_from
    n_in = dm.length2(d_in)
    if n_in < 1e-9:
        return None
    d_in = d_in / n_in
    n = A - T
    n = n / dm.length2(n)
    out = leave_to - T
    out = out / max(dm.length2(out), 1e-12)
    c_n, c_t = dm.dot2(d_in, n), dm.dot2(d_in, out)
    if c_n <= MIN_GLANCE_COS or c_t <= MIN_GLANCE_COS:
        return None
    return dm.acos(min(1.0, c_n))


def glances(others: dict, called: str, arrive_from, leave_to, R: float, near,
            reach_m: float = REACH_M, min_cut_deg: float = MIN_CUT_DEG,
            max_cut_deg: float = MAX_CUT_DEG):
    """Every way a ball coming from ``arrive_from`` can glance off another ball A (within
    ``reach_m`` of ``near``) toward ``leave_to``: yields (A's id, A, the ball's centre T at
    the contact, the cut angle there, the other balls as obstacles)."""
    for a_ball, A in others.items():
        if a_ball == called or dm.length2((A - near)) > reach_m:
            continue
        obst = np.array([p for bb, p in others.items()
                         if bb not in (called, a_ball)]).reshape(-1, 2)
        for T in tangent_points(A, leave_to, 2 * R):
            cut = glance_cut(arrive_from, T, A, leave_to)
            if cut is not None and math.radians(min_cut_deg) < cut < math.radians(max_cut_deg):
                yield a_ball, A, T, cut, obst


def glance_variants(speed: float) -> list[tuple[float, float]]:
    return [(speed * f, vert) for f, vert in VARIANTS]

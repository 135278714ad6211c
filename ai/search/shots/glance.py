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
    (Q - T) is perpendicular to (T - A).  Empty if Q is inside the circle.  (In scalars:
    numpy's elementwise arithmetic on 2-vectors rounds as Python's does, and the scan asks
    this thousands of times a decision.)"""
    ax, ay = float(A[0]), float(A[1])
    wx, wy = float(Q[0]) - ax, float(Q[1]) - ay
    dist = math.sqrt(wx * wx + wy * wy)
    if dist <= r * (1 + 1e-9):
        return []
    beta = dm.acos(r / dist)
    base = dm.atan2(wy, wx)
    return [np.array([ax + r * dm.cos(base + sgn * beta), ay + r * dm.sin(base + sgn * beta)])
            for sgn in (-1.0, 1.0)]


def glance_cut(arrive_from: np.ndarray, T: np.ndarray, A: np.ndarray, leave_to: np.ndarray):
    """A ball arriving at T from ``arrive_from``, touching ball A (centre distance 2R) and
    leaving along the tangent toward ``leave_to`` (a stun contact, equal masses): the cut
    angle of that contact, or None if the ball would not arrive heading into A with its
    tangential motion toward ``leave_to``.  (In scalars, as :func:`tangent_points`.)"""
    tx, ty = float(T[0]), float(T[1])
    ix, iy = tx - float(arrive_from[0]), ty - float(arrive_from[1])
    n_in = math.sqrt(ix * ix + iy * iy)
    if n_in < 1e-9:
        return None
    ix, iy = ix / n_in, iy / n_in
    nx, ny = float(A[0]) - tx, float(A[1]) - ty
    n_len = math.sqrt(nx * nx + ny * ny)
    nx, ny = nx / n_len, ny / n_len
    ox, oy = float(leave_to[0]) - tx, float(leave_to[1]) - ty
    o_len = max(math.sqrt(ox * ox + oy * oy), 1e-12)
    ox, oy = ox / o_len, oy / o_len
    c_n, c_t = ix * nx + iy * ny, ix * ox + iy * oy
    if c_n <= MIN_GLANCE_COS or c_t <= MIN_GLANCE_COS:
        return None
    return dm.acos(min(1.0, c_n))


def glances(others: dict, called: str, arrive_from, leave_to, R: float, near,
            reach_m: float = REACH_M, min_cut_deg: float = MIN_CUT_DEG,
            max_cut_deg: float = MAX_CUT_DEG):
    """Every way a ball coming from ``arrive_from`` can glance off another ball A (within
    ``reach_m`` of ``near``) toward ``leave_to``: yields (A's id, A, the ball's centre T at
    the contact, the cut angle there, the other balls as obstacles)."""
    low, high = math.radians(min_cut_deg), math.radians(max_cut_deg)
    nx, ny = float(near[0]), float(near[1])
    for a_ball, A in others.items():
        if a_ball == called:
            continue
        dx, dy = float(A[0]) - nx, float(A[1]) - ny
        if math.sqrt(dx * dx + dy * dy) > reach_m:
            continue
        obst = None  # made only for a glance that is yielded (most are not)
        for T in tangent_points(A, leave_to, 2 * R):
            cut = glance_cut(arrive_from, T, A, leave_to)
            if cut is not None and low < cut < high:
                if obst is None:
                    obst = np.array([p for bb, p in others.items()
                                     if bb not in (called, a_ball)]).reshape(-1, 2)
                yield a_ball, A, T, cut, obst


def glance_variants(speed: float) -> list[tuple[float, float]]:
    return [(speed * f, vert) for f, vert in VARIANTS]

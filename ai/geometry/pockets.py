"""The pockets as the AI's closed-form geometry sees them: aiming points, axes, the effective
window a ball's line must pass within, and the limits on cut and approach angles."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.table import TableSpec
from sim import detmath as dm

from ..calibrate.provenance import FittedFor
from .paths import seg_point_dist

CORNER = np.array([True, True, False, False, True, True])
# Effective half-window (m) of a pocket for the ball centre's line, head-on.  Calibrated
# against the simulator with ``python -m ai.calibrate.windows --shots 800``: random one-ball
# clean pots whose closed-form probability lies in 0.03..0.97, aimed by the window scan, 120
# noisy executions each at noise 1.0, the least-squares scale of the window applied until it
# settled (the shots in range depend on it).  On the Mathavan 2010 jaws: corners 0.006 ->
# 0.0033 -> 0.0038 (scale 1.00 on seeds 2 and 3, about 630 shots each, observed pot rate
# 0.055), middles 0.013 -> 0.0085 -> 0.0089 -> 0.0095 (scale 1.05, about 170 shots, 0.22).
# The Han 2005 jaws before had let 0.006 / 0.013 through.  Refitted 2026-12-03 when the tip
# took TP A.30's values (miscue limit 0.5 R, e_tip 0.73; issue 28): corners scale 0.95, 0.95,
# 0.85 on seeds 0, 2, 3 (the old physics, same runs: 1.00) -> 0.0036 (then 1.00 on seeds 0
# and 2, observed 0.050); middles 1.00, 1.00, 0.95 -> 0.0095 kept.
W_CORNER = 0.0036
W_MIDDLE = 0.0095
# What W_CORNER / W_MIDDLE were fitted for: the default table and physics (written out, not
# computed, so that a change of the defaults shows).
WINDOWS_FITTED_FOR = FittedFor(table="pyramid-12ft", physics_digest="4d2f013afc0d",
                               cushion_model="mathavan2010",
                               fitted_by="python -m ai.calibrate.windows --shots 800",
                               fitted_on="2026-12-03")
MAX_CUT_RAD = math.radians(78.0)  # thinner cuts are left to the safety scan
MAX_CORNER_APPROACH = math.radians(62.0)  # angle between the ball's path and the pocket axis
MAX_MIDDLE_APPROACH = math.radians(58.0)  # beyond these the jaws turn a ball away
# A cue ball hanging in a pocket's throat comes out only within this angle of the axis.
# cos 35 deg as sim.detmath.cos gives it, written out: a compiled call when the module loads
# started Numba's machinery in every command, --help and refusals too (0.6 s; tested equal
# in tests/ai/geometry/test_jaws.py)
THROAT_EXIT_COS = 0.8191520442889918
# The aiming point lies this far inside the mouth, along the pocket's axis.
AIM_INSIDE_MOUTH_M = 0.01
# The jaws (issue 29): the windows above are fitted on pots whose straight line enters the
# mouth; a ball sent along a cushion into a pocket, or steeply into a middle one, meets a
# jaw's rounding instead.  The closed form's chance is scaled by
# ``clip(1 + clearance / JAW_RAMP_M, 0, 1)``, where the clearance is how far the object ball's
# centre line to the aiming point passes outside the nearer rounding's reach (the distance
# from the rounding's centre less R and the rounding's radius; negative: the line runs into
# it).  Chosen among the ramps of benchmarks/pot_chances.py (``--positions`` the 148 self-play
# games of issue 29, ``--select 4 --measure 24``) by the Brier score against the realized
# chance: on 900 pots (``--sample 900 --seed 6``) 0.0178 without the jaws, 0.0060 at 10 mm,
# 0.0058 at 15 mm, 0.0068 at 20 mm; on 500 others (``--seed 7``) 0.0183, 0.0074, 0.0067,
# 0.0076.  Lines running 1-2 cm into a rounding go in 0.008 of the time where the closed form
# says 0.14; lines clear of them 0.127 against 0.125.  0 turns the scaling off (the value
# ``mc-2`` froze sees no jaws).
JAW_RAMP_M = 0.015


@dataclass(frozen=True)
class Pockets:
    targets: np.ndarray  # (6, 2) the point a potted ball's centre aims at
    axes: np.ndarray  # (6, 2) unit vectors into the pockets
    corner: np.ndarray  # (6,) bool
    # (6, 2, 3) each pocket's two jaw roundings (centre x, y, radius), the simulator's circles
    jaws: np.ndarray


def pockets_of(spec: TableSpec) -> Pockets:
    g = spec.geometry
    targets = g.mouth_centres + AIM_INSIDE_MOUTH_M * g.pocket_axes
    jaws = np.zeros((6, 2, 3))
    for k in range(6):
        mine = g.circles[g.circle_pocket == k]
        if len(mine) != 2:
            raise ValueError(f"table {spec.name!r}: pocket {k} has {len(mine)} jaw roundings, "
                             f"the closed form expects 2")
        jaws[k] = mine
    return Pockets(np.ascontiguousarray(targets), np.ascontiguousarray(g.pocket_axes), CORNER,
                   np.ascontiguousarray(jaws))


def jaw_clearance_m(pk: Pockets, k: int, start, end, R: float) -> float:
    """How far a ball whose centre runs from ``start`` to ``end`` passes outside the reach of
    pocket ``k``'s nearer jaw rounding (m; negative: it runs into the rounding)."""
    ax, ay = float(start[0]), float(start[1])
    dx, dy = float(end[0]) - ax, float(end[1]) - ay
    length2 = max(dx * dx + dy * dy, 1e-12)
    clearance = math.inf
    for cx, cy, r in pk.jaws[k]:
        t = min(max(((cx - ax) * dx + (cy - ay) * dy) / length2, 0.0), 1.0)
        clearance = min(clearance, dm.hypot(ax + t * dx - cx, ay + t * dy - cy) - (R + r))
    return float(clearance)


def jaw_share(clearance_m: float, ramp_m: float) -> float:
    """The share of the closed form's chance a line with ``clearance_m`` keeps
    (:data:`JAW_RAMP_M`; ``ramp_m`` 0: all of it)."""
    if ramp_m <= 0.0:
        return 1.0
    return min(max(1.0 + clearance_m / ramp_m, 0.0), 1.0)


def jaw_shares(pk: Pockets, objs: np.ndarray, R: float, ramp_m: float) -> np.ndarray:
    """:func:`jaw_factor` of every object ball (n, 2) into every pocket, aimed at its aiming
    point: (n, 6)."""
    n = len(objs)
    if ramp_m <= 0.0 or n == 0:
        return np.ones((n, 6))
    a = np.asarray(objs, float).reshape(n, 1, 1, 2)
    b = pk.targets.reshape(1, 6, 1, 2)
    d = seg_point_dist(a, b, pk.jaws[None, :, :, :2]) - (R + pk.jaws[None, :, :, 2])
    return np.clip(1.0 + d.min(-1) / ramp_m, 0.0, 1.0)


def jaw_factor(pk: Pockets, k: int, start, end, R: float, ramp_m: float) -> float:
    """The share of the closed form's chance left for a ball whose centre runs from ``start``
    to ``end`` into pocket ``k`` (:func:`jaw_share` of :func:`jaw_clearance_m`)."""
    if ramp_m <= 0.0:
        return 1.0
    return jaw_share(jaw_clearance_m(pk, k, start, end, R), ramp_m)


def pocket_window_m(pk: Pockets, k: int, approach_rad: float) -> float:
    """The effective half-window of pocket ``k`` for a ball arriving at ``approach_rad`` to
    its axis (corner: widest along the axis; middle: narrower the more oblique the approach)."""
    c = max(dm.cos(approach_rad), 0.0)
    return W_CORNER * math.sqrt(c) if pk.corner[k] else W_MIDDLE * c * math.sqrt(c)


def in_throat_pocket(spec: TableSpec, pk: Pockets, p) -> int:
    """The pocket whose throat a ball centred at p hangs in (centre off the bed's rectangle),
    or -1."""
    R = spec.ball_radius_m
    x, y = float(p[0]), float(p[1])
    if R <= x <= spec.length_m - R and R <= y <= spec.width_m - R:
        return -1
    d = dm.hypot_array(pk.targets[:, 0] - x, pk.targets[:, 1] - y)
    return int(np.argmin(d))

"""Alciatore's slow-shot constructions of a pool pocket's effective target size, solved for any
pocket geometry (issue 55 item 2).

Sources (read from the PDFs themselves): D. G. Alciatore, "Technical Proofs" for *The
Illustrated Principles of Pool and Billiards* (billiards.colostate.edu), TP 3.5 "Effective
target sizes for slow shots into a side pocket at different angles" (rev. 1/22/2023) and
TP 3.6, the same "into a corner pocket" (rev. 1/29/2008).  They are *constructions*, not
measurements: the ball's centre moves in straight lines, is reflected at equal angles by the
pocket's point and walls with no loss of energy, and drops once its path reaches the hole.
Their geometry: a mouth ``p`` between the points, walls turned ``alpha`` toward the pocket's
axis, a hole of radius ``r_hole`` whose near edge lies ``b`` behind the mouth; TP 3.5: p =
5.0625 in, alpha = 14 deg, r_hole = 3 in, b = 0.1875 in; TP 3.6: p = 4.5875 in, alpha = 7 deg,
r_hole = 2.75 in, b = 1.125 in; a ball of radius 1.125 in.

Only the straight-in case (approach angle theta = 0, along the pocket's axis) is solved here,
with each proof's own assembly for it: TP 3.5's target is twice ``s_left_point`` (a ball that
meets the near point and still drops, theta between its critical angles); TP 3.6's is twice
``s_left_point_wall_wall`` (the point, then a rattle across both walls: its "otherwise" branch,
theta below theta_critical_D = 28.2 deg).  The equations are written out again from the
proofs' vector loops, in SI units; ``tests/sim/test_pocket_constructions.py`` checks them
against the intermediate values the proofs print (TP 3.6: 0.841 in at theta_critical,
0.945 in and 73.167 deg at theta_critical_D) and against their straight-in sizes (3.23 and
2.668 in, issue 28's reading of the proofs' plots).

Roots are found as the proofs' solver does, from their initial guesses, but by a fixed scan
and bisection (deterministic, no tolerance guessed): the sign change nearest the guess.
"""
from __future__ import annotations

from dataclasses import dataclass
import math

from .presets import INCH_M
from .table import TableSpec

DEG = math.pi / 180.0
# The holes behind the mouths, as TP 3.5 and TP 3.6 draw them (the WPA specification gives no
# hole; pool-9ft's slate edge is a straight line, sim/presets.py).
TP_3_5_HOLE_RADIUS_M = 3.0 * INCH_M
TP_3_6_HOLE_RADIUS_M = 2.75 * INCH_M
_SCAN_STEPS = 4000  # grid of the root scans (over 1-89.9 deg: 0.022 deg a step)
_BISECTIONS = 60


@dataclass(frozen=True)
class PocketConstruction:
    """A pocket as TP 3.5/3.6 take it (lengths in metres, angles in radians)."""

    mouth_m: float  # p, between the points
    wall_angle_rad: float  # alpha, each wall turned toward the axis
    hole_radius_m: float  # R_hole
    shelf_to_hole_m: float  # b, from the mouth line to the hole's near edge
    ball_radius_m: float

    def __post_init__(self) -> None:
        for f in ("mouth_m", "hole_radius_m", "shelf_to_hole_m", "ball_radius_m"):
            v = getattr(self, f)
            if not (isinstance(v, (int, float)) and math.isfinite(v) and v > 0):
                raise ValueError(f"construction.{f} must be a positive number, got {v!r}")
        if self.mouth_m <= 2 * self.ball_radius_m:
            raise ValueError(f"construction.mouth_m = {self.mouth_m!r} must exceed the ball's "
                             f"diameter {2 * self.ball_radius_m!r}")
        if not 0 <= self.wall_angle_rad < math.pi / 4:
            raise ValueError(f"construction.wall_angle_rad must lie in [0, pi/4), got "
                             f"{self.wall_angle_rad!r}")


TP_3_5_SIDE = PocketConstruction(5.0625 * INCH_M, 14 * DEG, TP_3_5_HOLE_RADIUS_M,
                                 0.1875 * INCH_M, 1.125 * INCH_M)
TP_3_6_CORNER = PocketConstruction(4.5875 * INCH_M, 7 * DEG, TP_3_6_HOLE_RADIUS_M,
                                   1.125 * INCH_M, 1.125 * INCH_M)


def of_table(table: TableSpec, kind: str) -> PocketConstruction:
    """The construction's pocket on ``table``'s geometry (a pool table, mouths at the points):
    its mouth, its facings' convergence and its shelf; the hole the proof of that kind draws
    (TP 3.6's for a corner, TP 3.5's for a side pocket)."""
    if kind not in ("corner", "side"):
        raise ValueError(f"kind must be corner or side, got {kind!r}")
    corner = kind == "corner"
    return PocketConstruction(
        mouth_m=table.corner_mouth_m if corner else table.middle_mouth_m,
        wall_angle_rad=-(table.corner_jaw_opening_rad if corner else table.middle_jaw_opening_rad),
        hole_radius_m=TP_3_6_HOLE_RADIUS_M if corner else TP_3_5_HOLE_RADIUS_M,
        shelf_to_hole_m=table.corner_shelf_m if corner else table.middle_shelf_m,
        ball_radius_m=table.ball_radius_m)


def _root(f, guess: float, low: float, high: float) -> float:
    """The sign change of ``f`` on [low, high] nearest ``guess`` (poles, where f jumps by more
    than a metre, skipped), bisected."""
    best = None
    step = (high - low) / _SCAN_STEPS
    x0, f0 = low, f(low)
    for i in range(1, _SCAN_STEPS + 1):
        x1 = low + i * step
        f1 = f(x1)
        if f0 * f1 <= 0 and abs(f1 - f0) < 1.0:
            a, fa, b = x0, f0, x1
            for _ in range(_BISECTIONS):
                m = (a + b) / 2
                fm = f(m)
                if fa * fm <= 0:
                    b = m
                else:
                    a, fa = m, fm
            r = (a + b) / 2
            if best is None or abs(r - guess) < abs(best - guess):
                best = r
        x0, f0 = x1, f1
    if best is None:
        raise ValueError("the construction has no solution for this geometry")
    return best


def _a(c: PocketConstruction, beta: float, theta: float) -> float:
    """TP 3.5's A: the distance along the far wall to where the deflected ball meets it."""
    al, p, R, rh, b = c.wall_angle_rad, c.mouth_m, c.ball_radius_m, c.hole_radius_m, c.shelf_to_hole_m
    return ((p / 2 * math.cos(al) - R - rh * math.cos(2 * beta - theta - al) - (rh + b) * math.sin(al))
            / math.sin(2 * beta - theta - al))


def _poly_beta(c: PocketConstruction, beta: float, theta: float) -> float:
    """TP 3.5's polyβ: zero for the contact angle at the near point whose path, reflected off
    the far wall, just reaches the hole."""
    al, p, R, rh, b = c.wall_angle_rad, c.mouth_m, c.ball_radius_m, c.hole_radius_m, c.shelf_to_hole_m
    return (R * math.sin(beta) + _a(c, beta, theta) * math.sin(4 * beta - 2 * theta - 2 * al)
            + rh * math.cos(4 * beta - 2 * theta - 2 * al) + p / 2 * math.cos(2 * beta - theta)
            + (rh + b) * math.sin(2 * beta - theta))


def _poly_beta_in(c: PocketConstruction, beta: float, theta: float) -> float:
    """TP 3.5's polyβ_in: the deflected path that just reaches the hole directly."""
    p, R, rh, b = c.mouth_m, c.ball_radius_m, c.hole_radius_m, c.shelf_to_hole_m
    return (-R * math.sin(beta) + rh - p / 2 * math.cos(2 * beta - theta)
            - (rh + b) * math.sin(2 * beta - theta))


def _beta_guess(theta: float) -> float:
    return 20 * DEG + 70.0 / 130.0 * (theta + 60 * DEG)


def s_left_point(c: PocketConstruction, theta: float = 0.0) -> float:
    """TP 3.5's ``s_left_point`` (TP 3.6's ``s_left_point_wall``): the left part of the target
    for a ball that meets the near point (m)."""
    g = _beta_guess(theta)
    beta = min(_root(lambda x: _poly_beta(c, x, theta), g, 1 * DEG, 89.9 * DEG),
               _root(lambda x: _poly_beta_in(c, x, theta), g, 1 * DEG, 89.9 * DEG))
    return c.mouth_m / 2 * math.cos(theta) - c.ball_radius_m * math.sin(beta)


def s_left_wall(c: PocketConstruction, theta: float) -> float:
    """TP 3.5/3.6's ``s_left_wall``: the left part for a ball that meets one wall (m)."""
    al, p, rh, b = c.wall_angle_rad, c.mouth_m, c.hole_radius_m, c.shelf_to_hole_m
    t = -theta
    r_wall = (_a(c, 90 * DEG, t) * math.sin(2 * t + 2 * al) - rh * math.cos(2 * t + 2 * al)
              + p / 2 * math.cos(t) - (rh + b) * math.sin(t))
    return -(p / 2 * math.cos(-theta) - r_wall)


def s_left_wall_wall(c: PocketConstruction, theta: float) -> float:
    """TP 3.6's ``s_left_wall_wall``: a rattle across both walls (m)."""
    al, p, R = c.wall_angle_rad, c.mouth_m, c.ball_radius_m
    d = ((p / 2 * math.cos(theta - 2 * al) - R * math.cos(theta - al)
          + s_left_wall(c, theta - 2 * al)) / math.sin(theta - al))
    return p / 2 * math.cos(theta) + d * math.sin(theta - al) - R * math.cos(theta - al)


def _poly_beta_ww(c: PocketConstruction, beta: float, theta: float) -> float:
    """TP 3.6's polyβww: the near point, then both walls, then the hole."""
    al, p, R, rh, b = c.wall_angle_rad, c.mouth_m, c.ball_radius_m, c.hole_radius_m, c.shelf_to_hole_m
    phi1 = 2 * beta - 90 * DEG - theta - 2 * al
    phi2 = phi1 - 2 * al
    a2 = ((p / 2 * math.cos(al) - (rh + b) * math.sin(al) + rh * math.sin(phi2 + al) - R)
          / math.cos(phi2 + al))
    a1 = ((p / 2 * math.cos(al) - R + a2 * math.cos(phi2 - al) - rh * math.sin(phi2 - al)
           - (rh + b) * math.sin(al)) / math.cos(phi1 + al))
    return (-R * math.sin(beta) - a1 * math.cos(2 * beta - theta + phi1)
            + a2 * math.cos(2 * beta - theta - phi2) + rh * math.sin(2 * beta - theta - phi2)
            - p / 2 * math.cos(2 * beta - theta) - (rh + b) * math.sin(2 * beta - theta))


def beta_point_wall_wall(c: PocketConstruction, theta: float = 0.0) -> float:
    """TP 3.6's βlww (rad), from its initial guess of 75 deg."""
    return _root(lambda x: _poly_beta_ww(c, x, theta), 75 * DEG, 45 * DEG, 89.99 * DEG)


def s_left_point_wall_wall(c: PocketConstruction, theta: float = 0.0) -> float:
    """TP 3.6's ``s_left_point_wall_wall`` (m)."""
    return (c.mouth_m / 2 * math.cos(theta)
            - c.ball_radius_m * math.sin(beta_point_wall_wall(c, theta)))


def straight_in_width_m(c: PocketConstruction, kind: str) -> float:
    """The construction's straight-in effective target size (m): TP 3.6's (point, then both
    walls) for a corner, TP 3.5's (the point) for a side pocket."""
    if kind == "corner":
        return 2 * s_left_point_wall_wall(c)
    if kind == "side":
        return 2 * s_left_point(c)
    raise ValueError(f"kind must be corner or side, got {kind!r}")

"""The rail shot against speed, and what would let it drop (issue 55 item 1).

The rail shot (:func:`sim.measure.rail_shot`): an object ball frozen on the long cushion 0.6 m
from the NR corner, struck straight along the rail by the cue ball 0.3 m behind it.  On the
tournament geometry (MCP: corner mouth 72-73 mm between the jaws' roundings, roundings 5 mm, a
5-6 mm parallel corridor, the rubber's working edge 42 mm above the slate) it never drops in
the model; docs/PHYSICS.md, "The rail shot", gives the geometry.  This module measures it
against speed with two things the planar jaw leaves out:

* **The contact at the working edge** (:func:`at_nose_height`).  The rubber meets the ball at
  its working edge, 42 mm above the slate, 8 mm above the ball's equator, where the ball's
  horizontal section has radius R' = sqrt(R^2 - (h - R)^2) = 33.05 mm, not R = 34 mm; below
  the edge the rubber is cut back (the edge is the nose, MCP).  So a ball's centre comes within
  R' of a nose line and R' + r of a rounding's axis, and if the standard's 73 mm are measured
  between the working edges, a ball clears the corridor by 73 - 2 R' = 6.9 mm, not 5 mm.  The
  planar model (centres R from every nose) is the same table with its noses R - R' = 0.95 mm
  further in and its roundings that much fatter: :func:`at_nose_height` builds the table whose
  planar contacts are the working edge's (noses moved out, mouths 2 (R - R') wider, roundings
  R - R' thinner: the roundings' centres, the corridor and the slate edge stay where they are).
* **A jaw that gives way** (:func:`with_corner_yield`).  The rubber is not rigid: a ball
  pressed into a jaw's rounding compresses it.  Taken here as the corner jaws' roundings set
  back by ``yield_m`` each (the mouth 2 yield wider, the slate edge where it was): a rigid jaw
  that stands where the yielded rubber would.  :func:`yield_needed_m` finds the least yield at
  which the rail shot drops; a linear rubber of stiffness k yields v_n sqrt(m / k) under a ball
  arriving at normal speed v_n, for a contact time of pi sqrt(m / k): the yield is reached if
  the contact lasts at least pi yield / v_n (:func:`contact_time_needed_s`).

No source gives the corner jaw's stiffness or contact time; that is the one measurement that
settles the rail shot (docs/PHYSICS.md).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
import math

from .api import Simulator, Strike
from .events import EventKind
from .measure import rail_shot
from .params import PhysicsParams
from .table import MOUTH_AT_ROUNDINGS, TableSpec
from .trajectory import states_at

RAIL_SHOT_SPEEDS_MPS = (0.7, 1.0, 1.5, 2.0, 3.0)  # cue speeds, as docs/PHYSICS.md's table
YIELD_STEP_M = 0.1e-3  # the yield is found on this grid
YIELD_MAX_M = 4e-3  # and looked for up to this (a rubber jaw giving way 4 mm)
STRIKE_MPS = 1e-3  # a jaw contact closing slower than this is a graze, not the strike


def nose_height_radius_m(table: TableSpec) -> float:
    """R': the radius of the ball's horizontal section at the working edge's height."""
    R, h = table.ball_radius_m, table.cushion_height_m
    return math.sqrt(R * R - (h - R) ** 2)


def at_nose_height(table: TableSpec) -> TableSpec:
    """``table`` with its planar contacts at the working edge (module docstring): noses
    R - R' further out (the playing area 2 (R - R') longer and wider), mouths 2 (R - R') wider,
    jaw roundings R - R' thinner; corridors as they were.  Pyramid pockets only (mouths
    between the roundings)."""
    if table.mouth_measured != MOUTH_AT_ROUNDINGS:
        raise ValueError(f"table.mouth_measured must be {MOUTH_AT_ROUNDINGS!r} to move the "
                         f"contacts to the working edge, got {table.mouth_measured!r}")
    d = table.ball_radius_m - nose_height_radius_m(table)
    if min(table.corner_jaw_radius_m, table.middle_jaw_radius_m) <= d:
        raise ValueError(f"the jaw roundings must be thicker than R - R' = {d!r} m")
    return replace(table, name=f"{table.name} (at the working edge)",
                   length_m=table.length_m + 2 * d, width_m=table.width_m + 2 * d,
                   corner_mouth_m=table.corner_mouth_m + 2 * d,
                   middle_mouth_m=table.middle_mouth_m + 2 * d,
                   corner_jaw_radius_m=table.corner_jaw_radius_m - d,
                   middle_jaw_radius_m=table.middle_jaw_radius_m - d)


def with_corner_yield(table: TableSpec, yield_m: float) -> TableSpec:
    """``table`` with each corner jaw's rounding set back into its rail along the rail's nose
    line, ``yield_m`` further from the pocket's axis (the corner mouth 2 yield wider), and the
    slate edge where it was (moving along the nose at 45 deg to the axis also takes the
    rounding ``yield_m`` out of the pocket; the corridor, 5.5 + yield mm, keeps the edge)."""
    if not (isinstance(yield_m, (int, float)) and math.isfinite(yield_m) and yield_m >= 0):
        raise ValueError(f"yield_m must be a number >= 0, got {yield_m!r}")
    return replace(table, corner_mouth_m=table.corner_mouth_m + 2 * yield_m,
                   corner_channel_m=table.corner_channel_m + yield_m)


def yield_needed_m(table: TableSpec, physics: PhysicsParams | None, cue_speed_mps: float,
                   step_m: float = YIELD_STEP_M, most_m: float = YIELD_MAX_M) -> float | None:
    """The least corner-jaw yield (on a ``step_m`` grid, up to ``most_m``) at which the rail
    shot at ``cue_speed_mps`` drops; 0 when it drops as it is, None when no yield up to
    ``most_m`` lets it."""
    for k in range(int(round(most_m / step_m)) + 1):
        sim = Simulator(with_corner_yield(table, k * step_m), physics)
        if rail_shot(sim, cue_speed_mps)["dropped"]:
            return k * step_m
    return None


def _jaw_normal(sim: Simulator, x: float, y: float) -> tuple[float, float]:
    """The unit normal (toward the ball) of the jaw surface a ball centred at (x, y) touches:
    the rounding or face it is R (+ the rounding's radius) from."""
    R = sim.table.ball_radius_m
    g = sim.geometry
    best, normal = math.inf, (0.0, 0.0)
    for cx, cy, r in g.circles:
        gap = abs(math.hypot(x - cx, y - cy) - (R + r))
        if gap < best:
            d = math.hypot(x - cx, y - cy)
            best, normal = gap, ((x - cx) / d, (y - cy) / d)
    for (x0, y0, x1, y1), (nx, ny) in zip(g.segments, g.segment_normals):
        ux, uy = x1 - x0, y1 - y0
        t = ((x - x0) * ux + (y - y0) * uy) / (ux * ux + uy * uy)
        if 0.0 <= t <= 1.0:
            gap = abs((x - x0) * nx + (y - y0) * ny - R)
            if gap < best:
                best, normal = gap, (float(nx), float(ny))
    return normal


def far_jaw_normal_speed_mps(sim: Simulator, cue_speed_mps: float) -> float | None:
    """The object ball's speed along the contact normal as it first strikes a jaw in the rail
    shot (the shot of :func:`sim.measure.rail_shot`): the first jaw contact closing faster
    than :data:`STRIKE_MPS` (the ball first leaves the long rail's rounding grazing it); None
    if there is none."""
    R = sim.table.ball_radius_m
    res = sim.simulate({"cue": (0.9, R), "1": (0.6, R)}, Strike(cue_speed_mps, math.pi))
    for e in res.events:
        if e.kind == EventKind.BALL_JAW and "1" in e.balls:
            s = states_at(res.segments, e.time_s - 1e-9, sim.params)["1"]
            nx, ny = _jaw_normal(sim, *e.position)
            closing = -(s.vx * nx + s.vy * ny)
            if closing > STRIKE_MPS:
                return float(closing)
    return None


def contact_time_needed_s(yield_m: float, normal_speed_mps: float) -> float:
    """How long a linear rubber contact must last (half its period, pi sqrt(m / k)) to give
    way ``yield_m`` under a ball arriving at ``normal_speed_mps``: pi yield / v_n."""
    return math.pi * yield_m / normal_speed_mps


@dataclass(frozen=True)
class RailShotRow:
    """The rail shot at one cue speed: whether it drops on the planar jaw and with the contact
    at the working edge, and the corner-jaw yield each needs (m, None beyond the search)."""

    cue_speed_mps: float
    drops_planar: bool
    drops_at_nose_height: bool
    yield_planar_m: float | None
    yield_at_nose_height_m: float | None
    far_jaw_normal_speed_mps: float | None


def rail_shot_band(table: TableSpec | None = None, physics: PhysicsParams | None = None,
                   speeds_mps=RAIL_SHOT_SPEEDS_MPS) -> list[RailShotRow]:
    """:class:`RailShotRow` for each cue speed (docs/PHYSICS.md's table)."""
    table = table or TableSpec()
    nose = at_nose_height(table)
    planar_sim, nose_sim = Simulator(table, physics), Simulator(nose, physics)
    rows = []
    for v in speeds_mps:
        rows.append(RailShotRow(
            float(v), rail_shot(planar_sim, v)["dropped"], rail_shot(nose_sim, v)["dropped"],
            yield_needed_m(table, physics, v), yield_needed_m(nose, physics, v),
            far_jaw_normal_speed_mps(nose_sim, v)))
    return rows


CORNER_POCKETS = ("NL", "NR", "FL", "FR")


def struck_corner_jaw(result, ball: str) -> bool:
    """Whether ``ball`` met a corner pocket's jaw in ``result`` (a :class:`sim.result.SimResult`):
    such a stroke's outcome rests on the jaw model, which the rail shot shows is uncertain
    (docs/PHYSICS.md, "The rail shot"); what advice built on the simulator can flag."""
    return any(e.kind == EventKind.BALL_JAW and ball in e.balls and e.pocket in CORNER_POCKETS
               for e in result.events)

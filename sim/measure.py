"""Measurements of the simulator that other layers calibrate against, and their geometric
references: cushion rebound of a rolling ball, pocket acceptance bands, the rail shot.

Everything here runs the simulator as a user would (a ball set rolling toward a cushion or a
pocket) and reads the outcome; nothing is fitted.  ``benchmarks/physics_report.py`` draws these
for ``docs/PHYSICS.md``; the AI can read its cushion rebound ratio and pocket windows from them.

Pocket references (all for a ball whose centre moves on a straight line, offset ``o`` across
its direction from the line through the middle of the mouth):

* :func:`clean_band` - the offsets that reach the slate edge touching no jaw: straight-line
  geometry, the limit of a fast ball that any jaw contact throws out.
* :func:`reflection_band` - Alciatore's slow-shot construction (TP 3.5 / TP 3.6, "effective
  target sizes for slow shots into a side / corner pocket"): the ball may graze a pocket point
  or meet a facing and still drop, its path reflected at equal angles, up to three contacts;
  here applied to these jaws (parallel corner channel, opened middle jaws, rounded points, the
  slate edge where the ball falls).
"""
from __future__ import annotations

import math

import numpy as np

from .api import Simulator, Strike
from .events import EventKind
from .table import POCKET_IDS
from .trajectory import states_at


def _rolling(sim: Simulator, start, direction, speed_at_target: float, distance: float,
             side_spin: float = 0.0, vertical_spin: float = 1.0):
    """Run one ball from ``start`` along ``direction``, rolling (``vertical_spin`` times the
    rolling spin) so that it would arrive ``distance`` further on at ``speed_at_target``."""
    R = sim.table.ball_radius_m
    p = sim.physics
    v0 = math.sqrt(speed_at_target ** 2 + 2 * p.mu_roll * p.gravity_mps2 * distance)
    dx, dy = direction
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    pos[0], on[0] = start, True
    k = vertical_spin * v0 / R
    raw = sim.run_arrays(pos, on, (v0 * dx, v0 * dy, -k * dy, k * dx, side_spin * v0 / R))
    return sim.result_from_raw(raw, on)


# --- cushions -------------------------------------------------------------------------------
def cushion_rebound(sim: Simulator, speed: float, incidence_deg: float,
                    vertical_spin: float = 1.0) -> dict:
    """A ball rolling (or with ``vertical_spin`` times rolling topspin) into the long cushion
    NR-MR at ``speed`` and ``incidence_deg`` from the normal.

    Returns the normal restitution ``e_n`` (normal speed out / in), the angle from the normal
    just after impact ``out_deg``, the rebound ratio ``tan(in) / tan(out)`` and, once the ball
    has settled into rolling again, its direction from the normal ``settled_deg`` and speed ratio
    ``settled_speed_ratio`` (the path a player sees; NaN if it meets another cushion first)."""
    R = sim.table.ball_radius_m
    a = math.radians(incidence_deg)
    d = (-math.sin(a), -math.cos(a))
    dist = 0.05
    start = (1.5 - d[0] * dist, R - d[1] * dist)
    res = _rolling(sim, start, d, speed, dist, vertical_spin=vertical_spin)
    hit = next(e for e in res.events if e.kind == EventKind.BALL_CUSHION)
    before = states_at(res.segments, hit.time_s - 1e-9, sim.params)["cue"]
    after = states_at(res.segments, hit.time_s + 1e-12, sim.params)["cue"]
    out = math.degrees(math.atan2(abs(after.vx), after.vy))
    later = [e for e in res.events if e.time_s > hit.time_s]
    roll = next((e for e in later if e.kind == EventKind.SLIDE_ROLL), None)
    if roll is not None and any(e.kind in (EventKind.BALL_CUSHION, EventKind.BALL_JAW)
                                and e.time_s < roll.time_s for e in later):
        roll = None  # met another cushion before it settled
    speed_in = math.hypot(before.vx, before.vy)
    settled = (states_at(res.segments, roll.time_s + 1e-12, sim.params)["cue"]
               if roll is not None else None)
    return {
        "speed_mps": speed_in, "incidence_deg": incidence_deg,
        "e_n": after.vy / -before.vy, "out_deg": out,
        "ratio": (math.tan(a) / math.tan(math.radians(out))) if incidence_deg > 0 else float("nan"),
        "speed_ratio": math.hypot(after.vx, after.vy) / speed_in,
        "settled_deg": (math.degrees(math.atan2(abs(settled.vx), settled.vy))
                        if settled is not None else float("nan")),
        "settled_speed_ratio": (math.hypot(settled.vx, settled.vy) / speed_in
                                if settled is not None else float("nan")),
    }


# --- pockets --------------------------------------------------------------------------------
def _pocket_frame(sim: Simulator, pocket: str, approach_deg: float):
    g = sim.geometry
    k = POCKET_IDS.index(pocket)
    axis = g.pocket_axes[k]
    a = math.radians(approach_deg)
    d = np.array([axis[0] * math.cos(a) - axis[1] * math.sin(a),
                  axis[0] * math.sin(a) + axis[1] * math.cos(a)])
    across = np.array([d[1], -d[0]])
    return k, g.mouth_centres[k], d, across


def roll_into(sim: Simulator, pocket: str, speed: float, offset_m: float,
              approach_deg: float = 0.0, side_spin: float = 0.0, vertical_spin: float = 1.0,
              distance: float = 0.4):
    """The stroke of a ball sent at the mouth of ``pocket`` (its SimResult).  It starts
    ``distance`` before the mouth centre, ``offset_m`` across its direction (approach
    ``approach_deg`` from the pocket axis), and arrives rolling at ``speed`` (or with the
    given spins, as fractions of rolling spin).  None when the start is not on the bed."""
    k, m, d, across = _pocket_frame(sim, pocket, approach_deg)
    start = m - d * distance + across * offset_m
    if not sim.geometry.ball_fits(*start):
        return None
    return _rolling(sim, start, d, speed, distance, side_spin, vertical_spin)


def drops(sim: Simulator, pocket: str, speed: float, offset_m: float, approach_deg: float = 0.0,
          side_spin: float = 0.0, vertical_spin: float = 1.0, distance: float = 0.4):
    """Whether a ball sent at the mouth of ``pocket`` drops there (:func:`roll_into`); None
    when the start is not on the bed."""
    res = roll_into(sim, pocket, speed, offset_m, approach_deg, side_spin, vertical_spin,
                    distance)
    if res is None:
        return None
    return any(p.pocket == pocket and p.ball == "cue" for p in res.pocketed)


def _band(test, step_m: float, limit_m: float = 0.04) -> tuple[float, float]:
    """The longest run of offsets in [-limit_m, limit_m] (on a grid of ``step_m``, through 0)
    for which ``test`` holds, as (lowest, highest) widened by half a step at each end;
    (0, 0) if none."""
    n = int(round(limit_m / step_m))
    ok = [bool(test(k * step_m)) for k in range(-n, n + 1)]
    best, best_run, start = (0.0, 0.0), 0, None
    for k, good in enumerate(ok + [False]):
        if good and start is None:
            start = k
        elif not good and start is not None:
            if k - start > best_run:
                best_run = k - start
                best = ((start - n) * step_m - step_m / 2, (k - 1 - n) * step_m + step_m / 2)
            start = None
    return best


def acceptance_band(sim: Simulator, pocket: str, speed: float, approach_deg: float = 0.0,
                    side_spin: float = 0.0, vertical_spin: float = 1.0,
                    step_m: float = 0.25e-3) -> tuple[float, float]:
    """The widest band of neighbouring offsets (m, lowest and highest) that drop: the
    simulator's effective target for that speed, approach and spin (its middle is where to
    aim; it need not contain 0 for angled approaches)."""
    return _band(lambda o: bool(drops(sim, pocket, speed, o, approach_deg, side_spin,
                                      vertical_spin)), step_m)


def _segments_and_circles(sim: Simulator, pocket: int):
    g = sim.geometry
    segs = [(g.segments[s], g.segment_normals[s]) for s in range(len(g.segments))]
    circles = [g.circles[c] for c in range(len(g.circles)) if g.circle_pocket[c] == pocket]
    return segs, circles


def _first_contact(p, d, sim, pocket, max_t):
    """First contact of a ball centre moving from p along unit d with the table near the pocket
    (straight line): (t, normal) or (inf, None)."""
    R = sim.table.ball_radius_m
    segs, circles = _segments_and_circles(sim, pocket)
    best, normal = math.inf, None
    for (x0, y0, x1, y1), n in segs:
        # Offset the segment by R toward its free side; the centre meets it there.
        a = np.array([x0, y0]) + n * R
        b = np.array([x1, y1]) + n * R
        dn = float(np.dot(d, n))
        if dn >= 0.0:
            continue
        t = float(np.dot(a - p, n)) / dn
        if 1e-12 < t < best and t < max_t:
            q = p + t * d
            u = float(np.dot(q - a, b - a)) / float(np.dot(b - a, b - a))
            if 0.0 <= u <= 1.0:
                best, normal = t, n
    for cx, cy, r in circles:
        c = np.array([cx, cy])
        f = p - c
        rr = R + r
        bq = float(np.dot(f, d))
        disc = bq * bq - (float(np.dot(f, f)) - rr * rr)
        if disc < 0.0:
            continue
        t = -bq - math.sqrt(disc)
        if 1e-12 < t < best and t < max_t:
            best = t
            q = p + t * d
            normal = (q - c) / rr
    return best, normal


def _fate(sim: Simulator, pocket: str, offset_m: float, approach_deg: float,
          reflect: bool, max_contacts: int = 3) -> bool:
    k, m, d, across = _pocket_frame(sim, pocket, approach_deg)
    cap = sim.geometry.capture_lines[k]
    cp, cn = cap[:2], cap[2:]
    p = m - d * 0.3 + across * offset_m
    if not sim.geometry.ball_fits(*p):
        return False
    for contact in range(max_contacts + 1):
        dn = float(np.dot(d, cn))
        t_cap = float(np.dot(cp - p, cn)) / dn if dn < 0.0 else math.inf
        t, n = _first_contact(p, d, sim, k, 1.0)
        if t_cap <= t:
            return t_cap < math.inf
        if n is None or not reflect or contact == max_contacts:
            return False
        p = p + t * d
        d = d - 2.0 * float(np.dot(d, n)) * n
    return False


def clean_band(sim: Simulator, pocket: str, approach_deg: float = 0.0,
               step_m: float = 0.05e-3) -> tuple[float, float]:
    """Offsets whose straight path reaches the slate edge touching nothing."""
    return _band(lambda o: _fate(sim, pocket, o, approach_deg, reflect=False), step_m)


def reflection_band(sim: Simulator, pocket: str, approach_deg: float = 0.0,
                    step_m: float = 0.05e-3) -> tuple[float, float]:
    """Alciatore's slow-shot effective target (TP 3.5/3.6) for these jaws: equal-angle
    reflections at points and facings, at most three, before the slate edge."""
    return _band(lambda o: _fate(sim, pocket, o, approach_deg, reflect=True), step_m)


def rail_shot(sim: Simulator, cue_speed: float, distance_m: float = 0.6,
              behind_m: float = 0.3, vertical: float = 0.0) -> dict:
    """The rail shot of issue 9: an object ball frozen on the long cushion NR-MR ``distance_m``
    from the NR corner, struck straight along the rail by the cue ball ``behind_m`` behind it.
    Returns whether it dropped, its jaw contacts and where it stopped."""
    R = sim.table.ball_radius_m
    res = sim.simulate({"cue": (distance_m + behind_m, R), "1": (distance_m, R)},
                       Strike(cue_speed, math.pi, vertical=vertical))
    return {"dropped": any(p.ball == "1" and p.pocket == "NR" for p in res.pocketed),
            "jaw_contacts": sum(1 for e in res.events
                                if e.kind == EventKind.BALL_JAW and "1" in e.balls),
            "final": res.final.get("1")}

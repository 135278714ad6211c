"""A detected position made one the simulator accepts (issue 31 item 2, the board's photo).

The detector's centres are a few millimetres off (docs/PHOTO.md), so two touching balls often
come out 1-4 mm into each other and a ball frozen on a cushion or hanging in a jaw a little
inside it: the simulator's check (:meth:`sim.api.Simulator.check_position`) refuses such a
position, and the board could not ask for advice on it.  :func:`settle` moves each ball the
least that makes the position acceptable: a ball off the bed to the nearest place on it (frozen
on the cushion when that is the nearest), overlapping balls apart along the line of their
centres to exactly touching, repeated until nothing overlaps.  How far each ball moved is
reported, so the page can say it.
"""
from __future__ import annotations

import math

from sim.table import TableSpec

MAX_ROUNDS = 200  # each round halves what overlap is left: 5 mm is gone in ~20 rounds
KEPT_M = 1e-7  # places kept to 0.1 um, as the board's snapped places (static/setup.js)
SEPARATION_MARGIN_M = 2e-7  # pushed apart to 2R plus this, so rounding cannot overlap them
SEARCH_STEP_M = 0.0005  # the rings searched round a ball off the bed: 0.5 mm apart
SEARCH_MAX_M = 0.12  # up to 12 cm: a detection further off the bed than that is not a ball here
SEARCH_ANGLES = 48


class SettleError(ValueError):
    """A ball with no place on the bed within :data:`SEARCH_MAX_M`."""


def _kept(v: float) -> float:
    return round(v, 7)  # KEPT_M: 7 decimals of a metre


def _onto_bed(p: tuple[float, float], spec: TableSpec, geometry) -> tuple[float, float]:
    """``p`` if a ball fits there, else the nearest place where one does."""
    x, y = p
    if geometry.ball_fits(x, y, tolerance_m=0.0):
        return p
    R, L, W = spec.ball_radius_m, spec.length_m, spec.width_m
    clamped = (min(max(x, R), L - R), min(max(y, R), W - R))  # frozen on the cushion
    clamp_ok = geometry.ball_fits(*clamped, tolerance_m=0.0)
    clamp_d = math.dist(clamped, p) if clamp_ok else math.inf
    r = SEARCH_STEP_M
    while r <= SEARCH_MAX_M and r < clamp_d:
        ring = [(x + r * math.cos(a), y + r * math.sin(a))
                for a in (2 * math.pi * k / SEARCH_ANGLES for k in range(SEARCH_ANGLES))]
        fits = [q for q in ring if geometry.ball_fits(*q, tolerance_m=0.0)]
        if fits:
            return min(fits, key=lambda q: math.dist(q, clamped))
        r += SEARCH_STEP_M
    if clamp_ok:
        return clamped
    raise SettleError(f"no place on the bed within {SEARCH_MAX_M * 1000:.0f} mm of "
                      f"[{x:.4f}, {y:.4f}]")


def _push_apart(pos: dict[str, tuple[float, float]], R: float) -> bool:
    """One round: every overlapping pair pushed apart, half each; True if any was."""
    ids, moved = list(pos), False
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            (xa, ya), (xb, yb) = pos[a], pos[b]
            d = math.hypot(xb - xa, yb - ya)
            if d >= 2 * R:
                continue
            ux, uy = ((xb - xa) / d, (yb - ya) / d) if d > 0 else (1.0, 0.0)
            half = (2 * R + SEPARATION_MARGIN_M - d) / 2
            pos[a] = (xa - ux * half, ya - uy * half)
            pos[b] = (xb + ux * half, yb + uy * half)
            moved = True
    return moved


def settle(balls: dict[str, tuple[float, float]], spec: TableSpec
           ) -> tuple[dict[str, tuple[float, float]], dict[str, float]]:
    """``balls`` (id -> centre, m) moved the least to a position the simulator accepts: the
    new centres (kept to 0.1 um) and how far each ball moved (m)."""
    geometry = spec.geometry
    R = spec.ball_radius_m
    pos = {k: (float(v[0]), float(v[1])) for k, v in balls.items()}
    for _ in range(MAX_ROUNDS):
        pos = {k: _onto_bed(p, spec, geometry) for k, p in pos.items()}
        if not _push_apart(pos, R):
            break
    else:
        pos = {k: _onto_bed(p, spec, geometry) for k, p in pos.items()}
    out = {k: (_kept(x), _kept(y)) for k, (x, y) in pos.items()}
    moved = {k: math.dist(out[k], (float(balls[k][0]), float(balls[k][1]))) for k in out}
    return out, moved

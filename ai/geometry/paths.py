"""Straight paths on the bed: distances to segments, blocked lines, the first ball on a line,
mirror images in the cushion lines.  Vectorised numpy, and one compiled loop
(:func:`path_clear`, which the pot generators ask hundreds of times a decision, about one
segment at a time); never calls the simulator."""
from __future__ import annotations

import math

import numpy as np
from numba import njit

from sim.table import TableSpec
from sim import detmath as dm


def seg_point_dist(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Distance from points p (..., M, 2) to segments a->b (..., 1, 2); broadcasting."""
    ab = b - a
    L2 = np.maximum((ab * ab).sum(-1), 1e-12)
    t = np.clip(((p - a) * ab).sum(-1) / L2, 0.0, 1.0)
    proj = a + t[..., None] * ab
    q = p - proj
    return np.sqrt((q * q).sum(-1))


def path_clear(a: np.ndarray, b: np.ndarray, obstacles: np.ndarray, R: float,
               width: float = 2.0) -> np.ndarray:
    """For segments a->b (N, 2) each: True if no obstacle centre (M, 2) lies within
    ``width * R`` of it.  Obstacles at the segment's end points are the caller's business.
    (Compiled: :func:`_clear_kernel`, the arithmetic of :func:`seg_point_dist` in scalars,
    equal to it to the last digit: tests/ai/geometry/test_paths.py.)"""
    if len(obstacles) == 0:
        return np.ones(len(a), dtype=bool)
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if a.shape != b.shape:  # one start for many ends, or the other way round
        a, b = np.broadcast_arrays(a, b)
    return _clear_kernel(np.ascontiguousarray(a), np.ascontiguousarray(b),
                         np.ascontiguousarray(obstacles, dtype=np.float64),
                         float(width * R - 1e-9))


@njit(cache=True)
def _clear_kernel(a, b, obstacles, limit):
    """Per segment a[i] -> b[i]: every obstacle's distance to it at least ``limit``, each
    distance worked out as :func:`seg_point_dist` does (the same operations in the same
    order)."""
    out = np.ones(a.shape[0], dtype=np.bool_)
    for i in range(a.shape[0]):
        ax, ay = a[i, 0], a[i, 1]
        abx, aby = b[i, 0] - ax, b[i, 1] - ay
        L2 = abx * abx + aby * aby
        if L2 < 1e-12:
            L2 = 1e-12
        for j in range(obstacles.shape[0]):
            px, py = obstacles[j, 0], obstacles[j, 1]
            t = ((px - ax) * abx + (py - ay) * aby) / L2
            if t < 0.0:
                t = 0.0
            elif t > 1.0:
                t = 1.0
            qx = px - (ax + t * abx)
            qy = py - (ay + t * aby)
            if not math.sqrt(qx * qx + qy * qy) >= limit:
                out[i] = False
                break
    return out


def on_bed_path(spec: TableSpec, a: np.ndarray, b: np.ndarray, ts=(0.25, 0.5, 0.75),
                tol: float = 0.001) -> np.ndarray:
    """True where the straight path a->b (..., 2) stays on the bed at the sampled fractions."""
    R = spec.ball_radius_m
    ok = np.ones(a.shape[:-1], dtype=bool)
    for t in ts:
        q = a + t * (b - a)
        ok &= ((q[..., 0] >= R - tol) & (q[..., 0] <= spec.length_m - R + tol)
               & (q[..., 1] >= R - tol) & (q[..., 1] <= spec.width_m - R + tol))
    return ok


def mirror(point: np.ndarray, line: tuple[str, float]) -> np.ndarray:
    """Mirror a point across the line x = c or y = c."""
    axis, c = line
    q = np.array(point, dtype=float)
    if axis == "x":
        q[0] = 2 * c - q[0]
    else:
        q[1] = 2 * c - q[1]
    return q


def rebound_lines(spec: TableSpec) -> list[tuple[str, float, str]]:
    """The lines a ball centre rebounds from (R inside each cushion nose), with names."""
    R = spec.ball_radius_m
    L, W = spec.length_m, spec.width_m
    return [("x", R, "near"), ("x", L - R, "far"), ("y", R, "right"), ("y", W - R, "left")]


def first_ball_on_line(start: np.ndarray, phi: float, balls: dict, R: float,
                       exclude=("cue",)) -> tuple[str | None, float]:
    """The first ball the cue ball would touch rolling straight from ``start`` along phi."""
    d = np.array([dm.cos(phi), dm.sin(phi)])
    best, best_t = None, math.inf
    for b, p in balls.items():
        if b in exclude:
            continue
        rel = np.asarray(p) - start
        t = dm.dot2(rel, d)
        if t <= 0:
            continue
        perp2 = dm.dot2(rel, rel) - t * t
        if perp2 < 4 * R * R:
            tt = t - math.sqrt(4 * R * R - perp2)
            if tt < best_t:
                best, best_t = b, tt
    return best, best_t

"""Where every ball was at any time of a simulated stroke.

The event loop logs a *motion segment* each time a ball's motion changes (see
``layout.SEG_*``): start time, ball, state, centre, velocity and spin.  Between two segments of
a ball the motion is the closed form of :mod:`sim.physics.motion`, so the state at any time is
exact, and paths can be sampled as finely as a picture needs.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import layout
from .events import BALL_IDS
from .physics.motion import evolve


@dataclass(frozen=True)
class BallState:
    state: int
    x: float
    y: float
    vx: float
    vy: float
    wx: float
    wy: float
    wz: float


def _rows_by_ball(segments: np.ndarray) -> dict[int, np.ndarray]:
    out: dict[int, list] = {}
    for row in segments:
        out.setdefault(int(row[layout.SEG_BALL]), []).append(row)
    return {k: np.array(v) for k, v in out.items()}


def states_at(segments: np.ndarray, t: float, params: np.ndarray) -> dict[str, BallState]:
    """Every logged ball's motion at time ``t`` (pocketed balls report state 4 and NaN)."""
    out = {}
    for ball, rows in _rows_by_ball(segments).items():
        k = int(np.searchsorted(rows[:, layout.SEG_T], t, side="right")) - 1
        k = max(k, 0)
        row = rows[k]
        state = int(row[layout.SEG_STATE])
        if state == layout.POCKETED:
            out[BALL_IDS[ball]] = BallState(state, np.nan, np.nan, 0.0, 0.0, 0.0, 0.0, 0.0)
            continue
        rx, ry, vx, vy, wx, wy, wz = evolve(
            state, row[layout.SEG_RX], row[layout.SEG_RY], row[layout.SEG_VX],
            row[layout.SEG_VY], row[layout.SEG_WX], row[layout.SEG_WY], row[layout.SEG_WZ],
            max(0.0, t - row[layout.SEG_T]), params)
        out[BALL_IDS[ball]] = BallState(state, rx, ry, vx, vy, wx, wy, wz)
    return out


def sample_paths(segments: np.ndarray, params: np.ndarray, step_s: float = 0.01,
                 moved_only: bool = True) -> dict[str, np.ndarray]:
    """Polyline of each ball's centre: the segment starts plus points every ``step_s``.

    A pocketed ball's path ends where it crossed the capture line.  Balls that never moved are
    left out unless ``moved_only`` is False.
    """
    paths = {}
    for ball, rows in _rows_by_ball(segments).items():
        pts = []
        for k, row in enumerate(rows):
            state = int(row[layout.SEG_STATE])
            t0 = row[layout.SEG_T]
            pts.append((row[layout.SEG_RX], row[layout.SEG_RY]))
            if state == layout.POCKETED:
                break
            if state not in (layout.SLIDING, layout.ROLLING, layout.FLYING):
                continue
            t1 = rows[k + 1, layout.SEG_T] if k + 1 < len(rows) else t0
            for t in np.arange(t0 + step_s, t1, step_s):
                r = evolve(state, row[layout.SEG_RX], row[layout.SEG_RY], row[layout.SEG_VX],
                           row[layout.SEG_VY], row[layout.SEG_WX], row[layout.SEG_WY],
                           row[layout.SEG_WZ], t - t0, params)
                pts.append((r[0], r[1]))
        arr = np.array(pts)
        if moved_only and len(rows) == 1 and int(rows[0, layout.SEG_STATE]) == layout.STATIONARY:
            continue
        paths[BALL_IDS[ball]] = arr
    return paths


def kinetic_energy(state: BallState, mass_kg: float, radius_m: float) -> float:
    """Translational plus rotational kinetic energy of one ball (J)."""
    if state.state == layout.POCKETED:
        return 0.0
    inertia = 0.4 * mass_kg * radius_m ** 2
    return (0.5 * mass_kg * (state.vx ** 2 + state.vy ** 2)
            + 0.5 * inertia * (state.wx ** 2 + state.wy ** 2 + state.wz ** 2))

"""Banks: an object ball's path off one or two cushions into a pocket, routed with the
rebound the simulator's cushion gives a rolling ball, not a mirror."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.table import TableSpec
from sim import detmath as dm

from ..calibrate.provenance import FittedFor

from .kernels import bank_fan
from .pockets import MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, Pockets

# The cushion's rebound for a rolling object ball: tan(incidence) / tan(rebound) =
# clip(A - B x incidence_deg, LO, HI), [A, B, LO, HI].  Fitted by ``python -m
# ai.calibrate.rebound`` on the Mathavan 2010 cushion (see cushion_rebound_ratio).
REBOUND = (0.60, 0.0, 0.3, 0.95)
# What REBOUND was fitted for: the default table and physics (written out, not computed, so
# that a change of the defaults shows).  Fitted 2026-12-01 (commit 2ce1d54); refitted
# 2026-12-03 on TP A.30's tip (issue 28): the same law is still the best, median miss 1.7 cm
# over 190 routes, 87 % within 3 cm.
REBOUND_FITTED_FOR = FittedFor(table="pyramid-12ft", physics_digest="4d2f013afc0d",
                               cushion_model="mathavan2010",
                               fitted_by="python -m ai.calibrate.rebound --positions 20 --seed 11",
                               fitted_on="2026-12-03")

# Bounces nearer a corner (or a middle pocket) than this are refused: the jaws, not the
# cushion, would take the ball.
CORNER_MARGIN_M = 0.12
# Directions in the fan of each order of cushions (0.5 degree apart).
FAN_STEPS = 721


def rebound_lines(spec: TableSpec) -> list[tuple[str, float, str]]:
    """The lines a ball centre rebounds from (R inside each cushion nose), with names."""
    R = spec.ball_radius_m
    L, W = spec.length_m, spec.width_m
    return [("x", R, "near"), ("x", L - R, "far"), ("y", R, "right"), ("y", W - R, "left")]


def cushion_rebound_ratio(incidence_rad: np.ndarray, law=REBOUND) -> np.ndarray:
    """tan(incidence) / tan(rebound) for a rolling ball off a cushion: how much the cushion
    shortens the normal part of the path; a mirror (law of reflection) would be 1.  After the
    impact the ball slides and its topspin bends its path forward until it rolls again, so no
    single angle describes it; the law is fitted to what a bank needs, that the ball's rolling
    line after the cushion passes through the pocket (``python -m ai.calibrate.rebound`` on
    random bank routes in the simulator; tests/ai/search/test_shots.py checks it on others).
    It depends on speed and spin, so it is a first aim for the refinement scan."""
    a, b, lo, hi = law
    deg = np.degrees(np.abs(incidence_rad))
    return np.clip(a - b * deg, lo, hi)


@dataclass(frozen=True)
class BankRoute:
    """An object ball's path from ``points[0]`` off one or more cushions into a pocket."""

    direction: np.ndarray  # (2,) unit vector the ball leaves along
    points: np.ndarray  # (n + 2, 2): start, bounce points, pocket target
    length_m: float
    approach_rad: float  # angle between the last leg and the pocket axis
    cushions: tuple  # the names of the cushions, in order


def bank_sequences(spec: TableSpec, cushions: int = 1) -> list[tuple[int, ...]]:
    """Orders of rebound lines (indices into :func:`rebound_lines`) a bank can use: each line
    alone, or each ordered pair of different lines (a ball cannot meet the same cushion twice
    running)."""
    n = len(rebound_lines(spec))
    if cushions == 1:
        return [(i,) for i in range(n)]
    if cushions == 2:
        return [(i, j) for i in range(n) for j in range(n) if i != j]
    raise ValueError(f"cushions must be 1 or 2, got {cushions}")


def bank_routes(spec: TableSpec, pk: Pockets, start: np.ndarray, cushions: int = 1,
                corner_margin_m: float = CORNER_MARGIN_M, steps: int = FAN_STEPS,
                law=REBOUND) -> list[tuple[int, BankRoute]]:
    """Every path from ``start`` off ``cushions`` (1 or 2) cushions, no other cushion in
    between, into each pocket: ``(pocket index, route)`` pairs.  Uses the measured rebound
    ratio rather than a mirror.  A fan of ``steps`` directions per order of cushions
    (:func:`bank_sequences`); sign changes of the last leg's miss distance are refined by
    secant steps (compiled: :func:`ai.geometry.kernels.bank_fan`).  Bounces near a corner or in a
    middle pocket's mouth are refused, as are paths entering a pocket more obliquely than a
    pot allows."""
    lines = rebound_lines(spec)
    normals = np.array([0 if a == "x" else 1 for a, _, _ in lines], dtype=np.int64)
    levels = np.array([c for _, c, _ in lines], dtype=float)
    seqs = np.array(bank_sequences(spec, cushions), dtype=np.int64)
    cap = 12 * len(seqs)
    out_k = np.empty(cap, dtype=np.int64)
    out_phi = np.empty(cap)
    out_pts = np.empty((cap, cushions + 2, 2))
    out_len = np.empty(cap)
    out_app = np.empty(cap)
    out_seq = np.empty(cap, dtype=np.int64)
    n = bank_fan(float(start[0]), float(start[1]), seqs, normals, levels, spec.length_m,
                 spec.width_m, corner_margin_m, np.asarray(law, dtype=float), pk.targets,
                 pk.axes, pk.corner,
                 MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, steps, out_k, out_phi, out_pts,
                 out_len, out_app, out_seq)
    return [(int(out_k[j]),
             BankRoute(np.array([dm.cos(out_phi[j]), dm.sin(out_phi[j])]),
                       out_pts[j].copy(), float(out_len[j]), float(out_app[j]),
                       tuple(lines[q][2] for q in seqs[out_seq[j]])))
            for j in range(n)]

"""Cheap table geometry for the AI: ghost balls, cut angles, blocked paths, and a closed-form
estimate of how likely a pot is under the execution noise.

Everything here is vectorised numpy and never calls the simulator: it is the pre-filter that
decides which candidate strokes are worth simulating, the greedy agent's whole brain, and the
one-stroke look-ahead ("how good a shot does whoever plays next have?") inside the Monte
Carlo evaluation.

Pot probability model:

* the cue direction error sigma_phi (noise model) moves the ghost ball sideways by
  ``d1 * dphi``; at cut angle theta this turns the object ball's direction by
  ``dalpha = dphi * (1 + d1 / (2 R cos theta))``;
* the object ball drops if its line passes within ``w`` of the pocket's target point, where
  ``w`` is the effective half-window of the pocket for that approach angle (corner: widest
  along the pocket axis; middle: narrower the more oblique the approach);
* ``p = erf(w / (d2 * sigma_alpha * sqrt 2))``, with a floor on the noise so that a
  "perfect" player still misses very long thin cuts sometimes (the geometry is approximate).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from sim.table import POCKET_IDS, TableSpec

from .fastgeo import REBOUND_A, REBOUND_B, REBOUND_HI, REBOUND_LO, bank_fan

CORNER = np.array([True, True, False, False, True, True])
# Effective half-window (m) of a pocket for the ball centre's line, head-on.  Calibrated
# against the simulator: 60 random one-ball clean pots (closed-form p in 0.03..0.97), aim
# refined by the window scan, 120 noisy executions each at noise 1.0; the least-squares
# scale of the window was 0.65 for corners (from 0.009) and 1.05 for middles; correlation
# predicted/observed 0.88 (corners), 0.94 (middles).
W_CORNER = 0.006
W_MIDDLE = 0.013
MAX_CUT_RAD = math.radians(78.0)
MAX_CORNER_APPROACH = math.radians(62.0)  # angle between the ball's path and the pocket axis
MAX_MIDDLE_APPROACH = math.radians(58.0)
MIN_SIGMA_PHI = math.radians(0.03)


def erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7), vectorised."""
    x = np.asarray(x, dtype=float)
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * np.exp(-a * a)
    return s * y


@dataclass(frozen=True)
class Pockets:
    targets: np.ndarray  # (6, 2) the point a potted ball's centre aims at
    axes: np.ndarray  # (6, 2) unit vectors into the pockets
    corner: np.ndarray  # (6,) bool


def pockets_of(spec: TableSpec) -> Pockets:
    g = spec.geometry
    targets = g.mouth_centres + 0.01 * g.pocket_axes
    return Pockets(np.ascontiguousarray(targets), np.ascontiguousarray(g.pocket_axes), CORNER)


def _seg_point_dist(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Distance from points p (..., M, 2) to segments a->b (..., 1, 2); broadcasting."""
    ab = b - a
    L2 = np.maximum((ab * ab).sum(-1), 1e-12)
    t = np.clip(((p - a) * ab).sum(-1) / L2, 0.0, 1.0)
    proj = a + t[..., None] * ab
    return np.sqrt(((p - proj) ** 2).sum(-1))


def path_clear(a: np.ndarray, b: np.ndarray, obstacles: np.ndarray, R: float,
               width: float = 2.0) -> np.ndarray:
    """For segments a->b (N, 2) each: True if no obstacle centre (M, 2) lies within
    ``width * R`` of it.  Obstacles at the segment's end points are the caller's business."""
    if len(obstacles) == 0:
        return np.ones(len(a), dtype=bool)
    d = _seg_point_dist(a[:, None, :], b[:, None, :], obstacles[None, :, :])
    return (d >= width * R - 1e-9).all(axis=1)


@dataclass
class ShotTable:
    """Clean pots of each object ball into each pocket from one cue position."""

    balls: list[str]
    p: np.ndarray  # (n, 6) estimated pot probability (0 where infeasible)
    phi: np.ndarray  # (n, 6) cue direction to the ghost ball
    cut: np.ndarray  # (n, 6) cut angle (rad)
    d1: np.ndarray  # cue -> ghost
    d2: np.ndarray  # object -> pocket
    feasible: np.ndarray  # (n, 6) bool

    def best(self, values: np.ndarray | None = None):
        """(ball, pocket index, p) of the most likely pot, or None."""
        if self.p.size == 0:
            return None
        i, k = np.unravel_index(int(np.argmax(self.p)), self.p.shape)
        if self.p[i, k] <= 0:
            return None
        return self.balls[i], int(k), float(self.p[i, k])


def sigma_phi(noise) -> float:
    return max(noise.magnitude * noise.sigma_phi_rad, MIN_SIGMA_PHI)


def shot_table(spec: TableSpec, pk: Pockets, cue: np.ndarray, balls: dict, targets: list[str],
               noise) -> ShotTable:
    """Every clean pot of ``targets`` from cue position ``cue`` (2,), blocked paths and
    impossible cuts filtered out, with the closed-form pot probability."""
    R = spec.ball_radius_m
    n = len(targets)
    if n == 0:
        z = np.zeros((0, 6))
        return ShotTable([], z, z, z, z, z, z.astype(bool))
    O = np.array([balls[b] for b in targets], dtype=float)  # (n, 2)
    P = pk.targets  # (6, 2)
    v = P[None, :, :] - O[:, None, :]  # (n, 6, 2)
    d2 = np.sqrt((v * v).sum(-1))
    u = v / d2[..., None]
    G = O[:, None, :] - 2 * R * u
    a = G - cue[None, None, :]
    d1 = np.sqrt((a * a).sum(-1))
    ahat = a / np.maximum(d1, 1e-9)[..., None]
    cos_cut = (ahat * u).sum(-1)
    cut = np.arccos(np.clip(cos_cut, -1, 1))
    phi = np.arctan2(a[..., 1], a[..., 0])
    approach = np.arccos(np.clip((u * pk.axes[None, :, :]).sum(-1), -1, 1))
    max_app = np.where(pk.corner, MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH)[None, :]
    feasible = (cut < MAX_CUT_RAD) & (approach < max_app) & (d1 > 1e-6)
    # blocked paths: cue -> ghost must miss every other ball; object -> pocket likewise
    all_ids = [b for b in balls if b != "cue"]
    allpos = np.array([balls[b] for b in all_ids], dtype=float).reshape(-1, 2)
    idx = {b: i for i, b in enumerate(all_ids)}
    flat_O = np.repeat(O, 6, axis=0)
    flat_G = G.reshape(-1, 2)
    flat_P = np.tile(P, (n, 1))
    if len(allpos):
        mask_self = np.zeros((n * 6, len(allpos)), dtype=bool)
        for i, b in enumerate(targets):
            mask_self[i * 6:(i + 1) * 6, idx[b]] = True
        d_cue = _seg_point_dist(np.broadcast_to(cue, flat_G.shape)[:, None, :], flat_G[:, None, :],
                                allpos[None, :, :])
        d_obj = _seg_point_dist(flat_O[:, None, :], flat_P[:, None, :], allpos[None, :, :])
        ok_cue = ((d_cue >= 2 * R - 1e-9) | mask_self).all(1)
        ok_obj = ((d_obj >= 2 * R - 1e-9) | mask_self).all(1)
        # the cue ball's own position blocks the object's path too
        d_obj_cue = _seg_point_dist(flat_O, flat_P, np.broadcast_to(cue, flat_O.shape))
        ok_obj &= d_obj_cue >= 2 * R - 1e-9
        feasible &= (ok_cue & ok_obj).reshape(n, 6)
    # the paths must run over the bed (a ball hanging in the jaws cannot roll along the rail)
    feasible &= on_bed_path(spec, np.broadcast_to(cue, G.shape), G)
    # a cue ball hanging in a pocket's throat comes out only roughly along the pocket's axis
    k_in = in_throat_pocket(spec, pk, cue)
    if k_in >= 0:
        feasible &= (-(ahat * pk.axes[k_in][None, None, :]).sum(-1)) > THROAT_EXIT_COS
    feasible &= on_bed_path(spec, np.broadcast_to(O[:, None, :], G.shape),
                            np.broadcast_to(P[None], G.shape), ts=(0.5,)) | (d2 < 0.3)
    # pocket window
    w = np.where(pk.corner[None, :], W_CORNER * np.cos(approach) ** 0.5,
                 W_MIDDLE * np.maximum(np.cos(approach), 0.0) ** 1.5)
    sphi = sigma_phi(noise)
    cosc = np.maximum(np.cos(cut), 0.12)
    s_alpha = sphi * (1.0 + d1 / (2 * R * cosc))
    p = erf(w / (np.maximum(d2, 0.02) * s_alpha * math.sqrt(2)))
    p = np.where(feasible, p, 0.0)
    return ShotTable(list(targets), p, phi, cut, d1, d2, feasible)


THROAT_EXIT_COS = math.cos(math.radians(35.0))


def in_throat_pocket(spec: TableSpec, pk: "Pockets", p) -> int:
    """The pocket whose throat a ball centred at p hangs in (centre off the bed's rectangle),
    or -1."""
    R = spec.ball_radius_m
    x, y = float(p[0]), float(p[1])
    if R <= x <= spec.length_m - R and R <= y <= spec.width_m - R:
        return -1
    d = np.hypot(pk.targets[:, 0] - x, pk.targets[:, 1] - y)
    return int(np.argmin(d))


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


def pot_speed(d1: float, d2: float, cut: float) -> float:
    """A speed (m/s) that brings the object ball to the pocket with some to spare."""
    c = max(math.cos(cut), 0.3)
    return float(min(max(0.9 + 0.55 * (d1 + d2 / c), 1.2), 5.5))


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
    d = np.array([math.cos(phi), math.sin(phi)])
    best, best_t = None, math.inf
    for b, p in balls.items():
        if b in exclude:
            continue
        rel = np.asarray(p) - start
        t = rel @ d
        if t <= 0:
            continue
        perp2 = rel @ rel - t * t
        if perp2 < (2 * R) ** 2:
            tt = t - math.sqrt((2 * R) ** 2 - perp2)
            if tt < best_t:
                best, best_t = b, tt
    return best, best_t


__all__ = ["Pockets", "pockets_of", "ShotTable", "shot_table", "pot_speed", "path_clear",
           "mirror", "rebound_lines", "first_ball_on_line", "erf", "POCKET_IDS"]


# --- banks ---------------------------------------------------------------------------------
def cushion_rebound_ratio(incidence_rad: np.ndarray) -> np.ndarray:
    """tan(incidence) / tan(rebound) for a rolling ball off a cushion: how much the cushion
    shortens the normal part of the path.  "Rebound" is the direction from the bounce point to
    the ball's rolling line a metre out (the ball curves while it slides after the cushion).
    Measured in our simulator (Han 2005 cushion, natural roll, 1.5 and 3 m/s, 10-60 deg from the
    normal: 0.74, 0.70, 0.64, 0.53, 0.40); a mirror (law of reflection) would be 1.  It depends
    on speed and spin (a stunned ball at 3 m/s comes off nearly as a mirror), so this is a
    first aim for the refinement scan, not a prediction: bank routes with it pass a median
    2.7 cm from the pocket in simulation against 28 cm for a mirror
    (tests/ai/test_banks_kisses_caroms.py)."""
    deg = np.degrees(np.abs(incidence_rad))
    return np.clip(REBOUND_A - REBOUND_B * deg, REBOUND_LO, REBOUND_HI)


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
                corner_margin_m: float = 0.12, steps: int = 721) -> list[tuple[int, BankRoute]]:
    """Every path from ``start`` off ``cushions`` (1 or 2) cushions, no other cushion in
    between, into each pocket: ``(pocket index, route)`` pairs.  Uses the measured rebound
    ratio rather than a mirror.  A fan of ``steps`` directions per order of cushions
    (:func:`bank_sequences`); sign changes of the last leg's miss distance are refined by
    secant steps (compiled: :func:`ai.fastgeo.bank_fan`).  Bounces near a corner or in a
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
                 spec.width_m, corner_margin_m, pk.targets, pk.axes, pk.corner,
                 MAX_CORNER_APPROACH, MAX_MIDDLE_APPROACH, steps, out_k, out_phi, out_pts,
                 out_len, out_app, out_seq)
    return [(int(out_k[j]),
             BankRoute(np.array([math.cos(out_phi[j]), math.sin(out_phi[j])]),
                       out_pts[j].copy(), float(out_len[j]), float(out_app[j]),
                       tuple(lines[q][2] for q in seqs[out_seq[j]])))
            for j in range(n)]


def pocket_window_m(pk: Pockets, k: int, approach_rad: float) -> float:
    """The effective half-window of pocket ``k`` for a ball arriving at ``approach_rad`` to
    its axis (the closed-form model above)."""
    c = max(math.cos(approach_rad), 0.0)
    return W_CORNER * c ** 0.5 if pk.corner[k] else W_MIDDLE * c ** 1.5

"""Clean pots by the ghost ball, and a closed-form estimate of how likely each is under the
execution noise.

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

from sim.table import TableSpec
from sim import detmath as dm

from .paths import on_bed_path, seg_point_dist
from .pockets import (MAX_CORNER_APPROACH, MAX_CUT_RAD, MAX_MIDDLE_APPROACH, THROAT_EXIT_COS,
                      W_CORNER, W_MIDDLE, Pockets, in_throat_pocket, jaw_shares)

# A floor on the direction noise, so that a "perfect" player still misses very long thin
# cuts sometimes (the geometry is approximate).
MIN_SIGMA_PHI = math.radians(0.03)
# A cut's sensitivity 1 / cos(cut) is capped there (a cut of about 83 degrees): beyond, the
# closed form explodes while real thin cuts are merely hard.
MIN_CUT_COS = 0.12
# An object ball this near its pocket needs no check that its path stays on the bed.
NEAR_POCKET_M = 0.3


def erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz-Stegun 7.1.26 (|error| < 1.5e-7), vectorised."""
    x = np.asarray(x, dtype=float)
    s = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t
               + 0.254829592) * t * dm.exp_array(-a * a)
    return s * y


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
               noise, jaw_ramp_m: float = 0.0) -> ShotTable:
    """Every clean pot of ``targets`` from cue position ``cue`` (2,), blocked paths and
    impossible cuts filtered out, with the closed-form pot probability (scaled by the jaws
    with ``jaw_ramp_m`` > 0, :data:`ai.geometry.pockets.JAW_RAMP_M`)."""
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
    cut = dm.acos_array(np.clip(cos_cut, -1, 1))
    phi = dm.atan2_array(a[..., 1], a[..., 0])
    approach = dm.acos_array(np.clip((u * pk.axes[None, :, :]).sum(-1), -1, 1))
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
        d_cue = seg_point_dist(np.broadcast_to(cue, flat_G.shape)[:, None, :], flat_G[:, None, :],
                                allpos[None, :, :])
        d_obj = seg_point_dist(flat_O[:, None, :], flat_P[:, None, :], allpos[None, :, :])
        ok_cue = ((d_cue >= 2 * R - 1e-9) | mask_self).all(1)
        ok_obj = ((d_obj >= 2 * R - 1e-9) | mask_self).all(1)
        # the cue ball's own position blocks the object's path too
        d_obj_cue = seg_point_dist(flat_O, flat_P, np.broadcast_to(cue, flat_O.shape))
        ok_obj &= d_obj_cue >= 2 * R - 1e-9
        feasible &= (ok_cue & ok_obj).reshape(n, 6)
    # the paths must run over the bed (a ball hanging in the jaws cannot roll along the rail)
    feasible &= on_bed_path(spec, np.broadcast_to(cue, G.shape), G)
    # a cue ball hanging in a pocket's throat comes out only roughly along the pocket's axis
    k_in = in_throat_pocket(spec, pk, cue)
    if k_in >= 0:
        feasible &= (-(ahat * pk.axes[k_in][None, None, :]).sum(-1)) > THROAT_EXIT_COS
    feasible &= on_bed_path(spec, np.broadcast_to(O[:, None, :], G.shape),
                            np.broadcast_to(P[None], G.shape), ts=(0.5,)) | (d2 < NEAR_POCKET_M)
    # pocket window
    cos_app = dm.cos_array(approach)  # > 0 where feasible (approach < 62 deg)
    cos_app_plus = np.maximum(cos_app, 0.0)
    w = np.where(pk.corner[None, :], W_CORNER * np.sqrt(cos_app_plus),
                 W_MIDDLE * cos_app_plus * np.sqrt(cos_app_plus))
    sphi = sigma_phi(noise)
    cosc = np.maximum(dm.cos_array(cut), MIN_CUT_COS)
    s_alpha = sphi * (1.0 + d1 / (2 * R * cosc))
    p = erf(w / (np.maximum(d2, 0.02) * s_alpha * math.sqrt(2)))
    p = p * jaw_shares(pk, O, R, jaw_ramp_m)
    p = np.where(feasible, p, 0.0)
    return ShotTable(list(targets), p, phi, cut, d1, d2, feasible)


def pot_speed(d1: float, d2: float, cut: float) -> float:
    """A speed (m/s) that brings the object ball to the pocket with some to spare."""
    c = max(dm.cos(cut), 0.3)
    return float(min(max(0.9 + 0.55 * (d1 + d2 / c), 1.2), 5.5))

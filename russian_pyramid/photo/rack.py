"""The rack in a photo: a hexagonal-lattice fit of a cluster's balls (issue 31).

Seen from a short end, the rack's back rows are a few pixels across and their upper arcs
(clusters.py) are lost in one another.  What is known is the rack's geometry: fifteen balls
frozen in a triangle of five rows, each touching its neighbours, so their centres are sites of
a triangular lattice of spacing 2R on the table (R2.1).  When the balls a cluster search found
lie on such a lattice (at least :data:`MIN_BALLS`, nearly all within :data:`SITE_TOL_RADII` of
a site), the lattice is fitted to them (its turn from the pairs of touching neighbours, its
offset by least squares), the triangle of fifteen sites that holds most of them is taken as the
rack, and each of its empty sites is a ball when the cluster's blob covers that ball's disc in
the photo.  A broken rack (a ball gone, a gap) leaves its site uncovered and adds nothing.
"""
from __future__ import annotations

import math

import numpy as np

from sim.table import TableSpec

from .table_find import TableView

MIN_BALLS = 6  # a lattice is fitted to at least this many balls of one cluster
SITE_TOL_RADII = 0.4  # a ball within this many R of its lattice site lies on the lattice
ON_LATTICE_MIN = 0.8  # this part of the cluster's balls at least must lie on it
NEIGHBOUR_RADII = (1.6, 2.4)  # two balls this many R apart touch (their line: a lattice axis)
IN_TRIANGLE_MIN = 8  # the rack's triangle holds at least this many of the balls found
ROWS = 5  # the rack (R2.1): 15 balls in 5 rows
FILL_COVER_MIN = 0.7  # an empty site is a ball when the blob covers this part of its disc
# The whole triangle's pose (its middle on the table, its turn) searched round the balls'
# mean: coarse, then fine; the 15 sites scored together by their upper arcs' contrast.
SEARCH_M = (0.048, 0.003)  # half-width and step of the coarse search of the middle (on the
FINE_M = (0.003, 0.001)  # cluster search's 3 mm grid of scores), then of the fine search
TURN_STEP_DEG = (2.0, 0.5)
COARSE_KEPT = 10
TEMPLATE_SCORE_MIN = 0.6  # the triangle's mean arc score, against the greedy balls' mean


def _turn(xy: np.ndarray, R: float) -> float | None:
    """The lattice's turn (radians, mod 60 deg) from the touching pairs' directions."""
    d = xy[:, None, :] - xy[None, :, :]
    dist = np.hypot(d[..., 0], d[..., 1])
    i, j = np.nonzero(np.triu((dist > NEIGHBOUR_RADII[0] * R) & (dist < NEIGHBOUR_RADII[1] * R)))
    if len(i) < 3:
        return None
    ang = np.arctan2(d[i, j, 1], d[i, j, 0])
    z = np.mean(np.exp(6j * ang))
    return float(np.angle(z) / 6)


def _fit(xy: np.ndarray, R: float):
    """(origin, basis 2x2 with the axes as columns, integer sites) or None."""
    theta = _turn(xy, R)
    if theta is None:
        return None
    basis = 2 * R * np.array([[math.cos(theta), math.cos(theta + math.pi / 3)],
                              [math.sin(theta), math.sin(theta + math.pi / 3)]])
    inv = np.linalg.inv(basis)
    q = (xy - xy[0]) @ inv.T
    frac = np.angle(np.mean(np.exp(2j * np.pi * q), axis=0)) / (2 * np.pi)
    origin = xy[0] + basis @ frac
    for _ in range(3):  # sites, then the offset that fits them best
        sites = np.round((xy - origin) @ inv.T)
        origin = np.mean(xy - sites @ basis.T, axis=0)
    return origin, basis, sites.astype(int)


def _triangles(sites: np.ndarray):
    """Every 5-row triangle of lattice sites near the balls, both ways round: sets of sites."""
    lo, hi = sites.min(axis=0) - ROWS, sites.max(axis=0) + 1
    for a0 in range(lo[0], hi[0] + 1):
        for b0 in range(lo[1], hi[1] + 1):
            up = {(a0 + i, b0 + j) for i in range(ROWS) for j in range(ROWS - i)}
            down = {(a0 + i + j, b0 - j) for i in range(ROWS) for j in range(ROWS - i)}
            yield up
            yield down


def _template(R: float) -> np.ndarray:
    """The 15 sites of a rack about its middle (apex toward +x, turn 0), table metres."""
    pts = [(row * R * math.sqrt(3), (k - row / 2) * 2 * R) for row in range(ROWS)
           for k in range(row + 1)]
    pts = np.array(pts)
    return pts - pts.mean(axis=0)


def _poses(centre, half_m, step_m, turns_deg):
    off = np.arange(-half_m, half_m + 1e-9, step_m)
    ox, oy = np.meshgrid(off, off)
    return [(centre[0] + dx, centre[1] + dy, t) for dx, dy in zip(ox.ravel(), oy.ravel())
            for t in turns_deg]


def _sites(poses: np.ndarray, tmpl: np.ndarray) -> tuple:
    c, s = np.cos(np.radians(poses[:, 2])), np.sin(np.radians(poses[:, 2]))
    x = poses[:, None, 0] + c[:, None] * tmpl[None, :, 0] - s[:, None] * tmpl[None, :, 1]
    y = poses[:, None, 1] + s[:, None] * tmpl[None, :, 0] + c[:, None] * tmpl[None, :, 1]
    return x, y


def _best_pose(poses, tmpl, view, R, score):
    cam = view.camera
    poses = np.array(poses)
    x, y = _sites(poses, tmpl)
    pts = np.c_[x.ravel(), y.ravel(), np.full(x.size, R)]
    px = cam.project(pts)
    r_px = cam.focal_px * R / cam.distance_m(pts)
    sc = score(px, r_px).reshape(x.shape).mean(axis=1)
    k = int(np.argmax(sc))
    return poses[k], float(sc[k]), px.reshape(len(poses), -1, 2)[k], r_px.reshape(len(poses), -1)[k]


def rack_template(centres: list, blob, view: TableView, spec: TableSpec, cover, score):
    """The rack's 15 balls as one rigid triangle (pixel ``(u, v, r)``), or None when no
    triangle the blob covers scores as well as the balls found one by one."""
    R = spec.ball_radius_m
    cam = view.camera
    xy = cam.to_height(np.array([c[:2] for c in centres], float), R)
    score, on_table = score
    own = score(np.array([c[:2] for c in centres], float), np.array([c[2] for c in centres]))
    tmpl = _template(R)
    poses = np.array(_poses(xy.mean(axis=0), *SEARCH_M, np.arange(0, 120, TURN_STEP_DEG[0])))
    x, y = _sites(poses, tmpl)
    coarse = on_table(np.stack([x, y], -1)).mean(axis=1)
    fine = []
    for pose in poses[np.argsort(-coarse)[:COARSE_KEPT]]:  # the grid's map is coarse: the
        # best few poses refined on the photo itself
        turns = pose[2] + np.arange(-TURN_STEP_DEG[0], TURN_STEP_DEG[0] + 1e-9, TURN_STEP_DEG[1])
        fine += _poses(pose[:2], *FINE_M, turns)
    pose, sc, px, r_px = _best_pose(fine, tmpl, view, R, score)
    h, w = blob.shape
    if sc < TEMPLATE_SCORE_MIN * float(np.mean(own)):
        return None
    if not all(0 <= p[0] < w and 0 <= p[1] < h and cover(blob, p, r) >= FILL_COVER_MIN
               for p, r in zip(px, r_px)):
        return None
    out = [(float(p[0]), float(p[1]), float(r)) for p, r in zip(px, r_px)]
    sites = cam.to_height(px, R)
    for c, p in zip(centres, xy):  # a ball touching the rack (the cue ball) stays
        if np.min(np.hypot(*(sites - p).T)) > 1.5 * R:
            out.append(c)
    return out


def rack_fill(centres: list, blob: np.ndarray, view: TableView, spec: TableSpec,
              cover, score=None) -> list:
    """``centres`` (pixel ``(u, v, r)`` of one cluster's balls) plus the rack's empty sites
    the blob covers, when the balls lie on a rack's lattice; else ``centres`` unchanged.
    ``cover(blob, centre_px, r_px)`` is the part of a disc inside the blob."""
    if len(centres) < MIN_BALLS:
        return centres
    if score is not None:
        rack = rack_template(centres, blob, view, spec, cover, score)
        if rack is not None:
            return rack
    R = spec.ball_radius_m
    cam = view.camera
    xy = cam.to_height(np.array([c[:2] for c in centres], float), R)
    fit = _fit(xy, R)
    if fit is None:
        return centres
    origin, basis, sites = fit
    resid = np.hypot(*(xy - origin - sites @ basis.T).T)
    on = resid < SITE_TOL_RADII * R
    if on.mean() < ON_LATTICE_MIN or len({tuple(s) for s in sites[on]}) < on.sum():
        return centres
    taken = {tuple(s) for s in sites[on]}
    best = max(_triangles(sites[on]), key=lambda t: len(t & taken))
    if len(best & taken) < IN_TRIANGLE_MIN:
        return centres
    out = list(centres)
    for site in sorted(best - taken):
        p = origin + basis @ np.array(site, float)
        px = cam.project(np.array([[p[0], p[1], R]]))[0]
        r_px = float(cam.focal_px * R / cam.distance_m(np.array([[p[0], p[1], R]]))[0])
        h, w = blob.shape
        if 0 <= px[0] < w and 0 <= px[1] < h and cover(blob, px, r_px) >= FILL_COVER_MIN:
            out.append((float(px[0]), float(px[1]), r_px))
    return out

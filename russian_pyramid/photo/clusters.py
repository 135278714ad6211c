"""Balls in a cluster (the rack, a group frozen together) in a photo (issue 31).

Fifteen touching ivory balls make one blob with no gaps, and its distance transform has too
few peaks.  What every ball of a cluster still shows is the upper arc of its outline: seen
from above, a ball stands in front of the balls behind it, its lit top against their shaded
undersides (or against the cloth), so along that arc the picture is brighter inside the ball
than outside.  Candidate centres on a grid on the table (the plane of the balls' centres) are
scored by that contrast along the arc of the radius the camera gives there; the best are
kept greedily, never two nearer than a ball's width allows.
"""
from __future__ import annotations

import numpy as np

from sim.table import TableSpec

from .imaging import cv2
from .rack import rack_fill
from .table_find import TableView

GRID_M = 0.003  # candidate centres this far apart on the table
ARC_DEG = (200.0, 340.0)  # the upper arc, in image angles (0 = right, 270 = straight up)
ARC_SAMPLES = 15
KEEP_RATIO = 0.1  # a centre scoring less than this part of the cluster's best is no ball
APART_RADII = 1.9  # two balls' centres are at least this many R apart (2R when touching)
MIN_CONTRAST = 4.0
MIN_COVER = 0.85  # the part of a ball's disc the cluster's blob must cover  # grey levels per pixel along the arc, at least


def _arc_score(gx, gy, cam_px, r_px) -> np.ndarray:
    """Mean of the grey gradient along the inward normal on each candidate's upper arc."""
    h, w = gx.shape
    ang = np.radians(np.linspace(*ARC_DEG, ARC_SAMPLES))
    cos, sin = np.cos(ang), np.sin(ang)
    u = cam_px[:, :1] + r_px[:, None] * cos[None, :]
    v = cam_px[:, 1:2] + r_px[:, None] * sin[None, :]
    ui = np.clip(np.round(u).astype(int), 0, w - 1)
    vi = np.clip(np.round(v).astype(int), 0, h - 1)
    # inward normal: from the arc point to the centre, -(cos, sin)
    return np.mean(-(gx[vi, ui] * cos[None, :] + gy[vi, ui] * sin[None, :]), axis=1)


def _cover(blob: np.ndarray, centre: np.ndarray, r: float) -> float:
    """The part of the disc of radius ``r`` round ``centre`` (pixels) inside the blob."""
    h, w = blob.shape
    u0, v0 = int(max(centre[0] - r, 0)), int(max(centre[1] - r, 0))
    u1, v1 = int(min(centre[0] + r + 1, w)), int(min(centre[1] + r + 1, h))
    if u1 <= u0 or v1 <= v0:
        return 0.0
    yy, xx = np.mgrid[v0:v1, u0:u1]
    disc = (xx - centre[0]) ** 2 + (yy - centre[1]) ** 2 <= r * r
    return float(blob[v0:v1, u0:u1][disc].mean()) if disc.any() else 0.0


def cluster_centres(gray: np.ndarray, blob: np.ndarray, view: TableView,
                    spec: TableSpec) -> list[tuple[float, float, float]]:
    """Pixel centres and radii ``(u, v, r)`` of the balls in one cluster's blob (a 0/1 mask)."""
    cv = cv2()
    R = spec.ball_radius_m
    cam = view.camera
    vs, us = np.nonzero(blob)
    if len(us) == 0:
        return []
    xy = cam.to_height(np.c_[us, vs].astype(float), R)
    xy = xy[np.isfinite(xy).all(axis=1)]
    if len(xy) == 0:
        return []
    # the balls' centres lie on the table: a blob that reaches past it (a wrong table's, or
    # one seen to the horizon) is searched only there, not over kilometres of plane
    lo = np.maximum(xy.min(axis=0) - R, (0.0, 0.0))
    hi = np.minimum(xy.max(axis=0) + R, (spec.length_m, spec.width_m))
    if np.any(hi <= lo):
        return []
    gxs = np.arange(lo[0], hi[0], GRID_M)
    gys = np.arange(lo[1], hi[1], GRID_M)
    grid = np.array(np.meshgrid(gxs, gys)).reshape(2, -1).T
    px = cam.project(np.c_[grid, np.full(len(grid), R)])
    h, w = blob.shape
    inside = (px[:, 0] >= 0) & (px[:, 0] < w) & (px[:, 1] >= 0) & (px[:, 1] < h)
    grid, px = grid[inside], px[inside]
    on_blob = blob[np.round(px[:, 1]).astype(int).clip(0, h - 1),
                   np.round(px[:, 0]).astype(int).clip(0, w - 1)] > 0
    grid, px = grid[on_blob], px[on_blob]
    if len(grid) == 0:
        return []
    r_px = cam.focal_px * R / cam.distance_m(np.c_[grid, np.full(len(grid), R)])
    smooth = cv.GaussianBlur(gray.astype(np.float32), (3, 3), 0)
    gx = cv.Sobel(smooth, cv.CV_32F, 1, 0, ksize=3) / 8
    gy = cv.Sobel(smooth, cv.CV_32F, 0, 1, ksize=3) / 8
    score = _arc_score(gx, gy, px, r_px)
    order = np.argsort(-score)
    best = score[order[0]]
    kept: list[int] = []
    for i in order:
        if score[i] < max(KEEP_RATIO * best, MIN_CONTRAST):
            break
        if all(np.hypot(*(grid[i] - grid[k])) >= APART_RADII * R for k in kept) \
                and _cover(blob, px[i], r_px[i]) >= MIN_COVER:
            kept.append(i)
    centres = [(float(px[i, 0]), float(px[i, 1]), float(r_px[i])) for i in kept]
    # the scores on the grid, as a map of the table (0 off the blob), for the rack's search
    table_map = np.zeros((len(gys), len(gxs)))
    ix = np.round((grid[:, 0] - lo[0]) / GRID_M).astype(int).clip(0, len(gxs) - 1)
    iy = np.round((grid[:, 1] - lo[1]) / GRID_M).astype(int).clip(0, len(gys) - 1)
    table_map[iy, ix] = score

    def on_table(xy: np.ndarray) -> np.ndarray:
        jx = np.round((xy[..., 0] - lo[0]) / GRID_M).astype(int)
        jy = np.round((xy[..., 1] - lo[1]) / GRID_M).astype(int)
        ok = (jx >= 0) & (jx < len(gxs)) & (jy >= 0) & (jy < len(gys))
        return np.where(ok, table_map[jy.clip(0, len(gys) - 1), jx.clip(0, len(gxs) - 1)], 0.0)

    return rack_fill(centres, blob, view, spec, _cover,
                     (lambda p, r: _arc_score(gx, gy, p, r), on_table))

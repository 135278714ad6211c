"""The table's outline to a fraction of a pixel (issue 31): each side of the cloth's outer edge
(where the cushions' cloth-covered tops meet the wooden rail) found on many short profiles
across it, for :func:`russian_pyramid.photo.geometry.fit_camera_to_lines` to fit the camera to.

Why: seen by a phone held over a 3.55 m table, a pixel at the far end is 15-40 mm of cloth, so
a corner one pixel off moves the far balls by 20 mm and more.  The outline of the cloth's
pixel mask (:mod:`russian_pyramid.photo.table_find`) is quantised to whole pixels and biased by the
threshold that made the mask.  Here each profile is read twice:

1. **Where the cloth begins** (:func:`cloth_likeness`, :func:`_edges`): a per-pixel measure of
   the cloth's hue and saturation, which the cloth keeps in its own shade (the far cushion's
   face, a cushion top darker than the bed) and wood, walls, balls and the dark band of a
   rail's edge do not; the crossing of one half nearest where the camera puts the edge.
2. **Where exactly** (:func:`_placed`): on the photo's colours in linear light
   (:func:`linear_light`), a pixel across the edge is the mean of the two sides' colours
   weighted by their shares, so the point half way from the colour just outside to the colour
   just inside is the edge to a fraction of a pixel (the sub-pixel edge of a blurred step,
   Canny 1986 on localisation), whatever the cloth and the wood.

Balls frozen to a cushion, a cue lying across the rail or the chalk spoil some profiles: the
camera is fitted with Huber's loss.  The pockets notch the edge: profiles are taken only on the
straight stretches between them (:func:`side_stretches`).  On drawn tables of known camera the
outline comes back within 0.2 pixel (tests/russian_pyramid/test_photo_outline.py).
"""
from __future__ import annotations

import numpy as np

from sim.table import TableSpec

from .geometry import Camera
from .imaging import cv2

PROFILES_PER_SIDE = 160
STEP_PX = 0.25  # the profile's sampling step along the normal
# Cloth-likeness (:func:`cloth_likeness`): a hue within HUE_NEAR_DEG of the cloth's is
# cloth, beyond HUE_FAR_DEG none; saturation from SAT_LOW (none) to SAT_HIGH (full); pixels
# darker than V_LOW have no hue to speak of.
HUE_NEAR_DEG, HUE_FAR_DEG = 12.0, 36.0
SAT_LOW, SAT_HIGH = 0.12, 0.30
V_LOW = 0.06
# The edge placed on linear colours (:func:`_placed`): each side's colour taken REF_NEAR_PX to
# REF_FAR_PX from the coarse edge, the half-way crossing looked for within REF_NEAR_PX of it;
# sides less different than MIN_LINEAR_CONTRAST (linear light, 0-1) keep the coarse edge.
REF_NEAR_PX, REF_FAR_PX = 1.25, 2.5
MIN_LINEAR_CONTRAST = 0.02
MIN_PROFILES = 12  # a side with fewer good profiles is left out of the fit
# The straight stretches of the cushion's outer edge: the corner pockets' mouths take about
# 0.12 m (Russian table: corner mouth 72-73 mm plus the cushions' cut) from each end and the
# middle pocket about 0.10 m each side of the middle; a margin beyond those keeps the
# profiles off the jaws' curves.
CORNER_CLEAR_M = 0.20
MIDDLE_CLEAR_M = 0.16


def side_stretches(length_m: float, long_side: bool) -> list[tuple[float, float]]:
    """The parts (from, to; metres along the outer edge) of a side clear of the pockets."""
    if long_side:
        half = length_m / 2
        return [(CORNER_CLEAR_M, half - MIDDLE_CLEAR_M), (half + MIDDLE_CLEAR_M,
                                                            length_m - CORNER_CLEAR_M)]
    return [(CORNER_CLEAR_M, length_m - CORNER_CLEAR_M)]


def cloth_likeness(image: np.ndarray, cloth_bgr: np.ndarray) -> np.ndarray:
    """Per pixel, 0-1: how far its colour is the cloth's, by hue and saturation only (the
    cloth in shade, the far cushion's face, stays cloth; wood, walls and balls do not).
    ``image`` is float32 BGR 0-255."""
    cv = cv2()
    hsv = cv.cvtColor(image / 255.0, cv.COLOR_BGR2HSV)  # H in degrees, S and V 0-1
    ref = cv.cvtColor(np.asarray(cloth_bgr, np.float32).reshape(1, 1, 3) / 255.0,
                      cv.COLOR_BGR2HSV).ravel()
    dh = np.abs(hsv[..., 0] - ref[0])
    dh = np.minimum(dh, 360 - dh)
    hue_w = np.clip((HUE_FAR_DEG - dh) / (HUE_FAR_DEG - HUE_NEAR_DEG), 0, 1)
    sat_w = np.clip((hsv[..., 1] - SAT_LOW) / (SAT_HIGH - SAT_LOW), 0, 1)
    dark_w = np.clip((hsv[..., 2] - V_LOW) / V_LOW, 0, 1)
    return (hue_w * sat_w * dark_w).astype(np.float32)


def _edges(values: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Per profile (rows, from outside the table at index 0 inward), the offset where the
    cloth-likeness rises through one half (linear between samples) nearest the offset 0
    (where the camera puts the edge now); NaN where it never does."""
    up = (values[:, :-1] < 0.5) & (values[:, 1:] >= 0.5)
    mid = 0.5 * (offsets[:-1] + offsets[1:])
    dist = np.where(up, np.abs(mid)[None, :], np.inf)
    j = np.argmin(dist, axis=1)
    rows = np.nonzero(np.isfinite(dist[np.arange(len(values)), j]))[0]
    j = j[rows]
    v0, v1 = values[rows, j], values[rows, j + 1]
    out = np.full(len(values), np.nan)
    out[rows] = offsets[j] + (0.5 - v0) / (v1 - v0) * (offsets[j + 1] - offsets[j])
    return out


def ball_to_cloth(cloth: np.ndarray, colour: np.ndarray, n: int, sure: float = 0.8
                  ) -> float | None:
    """Along one profile of samples going out of a ball (``cloth``: each sample's
    :func:`cloth_likeness`; ``colour``: its :func:`linear_light`), the fractional sample index
    where the colour is half way from the ball's (the ``n`` samples ending two before the first
    cloth-like one) to the cloth's (the ``n`` starting two after it, each at least ``sure``
    cloth-like); None where the cloth is not found so, or the two colours do not differ."""
    hits = np.nonzero(cloth >= 0.5)[0]
    if len(hits) == 0 or hits[0] < n + 2 or hits[0] + 2 + n > len(cloth):
        return None
    j = hits[0]
    if cloth[j + 2: j + 2 + n].min() < sure:
        return None
    inner = colour[j - n - 2: j - 2].mean(axis=0)
    outer = colour[j + 2: j + 2 + n].mean(axis=0)
    axis = outer - inner
    norm2 = float(axis @ axis)
    if norm2 < 1e-4:
        return None
    share = ((colour[j - 4: j + 4] - inner) @ axis) / norm2
    idx = np.nonzero((share[:-1] < 0.5) & (share[1:] >= 0.5))[0]
    if len(idx) == 0:
        return None
    i = idx[-1]
    return j - 4 + i + (0.5 - share[i]) / (share[i + 1] - share[i])


def linear_light(image: np.ndarray) -> np.ndarray:
    """The photo's values (float32 BGR 0-255, sRGB-encoded) as linear light 0-1, where a
    pixel across an edge is the mean of the two sides' colours weighted by their shares (IEC
    61966-2-1's decoding)."""
    v = image / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4).astype(np.float32)


def _placed(colours: np.ndarray, offsets: np.ndarray, coarse: float) -> float:
    """The edge on one profile of linear colours, placed where the colour is half way from
    the outside's, just beyond ``coarse``, to the inside's, just within it: the share of cloth
    in a pixel is linear in its colour, so this is the edge to a fraction of a pixel whatever
    the two colours are (the cloth's own shade included).  ``coarse`` where the two sides do
    not differ enough."""
    step = offsets[1] - offsets[0]
    near = np.abs(offsets - coarse)
    outside = colours[(offsets <= coarse - REF_NEAR_PX) & (offsets >= coarse - REF_FAR_PX)]
    inside = colours[(offsets >= coarse + REF_NEAR_PX) & (offsets <= coarse + REF_FAR_PX)]
    if len(outside) == 0 or len(inside) == 0:
        return coarse
    out_c, in_c = outside.mean(axis=0), inside.mean(axis=0)
    axis = in_c - out_c
    norm2 = float(axis @ axis)
    if norm2 < MIN_LINEAR_CONTRAST ** 2:
        return coarse
    window = near <= REF_NEAR_PX
    share = ((colours[window] - out_c) @ axis) / norm2
    offs = offsets[window]
    up = np.nonzero((share[:-1] < 0.5) & (share[1:] >= 0.5))[0]
    if len(up) == 0:
        return coarse
    k = up[np.argmin(np.abs(offs[up] + step / 2 - coarse))]
    return float(offs[k] + (0.5 - share[k]) / (share[k + 1] - share[k]) * step)


def edge_points(likeness: np.ndarray, linear: np.ndarray, cam: Camera, spec: TableSpec,
                top_width_m: float, half_width_px: float) -> list[np.ndarray]:
    """The outer edge's points found on profiles ``half_width_px`` either side of where the
    camera ``cam`` puts each side (sides in the order of :func:`outer_corners`: y = -c,
    x = L + c, y = W + c, x = -c): first where the cloth-likeness (:func:`cloth_likeness`)
    rises through one half, then placed on the photo's linear colours (``linear``,
    :func:`linear_light`) by :func:`_placed`.  A side whose profiles find too few points (out
    of the photo, hidden) gives an empty array."""
    cv = cv2()
    outer = outer_corners(spec, top_width_m)
    z = spec.cushion_height_m
    centre = np.array([[spec.length_m / 2, spec.width_m / 2]])
    offsets = np.arange(-half_width_px - REF_FAR_PX, half_width_px + REF_FAR_PX + STEP_PX / 2,
                        STEP_PX)
    searched = np.abs(offsets) <= half_width_px + 1e-9
    sides = []
    for i in range(4):
        a, b = outer[i], outer[(i + 1) % 4]
        side = b - a
        length = float(np.hypot(*side))
        ts = np.concatenate([np.linspace(lo, hi, PROFILES_PER_SIDE // 2)
                             for lo, hi in side_stretches(length, long_side=i % 2 == 0)])
        world = a + ts[:, None] * side / length
        px = cam.project(np.c_[world, np.full(len(world), z)])
        tangent = cam.project(np.c_[world + 0.01 * side / length, np.full(len(world), z)]) - px
        normal = np.c_[-tangent[:, 1], tangent[:, 0]]
        normal /= np.linalg.norm(normal, axis=1, keepdims=True)
        toward = centre - world
        toward /= np.linalg.norm(toward, axis=1, keepdims=True)
        inward = cam.project(np.c_[world + 0.02 * toward, np.full(len(world), z)]) - px
        normal *= np.sign(np.sum(normal * inward, axis=1))[:, None]
        xs = (px[:, 0:1] + offsets[None, :] * normal[:, 0:1]).astype(np.float32)
        ys = (px[:, 1:2] + offsets[None, :] * normal[:, 1:2]).astype(np.float32)
        seen = ((xs >= 0) & (ys >= 0) & (xs <= likeness.shape[1] - 1)
                & (ys <= likeness.shape[0] - 1)).all(axis=1)
        if seen.sum() < MIN_PROFILES:
            sides.append(np.empty((0, 2)))
            continue
        values = cv.remap(likeness, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
        colours = cv.remap(linear, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
        coarse = _edges(values[:, searched], offsets[searched])
        good = np.nonzero(np.isfinite(coarse) & seen)[0]
        fine = np.array([_placed(colours[k], offsets, coarse[k]) for k in good])
        points = px[good] + fine[:, None] * normal[good] if len(good) else np.empty((0, 2))
        sides.append(points if len(points) >= MIN_PROFILES else np.empty((0, 2)))
    return sides


def outer_corners(spec: TableSpec, top_width_m: float) -> np.ndarray:
    """The cloth's outer edge, ``top_width_m`` outside the playing area: corners NR, FR, FL, NL
    (table x, y)."""
    L, W, c = spec.length_m, spec.width_m, top_width_m
    return np.array([(-c, -c), (L + c, -c), (L + c, W + c), (-c, W + c)])

"""The corners the user gives (``--corners``, issue 57 item 3): kept, in any order.

A camera with square pixels and its principal point at the image's centre has 7 numbers; four
corners fix 8, so the camera of :func:`~.geometry.camera_from_homography` put given corners
back up to 188 px from where they were given (a cropped or off-centre broadcast frame, a
table of another shape than the preset's).  Here the principal point is free too (9 numbers,
drawn to the image's centre by a weak prior) and the camera is fitted to put the four corners
where they were given: within :data:`CORNERS_KEPT_PX`, or the corners are refused with the
reason.  The corners are taken in any order: sorted round their middle into the order NR, FR,
FL, NL (the table's frame's, whose turn is clockwise in the image), starting at the corner
given first when the first side given is a long side, otherwise at the corner that puts the
camera at the house end (the rule of the table found without corners).
"""
from __future__ import annotations

import math

import numpy as np

from sim.table import TableSpec

from .geometry import (Camera, GeometryError, camera_from_homography, homography,
                       rotation_from_vector, vector_from_rotation)

CORNERS_KEPT_PX = 5.0  # issue 57: the corners given are kept within 5 px
# A pixel of the principal point off the image's centre costs as much as this many pixels of
# a corner off where it was given: the corners are met all but exactly, and the principal
# point moves only as far as the corners need (it is the one free number of nine).
PRINCIPAL_WEIGHT = 0.02
# Where the corners' homography gives no focal length (a table seen square on), the fit starts
# from a focal length of the image's longer side (a 53 deg field, a phone's 1.3x).
START_FOCAL_SIDES = 1.0
# A corner's angle in the image nearer than this to 0 or 180 deg: no table's corner (three
# corners on a line, or two on one point).
MIN_CORNER_ANGLE_DEG = 5.0
# Corners given in the order NR, FR, FL, NL are kept so unless the fit with the first side
# as an end is this many times cheaper (equal within the fit's noise: the user's order).
OTHER_ORDER_GAIN = 4.0
# ... and costs under this (squared pixels) are equal: both fits meet the corners.  (On the
# renders the right start costs 0.000 and an end taken for a long side 1.0-92.)
COST_FLOOR = 0.1
# Corners that the camera centred on the image puts back within this are its (the camera
# before issue 57, unchanged): the principal point, free, is barely fixed by four corners and
# moved the camera's height on renders whose corners were exact (two balls of the render
# independent_16007_023 went past 20 mm).
CENTRED_KEPT_PX = 0.5
ITERATIONS = 60
JACOBIAN_STEP = 1e-5


def convex_order(corners_px: np.ndarray) -> np.ndarray:
    """The four corners in the table's turning order (NR, FR, FL, NL's: clockwise in the
    image, v down), starting at the one given first; :class:`GeometryError` when they are no
    convex quadrilateral."""
    c = np.asarray(corners_px, float).reshape(4, 2)
    mid = c.mean(axis=0)
    angle = np.arctan2(c[:, 1] - mid[1], c[:, 0] - mid[0])
    order = list(np.argsort(-angle))
    k = order.index(0)
    c = c[order[k:] + order[:k]]
    for i in range(4):
        a, b, d = c[i - 1], c[i], c[(i + 1) % 4]
        u, v = a - b, d - b
        nu, nv = float(np.hypot(*u)), float(np.hypot(*v))
        if nu < 1e-9 or nv < 1e-9:
            raise GeometryError("two corners are on one point")
        cross = (u[0] * v[1] - u[1] * v[0]) / (nu * nv)
        ang = math.degrees(math.atan2(abs(cross), float(u @ v) / (nu * nv)))
        if cross <= 0 or not MIN_CORNER_ANGLE_DEG <= ang <= 180 - MIN_CORNER_ANGLE_DEG:
            raise GeometryError("they are no convex quadrilateral (a corner inside the "
                                "others, or three on a line)")
    return c


def _camera(x: np.ndarray, plane_z_m: float) -> Camera:
    return Camera(focal_px=float(math.exp(x[6])), principal_px=(float(x[7]), float(x[8])),
                  rotation=rotation_from_vector(x[0:3]), centre_m=x[3:6].copy(),
                  plane_z_m=plane_z_m)


def _residuals(x, points, corners_px, centre_px, plane_z_m) -> np.ndarray:
    cam = _camera(x, plane_z_m)
    d = cam.project(points) - corners_px
    if cam.centre_m[2] <= 0:  # under the table: no camera
        d = d + 1e6
    return np.r_[d.ravel(), PRINCIPAL_WEIGHT * (x[7:9] - centre_px)]


def _start(corners_px: np.ndarray, inner: np.ndarray, centre_px, size: float,
           plane_z_m: float) -> Camera | None:
    h = homography(inner, corners_px)
    for focal in (None, START_FOCAL_SIDES * size):
        try:
            return camera_from_homography(h, centre_px, plane_z_m, focal_px=focal)
        except GeometryError:
            continue
    return None


def _fit(corners_px: np.ndarray, spec: TableSpec, shape: tuple[int, int]):
    """The camera through ``corners_px`` (NR, FR, FL, NL) and its cost, or (None, inf)."""
    L, W, z = spec.length_m, spec.width_m, spec.cushion_height_m
    inner = np.array([(0, 0), (L, 0), (L, W), (0, W)], float)
    points = np.c_[inner, np.full(4, z)]
    centre_px = np.array([(shape[1] - 1) / 2, (shape[0] - 1) / 2])
    start = _start(corners_px, inner, tuple(centre_px), float(max(shape)), z)
    if start is None:
        return None, math.inf
    x = np.r_[vector_from_rotation(start.rotation), start.centre_m, math.log(start.focal_px),
              centre_px]
    args = (points, corners_px, centre_px, z)
    r = _residuals(x, *args)
    c = float(r @ r)
    if np.abs(r[:8]).max() <= CENTRED_KEPT_PX:  # the camera centred on the image meets them
        return start, c
    lam = 1e-3
    for _ in range(ITERATIONS):
        jac = np.empty((len(r), 9))
        for k in range(9):
            dx = np.zeros(9)
            dx[k] = JACOBIAN_STEP * (1.0 if k < 7 else max(shape))
            jac[:, k] = (_residuals(x + dx, *args) - r) / dx[k]
        a, g = jac.T @ jac, jac.T @ r
        improved = False
        for _ in range(10):
            step = -np.linalg.solve(a + lam * np.diag(np.diag(a) + 1e-12), g)
            r_new = _residuals(x + step, *args)
            c_new = float(r_new @ r_new)
            if c_new < c:
                improved = c - c_new > 1e-12 * max(c, 1e-12)
                x, r, c = x + step, r_new, c_new
                lam = max(lam / 3, 1e-9)
                break
            lam *= 4
        if not improved:
            break
    cam = _camera(x, z)
    if cam.centre_m[2] <= 0:
        return None, math.inf
    return cam, c


def corners_error_px(cam: Camera, spec: TableSpec, corners_px: np.ndarray) -> float:
    """How far the camera puts the playing area's corners from ``corners_px`` (NR..NL)."""
    L, W, z = spec.length_m, spec.width_m, spec.cushion_height_m
    pts = np.array([(0, 0, z), (L, 0, z), (L, W, z), (0, W, z)], float)
    return float(np.abs(cam.project(pts) - corners_px).max())


def _house_end_first(fits: list) -> tuple:
    """Of the fits of the four starts, one of the cheaper pair (a long side first), the one
    whose camera is at the house end (x below the middle) if either is."""
    pairs = (fits[0], fits[2]), (fits[1], fits[3])
    pair = min(pairs, key=lambda p: min(p[0][1], p[1][1]))
    near = [f for f in pair if f[0] is not None and f[0].centre_m[0] < f[3] / 2]
    return (near or sorted(pair, key=lambda f: f[1]))[0]


def camera_through_corners(corners_px: np.ndarray, spec: TableSpec,
                           shape: tuple[int, int]) -> tuple[Camera, np.ndarray]:
    """The camera that puts the playing area's corners where they were given and the corners
    in the order NR, FR, FL, NL (``shape``: the image's height and width).  Given in that
    order, they are kept so unless the first side given fits much worse as a long side than
    as an end; given in another order (mirrored, crossed, an end first), NR is the corner
    that puts the camera at the house end.  :class:`GeometryError` saying why when they make
    no table."""
    given = np.asarray(corners_px, float).reshape(4, 2)
    ordered = convex_order(given)
    fits = [_fit(np.roll(ordered, -k, axis=0), spec, shape) + (k, spec.length_m)
            for k in range(4)]
    as_given = fits[0]
    if np.array_equal(ordered, given) and as_given[0] is not None and \
            as_given[1] <= OTHER_ORDER_GAIN * min(fits[1][1], fits[3][1]) + COST_FLOOR:
        cam, k = as_given[0], 0
    else:
        cam, _, k, _ = _house_end_first(fits)
    if cam is None:
        raise GeometryError("no camera sees a table with these corners")
    ordered = np.roll(ordered, -k, axis=0)
    err = corners_error_px(cam, spec, ordered)
    if err > CORNERS_KEPT_PX:
        raise GeometryError(f"no camera sees a {spec.length_m:g} x {spec.width_m:g} m table "
                            f"with these corners (the nearest is {err:.0f} px off)")
    return cam, ordered

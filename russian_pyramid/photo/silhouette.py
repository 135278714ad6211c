"""A ball's centre from its whole silhouette and the camera's geometry (issue 57 item 5).

Seen from low, a pixel at the far end of the table spans 25-30 mm along the view line, so a
centre a third of a pixel off is 10 mm off.  A circle fitted to the ball's mask, moved down
by the photo's shade shift (:mod:`.balls`), holds near the camera and not there: the lit top,
the shaded underside and the contact shadow on the cloth bias it differently at every
distance and every lamp.  Here the centre is sought on the table instead, on the plane of the
balls' centres (z = R, a ball rests on the cloth): for a centre (x, y, R) the camera gives the
ball's exact outline (the cone from the camera's centre tangent to the sphere: an ellipse,
stretched away from the image's middle, whose centre is not the centre's projection); (x, y) is fitted so that outline passes through the ball's
edge found to a fraction of a pixel along rays from the centre found so far (where the colour
in linear light is half way from the ball's to the cloth's, as :mod:`.tops` finds the top),
within 70 deg of straight up (below, the shaded underside meets its own contact shadow) and
none toward a neighbouring ball.
"""
from __future__ import annotations

import numpy as np

from .geometry import Camera
from .imaging import cv2
from .outline import ball_to_cloth, cloth_likeness, linear_light

OUTLINE_POINTS = 64  # points of the outline the camera gives
RAYS = 32  # directions from the centre found so far
# Directions within LOWER_SECTOR_DEG of straight down the image are left out: the underside
# in its own shade meets the contact shadow there.  The edges found against the true
# outline, by direction (the low-end set, seed 5701, corners given; docs/PHOTO.md): median
# 0.00 radius in the upper quarters, -0.02 to -0.03 near the horizontal, -0.07 to -0.15
# below.  90 (the upper half) gave the 16 test renders a median of 3.98 mm, 110 3.82 mm.
LOWER_SECTOR_DEG = 110.0
RAY_FROM, RAY_TO, RAY_STEP_PX = 0.3, 1.9, 0.25  # each ray's samples, in radii, and their step
REF_SAMPLES = 4  # each side's colour: the mean of this many samples
CLOTH_SURE = 0.8  # the samples beyond the edge at least this cloth-like
EDGE_BAND = (0.6, 1.4)  # an edge found this many radii out, else none
NEIGHBOUR_RADII = 3.5  # a ball within this many radii hides ...
NEIGHBOUR_HALF_ANGLE_DEG = 55.0  # ... the directions within this of its own
MIN_EDGES = 5  # fewer edges found: the centre as found
# ... or fewer than MIN_TOP_EDGES within TOP_SECTOR_DEG of straight up (the top places the
# centre along the view line; a ball against the far cushion shows the rail above it)
TOP_SECTOR_DEG, MIN_TOP_EDGES = 45.0, 3
HUBER_PX = 0.3
DIFF_M = 0.0005  # the numerical derivative's step on the table
MAX_MOVE_RADII = 0.5  # a fit that moves the centre more than this in the photo is refused


def outline_px(camera: Camera, centre_xyz: np.ndarray, radius_m: float,
               n: int = OUTLINE_POINTS) -> np.ndarray:
    """The ball's outline in the photo (n x 2 pixels): the circle where the cone from the
    camera's centre touches the sphere, projected."""
    eye = np.asarray(camera.centre_m, float) + np.array([0.0, 0.0, camera.plane_z_m])
    c = np.asarray(centre_xyz, float)
    axis = c - eye
    d = float(np.linalg.norm(axis))
    axis /= d
    e1 = np.cross(axis, [0.0, 0.0, 1.0])
    if np.linalg.norm(e1) < 1e-9:
        e1 = np.cross(axis, [1.0, 0.0, 0.0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(axis, e1)
    ring_centre = c - radius_m * radius_m / d * axis
    ring_radius = radius_m * np.sqrt(max(d * d - radius_m * radius_m, 0.0)) / d
    phi = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
    pts = ring_centre + ring_radius * (np.cos(phi)[:, None] * e1 + np.sin(phi)[:, None] * e2)
    return camera.project(pts)


def _radii_at(outline: np.ndarray, origin: tuple[float, float],
              angles: np.ndarray) -> np.ndarray:
    """The outline's distance from ``origin`` along each direction (the outline in polar
    co-ordinates about the origin, interpolated; the origin inside it)."""
    d = outline - np.asarray(origin, float)
    theta = np.arctan2(d[:, 1], d[:, 0])
    rho = np.hypot(d[:, 0], d[:, 1])
    order = np.argsort(theta)
    theta, rho = theta[order], rho[order]
    theta = np.r_[theta[-1] - 2 * np.pi, theta, theta[0] + 2 * np.pi]
    rho = np.r_[rho[-1], rho, rho[0]]
    return np.interp(angles, theta, rho)


def edge_radii(linear: np.ndarray, likeness: np.ndarray, u: float, v: float, r: float,
               angles: np.ndarray) -> np.ndarray:
    """How far from (u, v) the ball's edge is along each direction (pixels; NaN where the cloth
    is not found beyond it): the first cloth-like sample going out, the edge placed where the
    colour in linear light is half way from the ball's just inside to the cloth's just
    outside.  ``linear`` and ``likeness``: :func:`~.outline.linear_light` and
    :func:`~.outline.cloth_likeness` of the photo (or of a patch, (u, v) in its pixels)."""
    cv = cv2()
    out = np.full(len(angles), np.nan)
    if len(angles) == 0:
        return out
    steps = np.arange(RAY_FROM * r, RAY_TO * r, RAY_STEP_PX)
    xs = (u + np.cos(angles)[:, None] * steps[None, :]).astype(np.float32)
    ys = (v + np.sin(angles)[:, None] * steps[None, :]).astype(np.float32)
    cloth = cv.remap(likeness, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
    colour = cv.remap(linear, xs, ys, cv.INTER_LINEAR, borderMode=cv.BORDER_REPLICATE)
    n = REF_SAMPLES
    for k in range(len(angles)):
        t = ball_to_cloth(cloth[k], colour[k], n, CLOTH_SURE)
        if t is None:
            continue
        rho = steps[0] + t * RAY_STEP_PX
        if EDGE_BAND[0] * r <= rho <= EDGE_BAND[1] * r:
            out[k] = rho
    return out


def usable_angles(u: float, v: float, r: float, neighbours: list) -> np.ndarray:
    """The directions (radians, the image's: 0 right, pi/2 down) to look for the edge along:
    :data:`RAYS` round, less the lower sector and those toward a neighbour ((u, v) pixels)."""
    angles = np.linspace(-np.pi, np.pi, RAYS, endpoint=False)
    down = np.abs(np.angle(np.exp(1j * (angles - np.pi / 2))))
    keep = down > np.radians(LOWER_SECTOR_DEG)
    for nu, nv in neighbours:
        if np.hypot(nu - u, nv - v) < NEIGHBOUR_RADII * r:
            to = np.arctan2(nv - v, nu - u)
            keep &= np.abs(np.angle(np.exp(1j * (angles - to)))) > np.radians(
                NEIGHBOUR_HALF_ANGLE_DEG)
    return angles[keep]


def fit_centre(camera: Camera, xy: np.ndarray, radius_m: float, origin: tuple[float, float],
               angles: np.ndarray, radii: np.ndarray) -> np.ndarray | None:
    """The ball's centre (x, y) on the plane z = R whose outline (:func:`outline_px`) best
    passes through the edges found (``radii`` along ``angles`` from ``origin``; Gauss-Newton,
    Huber's loss); None where too few edges were found or above the ball."""
    ok = np.isfinite(radii)
    top = np.abs(np.angle(np.exp(1j * (angles + np.pi / 2)))) <= np.radians(TOP_SECTOR_DEG)
    if ok.sum() < MIN_EDGES or (ok & top).sum() < MIN_TOP_EDGES:
        return None
    angles, radii = angles[ok], radii[ok]
    p = np.asarray(xy, float).copy()

    def residuals(q):
        pts = outline_px(camera, np.array([q[0], q[1], radius_m]), radius_m)
        return _radii_at(pts, origin, angles) - radii

    for _ in range(8):
        res = residuals(p)
        jac = np.c_[(residuals(p + [DIFF_M, 0.0]) - res) / DIFF_M,
                    (residuals(p + [0.0, DIFF_M]) - res) / DIFF_M]
        w = np.sqrt(np.minimum(1.0, HUBER_PX / np.maximum(np.abs(res), 1e-9)))
        step, *_ = np.linalg.lstsq(jac * w[:, None], -res * w, rcond=None)
        p += step
        if np.hypot(*step) < 1e-5:
            break
    return p if np.all(np.isfinite(p)) else None


def refit(bgr: np.ndarray, cloth_bgr: np.ndarray, camera: Camera, xy: np.ndarray,
          radius_m: float, uv: tuple[float, float], r_px: float,
          neighbours: list) -> np.ndarray | None:
    """The ball found at table ``xy`` (its centre at ``uv`` in the photo, ``r_px`` its radius
    there, ``neighbours`` the other balls' (u, v)) placed by its silhouette: (x, y), or None
    where its edge is not seen well enough or the fit moves it more than
    :data:`MAX_MOVE_RADII` in the photo."""
    u, v = uv
    reach = RAY_TO * r_px + 3
    x0, y0 = max(0, int(u - reach)), max(0, int(v - reach))
    x1, y1 = min(bgr.shape[1], int(u + reach) + 2), min(bgr.shape[0], int(v + reach) + 2)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    patch = bgr[y0:y1, x0:x1].astype(np.float32)
    angles = usable_angles(u, v, r_px, neighbours)
    radii = edge_radii(linear_light(patch), cloth_likeness(patch, cloth_bgr), u - x0, v - y0,
                       r_px, angles)
    p = fit_centre(camera, xy, radius_m, (u, v), angles, radii)
    if p is None:
        return None
    moved = camera.project(np.array([[p[0], p[1], radius_m]]))[0] - np.array([u, v])
    return p if np.hypot(*moved) <= MAX_MOVE_RADII * r_px else None


def placed_by_silhouette(bgr: np.ndarray, cloth_bgr: np.ndarray, camera: Camera,
                         radius_m: float, placed: tuple, r_px: float, others: list) -> tuple:
    """(u, v, x, y) of a ball found at ``placed`` (the same four) placed by its whole
    silhouette (:func:`refit`), or ``placed`` where it cannot be."""
    u, v, x, y = placed
    p = refit(bgr, cloth_bgr, camera, np.array([x, y]), radius_m, (u, v), r_px, others)
    if p is None:
        return placed
    nu, nv = camera.project(np.array([[p[0], p[1], radius_m]]))[0]
    return float(nu), float(nv), float(p[0]), float(p[1])

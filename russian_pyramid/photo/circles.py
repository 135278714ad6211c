"""A ball's circle in the photo from its outline's pixels (issue 31): the edge pixels of a
mask, a free circle through them (Kasa) and one of a given radius (Gauss-Newton)."""
from __future__ import annotations

import numpy as np

from .imaging import cv2


def edge_points(mask: np.ndarray) -> np.ndarray:
    """The pixels of ``mask`` (uint8 0/1) on its edge, as (u, v) points."""
    cv = cv2()
    ev, eu = np.nonzero(mask - cv.erode(mask, np.ones((3, 3), np.uint8)))
    return np.c_[eu, ev].astype(float)


def _fit_circle(points: np.ndarray) -> tuple[float, float, float] | None:
    """Least-squares circle (Kasa) through edge points: (u, v, radius)."""
    if len(points) < 8:
        return None
    x, y = points[:, 0], points[:, 1]
    a = np.c_[2 * x, 2 * y, np.ones(len(x))]
    sol, *_ = np.linalg.lstsq(a, x * x + y * y, rcond=None)
    r2 = sol[2] + sol[0] ** 2 + sol[1] ** 2
    return (float(sol[0]), float(sol[1]), float(np.sqrt(r2))) if r2 > 0 else None


def _fit_fixed(points: np.ndarray, u: float, v: float, r: float) -> tuple[float, float]:
    """The centre of the circle of radius ``r`` nearest the points (Gauss-Newton from (u, v),
    points more than a third of the radius off the circle left out: another ball's edge)."""
    c = np.array([u, v], float)
    for _ in range(8):
        d = points - c
        dist = np.hypot(d[:, 0], d[:, 1])
        use = (np.abs(dist - r) < r / 3) & (dist > 1e-9)
        if use.sum() < 6:
            break
        j = -d[use] / dist[use, None]  # d(dist)/d(c)
        res = dist[use] - r
        step, *_ = np.linalg.lstsq(j, -res, rcond=None)
        c += step
        if np.hypot(*step) < 0.01:
            break
    return float(c[0]), float(c[1])


def refine(edge_pts: np.ndarray, peak, others) -> tuple[float, float, float]:
    """The peak's circle from the edge points round it that face away from its neighbours:
    a free circle, then one of the expected radius (the camera's) fitted to the same points."""
    u, v, _, r = peak
    d = np.hypot(edge_pts[:, 0] - u, edge_pts[:, 1] - v)
    near = edge_pts[(d > 0.5 * r) & (d < 1.6 * r)]
    for o in others:
        if len(near) == 0:
            break
        dn = np.hypot(near[:, 0] - u, near[:, 1] - v)
        do = np.hypot(near[:, 0] - o[0], near[:, 1] - o[1])
        near = near[dn < do]
    fit = _fit_circle(near)
    if fit is None or not (0.7 * r < fit[2] < 1.4 * r) or np.hypot(fit[0] - u, fit[1] - v) > 0.6 * r:
        fit = (float(u), float(v), float(r))
    if len(near) >= 8:
        cu, cv_ = _fit_fixed(near, fit[0], fit[1], r - 0.5)  # edge pixels lie half a pixel in
        if np.hypot(cu - u, cv_ - v) < 0.6 * r:
            return cu, cv_, fit[2]
    return fit


def ring_share(mask: np.ndarray, u: float, v: float, r: float,
               radii: tuple[float, float]) -> float:
    """The part of the ring between ``radii`` (in radii ``r``) round (u, v) that ``mask``
    covers."""
    lo, hi = radii
    v0, v1 = max(int(v - hi * r), 0), min(int(v + hi * r) + 1, mask.shape[0])
    u0, u1 = max(int(u - hi * r), 0), min(int(u + hi * r) + 1, mask.shape[1])
    yy, xx = np.mgrid[v0:v1, u0:u1]
    d2 = (xx - u) ** 2 + (yy - v) ** 2
    ring = (d2 >= (lo * r) ** 2) & (d2 <= (hi * r) ** 2)
    return float(mask[v0:v1, u0:u1][ring].mean()) if ring.any() else 0.0


def lower_cover(mask: np.ndarray, fit: tuple[float, float, float]) -> float:
    """The part of the lower half of the fitted disc (u, v, radius) that the mask covers."""
    u, v, r = fit
    if r <= 0:
        return 0.0
    v0, v1 = max(int(v), 0), min(int(v + r) + 1, mask.shape[0])
    u0, u1 = max(int(u - r), 0), min(int(u + r) + 1, mask.shape[1])
    yy, xx = np.mgrid[v0:v1, u0:u1]
    half = ((xx - u) ** 2 + (yy - v) ** 2 <= r * r) & (yy >= v)
    return float(mask[v0:v1, u0:u1][half].mean()) if half.any() else 0.0

"""The camera geometry of a photo of the table (issue 31): a homography from a plane of the
table to the image, the camera it implies, and rays from pixels back to the table.

Frames: the table's (docs/FORMATS.md: x from the house cushion, y across, z up, metres) and
the image's (column u to the right, row v down, pixels).  The camera is a pinhole with square
pixels and its principal point at the image's centre (a phone's photo, uncropped); its focal
length is not known and is found from the homography (Zhang's two constraints on a plane's
rotation, solved for one unknown in least squares).
"""
from __future__ import annotations

from dataclasses import dataclass
import math

import numpy as np


class GeometryError(ValueError):
    """The points given do not make a camera looking at a rectangle from above."""


def homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3x3 matrix H (H[2,2] = 1) with ``dst ~ H @ [src, 1]`` for four or more point pairs
    (the direct linear transform, least squares through the SVD; exact for four points in
    general position)."""
    src = np.asarray(src, float)
    dst = np.asarray(dst, float)
    if src.shape != dst.shape or src.ndim != 2 or src.shape[1] != 2 or len(src) < 4:
        raise GeometryError(f"homography needs >= 4 point pairs, got {src.shape} and {dst.shape}")
    rows = []
    for (x, y), (u, v) in zip(src, dst):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, -u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, -v])
    _, s, vt = np.linalg.svd(np.asarray(rows))
    h = vt[-1].reshape(3, 3)
    if abs(h[2, 2]) < 1e-12 or s[-2] < 1e-12 * s[0]:
        raise GeometryError("the points are degenerate (three on a line)")
    return h / h[2, 2]


def apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (N x 2) mapped through the homography ``h``."""
    p = np.asarray(points, float)
    q = np.c_[p, np.ones(len(p))] @ np.asarray(h).T
    return q[:, :2] / q[:, 2:3]


@dataclass(frozen=True)
class Camera:
    """A pinhole camera in the table's frame, relative to a horizontal plane at ``plane_z_m``:
    ``rotation`` takes plane-frame vectors to camera-frame ones, ``centre_m`` is the camera's
    centre (x, y, height above the plane), ``focal_px`` the focal length, ``principal_px``
    the image's centre."""

    focal_px: float
    principal_px: tuple[float, float]
    rotation: np.ndarray
    centre_m: np.ndarray
    plane_z_m: float

    def ray(self, pixels: np.ndarray) -> np.ndarray:
        """Unit directions (plane frame) of the rays through ``pixels`` (N x 2)."""
        p = np.asarray(pixels, float)
        d = np.c_[(p[:, 0] - self.principal_px[0]) / self.focal_px,
                  (p[:, 1] - self.principal_px[1]) / self.focal_px, np.ones(len(p))]
        w = d @ self.rotation  # = (R^T d^T)^T
        return w / np.linalg.norm(w, axis=1, keepdims=True)

    def to_height(self, pixels: np.ndarray, z_m: float) -> np.ndarray:
        """Where the rays through ``pixels`` meet the horizontal plane at height ``z_m`` (table
        frame): table (x, y), N x 2."""
        w = self.ray(pixels)
        dz = (z_m - self.plane_z_m) - self.centre_m[2]
        s = dz / np.where(np.abs(w[:, 2]) < 1e-12, -1e-12, w[:, 2])
        return self.centre_m[:2] + s[:, None] * w[:, :2]

    def project(self, points_xyz: np.ndarray) -> np.ndarray:
        """Pixels of table points (N x 3, z in the table's frame)."""
        p = np.asarray(points_xyz, float).copy()
        p[:, 2] -= self.plane_z_m
        c = (p - self.centre_m) @ self.rotation.T
        return np.c_[self.principal_px[0] + self.focal_px * c[:, 0] / c[:, 2],
                     self.principal_px[1] + self.focal_px * c[:, 1] / c[:, 2]]

    def distance_m(self, points_xyz: np.ndarray) -> np.ndarray:
        p = np.asarray(points_xyz, float).copy()
        p[:, 2] -= self.plane_z_m
        return np.linalg.norm(p - self.centre_m, axis=1)


def focal_from_homography(h: np.ndarray, principal_px: tuple[float, float]) -> float | None:
    """The focal length (pixels) that makes ``h`` (plane -> image) a rotation of a plane seen by
    a camera with square pixels centred at ``principal_px``; None when the constraints do not
    give a positive one (a plane seen square on: the focal length cannot be told)."""
    t = np.array([[1, 0, -principal_px[0]], [0, 1, -principal_px[1]], [0, 0, 1.0]])
    m = t @ h
    h11, h12, h21, h22, h31, h32 = m[0, 0], m[0, 1], m[1, 0], m[1, 1], m[2, 0], m[2, 1]
    a = np.array([h11 * h12 + h21 * h22, h11 ** 2 + h21 ** 2 - h12 ** 2 - h22 ** 2])
    b = np.array([h31 * h32, h31 ** 2 - h32 ** 2])
    denom = float(a @ a)
    if denom <= 0:
        return None
    u = -float(a @ b) / denom  # 1 / f^2
    return 1.0 / math.sqrt(u) if u > 0 else None


def camera_from_homography(h: np.ndarray, principal_px: tuple[float, float],
                           plane_z_m: float, focal_px: float | None = None) -> Camera:
    """The camera of a homography from a horizontal plane (table x, y at height
    ``plane_z_m``) to the image.  Raises :class:`GeometryError` for a camera below the plane
    (a mirrored order of corners) or no focal length."""
    f = focal_px or focal_from_homography(h, principal_px)
    if f is None or not math.isfinite(f):
        raise GeometryError("no focal length fits these corners")
    k_inv = np.array([[1 / f, 0, -principal_px[0] / f], [0, 1 / f, -principal_px[1] / f],
                      [0, 0, 1.0]])
    m = k_inv @ h
    lam = (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1])) / 2
    r1, r2, t = m[:, 0] / lam, m[:, 1] / lam, m[:, 2] / lam
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    r = np.c_[r1, r2, np.cross(r1, r2)]
    u, _, vt = np.linalg.svd(r)
    r = u @ vt
    centre = -r.T @ t
    if centre[2] <= 0:
        raise GeometryError("the corners are in mirrored order (the camera comes out under "
                            "the table)")
    return Camera(focal_px=float(f), principal_px=(float(principal_px[0]), float(principal_px[1])),
                  rotation=r, centre_m=centre, plane_z_m=float(plane_z_m))

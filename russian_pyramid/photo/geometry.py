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


def _in_camera(h: np.ndarray, principal_px: tuple[float, float], focal_px: float) -> np.ndarray:
    """``h`` (plane -> image) taken into the camera's frame: K^-1 h, K the intrinsics of
    square pixels with this focal length centred at ``principal_px``."""
    f = focal_px
    k_inv = np.array([[1 / f, 0, -principal_px[0] / f], [0, 1 / f, -principal_px[1] / f],
                      [0, 0, 1.0]])
    return k_inv @ h


def rectangle_residual(h: np.ndarray, principal_px: tuple[float, float], focal_px: float) -> float:
    """How far ``h`` (plane -> image) is from a rotation of the plane seen by a camera with
    square pixels, this focal length, centred at ``principal_px``: the larger of the log-ratio
    of the plane's two axes' lengths in the camera's frame and the cosine of the angle between
    them (both 0 for the image of the rectangle the homography was fitted to; a quadrilateral
    of another shape, taken for it, gives more)."""
    m = _in_camera(h, principal_px, focal_px)
    a, b = np.linalg.norm(m[:, 0]), np.linalg.norm(m[:, 1])
    return max(abs(math.log(a / b)), abs(float(m[:, 0] @ m[:, 1]) / (a * b)))


def camera_from_homography(h: np.ndarray, principal_px: tuple[float, float],
                           plane_z_m: float, focal_px: float | None = None) -> Camera:
    """The camera of a homography from a horizontal plane (table x, y at height
    ``plane_z_m``) to the image.  Raises :class:`GeometryError` for a camera below the plane
    (a mirrored order of corners) or no focal length."""
    f = focal_px or focal_from_homography(h, principal_px)
    if f is None or not math.isfinite(f):
        raise GeometryError("no focal length fits these corners")
    m = _in_camera(h, principal_px, f)
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


def rotation_from_vector(v: np.ndarray) -> np.ndarray:
    """The rotation matrix of the rotation vector ``v`` (axis times angle, Rodrigues)."""
    theta = float(np.linalg.norm(v))
    if theta < 1e-12:
        return np.eye(3)
    k = np.asarray(v, float) / theta
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + math.sin(theta) * kx + (1 - math.cos(theta)) * kx @ kx


def vector_from_rotation(r: np.ndarray) -> np.ndarray:
    """The rotation vector of the rotation matrix ``r`` (the inverse of
    :func:`rotation_from_vector`, for angles below 180 degrees)."""
    r = np.asarray(r, float)
    cos = max(-1.0, min(1.0, (np.trace(r) - 1) / 2))
    theta = math.acos(cos)
    if theta < 1e-12:
        return np.zeros(3)
    w = np.array([r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1]])
    return theta * w / (2 * math.sin(theta))


def _pose(params: np.ndarray, principal_px: tuple[float, float], plane_z_m: float) -> Camera:
    rot = rotation_from_vector(params[0:3])
    return Camera(focal_px=float(math.exp(params[6])), principal_px=principal_px,
                  rotation=rot, centre_m=params[3:6].copy(), plane_z_m=plane_z_m)


def _line_residuals(params, principal_px, plane_z_m, segments, points) -> np.ndarray:
    cam = _pose(params, principal_px, plane_z_m)
    out = []
    for (a, b), pts in zip(segments, points):
        if len(pts) == 0:
            continue
        ends = cam.project(np.array([[a[0], a[1], plane_z_m], [b[0], b[1], plane_z_m]]))
        d = ends[1] - ends[0]
        n = np.array([-d[1], d[0]]) / max(float(np.hypot(*d)), 1e-9)
        out.append((pts - ends[0]) @ n)
    return np.concatenate(out) if out else np.empty(0)


def fit_camera_to_lines(cam: Camera, segments: list, points: list, huber_px: float = 0.5,
                        iterations: int = 25, fixed_focal: bool = False) -> Camera:
    """The camera (focal length, rotation, centre: 7 numbers; square pixels, the principal
    point kept) that puts the straight segments of the plane (``segments``: pairs of table
    (x, y) at the camera's plane) through the image ``points`` found on each (one array per
    segment), least squares on the points' distances to the projected lines with Huber's
    loss (``huber_px``), by Levenberg-Marquardt from ``cam``.  Fitting the whole camera to
    every side at once, rather than intersecting four lines fitted apart, keeps a side that is
    short in the photo (the far end seen from a corner) from swinging the corners.  (A
    rail standing above the cushions hides the outer edge of the cushion tops on the sides
    facing away from the camera; an eighth number for its height, fitted with the rest, made
    the render sets' corners worse: four sides' lines fix only eight numbers.)
    ``fixed_focal``: the focal length kept (6 numbers: three sides' lines fix only six, a
    table running out of the photo, :mod:`.framing`)."""
    x = np.r_[vector_from_rotation(cam.rotation), np.asarray(cam.centre_m, float),
              math.log(cam.focal_px)]
    args = (cam.principal_px, cam.plane_z_m, segments, points)

    def cost(params):
        r = _line_residuals(params, *args)
        a = np.abs(r)
        w = np.where(a <= huber_px, 1.0, huber_px / np.maximum(a, 1e-12))
        return r, w, float(np.sum(np.where(a <= huber_px, 0.5 * r * r,
                                           huber_px * (a - 0.5 * huber_px))))

    n = 6 if fixed_focal else 7
    r, w, c = cost(x)
    if len(r) < n:
        raise GeometryError(f"{len(r)} edge points cannot fix a camera's {n} numbers")
    lam = 1e-3
    for _ in range(iterations):
        jac = np.empty((len(r), n))
        for k in range(n):
            dx = np.zeros(7)
            dx[k] = JACOBIAN_STEP
            jac[:, k] = (_line_residuals(x + dx, *args) - r) / JACOBIAN_STEP
        jw = jac * w[:, None]
        g = jw.T @ r
        a = jw.T @ jac
        improved = False
        for _ in range(8):
            step = np.zeros(7)
            step[:n] = -np.linalg.solve(a + lam * np.diag(np.diag(a) + 1e-12), g)
            r_new, w_new, c_new = cost(x + step)
            if c_new < c:
                improved = abs(c - c_new) > 1e-9 * max(c, 1e-12)
                x, r, w, c = x + step, r_new, w_new, c_new
                lam = max(lam / 3, 1e-7)
                break
            lam *= 4
        if not improved:
            break
    fitted = _pose(x, *args[:2])
    if fitted.centre_m[2] <= 0:
        raise GeometryError("the fitted camera is under the table")
    return fitted


JACOBIAN_STEP = 1e-4  # radians, metres and log focal length: the forward differences' step

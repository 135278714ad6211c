"""Finding the table in a photo (issue 31): the cloth by its colour, then the quadrilateral of
its outer edge, then which side is which.

The cloth seen from above is the bed plus the cushions' tops, one colour; its outer edge (where
the cushions meet the wooden rail) is a rectangle :data:`CUSHION_TOP_WIDTH_M` outside the
playing area, at the cushion nose's height.  Its four sides are fitted to that edge's points
away from the corners (where the pockets notch it), and intersected.
"""
from __future__ import annotations

from dataclasses import dataclass
import math

import numpy as np

from sim.table import TableSpec

from .geometry import Camera, GeometryError, camera_from_homography, homography
from .imaging import cv2

# How wide the cushion's cloth-covered top is, from the nose to the rail, seen from above: no
# source in TableSpec or the federation's requirements; 50 mm is a typical pyramid cushion
# (the rubber's profile plus the cloth).  The validation set (benchmarks.photo_set) draws its
# cushions with this width: a table whose cushions differ shifts the positions by up to the
# difference, scaled toward the middle (see docs/PHOTO.md).
CUSHION_TOP_WIDTH_M = 0.050
WORK_WIDTH_PX = 1600  # the cloth is found on a copy at most this wide
MIN_CLOTH_FRACTION = 0.04  # a table smaller than this part of the photo is not looked for
SATURATION_MIN = 0.28  # cloth pixels: saturated (a ball, white or in shade, is not)
# A phone's lenses: 0.5x ultra-wide (13 mm equivalent: focal length 0.36 of the longer side)
# to 5x telephoto (120 mm: 3.3); held from a crouch to above the head (0.2-3.5 m above the
# cloth).  An outline that needs a camera outside these is not taken for a table.
FOCAL_RANGE = (0.3, 3.5)
HEIGHT_RANGE_M = (0.2, 3.5)
HUE_TOLERANCE = 14  # OpenCV hue units (0-180): the cloth's hue, give or take, lit or in shade


class NoTableError(ValueError):
    """No table was found in the photo (the message says what was missing)."""


@dataclass(frozen=True)
class TableView:
    """Where the table is in a photo: the camera relative to the cushion tops' plane, the
    cloth's hue and the mask of cloth pixels (full size)."""

    camera: Camera
    corners_px: np.ndarray  # playing-area corners NR, FR, FL, NL (x, y = 0,0 / L,0 / L,W / 0,W)
    cloth_hue: float
    cloth_mask: np.ndarray


def cloth_hue(hsv: np.ndarray) -> float:
    """The dominant hue of the saturated pixels in the middle half of the photo."""
    h, w = hsv.shape[:2]
    mid = hsv[h // 4: 3 * h // 4, w // 4: 3 * w // 4].reshape(-1, 3)
    sat = mid[(mid[:, 1] > 255 * SATURATION_MIN) & (mid[:, 2] > 40)]
    if len(sat) < 0.05 * len(mid):
        raise NoTableError("no coloured cloth in the middle of the photo")
    hist = np.bincount(sat[:, 0].astype(int), minlength=180).astype(float)
    hist = np.convolve(np.r_[hist[-5:], hist, hist[:5]], np.ones(5) / 5, mode="same")[5:-5]
    return float(np.argmax(hist))


def cloth_mask(hsv: np.ndarray, hue: float) -> np.ndarray:
    dh = np.abs(hsv[..., 0].astype(np.int16) - int(round(hue)))
    dh = np.minimum(dh, 180 - dh)
    return ((dh <= HUE_TOLERANCE) & (hsv[..., 1] > 255 * SATURATION_MIN)
            & (hsv[..., 2] > 25)).astype(np.uint8)


def _largest_component(mask: np.ndarray) -> np.ndarray:
    cv = cv2()
    closed = cv.morphologyEx(mask, cv.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv.connectedComponentsWithStats(closed, connectivity=8)
    if n < 2:
        raise NoTableError("no cloth region")
    k = 1 + int(np.argmax(stats[1:, cv.CC_STAT_AREA]))
    if stats[k, cv.CC_STAT_AREA] < MIN_CLOTH_FRACTION * mask.size:
        raise NoTableError(f"the largest cloth-coloured region covers "
                           f"{100 * stats[k, cv.CC_STAT_AREA] / mask.size:.1f} % of the photo "
                           f"(a table needs {100 * MIN_CLOTH_FRACTION:.0f} %)")
    return (labels == k).astype(np.uint8)


def _quad(region: np.ndarray) -> np.ndarray:
    """The four corners (image order round the region) of the quadrilateral fitted to the
    region's outer edge."""
    cv = cv2()
    contours, _ = cv.findContours(region, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv.contourArea).reshape(-1, 2).astype(float)
    hull = cv.convexHull(contour.astype(np.float32)).reshape(-1, 2)
    perimeter = cv.arcLength(hull, True)
    approx = None
    for eps in np.linspace(0.01, 0.1, 19):
        a = cv.approxPolyDP(hull, eps * perimeter, True).reshape(-1, 2)
        if len(a) == 4:
            approx = a.astype(float)
            break
    if approx is None:
        raise NoTableError("the cloth's outline is not a quadrilateral")
    lines = []
    for i in range(4):
        p, q = approx[i], approx[(i + 1) % 4]
        length = float(np.hypot(*(q - p)))
        point, direction = p, (q - p) / length
        band = 0.05 * length  # the outline's points near the side, then nearer the fitted line
        for _ in range(4):
            n = np.array([-direction[1], direction[0]])
            rel = contour - point
            along = (contour - p) @ (q - p) / length ** 2
            keep = (along > 0.12) & (along < 0.88) & (np.abs(rel @ n) < band)
            if keep.sum() < 10:
                break
            vx, vy, x0, y0 = cv.fitLine(contour[keep].astype(np.float32), cv.DIST_HUBER, 0,
                                        0.01, 0.01).ravel()
            point, direction = np.array([x0, y0]), np.array([vx, vy])
            band = max(2.0, band / 3)
        lines.append((point, direction))
    corners = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        a = np.array([d1, -d2]).T
        if abs(np.linalg.det(a)) < 1e-9:
            raise NoTableError("two sides of the cloth's outline are parallel")
        s = np.linalg.solve(a, p2 - p1)
        corners.append(p1 + s[0] * d1)
    return np.array(corners)


def _plausible(cam: Camera, shape: tuple[int, int]) -> bool:
    """A phone's lens and a person's hand: the focal length within
    :data:`FOCAL_RANGE` of the photo's longer side, the camera :data:`HEIGHT_RANGE_M` above
    the table."""
    f = cam.focal_px / max(shape)
    return (FOCAL_RANGE[0] <= f <= FOCAL_RANGE[1]
            and HEIGHT_RANGE_M[0] <= cam.centre_m[2] <= HEIGHT_RANGE_M[1])


def _orient(quad_px: np.ndarray, spec: TableSpec, shape: tuple[int, int]) -> tuple:
    """The corners in the order NR, FR, FL, NL of the outer rectangle, and the camera: of the
    two ways round a rectangle (long side first or short side first), the one a camera with
    square pixels can see; then the house end toward a camera at a short end, or on the left
    of a camera at the long side (y = 0 nearest it) - a photo cannot tell the two ends apart,
    so this convention is the command's (docs/PHOTO.md)."""
    L, W, c = spec.length_m, spec.width_m, CUSHION_TOP_WIDTH_M
    outer = np.array([(-c, -c), (L + c, -c), (L + c, W + c), (-c, W + c)])
    principal = ((shape[1] - 1) / 2, (shape[0] - 1) / 2)  # pixel centres at integers
    best = None
    for reverse in (False, True):
        q = quad_px[::-1] if reverse else quad_px
        for shift in range(4):
            order = np.roll(q, -shift, axis=0)
            try:
                cam = camera_from_homography(homography(outer, order), principal,
                                             spec.cushion_height_m)
            except GeometryError:
                continue
            cx, cy = cam.centre_m[:2]
            short_end = abs(cx - L / 2) / L > abs(cy - W / 2) / W
            near = cx < L / 2 if short_end else cy < W / 2
            if not near or not _plausible(cam, shape):
                continue
            # of the two shapes a camera can see, the one with the likelier lens
            score = abs(math.log(cam.focal_px / max(shape)))
            if best is None or score < best[0]:
                best = (score, order, cam)
    if best is None:
        raise NoTableError("the cloth's outline does not fit a table seen from above")
    return best[1], best[2]


def find_table(bgr: np.ndarray, spec: TableSpec) -> TableView:
    """The table in a photo (BGR, full size).  Raises :class:`NoTableError`."""
    cv = cv2()
    scale = min(1.0, WORK_WIDTH_PX / bgr.shape[1])
    small = cv.resize(bgr, None, fx=scale, fy=scale, interpolation=cv.INTER_AREA) \
        if scale < 1 else bgr
    hsv = cv.cvtColor(small, cv.COLOR_BGR2HSV)
    hue = cloth_hue(hsv)
    region = _largest_component(cloth_mask(hsv, hue))
    quad = (_quad(region) + 0.5) / scale - 0.5
    _, cam = _orient(quad, spec, bgr.shape[:2])
    return _view(cam, spec, hue, bgr)


def view_from_corners(bgr: np.ndarray, spec: TableSpec, corners_px: np.ndarray) -> TableView:
    """The table from the playing area's four corners tapped by the user (NR, FR, FL, NL:
    the house end's right corner first, then round the table)."""
    cv = cv2()
    L, W = spec.length_m, spec.width_m
    inner = np.array([(0, 0), (L, 0), (L, W), (0, W)], float)
    principal = ((bgr.shape[1] - 1) / 2, (bgr.shape[0] - 1) / 2)
    cam = camera_from_homography(homography(inner, corners_px), principal, spec.cushion_height_m)
    hsv = cv.cvtColor(bgr, cv.COLOR_BGR2HSV)
    inside = cam.project(np.c_[np.array([(L * .3, W * .3), (L * .5, W * .5), (L * .7, W * .7)]),
                               np.zeros(3)]).astype(int)
    h, w = bgr.shape[:2]
    px = [hsv[min(max(v, 0), h - 1), min(max(u, 0), w - 1)] for u, v in inside]
    hue = float(np.median([p[0] for p in px]))
    return _view(cam, spec, hue, bgr)


def _view(cam: Camera, spec: TableSpec, hue: float, bgr: np.ndarray) -> TableView:
    cv = cv2()
    L, W = spec.length_m, spec.width_m
    inner = cam.project(np.array([(0, 0, spec.cushion_height_m), (L, 0, spec.cushion_height_m),
                                  (L, W, spec.cushion_height_m), (0, W, spec.cushion_height_m)]))
    mask = cloth_mask(cv.cvtColor(bgr, cv.COLOR_BGR2HSV), hue)
    return TableView(camera=cam, corners_px=inner, cloth_hue=hue, cloth_mask=mask)

"""Finding the table in a photo (issue 31): the cloth by its colour, then the quadrilateral of
its outer edge, then which side is which.

The cloth seen from above is the bed plus the cushions' tops, one colour; its outer edge (where
the cushions meet the wooden rail) is a rectangle :data:`CUSHION_TOP_WIDTH_M` outside the
playing area, at the cushion nose's height.  Its four sides are fitted to that edge's points
away from the corners (where the pockets notch it), and intersected.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
import itertools
import math

import numpy as np

from sim.table import TableSpec

from .geometry import (Camera, GeometryError, camera_from_homography, fit_camera_to_lines,
                       focal_from_homography, homography, rectangle_residual)
from .corners import camera_through_corners
from .framing import PHONE_LENS_MM, partial_camera, runs_out
from .imaging import cv2
from .outline import cloth_likeness, edge_points, linear_light, outer_corners

# How wide the cushion's cloth-covered top is, from the nose to the rail, seen from above: no
# source in TableSpec or the federation's requirements; 50 mm is a typical pyramid cushion
# (the rubber's profile plus the cloth).  The validation set (benchmarks.photo_set) draws its
# cushions with this width: a table whose cushions differ shifts the positions by up to the
# difference, scaled toward the middle (see docs/PHOTO.md).
CUSHION_TOP_WIDTH_M = 0.050
WORK_WIDTH_PX = 1600  # the cloth is found on a copy at most this wide
# A table smaller than this part of the photo is not looked for: a 12 ft table framed whole
# by a player standing beyond a corner covers 2.5-25 % of a 4:3 phone photo (docs/PHOTO.md).
MIN_CLOTH_FRACTION = 0.02
MIN_HUE_SHARE = 0.01  # a hue holding less of the photo is not tried as the cloth's
MAX_HUES = 4  # hues tried, likeliest first
REGIONS_PER_MASK = 3  # regions of one hue tried, largest first
MIN_FILL = 0.80  # the cloth covers at least this part of its outline's quadrilateral
REFINE_HALF_WIDTHS_PX = (8.0, 3.0)  # the outline placed on profiles this wide, then narrower
MIN_CLOTH_TO_REFINE_PX = 500  # cloth pixels inside tapped corners needed to refine them
SATURATION_MIN = 0.28  # cloth pixels: saturated (a ball, white or in shade, is not)
# A phone's lenses: 0.5x ultra-wide (13 mm equivalent: focal length 0.36 of the longer side)
# to 5x telephoto (120 mm: 3.3); held from a crouch to above the head (0.2-3.5 m above the
# cloth).  An outline that needs a camera outside these is not taken for a table.
FOCAL_RANGE = (0.3, 3.5)
HEIGHT_RANGE_M = (0.2, 3.5)
# ... and within this of the table's middle across the floor: a 5x telephoto frames the whole
# table from about 12 m, and this is more than twice that.  The outline's fit can run off to a
# camera two thousand kilometres away that still has a phone's lens and height (a floor of
# the cloth's hue taken for the table, the photo held at a roll: seed 17011 case_022 turned
# by 8 deg), which put the four corners on one point outside the photo.
DISTANCE_MAX_M = 30.0
# A table seen square on (from overhead): the camera put this high (any height gives the same
# table seen so; a phone's at a standing player's reach, within HEIGHT_RANGE_M).
SQUARE_ON_HEIGHT_M = 2.5
HUE_TOLERANCE = 14  # OpenCV hue units (0-180): the cloth's hue, give or take, lit or in shade
# An outline is the table's only if it is the image of a rectangle of the table's shape
# (geometry.rectangle_residual at most this): over the 271 tables found in 270 renders of
# both generators the residual was at most 0.026 (99 % below 0.022); the wooden front of a
# table seen from an end (seed 8011, case_024: 0.47) and a cloth run into lamp shades of its
# hue (seed 4099, case_009: 0.31), each larger than the true cloth and taken for the table,
# are not.
RECTANGLE_MAX = 0.08
# When the outline's hull is no table (a lamp shade of the cloth's hue hanging over the far
# end joins the cloth's region and takes a corner's place), the sides are looked for as the
# straight runs of the outline: up to SIDE_LINES lines, each the one most of the outline's
# remaining points lie within SIDE_LINE_PX of (SIDE_TRIALS pairs of points tried, from a
# generator of fixed seed), each holding at least SIDE_MIN_SHARE of the outline's points;
# then every four of them that close a quadrilateral are tried as the table.
SIDE_LINES = 7
SIDE_LINE_PX = 2.0
SIDE_TRIALS = 400
SIDE_MIN_SHARE = 0.04
SIDE_SEED = 31
# ... and of those, the one that holds the most of its region, at least this part of it (the
# cloth and a lamp shade over it, seed 10007 case_019: 0.97; a table's wooden front or a
# floor's tiles, whose straight runs close quadrilaterals too: 0.82-0.88).
SIDE_REGION_SHARE = 0.92


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
    runs_out: bool = False  # the cloth runs out of the photo (framing.runs_out; found only)
    # read from the three sides seen (framing.partial_camera): "end" (from behind an end) or
    # "side" (from beside the table); None when framed whole
    partial: str | None = None


def cloth_hues(hsv: np.ndarray) -> list[float]:
    """The hues the cloth may have, likeliest first: the peaks of the hue histogram of the
    photo's saturated pixels, each holding at least :data:`MIN_HUE_SHARE` of the photo.  The
    biggest is not always the cloth's: a table framed whole from a standing height covers
    2-25 % of a phone's photo, and a wooden floor or a wall may hold more of it."""
    px = hsv.reshape(-1, 3)
    sat = px[(px[:, 1] > 255 * SATURATION_MIN) & (px[:, 2] > 40)]
    if len(sat) < MIN_CLOTH_FRACTION * len(px):
        raise NoTableError("no coloured cloth in the photo")
    hist = np.bincount(sat[:, 0].astype(int), minlength=180).astype(float)
    hist = np.convolve(np.r_[hist[-5:], hist, hist[:5]], np.ones(5) / 5, mode="same")[5:-5]
    peaks = [h for h in range(180)
             if hist[h] >= hist[h - 1] and hist[h] > hist[(h + 1) % 180]]
    peaks.sort(key=lambda h: -hist[h])
    hues: list[float] = []
    for h in peaks:
        # the window's mass, not the peak's height: one cloth is one hump
        d = np.abs(np.arange(180) - h)
        mass = hist[np.minimum(d, 180 - d) <= HUE_TOLERANCE].sum()
        if mass < MIN_HUE_SHARE * len(px) or any(min(abs(h - g), 180 - abs(h - g))
                                                 <= HUE_TOLERANCE for g in hues):
            continue
        hues.append(float(h))
        if len(hues) == MAX_HUES:
            break
    return hues


def cloth_mask(hsv: np.ndarray, hue: float, tolerance: int = HUE_TOLERANCE) -> np.ndarray:
    dh = np.abs(hsv[..., 0].astype(np.int16) - int(round(hue)))
    dh = np.minimum(dh, 180 - dh)
    return ((dh <= tolerance) & (hsv[..., 1] > 255 * SATURATION_MIN)
            & (hsv[..., 2] > 25)).astype(np.uint8)


def _components(mask: np.ndarray, tolerance: int) -> list[np.ndarray]:
    """The largest connected regions of ``mask`` (at most :data:`REGIONS_PER_MASK`), each at
    least :data:`MIN_CLOTH_FRACTION` of the photo.  With the narrower hue ``tolerance`` the
    mask is opened first, so that a floor or wall of a colour near the cloth's, touching the
    table's outline at a few pixels, comes apart from it."""
    cv = cv2()
    kernel = np.ones((5, 5), np.uint8)
    closed = cv.morphologyEx(mask, cv.MORPH_CLOSE, kernel)
    if tolerance < HUE_TOLERANCE:
        closed = cv.morphologyEx(closed, cv.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv.connectedComponentsWithStats(closed, connectivity=8)
    order = 1 + np.argsort(-stats[1:, cv.CC_STAT_AREA])
    return [(labels == k).astype(np.uint8) for k in order[:REGIONS_PER_MASK]
            if stats[k, cv.CC_STAT_AREA] >= MIN_CLOTH_FRACTION * mask.size]


def _crossing(a: tuple, b: tuple) -> np.ndarray | None:
    """Where two lines (point, unit direction) cross; None for parallel ones."""
    (p1, d1), (p2, d2) = a, b
    m = np.array([d1, -d2]).T
    if abs(np.linalg.det(m)) < 1e-9:
        return None
    return p1 + np.linalg.solve(m, p2 - p1)[0] * d1


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
    corners = [_crossing(lines[i - 1], lines[i]) for i in range(4)]
    if any(c is None for c in corners):
        raise NoTableError("two sides of the cloth's outline are parallel")
    return np.array(corners)


def _side_lines(region: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The straight runs of the region's outline, longest first, as (point, unit direction):
    see :data:`SIDE_LINES`."""
    cv = cv2()
    contours, _ = cv.findContours(region, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE)
    pts = max(contours, key=cv.contourArea).reshape(-1, 2).astype(float)
    need = SIDE_MIN_SHARE * len(pts)
    rng = np.random.default_rng(SIDE_SEED)
    lines = []
    while len(lines) < SIDE_LINES and len(pts) >= max(need, 2):
        pairs = rng.integers(0, len(pts), size=(SIDE_TRIALS, 2))
        d = pts[pairs[:, 1]] - pts[pairs[:, 0]]
        length = np.hypot(d[:, 0], d[:, 1])
        ok = length > 0
        normals = np.c_[-d[ok, 1], d[ok, 0]] / length[ok, None]
        origins = pts[pairs[ok, 0]]
        # each trial's inliers: points within SIDE_LINE_PX of its line (trials x points)
        dist = np.abs(normals @ pts.T - np.sum(normals * origins, axis=1)[:, None])
        counts = (dist < SIDE_LINE_PX).sum(axis=1)
        if len(counts) == 0 or counts.max() < need:
            break
        inliers = dist[int(np.argmax(counts))] < SIDE_LINE_PX
        vx, vy, x0, y0 = cv.fitLine(pts[inliers].astype(np.float32), cv.DIST_HUBER, 0,
                                    0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
        pts = pts[~inliers]
    return lines


def _quads_from_lines(lines: list, shape: tuple[int, int]) -> list[np.ndarray]:
    """Every convex quadrilateral four of the lines close (corners within a photo's size of
    the photo), its corners in order round it."""
    cv = cv2()
    h, w = shape
    out = []
    for four in itertools.combinations(lines, 4):
        for order in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 1, 3)):
            ls = [four[k] for k in order]
            corners = [_crossing(ls[i - 1], ls[i]) for i in range(4)]
            if any(c is None for c in corners):
                continue
            quad = np.array(corners)
            if np.any(quad < (-w, -h)) or np.any(quad > (2 * w, 2 * h)):
                continue
            if not cv.isContourConvex(np.round(quad).astype(np.int32)):
                continue
            out.append(quad)
    return out


def _plausible(cam: Camera, shape: tuple[int, int], spec: TableSpec) -> bool:
    """A phone's lens and a person's hand: the focal length within
    :data:`FOCAL_RANGE` of the photo's longer side, the camera :data:`HEIGHT_RANGE_M` above
    the table and within :data:`DISTANCE_MAX_M` of its middle."""
    f = cam.focal_px / max(shape)
    away = math.hypot(cam.centre_m[0] - spec.length_m / 2, cam.centre_m[1] - spec.width_m / 2)
    return (FOCAL_RANGE[0] <= f <= FOCAL_RANGE[1]
            and HEIGHT_RANGE_M[0] <= cam.centre_m[2] <= HEIGHT_RANGE_M[1]
            and away <= DISTANCE_MAX_M)


def _orient(quad_px: np.ndarray, spec: TableSpec, shape: tuple[int, int]) -> Camera:
    """The camera of the quadrilateral ``quad_px`` taken as the outer rectangle: of the ways
    round it (long side first or short side first), the one a camera with square pixels can
    see; then the house end toward a camera at a short end, or on the left
    of a camera at the long side (y = 0 nearest it) - a photo cannot tell the two ends apart,
    so this convention is the command's (docs/PHOTO.md)."""
    outer = outer_corners(spec, CUSHION_TOP_WIDTH_M)
    principal = ((shape[1] - 1) / 2, (shape[0] - 1) / 2)  # pixel centres at integers
    best = None
    for reverse in (False, True):
        q = quad_px[::-1] if reverse else quad_px
        for shift in range(4):
            h = homography(outer, np.roll(q, -shift, axis=0))
            try:
                cam = _camera_of_homography(h, principal, spec)
            except GeometryError:
                continue
            if not _plausible(cam, shape, spec) \
                    or rectangle_residual(h, principal, cam.focal_px) > RECTANGLE_MAX:
                continue
            # of the two shapes a camera can see, the one with the likelier lens; of the two
            # ways round it, the one the convention puts the camera at (a camera near the
            # table's diagonal is on the boundary: the nearer to it, if neither is)
            score = round(abs(math.log(cam.focal_px / max(shape))), 6)
            key = (score, -min(_nearness(cam, spec), 0.0))
            if best is None or key < best[0]:
                best = (key, cam)
    if best is None:
        raise NoTableError("the cloth's outline does not fit a table seen from above")
    return best[1]


def _camera_of_homography(h: np.ndarray, principal: tuple[float, float],
                          spec: TableSpec) -> Camera:
    """The camera of ``h`` (:func:`camera_from_homography`); for a table seen square on (from
    overhead, a broadcast's top view: no focal length can be told, and any gives the same
    table), the one :data:`SQUARE_ON_HEIGHT_M` above it."""
    try:
        return camera_from_homography(h, principal, spec.cushion_height_m)
    except GeometryError:
        if focal_from_homography(h, principal) is not None:
            raise
    probe = camera_from_homography(h, principal, spec.cushion_height_m, focal_px=1000.0)
    if probe.centre_m[2] <= 0:
        raise GeometryError("the corners are in mirrored order")
    return camera_from_homography(h, principal, spec.cushion_height_m,
                                  focal_px=1000.0 * SQUARE_ON_HEIGHT_M / probe.centre_m[2])


def _nearness(cam: Camera, spec: TableSpec) -> float:
    """Positive for a camera where the command's convention puts it (beyond the house end, or
    at the long side y = 0), negative beyond the other end or side: the camera's offset from
    the table's middle, in lengths along x or widths along y, whichever is larger, signed."""
    L, W = spec.length_m, spec.width_m
    u = (cam.centre_m[0] - L / 2) / L
    v = (cam.centre_m[1] - W / 2) / W
    return -u if abs(u) > abs(v) else -v


def _fill(region: np.ndarray, quad: np.ndarray) -> float:
    """The part of the quadrilateral ``quad`` that the region covers (a table's cloth: all of
    it but the pockets' notches and the balls, 0.85-0.98; a floor run into the cloth, or a
    shape that is no quadrilateral, much less)."""
    cv = cv2()
    area = abs(cv.contourArea(quad.astype(np.float32)))
    if area <= 0:
        return 0.0
    inside = np.zeros_like(region)
    cv.fillConvexPoly(inside, np.round(quad).astype(np.int32), 1)
    return float((region & inside).sum()) / area


def find_table(bgr: np.ndarray, spec: TableSpec, lens_mm: float = PHONE_LENS_MM) -> TableView:
    """The table in a photo (BGR, full size; ``lens_mm``: its lens, 35 mm equivalent, for
    a table that runs out of it).  Raises :class:`NoTableError`.

    Each candidate cloth (:func:`cloth_hues`, at two hue tolerances, the largest regions of
    each) is reduced to its outline's quadrilateral; one that a phone above a table can see
    (:func:`_orient`) and that the cloth fills (:data:`MIN_FILL`) is a table, the largest
    such one the table.  Where none is, the quadrilaterals four straight runs of each
    outline close are tried (:func:`_side_lines`), and the one holding the most of its
    region (at least :data:`SIDE_REGION_SHARE`) is the table.  Its outline is then found to
    a fraction of a pixel (:func:`russian_pyramid.photo.outline.edge_points`) and the camera fitted
    to it (:func:`russian_pyramid.photo.geometry.fit_camera_to_lines`), twice, on narrower
    profiles."""
    cv = cv2()
    scale = min(1.0, WORK_WIDTH_PX / bgr.shape[1])
    small = cv.resize(bgr, None, fx=scale, fy=scale, interpolation=cv.INTER_AREA) \
        if scale < 1 else bgr
    hsv = cv.cvtColor(small, cv.COLOR_BGR2HSV)
    why = f"no cloth-coloured region covers {100 * MIN_CLOTH_FRACTION:.0f} % of the photo"
    candidates = [(hue, region) for hue in cloth_hues(hsv)
                  for tolerance in (HUE_TOLERANCE, HUE_TOLERANCE // 2)
                  for region in _components(cloth_mask(hsv, hue, tolerance), tolerance)]
    best = None
    for hue, region in candidates:
        area = float(region.sum())
        if best is not None and area <= best[0]:
            continue
        try:
            quad = _quad(region)
            cam = _camera_of(quad, _fill(region, quad), scale, spec, bgr.shape[:2])
        except NoTableError as exc:
            why = str(exc)
            continue
        best = (area, hue, cam, region)
    lines: dict[int, list] = {}  # each region's straight runs, found once (by its index)
    if best is None:
        for k, (hue, region) in enumerate(candidates):
            region_px = float(region.sum())
            lines[k] = _side_lines(region)
            for quad in _quads_from_lines(lines[k], region.shape):
                fill = _fill(region, quad)
                share = fill * abs(cv.contourArea(quad.astype(np.float32))) / region_px
                if share < SIDE_REGION_SHARE or (best is not None and share <= best[0]):
                    continue
                try:
                    cam = _camera_of(quad, fill, scale, spec, bgr.shape[:2])
                except NoTableError:
                    continue
                best = (share, hue, cam, region)
    if best is None or runs_out(best[3]):  # the frame's edge may be taken for a side
        partial = _partial(bgr, small, spec, scale, candidates, lines, lens_mm)
        if partial is not None:
            return partial
    if best is None:
        if candidates and runs_out(candidates[0][1]):  # the likeliest cloth's largest region
            why = "the cloth runs out of the photo (frame the whole table, or give --corners)"
        raise NoTableError(why)
    _, hue, cam, region = best
    cam = fit_outline(bgr, spec, cam, np.median(small[region.astype(bool)], axis=0))
    return replace(_view(cam, spec, hue, bgr), runs_out=runs_out(region))


def _partial(bgr, small, spec: TableSpec, scale: float, candidates,
             lines: dict[int, list], lens_mm: float = PHONE_LENS_MM) -> TableView | None:
    """The table read from its three sides seen (:func:`russian_pyramid.photo.framing.
    partial_camera`), from the first cloth region running out of the photo that gives one
    (``lines``: the regions' straight runs found already, by their index in ``candidates``)."""
    for k, (hue, region) in enumerate(candidates):
        if not runs_out(region):
            continue
        if k not in lines:
            lines[k] = _side_lines(region)
        found = partial_camera(region, lines[k], scale, spec, bgr.shape[:2],
                               CUSHION_TOP_WIDTH_M, lambda c: _plausible(c, bgr.shape[:2], spec),
                               lens_mm)
        if found is not None:
            cam, framing = found
            cam = fit_outline(bgr, spec, cam, np.median(small[region.astype(bool)], axis=0),
                              fixed_focal=True)
            return replace(_view(cam, spec, hue, bgr), runs_out=True, partial=framing.name)
    return None


def _camera_of(quad: np.ndarray, fill: float, scale: float, spec: TableSpec,
               shape: tuple[int, int]) -> Camera:
    """The camera of the table whose outline is ``quad`` (on the photo scaled by ``scale``),
    if the cloth fills that part of it (:func:`_fill`, at least :data:`MIN_FILL`) and a phone
    can see it (:func:`_orient`)."""
    if fill < MIN_FILL:
        raise NoTableError(f"the cloth fills only {100 * fill:.0f} % of its outline")
    return _orient((quad + 0.5) / scale - 0.5, spec, shape)


def fit_outline(bgr: np.ndarray, spec: TableSpec, cam: Camera, cloth_bgr: np.ndarray,
                fixed_focal: bool = False) -> Camera:
    """``cam`` fitted to the cloth's outer edge found near where it puts it
    (:func:`russian_pyramid.photo.outline.edge_points`, :func:`fit_camera_to_lines`), on profiles
    :data:`REFINE_HALF_WIDTHS_PX` wide in turn; ``cam`` itself where the edge does not give a
    camera a phone could be."""
    likeness = cloth_likeness(bgr.astype(np.float32), cloth_bgr)
    linear = linear_light(bgr.astype(np.float32))
    outer = outer_corners(spec, CUSHION_TOP_WIDTH_M)
    segments = [(outer[i], outer[(i + 1) % 4]) for i in range(4)]
    for half_width_px in REFINE_HALF_WIDTHS_PX:
        points = edge_points(likeness, linear, cam, spec, CUSHION_TOP_WIDTH_M,
                             half_width_px)
        try:
            fitted = fit_camera_to_lines(cam, segments, points, fixed_focal=fixed_focal)
        except GeometryError:
            break
        if not _plausible(fitted, bgr.shape[:2], spec):
            break
        cam = fitted
    return cam


def _centred(cam: Camera, corners_px: np.ndarray, spec: TableSpec, shape) -> Camera:
    """The camera of the corners with its principal point at the image's centre (taps a few
    pixels off: the outline's fit moves the corners, not the principal point), or ``cam``."""
    L, W = spec.length_m, spec.width_m
    inner = np.array([(0, 0), (L, 0), (L, W), (0, W)], float)
    try:
        return camera_from_homography(homography(inner, corners_px),
                                      ((shape[1] - 1) / 2, (shape[0] - 1) / 2),
                                      spec.cushion_height_m)
    except GeometryError:
        return cam


def view_from_corners(bgr: np.ndarray, spec: TableSpec, corners_px: np.ndarray,
                      refine: bool = False) -> TableView:
    """The table from the playing area's four corners tapped by the user (NR, FR, FL, NL:
    the house end's right corner first, then round the table).  ``refine``: the corners are a
    finger's taps, a few pixels off; the camera is then fitted to the cloth's outline found
    near them (:func:`fit_outline`), as when the table is found by the program."""
    cv = cv2()
    L, W = spec.length_m, spec.width_m
    cam, corners_px = camera_through_corners(corners_px, spec, bgr.shape[:2])
    hsv = cv.cvtColor(bgr, cv.COLOR_BGR2HSV)
    inside = cam.project(np.c_[np.array([(L * .3, W * .3), (L * .5, W * .5), (L * .7, W * .7)]),
                               np.zeros(3)]).astype(int)
    h, w = bgr.shape[:2]
    px = [hsv[min(max(v, 0), h - 1), min(max(u, 0), w - 1)] for u, v in inside]
    hue = float(np.median([p[0] for p in px]))
    if refine:
        area = np.zeros(bgr.shape[:2], np.uint8)
        cv.fillConvexPoly(area, np.round(corners_px).astype(np.int32), 1)
        cloth = (cloth_mask(hsv, hue) & area).astype(bool)
        if cloth.sum() >= MIN_CLOTH_TO_REFINE_PX:  # from the camera centred on the image:
            cam = fit_outline(bgr, spec, _centred(cam, corners_px, spec, bgr.shape[:2]),
                              np.median(bgr[cloth], axis=0))  # the outline's fit keeps it
    return _view(cam, spec, hue, bgr)


def _view(cam: Camera, spec: TableSpec, hue: float, bgr: np.ndarray) -> TableView:
    cv = cv2()
    L, W = spec.length_m, spec.width_m
    inner = cam.project(np.array([(0, 0, spec.cushion_height_m), (L, 0, spec.cushion_height_m),
                                  (L, W, spec.cushion_height_m), (0, W, spec.cushion_height_m)]))
    mask = cloth_mask(cv.cvtColor(bgr, cv.COLOR_BGR2HSV), hue)
    return TableView(camera=cam, corners_px=inner, cloth_hue=hue, cloth_mask=mask)

"""Whether the table runs out of the photo, and its read from the rails seen (issue 57
item 4, framing).

A table framed whole is surrounded by its rail: its cloth's region never reaches the frame's
edge.  A photo whose cloth does (two corners out of the frame, the near end cut off) gives no
outline of four sides, and the detector may take the frame's edge for one (the position then
wrong, stretched along the view line): the answer says so (``photo.table_runs_out``) and the
command warns.

Such a photo is read from the three sides seen (:func:`partial_camera`): from behind an end
(:data:`END`), the far end and the two long sides running out of the frame; from beside the
table (:data:`SIDE`), the far long side and the two ends.  Three lines fix six of a camera's seven
numbers: a longer table further away looks the same.  The seventh is the focal length: the
photo's own lens where its EXIF data give it (``FocalLengthIn35mmFilm``, as phones write
it: :func:`russian_pyramid.photo.imaging.lens_35mm_mm`), else a phone's main camera's
(:data:`PHONE_LENS_MM`).  The balls' size cannot give it (a ball and the table's width at its
place shrink together) and the middle pockets are not in the cloth's outline on every table
(docs/PHOTO.md, "A table running out of the photo").  A photo taken with another lens and no
EXIF data, or cropped, is read at the wrong scale along the table.
"""
from __future__ import annotations

from dataclasses import dataclass
import itertools

import numpy as np

from sim.table import TableSpec

from .geometry import Camera
from .imaging import cv2

BORDER_PX = 2.0  # an outline's point this near the frame's edge lies on it
# At least this part of the cloth's outline on the frame's edge: the table runs out of the
# photo.  Tables framed whole (the 16 test renders, found): none of their outline there.
BORDER_SHARE = 0.03


def runs_out(region: np.ndarray) -> bool:
    """Whether the cloth's region (uint8 0/1, the photo's size or a scaled copy's) runs out
    of the photo: at least :data:`BORDER_SHARE` of its outline on the frame's edge."""
    cv = cv2()
    contours, _ = cv.findContours(region.astype(np.uint8), cv.RETR_EXTERNAL,
                                  cv.CHAIN_APPROX_NONE)
    if not contours:
        return False
    pts = max(contours, key=cv.contourArea).reshape(-1, 2).astype(float)
    h, w = region.shape[:2]
    edge = ((pts[:, 0] < BORDER_PX) | (pts[:, 1] < BORDER_PX)
            | (pts[:, 0] > w - 1 - BORDER_PX) | (pts[:, 1] > h - 1 - BORDER_PX))
    return float(edge.mean()) >= BORDER_SHARE


# A lens of F mm equivalent sees the 43.27 mm diagonal of a 36 x 24 mm frame, tan(half the
# diagonal's angle) = 21.63 / F; a phone's sensor is 4:3 (its longer side 0.8 of the diagonal;
# a 16:9 photo is the 4:3 sensor's width cut in height): the focal length is the longer side
# * F / (2 * 0.8 * 21.63).  The lens is the photo's own where its EXIF data say it
# (imaging.lens_35mm_mm), else a phone's main camera, 26 mm: 0.751 of the longer side.  The
# render sets' cameras: 0.722 (25 mm; 69.4 deg across the width, benchmarks.photo_set) and
# 0.751 (benchmarks.photo_scene_independent).
FRAME_DIAGONAL_MM = 43.27  # of the 36 x 24 mm frame the equivalent is stated for
SENSOR_SIDE_PER_DIAGONAL = 0.8  # a 4:3 sensor's longer side
PHONE_LENS_MM = 26.0


def focal_per_longer_side(lens_mm: float) -> float:
    """The focal length, in units of the photo's longer side, of a lens of ``lens_mm`` mm
    equivalent on a phone's 4:3 sensor."""
    return lens_mm / (SENSOR_SIDE_PER_DIAGONAL * FRAME_DIAGONAL_MM)


EDGE_LINE_PX = 3.0  # a straight run of the outline this near the frame's edge is the frame's
EDGE_LINE_SIN = 0.02  # ... and this near parallel to it
# The three sides taken as the table's: the cloth's region within their outline at least
# this part of it (as table_find.SIDE_REGION_SHARE), and the outline's part in the photo
# filled by the cloth at least PARTIAL_MIN_FILL (table_find.MIN_FILL).
PARTIAL_MIN_SHARE = 0.92
PARTIAL_MIN_FILL = 0.80
# ... and the region's outline off the frame's edge on the three sides' lines: at least
# PARTIAL_MIN_ON_SIDES of its points within PARTIAL_SIDE_PX of one (the pockets' notches,
# balls against the cushions and a lamp shade of the cloth's hue over the far end take the
# rest: 0.67 on the emulated photo of independent_10007_019; the end views read right, 0.9
# and more; a wrong choice of three of four sides seen, 0.3-0.6).
PARTIAL_MIN_ON_SIDES = 0.6
PARTIAL_SIDE_PX = 3.0
# The read holds for a camera behind the near end (or beside the near long side), between the
# lines of the two sides running out of the frame toward it, give or take this much across: a
# camera off a corner sees an end and a long side meet, which three sides taken as a far side
# and the two beside it misread (the emulated corner views of the 16 test renders: 1.1-3.1 m
# beyond the side).
PARTIAL_ACROSS_MARGIN_M = 0.6


@dataclass(frozen=True)
class Framing:
    """Which three sides of the table a photo that runs out of the frame shows, and the turn
    of the table's frame to the frame the three-sides solve works in (the far side at x' =
    depth + top, the two sides seen beside it at y' = -top and y' = span + top, the camera at
    x' < 0): ``v = turn @ p + (0, shift_by_length, 0) * L`` for a table point ``p``.
    ``near``: the two outer corners (NR, FR, FL, NL) out of the photo; ``seen``: the three
    sides seen, as pairs of those corners."""

    name: str
    turn: tuple[tuple[float, float, float], ...]
    shift_by_length: float
    near: tuple[int, int]
    seen: tuple[tuple[int, int], ...]

    def depth_span_m(self, spec: TableSpec) -> tuple[float, float]:
        """The playing area's extent along the view (to the far side) and across it."""
        return (spec.length_m, spec.width_m) if self.name == "end" else \
            (spec.width_m, spec.length_m)

    def _shift(self, spec: TableSpec) -> np.ndarray:
        return np.array([0.0, self.shift_by_length * spec.length_m, 0.0])

    def in_view(self, point: np.ndarray, spec: TableSpec) -> np.ndarray:
        """A table point in this framing's frame: ``M p + t``."""
        return np.array(self.turn) @ point + self._shift(spec)

    def to_table(self, cam: Camera, spec: TableSpec) -> Camera:
        """A camera found in this framing's frame, in the table's (its rotation R' M, its
        centre M^T (C' - t))."""
        m = np.array(self.turn)
        return Camera(focal_px=cam.focal_px, principal_px=cam.principal_px,
                      rotation=cam.rotation @ m, centre_m=m.T @ (cam.centre_m - self._shift(spec)),
                      plane_z_m=cam.plane_z_m)


# From behind the house end (y = 0 on the camera's right: the command's convention,
# table_find._orient) the near end NL-NR out of the photo; from beside the table, the house end
# on the camera's left and the near long side (y = 0) out of the photo: x' = y, y' = L - x.
END = Framing("end", ((1, 0, 0), (0, 1, 0), (0, 0, 1)), 0.0, (0, 3), ((0, 1), (1, 2), (2, 3)))
SIDE = Framing("side", ((0, 1, 0), (-1, 0, 0), (0, 0, 1)), 1.0, (0, 1),
               ((1, 2), (2, 3), (3, 0)))
FRAMINGS = (END, SIDE)


def _on_frame_edge(line, shape) -> bool:
    (x0, y0), (dx, dy) = line
    h, w = shape
    return (abs(dy) < EDGE_LINE_SIN and min(abs(y0), abs(y0 - (h - 1))) < EDGE_LINE_PX) or \
        (abs(dx) < EDGE_LINE_SIN and min(abs(x0), abs(x0 - (w - 1))) < EDGE_LINE_PX)


def _homog(line) -> np.ndarray:
    (x0, y0), (dx, dy) = line
    return np.cross([x0, y0, 1.0], [x0 + dx, y0 + dy, 1.0])


def camera_of_three_sides(far, side_a, side_b, focal_px: float, principal_px, spec: TableSpec,
                          top_width_m: float, framing: Framing = END) -> Camera | None:
    """The camera (focal length ``focal_px``) that sees the outer edge's far side on the line
    ``far`` and the two sides beside it on ``side_a`` and ``side_b`` (lines as point,
    direction, in the photo's pixels): for :data:`END` the far end (x = L + c) and the long
    sides, the camera beyond the house end; for :data:`SIDE` the far long side (y = W + c)
    and the ends, the camera beyond the near long side.  None where no such camera is (the
    far corners behind it, the table under it)."""
    depth, span = framing.depth_span_m(spec)
    k_inv = np.linalg.inv(np.array([[focal_px, 0, principal_px[0]],
                                    [0, focal_px, principal_px[1]], [0, 0, 1.0]]))
    lf, la, lb = _homog(far), _homog(side_a), _homog(side_b)
    corners = [np.cross(lf, la), np.cross(lf, lb)]
    if min(abs(c[2]) for c in corners) < 1e-9:
        return None
    rays = [k_inv @ (c / c[2]) for c in corners]
    d1 = k_inv @ np.cross(la, lb)  # the sides' direction: toward the far side, deeper
    d1 = d1 / np.linalg.norm(d1) * (1 if d1[2] >= 0 else -1)
    if rays[0][0] < rays[1][0]:  # the far side's right corner on the right of the photo
        rays = rays[::-1]
    d2 = np.cross(np.cross(rays[0], rays[1]), d1)
    d2 /= np.linalg.norm(d2)
    if d2 @ (rays[1] / rays[1][2] - rays[0] / rays[0][2]) < 0:
        d2 = -d2
    d3 = np.cross(d1, d2)
    width = span + 2 * top_width_m
    (a, b), *_ = np.linalg.lstsq(np.c_[rays[0], -rays[1]], -width * d2, rcond=None)
    if a <= 0 or b <= 0:
        return None
    rot = np.c_[d1, d2, d3]
    far_right = np.array([depth + top_width_m, -top_width_m, 0.0])
    centre = far_right - rot.T @ (a * rays[0])
    if centre[2] <= 0:
        return None
    return framing.to_table(Camera(focal_px=float(focal_px),
                                   principal_px=tuple(map(float, principal_px)),
                                   rotation=rot, centre_m=centre,
                                   plane_z_m=spec.cushion_height_m), spec)


def _beyond_near_side(cam: Camera, spec: TableSpec, framing: Framing) -> bool:
    """Whether ``cam`` stands beyond the framing's near side and between the lines of the two
    sides beside it, give or take :data:`PARTIAL_ACROSS_MARGIN_M`."""
    _, span = framing.depth_span_m(spec)
    v = framing.in_view(cam.centre_m, spec)
    return v[0] < 0 and abs(v[1] - span / 2) <= span / 2 + PARTIAL_ACROSS_MARGIN_M


def _on_sides(points: np.ndarray, quad: np.ndarray, framing: Framing) -> float:
    """The part of ``points`` within :data:`PARTIAL_SIDE_PX` of the lines of the outline
    ``quad``'s three sides seen (those of ``framing``: all but the near one)."""
    if len(points) == 0:
        return 0.0
    near = np.full(len(points), np.inf)
    for i, j in framing.seen:
        a, b = quad[i], quad[j]
        d = b - a
        n = np.array([-d[1], d[0]]) / max(float(np.hypot(*d)), 1e-9)
        near = np.minimum(near, np.abs((points - a) @ n))
    return float((near <= PARTIAL_SIDE_PX).mean())


def partial_camera(region: np.ndarray, lines: list, scale: float, spec: TableSpec,
                   shape: tuple[int, int], top_width_m: float, plausible,
                   lens_mm: float = PHONE_LENS_MM) -> tuple[Camera, Framing] | None:
    """The table whose cloth's ``region`` (on the photo scaled by ``scale``) runs out of the
    photo, from the straight runs of its outline (``lines``: table_find's side lines, on the
    scaled photo): of every three of them not on the frame's edge taken as a far side and the
    two beside it, in each of :data:`FRAMINGS` (:func:`camera_of_three_sides`, a lens of
    ``lens_mm`` equivalent), the camera ``plausible`` accepts beyond the near side
    (:func:`_beyond_near_side`) whose near side is out of the photo, whose outline holds at
    least :data:`PARTIAL_MIN_SHARE` of the region and is filled by it
    (:data:`PARTIAL_MIN_FILL`) where in the photo, and whose three sides seen run along the
    most of the region's outline; with its framing; None if none."""
    cv = cv2()
    h, w = shape
    inner = [ln for ln in lines if not _on_frame_edge(ln, region.shape)]
    full = [((np.asarray(p) + 0.5) / scale - 0.5, np.asarray(d)) for p, d in inner]
    principal = ((w - 1) / 2, (h - 1) / 2)
    focal = focal_per_longer_side(lens_mm) * max(h, w)
    outer = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)]) * top_width_m \
        + np.array([(0, 0), (spec.length_m, 0), (spec.length_m, spec.width_m), (0, spec.width_m)])
    region_px = float(region.sum())
    contours, _ = cv.findContours(region.astype(np.uint8), cv.RETR_EXTERNAL,
                                  cv.CHAIN_APPROX_NONE)
    if not contours:
        return None
    rim = max(contours, key=cv.contourArea).reshape(-1, 2).astype(float)
    rh, rw = region.shape
    rim = rim[(rim[:, 0] > EDGE_LINE_PX) & (rim[:, 1] > EDGE_LINE_PX)
              & (rim[:, 0] < rw - 1 - EDGE_LINE_PX) & (rim[:, 1] < rh - 1 - EDGE_LINE_PX)]
    best = None
    for framing, far, (side_a, side_b) in itertools.product(
            FRAMINGS, range(len(full)), itertools.combinations(range(len(full)), 2)):
        if far in (side_a, side_b):
            continue
        cam = camera_of_three_sides(full[far], full[side_a], full[side_b], focal, principal,
                                    spec, top_width_m, framing)
        if cam is None or not plausible(cam) or not _beyond_near_side(cam, spec, framing):
            continue
        if np.any((np.c_[outer, np.zeros(4)] - cam.centre_m) @ cam.rotation[2] <= 0):
            continue  # a corner behind the camera
        pts = np.c_[outer, np.full(4, spec.cushion_height_m)]
        quad = np.clip((cam.project(pts) + 0.5) * scale - 0.5, -1e6, 1e6)
        near = quad[list(framing.near)]
        if np.all((near >= 0) & (near <= (region.shape[1] - 1, region.shape[0] - 1)), axis=1).any():
            continue  # a near corner in the photo: not a table running out of it
        inside = np.zeros_like(region)
        cv.fillConvexPoly(inside, np.round(quad).astype(np.int32), 1)
        held = float((region & inside).sum())
        share, fill = held / region_px, held / max(float(inside.sum()), 1.0)
        on_sides = _on_sides(rim, quad, framing)
        if share >= PARTIAL_MIN_SHARE and fill >= PARTIAL_MIN_FILL \
                and on_sides >= PARTIAL_MIN_ON_SIDES and (best is None or on_sides > best[0]):
            best = (on_sides, cam, framing)
    return None if best is None else (best[1], best[2])

"""``pyramid photo``'s service (issue 31): a photo of the table in, a position out.

:func:`read_position` takes a photo (a path or the file's bytes), finds the table (or takes
the four corners the user tapped), finds the balls and answers a :class:`PhotoPosition`: the
position document of docs/FORMATS.md (``table``, ``balls``, ``cue_in_hand``) whose ids are
"cue" for the cue ball and "?1", "?2"... for the object balls, whose numbers are not read,
plus per ball the detector's confidence and where it is in the photo (docs/PHOTO.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import time

import numpy as np

from engine.errors import excerpt
from sim.presets import UnknownTableError, table_by_name
from sim.table import TableSpec

from ..errors import UserInputError
from .balls import cue_colour, cue_index, find_balls
from .framing import PHONE_LENS_MM
from .geometry import GeometryError
from .imaging import WORK_MAX_WIDTH_PX, cv2, decode, lens_35mm_mm, read_photo_bytes
from .table_find import NoTableError, find_table, view_from_corners
from .table_size import sized

# The detector's centre error, in the pixels of the copy it reads (at most WORK_MAX_WIDTH_PX
# wide): the median over the 16 test renders' 373 balls within 20 mm (found and corners given)
# of each one's error over the metres a pixel spans at its place: 0.39 (90 % under 0.69; 98 %
# of the balls within twice the error so expected).  With the balls placed by their silhouette
# (issue 57 item 5) 0.30 (90 % under 0.66; 97 % within twice 0.4): kept at 0.4.
CENTRE_ERROR_PX = 0.4
# A ball whose expected error is over this is uncertain (the board marks it): the issue's
# median limit (docs/PHOTO.md), twice over at the 90th percentile, near the 20 mm of "found".
UNCERTAIN_M = 0.010
UNREAD_PREFIX = "?"  # an object ball whose number is not read: "?1", "?2"... (INTERFACES)


@dataclass(frozen=True)
class PhotoBall:
    id: str
    x_m: float
    y_m: float
    confidence: float
    u_px: float  # where its centre is in the photo (the photo's own pixels)
    v_px: float
    radius_px: float
    # the error to expect in its place on the table (issue 57 item 5): the detector's centre
    # error in pixels times the table's metres a pixel spans there, along the view line
    error_m: float = 0.0

    def to_json(self) -> dict:
        return {"id": self.id, "x_m": round(self.x_m, 4), "y_m": round(self.y_m, 4),
                "confidence": self.confidence, "u_px": round(self.u_px, 1),
                "v_px": round(self.v_px, 1), "radius_px": round(self.radius_px, 1),
                "error_mm": round(1000 * self.error_m, 1),
                "uncertain": self.error_m > UNCERTAIN_M}


@dataclass(frozen=True)
class PhotoPosition:
    table: str
    balls: tuple[PhotoBall, ...]
    cue_colour: str | None  # "red", "yellow", "white" (pool's), or None: no ball looked like it
    corners_px: tuple[tuple[float, float], ...]  # playing area NR, FR, FL, NL in the photo
    width_px: int
    height_px: int
    camera_height_m: float
    focal_px: float
    seconds: float = field(compare=False, default=0.0)
    # the playing area (L, W) and the balls' diameter read, in metres (issue 57: any table;
    # the preset's unless --table-size / --ball-diameter were given)
    table_size_m: tuple[float, float] | None = None
    ball_diameter_m: float | None = None
    # the table's cloth runs out of the photo (issue 57 item 4: framing.runs_out)
    table_runs_out: bool = False
    # read from the three sides seen (issue 57 item 4: framing.partial_camera), the scale
    # along the view from the lens: from behind an end, the playing area seen from this x
    # (metres from the house cushion) to the far cushion; from beside the table, from this y
    # (metres from the near long cushion, y = 0) to the far one; None when framed whole
    seen_from_x_m: float | None = None
    seen_from_y_m: float | None = None
    # ... with the lens (mm, 35 mm equivalent) read from the photo's EXIF data or assumed
    lens_mm: float | None = None
    lens_from_exif: bool = False

    def spec(self) -> TableSpec:
        """The table read: the preset ``table`` at the size read."""
        return sized(table_by_name(self.table), self.table_size_m, self.ball_diameter_m)

    def to_json(self) -> dict:
        """The position document plus ``photo``: what the detector saw."""
        return {"table": self.table,
                "balls": {b.id: [round(b.x_m, 4), round(b.y_m, 4)] for b in self.balls},
                "cue_in_hand": False,
                "confidence": {b.id: b.confidence for b in self.balls},
                "photo": {"width_px": self.width_px, "height_px": self.height_px,
                          "corners_px": [[round(u, 1), round(v, 1)] for u, v in self.corners_px],
                          "camera_height_m": round(self.camera_height_m, 3),
                          "focal_px": round(self.focal_px, 1), "cue_colour": self.cue_colour,
                          "balls": [b.to_json() for b in self.balls],
                          **({"table_size_m": [round(v, 4) for v in self.table_size_m]}
                             if self.table_size_m is not None else {}),
                          **({"ball_diameter_m": round(self.ball_diameter_m, 5)}
                             if self.ball_diameter_m is not None else {}),
                          **({"table_runs_out": True} if self.table_runs_out else {}),
                          **({"partial_view": {
                              **({"seen_from_x_m": round(self.seen_from_x_m, 3)}
                                 if self.seen_from_x_m is not None else {}),
                              **({"seen_from_y_m": round(self.seen_from_y_m, 3)}
                                 if self.seen_from_y_m is not None else {}),
                              "lens_mm": self.lens_mm,
                              "lens_from": "exif" if self.lens_from_exif else "assumed"}}
                             if self.lens_mm is not None else {}),
                          "seconds": round(self.seconds, 3)}}


def metres_per_pixel(camera, uv: tuple[float, float], z_m: float) -> float:
    """How many metres of the plane at height ``z_m`` a pixel at ``uv`` spans, the most in
    any direction (along the view line: a grazing view's far end spans the most)."""
    u, v = uv
    pts = camera.to_height(np.array([[u - 0.5, v], [u + 0.5, v], [u, v - 0.5], [u, v + 0.5]]),
                           z_m)
    jac = np.c_[pts[1] - pts[0], pts[3] - pts[2]]
    return float(np.linalg.svd(jac, compute_uv=False)[0])


def seen_from_m(camera, spec: TableSpec, width_px: int, height_px: int,
                across: bool = False) -> float:
    """Where the playing area's seen part begins along the view: the smallest x (metres, 1 cm
    steps) at which its middle line along the table is in the photo (``width_px`` x
    ``height_px``); ``across`` (a view from beside the table): the smallest y at which its
    middle line across the table is."""
    L, W = spec.length_m, spec.width_m
    steps = np.arange(0.0, (W if across else L) + 1e-9, 0.01)
    middle = np.full(len(steps), L / 2 if across else W / 2)
    xy = np.c_[middle, steps] if across else np.c_[steps, middle]
    uv = camera.project(np.c_[xy, np.full(len(steps), spec.cushion_height_m)])
    inside = (uv[:, 0] >= 0) & (uv[:, 1] >= 0) & (uv[:, 0] <= width_px - 1) \
        & (uv[:, 1] <= height_px - 1)
    return float(steps[np.argmax(inside)]) if inside.any() else float(steps[-1])


def parse_corners(text: str) -> np.ndarray:
    """``X1,Y1,...,X4,Y4`` (pixels of the photo: the playing area's corners NR, FR, FL, NL)."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise UserInputError(f"--corners: {excerpt(text)} is not 8 numbers X1,Y1,...,X4,Y4",
                             field="corners") from None
    if len(values) != 8 or not all(np.isfinite(values)):
        raise UserInputError(f"--corners: {excerpt(text)} must be 8 finite numbers X1,Y1,...,X4,Y4 "
                             f"(got {len(values)})", field="corners")
    return np.array(values).reshape(4, 2)


def _corners_text(corners_px: np.ndarray) -> str:
    return excerpt(",".join(f"{v:g}" for v in np.asarray(corners_px, float).ravel()))


def _to_work(p, scale: float):
    """A pixel of the photo on the scaled copy (pixel centres at integers in both)."""
    return (p + 0.5) * scale - 0.5


def _from_work(q, scale: float):
    return (q + 0.5) / scale - 0.5


def read_position(photo, table: str = "pyramid-12ft",
                  corners_px: np.ndarray | None = None,
                  refine_corners: bool = False,
                  table_size_m: tuple[float, float] | None = None,
                  ball_diameter_m: float | None = None) -> PhotoPosition:
    """The position in a photo: ``photo`` a path or the bytes of a JPEG/PNG file;
    ``corners_px`` the playing area's corners if given, taken as they are or, with
    ``refine_corners`` (a finger's taps), as where to look for the outline;
    ``table_size_m`` (L, W) and ``ball_diameter_m``: another table's size than the preset's
    (validated: :mod:`.table_size`)."""
    start = time.perf_counter()
    try:
        spec = sized(table_by_name(table), table_size_m, ball_diameter_m)
    except UnknownTableError as exc:
        raise UserInputError(f"--table: {exc}", field="table") from None
    given = isinstance(photo, (bytes, bytearray))
    data = bytes(photo) if given else read_photo_bytes(photo)
    img = decode(data, what="photo" if given else str(photo))
    exif_lens_mm = lens_35mm_mm(data)
    cv = cv2()
    h0, w0 = img.shape[:2]
    scale = min(1.0, WORK_MAX_WIDTH_PX / max(h0, w0))
    work = cv.resize(img, None, fx=scale, fy=scale, interpolation=cv.INTER_AREA) \
        if scale < 1 else img
    try:
        if corners_px is None:
            view = find_table(work, spec, exif_lens_mm or PHONE_LENS_MM)
        else:
            if np.any(corners_px < 0) or np.any(corners_px[:, 0] > w0) \
                    or np.any(corners_px[:, 1] > h0):
                raise UserInputError(f"--corners: {_corners_text(corners_px)} lie outside "
                                     f"the {w0} x {h0} photo", field="corners")
            view = view_from_corners(work, spec, _to_work(corners_px, scale),
                                     refine=refine_corners)
    except NoTableError as exc:
        raise UserInputError(f"no table found in the photo: {exc}", reason="no-table") from None
    except GeometryError as exc:
        if corners_px is not None:  # the corners given (any order: corners.py)
            raise UserInputError(f"--corners: {_corners_text(corners_px)} do not make a "
                                 f"table: {exc}", field="corners", reason="no-table") from None
        raise UserInputError(f"the table's corners do not fit a camera: {exc}",
                             reason="no-table") from None
    found = find_balls(work, view, spec)
    k = cue_index(found)
    order = sorted(range(len(found)), key=lambda i: (found[i].x_m, found[i].y_m))
    balls, n = [], 0
    for i in order:
        b = found[i]
        if i == k:
            bid = "cue"
        else:
            n += 1
            bid = f"{UNREAD_PREFIX}{n}"
        balls.append(PhotoBall(id=bid, x_m=b.x_m, y_m=b.y_m, confidence=b.confidence,
                               u_px=_from_work(b.u_px, scale), v_px=_from_work(b.v_px, scale),
                               radius_px=b.radius_px / scale,
                               error_m=CENTRE_ERROR_PX * metres_per_pixel(
                                   view.camera, (b.u_px, b.v_px), spec.ball_radius_m)))
    balls.sort(key=lambda b: (b.id != "cue", b.x_m))
    return PhotoPosition(table=spec.name, balls=tuple(balls),
                         cue_colour=cue_colour(found[k]) if k is not None else None,
                         corners_px=tuple((_from_work(float(u), scale), _from_work(float(v), scale))
                                          for u, v in view.corners_px),
                         width_px=w0, height_px=h0,
                         camera_height_m=float(view.camera.centre_m[2] + spec.cushion_height_m),
                         focal_px=view.camera.focal_px / scale,
                         seconds=time.perf_counter() - start,
                         table_size_m=None if table_size_m is None else
                         (spec.length_m, spec.width_m),
                         ball_diameter_m=None if ball_diameter_m is None else
                         2 * spec.ball_radius_m, table_runs_out=view.runs_out,
                         seen_from_x_m=seen_from_m(view.camera, spec, *work.shape[1::-1])
                         if view.partial == "end" else None,
                         seen_from_y_m=seen_from_m(view.camera, spec, *work.shape[1::-1],
                                                   across=True)
                         if view.partial == "side" else None,
                         lens_mm=(exif_lens_mm or PHONE_LENS_MM) if view.partial else None,
                         lens_from_exif=bool(view.partial) and exif_lens_mm is not None)

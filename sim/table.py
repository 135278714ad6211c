"""Table geometry for Russian pyramid tables.

Coordinates follow ``docs/FORMATS.md``: the playing surface is the rectangle bounded by
the cushion noses, ``0 <= x <= L`` (house cushion at x = 0, pyramid end at x = L) and
``0 <= y <= W``; +y is to the left as seen from the house end.

Pocket geometry follows the tournament standard of the International and European Pyramid
Committees (MCP/ECP, "Basic technical requirements to tournament tables and equipment for
pyramid"): playing area 3550 x 1775 mm, corner mouth 72-73 mm, middle mouth 82-83 mm, rubber
rounding radius at the jaws 5 mm (corners) and 11 +- 1 mm (middles), a parallel channel
("корридор") of 5-6 mm in the corner pockets and none in the middles, working edge of the
cushion rubber 42 mm above the slate.

Model of a pocket (all lengths are parameters of :class:`TableSpec`):

* Each jaw is the end of a cushion nose.  The nose line meets the jaw face at a convex corner
  that is rounded with the rubber radius.  In a corner pocket the two jaw faces are parallel to
  the pocket axis, ``mouth`` apart: that parallel channel is what a ball must pass.  In a middle
  pocket the faces open outward by ``middle_jaw_opening_rad`` and ``mouth`` is the narrowest gap
  between the two roundings.
* The ball falls when its centre passes the edge of the slate, the *capture line*: at the end of
  the channel (corners) or on the line through the narrowest gap (middles), plus
  ``capture_extra_m``.  A ball that stops with its centre short of that line hangs in the jaws.
* Pool pockets (the validation table ``pool-9ft``, :mod:`sim.presets`): :data:`MOUTH_AT_POINTS`.

The simulator sees only flat arrays (segments, circles, capture lines); names for cushions and
pockets are kept here so that event logs can be reported in words.

The same geometry, drawn: :mod:`sim.table_drawing` (the cloth's boundary with the throats, the
holes beyond the capture lines) and :meth:`TableSpec.diamonds` (the sights on the rails) are
what the diagrams (``russian_pyramid.drawing``) and the board's page (``GET /api/table``) draw, so that
a picture shows the table the simulator plays on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
import math

import numpy as np

from . import detmath as dm
from .physics.detect import table_clearance  # compiled (the simulator's own clearance)

POCKET_IDS = ("NL", "NR", "ML", "MR", "FL", "FR")
# Cushions (rails) between pockets, named by the pockets at their ends.
CUSHION_IDS = ("NR-NL", "NR-MR", "MR-FR", "FR-FL", "FL-ML", "ML-NL")

# How far a ball may lie inside a cushion or another ball and still count as placed: resting
# balls of the simulator are within 1e-7 m (its firing depth), positions written with six
# decimals within 1e-6 m.  The simulator and the rules core accept the same positions.
POSITION_TOLERANCE_M = 1e-6

# The table a document, a game or a command means when it names none: the 12 ft match table
# (the Russian federation's playing area, 3550 x 1775 mm; TableSpec's defaults).
DEFAULT_TABLE = "pyramid-12ft"

# The sights ("diamonds", «ромбы») inlaid in the rails: they divide a long rail into
# 8 and a short rail into 4 equal intervals of the playing area (the federation's table
# drawing; the usual division of pool and pyramid tables alike).  The middle pocket stands
# where the long rail's 4th sight would be, so a long rail carries 3 on each half.
DIAMONDS_ALONG = 8  # intervals along a long rail (L/8 each)
DIAMONDS_ACROSS = 4  # intervals across a short rail (W/4 each)


SEGMENT_NOSE = 0  # a cushion nose between two pockets
SEGMENT_JAW_FACE = 1  # the face of a jaw inside a pocket
SEGMENT_POCKET_BACK = 2  # the pocket's back, past the slate edge (TableSpec.corner_back_m)

# How a pocket's mouth is measured (TableSpec.mouth_measured).  MOUTH_AT_ROUNDINGS (MCP,
# pyramid): the narrowest gap between the jaw roundings, the slate edge ``*_channel_m`` behind
# it.  MOUTH_AT_POINTS (WPA/BCA, pool): "between opposing cushion noses where the direction
# changes into the pocket (from pointed lip to pointed lip)", i.e. between the points where the
# nose lines meet the facing lines, the slate edge ``*_shelf_m`` behind the centre of the line
# joining them; the facings may converge (a negative opening).
MOUTH_AT_ROUNDINGS = "roundings"
MOUTH_AT_POINTS = "points"
MOUTH_MEASURES = (MOUTH_AT_ROUNDINGS, MOUTH_AT_POINTS)
@dataclass(frozen=True)
class TableSpec:
    """Dimensions of a table and its balls, SI units."""

    name: str = DEFAULT_TABLE
    length_m: float = 3.550
    width_m: float = 1.775
    ball_radius_m: float = 0.034
    ball_mass_kg: float = 0.285
    corner_mouth_m: float = 0.073
    middle_mouth_m: float = 0.083
    corner_jaw_radius_m: float = 0.005
    middle_jaw_radius_m: float = 0.011
    corner_channel_m: float = 0.0055
    middle_channel_m: float = 0.0
    # Sources: MCP (module docstring) for the playing area, mouths (72-73, 82-83 mm: the upper
    # values), rounding radii (5 and 11 +- 1 mm), corridors (5-6 mm corner: the middle, 0 mm
    # middle) and the 42 mm working edge; balls 68-68.5 mm, Aramith Premier pyramid balls 285 g.
    # The corner jaws' faces bound the parallel corridor: opening 0 by the standard's definition.
    corner_jaw_opening_rad: float = 0.0
    # The middle jaws' opening angle: an ASSUMPTION, no source found (the MCP requirements give
    # mouth, rounding and a zero corridor, not the facing angle).  15 deg is a plausible cut for
    # faces that must clear a ball falling at the mouth line; a ball sent along the pocket's
    # axis never reaches the faces (it falls at the mouth line, corridor 0), so the straight-in
    # band does not depend on it; angled entries do (docs/PHYSICS.md, pocket maps).
    # Sensitivity (benchmarks/constant_sensitivity.py) over 5-30 deg: no change in the pot
    # chances of its 22 strokes (8 into a middle pocket, up to 40 deg off its axis).
    middle_jaw_opening_rad: float = math.radians(15.0)
    # Where the slate edge lies: at the end of the corridor (corner) or on the mouth line
    # (middle, corridor 0), as the standard's corridor lengths define the pocket cut; a ball
    # falls when its centre passes it.  No extra allowance (no source for one).
    capture_extra_m: float = 0.0
    cushion_height_m: float = 0.042
    # Pool pockets (issue 28, pool-9ft), defaults the pyramid pockets above: MOUTH_AT_POINTS
    # puts the slate edge the shelf behind the points' line (channels 0), MOUTH_AT_ROUNDINGS
    # the channel behind the roundings' gap (shelves 0).
    mouth_measured: str = MOUTH_AT_ROUNDINGS
    corner_shelf_m: float = 0.0
    middle_shelf_m: float = 0.0
    # Past the slate edge, where a flying ball (pocket model "flight") may meet it: the pocket's
    # back, a wall square to the pocket's axis this far behind the slate edge that returns
    # ``pocket_back_restitution`` of the speed square to it; None: no back, the hole open.  No
    # source gives the hole's depth or what lines it on a pyramid table (a frame, leather, the
    # net): no back by default, and docs/PHYSICS.md shows what the bands do with a back at two
    # to four ball radii and restitutions from 0.2 to 0.8.
    corner_back_m: float | None = None
    middle_back_m: float | None = None
    pocket_back_restitution: float = 0.5  # an ASSUMPTION, no source (see above); read only with
    #   a back, and no playable table has one: no pot chance depends on it (sensitivity 0 by
    #   construction); docs/PHYSICS.md gives what it does with a back

    def __post_init__(self) -> None:
        for name in ("length_m", "width_m", "ball_radius_m", "ball_mass_kg", "corner_mouth_m",
                     "middle_mouth_m", "corner_jaw_radius_m", "middle_jaw_radius_m",
                     "cushion_height_m"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise ValueError(f"table.{name} must be a positive number, got {value!r}")
        if not (isinstance(self.pocket_back_restitution, (int, float))
                and 0 <= self.pocket_back_restitution <= 1):
            raise ValueError(f"table.pocket_back_restitution must lie in [0, 1], "
                             f"got {self.pocket_back_restitution!r}")
        for name in ("corner_back_m", "middle_back_m"):
            value = getattr(self, name)
            if value is not None and not (isinstance(value, (int, float)) and math.isfinite(value)
                                          and value > 0):
                raise ValueError(f"table.{name} must be None or a positive number, got {value!r}")
        d = 2 * self.ball_radius_m
        if self.corner_mouth_m <= d or self.middle_mouth_m <= d:
            raise ValueError(
                f"pocket mouths ({self.corner_mouth_m}, {self.middle_mouth_m}) must be wider "
                f"than a ball ({d})")
        if not self.ball_radius_m < self.cushion_height_m < 2 * self.ball_radius_m:
            raise ValueError(
                f"table.cushion_height_m must lie between R and 2R, got {self.cushion_height_m}")
        self._check_pockets()

    def _check_pockets(self) -> None:
        if self.mouth_measured not in MOUTH_MEASURES:
            raise ValueError(f"table.mouth_measured must be one of {', '.join(MOUTH_MEASURES)}, "
                             f"got {self.mouth_measured!r}")
        at_points = self.mouth_measured == MOUTH_AT_POINTS
        for name in ("corner_channel_m", "middle_channel_m", "corner_shelf_m", "middle_shelf_m"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"table.{name} must be a number >= 0, got {value!r}")
            if value and (name.endswith("shelf_m") != at_points):
                needed = MOUTH_AT_POINTS if name.endswith("shelf_m") else MOUTH_AT_ROUNDINGS
                raise ValueError(
                    f"table.{name} = {value} needs mouth_measured = {needed!r}: a shelf is "
                    f"measured from the points' line, a channel from the roundings' gap")
        for name in ("corner_jaw_opening_rad", "middle_jaw_opening_rad"):
            value = getattr(self, name)
            low = -math.pi / 4 if at_points else 0.0  # converging faces: mouth at the points
            if not (isinstance(value, (int, float)) and low <= value < math.pi / 4):
                raise ValueError(
                    f"table.{name} must lie in [{low:.4f}, {math.pi / 4:.4f}) rad with "
                    f"mouth_measured = {self.mouth_measured!r}, got {value!r}")

    # --- marks on the table (R1.3, docs/FORMATS.md) -------------------------------------
    @property
    def first_spot(self) -> tuple[float, float]:
        return (self.length_m / 4, self.width_m / 2)

    @property
    def centre_spot(self) -> tuple[float, float]:
        return (self.length_m / 2, self.width_m / 2)

    @property
    def third_spot(self) -> tuple[float, float]:
        """The pyramid spot: apex of the rack, and where respotted balls go (R6.1)."""
        return (3 * self.length_m / 4, self.width_m / 2)

    @property
    def house_line_x(self) -> float:
        """The house is ``x <= house_line_x`` (R3.2)."""
        return self.length_m / 4

    @property
    def temporary_house_line_x(self) -> float:
        """The temporary house (R8.3) is ``x >= temporary_house_line_x``."""
        return 3 * self.length_m / 4

    @cached_property
    def geometry(self) -> "TableGeometry":
        return build_geometry(self)

    def pocket_position(self, pocket_id: str) -> tuple[float, float]:
        L, W = self.length_m, self.width_m
        return {"NL": (0.0, W), "NR": (0.0, 0.0), "ML": (L / 2, W), "MR": (L / 2, 0.0),
                "FL": (L, W), "FR": (L, 0.0)}[pocket_id]

    def diamonds(self) -> np.ndarray:
        """The sights on the rails as an (18, 2) array of table points (m): first the long
        rails' (x = L k/8, k = 1..7 without the middle pocket's 4, each on the right rail y = 0
        then the left y = W), then the short rails' (y = W k/4, k = 1..3, each on the house
        rail x = 0 then the far rail x = L).  Along its rail a sight is where
        :data:`DIAMONDS_ALONG`/:data:`DIAMONDS_ACROSS` put it; across the rail the point lies on
        the cushion nose's line (0, W, 0 or L): how far out on the rail's wood a drawing puts
        the mark is the drawing's choice (the board draws it mid-rail)."""
        L, W = self.length_m, self.width_m
        pts = [(L * k / DIAMONDS_ALONG, y) for k in range(1, DIAMONDS_ALONG)
               if 2 * k != DIAMONDS_ALONG for y in (0.0, W)]
        pts += [(x, W * k / DIAMONDS_ACROSS) for k in range(1, DIAMONDS_ACROSS) for x in (0.0, L)]
        return np.array(pts, dtype=np.float64)


@dataclass(frozen=True)
class TableGeometry:
    """Flat arrays the compiled simulator works with.

    ``segments[k] = (x0, y0, x1, y1)`` with unit ``segment_normals[k]`` pointing to the side a
    ball can be on; ``circles[k] = (cx, cy, radius)`` are the rounded jaw tips; ``capture_lines``
    are ``(px, py, nx, ny)`` with the normal pointing back to the table: a ball whose centre
    reaches the line from the normal's side has fallen into pocket k.
    """

    spec: TableSpec
    segments: np.ndarray
    segment_normals: np.ndarray
    segment_kind: np.ndarray
    segment_cushion: np.ndarray
    segment_pocket: np.ndarray
    circles: np.ndarray
    circle_cushion: np.ndarray
    circle_pocket: np.ndarray
    capture_lines: np.ndarray
    pocket_axes: np.ndarray  # unit vector pointing into each pocket
    mouth_centres: np.ndarray  # centre of the narrowest gap of each pocket
    jaw_faces_by_pocket: np.ndarray = field(repr=False)  # (6, 2) segment indices

    def cushion_name(self, k: int) -> str:
        return CUSHION_IDS[k]

    def pocket_name(self, k: int) -> str:
        return POCKET_IDS[k]

    # --- where a ball may lie -----------------------------------------------------------
    def ball_fits(self, x: float, y: float, tolerance_m: float = 1e-9) -> bool:
        """True if a ball centred at (x, y) lies on the bed clear of every cushion and jaw: its
        centre inside the playing area bounded by the cushion noses (``0 <= x <= L``,
        ``0 <= y <= W``), or hanging in a pocket's throat short of its capture line and next to
        that pocket (:meth:`_in_throat`); and :meth:`clearance` at least ``-tolerance_m`` (clear
        of the noses, the jaws and every capture line within reach)."""
        L, W = self.spec.length_m, self.spec.width_m
        if not (math.isfinite(x) and math.isfinite(y)):
            return False
        inside = -tolerance_m <= x <= L + tolerance_m and -tolerance_m <= y <= W + tolerance_m
        if not inside and not any(self._in_throat(k, x, y, tolerance_m) for k in range(6)):
            return False
        return self.clearance(x, y) >= -tolerance_m

    def clearance(self, x: float, y: float) -> float:
        """Smallest gap (m) between a ball at (x, y) and any cushion, jaw or capture line."""
        return float(table_clearance(float(x), float(y), self.segments, self.circles,
                                     self.kernel_captures, self.spec.ball_radius_m))

    @cached_property
    def kernel_captures(self) -> np.ndarray:
        """The capture lines as the compiled simulator takes them, ``(px, py, nx, ny, reach)``:
        a crossing counts only within ``reach`` of the pocket's axis along its line (the
        pocket's mouth: wider than its throat at the slate edge, far narrower than the table),
        so that each line is its own pocket's slate edge (on the pool table a corner's deep
        shelf takes a ball past the side pockets' shallow lines; on the pyramid tables no ball
        on the bed ever reaches another pocket's line, and nothing changes)."""
        reach = [self.spec.corner_mouth_m if p[0] in "NF" else self.spec.middle_mouth_m
                 for p in POCKET_IDS]
        return np.ascontiguousarray(np.column_stack([self.capture_lines, reach]))

    def throat_reach_m(self, k: int) -> float:
        """How far from pocket k's mouth centre a centre hanging in its throat may lie: the
        pocket's mouth plus a ball's diameter, a bound with room to spare: a centre in the
        throat off the rectangle of the noses is short of the slate edge (a channel or shelf
        behind the mouth, a few cm at most) and between the jaws, so it lies within a mouth and
        a ball of the mouth's centre (found on a 1 mm grid: 13 mm in the middles of the
        pyramid tables, whose corners' slate edges lie inside the rectangle; 48 mm in the
        corners, 34 mm in the sides of the pool table).  The bound keeps the lines of the jaw
        faces, which run on across the table and beyond it, from taking in centres far off the
        table (issue 51: a cue ball accepted at x = -98 m on a corner's band)."""
        mouth = self.spec.corner_mouth_m if POCKET_IDS[k][0] in "NF" else self.spec.middle_mouth_m
        return mouth + 2 * self.spec.ball_radius_m

    def _in_throat(self, k: int, x: float, y: float, tolerance_m: float) -> bool:
        """The centre lies between pocket k's jaw-face lines, short of its capture line and
        within :meth:`throat_reach_m` of its mouth's centre (the clearance from the real faces
        and roundings is checked separately)."""
        px, py, nx, ny = self.capture_lines[k]
        if (x - px) * nx + (y - py) * ny <= 0.0:
            return False
        cx, cy = self.mouth_centres[k]
        if math.hypot(x - cx, y - cy) > self.throat_reach_m(k):
            return False
        for s in self.jaw_faces_by_pocket[k]:
            x0, y0 = self.segments[s, 0], self.segments[s, 1]
            n = self.segment_normals[s]
            if (x - x0) * n[0] + (y - y0) * n[1] < -tolerance_m:
                return False
        return True


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    return v / dm.length2(v)


def _rounded_jaw(corner, nose_dir, face_dir, radius):
    """Round the convex corner where a cushion nose meets a jaw face.

    ``nose_dir`` points from the corner along the nose (away from the pocket), ``face_dir``
    along the face into the pocket.  Returns the nose tangent point, the face tangent point and
    the centre of the rounding circle, which lies inside the cushion body.
    """
    corner = np.asarray(corner, float)
    cos_beta = min(1.0, max(-1.0, dm.dot2(nose_dir, face_dir)))
    half = dm.acos(cos_beta) / 2.0  # half the body's angle at the corner
    bisector = _unit(nose_dir + face_dir)
    centre = corner + bisector * (radius / dm.sin(half))
    along = radius * dm.cos(half) / dm.sin(half)
    return corner + nose_dir * along, corner + face_dir * along, centre


def _rot90(v) -> np.ndarray:
    return np.array([-v[1], v[0]])


def _pocket_backs(spec: TableSpec, capture, segments, faces_by_pocket):
    """Each pocket's back (TableSpec.corner_back_m / middle_back_m) as (pocket index, segment
    from face line to face line ``back`` past the slate edge, normal toward the table)."""
    out = []
    for pk, pid in enumerate(POCKET_IDS):
        back = spec.middle_back_m if pid in ("ML", "MR") else spec.corner_back_m
        if back is None:
            continue
        (point, inward), ends = capture[pid], []
        behind = point - inward * back  # on the axis, ``back`` past the slate edge
        for s in faces_by_pocket[pid]:
            f0, f1 = np.array(segments[s][:2]), np.array(segments[s][2:])
            u = f1 - f0  # where the face's line crosses the back's line
            ends.append(f0 + u * (dm.dot2(behind - f0, inward) / dm.dot2(u, inward)))
        out.append((pk, (*ends[0], *ends[1]), tuple(inward)))
    return out


def build_geometry(spec: TableSpec) -> TableGeometry:
    R = spec.ball_radius_m
    pocket_pos = {pid: np.array(spec.pocket_position(pid)) for pid in POCKET_IDS}
    # Inward normals of the four cushion lines, and for each pocket the rail directions
    # pointing away from it along the two cushions that end in it.
    corner_axes = {"NL": (-1, 1), "NR": (-1, -1), "FL": (1, 1), "FR": (1, -1)}
    middle_axes = {"ML": (0, 1), "MR": (0, -1)}

    jaws = {}  # (pocket, cushion) -> (nose tangent point, face tangent point, centre, face dir, radius)
    capture = {}
    mouth_centre = {}
    face_len = {}

    def cushions_of(pid):
        return [c for c in CUSHION_IDS if pid in c.split("-")]

    # Each jaw: the nose meets the face at a convex corner J, rounded with the rubber radius.
    # The faces open outward from the pocket axis by the pocket's opening angle (0: a parallel
    # channel; negative: converging, the pool pockets).  J is placed so that the mouth is what
    # the table's standard measures (spec.mouth_measured): the gap between the two roundings
    # (pyramid) or between the two points J themselves (pool).
    at_points = spec.mouth_measured == MOUTH_AT_POINTS
    kinds_of = {pid: ("corner" if pid in corner_axes else "middle") for pid in POCKET_IDS}
    for pid in POCKET_IDS:
        corner = kinds_of[pid] == "corner"
        a = _unit(corner_axes[pid] if corner else middle_axes[pid])
        P = pocket_pos[pid]
        r = spec.corner_jaw_radius_m if corner else spec.middle_jaw_radius_m
        mouth = spec.corner_mouth_m if corner else spec.middle_mouth_m
        opening = spec.corner_jaw_opening_rad if corner else spec.middle_jaw_opening_rad
        channel = spec.corner_channel_m if corner else spec.middle_channel_m
        shelf = spec.corner_shelf_m if corner else spec.middle_shelf_m
        points = []
        for cid in cushions_of(pid):
            other = [q for q in cid.split("-") if q != pid][0]
            nose_dir = _unit(pocket_pos[other] - P)
            side = _unit(nose_dir - dm.dot2(nose_dir, a) * a)  # across the axis, this jaw's side
            face_dir = _unit(a * dm.cos(opening) + side * dm.sin(opening))
            if at_points:  # the point J itself mouth/2 from the axis
                j = (mouth / 2) / dm.dot2(nose_dir, side)
            else:  # the rounding's distance from the axis grows with J's distance along the nose
                _, _, c0 = _rounded_jaw(P, nose_dir, face_dir, r)
                off0 = dm.dot2(c0 - P, side)
                j = (mouth / 2 + r - off0) / dm.dot2(nose_dir, side)
            J = P + j * nose_dir
            points.append(J)
            nose_pt, face_pt, centre = _rounded_jaw(J, nose_dir, face_dir, r)
            jaws[(pid, cid)] = (nose_pt, face_pt, centre, face_dir, r)
        centres = [jaws[(pid, c)][2] for c in cushions_of(pid)]
        face_pts = [jaws[(pid, c)][1] for c in cushions_of(pid)]
        if at_points:
            # The mouth line joins the points; the slate ends ``shelf`` behind its centre.
            gap_line = dm.dot2(points[0] - P, a)
            depth = gap_line + shelf + spec.capture_extra_m
        else:
            gap_line = dm.dot2(centres[0] - P, a)  # narrowest gap, across the roundings
            # The slate ends ``channel`` behind the narrowest gap (where a parallel channel
            # begins).
            depth = gap_line + channel + spec.capture_extra_m
        capture[pid] = (P + depth * a, -a)
        mouth_centre[pid] = P + gap_line * a
        back = spec.corner_back_m if corner else spec.middle_back_m
        # The faces reach 2R past the slate edge, or on to the back.
        face_len[pid] = depth - min(dm.dot2(fp - P, a) for fp in face_pts) + max(2 * R, back or 0.0)

    segments, normals, kinds, seg_cushion, seg_pocket = [], [], [], [], []
    circles, circ_cushion, circ_pocket = [], [], []
    # Cushion noses: from the jaw at one end to the jaw at the other.
    inward = {"NR-NL": (1, 0), "NR-MR": (0, 1), "MR-FR": (0, 1), "FR-FL": (-1, 0),
              "FL-ML": (0, -1), "ML-NL": (0, -1)}
    for ci, cid in enumerate(CUSHION_IDS):
        p, q = cid.split("-")
        a0 = jaws[(p, cid)][0]
        a1 = jaws[(q, cid)][0]
        segments.append((*a0, *a1))
        normals.append(inward[cid])
        kinds.append(SEGMENT_NOSE)
        seg_cushion.append(ci)
        seg_pocket.append(-1)
    faces_by_pocket = {pid: [] for pid in POCKET_IDS}
    for (pid, cid), (nose_pt, face_pt, centre, face_dir, r) in jaws.items():
        ci = CUSHION_IDS.index(cid)
        pk = POCKET_IDS.index(pid)
        end = face_pt + face_dir * face_len[pid]
        # The free side of a face is the side toward the pocket axis.
        n = _rot90(face_dir)
        if dm.dot2(n, mouth_centre[pid] - face_pt) < 0:
            n = -n
        faces_by_pocket[pid].append(len(segments))
        segments.append((*face_pt, *end))
        normals.append(tuple(n))
        kinds.append(SEGMENT_JAW_FACE)
        seg_cushion.append(ci)
        seg_pocket.append(pk)
        circles.append((*centre, r))
        circ_cushion.append(ci)
        circ_pocket.append(pk)

    for pk, segment, inward in _pocket_backs(spec, capture, segments, faces_by_pocket):
        segments.append(segment)
        normals.append(inward)
        kinds.append(SEGMENT_POCKET_BACK)
        seg_cushion.append(-1)
        seg_pocket.append(pk)
    capture_lines = np.array([(*capture[pid][0], *capture[pid][1]) for pid in POCKET_IDS])
    return TableGeometry(
        spec=spec,
        segments=np.array(segments, dtype=np.float64),
        segment_normals=np.array(normals, dtype=np.float64),
        segment_kind=np.array(kinds, dtype=np.int64),
        segment_cushion=np.array(seg_cushion, dtype=np.int64),
        segment_pocket=np.array(seg_pocket, dtype=np.int64),
        circles=np.array(circles, dtype=np.float64),
        circle_cushion=np.array(circ_cushion, dtype=np.int64),
        circle_pocket=np.array(circ_pocket, dtype=np.int64),
        capture_lines=capture_lines.astype(np.float64),
        pocket_axes=np.array([_unit(corner_axes.get(p, middle_axes.get(p))) for p in POCKET_IDS]),
        mouth_centres=np.array([mouth_centre[p] for p in POCKET_IDS]),
        jaw_faces_by_pocket=np.array([faces_by_pocket[p] for p in POCKET_IDS], dtype=np.int64),
    )


def triangle_rack(spec: TableSpec, rows: int = 5, gap_m: float = 0.0) -> list[list[tuple[float, float]]]:
    """Centres of a tight triangle with its apex on the third spot and base toward the far
    cushion (R2.1), row by row from the apex; within a row, left to right as seen from the house
    (decreasing y).  ``gap_m`` separates neighbours (0: frozen, as the rules rack it)."""
    x0, y0 = spec.third_spot
    d = 2 * spec.ball_radius_m + gap_m
    out = []
    for k in range(rows):
        x = x0 + k * d * math.sqrt(3) / 2
        out.append([(x, y0 + (k / 2 - i) * d) for i in range(k + 1)])
    return out

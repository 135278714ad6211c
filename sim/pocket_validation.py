"""The pocket model checked where published numbers exist: straight-in effective target sizes
of a lone rolling ball on the WPA 9 ft pool table (``pool-9ft``, :mod:`sim.presets`) beside
Alciatore's technical proofs (issue 28; as brackets, issue 55 item 2).

A *band* is the set of offsets of the ball's centre, across its path, for which the ball
drops: the ball rolls along the pocket's axis (straight in) and arrives at the middle of the
mouth line at the given speed, as :func:`sim.measure.drops` sends it (the simulator's public
path: a ball set rolling, its pocketing read from the result).  :func:`straight_in_band`
reports the widest run of neighbouring offsets that drop and its centre.

The published figures (straight in, widths in inches, as issue 28 read them) are
*constructions*, not measurements (straight paths, equal-angle reflections, no loss of
energy), each on the proof's own geometry:

* slow shots (a ball may meet a point or a wall and still drop): corner 2.668 (TP 3.6: mouth
  4.5875 in, 7 deg walls, a 2.75 in hole 1.125 in behind the mouth), side 3.23 (TP 3.5);
* fast shots (the ball must clear the points): corner 2.348 (TP 3.8), side 2.879 (TP 3.7);
  fast / slow 0.880 (corner) and 0.891 (side).

So they are used as a bracket, not a target: :func:`bracket` gives what clears both points
(mouth - 2R, the fast proofs' assumption) and the slow construction solved on the table's own
geometry (:mod:`sim.pocket_constructions`: TP 3.6's equations on pool-9ft's 4.5625 in mouth and
1.625 in shelf give 2.595 in; TP 3.5's geometry is pool-9ft's side pocket, 3.229 in).

"Slow" is taken as 0.8 m/s and "fast" as 4 m/s at the mouth (issue 28's ~0.8 and ~4 m/s).
"""
from __future__ import annotations

from dataclasses import dataclass
import math

from .api import Simulator
from .measure import drops
from .pocket_constructions import of_table, straight_in_width_m
from .presets import INCH_M

POCKET_KINDS = ("corner", "side")
POCKET_OF_KIND = {"corner": "NR", "side": "MR"}  # one of each; the others are mirror images
SLOW_MPS = 0.8
FAST_MPS = 4.0
TP_SLOW_IN = {"corner": 2.668, "side": 3.23}  # TP 3.6 (corner), TP 3.5 (side)
TP_FAST_IN = {"corner": 2.348, "side": 2.879}  # TP 3.8 (corner), TP 3.7 (side)
TP_SLOW_LABEL = {"corner": "TP 3.6", "side": "TP 3.5"}
TP_FAST_LABEL = {"corner": "TP 3.8", "side": "TP 3.7"}
RESOLUTION_M = 0.1e-3  # the band's ends are found to this (bisection)
COARSE_M = 1e-3  # the grid that finds the widest run before its ends are refined


@dataclass(frozen=True)
class StraightInBand:
    """The offsets (m, across the path, + to the path's right) from ``low_m`` to ``high_m``
    drop, each end found to ``resolution_m``."""

    table: str
    pocket_kind: str
    speed_mps: float
    low_m: float
    high_m: float
    resolution_m: float

    @property
    def width_m(self) -> float:
        return self.high_m - self.low_m

    @property
    def width_in(self) -> float:
        return self.width_m / INCH_M

    @property
    def centre_m(self) -> float:
        return (self.low_m + self.high_m) / 2

    def published_in(self) -> float | None:
        """The construction for this pocket at this speed on its own geometry (slow: TP 3.6
        corner, TP 3.5 side; fast: TP 3.8 corner, TP 3.7 side), else None."""
        return {SLOW_MPS: TP_SLOW_IN, FAST_MPS: TP_FAST_IN}.get(self.speed_mps, {}).get(
            self.pocket_kind)

    def to_json(self) -> dict:
        return {"table": self.table, "pocket_kind": self.pocket_kind,
                "speed_mps": self.speed_mps, "low_m": self.low_m, "high_m": self.high_m,
                "resolution_m": self.resolution_m, "width_m": self.width_m,
                "width_in": self.width_in, "centre_m": self.centre_m}

    @classmethod
    def from_json(cls, obj) -> "StraightInBand":
        if not isinstance(obj, dict):
            raise ValueError(f"band must be an object, got {obj!r:.60}")
        fields = ("table", "pocket_kind", "speed_mps", "low_m", "high_m", "resolution_m")
        for key in fields:
            if key not in obj:
                raise ValueError(f"band.{key} is missing")
        return cls(**{key: obj[key] for key in fields})


def _drops(sim: Simulator, pocket: str, speed_mps: float, offset_m: float) -> bool:
    return bool(drops(sim, pocket, speed_mps, offset_m))  # None (start off the bed): no


def _edge(sim, pocket, speed_mps, inside_m: float, outside_m: float, resolution_m) -> float:
    """Bisect between an offset that drops and one that does not, down to ``resolution_m``:
    the middle of the last bracket."""
    while abs(outside_m - inside_m) > resolution_m:
        mid = (inside_m + outside_m) / 2
        if _drops(sim, pocket, speed_mps, mid):
            inside_m = mid
        else:
            outside_m = mid
    return (inside_m + outside_m) / 2


def straight_in_band(sim: Simulator, pocket_kind: str, speed_mps: float,
                     resolution_m: float = RESOLUTION_M,
                     coarse_m: float = COARSE_M) -> StraightInBand:
    """The widest run of offsets that drop for a lone ball rolled straight in along the axis
    of ``pocket_kind``'s pocket (``"corner"``: NR, ``"side"``: MR) arriving at ``speed_mps``.

    Offsets on a ``coarse_m`` grid over the mouth (+-(mouth/2 + R)) find the widest run; each
    of its ends is then bisected to ``resolution_m`` (assuming one change of outcome within a
    grid step there).  A band of nothing: low = high = 0."""
    if pocket_kind not in POCKET_OF_KIND:
        raise ValueError(f"pocket_kind must be one of {', '.join(POCKET_KINDS)}, "
                         f"got {pocket_kind!r}")
    if not (isinstance(speed_mps, (int, float)) and math.isfinite(speed_mps) and speed_mps > 0):
        raise ValueError(f"speed_mps must be a positive number, got {speed_mps!r}")
    pocket = POCKET_OF_KIND[pocket_kind]
    t = sim.table
    mouth = t.corner_mouth_m if pocket_kind == "corner" else t.middle_mouth_m
    n = int(math.ceil((mouth / 2 + t.ball_radius_m) / coarse_m))
    offsets = [k * coarse_m for k in range(-n, n + 1)]
    ok = [_drops(sim, pocket, speed_mps, o) for o in offsets]
    best, best_len, start = None, 0, None
    for k, good in enumerate(ok + [False]):
        if good and start is None:
            start = k
        elif not good and start is not None:
            if k - start > best_len:
                best, best_len = (start, k - 1), k - start
            start = None
    if best is None:
        return StraightInBand(t.name, pocket_kind, speed_mps, 0.0, 0.0, resolution_m)
    i, j = best
    low = (offsets[i] if i == 0 else
           _edge(sim, pocket, speed_mps, offsets[i], offsets[i - 1], resolution_m))
    high = (offsets[j] if j == len(offsets) - 1 else
            _edge(sim, pocket, speed_mps, offsets[j], offsets[j + 1], resolution_m))
    return StraightInBand(t.name, pocket_kind, speed_mps, low, high, resolution_m)


def bands_vs_speed(sim: Simulator, speeds_mps, pocket_kinds=POCKET_KINDS,
                   resolution_m: float = RESOLUTION_M) -> list[StraightInBand]:
    """:func:`straight_in_band` for each pocket kind and speed (the report's curves)."""
    return [straight_in_band(sim, kind, float(v), resolution_m)
            for kind in pocket_kinds for v in speeds_mps]


@dataclass(frozen=True)
class Bracket:
    """Where a straight-in band of ``pocket_kind`` on ``table`` is expected to lie, in metres:
    from ``clear_m`` (mouth - 2R: every path that clears both points; the fast proofs'
    target) to ``slow_construction_m`` (the slow proof's construction solved on the table's
    geometry)."""

    table: str
    pocket_kind: str
    clear_m: float
    slow_construction_m: float

    @property
    def clear_in(self) -> float:
        return self.clear_m / INCH_M

    @property
    def slow_construction_in(self) -> float:
        return self.slow_construction_m / INCH_M


def bracket(sim: Simulator, pocket_kind: str) -> Bracket:
    """The bracket of :class:`Bracket` for ``sim``'s table (a pool table: mouths at the
    points, :data:`sim.table.MOUTH_AT_POINTS`)."""
    if pocket_kind not in POCKET_OF_KIND:
        raise ValueError(f"pocket_kind must be one of {', '.join(POCKET_KINDS)}, "
                         f"got {pocket_kind!r}")
    t = sim.table
    mouth = t.corner_mouth_m if pocket_kind == "corner" else t.middle_mouth_m
    return Bracket(t.name, pocket_kind, mouth - 2 * t.ball_radius_m,
                   straight_in_width_m(of_table(t, pocket_kind), pocket_kind))

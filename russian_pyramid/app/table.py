"""A table for a page to draw to scale and to check a ball's place the way the simulator does
(:meth:`sim.Simulator.check_position`).

* :func:`table_info` -- the table's geometry for drawing (cloth outline, holes, diamonds) and
  for the page's own instant position check (cushion segments, jaw roundings, capture lines);
  the rack and the opening state, as a :class:`TableInfo` (``to_json()``: the JSON of ``GET
  /api/table?name=``).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from engine import GameState, initial_state
from sim.presets import PLAYABLE_TABLES, UnknownTableError, table_by_name
from sim.table import DEFAULT_TABLE, POCKET_IDS, POSITION_TOLERANCE_M
from sim import table_drawing as drawn

from ..drawing.style import RAIL_M, RUBBER_M
from ..errors import UserInputError

DECIMALS = 5  # coordinates in the answer: 0.01 mm

Point = tuple[float, float]
Rows = tuple[tuple[float, ...], ...]  # a table of numbers, row by row


def _r(x: float) -> float:
    return round(float(x), DECIMALS)


def _pts(arr) -> tuple[Point, ...]:
    return tuple((_r(x), _r(y)) for x, y in np.asarray(arr, float).reshape(-1, 2))


def _rows(rows) -> Rows:
    return tuple(tuple(row) for row in rows)


def _lists(rows) -> list[list]:
    return [list(row) for row in rows]


@dataclass(frozen=True)
class PocketDrawing:
    """One pocket (``pid``) as the page draws it: its ``position``, the centre of its
    ``mouth``, its ``axis``, its ``hole``'s outline and the hole's centre."""

    pid: str
    position: tuple[float, ...]
    mouth: Point
    axis: Point
    hole: tuple[Point, ...]
    hole_centre: Point

    def to_json(self) -> dict:
        return {"position": list(self.position), "mouth": list(self.mouth),
                "axis": list(self.axis), "hole": _lists(self.hole),
                "hole_centre": list(self.hole_centre)}


@dataclass(frozen=True)
class TableInfo:
    """Everything a page needs to draw the table ``name`` to scale (metres): its size, the
    ball's radius, the rail's and the rubber's widths, the tolerance of a ball's place, the
    house line, the three spots, the pockets, the cloth's outline and the diamonds; the
    simulator's own arrays (cushion segments and their normals, jaw roundings, capture lines,
    each pocket's jaw faces) for other clients; the opening state; the tables one may play."""

    name: str
    length_m: float
    width_m: float
    ball_radius_m: float
    rail_m: float
    rubber_m: float
    tolerance_m: float
    house_line_x: float
    spots: tuple[tuple[float, ...], ...]
    pockets: tuple[PocketDrawing, ...]
    outline: tuple[Point, ...]
    diamonds: Rows
    segments: tuple[Point, ...]
    segment_normals: tuple[Point, ...]
    circles: Rows
    capture_lines: Rows
    jaw_faces_by_pocket: tuple[tuple[int, ...], ...]
    initial_state: GameState
    tables: tuple[str, ...]

    def to_json(self) -> dict:
        """``GET /api/table?name=``'s JSON."""
        return {
            "name": self.name, "length_m": self.length_m, "width_m": self.width_m,
            "ball_radius_m": self.ball_radius_m, "rail_m": self.rail_m,
            "rubber_m": self.rubber_m, "tolerance_m": self.tolerance_m,
            "house_line_x": self.house_line_x, "spots": _lists(self.spots),
            "pockets": {p.pid: p.to_json() for p in self.pockets},
            "outline": _lists(self.outline), "diamonds": _lists(self.diamonds),
            # the simulator's own arrays, for other clients (the page checks a position with
            # POST /api/check and no longer reads these)
            "segments": _lists(self.segments), "segment_normals": _lists(self.segment_normals),
            "circles": _lists(self.circles), "capture_lines": _lists(self.capture_lines),
            "jaw_faces_by_pocket": _lists(self.jaw_faces_by_pocket),
            "initial_state": self.initial_state.to_json(),
            "tables": list(self.tables),  # the validation tables (pool-9ft) are not played
        }


@functools.lru_cache(maxsize=8)
def table_info(name: str = DEFAULT_TABLE) -> TableInfo:
    """Everything the page needs to draw ``name`` to scale and to check a ball's place the way
    the simulator does; an unknown name: UserInputError naming the known ones.  (Cached: the
    value is frozen.)"""
    try:
        spec = table_by_name(name)
    except UnknownTableError as exc:  # GET /api/table?name=...
        raise UserInputError(f"name: {exc}", field="name") from None
    g = spec.geometry
    return TableInfo(
        name, spec.length_m, spec.width_m, spec.ball_radius_m, RAIL_M, RUBBER_M,
        POSITION_TOLERANCE_M, spec.house_line_x,
        (tuple(spec.first_spot), tuple(spec.centre_spot), tuple(spec.third_spot)),
        tuple(PocketDrawing(pid, tuple(spec.pocket_position(pid)),
                            _pts(g.mouth_centres[k])[0], _pts(g.pocket_axes[k])[0],
                            _pts(drawn.pocket_hole(g, pid)),
                            _pts(drawn.pocket_hole_centre(g, pid))[0])
              for k, pid in enumerate(POCKET_IDS)),
        _pts(drawn.cloth_outline(g)), _rows(spec.diamonds().tolist()),
        _pts(g.segments.reshape(-1, 2)), _pts(g.segment_normals),
        tuple(tuple(_r(c) for c in row) for row in g.circles),
        tuple(tuple(_r(c) for c in row) for row in g.capture_lines),
        _rows(g.jaw_faces_by_pocket.tolist()), initial_state(table=name),
        tuple(PLAYABLE_TABLES))

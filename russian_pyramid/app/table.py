"""A table for a page to draw to scale and to check a ball's place the way the simulator does
(:meth:`sim.Simulator.check_position`).

* :func:`table_info` -- the table's geometry for drawing (cloth outline, holes, diamonds) and
  for the page's own instant position check (cushion segments, jaw roundings, capture lines);
  the rack and the opening state.  The JSON of ``GET /api/table?name=``.
"""
from __future__ import annotations

import functools

import numpy as np

from engine import initial_state
from sim.presets import PLAYABLE_TABLES, UnknownTableError, table_by_name
from sim.table import DEFAULT_TABLE, POCKET_IDS, POSITION_TOLERANCE_M
from sim import table_drawing as drawn

from ..drawing.style import RAIL_M, RUBBER_M
from ..errors import UserInputError

DECIMALS = 5  # coordinates in the answer: 0.01 mm


def _r(x: float) -> float:
    return round(float(x), DECIMALS)


def _pts(arr) -> list:
    return [[_r(x), _r(y)] for x, y in np.asarray(arr, float).reshape(-1, 2)]


@functools.lru_cache(maxsize=8)
def table_info(name: str = DEFAULT_TABLE) -> dict:
    """Everything the page needs to draw ``name`` to scale and to check a ball's place the way
    the simulator does; an unknown name: UserInputError naming the known ones.  (A dict: it
    is the answer's JSON as it is, and cached -- callers must not change it.)"""
    try:
        spec = table_by_name(name)
    except UnknownTableError as exc:  # GET /api/table?name=...
        raise UserInputError(f"name: {exc}", field="name") from None
    g = spec.geometry
    L, W = spec.length_m, spec.width_m
    state = initial_state(table=name)
    return {
        "name": name, "length_m": L, "width_m": W, "ball_radius_m": spec.ball_radius_m,
        "rail_m": RAIL_M, "rubber_m": RUBBER_M, "tolerance_m": POSITION_TOLERANCE_M,
        "house_line_x": spec.house_line_x,
        "spots": [list(spec.first_spot), list(spec.centre_spot), list(spec.third_spot)],
        "pockets": {pid: {"position": list(spec.pocket_position(pid)),
                          "mouth": _pts(g.mouth_centres[k])[0],
                          "axis": _pts(g.pocket_axes[k])[0],
                          "hole": _pts(drawn.pocket_hole(g, pid)),
                          "hole_centre": _pts(drawn.pocket_hole_centre(g, pid))[0]}
                    for k, pid in enumerate(POCKET_IDS)},
        "outline": _pts(drawn.cloth_outline(g)),
        "diamonds": spec.diamonds().tolist(),
        # the simulator's own arrays, for other clients (the page checks a position with
        # POST /api/check and no longer reads these)
        "segments": _pts(g.segments.reshape(-1, 2)),
        "segment_normals": _pts(g.segment_normals),
        "circles": [[_r(c) for c in row] for row in g.circles],
        "capture_lines": [[_r(c) for c in row] for row in g.capture_lines],
        "jaw_faces_by_pocket": g.jaw_faces_by_pocket.tolist(),
        "initial_state": state.to_json(),
        "tables": list(PLAYABLE_TABLES),  # the validation tables (pool-9ft) are not played
    }

"""The environment's ``rgb_array`` frames: the table seen from above as an H x W x 3 uint8
image, drawn with numpy alone.

The cloth's outline and the pockets' holes come from the simulator's own geometry
(:mod:`sim.table_drawing`, the outline the diagrams and the board draw), rasterised once per
table (an even-odd test of every pixel's centre against each polygon; no matplotlib); a frame is a copy of that background with the balls painted on.  The house end is on the left,
y up (as ``docs/FORMATS.md`` and the diagrams); the cue ball is red, the object balls ivory
(the table's colours of :mod:`sim.table_drawing`, as the diagrams).  No numbers are written on the balls: the
observation says which ball is where.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Mapping

import numpy as np

from sim.table import POCKET_IDS, TableSpec
from sim import table_drawing as colours
from sim.table_drawing import cloth_outline, pocket_hole

PIXELS_PER_M = 160  # 3.55 x 1.775 m of cloth (12 ft) -> a 606 x 322 frame with the rails
RAIL_M = 0.12  # the wood shown round the cloth


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` as three 0-255 integers."""
    return tuple(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5))


RAIL_RGB = rgb(colours.RAIL_WOOD)
CLOTH_RGB = rgb(colours.CLOTH)
HOLE_RGB = rgb(colours.HOLE)
MARK_RGB = rgb(colours.MARKS)
IVORY_RGB = rgb(colours.IVORY)
CUE_RGB = rgb(colours.CUE_BALL)
EDGE_RGB = (0x22, 0x22, 0x22)  # the balls' dark rim
EDGE_PX = 1.0  # the dark rim of a ball, in pixels


def frame_shape(spec: TableSpec) -> tuple[int, int, int]:
    """``(height, width, 3)`` of a frame of this table."""
    return (int(round((spec.width_m + 2 * RAIL_M) * PIXELS_PER_M)),
            int(round((spec.length_m + 2 * RAIL_M) * PIXELS_PER_M)), 3)


def _pixel_centres(spec: TableSpec) -> tuple[np.ndarray, np.ndarray]:
    """Table coordinates (x_m, y_m) of every pixel's centre, as two (H, W) arrays."""
    h, w, _ = frame_shape(spec)
    x = (np.arange(w) + 0.5) / PIXELS_PER_M - RAIL_M
    y = spec.width_m + RAIL_M - (np.arange(h) + 0.5) / PIXELS_PER_M
    return np.meshgrid(x, y)


def inside(polygon: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Which points ``(xs, ys)`` lie inside a closed polygon ((n, 2), last point not repeated):
    the even-odd rule, a ray towards +x crossing the edges."""
    out = np.zeros(xs.shape, dtype=bool)
    x0, y0 = polygon[:, 0], polygon[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    for ax, ay, bx, by in zip(x0, y0, x1, y1):
        if ay == by:
            continue  # a horizontal edge is never crossed by a horizontal ray
        spans = (ay > ys) != (by > ys)
        x_cross = ax + (ys - ay) * (bx - ax) / (by - ay)
        out ^= spans & (xs < x_cross)
    return out


@lru_cache(maxsize=4)
def background(spec: TableSpec) -> np.ndarray:
    """The empty table: rails, cloth with the pockets' throats, holes, the house line."""
    h, w, _ = frame_shape(spec)
    xs, ys = _pixel_centres(spec)
    image = np.empty((h, w, 3), np.uint8)
    image[:] = RAIL_RGB
    g = spec.geometry
    image[inside(cloth_outline(g), xs, ys)] = CLOTH_RGB
    for pid in POCKET_IDS:
        image[inside(pocket_hole(g, pid), xs, ys)] = HOLE_RGB
    on_cloth = (xs > 0) & (xs < spec.length_m) & (ys > 0) & (ys < spec.width_m)
    house = np.abs(xs - spec.house_line_x) < 0.5 / PIXELS_PER_M
    image[house & on_cloth] = MARK_RGB
    image.setflags(write=False)
    return image


def draw(spec: TableSpec, balls: Mapping[str, tuple[float, float]]) -> np.ndarray:
    """A frame: the table with ``balls`` (id -> centre, metres) on it, a new array."""
    image = background(spec).copy()
    h, w, _ = image.shape
    r_px = spec.ball_radius_m * PIXELS_PER_M
    for ball, (x, y) in balls.items():
        cx = (x + RAIL_M) * PIXELS_PER_M
        cy = (spec.width_m + RAIL_M - y) * PIXELS_PER_M
        x0, x1 = max(0, int(cx - r_px - 1)), min(w, int(cx + r_px + 2))
        y0, y1 = max(0, int(cy - r_px - 1)), min(h, int(cy + r_px + 2))
        if x0 >= x1 or y0 >= y1:
            continue
        gx, gy = np.meshgrid(np.arange(x0, x1) + 0.5, np.arange(y0, y1) + 0.5)
        d = np.sqrt((gx - cx) ** 2 + (gy - cy) ** 2)
        window = image[y0:y1, x0:x1]
        window[d <= r_px] = EDGE_RGB
        window[d <= r_px - EDGE_PX] = CUE_RGB if ball == "cue" else IVORY_RGB
    return image

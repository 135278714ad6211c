"""The table as drawn: the cloth's outline with the pockets' throats, the holes beyond the
capture lines, where a fallen ball is drawn.  Read from the simulator's own arrays
(:class:`sim.table.TableGeometry`), so that a picture shows the table the simulator plays on:
the diagrams (``russian_pyramid.drawing``) and the board's page (``GET /api/table``) draw these.
"""
from __future__ import annotations

import math

import numpy as np

from . import detmath as dm
from .table import CUSHION_IDS, POCKET_IDS, SEGMENT_JAW_FACE, TableGeometry

# Pockets in order round the table (house-end right corner first, counter-clockwise as drawn
# with +y up): the order :func:`cloth_outline` walks.
POCKET_WALK = ("NR", "MR", "FR", "FL", "ML", "NL")
# A drawing convention, no physics: where a fallen ball is drawn, this many ball radii past
# the capture line on the pocket's axis (the hole's centre for a picture).
HOLE_CENTRE_DEPTH_R = 1.2
JAW_ARC_POINTS = 9  # points of a jaw's rounding in the outline (a drawing's resolution)
# The table's colours (hex RGB), the same in every picture of it: the diagrams' palette
# (russian_pyramid/drawing/style.py) and the learning environment's frames (ai/env/render.py).
CLOTH = "#17723a"
RAIL_WOOD = "#5b3417"
HOLE = "#050505"
MARKS = "#f4f4f4"
IVORY = "#fbf5dc"
CUE_BALL = "#d81b1b"


def jaw_outline(g: TableGeometry, pocket_id: str, cushion_id: str) -> np.ndarray:
    """One jaw's edge as an (n, 2) array, from the nose toward the hole: the nose's tangent
    point, the rounding (:data:`JAW_ARC_POINTS` points the short way round its circle), then
    the point where the jaw face meets the pocket's capture line."""
    k, ci = POCKET_IDS.index(pocket_id), CUSHION_IDS.index(cushion_id)
    face = int(np.flatnonzero((g.segment_kind == SEGMENT_JAW_FACE)
                              & (g.segment_pocket == k) & (g.segment_cushion == ci))[0])
    circ = int(np.flatnonzero((g.circle_pocket == k) & (g.circle_cushion == ci))[0])
    cx, cy, r = g.circles[circ]
    nose = g.segments[ci].reshape(2, 2)
    # sim.detmath, as everywhere in this module: the same outline on every machine
    nose_pt = nose[np.argmin(dm.hypot_array(nose[:, 0] - cx, nose[:, 1] - cy))]
    f0, f1 = g.segments[face, :2], g.segments[face, 2:]
    a0 = dm.atan2(nose_pt[1] - cy, nose_pt[0] - cx)
    a1 = dm.atan2(f0[1] - cy, f0[0] - cx)
    sweep = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    arc = [(cx + r * dm.cos(a0 + sweep * t), cy + r * dm.sin(a0 + sweep * t))
           for t in np.linspace(0.0, 1.0, JAW_ARC_POINTS)]
    px, py, nx, ny = g.capture_lines[k]
    d = f1 - f0
    t = ((px - f0[0]) * nx + (py - f0[1]) * ny) / (d[0] * nx + d[1] * ny)
    capture_pt = tuple(f0 + t * d)
    return np.array([tuple(nose_pt)] + arc + [capture_pt])


def cloth_outline(g: TableGeometry) -> np.ndarray:
    """The playing surface's boundary as the simulator sees it, throats included, as a
    closed (n, 2) polygon (last point not repeated): round the table pocket by pocket in
    :data:`POCKET_WALK` order, in each pocket down one jaw to the capture line and back up
    the other.  Between two pockets the polygon's edge is that cushion's nose."""
    pts: list = []
    for i, pid in enumerate(POCKET_WALK):
        before = _cushion_between(POCKET_WALK[i - 1], pid)
        after = _cushion_between(pid, POCKET_WALK[(i + 1) % len(POCKET_WALK)])
        pts += [tuple(p) for p in jaw_outline(g, pid, before)]
        pts += [tuple(p) for p in jaw_outline(g, pid, after)[::-1]]
    return np.array(pts)


def pocket_hole(g: TableGeometry, pocket_id: str) -> np.ndarray:
    """The hole of a pocket as a (4, 2) polygon: between its two jaw faces from the capture
    line to the faces' far ends (where a ball has fallen)."""
    k = POCKET_IDS.index(pocket_id)
    faces = g.jaw_faces_by_pocket[k]
    ends = [g.segments[s, 2:] for s in faces]
    caps = [jaw_outline(g, pocket_id, CUSHION_IDS[int(g.segment_cushion[s])])[-1]
            for s in faces]
    return np.array([caps[0], ends[0], ends[1], caps[1]])


def pocket_hole_centre(g: TableGeometry, pocket_id: str) -> np.ndarray:
    """Where a fallen ball is drawn: :data:`HOLE_CENTRE_DEPTH_R` ball radii past the capture
    line on the pocket's axis (a drawing convention)."""
    k = POCKET_IDS.index(pocket_id)
    px, py = g.capture_lines[k, :2]
    axis = g.pocket_axes[k]
    return np.array([px, py]) + axis * g.spec.ball_radius_m * HOLE_CENTRE_DEPTH_R


def _cushion_between(p: str, q: str) -> str:
    """The cushion whose ends are pockets ``p`` and ``q``."""
    return next(c for c in CUSHION_IDS if set(c.split("-")) == {p, q})

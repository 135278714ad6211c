"""The table drawn to scale: rail, cushion rubber, the cloth bounded by the cushion outline the
simulator plays on (noses, jaw roundings, jaw faces: :func:`sim.table_drawing.cloth_outline`),
the pocket holes beyond the capture lines, the spots, the house line and the pockets' ids."""
from __future__ import annotations

from matplotlib.patches import Circle, Polygon, Rectangle
import numpy as np

from sim.table import POCKET_IDS, TableSpec
from sim import table_drawing as drawn

from .figure import extent, fontsize, pt_per_m
from .style import (CLOTH, CUSHION_LINE, CUSHION_RUBBER, HOLE, HOLE_RADIUS_R, MARKS, RAIL_WOOD,
                    RUBBER_M)


def draw_table(ax, table: TableSpec, *, labels: bool = True) -> None:
    """Draw ``table`` to scale on ``ax``: rail, cushion rubber, cloth bounded by the real cushion
    outline (noses, jaw roundings, jaw faces), pocket holes, spots, house line, pocket ids.

    Sets the limits, equal aspect and hides the axes frame."""
    L, W = table.length_m, table.width_m
    g = table.geometry
    x0, x1, y0, y1 = extent(table)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal", adjustable="box")
    ax.set_axis_off()
    ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, color=RAIL_WOOD, zorder=0))
    ax.add_patch(Rectangle((-RUBBER_M, -RUBBER_M), L + 2 * RUBBER_M, W + 2 * RUBBER_M,
                           color=CUSHION_RUBBER, zorder=0.5))
    for pid in POCKET_IDS:
        ax.add_patch(Polygon(drawn.pocket_hole(g, pid), closed=True, color=HOLE, zorder=1))
        ax.add_patch(Circle(drawn.pocket_hole_centre(g, pid), table.ball_radius_m * HOLE_RADIUS_R,
                            color=HOLE, zorder=1))
    ax.add_patch(Polygon(drawn.cloth_outline(g), closed=True, facecolor=CLOTH,
                         edgecolor=CUSHION_LINE,
                         linewidth=0.8, zorder=2))
    _draw_marks(ax, table)
    if labels:
        _draw_labels(ax, table)


def _draw_marks(ax, table: TableSpec) -> None:
    """The marks on the cloth: the dashed house line and the three spots."""
    lw = max(0.4, pt_per_m(ax) * 0.004)
    ax.plot([table.house_line_x] * 2, [0, table.width_m], linestyle=(0, (6, 4)), color=MARKS,
            alpha=0.7, linewidth=lw, zorder=3)
    spots = (table.first_spot, table.centre_spot, table.third_spot)
    ax.scatter([s[0] for s in spots], [s[1] for s in spots], s=max(1.0, lw * 6), color=MARKS,
               zorder=3, linewidths=0)


def _draw_labels(ax, table: TableSpec) -> None:
    """The words on the table: "house line" beside it, each pocket's id beside its hole."""
    fs = fontsize(ax, 0.05, 3.0, 10.0)
    ax.text(table.house_line_x + 0.02, table.width_m * 0.04, "house line", rotation=90,
            color=MARKS, alpha=0.8, fontsize=fs * 0.9, va="bottom", ha="left", zorder=3)
    g = table.geometry
    for k, pid in enumerate(POCKET_IDS):
        axis = g.pocket_axes[k]
        px, py = g.mouth_centres[k]
        if abs(axis[0]) < 1e-9:  # a middle pocket: beside the hole, on the rail
            pos = (px + 0.13, py + axis[1] * 0.08)
        else:
            pos = (px + axis[0] * 0.12 - 0.02 * np.sign(axis[0]),
                   py + axis[1] * 0.12 - 0.02 * np.sign(axis[1]))
        ax.text(*pos, pid, color="#f6e7c1", fontsize=fs, fontweight="bold", ha="center",
                va="center", zorder=3)

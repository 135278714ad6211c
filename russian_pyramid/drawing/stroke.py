"""A simulated stroke as a picture (``simulate --png``, ``play --png-dir``): start positions
faded, every ball's path, final positions, fallen balls numbered in the order they fell, the
first contact (the ghost cue ball and a star), a legend and a caption."""
from __future__ import annotations

from typing import Mapping

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
import numpy as np

from sim.table import TableSpec

from ..io import write_atomic
from . import figure
from .balls import draw_balls, draw_position, mark_pocketed
from .figure import caption, check_folder, new_figure, pocketed_fields, pt_per_m
from .style import STROKE_DPI, Point


def _first_contact(result, paths, R: float):
    """(ball id, cue centre at the contact, other ball's centre) of the cue ball's first
    ball-ball contact, or None."""
    for ev in result.events:
        if ev.is_ball_ball and ev.involves("cue"):
            other = ev.other("cue")
            if ev.position is None:
                return other, None, None
            pos = np.asarray(ev.position, float)
            if ev.balls[0] == "cue":
                return other, pos, None
            cue_path = None if paths is None else paths.get("cue")
            if cue_path is None or len(cue_path) == 0:
                return other, None, pos
            cp = np.asarray(cue_path, float)
            k = int(np.argmin(np.abs(np.hypot(*(cp - pos).T) - 2 * R)))
            return other, cp[k], pos
    return None


def _mark_first_contact(ax, table: TableSpec, contact) -> None:
    """The first contact of :func:`_first_contact` drawn: the ghost cue ball and a star."""
    if contact is None:
        return
    other, cue_pos, other_pos = contact
    R = table.ball_radius_m
    if cue_pos is not None:
        draw_balls(ax, table, {"cue": cue_pos}, outline_only=True, zorder=5.5)
    mark = cue_pos if cue_pos is not None else other_pos
    if mark is None:
        return
    if cue_pos is not None and other_pos is not None:
        mark = (np.asarray(cue_pos) + np.asarray(other_pos)) / 2
    ax.scatter([mark[0]], [mark[1]], marker="*", s=max(20.0, (R * pt_per_m(ax)) ** 2 * 1.2),
               color="#ffe600", edgecolors="black", linewidths=0.5, zorder=9)


def stroke_figure(table: TableSpec, balls_before: Mapping[str, Point], result,
                  paths: Mapping[str, object] | None, title: str | None = None) -> Figure:
    """The figure :func:`draw_stroke_png` writes; ``fig.axes[0]`` is the table."""
    fig = new_figure(12.0, 7.2, STROKE_DPI)
    ax = fig.add_axes([0.02, 0.17, 0.96, 0.77])
    colours = draw_position(ax, table, balls_before, paths, final=result.final)
    mark_pocketed(ax, table, result.pocketed)
    contact = _first_contact(result, paths, table.ball_radius_m)
    _mark_first_contact(ax, table, contact)
    if title:
        fig.text(0.5, 0.975, title, ha="center", va="top", fontsize=13, fontweight="bold")
    handles = [Line2D([], [], color=c, linewidth=2.5 if b == "cue" else 1.8,
                      label="cue ball" if b == "cue" else f"ball {b}")
               for b, c in colours.items()]
    if contact is not None:
        handles.append(Line2D([], [], marker="*", color="#ffe600", markeredgecolor="black",
                              linestyle="none", markersize=11, label="first contact"))
    if handles:
        legend = fig.legend(handles=handles, loc="upper right", bbox_to_anchor=(0.98, 0.165),
                            ncol=min(4, len(handles)), fontsize=9, frameon=True)
        legend.get_frame().set_facecolor("#eeeeee")
    order = ", ".join(f"{k}. {b} in {p}" for k, (b, p) in
                      enumerate(map(pocketed_fields, result.pocketed), start=1))
    lines = [f"Pocketed: {order or 'nothing'}",
             "First contact: " + (f"ball {contact[0]}" if contact else "none (a miss)")]
    if getattr(result, "truncated", False):
        lines.append("(simulation stopped at the event cap)")
    lines.append("Faded balls: start positions; dashed red circle: cue ball at first contact.")
    caption(fig, lines, 0.155, 90, 10.5)
    return fig


def draw_stroke_png(path, table: TableSpec, balls_before: Mapping[str, Point], result,
                    paths: Mapping[str, object] | None, title: str | None = None) -> None:
    """A simulated stroke: start positions (faded), every ball's path (cue ball red and
    thicker, one colour per moving object ball), final positions, fallen balls in their
    pockets numbered in the order they fell, the first contact (ghost cue ball and a star),
    and a legend and caption with what fell and the first ball touched.

    ``result`` is a :class:`sim.result.SimResult`; ``paths`` as from
    :func:`sim.trajectory.sample_paths` (may be None or empty)."""
    path = check_folder(path)
    fig = stroke_figure(table, balls_before, result, paths, title)
    write_atomic(path, figure.png_bytes(fig))

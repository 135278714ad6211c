"""Balls and their paths on a drawn table: object balls ivory with their number, the cue ball
red; each moving ball's path in its own colour (the cue ball's red and thicker); a position
before and after a stroke; fallen balls on the rail beside their pocket, numbered in the
order they fell."""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from matplotlib.patches import Circle
import numpy as np

from sim.events import BALL_IDS
from sim.table import TableSpec

from .figure import fontsize, pocketed_fields, pt_per_m
from .style import CUE_BALL, CUE_PATH_COLOUR, IVORY, PATH_COLOURS, RAIL_M, Point
from .table import draw_table


def draw_balls(ax, table: TableSpec, balls: Mapping[str, Point], *, alpha: float = 1.0,
               labels: bool = True, zorder: float = 6.0, outline_only: bool = False) -> None:
    """Draw balls to scale: object balls ivory with their number, the cue ball red with a
    white ``c``.  ``alpha`` < 1 fades them (start positions); ``outline_only`` draws ghosts."""
    R = table.ball_radius_m
    fs = fontsize(ax, R * 1.05, 0.0, 11.0)
    for bid in sorted(balls, key=ball_order):
        xy = balls[bid]
        if xy is None:
            continue
        x, y = float(xy[0]), float(xy[1])
        cue = bid == "cue"
        face = CUE_BALL if cue else IVORY
        if outline_only:
            ax.add_patch(Circle((x, y), R, facecolor="none", edgecolor=face, linestyle="--",
                                linewidth=0.9, alpha=alpha, zorder=zorder))
            continue
        ax.add_patch(Circle((x, y), R, facecolor=face, edgecolor="#222222",
                            linewidth=max(0.3, R * pt_per_m(ax) * 0.06), alpha=alpha,
                            zorder=zorder))
        if labels and fs >= 3.0:
            ax.text(x, y, "c" if cue else bid, color="white" if cue else "#111111",
                    fontsize=fs * (0.9 if len(bid) > 1 and not cue else 1.0),
                    fontweight="bold", ha="center", va="center_baseline", alpha=alpha,
                    zorder=zorder + 0.1)


def ball_order(bid: str) -> int:
    """Where a ball id sorts: the cue ball first, then by number."""
    return BALL_IDS.index(bid) if bid in BALL_IDS else len(BALL_IDS)


def path_colours(ball_ids: Iterable[str]) -> dict[str, str]:
    """Colour of each moving ball's path: red for the cue ball, then :data:`PATH_COLOURS` in
    ball-number order."""
    out, k = {}, 0
    for bid in sorted(ball_ids, key=ball_order):
        if bid == "cue":
            out[bid] = CUE_PATH_COLOUR
        else:
            out[bid] = PATH_COLOURS[k % len(PATH_COLOURS)]
            k += 1
    return out


def draw_paths(ax, table: TableSpec, paths: Mapping[str, object] | None,
               *, zorder: float = 4.0) -> dict[str, str]:
    """Draw each ball's centre path; returns the colour used per ball id."""
    if not paths:
        return {}
    colours = path_colours(paths)
    scale = pt_per_m(ax)
    for bid, colour in colours.items():
        pts = np.asarray(paths[bid], dtype=float).reshape(-1, 2)
        if len(pts) < 2:
            continue
        # The cue ball's path thicker and underneath, so an object ball's path along the
        # same line still shows.
        lw = scale * (0.011 if bid == "cue" else 0.006)
        ax.plot(pts[:, 0], pts[:, 1], color=colour, linewidth=max(0.6, min(lw, 3.5)),
                solid_capstyle="round", zorder=zorder + (0 if bid == "cue" else 0.5))
    return colours


def draw_position(ax, table: TableSpec, balls: Mapping[str, Point],
                   paths: Mapping[str, object] | None = None,
                   final: Mapping[str, Point | None] | None = None,
                   labels: bool = True, table_labels: bool = True) -> dict[str, str]:
    """The shared picture: table, paths, balls.  With ``final``, ``balls`` are start positions:
    balls that moved are drawn faded there and solid at ``final`` (fallen ones: not at all)."""
    draw_table(ax, table, labels=table_labels)
    colours = draw_paths(ax, table, paths)
    if final is None:
        draw_balls(ax, table, balls, labels=labels)
        return colours
    moved = {b for b in balls if final.get(b, balls[b]) is None
             or not np.allclose(final.get(b, balls[b]), balls[b], atol=1e-6)}
    draw_balls(ax, table, {b: balls[b] for b in moved}, alpha=0.35, labels=labels, zorder=5)
    draw_balls(ax, table, {b: (final[b] if b in final else balls[b]) for b in balls
                           if final.get(b, balls[b]) is not None}, labels=labels)
    return colours


def mark_pocketed(ax, table: TableSpec, pocketed: Sequence) -> None:
    """Fallen balls drawn on the rail beside their pocket, in a row running toward the middle
    of the table, each with a yellow badge giving the order in which they fell (1, 2, ...)."""
    R = table.ball_radius_m
    L, W = table.length_m, table.width_m
    per_pocket: dict[str, int] = {}
    fs = fontsize(ax, R * 0.9, 0.0, 9.0)
    for order, p in enumerate(pocketed, start=1):
        ball, pocket = pocketed_fields(p)
        j = per_pocket.get(pocket, 0)
        per_pocket[pocket] = j + 1
        px, py = table.pocket_position(pocket)
        along = 1.0 if px < L / 2 or (pocket[0] == "M") else -1.0
        outward = 1.0 if py > W / 2 else -1.0
        first = 0.24 if pocket[0] == "M" else 0.2
        centre = np.array([px + along * (first + j * 3.3 * R), py + outward * RAIL_M * 0.55])
        draw_balls(ax, table, {ball: centre}, zorder=7)
        if fs >= 3.0:
            badge = centre + np.array([along * 1.45 * R, outward * 0.75 * R])
            ax.text(*badge, str(order), fontsize=fs, fontweight="bold", color="black",
                    ha="center", va="center", zorder=8,
                    bbox=dict(boxstyle="circle,pad=0.12", facecolor="#ffe600",
                              edgecolor="black", linewidth=0.5))

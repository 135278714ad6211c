"""The AI's suggestions as a picture (``suggest --png``): one row per suggestion, best first,
each with its own table (the cue ball, the dashed aim line to the ghost ball, the predicted
paths and where the cue ball stops, or an arrow from the called ball to its pocket) and
beside it P(win), the kind and call, the chances, the tip diagram and the instruction.

The words come from the catalog (``engine/locale``, keys ``drawing.*``); a language without a
catalog is drawn in English."""
from __future__ import annotations

import math
import textwrap
from typing import Mapping, Sequence

from matplotlib.figure import Figure
from matplotlib.patches import Circle
import numpy as np

from ai.agent import DecisionKind
from engine.words import DEFAULT_LANG, LANGS, words_under
from sim.table import POCKET_IDS, TableSpec

from ..io import write_atomic
from . import figure
from .balls import draw_position
from .figure import check_folder, fontsize, format_call, new_figure, pct, pt_per_m
from .style import CUE_PATH_COLOUR, SUGGEST_DPI, SUGGESTION_COLOURS, Point

SUGGEST_ROW_IN = 3.6  # height of one suggestion's row (inches)
SUGGEST_HEAD_IN, SUGGEST_FOOT_IN = 0.45, 0.55  # the title above the rows, the legend below
TIP_FACE = "#f1d6d6"


def _aim_end(table: TableSpec, start: np.ndarray, phi: float, balls: Mapping[str, Point]):
    """Where the cue ball's centre, sent straight along ``phi`` from ``start``, first touches
    a ball (returns the point and that ball's id) or reaches a cushion (point, None)."""
    R = table.ball_radius_m
    d = np.array([math.cos(phi), math.sin(phi)])
    best_t, best_id = math.inf, None
    for bid, xy in balls.items():
        if bid == "cue" or xy is None:
            continue
        rel = np.asarray(xy, float) - start
        along = float(rel @ d)
        perp2 = float(rel @ rel) - along * along
        if along <= 0 or perp2 >= (2 * R) ** 2:
            continue
        t = along - math.sqrt((2 * R) ** 2 - perp2)
        if 0 <= t < best_t:
            best_t, best_id = t, bid
    lo = np.array([R, R])
    hi = np.array([table.length_m - R, table.width_m - R])
    for i in range(2):
        if abs(d[i]) > 1e-12:
            bound = hi[i] if d[i] > 0 else lo[i]
            t = (bound - start[i]) / d[i]
            if 0 <= t < best_t:
                best_t, best_id = t, None
    if not math.isfinite(best_t):
        best_t = 0.0
    return start + d * best_t, best_id



def drawing_words(lang: str) -> dict[str, str]:
    """The diagrams' words in ``lang`` (English for a language without a catalog), keyed as
    under ``drawing.`` in the catalog (``kind.attack``, ``success``, ``legend``, ...)."""
    return words_under("drawing.", lang if lang in LANGS else DEFAULT_LANG)


def _draw_tip(ax, strike: Mapping, words: Mapping[str, str], colour: str) -> None:
    """The cue ball's face as the player sees it: the tip's contact point (side > 0 to the
    right, vertical > 0 up), the miscue limit dashed, and the cue's elevation."""
    ax.set_xlim(-1.35, 1.35)
    ax.set_ylim(-1.5, 1.35)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_patch(Circle((0, 0), 1.0, facecolor=TIP_FACE, edgecolor="#333333", linewidth=1.2))
    ax.add_patch(Circle((0, 0), 0.6, facecolor="none", edgecolor="#999999", linewidth=0.6,
                        linestyle=(0, (3, 2))))
    ax.plot([-1, 1], [0, 0], color="#bbbbbb", linewidth=0.5)
    ax.plot([0, 0], [-1, 1], color="#bbbbbb", linewidth=0.5)
    sd, vt = float(strike.get("side", 0.0) or 0.0), float(strike.get("vertical", 0.0) or 0.0)
    ax.add_patch(Circle((sd, vt), 0.13, facecolor=colour, edgecolor="black", linewidth=1.0))
    elev = float(strike.get("elevation_deg", 0.0) or 0.0)
    ax.text(0, -1.27, f"{words['cue']} {elev:.0f}\u00b0", ha="center", va="center",
            fontsize=8)


def suggestion_figure(table: TableSpec, balls: Mapping[str, Point],
                      suggestions: Sequence[Mapping], title: str | None = None,
                      paths: Mapping[str, object] | None = None, lang: str = "en") -> Figure:
    """The figure :func:`draw_suggestion_png` writes: one row per suggestion, best first, each
    with its own table (so no drawing or label hides another's); ``fig.axes[0]`` is the best
    suggestion's table."""
    words = drawing_words(lang)
    n = max(1, len(suggestions))
    foot = SUGGEST_FOOT_IN
    H = SUGGEST_HEAD_IN + foot + SUGGEST_ROW_IN * n
    fig = new_figure(12.0, H, SUGGEST_DPI)
    if title:
        fig.text(0.5, 1 - 0.1 / H, title, ha="center", va="top", fontsize=13, fontweight="bold")
    if not suggestions:
        ax = fig.add_axes([0.01, (foot) / H, 0.6, SUGGEST_ROW_IN / H])
        draw_position(ax, table, {b: xy for b, xy in balls.items() if xy is not None})
        fig.text(0.64, (foot + SUGGEST_ROW_IN / 2) / H, words["none"], fontsize=12)
        return fig
    for i, s in enumerate(suggestions):
        colour = SUGGESTION_COLOURS[i % len(SUGGESTION_COLOURS)]
        bottom = (foot + SUGGEST_ROW_IN * (n - 1 - i)) / H
        ax = fig.add_axes([0.005, bottom + 0.05 / H, 0.6, (SUGGEST_ROW_IN - 0.1) / H])
        _draw_suggestion_table(ax, table, balls, s, i + 1, colour,
                               s.get("paths") or (paths if i == 0 else None))
        _draw_suggestion_text(fig, s, i + 1, colour, bottom + (SUGGEST_ROW_IN - 0.1) / H, H,
                              words)
    fig.text(0.01, (foot - 0.08) / H, "\n".join(textwrap.wrap(words["legend"], 160)),
             ha="left", va="top", fontsize=8, color="#333333")
    return fig


def _draw_suggestion_table(ax, table: TableSpec, balls: Mapping[str, Point], s: Mapping,
                           rank: int, colour: str, my_paths) -> None:
    """One suggestion's table: the position (the cue ball at its placement when in hand), its
    paths, the dashed aim line to the ghost ball, where the cue ball stops, the rank beside the
    cue ball; without paths an arrow from the called ball to its pocket."""
    R = table.ball_radius_m
    cue = _suggestion_cue(balls, s)
    shown = {b: xy for b, xy in balls.items() if b != "cue" and xy is not None}
    if cue is not None:
        shown["cue"] = cue
    draw_position(ax, table, shown, my_paths, table_labels=(rank == 1))
    strike = s.get("strike") or {}
    scale = pt_per_m(ax)
    if cue is not None and "phi_deg" in strike:
        phi = math.radians(float(strike["phi_deg"]))
        _draw_aim(ax, table, balls, s.get("advice") or {}, cue, phi, rank, colour, my_paths)
    call = s.get("call") or {}
    ball, pocket = call.get("ball"), call.get("pocket")
    if not my_paths and ball in balls and balls[ball] is not None and pocket in POCKET_IDS:
        bx, by = balls[ball]
        mx, my = table.geometry.mouth_centres[POCKET_IDS.index(pocket)]
        ax.annotate("", xy=(mx, my), xytext=(bx, by), zorder=9,
                    arrowprops=dict(arrowstyle="-|>", color=colour, linewidth=1.4,
                                    shrinkA=scale * R, shrinkB=0, mutation_scale=12))


def _draw_aim(ax, table: TableSpec, balls: Mapping[str, Point], advice: Mapping, cue,
              phi: float, rank: int, colour: str, my_paths) -> None:
    """The aim of a stroke sent along ``phi`` from ``cue``: the dashed line to the ghost ball
    (the advice's, or the first ball the line meets), the ghost ball, the ring where the cue
    ball stops (with paths only) and the rank's badge behind the cue ball."""
    R = table.ball_radius_m
    scale = pt_per_m(ax)
    aim = advice.get("aim") or {}
    ghost = aim.get("ghost")
    if ghost is not None and not aim.get("cushions_first"):
        end = np.asarray(ghost, float)
    else:
        others = {b: xy for b, xy in balls.items() if b != "cue"}
        end, hit = _aim_end(table, np.asarray(cue, float), phi, others)
        if ghost is None and hit is not None:
            ghost = end
    ax.plot([cue[0], end[0]], [cue[1], end[1]], color=colour,
            linewidth=max(0.8, scale * 0.006), linestyle=(0, (5, 2)), zorder=9)
    if ghost is not None:
        ax.add_patch(Circle(ghost, R, facecolor="none", edgecolor=colour,
                            linewidth=1.3, linestyle=(0, (3, 2)), zorder=9))
    stop = advice.get("cue_stop")
    if stop is not None and my_paths:
        ax.add_patch(Circle(stop, R * 1.25, facecolor="none", edgecolor=CUE_PATH_COLOUR,
                            linewidth=1.6, zorder=9))
    # the rank, beside the cue ball on the side away from the aim
    badge = np.asarray(cue, float) - np.array([math.cos(phi), math.sin(phi)]) * 3.2 * R
    badge = np.clip(badge, [2 * R, 2 * R], [table.length_m - 2 * R, table.width_m - 2 * R])
    ax.text(*badge, str(rank), fontsize=fontsize(ax, 0.05, 6.0, 11.0),
            fontweight="bold", color="black", ha="center", va="center", zorder=10,
            bbox=dict(boxstyle="circle,pad=0.2", facecolor=colour, edgecolor="black",
                      linewidth=0.5))


def _draw_suggestion_text(fig: Figure, s: Mapping, rank: int, colour: str, row_top: float,
                          H: float, words: Mapping[str, str]) -> None:
    """The right-hand side of a suggestion's row (``row_top`` in figure fractions, ``H`` the
    figure's height in inches): the tip diagram in the corner, P(win) as the headline, the
    kind and call, the chances and the instruction below."""
    strike = s.get("strike") or {}
    if strike:
        tip_ax = fig.add_axes([0.885, row_top - 1.45 / H, 1.3 / 12.0, 1.4 / H])
        _draw_tip(tip_ax, strike, words, colour)
    x_text = 0.62
    kind = s.get("kind", "?")
    head_line = f"{rank}. P(win) {pct(s.get('p_win'))}"
    fig.text(x_text, row_top - 0.05 / H, head_line, ha="left", va="top", fontsize=15,
             fontweight="bold", color="black",
             bbox=dict(boxstyle="square,pad=0.15", facecolor=colour, edgecolor="none"))
    what = words.get(f"kind.{kind}", kind)
    call = s.get("call") or {}
    if call and kind != DecisionKind.DELIBERATE_FOUL:
        what += f": {format_call(call)}"
    if s.get("foul"):
        what += f" ({s['foul']})"
    fig.text(x_text, row_top - 0.45 / H, what, ha="left", va="top", fontsize=10.5,
             fontweight="bold")
    nums = [f"{words['success']} {pct(s.get('p_success'))} \u00b7 {words['foul']} "
            f"{pct(s.get('p_foul'))}"]
    if s.get("expected_points") is not None:
        nums.append(f"{words['points']} {round(float(s['expected_points']), 1) + 0.0:+.1f}")
    fig.text(x_text, row_top - 0.72 / H, "\n".join(nums), ha="left", va="top",
             fontsize=9.5, linespacing=1.4)
    wrapped = textwrap.wrap(s.get("instruction") or "", 62)
    fig.text(x_text, row_top - 1.5 / H, "\n".join(wrapped[:11]), ha="left", va="top",
             fontsize=8.5, linespacing=1.25)


def _suggestion_cue(balls: Mapping[str, Point], s: Mapping):
    """Where the suggestion's cue ball is: its placement from hand, else the position's."""
    placement = s.get("placement")
    if placement is not None:
        return (float(placement[0]), float(placement[1]))
    cue = balls.get("cue")
    return None if cue is None else (float(cue[0]), float(cue[1]))


def draw_suggestion_png(path, table: TableSpec, balls: Mapping[str, Point],
                        suggestions: Sequence[Mapping], title: str | None = None,
                        paths: Mapping[str, object] | None = None, lang: str = "en") -> None:
    """The AI's suggestions, best first, as in the ``suggest --json`` output, one row each:
    the table with the cue ball (at its placement when in hand), the dashed aim line to the
    ghost ball, and -- when the suggestion carries ``paths`` (``suggest`` adds them for the
    picture) -- every moving ball's predicted path and where the cue ball stops; beside it
    P(win) as the headline, kind and call, success and foul chances, the tip diagram and the
    instruction.  ``paths`` (optional) are the best suggestion's paths when the suggestions
    carry none.  Without paths the called ball gets an arrow to its pocket."""
    path = check_folder(path)
    fig = suggestion_figure(table, balls, suggestions, title, paths, lang)
    write_atomic(path, figure.png_bytes(fig))

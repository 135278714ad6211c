"""The one-page summary of an analysed game (``pyramid analyze --summary-png``): the P(win)
of the side to move at each stroke, the stroke played and the best one found, the marks
(``?!``, ``?``, ``??``), and the per-player summary as a table.  Words from the catalogs
(:mod:`engine.words`, ``analysis.summary.*``) in the language asked for."""
from __future__ import annotations

import io
from typing import Sequence

from ai.games.analysis import (BLUNDER_MARK, INACCURACY, INACCURACY_MARK, MISTAKE_MARK,
                               PlayerSummary)
from engine.words import say

from .human_plot import COLOURS
from .io import write_atomic
from .pictures import offscreen_figure

DPI = 110
SIZE_IN = (11.0, 7.5)
MARK_COLOURS = {INACCURACY_MARK: "#b8a000", MISTAKE_MARK: "#e69f00", BLUNDER_MARK: "#d00000"}
MARK_SIZE = {INACCURACY_MARK: 45, MISTAKE_MARK: 70, BLUNDER_MARK: 110}
MARK_KEYS = {INACCURACY_MARK: "analysis.summary.inaccuracy", MISTAKE_MARK: "analysis.summary.mistake",
             BLUNDER_MARK: "analysis.summary.blunder"}


def draw_summary_png(path, title: str, subtitle: str,
                     strokes: Sequence[tuple[int, int, float, float, str]],
                     names: Sequence[str], summaries: Sequence[PlayerSummary],
                     thresholds: tuple[float, float], lang: str) -> None:
    """``strokes``: (stroke number, side, P(win) played, P(win) best, mark) each;
    ``names``: each side's name; written atomically."""
    fig = offscreen_figure(SIZE_IN, DPI)
    grid = fig.add_gridspec(2, 1, height_ratios=(3.2, 1.0), hspace=0.35)
    ax = fig.add_subplot(grid[0])
    for side in sorted({s[1] for s in strokes}):
        mine = [s for s in strokes if s[1] == side]
        colour = COLOURS[side % len(COLOURS)]
        name = names[side] if side < len(names) else str(side)
        ax.plot([s[0] for s in mine], [s[2] for s in mine], color=colour, lw=1.4,
                marker="o", ms=3.5, label=say("analysis.summary.played", lang, who=name))
        better = [s for s in mine if s[3] > s[2] + 1e-9]
        ax.vlines([s[0] for s in better], [s[2] for s in better], [s[3] for s in better],
                  color=colour, lw=0.8, alpha=0.5)
        ax.scatter([s[0] for s in better], [s[3] for s in better], facecolors="none",
                   edgecolors=colour, s=22, lw=0.9)
    ax.scatter([], [], facecolors="none", edgecolors="#555555", s=22,
               label=say("analysis.summary.best", lang))
    for mark, loss in ((INACCURACY_MARK, INACCURACY), (MISTAKE_MARK, thresholds[0]),
                       (BLUNDER_MARK, thresholds[1])):
        hit = [s for s in strokes if s[4] == mark]
        ax.scatter([s[0] for s in hit], [s[2] for s in hit], marker="X", s=MARK_SIZE[mark],
                   color=MARK_COLOURS[mark], zorder=3,
                   label=say(MARK_KEYS[mark], lang, loss=loss))
    ax.set_ylim(-0.03, 1.03)
    numbers = [s[0] for s in strokes] or [1]
    ax.set_xlim(min(numbers) - 1, max(numbers) + 1)  # the strokes analysed (--strokes)
    # strokes are whole numbers (the default locator is a MaxNLocator: no import of matplotlib
    # here, which russian_pyramid.pictures loads only when a picture is drawn)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.axhline(0.5, color="#aaaaaa", lw=0.8, ls="--")
    ax.set_xlabel(say("analysis.summary.stroke", lang))
    ax.set_ylabel(say("analysis.summary.p_win", lang))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=3, fontsize=8.5,
              frameon=False)
    ax.set_title(f"{title}\n{subtitle}", fontsize=11)
    _table(fig.add_subplot(grid[1]), summaries, lang)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, bbox_inches="tight")
    write_atomic(path, buf.getvalue())


def _table(ax, summaries: Sequence[PlayerSummary], lang: str) -> None:
    ax.axis("off")
    heads = [say(f"analysis.summary.{k}", lang) for k in
             ("player", "strokes", "mean_loss", "inaccuracies", "mistakes", "blunders",
              "best_played")]
    rows = [[m.name, str(m.strokes), f"{m.mean_loss:.3f}", str(m.inaccuracies),
             str(m.mistakes), str(m.blunders), str(m.best_played)] for m in summaries]
    first = 0.2  # the player's name with its agent spec: the widest column
    widths = [first] + [(1.0 - first) / (len(heads) - 1)] * (len(heads) - 1)
    table = ax.table(cellText=rows or [[""] * len(heads)], colLabels=heads, loc="center",
                     cellLoc="center", colWidths=widths)
    table.auto_set_font_size(False)
    table.set_fontsize(8.5)  # the Russian heads are long
    table.scale(1.0, 1.5)
    for m, row in zip(summaries, range(1, len(rows) + 1)):
        table[row, 0].get_text().set_color(COLOURS[m.player % len(COLOURS)])

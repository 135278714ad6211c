"""The picture of a tournament (``pyramid tournament --plot``): each agent's rating with its
95 % interval, and the head-to-head crosstable as a grid of score shares."""
from __future__ import annotations

import io

from ai.games.crosstable import Crosstable
from ai.registry import labels

from .io import write_atomic
from .pictures import offscreen_figure

DPI = 110
NAME_CHARS = 28  # longer agent specs are cut in the picture (the text table has them whole)
GRID_NAME_CHARS = 14  # beside the crosstable's grid


def draw_tournament_png(path, table: dict, cross: Crosstable) -> None:
    """``table``: the strength table (:func:`ai.games.tournament.strength_table`), rows best
    first; ``cross``: its crosstable.  Written atomically."""
    rows = table["table"]
    n = len(rows)
    fig = offscreen_figure((11.0, 1.6 + 0.45 * max(n, 2)), DPI)
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.2, 1.0]})
    # 1. Ratings, best at the top, with their 95 % intervals.
    ys = list(range(n))[::-1]
    for y, r in zip(ys, rows):
        lo, hi = r["rating_ci95"]
        left.plot([lo, hi], [y, y], color="#5470a8", lw=3, solid_capstyle="butt")
        left.plot([r["rating"]], [y], "o", color="#1d2f5c", ms=7)
        left.annotate(f"{r['rating']:.0f}", (r["rating"], y), xytext=(0, 7),
                      textcoords="offset points", ha="center", fontsize=8)
    names = labels([r["agent"] for r in rows], NAME_CHARS)
    left.set_yticks(ys, names, fontsize=9)
    left.axvline(0, color="#999999", lw=0.8, ls=":")
    left.set_xlabel("rating (Elo scale, mean 0) with 95 % interval")
    left.set_title(f"{table['games']} games; intervals: {table.get('ci_method', 'fisher')}",
                   fontsize=10)
    left.set_ylim(-0.7, n - 0.3)
    # 2. The crosstable: the row agent's share of the points against the column agent.
    index = {name: k for k, name in enumerate(cross.agents)}
    order = [index[r["agent"]] for r in rows]
    grid = [[float("nan")] * n for _ in range(n)]
    for a, i in enumerate(order):
        for b, j in enumerate(order):
            if i != j and cross.games[i][j]:
                grid[a][b] = cross.points[i][j] / cross.games[i][j]
    right.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    for a, i in enumerate(order):
        for b, j in enumerate(order):
            text = "" if i == j else (f"{cross.points[i][j]:g}/{cross.games[i][j]}"
                                      if cross.games[i][j] else "-")
            right.text(b, a, text, ha="center", va="center", fontsize=8)
    numbers = [str(k + 1) for k in range(n)]
    right.set_xticks(range(n), numbers)
    short = labels([r["agent"] for r in rows], GRID_NAME_CHARS)
    right.set_yticks(range(n), [f"{k + 1} {short[k]}" for k in range(n)], fontsize=8)
    right.set_title("points of the row against the column", fontsize=10)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    write_atomic(path, buf.getvalue())

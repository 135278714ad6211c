"""The score graph of human games (``pyramid analyze`` on a ``pyramid score --session``
record): each side's score after every stroke, one panel a game, the target dashed."""
from __future__ import annotations

import io

from .io import write_atomic
from .pictures import offscreen_figure

DPI = 110
COLOURS = ("#c0392b", "#2c6fbb", "#2e8b57")


def draw_score_graph_png(path, games: list[dict], targets: list[int]) -> None:
    """``games``: :func:`ai.games.human.game_stats` of each game; written atomically."""
    n = max(1, len(games))
    fig = offscreen_figure((9.0, 3.2 * n), DPI)
    axes = fig.subplots(n, 1, squeeze=False)[:, 0]
    for ax, g, target in zip(axes, games, targets):
        curve = g["score_curve"]
        xs = list(range(len(curve)))
        for side, name in enumerate(g["players"]):
            ax.plot(xs, [c[side] for c in curve], color=COLOURS[side % 3], lw=2,
                    drawstyle="steps-post", label=name)
        ax.axhline(target, color="#777777", ls="--", lw=1)
        ax.axhline(0, color="#bbbbbb", lw=0.8)
        res = g["result"] or {}
        if res.get("draw"):
            what = "draw"
        elif "winner" in res:
            what = f"{g['players'][res['winner']]} wins"
        else:
            what = "unfinished"
        ax.set_title(f"game {g['game']}" + (f", {g['date']}" if g.get("date") else "")
                     + f": {' - '.join(map(str, g['scores'] or []))}, {what}", fontsize=10)
        ax.set_xlabel("stroke")
        ax.set_ylabel("score")
        ax.set_xlim(0, max(1, len(curve) - 1) + 0.5)
        ax.legend(loc="upper left", fontsize=9)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    write_atomic(path, buf.getvalue())

"""The head-to-head crosstable of a tournament: what each agent scored against each other one.

A draw is half a point to each side, as in the ratings (:mod:`ai.games.ratings`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ..registry import labels


@dataclass(frozen=True)
class Crosstable:
    """``points[i][j]``: what agent ``i`` scored against ``j``; ``games[i][j]``: games they
    played (symmetric)."""

    agents: tuple[str, ...]
    points: tuple[tuple[float, ...], ...]
    games: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict:
        return {"agents": list(self.agents), "points": [list(r) for r in self.points],
                "games": [list(r) for r in self.games]}

    def format(self, order: Sequence[int] | None = None, width: int = 24) -> str:
        """Rows and columns in ``order`` (default: as given); columns numbered by row."""
        order = list(range(len(self.agents))) if order is None else list(order)
        cell = 11
        head = f"{'#':>2} {'agent':<{width}} " + "".join(f"{k:>{cell}}" for k in
                                                          range(1, len(order) + 1))
        lines = [head, "-" * len(head)]
        names = labels(self.agents, width)
        for k, i in enumerate(order, start=1):
            cells = []
            for j in order:
                if i == j:
                    cells.append(f"{'x':>{cell}}")
                elif self.games[i][j] == 0:
                    cells.append(f"{'-':>{cell}}")
                else:
                    cells.append(f"{_pts(self.points[i][j])}/{self.games[i][j]}".rjust(cell))
            lines.append(f"{k:>2} {names[i]:<{width}} " + "".join(cells))
        return "\n".join(lines)


def _pts(x: float) -> str:
    return f"{x:g}"


def crosstable(agents: Sequence[str], results: Sequence[tuple[int, int, float]]) -> Crosstable:
    """From ``(i, j, score_of_i)`` game results (score 1, 0.5 or 0)."""
    n = len(agents)
    points = np.zeros((n, n))
    games = np.zeros((n, n), dtype=int)
    for i, j, s in results:
        if not (0 <= i < n and 0 <= j < n and i != j):
            raise ValueError(f"a game between agents {i} and {j} of {n}")
        points[i, j] += s
        points[j, i] += 1.0 - s
        games[i, j] += 1
        games[j, i] += 1
    return Crosstable(tuple(agents),
                      tuple(tuple(float(v) for v in row) for row in points),
                      tuple(tuple(int(v) for v in row) for row in games))

"""What the search asks of a position value: P(win) of a state for one side."""
from __future__ import annotations

from typing import Protocol

from engine import GameState


class PositionValue(Protocol):
    draw_value: float  # what a drawn game is worth (0.5: half a win)

    def state_value(self, state: GameState, side: int, noise) -> float:
        """P(``side`` wins) from ``state`` (finished games: 1 / 0 / draw_value)."""
        ...


def finished_value(state: GameState, side: int, draw_value: float) -> float:
    """What a finished game is worth to ``side``: 1 won, 0 lost, ``draw_value`` drawn."""
    r = state.result
    if r.get("draw"):
        return draw_value
    return 1.0 if r.get("winner") == side else 0.0

"""What the search asks of a position value: P(win) of a state for one side."""
from __future__ import annotations

from typing import Protocol

from engine import GameState


class PositionValue(Protocol):
    draw_value: float  # what a drawn game is worth (0.5: half a win)

    def state_value(self, state: GameState, side: int, noise) -> float:
        """P(``side`` wins) from ``state`` (finished games: 1 / 0 / draw_value)."""
        ...

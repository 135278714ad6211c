"""What the search asks of a position value: P(win) of a state for one side."""
from __future__ import annotations

from typing import Protocol

from engine import GameState


class PositionValue(Protocol):
    draw_value: float  # what a drawn game is worth (0.5: half a win)
    # Optional: the ramp (m) with which the value's closed form sees the pockets' jaws
    # (ai.geometry.pockets.JAW_RAMP_M); the search's own closed form then sees them alike.  A
    # value without it is taken to see none (0).

    def state_value(self, state: GameState, side: int, noise) -> float:
        """P(``side`` wins) from ``state`` (finished games: 1 / 0 / draw_value)."""
        ...


def finished_value(state: GameState, side: int, draw_value: float) -> float:
    """What a finished game is worth to ``side``: 1 won, 0 lost, ``draw_value`` drawn."""
    r = state.result
    if r.draw:
        return draw_value
    return 1.0 if r.winner == side else 0.0

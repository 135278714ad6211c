"""Ball values (R1.2) and point bookkeeping."""
from __future__ import annotations

from typing import Iterable

OBJECT_BALLS: tuple[str, ...] = tuple(str(k) for k in range(1, 16))
CUE = "cue"
BALL_ONE_BONUS = 10  # R1.2: ball 1 scores 1 + 10
LAST_BALL_BONUS = 10  # R1.2: the last object ball scores +10 on top of its value
TOTAL_POINTS = 140  # R1.2: 120 + 10 + 10
PENALTY_POINTS = 5  # R7.2


def ball_value(ball: str) -> int:
    """Nominal value of an object ball (R1.2); the last-ball bonus is counted separately."""
    if ball not in OBJECT_BALLS:
        raise KeyError(f"{ball!r} is not an object ball")
    n = int(ball)
    return n + BALL_ONE_BONUS if n == 1 else n


def balls_value(balls: Iterable[str]) -> int:
    return sum(ball_value(b) for b in balls)


def is_object_ball(ball: str) -> bool:
    return ball in OBJECT_BALLS


def sort_balls(balls: Iterable[str]) -> list[str]:
    """Object balls in ascending number (the order R6.2 respots them)."""
    return sorted(balls, key=lambda b: int(b))

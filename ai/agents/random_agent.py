"""The weakest agent: a random legal call and a random stroke."""
from __future__ import annotations

import math

import numpy as np

from engine import GameState, can_place_cue, legal_calls
from sim import Strike

from ..agent import Decision

SPEED_MPS = (0.5, 4.0)  # uniform
PLACEMENT_TRIES = 200


class RandomAgent:
    """Random legal call, random direction and speed, centre-ball hit."""

    def __init__(self, name: str = "random"):
        self.name = name

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        calls = legal_calls(state)
        call = calls[int(rng.integers(len(calls)))] if calls else None
        placement = random_placement(state, rng) if state.cue_in_hand else None
        strike = Strike(speed_mps=float(rng.uniform(*SPEED_MPS)),
                        phi_rad=float(rng.uniform(-math.pi, math.pi)))
        return Decision(call, strike, placement, instruction="a random stroke")


def random_placement(state: GameState, rng: np.random.Generator,
                     tries: int = PLACEMENT_TRIES) -> tuple[float, float] | None:
    """A uniformly random legal spot in the placement region (R8.1), or None if none was
    found."""
    region = state.placement_region()
    if region is None:
        return None
    for _ in range(tries):
        x = float(rng.uniform(region.x_min_m, region.x_max_m))
        y = float(rng.uniform(region.y_min_m, region.y_max_m))
        if can_place_cue(state, x, y):
            return (x, y)
    return None

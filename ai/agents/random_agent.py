"""The weakest agent: a random legal call and a random stroke."""
from __future__ import annotations

import math

import numpy as np

from engine import GameState, legal_calls
from sim import Strike

from ..agent import Decision
from ..placement import random_placement


class RandomAgent:
    """Random legal call, random direction and speed, centre-ball hit."""

    def __init__(self, name: str = "random"):
        self.name = name

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        calls = legal_calls(state)
        call = calls[int(rng.integers(len(calls)))] if calls else None
        placement = random_placement(state, rng) if state.cue_in_hand else None
        strike = Strike(speed_mps=float(rng.uniform(0.5, 4.0)),
                        phi_rad=float(rng.uniform(-math.pi, math.pi)))
        return Decision(call, strike, placement, instruction="a random stroke")

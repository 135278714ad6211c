"""The agent interface: a game state and a random generator in, a decision out.

Modelled on OpenSpiel's small agent API: an agent is anything with ``name`` and
``decide(state, rng)``; it never keeps hidden global randomness, so a seeded generator gives a
reproducible decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from engine import Call, GameState
from sim import Strike

ATTACK, SAFETY, DELIBERATE_FOUL = "attack", "safety", "deliberate-foul"
TUSH, POCKET_OWN_BALL, MISS = "tush", "pocket-own-ball", "miss"


@dataclass(frozen=True)
class Decision:
    """What to play: the call, the stroke (None for a tush), and where to place the cue ball
    when it is in hand.  The estimates are the agent's own, None where it made none."""

    call: Call | None
    strike: Strike | None
    placement: tuple[float, float] | None = None
    kind: str = ATTACK
    foul: str | None = None  # for a deliberate foul: TUSH, POCKET_OWN_BALL or MISS
    p_success: float | None = None
    expected_points: float | None = None
    p_foul: float | None = None
    p_win: float | None = None
    instruction: str = ""
    extras: dict = field(default_factory=dict, compare=False)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "call": None if self.call is None else self.call.to_json(),
            "strike": None if self.strike is None else self.strike.to_json(),
            "placement": None if self.placement is None else [self.placement[0],
                                                               self.placement[1]],
            "foul": self.foul,
            "p_success": self.p_success,
            "expected_points": self.expected_points,
            "p_foul": self.p_foul,
            "p_win": self.p_win,
            "instruction": self.instruction,
            # how many simulated outcomes the figures above rest on (an extension)
            "samples": self.extras.get("samples"),
        }


class Agent(Protocol):
    name: str

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        ...

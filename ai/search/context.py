"""Everything one decision needs, computed once: the state as simulator arrays, the pockets,
the placement region and its watched line, and one way to play strokes in the simulator."""
from __future__ import annotations

import numpy as np

from engine import Call, GameState, legal_calls
from engine.geometry import TEMPORARY_HOUSE, balls_in_region
from engine.manner import jaw_pockets
from sim import Batch, Simulator, Strike
from sim.events import BALL_IDS

from ..geometry import pockets_of
from ..noise import NoiseModel
from ..value import History, PositionValue, WinModel

# Strokes are kept inside what a player can do and the refinement scans can vary.
MIN_SPEED_MPS, MAX_SPEED_MPS = 0.1, 8.0


class Context:
    """The decision's fixed inputs (read-only for the stages) and two counters the search
    reports: simulated strokes, and samples the rules core refused."""

    def __init__(self, state: GameState, simulator: Simulator, noise: NoiseModel,
                 win: PositionValue | None = None, history: History | None = None):
        self.state = state
        self.sim = simulator
        self.noise = noise
        self.win = win or WinModel()
        # the search's closed form sees the pockets' jaws as its value's does (0: none;
        # ai.value.protocol.PositionValue)
        self.jaw_ramp_m = float(getattr(self.win, "jaw_ramp_m", 0.0))
        self.spec = state.spec
        self.R = self.spec.ball_radius_m
        self.pk = pockets_of(self.spec)
        self.jaw_pocket = jaw_pockets(simulator.geometry)
        self.me = state.to_move
        self.pos = np.zeros((16, 2))
        self.on = np.zeros(16, dtype=np.bool_)
        for b, p in state.balls.items():
            i = BALL_IDS.index(b)
            self.pos[i] = p
            self.on[i] = True
        region = state.placement_region()
        self.region = region
        self.watch = None
        self.house_balls: set[str] = set()
        if region is not None:
            x = (self.spec.temporary_house_line_x if region.name == TEMPORARY_HOUSE
                 else self.spec.house_line_x)
            self.watch = (x, 0.0, 1.0, 0.0)
            self.house_balls = balls_in_region(self.spec, state.balls, region.name)
        self.history = history  # situations met this game (ai.value.repetition), if kept
        self._calls: tuple[Call | None, ...] | None = None
        self.sims = 0
        self.invalid = 0  # samples the rules core refused (simulator left overlapping balls)

    def legal_calls(self) -> list[Call | None]:
        """:func:`engine.legal_calls` of the state, worked out once a decision (the sources
        each ask, and it costs over a millisecond with hundreds of calls); a new list each
        time."""
        if self._calls is None:
            self._calls = tuple(legal_calls(self.state))
        return list(self._calls)

    def positions(self, placement):
        if placement is None:
            return self.pos, self.on
        pos = self.pos.copy()
        on = self.on.copy()
        pos[0] = placement
        on[0] = True
        return pos, on

    def balls_with(self, placement) -> dict:
        balls = dict(self.state.balls)
        if placement is not None:
            balls["cue"] = tuple(placement)
        return balls

    def run(self, placement, strikes: list[Strike]) -> Batch:
        """Play ``strikes`` from the position (the cue ball at ``placement`` when in hand)."""
        pos, on = self.positions(placement)
        motions = self.sim.cue_ball_motions(strikes)
        self.sims += len(strikes)
        return self.sim.run_batch_arrays(pos, on, motions, watch_line=self.watch)


def clamp_strike(s: Strike) -> Strike:
    return Strike(float(min(max(s.speed_mps, MIN_SPEED_MPS), MAX_SPEED_MPS)), s.phi_rad,
                  s.elevation_rad, s.side, s.vertical)


def aimed(s: Strike, phi_rad: float) -> Strike:
    """``s`` in direction ``phi_rad`` (the constructor: dataclasses.replace costs ~10 us a
    call, and the scans make tens of thousands)."""
    return Strike(s.speed_mps, phi_rad, s.elevation_rad, s.side, s.vertical)

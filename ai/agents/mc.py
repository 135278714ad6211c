"""The Monte Carlo agent: candidates, refinement, safeties, deliberate fouls, successive
halving under noise, every outcome refereed by the rules core and valued by P(win)."""
from __future__ import annotations

import numpy as np

from engine import GameState
from sim import Simulator

from ..agent import Decision
from ..describe import instruction
from ..noise import NoiseModel
from ..pwin import WinModel
from ..repetition import History
from ..search import Analysis, Candidate, analyse

_SIM = None


def shared_simulator() -> Simulator:
    global _SIM
    if _SIM is None:
        _SIM = Simulator()
    return _SIM


def _num(v, cast, name):
    try:
        return cast(v)
    except (TypeError, ValueError):
        raise ValueError(f"option {name}={v!r} must be a number") from None


class MCAgent:
    """Options (all strings from the registry are accepted): ``budget`` samples per decision
    (default 300), ``time`` seconds (anytime: stops sampling at the deadline), ``skill`` the
    noise belief about both players (name or magnitude), ``fouls`` / ``safeties`` 0/1,
    ``opening`` 0/1 (the dedicated break search of :mod:`ai.opening`)."""

    def __init__(self, name: str = "mc", budget=300, time=None, skill="strong", fouls=1,
                 safeties=1, placements=2, shots=6, opening=1,
                 simulator: Simulator | None = None):
        self.name = name
        self.budget = _num(budget, int, "budget")
        self.time = None if time in (None, "", "none") else _num(time, float, "time")
        try:
            skill = float(skill)
        except (TypeError, ValueError):
            pass
        self.noise = NoiseModel.for_skill(skill)
        self.fouls = bool(_num(fouls, int, "fouls"))
        self.safeties = bool(_num(safeties, int, "safeties"))
        self.opening = bool(_num(opening, int, "opening"))
        self.n_placements = _num(placements, int, "placements")
        self.max_shots = _num(shots, int, "shots")
        self.sim = simulator or shared_simulator()
        self.win = WinModel()
        self.history = History()  # situations met this game: foul loops (ai.repetition)
        self.last: Analysis | None = None

    def analyse(self, state: GameState, rng: np.random.Generator, top: int = 1) -> Analysis:
        """Ranked strokes; ``top`` > 1 samples the leading ``top`` equally (suggestions)."""
        self.last = analyse(state, self.sim, self.noise, rng, budget=self.budget,
                            time_budget=self.time, win=self.win,
                            n_placements=self.n_placements, max_shots=self.max_shots,
                            with_fouls=self.fouls, with_safeties=self.safeties, top=top,
                            with_break=self.opening, history=self.history)
        return self.last

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        """The stroke to play.  Only decisions made in play are remembered for foul loops
        (``analyse`` alone, as in suggest and analyze, keeps no history)."""
        self.history.visit(state)
        a = self.analyse(state, rng)
        return to_decision(a.ranked[0])


def to_decision(c: Candidate) -> Decision:
    info = {k: v for k, v in c.info.items() if not k.startswith("_")}
    return Decision(c.call, c.strike, c.placement, c.kind, foul=c.foul,
                    p_success=round(c.p_success, 4), expected_points=round(c.expected_points, 3),
                    p_foul=round(c.p_foul, 4), p_win=round(c.value, 4),
                    instruction=instruction(c.kind, c.call, c.strike, c.placement, info, c.foul),
                    extras={"samples": c.n, **info})

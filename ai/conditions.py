"""What a match tells its agents before a game (issue 30 item 3), as the computational-billiards
tournaments do (the FastFiz match server tells each player the noise its strokes get and the
time it has): :class:`GameConditions`, handed to an agent's optional ``begin_game`` hook
(:func:`tell_conditions`), and :class:`GameClock`, the share of a game's time one decision
may take.

An agent without ``begin_game`` plays as before; one with it (the MC agent) may use what it is
told: the execution noise of its strokes as its noise belief (when its spec sets no
``skill``) and the time per game as its search's deadline, decision by decision.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from engine import GameState

# A decision's share of the time left: the time left over the decisions the agent is still
# expected to make.  Estimated as one decision per object ball on the table (a game of 15
# balls takes each side some 20-30 strokes between agents of the registry: the tournaments of
# docs/USAGE.md), never fewer than MIN_DECISIONS_LEFT, so that the last balls keep time.
MIN_DECISIONS_LEFT = 4
MIN_DECISION_S = 0.005  # a decision out of time still gets this much (one sampling round)


def noise_magnitudes(value) -> bool:
    """Whether ``value`` (read from JSON) is a list of execution-noise magnitudes: finite
    numbers >= 0, not booleans."""
    return isinstance(value, list) and all(
        isinstance(s, (int, float)) and not isinstance(s, bool) and math.isfinite(s) and s >= 0
        for s in value)


@dataclass(frozen=True)
class GameConditions:
    """A game's conditions as told to the agent playing ``side``: ``skill``, the magnitude of
    the execution noise applied to its strokes (:class:`ai.noise.NoiseModel`; 1.0 is
    ``strong``), ``skills`` that of every side in order, and ``time_per_game_s``, the seconds
    its decisions may take in all this game (None: no limit)."""

    side: int
    skills: tuple[float, ...]
    time_per_game_s: float | None = None

    @property
    def skill(self) -> float:
        return self.skills[self.side]

    def to_json(self) -> dict:
        return {"side": self.side, "skills": list(self.skills),
                "time_per_game_s": self.time_per_game_s}

    @classmethod
    def from_json(cls, obj) -> "GameConditions":
        if not isinstance(obj, dict):
            raise ValueError(f"conditions must be an object, got {obj!r}")
        skills = obj.get("skills")
        if not (noise_magnitudes(skills) and skills):
            raise ValueError(f"conditions.skills = {skills!r} must be noise magnitudes >= 0")
        side = obj.get("side")
        if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < len(skills):
            raise ValueError(f"conditions.side = {side!r} must be a side of {len(skills)}")
        t = obj.get("time_per_game_s")
        if t is not None and (not isinstance(t, (int, float)) or isinstance(t, bool)
                              or not math.isfinite(t) or t <= 0):
            raise ValueError(f"conditions.time_per_game_s = {t!r} must be seconds > 0 or null")
        return cls(side, tuple(float(s) for s in skills), None if t is None else float(t))


def tell_conditions(agent, conditions: GameConditions) -> bool:
    """Give ``conditions`` to ``agent`` through its ``begin_game`` if it has one; whether it
    had."""
    hook = getattr(agent, "begin_game", None)
    if not callable(hook):
        return False
    hook(conditions)
    return True


@dataclass
class GameClock:
    """A game's time: ``total_s`` in all, ``spent_s`` so far by the agent's decisions."""

    total_s: float
    spent_s: float = 0.0

    @property
    def left_s(self) -> float:
        return max(0.0, self.total_s - self.spent_s)

    def share_s(self, state: GameState) -> float:
        """The seconds the next decision may take (:data:`MIN_DECISIONS_LEFT`)."""
        decisions = max(MIN_DECISIONS_LEFT, len(state.object_balls))
        return max(MIN_DECISION_S, self.left_s / decisions)

    def spend(self, seconds: float) -> None:
        self.spent_s += seconds

"""What the environment's ``info`` carries after each reset and step: typed here, a mapping in
``info`` (the Gymnasium way).  Points are from the learner's side: ``(yours, the opponent's)``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engine import GameState

from ..games.match import StrokeReport

LEARNER, OPPONENT = "you", "opponent"  # who played a stroke


@dataclass(frozen=True)
class StrokeSummary:
    """One stroke as the rules ruled it: who played it, the fouls (rule ids, ``R7.1a``...),
    the points it gave each side (yours first, penalties included), the balls that fell (in
    order, the cue ball too) and those that counted."""

    player: str  # LEARNER or OPPONENT
    fouls: tuple[str, ...]
    points: tuple[int, int]
    pocketed: tuple[str, ...]
    counted: tuple[str, ...]

    @classmethod
    def of(cls, report: StrokeReport, learner_side: int) -> "StrokeSummary":
        ruling = report.outcome.adjudication
        me = learner_side
        points = (int(ruling.points[me]), int(ruling.points[1 - me]))
        fell = () if report.sim is None else tuple(p.ball for p in report.sim.pocketed)
        player = LEARNER if ruling.shooter == me else OPPONENT
        return cls(player, tuple(ruling.fouls), points, fell, tuple(ruling.counted))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "fouls": list(self.fouls), "points": list(self.points),
                "pocketed": list(self.pocketed), "counted": list(self.counted)}


@dataclass(frozen=True)
class StepInfo:
    """``info`` after a reset or a step: the full state, the strokes played since the last
    observation (yours first, then the opponent's), your stroke's fouls, points and pocketed
    balls (none after a reset), what of your action was adjusted, and the mask of the calls
    legal now (:func:`ai.env.actions.call_mask`)."""

    state: GameState
    strokes: tuple[StrokeSummary, ...]
    adjusted: tuple[str, ...]
    action_mask: np.ndarray

    @property
    def mine(self) -> StrokeSummary | None:
        first = self.strokes[0] if self.strokes else None
        return first if first is not None and first.player == LEARNER else None

    def as_dict(self) -> dict[str, Any]:
        mine = self.mine
        return {"state": self.state,
                "opponent_strokes": sum(s.player == OPPONENT for s in self.strokes),
                "adjusted": list(self.adjusted),
                "fouls": [] if mine is None else list(mine.fouls),
                "points": [0, 0] if mine is None else list(mine.points),
                "pocketed": [] if mine is None else list(mine.pocketed),
                "strokes": [s.to_json() for s in self.strokes],
                "action_mask": self.action_mask}

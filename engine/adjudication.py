"""What adjudicating a stroke returns (:func:`engine.adjudicate.adjudicate`): the
:class:`Adjudication` (a value: points to each side, fouls by rule id, balls counted and
respotted, whether the turn passes, the result, the rules applied in words) and the
:class:`Outcome` (the adjudication with the state after the stroke)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from .geometry import Position, respot
from .outcome import GameOutcome
from .state import GameState
from .values import CUE


@dataclass(frozen=True)
class Adjudication:
    shooter: int
    points: tuple[int, ...]  # change of each side's score on this stroke
    fouls: tuple[str, ...] = ()  # rule ids, e.g. "R7.1a"
    penalty: int = 0  # 0 or 5 (R7.2), plus 5 for R12.3 advice
    counted: tuple[str, ...] = ()  # balls that scored, onto the shooter's shelf
    respotted: tuple[tuple[str, Position], ...] = ()
    successful: bool = False  # the call was fulfilled without a foul
    turn_passes: bool = True
    next_to_move: int = 0
    cue_in_hand_next: bool = False
    replay: bool = False  # the stroke is void and played again (R11.4, R11.9, R3.2, R11.5)
    last_ball_bonus: bool = False
    result: GameOutcome | None = None
    notes: tuple[str, ...] = ()  # the rules applied, in words

    def to_json(self) -> dict:
        return {
            "shooter": self.shooter,
            "points": list(self.points),
            "fouls": list(self.fouls),
            "penalty": self.penalty,
            "counted": list(self.counted),
            "respotted": [{"ball": b, "position": [p[0], p[1]]} for b, p in self.respotted],
            "successful": self.successful,
            "turn_passes": self.turn_passes,
            "next_to_move": self.next_to_move,
            "cue_in_hand_next": self.cue_in_hand_next,
            "replay": self.replay,
            "last_ball_bonus": self.last_ball_bonus,
            "result": None if self.result is None else self.result.to_json(),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Outcome:
    adjudication: Adjudication
    state: GameState

    def state_with_resting_places(self, final: Mapping[str, Position | None]) -> GameState:
        """The state after a stroke with the same facts as the one this outcome was
        adjudicated from (first contact, balls pocketed and where, the call's fulfilment, the
        line crossed), except where the balls came to rest: ``final`` maps every ball that was
        on the table (and the cue ball placed from hand) to its resting centre or None.

        The ruling is this outcome's (points, fouls, turn, result, the R9.2 count of
        unchanged fouls); balls counted or pocketed are taken off and respotted balls placed
        by R6 around where the others stopped.  This is what a search needs for many samples
        of one stroke that differ only in the resting places, without adjudicating each."""
        adj = self.adjudication
        balls = {b: p for b, p in final.items() if p is not None}
        if adj.cue_in_hand_next:
            balls.pop(CUE, None)
        for b in adj.counted:
            balls.pop(b, None)
        again = [b for b, _ in adj.respotted]
        if again:
            for b in again:
                balls.pop(b, None)
            balls.update(dict(respot(self.state.spec, balls, again)))
        return replace(self.state, balls=balls)



__all__ = ["Adjudication", "Outcome"]

"""Whether a game state's points add up (R1, R7.2), and the state's word for why they may not.

The bookkeeping every state reached by play keeps (engine/adjudicate.py, engine/handicap.py):

1. R1.1: each of the 15 object balls is in exactly one place: on the table or on one side's
   shelf.  A counted ball goes from the table to the shooter's shelf; a ball that does not
   count (a foul, no call, off the table) is respotted (R6, R7.3, R7.5), never lost.
2. R1.2: the last ball's +10 is paid once, to the side whose counted stroke leaves no object
   ball on the table (``last_ball_bonus_to``): paid while balls remain, or an empty table with
   nobody paid, is a state no game reaches.  So table + shelves = 140 points.
3. R1.2 and R7.2: the scores add up to the shelves' points (bonus included) -- a foul's 5
   points are taken off the offender and given to the opponent (R12.3's advice penalty
   likewise), which moves points between sides without changing their sum -- plus the
   points of a handicap on the record (R13.1, ``handicap_points``) and of balls put back on
   the table from a winner's shelf in three each for himself (R12.1, ``returned_points``).

A state read from a user that breaks one of these is refused naming the numbers, unless it
says why in the optional ``adjustment`` (an extension of the state in docs/FORMATS.md, documented in
docs/USAGE.md): a referee's correction of the scores (R14), scores taken over from a paper
sheet, or a position set up for study with balls put aside.  The last-ball replay (R10.1) is
exempt: one ball on the table, scores restarted, decided by the ball and not by points.

This module reads a state's fields only (no import of :mod:`engine.state`, which imports it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import IllegalInputError, MalformedInputError
from .values import LAST_BALL_BONUS, OBJECT_BALLS, TOTAL_POINTS, balls_value, sort_balls

# An adjustment never needs to move more than the whole game's points twice over (a study
# position of 62:60 with every ball put aside is 122); beyond that it is a typo, not a reason.
MAX_ADJUSTMENT_POINTS = 2 * TOTAL_POINTS
MAX_REASON_CHARS = 200  # a sentence; the reason is echoed in messages and records


@dataclass(frozen=True)
class Adjustment:
    """Why a state's points do not add up by the rules alone.

    ``points``: added to what the shelves, handicap and returned balls explain (may be
    negative); ``balls``: object balls neither on the table nor on a shelf (put aside);
    ``reason``: said in words, required."""

    reason: str
    points: int = 0
    balls: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"reason": self.reason, "points": self.points, "balls": list(self.balls)}

    @classmethod
    def from_json(cls, obj) -> "Adjustment":
        if not isinstance(obj, dict):
            raise MalformedInputError("adjustment", obj,
                                      "must be an object {reason, points, balls}")
        unknown = sorted(set(obj) - {"reason", "points", "balls"})
        if unknown:
            raise MalformedInputError(f"adjustment.{unknown[0]}", obj[unknown[0]],
                                      "is not a field of adjustment (reason, points, balls)")
        reason = obj.get("reason")
        if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON_CHARS:
            raise MalformedInputError("adjustment.reason", reason, f"must say why in words "
                                      f"(1 to {MAX_REASON_CHARS} characters)")
        points = obj.get("points", 0)
        if (not isinstance(points, int) or isinstance(points, bool)
                or abs(points) > MAX_ADJUSTMENT_POINTS):
            raise MalformedInputError("adjustment.points", points, f"must be an integer from "
                                      f"-{MAX_ADJUSTMENT_POINTS} to {MAX_ADJUSTMENT_POINTS}")
        balls = obj.get("balls", [])
        if not isinstance(balls, list) or not all(b in OBJECT_BALLS for b in balls):
            raise MalformedInputError("adjustment.balls", balls,
                                      "must be a list of object ball ids ('1'..'15')")
        if len(set(balls)) != len(balls):
            raise MalformedInputError("adjustment.balls", balls, "names a ball twice")
        return cls(reason.strip(), points, tuple(sort_balls(balls)))


def _names(balls) -> str:
    balls = sort_balls(balls)
    return ("ball " if len(balls) == 1 else "balls ") + ", ".join(balls)


def accounting_problem(state: Any) -> str | None:
    """What in ``state``'s bookkeeping no game reaches (steps 1-3 of the module docstring),
    naming the field and the numbers, or None."""
    if state.last_ball_replay:
        return None  # R10.1: one ball, scores restarted; decided by the ball
    adj: Adjustment | None = state.adjustment
    aside = set(adj.balls) if adj is not None else set()
    on_table = set(state.object_balls)
    shelved = {b for shelf in state.shelves for b in shelf}
    # 1. every object ball somewhere (the parser already refused a ball in two places)
    for b in sorted(aside & (on_table | shelved), key=int):
        where = "on the table" if b in on_table else "on a shelf"
        return f"adjustment.balls names ball {b}, which is {where}: put aside means neither"
    missing = [b for b in OBJECT_BALLS if b not in on_table | shelved | aside]
    if missing:
        return (f"{_names(missing)} {'is' if len(missing) == 1 else 'are'} neither on the table "
                f"nor on a shelf (R1.1: 15 object balls, each on the table or on the shelf of "
                f"the side that scored it): put {'it' if len(missing) == 1 else 'them'} on a "
                f"shelf, or list {'it' if len(missing) == 1 else 'them'} in adjustment.balls "
                f"with the reason")
    # 2. the last ball's +10, paid once and only for the last ball
    bonus_to = state.last_ball_bonus_to
    if bonus_to is not None and on_table:
        return (f"last_ball_bonus_to = {bonus_to} but {_names(on_table)} "
                f"{'is' if len(on_table) == 1 else 'are'} still on the table: the +10 is paid "
                f"for the last object ball (R1.2)")
    if bonus_to is None and not on_table and not aside:
        return ("no object ball is on the table but last_ball_bonus_to is null: the last "
                "ball's +10 (R1.2) went to the side that pocketed it")
    # 3. the scores: the shelves, moved between sides by penalties, plus what is said
    shelves = sum(balls_value(s) for s in state.shelves) + (
        LAST_BALL_BONUS if bonus_to is not None else 0)
    extra = [(state.handicap_points, "of handicap on the record (handicap_points, R13.1)"),
             (state.returned_points, "put back from a winner's shelf (returned_points, R12.1)"),
             (adj.points if adj is not None else 0,
              f"of adjustment ({adj.reason!r})" if adj is not None else "")]
    expected = shelves + sum(p for p, _ in extra)
    total = sum(state.scores)
    if total != expected:
        said = "".join(f" plus {p} {why}" for p, why in extra if p)
        return (f"scores = {list(state.scores)} sum to {total} but the shelves hold {shelves} "
                f"points{said}, {expected} in all (R1.2: a counted ball scores for the side "
                f"whose shelf it is on; a foul moves 5 points from one side to the other, "
                f"R7.2): correct the scores or the shelves, or give adjustment.points = "
                f"{total - expected + (adj.points if adj is not None else 0)} with the reason")
    return None


def check_accounting(state: Any) -> None:
    """Refuse a state whose points do not add up (:class:`IllegalInputError`, R1.2)."""
    why = accounting_problem(state)
    if why is not None:
        raise IllegalInputError(why, "R1")


def points_accounted(state: Any) -> int:
    """Table + shelves (+ balls an adjustment put aside): 140 in every reachable state
    (R1.2).  Balls put back from a winner's shelf (R12.1) move from a shelf to the table, so
    they are still counted once."""
    aside = state.adjustment.balls if state.adjustment is not None else ()
    return state.table_points() + sum(state.shelf_points(s) for s in range(state.n_sides)) \
        + balls_value(aside)


def scores_accounted(state: Any) -> int:
    """Sum of scores implied by shelves, handicap bookkeeping and a stated adjustment
    (penalties are zero-sum, R7.2); equals ``sum(state.scores)`` in every reachable state."""
    adj = state.adjustment.points if state.adjustment is not None else 0
    return sum(state.shelf_points(s) for s in range(state.n_sides)) + state.handicap_points \
        + state.returned_points + adj


__all__ = ["Adjustment", "accounting_problem", "check_accounting", "points_accounted",
           "scores_accounted", "MAX_ADJUSTMENT_POINTS"]

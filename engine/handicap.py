"""Handicaps ("фора", R13) and the pair's minimum handicap of R12.2(1).

Small named classes: :class:`PointsHandicap`, :class:`BallsHandicap`, :class:`MixedHandicap`.
``apply_handicap(state, h)`` applies one to a fresh game; :func:`settle_missed_balls` is the
R13.2 fall-back when agreed balls were not taken off before the start.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Iterable

from .errors import IllegalInputError, MalformedInputError
from .geometry import respot
from .jsonin import check_keys
from .kinds import PairOrder, Variant
from .state import MAX_HANDICAP_POINTS as STATE_MAX_HANDICAP_POINTS, GameState
from .values import OBJECT_BALLS, balls_value, sort_balls
from .variants import variant_for

PAIR_MINIMUM_POINTS = 5  # R12.2(1): «фору не менее пяти очков»
# No handicap can give more than every point of the game (R1.2): checked on reading, before a
# state is known; against a state, apply_handicap checks the receiver's target (a handicap that
# wins the game before the first stroke is not a handicap).
MAX_HANDICAP_POINTS = STATE_MAX_HANDICAP_POINTS  # TOTAL_POINTS, as a state's handicap_points
# the fields of a handicap of each kind (what its to_json writes): any other is refused, naming
# it (issue 51: an unknown key, or points given to a balls handicap, was dropped in silence)
HANDICAP_FIELDS = {"points": ("kind", "receiver", "points"),
                   "balls": ("kind", "receiver", "balls"),
                   "mixed": ("kind", "receiver", "points", "balls")}
MISSED_FIELDS = ("receiver", "balls")  # R13.2's handicap_missed


@dataclass(frozen=True)
class PointsHandicap:
    """R13.1: the receiver starts with ``points`` on the record."""

    receiver: int
    points: int

    def to_json(self):
        return {"kind": "points", "receiver": self.receiver, "points": self.points}


@dataclass(frozen=True)
class BallsHandicap:
    """R13.1: ``balls`` are taken off the table before the start, credited to the receiver's
    shelf (and score)."""

    receiver: int
    balls: tuple[str, ...]

    def to_json(self):
        return {"kind": "balls", "receiver": self.receiver, "balls": list(self.balls)}


@dataclass(frozen=True)
class MixedHandicap:
    """R13.1: points and balls together."""

    receiver: int
    points: int
    balls: tuple[str, ...]

    def to_json(self):
        return {"kind": "mixed", "receiver": self.receiver, "points": self.points,
                "balls": list(self.balls)}


Handicap = PointsHandicap | BallsHandicap | MixedHandicap


def handicap_from_json(obj) -> Handicap:
    if not isinstance(obj, dict):
        raise MalformedInputError("handicap", obj, "must be an object")
    kind = obj.get("kind")
    if not isinstance(kind, str) or kind not in HANDICAP_FIELDS:
        raise MalformedInputError("handicap.kind", kind, "must be points, balls or mixed")
    check_keys(obj, HANDICAP_FIELDS[kind], "handicap", rule=f"R13.1, a {kind} handicap")
    receiver = obj.get("receiver")
    if not isinstance(receiver, int) or isinstance(receiver, bool) or receiver < 0:
        raise MalformedInputError("handicap.receiver", receiver, "must be a side index")
    points = obj.get("points", 0)
    balls = obj.get("balls", [])
    if not isinstance(points, int) or isinstance(points, bool) or points < 0:
        raise MalformedInputError("handicap.points", points, "must be a non-negative integer")
    if points > MAX_HANDICAP_POINTS:
        raise MalformedInputError("handicap.points", points, f"is more than all the points of "
                                  f"the game ({MAX_HANDICAP_POINTS}, R1.2)")
    if not isinstance(balls, list) or not all(isinstance(b, str) and b in OBJECT_BALLS
                                              for b in balls):
        raise MalformedInputError("handicap.balls", balls, "must be a list of object ball ids")
    if len(set(balls)) != len(balls):
        raise MalformedInputError("handicap.balls", balls, "names a ball twice")
    if kind == "points":
        return PointsHandicap(receiver, points)
    if kind == "balls":
        return BallsHandicap(receiver, tuple(balls))
    return MixedHandicap(receiver, points, tuple(balls))


def apply_handicap(state: GameState, h: Handicap, take_balls_off: bool = True) -> GameState:
    """Apply a handicap before the first stroke.  ``take_balls_off=False`` models R13.2: the
    agreed balls were forgotten and stay on the table (settle later with
    :func:`settle_missed_balls`)."""
    if state.variant == Variant.THREE_EACH:
        raise IllegalInputError("no handicap is given in three players each for himself",
                                "R12.1")
    if not 0 <= h.receiver < state.n_sides:
        raise MalformedInputError("handicap.receiver", h.receiver, "is not a side")
    if state.strokes_played:
        raise IllegalInputError("a handicap is agreed before the start", "R13.1")
    points = getattr(h, "points", 0)
    given = points + balls_value(getattr(h, "balls", ()))
    target = state.target_of(h.receiver)
    if state.scores[h.receiver] + given >= target:
        raise IllegalInputError(f"handicap = {h.to_json()} gives side {h.receiver} {given} "
                                f"points: he would start at or above his target of {target} "
                                f"(handicap.points and handicap.balls together must stay "
                                f"below it)", "R13.1")
    scores = list(state.scores)
    scores[h.receiver] += points
    s = replace(state, scores=tuple(scores), handicap_points=state.handicap_points + points)
    balls = getattr(h, "balls", ())
    if balls and take_balls_off:
        s = _take_off(s, h.receiver, balls)
    return s


def pair_minimum_handicap(state: GameState) -> int:
    """R12.2(1): with single strokes in turn, the single gives the pair at least 5 points:
    «один имеет преимущество и должен давать фору не менее пяти очков сыгранными шарами»."""
    if state.variant == Variant.ONE_VS_PAIR and state.pair is not None \
            and state.pair.order == PairOrder.ALTERNATE:
        return PAIR_MINIMUM_POINTS
    return 0


def check_pair_handicap(state: GameState, h: Handicap) -> None:
    """R12.2(1): the handicap goes to the pair (side 1) and gives at least the minimum in
    points on the record: «сыгранными шарами» is the seed's name for that kind («сыгранными
    шарами, так называемая на запись», R13.1), so balls taken off the table do not count
    towards the minimum (interpretation, docs/RULES-INTERPRETATIONS.md)."""
    need = pair_minimum_handicap(state)
    given = getattr(h, "points", 0)
    if need and (h.receiver != 1 or given < need):
        raise IllegalInputError(f"handicap = {h.to_json()}: with single strokes in turn the "
                                f"single gives the pair (receiver 1) at least {need} points on "
                                f"the record (given {given} to side {h.receiver})", "R12.2")


def start_handicap(state: GameState, h: Handicap | None) -> Handicap | None:
    """The handicap a new game starts with: ``h`` as agreed, checked against R12.2(1)'s
    minimum; with single strokes in turn and none agreed, the minimum itself (5 points on the
    record to the pair)."""
    need = pair_minimum_handicap(state)
    if h is None:
        return PointsHandicap(1, need) if need else None
    check_pair_handicap(state, h)
    return h


def _take_off(state: GameState, receiver: int, balls: Iterable[str]) -> GameState:
    balls = list(balls)
    for b in balls:
        if b not in state.balls:
            raise IllegalInputError(f"handicap ball {b} is not on the table", "R13.1")
    table = {k: v for k, v in state.balls.items() if k not in balls}
    shelves = [list(s) for s in state.shelves]
    shelves[receiver] = sort_balls(shelves[receiver] + balls)
    scores = list(state.scores)
    scores[receiver] += balls_value(balls)
    return replace(state, balls=table, shelves=tuple(tuple(s) for s in shelves),
                   scores=tuple(scores))


def missed_balls_from_json(obj, field_name: str = "handicap_missed"
                           ) -> tuple[int, tuple[str, ...]]:
    """R13.2 as the scorekeeper is told it: ``{"receiver": 1, "balls": ["15", "14"]}`` -- the
    balls agreed under a handicap that were found not taken off the table."""
    if not isinstance(obj, dict):
        raise MalformedInputError(field_name, obj, "must be an object {receiver, balls}")
    check_keys(obj, MISSED_FIELDS, field_name, rule="R13.2")
    receiver = obj.get("receiver")
    if not isinstance(receiver, int) or isinstance(receiver, bool) or receiver < 0:
        raise MalformedInputError(f"{field_name}.receiver", receiver, "must be a side index")
    balls = obj.get("balls")
    if not isinstance(balls, list) or not balls or not all(b in OBJECT_BALLS for b in balls):
        raise MalformedInputError(f"{field_name}.balls", balls,
                                  "must be a non-empty list of object ball ids")
    if len(set(balls)) != len(balls):
        raise MalformedInputError(f"{field_name}.balls", balls, "names a ball twice")
    return receiver, tuple(balls)


def settle_missed_balls(state: GameState, receiver: int, agreed: Iterable[str]
                        ) -> tuple[GameState, str]:
    """R13.2: balls agreed under a handicap were not taken off.  In order:

    1. the agreed balls still on the table are taken off now (to the receiver's shelf);
    2. for the value still owed, balls are swapped between the table and the receiver's
       shelf (table balls T off, shelf balls S back, value(T) - value(S) == owed; the fewest
       balls, then the lowest numbers -- deterministic);
    3. otherwise the receiver plays to the target minus the points still owed.
    Returns the new state and which step settled it ("taken-off", "swapped", "target").
    """
    if state.variant == Variant.THREE_EACH:
        raise IllegalInputError("no handicap is given in three players each for himself",
                                "R12.1")
    if not 0 <= receiver < state.n_sides:
        raise MalformedInputError("handicap_missed.receiver", receiver, "is not a side")
    agreed = list(agreed)
    on_table = [b for b in agreed if b in state.balls]
    owed = balls_value(agreed) - balls_value(on_table)
    s = _take_off(state, receiver, on_table) if on_table else state
    if owed == 0:
        return s, "taken-off"
    table_objs = s.object_balls
    shelf = list(s.shelves[receiver])
    best = None
    for n_t in range(1, min(3, len(table_objs)) + 1):
        for T in combinations(table_objs, n_t):
            for n_s in range(0, min(2, len(shelf)) + 1):
                for S in combinations(shelf, n_s):
                    if balls_value(T) - balls_value(S) == owed and len(T) < len(table_objs):
                        key = (n_t + n_s, [int(b) for b in T + S])
                        if best is None or key < best[0]:
                            best = (key, T, S)
    if best is not None:
        _, T, S = best
        s = _take_off(s, receiver, T)
        if S:
            balls = dict(s.balls)
            placed = respot(s.spec, balls, S)
            balls.update(dict(placed))
            shelves = [list(x) for x in s.shelves]
            shelves[receiver] = [b for b in shelves[receiver] if b not in S]
            scores = list(s.scores)
            scores[receiver] -= balls_value(S)
            s = replace(s, balls=balls, shelves=tuple(tuple(x) for x in shelves),
                        scores=tuple(scores))
        return s, "swapped"
    targets = [s.target_of(k) for k in range(s.n_sides)]
    targets[receiver] -= owed
    s = replace(s, targets=tuple(targets))
    # a receiver already at his lowered target has reached it now: the game ends (R9.1)
    outcome = variant_for(s).outcome(s)
    if outcome is not None:
        s = replace(s, result=outcome.with_rule("R13.2"))
    return s, "target"

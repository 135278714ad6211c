"""The game state (docs/FORMATS.md, "A game state") and the initial rack (R2).

A :class:`GameState` is an immutable value: adjudicating a stroke returns a new one.  It
round-trips through JSON exactly: ``GameState.from_json(s.to_json()) == s``.  The contract
fields (``table``, ``balls``, ``cue_in_hand``, ``scores``, ``to_move``, ``call_mode``,
``target``, ``shelves``, ``variant``) are always written; everything else is optional and
takes its default when absent.

Sides: ``scores``, ``shelves`` and ``to_move`` index *sides*.  In the two-player game and in
three players each for himself a side is a player; in one against a pair, side 0 is the single
and side 1 the pair (``pair.partner`` says which partner is at the table).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from sim.events import BALL_IDS
from sim.presets import table_by_name
from sim.table import DEFAULT_TABLE, POSITION_TOLERANCE_M, TableSpec, triangle_rack

from .accounting import Adjustment, check_accounting, points_accounted, scores_accounted
from .calls import CALL_MODES, EXACT
from .context import (PAIR_ALTERNATE, PAIR_WHILE_SCORING, MatchContext, PairState, is_side,
                      parse_result)
from .frozen import FrozenBalls
from .errors import IllegalInputError, MalformedInputError
from .jsonin import check_keys
from .kinds import CallMode, PairOrder, Variant
from .outcome import GameOutcome
from .text import MAX_SCORE, MAX_TARGET
from .geometry import (HOUSE, Position, Region, overlaps, placement_region_for)
from .values import CUE, LAST_BALL_BONUS, OBJECT_BALLS, TOTAL_POINTS, ball_value, balls_value

# R2.2, apex row first; within a row left to right as seen from the house, i.e. decreasing y
# (the order ``sim.table.triangle_rack`` returns).
RACK_ORDER: tuple[tuple[str, ...], ...] = (
    ("4",), ("5", "6"), ("7", "15", "8"), ("9", "14", "13", "10"), ("2", "1", "12", "11", "3"))

# the variants (engine.kinds.Variant; the names kept: each is the member, equal to its string)
TWO_PLAYER, THREE_EACH, ONE_VS_PAIR = Variant.TWO_PLAYER, Variant.THREE_EACH, Variant.ONE_VS_PAIR
VARIANTS = tuple(Variant)
# Every field a game state is read with (what ``to_json`` writes; ``placement_region`` is
# informative and recomputed).  Any other key is refused, but a key beginning with ``_`` is a
# comment (``"_comment"`` in russian_pyramid/examples/*.json).
STATE_FIELDS = ("table", "balls", "cue_in_hand", "scores", "to_move", "call_mode", "target",
                "shelves", "variant", "targets", "break_pending", "warning", "auto_warning",
                "unchanged_foul_streak", "no_call_strokes_left", "last_ball_replay",
                "last_ball_bonus_to", "handicap_points", "returned_points", "placings", "result",
                "match", "pair", "strokes_played", "adjustment", "placement_region")


# Upper bounds of a state's counters, each far beyond any game and named in the refusal (issue
# 51: a target, a stroke count, a foul streak of 10**19 were read):
MAX_STROKES_PLAYED = 10_000  # strokes of one game: 20 times self-play's safety net (500,
#   ai.games.match.MAX_STROKES_PER_GAME); R9.2's draw ends a stalemate long before
MAX_FOUL_STREAK = MAX_STROKES_PLAYED  # R9.2: unchanged foul strokes in a row, strokes at most
MAX_HANDICAP_POINTS = TOTAL_POINTS  # R1.2: no handicap gives more than every point of the game
#   (engine.handicap.MAX_HANDICAP_POINTS, which reads handicaps)
MAX_RETURNED_POINTS = MAX_SCORE  # R12.1: points put back from winners' shelves, a score's bound
# no_call_strokes_left: one stroke without a call a side (R10.1: each player's first stroke of
# the replay; R11.10: each player still in the game), so at most the variant's sides


@dataclass(frozen=True)
class GameState:
    """A position of the game, a hashable value (issue 53): ``balls`` is held as a
    :class:`engine.frozen.FrozenBalls` (a dict that cannot change, hashed by its items), the
    sides' lists as tuples, ``result`` a :class:`GameOutcome`; so ``hash(state)`` works and
    equal states hash equal."""

    table: str
    balls: Mapping[str, Position]  # balls on the table; no "cue" while it is in hand
    cue_in_hand: bool
    scores: tuple[int, ...]
    to_move: int
    call_mode: CallMode = EXACT
    target: int = 71
    shelves: tuple[tuple[str, ...], ...] = ((), ())
    variant: Variant = TWO_PLAYER
    # --- optional fields --------------------------------------------------------------
    targets: tuple[int, ...] | None = None  # per-side targets (R13.2 fall-back)
    break_pending: bool = False  # R3.2: the first stroke of the game is still to be played
    warning: bool = False  # R11.8: the referee has warned about repeated deliberate fouls
    auto_warning: bool = False  # self-play without a referee: warn automatically (R11.8)
    unchanged_foul_streak: tuple[int, ...] = (0, 0)  # R9.2: foul strokes in a row per side
    no_call_strokes_left: int = 0  # R10.1 / R11.10: strokes still to be played without a call
    last_ball_replay: bool = False  # R10.1: the game is replayed in the last ball
    last_ball_bonus_to: int | None = None  # who got the +10 of R1.2 for the last ball
    handicap_points: int = 0  # points credited on the record as a handicap (R13.1)
    returned_points: int = 0  # value put back from a winner's shelf (R12.1)
    placings: tuple[int, ...] = ()  # R12.1: sides that reached the target, in order
    result: GameOutcome | None = None  # how the game ended; None while it goes on
    match: MatchContext = field(default_factory=MatchContext)
    pair: PairState | None = None
    strokes_played: int = 0
    # why the points do not add up by the rules alone (engine/accounting.py); None: they do
    adjustment: Adjustment | None = None

    def __post_init__(self):
        # the hashable forms (a caller may give a dict of balls, lists of scores ...): the
        # same values, held so that they cannot change and can be hashed
        if type(self.variant) is not Variant:  # a plain string given: its member
            object.__setattr__(self, "variant", Variant(self.variant))
        if type(self.call_mode) is not CallMode:
            object.__setattr__(self, "call_mode", CallMode(self.call_mode))
        if type(self.balls) is not FrozenBalls:
            object.__setattr__(self, "balls", FrozenBalls(self.balls))
        for name in ("scores", "unchanged_foul_streak", "placings"):
            if type(getattr(self, name)) is not tuple:
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if type(self.shelves) is not tuple or any(type(x) is not tuple for x in self.shelves):
            object.__setattr__(self, "shelves", tuple(tuple(x) for x in self.shelves))
        if self.targets is not None and type(self.targets) is not tuple:
            object.__setattr__(self, "targets", tuple(self.targets))
        if self.result is not None and not isinstance(self.result, GameOutcome):
            raise TypeError(f"GameState.result must be a GameOutcome or None, not "
                            f"{type(self.result).__name__} (read a mapping with "
                            f"GameOutcome.from_json)")

    # --- derived ----------------------------------------------------------------------
    @property
    def spec(self) -> TableSpec:
        return table_by_name(self.table)

    @property
    def n_sides(self) -> int:
        return len(self.scores)

    def target_of(self, side: int) -> int:
        return self.targets[side] if self.targets is not None else self.target

    @property
    def object_balls(self) -> list[str]:
        return [b for b in OBJECT_BALLS if b in self.balls]

    @property
    def game_over(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> GameOutcome | None:
        """How the game ended (:mod:`engine.outcome`), the same as ``result``; None while
        it goes on."""
        return self.result

    def placement_region(self) -> Region | None:
        """Where the cue ball may be placed from hand (R3.2, R8.1, R8.3); None if not in hand."""
        if not self.cue_in_hand:
            return None
        return placement_region_for(self.spec, self.balls)

    def table_points(self) -> int:
        """Points still on the table: ball values plus the unclaimed last-ball bonus (R1.2)."""
        objs = self.object_balls
        return balls_value(objs) + (LAST_BALL_BONUS if objs else 0)

    def shelf_points(self, side: int) -> int:
        return balls_value(self.shelves[side]) + (
            LAST_BALL_BONUS if self.last_ball_bonus_to == side else 0)

    def active_sides(self) -> list[int]:
        """Sides still playing (R12.1: a side that reached the target leaves)."""
        return [s for s in range(self.n_sides) if s not in self.placings]

    # --- JSON -------------------------------------------------------------------------
    def to_json(self) -> dict:
        out: dict[str, Any] = {
            "table": self.table,
            "balls": {b: [self.balls[b][0], self.balls[b][1]] for b in BALL_IDS
                      if b in self.balls},
            "cue_in_hand": self.cue_in_hand,
            "scores": list(self.scores),
            "to_move": self.to_move,
            "call_mode": self.call_mode,
            "target": self.target,
            "shelves": [list(s) for s in self.shelves],
            "variant": self.variant,
            "break_pending": self.break_pending,
            "warning": self.warning,
            "auto_warning": self.auto_warning,
            "unchanged_foul_streak": list(self.unchanged_foul_streak),
            "no_call_strokes_left": self.no_call_strokes_left,
            "last_ball_replay": self.last_ball_replay,
            "last_ball_bonus_to": self.last_ball_bonus_to,
            "handicap_points": self.handicap_points,
            "returned_points": self.returned_points,
            "placings": list(self.placings),
            "result": None if self.result is None else self.result.to_json(),
            "match": self.match.to_json(),
            "strokes_played": self.strokes_played,
        }
        if self.targets is not None:
            out["targets"] = list(self.targets)
        if self.pair is not None:
            out["pair"] = self.pair.to_json()
        if self.adjustment is not None:  # only when said, so other states read as before
            out["adjustment"] = self.adjustment.to_json()
        region = self.placement_region()
        if region is not None:  # informative; recomputed on reading
            out["placement_region"] = region.name
        return out

    @classmethod
    def from_json(cls, obj, other_fields: tuple[str, ...] = ()) -> "GameState":
        """Read a state, refusing a key that is not one of its fields; ``other_fields`` are
        the fields of the document around it (``pyramid score``'s ``stroke``), accepted and
        left to the caller."""
        return _state_from_json(obj, other_fields)


# --- reading --------------------------------------------------------------------------
def _int(obj, key, default=None, minimum=None, maximum: tuple[int, str] | None = None):
    """``obj[key]`` (or ``default``), an integer ``>= minimum`` and at most ``maximum``, given
    as (bound, why): the refusal names the bound and why."""
    v = obj.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise MalformedInputError(key, v, "must be an integer")
    if minimum is not None and v < minimum:
        raise MalformedInputError(key, v, f"must be >= {minimum}")
    if maximum is not None and v > maximum[0]:
        raise MalformedInputError(key, v, f"must be at most {maximum[0]} ({maximum[1]})")
    return v


def _ints(obj, key, default, n_sides: int, lo: int, hi: tuple[int, str],
          said: str = "") -> tuple[int, ...]:
    """``obj[key]`` (or ``default``), a list of ``n_sides`` integers from ``lo`` to ``hi``
    (bound, why)."""
    v = obj.get(key, default)
    if (not isinstance(v, list) or len(v) != n_sides
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise MalformedInputError(key, v, f"must be a list of {n_sides} integers{said}")
    for i, x in enumerate(v):
        if not lo <= x <= hi[0]:
            raise MalformedInputError(f"{key}[{i}]", x, f"must lie from {lo} to {hi[0]} "
                                                        f"({hi[1]})")
    return tuple(v)


def _bool(obj, key, default=False):
    v = obj.get(key, default)
    if not isinstance(v, bool):
        raise MalformedInputError(key, v, "must be true or false")
    return v


def _position(field_name, value) -> Position:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in value)):
        raise MalformedInputError(field_name, value, "must be [x, y] in metres")
    x, y = float(value[0]), float(value[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise MalformedInputError(field_name, value, "must be finite numbers")
    return (x, y)


def parse_balls(obj, spec: TableSpec, field_name: str = "balls",
                allow_null: bool = False) -> dict[str, Position | None]:
    if not isinstance(obj, dict):
        raise MalformedInputError(field_name, obj, "must be an object {ball id: [x, y]}")
    out: dict[str, Position | None] = {}
    for b, p in obj.items():
        if b not in BALL_IDS:
            raise MalformedInputError(f"{field_name} key", b, "is not a ball id ('cue', '1'..'15')")
        if p is None and allow_null:
            out[b] = None
            continue
        pos = _position(f"{field_name}.{b}", p)
        if not spec.geometry.ball_fits(*pos, POSITION_TOLERANCE_M):
            raise MalformedInputError(f"{field_name}.{b}", list(pos),
                                      f"is not on the playing surface of table {spec.name!r}")
        out[b] = pos
    return out


def check_no_overlap(spec: TableSpec, balls: Mapping[str, Position], field_name="balls"):
    items = list(balls.items())
    for i, (b, p) in enumerate(items):
        for c, q in items[i + 1:]:
            if overlaps(spec, p, [q]):
                raise MalformedInputError(f"{field_name}.{b}", list(p),
                                          f"overlaps ball {c} at {list(q)}")


def _shelves(raw, n_sides: int, balls) -> list[tuple[str, ...]]:
    """``shelves``: one list of object balls a side, no ball twice nor also on the table."""
    if not isinstance(raw, list) or len(raw) != n_sides:
        raise MalformedInputError("shelves", raw, f"must be a list of {n_sides} lists")
    shelves = []
    seen: dict[str, str] = {}
    for i, shelf in enumerate(raw):
        if not isinstance(shelf, list):
            raise MalformedInputError(f"shelves[{i}]", shelf, "must be a list of ball ids")
        for b in shelf:
            if b not in OBJECT_BALLS:
                raise MalformedInputError(f"shelves[{i}]", b, "is not an object ball id")
            if b in balls:
                raise MalformedInputError(f"shelves[{i}]", b, "is also on the table (balls)")
            if b in seen:
                raise MalformedInputError(f"shelves[{i}]", b, f"is also on {seen[b]}")
            seen[b] = f"shelves[{i}]"
        shelves.append(tuple(shelf))
    return shelves


def _state_from_json(obj, other_fields: tuple[str, ...] = ()) -> GameState:
    if not isinstance(obj, dict):
        raise MalformedInputError("state", type(obj).__name__, "must be a JSON object")
    check_keys(obj, STATE_FIELDS + tuple(other_fields), "", comments=True)
    for key in ("balls", "scores", "to_move"):
        if key not in obj:
            raise MalformedInputError(key, None, "is missing")
    table = obj.get("table", DEFAULT_TABLE)
    try:
        spec = table_by_name(table)
    except (KeyError, TypeError):
        raise MalformedInputError("table", table, "is not a known table") from None
    cue_in_hand = _bool(obj, "cue_in_hand", False)
    balls = parse_balls(obj["balls"], spec)
    if cue_in_hand:
        balls.pop(CUE, None)  # docs/FORMATS.md: coordinates of a cue ball in hand are ignored
    elif CUE not in balls:
        raise MalformedInputError("balls.cue", None, "is missing and cue_in_hand is false")
    check_no_overlap(spec, balls)

    variant = obj.get("variant", TWO_PLAYER)
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise MalformedInputError("variant", variant, f"must be one of {', '.join(VARIANTS)}")
    variant = Variant(variant)
    n_sides = variant.n_sides
    scores = _ints(obj, "scores", None, n_sides, -MAX_SCORE,
                   (MAX_SCORE, "engine.text.MAX_SCORE, a score's bound"), f" for variant {variant}")
    to_move = _int(obj, "to_move", minimum=0)
    if to_move >= n_sides:
        raise MalformedInputError("to_move", to_move, f"must be 0..{n_sides - 1}")
    call_mode = obj.get("call_mode", EXACT)
    if not isinstance(call_mode, str) or call_mode not in CALL_MODES:
        raise MalformedInputError("call_mode", call_mode, f"must be one of {', '.join(CALL_MODES)}")
    call_mode = CallMode(call_mode)
    target = _int(obj, "target", variant.default_target, minimum=1,
                  maximum=(MAX_TARGET, "engine.text.MAX_TARGET; R9.1 plays to 71"))

    shelves = _shelves(obj.get("shelves", [[] for _ in range(n_sides)]), n_sides, balls)

    targets = obj.get("targets")
    if targets is not None:
        targets = _ints(obj, "targets", None, n_sides, 1,
                        (MAX_TARGET, "engine.text.MAX_TARGET; R9.1 plays to 71"))
    streak = _ints(obj, "unchanged_foul_streak", [0] * n_sides, n_sides, 0,
                   (MAX_FOUL_STREAK, "MAX_FOUL_STREAK: R9.2's foul strokes in a row, at most "
                                     "the strokes of a game"))
    bonus_to = obj.get("last_ball_bonus_to")
    if bonus_to is not None and not is_side(bonus_to, n_sides):
        raise MalformedInputError("last_ball_bonus_to", bonus_to, "must be null or a side index")
    placings = obj.get("placings", [])
    if not isinstance(placings, list) or not all(is_side(p, n_sides) for p in placings):
        raise MalformedInputError("placings", placings, "must be a list of side indices")
    result = parse_result(obj.get("result"), n_sides)
    result = None if result is None else GameOutcome.from_json(result)
    match = MatchContext.from_json(obj["match"], n_sides) if "match" in obj else MatchContext()
    pair = None
    if variant == ONE_VS_PAIR:
        pair = PairState.from_json(obj.get("pair", {}))
    adjustment = None
    if obj.get("adjustment") is not None:
        adjustment = Adjustment.from_json(obj["adjustment"])
    state = GameState(
        table=spec.name, balls=balls, cue_in_hand=cue_in_hand, scores=tuple(scores),
        to_move=to_move, call_mode=call_mode, target=target, shelves=tuple(shelves),
        variant=variant, targets=targets,
        break_pending=_bool(obj, "break_pending", False),
        warning=_bool(obj, "warning", False),
        auto_warning=_bool(obj, "auto_warning", False),
        unchanged_foul_streak=tuple(streak),
        no_call_strokes_left=_int(obj, "no_call_strokes_left", 0, minimum=0, maximum=(
            n_sides, "one stroke without a call a side, R10.1, R11.10")),
        last_ball_replay=_bool(obj, "last_ball_replay", False),
        last_ball_bonus_to=bonus_to,
        handicap_points=_int(obj, "handicap_points", 0, minimum=0, maximum=(
            MAX_HANDICAP_POINTS, "every point of the game, R1.2")),
        returned_points=_int(obj, "returned_points", 0, minimum=0, maximum=(
            MAX_RETURNED_POINTS, "MAX_RETURNED_POINTS, a score's bound")),
        placings=tuple(placings), result=result, match=match, pair=pair,
        strokes_played=_int(obj, "strokes_played", 0, minimum=0, maximum=(
            MAX_STROKES_PLAYED, "MAX_STROKES_PLAYED, strokes of one game")),
        adjustment=adjustment)
    # R9.1 / R14.1: a game over by its scores but with no result is refused, never played on
    why = unrecorded_end(state)
    if why is not None:
        raise IllegalInputError(why, "R9.1, R14.1")
    # R1: the points add up (every ball somewhere, the scores with the shelves), or the
    # state's adjustment says why not
    check_accounting(state)
    return state


def unrecorded_end(state: GameState) -> str | None:
    """Why a state whose ``result`` is null is nevertheless over by its scores, or None.

    R9.1: «Набравший первым 71 очко считается выигравшим и партия оконченной» -- the game ends
    the moment a side reaches its target; R14.1: «набравший первым 71 очко считается
    победителем, независимо от положения партии в данный момент».  A state with a score at or
    past the target and no result is therefore a game that should have stopped: it is refused
    (interpretation, docs/RULES-INTERPRETATIONS.md "R9.1 / R14.1 over"), never played on.
    Likewise both sides at target - 1 (R9.2, drawn) and, in three each for himself, a side at
    51 that is not listed in ``placings`` (R12.1, he has left the game)."""
    if state.result is not None or state.last_ball_replay:
        return None  # R10.1: the last-ball replay is decided by the ball, not by points
    scores = list(state.scores)
    if state.variant == THREE_EACH:
        for side in state.active_sides():
            if scores[side] >= state.target_of(side):
                return (f"scores = {scores}: player {side} has reached {state.target_of(side)} "
                        f"but placings = {list(state.placings)} does not list him; the first "
                        f"to {state.target_of(side)} leaves the game at once (R12.1): add him "
                        f"to placings")
        return None
    reached = [side for side in range(state.n_sides) if scores[side] >= state.target_of(side)]
    if len(reached) == 1:
        side = reached[0]
        return (f"scores = {scores} with result null: side {side} has reached its target "
                f"{state.target_of(side)}, and the first to reach it has won at once, whatever "
                f"the position (R9.1, R14.1); no stroke is played on a finished game: give "
                f"\"result\": {{\"winner\": {side}}}")
    if reached:
        return (f"scores = {scores} with result null: every side has reached its target; the "
                f"one who reached it first won (R14.1): find him in the game's record "
                f"(engine.special.first_to_reach) and give \"result\"")
    if all(scores[side] == state.target_of(side) - 1 for side in range(state.n_sides)):
        return (f"scores = {scores} with result null: both sides at "
                f"{state.target_of(0) - 1} is a draw and ends the game (R9.2): give "
                f"\"result\": {{\"draw\": true}}")
    return None


# --- the rack ---------------------------------------------------------------------------
def rack_positions(spec: TableSpec) -> dict[str, Position]:
    """R2.1/R2.2: the 15 balls frozen in a triangle, apex (ball 4) on the third spot."""
    rows = triangle_rack(spec)
    out: dict[str, Position] = {}
    for row_ids, row_pos in zip(RACK_ORDER, rows):
        for b, p in zip(row_ids, row_pos):
            out[b] = (float(p[0]), float(p[1]))
    return out


def initial_state(variant: Variant | str = TWO_PLAYER, call_mode: CallMode | str = EXACT,
                  table: str = DEFAULT_TABLE, breaker: int = 0,
                  match: MatchContext | None = None,
                  pair_order: PairOrder | str = PAIR_WHILE_SCORING,
                  target: int | None = None, auto_warning: bool = False) -> GameState:
    """A new game: the rack of R2, the breaker to play from hand from the house (R3.2).

    Handicaps are applied afterwards with :func:`engine.handicap.apply_handicap`.
    """
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise MalformedInputError("variant", variant, f"must be one of {', '.join(VARIANTS)}")
    if not isinstance(call_mode, str) or call_mode not in CALL_MODES:
        raise MalformedInputError("call_mode", call_mode, f"must be one of {', '.join(CALL_MODES)}")
    variant, call_mode = Variant(variant), CallMode(call_mode)
    spec = table_by_name(table)
    n = variant.n_sides
    if not 0 <= breaker < n:
        raise MalformedInputError("breaker", breaker, f"must be 0..{n - 1}")
    if target is None:
        target = variant.default_target  # R12.1, R9.1
    pair = None
    if variant == ONE_VS_PAIR:
        if breaker != 0:
            raise IllegalInputError("in one against a pair the single starts", "R12.2")
        pair = PairState(order=PairOrder(pair_order))
    return GameState(
        table=spec.name, balls=rack_positions(spec), cue_in_hand=True,
        scores=tuple([0] * n), to_move=breaker, call_mode=call_mode, target=target,
        shelves=tuple(() for _ in range(n)), variant=variant, break_pending=True,
        unchanged_foul_streak=tuple([0] * n),
        match=match if match is not None else MatchContext(breaker=breaker, first_breaker=breaker),
        pair=pair, auto_warning=auto_warning)


assert TOTAL_POINTS == sum(ball_value(b) for b in OBJECT_BALLS) + LAST_BALL_BONUS
__all__ = ["GameState", "MatchContext", "PairState", "initial_state", "rack_positions",
           "unrecorded_end", "MAX_STROKES_PLAYED", "MAX_FOUL_STREAK",
           "RACK_ORDER", "points_accounted", "scores_accounted", "HOUSE"]

"""A position, a shot and a game state as a request gives them (docs/FORMATS.md), checked:
the JSON types first, naming the field and quoting an excerpt of the value, then the values
by the simulator (:meth:`sim.Simulator.check_position`, :meth:`sim.Strike.validate`) and the
rules core (:meth:`engine.GameState.from_json`).  Bad input: :class:`UserInputError`.

* :func:`table_of` -- the document's table, a known preset;
* :func:`check_shapes` -- the JSON types of ``balls``, ``placement`` and ``strike``;
* :func:`parse_shot` -- a shot (a position plus ``strike``) as a :class:`Shot`;
* :func:`check` -- a position or a game state: a :class:`Checked` (ok, kind, notes and, for
  a state, its :class:`Accounting`);
* :func:`read_state` -- a game state checked as :func:`check` checks it and read once: the
  :class:`engine.GameState` itself (what a suggestion is asked of);
* :func:`accounting` -- a game state's points as the rules count them (engine/accounting.py):
  what the page shows beside the scores, and the adjustment a state set up by hand needs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

from engine import GameState
from engine.accounting import Adjustment, points_accounted, scores_accounted
from engine.errors import EngineError, IllegalInputError, excerpt
from engine.jsonin import check_keys
from engine.values import OBJECT_BALLS, TOTAL_POINTS
from sim import PhysicsParams, PositionRefused, SimInputError, Simulator, Strike, parse_balls, shared_simulator
from sim.presets import PRESETS, UnknownTableError, table_by_name
from sim.table import DEFAULT_TABLE

from ..errors import UserInputError

KNOWN_FIELDS = {"table", "balls", "cue_in_hand", "placement", "strike", "physics",
                "watch_house_line"}
# a position's fields (docs/FORMATS.md, "A position"); a game state's are engine.state's
POSITION_FIELDS = ("table", "balls", "cue_in_hand")
STRIKE_FIELDS = ("speed_mps", "phi_deg", "elevation_deg", "side", "vertical")

_SIMULATORS: dict[tuple, Simulator] = {}  # (table, physics) -> its simulator


def _simulator(table: str, physics) -> Simulator:
    """The shared simulator of ``table``, or one with ``physics`` (a shot's ``physics``: the
    defaults with the values it names, read by :meth:`sim.PhysicsParams.from_json`: known
    parameters of their types within their physical ranges), kept for the next shot."""
    if physics is None:
        return shared_simulator(table)
    try:
        params = PhysicsParams.from_json(physics)
    except ValueError as exc:
        raise UserInputError(str(exc)) from None
    if params == PhysicsParams():
        return shared_simulator(table)
    key = (table, params)
    if key not in _SIMULATORS:
        _SIMULATORS[key] = Simulator(PRESETS[table], params)
    return _SIMULATORS[key]


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_shapes(obj: dict) -> None:
    """The JSON types of a position's ``balls`` (and a shot's ``placement`` and ``strike``),
    refused naming the field and quoting an excerpt of the value; the simulator then checks
    the values themselves (it quotes values whole, and a value may be megabytes)."""
    balls = obj.get("balls")
    if balls is not None:
        if not isinstance(balls, dict):
            raise UserInputError(f"balls must be an object mapping ball ids to [x, y], got "
                                 f"{excerpt(balls)}")
        for key, xy in balls.items():
            _check_xy(f"balls.{excerpt(key)[1:-1]}", xy)
    if obj.get("placement") is not None:
        _check_xy("placement", obj["placement"])
    strike = obj.get("strike")
    if strike is not None:
        if not isinstance(strike, dict):
            raise UserInputError(f"strike must be an object, got {excerpt(strike)}")
        for key, value in strike.items():
            if key not in STRIKE_FIELDS:
                raise UserInputError(f"strike has the unknown field {excerpt(key)}; known: "
                                     f"{', '.join(STRIKE_FIELDS)}")
            if not _is_number(value):
                raise UserInputError(f"strike.{key} must be a number, got {excerpt(value)}")


def _check_xy(field: str, xy) -> None:
    if not (isinstance(xy, list) and len(xy) == 2 and all(map(_is_number, xy))):
        raise UserInputError(f"{field} must be [x, y] in metres, got {excerpt(xy)}")


def table_of(doc: dict) -> str:
    """The document's ``table`` (default the 12 ft table), a known preset's name or bad input."""
    table = doc.get("table", DEFAULT_TABLE)
    try:
        table_by_name(table)
    except UnknownTableError as exc:
        raise UserInputError(str(exc)) from None
    return table


def _cue_in_hand(doc: dict) -> bool:
    cue_in_hand = doc.get("cue_in_hand", False)
    if not isinstance(cue_in_hand, bool):
        raise UserInputError(f"cue_in_hand must be true or false, got {excerpt(cue_in_hand)}")
    return cue_in_hand


@dataclass(frozen=True)
class Shot:
    """A checked shot: the ``simulator`` to play it on (its table and physics), the ``balls``
    (``{id: (x, y)}``, the cue ball at its placement when in hand), the ``strike`` and
    ``watch_house_line`` (false, true, or an x in metres: where the simulator watches the cue
    ball cross the house line, R7).  Unpacks as ``simulator, balls, strike, watch``."""
    simulator: Simulator
    balls: dict
    strike: Strike
    watch_house_line: float | bool

    def __iter__(self):
        return iter((self.simulator, self.balls, self.strike, self.watch_house_line))


def parse_shot(obj) -> Shot:
    """A shot (docs/FORMATS.md: a position plus "strike") to a simulator, balls and stroke."""
    if not isinstance(obj, dict):
        raise UserInputError(f"a shot must be a JSON object, got {type(obj).__name__}")
    unknown = set(obj) - KNOWN_FIELDS
    if unknown:
        raise UserInputError(f"unknown field(s) {', '.join(excerpt(k) for k in sorted(unknown))}"
                             f"; known: {', '.join(sorted(KNOWN_FIELDS))}")
    table = table_of(obj)
    if "balls" not in obj:
        raise UserInputError("balls is missing")
    if "strike" not in obj:
        raise UserInputError("strike is missing")
    cue_in_hand = _cue_in_hand(obj)
    simulator = _simulator(table, obj.get("physics"))
    check_shapes(obj)
    try:
        balls = parse_balls(obj["balls"])
        if cue_in_hand:
            # docs/FORMATS.md: the cue ball's coordinates are ignored when it is in hand.
            balls.pop("cue", None)
            if "placement" not in obj:
                raise SimInputError("cue_in_hand is true: give the cue ball's placement [x, y]")
            balls["cue"] = parse_balls({"cue": obj["placement"]}, "placement")["cue"]
        elif "cue" not in balls:
            raise SimInputError("balls.cue is missing (or set cue_in_hand and give placement)")
        simulator.check_position(balls)
        strike = Strike.from_json(obj["strike"])
        strike.validate(simulator.physics)
    except SimInputError as exc:
        raise UserInputError(str(exc)) from None
    watch = obj.get("watch_house_line", cue_in_hand)
    if not isinstance(watch, (bool, int, float)) or (
            not isinstance(watch, bool) and not math.isfinite(watch)):
        raise UserInputError(f"watch_house_line must be true, false or an x in metres, got "
                             f"{excerpt(watch)}")
    return Shot(simulator, balls, strike, watch)


class Kind(StrEnum):
    """What a checked document is."""
    POSITION = "position"
    STATE = "state"


# the reason a state set up by hand says, unless it says its own (engine/accounting.py)
SET_UP_REASON = "a position set up on the board"
ACCOUNTING_RULE = "R1"  # the rule of a state whose points do not add up (engine.accounting)


@dataclass(frozen=True)
class Accounting:
    """A game state's points as the rules count them (R1.2, :mod:`engine.accounting`), for a
    page to show and never to count itself: ``total_points`` (the game's, 140),
    ``table_points`` (the balls on the table, with the last ball's +10 while any is there),
    ``shelf_points`` (each side's shelf, with the +10 when it was paid to it), ``aside`` (the
    object balls neither on the table nor on a shelf) and ``aside_points``, the ``scores``,
    ``handicap_points`` and ``returned_points`` (R13.1, R12.1: points no ball explains), and
    ``adjustment``: what the state must say for its points to add up (the reason, the points
    and the balls put aside; None: they add up by the rules alone)."""
    total_points: int
    table_points: int
    shelf_points: tuple[int, ...]
    aside: tuple[str, ...]
    aside_points: int
    scores: tuple[int, ...]
    handicap_points: int
    returned_points: int
    adjustment: Adjustment | None

    @property
    def off_table_points(self) -> int:
        """The points of the balls off the table: on the shelves and put aside."""
        return self.total_points - self.table_points

    @property
    def scores_counted(self) -> int:
        """The scores' sum less the points no ball explains (handicap, returned)."""
        return sum(self.scores) - self.handicap_points - self.returned_points

    @property
    def adds_up(self) -> bool:
        """The scores are the points of the balls off the table (wherever they are)."""
        return self.scores_counted == self.off_table_points

    def to_json(self) -> dict:
        return {"total_points": self.total_points, "table_points": self.table_points,
                "off_table_points": self.off_table_points,
                "shelf_points": list(self.shelf_points), "aside": list(self.aside),
                "aside_points": self.aside_points, "scores": list(self.scores),
                "scores_counted": self.scores_counted,
                "handicap_points": self.handicap_points,
                "returned_points": self.returned_points, "adds_up": self.adds_up,
                "adjustment": None if self.adjustment is None else self.adjustment.to_json()}


def accounting(doc: dict) -> Accounting:
    """The :class:`Accounting` of the game state ``doc`` (a JSON object), its own
    ``adjustment`` left aside: the one it needs is worked out (with its reason, or
    :data:`SET_UP_REASON`).  Malformed: :class:`UserInputError` naming the field."""
    plain = {k: v for k, v in doc.items() if k != "adjustment"}
    said = doc.get("adjustment")
    reason = said.get("reason") if isinstance(said, dict) else None
    try:
        # read as R10.1's last-ball replay, which engine.accounting exempts, so that points
        # that do not add up are read to be counted; the state's own flag put back after
        read = GameState.from_json({**plain, "last_ball_replay": True})
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    state = replace(read, last_ball_replay=bool(plain.get("last_ball_replay", False)))
    shelved = {b for shelf in state.shelves for b in shelf}
    aside = tuple(b for b in OBJECT_BALLS if b not in state.balls and b not in shelved)
    gap = sum(state.scores) - scores_accounted(state)
    needed = None
    if (aside or gap) and not state.last_ball_replay:
        needed = Adjustment(reason if isinstance(reason, str) and reason.strip()
                            else SET_UP_REASON, gap, aside)
    counted = replace(state, adjustment=needed)
    aside_points = points_accounted(counted) - points_accounted(replace(counted, adjustment=None))
    return Accounting(TOTAL_POINTS, state.table_points(),
                      tuple(state.shelf_points(s) for s in range(state.n_sides)), aside,
                      aside_points, tuple(state.scores), state.handicap_points,
                      state.returned_points, needed)


@dataclass(frozen=True)
class Checked:
    """A document found acceptable: its ``kind``, ``notes`` (what a state's adjustment
    says, :func:`score_notes`) and, for a state, its ``accounting``."""
    kind: Kind
    notes: tuple[str, ...] = ()
    ok: bool = True
    accounting: Accounting | None = None

    def to_json(self) -> dict:
        """``{"ok": true, "kind": "position" or "state", "notes": [...]}``, and a state's
        ``"accounting"`` (:meth:`Accounting.to_json`)."""
        out = {"ok": self.ok, "kind": str(self.kind), "notes": list(self.notes)}
        if self.accounting is not None:
            out["accounting"] = self.accounting.to_json()
        return out


def _is_state(doc: dict) -> bool:
    return "scores" in doc or "to_move" in doc


def _check_position(doc, state: bool) -> bool:
    """The position of ``doc`` checked (its JSON types, its table, its balls by the simulator);
    whether it is a game state (one with ``scores`` or ``to_move``, or any body when
    ``state``), whose fields :meth:`engine.GameState.from_json` checks next."""
    if not isinstance(doc, dict):
        raise UserInputError(f"the body must be a JSON object (a position or a game state), "
                             f"got {type(doc).__name__}")
    is_state = state or _is_state(doc)
    if not is_state:  # a state's keys: GameState.from_json, below
        try:  # issue 51: {"tabel": "pyramid-10ft"} was read on the 12 ft table
            check_keys(doc, POSITION_FIELDS, "", comments=True)
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
    table = table_of(doc)
    if "balls" not in doc:
        raise UserInputError("balls is missing")
    cue_in_hand = _cue_in_hand(doc)
    check_shapes({"balls": doc["balls"]})
    simulator = shared_simulator(table)
    try:
        balls = parse_balls(doc["balls"])
        if cue_in_hand:
            balls.pop("cue", None)
        simulator.check_position(balls)
    except PositionRefused as exc:  # said as data too: the page words it (board.refused_*)
        raise UserInputError(str(exc), refusal={"reason": exc.reason,
                                                "balls": list(exc.balls)}) from None
    except SimInputError as exc:
        raise UserInputError(str(exc)) from None
    return is_state


def _game(doc: dict, counted: Accounting | None = None) -> GameState:
    """``doc`` read by the rules core, once; a state whose points do not add up (R1) is
    refused with its accounting as data (``counted``, or worked out now: only then)."""
    try:
        return GameState.from_json(doc)
    except IllegalInputError as exc:
        if exc.rule == ACCOUNTING_RULE:  # the page shows its numbers, the adjustment it needs
            shown = (counted or accounting(doc)).to_json()
            raise UserInputError(str(exc), accounting=shown) from None
        raise UserInputError(str(exc)) from None
    except EngineError as exc:
        raise UserInputError(str(exc)) from None


def check(doc, state: bool = False) -> Checked:
    """A position (``{"table", "balls", "cue_in_hand"}``) or a game state (one with
    ``scores`` or ``to_move``, or any body when ``state``): a :class:`Checked` (a state
    with its :class:`Accounting`; one whose points do not add up without an adjustment is
    refused, R1, the refusal carrying its accounting as data, ``accounting``: the adjustment
    it needs), or :class:`UserInputError` naming the field and value."""
    if not _check_position(doc, state):
        return Checked(Kind.POSITION)
    counted = accounting(doc)
    game = _game(doc, counted)
    return Checked(Kind.STATE, tuple(score_notes(game)), accounting=counted)


def read_state(doc) -> GameState:
    """The game state ``doc`` checked as :func:`check` checks a state (the same refusals, in
    the same order) and read by the rules core once (:meth:`engine.GameState.from_json`): the
    typed state, what a suggestion is asked of (issue 53: read once, whichever door it came
    in by).  Its accounting is worked out only for a refusal's data (R1)."""
    _check_position(doc, True)
    return _game(doc)


def score_notes(state: GameState) -> list[str]:
    """What a state's ``adjustment`` says when its points do not add up by the rules alone
    (R1.2: every point scored is a ball off the table, plus the last ball's 10; penalties move
    points between players).  A state that does not add up without one never gets here:
    ``GameState.from_json`` refuses it naming the numbers (engine/accounting.py)."""
    adj = state.adjustment
    if adj is None:
        return []
    aside = f"; balls {', '.join(adj.balls)} put aside" if adj.balls else ""
    return [f"the scores do not add up by the rules alone: adjustment {adj.points:+d} points"
            f"{aside} ({adj.reason})"]

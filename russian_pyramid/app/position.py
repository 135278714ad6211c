"""A position, a shot and a game state as a request gives them (docs/FORMATS.md), checked:
the JSON types first, naming the field and quoting an excerpt of the value, then the values
by the simulator (:meth:`sim.Simulator.check_position`, :meth:`sim.Strike.validate`) and the
rules core (:meth:`engine.GameState.from_json`).  Bad input: :class:`UserInputError`.

* :func:`table_of` -- the document's table, a known preset;
* :func:`check_shapes` -- the JSON types of ``balls``, ``placement`` and ``strike``;
* :func:`parse_shot` -- a shot (a position plus ``strike``) as a :class:`Shot`;
* :func:`check` -- a position or a game state: a :class:`Checked` (ok, kind, notes).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from engine import GameState
from engine.errors import EngineError, excerpt
from engine.jsonin import check_keys
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


@dataclass(frozen=True)
class Checked:
    """A document found acceptable: its ``kind`` and ``notes`` (what a state's adjustment
    says, :func:`score_notes`)."""
    kind: Kind
    notes: tuple[str, ...] = ()
    ok: bool = True

    def to_json(self) -> dict:
        """``{"ok": true, "kind": "position" or "state", "notes": [...]}``."""
        return {"ok": self.ok, "kind": str(self.kind), "notes": list(self.notes)}


def _is_state(doc: dict) -> bool:
    return "scores" in doc or "to_move" in doc


def check(doc, state: bool = False) -> Checked:
    """A position (``{"table", "balls", "cue_in_hand"}``) or a game state (one with
    ``scores`` or ``to_move``, or any body when ``state``): a :class:`Checked` (a state whose
    points do not add up without an adjustment is refused, R1), or :class:`UserInputError`
    naming the field and value."""
    if not isinstance(doc, dict):
        raise UserInputError(f"the body must be a JSON object (a position or a game state), "
                             f"got {type(doc).__name__}")
    if not (state or _is_state(doc)):  # a state's keys: GameState.from_json, below
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
    if not (state or _is_state(doc)):
        return Checked(Kind.POSITION)
    try:
        game = GameState.from_json(doc)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    return Checked(Kind.STATE, tuple(score_notes(game)))


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

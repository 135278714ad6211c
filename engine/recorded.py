"""A stroke line's typed values (issue 53, item 2): the stroke played (:class:`RecordedStrike`)
and what it did (:class:`StrokeOutcome`), beside the :class:`engine.calls.Call` of the call.

A record's JSON is read into these once, at the edge (:func:`engine.record.parse_record`,
naming the line and the field of a bad value), and written back only there: as python-chess's
values round-trip through their text, ``X.from_json(x.to_json()) == x`` and
``X.from_json(j).to_json() == j`` -- the same keys in the same order, the same numbers (an
integer stays one), so a record read and written again is the same bytes and its seal
(:mod:`engine.seal`) still holds (tests/engine/test_recorded.py).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

from sim.events import Event

from .errors import MalformedInputError, excerpt
from .frozen import FrozenBalls
from .geometry import Position
from .jsonin import check_keys

# a stroke line's ``strike``, in the order ai.games.records.strike_to_record writes it: the
# degrees shown (sim.api.Strike.to_json) and the exact radians simulated
STRIKE_FIELDS = ("speed_mps", "phi_deg", "elevation_deg", "side", "vertical", "phi_rad",
                 "elevation_rad")
# a stroke line's ``outcome``, in the order engine.record.stroke_record writes it; the last
# two only when said
OUTCOME_FIELDS = ("pocketed", "off_table", "final", "first_contact", "call_fulfilled",
                  "cue_left_house_first", "counted", "respotted", "balls_unchanged", "events")
_OPTIONAL_OUTCOME = ("balls_unchanged", "events")


def _number(value, where: str):
    """A JSON number, kept as written (an integer stays one, so it is written back the same)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value):
        raise MalformedInputError(where, value, "must be a number")
    return value


def _xy(value, where: str) -> Position:
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedInputError(where, value, "must be [x, y] or null")
    return (_number(value[0], where), _number(value[1], where))


def _ball(value, where: str) -> str:
    if not isinstance(value, str):
        raise MalformedInputError(where, value, "must be a ball id string")
    return value


def _strings(value, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise MalformedInputError(where, value, "must be a list of ball ids")
    return tuple(_ball(v, where) for v in value)


def _flag(value, where: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise MalformedInputError(where, value, "must be true, false or null")
    return value


@dataclass(frozen=True)
class RecordedStrike:
    """The stroke played, as a stroke line gives it: the degrees a person reads and the
    radians simulated (``None``: not given; a hand-made line may give degrees only).  Other
    keys are kept in ``extra``; ``keys`` is the order they were written in (not compared).
    The simulator's stroke is made from it outside the engine
    (:func:`ai.games.records.strike_from_record`, :func:`ai.games.records.recorded_strike`)."""

    speed_mps: float | None = None
    phi_deg: float | None = None
    elevation_deg: float | None = None
    side: float | None = None
    vertical: float | None = None
    phi_rad: float | None = None
    elevation_rad: float | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    keys: tuple[str, ...] | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        keys = self.keys if self.keys is not None else (
            [k for k in STRIKE_FIELDS if getattr(self, k) is not None] + list(self.extra))
        return {k: (self.extra[k] if k in self.extra else getattr(self, k)) for k in keys}

    @classmethod
    def from_json(cls, obj, where: str = "strike") -> "RecordedStrike":
        if not isinstance(obj, dict):
            raise MalformedInputError(where, obj, "must be an object or null")
        known = {k: _number(obj[k], f"{where}.{k}") for k in STRIKE_FIELDS if k in obj}
        return cls(**known, extra={k: v for k, v in obj.items() if k not in STRIKE_FIELDS},
                   keys=tuple(obj))


@dataclass(frozen=True)
class StrokeOutcome:
    """What a stroke did, as its line records it: the balls pocketed (ball, pocket) in
    order, off the table, where every ball came to rest (``final``; None: fell), the cue
    ball's first ball, whether the call was made (R5.1) and the cue ball left the house first
    (R8.2), the balls counted and respotted, a person's word on unchanged balls (R9.2) and the
    event log (None: not recorded).  Other keys are kept in ``extra``; ``keys`` is the order
    they were written in (not compared)."""

    pocketed: tuple[tuple[str, str], ...] = ()
    off_table: tuple[str, ...] = ()
    final: Mapping[str, Position | None] = field(default_factory=FrozenBalls)
    first_contact: str | None = None
    call_fulfilled: bool | None = None
    cue_left_house_first: bool | None = None
    counted: tuple[str, ...] = ()
    respotted: tuple[tuple[str, Position], ...] = ()
    balls_unchanged: bool | None = None
    events: tuple[Event, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    keys: tuple[str, ...] | None = field(default=None, compare=False)

    def __post_init__(self):
        if type(self.final) is not FrozenBalls:
            object.__setattr__(self, "final", FrozenBalls(self.final))

    @property
    def pocketed_balls(self) -> list[str]:
        return [b for b, _ in self.pocketed]

    def _value(self, key: str):
        if key in self.extra:
            return self.extra[key]
        if key == "pocketed":
            return [{"ball": b, "pocket": p} for b, p in self.pocketed]
        if key == "final":
            return {b: (None if p is None else [p[0], p[1]]) for b, p in self.final.items()}
        if key == "respotted":
            return [{"ball": b, "position": [p[0], p[1]]} for b, p in self.respotted]
        if key == "events":
            return None if self.events is None else [e.to_json() for e in self.events]
        if key in ("off_table", "counted"):
            return list(getattr(self, key))
        return getattr(self, key)

    def to_json(self) -> dict:
        keys = self.keys
        if keys is None:
            keys = [k for k in OUTCOME_FIELDS
                    if k not in _OPTIONAL_OUTCOME or getattr(self, k) is not None]
            keys += [k for k in self.extra if k not in keys]
        return {k: self._value(k) for k in keys}

    @classmethod
    def from_json(cls, obj, where: str = "outcome") -> "StrokeOutcome":
        if not isinstance(obj, dict):
            raise MalformedInputError(where, obj, "must be an object")
        got: dict[str, Any] = {}
        pocketed = obj.get("pocketed", [])
        if not isinstance(pocketed, list):
            raise MalformedInputError(f"{where}.pocketed", pocketed,
                                      "must be a list of {ball, pocket}")
        for i, p in enumerate(pocketed):
            if not isinstance(p, dict) or "ball" not in p or "pocket" not in p:
                raise MalformedInputError(f"{where}.pocketed", pocketed,
                                          "must be a list of {ball, pocket}")
            check_keys(p, ("ball", "pocket"), f"{where}.pocketed[{i}]")
        got["pocketed"] = tuple((_ball(p["ball"], f"{where}.pocketed.ball"),
                                 _ball(p["pocket"], f"{where}.pocketed.pocket"))
                                for p in pocketed)
        for key in ("off_table", "counted"):
            got[key] = _strings(obj.get(key, []), f"{where}.{key}")
        final = obj.get("final", {})
        if not isinstance(final, dict):
            raise MalformedInputError(f"{where}.final", final, "must be an object")
        got["final"] = {b: None if p is None else _xy(p, f"{where}.final.{b}")
                        for b, p in final.items()}
        if obj.get("first_contact") is not None:
            got["first_contact"] = _ball(obj["first_contact"], f"{where}.first_contact")
        for key in ("call_fulfilled", "cue_left_house_first", "balls_unchanged"):
            got[key] = _flag(obj.get(key), f"{where}.{key}")
        respotted = obj.get("respotted", [])
        if not isinstance(respotted, list) or not all(
                isinstance(r, dict) and set(r) == {"ball", "position"} for r in respotted):
            raise MalformedInputError(f"{where}.respotted", respotted,
                                      "must be a list of {ball, position}")
        got["respotted"] = tuple((_ball(r["ball"], f"{where}.respotted.ball"),
                                  _xy(r["position"], f"{where}.respotted.position"))
                                 for r in respotted)
        if obj.get("events") is not None:
            got["events"] = _events(obj["events"], f"{where}.events")
        return cls(**got, extra={k: v for k, v in obj.items() if k not in OUTCOME_FIELDS},
                   keys=tuple(obj))


def _events(raw, where: str) -> tuple[Event, ...]:
    """The event log, each event as :meth:`sim.events.Event.to_json` writes it (else it
    would not be written back the same: refused, naming it)."""
    if not isinstance(raw, list):
        raise MalformedInputError(where, raw, "must be a list of events")
    out = []
    for i, e in enumerate(raw):
        try:
            ev = Event.from_json(e)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            raise MalformedInputError(f"{where}[{i}]", e,
                                      f"is malformed: {excerpt(str(exc))}") from None
        if ev.to_json() != e:
            raise MalformedInputError(f"{where}[{i}]", e, "is not an event as the simulator "
                                                          "writes it (time_s, kind, balls, "
                                                          "cushion, pocket, position)")
        out.append(ev)
    return tuple(out)


__all__ = ["RecordedStrike", "StrokeOutcome", "STRIKE_FIELDS", "OUTCOME_FIELDS"]

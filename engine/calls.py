"""Calls (R5): the value type, JSON, and what manner a stroke actually showed.

A call names a ball, a pocket and (under the exact call, R5.1) a manner.  ``manner`` is one
of :data:`MANNERS`, or several joined with ``+`` for the combined calls R5.1 allows
(``"cushion-first+bank"``); ``via`` names the other balls a kiss, carom or combination uses.

Classifying a stroke from its event log (:func:`engine.manner.manners_shown`) gives the *set*
of manner tags that happened to the called ball; a call is fulfilled when that set equals the
called set (``clean`` is the empty set).  See docs/RULES-INTERPRETATIONS.md, "R5.1 manner".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from sim.table import POCKET_IDS

from .errors import MalformedInputError
from .values import CUE, OBJECT_BALLS

CLEAN, BANK, KISS, CAROM, CUSHION_FIRST, COMBINATION = (
    "clean", "bank", "kiss", "carom", "cushion-first", "combination")
MANNERS = (CLEAN, BANK, KISS, CAROM, CUSHION_FIRST, COMBINATION)
EXACT, BALL_AND_POCKET = "exact", "ball-and-pocket"
CALL_MODES = (EXACT, BALL_AND_POCKET)


@dataclass(frozen=True)
class Call:
    """A call made before a stroke (R5).  ``ball`` may be ``None`` only when one object ball
    is left (R5.3); ``manner`` is ignored under ball-and-pocket (R5.2)."""

    ball: str | None
    pocket: str
    manner: str = CLEAN
    via: tuple[str, ...] = field(default=())

    def __post_init__(self):
        if self.ball is not None and self.ball not in OBJECT_BALLS:
            raise MalformedInputError("call.ball", self.ball, "is not an object ball '1'..'15'")
        if self.pocket not in POCKET_IDS:
            raise MalformedInputError("call.pocket", self.pocket,
                                      f"is not a pocket id ({', '.join(POCKET_IDS)})")
        for part in self.manner_set_raw():
            if part not in MANNERS:
                raise MalformedInputError("call.manner", self.manner,
                                          f"is not a manner ({', '.join(MANNERS)})")
        for b in self.via:
            if b not in OBJECT_BALLS:
                raise MalformedInputError("call.via", list(self.via), "must name object balls")

    def manner_set_raw(self) -> tuple[str, ...]:
        return tuple(p.strip() for p in self.manner.split("+"))

    @property
    def manner_set(self) -> frozenset[str]:
        """The called manner as a set of tags; ``clean`` is the empty set."""
        return frozenset(p for p in self.manner_set_raw() if p != CLEAN)

    def to_json(self) -> dict:
        return {"ball": self.ball, "pocket": self.pocket, "manner": self.manner,
                "via": list(self.via)}

    @classmethod
    def from_json(cls, obj, field_name: str = "call") -> "Call":
        if not isinstance(obj, dict):
            raise MalformedInputError(field_name, obj, "must be an object with ball and pocket")
        if "pocket" not in obj:
            raise MalformedInputError(f"{field_name}.pocket", None, "is missing")
        ball = obj.get("ball")
        if ball is not None and not isinstance(ball, str):
            ball = str(ball) if isinstance(ball, int) and not isinstance(ball, bool) else ball
        if ball is not None and not isinstance(ball, str):
            raise MalformedInputError(f"{field_name}.ball", ball, "must be a ball id string")
        manner = obj.get("manner", CLEAN)
        if not isinstance(manner, str):
            raise MalformedInputError(f"{field_name}.manner", manner, "must be a string")
        via = obj.get("via", [])
        if not isinstance(via, list) or not all(isinstance(v, str) for v in via):
            raise MalformedInputError(f"{field_name}.via", via, "must be a list of ball ids")
        pocket = obj["pocket"]
        if not isinstance(pocket, str):
            raise MalformedInputError(f"{field_name}.pocket", pocket, "must be a pocket id")
        return cls(ball, pocket, manner, tuple(via))


@dataclass(frozen=True)
class MannerShown:
    """What an event log shows about how ``ball`` was played.

    ``tags`` is a subset of {bank, kiss, carom, cushion-first, combination}; ``via`` the
    object balls involved (carom: balls the cue ball touched before the called ball; kiss:
    balls the called ball touched after it was set moving; combination: the chain of object
    balls that drove the called ball, each set moving by the one before it, back to the cue ball).
    """

    tags: frozenset[str]
    via: frozenset[str]
    pocket: str | None  # where the called ball fell, None if it did not


def all_calls(balls: Iterable[str], mode: str, via_candidates: int = 0) -> list[Call]:
    """Every call on ``balls``: ball x pocket (x manner under the exact call).  With
    ``via_candidates`` > 0, kiss/carom/combination calls name one other ball each."""
    balls = [b for b in balls if b in OBJECT_BALLS]
    out: list[Call] = []
    for b in balls:
        for p in POCKET_IDS:
            if mode == BALL_AND_POCKET:
                out.append(Call(b, p, CLEAN))
                continue
            for m in (CLEAN, BANK, CUSHION_FIRST):
                out.append(Call(b, p, m))
            for m in (KISS, CAROM, COMBINATION):
                out.append(Call(b, p, m))
                if via_candidates:
                    for other in balls:
                        if other != b:
                            out.append(Call(b, p, m, (other,)))
    return out

"""How a game ended, as typed values (issue 24; the shape of python-chess's ``Outcome`` and
``Termination``): :class:`Termination` says *how* (by the rule that ended it), and
:class:`GameOutcome` says who won (``None`` for a draw), with the rule id.

A state's ``result`` is a :class:`GameOutcome` (issue 53; ``GameState.outcome`` is the same
value), read from and written to the JSON mapping only at the edge (docs/FORMATS.md:
``{"winner": side}`` or ``{"draw": true}``, with ``rule`` and, in three each for himself,
``placings``): ``GameOutcome.to_json()`` writes back the very mapping it was read from --
same keys, same order, same values -- so no record, golden file or answer changes
(tests/engine/test_outcome.py checks every result the golden games hold).

(The class is ``GameOutcome``, not ``Outcome``: :class:`engine.adjudicate.Outcome` is a
stroke's adjudication and its new state.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Mapping

# The keys of a result the engine writes, in the order it writes them (three each for
# himself: placings first, engine.variants.ThreeEachForHimself.result).
RESULT_KEYS = ("placings", "winner", "draw", "rule")


class Termination(StrEnum):
    """How a game ended, one member per rule that ends a game (docs/RULES.md)."""

    TARGET = "target"  # R9.1: the first to the target wins (also the table cleared below it)
    DRAW = "draw"  # R9.2: both one short of the target, or three unchanged fouls each
    LAST_BALL = "last-ball"  # R10.1: the replayed last ball pocketed
    LAST_BALL_FOUL = "last-ball-foul"  # R10.2: a foul in the replay of the last ball loses
    PLACINGS = "placings"  # R12.1: three each for himself, all but one at 51
    HANDICAP_TARGET = "handicap-target"  # R13.2: the lowered target already reached
    CORRECTION = "correction"  # R14.1: the corrected scores show who reached it first
    UNFINISHED = "unfinished"  # no rule: stopped by a stroke cap (ai.games.series)
    UNSTATED = "unstated"  # a result given without a rule id, or with another one

    @property
    def rule(self) -> str | None:
        """The rule id of the termination (None for the two that have none)."""
        return TERMINATION_RULES.get(self)


TERMINATION_RULES: dict[Termination, str] = {
    Termination.TARGET: "R9.1", Termination.DRAW: "R9.2", Termination.LAST_BALL: "R10.1",
    Termination.LAST_BALL_FOUL: "R10.2", Termination.PLACINGS: "R12.1",
    Termination.HANDICAP_TARGET: "R13.2", Termination.CORRECTION: "R14.1",
}
_BY_RULE = {rule: t for t, rule in TERMINATION_RULES.items()}
UNFINISHED_RULE = "unfinished"  # what ai.games.series.close_unfinished writes as the rule


def termination_of_rule(rule: str | None) -> Termination:
    """The termination a result's ``rule`` names (UNSTATED for none or another id)."""
    if rule == UNFINISHED_RULE:
        return Termination.UNFINISHED
    return _BY_RULE.get(rule, Termination.UNSTATED)


@dataclass(frozen=True)
class GameOutcome:
    """A finished game: ``winner`` (a side, None for a draw), ``draw``, ``placings`` (three
    each for himself, R12.1: every side in order), the ``rule`` id that ended it, and what
    else the mapping held (``extra``) with the order of its keys (``keys``), so that
    :meth:`to_json` gives back the mapping read by :meth:`from_json` exactly."""

    winner: int | None
    draw: bool = False
    rule: str | None = None
    placings: tuple[int, ...] | None = None
    # how the mapping was written, not what it says (so not compared, nor hashed)
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)
    keys: tuple[str, ...] | None = field(default=None, compare=False)  # None: RESULT_KEYS order

    @property
    def termination(self) -> Termination:
        return termination_of_rule(self.rule)

    @property
    def is_draw(self) -> bool:
        """A drawn game (R9.2): replayed when the competition needs a winner (R10.1)."""
        return self.draw

    def rule_or(self, default: str) -> str:
        """The rule id, or ``default`` when the result gave none."""
        return self.rule or default

    # --- building ---------------------------------------------------------------------------
    @classmethod
    def win(cls, winner: int, rule: str) -> "GameOutcome":
        return cls(winner=winner, rule=rule)

    @classmethod
    def drawn(cls, rule: str) -> "GameOutcome":
        return cls(winner=None, draw=True, rule=rule)

    @classmethod
    def ranked(cls, placings, rule: str) -> "GameOutcome":
        """Three each for himself (R12.1): every side in order, the first the winner."""
        placings = tuple(placings)
        return cls(winner=placings[0], rule=rule, placings=placings)

    # --- JSON -------------------------------------------------------------------------------
    def _value(self, key: str):
        if key == "winner":
            return self.winner
        if key == "draw":
            return self.draw
        if key == "rule":
            return self.rule
        if key == "placings":
            return None if self.placings is None else list(self.placings)
        return self.extra[key]

    def _engine_keys(self) -> list[str]:
        keys = []
        if self.placings is not None:
            keys.append("placings")
        if self.winner is not None:
            keys.append("winner")
        if self.draw:
            keys.append("draw")
        if self.rule is not None:
            keys.append("rule")
        return keys + [k for k in self.extra if k not in keys]

    def to_json(self) -> dict:
        """The state's ``result`` mapping (docs/FORMATS.md)."""
        keys = self.keys if self.keys is not None else self._engine_keys()
        return {k: self._value(k) for k in keys}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "GameOutcome":
        """A ``result`` mapping as :func:`engine.context.parse_result` accepted it."""
        placings = obj.get("placings")
        return cls(winner=obj.get("winner"), draw=bool(obj.get("draw", False)),
                   rule=obj.get("rule"),
                   placings=None if placings is None else tuple(placings),
                   extra={k: v for k, v in obj.items() if k not in RESULT_KEYS},
                   keys=tuple(obj))

    def with_rule(self, rule: str) -> "GameOutcome":
        """The same ending, ruled by ``rule`` (R13.2 after a lowered target, ...)."""
        keys = self.keys
        if keys is not None and "rule" not in keys:
            keys = keys + ("rule",)
        return GameOutcome(self.winner, self.draw, rule, self.placings, self.extra, keys)


def result_json(state) -> dict | None:
    """A state's ``result`` as written (None while the game goes on): what a record or an
    answer holds, and what two results are compared by where every key counts."""
    return None if state.result is None else state.result.to_json()


def outcome_of(result: Mapping[str, Any] | None) -> GameOutcome | None:
    """A state's ``result`` as a :class:`GameOutcome` (None while the game goes on)."""
    return None if result is None else GameOutcome.from_json(result)


__all__ = ["Termination", "GameOutcome", "TERMINATION_RULES", "termination_of_rule",
           "outcome_of", "result_json", "UNFINISHED_RULE"]

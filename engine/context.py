"""A game's context beyond the balls and scores: the match it belongs to (who breaks, R3.1),
in one against a pair whose turn it is within the pair (R12.2), and how the game ended (its
``result``).  Part of the game state (:mod:`engine.state`), kept here so that module stays
readable."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import MalformedInputError

PAIR_ALTERNATE, PAIR_WHILE_SCORING = "alternate", "while-scoring"  # R12.2 (1) and (2)


@dataclass(frozen=True)
class MatchContext:
    """Who breaks and how many games are played (R3.1)."""

    games_to_play: int = 1
    games_played: int = 0
    first_breaker: int = 0  # drawn by lot for the first game
    breaker: int = 0  # who broke (or breaks) the current game

    def to_json(self) -> dict:
        return {"games_to_play": self.games_to_play, "games_played": self.games_played,
                "first_breaker": self.first_breaker, "breaker": self.breaker}

    @classmethod
    def from_json(cls, obj) -> "MatchContext":
        if not isinstance(obj, dict):
            raise MalformedInputError("match", obj, "must be an object")
        vals = {}
        for k in ("games_to_play", "games_played", "first_breaker", "breaker"):
            v = obj.get(k, getattr(cls(), k))
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise MalformedInputError(f"match.{k}", v, "must be a non-negative integer")
            vals[k] = v
        return cls(**vals)


@dataclass(frozen=True)
class PairState:
    """Turn bookkeeping of one against a pair (R12.2)."""

    order: str = PAIR_WHILE_SCORING
    partner: int = 0  # 0 = partner A, 1 = partner B: who plays the pair's next (or current) turn
    switch_pending: bool = False  # R12.2(2): the other partner takes over at the pair's next turn
    single_potted: bool = False  # R12.2(2): the single pocketed a ball in his current turn

    def to_json(self) -> dict:
        return {"order": self.order, "partner": self.partner,
                "switch_pending": self.switch_pending, "single_potted": self.single_potted}

    @classmethod
    def from_json(cls, obj) -> "PairState":
        if not isinstance(obj, dict):
            raise MalformedInputError("pair", obj, "must be an object")
        order = obj.get("order", PAIR_WHILE_SCORING)
        if order not in (PAIR_ALTERNATE, PAIR_WHILE_SCORING):
            raise MalformedInputError("pair.order", order,
                                      f"must be {PAIR_ALTERNATE!r} or {PAIR_WHILE_SCORING!r}")
        partner = obj.get("partner", 0)
        if partner not in (0, 1) or isinstance(partner, bool):
            raise MalformedInputError("pair.partner", partner, "must be 0 (A) or 1 (B)")
        return cls(order, partner, bool(obj.get("switch_pending", False)),
                   bool(obj.get("single_potted", False)))


def is_side(value, n_sides: int) -> bool:
    """A side index: an integer (``true`` is not one), 0 .. n_sides - 1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n_sides


def parse_result(obj, n_sides: int) -> dict | None:
    """A state's ``result``: null while the game goes on, else ``{"winner": side}`` or
    ``{"draw": true}`` (R9.3), with ``rule`` (a rule id) and, in three each for himself,
    ``placings`` (R12.1) optional; other keys are kept as given."""
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise MalformedInputError("result", obj, "must be null or an object")
    winner, draw = obj.get("winner"), obj.get("draw", False)
    if winner is not None and not is_side(winner, n_sides):
        raise MalformedInputError("result.winner", winner, f"must be a side 0..{n_sides - 1}")
    if not isinstance(draw, bool):
        raise MalformedInputError("result.draw", draw, "must be true or false")
    if winner is None and not draw:
        raise MalformedInputError("result", obj, "names neither a winner nor a draw (R9.3)")
    if not isinstance(obj.get("rule", ""), (str, type(None))):
        raise MalformedInputError("result.rule", obj.get("rule"), "must be a rule id")
    placings = obj.get("placings", [])
    if not isinstance(placings, list) or not all(is_side(p, n_sides) for p in placings):
        raise MalformedInputError("result.placings", placings, "must be a list of sides")
    return obj


__all__ = ["MatchContext", "PairState", "PAIR_ALTERNATE", "PAIR_WHILE_SCORING", "is_side",
           "parse_result"]

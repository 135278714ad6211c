"""A game's context beyond the balls and scores: the match it belongs to (who breaks, R3.1),
in one against a pair whose turn it is within the pair (R12.2), and how the game ended (its
``result``).  Part of the game state (:mod:`engine.state`), kept here so that module stays
readable."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalInputError, MalformedInputError
from .jsonin import check_keys
from .kinds import PairOrder

PAIR_ALTERNATE, PAIR_WHILE_SCORING = PairOrder.ALTERNATE, PairOrder.WHILE_SCORING  # R12.2 (1), (2)
MATCH_FIELDS = ("games_to_play", "games_played", "first_breaker", "breaker")
# the games of a match (R3.1) a state may say: pyramid play's --games at most (10 000; a match
# kept by hand has at most engine.text.MAX_GAMES, 1 000); issue 51 read 10**19
MAX_MATCH_GAMES = 10_000
PAIR_FIELDS = ("order", "partner", "switch_pending", "single_potted")


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
    def from_json(cls, obj, n_sides: int = 2) -> "MatchContext":
        """Read ``match``, refusing what cannot be (R3.1): no game, more games played than the
        match has (``games_played`` counts the games before the current one), a breaker who
        is not a side of the variant (``n_sides``)."""
        if not isinstance(obj, dict):
            raise MalformedInputError("match", obj, "must be an object")
        check_keys(obj, MATCH_FIELDS, "match")
        vals = {}
        for k in MATCH_FIELDS:
            v = obj.get(k, getattr(cls(), k))
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise MalformedInputError(f"match.{k}", v, "must be a non-negative integer")
            vals[k] = v
        if vals["games_to_play"] > MAX_MATCH_GAMES:
            raise MalformedInputError("match.games_to_play", vals["games_to_play"],
                                      f"must be at most {MAX_MATCH_GAMES} (MAX_MATCH_GAMES, "
                                      f"R3.1)")
        if vals["games_to_play"] < 1:
            raise IllegalInputError(f"match.games_to_play = {vals['games_to_play']}: a match "
                                    f"has at least one game", "R3.1")
        if vals["games_played"] >= vals["games_to_play"]:
            raise IllegalInputError(
                f"match.games_played = {vals['games_played']}: a match of "
                f"{vals['games_to_play']} game(s) has no game after {vals['games_to_play']} "
                f"played (games_played counts the games before this one: 0.."
                f"{vals['games_to_play'] - 1})", "R3.1")
        for k in ("first_breaker", "breaker"):
            if not is_side(vals[k], n_sides):
                raise IllegalInputError(f"match.{k} = {vals[k]} is not a side of the game "
                                        f"(0..{n_sides - 1})", "R3.1")
        return cls(**vals)


@dataclass(frozen=True)
class PairState:
    """Turn bookkeeping of one against a pair (R12.2)."""

    order: PairOrder = PAIR_WHILE_SCORING
    partner: int = 0  # 0 = partner A, 1 = partner B: who plays the pair's next (or current) turn
    switch_pending: bool = False  # R12.2(2): the other partner takes over at the pair's next turn
    single_potted: bool = False  # R12.2(2): the single pocketed a ball in his current turn

    def __post_init__(self):
        if type(self.order) is not PairOrder:  # a plain string given: its member
            object.__setattr__(self, "order", PairOrder(self.order))

    def to_json(self) -> dict:
        return {"order": self.order, "partner": self.partner,
                "switch_pending": self.switch_pending, "single_potted": self.single_potted}

    @classmethod
    def from_json(cls, obj) -> "PairState":
        if not isinstance(obj, dict):
            raise MalformedInputError("pair", obj, "must be an object")
        check_keys(obj, PAIR_FIELDS, "pair")
        order = obj.get("order", PAIR_WHILE_SCORING)
        if order not in (PAIR_ALTERNATE, PAIR_WHILE_SCORING):
            raise MalformedInputError("pair.order", order,
                                      f"must be {PAIR_ALTERNATE!r} or {PAIR_WHILE_SCORING!r}")
        order = PairOrder(order)
        partner = obj.get("partner", 0)
        if partner not in (0, 1) or isinstance(partner, bool):
            raise MalformedInputError("pair.partner", partner, "must be 0 (A) or 1 (B)")
        flags = []
        for k in ("switch_pending", "single_potted"):
            v = obj.get(k, False)
            if not isinstance(v, bool):
                raise MalformedInputError(f"pair.{k}", v, "must be true or false")
            flags.append(v)
        return cls(order, partner, *flags)


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

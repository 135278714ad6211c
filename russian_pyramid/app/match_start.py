"""The Match tab's start form checked, before :class:`russian_pyramid.app.match.MatchDesk` starts
the session: the handicap (R13, the engine's format and message), the pair order (R12.2,
pair variants only) and the breaker (a side of the variant).

* :class:`MatchStart` -- the start's fields as a typed value (each as the body gave it, the
  desk's session checks them);
* :func:`match_start` -- the body of ``POST /api/match/start``, checked and completed.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from engine.errors import EngineError, excerpt
from engine.handicap import handicap_from_json
from engine.kinds import PairOrder
from engine.state import ONE_VS_PAIR, THREE_EACH, TWO_PLAYER, VARIANTS
from engine.text import check_names

from ..errors import UserInputError

PAIR_ORDERS = (PairOrder.WHILE_SCORING, PairOrder.ALTERNATE)  # R12.2 (2) and (1), engine.context
DEFAULT_LANG = "ru"  # the tablet at the table speaks Russian unless told


@dataclass(frozen=True)
class MatchStart:
    """The fields of a match's start (``POST /api/match/start``'s body), each as given: the
    session checks them (:func:`russian_pyramid.scorekeeping.settings.start_settings`, its
    refusals naming the field and the value).  A field left out is None, but ``call_mode``
    (``exact``) and ``lang`` (:data:`DEFAULT_LANG`), which an explicit null leaves None."""

    players: object = None
    variant: object = None
    call_mode: object = "exact"
    games: object = None
    target: object = None
    handicap: object = None
    pair_order: object = None
    breaker: object = None
    lang: object = DEFAULT_LANG
    date: object = None

    @classmethod
    def of(cls, doc) -> "MatchStart":
        """The body's fields (any other is left aside); a body that is not a JSON object:
        UserInputError."""
        if isinstance(doc, MatchStart):
            return doc
        if not isinstance(doc, dict):
            raise UserInputError("the body must be a JSON object {players, ...}")
        return cls(**{name: doc[name] for name in START_FIELDS if name in doc})


# the start's fields (MatchDesk.start reads them, as MatchStart); any other is refused
START_FIELDS = tuple(f.name for f in fields(MatchStart))


def match_start(doc) -> MatchStart:
    """The body of ``POST /api/match/start`` with its handicap, pair order and breaker checked
    and the breaker given as the name the session takes (its side's player).

    * ``handicap``: null, or R13.1's JSON as ``pyramid score --session --handicap`` takes it
      (``{"kind": "points"|"balls"|"mixed", "receiver": SIDE, "points": N, "balls": [...]}``),
      read by :func:`engine.handicap.handicap_from_json`: a wrong one is refused with the
      engine's message (what is wrong against the game -- no handicap in three-each, a receiver
      at his target, R12.2(1)'s minimum -- when the session applies it);
    * ``pair_order``: null, or ``while-scoring`` / ``alternate`` in one against a pair only;
    * ``breaker``: null (the first player: the lot's result as typed), a side index
      (``0..sides-1``) or a player's name; in one against a pair the single breaks (R12.2).

    A field not of :data:`START_FIELDS` is refused, named; anything else (players, variant,
    games, ...) is left to the desk, which checks it."""
    if not isinstance(doc, dict):
        return MatchStart.of(doc)  # refused: the body must be a JSON object
    unknown = [k for k in doc if k not in START_FIELDS]
    if unknown:
        raise UserInputError(f"unknown field {excerpt(unknown[0])} in the match's start; it "
                             f"takes {', '.join(START_FIELDS)}", field=unknown[0][:100])
    people = doc.get("players")
    if not isinstance(people, list) or not all(isinstance(p, str) for p in people):
        return MatchStart.of(doc)  # the desk says what is wrong with the names
    try:  # engine.text: the session's one check of a name (one line, at most 40 characters)
        people = check_names(people, "players")
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    variant = doc.get("variant") or (TWO_PLAYER if len(people) == 2 else THREE_EACH)
    if variant not in VARIANTS or len(people) != (2 if variant == TWO_PLAYER else 3):
        return MatchStart.of(doc)
    out = MatchStart.of(doc)
    pair_order = doc.get("pair_order")
    if pair_order is not None:
        if pair_order not in PAIR_ORDERS:
            raise UserInputError(f"pair_order = {excerpt(pair_order)} must be while-scoring "
                                 f"or alternate (R12.2)")
        if variant != ONE_VS_PAIR:
            raise UserInputError(f"pair_order = {excerpt(pair_order)} is for the variant "
                                 f"one-vs-pair only (R12.2), not {variant}")
    handicap = doc.get("handicap")
    if handicap is not None:
        try:
            out = replace(out, handicap=handicap_from_json(handicap).to_json())
        except EngineError as exc:
            raise UserInputError(str(exc)) from None
    breaker = doc.get("breaker")
    if breaker is not None:
        sides = ([people[0], " & ".join(people[1:3])] if variant == ONE_VS_PAIR
                 else list(people))
        listed = ", ".join(f"{k}: {n}" for k, n in enumerate(sides))
        if isinstance(breaker, int) and not isinstance(breaker, bool):
            if not 0 <= breaker < len(sides):
                raise UserInputError(f"breaker = {breaker} is not a side of {variant} "
                                     f"({listed})")
            side = breaker
        elif isinstance(breaker, str):
            if breaker.strip() not in people:
                raise UserInputError(f"breaker = {excerpt(breaker)} is not one of the players "
                                     f"({', '.join(people)})")
            k = people.index(breaker.strip())
            side = min(k, 1) if variant == ONE_VS_PAIR else k
        else:
            raise UserInputError(f"breaker = {excerpt(breaker)} must be a side ({listed}) or "
                                 f"a player's name")
        if variant == ONE_VS_PAIR and side != 0:
            raise UserInputError(f"breaker = {excerpt(breaker)} ({sides[side]}): in one "
                                 f"against a pair the single starts (R12.2)")
        out = replace(out, breaker=people[side])
    return out

"""One stroke scored (``pyramid score STATE.json``, the engine's ``score``): a game state plus
``"stroke"`` (the stroke as a person describes it, or as an event log) adjudicated by the
rules core, with the optional ``players`` (the sides' names, as a session's record has them),
``handicap`` (R13.1, at a game's start) and ``handicap_missed`` (R13.2) applied first.

* :func:`score_stroke` -- the document to :class:`Scored`, whose ``to_json()`` is ``pyramid
  score --json``'s document ``{"adjudication", "state", "result"}`` (and ``players``).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import GameState, adjudicate, stroke_from_json
from engine.adjudication import Adjudication
from engine.errors import EngineError, excerpt
from engine.handicap import (apply_handicap, handicap_from_json, missed_balls_from_json,
                             settle_missed_balls, start_handicap)
from engine.kinds import Variant

from ..errors import UserInputError

DOC_FIELDS = ("stroke", "handicap", "handicap_missed", "players")  # beside the state's own
MISSED_FIRST_CONTACT = (  # issue 11: a called and pocketed ball ruled a miss for a field left out
    "warning: stroke.first_contact is not given, so the cue ball is taken to have touched no "
    "ball (R7.1a miss) although ball(s) {balls} fell; give first_contact (or keep score with "
    "pyramid score --session, where the first ball hit is the called one unless said "
    "otherwise)")


@dataclass(frozen=True)
class Scored:
    """A stroke adjudicated: the ``adjudication``, its ``notes`` (what was done before the
    stroke first, then the rules applied, then any warning), the ``state`` after it, the
    sides' names (``players``, None when not given) and the names the printed ruling says:
    the shooter's and the next player's (in one against a pair the partner at the table)."""
    adjudication: Adjudication
    notes: tuple[str, ...]
    state: GameState
    players: tuple[str, ...] | None = None
    shooter_name: str | None = None
    next_name: str | None = None

    def to_json(self) -> dict:
        """``{"adjudication", "state", "result"}`` (``result``: null, or who won, no rule id;
        ``players``: each side's name, the pair as ``"A & B"``, when given)."""
        adjudication = self.adjudication.to_json()
        adjudication["notes"] = list(self.notes)
        result = None
        ended = self.state.outcome
        if ended is not None:
            result = {"draw": True} if ended.is_draw else {"winner": ended.winner}
            if ended.placings is not None:
                result["placings"] = list(ended.placings)
        out = {"adjudication": adjudication, "state": self.state.to_json(), "result": result}
        if self.players is not None:
            out["players"] = list(self.players)
        return out


def score_stroke(doc) -> Scored:
    """The stroke of ``doc`` (a game state plus ``"stroke"``) adjudicated, or UserInputError
    naming the field."""
    if not isinstance(doc, dict):
        raise UserInputError(f"the input must be a JSON object (a game state plus \"stroke\"), "
                             f"got {type(doc).__name__}")
    if "stroke" not in doc:
        raise UserInputError("field \"stroke\" is missing: give the stroke to adjudicate")
    try:
        state = GameState.from_json({k: v for k, v in doc.items() if k not in DOC_FIELDS},
                                    other_fields=DOC_FIELDS)
        people = _players(doc.get("players"), state)
        state, before = _before_the_stroke(state, doc)
        stroke = stroke_from_json(doc["stroke"], state)
        outcome = adjudicate(state, stroke)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    new_state, adjudication = outcome.state, outcome.adjudication
    notes = before + list(adjudication.notes)
    raw = doc["stroke"]
    if (isinstance(raw, dict) and raw.get("events") is None and "first_contact" not in raw
            and "R7.1a" in adjudication.fouls
            and any(b != "cue" for b in stroke.pocketed_balls)):
        notes.append(MISSED_FIRST_CONTACT.format(
            balls=", ".join(b for b in stroke.pocketed_balls if b != "cue")))
    if people is None:
        return Scored(adjudication, tuple(notes), new_state)
    return Scored(adjudication, tuple(notes), new_state, tuple(_side_names(people, new_state)),
                  _name(people, adjudication.shooter, state),
                  _name(people, new_state.to_move, new_state))


def _players(raw, state: GameState) -> list[str] | None:
    """The ``players`` field: one name a side, or in one against a pair the single and both
    partners (three names); None when not given."""
    if raw is None:
        return None
    n = state.n_sides
    sizes = (2, 3) if state.variant == Variant.ONE_VS_PAIR else (n,)
    if (not isinstance(raw, list) or len(raw) not in sizes
            or not all(isinstance(p, str) and p.strip() for p in raw)):
        want = ("2 names (the single, the pair) or 3 (the single, partner A, partner B)"
                if state.variant == Variant.ONE_VS_PAIR else f"{n} names, one a side")
        raise UserInputError(f"players = {excerpt(raw)} must be a list of {want} for variant "
                             f"{state.variant}")
    if len(set(raw)) != len(raw):
        raise UserInputError(f"players = {excerpt(raw)}: two players have the same name")
    return [p.strip() for p in raw]


def _name(people: list[str], side: int, state: GameState) -> str:
    """A side's name as the session says it: in one against a pair, the partner at the table
    (R12.2)."""
    if state.variant == Variant.ONE_VS_PAIR and side == 1 and len(people) == 3:
        partner = state.pair.partner if state.pair is not None else 0
        return people[1 + partner]
    return people[side]


def _side_names(people: list[str], state: GameState) -> list[str]:
    if state.variant == Variant.ONE_VS_PAIR and len(people) == 3:
        return [people[0], f"{people[1]} & {people[2]}"]
    return list(people)


def _before_the_stroke(state: GameState, doc: dict) -> tuple[GameState, list[str]]:
    """The optional handicap fields, applied in order: the agreed handicap at the start of a
    game (R13.1; with single strokes in turn at least 5 points to the pair, R12.2(1)), then
    balls of a handicap found not taken off (R13.2)."""
    notes = []
    if doc.get("handicap") is not None:
        h = start_handicap(state, handicap_from_json(doc["handicap"]))
        state = apply_handicap(state, h)
        notes.append(f"R13.1: handicap {h.to_json()} applied before the first stroke; "
                     f"scores {list(state.scores)}")
    if doc.get("handicap_missed") is not None:
        receiver, balls = missed_balls_from_json(doc["handicap_missed"])
        state, how = settle_missed_balls(state, receiver, balls)
        said = {"taken-off": "taken off now", "swapped": "made up by swapping balls between "
                "the table and the receiver's shelf", "target": "not recoverable: the "
                "receiver plays to " + str(state.target_of(receiver))}[how]
        notes.append(f"R13.2: handicap balls {', '.join(balls)} found not taken off: {said}; "
                     f"scores {list(state.scores)}, receiver's shelf "
                     f"{list(state.shelves[receiver])}")
    return state, notes

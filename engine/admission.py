"""Before the rules are applied to a stroke: is it a stroke of this game at all?

The checks :func:`engine.adjudicate.adjudicate` makes before its numbered steps, each refusal
an :class:`~engine.errors.EngineError` naming the field, the value and the rule:

* :func:`check_playable`: the game is not over (R9.1, R14.1);
* :func:`check_stroke`: the stroke's facts agree with the state and with each other (balls
  that fall are on the table and fall once, resting places only for balls that stayed (R9.4),
  the first ball struck an object ball on the table, R12.3 facts only in one against a pair);
* :func:`resolve_call`: the call names a ball on the table, or the last ball (R5.3, R5.4);
* :func:`manner_not_shown` (step 0 of the adjudication): why a person's summary shows the
  exact call (R5.1) not fulfilled, refusing a summary that says it was.
"""
from __future__ import annotations

from dataclasses import replace

from .calls import BALL_AND_POCKET, Call, unfulfilled_by_summary
from .errors import IllegalInputError, MalformedInputError
from .kinds import NamedFact
from .state import ONE_VS_PAIR, GameState, unrecorded_end
from .stroke import StrokeFacts
from .values import CUE


def check_playable(state: GameState) -> None:
    """Refuse a stroke after the end of the game (R9.1, R14.1), also an end a state built in
    Python reached without recording it."""
    if state.game_over:
        raise IllegalInputError(f"the game is over ({state.result.to_json()}); no more strokes",
                                "R9.1, R14.1")
    unrecorded = unrecorded_end(state)  # a state built in Python, not read from JSON
    if unrecorded is not None:
        raise IllegalInputError(unrecorded, "R9.1, R14.1")


def resolve_call(state: GameState, call: Call | None) -> Call | None:
    """Check a call against the state (R5.3, R5.4); fill in the unnamed last ball."""
    if call is None:
        return None
    if call.ball is None:
        objs = state.object_balls
        if len(objs) != 1:
            raise IllegalInputError(
                f"the call names no ball but {len(objs)} object balls are on the table; only "
                f"the last ball need not be named", "R5.3")
        return replace(call, ball=objs[0])
    if call.ball not in state.balls:
        raise IllegalInputError(f"called ball {call.ball} is not on the table "
                                f"(on the table: {', '.join(state.object_balls)})", "R5.4")
    return call


def _fallen_balls(state: GameState, stroke: StrokeFacts) -> set[str]:
    """The balls pocketed or knocked off the table, each named once and each on the table."""
    seen = set()
    for b, _ in stroke.pocketed:
        if b in seen:
            raise MalformedInputError("stroke.pocketed", b, "falls twice")
        seen.add(b)
    for b in stroke.off_table:
        if b in seen:
            raise MalformedInputError("stroke.off_table", b, "is also listed as pocketed")
        seen.add(b)
    for b in seen:
        if b == CUE:
            continue
        if b not in state.balls:
            raise IllegalInputError(f"ball {b} is pocketed/off the table on this stroke but was "
                                    f"not on the table before it")
    return seen


def check_stroke(state: GameState, stroke: StrokeFacts) -> None:
    """Refuse facts that contradict the state or each other (see the module doc)."""
    seen = _fallen_balls(state, stroke)
    for b, p in stroke.final.items():
        if p is None and b not in seen:
            raise IllegalInputError(
                f"stroke.final.{b} is null but ball {b} was neither pocketed nor knocked off the "
                f"table; balls may not be taken off to speed up the end", "R9.4")
        if p is not None and b in seen and b != CUE \
                and NamedFact.HANGING_BALL_SHAKEN_IN not in stroke.facts:
            raise MalformedInputError(f"stroke.final.{b}", list(p),
                                      "gives a resting place for a ball that fell")
        if p is not None and b != CUE and b not in state.balls:
            raise IllegalInputError(f"stroke.final.{b}: ball {b} is not on the table")
    if stroke.first_contact is not None and stroke.first_contact != CUE \
            and stroke.first_contact not in state.balls:
        raise IllegalInputError(f"stroke.first_contact = {stroke.first_contact}: that ball is "
                                f"not on the table")
    if stroke.first_contact == CUE:
        raise MalformedInputError("stroke.first_contact", CUE, "must be an object ball or null")
    if (NamedFact.ADVICE in stroke.facts or NamedFact.PASS_TO_PARTNER in stroke.facts) \
            and state.variant != ONE_VS_PAIR:
        raise IllegalInputError(f"advice / pass-to-partner apply only to one against a pair, "
                                f"not to variant {state.variant}", "R12.3")
    if NamedFact.PASS_TO_PARTNER in stroke.facts and state.to_move != 1:
        raise IllegalInputError("only a partner of the pair may pass to the other partner",
                                "R12.3")


def manner_not_shown(state: GameState, stroke: StrokeFacts, call: Call | None) -> str | None:
    """Step 0: under the exact call (R5.1), why a person's summary shows the call not
    fulfilled (:func:`engine.calls.unfulfilled_by_summary`), or None.  An event log decides
    the manner itself (``call_fulfilled`` is computed from it), and under ball-and-pocket
    (R5.2) and for a called ball the opponent stopped (R11.2) the manner does not matter.
    A summary that says ``call_fulfilled: true`` against what it says happened is
    refused."""
    if (call is None or stroke.events is not None or state.call_mode == BALL_AND_POCKET
            or NamedFact.CALLED_STOPPED_BY_OPPONENT in stroke.facts):
        return None
    why = unfulfilled_by_summary(call, stroke.first_contact)
    if why is not None and stroke.call_fulfilled is True \
            and stroke.pocket_of(call.ball) == call.pocket:
        raise IllegalInputError(f"stroke.call_fulfilled = true, but stroke.first_contact = "
                                f"{stroke.first_contact}: {why}", "R5.1")
    return why

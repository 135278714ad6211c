"""A readable oracle for ruling a person's summary of a stroke, written from the rules
(docs/RULES.md R4.1, R5.1, R5.2, R5.5, R7.1-R7.3), not from the engine's code.  Its twin for
event logs is manner_oracle.py.  Not used by the package.

Scope: a stroke played with the cue ball on the table (not from hand), far from the end of
the game (no last ball, no target reached), with the facts a summary gives: the call, whether
the person says the called manner happened (``call_fulfilled``: true, false or not said), the
first ball the cue ball hit, the balls that fell and where.

What a summary tells about the manner is only the cue ball's first ball.  R5.1 defines the
manners by what the cue ball does:

* clean: "cue ball hits the called ball, which goes straight in";
* bank, kiss: the called ball, struck by the cue ball, goes in off a cushion / off a ball;
* cushion-first: "the cue ball hits a cushion before the called ball";
* carom: "the cue ball glances off one ball onto another";
* combination: "the called ball is driven in by another object ball".

So the cue ball meets another ball before the called one in a carom or a combination, and
only there; a call that names the balls (``via``, or a ``path`` whose first link is the
carom or combination ball) names the one it meets first.
"""
from __future__ import annotations

from dataclasses import dataclass

EXACT, BALL_AND_POCKET = "exact", "ball-and-pocket"
OTHER_BALL_FIRST = {"carom", "combination"}  # manners where the cue ball meets another first


@dataclass(frozen=True)
class Ruling:
    refused: bool = False  # the summary contradicts itself
    foul: bool = False
    successful: bool = False
    counted: frozenset = frozenset()
    turn_passes: bool = True


def manners_called(call: dict) -> set[str]:
    """The called manner as a set (a path's links, else ``manner``); clean (or nothing
    said) is the empty set."""
    if call.get("path"):
        return {link["manner"] for link in call["path"]}
    return {m for m in call.get("manner", "clean").split("+") if m != "clean"}


def first_ball_allowed(call: dict, first: str) -> bool:
    """Can the called manner have happened when the cue ball hit ``first`` first? (R5.1)"""
    manners = manners_called(call)
    ball = call["ball"]
    if not manners & OTHER_BALL_FIRST:
        return first == ball  # clean, bank, kiss, cushion-first: the called ball first
    if first == ball:
        return False  # a carom or combination meets another ball first
    path = call.get("path", [])
    if path:
        leading = [link["ball"] for link in path if link["manner"] in OTHER_BALL_FIRST]
        return first == leading[0]
    named = call.get("via", [])
    return not named or first in named


def rule(stroke: dict, call_mode: str) -> Ruling:
    """The ruling of ``stroke`` (a summary as ``pyramid score`` reads it)."""
    call = stroke["call"]
    first = stroke.get("first_contact")
    fell = {p["ball"]: p["pocket"] for p in stroke.get("pocketed", [])}
    objects_fell = frozenset(b for b in fell if b != "cue")
    said = stroke.get("call_fulfilled")  # True, False or None (not said)

    called_in = fell.get(call["ball"]) == call["pocket"]
    manner_possible = first is None or first_ball_allowed(call, first)
    if call_mode == EXACT and called_in and said is True and not manner_possible:
        return Ruling(refused=True)  # "as called", yet the cue ball's first ball says not

    # R7.1 (a) a miss, (b) the cue ball pocketed; R7.2, R7.3: nothing counts, the turn passes
    if first is None or "cue" in fell:
        return Ruling(foul=True)

    if call_mode == BALL_AND_POCKET:
        # R5.2: ball and pocket only; every ball that fell with it counts
        if called_in:
            return Ruling(successful=True, counted=objects_fell, turn_passes=False)
        return Ruling()  # R5.5

    # R5.1: the called ball, in the called pocket, in the called manner
    if called_in and said is not False and manner_possible:
        # R5.1: only the called ball counts; the others are respotted; R4.1 play on
        return Ruling(successful=True, counted=frozenset({call["ball"]}), turn_passes=False)
    return Ruling()  # R5.5: nothing counts, respotted, the turn passes, no penalty

"""The agent interface: a game state and a random generator in, a decision out.

Modelled on OpenSpiel's small agent API: an agent is anything with ``name`` and
``decide(state, rng)``; it never keeps hidden global randomness, so a seeded generator gives a
reproducible decision.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

import numpy as np

from engine import Call, GameState
from sim import Strike



class DecisionKind(StrEnum):
    """What a decision means to do (issue 53: an enum, not strings compared): a member is its
    string, so a decision's JSON and a record's story are written as before."""

    ATTACK = "attack"  # call a ball and pot it
    SAFETY = "safety"  # call a ball, mean to leave the opponent nothing
    DELIBERATE_FOUL = "deliberate-foul"  # one of the three below, chosen as the lesser evil
    TUSH = "tush"  # touch the cue ball, nothing moves (R7.1d)
    POCKET_OWN_BALL = "pocket-own-ball"  # the cue ball into a pocket (R7.1b)
    MISS = "miss"  # strike so as to touch no ball (R7.1a)


ATTACK, SAFETY, DELIBERATE_FOUL = (DecisionKind.ATTACK, DecisionKind.SAFETY,
                                   DecisionKind.DELIBERATE_FOUL)
TUSH, POCKET_OWN_BALL, MISS = DecisionKind.TUSH, DecisionKind.POCKET_OWN_BALL, DecisionKind.MISS


@dataclass(frozen=True)
class ShotInfo:
    """How a stroke means to play the called ball, as the geometry worked it out: what the
    instruction tells the player and what the search's refinement needs.  Every field is
    optional; a safety carries none."""

    manner: str | None = None  # the manner of R5.1 the stroke was built for
    ball: str | None = None  # the ball it aims to pot
    pocket: str | None = None
    cut_rad: float | None = None  # cut angle at the first contact
    d1_m: float | None = None  # cue ball to its first contact
    d2_m: float | None = None  # object ball to the pocket along its path
    via: tuple[str, ...] = ()  # other balls a kiss, carom or combination uses
    cushions: tuple[str, ...] = ()  # cushions a bank uses, in order
    variant: int = 0  # which speed/spin variant of the shot (0: the natural one)
    scan_deg: float | None = None  # half-width of the refinement scan, when not the default
    window_deg: float | None = None  # width of the window of directions that pot (refined)
    discovered: bool = False  # found by the safety scan, not built on purpose
    opening: bool = False  # a break stroke of the dedicated search (R3.2)


@dataclass(frozen=True)
class SearchEstimate:
    """A shown stroke's figures as the search that chose it estimated them, kept beside the
    figures measured afresh (:mod:`ai.search.fresh`, issue 55 item 4): the search's are
    biased high, the best of noisy means (the winner's curse)."""

    samples: int
    p_success: float
    p_win: float
    p_foul: float
    expected_points: float

    def to_json(self) -> dict:
        return {"samples": self.samples, "p_success": self.p_success, "p_win": self.p_win,
                "p_foul": self.p_foul, "expected_points": self.expected_points}


@dataclass(frozen=True)
class Decision:
    """What to play: the call, the stroke (None for a tush), and where to place the cue ball
    when it is in hand.  The estimates are the agent's own, None where it made none.

    The last three fields tell the decision's story (issue 27 item 1: a game's record keeps
    it, :mod:`engine.story`) and stay out of :meth:`to_json`: the next best strokes weighed,
    the strokes simulated and the wall time.  ``decision_s`` differs each run, so it is left
    out of comparisons between decisions."""

    call: Call | None
    strike: Strike | None
    placement: tuple[float, float] | None = None
    kind: DecisionKind = ATTACK  # an agent of one's own may give the member's string
    foul: DecisionKind | None = None  # for a deliberate foul: TUSH, POCKET_OWN_BALL or MISS
    p_success: float | None = None
    expected_points: float | None = None
    p_foul: float | None = None
    p_win: float | None = None
    instruction: str = ""
    samples: int | None = None  # how many simulated outcomes the estimates rest on
    shot: ShotInfo | None = None
    # the strokes weighed and not chosen, best first (at most engine.story.MAX_ALTERNATIVES
    # in a game's record), each with its own estimates and no alternatives of its own
    alternatives: tuple["Decision", ...] = ()
    sims: int | None = None  # strokes simulated for the whole decision (mc: Analysis.sims)
    decision_s: float | None = field(default=None, compare=False)  # wall time, seconds
    # when the figures above were measured on fresh samples (advice): the search's own,
    # out of to_json (a suggestion's JSON carries it as ``search_estimate``)
    searched: SearchEstimate | None = None

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "call": None if self.call is None else self.call.to_json(),
            "strike": None if self.strike is None else self.strike.to_json(),
            "placement": None if self.placement is None else [self.placement[0],
                                                               self.placement[1]],
            "foul": self.foul,
            "p_success": self.p_success,
            "expected_points": self.expected_points,
            "p_foul": self.p_foul,
            "p_win": self.p_win,
            "instruction": self.instruction,
            # how many simulated outcomes the figures above rest on (an extension)
            "samples": self.samples,
        }


class Agent(Protocol):
    name: str

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        ...

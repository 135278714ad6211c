"""What the stages of a decision hand each other: immutable proposals, and the one protocol
every source of candidate strokes follows.

A :class:`Proposal` says what to play and why (call, stroke, placement, the shot's geometry)
and how promising it looked before sampling (``prior``).  What sampling learns about it --
how often it pots, fouls, what it is worth -- is kept apart, by the allocator
(:mod:`ai.search.allocate`), the way OpenSpiel keeps search statistics apart from actions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from engine import Call
from sim import Strike

from ..agent import ShotInfo
from .context import Context

Placement = tuple[float, float]


@dataclass(frozen=True)
class Proposal:
    kind: str  # ai.agent.ATTACK, SAFETY or DELIBERATE_FOUL
    call: Call | None
    strike: Strike | None  # None: a tush (nothing moves)
    placement: Placement | None = None  # where to put the cue ball from hand
    foul: str | None = None  # for a deliberate foul: TUSH, POCKET_OWN_BALL or MISS
    prior: float = 0.0  # geometric / noiseless estimate used to rank before sampling
    shot: ShotInfo | None = None

    def key(self) -> tuple:
        """What a player would see as one suggestion: the same call, kind, foul and
        placement (the stroke's fine aim aside)."""
        return (self.kind, None if self.call is None else repr(self.call.to_json()), self.foul,
                self.placement)


class CandidateSource(Protocol):
    """A stage of the search that proposes strokes of one family (attacks, safeties,
    deliberate fouls, the break).  ``places`` are the cue-ball spots from hand the decision
    searches ([None] when the cue ball is on the table).  Adding a family of strokes is adding
    one source."""

    name: str

    def propose(self, ctx: Context, places: Sequence[Placement | None]) -> list[Proposal]:
        ...

"""Advice as a protocol (issue 53 item 3): what an agent offers besides playing, so that the
board and ``pyramid suggest`` ask any agent for advice, not one class.

An :class:`Advisor` is an agent (:class:`ai.agent.Agent`: ``name`` and ``decide``) that can
also

* :meth:`Advisor.rank` a position: its best distinct strokes, best first, each a
  :class:`ai.agent.Decision` with the agent's own estimates (P(win), P(success), ...), in a
  :class:`Ranking`;
* give the :meth:`Advisor.principal_line` that starts with the first of them: the best
  stroke, then the likely next ones (:class:`ai.search.line.Line`).

The Monte Carlo agent (:class:`ai.agents.mc.MCAgent`) is one; an agent of one's own is one by
having the two methods.  :func:`as_advisor` checks it and refuses any other agent, naming it
and what it lacks (:class:`NotAnAdvisor`).  The words a player reads are not an advisor's
business: the application writes them from the stroke's facts (:mod:`ai.describe`), one
place for every advisor; a :class:`Ranking`'s decisions may leave ``instruction`` empty.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from engine import GameState

from .agent import Decision
from .search.line import Line

ADVISOR_METHODS = ("decide", "rank", "principal_line")  # what an agent needs to advise


@dataclass(frozen=True)
class Ranking:
    """An advisor's analysis of a position: ``decisions``, its distinct strokes best first (at
    most the ``top`` asked for), each with its estimates; ``samples``, the simulated outcomes
    the ranking rests on (the strokes left out included; 0 for an advisor that samples
    nothing); ``basis``, the advisor's own working, handed back to its
    :meth:`Advisor.principal_line` (the Monte Carlo agent's search, :class:`ai.search.Analysis`;
    None when it keeps none), out of comparisons."""

    decisions: tuple[Decision, ...]
    samples: int = 0
    basis: object | None = field(default=None, compare=False, repr=False)


class Advisor(Protocol):
    """An agent that advises: it ranks a position's strokes and gives their line of play."""

    name: str

    def decide(self, state: GameState, rng: np.random.Generator) -> Decision:
        ...

    def rank(self, state: GameState, rng: np.random.Generator, top: int,
             keep_line: bool = False) -> Ranking:
        """The ``top`` best distinct strokes for the player to move, best first;
        ``keep_line``: keep what :meth:`principal_line` needs."""
        ...

    def principal_line(self, state: GameState, ranking: Ranking, seed: int,
                       length: int) -> Line:
        """The line of play of at most ``length`` strokes starting with the ranking's first
        (made with ``keep_line``), its continuations seeded from ``seed``."""
        ...


class NotAnAdvisor(TypeError):
    """An agent that plays but cannot advise: it lacks the :class:`Advisor` methods."""

    def __init__(self, agent: object, missing: tuple[str, ...]) -> None:
        name = getattr(agent, "name", type(agent).__name__)
        super().__init__(
            f"agent {str(name)[:40]!r} cannot advise: it has no {' or '.join(missing)} (an "
            f"advisor ranks a position's strokes and gives their line: the Advisor protocol "
            f"of ai/advisor.py, which the mc agents implement)")
        self.missing = missing


def as_advisor(agent: object) -> Advisor:
    """``agent`` itself when it is an :class:`Advisor`, else :class:`NotAnAdvisor` naming it and
    the methods it lacks."""
    missing = tuple(m for m in ADVISOR_METHODS if not callable(getattr(agent, m, None)))
    if not isinstance(getattr(agent, "name", None), str):
        missing = ("name",) + missing
    if missing:
        raise NotAnAdvisor(agent, missing)
    return agent


__all__ = ["ADVISOR_METHODS", "Advisor", "NotAnAdvisor", "Ranking", "as_advisor"]

"""A real match kept by hand, through the application layer (issue 53 item 7): the adapters --
the board's Match tab (:mod:`russian_pyramid.board.match`) and ``pyramid score --session``
(:mod:`russian_pyramid.commands.score`) -- call this package, never the scorekeeping session
(:mod:`russian_pyramid.scorekeeping`) behind it (tests/test_structure.py checks it).

* :class:`MatchDesk` (:mod:`.desk`): one session kept by several devices, one scorer at a time
  (:class:`ScorerElsewhere` when another keeps it), resumed from its record;
* :func:`run_session` (:mod:`.terminal`): the terminal's session over a text stream, started
  or resumed with :class:`SessionTerms`.
"""
from __future__ import annotations

from .desk import DEFAULT_LANG, THIS_COMPUTER, MatchDesk, ScorerElsewhere, latest_game
from .terminal import SessionTerms, run_session

__all__ = ["DEFAULT_LANG", "THIS_COMPUTER", "MatchDesk", "ScorerElsewhere", "SessionTerms",
           "latest_game", "run_session"]

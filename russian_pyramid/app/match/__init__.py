"""A real match kept by hand, through the application layer (issue 53 item 7): the adapters --
the board's Match tab (:mod:`russian_pyramid.board.match`) and ``pyramid score --session``
(:mod:`russian_pyramid.commands.score`) -- call this package, never the scorekeeping session
(:mod:`russian_pyramid.scorekeeping`) behind it (tests/test_structure.py checks it).

* :class:`MatchDesk` (:mod:`.desk`): one session kept by several devices, one scorer at a time
  (:class:`ScorerElsewhere` when another keeps it), resumed from its record, answering typed
  values (:class:`MatchStatus`, :class:`LineResult`, :class:`MatchRecord`, :mod:`.answers`);
* :class:`MatchStore` (:mod:`.store`): the matches kept in the user's data folder, listed
  (:class:`MatchList`), and the players' names (issue 54);
* :func:`run_session` (:mod:`.terminal`): the terminal's session over a text stream, started
  or resumed with :class:`SessionTerms`.
"""
from __future__ import annotations

from ..match_start import DEFAULT_LANG
from .answers import LineResult, MatchRecord, MatchStatus
from .desk import SCORER_SILENT_S, THIS_COMPUTER, MatchDesk, ScorerElsewhere, latest_game
from .store import MatchList, MatchStore, data_folder
from .terminal import SessionTerms, run_session

__all__ = ["DEFAULT_LANG", "SCORER_SILENT_S", "THIS_COMPUTER", "LineResult", "MatchDesk",
           "MatchList", "MatchRecord", "MatchStatus", "MatchStore", "ScorerElsewhere",
           "SessionTerms", "data_folder", "latest_game", "run_session"]

"""The board's "Match" tab (issue 11, item 3): the match desk of the application layer
(:class:`russian_pyramid.app.match.MatchDesk`, the scorekeeping session of ``pyramid score
--session`` behind it) under these endpoints, so a tablet's buttons keep score of a real match
and write the same game record:

* ``GET /api/match``: the session's status (or ``{"active": false}``);
* ``POST /api/match/start`` ``{"players": [...], "variant", "call_mode", "games", "target",
  "handicap", "pair_order", "breaker", "lang", "date"}``: a new session (its handicap, pair
  order and breaker checked first by :func:`russian_pyramid.app.match_start.match_start`);
* ``POST /api/match/line`` ``{"text": "7 FL"}``: one line of the notation
  (docs/SCOREKEEPING.md), exactly as typed in the terminal session;
* ``POST /api/match/scorer``: this device asks to keep the score (one scorer at a time:
  :class:`ScorerElsewhere`, HTTP 409, for another); the scorer is asked first, unless nobody
  keeps it or the scorer's page has been silent (``SCORER_SILENT_S``);
* ``POST /api/match/handover`` ``{"accept": true|false}``: the scorer's answer;
* ``GET /api/match/list``: the matches kept in the data folder and the players' names;
* ``POST /api/match/open`` ``{"id"}``: a stored match opened again;
* ``GET /api/match/record``: the current game's record (JSON Lines) to download.

The board opens the desk on ``pyramid board --match-record FILE`` (goes on with the match it
holds unless ``--force``), else on the data folder's current match
(:mod:`russian_pyramid.app.match.store`).
"""
from __future__ import annotations

from ..app.match import (DEFAULT_LANG, THIS_COMPUTER, LineResult, MatchDesk, MatchRecord,
                         MatchStatus, ScorerElsewhere, latest_game)

__all__ = ["DEFAULT_LANG", "THIS_COMPUTER", "LineResult", "MatchDesk", "MatchRecord",
           "MatchStatus", "ScorerElsewhere", "latest_game"]

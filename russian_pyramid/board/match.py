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
* ``POST /api/match/scorer``: this device keeps the score from now on (one scorer at a time:
  :class:`ScorerElsewhere`, HTTP 409, for another);
* ``GET /api/match/record``: the current game's record (JSON Lines) to download.

The board opens the desk on ``pyramid board --match-record FILE`` (goes on with the match it
holds unless ``--force``).
"""
from __future__ import annotations

from ..app.match import (DEFAULT_LANG, THIS_COMPUTER, LineResult, MatchDesk, MatchRecord,
                         MatchStatus, ScorerElsewhere, latest_game)

__all__ = ["DEFAULT_LANG", "THIS_COMPUTER", "LineResult", "MatchDesk", "MatchRecord",
           "MatchStatus", "ScorerElsewhere", "latest_game"]

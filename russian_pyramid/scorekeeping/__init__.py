"""``pyramid score --session``: keep score of a real match, one typed line per stroke.

The notation is read by the rules core (:mod:`engine.notation`); the match moves on by
:mod:`engine.match` (the games, R3.1's breakers, the replay of a drawn game R10.1).  This
package is the loop around them:

* :mod:`.settings`: what a match is started with, the players' sides, the files' names;
* :mod:`.session`: the session -- each line adjudicated or applied, the match moved on;
* :mod:`.render`: what is printed, in the session's language (the catalog's ``score.*``);
* :mod:`.record`: the game record (JSON Lines, as ``pyramid play --record``), written
  atomically after every line that changes anything, so a session killed at any moment loses
  no entered stroke and resumes with ``--resume FILE``;

The adapters reach it through the application layer, :mod:`russian_pyramid.app.match` (the
terminal's loop, ``run_session``, and the board's match desk); this package imports neither
the application layer nor the adapters (tests/test_structure.py).
"""
from __future__ import annotations

from .session import Entered, Session
from .settings import Settings, breaker_side, game_path, sides_of

__all__ = ["Session", "Entered", "Settings", "breaker_side", "game_path", "sides_of"]

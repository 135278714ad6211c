"""A scorekeeping session's game record (JSON Lines, as ``pyramid play --record``).

A human game's record: the header says ``"human": true``, ``"positions": "nominal"`` (no
ball positions are known: the balls are kept at nominal places, engine/notation.py), the
players' names, the date, the variant, the match; every stroke line carries ``"entered"``
(the typed line) and ``"ruling"`` (the adjudication), ``"strike": null``; actions between
strokes (the referee's warning R11.8, a correction R14.1, the corner cluster R11.10 with the
cue ball's nominal place) are kept in the ``"before"`` list of the next stroke line, or of the
result line.  Game k > 1 of a match is written beside the first: ``match.jsonl``,
``match.game2.jsonl``, ...
"""
from __future__ import annotations

from engine.record import GameRecord, make_header, result_line, stroke_record

from .settings import sides_of

NOTATION_DOC = "docs/SCOREKEEPING.md"


def header(session) -> dict:
    """The record's header of the session's current game."""
    s = session.s
    return make_header(session.initial, sides_of(s.people, s.variant),
                       human=True, positions="nominal", date=s.date,
                       people=list(s.people), game=session.game_no,
                       games_to_play=s.games, match_so_far=list(session.results),
                       replay_of=session.replay_of,
                       session=s.to_json(), notation=NOTATION_DOC)


def game_record(session) -> GameRecord:
    """The session's current game as a record: a stroke line per stroke entered (its typed
    line, its ruling, the actions before it), the result line (``unfinished`` while the game
    goes on, with the actions still pending)."""
    strokes = []
    for e in session.strokes:
        adj = e.outcome.adjudication
        extra = {"entered": e.text, "ruling": adj.to_json()}
        if e.before:
            extra["before"] = list(e.before)
        strokes.append(stroke_record(e.state_before, e.facts, adj, e.outcome.state,
                                     extra=extra))
    res = result_line(session.state)
    res["unfinished"] = not session.state.game_over
    if session.pending:
        res["before"] = list(session.pending)
    return GameRecord(header(session), strokes, res)


__all__ = ["header", "game_record", "NOTATION_DOC"]

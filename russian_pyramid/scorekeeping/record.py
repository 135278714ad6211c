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

from engine.context import parse_result
from engine.errors import EngineError, excerpt
from engine.record import GameRecord, make_header, result_line, stroke_record
from engine.text import MAX_GAMES

from ..errors import UserInputError

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


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def resumed_match(h: dict, n_sides: int, where: str) -> tuple[int, list[dict], int | None]:
    """What a session's record header says of its match, checked before a session is resumed
    from it (a record resealed by hand once stopped ``--resume`` with a ``KeyError``): the
    game's number (``game``, 1 .. :data:`engine.text.MAX_GAMES`), the games finished before
    it (``match_so_far``: each ``{"game", "result", "scores"}`` as :meth:`Session._this_game`
    writes it, an earlier game, a result that names a winner or a draw, a score a side) and
    the game it replays (``replay_of``, an earlier game, or None).  :class:`UserInputError`
    naming ``where`` (``--resume FILE``), the field and its value."""
    game = h.get("game", 1)
    if not _is_int(game) or not 1 <= game <= MAX_GAMES:
        raise UserInputError(f"{where}: header.game = {excerpt(game)} is not a game number "
                             f"from 1 to {MAX_GAMES}")
    replay_of = h.get("replay_of")
    if replay_of is not None and (not _is_int(replay_of) or not 1 <= replay_of < game):
        raise UserInputError(f"{where}: header.replay_of = {excerpt(replay_of)} is not an "
                             f"earlier game of the match (1 to {game - 1})")
    done = h.get("match_so_far", [])
    if not isinstance(done, list) or len(done) >= game:
        raise UserInputError(f"{where}: header.match_so_far = {excerpt(done)} is not a list "
                             f"of the games finished before game {game}")
    for k, r in enumerate(done):
        field = f"{where}: header.match_so_far[{k}]"
        if not isinstance(r, dict) or set(r) != {"game", "result", "scores"}:
            raise UserInputError(f"{field} = {excerpt(r)} is not a finished game "
                                 f"({{\"game\", \"result\", \"scores\"}})")
        if not _is_int(r["game"]) or not 1 <= r["game"] < game:
            raise UserInputError(f"{field}.game = {excerpt(r['game'])} is not a game before "
                                 f"game {game}")
        try:
            result = parse_result(r["result"], n_sides)
        except EngineError as exc:
            raise UserInputError(f"{field}.{exc}") from None
        if result is None:
            raise UserInputError(f"{field}.result = null: a finished game has a result")
        scores = r["scores"]
        if not (isinstance(scores, list) and len(scores) == n_sides
                and all(_is_int(s) for s in scores)):
            raise UserInputError(f"{field}.scores = {excerpt(scores)} is not {n_sides} "
                                 f"scores, one a side")
    return game, list(done), replay_of


__all__ = ["header", "game_record", "resumed_match", "NOTATION_DOC"]

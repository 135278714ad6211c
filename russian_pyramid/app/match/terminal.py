"""``pyramid score --session``: the terminal's loop around a scorekeeping session
(:class:`russian_pyramid.scorekeeping.Session`) -- the terms (:class:`SessionTerms`, the
command line's options as typed values) checked by
:func:`russian_pyramid.scorekeeping.settings.start_settings` (what the board's Match tab uses
too, :mod:`.desk`), a new or resumed session, one line read at a time, the match's line and
the record's place at the end.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from engine import files
from engine.errors import EngineError, excerpt
from engine.kinds import CallMode

from ...errors import UserInputError
from ...io import check_new_record, check_output_path, check_outputs, kept_elsewhere
from ...scorekeeping import Session
from ...scorekeeping.settings import check_resumed_terms, game_path, start_settings
from ..common import handicap as parse_handicap
from ..common import handicap_file
from ..limits import MAX_TYPED_LINE_CHARS


@dataclass(frozen=True)
class SessionTerms:
    """What a terminal session is started (or resumed) with: ``pyramid score --session``'s
    options, by their names (``players`` is ``--players``, ...), None where not given.
    ``handicap`` is the option's text (a JSON document or a file, :func:`..common.handicap`);
    ``resume`` the record to go on with; ``record`` the one to write."""

    players: tuple[str, ...] | None = None
    variant: str | None = None
    call_mode: str | None = None
    games: int | None = None
    target: int | None = None
    handicap: str | None = None
    pair_order: str | None = None
    breaker: str | None = None
    date: str | None = None
    lang: str | None = None
    record: str | None = None
    force: bool = False
    resume: str | None = None


def _handicap(terms: SessionTerms) -> dict | None:
    return None if terms.handicap is None else parse_handicap(terms.handicap).to_json()


def _resumed(terms: SessionTerms) -> Session:
    """``--resume FILE``: the session of that record."""
    path = Path(terms.resume)
    check_output_path("--resume", path)  # first: a name too long is refused, named
    if not os.path.isfile(path):
        raise UserInputError(f"--resume {excerpt(terms.resume)}: no such file")
    session = Session.resume(path, terms.lang)
    check_resumed_terms(session.s, terms.resume,
                        players=None if terms.players is None else list(terms.players),
                        variant=terms.variant, call_mode=terms.call_mode, games=terms.games,
                        target=terms.target, handicap=_handicap(terms),
                        pair_order=terms.pair_order, breaker=terms.breaker, date=terms.date)
    return session


def _started(terms: SessionTerms) -> Session:
    """A new session from the terms (checked by :func:`start_settings`); its first record
    written."""
    if not terms.players:
        raise UserInputError("--session needs --players NAME NAME [NAME]")
    settings = start_settings(list(terms.players), variant=terms.variant,
                              call_mode=terms.call_mode or CallMode.EXACT, games=terms.games,
                              target=terms.target, handicap=_handicap(terms),
                              pair_order=terms.pair_order, breaker=terms.breaker,
                              lang=terms.lang or "en", date=terms.date)
    if terms.record is not None:
        # every game's file: the last one has the longest name
        paths = [terms.record] + [game_path(Path(terms.record), k)
                                  for k in range(2, (terms.games or 1) + 1)]
        check_outputs([("--record", p) for p in paths],
                      [("--handicap", handicap_file(terms.handicap))])
        for path in paths:
            check_new_record("--record", path, terms.force)
    try:
        session = Session(settings, None if terms.record is None else Path(terms.record))
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    session.save()
    return session


def _lines(stdin: TextIO):
    """The typed lines: at a terminal with readline's editing and history, else as read, each
    at most :data:`~russian_pyramid.app.limits.MAX_TYPED_LINE_CHARS` characters (a longer one,
    ``< /dev/zero`` has no newline at all, raises :class:`engine.files.InputFileError` after
    reading no more than that)."""
    interactive = stdin.isatty()
    if interactive:
        try:  # line editing and history at the terminal, where the platform has it
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
    if not interactive:  # the bound counts the line's characters, its newline apart
        yield from files.stream_lines(stdin, MAX_TYPED_LINE_CHARS + 1, "line")
        return
    while True:
        try:
            yield input("> ")  # with readline's editing and history
        except EOFError:
            return


def run_session(terms: SessionTerms, stdin: TextIO | None = None) -> int:
    """The session: 0 when every line was taken, 1 when some were refused."""
    stdin = stdin or sys.stdin
    session = _resumed(terms) if terms.resume is not None else _started(terms)
    session.out(session.status())
    read = 0
    try:
        for line in _lines(stdin):
            read += 1
            if not session.handle(line):
                break
            sys.stdout.flush()
    except files.InputFileError:  # every line before it taken, and saved
        kept = ("" if session.base is None else
                f"; the record so far is in {game_path(session.base, session.game_no)} "
                f"(--resume it)")
        raise UserInputError(f"stdin line {read + 1} is longer than {MAX_TYPED_LINE_CHARS} "
                             f"characters, the most a typed line may have; the session stops "
                             f"here{kept}") from None
    session.out(session.summary())
    if session.base is not None:
        where = game_path(session.base, session.game_no)
        if not session.save():  # the last chance to write it: else kept elsewhere, said where
            raise kept_elsewhere(f"--record {where}: could not be written", where,
                                 session.record_text())
        session.out(session.say("record", path=where))
    if session.refusals:
        session.out(session.say("refusals", n=session.refusals))
    return 1 if session.refusals else 0


__all__ = ["SessionTerms", "run_session"]

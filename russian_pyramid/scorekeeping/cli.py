"""``pyramid score --session``: the terminal's loop around a :class:`.session.Session` -- the
options checked by :func:`.settings.start_settings` (what the board's Match tab uses too), a
new or resumed session, one line read at a time, the match's line and the record's place at
the end.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from engine import files
from engine.errors import EngineError, excerpt
from engine.kinds import CallMode

from ..app.common import handicap_file
from ..app.limits import MAX_TYPED_LINE_CHARS
from ..commands._common import handicap as parse_handicap
from ..errors import UserInputError
from ..io import check_new_record, check_output_path, check_outputs, kept_elsewhere
from .session import Session
from .settings import check_resumed_terms, game_path, start_settings


def _resumed(args) -> Session:
    """``--resume FILE``: the session of that record."""
    path = Path(args.resume)
    check_output_path("--resume", path)  # first: a name too long is refused, named
    if not os.path.isfile(path):
        raise UserInputError(f"--resume {excerpt(args.resume)}: no such file")
    session = Session.resume(path, args.lang)
    handicap = None if args.handicap is None else parse_handicap(args.handicap).to_json()
    check_resumed_terms(session.s, args.resume, players=args.players,
                        variant=args.variant, call_mode=args.call_mode, games=args.games,
                        target=args.target, handicap=handicap, pair_order=args.pair_order,
                        breaker=args.breaker, date=args.date)
    return session


def _started(args) -> Session:
    """A new session from the options (checked by :func:`.settings.start_settings`); its
    first record written."""
    if not args.players:
        raise UserInputError("--session needs --players NAME NAME [NAME]")
    handicap = None if args.handicap is None else parse_handicap(args.handicap).to_json()
    settings = start_settings(args.players, variant=args.variant,
                              call_mode=args.call_mode or CallMode.EXACT, games=args.games,
                              target=args.target, handicap=handicap,
                              pair_order=args.pair_order, breaker=args.breaker,
                              lang=args.lang or "en", date=args.date)
    if args.record is not None:
        # every game's file: the last one has the longest name
        paths = [args.record] + [game_path(Path(args.record), k)
                                 for k in range(2, (args.games or 1) + 1)]
        check_outputs([("--record", p) for p in paths],
                      [("--handicap", handicap_file(args.handicap))])
        for path in paths:
            check_new_record("--record", path, args.force)
    try:
        session = Session(settings, None if args.record is None else Path(args.record))
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


def run_session(args, stdin: TextIO | None = None) -> int:
    """The session: 0 when every line was taken, 1 when some were refused."""
    stdin = stdin or sys.stdin
    session = _resumed(args) if args.resume is not None else _started(args)
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


__all__ = ["run_session"]

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

from engine.errors import EngineError
from engine.kinds import CallMode

from ..commands._common import handicap as parse_handicap
from ..errors import UserInputError
from ..io import check_output_path, kept_elsewhere
from .session import Session
from .settings import check_resumed_terms, game_path, start_settings


def _resumed(args) -> Session:
    """``--resume FILE``: the session of that record."""
    path = Path(args.resume)
    check_output_path("--resume", path)  # first: a name too long is refused, named
    if not os.path.isfile(path):
        raise UserInputError(f"--resume {args.resume}: no such file")
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
    if args.record:
        check_output_path("--record", args.record)
        if (args.games or 1) > 1:  # the last game's file has the longest name
            check_output_path("--record", game_path(Path(args.record), args.games))
    try:
        session = Session(settings, Path(args.record) if args.record else None)
    except EngineError as exc:
        raise UserInputError(str(exc)) from None
    session.save()
    return session


def _lines(stdin: TextIO):
    """The typed lines: at a terminal with readline's editing and history, else as read."""
    interactive = stdin.isatty()
    if interactive:
        try:  # line editing and history at the terminal, where the platform has it
            import readline  # noqa: F401
        except ImportError:  # pragma: no cover
            pass
    while True:
        if interactive:
            try:
                yield input("> ")  # with readline's editing and history
            except EOFError:
                return
        else:
            line = stdin.readline()
            if not line:
                return
            yield line


def run_session(args, stdin: TextIO | None = None) -> int:
    """The session: 0 when every line was taken, 1 when some were refused."""
    stdin = stdin or sys.stdin
    session = _resumed(args) if args.resume else _started(args)
    session.out(session.status())
    for line in _lines(stdin):
        if not session.handle(line):
            break
        sys.stdout.flush()
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

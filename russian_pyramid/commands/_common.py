"""The command line's argument types (:func:`positive_int`, :func:`seed_int`,
:func:`int_between`), and the helpers
``play``, ``tournament`` and ``analyze`` share, which live in the application layer
(:mod:`russian_pyramid.app.common`, :mod:`russian_pyramid.app.limits`) and are re-exported here under the
names they always had (``C.noise_model``, ``C.stroke_line``, ``C.SEED_MAX``, ...)."""
from __future__ import annotations

import argparse

from engine.errors import EngineError, excerpt
from engine.text import parse_int

from .. import examples
from ..app.common import (agent_file, agent_spec, finite, first_run, fmt_call, fresh_seed,
                          handicap, handicap_file, log, noise_model, stroke_line)
from ..app.limits import MAX_JOBS, SEED_MAX
from ..errors import UserInputError

__all__ = ["agent_file", "handicap_file", "agent_spec", "finite", "first_run", "fmt_call",
           "fresh_seed", "handicap", "log", "noise_model", "stroke_line", "SEED_MAX",
           "positive_int", "seed_int", "int_between", "jobs_int", "input_or_example",
           "chosen_input"]

MAX_INT_DIGITS = 24  # int() of a 5 000-digit string is slow, then refused anyway


def positive_int(text: str) -> int:
    """An argument that is an integer of at least 1 (argparse names the flag)."""
    try:
        v = int(text) if len(text.strip()) <= MAX_INT_DIGITS else 0
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}") \
            from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {excerpt(text)}")
    return v


def int_between(lo: int, hi: int):
    """An argparse ``type``: an integer typed in ``[lo, hi]`` (:func:`engine.text.parse_int`;
    argparse names the option in its message)."""

    def read(text: str) -> int:
        try:
            return parse_int(text, "value", lo, hi)
        except EngineError:
            raise argparse.ArgumentTypeError(f"must be an integer from {lo} to {hi}, got "
                                             f"{excerpt(text)}") from None
    read.__name__ = "integer"
    return read


def seed_int(text: str) -> int:
    """``--seed``: an integer from 0 to :data:`SEED_MAX` (argparse names the flag)."""
    why = f"must be an integer from 0 to {SEED_MAX}, got {excerpt(text)}"
    if len(text.strip()) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(why)
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(why) from None
    if not 0 <= v <= SEED_MAX:
        raise argparse.ArgumentTypeError(why)
    return v


def jobs_int(text: str) -> int:
    """``--jobs``: joblib's ``n_jobs``, 1 .. :data:`MAX_JOBS` workers or -1 (all cores), -2
    (all but one) ... down to ``-MAX_JOBS``; never 0 (argparse names the flag)."""
    why = (f"must be an integer from 1 to {MAX_JOBS} (workers) or from -1 (all cores) to "
           f"-{MAX_JOBS}, got {excerpt(text)}")
    if len(text.strip()) > MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(why)
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(why) from None
    if v == 0 or not -MAX_JOBS <= v <= MAX_JOBS:
        raise argparse.ArgumentTypeError(why)
    return v


def input_or_example(parser: argparse.ArgumentParser, dest: str, metavar: str, what: str,
                     command: str) -> None:
    """The input file ``dest`` (``metavar``, ``-`` for stdin) or ``--example NAME``, one of the
    files shipped for ``command`` (:mod:`russian_pyramid.examples`), listed in ``--help``;
    :func:`chosen_input` says which was given."""
    names = examples.names(command)
    parser.add_argument(dest, metavar=metavar, nargs="?", help=f"{what}, or - for stdin")
    parser.add_argument("--example", metavar="NAME", choices=names,
                        help=f"instead of {metavar}: an example shipped with the program, "
                             f"one of {', '.join(names)} (python -m russian_pyramid.examples "
                             "lists them all)")


def chosen_input(args: argparse.Namespace, dest: str, metavar: str) -> str | None:
    """The file to read: the one given, the ``--example``'s shipped file, or None when neither
    was given; both at once is refused (UserInputError)."""
    given = getattr(args, dest)
    if args.example is None:
        return given
    if given is not None:
        raise UserInputError(f"give {metavar} or --example {args.example}, not both "
                             f"({metavar} {excerpt(given)})")
    return str(examples.path(args.example))

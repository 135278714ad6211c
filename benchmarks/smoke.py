"""What every benchmark's ``--smoke`` shares (a helper, not a benchmark).

    python -m benchmarks.<name> --smoke

runs the benchmark's whole path -- its inputs read, every measurement taken, its report
printed and its files written -- in a tiny form, in seconds rather than minutes: the sizes
cut to the least that still passes every step (:func:`parse`: they become the defaults, so
a size given on the command line still wins), the inputs it can make itself made (a
self-play positions file: :func:`benchmarks.pot_chances.smoke_files`), and its outputs
written into a temporary folder removed at the end (:func:`scratch`) unless the command
names where.  The numbers it
prints mean nothing; tests/benchmarks/test_smoke.py runs every benchmark so.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HELP = ("a tiny run of the whole path in seconds, outputs in a temporary folder unless named "
        "(the test suite's; its numbers mean nothing)")


def add_smoke(ap: argparse.ArgumentParser) -> None:
    """The ``--smoke`` flag, worded alike in every benchmark."""
    ap.add_argument("--smoke", action="store_true", help=HELP)


def asked(argv: list[str] | None) -> bool:
    """Whether ``argv`` (``sys.argv[1:]`` when None) asks for ``--smoke`` (or a prefix of
    it, as argparse reads it)."""
    pre = argparse.ArgumentParser(add_help=False)
    add_smoke(pre)
    return pre.parse_known_args(sys.argv[1:] if argv is None else argv)[0].smoke


def parse(ap: argparse.ArgumentParser, argv: list[str] | None, **sizes) -> argparse.Namespace:
    """``argv`` parsed by ``ap`` with ``--smoke`` added; with ``--smoke`` the options named in
    ``sizes`` default to their tiny values (and are no longer required: the smoke makes or
    names what they would have given)."""
    add_smoke(ap)
    if asked(argv):
        for action in ap._actions:  # argparse keeps no public list of them
            if action.dest in sizes:
                action.required = False
        ap.set_defaults(**sizes)
    return ap.parse_args(argv)


@contextmanager
def scratch(smoke: bool) -> Iterator[Path | None]:
    """A temporary folder for a smoke run's inputs and outputs, removed at the end (None
    when not smoking)."""
    if not smoke:
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="bench-smoke-") as folder:
        yield Path(folder)

"""The ``pyramid`` command: one entry point, one module per subcommand.

Each module in :mod:`russian_pyramid.commands` defines ``register(subparsers)``, which adds its
subparser and sets ``handler``; a handler returns the exit status.  Bad input raises an error
that is reported on stderr with exit status 2; nothing prints a traceback for user input.

Anything else a command raises is a failure of the program, not of its input: the last-resort
handler (:func:`internal_failure`) says so in one line with exit status 1, naming the
exception, and writes the traceback to a file of its own in the user's cache folder
(``$XDG_CACHE_HOME/russian-pyramid/failures/``, ``~/.cache/...``; the system's temporary
folder when that cannot be written), whose path the line gives.  With ``PYRAMID_DEBUG=1``
in the environment the traceback is printed on stderr instead.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import re
import sys
import tempfile
import time
import traceback
from pathlib import Path

from engine.errors import EXCERPT_CHARS, EngineError, excerpt
from engine.files import OutputFileError, write_atomic
from engine.version import version_line

from . import commands
from .errors import UserInputError, brief

DEBUG_VARIABLE = "PYRAMID_DEBUG"  # PYRAMID_DEBUG=1: an internal failure's traceback on stderr
FAILURES_FOLDER = ("russian-pyramid", "failures")  # under the user's cache folder


class PrintVersion(argparse.Action):
    """``--version``: :func:`engine.version.version_line` on one line (argparse's own version
    action wraps it to the terminal's width), then exit 0."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(version_line())
        parser.exit(0)


QUOTED_VALUE = re.compile(r"'([^']{%d,})'" % (EXCERPT_CHARS + 1))  # argparse quotes values


class Parser(argparse.ArgumentParser):
    """argparse's parser, but a refusal quotes a long value cut (``--lang`` given 3 000
    characters was echoed whole in "invalid choice: ..."), as every other refusal does
    (:func:`engine.errors.excerpt`); the subcommands' parsers are of this class too."""

    def error(self, message: str):
        super().error(QUOTED_VALUE.sub(lambda m: excerpt(m[1]), message))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="pyramid",
        description="Simulator, rules core and AI player for Small Russian Pyramid (71 points).")
    parser.add_argument("--version", action=PrintVersion,
                        help="print the version and the commit it was built from, and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad arguments, 0 on --help
        return int(exc.code or 0)
    try:
        return int(args.handler(args) or 0)
    except UserInputError as exc:
        print(f"pyramid {args.command}: error: {brief(exc)}", file=sys.stderr)
        return 2
    except EngineError as exc:  # the rules core's own bad-input errors, should a command let
        print(f"pyramid {args.command}: error: {brief(exc)}", file=sys.stderr)  # one through
        return 2
    except OutputFileError as exc:  # an output refused by the one writer (engine.files), should
        print(f"pyramid {args.command}: error: {brief(exc)}", file=sys.stderr)  # a command
        return 2  # let one through unconverted: it names the path and says why
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"pyramid {args.command}: error: malformed JSON: {brief(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"pyramid {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``pyramid ... | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:  # noqa: BLE001 -- the last resort: a bug, said as one
        return internal_failure(args.command, exc)


def internal_failure(command: str, exc: BaseException) -> int:
    """Report an unexpected exception of ``pyramid COMMAND`` (being handled): one line on
    stderr saying it is the program's failure, not the input's, naming the exception and the
    file its traceback was written to (``PYRAMID_DEBUG=1``: the traceback itself); exit 1."""
    what = f"{type(exc).__name__}: {brief(exc)}"
    head = (f"pyramid {command}: internal error ({what}): a failure of the program, not of "
            f"its input")
    details = traceback.format_exc()
    if os.environ.get(DEBUG_VARIABLE, "") not in ("", "0"):
        print(details, file=sys.stderr, end="")
        print(f"{head}; please report it with the traceback above", file=sys.stderr)
        return 1
    kept = _keep_traceback(command, details)
    where = (f"the traceback is in {kept}" if kept is not None else
             "the traceback could not be written to a file")
    print(f"{head}; {where} ({DEBUG_VARIABLE}=1 prints it here); please report it",
          file=sys.stderr)
    return 1


def _keep_traceback(command: str, details: str) -> str | None:
    """The traceback written to a new file of the user's cache folder (else the temporary
    folder); its path, or None when neither can be written."""
    name = f"pyramid-{command}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base).joinpath(*FAILURES_FOLDER)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / name, details, "traceback")
        return str(folder / name)
    except OSError:
        pass
    try:
        fd, path = tempfile.mkstemp(prefix=f"pyramid-{command}-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(details)
        return path
    except OSError:
        return None


if __name__ == "__main__":
    sys.exit(main())

"""The ``pyramid`` command: one entry point, one module per subcommand.

Each module in :mod:`russian_pyramid.commands` defines ``register(subparsers)``, which adds its
subparser and sets ``handler``; a handler returns the exit status.  Bad input raises an error
that is reported on stderr with exit status 2; nothing prints a traceback for user input.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import sys

from engine.errors import EngineError
from engine.files import OutputFileError
from engine.version import version_line

from . import commands
from .errors import UserInputError, brief


class PrintVersion(argparse.Action):
    """``--version``: :func:`engine.version.version_line` on one line (argparse's own version
    action wraps it to the terminal's width), then exit 0."""

    def __init__(self, option_strings, dest, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(version_line())
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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


if __name__ == "__main__":
    sys.exit(main())

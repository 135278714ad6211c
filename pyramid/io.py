"""Reading user files and writing outputs safely."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from engine import jsonin
from engine.files import write_atomic as _write_atomic

from .errors import UserInputError


def read_text(path: str) -> str:
    """Read a file argument, or stdin for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserInputError(f"file {path!r} does not exist") from None
    except IsADirectoryError:
        raise UserInputError(f"{path!r} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise UserInputError(f"file {path!r} is not UTF-8 text") from None
    except OSError as exc:
        raise UserInputError(f"cannot read {path!r}: {exc.strerror}") from None


def read_json(path: str):
    """A JSON file argument (or stdin), read through the strict front door
    (:mod:`engine.jsonin`)."""
    text = read_text(path)
    try:
        return jsonin.loads(text, source=repr(path))
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write a whole file or nothing (:func:`engine.files.write_atomic`); a missing folder is
    bad input."""
    try:
        _write_atomic(path, data)
    except FileNotFoundError as exc:
        raise UserInputError(str(exc)) from None


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, allow_nan=False) + "\n")

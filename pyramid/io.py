"""Reading user files and writing outputs safely."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

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
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserInputError(f"{path!r} is not valid JSON: {exc.msg} at line {exc.lineno} "
                             f"column {exc.colno}") from None


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then a rename."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserInputError(f"folder {str(parent)!r} for output {str(path)!r} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, allow_nan=False) + "\n")

"""Reading user files and writing outputs safely."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from engine import jsonin
from engine.errors import excerpt
from engine.files import write_atomic as _write_atomic

from .errors import UserInputError


def read_text(path: str) -> str:
    """Read a file argument, or stdin for ``-``; more than
    :data:`engine.jsonin.MAX_DOCUMENT_BYTES` is refused before it is read in full."""
    limit = jsonin.MAX_DOCUMENT_BYTES
    if path == "-":
        text = sys.stdin.read(limit + 1)
        if len(text) > limit:
            raise UserInputError(f"stdin is more than {limit} characters: at most {limit} "
                                 f"accepted")
        return text
    try:
        size = os.stat(path).st_size
        if size > limit:
            raise UserInputError(f"file {excerpt(path)} is {size} bytes: at most {limit} "
                                 f"accepted")
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserInputError(f"file {excerpt(path)} does not exist") from None
    except IsADirectoryError:
        raise UserInputError(f"{excerpt(path)} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise UserInputError(f"file {excerpt(path)} is not UTF-8 text") from None
    except OSError as exc:
        raise UserInputError(f"cannot read {excerpt(path)}: {exc.strerror}") from None


def read_json(path: str):
    """A JSON file argument (or stdin), read through the strict front door
    (:mod:`engine.jsonin`)."""
    text = read_text(path)
    try:
        return jsonin.loads(text, source=repr(path))
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None


PATH_CHARS = 300  # a path is quoted whole in messages up to this length


def check_output_path(flag: str, path: str | os.PathLike) -> Path:
    """Check, before any work, that an output file can be written at ``path``; returns it as a
    :class:`~pathlib.Path`.  For every command's output flag (``simulate --png``, ``suggest
    --png``, ``play --record``, ``analyze --out``, ``tournament --out``, ...): call it while
    checking the arguments, so that a typo costs a second, not a 48 s search or a whole game.

    Refused with :class:`UserInputError` naming ``flag`` and the path (exit 2):

    1. an empty path;
    2. a path that is a directory (the output is a file);
    3. a folder that does not exist, or a "folder" that is a file;
    4. a folder this process cannot create files in (tried for real: a temporary file is
       created there and removed, which is what :func:`write_atomic` will need: a file beside
       the target, then a rename);
    5. an existing file that cannot be replaced: with ``os.replace`` that needs only the
       folder's write permission (step 4), so an existing read-only file is *not* refused.

    Nothing is created or changed at ``path`` itself."""
    if path is None or str(path) == "":
        raise UserInputError(f"{flag}: the output path is empty")
    target = Path(path)
    shown = excerpt(str(path), PATH_CHARS)
    if target.is_dir():
        raise UserInputError(f"{flag} {shown} is a directory: give a file name")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.exists():
        raise UserInputError(f"{flag} {shown}: folder {excerpt(str(parent), PATH_CHARS)} does not exist")
    if not parent.is_dir():
        raise UserInputError(f"{flag} {shown}: {excerpt(str(parent), PATH_CHARS)} is a file, not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".check",
                                     dir=parent)
    except OSError as exc:
        raise UserInputError(f"{flag} {shown}: cannot write in folder {excerpt(str(parent), PATH_CHARS)}"
                             f" ({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)
    return target


def write_atomic(path: str | os.PathLike, data: bytes | str, flag: str | None = None) -> None:
    """Write a whole file or nothing (:func:`engine.files.write_atomic`); a place that cannot
    be written (a missing folder, a directory, no permission, a full disk) is reported as
    :class:`UserInputError` naming ``flag`` when given.  Check the path first with
    :func:`check_output_path`; this is the last word when the place changed since."""
    where = f"{flag} {excerpt(str(path))}" if flag else excerpt(str(path))
    try:
        _write_atomic(path, data)
    except FileNotFoundError as exc:
        raise UserInputError(f"{flag}: {exc}" if flag else str(exc)) from None
    except IsADirectoryError:
        raise UserInputError(f"{where} is a directory: give a file name") from None
    except OSError as exc:
        raise UserInputError(f"cannot write {where}: {exc.strerror or exc}") from None


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, allow_nan=False) + "\n")

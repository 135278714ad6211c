"""Reading user files and writing outputs safely: the command line's side of the one reader
and the one writer (:mod:`engine.files`), whose refusals become :class:`UserInputError`
naming the flag and the path (exit 2)."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Iterator, Sequence

from engine import files, jsonin
from engine.files import read_stream, shown

from .errors import UserInputError


def read_bytes(path: str, flag: str | None = None, limit: int | None = None) -> bytes:
    """The bytes of a file argument (or stdin for ``-``) through the one reader
    (:func:`engine.files.read_bytes`: a regular file only, at most ``limit`` bytes, default
    :data:`engine.jsonin.MAX_DOCUMENT_BYTES`, read in chunks whatever the file claims).
    :class:`UserInputError` naming ``flag`` (or "file") and the path."""
    try:
        if path == "-":
            return read_stream(sys.stdin, limit, "stdin").encode("utf-8")
        return files.read_bytes(path, limit, flag or "file")
    except files.InputFileError as exc:
        raise UserInputError(str(exc)) from None


def read_text(path: str, flag: str | None = None, limit: int | None = None) -> str:
    """A file argument, or stdin for ``-``, as UTF-8 text through the one reader (see
    :func:`read_bytes`); more than the limit is refused without reading past it."""
    try:
        if path == "-":
            return read_stream(sys.stdin, limit, "stdin")
        return files.read_text(path, limit, flag or "file")
    except files.InputFileError as exc:
        raise UserInputError(str(exc)) from None


def read_json(path: str, flag: str | None = None):
    """A JSON file argument (or stdin), read through the one reader and the strict front door
    (:mod:`engine.jsonin`)."""
    text = read_text(path, flag)
    try:
        return jsonin.loads(text, source=repr(path))
    except jsonin.JsonInputError as exc:
        raise UserInputError(str(exc)) from None


PATH_CHARS = files.PATH_CHARS  # a path is quoted whole in messages up to this length


def check_output_path(flag: str, path: str | os.PathLike) -> Path:
    """Check, before any work, that an output file can be written at ``path``; returns it as a
    :class:`~pathlib.Path`.  For every command's output flag (``simulate --png``, ``suggest
    --png``, ``play --record``, ``analyze --out``, ``tournament --out``, ...): call it while
    checking the arguments, so that a typo costs a second, not a 48 s search or a whole game.

    The checks are :func:`engine.files.check_output`'s, refused with :class:`UserInputError`
    naming ``flag`` and the path (exit 2):

    1. an empty path, a path with a NUL, longer than PATH_MAX or whose file name is longer
       than NAME_MAX (255 bytes);
    2. a folder that does not exist, a "folder" that is a file, a folder that cannot be
       entered;
    3. a path that is a directory, a FIFO, a device node, a socket or a symbolic link: an
       output replaces only a regular file;
    4. a folder this process cannot create files in (tried for real: the temporary file
       :func:`write_atomic` will need is created there and removed).  An existing read-only
       file is *not* refused: ``os.replace`` needs only the folder's write permission.

    Nothing is created or changed at ``path`` itself."""
    try:
        return files.check_output(path, flag)
    except files.OutputFileError as exc:
        raise UserInputError(str(exc)) from None


Named = tuple[str, "str | os.PathLike | None"]  # (flag, path); None: the flag not given


def file_key(path: str | os.PathLike) -> tuple:
    """What names one file: its device and inode when it exists (links, hard links, ``./x``
    and ``x`` alike, as ``os.path.samefile``), else its resolved path (an output not there
    yet); a path that cannot be resolved (a NUL in it) is only itself."""
    try:
        st = os.stat(path)
        return ("inode", st.st_dev, st.st_ino)
    except (OSError, ValueError):
        pass
    try:
        return ("path", os.path.realpath(path))
    except (OSError, ValueError):
        return ("unresolved", os.fspath(path))


def check_outputs(outputs: Sequence[Named], inputs: Sequence[Named] = ()) -> list[Path]:
    """Check, before any work, every output flag of one command that was given
    (:func:`check_output_path`: an empty path or one ending in ``/`` is refused, not taken for
    "no output") and that none is the same file as an input of that command (``analyze
    g.jsonl --html g.jsonl`` would replace the record by the page) or as another output.
    ``inputs``: the command's input files (``-``, stdin, and None are skipped).  Returns the
    outputs given, as paths, in order; :class:`UserInputError` naming both flags and paths.
    Each path is looked up once (a match of 1 000 games names 1 000 records)."""
    given = [(flag, path) for flag, path in outputs if path is not None]
    checked = [check_output_path(flag, path) for flag, path in given]
    read = [(flag, path) for flag, path in inputs if path is not None and str(path) != "-"]
    seen: dict[tuple, tuple[str, str | os.PathLike]] = {}
    for flag, path in read:
        seen.setdefault(file_key(path), (flag, path))
    for flag, path in given:
        key = file_key(path)
        if key in seen:
            other, source = seen[key]
            raise UserInputError(
                f"{flag} {shown(path)} is the same file as {other} {shown(source)}: an "
                f"output never replaces an input or another output of the same command; "
                f"give another name")
        seen[key] = (flag, path)
    return checked


def check_new_record(flag: str, path: str | os.PathLike, force: bool) -> None:
    """A record already at ``path`` (a file with something in it: an empty one is taken) is
    not replaced unless ``force`` (``--force``): a game once recorded is not lost to a name
    typed twice.  As ``pyramid tournament --out`` refuses an existing results file."""
    if force:
        return
    try:
        there = os.lstat(path).st_size > 0  # a link or special file: check_output_path says
    except (OSError, ValueError):
        return
    if there:
        raise UserInputError(f"{flag} {shown(path)} already exists: a record is not replaced "
                             f"unless --force is given; give another name, or --force to "
                             f"replace it")


def write_atomic(path: str | os.PathLike, data: bytes | str, flag: str | None = None) -> None:
    """Write a whole file or nothing through the one writer (:func:`engine.files.write_atomic`);
    a place that cannot be written (a missing folder, a directory, a special file, no
    permission, a full disk) is reported as :class:`UserInputError` naming ``flag`` when
    given.  Check the path first with :func:`check_output_path`; this is the last word when
    the place changed since."""
    try:
        files.write_atomic(path, data, flag or "output")
    except files.OutputFileError as exc:
        raise UserInputError(str(exc)) from None


def write_or_keep(path: str | os.PathLike, data: bytes | str, flag: str) -> None:
    """:func:`write_atomic` for what cannot be made again (a game's record): when ``path``
    cannot be written after all, the data is kept in a new file in the system's temporary
    folder and the refusal says where, so that nothing a game produced is lost."""
    try:
        files.write_atomic(path, data, flag)
    except files.OutputFileError as exc:
        raise kept_elsewhere(str(exc), path, data) from None


def kept_elsewhere(why: str, path: str | os.PathLike, data: bytes | str) -> UserInputError:
    """The refusal of an output that could not be written at ``path`` (``why``), ``data``
    kept in a new file of the system's temporary folder, the message saying where."""
    kept = _keep(path, data)
    where = (f"; it is kept in {kept}" if kept else
             "; it could not be kept anywhere else either")
    return UserInputError(f"{why}{where}")


def _keep(path: str | os.PathLike, data: bytes | str) -> str | None:
    suffix = Path(path).suffix[:16] or ".out"
    try:
        fd, kept = tempfile.mkstemp(prefix="pyramid-kept-", suffix=suffix)
    except OSError:
        return None
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError:
        return None
    return kept


def read_lines(stream: IO[str], label: str = "line") -> Iterator[str]:
    """The lines of a text stream (``pyramid engine``'s stdin), each bounded by
    :data:`engine.jsonin.MAX_DOCUMENT_BYTES` characters (``< /dev/zero`` has no newline):
    a longer one is :class:`UserInputError` naming ``label`` and its number."""
    try:
        yield from files.stream_lines(stream, None, label)
    except files.InputFileError as exc:
        raise UserInputError(str(exc)) from None


def print_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, allow_nan=False) + "\n")

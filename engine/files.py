"""The one reader of input files and the one writer of outputs.

Reading (:func:`read_bytes`, :func:`read_text`, :func:`read_stream`, :func:`stream_lines`):

* a path must name a **regular file** (a symbolic link to one is followed); a directory, a
  FIFO, a device (``/dev/zero``, ``/dev/urandom``), a socket -- or a link to one -- is refused
  before it is opened for reading, so that nothing waits for a writer or reads forever;
* at most ``limit`` bytes are read (default :data:`engine.jsonin.MAX_DOCUMENT_BYTES`), in
  chunks, whatever size the file claims: a file that grows or lies about its size (``/proc``)
  is cut off at ``limit + 1`` bytes and refused;
* a stream (stdin) may be anything -- a pipe, a terminal, ``< /dev/zero`` -- and is read the
  same bounded way; :func:`stream_lines` bounds each line.

Refusals raise :class:`InputFileError` (an :class:`~engine.errors.EngineError`) naming the
path (and the flag, given as ``label``).

Writing (:func:`check_output`, :func:`write_atomic`, :func:`open_append`):

* checked before any work (:func:`check_output`): the path's length (at most
  :data:`PATH_MAX_BYTES` bytes, its file name at most :data:`NAME_MAX` bytes), its folder
  (exists, is a folder, can be entered, takes a new file: tried with the very temporary name
  the writer will use), and what is there now: nothing or a **regular file**.  A directory, a
  FIFO, a device node or a **symbolic link** (even to a regular file: replacing the link
  would cut it, following it would write where the name does not say) is never replaced;
* written whole or not at all (:func:`write_atomic`): a temporary file in the same folder
  (``.NAME.XXXXXXXX.tmp``, the name cut to fit :data:`NAME_MAX`), flushed, renamed over the
  target, the folder flushed; on any failure the temporary file is removed and the old
  file is left as it was;
* with the user's permissions (issue 52 item 6): a new file gets ``0666`` less the umask, as
  ``open`` gives it (the temporary file ``mkstemp`` makes is ``0600`` whatever the umask: it
  is set to that before a byte is written), a file replaced keeps its own mode; the journal,
  an append-only file and a lock are opened with ``0666``, which the kernel lessens by the
  umask itself (:func:`current_umask`);
* an append-only file (a tournament's results) is opened by :func:`open_append` with the
  same checks;
* a journal (``pyramid play --record``: a game record written as it is played) is
  :class:`Journal`: opened with :func:`open_append`'s checks and emptied, then one whole line
  at a time appended with a single ``write`` and flushed to disk (``fdatasync``), so a
  process killed (``kill -9``) leaves every line written whole and at most the line in flight
  torn.

Refusals and failures raise :class:`OutputFileError` (an ``OSError``, as before) naming the
path and the flag.
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path
from typing import IO, Iterator

from . import jsonin
from .errors import EngineError

NAME_MAX = 255  # bytes in one file name (Linux, macOS; the temporary name fits it too)
PATH_MAX_BYTES = 4095  # bytes in a whole path (PATH_MAX 4096 with its terminating NUL)
PATH_CHARS = 300  # a path is quoted whole in messages up to this length
TEMP_NAME_CHARS = 40  # of the target's name kept in its temporary file's name
TEMP_SUFFIX = ".tmp"
CHUNK_BYTES = 1 << 20  # read this much at a time
NEW_FILE_MODE = 0o666  # what open() asks for a new file, before the umask (POSIX creat)
# the umask while it is read without /proc (see current_umask): the strictest there is, so a
# file another thread creates in that instant is private, never more open than meant
UMASK_WHILE_READ = 0o077
_PROC_STATUS = "/proc/self/status"  # Linux >= 4.7 shows the umask there ("Umask:\t0022")


class InputFileError(EngineError):
    """An input file (or stdin) cannot be read: missing, not a regular file, too large, not
    UTF-8, not readable.  The message names the path."""


class OutputFileError(OSError):
    """An output cannot be written at a path; the message names the flag and the path."""

    def __init__(self, message: str):
        super().__init__(message)


def shown(path) -> str:
    """A path quoted for a message: whole up to :data:`PATH_CHARS`, else its start and its
    end (where the file's name is), with its length."""
    text = repr(str(path))
    if len(text) <= PATH_CHARS:
        return text
    keep = PATH_CHARS // 2 - 10
    return f"{text[:keep]}...{text[-keep:]} ({len(text)} characters)"


def _limit(limit: int | None) -> int:
    return jsonin.MAX_DOCUMENT_BYTES if limit is None else limit  # read now: tests lower it


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def _stdin_hint(label: str) -> str:
    """Where a command takes ``-`` for stdin: its file arguments and ``--handicap``."""
    return " (or - for stdin)" if label in ("file", "--handicap") else ""


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return "a name in the path is too long"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    return exc.strerror or str(exc)


# --- reading ----------------------------------------------------------------------------------
def read_bytes(path: str | os.PathLike, limit: int | None = None, label: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them (see the module's
    docstring); :class:`InputFileError` naming ``label`` and the path otherwise."""
    limit = _limit(limit)
    subject = f"{label} {shown(path)}"
    try:
        st = os.stat(path)  # follows a link: a link to /dev/zero is a device
    except FileNotFoundError:
        raise InputFileError(f"{subject} does not exist") from None
    except ValueError:  # an embedded NUL
        raise InputFileError(f"{subject}: a path cannot contain a NUL character") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {subject}: {_why(exc)}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(f"{subject} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(f"{subject} is {_kind(st.st_mode)}, not a regular file: only "
                             f"files are read{_stdin_hint(label)}")
    if st.st_size > limit:
        raise InputFileError(f"{subject} is {st.st_size} bytes: at most {limit} accepted")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise InputFileError(f"{subject} does not exist") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {subject}: {_why(exc)}") from None
    try:
        st = os.fstat(fd)  # what was opened, should the name have changed since
        if not stat.S_ISREG(st.st_mode):
            raise InputFileError(f"{subject} is {_kind(st.st_mode)}, not a regular file: only "
                                 f"files are read{_stdin_hint(label)}")
        data = _read_fd(fd, limit, subject)
    except OSError as exc:
        raise InputFileError(f"cannot read {subject}: {_why(exc)}") from None
    finally:
        os.close(fd)
    return data


def _read_fd(fd: int, limit: int, subject: str) -> bytes:
    buf = bytearray()
    while len(buf) <= limit:
        chunk = os.read(fd, min(CHUNK_BYTES, limit + 1 - len(buf)))
        if not chunk:
            return bytes(buf)
        buf += chunk
    raise InputFileError(f"{subject} is more than {limit} bytes: at most {limit} accepted")


def _decode(data: bytes, subject: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{subject} is not UTF-8 text (byte {exc.start})") from None


def read_text(path: str | os.PathLike, limit: int | None = None, label: str = "file") -> str:
    """:func:`read_bytes` as UTF-8 text."""
    return _decode(read_bytes(path, limit, label), f"{label} {shown(path)}")


def read_stream(stream: IO, limit: int | None = None, label: str = "stdin") -> str:
    """A whole stream (stdin) as text, at most ``limit`` bytes (characters for a text stream
    without a byte buffer), read in chunks."""
    limit = _limit(limit)
    binary = getattr(stream, "buffer", None)
    if binary is None:  # a text stream (io.StringIO in tests)
        text = stream.read(limit + 1)
        if len(text) > limit:
            raise InputFileError(f"{label} is more than {limit} characters: at most {limit} "
                                 f"accepted")
        return text
    buf = bytearray()
    while len(buf) <= limit:
        chunk = binary.read(min(CHUNK_BYTES, limit + 1 - len(buf)))
        if not chunk:
            return _decode(bytes(buf), label)
        buf += chunk
    raise InputFileError(f"{label} is more than {limit} bytes: at most {limit} accepted")


def stream_lines(stream: IO[str], limit: int | None = None,
                 label: str = "line") -> Iterator[str]:
    """The lines of a text stream, each read with at most ``limit + 1`` characters in memory:
    a longer line (``< /dev/zero`` has no newline at all) raises :class:`InputFileError`
    naming ``label`` and its number."""
    limit = _limit(limit)
    n = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        n += 1
        if len(line) > limit:
            raise InputFileError(f"{label} {n} is more than {limit} characters without a "
                                 f"newline: at most {limit} accepted")
        yield line


# --- writing ----------------------------------------------------------------------------------
def current_umask() -> int:
    """The process's umask now.  Read from ``/proc/self/status`` (Linux: nothing changes);
    elsewhere ``os.umask`` is the only way to read it, by setting it, so it is set to
    :data:`UMASK_WHILE_READ` and put back at once: a file created by another thread in that
    instant is at worst private.  Read at every write, so a umask changed since the import
    (a test, a caller) counts."""
    try:
        with open(_PROC_STATUS, encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split(":", 1)[1].strip(), 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(UMASK_WHILE_READ)
    os.umask(mask)
    return mask


def _mode_for(target: Path) -> int:
    """The mode of the file written at ``target``: the mode of the regular file there now (a
    file replaced keeps it), else ``0666`` less the umask (a new file, as ``open`` makes it)."""
    try:
        st = os.lstat(target)
    except OSError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode):
        return stat.S_IMODE(st.st_mode)
    return NEW_FILE_MODE & ~current_umask()


def _temp_prefix(name: str) -> str:
    """``.NAME.`` with the name cut so that the temporary file's whole name (prefix, 8 random
    characters, :data:`TEMP_SUFFIX`) fits :data:`NAME_MAX` whatever the target's length."""
    return f".{name[:TEMP_NAME_CHARS]}."


def _check_place(path, label: str) -> tuple[Path, Path, str]:
    """Everything but the folder's write permission: returns (target, folder, subject)."""
    if path is None or str(path) == "":
        raise OutputFileError(f"{label}: the output path is empty")
    text = os.fspath(path)
    subject = f"{label} {shown(text)}"
    raw = os.fsencode(text)
    if b"\0" in raw:
        raise OutputFileError(f"{subject}: a path cannot contain a NUL character")
    if len(raw) > PATH_MAX_BYTES:
        raise OutputFileError(f"{subject}: the path is {len(raw)} bytes long, at most "
                              f"{PATH_MAX_BYTES} (PATH_MAX) are possible")
    target = Path(text)
    if text.endswith(os.sep) or target.name in ("", ".", ".."):
        raise OutputFileError(f"{subject} is a directory: give a file name")
    name_bytes = len(os.fsencode(target.name))
    if name_bytes > NAME_MAX:
        raise OutputFileError(f"{subject}: the file name is {name_bytes} bytes long, at most "
                              f"{NAME_MAX} (NAME_MAX) are possible")
    folder = target.parent if str(target.parent) else Path(".")
    where = shown(folder)
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        raise OutputFileError(f"{subject}: folder {where} does not exist") from None
    except NotADirectoryError:
        raise OutputFileError(f"{subject}: {where} is not a folder (a part of it is a file, "
                              f"not a folder)") from None
    except PermissionError:
        raise OutputFileError(f"{subject}: cannot enter folder {where} (permission denied)"
                              ) from None
    except OSError as exc:
        raise OutputFileError(f"{subject}: folder {where}: {_why(exc)}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise OutputFileError(f"{subject}: {where} is a file, not a folder")
    _check_target(target, subject)
    return target, folder, subject


def _check_target(target: Path, subject: str) -> None:
    """What is at ``target`` now must be nothing or a regular file (not a link to one)."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return
    except PermissionError:
        raise OutputFileError(f"{subject}: cannot enter its folder (permission denied)"
                              ) from None
    except OSError as exc:
        raise OutputFileError(f"{subject}: {_why(exc)}") from None
    mode = st.st_mode
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise OutputFileError(f"{subject} is a directory: give a file name")
    if stat.S_ISLNK(mode):
        raise OutputFileError(f"{subject} is a symbolic link: an output never replaces one "
                              f"(give the file it points to, or another name)")
    raise OutputFileError(f"{subject} is {_kind(mode)}, not a regular file: an output "
                          f"replaces only a regular file")


def _set_mode(fd: int, mode: int) -> None:
    """``fchmod``, where the file system keeps modes (a FAT stick does not: left as it is)."""
    try:
        os.fchmod(fd, mode)
    except OSError:
        pass


def _temp_file(target: Path, folder: Path, subject: str) -> tuple[int, str]:
    try:
        return tempfile.mkstemp(prefix=_temp_prefix(target.name), suffix=TEMP_SUFFIX,
                                dir=folder)
    except OSError as exc:
        raise OutputFileError(f"{subject}: cannot write in folder {shown(folder)} "
                              f"({_why(exc)})") from None


def check_output(path: str | os.PathLike, label: str = "output") -> Path:
    """Check, before any work, that :func:`write_atomic` can write ``path`` (the module's
    docstring); returns it as a :class:`~pathlib.Path`.  The folder's permission is tried for
    real: the temporary file the writer will need is created there and removed.  Nothing is
    created or changed at ``path`` itself.  :class:`OutputFileError` naming ``label``."""
    target, folder, subject = _check_place(path, label)
    fd, probe = _temp_file(target, folder, subject)
    os.close(fd)
    os.unlink(probe)
    return target


def write_atomic(path: str | os.PathLike, data: bytes | str, label: str = "output") -> None:
    """Write a whole file or nothing: a temporary file in the same folder, flushed to disk,
    then renamed over ``path`` (never over anything but a regular file).  Every refusal and
    failure (a missing folder, no permission, a full disk) is :class:`OutputFileError`
    naming ``label`` and the path, and leaves the old file as it was."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    target, folder, subject = _check_place(path, label)
    fd, tmp = _temp_file(target, folder, subject)
    try:
        _set_mode(fd, _mode_for(target))  # mkstemp's 0600 is not the user's
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        _check_target(target, subject)  # the last word, just before the rename
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OutputFileError):
            raise
        if isinstance(exc, OSError):
            raise OutputFileError(f"cannot write {subject}: {exc.strerror or exc}") from None
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Flush the rename to disk (best effort: not every system opens a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


APPEND = os.O_WRONLY | os.O_APPEND | os.O_CREAT


def open_append(path: str | os.PathLike, label: str = "output", flags: int = APPEND) -> int:
    """A descriptor on a regular file at ``path`` opened with ``flags`` (default
    ``O_WRONLY | O_APPEND | O_CREAT``: an append-only file; ``O_RDWR | O_CREAT`` for a lock),
    checked like :func:`check_output`: never a FIFO (the open would wait for a reader), a
    device or a symbolic link.  :class:`OutputFileError` naming ``label`` otherwise."""
    target, _folder, subject = _check_place(path, label)
    try:
        fd = os.open(target, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY
                     | os.O_CLOEXEC, NEW_FILE_MODE)  # less the umask (a new file only)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputFileError(f"{subject} is a symbolic link: an output never replaces "
                                  f"one (give the file it points to, or another name)") from None
        if exc.errno == errno.ENXIO:
            raise OutputFileError(f"{subject} is a FIFO (named pipe), not a regular file: an "
                                  f"output is only a regular file") from None
        raise OutputFileError(f"cannot write {subject}: {_why(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OutputFileError(f"{subject} is {_kind(st.st_mode)}, not a regular file: an "
                                  f"output is only a regular file")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


class Journal:
    """A file written as a journal: :func:`open_append`'s checks (a regular file or nothing,
    never a link, a FIFO or a device; the path's checks of :func:`check_output`), emptied
    when opened, then :meth:`append` adds one line at a time, whole (one ``write`` of the
    line and its ``\\n``, repeated for what a short write left), flushed to disk with
    ``os.fdatasync`` (``sync=False``: left to the system; a ``kill -9`` loses nothing written
    either way, a power cut may).  Refusals and failures are :class:`OutputFileError`
    naming ``label`` and the path."""

    def __init__(self, path: str | os.PathLike, label: str = "output", sync: bool = True):
        self.path = Path(os.fspath(path))
        self.label = label
        self.sync = sync
        self.lines = 0
        self._subject = f"{label} {shown(os.fspath(path))}"
        self._fd: int | None = open_append(path, label)
        try:
            os.ftruncate(self._fd, 0)
        except OSError as exc:
            os.close(self._fd)
            self._fd = None
            raise OutputFileError(f"cannot write {self._subject}: {_why(exc)}") from None

    def append(self, line: str) -> None:
        """Add ``line`` (no newline in it) and its ``\\n``, flushed."""
        if self._fd is None:
            raise OutputFileError(f"{self._subject}: the journal is closed")
        if "\n" in line:
            raise ValueError("a journal line holds no newline")
        data = memoryview((line + "\n").encode("utf-8"))
        try:
            while data:
                data = data[os.write(self._fd, data):]
            if self.sync:
                (getattr(os, "fdatasync", None) or os.fsync)(self._fd)
        except OSError as exc:
            raise OutputFileError(f"cannot write {self._subject}: {_why(exc)}") from None
        self.lines += 1

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["Journal", "InputFileError", "OutputFileError", "read_bytes", "read_text", "read_stream",
           "stream_lines", "check_output", "write_atomic", "open_append", "APPEND", "NAME_MAX",
           "PATH_MAX_BYTES", "current_umask", "NEW_FILE_MODE"]

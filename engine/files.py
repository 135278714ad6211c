"""Writing files safely: a whole file or nothing (game records are written this way)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, flushed to disk,
    then renamed over ``path``.  A missing folder raises FileNotFoundError naming it."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise FileNotFoundError(f"folder {str(parent)!r} for output {str(path)!r} does not "
                                f"exist")
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

"""Where Numba keeps the compiled kernels: a folder named by a digest of the sources.

Numba keys a kernel's disk cache by its own file's time stamp only.  A kernel whose callee in
another module changed (``sim.detmath``, a helper, a constant it imported) would load the old
machine code: another game from the same seed, silently.  So the cache lives in a folder named
by a digest of every source file of the packages that hold kernels (sim, engine, ai): any
change to them compiles afresh once (the first run's warm-up, about 20 s), and the old code is
never loaded.

The folder: ``$NUMBA_CACHE_DIR/<digest>`` when the user sets ``NUMBA_CACHE_DIR``, else
``$XDG_CACHE_HOME/russian-pyramid/numba/<digest>`` (``~/.cache/...``), which also keeps a
read-only installation clean.  Only the :data:`KEEP` newest digests are kept.  When no such
folder can be written, Numba's own choice (``__pycache__`` beside the sources) stands.

Imported by ``sim/__init__.py`` before any kernel is defined: Numba reads the folder when a
kernel is decorated.
"""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from numba.core import config

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
KERNEL_PACKAGES = ("sim", "engine", "ai")  # every package with compiled kernels or their callees
KEEP = 3  # digests kept side by side (other checkouts, the previous version)


def source_digest(root: Path = PACKAGE_ROOT, packages=KERNEL_PACKAGES) -> str:
    """sha256 over the paths and contents of the packages' .py files, in sorted order."""
    h = hashlib.sha256()
    for pkg in packages:
        for f in sorted((root / pkg).rglob("*.py")):
            h.update(f.relative_to(root).as_posix().encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def cache_root() -> Path:
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        return Path(user)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "russian-pyramid" / "numba"


def _prune(root: Path, current: Path) -> None:
    """Remove the digests beyond the :data:`KEEP` most recently used (ours is in use)."""
    try:
        folders = [p for p in root.iterdir() if p.is_dir() and len(p.name) == 16 and p != current]
        folders.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in folders[KEEP - 1:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


def configure() -> Path | None:
    """Point Numba's cache at this source's folder; returns it, or None if it could not be
    made (Numba then caches beside the sources, as it does by default)."""
    root = cache_root()
    folder = root / source_digest()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)
        if not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    config.CACHE_DIR = str(folder)
    if not os.environ.get("NUMBA_CACHE_DIR"):
        _prune(root, folder)
    return folder


CACHE_FOLDER = configure()

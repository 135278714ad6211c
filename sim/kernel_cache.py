"""Where Numba keeps the compiled kernels: a folder named by a digest of the sources.

Numba keys a kernel's disk cache by its own file's time stamp only.  A kernel whose callee in
another module changed (``sim.detmath``, a helper, a constant it imported) would load the old
machine code: another game from the same seed, silently.  So the cache lives in a folder named
by a digest of the source files compiled code is made from (:func:`kernel_sources`: the
modules that define kernels and what they import from sim, engine and ai): a change to any of
them compiles afresh once (the first run's warm-up, about 20 s), and old code is never loaded;
a change elsewhere (the command line, the search in Python) keeps the cache.

The folder: ``$NUMBA_CACHE_DIR/<digest>`` when the user sets ``NUMBA_CACHE_DIR``, else
``$XDG_CACHE_HOME/russian-pyramid/numba/<digest>`` (``~/.cache/...``), which also keeps a
read-only installation clean.  Only the :data:`KEEP` newest digests are kept.  When no such
folder can be written, Numba's own choice (``__pycache__`` beside the sources) stands.

Finding the kernel sources parses them (about a quarter of a second), which every process
would pay at import.  So the digest is remembered in the cache root's :data:`MEMO_NAME`, keyed
by :func:`tree_digest` -- a sha256 over every source file of the packages, read whole (a few
milliseconds): any change to any of those files misses the memo and the digest is computed
afresh, so a remembered digest is never one of other sources.

Imported by ``sim/__init__.py`` before any kernel is defined: Numba reads the folder when a
kernel is decorated.
"""
from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

from numba.core import config

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
KERNEL_PACKAGES = ("sim", "engine", "ai")  # every package with compiled kernels or their callees
KEEP = 3  # digests kept side by side (other checkouts, the previous version)
IN_USE_S = 24 * 3600.0  # a digest used (a process started on it) this recently is never pruned:
#                         its process may still be compiling into it (seen: six checkouts'
#                         tests at once lost their kernels to each other's pruning)
# a module that defines compiled kernels names one of these
KERNEL_MARK = re.compile(r"\bnjit\b|^@kernel\b", re.M)
MEMO_NAME = "digests.json"  # in the cache root: {tree digest: kernel digest}
MEMO_KEEP = 32  # entries remembered (checkouts and versions in use)


def _module_file(root: Path, dotted: str) -> list[Path]:
    """The files a dotted module name may be: a module or a package's __init__."""
    base = root.joinpath(*dotted.split("."))
    return [f for f in (base.with_suffix(".py"), base / "__init__.py") if f.is_file()]


def _imported_files(root: Path, f: Path, packages) -> set[Path]:
    """The project's files that ``f`` imports (absolute or relative; ``from a import b`` also
    names the submodule a/b.py when there is one)."""
    out: set[Path] = set()
    package = ".".join(f.relative_to(root).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] in packages:
                out.update(_module_file(root, name))
    return out


def kernel_sources(root: Path = PACKAGE_ROOT, packages=KERNEL_PACKAGES) -> list[Path]:
    """The files compiled code is made from: every module that defines kernels (it names
    ``njit`` or the simulator's ``@kernel``) and everything it imports from the project,
    transitively (callees, and the constants Numba freezes into the machine code)."""
    todo = [f for pkg in packages for f in sorted((root / pkg).rglob("*.py"))
            if KERNEL_MARK.search(f.read_text(encoding="utf-8"))]
    seen: set[Path] = set()
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo.extend(_imported_files(root, f, packages) - seen)
    return sorted(seen)


def source_digest(root: Path = PACKAGE_ROOT, packages=KERNEL_PACKAGES) -> str:
    """sha256 over the paths and contents of :func:`kernel_sources`, in sorted order."""
    h = hashlib.sha256()
    for f in kernel_sources(root, packages):
        h.update(f.relative_to(root).as_posix().encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def tree_digest(root: Path = PACKAGE_ROOT, packages=KERNEL_PACKAGES) -> str:
    """sha256 over the paths and contents of every ``.py`` file of ``packages``: what the
    kernel digest is a function of (it reads a subset of these files), cheap to compute."""
    h = hashlib.sha256()
    for pkg in packages:
        for f in sorted((root / pkg).rglob("*.py")):
            h.update(f.relative_to(root).as_posix().encode())
            h.update(b"\0")
            h.update(f.read_bytes())
            h.update(b"\0")
    return h.hexdigest()


def remembered_digest(memo: Path, root: Path = PACKAGE_ROOT, packages=KERNEL_PACKAGES) -> str:
    """:func:`source_digest`, looked up in the memo file ``memo`` by :func:`tree_digest` and
    written there when missing (atomically; a memo that cannot be read or written is only a
    slower start)."""
    key = tree_digest(root, packages)
    try:
        table = json.loads(memo.read_text(encoding="utf-8"))
        if not isinstance(table, dict):
            table = {}
    except (OSError, ValueError):
        table = {}
    digest = table.get(key)
    if isinstance(digest, str) and len(digest) == 16:
        return digest
    digest = source_digest(root, packages)
    table = dict(list(table.items())[-(MEMO_KEEP - 1):])
    table[key] = digest
    try:
        memo.parent.mkdir(parents=True, exist_ok=True)
        tmp = memo.with_name(f"{memo.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(table), encoding="utf-8")
        os.replace(tmp, memo)
    except OSError:
        pass
    return digest


def cache_root() -> Path:
    user = os.environ.get("NUMBA_CACHE_DIR")
    if user:
        return Path(user)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "russian-pyramid" / "numba"


def _prune(root: Path, current: Path, now: float | None = None) -> None:
    """Remove the digests beyond the :data:`KEEP` most recently used (ours is in use), but
    none used within :data:`IN_USE_S`: another version may be running now (a board left on,
    another checkout's tests) and would lose the folder it is writing its kernels into."""
    now = time.time() if now is None else now
    try:
        folders = [p for p in root.iterdir() if p.is_dir() and len(p.name) == 16 and p != current]
        folders.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        for old in folders[KEEP - 1:]:
            if now - old.stat().st_mtime > IN_USE_S:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


def configure() -> Path | None:
    """Point Numba's cache at this source's folder; returns it, or None if it could not be
    made (Numba then caches beside the sources, as it does by default)."""
    root = cache_root()
    folder = root / remembered_digest(root / MEMO_NAME)
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

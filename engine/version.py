"""This program's version and the commit it was made from: the one source of both.

:data:`VERSION` is the release, written here once: ``pyproject.toml`` reads it
(``[tool.setuptools.dynamic]``), and so do ``pyramid --version``, every record's header
(``software_version`` and ``provenance``) and the board's ``/api/health``.  It is raised with
each release; between releases the commit tells one build from another.

:func:`commit` is the git commit of the code running: read from the checkout's ``.git`` files
when run from a checkout (``make venv`` installs in place), else from :data:`BUILD_FILE`, which
the build writes into the wheel and the sdist (``.ci/build_backend.py``: setuptools' backend,
plus this file); None when neither says (a wheel built from a tree that was no checkout).

Standard library only, no import of this package: the build backend loads this file by its
path, before anything is installed.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

VERSION = "0.2.0"  # the release (PEP 440); raise it with each release
DISTRIBUTION = "russian-pyramid"  # the name pip knows (the command is `pyramid`)
ROOT = Path(__file__).resolve().parents[1]  # the checkout, when run from one
BUILD_FILE = Path(__file__).resolve().with_name("build.json")  # {"commit": "<40 hex>"}
UNKNOWN = "unknown"  # what --version says of a commit nobody recorded
COMMIT_RE = re.compile(r"[0-9a-f]{40}")
MAX_BUILD_FILE_BYTES = 4096  # the file holds one commit; a larger one is not the build's


def git_commit(root: Path = ROOT) -> str | None:
    """The commit checked out at ``root``, read from its ``.git`` files (no ``git`` process):
    HEAD, the ref it names (loose or packed), a worktree's ``gitdir`` and ``commondir``.
    None when ``root`` is not a checkout (an installed package) or anything is unreadable."""
    try:
        git = root / ".git"
        if git.is_file():  # a worktree or submodule: "gitdir: PATH"
            text = git.read_text(encoding="utf-8").strip()
            if not text.startswith("gitdir:"):
                return None
            git = (root / text[len("gitdir:"):].strip()).resolve()
        if not git.is_dir():
            return None
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref:"):
            return head if COMMIT_RE.fullmatch(head) else None
        ref = head[len("ref:"):].strip()
        common = git
        if (git / "commondir").is_file():
            common = (git / (git / "commondir").read_text(encoding="utf-8").strip()).resolve()
        for base in (git, common):
            loose = base / ref
            if loose.is_file():
                sha = loose.read_text(encoding="utf-8").strip()
                return sha if COMMIT_RE.fullmatch(sha) else None
        packed = common / "packed-refs"
        if packed.is_file():
            for line in packed.read_text(encoding="utf-8").splitlines():
                sha, _, name = line.partition(" ")
                if name.strip() == ref and COMMIT_RE.fullmatch(sha):
                    return sha
    except (OSError, UnicodeDecodeError):
        return None
    return None


def build_commit(path: Path = BUILD_FILE) -> str | None:
    """The commit the build recorded in ``path``; None when there is no such file or it does
    not hold one commit (40 hex digits)."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BUILD_FILE_BYTES + 1)
        doc = json.loads(data) if len(data) <= MAX_BUILD_FILE_BYTES else None
    except (OSError, ValueError):
        return None
    sha = doc.get("commit") if isinstance(doc, dict) else None
    return sha if isinstance(sha, str) and COMMIT_RE.fullmatch(sha) else None


def write_build_file(commit: str, path: Path = BUILD_FILE) -> None:
    """Record ``commit`` for the build (the build backend calls this before setuptools copies
    the package's data); a malformed commit is refused."""
    if not COMMIT_RE.fullmatch(commit):
        raise ValueError(f"not a git commit (40 hex digits): {commit[:60]!r}")
    path.write_text(json.dumps({"commit": commit}) + "\n", encoding="utf-8")


def commit(root: Path = ROOT, build_file: Path = BUILD_FILE) -> str | None:
    """The commit of the code running: the checkout's at ``root`` when run from one, else the
    build's (:data:`BUILD_FILE`), else None."""
    return git_commit(root) or build_commit(build_file)


def version_line(prog: str = "pyramid") -> str:
    """What ``pyramid --version`` prints: ``pyramid (russian-pyramid) 0.2.0, commit <40 hex>``
    (``commit unknown`` when none is known)."""
    return f"{prog} ({DISTRIBUTION}) {VERSION}, commit {commit() or UNKNOWN}"

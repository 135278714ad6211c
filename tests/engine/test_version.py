"""engine.version: the one source of the version and the commit (issue 52 item 2) -- the commit
from a checkout, else from the file the build writes, else unknown; pyproject.toml, records, the
board and ``pyramid --version`` all read the same."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ai.games.records import SOFTWARE_VERSION
from engine import initial_state, make_header
from engine.provenance import current
from engine.version import (BUILD_FILE, MAX_BUILD_FILE_BYTES, VERSION, build_commit, commit,
                            git_commit, version_line, write_build_file)

ROOT = Path(__file__).resolve().parents[2]
SHA = "0123456789abcdef0123456789abcdef01234567"
OTHER_SHA = "fedcba9876543210fedcba9876543210fedcba98"


def _checkout(root: Path, sha: str) -> Path:
    git = root / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (git / "refs" / "heads" / "main").write_text(sha + "\n")
    return root


def test_the_build_file_round_trips_and_anything_else_reads_as_no_commit(tmp_path):
    f = tmp_path / "build.json"
    assert build_commit(f) is None  # no file: a tree that was no checkout
    write_build_file(SHA, f)
    assert json.loads(f.read_text()) == {"commit": SHA}
    assert build_commit(f) == SHA
    for text in ("", "{", '["x"]', '{"commit": 7}', '{"commit": "abc"}',
                 json.dumps({"commit": SHA.upper()}),
                 json.dumps({"commit": SHA, "pad": "x" * MAX_BUILD_FILE_BYTES})):
        f.write_text(text)
        assert build_commit(f) is None, text
    with pytest.raises(ValueError, match="not a git commit"):
        write_build_file("HEAD", f)


def test_the_commit_is_the_checkouts_else_the_builds_else_none(tmp_path):
    build = tmp_path / "build.json"
    installed = tmp_path / "site-packages"
    installed.mkdir()
    assert commit(installed, build) is None  # an installed wheel built from no checkout
    write_build_file(OTHER_SHA, build)
    assert commit(installed, build) == OTHER_SHA  # an installed wheel: the build's
    checkout = _checkout(tmp_path / "checkout", SHA)
    assert commit(checkout, build) == SHA  # a checkout: its own, as it runs (make venv)


def test_this_process_names_the_version_and_commit_everywhere():
    # run from this checkout (make venv installs it in place): the checkout's commit
    assert commit() == git_commit(ROOT) or (git_commit(ROOT) is None
                                           and commit() == build_commit(BUILD_FILE))
    line = version_line()
    assert line == f"pyramid (russian-pyramid) {VERSION}, commit {commit() or 'unknown'}"
    # records: the header's release and its provenance carry the same version and commit
    header = make_header(initial_state(), ["a", "b"])
    assert header["software_version"] == VERSION == SOFTWARE_VERSION
    assert header["provenance"]["versions"]["russian-pyramid"] == VERSION
    assert header["provenance"].get("commit") == commit() == current().commit


def test_version_line_says_unknown_without_a_commit(monkeypatch):
    monkeypatch.setattr("engine.version.commit", lambda: None)
    assert version_line() == f"pyramid (russian-pyramid) {VERSION}, commit unknown"


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11's")
def test_pyproject_reads_the_version_from_engine_version():
    import tomllib
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in doc["project"] and "version" in doc["project"]["dynamic"]
    assert doc["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "engine.version.VERSION"}
    # the build backend writes the commit file the wheel carries as package data
    assert doc["build-system"]["build-backend"] == "build_backend"
    assert (ROOT / ".ci" / "build_backend.py").is_file()
    assert "*.json" in doc["tool"]["setuptools"]["package-data"]["*"]
    assert BUILD_FILE.parent == ROOT / "engine" and BUILD_FILE.suffix == ".json"

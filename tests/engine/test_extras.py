"""engine.extras (issue 52 item 4): the table of extras is pyproject.toml's, it knows every
optional package the code imports, and a missing one is said with the extra and the command
that installs it."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from engine import extras
from engine.errors import EngineError
from engine.extras import ALL, EXTRAS, MissingExtra, available, install_command, missing, require

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("sim", "engine", "ai", "russian_pyramid")
# what the core installs (pyproject.toml's dependencies), as import names; llvmlite comes with
# numba and is imported by it
CORE = {"numpy", "numba", "joblib"}


def _third_party_imports() -> dict[str, set[str]]:
    """Top-level module -> the files that import it, for every import of the packages that is
    neither the standard library nor the project's own."""
    out: dict[str, set[str]] = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    names = [node.module or ""]
                else:
                    continue
                for name in names:
                    root = name.split(".")[0]
                    if root not in sys.stdlib_module_names and root not in PACKAGES:
                        out.setdefault(root, set()).add(path.relative_to(ROOT).as_posix())
    return out


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11's")
def test_the_table_names_the_extras_of_pyproject():
    import tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["optional-dependencies"]
    assert set(declared) - {"dev", ALL} == set(EXTRAS)
    in_all = [name for name, extra in EXTRAS.items() if extra.in_all]
    assert declared[ALL] == [f"russian-pyramid[{','.join(in_all)}]"]
    assert in_all == [name for name in EXTRAS if name != "learn-rl"]  # torch: not in CI
    core = {req.split(">")[0].split("=")[0].split("[")[0] for req in project["dependencies"]}
    assert core == CORE  # numpy, numba, joblib: nothing else in the core


def test_every_optional_import_belongs_to_an_extra():
    provided = {m for e in EXTRAS.values() for m in e.modules}
    imported = _third_party_imports()
    assert imported, "the scan found no imports"
    unknown = {m: sorted(files) for m, files in imported.items() if m not in CORE | provided}
    assert not unknown, f"optional imports no extra provides: {unknown}"
    assert {"cv2", "matplotlib", "starlette", "uvicorn", "segno"} <= set(imported)


def test_a_missing_extra_names_itself_the_modules_and_the_command(monkeypatch):
    monkeypatch.setitem(EXTRAS, "board", extras.Extra("board", ("json", "no_such_module_52"),
                                                      "a test"))
    assert missing("board") == ("no_such_module_52",) and not available("board")
    with pytest.raises(MissingExtra) as caught:
        require("board", "pyramid board")
    err = caught.value
    assert isinstance(err, EngineError)  # the command line's exit status 2, no traceback
    assert err.extra == "board" and err.absent == ("no_such_module_52",)
    assert str(err) == ("pyramid board needs the [board] extra, which is not installed (no "
                        f"no_such_module_52); install it with: {install_command('board')}")
    require("plots", "--png")  # installed here (make venv installs [all]): nothing raised
    assert available("plots") and missing("plots") == ()


def test_the_install_command_fits_a_checkout_or_an_installed_wheel(monkeypatch, tmp_path):
    python = sys.executable
    # this checkout (make venv installs it in place): pip install -e from its root
    assert install_command("board") == f"{python} -m pip install -e '{ROOT}[board]'"
    # an installed wheel (site-packages: no checkout, no pyproject.toml): by the name, which
    # pip resolves against the installed distribution's metadata
    monkeypatch.setattr(extras, "ROOT", tmp_path)
    assert install_command("board") == f"{python} -m pip install 'russian-pyramid[board]'"

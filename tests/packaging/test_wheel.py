"""The built wheel and sdist, installed (issue 52 items 1-5): ``python -m build`` makes the
sdist and, from it, the wheel; the wheel goes into a fresh virtualenv with its core only (no
extra) beside Pylons' web framework ``pyramid`` (whose import package is ``pyramid``), and
from an empty folder the command plays, suggests, scores, simulates and analyzes, says which
extra ``pyramid board`` and ``--png`` need, and prints its version and commit; no file
belongs to both distributions; Pylons' ``pyramid`` is uninstalled and the command runs again.

Slow (a wheel, a virtualenv, numpy and numba from PyPI, the kernels compiled afresh in a
private Numba cache): about 2 minutes on 2 cores; CI runs it (``make test``).  The versions
are the pins' (``.ci/constraints.txt``); Pylons' at :data:`PYLONS`.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from engine.version import VERSION, git_commit
from russian_pyramid.examples import EXAMPLES

from ..test_docs_examples import command_lines

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
PINS = ROOT / ".ci" / "constraints.txt"
PYLONS = "pyramid==2.1"  # Pylons' web framework: the distribution and import package `pyramid`
OPTIONAL = ("matplotlib", "cv2", "starlette", "uvicorn", "segno", "pymunk", "dask", "gymnasium",
            "pettingzoo", "sklearn")
CORE_MAX_MB = 400  # the core's site-packages (numpy, numba, llvmlite, joblib, this program)
STROKES = "4"  # `pyramid play --seed 1 --quiet`, cut to a few strokes: the game is the README's
COMMIT = git_commit(ROOT)


def _run(args, timeout=600, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, **kw)


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("dist")
    r = _run([sys.executable, "-m", "build", "--outdir", out, ROOT], cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    wheel, = out.glob(f"russian_pyramid-{VERSION}-py3-none-any.whl")
    sdist, = out.glob(f"russian_pyramid-{VERSION}.tar.gz")
    return {"wheel": wheel, "sdist": sdist}


class Venv:
    """A fresh virtualenv (no pip of its own: this interpreter's pip installs into it), its
    commands run from an empty folder with a private Numba cache and no PYTHONPATH."""

    def __init__(self, root: Path) -> None:
        self.root, self.python = root, root / "bin" / "python"
        self.empty = root.parent / "empty"
        self.empty.mkdir()
        assert _run([sys.executable, "-m", "venv", "--without-pip", root]).returncode == 0
        self.env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        self.env["NUMBA_CACHE_DIR"] = str(root.parent / "numba-cache")

    def pip(self, *args) -> subprocess.CompletedProcess:
        r = _run([sys.executable, "-m", "pip", "--python", self.python, *args], timeout=900)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        return r

    def pyramid(self, *args, timeout=600) -> subprocess.CompletedProcess:
        return _run([self.root / "bin" / "pyramid", *args], cwd=self.empty, env=self.env,
                    timeout=timeout)

    def python_c(self, code: str, *args) -> subprocess.CompletedProcess:
        return _run([self.python, "-c", code, *args], cwd=self.empty, env=self.env)

    def site_packages(self) -> Path:
        site, = (self.root / "lib").glob("python3*/site-packages")
        return site

    def record(self, dist_info_glob: str) -> set[str]:
        """The paths a distribution's RECORD lists, relative to site-packages."""
        info, = self.site_packages().glob(dist_info_glob)
        lines = (info / "RECORD").read_text(encoding="utf-8").splitlines()
        return {os.path.normpath(line.rsplit(",", 2)[0]) for line in lines if line}


@pytest.fixture(scope="module")
def venv(tmp_path_factory, dist) -> Venv:
    v = Venv(tmp_path_factory.mktemp("wheel") / "venv")
    v.pip("install", "--quiet", "-c", PINS, dist["wheel"], PYLONS)
    return v


def _ok(r: subprocess.CompletedProcess, *shown: str) -> str:
    assert r.returncode == 0, (r.args, r.stdout[-2000:], r.stderr[-3000:])
    assert "Traceback" not in r.stderr
    for s in shown:
        assert s in r.stdout, (s, r.stdout[-2000:])
    return r.stdout


def test_the_sdist_carries_the_docs_examples_tests_and_pins(dist):
    with tarfile.open(dist["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        member = f"russian_pyramid-{VERSION}/engine/build.json"
        built = json.loads(tar.extractfile(member).read()) if member in tar.getnames() else None
    assert {"LICENSE", "README.md", "MANIFEST.in", "Makefile", "pyproject.toml",
            ".ci/constraints.txt", ".ci/build_backend.py", "docs/USAGE.md", "docs/board.png",
            "examples/learn_cem.py", "examples/README.md", "tests/test_layers.py",
            "tests/ai/golden_data/suggest-open-seed5.json", "benchmarks/sim_bench.py",
            "ai/README.md"} <= names
    assert {f"russian_pyramid/examples/{e.file}" for e in EXAMPLES.values()} <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    if COMMIT is not None:
        assert built == {"commit": COMMIT}
    # the package's description (README.md): every link is absolute or a file the sdist ships
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", readme) + re.findall(r'<img src="([^"]+)"', readme)
    relative = {t.split("#")[0] for t in targets if not re.match(r"[a-z]+:|#", t)}
    assert relative - names == set(), "README links to files the sdist does not ship"


def test_the_wheel_carries_the_licence_the_metadata_the_examples_and_the_commit(dist):
    with zipfile.ZipFile(dist["wheel"]) as whl:
        names = set(whl.namelist())
        info = f"russian_pyramid-{VERSION}.dist-info"
        metadata = whl.read(f"{info}/METADATA").decode()
        built = json.loads(whl.read("engine/build.json")) if "engine/build.json" in names \
            else None
    assert f"{info}/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert "Author: Small Russian Pyramid maintainers" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Simulation" in metadata
    requires = re.findall(r"^Requires-Dist: ([^;\n]+)$", metadata, re.M)  # the core's
    assert sorted(r.split(">")[0] for r in requires) == ["joblib", "numba", "numpy"]
    assert "Provides-Extra: board" in metadata and "Provides-Extra: all" in metadata
    assert {f"russian_pyramid/examples/{e.file}" for e in EXAMPLES.values()} <= names
    assert built == ({"commit": COMMIT} if COMMIT else built)
    assert not [n for n in names if n.split("/")[0] in ("tests", "docs", "benchmarks")]


def test_beside_pylons_pyramid_no_file_is_shared_and_both_import(venv):
    ours = venv.record("russian_pyramid-*.dist-info")
    pylons = venv.record("pyramid-*.dist-info")
    assert ours and pylons and not ours & pylons
    tops = {p.split(os.sep)[0] for p in ours if not p.startswith("..")}
    assert "pyramid" not in tops and "russian_pyramid" in tops
    # what `pip show -v` tells a user (the pip `make venv` upgrades to shows License-Expression)
    shown = venv.pip("show", "-v", "russian-pyramid").stdout
    assert "License-Expression: MIT" in shown and "Topic :: Games/Entertainment" in shown
    r = venv.python_c("import pyramid.config, russian_pyramid.cli; print(pyramid.__file__)")
    assert "site-packages/pyramid/__init__.py" in _ok(r)
    # the core alone: no extra came with it
    r = venv.python_c("import importlib.util, sys; print([m for m in sys.argv[1:] "
                      "if importlib.util.find_spec(m)])", *OPTIONAL)
    assert _ok(r).strip() == "[]"
    size_mb = sum(f.stat().st_size for f in venv.site_packages().rglob("*") if f.is_file()) / 1e6
    assert size_mb < CORE_MAX_MB, f"the core's site-packages: {size_mb:.0f} MB"


def test_the_core_plays_suggests_scores_and_analyzes_from_an_empty_folder(venv):
    out = _ok(venv.pyramid("--version"))
    assert out == f"pyramid (russian-pyramid) {VERSION}, commit {COMMIT or 'unknown'}\n"
    _ok(venv.pyramid("--help"), "suggest", "board")
    _ok(venv.pyramid("play", "--seed", "1", "--quiet", "--max-strokes", STROKES,
                     "--record", "game.jsonl"))
    header = json.loads((venv.empty / "game.jsonl").read_text().splitlines()[0])
    assert header["software_version"] == VERSION
    assert header["provenance"]["versions"]["russian-pyramid"] == VERSION
    assert header["provenance"].get("commit") == COMMIT  # the build's, from the wheel
    _ok(venv.pyramid("suggest", "--example", "open", "--top", "1", "--budget", "40"), "1. ")
    _ok(venv.pyramid("score", "--example", "pot"), "scores:")
    _ok(venv.pyramid("simulate", "--example", "cut"), "pocketed")
    _ok(venv.pyramid("analyze", "game.jsonl", "--samples", "4", "--top", "2", "--jobs", "1"),
        "mean loss")
    _ok(venv.pyramid("analyze", "--example", "session"))
    _ok(venv.python_c("from russian_pyramid.examples.__main__ import main; main(['open'])"),
        '"balls"')
    assert sorted(p.name for p in venv.empty.iterdir()) == ["game.jsonl"]


@pytest.mark.parametrize("args, extra", [
    (["board", "--no-browser", "--port", "0"], "board"),
    (["simulate", "--example", "cut", "--png", "cut.png"], "plots"),
    (["photo", "table.jpg"], "photo"),
])
def test_what_needs_an_extra_says_how_to_install_it_from_the_wheel(venv, args, extra):
    r = venv.pyramid(*args)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-3000:]
    assert f"needs the [{extra}] extra" in r.stderr
    assert f"{venv.python} -m pip install 'russian-pyramid[{extra}]'" in r.stderr


# README.md's commands as they run in the installed wheel: the game cut to a few strokes (the
# README's own is a minute of the searching agents); nothing else is changed
README_REWRITES = {"--seed 1 --quiet": f"--seed 1 --quiet --max-strokes {STROKES}"}


def test_every_readme_command_runs_in_the_installed_wheel(venv):
    """Every ``pyramid`` line of README.md's code blocks runs in the installed core, from an
    empty folder, as written (``make`` targets excepted: they build a checkout's .venv); the
    game is cut to a few strokes (:data:`README_REWRITES`)."""
    lines = [command for doc, command in command_lines()
             if doc == "README.md" and command.startswith("pyramid ")]
    assert len(lines) >= 5, lines
    for command in lines:
        for old, new in README_REWRITES.items():
            command = command.replace(old, new)
        words = shlex.split(command, comments=True)
        _ok(venv.pyramid(*words[1:]))


def test_without_pylons_pyramid_the_command_still_runs(venv):
    ours = venv.record("russian_pyramid-*.dist-info")
    venv.pip("uninstall", "--yes", "pyramid")
    r = venv.python_c("import pyramid")
    assert r.returncode == 1 and "No module named 'pyramid'" in r.stderr
    missing = [p for p in ours if not (venv.site_packages() / p).exists()
               and not p.endswith(".pyc")]
    assert not missing, f"uninstalling Pylons' pyramid took our files: {missing[:5]}"
    _ok(venv.pyramid("--help"), "suggest")
    _ok(venv.pyramid("--version"), VERSION)
    _ok(venv.pyramid("play", "--seed", "1", "--quiet", "--max-strokes", STROKES))

"""Every benchmark walks its whole path in a tiny form (issue 51): ``python -m
benchmarks.<name> --smoke`` (benchmarks/smoke.py) for every module found in benchmarks/ -- a
new one without the flag fails here -- exits 0, prints its report and writes nothing into the
repository.  The numbers are not checked: a benchmark's own tests check what it computes."""
from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ..cli.clihelp import env
from ..untouched import ROOT, repository_state

BENCHMARKS = ROOT / "benchmarks"
LIBRARIES = {  # modules of benchmarks/ that are no benchmark (nothing to run): what they are
    "smoke": "what every benchmark's --smoke shares",
    "photo_scene_independent": "the scene text of photo_set_independent",
    "pooltool_model": "our table, balls and cue in pooltool, for pooltool_transfer",
    "value_variants": "agents that `pyramid tournament --agents FILE:NAME` loads",
    "oracle_set": "the set oracle_loss scores: its making, journal and files",
}
PHOTOS = ROOT / "tests" / "russian_pyramid" / "photo_data"
INPUTS = {  # what a smoke run is given on its command line, and why
    "photo_report": [str(PHOTOS)],  # a rendered set: the tests' renders (it reads the first)
    "photo_degrade": [str(PHOTOS)],  # the same
    "photo_partial": [str(PHOTOS)],  # the same, each turned until it runs out of the photo
}
POVRAY = "renders with POV-Ray, not installed here (Debian: apt-get install povray)"
NEEDS = {  # the only benchmarks skipped, where what they measure with is not installed: why
    "photo_set": (lambda: shutil.which("povray"), POVRAY),
    "photo_set_independent": (lambda: shutil.which("povray"), POVRAY),
    "pooltool_transfer": (lambda: importlib.util.find_spec("pooltool"),
                          "compares with pooltool, kept out of the project's environment "
                          "(the module's docstring)"),
}
TIMEOUT_S = 300  # a hung benchmark fails; a smoke run takes seconds


def benchmarks() -> list[str]:
    return sorted(p.stem for p in BENCHMARKS.glob("*.py")
                  if p.stem != "__init__" and p.stem not in LIBRARIES)


def test_the_libraries_are_there_and_run_nothing():
    for name in LIBRARIES:
        text = (BENCHMARKS / f"{name}.py").read_text(encoding="utf-8")
        assert not re.search(r"__name__\s*==\s*.__main__.", text), name
    assert len(benchmarks()) >= 20


@pytest.mark.parametrize("name", benchmarks())
def test_every_benchmark_runs_its_smoke_form(name, tmp_path):
    have, why = NEEDS.get(name, (lambda: True, ""))
    if not have():
        pytest.skip(why)
    before = repository_state()
    # its temporary files in a folder of their own, to see them removed; a short path, as
    # Chromium's profile (board_latency) keeps a socket in it (at most 107 bytes)
    scratch = Path(tempfile.mkdtemp(prefix="smoke-"))
    try:
        r = subprocess.run([sys.executable, "-m", f"benchmarks.{name}", "--smoke",
                            *INPUTS.get(name, [])], cwd=tmp_path, capture_output=True,
                           text=True, env={**env(), "TMPDIR": str(scratch)}, timeout=TIMEOUT_S)
        left = sorted(p.name for p in scratch.iterdir())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert r.returncode == 0, (name, r.stdout[-2000:], r.stderr[-3000:])
    assert r.stdout.strip(), name  # its report
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    assert repository_state() == before, name
    assert not [n for n in left if n.startswith("bench-smoke-")], left  # its scratch removed

"""The core without its extras (issue 52 item 4), in this environment: every optional package
(engine.extras.EXTRAS) is hidden from a process by an import hook, as in an installation of
the core alone.  ``--help`` and the core's commands run; a command or flag that needs an extra
exits 2 naming the extra and how to install it, without a traceback, and before its work (no
file written).  The same on a real core installation from the built wheel:
tests/packaging/test_wheel.py.

One process runs every case (``main(argv)`` in turn, each in a folder of its own): a process
costs the command line's import, about 4 s of CPU."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.extras import EXTRAS

from .clihelp import ROOT, env

HIDDEN = sorted({m for e in EXTRAS.values() for m in e.modules})
# the optional packages unimportable (ModuleNotFoundError, as when they are not installed;
# importlib.util.find_spec finds none either); then each case's argv, in its folder, with its
# exit status and stdout/stderr
RUNNER = f"""
import contextlib, importlib.abc, io, json, os, sys
HIDDEN = {HIDDEN!r}
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in HIDDEN:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Hidden())
from russian_pyramid.cli import main
results = []
for folder, argv in json.loads(sys.stdin.read()):
    os.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except BaseException as exc:  # a traceback would reach the user: kept for the test
            import traceback
            traceback.print_exc(file=err)
            code = "raised"
    results.append([code, out.getvalue(), err.getvalue()])
try:
    import matplotlib
except ModuleNotFoundError:
    hidden = True
else:
    hidden = False
print(json.dumps({{"results": results, "hidden": hidden}}))
"""
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
CORE = {  # argv -> what stdout shows (the commands that play: tests/packaging/test_wheel.py)
    ("--help",): "board",
    ("--version",): "russian-pyramid",
    ("score", str(EXAMPLES / "score_pot.json"), "--json"): '"adjudication"',
}
NEEDS = [  # argv, the extra, what the message starts with
    (["board", "--no-browser", "--port", "0"], "board", "pyramid board needs"),
    (["photo", "no-such-photo.jpg"], "photo", "pyramid photo needs"),
    (["simulate", EXAMPLES / "cut.json", "--png", "cut.png"], "plots", "--png needs"),
    (["suggest", EXAMPLES / "suggest_open.json", "--png", "s.png"], "plots", "--png needs"),
    (["play", "--png-dir", "pictures", "--max-strokes", "1"], "plots", "--png-dir needs"),
    (["analyze", EXAMPLES / "session_game.jsonl", "--png", "a.png"], "plots", "--png needs"),
    (["tournament", "--agents", "greedy", "random", "--games", "2", "--plot", "t.png"], "plots",
     "--plot needs"),
    (["tournament", "--agents", "greedy", "random", "--games", "2", "--backend", "dask",
      "--scheduler", "tcp://127.0.0.1:1"], "cluster", "--backend dask needs"),
]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """{case number: (folder, exit status, stdout, stderr)}, core cases first."""
    cases = [list(argv) for argv in CORE] + [[str(a) for a in argv] for argv, _, _ in NEEDS]
    folders = [tmp_path_factory.mktemp(f"case{k}") for k in range(len(cases))]
    r = subprocess.run([sys.executable, "-c", RUNNER], capture_output=True, text=True,
                       input=json.dumps([[str(f), argv] for f, argv in zip(folders, cases)]),
                       cwd=ROOT, env=env(), timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    doc = json.loads(r.stdout.splitlines()[-1])
    assert doc["hidden"], "the import hook did not hide matplotlib"
    return [(folder, *result) for folder, result in zip(folders, doc["results"])]


def test_help_and_the_core_commands_run_without_any_extra(runs):
    for (argv, shown), (_, code, out, err) in zip(CORE.items(), runs):
        assert code == 0 and shown in out, (argv, code, err[-2000:])


@pytest.mark.parametrize("k", range(len(NEEDS)))
def test_what_needs_an_extra_says_which_and_how_before_its_work(runs, k):
    argv, extra, what = NEEDS[k]
    folder, code, out, err = runs[len(CORE) + k]
    assert code == 2, (argv, code, err[-2000:])
    assert "Traceback" not in err and "Traceback" not in out
    assert f"error: {what} the [{extra}] extra, which is not installed" in err, err
    assert f"-m pip install -e '{ROOT}[{extra}]'" in err, err  # from this checkout
    assert list(folder.iterdir()) == []  # said before anything was written

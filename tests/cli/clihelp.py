"""Running the real ``pyramid`` command line in a subprocess, for the end-to-end tests."""
from __future__ import annotations

import contextlib
import io
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

from russian_pyramid.cli import main

ROOT = Path(__file__).resolve().parents[2]


def env() -> dict:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(ROOT) + os.pathsep + e.get("PYTHONPATH", "")
    return e


def pyramid(*args, cwd=None, timeout=240, input=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "russian_pyramid.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, env=env(), timeout=timeout,
                          input=input)


def run_main(*args, stdin: str | None = None) -> tuple[int, str, str]:
    """``pyramid ARGS`` in this process (no interpreter to start: for the refusals that come
    before any compiling): (exit status, stdout, stderr); ``stdin`` as the input."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def refusal(*args, cwd=None, input: str | None = None,
            timeout=None) -> subprocess.CompletedProcess:
    """``pyramid ARGS`` refused, run in this process (:func:`run_main`, in ``cwd``) and given
    back as :func:`pyramid` gives it: for :func:`assert_bad_input` of a refusal that comes before
    any game, where an interpreter of its own (1-3 s with numba) would be most of the test's
    time; the command line's last-resort handler (a traceback never shown) is in ``main``, and
    tests/cli/test_no_tracebacks.py keeps the real process's exit for the failures.  ``timeout``
    is :func:`pyramid`'s, unused here."""
    old = os.getcwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        code, out, err = run_main(*args, stdin=input if input is not None else "")
    finally:
        os.chdir(old)
    return subprocess.CompletedProcess(["pyramid", *map(str, args)], code, out, err)


def assert_refused(code: int, err: str, *words: str) -> None:
    """:func:`assert_bad_input` for :func:`run_main`: exit 2, a message, no traceback."""
    assert code == 2, (code, err[-800:])
    assert "Traceback" not in err and err.strip()
    for w in words:
        assert w in err, (w, err[-800:])


def pyramid_json(*args, **kw):
    r = pyramid(*args, "--json", **kw)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout), r


def assert_bad_input(r: subprocess.CompletedProcess, *words: str) -> None:
    """Exit status 2, a message on stderr, no traceback."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout
    assert r.stderr.strip()
    for w in words:
        assert w in r.stderr, (w, r.stderr)


def assert_png(path) -> tuple[int, int]:
    """A valid PNG: signature, IHDR, decodable (Pillow if present), returns (width, height)."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    assert data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    assert w > 100 and h > 100
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover
        import matplotlib.image as mpimg
        img = mpimg.imread(str(path))
        assert img.shape[0] == h and img.shape[1] == w
    else:
        with Image.open(path) as img:
            img.load()
            assert img.size == (w, h)
    return w, h


# An own agent (a file given as FILE.py:Class) that fails at its first stroke after the break:
# what a tournament does with an agent that raises.
FAILING = '''
from ai.agents.random_agent import RandomAgent


class Fragile(RandomAgent):
    """Fails at its first stroke after the break."""

    def decide(self, state, rng):
        if state.strokes_played >= 1:
            raise RuntimeError("boom in my agent")
        return super().decide(state, rng)
'''

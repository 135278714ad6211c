"""The same seed gives the same game on every machine: seeded games played in subprocesses
under other CPU settings of this machine give identical records, and a record made under one
setting verifies under another.

The settings stand for other machines (see sim/detmath.py for why each matters):

* ``numpy-baseline``: numpy's run-time SIMD dispatch cut to its baseline
  (``NPY_DISABLE_CPU_FEATURES``: no AVX2, no AVX-512 loops for exp, arccos, power, ...);
* ``numba-generic``: Numba compiling for a generic x86-64 CPU (``NUMBA_CPU_NAME=generic``,
  its own cache);
* ``libm-no-fma``: glibc's libm without its FMA/AVX2 variants of sin, cos, atan2, exp, log,
  pow (``GLIBC_TUNABLES``), as on a CPU without FMA.

Before the game path computed with sim.detmath, the first two games here already parted in the
last digit of a ball's position at stroke 12 (numpy-baseline) and stroke 1 (libm-no-fma).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from .reproducibility import GAMES, comparable, first_difference

ROOT = Path(__file__).resolve().parents[1]
LIBM_WITHOUT_FMA = "glibc.cpu.hwcaps=-AVX2,-FMA"


def _numpy_dispatch_above_baseline() -> list[str]:
    """The SIMD targets numpy would dispatch to on this CPU (above its compiled baseline)."""
    umath = np._core._multiarray_umath
    found = umath.__cpu_features__
    return [t for t in umath.__cpu_dispatch__ if found.get(t)]


def settings(tmp_path: Path) -> dict[str, dict[str, str]]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("NPY_DISABLE_CPU_FEATURES", "NUMBA_CPU_NAME", "GLIBC_TUNABLES")}
    return {
        "default": base,
        "numpy-baseline": dict(base, NPY_DISABLE_CPU_FEATURES=" ".join(
            _numpy_dispatch_above_baseline())),
        "numba-generic": dict(base, NUMBA_CPU_NAME="generic",
                              NUMBA_CACHE_DIR=str(tmp_path / "numba-generic-cache")),
        "libm-no-fma": dict(base, GLIBC_TUNABLES=LIBM_WITHOUT_FMA),
    }


# The modules on the path of a game and of a decision: none may call the system's
# transcendental functions (libm through ``math`` or Numba, numpy's dispatched ufuncs) or BLAS.
GAME_PATH = ["sim/physics", "sim/table.py", "sim/api.py", "sim/result.py", "engine",
             "ai/agents", "ai/search", "ai/geometry", "ai/value", "ai/noise.py", "ai/agent.py",
             "ai/describe.py", "ai/env", "ai/games/match.py", "ai/games/records.py"]
MACHINE_DEPENDENT = re.compile(
    r"\bmath\.(sin|cos|tan|asin|acos|atan|atan2|exp|expm1|log|log1p|log2|log10|pow|erf|erfc"
    r"|cbrt|gamma|lgamma)\("
    r"|\bnp\.(sin|cos|tan|arcsin|arccos|arctan|arctan2|exp|expm1|exp2|log|log1p|log2|log10"
    r"|power|float_power|tanh|sinh|cosh|cbrt|hypot|dot|vdot|inner|matmul|einsum)\("
    r"|\bnp\.linalg\.|[\w\])] @ [\w(]|\*\* *[0-9.]*\.[0-9]|\bstandard_normal\(5\)")


def _game_path_files():
    for entry in GAME_PATH:
        p = ROOT / entry
        yield from (sorted(p.rglob("*.py")) if p.is_dir() else [p])


def test_the_game_path_calls_no_machine_dependent_math():
    """Statically: no libm transcendental, no CPU-dispatched numpy ufunc, no BLAS call and no
    fractional power on the game's path (sim.detmath's functions instead)."""
    found = []
    for f in _game_path_files():
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("#", 1)[0]
            if MACHINE_DEPENDENT.search(code) and not code.lstrip().startswith(('"', "'")):
                found.append(f"{f.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "machine-dependent floating point on the game path:\n" + "\n".join(found)


PROBE = """
import hashlib, math, numpy as np
x = np.linspace(-20.0, 20.0, 20001)
x32 = (x / 3).astype(np.float32)
# float64 exp and arccos have AVX-512 loops only, float64 tanh and the float32 functions AVX2
# ones too: one of them changes on any CPU that numpy dispatches above its baseline
print(hashlib.sha256(np.exp(x / 3).tobytes() + np.arccos(x / 21).tobytes()
                     + np.tanh(x / 7).tobytes() + np.exp(x32).tobytes()
                     + np.sin(x32).tobytes()).hexdigest(),
      hashlib.sha256(np.array([math.sin(v) + math.atan2(v, 1.5) for v in x]).tobytes())
      .hexdigest())
"""


def _probe(env) -> tuple[str, str]:
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    return out[0], out[1]


def test_the_settings_change_the_systems_math(tmp_path):
    """The settings are not idle on this machine: numpy's and libm's own results change
    under them (so the identical games below mean something).  A CPU without the features
    (no AVX2/AVX-512 for numpy, no FMA for glibc) has nothing to cut: skipped."""
    s = settings(tmp_path)
    numpy_default, libm_default = _probe(s["default"])
    cpu = Path("/proc/cpuinfo").read_text() if Path("/proc/cpuinfo").exists() else ""
    if not _numpy_dispatch_above_baseline() or " fma " not in cpu:
        pytest.skip("this CPU has no SIMD dispatch above numpy's baseline or no FMA")
    assert _probe(s["numpy-baseline"])[0] != numpy_default
    assert _probe(s["libm-no-fma"])[1] != libm_default


def _start(env, out_dir: Path, verify: list[Path]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.reproducibility", str(out_dir),
                             "--verify", *map(str, verify)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _checks(proc: subprocess.Popen) -> list[dict]:
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-3000:]
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def _play_and_verify(env, out_dir: Path, verify: list[Path]) -> list[dict]:
    return _checks(_start(env, out_dir, verify))


def _lines(path: Path) -> list:
    return [comparable(json.loads(line)) for line in path.read_text().splitlines()]


@pytest.mark.slow
def test_seeded_games_are_identical_under_other_cpu_settings(tmp_path):
    s = settings(tmp_path)
    base_dir = tmp_path / "default"
    _play_and_verify(s["default"], base_dir, [])
    base = {g: base_dir / f"{g}.jsonl" for g in GAMES}
    names = ("numpy-baseline", "numba-generic", "libm-no-fma")
    # the three settings play at once (each its own process; the suite's last minutes often
    # leave a core idle beside this, its longest test)
    running = {name: _start(s[name], tmp_path / name, list(base.values())) for name in names}
    try:
        _compare(running, base, tmp_path)
    finally:  # a failed comparison leaves no game playing on
        for proc in running.values():
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def _compare(running: dict[str, subprocess.Popen], base: dict, tmp_path: Path) -> None:
    digests = set()
    for name, proc in running.items():
        out_dir = tmp_path / name
        checks = _checks(proc)
        # the default's records verify here, every stroke re-simulated
        assert [c["record"] for c in checks] == [str(p) for p in base.values()]
        assert all(c["same_physics"] and c["strokes"] > 0 for c in checks)
        for g, path in base.items():
            want, got = _lines(path), _lines(out_dir / f"{g}.jsonl")
            assert len(got) == len(want), f"{g} under {name}: {len(got)} lines, not {len(want)}"
            for k, (a, b) in enumerate(zip(want, got)):
                d = first_difference(a, b)
                assert d is None, f"{g} under {name}: line {k} differs at {d}"
            digests.add(hashlib.sha256(json.dumps(got).encode()).hexdigest())
    assert len(digests) == len(GAMES)  # one game per seed, whatever the setting

"""The first run on a new machine: a whole command from an empty Numba cache, timed.

    python -m benchmarks.cold_start                          # this checkout, 2 runs
    python -m benchmarks.cold_start --before ../old-checkout  # side by side, alternating
    python -m benchmarks.cold_start --smoke                   # one run of an import (smoke)

Each run starts a fresh process with ``NUMBA_CACHE_DIR`` pointing to a new empty folder, so
every kernel compiles, and times the command as ``make demo`` runs it (``pyramid play --seed
1``, the demo game); it then runs the same command once more on the warm cache.  With
``--before`` the same is done for another checkout (its source put first on ``PYTHONPATH``),
runs alternating between the two so that a drift in the machine's speed hits both alike.
Prints each run and the medians.  ``--smoke`` (:mod:`benchmarks.smoke`) times one cold and
one warm run of :data:`SMOKE_COMMAND` (``pyramid --help``: it compiles nothing).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
from . import smoke

DEMO = ["-m", "russian_pyramid.cli", "play", "--seed", "1", "--quiet"]
SMOKE_COMMAND = ["-m", "russian_pyramid.cli", "--help"]


def timed_run(checkout: Path, cache_dir: str, argv: list[str]) -> float:
    env = dict(os.environ)
    env["NUMBA_CACHE_DIR"] = cache_dir
    env["PYTHONPATH"] = str(checkout) + os.pathsep + env.get("PYTHONPATH", "")
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, *argv], env=env, cwd=checkout, capture_output=True,
                       text=True)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{checkout}: exit {r.returncode}\n{r.stderr[-2000:]}")
    return dt


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", type=Path, help="another checkout to time side by side")
    ap.add_argument("--runs", type=int, default=2, help="cold runs per checkout (2)")
    ap.add_argument("command", nargs=argparse.REMAINDER,
                    help="python arguments to time (default: the demo game)")
    args = smoke.parse(ap, argv, runs=1)
    command = args.command or (SMOKE_COMMAND if args.smoke else DEMO)
    checkouts = [("this", HERE)] + ([("before", args.before.resolve())] if args.before else [])
    cold: dict[str, list[float]] = {name: [] for name, _ in checkouts}
    warm: dict[str, float] = {}
    for k in range(args.runs):
        for name, path in (checkouts if k % 2 == 0 else checkouts[::-1]):
            cache = tempfile.mkdtemp(prefix="numba-cold-")
            try:
                dt = timed_run(path, cache, command)
                cold[name].append(dt)
                print(f"{name:6s} cold run {k + 1}: {dt:6.1f} s", flush=True)
                if name not in warm:
                    warm[name] = timed_run(path, cache, command)
                    print(f"{name:6s} warm run  : {warm[name]:6.1f} s", flush=True)
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    for name, _ in checkouts:
        print(f"{name}: cold median {statistics.median(cold[name]):.1f} s "
              f"(runs {', '.join(f'{x:.1f}' for x in cold[name])}), warm {warm[name]:.1f} s")
    if args.before:
        print(f"ratio this / before (cold medians): "
              f"{statistics.median(cold['this']) / statistics.median(cold['before']):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

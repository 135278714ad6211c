"""What a persistent engine saves: the same suggestion asked of ``pyramid suggest`` (a new
process each time) and of one ``pyramid engine`` process (first and later requests).

    python -m benchmarks.engine_latency [--repeat 3] [--budget 300] [--smoke]

Every suggestion is the same work: the shipped open position, ``--top 3``, a sample budget
that ends before any time budget, seed 0.  Numba's on-disk cache is warm (one untimed run
first), so the difference is the process start, the imports, loading the compiled kernels and
the first search's warm-up -- what a tool pays on every ``pyramid suggest``.  Medians of
``--repeat`` runs, printed with their spread.  ``--smoke`` (:mod:`benchmarks.smoke`): one run
each, two requests to the engine, a budget of 20 samples, no untimed first run.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from . import smoke

ROOT = Path(__file__).resolve().parents[1]
ASKS = 3  # requests to one engine process (the first, and later ones)
SMOKE_SIZES = {"repeat": 1, "budget": 20}
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
STATE = EXAMPLES / "suggest_open.json"


def cold_suggest(budget: int) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "russian_pyramid.cli", "suggest", str(STATE), "--top", "3",
                    "--budget", str(budget), "--json"], cwd=ROOT, check=True,
                   capture_output=True)
    return time.perf_counter() - t0


def engine_session(budget: int, asks: int) -> list[float]:
    """Seconds from sending each request to its answer, in one engine process (the first
    includes the process start: timed from launching it)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "russian_pyramid.cli", "engine"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        proc.stdout.readline()  # the greeting
        body = json.loads(STATE.read_text())
        out = []
        for k in range(asks):
            if k:
                t0 = time.perf_counter()
            req = {"id": k, "cmd": "suggest", "body": body,
                   "options": {"top": 3, "budget": budget, "time_budget": 120, "seed": 0}}
            proc.stdin.write(json.dumps(req) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            if not answer["ok"]:
                raise RuntimeError(answer["error"])
            out.append(time.perf_counter() - t0)
        proc.stdin.write('{"cmd": "quit"}\n')
        proc.stdin.flush()
        proc.wait(30)
        return out
    finally:
        if proc.poll() is None:
            proc.kill()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--budget", type=int, default=300)
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    if not args.smoke:
        cold_suggest(args.budget)  # fills Numba's cache if empty; untimed
    cold, first, later = [], [], []
    for _ in range(args.repeat):  # alternate, so that load on the machine hits both alike
        cold.append(cold_suggest(args.budget))
        times = engine_session(args.budget, 2 if args.smoke else ASKS)
        first.append(times[0])
        later.extend(times[1:])

    def show(name, xs):
        print(f"{name:<44} median {statistics.median(xs):6.2f} s  "
              f"(min {min(xs):.2f}, max {max(xs):.2f}, n={len(xs)})")
    show("pyramid suggest, a new process each time", cold)
    show("pyramid engine, first request (from launch)", first)
    show("pyramid engine, later requests", later)
    print(f"ratio later / new process: {statistics.median(later) / statistics.median(cold):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

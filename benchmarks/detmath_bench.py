"""The cost of reproducibility: sim.detmath's elementary functions against the system's (libm
through Numba, numpy's dispatched ufuncs), timed in this process, medians of repeated runs and
their ratios.

    python -m benchmarks.detmath_bench          # 1e6 arguments a function, 7 repetitions
    python -m benchmarks.detmath_bench --smoke  # 1000 arguments, once (benchmarks.smoke)

Compiled loops (the simulator's and the AI's kernels call these inside Numba code) and numpy
arrays (the closed-form shot table calls the ``*_array`` versions on arrays of 15 x 6).
"""
from __future__ import annotations

import argparse
import math
import statistics
import time

import numpy as np
from numba import njit

from sim import detmath as dm

from . import smoke

ARRAY_REPS = 2000  # calls timed of each array function (SMOKE_SIZES["reps"] with --smoke)
SMOKE_SIZES = {"n": 1000, "reps": 1}


def _loop(f):
    @njit(cache=False)
    def run(xs):
        acc = 0.0
        for x in xs:
            acc += f(x)
        return acc
    return run


CASES = {  # name -> (detmath, libm, arguments)
    "sin": (dm.sin, math.sin, (-4.0, 4.0)),
    "cos": (dm.cos, math.cos, (-4.0, 4.0)),
    "atan": (dm.atan, math.atan, (-3.0, 3.0)),
    "acos": (dm.acos, math.acos, (-1.0, 1.0)),
    "exp": (dm.exp, math.exp, (-5.0, 5.0)),
    "log": (dm.log, math.log, (1e-3, 10.0)),
    "erf": (dm.erf, math.erf, (0.0, 3.0)),
}
ARRAYS = {  # name -> (detmath ufunc, numpy ufunc)
    "acos_array": (dm.acos_array, np.arccos),
    "cos_array": (dm.cos_array, np.cos),
    "exp_array": (dm.exp_array, np.exp),
}


def _median_s(fn, arg, reps: int) -> float:
    fn(arg)  # compile / warm
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(arg)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=7)
    args = smoke.parse(ap, argv, **SMOKE_SIZES)
    array_reps = args.reps if args.smoke else ARRAY_REPS
    rng = np.random.default_rng(0)
    print(f"compiled loops, {args.n} arguments; ns per call (median of {args.reps}):")
    print(f"{'function':10s} {'detmath':>8s} {'libm':>8s} {'ratio':>6s}")
    for name, (mine, system, (lo, hi)) in CASES.items():
        xs = rng.uniform(lo, hi, args.n)
        t_mine = _median_s(_loop(mine), xs, args.reps) / args.n * 1e9
        t_sys = _median_s(_loop(system), xs, args.reps) / args.n * 1e9
        print(f"{name:10s} {t_mine:8.1f} {t_sys:8.1f} {t_mine / t_sys:6.2f}")
    x = rng.uniform(-0.99, 0.99, (15, 6))
    print(f"numpy arrays of 15 x 6; us per call (median of {array_reps}):")
    print(f"{'function':10s} {'detmath':>8s} {'numpy':>8s} {'ratio':>6s}")
    for name, (mine, system) in ARRAYS.items():
        t_mine = _median_s(mine, x, array_reps) * 1e6
        t_sys = _median_s(system, x, array_reps) * 1e6
        print(f"{name:10s} {t_mine:8.2f} {t_sys:8.2f} {t_mine / t_sys:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The first run on a new machine: every kernel compiled once, in two processes.

From an empty Numba cache the first game used to wait for each kernel as play first reached
it: the simulator's event loop (15-20 s), then the rules core's manner classification and the
AI's geometry (5-6 s), one after the other on one core.  :func:`first_run` compiles them all
up front, split between this process and a helper process (see :mod:`sim.warmup` for the
split of the event loop): this one takes the loop's early helpers and then the loop, the
helper the loop's late helpers and then the rules core's and the AI's kernels.  Each process
loads from the disk cache what the other has finished, so on two cores the wait is about
the loop's share alone.  On a warm cache it does nothing.

    python -m ai.warmup          # what ``pyramid`` does on its first run
"""
from __future__ import annotations

import subprocess
import sys
import time
from typing import Callable

from numba import types as T

from engine import manner
from sim import warmup as sim_warmup

from .geometry import kernels, paths
from .value import kernels as value_kernels

F, I = T.float64, T.int64
A1, A2, A3 = T.float64[::1], T.float64[:, ::1], T.float64[:, :, ::1]
I1, I2 = T.int64[::1], T.int64[:, ::1]
B1 = T.boolean[::1]

# The rules core's summary of event logs and the AI's compiled geometry, by signature (the
# kernels they call, e.g. pot_chances, compile with them).
KERNELS = (
    (manner._summarise, (A2, I1, I, I1, I)),
    (kernels.bank_fan, (F, F, I2, I1, A1, F, F, F, A1, A2, A2, B1, F, F, I, I1, A1, A3, A1,
                        A1, I1)),
    (kernels.best_pot, (F, F, A2, I1, A2, I1, A2, A2, B1) + (F,) * 10 + (A3, F)),
    (kernels.q_anywhere, (A2, I1, A2, I1, A2, A2, B1) + (F,) * 9 + (A3, F)),
    (paths._clear_kernel, (A2, A2, A2, F)),
    (value_kernels.table_summary, (A2, T.boolean, A2, I1, A2, I1, A2, I1, I1, A2, A2, B1)
     + (F,) * 14 + (A3, F)),
)

# What the message on the first run says it will take (measured on this project's 2-core
# machine, ai/README.md).
ESTIMATE_S = 20


def helper_part() -> None:
    """The helper process's share: the loop's late helpers, then the other kernels."""
    sim_warmup.compile_all(sim_warmup.LATE)
    sim_warmup.compile_all(KERNELS)


def main_part() -> None:
    """This process's share: the loop's early helpers, then the loop."""
    sim_warmup.compile_all(sim_warmup.FIRST)
    sim_warmup.compile_all(sim_warmup.TOP)


def first_run(say: Callable[[str], None] | None = None) -> float | None:
    """Compile every kernel now if the disk cache is cold; returns the seconds it took, or
    None when the cache was warm (nothing done).  ``say`` gets one line before it starts."""
    if sim_warmup.cache_is_warm():
        return None
    if say is not None:
        say(f"first run on this machine: compiling the simulator and the AI once (about "
            f"{ESTIMATE_S} s on two cores; later runs start in about a second)")
    t0 = time.perf_counter()
    helper = subprocess.Popen([sys.executable, "-m", "ai.warmup", "--helper"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        main_part()
    finally:
        helper.wait()
    # whatever the helper could not do (it failed, or its share is not cached) compiles here
    sim_warmup.compile_all(sim_warmup.LATE)
    sim_warmup.compile_all(KERNELS)
    return time.perf_counter() - t0


if __name__ == "__main__":
    if sys.argv[1:] == ["--helper"]:
        helper_part()
    else:
        took = first_run(lambda line: print(line, file=sys.stderr))
        print("the kernels were already compiled" if took is None
              else f"compiled in {took:.1f} s", file=sys.stderr)

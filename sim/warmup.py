"""The simulator's kernels by signature, for compiling them ahead of the first stroke.

Numba compiles a kernel the first time it is called and caches the machine code on disk
(``cache=True``); on a new machine the first stroke therefore waits for the whole event loop
to compile (about 15-20 s here).  Most of that time goes to the loop's helpers, which are
compiled one by one as the loop's type inference reaches them, and each helper compiled once
is loaded from the disk cache by every later compile, in any process.  So the compile can be
split between two processes: :data:`FIRST` (the state bookkeeping and the table contacts,
what the loop meets first) in one, :data:`LATE` (pair contacts, collisions, what it meets
last) in another; then :data:`TOP` (the loop itself) finds every helper compiled.
:mod:`ai.warmup` runs the split on the first run of the command line.

Signatures must be the ones the loop asks for (tests/sim/test_warmup.py checks them against
a real run, so the lists cannot silently go stale).
"""
from __future__ import annotations

import os

from numba import types as T

from .physics import (ball_ball, cue_strike, cushion_han2005, cushion_mathavan2010, detect,
                      dispatch, loop)

F, I = T.float64, T.int64
A1, A2 = T.float64[::1], T.float64[:, ::1]
B1 = T.boolean[::1]

# Met first by the loop's type inference (state changes, logging, table contacts).
FIRST = (
    (loop._set_motion, (A2, I, F, F, F, F, F, F, A1)),
    (loop._log_segment, (A2, I, F, A2, I)),
    (loop._grow, (A2,)),
    (loop._log_event, (A2, I, F, I, I, I, I, F, F)),
    (loop._static_event, (A2, I, F, A1, A2, A2, A2, A1, I, F)),
)
# Met last (pairs of balls, collisions, separation): compiled by the other process.
LATE = (
    (loop._pair_time, (A2, I, I, F, A1)),
    (ball_ball.resolve_ball_ball, (F,) * 14 + (A1,)),
    (loop._separate, (A2, I, I, F, A2, A2, A2)),
    (cushion_han2005.resolve_cushion, (F,) * 9 + (A1,)),
    (cushion_mathavan2010.resolve_cushion_mathavan, (F,) * 7 + (A1,)),
    (cushion_han2005.resolve, (F,) * 7 + (T.boolean, A1)),  # the models' protocol
    (cushion_mathavan2010.resolve, (F,) * 7 + (T.boolean, A1)),
    (dispatch.cushion_impact, (F,) * 7 + (T.boolean, A1)),  # the registered models' dispatch
    (dispatch.pocket_flies, (F, A1)),
    (dispatch.check_models, (A1,)),
    (loop._advance, (A2, I, F, A1)),
    (cue_strike.strike, (F,) * 5 + (A1,)),
    (detect.table_clearance, (F, F, A2, A2, A2, F)),
)
# The loop itself (one stroke with its motion segments) and the batch of strokes.
TOP = (
    (loop._refresh, (A2, I, F, A1, A2, A2, A2, A1, I, F, A2, A2)),
    (loop.run, (A2, B1, I, F, F, F, F, F, A1, A2, A2, A2, A1, I)),
    (loop.run_batch, (A2, B1, I, A2, A1, A2, A2, A2, A1, I)),
)


def compile_all(items) -> None:
    """Compile each (kernel, signature) in order; a kernel already in the disk cache (compiled
    by this or another process) is loaded instead."""
    for kernel, signature in items:
        kernel.compile(signature)


def cache_is_warm() -> bool:
    """Whether the event loop's machine code is in the disk cache (so a first stroke does not
    compile).  True when that cannot be told, so that nothing is done twice."""
    try:
        return os.path.exists(loop.run_batch._cache._cache_file._index_path)
    except AttributeError:  # a Numba whose cache is laid out otherwise
        return True

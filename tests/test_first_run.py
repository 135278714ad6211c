"""The first run from an empty Numba cache (a fresh NUMBA_CACHE_DIR, in a subprocess), the
simulator's and the AI's compile lists (sim.warmup, ai.warmup) and the machine code they make,
in one compile of everything (each check used to compile it all on its own: half a minute
of the suite each):

1. Real strokes -- one with its motion segments, a batch from hand with a watched line --
   compile every (kernel, signature) the simulator's lists name: a stale list would make the
   first run compile what play never asks for.
2. With the rules core's and the AI's kernels compiled as ``ai.warmup.first_run``'s helper
   compiles them, a whole decision (the break search included) compiles nothing more of our
   own kernels: a list that misses one would make the first game wait for it.  The cache is
   then warm: ``first_run`` does nothing.
3. No compiled kernel of the game calls libm (sim/detmath.py): the machine code of the event
   loop with every physics kernel it calls, and of the rules' and the AI's kernels, declares
   no libm function, neither by name nor as an LLVM intrinsic (which lowers to libm).  All of
   it was compiled in this process (Numba does not show the code it loads from its cache)."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import re
import warnings
import numpy as np
from numba.core import event
compiled = []
class Seen(event.Listener):
    def on_start(self, e): pass
    def on_end(self, e):
        compiled.append((e.data["dispatcher"].py_func, tuple(e.data["args"])))
event.register("numba:compile", Seen())
from sim import Simulator, Strike, warmup
sim = Simulator()
sim.simulate({"cue": (0.5, 0.9), "1": (2.0, 0.9), "2": (3.3, 0.2)}, Strike(4.0, 0.0, side=0.2))
pos = np.zeros((16, 2)); on = np.zeros(16, dtype=np.bool_)
pos[0], pos[1], pos[2] = (0.5, 0.9), (2.0, 0.9), (2.0, 0.97); on[:3] = True
sim.run_batch_arrays(pos, on, sim.cue_ball_motions([Strike(3.0, 0.01)] * 3),
                     watch_line=(0.8875, 0.0, 1.0, 0.0))
sim.geometry.ball_fits(1.0, 1.0)
missing = [(k.py_func.__name__, s) for k, s in warmup.FIRST + warmup.LATE + warmup.TOP
           if (k.py_func, tuple(s)) not in compiled]
assert not missing, missing
print("STROKES OK")
from ai.warmup import KERNELS, first_run
warmup.compile_all(KERNELS)
compiled.clear()
from ai.agents.mc import MCAgent
from engine import initial_state
MCAgent(budget=40).decide(initial_state(), np.random.default_rng(0))
print("AFTER", sorted({f.__name__ for f, _ in compiled}))
assert first_run() is None  # warm now: nothing to do
warnings.filterwarnings("error", message="Inspection disabled")  # code loaded from the cache
declared = set()
for kernel, signature in (*warmup.TOP, *KERNELS):
    kernel.compile(signature)
    ir = "".join(kernel.inspect_llvm().values())
    declared |= set(re.findall(r'declare [^@]*@"?([\\w.$]+)', ir))
print("DECLARED", " ".join(sorted(declared)))
"""

# The kernels of ours a decision would otherwise compile (those the lists exist for).
OURS = {"run", "run_batch", "bank_fan", "best_pot", "q_anywhere", "_summarise", "strike",
        "table_summary", "pot_chances", "anywhere_chances", "table_clearance", "_refresh"}
LIBM = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "exp2", "log",
        "log1p", "log2", "log10", "pow", "erf", "erfc", "hypot", "cbrt", "sinh", "cosh", "tanh"}


def test_from_an_empty_cache_the_lists_are_play_s_and_no_kernel_calls_libm(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.startswith("STROKES OK")  # 1.
    after = r.stdout.split("AFTER", 1)[1].split("DECLARED", 1)[0]
    assert not any(f"'{name}'" in after for name in OURS), after  # 2.
    declared = set(r.stdout.split("DECLARED", 1)[1].split())
    assert "llvm.sqrt.f64" in declared  # the probe reads real code (sqrt is IEEE, allowed)
    called = {d for d in declared
              if d in LIBM or re.fullmatch(r"llvm\.(%s)\.f64" % "|".join(LIBM), d)}
    assert not called  # 3.

"""The first-run compile lists (sim.warmup) name the signatures the event loop really asks for:
from an empty Numba cache (a fresh NUMBA_CACHE_DIR, in a subprocess), real strokes -- one with
its motion segments, a batch from hand with a watched line -- compile every listed (kernel,
signature).  A list gone stale would make the first run compile twice.

In the same process, compiled afresh (one compile of every kernel serves both checks: two cost
the suite half a minute), no compiled kernel of the game calls libm (sim/detmath.py): the
machine code of the event loop with every physics kernel it calls, and of the rules' and the
AI's kernels, declares no libm function, neither by name nor as an LLVM intrinsic (which
lowers to libm)."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import numpy as np
from numba.core import event
compiled = set()
class Seen(event.Listener):
    def on_start(self, e): pass
    def on_end(self, e):
        compiled.add((e.data["dispatcher"].py_func, tuple(e.data["args"])))
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
assert warmup.cache_is_warm()
print("OK", len(compiled))
# what the machine code of every kernel of the game declares (the AI's compiled here)
import re
from ai.warmup import KERNELS
declared = set()
for kernel, signature in (*warmup.TOP, *KERNELS):
    kernel.compile(signature)
    ir = "".join(kernel.inspect_llvm().values())
    declared |= set(re.findall(r'declare [^@]*@"?([\\w.$]+)', ir))
print("DECLARED", " ".join(sorted(declared)))
"""

LIBM = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "expm1", "exp2", "log",
        "log1p", "log2", "log10", "pow", "erf", "erfc", "hypot", "cbrt", "sinh", "cosh", "tanh"}


def test_listed_signatures_are_the_ones_play_uses_and_no_kernel_calls_libm(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.startswith("OK")
    declared = set(r.stdout.split("DECLARED", 1)[1].split())
    assert "llvm.sqrt.f64" in declared  # the probe reads real code (sqrt is IEEE, allowed)
    called = {d for d in declared
              if d in LIBM or re.fullmatch(r"llvm\.(%s)\.f64" % "|".join(LIBM), d)}
    assert not called

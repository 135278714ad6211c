"""The first-run compile lists (sim.warmup) name the signatures the event loop really asks for:
from an empty Numba cache (a fresh NUMBA_CACHE_DIR, in a subprocess), real strokes -- one with
its motion segments, a batch from hand with a watched line -- compile every listed (kernel,
signature).  A list gone stale would make the first run compile twice."""
import os
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
"""


def test_listed_signatures_are_the_ones_play_uses(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.startswith("OK")

"""The first run: the rules core's and the AI's kernels are listed with the signatures play
uses (a stale list would compile twice), and a first run from an empty Numba cache compiles
everything, after which a decision compiles nothing more."""
import os
import subprocess
import sys

import numpy as np

from ai.agents.mc import MCAgent
from ai.warmup import KERNELS
from engine import initial_state

from .conftest import ROOT


def test_listed_signatures_are_the_ones_play_uses(sim):
    for value in ("learned", "race"):  # the default, and the baseline's (mc-base)
        MCAgent(budget=40, value=value, simulator=sim).decide(initial_state(),
                                                               np.random.default_rng(0))
    for kernel, signature in KERNELS:
        used = [tuple(s) for s in kernel.signatures]
        assert tuple(signature) in used, (kernel.py_func.__name__, signature, used)


CHECK = """
import sys, time
import numpy as np
from numba.core import event
compiled = []
class Count(event.Listener):
    def on_start(self, e): pass
    def on_end(self, e): compiled.append(e.data["dispatcher"].py_func.__name__)
from ai.warmup import first_run
said = []
took = first_run(said.append)
assert took is not None and said, "a cold cache must be compiled, with a message"
event.register("numba:compile", Count())
from ai.agents.mc import MCAgent
from engine import initial_state
MCAgent(budget=40).decide(initial_state(), np.random.default_rng(0))
print("AFTER", sorted(set(compiled)))
assert first_run(said.append) is None  # warm now: nothing to do
"""


def test_first_run_compiles_everything_a_decision_needs(tmp_path):
    """From an empty cache (a fresh NUMBA_CACHE_DIR): the warm-up, then a whole decision
    (the break search included) that compiles nothing more of our own kernels."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    after = r.stdout.split("AFTER", 1)[1]
    ours = {"run", "run_batch", "bank_fan", "best_pot", "q_anywhere", "_summarise", "strike",
            "table_summary", "pot_chances", "anywhere_chances",
            "table_clearance", "_refresh"}
    assert not any(f"'{name}'" in after for name in ours), after

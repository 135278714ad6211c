"""The first run: the rules core's and the AI's kernels are listed with the signatures play
uses (a stale list would compile twice), and a cold cache is compiled with a message, split
between this process and a helper.  From an empty Numba cache, a first run compiles
everything a decision needs: tests/test_first_run.py."""
import numpy as np

from ai import warmup
from ai.agents.mc import MCAgent
from ai.warmup import KERNELS
from engine import initial_state


def test_listed_signatures_are_the_ones_play_uses(sim):
    for value in ("learned", "race"):  # the default, and the baseline's (mc-base)
        MCAgent(budget=40, value=value, simulator=sim).decide(initial_state(),
                                                               np.random.default_rng(0))
    for kernel, signature in KERNELS:
        used = [tuple(s) for s in kernel.signatures]
        assert tuple(signature) in used, (kernel.py_func.__name__, signature, used)


def test_a_cold_cache_is_compiled_with_a_message_in_two_processes(monkeypatch):
    """What ``first_run`` does on a cold cache, without compiling (tests/test_first_run.py
    compiles from an empty cache): one line said, this process's share and the helper's,
    then what the helper's might have missed; on a warm cache nothing."""
    done, started = [], []

    class Helper:
        def __init__(self, argv, **kw):
            started.append(argv[1:])

        def wait(self):
            done.append("helper waited")

    monkeypatch.setattr(warmup.sim_warmup, "cache_is_warm", lambda: False)
    monkeypatch.setattr(warmup.sim_warmup, "compile_all", lambda items: done.append(items))
    monkeypatch.setattr(warmup.subprocess, "Popen", Helper)
    said = []
    assert warmup.first_run(said.append) >= 0
    assert len(said) == 1 and f"about {warmup.ESTIMATE_S} s" in said[0]
    assert started == [["-m", "ai.warmup", "--helper"]]
    assert done == [warmup.sim_warmup.FIRST, warmup.sim_warmup.TOP, "helper waited",
                    warmup.sim_warmup.LATE, warmup.KERNELS]
    monkeypatch.setattr(warmup.sim_warmup, "cache_is_warm", lambda: True)
    assert warmup.first_run(said.append) is None and len(said) == 1

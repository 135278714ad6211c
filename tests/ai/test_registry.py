"""Agents by spec (ai.registry), and the greedy agent playing a stroke."""
import numpy as np
import pytest

from ai.games.match import execute
from ai.noise import NoiseModel
from ai.registry import default_agent_spec, make_agent
from engine import initial_state


def test_registry_builds_agents():
    for spec in ("random", "greedy", "mc:budget=50,skill=club", "mc:time=0.2", "mc-fast"):
        a = make_agent(spec)
        assert a.name
    with pytest.raises(ValueError):
        make_agent("mc:budget=lots")
    with pytest.raises(ValueError, match="simulator"):
        make_agent("mc:simulator=x")
    assert default_agent_spec() == "mc"


def test_agents_share_the_simulator_passed_down(sim):
    """One simulator per process, passed down: the MC agent simulates on the table it was
    given."""
    from sim import Simulator
    other = Simulator("pyramid-10ft")
    assert make_agent("mc", other).sim is other
    assert make_agent("mc-fast", sim).sim is sim


def test_greedy_plays_a_whole_break(sim):
    st = initial_state()
    d = make_agent("greedy").decide(st, np.random.default_rng(0))
    rep = execute(st, d, sim, np.random.default_rng(0), NoiseModel())
    assert rep.outcome.state.strokes_played == 1

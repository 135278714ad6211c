"""Agents of one's own by spec (issue 14, item 2): from a file, a module, or an installed
package's entry point; options after a second colon; clear errors."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import ai.registry as registry
from ai.agent import Decision
from ai.registry import is_loaded_spec, make_agent
from engine import initial_state

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "my_agent.py"


def test_specs_are_told_apart():
    assert is_loaded_spec("examples/my_agent.py:EasiestPot")
    assert is_loaded_spec("my_agent.py:EasiestPot:depth=2")
    assert is_loaded_spec("ai.agents.random_agent:RandomAgent")
    assert not is_loaded_spec("mc:budget=400")
    assert not is_loaded_spec("mc-fast")
    assert not is_loaded_spec("greedy")


def test_an_agent_from_a_file_and_one_from_a_module():
    a = make_agent(f"{EXAMPLE}:EasiestPot")
    assert a.name == "easiest-pot"
    assert isinstance(a.decide(initial_state(), np.random.default_rng(0)), Decision)
    assert make_agent(f"{EXAMPLE}:EasiestPot") is not a  # a new agent each time, one module
    b = make_agent("ai.agents.random_agent:RandomAgent:name=mine")
    assert b.name == "mine"


def test_the_simulator_is_passed_to_loaded_agents_that_take_one(sim):
    agent = make_agent("ai.agents.mc:MCAgent:budget=40", sim)
    assert agent.sim is sim


def test_errors_name_what_is_wrong(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        make_agent(f"{tmp_path}/nowhere.py:Agent")
    with pytest.raises(ValueError, match="has no 'Nobody'"):
        make_agent(f"{EXAMPLE}:Nobody")
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('boom')\n")
    with pytest.raises(ValueError, match="failed to load.*boom"):
        make_agent(f"{broken}:X")
    odd = tmp_path / "odd.py"
    odd.write_text("class NotAnAgent:\n    pass\n")
    with pytest.raises(ValueError, match="is not an agent"):
        make_agent(f"{odd}:NotAnAgent")
    with pytest.raises(ValueError, match="bad options"):
        make_agent(f"{EXAMPLE}:EasiestPot:depth=2")
    with pytest.raises(ValueError, match="cannot be imported"):
        make_agent("no_such_package.agents:Agent")
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        make_agent("nobody")


def test_entry_points_offer_names(monkeypatch):
    class FakeEntryPoint:
        name, value = "pkg-agent", "ai.agents.random_agent:RandomAgent"

        def load(self):
            from ai.agents.random_agent import RandomAgent
            return RandomAgent

    def fake_entry_points(group, name=None):
        assert group == "pyramid.agents"
        return [ep for ep in [FakeEntryPoint()] if name in (None, ep.name)]

    monkeypatch.setattr(registry, "entry_points", fake_entry_points)
    assert "pkg-agent" in registry.agent_names()
    agent = make_agent("pkg-agent:name=from-a-package")
    assert agent.name == "from-a-package"


def test_labels_show_a_file_agent_by_its_file_name():
    from ai.registry import label
    assert label("/home/me/agents/my_agent.py:EasiestPot") == "my_agent.py:EasiestPot"
    assert label("mc:budget=400") == "mc:budget=400"
    long = label("package.module.submodule:VeryLongAgentClassName:depth=2", 24)
    assert len(long) == 24 and long.endswith("...")

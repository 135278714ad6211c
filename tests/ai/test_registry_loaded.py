"""Agents of one's own by spec (issue 14, item 2): from a file, a module, or an installed
package's entry point; options after a second colon; clear errors."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import ai.registry as registry
from ai.agent import Decision
from ai.registry import is_loaded_spec, make_agent
from engine import initial_state

EXAMPLE = Path(__file__).resolve().parents[2] / "russian_pyramid" / "examples" / "my_agent.py"


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
    # the shipped example by its module, as from an installed wheel in any folder
    assert make_agent("russian_pyramid.examples.my_agent:EasiestPot").name == "easiest-pot"


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
    assert long == "package.modul...:depth=2"  # cut in the middle: the options stay
    longer = label("package.module:Agent:" + "x" * 30 + "=1", 24)
    assert len(longer) == 24 and longer.endswith("...")  # options too long to keep


def test_two_settings_of_one_file_agent_get_different_labels():
    """Issue 30, item 4: both were ``my_agent.py:EasiestPot...``."""
    from ai.registry import labels
    a = "/home/me/agents/my_agent.py:EasiestPot:budget=10"
    b = "/home/me/agents/my_agent.py:EasiestPot:budget=20"
    la, lb = labels([a, b])
    assert la != lb and la.endswith("budget=10") and lb.endswith("budget=20")
    assert max(len(la), len(lb)) <= 24
    # a name= is the label; two specs that share one are numbered, within the width
    assert labels(["greedy:name=G", "mc:budget=40,name=G", "mc"]) == ["G #1", "G #2", "mc"]
    same = labels(["my_agent.py:EasiestPot:name=" + "n" * 24, "my_agent.py:X:name=" + "n" * 24])
    assert same[0] != same[1] and all(len(t) <= 24 for t in same)
    assert labels(["mc", "mc"]) == ["mc", "mc"]  # the same spec twice is the same agent


def test_name_is_accepted_for_any_agent_and_shown(tmp_path):
    """Issue 30, item 4: ``name=`` failed for an agent class that takes no options."""
    own = make_agent(f"{EXAMPLE}:EasiestPot:name=mine")
    assert own.name == "mine" and make_agent(f"{EXAMPLE}:EasiestPot").name == "easiest-pot"
    assert isinstance(own.decide(initial_state(), np.random.default_rng(0)), Decision)
    frozen = tmp_path / "frozen_agent.py"
    frozen.write_text(
        "from dataclasses import dataclass\n"
        "@dataclass(frozen=True)\n"
        "class Frozen:\n"
        "    name: str = 'frozen'\n"
        "    def decide(self, state, rng):\n"
        "        return 'decided'\n"
        "class Prop:\n"
        "    @property\n"
        "    def name(self):\n"
        "        return 'prop'\n"
        "    def decide(self, state, rng):\n"
        "        return 'decided'\n")
    frozen_named = make_agent(f"{frozen}:Frozen:name=ice")  # the dataclass takes name itself
    assert frozen_named.name == "ice"
    prop = make_agent(f"{frozen}:Prop:name=other")  # a property: wrapped
    assert prop.name == "other" and prop.decide(None, None) == "decided"
    with pytest.raises(ValueError, match="option name="):
        make_agent(f"{EXAMPLE}:EasiestPot:name=")
    with pytest.raises(ValueError, match="bad options"):
        make_agent(f"{EXAMPLE}:EasiestPot:name=x,depth=2")  # other options still checked


def test_an_agent_file_imports_its_siblings_and_the_path_is_restored(tmp_path):
    """Issue 58 item 6: the file's folder is on sys.path while it loads, then taken off."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "helper_of_sibling_test.py").write_text("SPEED = 3.0\n")
    (folder / "sibling_agent.py").write_text(
        "from helper_of_sibling_test import SPEED\n"
        "from ai.agents.random_agent import RandomAgent\n\n\n"
        "def Sib(name='sib', weights=(1,), depth=0, label='x'):\n"
        "    agent = RandomAgent(name)\n"
        "    agent.options = (SPEED, weights, depth, label)\n"
        "    return agent\n")
    path_before = list(sys.path)
    agent = make_agent(f"{folder}/sibling_agent.py:Sib:weights=[0.5,-2],depth=3,label=deep")
    assert sys.path == path_before
    # options: a JSON list and number as values, a word as its string (issue 58 item 6)
    assert agent.options == (3.0, [0.5, -2], 3, "deep")
    with pytest.raises(ValueError, match="option weights=.* is not JSON"):
        make_agent(f"{folder}/sibling_agent.py:Sib:weights=[0.5,")


def test_a_failing_agent_file_leaves_the_path_as_it_was(tmp_path):
    (tmp_path / "bad_agent.py").write_text("import no_such_sibling_module\n")
    path_before = list(sys.path)
    with pytest.raises(ValueError, match="failed to load.*no_such_sibling_module"):
        make_agent(f"{tmp_path}/bad_agent.py:X")
    assert sys.path == path_before


def test_built_in_agents_keep_their_string_options():
    assert registry.parse_spec("mc:budget=400,skill=strong") == (
        "mc", {"budget": "400", "skill": "strong"})
    assert registry.parse_spec("x:w=[1,2],d={\"a\":1,\"b\":2},n=3") == (
        "x", {"w": "[1,2]", "d": "{\"a\":1,\"b\":2}", "n": "3"})
    assert make_agent("greedy:skill=1.5,name=g").name == "g"

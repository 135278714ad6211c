"""Agents by spec (ai.registry), and the greedy agent playing a stroke."""

import numpy as np
import pytest

from ai.calibrate.provenance import CalibrationMismatch
from ai.games.match import execute
from ai.noise import NoiseModel
from ai.registry import default_agent_spec, make_agent, with_skill
from ai.search.refine import STEPS
from engine import initial_state
from sim import Simulator


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
    other = Simulator("pyramid-10ft")
    with pytest.warns(CalibrationMismatch, match="pyramid-10ft"):  # fitted on the 12 ft table
        assert make_agent("mc", other).sim is other
    assert make_agent("mc-fast", sim).sim is sim


def test_greedy_plays_a_whole_break(sim):
    st = initial_state()
    d = make_agent("greedy").decide(st, np.random.default_rng(0))
    rep = execute(st, d, sim, np.random.default_rng(0), NoiseModel())
    assert rep.outcome.state.strokes_played == 1


def test_the_baseline_is_pinned_and_the_default_is_learned():
    """mc-base keeps today's agent whatever the defaults become: the race value, 300 samples,
    no second level; an option given still wins (the golden games play mc-base:budget=60)."""
    from ai.value import LearnedValue, LevelValue, WinModel
    base = make_agent("mc-base")
    assert base.name == "mc-base"
    assert isinstance(base.win, WinModel)
    assert base.options.budget == 300 and base.options.plan == 0
    assert base.options.time_budget is None and base.options.opening
    assert make_agent("mc-base:budget=60").options.budget == 60
    assert isinstance(make_agent("mc").win, LevelValue)
    assert isinstance(make_agent("mc").win.at(1.0), LearnedValue)
    assert isinstance(make_agent("mc:value=race").win, WinModel)


def test_value_and_plan_options_are_checked():
    with pytest.raises(ValueError, match=r"option value='deep' must be one of race, learned"):
        make_agent("mc:value=deep")
    with pytest.raises(ValueError, match="plan"):
        make_agent("mc:plan=-1")
    assert make_agent("mc:plan=8").options.plan == 8


def test_mc_2_is_today_s_default_with_every_option_pinned_and_its_weights_frozen():
    """Issue 29 item 1: mc-2 plays as the default mc did when it was frozen -- the same options
    (MC_2 pins every one the agent takes) and the same weights, read from its own copies, so
    that refitting ai/value/learned_weights.json or pwin_weights.json does not move it."""
    import inspect
    import json

    from ai.agents.mc import MCAgent
    from ai.registry import MC_2, OPTIONS
    from ai.value import MC2_LEARNED_FILE, MC2_PWIN_FILE, LearnedValue
    taken = set(inspect.signature(MCAgent.__init__).parameters) - {"self", "name", "simulator"}
    assert set(MC_2) == taken == set(OPTIONS["mc-2"]) - {"name"}
    frozen, today = make_agent("mc-2"), make_agent("mc")
    assert frozen.name == "mc-2" and isinstance(frozen.win, LearnedValue)
    # the defaults it was frozen from (the coarse candidates the default took later at the
    # strong level lost there in play, and went: issue 56 item 4)
    assert frozen.options == today.options
    assert (today.options.scan, today.options.screen) == (STEPS, 5)
    assert frozen.noise == today.noise
    assert frozen.history.stalls_on == today.history.stalls_on
    # at its own level (strong) today's value judges with the weights it froze
    assert frozen.win.weights.weights == today.win.at(1.0).weights.weights
    assert frozen.win.race.weights == today.win.at(1.0).race.weights
    assert list(frozen.win.weights.weights) == json.loads(MC2_LEARNED_FILE.read_text())["weights"]
    assert list(frozen.win.race.weights) == json.loads(MC2_PWIN_FILE.read_text())["weights"]
    assert make_agent("mc-2:budget=60").options.budget == 60  # an option given still wins


def test_a_spec_gets_the_level_unless_it_names_a_skill():
    assert with_skill("mc-2", 0.25) == "mc-2:skill=0.25"
    assert with_skill("mc:budget=8", 2.0) == "mc:budget=8,skill=2"
    assert with_skill("mc:skill=club", 0.5) == "mc:skill=club"


def test_the_learned_value_takes_the_weights_of_a_file_of_one_s_own(tmp_path):
    """``mc:weights=FILE``: the learned value judges by a fit of one's own (a file of python -m
    ai.calibrate.value, e.g. at a level of play); a path that is no such file is refused
    naming the option, never read as something else; mc-2 pins no file."""
    import json

    from ai.value import LearnedWeights
    from ai.value.features import NAMES
    weights = [round(0.01 * k, 2) for k in range(len(NAMES))]
    own = tmp_path / "fit.json"
    own.write_text(json.dumps({"features": list(NAMES), "weights": weights}))
    agent = make_agent(f"mc:weights={own}")
    assert list(agent.win.weights.weights) == weights
    assert agent.win.weights != LearnedWeights.load()
    assert make_agent("mc-2").win.weights.weights != tuple(weights)
    (tmp_path / "other.json").write_text(json.dumps({"features": ["bias"], "weights": [1]}))
    (tmp_path / "text.json").write_text("weights")
    (tmp_path / "zero.json").symlink_to("/dev/zero")  # endless: refused before it is read
    (tmp_path / ".json").mkdir()
    for spec, said in ((f"mc:weights={tmp_path / 'none.json'}", "no such file"),
                       (f"mc:weights={tmp_path / 'text.json'}", "not a weights file"),
                       (f"mc:weights={tmp_path / 'other.json'}", "fitted on features"),
                       ("mc:weights=fit.txt", "must be the path of a .json file"),
                       (f"mc:weights={tmp_path / 'zero.json'}", "not a regular file"),
                       (f"mc:weights={tmp_path}/.json", "not a regular file"),
                       (f"mc:value=race,weights={own}", "is for the learned value")):
        with pytest.raises(ValueError, match=said):
            make_agent(spec)

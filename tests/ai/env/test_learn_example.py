"""examples/learn_cem.py, the example that learns (issue 30, item 6): its policy keeps to the
mask, its geometry and interval are right, and a ``--quick`` run prints and writes the same
report for the same seed.  (The improvement itself is measured by the default run, docs/API.md
"An example that learns"; a quick run is too small to show it.)"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest

from ai.env import call_index

from .examplefile import load_example

gymnasium = pytest.importorskip("gymnasium")


@pytest.fixture(scope="module")
def learn():
    return load_example("learn_cem.py", "learn_cem_example")


def test_wilson_interval_matches_known_values(learn):
    low, high = learn.wilson(0, 100)
    assert low == 0.0 and high == pytest.approx(0.0370, abs=5e-4)
    low, high = learn.wilson(20, 100)
    assert (low, high) == pytest.approx((0.1334, 0.2888), abs=5e-4)


def test_geometry_of_a_straight_shot_and_a_blocked_one(learn):
    balls = np.zeros((16, 3))
    pockets = np.array([[3.0, 0.0], [3.0, 1.0], [0.0, 0.0], [0.0, 1.0], [1.5, 0.0], [1.5, 1.0]])
    balls[1] = (2.0, 0.5, 1.0)
    cue = (1.0, 0.0)  # the cue, ball 1 and pocket 1 at (3, 1) in a straight line
    g = learn.geometry(balls, cue, pockets, 0.034)
    assert g["cut"][1, 1] == pytest.approx(0.0, abs=0.05)
    assert g["cut"][1, 2] > 2.0  # the pocket behind the cue: a back-cut no one plays
    assert not g["blocked"][1, 1]
    balls[2] = (1.5, 0.25, 1.0)  # ball 2 on the cue's path
    assert learn.geometry(balls, cue, pockets, 0.034)["blocked"][1, 1]


def test_the_policy_calls_only_what_the_mask_allows(learn):
    env = gymnasium.make("pyramid/SmallPyramid-v0", opponent="random", learner_side=0)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    for theta in (np.zeros(len(learn.THETA_NAMES)), np.arange(len(learn.THETA_NAMES)) - 4.0):
        for _ in range(4):
            action = learn.choose(theta, obs, env, rng)
            index = call_index(action["ball"], action["pocket"], action["manner"])
            assert info["action_mask"][index]
            assert learn.SPEED_LIMITS_MPS[0] <= action["strike"][1] <= learn.SPEED_LIMITS_MPS[1]
            obs, _, terminated, truncated, info = env.step(action)
            assert not info["adjusted"]  # taken as it is, placement included
            if terminated or truncated:
                break


def test_bad_settings_are_refused_naming_the_field(learn, capsys):
    assert learn.main(["--population", "0"]) == 2
    assert "population must be a positive integer, got 0" in capsys.readouterr().err


def test_a_quick_run_is_reproducible_and_writes_its_report(learn, tmp_path, capsys):
    reports = []
    for k in range(2):
        path = tmp_path / f"report{k}.json"
        assert learn.main(["--quick", "--seed", "3", "--json", str(path)]) == 0
        out = capsys.readouterr().out
        assert "start theta (uninformed):" in out and "learned theta:" in out
        assert "intervals separate:" in out
        data = json.loads(path.read_text())
        report = learn.Report.from_json(data)
        assert report.to_json() == data
        assert report.start.games == report.learned.games == learn.QUICK.held_out_games
        assert len(report.learned_theta) == len(learn.THETA_NAMES)
        reports.append((out.split("; ")[0], dict(data, seconds=None)))
    assert reports[0] == reports[1]  # the same seed, the same numbers

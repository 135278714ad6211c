"""``pyramid tournament --sprt``: a match of two agents stops as soon as the sequential test
(ai/games/sprt.py) decides, at the same game on any number of workers; bad terms refused."""
from __future__ import annotations

import json

import pytest

from ai.games.sprt import H1, Sprt
from russian_pyramid.app.tournament import first_agent_scores

from .clihelp import assert_bad_input, pyramid_json, refusal

COMMON = ["--agents", "greedy", "random", "--games", "40", "--seed", "3", "--max-strokes", "200",
          "--bootstrap", "20", "--sprt", "0,200"]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = {}
    for jobs in (1, 2):
        path = tmp_path_factory.mktemp(f"sprt{jobs}") / "m.jsonl"
        doc, _ = pyramid_json("tournament", *COMMON, "--jobs", str(jobs), "--out", path)
        out[jobs] = (path, doc)
    return out


def _lines(path):
    return [json.loads(x) for x in path.read_text().splitlines()
            if json.loads(x).get("type") == "game"]


def test_a_clear_match_stops_early_with_h1(runs):
    path, doc = runs[1]
    st = doc["sprt"]
    assert st["decision"] == H1 and st["llr"] >= st["bounds"][1]
    lines = _lines(path)
    assert st["games"] == len(lines) < 40  # one worker: nothing played past the decision
    scores = first_agent_scores(lines)
    assert st["score"] == sum(scores[:st["games"]])
    # the decision is at the first game where the test crosses its bound
    test = Sprt(0, 200)
    assert test.state(scores[:st["games"] - 1]).decision != H1


def test_the_decision_does_not_depend_on_the_workers(runs):
    (p1, d1), (p2, d2) = runs[1], runs[2]
    assert d1["sprt"] == d2["sprt"]
    assert len(_lines(p2)) >= d2["sprt"]["games"]  # games in flight may have finished too


def test_report_gives_the_test_on_the_file(runs):
    path, doc = runs[2]
    again, _ = pyramid_json("tournament", "--report", "--out", path, "--sprt", "0,200")
    assert again["sprt"] == doc["sprt"]


@pytest.mark.parametrize("extra, word", [
    (["--sprt", "70"], "--sprt"),
    (["--sprt", "70,0"], "--sprt"),
    (["--sprt", "0,70,0.7,0.1"], "--sprt"),
])
def test_bad_terms_are_refused_naming_the_flag(tmp_path, extra, word):
    assert_bad_input(refusal("tournament", "--agents", "greedy", "random", "--games", "2",
                             "--out", tmp_path / "m.jsonl", *extra), word)


def test_more_than_two_agents_are_refused(tmp_path):
    assert_bad_input(refusal("tournament", "--agents", "greedy", "random", "random:name=r2",
                             "--games", "2", "--out", tmp_path / "m.jsonl", "--sprt", "0,70"),
                     "two agents")


def test_replay_refuses_the_test(tmp_path, runs):
    path, _ = runs[1]
    assert_bad_input(refusal("tournament", "--replay", path, "--game", "0", "--sprt", "0,70"),
                     "--sprt")

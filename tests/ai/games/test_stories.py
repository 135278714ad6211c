"""Games write each stroke's story (issue 27 item 1): the intended strike and call, the
execution noise, the estimates and alternatives; intended + noise simulated again from the
state before gives the recorded outcome bit for bit; the record verifies and is sealed over
the stories; records without stories still read and verify."""
from __future__ import annotations

import json
import math
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from ai.agent import Decision
from ai.games.records import (play_recorded_game, simulate_stroke, story_of_report,
                              strike_from_record, verified)
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import (adjudicate_sim_result, initial_state, read_record, stroke_from_events,
                    write_record)
from engine.record import parse_record, record_digest
from engine.story import EXACT_FIELDS, MAX_ALTERNATIVES, STORY_KEY, story_of
from engine.verify import RecordRefused
from sim import Strike, shared_simulator

GOLDEN = Path(__file__).resolve().parents[1] / "golden_data"
# name -> (agents, seed, strokes): short seeded games; mc plays second (no break search)
GAMES = {"greedy-vs-random": (["greedy", "random"], 3, 16),
         "greedy-vs-mc": (["greedy", "mc:budget=40"], 5, 5)}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """name -> (record as written and read back, the journal's lines)."""
    sim = shared_simulator()
    out = {}
    for name, (specs, seed, strokes) in GAMES.items():
        journal: list[str] = []
        played = play_recorded_game(initial_state(), [make_agent(s, sim) for s in specs], specs,
                                    sim, np.random.default_rng(seed),
                                    [NoiseModel.for_skill("strong")] * 2, seed=seed,
                                    max_strokes=strokes, journal=journal.append)
        path = tmp_path_factory.mktemp("stories") / f"{name}.jsonl"
        write_record(path, played.record)
        out[name] = (read_record(path), journal, path)
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_stroke_has_its_intended_strike_and_noise(games, name):
    record, journal, _ = games[name]
    assert record.strokes
    for s in record.strokes:
        story = story_of(s.extra)
        assert story is not None and story.intended_strike is not None
        assert set(story.noise) == set(story.intended_strike) == set(s.strike.to_json())
        assert story.intended_call == s.call.to_json()  # the call is not noisy
        assert story.inexact == ()  # strong players: no speed held at its floor here
        executed = story.executed_strike()
        for key in EXACT_FIELDS:  # bit for bit, not approximately
            assert executed[key] == getattr(s.strike, key), (s.line, key)
        assert any(story.noise[k] != 0.0 for k in EXACT_FIELDS)  # noise was drawn
        assert story.decision_s is not None and story.decision_s >= 0.0
    # the journal's stroke lines are the record's, stories included, each with its own seal
    lines = [json.loads(x) for x in journal[1:]]
    assert all(len(line.pop("sha256")) == 64 for line in lines)
    assert lines == [s.to_json() for s in record.strokes]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_intended_plus_noise_simulated_again_gives_the_recorded_outcome(games, name):
    record, _, _ = games[name]
    sim = shared_simulator()
    for s in record.strokes:
        strike = strike_from_record(story_of(s.extra).executed_strike())
        result = simulate_stroke(sim, s.state_before, strike, s.placement)
        final = {b: (None if p is None else [p[0], p[1]]) for b, p in result.final.items()}
        assert final == s.outcome.to_json()["final"], s.line  # every resting place, exactly
        call = s.call
        facts = stroke_from_events(result.events, result.final, call=call,
                                   placement=s.placement, state=s.state_before)
        assert [{"ball": b, "pocket": p} for b, p in facts.pocketed] == \
            s.outcome.to_json()["pocketed"], s.line
        adj = adjudicate_sim_result(s.state_before, result, call=call,
                                    placement=s.placement).adjudication
        assert tuple(adj.fouls) == s.fouls and tuple(adj.points) == s.points, s.line


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_record_with_stories_verifies_and_the_seal_covers_them(games, name):
    record, _, path = games[name]
    check = verified(record).check
    assert check.hash_checked and check.positions_replayed == len(record.strokes)
    lines = path.read_text(encoding="utf-8").splitlines()

    def tampered(change) -> list[str]:
        stroke = json.loads(lines[1])
        change(stroke[STORY_KEY])
        return lines[:1] + [json.dumps(stroke)] + lines[2:]

    # a figure no other field checks: the seal finds it
    slower = tampered(lambda story: story.update(decision_s=story["decision_s"] + 1.0))
    with pytest.raises(RecordRefused, match="sha256 .* does not match"):
        verified(parse_record(slower))
    # the noise changed, sealed again or not: the stroke played contradicts it
    noisier = tampered(lambda story: story["noise"].update(
        phi_rad=story["noise"]["phi_rad"] + 1e-6))
    assert parse_record(noisier).digest != record.result["sha256"]
    result = json.loads(lines[-1])
    result["sha256"] = record_digest(parse_record(noisier))
    for text in (noisier, noisier[:-1] + [json.dumps(result)]):
        with pytest.raises(RecordRefused, match=r"line 2: story: .*phi_rad"):
            verified(parse_record(text))


def test_greedy_and_random_tell_what_they_have_and_nothing_more(games):
    record, _, _ = games["greedy-vs-random"]
    for s in record.strokes:
        story = story_of(s.extra)
        assert story.p_win is None and story.samples is None and story.alternatives == ()
        if s.player == 1:  # random: no estimate at all
            assert story.p_success is None
        else:
            assert story.kind in ("attack", "safety")


def test_mc_tells_its_estimates_alternatives_and_samples(games):
    record, _, _ = games["greedy-vs-mc"]
    mine = [story_of(s.extra) for s in record.strokes if s.player == 1]
    assert mine
    for story in mine:
        assert 0.0 <= story.p_win <= 1.0 and 0.0 <= story.p_success <= 1.0
        assert 1 <= len(story.alternatives) <= MAX_ALTERNATIVES
        for alt in story.alternatives:
            assert alt.p_win is None or 0.0 <= alt.p_win <= 1.0
            assert alt.strike is None or set(EXACT_FIELDS) <= set(alt.strike)
        # the chosen stroke is the best estimated
        assert all(alt.p_win is None or alt.p_win <= story.p_win for alt in story.alternatives)
        assert story.samples >= 40 and story.decision_s > 0.0


def test_an_old_simulated_record_without_stories_still_reads_and_verifies():
    """A record as it was written before strokes told their story: a golden game's record with
    every story taken out and sealed again."""
    doc = json.loads((GOLDEN / "greedy-vs-random-seed3.json").read_text())
    assert any(STORY_KEY in line for line in doc)
    for line in doc:
        line.pop(STORY_KEY, None)
    result = doc[-1]
    result["sha256"] = record_digest(parse_record([json.dumps(x) for x in doc[:-1]]
                                                  + [json.dumps(result)]))
    record = parse_record([json.dumps(x) for x in doc])
    assert all(STORY_KEY not in s.extra for s in record.strokes)
    assert verified(record).check.positions_replayed == len(record.strokes)


def test_a_field_no_float_noise_reaches_is_listed_inexact():
    """A speed held at the noise model's floor (0.05 m/s) from 0.3 m/s: 0.3 + (0.05 - 0.3)
    is not 0.05 in floating point, and no other float noise is."""
    intended, played = Strike(0.3, 0.25), Strike(0.05, 0.25 + 1e-3)
    report = SimpleNamespace(decision=Decision(None, intended), played=played)
    story = story_of_report(report)
    assert story.inexact == ("speed_mps",)
    assert story.executed_strike()["phi_rad"] == played.phi_rad
    assert not math.isclose(0.0, story.noise["speed_mps"])
    line = {"speed_mps": played.speed_mps, "phi_rad": played.phi_rad}
    assert story.disagreement(line) is None  # listed: not held to exactness
    assert story.disagreement({**line, "phi_rad": played.phi_rad + 1e-12}) is not None


def test_a_tush_tells_its_call_and_kind_without_a_strike():
    report = SimpleNamespace(decision=Decision(None, None, kind="deliberate-foul", foul="tush"),
                             played=None)
    story = story_of_report(report)
    assert story.intended_strike is None and story.noise is None
    assert story.kind == "deliberate-foul"

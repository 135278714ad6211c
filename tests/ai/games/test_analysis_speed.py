"""The analysis's valuing and its stored estimates (issue 27 item 2): the batched valuer gives
the values of the one-by-one way exactly; a story's estimates make a verdict by the agent's
own lights; the default analysing agent is the default agent, leaner."""
from __future__ import annotations

import math

from ai.games.analysis import (ANALYSIS_OPTIONS, BLUNDER_MARK, CERTAIN_WIN, MISTAKE_MARK, STORY,
                               StrokeValuer, analysis_agent_spec, judge_stroke,
                               story_verdict)
from ai.games.records import strike_to_record
from ai.noise import NoiseModel
from ai.registry import default_agent_spec
from engine import GameState
from engine.calls import Call
from engine.story import Alternative, Story
from sim import Strike, shared_simulator

from tests.cli.test_analyze import POSITION


def test_batched_values_equal_the_one_by_one_values():
    sim = shared_simulator()
    state = GameState.from_json(POSITION)
    noise = NoiseModel.for_skill("strong")
    call = Call.from_json({"ball": "15", "pocket": "FR", "manner": "clean"})
    fast = StrokeValuer(sim, noise, samples=8)
    slow = StrokeValuer(sim, noise, samples=8, batched=False)
    aim = math.atan2(0.13 - 0.55, 3.40 - 2.95)  # at ball 15, near the corner
    for strike in (Strike(1.5, aim), Strike(1.0, math.pi), Strike(3.0, aim + 0.05)):
        a = fast.value(state, call, strike, None, seed=7)
        assert a == slow.value(state, call, strike, None, seed=7)
        assert 0.0 <= a <= 1.0
    # the same seed gives the same noise: a potting stroke is worth more than a miss
    assert fast.value(state, call, Strike(1.5, aim), None, 7) > fast.value(
        state, call, Strike(1.0, math.pi), None, 7)


def test_story_verdict_is_the_agents_own_comparison():
    story = Story(p_win=0.55, alternatives=(Alternative(p_win=0.62, kind="safety"),
                                             Alternative(p_win=0.4), Alternative(kind="x")))
    v = story_verdict(4, 1, story)
    assert v.source == STORY and v.index == 4 and v.player == 1
    assert v.p_win_played == 0.55 and v.p_win_best == 0.62
    assert math.isclose(v.loss, 0.07) and v.mark == MISTAKE_MARK
    assert v.best.kind == "safety" and v.best.strike is None
    assert story_verdict(0, 0, Story(p_win=0.1, alternatives=(Alternative(p_win=0.3),))
                         ).mark == BLUNDER_MARK
    best = story_verdict(0, 0, Story(p_win=0.7, alternatives=(Alternative(p_win=0.6),)))
    assert best.best is None and best.loss == 0.0 and best.mark == ""
    # without the agent's P(win) of its stroke there is nothing to judge by: searched
    assert story_verdict(0, 0, Story(kind="attack", alternatives=(Alternative(p_win=0.5),))
                         ) is None
    assert story_verdict(0, 0, None) is None


def test_a_recorded_alternative_with_its_radians_is_read_as_recorded():
    """Issue 51: the alternatives of ``pyramid play``'s stories carry the exact radians
    beside the degrees (:func:`ai.games.records.strike_to_record`); the verdict reads them as
    every recorded strike is read, to the last bit (it refused them: ``strike has unknown
    field(s): elevation_rad, phi_rad``)."""
    meant = Strike(1.8409043286243372, 0.3386925270248287, 0.0123, 0.1, -0.2)
    story = Story(p_win=0.41, alternatives=(
        Alternative(strike=strike_to_record(meant), call={"ball": "11", "pocket": "NL"},
                    kind="safety", p_win=0.45),))
    v = story_verdict(3, 0, story)
    assert v.best.strike == meant and v.best.kind == "safety"
    assert v.best.call.ball == "11" and v.p_win_best == 0.45 and v.mark == "?!"


def test_the_default_analysing_agent_is_the_default_agent_leaner():
    default = default_agent_spec()
    spec = analysis_agent_spec()
    assert spec.split(":")[0] == default
    if default in ANALYSIS_OPTIONS:
        assert spec == f"{default}:{ANALYSIS_OPTIONS[default]}"
    assert analysis_agent_spec("greedy") == "greedy"


class _NoSearch:
    name = "no-search"

    def decide(self, state, rng):
        raise AssertionError("searched although the stroke played always wins")


class _Sure:
    """A valuer whose every stroke wins for sure (as a winning pot of the last points is)."""

    def value(self, state, call, strike, placement, seed):
        return 1.0


def test_a_stroke_that_always_wins_is_not_searched():
    state = GameState.from_json(POSITION)
    v = judge_stroke(0, state, None, Strike(1.2, 0.0), None, _NoSearch(), _Sure(), seed=0)
    assert v.p_win_played == CERTAIN_WIN == v.p_win_best
    assert v.best is None and v.loss == 0.0 and v.mark == ""

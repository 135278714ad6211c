"""ai.search.fresh (issue 55 item 4): the strokes a ranking shows measured again on fresh
samples, so that their figures are not the best of noisy means (the winner's curse).  A tiny
search on the shipped opening example: a few seconds in all."""
import json

import numpy as np
import pytest

from ai.agents.mc import MCAgent
from ai.search.fresh import fresh_generators
from engine import GameState
from russian_pyramid.examples import path as example_path

BUDGET, FRESH = 40, 16  # samples: a few distinct strokes in a fraction of a second


def _state() -> GameState:
    return GameState.from_json(json.loads(example_path("open").read_text(encoding="utf-8")))


def _key(d):
    return (d.kind, repr(d.call), d.foul, d.placement)


@pytest.fixture(scope="module")
def ranked():
    state = _state()
    fresh = MCAgent(budget=BUDGET, fresh=FRESH)
    plain = MCAgent(budget=BUDGET, fresh=0)
    return (fresh.rank(state, np.random.default_rng(5), top=3, keep_line=True),
            plain.rank(state, np.random.default_rng(5), top=3),
            fresh.rank(state, np.random.default_rng(5), top=3, keep_line=True), fresh, state)


def test_fresh_generators_are_reproducible_and_leave_the_search_s_stream_alone():
    rng = np.random.default_rng(7)
    a = [g.random() for g in fresh_generators(rng, 3)]
    assert rng.random() == np.random.default_rng(7).random()  # not advanced
    assert a == [g.random() for g in fresh_generators(np.random.default_rng(7), 3)]
    assert len(set(a)) == 3
    line = np.random.default_rng(np.random.SeedSequence(7).spawn(1)[0]).random()
    assert line not in a  # not the line of play's streams (ai.search.line)


def test_the_shown_strokes_are_measured_afresh_and_keep_the_search_s_figures(ranked):
    fresh, plain, again, _, _ = ranked
    assert fresh.decisions == again.decisions  # the same seed, the same figures
    by_key = {_key(d): d for d in plain.decisions}
    assert set(by_key) == {_key(d) for d in fresh.decisions}  # the same strokes shown
    for d in fresh.decisions:
        searched, p = d.searched, by_key[_key(d)]
        assert (searched.samples, searched.p_success, searched.p_win, searched.p_foul,
                searched.expected_points) == (p.samples, p.p_success, p.p_win, p.p_foul,
                                              p.expected_points)
        assert d.samples == FRESH
        k = d.p_success * FRESH  # the share of k successes in FRESH samples
        assert abs(k - round(k)) < 1e-3 and 0 <= round(k) <= FRESH
    assert any(d.p_win != d.searched.p_win for d in fresh.decisions)
    assert fresh.samples == plain.samples + FRESH * len(fresh.decisions)


def test_the_shown_strokes_read_in_order_and_the_line_starts_with_the_first(ranked):
    fresh, _, _, agent, state = ranked
    wins = [d.p_win for d in fresh.decisions]
    assert wins == sorted(wins, reverse=True)
    first = fresh.basis.ranked[0]
    assert _key(fresh.decisions[0]) == (first.proposal.kind, repr(first.proposal.call),
                                        first.proposal.foul, first.proposal.placement)
    assert first.estimate.samples == FRESH and len(fresh.basis.best_outcomes) <= FRESH
    line = agent.principal_line(state, fresh, 5, 2)
    assert line.steps[0].call == fresh.decisions[0].call
    assert line.steps[0].p_success == fresh.decisions[0].p_success

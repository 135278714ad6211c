"""The line of play (ai.search.line): it starts with the search's best stroke, follows the
samples where the shooter keeps the table, is the same for the same seed, round-trips through
JSON, and backs its P(win) up from its end as the module defines."""
import json
from pathlib import Path

import numpy as np
import pytest

from ai.agents.mc import MCAgent
from ai.search.line import (Line, LineStep, as_written, keeps_table, principal_line,
                            representative)
from engine import GameState

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "russian_pyramid" / "examples"  # the shipped examples
BUDGET = 150  # small and fast: the line's properties do not need a strong search


def _state(name: str) -> GameState:
    return GameState.from_json(json.loads((EXAMPLES / name).read_text()))


def _line(name: str, seed: int, length: int = 3):
    state = _state(name)
    agent = MCAgent(budget=BUDGET)
    analysis = agent.analyse(state, np.random.default_rng(seed), top=2, keep_outcomes=True)
    return state, analysis, agent.line(state, analysis, seed, length)


def test_keeping_the_outcomes_does_not_change_the_search():
    """The samples kept for the line are drawn anyway: the ranking and every estimate are
    those of the same search without them (the suggestions and the golden games stay)."""
    state = _state("suggest_open.json")
    plain = MCAgent(budget=BUDGET).analyse(state, np.random.default_rng(3), top=2)
    kept = MCAgent(budget=BUDGET).analyse(state, np.random.default_rng(3), top=2,
                                          keep_outcomes=True)
    assert [e.estimate for e in plain.ranked] == [e.estimate for e in kept.ranked]
    assert plain.best_outcomes == () and len(kept.best_outcomes) == kept.ranked[0].estimate.samples


def test_the_line_starts_with_the_best_stroke_and_follows_a_kept_sample():
    state, analysis, line = _line("suggest_open.json", 0)
    best, first = analysis.ranked[0], line.steps[0]
    assert (first.kind, first.call, first.strike) == (best.proposal.kind, best.proposal.call,
                                                      as_written(best.proposal.strike))
    assert first.strike.phi_rad == pytest.approx(best.proposal.strike.phi_rad, abs=1e-10)
    assert first.p_win == round(best.estimate.p_win, 4) and first.p_reach == 1.0
    assert len(line.steps) >= 2  # this position's best stroke is a pot that keeps the table
    kept = [o for o in analysis.best_outcomes if keeps_table(o, state.to_move)]
    assert first.p_keep == round(len(kept) / len(analysis.best_outcomes), 4) > 0
    rep = representative(kept)
    # the second stroke is played from the representative sample's position
    assert dict(line.steps[1].balls) == {b: (round(x, 4), round(y, 4))
                                         for b, (x, y) in rep.ruling.state.balls.items()}
    assert line.steps[1].balls["cue"] == first.cue_stop
    for a, b in zip(line.steps, line.steps[1:]):
        assert b.p_reach == pytest.approx(a.p_reach * a.p_keep, abs=2e-4)
    assert 0 <= line.p_win <= 1


def test_the_same_seed_gives_the_same_line_and_json_round_trips():
    _, _, one = _line("suggest_open.json", 4)
    _, _, two = _line("suggest_open.json", 4)
    assert one == two
    doc = json.loads(json.dumps(one.to_json()))
    assert Line.from_json(doc) == one and Line.from_json(doc).to_json() == doc
    with pytest.raises(ValueError, match="p_keep"):
        LineStep.from_json(dict(doc["steps"][0], p_keep=1.5))


def test_a_stroke_that_cannot_keep_the_table_is_a_line_of_one():
    """A deliberate foul (here the tush of the R11.8 example) passes the turn: the line is
    that stroke alone, and its P(win) is the stroke's."""
    _, analysis, line = _line("suggest_foul_tush.json", 6)
    assert analysis.ranked[0].proposal.kind == "deliberate-foul"
    assert len(line.steps) == 1 and line.steps[0].p_keep == 0.0
    assert line.p_win == line.steps[0].p_win


def test_length_one_is_the_stroke_alone_and_the_p_win_is_backed_up():
    state, analysis, three = _line("suggest_open.json", 0)
    agent = MCAgent(budget=BUDGET)
    one = principal_line(state, analysis, agent.sim, agent.noise, agent.options, 0, 1,
                         win=agent.win)
    assert len(one.steps) == 1 and one.steps[0] == three.steps[0]
    assert one.p_win == one.steps[0].p_win
    # W_1 = (1 - k_1) * L_1 + k_1 * W_2 ... with W_last the last stroke's P(win)
    kept = {id(o) for o in analysis.best_outcomes if keeps_table(o, state.to_move)}
    lost = [o.value for o in analysis.best_outcomes if id(o) not in kept]
    k1 = len(kept) / len(analysis.best_outcomes)
    two = agent.line(state, analysis, 0, 2)
    want = (1 - k1) * np.mean(lost) + k1 * two.steps[1].p_win
    assert two.p_win == pytest.approx(want, abs=2e-4)


def test_a_line_needs_the_kept_samples():
    state = _state("suggest_open.json")
    agent = MCAgent(budget=60)
    analysis = agent.analyse(state, np.random.default_rng(0))
    with pytest.raises(ValueError, match="keep_outcomes"):
        agent.line(state, analysis, 0, 2)

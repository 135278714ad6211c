"""ai.advisor (issue 53 item 3): advice as a protocol.  The Monte Carlo agent is an advisor --
its ranking is the search's distinct strokes, without words -- and an agent that only plays
is refused, named, with what it lacks."""
import json

import numpy as np
import pytest

from ai.advisor import Advisor, NotAnAdvisor, Ranking, as_advisor
from ai.agents.greedy import GreedyAgent
from ai.agents.mc import MCAgent
from engine import GameState
from russian_pyramid.examples import path as example_path

BUDGET = 40  # samples: enough for a few distinct strokes, a fraction of a second


def _state() -> GameState:
    return GameState.from_json(json.loads(example_path("open").read_text(encoding="utf-8")))


def test_the_mc_agent_is_an_advisor_and_ranks_distinct_strokes_without_words():
    agent = as_advisor(MCAgent(budget=BUDGET))
    state = _state()
    ranking = agent.rank(state, np.random.default_rng(0), top=3)
    assert isinstance(ranking, Ranking) and 1 <= len(ranking.decisions) <= 3
    keys = [(d.kind, None if d.call is None else d.call.to_json(), d.foul, d.placement)
            for d in ranking.decisions]
    assert len(set(map(repr, keys))) == len(keys)  # one of each stroke a player sees
    assert all(d.instruction == "" and d.samples > 0 for d in ranking.decisions)
    assert ranking.samples >= sum(d.samples for d in ranking.decisions)
    wins = [d.p_win for d in ranking.decisions]
    assert ranking.decisions[0].p_win == max(wins)


def test_the_mc_line_needs_its_own_ranking():
    agent = MCAgent(budget=BUDGET)
    with pytest.raises(ValueError, match="keep_line"):
        agent.principal_line(_state(), Ranking(()), 0, 2)


def test_an_agent_that_only_plays_is_refused_naming_it_and_what_it_lacks():
    greedy = GreedyAgent()
    with pytest.raises(NotAnAdvisor) as err:
        as_advisor(greedy)
    assert "'greedy' cannot advise" in str(err.value)
    assert "rank or principal_line" in str(err.value) and "ai/advisor.py" in str(err.value)
    assert err.value.missing == ("rank", "principal_line")


def test_an_object_without_a_name_is_no_advisor():
    class Nameless:
        def decide(self, state, rng): ...
        def rank(self, state, rng, top, keep_line=False): ...
        def principal_line(self, state, ranking, seed, length): ...
    with pytest.raises(NotAnAdvisor) as err:
        as_advisor(Nameless())
    assert err.value.missing == ("name",) and "'Nameless'" in str(err.value)

"""Every state reached by real play (the simulator, the rules core, seeded agents) adds up as
engine/accounting.py asks of a state read from a user (R1.1, R1.2, R7.2, R12.1, R13.1), and
reads back through ``GameState.from_json`` unchanged -- so the consistency check never refuses
a position a game can reach, fouls, respots and handicaps included."""
from __future__ import annotations

import numpy as np
import pytest

from ai.games.match import play_game
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import GameState, PointsHandicap, apply_handicap, initial_state
from engine.accounting import accounting_problem, points_accounted, scores_accounted

MAX_STROKES = 120  # enough for fouls, respots and (mostly) the game's end; seconds per game


@pytest.mark.parametrize("seed, variant, specs, handicap", [
    (1, "two-player", ("random", "random"), None),  # many fouls (R7.2) and respots (R7.3)
    (2, "two-player", ("greedy", "random"), None),
    (3, "two-player", ("greedy", "greedy"), PointsHandicap(1, 10)),  # R13.1 on the record
    (4, "three-each", ("greedy", "random", "greedy"), None),  # R12.1: balls put back
    (5, "one-vs-pair", ("greedy", "random"), None),  # R12.2, R12.3
])
def test_every_state_of_a_played_game_adds_up(sim, seed, variant, specs, handicap):
    rng = np.random.default_rng(seed)
    state = initial_state(variant)
    if handicap is not None:
        state = apply_handicap(state, handicap)
    agents = [make_agent(s, sim) for s in specs]
    noise = [NoiseModel.for_skill("club")] * len(agents)
    states = [state]
    log = play_game(state, agents, sim, rng, noise,
                    on_stroke=lambda r: states.append(r.state_after), max_strokes=MAX_STROKES)
    assert len(states) == len(log.reports) + 1 > 10
    fouls = sum(bool(r.outcome.adjudication.fouls) for r in log.reports)
    for k, s in enumerate(states):
        assert accounting_problem(s) is None, (k, accounting_problem(s))
        assert points_accounted(s) == 140 and sum(s.scores) == scores_accounted(s)
        assert GameState.from_json(s.to_json()) == s, k
    if specs[0] == "random":
        assert fouls > 0  # the case really covers penalties

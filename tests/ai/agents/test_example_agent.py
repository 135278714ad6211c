"""russian_pyramid/examples/my_agent.py, the agent of docs/AGENTS.md: it keeps the protocol and
plays whole games against the built-in agents, the same game for the same seed."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

from ai.agent import Decision
from ai.games.match import play_game
from ai.noise import NoiseModel
from ai.registry import make_agent
from engine import initial_state
from sim import shared_simulator

EXAMPLE = Path(__file__).resolve().parents[3] / "russian_pyramid" / "examples" / "my_agent.py"


def load_example():
    spec = importlib.util.spec_from_file_location("my_agent_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.EasiestPot()


def test_the_example_is_short_and_keeps_the_protocol():
    agent = load_example()
    assert isinstance(agent.name, str)
    decision = agent.decide(initial_state(), np.random.default_rng(0))
    assert isinstance(decision, Decision)
    assert decision.placement is not None  # the break is played from hand (R3.2)
    body = EXAMPLE.read_text().split("class EasiestPot:")[1]
    assert len(body.strip().splitlines()) <= 25


def test_the_example_plays_whole_games_reproducibly():
    sim = shared_simulator()
    def game(seed):
        agents = [load_example(), make_agent("greedy", sim)]
        log = play_game(initial_state(), agents, sim, np.random.default_rng(seed),
                        [NoiseModel.for_skill("strong")] * 2)
        return [r.state_after.scores for r in log.reports], log
    a, log = game(3)
    assert log.final.game_over and not log.unfinished  # the rules ended it
    # R5: the example's attacks are calls the rules accept; some of them score.
    mine = [r for r in log.reports if r.state_before.to_move == 0]
    assert any(r.outcome.adjudication.successful for r in mine)
    b, _ = game(3)
    assert a == b

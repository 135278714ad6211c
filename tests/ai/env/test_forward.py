"""ai.env.forward: the OpenSpiel-style forward model (issue 58 item 4) -- hashable states,
``apply(state, decision, noise_draw)`` with the noise an explicit chance outcome, ``returns``,
``current_player``, the legal calls."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ai.agent import Decision
from ai.env import forward
from ai.env.forward import TERMINAL_PLAYER, NoiseDraw, sample_noise
from ai.games.records import recorded_strike
from ai.games.series import Series
from ai.noise import NOISE_DIMS, NoiseModel
from ai.registry import make_agent
from engine import Call, GameOutcome, GameState, initial_state, read_record
from engine.state import PairState
from sim import Strike
from tests.cli.clihelp import run_main

BREAK = Decision(Call("4", "FL", "clean"), Strike(speed_mps=6.0, phi_rad=0.0),
                 placement=(0.5, 0.889))


def _record_of_play(tmp_path, seed, strokes):
    path = tmp_path / "game.jsonl"
    code, out, err = run_main("play", "--seed", seed, "--agent-a", "greedy", "--agent-b",
                              "random", "--max-strokes", strokes, "--record", path, "--quiet")
    assert code == 0, err
    return read_record(path)


def test_apply_with_the_drawn_noise_reproduces_pyramid_play(tmp_path, sim):
    """``pyramid play --seed 7`` draws everything from one generator seeded with
    ``SeedSequence(7)``: the lot for the breaker, then for each stroke the agent's choices and
    the stroke's noise.  The forward model, fed the same generator, plays the same strokes:
    the same strikes played, the same states, bit for bit."""
    record = _record_of_play(tmp_path, 7, 4)
    assert len(record.strokes) == 4
    rng = np.random.default_rng(np.random.SeedSequence(7))
    state = Series(1).chained_game(0, None, rng)  # as pyramid play starts its first game
    agents = [make_agent("greedy", sim), make_agent("random", sim)]
    skill = NoiseModel.for_skill("strong")  # play's default --skill-a / --skill-b
    for k, line in enumerate(record.strokes):
        assert state == line.state_before, f"stroke {k + 1}: another state"
        player = forward.current_player(state)
        assert player == line.player
        decision = agents[player].decide(state, rng)
        draw = sample_noise(rng, skill, decision)
        assert len(draw.z) == NOISE_DIMS
        report = forward.play(state, decision, draw, sim)
        assert recorded_strike(report.played) == line.strike, f"stroke {k + 1}"
        assert report.outcome.adjudication.fouls == line.fouls
        state = forward.apply(state, decision, draw, sim)
        assert state == report.state_after
    assert dict(state.balls) == {b: tuple(p) for b, p in
                                 record.strokes[-1].outcome.final.items()}


def test_a_given_noise_draw_is_the_chance_outcome(sim):
    """The draw is a typed value: the same draw gives the same state (equal, hashing equal);
    another draw another stroke; no noise plays the strike as meant."""
    state = initial_state()
    z = (0.3, -1.2, 0.0, 0.5, -0.5)
    draw = NoiseDraw(z, NoiseModel.for_skill("club"))
    a = forward.apply(state, BREAK, draw, sim)
    b = forward.apply(state, BREAK, NoiseDraw(np.array(z), NoiseModel(magnitude=2.0)), sim)
    assert a == b and hash(a) == hash(b) and a is not b
    assert {a: "seen"}[b] == "seen"  # a transposition table's key
    played = forward.play(state, BREAK, draw, sim).played
    assert played == NoiseModel(magnitude=2.0).apply(BREAK.strike, np.array(z),
                                                     sim.physics.miscue_offset)
    assert forward.play(state, BREAK, NoiseDraw.none(), sim).played == BREAK.strike
    other = forward.apply(state, BREAK, NoiseDraw((2.0, 0, 0, 0, 0), draw.noise), sim)
    assert other != a
    assert state == initial_state()  # the old state is the undo: unchanged


def test_sampling_draws_as_self_play_does():
    rng = np.random.default_rng(5)
    again = np.random.default_rng(5)
    draw = sample_noise(rng, "strong")
    assert draw.z == tuple(NoiseModel().draw(again))
    tush = Decision(None, None)
    before = rng.bit_generator.state
    assert sample_noise(rng, "strong", tush).z == ()  # a tush draws nothing
    assert sample_noise(rng, "perfect").z == ()  # nor does a perfect player
    assert rng.bit_generator.state == before


@pytest.mark.parametrize("bad, field", [((1.0, 2.0), "noise_draw.z"),
                                        ((0, 0, 0, 0, float("nan")), "noise_draw.z")])
def test_a_bad_noise_draw_is_refused(bad, field):
    with pytest.raises(ValueError, match=field):
        NoiseDraw(bad)


def test_apply_refuses_what_is_not_a_stroke(sim):
    state = initial_state()
    with pytest.raises(ValueError, match="noise_draw must be"):
        forward.apply(state, BREAK, np.random.default_rng(0), sim)
    over = dataclasses.replace(state, result=GameOutcome.win(0, "R9.1"))
    with pytest.raises(ValueError, match="the game is over"):
        forward.apply(over, BREAK, NoiseDraw.none(), sim)


def test_current_player_and_returns_in_each_variant():
    two = initial_state(breaker=1)
    assert forward.current_player(two) == 1 and forward.n_players(two) == 2
    assert forward.returns(two) == (0.0, 0.0)
    won = dataclasses.replace(two, result=GameOutcome.win(1, "R9.1"))
    assert forward.current_player(won) == TERMINAL_PLAYER and forward.is_terminal(won)
    assert forward.returns(won) == (-1.0, 1.0)
    assert forward.legal_actions(won) == []
    drawn = dataclasses.replace(two, result=GameOutcome.drawn("R9.2"))
    assert forward.returns(drawn) == (0.0, 0.0)

    three = initial_state("three-each", breaker=2)
    assert forward.current_player(three) == 2 and forward.n_players(three) == 3
    ranked = dataclasses.replace(three, result=GameOutcome.ranked((2, 0, 1), "R12.1"))
    assert forward.returns(ranked) == (0.0, -1.0, 1.0)

    pair = initial_state("one-vs-pair")
    assert forward.n_players(pair) == 3 and forward.current_player(pair) == 0
    at_table = dataclasses.replace(pair, to_move=1, pair=PairState(partner=1))
    assert forward.current_player(at_table) == 2  # partner B plays the pair's turn (R12.2)
    pair_won = dataclasses.replace(pair, result=GameOutcome.win(1, "R9.1"))
    assert forward.returns(pair_won) == (-1.0, 1.0, 1.0)  # the partners share their side's


def test_legal_actions_are_the_masked_calls():
    state = initial_state()
    calls = forward.legal_calls(state)
    indices = forward.legal_actions(state)
    assert indices == sorted(indices) and len(indices) > 0
    assert all(c is not None for c in calls)


def test_every_state_of_a_game_hashes(sim):
    """GameState is hashable (its balls a frozen mapping, its lists tuples): each state of a
    played game hashes, and its JSON round trip gives an equal state with the same hash."""
    rng = np.random.default_rng(11)
    agent = make_agent("random", sim)
    state = forward.new_initial_state()
    seen = set()
    for _ in range(6):
        decision = agent.decide(state, rng)
        state = forward.apply(state, decision, sample_noise(rng, "club", decision), sim)
        copy = GameState.from_json(state.to_json())
        assert copy == state and hash(copy) == hash(state)
        seen.add(state)
        if state.game_over:
            break
    assert len(seen) >= 2

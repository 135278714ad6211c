"""Issue 53, item 2: a game state is a hashable value -- its variant, call mode and pair order
typed as their enums, its balls a mapping that cannot change, its result a GameOutcome -- and
its JSON form is unchanged."""
from __future__ import annotations

import json
import pickle
from dataclasses import replace

import pytest

from engine import GameState, initial_state
from engine.frozen import FrozenBalls
from engine.kinds import CallMode, PairOrder, Variant
from engine.outcome import GameOutcome


@pytest.mark.parametrize("variant", list(Variant))
def test_a_state_hashes_and_equal_states_hash_equal(variant):
    s = initial_state(variant)
    again = GameState.from_json(json.loads(json.dumps(s.to_json())))
    assert again == s and hash(again) == hash(s)
    assert len({s, again, replace(s, scores=tuple(x + 1 for x in s.scores))}) == 2


def test_a_finished_state_hashes_with_its_result():
    s = replace(initial_state(), result=GameOutcome.win(0, "R9.1"))
    assert hash(s) == hash(GameState.from_json(s.to_json()))
    assert isinstance(GameState.from_json(s.to_json()).result, GameOutcome)


def test_the_fields_are_typed_as_their_enums():
    s = GameState.from_json(initial_state(Variant.ONE_VS_PAIR, "ball-and-pocket",
                                          pair_order="alternate").to_json())
    assert type(s.variant) is Variant and type(s.call_mode) is CallMode
    assert type(s.pair.order) is PairOrder
    # a plain string given in Python becomes its member too
    built = replace(s, variant="two-player", call_mode="exact", pair=None)
    assert type(built.variant) is Variant and type(built.call_mode) is CallMode


def test_the_balls_cannot_change_and_the_json_is_the_same():
    s = initial_state()
    assert type(s.balls) is FrozenBalls
    with pytest.raises(TypeError):
        s.balls["cue"] = (1.0, 0.5)
    with pytest.raises(TypeError):
        s.balls.pop("4")
    copy = dict(s.balls)  # a changeable copy
    copy.pop("4")
    assert "4" in s.balls and json.dumps(s.balls) == json.dumps(dict(s.balls))
    assert pickle.loads(pickle.dumps(s)) == s  # a process pool's worker gets the same state


def test_a_result_given_as_a_mapping_is_refused():
    with pytest.raises(TypeError, match="GameOutcome"):
        replace(initial_state(), result={"winner": 0})

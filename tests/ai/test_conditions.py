"""A match's conditions told to agents (issue 30 item 3): the noise of their strokes and the
time per game, the MC agent's use of them, and a tournament's game that tells them."""
from __future__ import annotations

import json

import pytest

from ai.agents.mc import MCAgent
from ai.agents.random_agent import RandomAgent
from ai.conditions import MIN_DECISIONS_LEFT, GameClock, GameConditions, tell_conditions
from ai.games.results_file import config_line
from ai.games.tournament import make_tasks, play_task, replay_task
from engine.record import parse_record

from .conftest import make_state


def test_conditions_round_trip_and_refuse_bad_fields():
    c = GameConditions(1, (1.0, 2.5), 30.0)
    assert c.skill == 2.5
    assert GameConditions.from_json(json.loads(json.dumps(c.to_json()))) == c
    for bad, field in (({**c.to_json(), "side": 2}, "side"), ({**c.to_json(), "skills": []},
                                                                "skills"),
                       ({**c.to_json(), "skills": [1.0, -1]}, "skills"),
                       ({**c.to_json(), "time_per_game_s": 0}, "time_per_game_s"),
                       ({**c.to_json(), "time_per_game_s": True}, "time_per_game_s")):
        with pytest.raises(ValueError, match=f"conditions.{field}"):
            GameConditions.from_json(bad)


def test_clock_shares_the_time_left_over_the_balls_on_the_table():
    state = make_state({"cue": (1.0, 1.0), "7": (1.775, 0.35), "12": (3.0, 1.4)})
    clock = GameClock(8.0)
    assert clock.share_s(state) == pytest.approx(8.0 / MIN_DECISIONS_LEFT)  # 2 balls left
    clock.spend(6.0)
    assert clock.left_s == pytest.approx(2.0)
    assert clock.share_s(state) == pytest.approx(2.0 / MIN_DECISIONS_LEFT)
    clock.spend(5.0)
    assert clock.left_s == 0.0 and clock.share_s(state) > 0  # out of time: still a decision


def test_an_agent_without_the_hook_is_left_alone():
    assert tell_conditions(RandomAgent(), GameConditions(0, (1.0, 1.0), 5.0)) is False


def test_mc_takes_the_told_noise_unless_its_spec_sets_one_and_keeps_the_clock(rng):
    told = GameConditions(0, (4.0, 4.0), 3.0)
    free, pinned = MCAgent(budget=30), MCAgent(budget=30, skill="strong")
    assert free.noise.magnitude == pinned.noise.magnitude == 1.0
    assert tell_conditions(free, told) and tell_conditions(pinned, told)
    assert free.noise.magnitude == 4.0 and pinned.noise.magnitude == 1.0
    assert free.clock == GameClock(3.0)
    state = make_state({"cue": (1.775, 1.0), "7": (1.775, 0.35), "12": (3.0, 1.4)})
    seen = []
    search = free.analyse

    def spy(*args, **kw):
        seen.append(free.options.time_budget)
        return search(*args, **kw)

    free.analyse = spy
    free.decide(state, rng)
    assert seen == [pytest.approx(3.0 / MIN_DECISIONS_LEFT)]  # its share was its deadline
    assert free.options.time_budget is None  # its own options are back
    assert 0 < free.clock.spent_s < 3.0


def test_a_tournament_game_with_a_time_per_game_tells_it_and_marks_over_time():
    header = config_line(["random", "greedy"], 1, 4, call_mode="exact",
                         table="pyramid-12ft", skill=2.0, max_strokes=6, time_per_game_s=9.5)
    task = replay_task(header, 0, "r.jsonl")
    assert task.time_per_game_s == 9.5 and task.conditions(1) == GameConditions(1, (2.0, 2.0),
                                                                                9.5)
    played = play_task(task)
    assert played.line["over_time"] == [False, False]
    record = parse_record(played.record)
    assert [GameConditions.from_json(c) for c in record.header["conditions"]] == \
        [task.conditions(0), task.conditions(1)]
    # without a time per game: no over_time, and the results header is as before
    plain = make_tasks(["random", "greedy"], 1, 4, max_strokes=6)[0]
    assert "over_time" not in play_task(plain).line
    assert "time_per_game_s" not in config_line(["a", "b"], 1, 0, skill=1.0)

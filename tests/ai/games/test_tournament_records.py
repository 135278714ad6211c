"""A tournament's records (issue 30 item 3): numbering, file names, the header that names the
game and its seeds, and what a results header must hold for a game to be played again."""
from __future__ import annotations

import pytest

from ai.games.results_file import ResultsFileError, config_line
from ai.games.tournament import make_tasks, play_task, replay_task
from ai.games.tournament_records import (TournamentGame, game_number, pair_and_game,
                                        record_name)
from engine.record import parse_record

SPECS = ["random", "random:name=r2", "greedy"]


def test_numbers_follow_the_planned_order():
    tasks = make_tasks(SPECS, 4, 9)
    for n, t in enumerate(tasks):
        assert game_number(t.pair, t.game, 4) == n
        assert pair_and_game(n, 4) == (t.pair, t.game)


def test_record_names_sort_in_game_order_and_are_safe():
    assert record_name(7, 30, ["greedy", "random"]) == "game-0007-greedy-vs-random.jsonl"
    assert record_name(7, 123456, ["greedy", "random"]).startswith("game-000007-")
    name = record_name(0, 2, ["path/to/my agent.py:Mine:depth=2", "mc:budget=100,skill=club"])
    assert "/" not in name and " " not in name and "," not in name and ":" not in name
    assert name.startswith("game-0000-my_agent.py_Mine_depth=2-vs-mc_budget=100")
    # two settings of one agent keep apart (the tables' labels)
    assert record_name(0, 1, ["mc:budget=100", "mc:budget=200"]).endswith(
        "mc_budget=100-vs-mc_budget=200.jsonl")
    assert record_name(0, 1, ["random:name=a b", "random:name=../x"]) == \
        "game-0000-a_b-vs-x.jsonl"


def test_tournament_game_round_trips_and_refuses_bad_fields():
    g = TournamentGame(5, 2, 3, 4, (1, 2))
    assert g.number == 11 and g.game_seed == [5, 2, 3]
    assert TournamentGame.from_json(g.to_json()) == g
    for bad in ({**g.to_json(), "seed": -1}, {**g.to_json(), "pair": True},
                {**g.to_json(), "agents": [1]}, "x"):
        with pytest.raises(ValueError, match="header.tournament"):
            TournamentGame.from_json(bad)


def test_replay_task_is_the_planned_task_with_its_record():
    header = config_line(SPECS, 2, 13, call_mode="exact", table="pyramid-12ft", skill=1.0,
                         max_strokes=30)
    for n, planned in enumerate(make_tasks(SPECS, 2, 13, call_mode="exact",
                                           table="pyramid-12ft", skill=1.0, max_strokes=30)):
        task = replay_task(header, n, "r.jsonl")
        assert task.keep_record and task == type(task)(**{**planned.__dict__,
                                                          "keep_record": True})
    with pytest.raises(ResultsFileError, match=r"--game 6: r.jsonl plans games 0..5"):
        replay_task(header, 6, "r.jsonl")
    for key in ("agents", "games", "seed", "call_mode", "table", "skill", "max_strokes"):
        with pytest.raises(ResultsFileError, match=f"no '{key}'"):
            replay_task({k: v for k, v in header.items() if k != key}, 0, "r.jsonl")
    with pytest.raises(ResultsFileError, match="'games' = True"):
        replay_task({**header, "games": True}, 0, "r.jsonl")


def test_a_kept_record_names_its_game_and_a_task_without_keeps_none():
    task = make_tasks(["random", "random:name=r2"], 2, 21, keep_record=True,
                      max_strokes=6)[1]
    played = play_task(task)
    record = parse_record(played.record)
    assert record.header["seed"] == 21
    assert TournamentGame.from_json(record.header["tournament"]) == task.tournament_game
    assert len(record.strokes) == played.line["n_strokes"] and record.result["sha256"]
    assert play_task(make_tasks(["random", "random:name=r2"], 2, 21, max_strokes=6)[1]
                     ).record is None

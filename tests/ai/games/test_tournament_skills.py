"""A handicap match (``pyramid tournament --skills``): each agent's strokes get its own
execution noise, each side is told both, the results header keeps them, a game played again
from it is the same; a header with malformed skills is refused naming the field."""
from __future__ import annotations

import pytest

from ai.conditions import GameConditions
from ai.games.results_file import ResultsFileError, config_line
from ai.games.tournament import make_tasks, play_task, replay_task
from engine.record import parse_record

AGENTS = ["greedy", "random"]


def _noise(stroke) -> float:
    """How far the executed stroke was from the intended one (the story's noise)."""
    return sum(abs(v) for k, v in stroke.extra["story"]["noise"].items()
               if k in ("speed_mps", "phi_rad", "elevation_rad", "side", "vertical"))


def test_each_side_plays_with_its_own_noise_and_is_told_both():
    task = make_tasks(AGENTS, 2, 4, keep_record=True, skills=[0.0, 4.0], max_strokes=40)[1]
    assert task.side_skills == (0.0, 4.0)
    assert task.conditions(1) == GameConditions(1, (0.0, 4.0), None)
    played = play_task(task)
    record = parse_record(played.record)
    assert [GameConditions.from_json(c) for c in record.header["conditions"]] == \
        [task.conditions(0), task.conditions(1)]
    by_side = {side: [_noise(s) for s in record.strokes if s.player == side and s.strike]
               for side in (0, 1)}
    assert by_side[0] and by_side[1]
    assert all(n == 0.0 for n in by_side[0])  # the noiseless side
    assert all(n > 0.0 for n in by_side[1])


def test_without_skills_both_sides_play_with_skill_and_the_header_is_as_before():
    task = make_tasks(AGENTS, 1, 4, skill=2.0, max_strokes=6)[0]
    assert task.skills is None and task.side_skills == (2.0, 2.0)
    assert "skills" not in config_line(AGENTS, 1, 0, skill=1.0)


def test_the_game_played_again_from_the_header_is_the_same():
    header = config_line(AGENTS, 2, 4, call_mode="exact", table="pyramid-12ft", skill=1.0,
                         max_strokes=40, skills=[0.0, 4.0])
    task = replay_task(header, 1, "r.jsonl")
    assert task.side_skills == (0.0, 4.0)
    timing = ("elapsed_s", "decision_s")
    first, again = (
        {k: v for k, v in play_task(task).line.items() if k not in timing} for _ in range(2))
    assert again == first and first["scores"]
    # the pairing's order decides each side's noise, not the agent's name
    three = make_tasks(["a", "b", "c"], 1, 0, skills=[0.5, 1.0, 2.0])
    assert [t.side_skills for t in three] == [(0.5, 1.0), (0.5, 2.0), (1.0, 2.0)]


@pytest.mark.parametrize("skills", [[1.0], [1.0, -0.5], [1.0, True], "1.0,2.0",
                                    [1.0, float("nan")]])
def test_a_header_with_malformed_skills_is_refused_naming_them(skills):
    header = config_line(AGENTS, 1, 4, call_mode="exact", table="pyramid-12ft", skill=1.0,
                         max_strokes=6, skills=skills)
    with pytest.raises(ResultsFileError, match="'skills'"):
        replay_task(header, 0, "r.jsonl")

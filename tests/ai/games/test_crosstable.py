"""ai.games.crosstable: head-to-head points, draws half each."""
import pytest

from ai.games.crosstable import crosstable


def test_points_and_games_per_pair():
    t = crosstable(["a", "b", "c"], [(0, 1, 1.0), (1, 0, 0.5), (0, 2, 0.0), (2, 1, 1.0)])
    assert t.points[0][1] == 1.5 and t.points[1][0] == 0.5
    assert t.games[0][1] == t.games[1][0] == 2
    assert t.points[2][0] == 1.0 and t.points[2][1] == 1.0 and t.points[1][2] == 0.0
    # every game hands out one point in all
    total_games = sum(map(sum, t.games)) / 2
    assert sum(map(sum, t.points)) == pytest.approx(total_games)
    text = t.format(order=[2, 0, 1])
    lines = text.splitlines()
    assert lines[2].split()[1] == "c" and "1/1" in lines[2]
    assert "1.5/2" in lines[3] and "x" in lines[3]
    assert t.to_json()["points"][0][1] == 1.5


def test_a_game_against_oneself_is_refused():
    with pytest.raises(ValueError):
        crosstable(["a", "b"], [(1, 1, 1.0)])


def test_two_settings_of_one_file_agent_read_apart():
    """Issue 30, item 4: both rows were ``my_agent.py:EasiestPot...``."""
    a = "/home/me/agents/my_agent.py:EasiestPot:budget=10"
    b = "/home/me/agents/my_agent.py:EasiestPot:budget=20"
    lines = crosstable([a, b], [(0, 1, 1.0)]).format().splitlines()
    assert "budget=10" in lines[2] and "budget=20" in lines[3]

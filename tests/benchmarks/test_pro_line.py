"""The pro line benchmark's pieces (benchmarks/pro_line.py): which balls are open, which
positions leave room for three pots, what a line's figures count as a run of three, and the
shipped set is what its filter keeps."""
from dataclasses import replace

import pytest

from benchmarks import pro_line as pl
from engine import initial_state
from russian_pyramid.app.suggest import state_to_suggest

# a corner pocket's mouth is near (0, 0): ball 2 on its diagonal, the cue ball behind it
NEAR = (0.30, 0.30)
BEHIND = (0.80, 0.80)


def _state(balls: dict, scores=(0, 0)):
    return replace(initial_state(), balls=balls, scores=scores, break_pending=False)


def test_a_ball_is_open_when_its_clean_pot_is_clear_and_not_when_blocked():
    free = _state({"cue": BEHIND, "2": NEAR})
    assert pl.open_balls(free) == ["2"]
    # ball 3 halfway along the cue ball's path to the ghost ball blocks 2 (and 2 blocks 3)
    assert pl.open_balls(_state({"cue": BEHIND, "2": NEAR, "3": (0.55, 0.55)})) == []
    assert "2" in pl.open_balls(_state({"cue": BEHIND, "2": NEAR, "3": (0.55, 1.2)}))
    assert pl.open_balls(_state({"2": NEAR})) == []  # the cue ball in hand: none


def test_room_for_three_is_the_three_best_balls_short_of_the_target():
    balls = {"cue": BEHIND, "2": NEAR, "13": (1.0, 0.5), "14": (1.5, 0.5), "15": (2.0, 0.5)}
    assert pl.room_for_three(_state(balls, (0, 60)))
    assert not pl.room_for_three(_state(balls, (29, 0)))  # 29 + 15 + 14 + 13 = 71
    assert pl.room_for_three(_state(balls, (28, 0)))


def test_a_run_of_three_is_three_steps_each_likelier_to_pot_than_not():
    assert pl.verdict([0.9, 0.5, 0.8]) == {"chance_three": 0.36, "runs_three": True,
                                           "shows_three": True}
    assert pl.verdict([0.9, 0.49, 0.8])["runs_three"] is False
    assert pl.verdict([0.9, 0.49, 0.8])["shows_three"] is True
    assert pl.verdict([1.0, 1.0]) == {"chance_three": 0.0, "runs_three": False,
                                      "shows_three": False}
    assert pl.verdict([1.0, 0.0, 1.0])["shows_three"] is False


def test_the_shipped_set_is_twenty_positions_its_filter_keeps():
    doc = pl.load_set()
    assert doc["version"] == pl.VERSION and len(doc["positions"]) == 20
    assert "--make" in doc["made_by"] and doc["magnitude"] == 0.25
    for p in doc["positions"]:
        state = state_to_suggest(p)  # as pyramid suggest reads it
        assert "cue" in state.balls and not state.game_over
        assert len(pl.open_balls(state)) >= pl.MIN_OPEN and pl.room_for_three(state)


@pytest.mark.parametrize("argv, field", [(["--set", __file__], "--set"),
                                         (["--skill", "ace"], "--skill"),
                                         (["--line", "2"], "--line")])
def test_bad_input_exits_2_naming_the_option(argv, field, capsys):
    with pytest.raises(SystemExit) as exc:
        pl.main(argv)
    assert exc.value.code == 2 and field in capsys.readouterr().err

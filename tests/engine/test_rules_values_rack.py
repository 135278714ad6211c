"""R1 equipment and values, R2 rack, game-state JSON."""
import json
import math

import pytest

from engine import GameState, initial_state, MalformedInputError
from engine.state import RACK_ORDER, points_accounted
from engine.values import OBJECT_BALLS, TOTAL_POINTS, ball_value, balls_value
from rules_helpers import L, R, SPEC, W, make_state


def test_R1_1_sixteen_balls_in_the_rack():
    """R1.1: 15 object balls numbered 1..15 and one cue ball."""
    s = initial_state()
    assert sorted(s.balls, key=lambda b: int(b)) == [str(k) for k in range(1, 16)]
    assert s.cue_in_hand  # the cue ball is the 16th, placed from hand for the break


def test_R1_2_values_and_total_140():
    """R1.2: ball 1 scores 11, the others their number; all points together 140."""
    assert ball_value("1") == 11
    assert ball_value("15") == 15 and ball_value("7") == 7
    assert balls_value(OBJECT_BALLS) == 130
    assert TOTAL_POINTS == 140
    s = initial_state()
    assert s.table_points() == 140  # including the last-ball bonus still to be won
    assert points_accounted(s) == 140


def test_R1_3_spots():
    """R1.3: first spot at L/4, centre, third spot at 3L/4 on the long axis."""
    assert SPEC.first_spot == pytest.approx((L / 4, W / 2))
    assert SPEC.third_spot == pytest.approx((3 * L / 4, W / 2))
    assert SPEC.house_line_x == pytest.approx(L / 4)


def test_R2_1_tight_triangle_apex_on_third_spot():
    """R2.1: frozen triangle, apex on the third spot, base toward the far cushion."""
    s = initial_state()
    assert s.balls["4"] == pytest.approx(SPEC.third_spot)
    # neighbours in the triangle touch: distance exactly 2R
    assert math.dist(s.balls["4"], s.balls["5"]) == pytest.approx(2 * R)
    assert math.dist(s.balls["5"], s.balls["6"]) == pytest.approx(2 * R)
    base_x = {round(s.balls[b][0], 9) for b in RACK_ORDER[4]}
    assert len(base_x) == 1 and base_x.pop() > s.balls["4"][0]


def test_R2_2_rack_order_rows_left_to_right_decreasing_y():
    """R2.2: 4 / 5 6 / 7 15 8 / 9 14 13 10 / 2 1 12 11 3; left as seen from the house is +y."""
    s = initial_state()
    assert RACK_ORDER[2] == ("7", "15", "8")
    for row in RACK_ORDER:
        ys = [s.balls[b][1] for b in row]
        assert ys == sorted(ys, reverse=True)
        xs = {round(s.balls[b][0], 9) for b in row}
        assert len(xs) == 1
    assert s.balls["2"][1] > s.balls["3"][1]  # 2 on the left corner of the base, 3 on the right


def test_state_json_round_trip_initial_and_mid_game(mid):
    for s in (initial_state(), initial_state("three-each"),
              initial_state("one-vs-pair", call_mode="ball-and-pocket"), mid):
        again = GameState.from_json(json.loads(json.dumps(s.to_json())))
        assert again == s


def test_state_json_has_contract_fields(mid):
    j = mid.to_json()
    for key in ("table", "balls", "cue_in_hand", "scores", "to_move", "call_mode", "target",
                "shelves", "variant"):
        assert key in j
    assert j["balls"]["cue"] == [1.20, 0.60]


@pytest.mark.parametrize("patch, field", [
    ({"balls": {"cue": [0.1, "x"]}}, "balls.cue"),
    ({"balls": {"16": [1.0, 1.0]}}, "balls key"),
    ({"balls": {"cue": [9.0, 1.0]}}, "balls.cue"),
    ({"balls": {"cue": [1.0, 1.0], "5": [1.01, 1.0]}}, "balls.cue"),
    ({"scores": [1]}, "scores"),
    ({"call_mode": "loose"}, "call_mode"),
    ({"to_move": 2}, "to_move"),
    ({"shelves": [["5"], []], "balls": {"cue": [1.0, 1.0], "5": [2.0, 1.0]}}, "shelves[0]"),
])
def test_malformed_state_names_field(patch, field):
    obj = {"balls": {"cue": [1.0, 1.0]}, "cue_in_hand": False, "scores": [0, 0], "to_move": 0,
           "call_mode": "exact", "shelves": [[], []], "variant": "two-player"}
    obj.update(patch)
    with pytest.raises(MalformedInputError) as err:
        GameState.from_json(obj)
    assert field in str(err.value)


def test_nan_position_refused():
    obj = {"balls": {"cue": [float("nan"), 1.0]}, "scores": [0, 0], "to_move": 0}
    with pytest.raises(MalformedInputError, match="balls.cue"):
        GameState.from_json(obj)


def test_cue_in_hand_coordinates_ignored():
    s = make_state({"cue": (2.0, 1.0), "5": (3.0, 1.0)}, cue_in_hand=True)
    assert "cue" not in s.balls

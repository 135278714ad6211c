"""engine.stroke_from_json: an event log from a user is checked, never a crash (issue 15)."""
import pytest

from engine import MalformedInputError, initial_state, stroke_from_json

BAD_POSITIONS = [[], [1.0], "xy", [1, 2, 3], ["a", "b"], {"x": 1}]


@pytest.mark.parametrize("kind", ["ball-ball", "pocket", "line-cross", "strike", "cushion"])
@pytest.mark.parametrize("position", BAD_POSITIONS)
def test_an_event_position_that_is_not_x_y_is_refused_naming_the_event(kind, position):
    event = {"kind": kind, "time_s": 0.1, "position": position, "pocket": "FL",
             "cushion": "NL-ML", "balls": ["cue", "1"] if kind == "ball-ball" else ["cue"]}
    with pytest.raises(MalformedInputError, match=r"stroke\.events\[0\]"):
        stroke_from_json({"events": [event]}, initial_state())


def test_a_huge_bad_event_is_quoted_short():
    event = {"kind": "strike", "time_s": 0.0, "balls": ["cue"], "position": [],
             "note": "x" * 1_000_000}
    with pytest.raises(MalformedInputError) as info:
        stroke_from_json({"events": [event]}, initial_state())
    assert len(str(info.value)) < 1000

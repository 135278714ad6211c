"""russian_pyramid.photo.balls: which ball is the cue ball, by its colour."""
import pytest

from russian_pyramid.photo.balls import (CUE_SAT_MIN, CUE_SAT_STANDOUT_MIN, CUE_SAT_STANDOUT_RATIO,
                                 Ball, cue_index)


def _balls(*saturations):
    return [Ball(x_m=0.1 * i, y_m=0.5, u_px=10.0 * i, v_px=10.0, radius_px=5.0, saturation=s,
                 hue=25.0, confidence=0.9) for i, s in enumerate(saturations)]


@pytest.mark.parametrize("saturations,cue", [
    ((0.15, 0.62, 0.20), 1),  # a cue ball as most are (median 0.68 over 227 photos)
    ((0.45, 0.44), 0),  # saturated enough: the most saturated, however near the next
    ((0.32, 0.17, 0.12), 0),  # washed out by the lamps, but standing out (seed 9013 case_000)
    ((0.30, 0.26, 0.10), None),  # as pale, but a numbered ball nearly as saturated
    ((0.25, 0.10), None),  # too pale to be told from a numbered ball's tint
    ((0.33,), 0),  # alone on the table
    ((), None),
])
def test_the_cue_ball_is_the_most_saturated_if_saturated_or_standing_out(saturations, cue):
    # the pale cases lie between the two floors, and 0.26 is within the ratio of 0.30
    assert CUE_SAT_STANDOUT_MIN <= 0.30 < 0.33 < CUE_SAT_MIN and 0.30 < CUE_SAT_STANDOUT_RATIO * 0.26
    assert cue_index(_balls(*saturations)) == cue

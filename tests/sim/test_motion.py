"""Motion of a single ball against closed-form laws [LG2006; Alciatore TP A.4 (5/7 natural
roll), TP 4.1 (slide distance)]."""
import math

import pytest

from sim import Strike
from sim.events import EventKind
from sim.physics.motion import evolve, state_duration
from sim.layout import SLIDING, ROLLING

from .helpers import first, motion_after

START = (0.5, 0.8875)


@pytest.mark.parametrize("speed", [0.5, 1.5, 3.0])
def test_centre_hit_reaches_natural_roll_at_five_sevenths(simulator, speed):
    """A centre-ball hit slides, then rolls at 5/7 of its initial speed (Alciatore TP A.4)."""
    v0 = simulator.cue_ball_motion(Strike(speed, 0.0))[0]
    result = simulator.simulate({"cue": START}, Strike(speed, 0.0))
    roll = first(result, EventKind.SLIDE_ROLL, "cue")
    assert roll is not None
    state = motion_after(simulator, result, roll, "cue")
    assert math.hypot(state.vx, state.vy) == pytest.approx(5 / 7 * v0, rel=1e-9)
    # Rolling without slip: w x R matches v.
    assert state.wy * simulator.table.ball_radius_m == pytest.approx(state.vx, rel=1e-9)


def test_sliding_and_rolling_distances_match_closed_forms(simulator):
    """Sliding covers 12 v0^2 / (49 mu_s g) (Alciatore TP 4.1); rolling then covers
    v^2 / (2 mu_r g)."""
    p = simulator.physics
    g = p.gravity_mps2
    speed = 0.8  # stops well short of the far cushion
    v0 = simulator.cue_ball_motion(Strike(speed, 0.0))[0]
    result = simulator.simulate({"cue": START}, Strike(speed, 0.0))
    roll = first(result, EventKind.SLIDE_ROLL, "cue")
    slide_distance = roll.position[0] - START[0]
    assert slide_distance == pytest.approx(12 * v0 ** 2 / (49 * p.mu_slide * g), rel=1e-9)
    assert roll.time_s == pytest.approx(2 * v0 / (7 * p.mu_slide * g), rel=1e-9)
    v_roll = 5 / 7 * v0
    stop_x = result.final["cue"][0]
    assert stop_x - roll.position[0] == pytest.approx(v_roll ** 2 / (2 * p.mu_roll * g), rel=1e-9)
    assert result.duration_s == pytest.approx(roll.time_s + v_roll / (p.mu_roll * g), rel=1e-9)


def test_follow_at_two_fifths_rolls_at_once(simulator):
    """A tip offset of 2R/5 above centre gives natural roll straight from the cue."""
    result = simulator.simulate({"cue": START}, Strike(1.0, 0.0, vertical=0.4))
    assert result.segments[0][2] == ROLLING
    assert result.events[1].kind in (EventKind.BALL_CUSHION, EventKind.ROLL_STOP)


def test_draw_reverses_sliding_ball():
    """With enough backspin the friction brings the ball back: v(t) changes sign while sliding."""
    from sim.params import PhysicsParams, kernel_params
    params = kernel_params(PhysicsParams(), 0.034, 0.285, 0.042)
    R = 0.034
    v0, wy0 = 1.0, -3.0 / R  # backspin three times natural roll
    T = state_duration(SLIDING, v0, 0.0, 0.0, wy0, 0.0, params)
    end = evolve(SLIDING, 0.0, 0.0, v0, 0.0, 0.0, wy0, 0.0, T, params)
    # Closed form: u0 = v0 - R w0 = 4 m/s; v(T) = v0 - mu g T = v0 - 2 u0 / 7.
    assert end[2] == pytest.approx(v0 - 2 * (v0 - R * wy0) / 7, rel=1e-12)
    assert end[2] < 0
    assert end[5] * R == pytest.approx(end[2], rel=1e-12)  # rolling backwards at the end


def test_side_spin_decays_in_place(simulator):
    """A spinning ball (vertical axis only) stops after |w| / (5 mu_sp g / 2R)."""
    from sim.params import kernel_params
    from sim.layout import SPINNING
    params = simulator.params
    p = simulator.physics
    R = simulator.table.ball_radius_m
    T = state_duration(SPINNING, 0.0, 0.0, 0.0, 0.0, 20.0, params)
    assert T == pytest.approx(20.0 / (2.5 * p.mu_spin * p.gravity_mps2 / R))

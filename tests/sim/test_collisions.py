"""Ball-ball and ball-cushion impacts against published laws and closed forms."""
import math

import pytest

from sim import PhysicsParams, Simulator, Strike
from sim.events import EventKind
from sim.physics.cushion_han2005 import resolve_cushion

from .helpers import aim, direction_deg, first, motion_after

R = 0.034


def _cut_position(cut_deg, distance=0.6):
    """Cue ball and object ball placed for a cut of ``cut_deg`` (0 = full ball) along +x."""
    obj = (2.0, 0.8875)
    # Ghost ball: 2R behind the object ball along the line of centres, rotated by the cut.
    c = math.radians(cut_deg)
    ghost = (obj[0] - 2 * R * math.cos(c), obj[1] - 2 * R * math.sin(c))
    cue = (ghost[0] - distance, ghost[1])
    return cue, obj


def _angles_after_contact(simulator, result):
    hit = first(result, EventKind.BALL_BALL)
    cue = motion_after(simulator, result, hit, "cue")
    obj = motion_after(simulator, result, hit, "7")
    return hit, cue, obj


def _stun_contact(simulator, cut_deg, speed):
    """Cue ball sliding without spin, a hair from a cut contact (it arrives as a pure stun)."""
    import numpy as np
    from sim.events import ball_index
    cue, obj = _cut_position(cut_deg, distance=0.0005)
    pos = np.zeros((16, 2))
    on = np.zeros(16, dtype=bool)
    pos[0], pos[7] = cue, obj
    on[0] = on[7] = True
    raw = simulator.run_arrays(pos, on, (speed, 0.0, 0.0, 0.0, 0.0))
    return cue, obj, simulator.result_from_raw(raw, on)


@pytest.mark.parametrize("cut_deg", [15, 30, 45])
def test_stun_shot_sends_balls_apart_at_ninety_degrees(cut_deg):
    """A stun (sliding, no spin) cue ball: cue and object ball leave at 90 deg (the 90-degree
    rule, Alciatore TP A.16) for perfectly elastic, frictionless balls.  Restitution e < 1
    leaves the cue ball (1 - e)/2 of its normal speed, closing the angle by
    atan((1 - e)/2 cot(cut)); throw closes it by a few degrees more."""
    simulator = Simulator()
    _, _, result = _stun_contact(simulator, cut_deg, 3.0)
    hit, c, o = _angles_after_contact(simulator, result)
    between = abs(direction_deg(c.vx, c.vy) - direction_deg(o.vx, o.vy))
    e = simulator.physics.e_ball
    closing = math.degrees(math.atan((1 - e) / 2 / math.tan(math.radians(cut_deg))))
    assert 90.0 - closing - 4.0 <= between <= 90.0 - closing + 0.5


def test_rolling_half_ball_hit_deflects_about_thirty_degrees():
    """The 30-degree rule (Alciatore TP A.23): a rolling cue ball hitting half-ball ends up
    about 30 deg (27-34 deg) from its original line once it rolls again."""
    simulator = Simulator()
    cue, obj = _cut_position(30.0, distance=0.8)
    result = simulator.simulate({"cue": cue, "7": obj}, Strike(2.0, 0.0, vertical=0.4))
    hit = first(result, EventKind.BALL_BALL)
    rolls = [ev for ev in result.events if ev.kind == EventKind.SLIDE_ROLL and ev.involves("cue")
             and ev.time_s > hit.time_s]
    state = motion_after(simulator, result, rolls[0], "cue")
    deflection = abs(direction_deg(state.vx, state.vy))
    assert 27.0 <= deflection <= 34.0


def test_straight_stun_shot_stops_the_cue_ball():
    """A full-ball stun shot stops the cue ball: it keeps only (1 - e)/2 of its speed and
    creeps on by the slide-then-roll distance of that speed (about a centimetre)."""
    simulator = Simulator()
    cue, obj, result = _stun_contact(simulator, 0.0, 3.0)
    hit = first(result, EventKind.BALL_BALL)
    c = motion_after(simulator, result, hit, "cue")
    assert c.vx == pytest.approx(3.0 * (1 - simulator.physics.e_ball) / 2, rel=1e-3)
    stop = next(ev for ev in result.events if ev.involves("cue") and ev.time_s > hit.time_s
                and ev.kind in (EventKind.ROLL_STOP, EventKind.SLIDE_STOP))
    p = simulator.physics
    u = c.vx
    creep = 12 * u ** 2 / (49 * p.mu_slide * p.gravity_mps2) + (5 * u / 7) ** 2 / (
        2 * p.mu_roll * p.gravity_mps2)
    # (rel 2 %: the cue ball picks up a trace of topspin sliding its last half millimetre)
    assert stop.position[0] - hit.position[0] == pytest.approx(creep, rel=2e-2)
    assert creep < 0.02
    assert stop.position[1] == pytest.approx(cue[1], abs=1e-9)


def test_cut_induced_throw_is_small_and_along_the_cue_ball_direction():
    """Friction throws the object ball off the line of centres by a few degrees (about 2-4
    deg for a slow stun cut, Alciatore TP A.14), toward the cue ball's direction of travel."""
    simulator = Simulator()
    cue, obj, result = _stun_contact(simulator, 30.0, 1.0)
    hit, c, o = _angles_after_contact(simulator, result)
    line = math.degrees(math.atan2(obj[1] - hit.position[1], obj[0] - hit.position[0]))
    throw = direction_deg(o.vx, o.vy) - line
    # The cue ball travels along +x, clockwise of the 30-degree line of centres.
    assert -5.0 < throw < -1.0


def test_han2005_stun_rebound_closed_form():
    """Perpendicular stun impact, sticking case of Han (2005): the normal speed after is
    v [(1+e) cos^2 t + (2/7) sin^2 t - 1] with sin t = h/R - 1, and nothing sideways."""
    simulator = Simulator()
    p = simulator.physics
    h = simulator.table.cushion_height_m
    s = h / R - 1
    c2 = 1 - s * s
    v = 1.3
    out, closing = resolve_cushion(-v, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, p.e_cushion, p.mu_cushion,
                                   simulator.params)
    assert closing
    expected = v * ((1 + p.e_cushion) * c2 + 2 / 7 * s * s - 1)
    assert out[0] == pytest.approx(expected, rel=1e-12)
    assert out[1] == 0.0 and out[4] == 0.0


def test_cushion_rebound_keeps_energy_below_incoming():
    """A rolling ball at 45 deg into a cushion leaves slower than it came, on the far side of
    the normal."""
    simulator = Simulator()
    start = (1.0, 0.6)
    result = simulator.simulate({"cue": start}, Strike(2.0, math.radians(-45), vertical=0.4))
    hit = first(result, EventKind.BALL_CUSHION)
    assert hit.cushion == "NR-MR"
    from sim.trajectory import states_at
    before = states_at(result.segments, hit.time_s - 1e-9, simulator.params)["cue"]
    after = motion_after(simulator, result, hit, "cue")
    assert after.vy > 0 and after.vx > 0
    assert math.hypot(after.vx, after.vy) < math.hypot(before.vx, before.vy)


def test_jaw_contact_is_reported_with_pocket_and_cushion(simulator):
    """A ball rolling along the long cushion into the NR corner meets the jaw of the short
    cushion (NR-NL) on its way in, and the log names both the pocket and the cushion."""
    start = (0.5, R + 0.0005)
    result = simulator.simulate({"cue": start}, Strike(1.0, math.pi, vertical=0.4))
    jaws = [ev for ev in result.events if ev.kind == EventKind.BALL_JAW]
    assert jaws and jaws[0].pocket == "NR" and jaws[0].cushion == "NR-NL"

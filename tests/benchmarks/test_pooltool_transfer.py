"""benchmarks/pooltool_transfer.py and pooltool_model.py: the parts that need no pooltool always; the stroke
mapping and the table in pooltool only where pooltool is installed (a separate environment,
see the module's docstring; never in the project's .venv)."""
import math

import numpy as np
import pytest

from benchmarks import pooltool_model as pm
from benchmarks import pooltool_transfer as tr
from engine.values import OBJECT_BALLS
from sim import PhysicsParams, Simulator, Strike


def test_frames_are_a_rotation_and_round_trip():
    W = 1.775
    for x, y in ((0.3, 0.2), (3.1, 1.6), (1.775, 0.0)):
        X, Y = pm.to_pt_xy(x, y, W)
        assert pm.from_pt_xy(X, Y, W) == pytest.approx((x, y))
    # a proper rotation: the x axis goes to +Y, the y axis to -X (handedness kept)
    (x0, y0), (x1, y1), (x2, y2) = (pm.to_pt_xy(*p, W) for p in ((0, 0), (1, 0), (0, 1)))
    cross = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
    assert cross == pytest.approx(1.0)


def test_random_positions_are_seeded_and_on_the_bed():
    sim = Simulator(tr.TABLE)
    a = tr.random_position(sim, np.random.default_rng(5))
    assert a == tr.random_position(sim, np.random.default_rng(5))
    assert "cue" in a and tr.MIN_BALLS <= len(a) - 1 <= tr.MAX_BALLS
    sim.check_position(a)
    state = tr.state_of(a)  # the rules core accepts it: every ball on the table or a shelf
    on_shelves = sorted(state.shelves[0] + state.shelves[1], key=int)
    assert sorted([b for b in a if b != "cue"] + on_shelves, key=int) == list(OBJECT_BALLS)
    assert max(state.scores) < state.target


def test_physics_option_changes_only_the_named_fields():
    p = tr.parse_physics("miscue_offset=0.5, e_tip=0.73")
    assert (p.miscue_offset, p.e_tip) == (0.5, 0.73)
    assert p.mu_slide == PhysicsParams().mu_slide
    assert tr.parse_physics("") == PhysicsParams()
    with pytest.raises(ValueError, match="name=value"):
        tr.parse_physics("e_tip")
    with pytest.raises(ValueError, match="physics.e_tips is not a physics parameter"):
        tr.parse_physics("e_tips=0.7")


def test_ratio_interval_brackets_the_ratio():
    num = np.array([0.5, 0.6, 0.7, 0.4, 0.55])
    den = np.array([0.5, 0.5, 0.8, 0.5, 0.6])
    lo, hi = tr.ratio_interval(num, den, seed=1)
    assert lo < num.sum() / den.sum() < hi
    assert (lo, hi) == tr.ratio_interval(num, den, seed=1)


def test_pooltool_cue_ball_leaves_as_ours_and_a_straight_pot_drops():
    pytest.importorskip("pooltool")
    for physics in (PhysicsParams(), PhysicsParams(miscue_offset=0.5, e_tip=0.73)):
        sim = Simulator(tr.TABLE, physics)
        engine = pm.pooltool_engine(sim)
        assert pm.check_cue_mapping(sim, engine) < 1e-9
    table = pm.pooltool_table(sim)
    balls = {"cue": (1.775, 0.6), "7": (1.775, 1.2)}  # straight at the middle pocket ML
    events, final = pm.pooltool_stroke(sim, engine, table, balls, Strike(1.5, math.pi / 2))
    assert final["7"] is None
    assert [e.pocket for e in events if e.is_pocketing][0] == "ML"


def test_a_position_with_few_balls_leaves_the_game_open():
    state = tr.state_of({"cue": (0.5, 0.5), "1": (1.0, 1.0), "2": (2.0, 1.0)})
    assert max(state.scores) < state.target and abs(state.scores[0] - state.scores[1]) <= 15

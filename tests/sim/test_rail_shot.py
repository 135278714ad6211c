"""The rail shot against speed and what would let it drop (sim/rail_shot.py, issue 55 item 1).
About 2 s."""
import dataclasses
import math

import numpy as np
import pytest

from sim import Simulator
from sim.api import Strike
from sim.measure import rail_shot
from sim.presets import PRESETS, POOL_9FT
from sim.rail_shot import (STRIKE_MPS, YIELD_STEP_M, at_nose_height, contact_time_needed_s,
                           far_jaw_normal_speed_mps, nose_height_radius_m, rail_shot_band,
                           struck_corner_jaw, with_corner_yield, yield_needed_m)
from sim.table import POCKET_IDS, TableSpec

NR = POCKET_IDS.index("NR")


def _nr_circles(geometry):
    return geometry.circles[geometry.circle_pocket == NR]


def test_the_section_at_the_working_edge():
    t = TableSpec()
    assert nose_height_radius_m(t) == pytest.approx(math.sqrt(0.034 ** 2 - 0.008 ** 2))
    assert nose_height_radius_m(t) * 1e3 == pytest.approx(33.045, abs=1e-3)


def test_at_nose_height_moves_the_noses_not_the_roundings_nor_the_slate_edge():
    t = TableSpec()
    n = at_nose_height(t)
    d = t.ball_radius_m - nose_height_radius_m(t)
    # the new frame's origin is the moved noses' corner: old points sit at +d, +d near NR
    shift = np.array([d, d])
    old, new = _nr_circles(t.geometry), _nr_circles(n.geometry)
    assert np.allclose(new[:, :2], old[:, :2] + shift, atol=1e-12)
    assert np.allclose(new[:, 2], old[:, 2] - d)
    assert np.allclose(n.geometry.capture_lines[NR][:2], t.geometry.capture_lines[NR][:2] + shift,
                       atol=1e-12)
    # a ball clears the corridor by mouth - 2 R'
    assert n.corner_mouth_m - 2 * n.ball_radius_m == pytest.approx(
        t.corner_mouth_m - 2 * nose_height_radius_m(t))
    with pytest.raises(ValueError, match="mouth_measured must be 'roundings'"):
        at_nose_height(PRESETS[POOL_9FT])
    with pytest.raises(ValueError, match="roundings must be thicker"):
        at_nose_height(dataclasses.replace(t, corner_jaw_radius_m=0.0005))


def test_a_yield_sets_the_roundings_back_and_keeps_the_slate_edge():
    t = TableSpec()
    y = 1e-3
    w = with_corner_yield(t, y)
    assert np.allclose(w.geometry.capture_lines[NR], t.geometry.capture_lines[NR], atol=1e-12)
    axis = t.geometry.pocket_axes[NR]
    across = np.array([axis[1], -axis[0]])
    moved = _nr_circles(w.geometry)[:, :2] - _nr_circles(t.geometry)[:, :2]
    for m in moved:  # each rounding back along its nose: 1 mm further from the axis
        assert abs(float(np.dot(m, across))) == pytest.approx(y, abs=1e-12)
        assert float(np.dot(m, axis)) == pytest.approx(-y, abs=1e-12)  # and out of the pocket
        assert min(abs(m[0]), abs(m[1])) == pytest.approx(0.0, abs=1e-12)  # along a rail
    with pytest.raises(ValueError, match="yield_m must be a number >= 0, got -1"):
        with_corner_yield(t, -1)


def test_rail_shot_band_against_speed():
    """Measured (docs/PHYSICS.md): no drop at 0.7-3 m/s either way; it drops once each corner
    jaw gives way 1.6-2.4 mm (planar) or 0.6-1.3 mm (contact at the working edge)."""
    rows = rail_shot_band()
    assert [r.cue_speed_mps for r in rows] == [0.7, 1.0, 1.5, 2.0, 3.0]
    for r in rows:
        assert not r.drops_planar and not r.drops_at_nose_height
        assert 0 < r.yield_at_nose_height_m < r.yield_planar_m <= 4e-3
        assert r.far_jaw_normal_speed_mps > STRIKE_MPS
    # the yields found are the least on their grid: one step less does not drop
    t = TableSpec()
    y = yield_needed_m(t, None, 1.5)
    assert rail_shot(Simulator(with_corner_yield(t, y)), 1.5)["dropped"]
    assert not rail_shot(Simulator(with_corner_yield(t, y - YIELD_STEP_M)), 1.5)["dropped"]
    # faster balls strike the far jaw harder
    speeds = [r.far_jaw_normal_speed_mps for r in rows]
    assert speeds == sorted(speeds)


def test_contact_time_and_the_flag_for_advice():
    assert contact_time_needed_s(1e-3, 1.0) == pytest.approx(math.pi * 1e-3)
    sim = Simulator()
    R = sim.table.ball_radius_m
    along = sim.simulate({"cue": (0.9, R), "1": (0.6, R)}, Strike(1.5, math.pi))
    assert struck_corner_jaw(along, "1") and not struck_corner_jaw(along, "cue")
    straight = sim.simulate({"cue": (1.2, 0.8875), "1": (1.5, 0.8875)}, Strike(1.0, 0.0))
    assert not struck_corner_jaw(straight, "1")
    assert far_jaw_normal_speed_mps(sim, 1.5) == pytest.approx(
        rail_shot_band(speeds_mps=(1.5,))[0].far_jaw_normal_speed_mps, rel=0.05)

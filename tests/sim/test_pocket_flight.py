"""The ball past the slate edge (physics.pocket_model = "flight"), against closed forms:
leaving the edge airborne above sqrt(g R), the straight flight and the drop time sqrt(2 R / g),
the plastic edge impact that lifts a ball back over the edge (a readable oracle of the compiled
kernel), and the default ("edge") unchanged."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim import EventKind, PhysicsParams, Simulator, measure
from sim.measure import _pocket_frame, _rolling
from sim.params import record_physics
from sim.physics.pocket_flight import climb_back, fall_time, leaves_airborne
from sim.table import SEGMENT_POCKET_BACK, TableSpec
from sim.trajectory import states_at

FLIGHT = PhysicsParams(pocket_model="flight")
R = TableSpec().ball_radius_m
G = PhysicsParams().gravity_mps2
V_LEAVE = math.sqrt(G * R)  # 0.578 m/s: faster, the edge cannot hold the ball


def _straight_in(sim: Simulator, pocket: str, speed_mps: float):
    """A ball rolling along the pocket's axis, arriving at the mouth at ``speed_mps``; returns
    the result and the time its centre crosses the slate edge (rolling decelerates at mu_r g)."""
    k, mouth, d, _ = _pocket_frame(sim, pocket, 0.0)
    distance = 0.4
    res = _rolling(sim, mouth - d * distance, d, speed_mps, distance)
    cap = sim.geometry.capture_lines[k]
    to_edge = distance + float(np.dot(cap[:2] - mouth, d))  # mouth centre to the slate edge
    a = sim.physics.mu_roll * G
    v0 = math.sqrt(speed_mps ** 2 + 2 * a * distance)
    t_edge = (v0 - math.sqrt(v0 ** 2 - 2 * a * to_edge)) / a
    return res, t_edge, v0 - a * t_edge, d, cap


def test_the_closed_forms_of_leaving_and_dropping():
    params = Simulator(physics=FLIGHT).params
    assert fall_time(params) == pytest.approx(math.sqrt(2 * R / G), rel=1e-12)  # 83.3 ms
    assert not leaves_airborne(0.99 * V_LEAVE, params)
    assert leaves_airborne(1.01 * V_LEAVE, params)


@pytest.mark.parametrize("pocket", ["NL", "ML"])
def test_a_slow_ball_falls_at_the_edge_a_fast_one_a_drop_time_later(pocket):
    sim = Simulator(physics=FLIGHT)
    for speed, flies in ((0.45, False), (1.5, True), (4.0, True)):
        res, t_edge, v_edge, d, cap = _straight_in(sim, pocket, speed)
        assert [p.pocket for p in res.pocketed] == [pocket], speed
        fell = next(e for e in res.events if e.kind == EventKind.POCKET)
        assert (v_edge > V_LEAVE) == flies
        expected_t = t_edge + (math.sqrt(2 * R / G) if flies else 0.0)
        assert fell.time_s == pytest.approx(expected_t, abs=2e-6), speed
        if flies:  # straight on at the edge's speed, no friction across the hole
            flown = float(np.dot(np.array(fell.position) - cap[:2], d))
            assert flown == pytest.approx(v_edge * math.sqrt(2 * R / G), rel=1e-6)


def _climb_oracle(v_in, v_down, w_edge, drop):
    """The module doc's closed form, written again: angular momentum about the edge kept in a
    plastic impact, then the energy to lift the centre the drop."""
    c = R - drop
    if c <= 0:
        return False, 0.0
    s = -math.sqrt(R * R - c * c)
    turn = (c * v_in + s * v_down + 0.4 * R * R * w_edge) / (1.4 * R * R)
    if turn <= 0 or 0.7 * (R * turn) ** 2 < G * drop:
        return False, 0.0
    return True, math.sqrt((R * turn) ** 2 - 10 / 7 * G * drop)


def test_the_climb_back_kernel_matches_its_closed_form():
    params = Simulator(physics=FLIGHT).params
    rng = np.random.default_rng(28)
    climbs = 0
    for _ in range(500):
        v_in = rng.uniform(0.05, 5.0)
        v_down = rng.uniform(0.0, 1.3)
        w = rng.uniform(-150.0, 150.0)
        drop = rng.uniform(0.0, 1.1 * R)
        got = climb_back(v_in, v_down, w, drop, params)
        want = _climb_oracle(v_in, v_down, w, drop)
        assert got[0] == want[0]
        assert got[1] == pytest.approx(want[1], rel=1e-12, abs=1e-12)
        climbs += got[0]
    assert 50 < climbs < 450  # both outcomes exercised


def test_the_climb_back_limits():
    params = Simulator(physics=FLIGHT).params
    # Not dropped at all, rolling toward the table: it rolls on at the same speed.
    assert climb_back(2.0, 0.0, 2.0 / R, 0.0, params) == (True, pytest.approx(2.0, rel=1e-12))
    # Centre level with the edge or below: the edge cannot lift it, whatever its speed.
    assert climb_back(5.0, 0.0, 5.0 / R, R, params)[0] is False
    assert climb_back(5.0, 0.0, 5.0 / R, 1.2 * R, params)[0] is False
    # Never more energy after the climb than before it.
    for drop in (0.002, 0.01, 0.02):
        ok, v = climb_back(3.0, math.sqrt(2 * G * drop), 3.0 / R, drop, params)
        assert ok and v < 3.0


def test_the_back_is_a_wall_square_to_the_axis_this_far_past_the_edge():
    back = 3 * R
    g = TableSpec(corner_back_m=back, middle_back_m=back).geometry
    rows = np.flatnonzero(g.segment_kind == SEGMENT_POCKET_BACK)
    assert len(rows) == 6
    for s in rows:
        k = int(g.segment_pocket[s])
        cap = g.capture_lines[k]
        ends = g.segments[s].reshape(2, 2)
        depth = (ends - cap[:2]) @ cap[2:]
        assert depth == pytest.approx([-back, -back], abs=1e-12)
        assert g.segment_normals[s] == pytest.approx(cap[2:])  # facing the table
    assert not np.any(TableSpec().geometry.segment_kind == SEGMENT_POCKET_BACK)
    with pytest.raises(ValueError, match="corner_back_m"):
        TableSpec(corner_back_m=-0.01)


def test_a_fast_ball_thrown_back_by_a_near_back_rattles_out_a_slow_one_stays():
    sim = Simulator(TableSpec(corner_back_m=2.5 * R, middle_back_m=2.5 * R,
                              pocket_back_restitution=0.8), FLIGHT)
    slow, *_ = _straight_in(sim, "NL", 0.5)
    assert [p.pocket for p in slow.pocketed] == ["NL"]
    fast, *_ = _straight_in(sim, "NL", 4.0)
    assert "NL" not in [p.pocket for p in fast.pocketed]  # back on the table
    back = [e.time_s for e in fast.events if e.kind == EventKind.BALL_JAW and e.pocket == "NL"
            and e.cushion is None]  # the back: a jaw event of the pocket, no cushion
    assert len(back) >= 1
    later = [e for e in fast.events if e.time_s > back[0]]
    assert later and later[0].pocket != "NL"  # next met elsewhere: it left the pocket


def test_the_default_is_the_edge_and_records_name_it_only_when_it_is_not():
    assert PhysicsParams().pocket_model == "edge"
    assert "pocket_model" not in PhysicsParams().naming_json()
    assert FLIGHT.naming_json()["pocket_model"] == "flight"
    assert FLIGHT.digest() != PhysicsParams().digest()
    assert record_physics({"pocket_model": "flight"}).pocket_model == "flight"
    with pytest.raises(ValueError, match="physics.pocket_model"):
        record_physics({"pocket_model": "net"})
    with pytest.raises(ValueError, match="physics.pocket_model"):
        PhysicsParams(pocket_model="net")


def test_the_back_returns_its_restitution_of_the_speed_square_to_it():
    e = 0.3
    table = TableSpec(corner_back_m=3 * R, middle_back_m=3 * R, pocket_back_restitution=e)
    sim = Simulator(table, FLIGHT)
    res, t_edge, v_edge, d, cap = _straight_in(sim, "ML", 4.0)
    hit = next(ev for ev in res.events if ev.kind == EventKind.BALL_JAW and ev.cushion is None)
    before = states_at(res.segments, hit.time_s - 1e-9, sim.params)["cue"]
    after = states_at(res.segments, hit.time_s + 1e-9, sim.params)["cue"]
    n = cap[2:]  # the back's normal is the slate edge's, toward the table
    assert float(np.dot([before.vx, before.vy], n)) == pytest.approx(-v_edge, rel=1e-9)
    assert float(np.dot([after.vx, after.vy], n)) == pytest.approx(e * v_edge, rel=1e-9)
    assert (after.wx, after.wy, after.wz) == (before.wx, before.wy, before.wz)
    with pytest.raises(ValueError, match="pocket_back_restitution"):
        TableSpec(pocket_back_restitution=1.5)


def _comes_back(v, back, e):
    """Closed form for a ball rolling at v through the middle of the mouth into a back
    ``back`` past the edge: it flies (back - R) out at v and back at e v (the back keeps its
    spin: still rolling into the pocket, -v/R about the edge), meets the edge T later with
    drop g T^2 / 2, and climbs if the plastic edge impact lifts it (_climb_oracle)."""
    T = (back - R) * (1 + 1 / e) / v
    return _climb_oracle(e * v, G * T, -v / R, 0.5 * G * T * T)[0]


def _threshold(back, e):
    lo, hi = 0.3, 20.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if _comes_back(mid, back, e) else (mid, hi)
    return hi


@pytest.mark.parametrize("back_r,e", [(2.0, 0.8), (2.5, 0.7), (3.0, 0.8), (4.0, 0.8)])
def test_a_lively_back_throws_a_ball_out_above_the_closed_form_speed(back_r, e):
    back = back_r * R
    v_star = _threshold(back, e)  # 2.2-5.1 m/s for these
    sim = Simulator(TableSpec(corner_back_m=back, middle_back_m=back,
                              pocket_back_restitution=e), FLIGHT)
    for pocket in ("NR", "MR"):
        assert measure.drops(sim, pocket, 0.98 * v_star, 0.0), (pocket, v_star)
        assert not measure.drops(sim, pocket, 1.02 * v_star, 0.0), (pocket, v_star)


def test_a_back_returning_less_than_two_fifths_never_throws_a_rolling_ball_out():
    # The climb needs c e v + s v_down - (2/5) R v > 0 with c <= R and s <= 0: e > 2/5.
    for e in (0.2, 0.4):
        sim = Simulator(TableSpec(corner_back_m=2 * R, middle_back_m=2 * R,
                                  pocket_back_restitution=e), FLIGHT)
        for v in (1.0, 3.0, 6.0):
            assert measure.drops(sim, "NR", v, 0.0) and measure.drops(sim, "MR", v, 0.0)

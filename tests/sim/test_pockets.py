"""Pocket geometry: pots, rail shots, rattles, and the frozen-rack break."""
import math

import numpy as np
import pytest

from sim import Simulator, Strike
from sim.events import EventKind
from sim.presets import PRESETS
from sim.table import TableSpec, triangle_rack

from .helpers import aim, first

R = 0.034


@pytest.mark.parametrize("pocket", ["NL", "NR", "FL", "FR", "ML", "MR"])
def test_ball_rolled_down_the_pocket_axis_drops(simulator, pocket):
    g = simulator.geometry
    k = ["NL", "NR", "ML", "MR", "FL", "FR"].index(pocket)
    mouth = g.mouth_centres[k]
    axis = g.pocket_axes[k]
    start = mouth - axis * 0.5
    result = simulator.simulate({"cue": tuple(start)}, Strike(1.0, math.atan2(axis[1], axis[0]),
                                                             vertical=0.4))
    assert [p.pocket for p in result.pocketed] == [pocket]
    assert result.final["cue"] is None


RAIL_SHOT_SPEEDS = (0.7, 1.0, 1.5, 2.0, 3.0)  # cue speeds, m/s (docs/PHYSICS.md)


def _far_rounding(sim):
    """The NR pocket's rounding on the short rail NR-NL: (cx, cy, r)."""
    g = sim.geometry
    k = ["NL", "NR", "ML", "MR", "FL", "FR"].index("NR")
    return max((c for c, pk in zip(g.circles, g.circle_pocket) if pk == k), key=lambda c: c[1])


def test_rail_shot_geometry_from_the_table_numbers(simulator):
    """docs/PHYSICS.md "The rail shot": the short rail's rounding (radius r) is tangent to its
    nose line and m/2 + r from the 45-degree axis, so its nearest point lies
    sqrt(2) (m/2 + r) - 2r = 48.69 mm from the long rail's line (m = 73 mm, r = 5 mm), inside a
    ball's width; a ball rolling along the rail meets it 30.3 deg from full-face with its centre
    28.66 mm from the short rail's line (the simulator's first jaw event says the same)."""
    t = simulator.table
    m, r = t.corner_mouth_m, t.corner_jaw_radius_m
    cx, cy, radius = _far_rounding(simulator)
    assert (cx, radius) == pytest.approx((-r, r), abs=1e-12)
    assert cy - radius == pytest.approx(math.sqrt(2) * (m / 2 + r) - 2 * r, abs=1e-9)
    assert cy - radius == pytest.approx(0.04869, abs=0.005e-3)
    assert cy - radius < 2 * R
    across = cy - R  # the ball's path to the rounding's centre
    assert math.degrees(math.asin(across / (R + r))) == pytest.approx(30.3, abs=0.05)
    res = simulator.simulate({"cue": (0.9, R), "1": (0.6, R)}, Strike(1.0, math.pi))
    jaw = next(e for e in res.events if e.kind == EventKind.BALL_JAW and "1" in e.balls
               and e.cushion == "NR-NL")
    assert jaw.position == pytest.approx((cx + math.sqrt((R + r) ** 2 - across ** 2), R),
                                         abs=1e-6)
    assert jaw.position[0] == pytest.approx(0.02866, abs=0.005e-3)


@pytest.mark.parametrize("cue_speed", RAIL_SHOT_SPEEDS)
def test_rail_shot_agrees_with_the_slow_shot_reflection_construction(simulator, cue_speed):
    """Issue 9's rail shot (object ball frozen on the long cushion 0.6 m from the corner, cue
    ball 0.3 m behind it, struck along the rail).  With the MCP corner (73 mm between 5 mm
    roundings, parallel channel) the short rail's jaw point lies less than a ball's width from
    the long-rail line, so a ball running along the rail meets it 30 deg from full-face;
    Alciatore's slow-shot construction (TP 3.6: equal-angle reflections at points and facings,
    up to three) throws every such path back out, and so does the simulator: it rattles out
    (or dies in the jaws at 0.7 m/s) at 0.7-3 m/s, touching only the jaws' roundings.
    (docs/PHYSICS.md explains why; the old jaw constants were tuned to make it drop.)"""
    from sim import measure
    m = simulator.geometry.mouth_centres[1]
    assert not measure._fate(simulator, "NR", R - m[1], -45.0, reflect=True)
    shot = measure.rail_shot(simulator, cue_speed)
    assert not shot["dropped"] and shot["jaw_contacts"] >= 3


def test_rail_shot_hangs_on_the_mouth_not_on_the_jaws_opening():
    """What the result rests on (docs/PHYSICS.md table): opening the corner jaws' faces by a
    few degrees changes nothing (the ball touches only the roundings, which the nose, the
    radius and the mouth fix), nor does the standard's other mouth, 72 mm; a 78 mm mouth drops
    it at 1 and 3 m/s."""
    from sim import measure
    base = [measure.rail_shot(Simulator(), v) for v in (1.0, 3.0)]
    opened = [measure.rail_shot(Simulator(TableSpec(corner_jaw_opening_rad=math.radians(5.0))),
                                v) for v in (1.0, 3.0)]
    assert [(s["dropped"], s["jaw_contacts"]) for s in opened] == \
        [(s["dropped"], s["jaw_contacts"]) for s in base]
    for a, b in zip(opened, base):
        assert a["final"] == pytest.approx(b["final"], abs=1e-9)
    narrow = Simulator(TableSpec(corner_mouth_m=0.072))
    assert not any(measure.rail_shot(narrow, v)["dropped"] for v in (1.0, 3.0))
    wide = Simulator(TableSpec(corner_mouth_m=0.078))
    assert all(measure.rail_shot(wide, v)["dropped"] for v in (1.0, 3.0))


@pytest.mark.parametrize("pocket, offset_m", [("NR", 0.014), ("MR", 0.022)])
def test_ball_meeting_a_jaw_well_off_axis_rattles_out(simulator, pocket, offset_m):
    """Rolled at the pocket along its axis but well off centre, a firm ball meets a jaw
    rounding and is thrown back out: a jaw contact, nothing pocketed."""
    g = simulator.geometry
    k = ["NL", "NR", "ML", "MR", "FL", "FR"].index(pocket)
    axis = g.pocket_axes[k]
    across = np.array([axis[1], -axis[0]])
    start = g.mouth_centres[k] - axis * 0.6 + across * offset_m
    result = simulator.simulate({"cue": tuple(start)},
                                Strike(3.0, math.atan2(axis[1], axis[0]), vertical=0.4))
    jaw = first(result, EventKind.BALL_JAW, "cue")
    assert jaw is not None and jaw.pocket == pocket
    assert result.pocketed == []


@pytest.mark.parametrize("pocket", ["NR", "MR"])
def test_acceptance_band_lies_between_the_geometric_references(simulator, pocket):
    """Balls rolled along the pocket axis: the band of offsets that drop contains the clean
    band (straight-line geometry: no jaw touched; 5 mm corner, 15 mm middle = mouth - 2R) at
    every speed, and at speed agrees within 2.5 mm with Alciatore's slow-shot construction
    (TP 3.5/3.6, equal-angle reflections at points and facings) applied to these jaws, which
    the rigid jaws' restitution and friction do not change much once the ball is too fast for
    the cloth to bend its path after a jaw contact."""
    from sim import measure
    clean = measure.clean_band(simulator, pocket)
    reflected = measure.reflection_band(simulator, pocket)
    mouth = simulator.table.corner_mouth_m if pocket[0] != "M" else simulator.table.middle_mouth_m
    assert clean[1] - clean[0] == pytest.approx(mouth - 2 * R, abs=0.2e-3)
    for speed in (0.3, 1.5, 4.5):
        lo, hi = measure.acceptance_band(simulator, pocket, speed, step_m=0.25e-3)
        assert lo <= clean[0] + 0.25e-3 and hi >= clean[1] - 0.25e-3
        if speed > 1.0:
            assert abs((hi - lo) - (reflected[1] - reflected[0])) < 2.5e-3


@pytest.mark.parametrize("pocket", ["NR", "MR"])
def test_acceptance_band_narrows_with_speed(simulator, pocket):
    """A slow ball that touches a jaw is bent back in by the cloth (its remaining topspin), a
    fast one is not: the band at 4.5 m/s is narrower than for a ball arriving at 0.3 m/s, and
    the slow band is at least the clean gap."""
    from sim import measure
    slow = measure.acceptance_band(simulator, pocket, 0.3, step_m=0.25e-3)
    fast = measure.acceptance_band(simulator, pocket, 4.5, step_m=0.25e-3)
    mouth = simulator.table.corner_mouth_m if pocket[0] != "M" else simulator.table.middle_mouth_m
    assert slow[1] - slow[0] >= mouth - 2 * R
    assert fast[1] - fast[0] < 0.9 * (slow[1] - slow[0])


def test_slow_ball_can_hang_in_the_jaws(simulator):
    """A ball that stops with its centre past the cushion line but short of the capture line
    hangs in the jaws (R11.5 needs this to be possible)."""
    g = simulator.geometry
    k = 3  # MR
    mouth = g.mouth_centres[k]
    axis = g.pocket_axes[k]
    p = simulator.physics
    # Roll so that it stops 5 mm short of the middle pocket's capture line (the line of its
    # narrowest gap), i.e. past the cushion nose line: v^2 = 2 mu_r g d.
    start = mouth - axis * 0.3
    d = 0.3 - 0.005
    v_roll = math.sqrt(2 * p.mu_roll * p.gravity_mps2 * d)
    speed = v_roll / simulator.cue_ball_motion(Strike(1.0, 0.0, vertical=0.4))[0]
    result = simulator.simulate({"cue": tuple(start)}, Strike(speed, -math.pi / 2, vertical=0.4))
    assert result.pocketed == []
    x, y = result.final["cue"]
    assert y < R  # past the cushion line, inside the mouth
    assert simulator.geometry.ball_fits(x, y)


def _frozen_rack(table):
    order = [["4"], ["5", "6"], ["7", "15", "8"], ["9", "14", "13", "10"],
             ["2", "1", "12", "11", "3"]]
    rows = triangle_rack(table)
    return {b: xy for rb, rp in zip(order, rows) for b, xy in zip(rb, rp)}


@pytest.mark.parametrize("offset_m", [0.0, 0.005, 0.02])
def test_frozen_rack_breaks_cleanly(simulator, offset_m):
    """R2's frozen rack (every gap exactly 0) hit at about 7.5 m/s: bounded event count, no
    truncation, and a repeat gives identical events."""
    balls = _frozen_rack(simulator.table)
    balls["cue"] = (0.6, simulator.table.width_m / 2 + offset_m)
    phi = aim(balls["cue"], balls["4"])
    stroke = Strike(6.0, phi)
    r1 = simulator.simulate(balls, stroke)
    r2 = simulator.simulate(balls, stroke)
    assert not r1.truncated
    assert len(r1.events) < 2000
    assert [e.to_json() for e in r1.events] == [e.to_json() for e in r2.events]
    # The impact wave through the rack settles in a few dozen impacts (no pathological
    # repeats of one pair); measured: at most 5 for one pair at the first instant.
    from collections import Counter
    same_instant = Counter((round(e.time_s, 12), e.balls) for e in r1.events if e.is_ball_ball)
    assert max(same_instant.values()) <= 8
    assert sum(same_instant.values()) < 200


def test_smaller_table_presets_have_the_same_pockets():
    for name in ("pyramid-11ft", "pyramid-10ft"):
        spec = PRESETS[name]
        sim = Simulator(spec)
        assert spec.length_m < PRESETS["pyramid-12ft"].length_m
        # A straight pot still drops.
        g = sim.geometry
        start = g.mouth_centres[4] - g.pocket_axes[4] * 0.5
        res = sim.simulate({"cue": tuple(start)},
                           Strike(1.0, math.atan2(g.pocket_axes[4][1], g.pocket_axes[4][0]),
                                  vertical=0.4))
        assert [p.pocket for p in res.pocketed] == ["FL"]

"""The table as drawn (sim.table's outline, holes and diamonds) against closed forms, and
against the simulator's own position check: a ball the drawn cloth holds is accepted by
Simulator.check_position, one that overlaps the drawn cushions is refused."""
import math

import numpy as np
import pytest

from sim import SimInputError, Simulator, table_drawing
from sim.presets import PRESETS
from sim.table import (CUSHION_IDS, DIAMONDS_ACROSS, DIAMONDS_ALONG, POCKET_IDS,
                       POSITION_TOLERANCE_M)
from sim.table_drawing import HOLE_CENTRE_DEPTH_R, JAW_ARC_POINTS

SPEC = PRESETS["pyramid-12ft"]
GEOMETRY = SPEC.geometry
R = SPEC.ball_radius_m


def _inside(poly: np.ndarray, x: float, y: float) -> bool:
    """Even-odd ray casting: (x, y) inside the closed polygon ``poly``."""
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, np.roll(poly, -1, axis=0)):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _segment_distance(p, a, b) -> float:
    d = b - a
    u = float(np.clip((p - a) @ d / (d @ d), 0.0, 1.0))
    return float(np.hypot(*(p - (a + u * d))))


def _cushion_edges(poly: np.ndarray) -> list:
    """The outline's edges a ball must keep R from: all but the capture lines (a hanging ball
    may lie over those) and, in the middle pockets, the short way back from the rounding's end
    to the capture line along the opened face's line (the roundings' centres lie on the capture
    line there, so the faces begin behind it: that edge only closes the drawn cloth)."""
    caps = GEOMETRY.capture_lines

    def beyond(q, c) -> float:  # how far q lies past capture line c (> 0: in the pocket)
        return -float((q - c[:2]) @ c[2:])

    out = []
    for a, b in zip(poly, np.roll(poly, -1, axis=0)):
        if np.allclose(a, b, atol=1e-12):
            continue
        on_a = [c for c in caps if abs(beyond(a, c)) < 1e-12]
        on_b = [c for c in caps if abs(beyond(b, c)) < 1e-12]
        if on_a and on_b:
            continue  # the capture line itself
        if on_a and beyond(b, on_a[0]) > 0 or on_b and beyond(a, on_b[0]) > 0:
            continue
        out.append((a, b))
    return out


def test_outline_is_closed_counter_clockwise_and_inside_the_rails():
    poly = table_drawing.cloth_outline(GEOMETRY)
    assert poly.shape == (6 * 2 * (JAW_ARC_POINTS + 2), 2)
    assert not np.allclose(poly[0], poly[-1])  # closed implicitly, no repeated point
    area = 0.5 * float(np.sum(poly[:, 0] * np.roll(poly[:, 1], -1)
                              - np.roll(poly[:, 0], -1) * poly[:, 1]))
    L, W = SPEC.length_m, SPEC.width_m
    assert 0.99 * L * W < area < 1.01 * L * W  # the playing area and six small throats
    # every point on the bed's rectangle or in a throat, a few centimetres from its pocket
    for x, y in poly:
        in_rect = -1e-12 <= x <= L + 1e-12 and -1e-12 <= y <= W + 1e-12
        near = min(math.dist((x, y), SPEC.pocket_position(p)) for p in POCKET_IDS)
        assert in_rect or near < 0.1, (x, y)
    # between two pockets the outline runs along the cushion nose
    noses = {tuple(np.round(GEOMETRY.segments[k, :2], 12)) for k in range(len(CUSHION_IDS))}
    noses |= {tuple(np.round(GEOMETRY.segments[k, 2:], 12)) for k in range(len(CUSHION_IDS))}
    assert noses <= {tuple(np.round(p, 12)) for p in poly}


def test_corner_hole_centre_on_the_axis_at_the_documented_depth():
    """Corner pocket NR at the origin, axis (-1, -1)/sqrt 2, parallel faces: the roundings'
    centres lie r inside the noses and mouth/2 + r off the axis, so the narrowest gap is
    sqrt(2) r - mouth/2 - r along the axis; the capture line a corridor further; the hole's
    centre HOLE_CENTRE_DEPTH_R ball radii past it."""
    r, mouth, channel = SPEC.corner_jaw_radius_m, SPEC.corner_mouth_m, SPEC.corner_channel_m
    axis = np.array([-1.0, -1.0]) / math.sqrt(2)
    gap = math.sqrt(2) * r - mouth / 2 - r
    depth = gap + channel + SPEC.capture_extra_m
    k = POCKET_IDS.index("NR")
    assert np.allclose(GEOMETRY.mouth_centres[k], gap * axis, atol=1e-12)
    assert np.allclose(GEOMETRY.capture_lines[k, :2], depth * axis, atol=1e-12)
    centre = table_drawing.pocket_hole_centre(GEOMETRY, "NR")
    assert np.allclose(centre, (depth + HOLE_CENTRE_DEPTH_R * R) * axis, atol=1e-12)
    hole = table_drawing.pocket_hole(GEOMETRY, "NR")
    assert hole.shape == (4, 2)
    # the hole starts on the capture line, its near edge mouth wide (the parallel corridor)
    assert np.allclose((hole[[0, 3]] - GEOMETRY.capture_lines[k, :2]) @ axis, 0.0, atol=1e-12)
    assert math.dist(hole[0], hole[3]) == pytest.approx(mouth, abs=1e-12)


@pytest.mark.parametrize("pocket", POCKET_IDS)
def test_every_hole_centre_lies_on_its_pocket_axis_past_the_capture_line(pocket):
    k = POCKET_IDS.index(pocket)
    cap, axis = GEOMETRY.capture_lines[k, :2], GEOMETRY.pocket_axes[k]
    rel = table_drawing.pocket_hole_centre(GEOMETRY, pocket) - cap
    assert abs(rel[0] * axis[1] - rel[1] * axis[0]) < 1e-12
    assert rel @ axis == pytest.approx(HOLE_CENTRE_DEPTH_R * R, abs=1e-12)


@pytest.mark.parametrize("name", list(PRESETS))
def test_diamonds_at_eighths_and_quarters(name):
    spec = PRESETS[name]
    L, W = spec.length_m, spec.width_m
    d = spec.diamonds()
    assert (DIAMONDS_ALONG, DIAMONDS_ACROSS) == (8, 4)
    assert d.shape == (2 * 6 + 2 * 3, 2)
    long_rails = d[:12]
    assert set(long_rails[:, 1]) == {0.0, W}
    assert sorted(set(np.round(long_rails[:, 0] / (L / 8), 9))) == [1, 2, 3, 5, 6, 7]
    short_rails = d[12:]
    assert set(short_rails[:, 0]) == {0.0, L}
    assert sorted(set(np.round(short_rails[:, 1] / (W / 4), 9))) == [1, 2, 3]
    # the JSON the board has always served: the same numbers in the same order
    old = [[L * k / 8, y] for k in range(1, 8) if k != 4 for y in (0.0, W)]
    old += [[x, W * k / 4] for k in range(1, 4) for x in (0.0, L)]
    assert d.tolist() == old


def _places_near_the_cushions():
    """Ball centres around the NR corner, the MR middle pocket and the far cushion, 2.5 mm
    apart: on the cloth, in the throats, in the rubber."""
    L = SPEC.length_m
    grids = [(-0.06, 0.08, -0.06, 0.08), (L / 2 - 0.08, L / 2 + 0.08, -0.06, 0.06),
             (L - 0.06, L - 0.02, 0.8, 0.84)]
    for x0, x1, y0, y1 in grids:
        for x in np.arange(x0, x1, 0.0025):
            for y in np.arange(y0, y1, 0.0025):
                yield float(x), float(y)


def test_the_drawn_cloth_holds_exactly_the_balls_the_simulator_accepts():
    """Where the drawn outline says a ball fits (its centre inside, at least R + 0.2 mm from
    every cushion and jaw edge) the simulator accepts it; where the outline says it does not
    (centre outside, or within R - 0.2 mm of an edge) the simulator refuses it.  (0.2 mm
    covers the outline's chords of the jaw roundings, 0.05 mm off the arcs.)"""
    poly = table_drawing.cloth_outline(GEOMETRY)
    edges = _cushion_edges(poly)
    sim = Simulator()
    seen = {"fits": 0, "refused": 0}
    for x, y in _places_near_the_cushions():
        p = np.array([x, y])
        gap = min(_segment_distance(p, a, b) for a, b in edges)
        inside = _inside(poly, x, y)
        if inside and gap >= R + 2e-4:
            expect = True
        elif not inside or gap <= R - 2e-4:
            expect = False
        else:
            continue  # within the chords' error of touching
        assert GEOMETRY.ball_fits(x, y, POSITION_TOLERANCE_M) is expect, (x, y, gap)
        if expect:
            sim.check_position({"cue": (x, y)})
        else:
            with pytest.raises(SimInputError, match="not on the bed"):
                sim.check_position({"cue": (x, y)})
        seen["fits" if expect else "refused"] += 1
    assert seen["fits"] > 100 and seen["refused"] > 100, seen


def test_a_ball_on_the_cushion_line_fits_and_one_in_the_rubber_does_not():
    sim = Simulator()
    L, W = SPEC.length_m, SPEC.width_m
    for x, y in [(1.0, R), (1.0, W - R), (R, 0.5), (L - R, 1.2), (L / 2 - 0.3, R)]:
        assert GEOMETRY.ball_fits(x, y, POSITION_TOLERANCE_M)
        sim.check_position({"cue": (x, y)})
    for x, y in [(1.0, R - 1e-4), (1.0, W - R + 1e-4), (R - 1e-4, 0.5), (L - R + 1e-4, 1.2)]:
        assert not GEOMETRY.ball_fits(x, y, POSITION_TOLERANCE_M)
        with pytest.raises(SimInputError):
            sim.check_position({"cue": (x, y)})

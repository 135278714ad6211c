"""Straight-in effective target sizes on pool-9ft beside Alciatore's constructions, as
brackets (issue 55 item 2; issue 28 item 2 had a +-10 % target).  TP 3.5-3.8 are constructions
(straight paths, equal-angle reflections, no loss of energy) on their own geometry: slow corner
2.668 in (TP 3.6), slow side 3.23 (TP 3.5), fast corner 2.348 (TP 3.8), fast side 2.879
(TP 3.7).  The bracket on pool-9ft's geometry: mouth - 2R (what clears both points; corner
2.3125, side 2.8125 in) to the slow construction solved there (corner 2.595, side 3.229 in).

Measured (0.1 mm ends, edge model; flight gives the same but 3.295 for the fast side): corner
2.798 in at 0.8 m/s, 2.635 at 4 m/s; side 3.383 and 3.310.  Every band lies above the lower
end; every band also lies ABOVE the upper end (slow x1.078 corner, x1.048 side; fast x1.015,
x1.025): the construction's jaws lose no energy, the model's rubber does, and a ball that loses
speed on a point or a wall dies in where an elastic one is sent back out (docs/PHYSICS.md, "Pool
pockets").  The fast / slow ratio is 0.942 (corner) and 0.978 (side) against the
constructions' 0.880 and 0.891."""
import pytest

from sim import PhysicsParams, Simulator
from sim.measure import drops
from sim.pocket_validation import (FAST_MPS, POCKET_KINDS, SLOW_MPS, TP_FAST_IN,
                                   TP_FAST_LABEL, TP_SLOW_IN, TP_SLOW_LABEL, StraightInBand,
                                   bracket, straight_in_band)
from sim.presets import INCH_M, POOL_9FT


@pytest.fixture(scope="module")
def pool():
    return Simulator(POOL_9FT)


@pytest.fixture(scope="module")
def pool_flight():
    return Simulator(POOL_9FT, PhysicsParams(pocket_model="flight"))


@pytest.fixture(scope="module")
def bands(pool, pool_flight):
    """Every straight-in band of the tests below, measured once."""
    return {(model, kind, v): straight_in_band(sim, kind, v)
            for model, sim in (("edge", pool), ("flight", pool_flight))
            for kind in POCKET_KINDS for v in (SLOW_MPS, FAST_MPS)}


def test_labels_name_the_proof_of_each_pocket_and_speed():
    assert TP_SLOW_LABEL == {"corner": "TP 3.6", "side": "TP 3.5"}
    assert TP_FAST_LABEL == {"corner": "TP 3.8", "side": "TP 3.7"}
    # the constructions' own fast / slow ratios, beside which the model's are reported
    assert TP_FAST_IN["corner"] / TP_SLOW_IN["corner"] == pytest.approx(0.880, abs=5e-4)
    assert TP_FAST_IN["side"] / TP_SLOW_IN["side"] == pytest.approx(0.891, abs=5e-4)


@pytest.mark.parametrize("kind", POCKET_KINDS)
def test_bracket_on_pool_9ft_geometry(pool, kind):
    """mouth - 2R, and the slow construction solved on pool-9ft's mouth, walls and shelf."""
    b = bracket(pool, kind)
    clear, slow = {"corner": (2.3125, 2.595), "side": (2.8125, 3.229)}[kind]
    assert b.clear_in == pytest.approx(clear, abs=1e-9)
    assert b.slow_construction_in == pytest.approx(slow, abs=5e-4)
    assert b.clear_m < b.slow_construction_m


@pytest.mark.parametrize("model", ["edge", "flight"])
@pytest.mark.parametrize("kind", POCKET_KINDS)
def test_band_lies_above_what_clears_both_points(pool, bands, model, kind):
    """The lower end of the bracket: every path that clears both points drops, and more."""
    b = bracket(pool, kind)
    for v in (SLOW_MPS, FAST_MPS):
        band = bands[(model, kind, v)]
        print(f"{model} {kind} {v} m/s: {band.width_in:.3f} in; bracket {b.clear_in:.4f} to "
              f"{b.slow_construction_in:.3f} in; x{band.width_m / b.slow_construction_m:.3f} "
              f"the slow construction")
        assert abs(band.centre_m) < 0.2e-3  # straight in: symmetric about the axis
        assert band.width_m > b.clear_m


@pytest.mark.parametrize("kind", POCKET_KINDS)
def test_band_lies_above_the_slow_construction_the_rubber_loses_energy(pool, bands, kind):
    """The upper end is exceeded, at both speeds: a measured finding, not a target (module
    docstring).  Should a change bring a band inside the bracket, this fails and the docs'
    table must be redone."""
    b = bracket(pool, kind)
    for v in (SLOW_MPS, FAST_MPS):
        assert bands[("edge", kind, v)].width_m > b.slow_construction_m


@pytest.mark.parametrize("model", ["edge", "flight"])
@pytest.mark.parametrize("kind", POCKET_KINDS)
def test_fast_band_no_wider_than_the_slow_and_its_ratio(bands, model, kind):
    """Speed never widens the band here; the ratio is reported beside the constructions'."""
    slow, fast = bands[(model, kind, SLOW_MPS)], bands[(model, kind, FAST_MPS)]
    ratio = fast.width_m / slow.width_m
    print(f"{model} {kind}: fast / slow {ratio:.3f}, constructions "
          f"{TP_FAST_IN[kind] / TP_SLOW_IN[kind]:.3f} ({TP_FAST_LABEL[kind]} / "
          f"{TP_SLOW_LABEL[kind]})")
    assert 0 < fast.width_m <= slow.width_m + 2 * fast.resolution_m
    assert slow.published_in() == TP_SLOW_IN[kind] and fast.published_in() == TP_FAST_IN[kind]


def test_band_ends_are_found_to_the_resolution(pool):
    """The bisected ends lie within half the resolution of where the outcome changes."""
    band = straight_in_band(pool, "side", SLOW_MPS)
    h = band.resolution_m / 2
    for end, outward in ((band.high_m, 1), (band.low_m, -1)):
        assert drops(pool, "MR", SLOW_MPS, end - outward * h)
        assert not drops(pool, "MR", SLOW_MPS, end + outward * h)


def test_band_json_round_trip_and_bad_input(pool):
    band = straight_in_band(pool, "corner", SLOW_MPS)
    assert StraightInBand.from_json(band.to_json()) == band
    assert band.to_json()["width_in"] == pytest.approx(band.width_m / INCH_M)
    with pytest.raises(ValueError, match="pocket_kind must be one of corner, side, got 'middle'"):
        straight_in_band(pool, "middle", SLOW_MPS)
    with pytest.raises(ValueError, match="speed_mps must be a positive number, got -1"):
        straight_in_band(pool, "side", -1)
    with pytest.raises(ValueError, match="band.high_m is missing"):
        StraightInBand.from_json({k: v for k, v in band.to_json().items() if k != "high_m"})

"""ai.speed_scale: the 1-10 strength scale and its meaning on the real table (issue 25: the
lengths of a stroke with cushions, not on an endless cloth)."""
import math

import pytest

from ai.describe import roll_distance
from ai.speed_scale import (LENGTHS_WITH_CUSHIONS, LEVEL_STEP_MPS, LEVELS, level_lengths,
                            level_of, level_speed_mps, travelled_lengths)
from ai.words import SPEED_NAMES, speed_name
from sim import Strike, shared_simulator


@pytest.mark.parametrize("level", [1, 4, 7, 10])
def test_table_matches_the_simulator(level):
    """The stored table is what the simulator gives for a centre-ball stroke from the house
    spot along the long axis (derive_lengths)."""
    sim = shared_simulator()
    got = travelled_lengths(sim, level_speed_mps(level))
    assert got == pytest.approx(LENGTHS_WITH_CUSHIONS[level], abs=0.01)


def test_cushions_take_energy():
    """With cushions the cue ball travels less than on an endless cloth, and the harder the
    stroke the larger the share lost (the issue's «сильно» = 11-12 lengths was an endless
    cloth's distance)."""
    sim = shared_simulator()
    L = sim.table.length_m
    shares = []
    for level in (2, 6, 10):
        endless = roll_distance(sim, Strike(level_speed_mps(level), 0.0)) / L
        assert level_lengths(level) < endless
        shares.append(level_lengths(level) / endless)
    assert shares[0] > shares[-1]


def test_lengths_grow_with_the_level():
    values = [LENGTHS_WITH_CUSHIONS[k] for k in range(1, LEVELS + 1)]
    assert values == sorted(values) and len(set(values)) == LEVELS


@pytest.mark.parametrize("v, level", [(0.0, 1), (0.2, 1), (LEVEL_STEP_MPS * 3, 3),
                                      (LEVEL_STEP_MPS * 3.49, 3), (LEVEL_STEP_MPS * 3.51, 4),
                                      (30.0, 10)])
def test_level_of(v, level):
    assert level_of(v) == level


@pytest.mark.parametrize("bad", [-0.1, math.nan, math.inf, "2"])
def test_level_of_refuses_bad_speed(bad):
    with pytest.raises(ValueError, match="speed_mps"):
        level_of(bad)


@pytest.mark.parametrize("bad", [0, 11, 2.5])
def test_level_lengths_refuses_bad_level(bad):
    with pytest.raises(ValueError, match="level"):
        level_lengths(bad)


def test_name_is_the_levels():
    """One quantity: every speed of a level has the level's name."""
    for level in range(1, LEVELS + 1):
        names = {speed_name(level_speed_mps(level) + d) for d in (-0.3, 0.0, 0.3)}
        assert len(names) == 1
    assert SPEED_NAMES[-1][1] == LEVELS  # every level named

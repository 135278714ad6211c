"""The closed form's jaws (ai.geometry.pockets.JAW_RAMP_M, issue 29): pots whose straight line
runs into a jaw's rounding -- the phantoms benchmarks/pot_speeds.py found, and one met in
self-play -- keep little or none of their chance, a straight pot keeps all of it, and the
scaling is off at ramp 0 (the value mc-2 froze)."""
import math

import numpy as np
import pytest

from ai.geometry import JAW_RAMP_M, THROAT_EXIT_COS, jaw_factor, jaw_shares, pockets_of, shot_table
from ai.noise import NoiseModel
from ai.value import LearnedWeights
from sim import detmath
from sim.table import POCKET_IDS

from ..conftest import make_state


def _chance(balls, ball, pocket, ramp):
    st = make_state(balls)
    pk = pockets_of(st.spec)
    tab = shot_table(st.spec, pk, np.asarray(st.balls["cue"], float), st.balls, [ball],
                     NoiseModel(), ramp)
    return float(tab.p[0, POCKET_IDS.index(pocket)])


# Measured phantoms: near-certain by the closed form, never potted in the simulator
# (tests/benchmarks/test_pot_speeds.py; the middle-pocket one from a self-play game of mc-2,
# seed 5, stroke 70: realized 0 of 48 at the best of 8 aims and speeds).  The ramp is fitted
# over many pots, so it takes most, not all, of the corner one's chance (its line runs 11 mm
# into the rounding) and all of the middle one's.
PHANTOMS = [
    ({"cue": (3.3609, 1.5009), "10": (3.5081, 1.6188)}, "10", "FL", 0.3),
    ({"cue": (2.166, 1.5525), "14": (1.8633, 1.7309)}, "14", "ML", 0.01),
]


@pytest.mark.parametrize("balls,ball,pocket,left", PHANTOMS)
def test_a_line_into_a_jaw_keeps_little_of_its_chance(balls, ball, pocket, left):
    assert _chance(balls, ball, pocket, 0.0) >= 0.9  # the window alone: near-certain
    assert _chance(balls, ball, pocket, JAW_RAMP_M) < left


def test_a_straight_pot_keeps_all_of_its_chance():
    balls = {"cue": (3.20, 1.425), "1": (3.40, 1.625)}  # along the corner's axis
    p = _chance(balls, "1", "FL", 0.0)
    assert p > 0.9 and _chance(balls, "1", "FL", JAW_RAMP_M) == p


def test_the_factor_falls_with_the_clearance_and_is_off_at_ramp_zero():
    st = make_state({"cue": (1.0, 1.0)})
    pk = pockets_of(st.spec)
    R = st.spec.ball_radius_m
    k = POCKET_IDS.index("ML")
    target = pk.targets[k]
    # from straight below the middle pocket to ever flatter lines along its cushion
    starts = [target + np.array([dx, -0.3]) for dx in (0.0, 0.1, 0.2, 0.3)]
    f = [jaw_factor(pk, k, s, target, R, JAW_RAMP_M) for s in starts]
    assert f[0] == 1.0 and all(a >= b for a, b in zip(f, f[1:])) and f[-1] < 0.5
    assert all(jaw_factor(pk, k, s, target, R, 0.0) == 1.0 for s in starts)
    with pytest.raises(ValueError, match="jaw_ramp_m"):
        LearnedWeights((0.0,), jaw_ramp_m=-0.01)


def test_the_shot_tables_shares_are_the_readable_factor_ball_by_ball():
    """jaw_shares (every ball into every pocket at once, as the shot table takes them) against
    jaw_factor, one line at a time, on random balls."""
    st = make_state({"cue": (1.0, 1.0)})
    pk = pockets_of(st.spec)
    R = st.spec.ball_radius_m
    rng = np.random.default_rng(0)
    objs = np.column_stack([rng.uniform(0.04, 3.51, 200), rng.uniform(0.04, 1.73, 200)])
    shares = jaw_shares(pk, objs, R, JAW_RAMP_M)
    readable = [[jaw_factor(pk, k, o, pk.targets[k], R, JAW_RAMP_M) for k in range(6)]
                for o in objs]
    np.testing.assert_allclose(shares, readable, rtol=0, atol=1e-12)
    assert 0.1 < (shares < 1).mean() < 0.95 and (shares == 0).any() and (shares == 1).any()
    assert (jaw_shares(pk, objs, R, 0.0) == 1).all()


def test_the_throat_s_exit_cosine_is_detmath_s_cosine_of_35_degrees():
    """Written out as a number (a compiled call at import cost every command 0.6 s): the
    same bits as the game's own cosine gives."""
    assert THROAT_EXIT_COS == detmath.cos(math.radians(35.0))

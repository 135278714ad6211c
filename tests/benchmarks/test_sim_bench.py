"""The simulator benchmark (benchmarks/sim_bench.py): scenario (e)'s random strokes are
strokes the simulator accepts (issue 51: `make bench` crashed at (e), an offset of 0.508 R
beyond the miscue limit of 0.5 R)."""
import math

import numpy as np

from benchmarks import sim_bench
from sim import PhysicsParams, Simulator


def test_the_random_strokes_keep_their_tips_within_the_miscue_limit():
    physics = PhysicsParams()
    for seed in range(20):
        strikes = sim_bench.random_strokes(np.random.default_rng(seed), 2000, physics)
        offsets = [math.hypot(s.side, s.vertical) for s in strikes]
        assert max(offsets) <= physics.miscue_offset, seed
        # spread over the disc, not bunched at its centre
        assert np.quantile(offsets, 0.9) > 0.8 * physics.miscue_offset, seed


def test_the_limit_is_read_from_the_physics_and_the_simulator_accepts_the_strokes():
    tight = PhysicsParams(miscue_offset=0.3)
    strikes = sim_bench.random_strokes(np.random.default_rng(2026), 500, tight)
    assert max(math.hypot(s.side, s.vertical) for s in strikes) <= 0.3
    assert len(Simulator(physics=tight).cue_ball_motions(strikes)) == 500

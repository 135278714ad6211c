"""The levels-of-play benchmark's pieces (benchmarks/levels.py): the straight pot goes in
without noise and less often with more; a visit's balls are counted by side; a spec gets the
level's skill unless it names one."""
import numpy as np

from ai.noise import NOISE_DIMS
from benchmarks import levels as lv
from sim import shared_simulator


def test_the_straight_pot_goes_in_without_noise_and_less_with_more():
    sim = shared_simulator()
    z = np.random.default_rng(0).standard_normal((24, NOISE_DIMS))
    for d in lv.OBJECT_TO_MOUTH_M:
        rates = [max(lv.pot_rates(sim, m, z, d)) for m in (0.0, 1.0, 4.0)]
        assert rates[0] == 1.0 and rates[0] >= rates[1] >= rates[2] and rates[2] < 1.0, (d, rates)


def test_visits_count_the_balls_of_successful_strokes_by_side():
    logs = lv.selfplay(0.25, 1, 6, 3, "greedy")
    v = lv.visits_of(logs)
    sides = [r.state_before.to_move for r in logs[0].reports]
    assert v.visits == 1 + sum(a != b for a, b in zip(sides, sides[1:]))
    assert v.strokes == 6 and 0 <= v.longest <= v.balls
    potted = sum(len(r.state_before.object_balls) - len(r.state_after.object_balls)
                 for r in logs[0].reports
                 if r.outcome.adjudication.successful and not r.outcome.adjudication.fouls)
    assert v.balls == potted

"""Sampling the proposals (ai.search.allocate.Sampler): with common random numbers the k-th
sample of every proposal is played with the same noise draws, whatever order they are asked
in; without them every sample draws afresh.  The noise model applies given draws as it
applies its own (ai.noise.NoiseModel.apply against perturb)."""
import numpy as np

from ai.noise import NOISE_DIMS, NoiseModel
from ai.search.allocate import Sampler
from ai.search.attack import Attacks
from ai.search.context import Context
from ai.value import LearnedValue
from sim import Strike
from sim import detmath as dm

from ..conftest import make_state

# two easy pots and a third ball, the cue ball on the table
TINY = {"cue": (1.0, 0.6), "3": (0.45, 0.3), "5": (2.9, 1.2), "11": (1.8, 0.35)}


def _sampler(sim, crn):
    ctx = Context(make_state(TINY), sim, NoiseModel(), LearnedValue())
    props = Attacks(3, other_manners=False).propose(ctx, [None])
    return Sampler(ctx, props + props[:1], record=True, crn=crn)  # the last: the first again


def _values(sampler, i):
    return [o.value for o in sampler.outcomes[i]]


def test_common_random_numbers_play_the_kth_sample_of_each_stroke_alike(sim):
    s = _sampler(sim, crn=True)
    rng = np.random.default_rng(5)
    last = len(s.proposals) - 1
    s.sample(0, 6, rng)
    s.sample(last, 2, rng)  # the same stroke asked again, in other chunks and another order
    s.sample(1, 10, rng)
    s.sample(last, 4, rng)
    assert _values(s, last) == _values(s, 0)
    fresh = _sampler(sim, crn=False)
    rng = np.random.default_rng(5)
    fresh.sample(0, 6, rng)
    fresh.sample(last, 6, rng)
    assert _values(fresh, last) != _values(fresh, 0)  # independent luck


def test_given_draws_are_the_noise_the_model_would_have_drawn():
    noise = NoiseModel()
    strike = Strike(2.0, 0.3, 0.05, 0.1, -0.2)
    played = noise.perturb(strike, np.random.default_rng(9))
    z = dm.standard_normal(np.random.default_rng(9), NOISE_DIMS)
    assert noise.apply(strike, z) == played != strike
    assert NoiseModel(magnitude=0.0).apply(strike, z) == strike

"""The compiled batch summary (ai.fastfacts) agrees with the readable reference
(ai.outcomes.facts_of_sample) on every sample: first contact, cue ball pocketed, the house
line crossed, and the manner tags, via balls and pocket of each called ball (R5.1's manners)."""
import math

import numpy as np

from ai.fastfacts import TAG_BITS, batch_facts
from ai.outcomes import JawMap, facts_of_sample
from sim import Strike

from .conftest import ball_arrays, make_state


def _bits(items, table=None):
    out = 0
    for x in items:
        out |= table[x] if table else 1 << int(x)
    return out


def test_batch_facts_match_the_reference(sim):
    rng = np.random.default_rng(11)
    # a cluster (kisses, combinations, caroms) plus balls near pockets and cushions
    st = make_state({"cue": (0.6, 0.9), "1": (1.8, 0.9), "2": (1.868, 0.9), "3": (1.834, 0.96),
                     "4": (2.6, 1.5), "5": (3.3, 0.3), "6": (1.0, 0.2), "7": (2.9, 0.9)})
    pos, on = ball_arrays(st)
    strikes = [Strike(float(rng.uniform(0.5, 7)), float(rng.uniform(-math.pi, math.pi)), 0, 0,
                      float(rng.uniform(-0.5, 0.5))) for _ in range(400)]
    # a watch line across the table (the house line) so that "crossed" is exercised
    raw = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(strikes),
                               watch_line=(0.9, 0.0, 1.0, 0.0))
    finals, _, events, offsets, _, _ = raw
    jaws = JawMap(sim.geometry)
    seen_tags = set()
    for called in (-1, 1, 2, 3, 5, 7):
        first, cue_in, crossed, tags, via, fell = batch_facts(events, offsets, called,
                                                              jaws.pocket_of_obj, 16)
        for j in range(len(strikes)):
            f, pocketed, cr, tg, vi, fl = facts_of_sample(events[offsets[j]:offsets[j + 1]],
                                                          called, jaws)
            assert first[j] == f, (called, j)
            assert cue_in[j] == any(b == 0 for b, _ in pocketed)
            assert crossed[j] == cr
            if called >= 0:
                assert tags[j] == _bits(tg, TAG_BITS), (called, j, tg)
                assert via[j] == _bits(vi), (called, j, vi)
                assert fell[j] == fl
                seen_tags |= set(tg)
    # the sample set really exercised the manners (else the comparison proves little)
    assert {"kiss", "carom", "combination", "bank", "cushion-first"} <= seen_tags, seen_tags

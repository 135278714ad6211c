"""The fast referee (shared rulings, the compiled summary) agrees with the rules core
adjudicating every simulated sample in full."""
import math
from dataclasses import replace

import numpy as np

from ai.search.referee import Referee
from engine import Call, adjudicate_sim_result, jaw_pockets
from sim import Strike
from sim.events import BALL_IDS

from ..conftest import ball_arrays, make_state


def test_fast_referee_matches_engine(sim):
    rng = np.random.default_rng(5)
    st = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.9), "3": (2.5, 1.2), "9": (1.5, 0.5),
                     "12": (3.0, 0.4), "1": (3.3, 1.5)})
    pos, on = ball_arrays(st)
    strikes = [Strike(float(rng.uniform(0.5, 6)), float(rng.uniform(-math.pi, math.pi)), 0, 0,
                      float(rng.uniform(-0.5, 0.5))) for _ in range(150)]
    batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(strikes))
    results = sim.results_from_batch(batch, on)
    jaws = jaw_pockets(sim.geometry)
    for call in (Call("9", "MR"), Call("7", "FL", "bank"), Call("3", "FL", "cushion-first")):
        full = Referee(st, call, None, jaws, share=False).rulings(batch)
        shared = Referee(st, call, None, jaws).rulings(batch)
        for r, one, fast in zip(results, full, shared):
            want = adjudicate_sim_result(st, r, call=call)
            assert one is not None and fast is not None
            for got in (one, fast):
                adj, nxt = got.adjudication, got.state
                assert adj.successful == want.adjudication.successful
                assert adj.fouls == want.adjudication.fouls
                assert adj.points == want.adjudication.points
                assert nxt.scores == want.state.scores and nxt.to_move == want.state.to_move
                assert set(nxt.balls) == set(want.state.balls)
            # in full, the same state as the rules core's own (resting places included)
            assert one.state == want.state
        # samples really shared rulings (else the comparison proves little)
        ref = Referee(st, call, None, jaws)
        ref.rulings(batch)
        assert len(ref.cache) < len(results) / 2


def _rulings_alike(full, checked):
    for one, fast in zip(full, checked, strict=True):
        assert (one is None) == (fast is None)
        if one is not None:
            assert fast.adjudication == one.adjudication
            assert fast.state == one.state
            assert list(fast.state.balls) == list(one.state.balls)  # the same order too


def test_checked_sharing_rules_exactly_as_in_full(sim):
    """The safety screen's sharing (``checked``): every ruling and state equal to adjudicating
    each sample in full, from the table and from hand, while most samples share a ruling."""
    rng = np.random.default_rng(6)
    jaws = jaw_pockets(sim.geometry)
    on_table = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.9), "3": (2.5, 1.2),
                           "9": (1.5, 0.5), "12": (3.0, 0.4), "1": (3.3, 1.5)})
    in_hand = make_state({"7": (1.8, 0.9), "3": (2.5, 1.2), "9": (1.5, 0.5),
                          "12": (3.0, 0.4), "1": (3.3, 1.5)}, cue_in_hand=True)
    for st, placement in ((on_table, None), (in_hand, (0.5, 0.9))):
        pos, on = ball_arrays(st)
        if placement is not None:
            pos[0], on[0] = placement, True
        strikes = [Strike(float(rng.uniform(0.5, 5)), float(rng.uniform(-0.6, 0.6)), 0, 0,
                          0.0) for _ in range(120)]
        batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(strikes))
        for call in (Call("9", "MR"), Call("7", "FL"), None):
            full = Referee(st, call, placement, jaws, share=False).rulings(batch)
            ref = Referee(st, call, placement, jaws, checked=True)
            _rulings_alike(full, ref.rulings(batch))
            assert ref.adjudicated < len(batch) / 2  # it did share


def test_checked_sharing_adjudicates_doubtful_resting_places_in_full(sim):
    """Resting places the rules core would refuse or push apart (overlapping, off the bed), a
    ball gone without falling: adjudicated in full, so the state is the core's own."""
    jaws = jaw_pockets(sim.geometry)
    st = make_state({"cue": (0.8, 0.9), "7": (1.8, 0.9), "3": (2.5, 1.2), "9": (1.5, 0.5)})
    pos, on = ball_arrays(st)
    strikes = [Strike(1.0 + 0.01 * k, 0.001 * k, 0, 0, 0.0) for k in range(6)]
    batch = sim.run_batch_arrays(pos, on, sim.cue_ball_motions(strikes))
    finals = batch.finals.copy()
    i7, i3, i9 = (BALL_IDS.index(b) for b in ("7", "3", "9"))
    finals[2, i3] = finals[2, i7] + (2 * st.spec.ball_radius_m - 1e-5, 0.0)  # overlapping
    finals[3, i9] = (-0.5, 0.5)  # off the bed
    finals[4, i9] = np.nan  # gone without a pocketing
    odd = replace(batch, finals=finals)
    full = Referee(st, None, None, jaws, share=False).rulings(odd)
    ref = Referee(st, None, None, jaws, checked=True)
    _rulings_alike(full, ref.rulings(odd))
    shared = Referee(st, None, None, jaws).rulings(odd)  # unchecked sharing differs there
    for k in (2, 3, 4):
        assert (full[k] is None) != (shared[k] is None) or shared[k].state != full[k].state, k

"""The fast referee (shared rulings, the compiled summary) agrees with the rules core
adjudicating every simulated sample in full."""
import math

import numpy as np

from ai.search.referee import Referee
from engine import Call, adjudicate_sim_result, jaw_pockets
from sim import Strike

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

"""The second search level (ai.search.leave): the best next pot from the exact position,
played out and refereed, can only raise a leave's value above the position value; without a
pot to play, or from hand, it is the position value; the agent's decisions with it stay
seed-deterministic."""
import numpy as np

from ai.noise import NoiseModel
from ai.registry import make_agent
from ai.search.context import Context
from ai.search.leave import NEXT_POTS, LeavePlanner
from ai.value import LearnedValue

from ..conftest import make_state
from ..value.test_features import STATES


def test_the_second_level_only_raises_values_and_sometimes_does(sim):
    """On random tables with the cue ball on the table: never below the position value (the
    shooter may always play as the value assumes), above it where a pot played out leaves a
    better position; every simulation is one of the two likeliest pots."""
    win = LearnedValue()
    noise = NoiseModel()
    raised = 0
    for st in [s for s in STATES if not s.cue_in_hand][:60]:
        planner = LeavePlanner(Context(st, sim, noise, win))
        v = win.state_value(st, st.to_move, noise)
        v2 = planner.value(st, st.to_move)
        assert v2 >= v
        assert planner.sims <= NEXT_POTS
        raised += v2 > v
    assert raised >= 1


def test_no_pot_or_in_hand_is_the_position_value(sim):
    win = LearnedValue()
    noise = NoiseModel()
    # the only ball frozen on the far short cushion's middle: no clean pot anywhere
    blocked = make_state({"cue": (1.0, 0.9), "7": (3.51, 0.88)}, to_move=0)
    planner = LeavePlanner(Context(blocked, sim, noise, win))
    assert planner.value(blocked, 0) == win.state_value(blocked, 0, noise)
    hand = make_state({"3": (0.3, 0.3), "9": (2.5, 1.2)}, cue_in_hand=True, to_move=0)
    planner = LeavePlanner(Context(hand, sim, noise, win))
    assert planner.value(hand, 0) == win.state_value(hand, 0, noise)
    assert planner.sims == 0


def test_planning_decisions_are_seed_deterministic(sim):
    st = make_state({"cue": (1.2, 0.6), "3": (0.5, 0.4), "5": (2.6, 1.3), "11": (1.9, 0.3)})
    a = make_agent("mc:budget=40,plan=6,value=learned", sim).decide(st, np.random.default_rng(4))
    b = make_agent("mc:budget=40,plan=6,value=learned", sim).decide(st, np.random.default_rng(4))
    assert (a.call, a.strike, a.placement) == (b.call, b.strike, b.placement)

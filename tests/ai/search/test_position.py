"""Position variants (ai.search.position): every variant proposed makes its call when played
without noise, most leave the cue ball better than the pot's refined variants did, the grid is
aimed where the nearest refined variant was; off by default in the frozen players, and the
decisions with it seed-deterministic."""
import math

import numpy as np
import pytest

from ai.noise import NoiseModel
from ai.registry import make_agent
from ai.search.allocate import outcome_value
from ai.search.attack import attack_candidates
from ai.search.context import Context
from ai.search.position import (KEEP_PER_POT, MIN_GAIN, _distance, _leave_values,
                                position_variants)
from ai.search.referee import Referee
from ai.search.refine import refine
from ai.search.shots.base import POT_VARIANTS
from ai.value import LearnedValue
from engine.calls import CLEAN
from sim import Strike

from ..conftest import make_state
from ..value.test_features import STATES


def _noiseless(ctx, proposal):
    """(call made without a foul, the leave's P(win)) of ``proposal`` played without noise."""
    batch = ctx.run(proposal.placement, [proposal.strike])
    ruling = Referee(ctx.state, proposal.call, proposal.placement, ctx.jaw_pocket,
                     share=False).rulings(batch)[0]
    adj = ruling.adjudication
    made = adj.successful and not adj.fouls
    return made, outcome_value(ctx, ruling.state, ctx.me, bool(adj.fouls)) if made else -1.0


def test_variants_make_their_call_and_mostly_leave_a_better_position(sim):
    """On random tables with the cue ball on the table: each variant is a clean pot of a
    refined pot's call that, played without noise, makes it; at most KEEP_PER_POT a pot; and
    most of them (re-aiming moves the leave a little) leave the shooter more P(win) than the
    best of that pot's refined variants."""
    win, noise = LearnedValue(), NoiseModel()
    found = better = 0
    for st in [s for s in STATES if not s.cue_in_hand and s.result is None][:25]:
        ctx = Context(st, sim, noise, win)
        refined = refine(ctx, attack_candidates(ctx, None, max_shots=6))
        variants = position_variants(ctx, refined, pots=6)
        per_pot: dict = {}
        for v in variants:
            assert v.shot.manner == CLEAN and v.shot.variant >= len(POT_VARIANTS)
            same = [p for p in refined if p.call == v.call and p.shot.ball == v.shot.ball]
            assert same, "a variant of a pot that was not refined"
            per_pot[v.call] = per_pot.get(v.call, 0) + 1
            made, value = _noiseless(ctx, v)
            assert made, f"variant {v.strike} does not make {v.call}"
            best = max(_noiseless(ctx, p)[1] for p in same)
            better += value >= best + MIN_GAIN / 2
            found += 1
        assert all(n <= KEEP_PER_POT for n in per_pot.values())
    assert found >= 10
    assert better >= 0.6 * found, (better, found)


def test_the_grid_is_aimed_like_the_nearest_refined_variant():
    """The nearness of two strokes: log speed ratio plus tip-offset difference."""
    s = Strike(2.0, 0.3, 0.0, 0.0, 0.4)
    assert _distance(s, 2.0, 0.4) == 0.0
    assert _distance(s, 4.0, 0.4) == pytest.approx(math.log(2.0))
    assert _distance(s, 2.0, -0.2) == pytest.approx(0.6)


def test_a_missed_call_is_worth_nothing_to_the_grid(sim):
    """A stroke that misses the called ball's pocket is valued -1 (never proposed)."""
    st = make_state({"cue": (1.0, 0.6), "3": (1.5, 0.6)}, to_move=0)
    ctx = Context(st, sim, NoiseModel(), LearnedValue())
    refined = refine(ctx, attack_candidates(ctx, None, max_shots=6))
    pot = [p for p in refined if p.shot.manner == CLEAN][:1]
    assert pot
    away = Strike(1.5, pot[0].strike.phi_rad + math.pi, 0.0, 0.0, 0.0)  # the other way
    values = _leave_values(ctx, pot, [pot[0].strike, away])
    assert values[0] > 0.0 and values[1] == -1.0


def test_off_in_the_frozen_players_and_refused_out_of_range(sim):
    assert make_agent("mc-2", sim).options.position == 0
    assert make_agent("mc-base", sim).options.position == 0
    assert make_agent("mc:position=4", sim).options.position == 4
    with pytest.raises(ValueError, match="position"):
        make_agent("mc:position=21", sim)


def test_decisions_with_position_variants_are_seed_deterministic(sim):
    st = make_state({"cue": (1.2, 0.6), "3": (0.5, 0.4), "5": (2.6, 1.3), "11": (1.9, 0.3)})
    a = make_agent("mc:budget=40,position=6", sim).decide(st, np.random.default_rng(4))
    b = make_agent("mc:budget=40,position=6", sim).decide(st, np.random.default_rng(4))
    assert (a.call, a.strike, a.placement) == (b.call, b.strike, b.placement)

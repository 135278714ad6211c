"""The look-ahead over the leaves (ai.search.lookahead, ``mc:look=N``): a leader's value is the
mean over its samples with the leaves where the shooter keeps the table valued by the leaf
search; near-identical leaves are searched once; the first level gets its share of the samples
and the leaves the rest (equal time); a decision that is not close is not looked at; the
option is parsed and refused when bad."""
import numpy as np
import pytest

from ai.noise import NoiseModel
from ai.registry import make_agent
from ai.search.attack import Attacks
from ai.search.context import Context
from ai.search.allocate import Sampler, successive_halving
from ai.search.lookahead import (LEAF_COST_SAMPLES, first_budget, leaders, leaf_budget,
                                 leaf_groups, leaf_key, look_ahead)
from ai.search.pipeline import SearchOptions, analyse
from ai.value import LearnedValue

from ..conftest import make_state

# a tiny position: two easy pots and a third ball, the cue ball on the table
TINY = {"cue": (1.0, 0.6), "3": (0.45, 0.3), "5": (2.9, 1.2), "11": (1.8, 0.35)}


def _sampled(sim, n=24):
    st = make_state(TINY)
    ctx = Context(st, sim, NoiseModel(), LearnedValue())
    props = Attacks(3, other_manners=False).propose(ctx, [None])
    sampler = Sampler(ctx, props, record=True)
    rng = np.random.default_rng(3)
    for i in range(len(props)):
        sampler.sample(i, n, rng)
    ranked = sorted(range(len(props)), key=lambda i: -sampler.stats[i].value)
    return st, ctx, sampler, ranked


def _keeps(o, me):
    adj, after = o.ruling.adjudication, o.ruling.state
    return (adj.successful and not adj.fouls and not after.game_over and after.to_move == me
            and not after.cue_in_hand)


def test_a_leader_is_worth_the_mean_over_its_leaves_as_the_oracle_values_them(sim):
    """An oracle that values a leaf by how many balls are left (the same for near-identical
    leaves, which share their balls): each leader's value is the mean over its samples, those
    that keep the table at the oracle's value, the others at what sampling recorded."""
    st, ctx, sampler, ranked = _sampled(sim)

    def oracle(leaf, rng):
        return 0.1 * len(leaf.balls)
    out = look_ahead(ctx, sampler, ranked, 1000, oracle, np.random.default_rng(0),)
    top = leaders(sampler, ranked, close_p=1.0)
    assert len(top) == 2 and set(out.values) == set(top)
    kept_any = False
    for i in top:
        outs = sampler.outcomes[i]
        expect = np.mean([0.1 * len(o.ruling.state.balls) if _keeps(o, 0) else o.value
                          for o in outs])
        kept_any |= any(_keeps(o, 0) for o in outs)
        assert out.values[i] == pytest.approx(expect)
    assert kept_any  # the test looked at some leaves
    # the leaders in the order of their new values, the rest as ranked
    assert out.ranked[:2] == sorted(top, key=lambda i: -out.values[i])
    assert out.ranked[2:] == [i for i in ranked if i not in top]
    # one search per group of near-identical leaves
    assert out.leaves == sum(len(leaf_groups(sampler.outcomes[i], 0)) for i in top)


def test_near_identical_leaves_share_a_key_and_a_search(sim):
    a = make_state({"cue": (1.01, 0.61), "5": (2.92, 1.22)})
    b = make_state({"cue": (1.014, 0.613), "5": (2.921, 1.219)})
    c = make_state({"cue": (1.3, 0.61), "5": (2.92, 1.22)})
    assert leaf_key(a) == leaf_key(b) != leaf_key(c)
    st, ctx, sampler, ranked = _sampled(sim)
    calls = []
    look_ahead(ctx, sampler, ranked, 1000, lambda s, r: calls.append(leaf_key(s)) or 0.5,
               np.random.default_rng(0))
    assert len(calls) == len(set(calls))


def test_the_leaf_budget_caps_the_searches_and_a_clear_decision_is_not_looked_at(sim):
    st, ctx, sampler, ranked = _sampled(sim)
    out = look_ahead(ctx, sampler, ranked, 1, lambda s, r: 0.5, np.random.default_rng(0))
    assert out.leaves <= 1
    assert leaders(sampler, ranked, close_p=-1.0) == []  # nobody close: no look-ahead
    none = look_ahead(ctx, Sampler(ctx, sampler.proposals, record=True), ranked, 5,
                      lambda s, r: 0.5, np.random.default_rng(0))
    assert none.leaves == 0 and none.ranked == ranked


def test_equal_time_the_first_level_gets_its_share_and_the_leaves_the_rest(sim):
    """The samples moved from the first level pay for the leaf searches (each costs
    LEAF_COST_SAMPLES first-level samples); with look on, the first level is the search of
    the smaller budget, sample for sample."""
    for budget in (60, 300, 1200):
        assert first_budget(budget) + leaf_budget(budget) * LEAF_COST_SAMPLES <= budget
        assert first_budget(budget) < budget
    st = make_state(TINY)
    on = SearchOptions(budget=80, look=1, placements=0, max_shots=2, safeties=False,
                       fouls=False, other_manners=False)
    small = SearchOptions(budget=first_budget(80), placements=0, max_shots=2, safeties=False,
                          fouls=False, other_manners=False)
    a = analyse(st, sim, NoiseModel(), np.random.default_rng(5), on, LearnedValue())
    b = analyse(st, sim, NoiseModel(), np.random.default_rng(5), small, LearnedValue())
    assert sorted(e.estimate.samples for e in a.ranked) == \
        sorted(e.estimate.samples for e in b.ranked)
    assert not a.best_outcomes  # outcomes recorded for the look-ahead are not handed out


def test_the_option_is_parsed_and_refused_when_bad():
    assert make_agent("mc:look=1").options.look == 1
    assert make_agent("mc").options.look == 0
    assert make_agent("mc-2").options.look == 0
    for bad in ("mc:look=3", "mc:look=-1", "mc:look=deep"):
        with pytest.raises(ValueError, match="look"):
            make_agent(bad)


def test_look_decisions_are_seed_deterministic(sim):
    st = make_state(TINY)
    a = make_agent("mc:budget=60,look=1", sim).decide(st, np.random.default_rng(4))
    b = make_agent("mc:budget=60,look=1", sim).decide(st, np.random.default_rng(4))
    assert (a.call, a.strike, a.p_win) == (b.call, b.strike, b.p_win)


def test_a_leaf_search_is_cheap_and_a_deeper_one_has_leaves_of_its_own():
    from ai.search.lookahead import LEAF_SAMPLES, NESTED_LEAVES, leaf_options
    one = leaf_options(SearchOptions(look=1), 0)
    assert (one.budget, one.look, one.leaves) == (LEAF_SAMPLES, 0, None)
    assert not (one.safeties or one.fouls or one.other_manners or one.keep_outcomes)
    two = leaf_options(SearchOptions(look=2), 1)
    assert (two.look, two.leaves) == (1, NESTED_LEAVES)
